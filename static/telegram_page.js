// Inside Telegram's Mini App (loaded only there): the pages take Telegram's look, light or
// dark (their own light or dark look, marked on the page for the style, and Telegram's
// accent, page, card and text colours over it), and Telegram's own Back button goes back,
// from any page but the first the app opened.
(function () {
  "use strict";
  var app = window.Telegram && window.Telegram.WebApp;
  if (!app) return;
  var TAKEN = {button_color: "--accent", bg_color: "--paper", text_color: "--ink",
               hint_color: "--hint", secondary_bg_color: "--card"};
  function theme() {
    var given = app.themeParams || {};
    var root = document.documentElement;
    root.dataset.telegram = app.colorScheme === "dark" ? "dark" : "light";
    Object.keys(TAKEN).forEach(function (name) {
      if (given[name]) root.style.setProperty(TAKEN[name], given[name]);
      else root.style.removeProperty(TAKEN[name]);
    });
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
