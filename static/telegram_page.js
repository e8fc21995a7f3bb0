// Inside Telegram's Mini App (loaded only there): the pages take Telegram's colours (its
// accent always; its page, card and text colours in a light theme: the pages have no dark
// look of their own yet, and their light panels would hide light text), and Telegram's own
// Back button goes back, from any page but the first the app opened.
(function () {
  "use strict";
  var app = window.Telegram && window.Telegram.WebApp;
  if (!app) return;
  var ACCENT = {button_color: "--accent"};
  var LIGHT = {bg_color: "--paper", text_color: "--ink", hint_color: "--hint",
               secondary_bg_color: "--card"};
  function theme() {
    var given = app.themeParams || {};
    var root = document.documentElement;
    var scheme = app.colorScheme === "dark" ? "dark" : "light";
    [ACCENT, LIGHT].forEach(function (colours) {
      Object.keys(colours).forEach(function (name) {
        var take = given[name] && (colours === ACCENT || scheme === "light");
        if (take) root.style.setProperty(colours[name], given[name]);
        else root.style.removeProperty(colours[name]);
      });
    });
    root.dataset.telegram = scheme;
  }
  theme();
  if (app.onEvent) app.onEvent("themeChanged", theme);
  if (app.ready) app.ready();
  var back = app.BackButton;
  if (!back) return;
  // A page the app came to from another of its own: Back goes there.
  var cameFromHere = document.referrer && new URL(document.referrer).origin === location.origin
    && new URL(document.referrer).pathname !== "/tg";
  if (cameFromHere && history.length > 1) {
    back.onClick(function () { history.back(); });
    back.show();
  } else {
    back.hide();
  }
})();
