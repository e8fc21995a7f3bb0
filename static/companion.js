// Small helps on top of plain forms: every page works without them.
(function () {
  "use strict";

  // The same folding as the server's name_key (companion/rules/names.py, letters.py):
  // case, accents and punctuation don't matter, and Cyrillic is read in Latin letters, with
  // Latin look-alikes in a Cyrillic word read as the Cyrillic letters they imitate.
  var CYRILLIC_TO_LATIN = {"а": "a", "б": "b", "в": "v", "г": "g", "ґ": "g", "д": "d", "е": "e", "є": "ye", "ж": "zh", "з": "z", "и": "i", "і": "i", "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya", "ё": "e", "ї": "yi"};
  var LOOK_ALIKES = {"a": "а", "b": "в", "c": "с", "e": "е", "h": "н", "i": "і", "k": "к", "m": "м", "o": "о", "p": "р", "t": "т", "x": "х", "y": "у"};

  function latin(word) {
    if (!/[\u0400-\u04ff]/.test(word)) return word;
    return Array.from(word).map(function (c) {
      c = LOOK_ALIKES[c] || c;
      return c in CYRILLIC_TO_LATIN ? CYRILLIC_TO_LATIN[c] : c;
    }).join("");
  }

  function key(text) {
    var lower = text.normalize("NFC").toLowerCase()
      .replace(/([\u0400-\u04ff])['\u2019\u02bc](?=[\u0400-\u04ff])/g, "$1")
      .replace(/[\p{L}\p{N}_\p{M}]+/gu, latin);
    return lower.normalize("NFKD").replace(/\p{M}/gu, "")
      .replace(/[^\p{L}\p{N}]+/gu, " ").trim().replace(/([\p{L}\p{N}])\1+/gu, "$1");
  }

  window.companionNameKey = key;  // for the tests: the page folds as the server does

  function filter(input, items, open) {
    input.addEventListener("input", function () {
      // A passenger ticked in one city does not follow the search to another.
      var none = input.form && input.form.querySelector("input[name=passenger][value='']");
      if (none) none.checked = true;
      var wanted = key(input.value);
      var shown = [];
      items.forEach(function (item) {
        // A name, or a word of it, that begins with what is typed ("york", "st lo"), spaces
        // or not ("санфран").
        var joined = wanted.replace(/ /g, "");
        var hit = !wanted || item.dataset.key.split(" | ").some(function (name) {
          return name.indexOf(wanted) === 0 || name.replace(/ /g, "").indexOf(joined) === 0 ||
            name.split(" ").some(function (w) { return w.indexOf(wanted) === 0; });
        });
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
