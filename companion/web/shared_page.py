"""A game's page, made once per version of the game and shared by every phone that asks.

After a change every phone at the table fetches its page again at once (a live update,
``HX-Request``: the page morphs the new one into place), the phone that made the change
loads the page its form led to, and each phone now and then opens the board or the score
sheet. Those pages differ only in each phone's own: its form tokens (Flask-WTF's
protection and the page's one-time token), the note after its own tap, and the time the
page was served. So a page is made once for the game's version, the address asked for (the
player acting, the dice, the history shown, the line picked out on the sheet), the host,
the language, the palette and the frame (inside Telegram or not), with marks where each
phone's own goes (``stamps``), and each phone gets a copy with its own put in.

A page shared is answered with a validator (its version and what it was made for): a
browser that asks again with the copy it has, and has no note waiting, is answered 304,
with nothing made. A page with anything else of the phone's own (a refusal) is made for it
alone.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path

from flask import (
    abort,
    after_this_request,
    current_app,
    g,
    get_flashed_messages,
    get_template_attribute,
    request,
    session,
)
from markupsafe import Markup
from werkzeug.wrappers import Response

from companion.web.cache import Recent
from companion.web.headers import inside_telegram
from companion.web.language import language
from companion.web.page_made import made_once
from companion.web.players import colour_blind
from companion.web.stamps import (
    CSRF_MARK,
    NOTES_MARK,
    NOW_MARK,
    TOKEN_MARK,
    csrf_token,
    form_token,
    marking,
    new_form_token,
)
from companion.web.stored_game import StoredGame
from companion.web.unit_of_work import now

# What a page's own address may ask (the player acting, the dice, the language, the whole
# history, a line of the sheet): a page with anything else in its address is made for it
# alone.
ASKED = frozenset({"player", "faces", "lang", "history", "show"})
# The most pages of one version of a game kept for its phones (its table, board, sheet and
# watching pages in three languages, loaded and live, for a player or two, on a host or
# two): more are made alone.
MOST_KEPT = 48


def is_live_update() -> bool:
    """Whether the page is asked for by a live update (the page fetching itself)."""
    return request.method == "GET" and bool(request.headers.get("HX-Request"))


def _marked(make: Callable[[], str]) -> Callable[[], str]:
    """``make`` with marks where each phone's own goes."""

    def made() -> str:
        g.marking_tokens = True
        try:
            return make()
        finally:
            g.marking_tokens = False

    return made


def page_now() -> str:
    """The time the page is served, as ``unit_of_work.now`` says it (a round's clock counts from
    it)."""
    return Markup(NOW_MARK) if marking() else now()


def notes(messages: Sequence[object], version: int | None) -> Markup:
    """The notes of what this phone's last taps did (made at the game's ``version``)."""
    made = get_template_attribute("_notes.html", "notes")
    return Markup(made(messages, version))


def notes_here(version: int | None) -> Markup:
    """This phone's notes, where the page shows them; none in a live update, which
    leaves the notes shown where they are (they belong to this phone's last tap)."""
    if marking():
        return Markup(NOTES_MARK)
    if is_live_update():
        return Markup("")
    return notes(get_flashed_messages(), version)


def _put_in(
    page: str,
    csrf: Callable[[], str],
    token: Callable[[], str],
    notes: Callable[[], str],
) -> str:
    """A shared page with a phone's own put in where its marks are (each asked for only
    where the page has its mark): its protection token, its one-time token, its notes,
    the time now."""
    for mark, own in ((CSRF_MARK, csrf), (TOKEN_MARK, token), (NOTES_MARK, notes), (NOW_MARK, now)):
        if mark in page:
            page = page.replace(mark, own())
    return page


def _for_this_phone(page: str) -> str:
    """A shared page with this phone's own put in, as this request asked for it."""
    return _put_in(page, csrf_token, form_token, lambda: str(notes_here(g.get("page_version"))))


