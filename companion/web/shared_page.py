"""A game's page as a live update asks for it, made once per version of the game and
shared by every phone that asks.

After a change every phone at the table fetches its page again at once (``HX-Request``:
the page morphs the new one into place). Those pages differ only in each phone's own
form tokens (Flask-WTF's protection and the page's one-time token): the page is made
once for the game's version, the address asked for (the player acting, the dice, the
history shown), the host and the language, with marks where the tokens go (``stamps``),
and each phone gets a copy with its own put in. A page with anything else of the phone's
own (a note after its tap, a refusal) is made for it alone, as are the pages a browser
loads itself.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from flask import g, request

from companion.web.cache import Recent
from companion.web.language import language
from companion.web.players import colour_blind
from companion.web.stamps import CSRF_MARK, TOKEN_MARK, csrf_token, form_token
from companion.web.stored_game import StoredGame

# What a page's own address may ask (the player acting, the dice, the language, the whole
# history): a live update with anything else in its address is made for it alone.
ASKED = frozenset({"player", "faces", "lang", "history"})
# The most pages of one version of a game kept for its phones (its table and watching
# pages in three languages, for a player or two, on a host or two): more are made alone.
MOST_KEPT = 24


def is_live_update() -> bool:
    """Whether the page is asked for by a live update (the page fetching itself)."""
    return request.method == "GET" and bool(request.headers.get("HX-Request"))


def _marked(make: Callable[[], str]) -> Callable[[], str]:
    """``make`` with marks where each phone's tokens go."""

    def made() -> str:
        g.marking_tokens = True
        try:
            return make()
        finally:
            g.marking_tokens = False

    return made


def _with_tokens(page: str) -> str:
    if CSRF_MARK in page:
        page = page.replace(CSRF_MARK, csrf_token())
    return page.replace(TOKEN_MARK, form_token()) if TOKEN_MARK in page else page


def shared(game: StoredGame, make: Callable[[], str]) -> str:
    """The page ``make()`` gives, for a live update: made once per version of ``game``,
    address, host and language, then given this phone's tokens."""
    made = _marked(make)

    if not set(request.args) <= ASKED:
        return make()
    asked = tuple(sorted((k, v) for k in request.args for v in request.args.getlist(k)))
    key = ("page", request.path, asked, request.host_url, language(), colour_blind())
    if game.kept_count("page") >= MOST_KEPT and not game.has_kept(key):
        return make()  # a client asking for many addresses keeps nothing more
    page: str = game.kept(key, made)
    return _with_tokens(page)


# Pages that show the same to everyone who asks at once, by what they show (an event's
# public page at its stamp: 20 screens ask for it after each change at any table).
PAGES: Recent[tuple[object, ...], str] = Recent(64)
_MAKING = threading.Lock()


def shared_by(key: tuple[object, ...], make: Callable[[], str]) -> str:
    """The page ``make()`` gives, made once for ``key`` (and the address asked for, the
    host and the language) by the first to ask while the others wait for it, then given
    this phone's tokens."""
    key = (*key, request.full_path, request.host_url, language(), colour_blind())
    page = PAGES.get(key)
    if page is None:
        with _MAKING:
            page = PAGES.get(key)
            if page is None:
                page = PAGES.put(key, _marked(make)())
    return _with_tokens(page)
