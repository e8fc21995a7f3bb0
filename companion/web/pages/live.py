"""Live pages: each game has a stream of server-sent events that brings a phone's page
anew when the game changed, so every phone at the table shows another phone's action at
once, in place (the page's new ``main``, made for that phone by ``pushed_page`` and
morphed into place; where it could not be made, a ``changed`` event, and the page fetches
itself: ``static/companion.js``).

A write wakes the streams of its game in this process at once, and the database's
``Listener`` wakes them for a write made by another process (another worker); a stream
takes the game's version from the change that woke it (each write says it), and reads it
from the database only when it starts or after a gap in what the listener heard.

Under ``companion serve`` a stream costs a greenlet, not a thread; one client address
holds at most ``STREAMS_PER_CLIENT`` of them in a process at once (200 unless set: a
club's shared Wi-Fi with 50 tables of 4 phones); one more is answered 429."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack
from typing import TypeVar

from flask import Blueprint, Response, current_app, request, stream_with_context, url_for
from flask_babel import gettext as _

from companion.web import event_store, game_store, pushed_page, unit_of_work
from companion.web.changes import CHANGES, EVENT, Changes, listener
from companion.web.holds import Holds, requester

bp = Blueprint("live", __name__)

HEARTBEAT = 15.0  # seconds of quiet before a comment keeps the connection open
RETRY = 1000  # milliseconds a browser waits before it connects again
STREAMS_PER_CLIENT = 200  # streams one client address may hold open in a process

STREAMS = Holds()  # each client address's streams open in this process


def events(
    game_id: str,
    version: Callable[[], int],
    since: int | None,
    heartbeat: float = HEARTBEAT,
    changes: Changes = CHANGES,
    page: Callable[[int], str | None] | None = None,
) -> Iterator[str]:
    """The stream: whenever the version differs from the last one sent (``since``: the
    one the page was made on), the page's new ``main`` (``page(version)``, a ``page`` event), or
    where there is none a ``changed`` event (the page fetches itself), each with the
    game's version as its id; a comment after ``heartbeat`` seconds of quiet, until the
    process stops. The version is the one the change that woke the stream said, or read
    (``version()``) where none was said."""
    with changes.following(game_id):
        yield f"retry: {RETRY}\n\n"
        seen = since
        while not changes.closing:
            mark = changes.mark(game_id)  # before the read: a change after it wakes us
            said = changes.version(game_id)
            now = version() if said is None else said
            if seen is None or now > seen:  # a version heard late never goes back
                seen = now
                yield _news(now, page)
            while not changes.wait(game_id, mark, heartbeat):
                yield ": quiet\n\n"


def event_events(
    standing: Callable[[], dict[str, int]],
    event_key: str,
    since: str | None,
    heartbeat: float = HEARTBEAT,
    changes: Changes = CHANGES,
    watching: Callable[[str], AbstractContextManager[None]] | None = None,
    page: Callable[[str], str | None] | None = None,
) -> Iterator[str]:
    """An event's stream: whenever the stamp differs from the last one sent, the page's
    new ``main`` (``page(stamp)``, a ``page`` event) or a ``changed`` event, each with the
    event's stamp as its id, following the event (``event_key``) and each of
    its tables' games. ``standing()`` reads them from the database with their versions;
    it is read when the event changes (a round drawn brings new games to follow), and
    after a game's change only where the change came without its version."""
    yield f"retry: {RETRY}\n\n"
    seen = since
    while not changes.closing:
        with ExitStack() as stack:
            followed = list(standing())
            for key in followed:
                stack.enter_context(changes.following(key))
                if watching is not None:
                    stack.enter_context(watching(key))
            marks = {key: changes.mark(key) for key in followed}
            versions = standing()  # read once followed: no change is missed in between
            while set(versions) == set(followed):
                now = event_store.stamp_of(versions, event_key)
                if now != seen:
                    seen = now
                    yield _news(now, page)
                while not changes.wait_any(marks, heartbeat):
                    yield ": quiet\n\n"
                if changes.closing:
                    return
                moved = [key for key in followed if changes.mark(key) != marks[key]]
                marks = {key: changes.mark(key) for key in followed}
                if event_key in moved:
                    break  # an entry: the games to follow may have changed
                heard = {key: changes.version(key) for key in moved}
                if any(v is None for v in heard.values()):
                    versions = standing()
                else:
                    versions = {k: max(v, heard.get(k) or 0) for k, v in versions.items()}


