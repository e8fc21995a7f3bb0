// Helps on top of plain forms and links: every page works without them.
(function () {
  "use strict";

  // The same folding as the server's name_key (companion/rules/names.py, letters.py):
  // case, accents and punctuation don't matter, and Cyrillic is read in Latin letters, with
  // Latin look-alikes in a Cyrillic word read as the Cyrillic letters they imitate. The
  // tables are the server's own (/letters.js, loaded before this script).
  var LETTERS = window.companionLetters || {latin: {}, lookAlikes: {}};
  var CYRILLIC_TO_LATIN = LETTERS.latin;
  var LOOK_ALIKES = LETTERS.lookAlikes;

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

  // A name, or a word of it, that begins with what is typed ("york", "st lo"), spaces or
  // not ("санфран"): the page's own first answer, while the server's is on its way.
  function matches(dataKey, wanted) {
    if (!wanted) return true;
    var joined = wanted.replace(/ /g, "");
    return dataKey.split(" | ").some(function (name) {
      return name.indexOf(wanted) === 0 || name.replace(/ /g, "").indexOf(joined) === 0 ||
        name.split(" ").some(function (w) { return w.indexOf(wanted) === 0; });
    });
  }

  // Search boxes that filter a list as letters are typed: ``open``, one city left opens,
  // its routes one tap away. The box and its list are found afresh each time, and what is
  // typed is heard on the document: a live update may morph either, or make them anew.
  var SEARCHES = [
    {box: ".city-search", items: "details.city", open: true},
    {box: ".play-search", items: ".plays li", open: false},
    {box: ".ticket-search", items: ".deck li", open: false}
  ];

  // The server's answers (``data-find`` on the box: the board's ranking, the one a record's
  // "did you mean" uses, so "Нэшвилл" finds Nashville), by the address asked: a list of
  // cities as printed, best first, or false when the server could not be asked.
  var answers = {};

  function asked(input) {
    var typed = input.value.trim();
    return input.dataset.find && key(typed) ? input.dataset.find + "?q=" + encodeURIComponent(typed) : null;
  }

  function filter(search, opening) {
    var input = document.querySelector(search.box);
    if (!input) return [];
    var wanted = key(input.value);
    var address = asked(input);
    var answer = address ? answers[address] : undefined;
    var rank = {};
    if (answer) answer.forEach(function (city, i) { rank[city] = answer.length - i; });
    var items = Array.from(document.querySelectorAll(search.items));
    var shown = items.filter(function (item) {
      var hit, best = 0;
      if (answer && item.dataset.cities) {
        item.dataset.cities.split("|").forEach(function (city) { best = Math.max(best, rank[city] || 0); });
        hit = best > 0;
      } else {
        // A long list (every route a roll can claim) waits for a few letters.
        hit = wanted ? matches(item.dataset.key, wanted) : !item.hasAttribute("data-when-found");
      }
      item.hidden = !hit;
      // The likeliest nearest the search box (the list grows up from the bar).
      item.style.order = hit && best ? String(best) : "";
      return hit;
    });
    if (search.open && opening) {
      items.forEach(function (item) {
        var only = Boolean(wanted) && shown.length === 1 && shown[0] === item;
        // The server's answer never shuts a city the page opened: a thumb may be on it.
        item.open = only || (Boolean(answer) && item.open && !item.hidden);
      });
    }
    var none = document.querySelector(".none-found");
    var settled = !address || answer !== undefined;
    if (none && search.open) none.hidden = !wanted || shown.length > 0 || !settled;
    if (settled) input.setAttribute("data-found", input.value);
    else input.removeAttribute("data-found");
    return shown;
  }

  // Asks the server which cities the letters may mean (a moment after the last one typed).
  function ask(search, input) {
    var address = asked(input);
    if (!address || address in answers) return;
    clearTimeout(input.asking);
    input.asking = setTimeout(function () {
      fetch(address, {headers: {Accept: "application/json"}})
        .then(function (response) { return response.ok ? response.json() : {cities: false}; })
        .catch(function () { return {cities: false}; })
        .then(function (answer) {
          answers[address] = answer.cities;
          var now = document.querySelector(search.box);
          if (now && asked(now) === address) filter(search, true);
        });
    }, 80);
  }

  function typed(search, input) {
    // A passenger ticked in one city does not follow the search to another.
    var noPassenger = document.querySelector("input[name=passenger][value='']");
    if (noPassenger) noPassenger.checked = true;
    filter(search, true);
    ask(search, input);
    if (search.open) searching(input);
  }

  function searches() {
    function searchOf(element) {
      return SEARCHES.filter(function (search) { return element.matches && element.matches(search.box); })[0];
    }
    document.addEventListener("input", function (event) {
      var search = searchOf(event.target);
      if (search) typed(search, event.target);
    });
    document.addEventListener("focusin", function (event) {
      var search = searchOf(event.target);
      if (search && search.open) searching(event.target);
    });
    document.addEventListener("focusout", function (event) {
      var search = searchOf(event.target);
      if (search && search.open) setTimeout(function () { searching(event.target); }, 150);
    });
    // Tab out of an empty search: the bar is whole again before the focus moves on, so the
    // next control a keyboard reaches is the bar's next button (hidden while searching).
    document.addEventListener("keydown", function (event) {
      var search = searchOf(event.target);
      if (search && search.open && event.key === "Tab" && !event.target.value) {
        document.body.classList.remove("searching");
      }
    });
    SEARCHES.forEach(function (search) {
      var input = document.querySelector(search.box);
      if (input && input.value) typed(search, input);  // typed before the page was ready: not lost
      else filter(search, false);
    });
    // Enter in the table's search has found the city already: it only puts the keyboard
    // away (the board's search box, with no list beside it, opens the table on the city).
    document.addEventListener("submit", function (event) {
      var input = event.target.matches("form.find") && event.target.querySelector(".city-search");
      if (!input) return;
      event.preventDefault();
      input.blur();
    });
    // A live update may bring new items (a ticket back in the deck): filter them too.
    document.body.addEventListener("htmx:afterSettle", function () {
      SEARCHES.forEach(function (search) { filter(search, false); });
    });
  }

  // While a city is looked for, the claim list sits just above the bar (and the keyboard),
  // the matches nearest the thumb.
  function searching(input) {
    var on = input.isConnected && (document.activeElement === input || Boolean(input.value));
    document.body.classList.toggle("searching", on);
    var list = document.querySelector(".cities");
    if (on && list) list.scrollTop = list.scrollHeight;
  }

  // The bar's height, and how far the on-screen keyboard covers the page where the browser
  // doesn't shrink the page for it (the bar then sits on top of the keyboard).
  function measureBar() {
    var bar = document.querySelector(".bar");
    if (!bar) return;
    var root = document.documentElement;
    function measure() {
      root.style.setProperty("--bar", bar.offsetHeight + "px");
      var view = window.visualViewport;
      var covered = view ? Math.max(0, window.innerHeight - view.height - view.offsetTop) : 0;
      root.style.setProperty("--keyboard", covered + "px");
      root.style.setProperty("--seen", (view ? view.height : window.innerHeight) + "px");
    }
    measure();
    if (window.ResizeObserver) new ResizeObserver(measure).observe(bar);
    if (window.visualViewport) {
      window.visualViewport.addEventListener("resize", measure);
      window.visualViewport.addEventListener("scroll", measure);
    }
  }

  // Live updates morph the page in place (Idiomorph): what this phone's player opened,
  // typed, ticked or chose stays as it is, and so do the board's zoom and the notes.
  function keepWhatThePlayerDid() {
    if (!window.Idiomorph) return;
    var callbacks = window.Idiomorph.defaults.callbacks;
    callbacks.beforeAttributeUpdated = function (name, element) {
      if (name === "open" && element.tagName === "DETAILS") return false;
      if ((name === "hidden" || name === "style") && element.hasAttribute("data-key")) return false;
      if ((name === "style" || name === "data-ready") && element.hasAttribute("data-zoom-box")) return false;
      return true;
    };
    // What the page says of a field (whose turn its search is for), as against what the
    // player put in it: a field kept through a morph still follows the game in these.
    var SAID_OF_A_FIELD = ["placeholder", "data-acting", "aria-label", "title"];
    callbacks.beforeNodeMorphed = function (old, fresh) {
      if (old.nodeType !== 1) return true;
      if (old.id === "route-sheet-body") return false;  // filled by a tap: asked again below
      // A field the player changed keeps what they put; one left alone follows the game.
      if (old.tagName === "TEXTAREA" && old.value !== old.defaultValue) return false;
      if (old.tagName === "INPUT" && old.type !== "hidden") {
        var changed = old.type === "radio" || old.type === "checkbox"
          ? old.checked !== old.defaultChecked : old.value !== old.defaultValue;
        if (changed || old === document.activeElement) {
          SAID_OF_A_FIELD.forEach(function (name) {
            if (fresh && fresh.nodeType === 1 && fresh.hasAttribute(name)) old.setAttribute(name, fresh.getAttribute(name));
          });
          return false;
        }
      }
      if (old.tagName === "SELECT") old.dataset.chosen = old.value;
      return true;
    };
    callbacks.afterNodeMorphed = function (old) {
      if (old.nodeType !== 1 || old.tagName !== "SELECT" || old.dataset.chosen === undefined) return;
      var chosen = old.dataset.chosen;
      delete old.dataset.chosen;
      if (Array.from(old.options).some(function (o) { return o.value === chosen; })) old.value = chosen;
    };
    callbacks.beforeNodeRemoved = function (node) {
      return !(node.nodeType === 1 && node.matches(".note, .problem"));
    };
  }

  // A note says what this phone's last tap did, and a refusal why it was refused: each stays
  // through live updates (they draw none) until the game moves on past it (another phone's
  // action, an Undo), then goes.
  function notesGoWhenTheTableMovesOn() {
    document.body.addEventListener("htmx:afterSettle", function () {
      var main = document.querySelector("main[data-version]");
      if (!main) return;
      main.querySelectorAll(":scope > .note[data-version], :scope > .problem[data-version]").forEach(function (note) {
        if (+note.dataset.version < +main.dataset.version) note.remove();
      });
    });
  }

  // The page fetches itself, as a live update that says only "changed" has it do.
  function fetchThisPage() {
    var live = document.querySelector(".live [hx-get]");
    if (live) htmx.trigger(live, "sse:changed");
  }

  // A live update that could not be fetched (the phone lost the network for a moment) is
  // asked for again; so is one when the phone comes back online or to the page.
  function catchUp() {
    if (!document.querySelector(".live [hx-get]")) return;
    var again = fetchThisPage;
    ["htmx:sendError", "htmx:responseError"].forEach(function (name) {
      document.body.addEventListener(name, function (event) {
        // Offline, the connection's return asks (below): no asking in vain meanwhile.
        if (event.target.closest(".live") && navigator.onLine) setTimeout(again, 2000);
      });
    });
    window.addEventListener("online", again);
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") again();
    });
  }

  // A form of the game sent from a page that follows it is sent by the page itself and
  // answered in place (companion/web/in_place.py): the page stays, its stream brings the
  // game's new state as it brings every phone's at the table, and the answer is what this
  // phone's tap did (its note); a refusal of this very page comes back as the page with its
  // reason, its main morphed in; where the form leads elsewhere, the answer says where, and
  // the page goes there. Any other answer (another page's, an error's), or none (the
  // network), and the form goes as a plain form would, with what was sent the first time
  // (its stamp: the server records it once). Every other form leaves the page: once it is
  // sent no live update may change the page (or the form's stamp) before the answer
  // arrives, so a second tap sends the same form again, which the server records once.
  var IN_PLACE_WAIT = 2000;  // milliseconds a stream has to bring the tap's move, before the page asks
  var tapInFlight = false;  // a tap sent in place, until the page shows its move
  function sendForms() {
    var html = document.documentElement;
    var page = document.body.dataset.page;
    var game = html.dataset.game;
    var leaving = false;
    function actionOf(form) {
      return new URL(form.getAttribute("action") || "", location.href);  // not form.action: a field may be named so
    }
    function inPlace(form) {
      if (!page || !game || !window.fetch || form.method !== "post") return false;
      if (form.enctype === "multipart/form-data" || form.hasAttribute("data-as-page")) return false;
      var action = actionOf(form);
      return action.origin === location.origin && action.pathname.indexOf(game + "/") === 0;
    }
    document.addEventListener("submit", function (event) {
      if (event.target.method !== "post") return;
      html.removeAttribute("data-ready");  // the answer will say
      leaving = true;
    }, true);
    // After every other help has heard the form (a tap offline waits: connection()).
    document.addEventListener("submit", function (event) {
      var form = event.target;
      if (event.defaultPrevented || !inPlace(form)) return;
      event.preventDefault();
      leaving = false;  // the page stays
      if (tapInFlight) return;  // a tap while the last is on its way, its move not shown yet
      tapInFlight = true;
      var button = event.submitter;
      var data = new FormData(form);
      if (button && button.name) data.set(button.name, button.value);
      var sent = {action: actionOf(form).href, data: new URLSearchParams(data)};
      var typed = Array.from(document.querySelectorAll("input[type=search]"), function (box) { return [box, box.value]; });
      fetch(sent.action, {
        method: "POST",
        body: sent.data,
        headers: {"X-In-Place": page},
        credentials: "same-origin"
      }).then(function (response) {
        return response.text().then(function (text) {
          try {
            if (!answered(form, typed, response, text)) asPage(sent);
          } catch (error) {
            asPage(sent);
          }
        });
      }, function () { asPage(sent); });
    });
    // The form as sent, sent again as a plain form (the page it leads to loaded).
    function asPage(sent) {
      tapInFlight = false;
      leaving = true;
      var plain = document.createElement("form");
      plain.method = "post";
      plain.action = sent.action;
      plain.hidden = true;
      plain.setAttribute("data-as-page", "");
      sent.data.forEach(function (value, name) {
        var field = document.createElement("input");
        field.type = "hidden";
        field.name = name;
        field.value = value;
        plain.appendChild(field);
      });
      document.body.appendChild(plain);
      plain.requestSubmit();  // offline, it waits (connection())
    }
    // The answer put in place; false where it belongs to no place on this page.
    function answered(form, typed, response, text) {
      var go = response.headers.get("X-Go");
      if (response.status === 204 && go) {
        var to = new URL(go, location.href);
        if (to.origin !== location.origin) return false;
        tapInFlight = false;
        leaving = true;
        if (to.pathname + to.search !== location.pathname + location.search) location.assign(to.href);
        else {
          history.replaceState(null, "", to.href);  // the same page at another place on it:
          location.reload();  // loaded anew, as the browser would have after the form
        }
        return true;
      }
      var main = document.querySelector("main");
      if (!main || response.status >= 500) return false;
      var refused = /<main[\s>]/.test(text);  // a refusal: this page with its reason, or another page
      if (refused) {
        var answer = new DOMParser().parseFromString(text, "text/html");
        if (response.ok || !answer.body || answer.body.dataset.page !== page) return false;
      } else if (response.status !== 200) {
        return false;
      }
      main.querySelectorAll(":scope > .note, :scope > .problem").forEach(function (old) { old.remove(); });
      shutSheets(form);
      if (refused) {
        htmx.swap(main, text, {swapStyle: "morph"}, {select: "main", contextElement: main});
        say(document.querySelector("main > .problem"));
        shown(null);
        return true;
      }
      // As a page loaded anew would be: the form as it was, the searches empty (the list
      // under the thumb closes) unless typed in since, the keyboard put away.
      form.reset();
      var focused = document.activeElement;
      if (focused && (form.contains(focused) || focused.type === "search")) focused.blur();
      typed.forEach(function (pair) {
        var box = pair[0];
        if (!box.isConnected || !box.value || box.value !== pair[1]) return;
        box.value = "";
        box.dispatchEvent(new Event("input", {bubbles: true}));
      });
      document.body.classList.remove("searching");
      var notes = document.createElement("template");
      notes.innerHTML = text;
      var version = null;
      notes.content.querySelectorAll(".note").forEach(function (note) {
        if (!note.dataset.version) note.dataset.version = main.dataset.version || "";
        version = Math.max(version || 0, +note.dataset.version);
      });
      var first = notes.content.querySelector(".note");
      main.prepend(notes.content);
      say(first);
      if (first && first.getBoundingClientRect().top < 0) window.scrollTo(0, 0);  // where a page loaded shows it
      shown(version);
      return true;
    }
    function shutSheets(form) {
      if (!HTMLElement.prototype.hasOwnProperty("popover")) return;
      document.querySelectorAll(":popover-open").forEach(function (sheet) {
        if (sheet.contains(form)) sheet.hidePopover();
      });
    }
    // Read out once by a screen reader (a note put in place is not always heard).
    function say(note) {
      var status = document.getElementById("announce");
      if (status && note) status.textContent = note.textContent.replace(/\s+/g, " ").trim();
    }
    // Ready once the page shows the tap's move (brought by the stream, or fetched where the
    // stream is slow to bring it); until then a tap waits (its page's stamp is not the new
    // one yet).
    function shown(version) {
      function now() {
        var main = document.querySelector("main");
        return version === null || !main || +main.dataset.version >= version;
      }
      function done() {
        document.body.removeEventListener("htmx:afterSettle", settled);
        clearTimeout(late);
        tapInFlight = false;
        ready();
        document.dispatchEvent(new CustomEvent("companion:answered"));
      }
      function settled() { if (now()) done(); }
      if (now()) return done();
      document.body.addEventListener("htmx:afterSettle", settled);
      var late = setTimeout(function () {
        fetchThisPage();
        late = setTimeout(done, IN_PLACE_WAIT);  // the page as it could get it
      }, IN_PLACE_WAIT);
    }
    window.addEventListener("pageshow", function (event) {
      leaving = false;
      if (event.persisted) ready();
    });
    ["htmx:beforeRequest", "htmx:beforeSwap", "htmx:sseBeforeMessage"].forEach(function (name) {
      document.body.addEventListener(name, function (event) {
        if (leaving) event.preventDefault();
      });
    });
  }

  // The page that answers a tap comes up under the same finger (a page loaded, or the
  // move brought in place): for a moment, a tap at the same spot on a button that records
  // something is taken as the end of that first tap (a double tap), not as a new action
  // (another Undo, another draw for the next player). A tap elsewhere, or after typing, is
  // a tap.
  var CALM = 700;  // milliseconds
  var NEAR = 40;  // CSS pixels
  function calmAfterAWrite() {
    var touched = null;
    document.addEventListener("pointerdown", function (event) {
      touched = {x: event.clientX, y: event.clientY};
    }, true);
    document.addEventListener("submit", function (event) {
      if (event.target.method !== "post" || !touched) return;
      try {
        sessionStorage.setItem("tapped", JSON.stringify({x: touched.x, y: touched.y, at: Date.now()}));
      } catch (e) { /* a phone that keeps nothing */ }
    }, true);
    // The moment lasts CALM milliseconds, and the page is marked so meanwhile (the tests
    // wait for the mark to go); typing ends it at once.
    var body = document.body;
    var tapped = null;
    var until = 0;
    var moments = 0;  // the last moment's own ends it
    function calm() { return Date.now() <= until && body.hasAttribute("data-calm"); }
    function begin() {
      try { tapped = JSON.parse(sessionStorage.getItem("tapped") || "null"); } catch (e) { tapped = null; }
      if (!tapped || Date.now() - tapped.at > 3000 || !document.querySelector("main > .note")) return;
      var moment = ++moments;
      until = Date.now() + CALM;
      body.setAttribute("data-calm", "");
      setTimeout(function () { if (moment === moments) body.removeAttribute("data-calm"); }, CALM);
    }
    begin();
    document.addEventListener("companion:answered", begin);
    document.addEventListener("input", function () { body.removeAttribute("data-calm"); }, true);
    document.addEventListener("click", function (event) {
      if (!calm() || Math.hypot(event.clientX - tapped.x, event.clientY - tapped.y) > NEAR) return;
      var button = event.target.closest("button, input[type=submit]");
      if (button && button.form && button.form.method === "post") {
        event.preventDefault();
        event.stopPropagation();
      }
    }, true);
  }

  // After a form was sent, the address bar shows the page's own address: a reload asks for
  // the page, never sends the form again.
  function settleAddress() {
    var page = document.body.dataset.page;
    if (page && location.pathname + location.search !== page) history.replaceState(null, "", page + location.hash);
  }

  // The screen stays on while a game is open, where the browser allows it.
  function stayAwake() {
    if (!document.body.hasAttribute("data-awake") || !navigator.wakeLock) return;
    var lock = null;
    function ask() {
      if (document.visibilityState !== "visible" || lock) return;
      navigator.wakeLock.request("screen").then(function (l) {
        lock = l;
        l.addEventListener("release", function () { lock = null; });
      }).catch(function () {});
    }
    document.addEventListener("visibilitychange", ask);
    document.addEventListener("pointerdown", ask, {once: true});
    ask();
  }

  // The phone's own share sheet, where it has one. The taps are heard on the document, and
  // the buttons shown again after each live update (which draws them as the server does).
  function shareButtons() {
    if (!navigator.share) return;
    var files = new WeakMap();  // a picture (the result card), fetched before the tap
    function show() {
      document.querySelectorAll("[data-share]").forEach(function (button) { button.hidden = false; });
      // A picture is shared as a file where the phone can share files; fetched before the
      // tap, since a phone shares only straight after the tap (iOS).
      if (!navigator.canShare) return;
      document.querySelectorAll("[data-file]").forEach(function (button) {
        if (files.has(button)) {
          button.hidden = !files.get(button);
          return;
        }
        var probe = new File([""], button.dataset.name, {type: "image/png"});
        if (!navigator.canShare({files: [probe]})) return;
        files.set(button, null);
        fetch(button.dataset.file).then(function (answer) { return answer.blob(); }).then(function (blob) {
          files.set(button, new File([blob], button.dataset.name, {type: "image/png"}));
          button.hidden = false;
        }).catch(function () {});
      });
    }
    document.addEventListener("click", function (event) {
      var link = event.target.closest("[data-share]");
      if (link) navigator.share({url: link.dataset.share, title: document.title}).catch(function () {});
      var picture = event.target.closest("[data-file]");
      var file = picture && files.get(picture);
      if (file) navigator.share({files: [file], title: document.title}).catch(function () {});
    });
    document.addEventListener("focusin", function (event) {
      if (event.target.matches(".link input[readonly]")) event.target.select();
    });
    show();
    document.body.addEventListener("htmx:afterSettle", show);
  }

  // A text to copy (the play for Tesera): one tap puts it on the clipboard, and says so; the
  // text stays on the page to select by hand where the browser allows no clipboard.
  function copyButtons() {
    document.addEventListener("click", function (event) {
      var button = event.target.closest("[data-copy]");
      if (!button) return;
      var text = document.getElementById(button.dataset.copy);
      var done = button.parentNode.querySelector(".copied");
      if (!text || !navigator.clipboard) { if (text) text.select(); return; }
      navigator.clipboard.writeText(text.value).then(function () {
        if (done) done.hidden = false;
      }, function () { text.select(); });
    });
  }

  // Goods colours: the counts of each colour follow the taps, over the board's in red.
  function goodsCounts() {
    if (!document.querySelector(".goods-form")) return;
    document.addEventListener("change", function (event) {
      var form = event.target.closest(".goods-form");
      if (!form) return;
      document.querySelectorAll("[data-count]").forEach(function (shown) {
        var color = shown.dataset.count;
        var n = form.querySelectorAll("input[type=radio][value='" + color + "']:checked").length;
        shown.textContent = n;
        shown.classList.toggle("over", n > +shown.dataset.most);
      });
    });
  }

  // The dice as rolled: how many dice the counts make so far, as they are tapped.
  function diceTotal() {
    function count() {
      var shown = document.querySelector("[data-dice-total]");
      if (!shown) return 0;
      var total = 0;
      shown.closest("form").querySelectorAll("fieldset.count input:checked").forEach(function (i) { total += +i.value; });
      shown.hidden = false;
      shown.textContent = total + " / 5";
      shown.classList.toggle("bad", total !== 5);
      return total;
    }
    // Three faces counted leave the fourth no choice: the rest of the five dice show it,
    // filled in at once (a tap saved). Once the counts make the five dice, the plays they
    // allow come at once: no button to find (it stays for a page without this script, and
    // to send counts put right).
    function theRest(form) {
      var open = [].filter.call(form.querySelectorAll("fieldset.count"), function (set) {
        return !set.dataset.told;  // not tapped yet (each starts at 0)
      });
      if (open.length !== 1) return;
      var rest = 5 - count();
      var pick = open[0].querySelector('input[value="' + rest + '"]');
      if (pick) pick.checked = true;
    }
    document.addEventListener("change", function (event) {
      var set = event.target.closest("fieldset.count");
      if (!set) return;
      set.dataset.told = "1";
      theRest(event.target.form);
      if (count() === 5) event.target.form.requestSubmit();
    });
    document.body.addEventListener("htmx:afterSettle", count);
    count();
  }

  // A round's clock: the time left, every second, from the server's clock (the phone's
  // own may be off); at zero, the words the page gives for it. A live update that brings
  // a new clock is read at the next tick.
  function roundClocks() {
    function tick() {
      document.querySelectorAll("p.clock[data-ends]").forEach(function (shown) {
        if (!shown.dataset.skew) shown.dataset.skew = Date.parse(shown.dataset.now) - Date.now();
        var left = Math.round((Date.parse(shown.dataset.ends) - Date.now() - +shown.dataset.skew) / 1000);
        var time = shown.querySelector("time");
        if (left <= 0) {
          time.textContent = shown.dataset.over;
          shown.classList.add("over");
          return;
        }
        var h = Math.floor(left / 3600), m = Math.floor(left / 60) % 60, sec = left % 60;
        time.textContent = h + ":" + (m < 10 ? "0" : "") + m + ":" + (sec < 10 ? "0" : "") + sec;
      });
    }
    tick();
    setInterval(tick, 1000);
    document.body.addEventListener("htmx:afterSettle", tick);  // a live update's new clock
  }

  // A dice game's table opens on the dice panel, the part a turn is played on: its counts
  // and plays above the bar, not under it. A search for a play rises to the top of the
  // screen, so that the routes it finds show below it, above the keyboard.
  function diceFirst() {
    var panel = document.querySelector("section.dice");
    if (panel && !location.hash) panel.scrollIntoView({block: "start"});
    document.addEventListener("focusin", function (event) {
      if (event.target.matches && event.target.matches(".play-search")) {
        event.target.scrollIntoView({block: "start"});
      }
    });
  }

  // The room's screen shows one page at a time and turns to the next every 15 seconds; a
  // live update keeps the page shown.
  function tvPages() {
    if (!document.querySelector("[data-tv]")) return;
    var at = 0;
    function show() {
      var pages = document.querySelectorAll("[data-tv-page]");
      if (!pages.length) return;
      at = at % pages.length;
      pages.forEach(function (page, i) { page.hidden = i !== at; });
      var shown = document.querySelector("[data-tv-at]");
      if (shown) shown.textContent = at + 1;
    }
    setInterval(function () { at += 1; show(); }, 15000);
    document.body.addEventListener("htmx:afterSettle", show);
  }

  // The ticket decks of the map's expansions: its own only; none, its own deck.
  function deckChoices(form, map) {
    var decks = false;
    form.querySelectorAll(".variants [data-maps]").forEach(function (choice) {
      var here = choice.dataset.maps === map.value;
      choice.hidden = !here;
      if (!here && choice.querySelector("input").checked) {
        form.querySelector(".variants input[value=base]").checked = true;
      }
      decks = decks || here;
    });
    var variants = form.querySelector(".variants");
    if (variants) variants.hidden = !decks;
  }

  // The most players a map seats at a table, by its id ("nordic:3 india:4 …"); 5 unless said.
  function mostSeats(map) {
    var most = 5;
    (map.dataset.seatMaps || "").split(" ").forEach(function (entry) {
      var pair = entry.split(":");
      if (pair[0] === map.value) most = +pair[1];
    });
    return most;
  }

  // The new-event form offers the decks of the map chosen, as the new-game form does, and
  // no more seats a table than the map takes.
  function eventDecks() {
    document.querySelectorAll("form.event-form").forEach(function (form) {
      var map = form.querySelector("select[name=map]");
      if (!map) return;
      var seats = form.querySelector("input[name=seats]");
      function show() {
        deckChoices(form, map);
        if (!seats) return;
        var most = mostSeats(map);
        seats.max = most;
        if (+seats.value > most) seats.value = most;
      }
      map.addEventListener("change", show);
      show();
    });
  }

  // The new-game form asks for trains and ships only on Rails & Sails maps, offers each map's
  // own house rules and as many seats as it takes.
  function splits() {
    var map = document.querySelector("select[data-split-maps]");
    if (!map) return;
    var form = map.closest("form");
    var sails = map.dataset.splitMaps.split(" ");
    function show() {
      form.classList.toggle("sails", sails.indexOf(map.value) !== -1);
      // A house rule shows for its own maps only (and is not kept for another).
      var any = false;
      form.querySelectorAll(".house-rules [data-maps]").forEach(function (rule) {
        var here = rule.dataset.maps.split(" ").indexOf(map.value) !== -1;
        rule.hidden = !here;
        if (!here) rule.querySelector("input").checked = false;
        any = any || here;
      });
      var box = form.querySelector(".house-rules");
      if (box) box.hidden = !any;
      deckChoices(form, map);
      // As many seats as the map takes (a seat already named stays, for the form to refuse).
      var most = mostSeats(map);
      form.querySelectorAll(".seats > li").forEach(function (seat, i) {
        seat.hidden = i >= most && !seat.querySelector("input").value.trim();
      });
    }
    map.addEventListener("change", show);
    show();
  }

  // The payment check asks for the cards turned over only when the route is a tunnel.
  function tunnelCards() {
    var turned = document.querySelector("form.pay [data-tunnel-only]");
    if (!turned) return;
    var route = turned.closest("form").querySelector("select[name=route]");
    function show() {
      var chosen = route.options[route.selectedIndex];
      turned.hidden = !(chosen && chosen.hasAttribute("data-tunnel"));
    }
    route.addEventListener("change", show);
    show();
  }

  // The board picture: zoom with the buttons (kept on the picture's frame, so live updates
  // keep it), and a tap finds the route the finger meant: the nearest track within reach;
  // where tracks lie side by side, the sheet that opens offers each of them.
  var REACH = 24;  // CSS pixels from a track that still count as a tap on it
  var BESIDE = 14;  // the other tracks of the nearest route, nearer than this, are offered
  var UNSURE = 5;  // another route this near to the nearest one's distance is offered too
  // Any route under the finger is offered too: a fingertip covers about 10 CSS pixels
  // around the point the phone reports, so two routes this near could be either.
  var FINGER = 10;

  function distance(px, py, line) {
    var x1 = +line.getAttribute("x1"), y1 = +line.getAttribute("y1");
    var x2 = +line.getAttribute("x2"), y2 = +line.getAttribute("y2");
    var dx = x2 - x1, dy = y2 - y1, long = dx * dx + dy * dy;
    var t = long ? Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / long)) : 0;
    return Math.hypot(px - x1 - t * dx, py - y1 - t * dy);
  }

  // The routes a tap at (clientX, clientY) may mean, nearest first: [{route, distance}].
  // The nearest route, the other tracks of its double that lie beside it, and any other
  // route the finger could as well have meant.
  function routesAt(svg, clientX, clientY) {
    var matrix = svg.getScreenCTM();
    if (!matrix) return [];
    var point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    var scale = Math.hypot(matrix.a, matrix.b);  // CSS pixels per picture unit
    var found = {};
    svg.querySelectorAll("g[data-route] line.hit").forEach(function (line) {
      var group = line.closest("g[data-route]");
      var d = distance(point.x, point.y, line) * scale;
      var known = found[group.dataset.route];
      if (!known || d < known.distance) {
        found[group.dataset.route] = {route: group.dataset.route, pair: group.dataset.pair, distance: d};
      }
    });
    var near = Object.keys(found).map(function (r) { return found[r]; })
      .filter(function (c) { return c.distance <= REACH; })
      .sort(function (a, b) { return a.distance - b.distance; });
    if (!near.length) return [];
    var first = near[0];
    return near.filter(function (c) {
      var beside = c.distance - first.distance;
      return c === first || c.distance < FINGER || beside < UNSURE ||
        (c.pair === first.pair && beside < BESIDE);
    }).slice(0, 4);
  }

  window.companionRoutesAt = function (x, y) {  // for the tests
    var svg = document.querySelector(".picture svg");
    return svg ? routesAt(svg, x, y).map(function (c) { return +c.route; }) : [];
  };

  // The board's zoom and place, kept for this game while the phone's tab lives: after a
  // claim made from it, the board comes back as it was.
  function keepTheBoardsPlace(frame) {
    var key = "board:" + location.pathname;
    var kept = null;
    try {
      kept = JSON.parse(sessionStorage.getItem(key) || "null");
      if (kept) {
        if (kept.zoom) frame.style.setProperty("--zoom", kept.zoom);
        frame.scrollLeft = kept.left;
        frame.scrollTop = kept.top;
      }
    } catch (e) { /* a phone that keeps nothing: the board opens as drawn */ }
    if (!kept) lookAtTheCities(frame);
    var pending = false;
    function save() {
      pending = false;
      try {
        sessionStorage.setItem(key, JSON.stringify({
          zoom: frame.style.getPropertyValue("--zoom"), left: frame.scrollLeft, top: frame.scrollTop
        }));
      } catch (e) { /* as above */ }
    }
    frame.addEventListener("scroll", function () {
      if (!pending) { pending = true; requestAnimationFrame(save); }
    }, {passive: true});
    return save;
  }

  // A board opened for the first time, zoomed in on a phone, shows the middle of its
  // cities (not the picture's top left corner, which may be sea or margin).
  function lookAtTheCities(frame) {
    var svg = frame.querySelector("svg"), dots = svg && svg.querySelector(".dots");
    if (!dots || !svg.viewBox.baseVal || !svg.viewBox.baseVal.width) return;
    var box = dots.getBBox(), perUnit = svg.clientWidth / svg.viewBox.baseVal.width;
    frame.scrollLeft = (box.x + box.width / 2) * perUnit - frame.clientWidth / 2;
    frame.scrollTop = (box.y + box.height / 2) * perUnit - frame.clientHeight / 2;
  }

  function board() {
    var frame = document.querySelector(".picture[data-zoom-box]");
    if (!frame) return;
    var save = keepTheBoardsPlace(frame);
    // The zoom buttons, heard on the document (a live update may draw them anew).
    document.addEventListener("click", function (event) {
      var button = event.target.closest("[data-zoom]");
      if (!button) return;
      var svg = frame.querySelector("svg");
      var now = svg.getBoundingClientRect().width / frame.clientWidth;
      var width = Math.min(Math.max(now * parseFloat(button.dataset.zoom), 1), 6);
      var middleX = (frame.scrollLeft + frame.clientWidth / 2) / svg.clientWidth;
      var middleY = (frame.scrollTop + frame.clientHeight / 2) / svg.clientHeight;
      frame.style.setProperty("--zoom", width);
      frame.scrollLeft = middleX * svg.clientWidth - frame.clientWidth / 2;
      frame.scrollTop = middleY * svg.clientHeight - frame.clientHeight / 2;
      save();
    });
    var sheet = document.getElementById("route-sheet");
    frame.setAttribute("data-ready", "");  // taps are heard from here on (the tests wait)
    if (!sheet || !frame.dataset.ask) return;
    // Where the finger touched: a phone moves the click it makes of a tap toward the
    // nearest link ("touch adjustment"), which may be another route.
    var touched = null;
    frame.addEventListener("pointerdown", function (event) {
      touched = {x: event.clientX, y: event.clientY, at: Date.now()};
    });
    frame.addEventListener("click", function (event) {
      var svg = frame.querySelector("svg");
      var at = touched && Date.now() - touched.at < 1500 ? touched : {x: event.clientX, y: event.clientY};
      touched = null;
      var near = routesAt(svg, at.x, at.y);
      event.preventDefault();
      if (!near.length) return;
      var ask = frame.dataset.ask;  // read now: a live update changes whom it acts for
      var url = ask + (ask.indexOf("?") === -1 ? "?" : "&") +
        near.map(function (c) { return "route=" + c.route; }).join("&");
      if (typeof sheet.showPopover !== "function") {  // no sheets in this browser: a page
        location.href = url;
        return;
      }
      asked = url;
      htmx.ajax("GET", url, {target: "#route-sheet-body", swap: "innerHTML"}).then(function () {
        if (!sheet.matches(":popover-open")) sheet.showPopover();
      });
    });
    // Another phone changed the game while the sheet was open: ask again, so the sheet
    // says who owns what now, and its claim is made on the game as it stands.
    var asked = null;
    document.body.addEventListener("htmx:afterSettle", function (event) {
      if (event.target.tagName === "MAIN" && asked && sheet.matches(":popover-open")) {
        // The same routes, asked for whoever acts now.
        var player = new URL(frame.dataset.ask, location.href).searchParams.get("player");
        var again = new URL(asked, location.href);
        if (player) again.searchParams.set("player", player);
        asked = again.pathname + again.search;
        htmx.ajax("GET", asked, {target: "#route-sheet-body", swap: "innerHTML"});
      }
    });
  }

  // A move another phone made arrives by a live update: a screen reader reads it out once,
  // politely (the newest line of the history, put in the page's status line), never the
  // whole page that changed.
  function announceMoves() {
    var status = document.getElementById("announce");
    if (!status) return;
    function newest() {
      var line = document.querySelector("main .history li");
      return line ? line.textContent.replace(/\s+/g, " ").trim() : "";
    }
    var last = newest();
    document.body.addEventListener("htmx:afterSettle", function (event) {
      if (event.target.tagName !== "MAIN") return;
      var now = newest();
      var main = event.target;
      // This phone's own move (its note says it, once) is not read out again.
      var own = tapInFlight || main.querySelector(":scope > .note[data-version='" + main.dataset.version + "']");
      if (now && now !== last && !own) status.textContent = now;
      last = now;
    });
  }

  // Sheets (the popover API) where the browser has them; elsewhere the sheet's content
  // stays at the end of the page, and its button goes there.
  function sheetsOrAnchors() {
    if (HTMLElement.prototype.hasOwnProperty("popover")) return;
    document.querySelectorAll("button[popovertarget]").forEach(function (button) {
      button.addEventListener("click", function () {
        var target = document.getElementById(button.getAttribute("popovertarget"));
        if (target) target.scrollIntoView();
      });
    });
  }

  // The service worker keeps the pages read, for when the connection drops
  // (templates/worker.js); it takes over from the next page on.
  function worker() {
    var address = document.documentElement.dataset.worker;
    if (!address || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register(address).catch(function () { /* pages work without */ });
    // A page of a game: its other pages (board, tickets, score sheet) are kept too.
    var worker = navigator.serviceWorker.controller;
    if (!worker || !document.documentElement.dataset.game || !navigator.onLine) return;
    var others = Array.from(document.querySelectorAll("header.top nav:not(.languages) a"), function (link) {
      return link.getAttribute("href");
    }).filter(function (address) { return address !== location.pathname; });
    worker.postMessage({keep: others});
  }

  // What the phone keeps in its local storage, read and written whole as JSON.
  function stored(key, otherwise) {
    try { return JSON.parse(localStorage.getItem(key)) || otherwise; } catch (e) { return otherwise; }
  }
  function store(key, value) {
    try {
      if (value === null || (Array.isArray(value) && !value.length)) localStorage.removeItem(key);
      else localStorage.setItem(key, JSON.stringify(value));
    } catch (e) { /* a phone that keeps nothing: the taps wait on this page only */ }
  }

  // When each page read on this phone last showed the game as it stood (by its address,
  // the latest KEPT_TIMES): a copy read offline says it shows the game as of then.
  var AS_OF = "as of";
  var KEPT_TIMES = 100;
  function keptAsOf() { return stored(AS_OF, {}); }

  var GRACE = 4000;  // milliseconds a broken stream may take to come back unsaid
  var DOUBLE_TAP = 1500;  // milliseconds: the same tap again within this is one tap
  var RETRY_WAITING = 5000;  // milliseconds between tries to send the taps that wait
  var LETTERS_OF_A_TAP = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

  // The connection, and what waits for it. While the page follows the game live, nothing
  // shows. Without the connection a strip says since when the page no longer follows the
  // game, and as of when it shows it (a page the phone kept: as of when it was last read).
  // A tap that records something (a form with its page's one-time token) then waits on
  // the page, listed as not sent yet with a tap of its own beside the page's token
  // (companion/web/stamps.py); with the connection back the taps are sent one after
  // another, in order, each recorded once however often it is sent. The first one refused
  // (another phone moved meanwhile) stops the rest: the table sees why and decides.
  // Nothing is scored or refereed here: the server does both as the taps arrive.
  function connection() {
    var strip = document.getElementById("offline");
    if (!strip) return;
    var root = document.documentElement;
    var game = root.dataset.game;  // the taps made offline wait under the game's address
    var here = location.pathname + location.search;
    var lostAt = null;  // since when the page no longer follows the game
    var lastTap = null;  // the last tap that waits, as tapped: a double tap waits once
    var follows = Boolean(document.querySelector(".live [hx-get]"));  // a game, live
    var sending = false;

    function words(name, values) {
      return (strip.dataset[name] || "").replace(/\{(\w+)\}/g, function (whole, key) {
        return values && key in values ? values[key] : whole;
      });
    }
    function clock(time) {
      return new Date(time).toLocaleTimeString(root.lang, {hour: "numeric", minute: "2-digit"});
    }
    var WAITING = "waiting " + game, RESULTS = "sent " + game;
    var onThisPage = [];
    function waiting() { return game ? stored(WAITING, onThisPage) : []; }
    function wait(list) { onThisPage = list; if (game) store(WAITING, list); }
    // The page showed the game as it stood until the connection went (a live page is
    // current while it follows the game), or since it was made.
    function asOf() { return Math.max(Date.parse(root.dataset.made) || 0, keptAsOf()[here] || 0); }
    function current(time) {  // the page showed the game as it stood at ``time``
      var all = keptAsOf();
      delete all[here];
      all[here] = time;
      var addresses = Object.keys(all);
      addresses.slice(0, Math.max(0, addresses.length - KEPT_TIMES)).forEach(function (a) { delete all[a]; });
      store(AS_OF, all);
    }

    function show() {
      strip.textContent = "";
      if (lostAt !== null && follows) {
        var line = document.createElement("p");
        var since = lostAt === "kept" ? null : clock(lostAt), made = clock(asOf());
        line.textContent = since === null ? words("kept", {made: made})
          : since === made ? words("lostThen", {since: since})
          : words("lost", {since: since, made: made});
        strip.appendChild(line);
      }
      if (strip.dataset.chosenPlayer) {
        var chosen = document.createElement("p");
        chosen.textContent = words("chosen", {player: strip.dataset.chosenPlayer});
        strip.appendChild(chosen);
      }
      var list = waiting();
      if (list.length) {
        var heading = document.createElement("p");
        heading.className = "waiting-head";
        heading.textContent = sending ? words("sending") : words("waiting");
        var taps = document.createElement("ol");
        taps.className = "waiting";
        list.forEach(function (tap, i) {
          var item = document.createElement("li");
          var what = document.createElement("span");
          what.textContent = tap.label;
          item.appendChild(what);
          if (!sending) {
            var remove = document.createElement("button");
            remove.type = "button";
            remove.textContent = words("remove");
            remove.addEventListener("click", function () { forget(tap); });
            item.appendChild(remove);
          }
          taps.appendChild(item);
        });
        strip.appendChild(heading);
        strip.appendChild(taps);
      }
      strip.hidden = !strip.firstChild;
    }

    function lost() {
      if (lostAt !== null) return;
      lostAt = Date.now();
      current(lostAt);
      show();
    }
    function live() {
      if (lostAt === null || !navigator.onLine) return;
      lostAt = null;
      delete strip.dataset.chosenPlayer;  // the page as the server made it: its own player
      show();
    }

    // A page that follows the game keeps it current until the phone leaves it.
    window.addEventListener("pagehide", function () { if (lostAt === null && follows) current(Date.now()); });
    window.addEventListener("offline", lost);
    window.addEventListener("online", function () {
      if (!follows) live();  // nothing to follow: back at once
      send();
    });
    // A stream that breaks for a moment (a proxy, a server's restart) comes back by itself
    // within a second or two: it says nothing unless it stays broken.
    var broken = false;
    document.body.addEventListener("htmx:sseError", function () {
      if (broken) return;
      broken = true;
      setTimeout(function () { if (broken) lost(); }, GRACE);
    });
    document.body.addEventListener("htmx:sseOpen", function () {
      broken = false;
      send();
      if (lostAt === null) return;
      fetchThisPage();  // what changed meanwhile
    });
    document.body.addEventListener("htmx:afterSettle", function (event) {
      if (event.target.tagName === "MAIN") live();
    });

    // A tap in words: as the history will say it where the page knows ("Ann drew train
    // cards"), else the player and the button ("Ann: Helena – Denver (green)").
    function tapOf(form, button) {
      var player = form.elements.player ? form.elements.player.value : "";
      if (button && button.dataset.says) return button.dataset.says.replace("{player}", player);
      var what = button ? button.innerText.replace(/\s+/g, " ").trim() : "";
      var city = button && button.closest("details.city");
      var to = button && button.querySelector(".to");
      if (city && to) {
        var face = to.cloneNode(true);
        face.querySelectorAll(".local").forEach(function (local) { local.remove(); });
        what = city.dataset.cities + " – " + face.textContent.replace(/\s+/g, " ").trim();
      }
      return player ? player + ": " + what : what;
    }

    // Who acts, chosen on the phone: the page's taps become that player's (the server says
    // whether the rules allow them once they are sent).
    function choose(name) {
      document.querySelectorAll("form input[type=hidden][name=player]").forEach(function (input) {
        if (input.form && input.form.method === "post") input.value = name;
      });
      var now = document.querySelector(".bar .now");
      document.querySelectorAll(".acting a, .players li a").forEach(function (link) {
        var who = link.querySelector(".who");
        var on = Boolean(who) && who.textContent === name;
        if (link.closest(".acting")) link.classList.toggle("chosen", on);
        else link.parentNode.classList.toggle("chosen", on);
        link.classList.remove("turn");
        link.setAttribute("aria-current", on ? "true" : "false");
        if (on && now && link.closest(".acting")) {
          now.replaceChildren.apply(now, Array.from(link.childNodes, function (n) { return n.cloneNode(true); }));
        }
      });
      document.querySelectorAll("[data-acting]").forEach(function (element) {
        var said = element.dataset.acting.replace("{player}", name);
        if (!element.dataset.acting) element.hidden = true;
        else if (element.tagName === "INPUT") element.placeholder = said;
        else element.textContent = said;
      });
      strip.dataset.chosenPlayer = name;
      show();
    }

    // A turn waits: the next seat acts on the phone (as the table plays round), the route
    // it claims is marked as waiting, and the search is put away so the bar shows again.
    var TURNS = /\/(claim|turn|port|station|exchange)$/;
    function waited(tap, action, button) {
      if (button && button.name === "route") {
        button.classList.add("waiting-tap");
        button.disabled = true;
        var search = document.querySelector(".city-search");
        if (search) {
          search.value = "";
          search.dispatchEvent(new Event("input", {bubbles: true}));
          search.blur();
        }
      }
      var seats = Array.from(document.querySelectorAll(".acting a .who"), function (who) { return who.textContent; });
      var at = seats.indexOf(tap.player);
      if (TURNS.test(action.pathname) && at !== -1) choose(seats[(at + 1) % seats.length]);
    }

    // A tap that waits taken back (its Remove, or Undo while taps wait): its route is free
    // on the page again, and its player acts again.
    function forget(tap) {
      var list = waiting();
      var last = list.length && list[list.length - 1].id === tap.id;
      wait(list.filter(function (other) { return other.id !== tap.id; }));
      if (tap.route !== null) {
        document.querySelectorAll("button.route.waiting-tap[value='" + tap.route + "']").forEach(function (button) {
          button.classList.remove("waiting-tap");
          button.disabled = false;
        });
      }
      if (last && tap.player && document.querySelector(".acting")) choose(tap.player);
      show();
    }
    function newTap() {
      var bytes = new Uint8Array(12);
      crypto.getRandomValues(bytes);
      return Array.from(bytes, function (b) { return LETTERS_OF_A_TAP[b % LETTERS_OF_A_TAP.length]; }).join("");
    }

    // Offline, a form that writes waits (a turn, a ticket) or says it needs the connection.
    document.addEventListener("submit", function (event) {
      var form = event.target;
      // Online, a tap waits too while others wait before it: they are sent first.
      if (form.method !== "post" || (navigator.onLine && !sending && !waiting().length)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (!navigator.onLine) lost();
      var stamped = form.elements.token && form.elements.seen;
      var list = waiting();
      var action = new URL(form.getAttribute("action") || "", location.href);  // not form.action: a field may be named so
      if (/\/undo$/.test(action.pathname) && list.length) {
        forget(list[list.length - 1]);  // Undo takes back the last tap that waits
        return;
      }
      if (!game || !stamped || form.enctype === "multipart/form-data") {
        var needs = document.createElement("p");
        needs.className = "needs";
        needs.textContent = words("needs");
        show();
        strip.appendChild(needs);
        strip.hidden = false;
        return;
      }
      var data = new FormData(form);
      var button = event.submitter;
      if (button && button.name) data.set(button.name, button.value);
      // The same button again at once is a double tap, not a second turn.
      if (lastTap && lastTap.button === button && lastTap.form === form && Date.now() - lastTap.at < DOUBLE_TAP) return;
      lastTap = {form: form, button: button, at: Date.now()};
      // A tap made after others that wait is made on the page they were made on.
      if (list.length) {
        data.set("token", list[0].token);
        data.set("seen", list[0].seen);
      }
      data.set("tap", newTap());
      list.push({
        id: data.get("tap"),
        player: data.get("player"),
        route: data.get("route"),
        action: action.href,
        body: new URLSearchParams(data).toString(),
        token: data.get("token"),
        seen: data.get("seen"),
        label: tapOf(form, button)
      });
      wait(list);
      waited(list[list.length - 1], action, button);
      show();
      send();
    }, true);

    // Offline, a tap on a player chooses who acts on the phone.
    document.addEventListener("click", function (event) {
      var link = event.target.closest(".acting a, .players li a");
      if (!link || navigator.onLine || !link.querySelector(".who")) return;
      event.preventDefault();
      choose(link.querySelector(".who").textContent);
    });

    // Back online while the server could not be reached yet: asked again a moment later,
    // and whenever the phone comes back to the page.
    setInterval(function () { if (!sending && navigator.onLine) send(); }, RETRY_WAITING);
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") send();
    });

    // With the connection back: the taps, one after another, then the page as it is now,
    // saying what became of each.
    function send() {
      if (sending || !navigator.onLine || !waiting().length) return;
      sending = true;
      show();
      var results = [];
      function finish() {
        store(RESULTS, results);
        location.replace(location.pathname + location.search);  // a new page, not a scroll
      }
      function next() {
        var list = waiting();
        if (!list.length) return finish();
        var tap = list[0];
        return fetch(tap.action, {
          method: "POST",
          body: tap.body,
          headers: {"Content-Type": "application/x-www-form-urlencoded"},
          credentials: "same-origin"
        }).then(function (response) {
          if (response.status >= 500) throw new Error(response.statusText);
          return response.text().then(function (text) {
            var page = new DOMParser().parseFromString(text, "text/html");
            var problem = page.querySelector("main > .problem");
            if (!response.ok || problem) {
              var reason = problem ? problem.textContent.replace(/\s+/g, " ").trim() : response.statusText;
              results.push({problem: words("refused", {tap: tap.label, reason: reason})});
              list.slice(1).forEach(function (after) {
                results.push({problem: words("after", {tap: after.label})});
              });
              wait(waiting().filter(function (t) { return list.every(function (l) { return l.id !== t.id; }); }));
              return finish();
            }
            var note = page.querySelector("main > .note");
            results.push({note: words("sent", {note: note ? note.textContent.trim() : tap.label})});
            wait(waiting().filter(function (t) { return t.id !== tap.id; }));
            return next();
          });
        });
      }
      var run = function () {
        if (!waiting().length) { sending = false; show(); return null; }  // another tab sent them
        return next().catch(function () {  // the connection went again: the taps wait
          sending = false;
          if (results.length) finish(); else show();
        });
      };
      if (navigator.locks) navigator.locks.request("waiting taps", run);  // one tab sends
      else run();
    }

    // What became of the taps sent: said at the top of the page, until the game moves on.
    var said = game ? stored(RESULTS, []) : [];
    if (said.length) {
      store(RESULTS, null);
      var main = document.querySelector("main");
      said.slice().reverse().forEach(function (result) {
        var line = document.createElement("p");
        line.className = result.problem ? "problem" : "note";
        line.setAttribute("role", result.problem ? "alert" : "status");
        if (main.dataset.version) line.dataset.version = main.dataset.version;
        line.textContent = result.problem || result.note;
        main.insertBefore(line, main.firstChild);
      });
    }

    if (!navigator.onLine) lostAt = "kept";
    show();
    send();
  }

  // The offline page lists the pages this phone kept, newest first, each with its time.
  function keptPages() {
    var section = document.querySelector("[data-kept-pages]");
    if (!section) return;
    var list = section.querySelector(".kept");
    var none = section.querySelector(".none-kept");
    function done(pages) {
      pages.sort(function (a, b) { return b.made - a.made; });
      pages.forEach(function (page) {
        var item = document.createElement("li");
        var link = document.createElement("a");
        link.href = page.address;
        link.textContent = page.title;
        var time = document.createElement("span");
        time.className = "hint";
        time.textContent = " " + section.dataset.asOf.replace("{made}", new Date(page.made).toLocaleString(document.documentElement.lang, {dateStyle: "short", timeStyle: "short"}));
        item.appendChild(link);
        item.appendChild(time);
        list.appendChild(item);
      });
      none.hidden = pages.length > 0;
    }
    if (!window.caches) return done([]);
    var times = keptAsOf();
    caches.open("pages").then(function (cache) {
      return cache.keys().then(function (requests) {
        return Promise.all(requests.map(function (request) {
          return cache.match(request).then(function (response) { return response.text(); }).then(function (text) {
            var page = new DOMParser().parseFromString(text, "text/html");
            var address = new URL(request.url);
            var kept = times[address.pathname + address.search] || 0;
            var made = Math.max(Date.parse(page.documentElement.dataset.made) || 0, kept);
            var players = address.searchParams.get("player") || Array.from(
              page.querySelectorAll(".acting .who"), function (who) { return who.textContent; }
            ).join(", ");
            return {
              address: address.pathname + address.search,
              title: players ? page.title + " · " + players : page.title,
              made: made
            };
          });
        }));
      });
    }).then(done, function () { done([]); });
  }

  // Every help is in place: a tap from here on is heard as it is meant. The mark is new for
  // each page shown (the browser tests wait for it after every page they open or form
  // they send, and tell the page that answers from the one they left).
  function ready() {
    document.documentElement.setAttribute("data-ready", Math.random().toString(36).slice(2));
  }


  // A photo's form (static/photo pages): the photo is sent as soon as it is taken, one tap
  // for the player; a phone's full-size photo is made smaller first (a board wants 2,048
  // pixels at most), so that it goes quickly over a table's Wi-Fi. What can't be made
  // smaller here (a format this browser can't draw) goes as it is: the server reads it.
  var PHOTO_SIDE = 2048;
  function photoForms() {
    document.querySelectorAll("[data-photo-form]").forEach(function (form) {
      var input = form.querySelector("input[type=file]");
      var sending = form.querySelector(".photo-sending");
      input.addEventListener("change", function () {
        var file = input.files && input.files[0];
        if (!file) return;
        if (!form.checkValidity()) { form.reportValidity(); return; }
        if (sending) sending.hidden = false;
        smaller(file).then(function (made) {
          if (made) {
            var list = new DataTransfer();
            list.items.add(made);
            input.files = list.files;
          }
        }).catch(function () { /* sent as taken */ }).then(function () {
          form.requestSubmit();
        });
      });
    });
  }

  function smaller(file) {
    if (!window.createImageBitmap || !window.DataTransfer) return Promise.resolve(null);
    return createImageBitmap(file, {imageOrientation: "from-image"}).then(function (image) {
      var scale = PHOTO_SIDE / Math.max(image.width, image.height);
      if (scale >= 1 && file.size < 4e6) return null;
      scale = Math.min(scale, 1);
      var canvas = document.createElement("canvas");
      canvas.width = Math.round(image.width * scale);
      canvas.height = Math.round(image.height * scale);
      canvas.getContext("2d").drawImage(image, 0, 0, canvas.width, canvas.height);
      return new Promise(function (done) {
        canvas.toBlob(function (blob) {
          done(blob ? new File([blob], "board.jpg", {type: "image/jpeg"}) : null);
        }, "image/jpeg", 0.9);
      });
    });
  }

  // The board's corners on its photo: each dragged with a finger (a loupe above the
  // finger shows the corner magnified while it moves), or moved with the arrow keys once
  // focused. The form sends them in the photo's own pixels.
  var LOUPE = 3;  // times
  function photoCorners() {
    document.querySelectorAll("[data-corners]").forEach(function (box) {
      var width = Number(box.dataset.width), height = Number(box.dataset.height);
      var image = box.querySelector("img");
      var polygon = box.querySelector("polygon");
      var loupe = box.querySelector(".loupe");
      var form = box.closest("form");
      var corners = Array.from(box.querySelectorAll(".corner"));
      var points = corners.map(function (_, i) {
        return [Number(form.elements["x" + (i + 1)].value), Number(form.elements["y" + (i + 1)].value)];
      });
      function place(i) {
        var p = points[i];
        corners[i].style.left = (100 * p[0] / width) + "%";
        corners[i].style.top = (100 * p[1] / height) + "%";
        form.elements["x" + (i + 1)].value = p[0].toFixed(1);
        form.elements["y" + (i + 1)].value = p[1].toFixed(1);
        polygon.setAttribute("points", points.map(function (q) { return q.join(","); }).join(" "));
      }
      function magnify(i) {
        var shown = image.getBoundingClientRect();
        var p = points[i];
        var context = loupe.getContext("2d");
        var side = loupe.width / LOUPE * width / shown.width;
        context.clearRect(0, 0, loupe.width, loupe.height);
        context.drawImage(image, p[0] - side / 2, p[1] - side / 2, side, side, 0, 0, loupe.width, loupe.height);
        context.strokeStyle = "#e0007a";
        context.beginPath();
        context.moveTo(loupe.width / 2, 0); context.lineTo(loupe.width / 2, loupe.height);
        context.moveTo(0, loupe.height / 2); context.lineTo(loupe.width, loupe.height / 2);
        context.stroke();
        var x = 100 * p[0] / width, y = 100 * p[1] / height;
        loupe.style.left = x + "%";
        loupe.style.top = y + "%";
        loupe.classList.toggle("below", y < 30);
        loupe.hidden = false;
      }
      corners.forEach(function (corner, i) {
        corner.addEventListener("pointerdown", function (event) {
          event.preventDefault();
          corner.setPointerCapture(event.pointerId);
          corner.classList.add("dragging");
          magnify(i);
        });
        corner.addEventListener("pointermove", function (event) {
          if (!corner.hasPointerCapture(event.pointerId)) return;
          var shown = image.getBoundingClientRect();
          points[i] = [
            Math.min(width - 0.5, Math.max(0, (event.clientX - shown.left) / shown.width * width)),
            Math.min(height - 0.5, Math.max(0, (event.clientY - shown.top) / shown.height * height))
          ];
          place(i);
          magnify(i);
        });
        function drop() {
          corner.classList.remove("dragging");
          loupe.hidden = true;
        }
        corner.addEventListener("pointerup", drop);
        corner.addEventListener("pointercancel", drop);
        corner.addEventListener("keydown", function (event) {
          var step = (event.shiftKey ? 0.02 : 0.004) * width;
          var moves = {ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step]};
          var move = moves[event.key];
          if (!move) return;
          event.preventDefault();
          points[i] = [Math.min(width - 0.5, Math.max(0, points[i][0] + move[0])),
                       Math.min(height - 0.5, Math.max(0, points[i][1] + move[1]))];
          place(i);
        });
      });
    });
  }

  document.documentElement.classList.add("js");
  document.addEventListener("DOMContentLoaded", function () {
    try {
      worker();
      connection();  // before the other helps that hear a form sent: a tap offline waits
      keptPages();
      keepWhatThePlayerDid();
      sendForms();
      catchUp();
      calmAfterAWrite();
      sheetsOrAnchors();
      settleAddress();
      stayAwake();
      splits();
      eventDecks();
      tvPages();
      tunnelCards();
      goodsCounts();
      diceTotal();
      roundClocks();
      diceFirst();
      measureBar();
      shareButtons();
      copyButtons();
      board();
      searches();
      notesGoWhenTheTableMovesOn();
      announceMoves();
      photoForms();
      photoCorners();
    } finally {
      ready();  // whatever failed above shows as the page's own error, not as a page never ready
    }
  });
})();
