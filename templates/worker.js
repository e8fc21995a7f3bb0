// The companion's service worker (made by companion/web/pages/offline.py): what a phone
// keeps for when the connection drops. It never scores or referees anything: the pages it
// keeps show the game as they were last read, and say so (static/companion.js).
//
// - The shell (the pages' style and scripts, the icons, the offline page) is kept as the
//   worker installs, under its version; a file asked for is taken from there first.
// - A page is asked of the server first, and kept as read (its live updates too, so the
//   copy follows the game while the page is open; never a page its server said not to
//   keep); with no connection, the copy kept is shown, or the offline page where there is
//   none (the home page, which starts games).
// - A page of a game asks for the game's other pages (its board, tickets and score sheet)
//   to be kept too, read again when the copy kept is more than a few minutes old.
// - Nothing else is touched: forms, live streams and searches go to the server as they
//   are (a tap made offline waits on its page instead).
// - A new worker takes over from the next page on: the page in hand is never reloaded.
"use strict";

var VERSION = {{ version|tojson }};
var KEEP = {{ keep|tojson }};
var SHELL = {{ shell|tojson }};
var HOME = {{ home|tojson }};
var STATIC = {{ static|tojson }};
var FILES = "files-" + VERSION;
var PAGES = "pages";  // the pages as last read, whatever the worker's version
var MOST_PAGES = 80;
var FRESH = 5 * 60 * 1000;  // milliseconds: a copy asked for again is read again after this

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(FILES).then(function (cache) {
    return cache.addAll(KEEP);
  }).then(function () {
    return self.skipWaiting();
  }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("files-") === 0 && name !== FILES;
    }).map(function (name) { return caches.delete(name); }));
  }));
});

function isFile(url) {
  return url.pathname.indexOf(STATIC) === 0 || KEEP.some(function (kept) {
    return new URL(kept, self.location.href).pathname === url.pathname;
  });
}

// A file: the copy kept, else the server's (kept for next time); with no connection, the
// copy of another version of it (an old page's address) rather than nothing.
function file(request) {
  return caches.match(request).then(function (kept) {
    return kept || fetch(request).then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.open(FILES).then(function (cache) { cache.put(request, copy); });
      }
      return response;
    }, function () {
      return caches.match(request, {ignoreSearch: true}).then(function (other) {
        return other || Response.error();
      });
    });
  });
}

function pageKey(url) {
  return url.pathname + url.search;
}

function keep(key, response) {
  return caches.open(PAGES).then(function (cache) {
    return cache.delete(key).then(function () {
      return cache.put(key, response);
    }).then(function () {
      return cache.keys();
    }).then(function (keys) {
      return Promise.all(keys.slice(0, Math.max(0, keys.length - MOST_PAGES)).map(function (old) {
        return cache.delete(old);
      }));
    });
  });
}

// A page: the server's, kept as read; with no connection, the copy kept, else the shell.
// A live update is kept (it is the page itself, as it is now), never answered from what
// was kept: the page in hand is newer than any copy.
function page(event, url, navigating) {
  var key = pageKey(url);
  var home = url.pathname === HOME;
  return fetch(event.request).then(function (response) {
    var html = (response.headers.get("Content-Type") || "").indexOf("text/html") === 0;
    var kept = !/no-store/.test(response.headers.get("Cache-Control") || "");
    if (response.ok && response.type === "basic" && !response.redirected && html && kept && !home) {
      event.waitUntil(keep(key, response.clone()));
    }
    return response;
  }, function () {
    if (!navigating) return Response.error();
    return caches.match(key, {cacheName: PAGES}).then(function (kept) {
      return kept || caches.match(SHELL);
    });
  });
}

// A live update: the page asking for itself (htmx names the page it asks from).
function liveUpdate(request, url) {
  if (request.headers.get("HX-Request") !== "true") return false;
  var from = request.headers.get("HX-Current-URL");
  if (!from) return false;
  var page = new URL(from, self.location.href);
  return page.pathname === url.pathname && page.search === url.search;
}

// The other pages of the game a page belongs to, kept unless a copy was read lately.
self.addEventListener("message", function (event) {
  var asked = event.data && event.data.keep;
  if (!Array.isArray(asked)) return;
  event.waitUntil(caches.open(PAGES).then(function (cache) {
    return Promise.all(asked.slice(0, 8).map(function (address) {
      var url = new URL(address, self.location.href);
      if (url.origin !== self.location.origin) return null;
      var key = pageKey(url);
      return cache.match(key).then(function (kept) {
        var read = kept && Date.parse(kept.headers.get("Date") || "");
        if (read && Date.now() - read < FRESH) return null;
        return fetch(url.href, {credentials: "same-origin"}).then(function (response) {
          var html = (response.headers.get("Content-Type") || "").indexOf("text/html") === 0;
          if (response.ok && !response.redirected && html) return keep(key, response);
          return null;
        }, function () { return null; });
      });
    }));
  }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (isFile(url)) {
    event.respondWith(file(request));
    return;
  }
  var navigating = request.mode === "navigate";
  if (navigating || liveUpdate(request, url)) event.respondWith(page(event, url, navigating));
});