def live_copy(page: str, csrf: str) -> str:
    """A shared page as a live update brings it to a phone: its own protection token
    (``csrf``), a one-time token of its own, no notes (those shown stay), the time now."""
    return _put_in(page, lambda: csrf, new_form_token, lambda: "")


@cache
def pages_version() -> str:
    """A name for what makes the pages (the app's code, templates and catalogs): the same
    in every worker and on every host serving the same app, changed by a new one."""
    root = Path(__file__).resolve().parents[2]
    digest = hashlib.sha256()
    for folder, pattern in (("companion", "**/*.py"), ("templates", "**/*"), ("static", "**/*")):
        for path in sorted((root / folder).glob(pattern)):
            if path.is_file():
                digest.update(path.relative_to(root).as_posix().encode())
                digest.update(path.read_bytes())
    for path in sorted((root / "companion" / "translations").glob("**/*.mo")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:10]


def _made_for(key: tuple[object, ...]) -> str:
    """A digest of what a page was made for, and by which app (set to show which address
    to other phones)."""
    made_by = (pages_version(), current_app.config.get("PUBLIC_URL"))
    return hashlib.sha256(repr((made_by, key)).encode()).hexdigest()[:16]


def _validated(response: Response, validator: str) -> Response:
    """``response`` with the page's validator, to be asked for again each time (and kept
    by no proxy: its copy has this phone's tokens)."""
    response.set_etag(validator, weak=True)
    response.headers["Cache-Control"] = "private, no-cache"
    return response


def _answered_with(validator: str) -> None:
    """The page's answer carries its validator."""

    @after_this_request
    def validated(response: Response) -> Response:
        return _validated(response, validator) if response.status_code == 200 else response


def page_key() -> tuple[object, ...] | None:
    """What the page asked for now is shared under: its address, host, language, palette
    and frame (None: a page made for this phone alone)."""
    if request.method != "GET" or not set(request.args) <= ASKED:
        return None
    asked = tuple(sorted((k, v) for k in request.args for v in request.args.getlist(k)))
    return (
        "page",
        request.path,
        asked,
        request.host_url,
        language(),
        colour_blind(),
        inside_telegram(),
    )


def shared(game: StoredGame, make: Callable[[], str]) -> str:
    """The page ``make()`` gives, made once per version of ``game``, address, host,
    language, palette and frame, then given this phone's own; 304 (``abort``) when the
    browser has it."""
    key = page_key()
    if key is None:
        return make()
    if game.kept_count("page") >= MOST_KEPT and not game.has_kept(key):
        return make()  # a client asking for many addresses keeps nothing more
    g.page_version = game.version
    made_for = _made_for(key)
    if not session.get("_flashes"):  # a note waits: the page is shown anew, with it
        validator = f"{game.version}-{made_for}"  # the version and what it was made for
        if request.if_none_match.contains_weak(validator):
            abort(_validated(Response(status=304), validator))
        _answered_with(validator)
    page: str = game.kept(key, lambda: made_once(game.id, game.version, made_for, _marked(make)))
    return _for_this_phone(page)


# Pages that show the same to everyone who asks at once, by what they show (an event's
# public page at its stamp: 20 screens ask for it after each change at any table).
PAGES: Recent[tuple[object, ...], str] = Recent(64)
_MAKING = threading.Lock()


def shared_by(key: tuple[object, ...], make: Callable[[], str]) -> str:
    """The page ``make()`` gives, made once for ``key`` (and the address asked for, the
    host and the language) by the first to ask while the others wait for it, then given
    this phone's own."""
    key = (
        *key,
        request.full_path,
        request.host_url,
        language(),
        colour_blind(),
        inside_telegram(),
    )
    page = PAGES.get(key)
    if page is None:
        with _MAKING:
            page = PAGES.get(key)
            if page is None:
                page = PAGES.put(key, _marked(make)())
    return _for_this_phone(page)
