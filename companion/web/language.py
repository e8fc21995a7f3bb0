"""The language of the pages: chosen from the browser, switched in one tap, remembered.

``?lang=ru`` in an address wins (the PDF links carry the page's language); then a tap on
the switch, remembered in a cookie. Else a phone that plays speaks its browser's language
(``Accept-Language``), and the watch pages and the sheet's PDF, which the table shares,
speak the table's: the language the game was started in; an event's public page and
files speak the language its organizer chose."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

from flask import Flask, g, request
from flask_babel import Babel, format_date, get_locale
from markupsafe import Markup, escape

from companion.catalogs import (
    CATALOGS,
    DEFAULT,
    LANGUAGES,
    SHORT,
    language_code,
    translator,
)
from companion.rules.board import Board
from companion.rules.errors import IllegalAction
from companion.rules.words import DASH, speak, stop_speaking
from companion.web import database
from companion.web.cache import Recent
from companion.web.players import colour_blind

COOKIE = "lang"
YEAR = 365 * 24 * 3600


def choose() -> str:
    """The language of this request's page."""
    chosen = language_code(request.args.get("lang")) or language_code(request.cookies.get(COOKIE))
    if chosen:
        return chosen
    browser = request.accept_languages.best_match(LANGUAGES)
    if (request.endpoint or "").startswith("watch.") or request.endpoint == "sheet.pdf":
        return _table_language() or browser or DEFAULT
    if request.endpoint in EVENT_SPEAKS:
        return _event_language() or browser or DEFAULT
    return browser or _table_language() or DEFAULT


# An event's pages that speak the language its organizer chose: the public page (the
# room's screen) and the files, the organizer's downloads included.
EVENT_SPEAKS = frozenset(
    {
        "event.watch",
        "event.tv",
        "event.watched_standings_pdf",
        "event.watched_standings_csv",
        "event.watched_games_csv",
        "event.standings_pdf",
        "event.standings_csv",
        "event.games_csv",
    }
)


def _event_language() -> str | None:
    """The language an event's organizer chose, on that event's public page and files."""
    from companion.web import event_store

    return _stored_language("event_id", event_store.event_language)


def _table_language() -> str | None:
    """The language a game was started in, on that game's pages."""
    from companion.web import game_store

    return _stored_language("game_id", game_store.game_language)


def _stored_language(own: str, read: Callable[..., str | None]) -> str | None:
    """The language stored with the game or event this request's address names, by its
    own address (the view's argument ``own``) or its watching one, read by ``read``; None
    for no such address, or one nothing could have, and with the database out of reach
    (the page that says so still speaks)."""
    args = request.view_args or {}
    key = own if own in args else "watch" if "watch" in args else None
    if key is None:
        return None
    try:
        return language_code(read(**{key: args[key]}))
    except (LookupError, IllegalAction):  # nothing there; an address nothing could have
        return None
    except database.FAULTS:
        return None


def day(moment: str) -> str:
    """The day of a moment stored in UTC ("2026-11-27T19:05:00+00:00"), as the reader's
    language writes a date: "Nov 27, 2026", "27 нояб. 2026 г.", "27 лист. 2026 р."."""
    return str(format_date(datetime.fromisoformat(moment).date(), "medium"))


def language() -> str:
    """The code of the language being spoken ("en", "ru", "uk"), found once a request."""
    code: str | None = g.get("language")
    if code is None:
        code = g.language = str(get_locale() or DEFAULT)
    return code


def init_app(app: Flask) -> None:
    """Flask-Babel with the companion's catalogs; every request's messages, the rules'
    included, are put into words in the page's language."""
    Babel(app, locale_selector=choose, default_translation_directories=str(CATALOGS))
    for code in LANGUAGES:
        translator(code)  # a missing catalog stops the app here, not English in its place

    @app.before_request
    def _speak() -> None:
        # The companion's own catalog of the page's language (the one the command line
        # speaks with): it knows its language, so a place says its local name beside.
        g.spoken = speak(translator(language()))

    @app.teardown_request
    def _stop(_error: BaseException | None = None) -> None:
        token = g.pop("spoken", None)
        if token is not None:
            stop_speaking(token)

    @app.context_processor
    def _languages() -> dict[str, object]:
        return {
            "language": language(),
            "LANGUAGES": LANGUAGES,
            "SHORT_LANGUAGES": SHORT,
            "colour_blind": colour_blind(),
        }

    # Globals (not the context's): a macro called from Python sees them too.
    for helper in (place, place_text, targets, local_name):
        app.add_template_global(helper)

    app.add_template_filter(day, "day")


def local_name(board: Board, *names: str) -> str:
    """The places' names in the language spoken, where it is not the board's ("" in
    English): "Москва" for Moskva, "Денвер – Эль-Пасо" for a ticket's two cities."""
    code = language()
    locals_ = [board.cities[n].local.get(code, "") if n in board.cities else "" for n in names]
    if not all(locals_) or locals_ == list(names):
        return ""
    return " – ".join(locals_)


def place_text(board: Board, name: str) -> str:
    """A place in plain text, its local name beside it where it has one: "Moskva (Москва)"."""
    return str(board.place(name))


# Each place as a page shows it, by board, names and language (the same on every page).
PLACES: Recent[tuple[str, tuple[str, ...], str], Markup] = Recent(16384)


def place(board: Board, *names: str) -> Markup:
    """A place as printed on the board, its local name beside it in Russian or Ukrainian."""
    key = (board.id, names, language())
    found = PLACES.get(key)
    if found is None:
        printed = escape(DASH.join(names))
        local = local_name(board, *names)
        if local:
            beside = f'<span class="local" lang="{key[2]}">{escape(local)}</span>'
            printed = Markup(f"{printed} {beside}")
        found = PLACES.put(key, printed)
    return found


def targets(board: Board, origin: str, listed: Sequence[tuple[str, int]]) -> Markup:
    """A ticket with several targets as printed, its places' local names beside them:
    "Bern → France 5 · Deutschland 6 · Österreich 11 · Italia 8"."""
    parts = [Markup(f"{place(board, t)}&nbsp;<strong>{points}</strong>") for t, points in listed]
    return place(board, origin) + Markup(" → ") + Markup(" · ").join(parts)
