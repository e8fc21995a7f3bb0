// The Telegram Mini App's entry (/tg): Telegram's script has put the signed initData on
// the page; it goes to the server, which checks it and answers where to go.
(function () {
  "use strict";
  var app = window.Telegram && window.Telegram.WebApp;
  var form = document.querySelector("form.telegram-entry");
  var problem = document.querySelector(".telegram-problem");
  if (!app || !form || !app.initData) {
    if (problem) problem.hidden = false;
    return;
  }
  app.ready();
  form.querySelector("[name=init_data]").value = app.initData;
  fetch(form.action, {method: "POST", body: new FormData(form), credentials: "same-origin"})
    .then(function (answer) { return answer.json(); })
    .then(function (said) {
      if (said.go) window.location.replace(said.go);
      else if (problem) problem.hidden = false;
    })
    .catch(function () { if (problem) problem.hidden = false; });
})();