Version = TypeVar("Version", int, str)  # a game's version, an event's stamp


def _news(now: Version, page: Callable[[Version], str | None] | None) -> str:
    """What a stream says of a change to ``now`` (a version, a stamp): the page's new
    ``main`` where ``page`` makes it, else ``changed`` (the page fetches itself)."""
    main = page(now) if page is not None else None
    if main is None:
        return f"id: {now}\nevent: changed\ndata: {now}\n\n"
    return pushed_page.event(now, main)


def _since() -> int | None:
    """The version the page was made on: the last event's id when the browser connects
    again, else the page's own (``?since=``)."""
    text = request.headers.get("Last-Event-ID") or request.args.get("since") or ""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 12 else None


def _stream(game_id: str, prefix: str) -> Response:
    """The stream, which holds no connection to the database between its reads (the
    request's own is closed before it starts), with the phone's page made for it when
    that is a page of the game (under ``prefix``); 429 for a client holding its most."""
    client = requester()
    busy = _held(client)
    if busy is not None:
        return busy
    since = _since()
    shown = pushed_page.page_of(prefix)
    page = pushed_page.Pushed(game_id, shown) if shown is not None else None
    unit_of_work.close_db()
    database = unit_of_work.database()

    def version() -> int:
        with database.connection() as db:
            return game_store.game_version(game_id, db)

    def heard() -> Iterator[str]:
        with listener(database).watching(game_id):
            yield from events(game_id, version, since, heartbeat=_heartbeat(), page=page)

    return _streamed(heard(), client)


def _heartbeat() -> float:
    """Seconds of quiet before a stream's comment (``HEARTBEAT`` unless the app says:
    a test's stream that is to end soon after its page is gone)."""
    return float(current_app.config.get("STREAM_HEARTBEAT") or HEARTBEAT)


def _held(client: str) -> Response | None:
    """One more stream for ``client``, or the answer that it holds its most (429)."""
    most = int(current_app.config.get("STREAMS_PER_CLIENT") or STREAMS_PER_CLIENT)
    if STREAMS.take(client, most):
        return None
    busy = Response(
        _("This device has too many pages following games open at once."),
        status=429,
        mimetype="text/plain",
    )
    busy.headers["Retry-After"] = "30"
    return busy


def _event_stream(event_id: str, prefix: str) -> Response:
    """The event's stream, for its screens: reads the database at its start and after
    each change (its games, and where they stand), never between; brings the screen's
    page when that is a page of the event (under ``prefix``)."""
    client = requester()
    busy = _held(client)
    if busy is not None:
        return busy
    asked = request.headers.get("Last-Event-ID") or request.args.get("since") or ""
    since = asked if len(asked) <= 40 else None
    unit_of_work.close_db()
    database = unit_of_work.database()

    def standing() -> dict[str, int]:
        with database.connection() as db:
            return event_store.standing(event_id, db)

    watching = listener(database).watching
    shown = pushed_page.page_of(prefix)
    page = pushed_page.Pushed(None, shown) if shown is not None else None
    stream = event_events(
        standing, EVENT + event_id, since, _heartbeat(), watching=watching, page=page
    )
    return _streamed(stream, client)


def _streamed(body: Iterator[str], client: str) -> Response:
    """The stream's answer, its place given back when the page is gone."""
    response = Response(stream_with_context(body), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"  # a proxy must not hold the events back
    response.call_on_close(lambda: STREAMS.give_back(client))  # the page gone: place freed
    return response


@bp.get("/e/<event_id>/events")
def organizer_events(event_id: str) -> Response:
    """The event's changes, for the organizer's page."""
    event_store.stamp(event_id)  # no such event: 404 before the stream starts
    return _event_stream(event_id, url_for("event.show", event_id=event_id))


@bp.get("/e/w/<watch>/events")
def public_events(watch: str) -> Response:
    """The event's changes, for the room's screen and the phones that follow it."""
    stored = event_store.load_watched_event(watch)
    return _event_stream(stored.id, url_for("event.watch", watch=watch))


@bp.get("/g/<game_id>/events")
def game_events(game_id: str) -> Response:
    """The game's changes, for the pages of phones that play."""
    game_store.game_version(game_id)  # no such game: 404 before the stream starts
    return _stream(game_id, url_for("table.show", game_id=game_id))


@bp.get("/w/<watch>/events")
def watch_events(watch: str) -> Response:
    """The game's changes, for the pages of phones that watch."""
    return _stream(game_store.watched_id(watch), url_for("watch.show", watch=watch))
