// Small helps on top of plain forms: every page works without them.
(function () {
  "use strict";

  // The same folding as the server's name_key: case, accents and punctuation don't matter.
  function key(text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  }

  function filter(input, items, open) {
    input.addEventListener("input", function () {
      // A passenger ticked in one city does not follow the search to another.
      var none = input.form && input.form.querySelector("input[name=passenger][value='']");
      if (none) none.checked = true;
      var wanted = key(input.value);
      var shown = [];
      items.forEach(function (item) {
        var hit = !wanted || item.dataset.key.indexOf(wanted) !== -1 ||
          item.dataset.key.split(" ").some(function (w) { return w.indexOf(wanted) === 0; });
        item.hidden = !hit;
        if (hit) shown.push(item);
      });
      // One city left: open it, so its routes are one tap away.
      if (open) items.forEach(function (item) { item.open = wanted && shown.length === 1 && shown[0] === item; });
    });
  }

  // Another phone changed the game: reload, unless this one is in the middle of typing.
  function follow() {
    var body = document.body;
    if (!body.dataset.versionUrl) return;
    setInterval(function () {
      var typing = document.activeElement && /INPUT|SELECT|TEXTAREA/.test(document.activeElement.tagName) &&
        document.activeElement.value;
      if (typing || document.hidden) return;
      fetch(body.dataset.versionUrl, {cache: "no-store"})
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (data) { if (data && data.version !== body.dataset.version) location.reload(); })
        .catch(function () {});
    }, 4000);
  }

  // The new-game form asks for trains and ships only on Rails & Sails maps.
  function splits() {
    var map = document.querySelector("select[data-split-maps]");
    if (!map) return;
    var form = map.closest("form");
    var sails = map.dataset.splitMaps.split(" ");
    function show() { form.classList.toggle("sails", sails.indexOf(map.value) !== -1); }
    map.addEventListener("change", show);
    show();
  }

  document.documentElement.classList.add("js");
  document.addEventListener("DOMContentLoaded", function () {
    follow();
    splits();
    var citySearch = document.querySelector(".city-search");
    if (citySearch) filter(citySearch, Array.from(document.querySelectorAll("details.city")), true);
    var playSearch = document.querySelector(".play-search");
    if (playSearch) filter(playSearch, Array.from(document.querySelectorAll(".plays li")), false);
    var ticketSearch = document.querySelector(".ticket-search");
    if (ticketSearch) filter(ticketSearch, Array.from(document.querySelectorAll(".deck li")), false);

    var picture = document.querySelector(".picture svg");
    document.querySelectorAll("[data-zoom]").forEach(function (button) {
      button.addEventListener("click", function () {
        var now = picture.getBoundingClientRect().width / picture.parentNode.clientWidth * 100;
        var width = now * parseFloat(button.dataset.zoom);
        width = Math.min(Math.max(width, 100), 600);
        picture.style.width = width + "%";
      });
    });
  });
})();
