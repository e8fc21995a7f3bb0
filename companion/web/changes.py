"""Which games changed, for the live pages (``live``).

``CHANGES`` counts the changes of each game followed in this process, raised by the store
when a write commits, and lets a stream wait for its game's next one (each game has its own
condition, so a change wakes only the streams of that game).

A write made by another process (another worker of ``companion serve``) is heard by a
``Listener``, one per database in each process, started by the first stream: on
PostgreSQL it LISTENs for the store's NOTIFY; on SQLite it asks the database, fifty times a
second, whether any other connection has committed since (``PRAGMA data_version``, which
reads no table), and only then reads the versions of the games that have streams in this
process, in one query.

An event's screens follow the event itself as "event:<id>" (its organizer's entries) and
each of its tables' games, waiting on all of them at once (``wait_any``).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.web.database import Connection, Database

CHANNEL = "companion_changes"  # PostgreSQL's channel: each notice's payload "<id> <version>"
EVENT = "event:"  # an event is followed as "event:<id>", beside its tables' games
TICK = 0.02  # seconds between SQLite's questions whether anything was committed
RETRY = 1.0  # seconds before a listener whose database went away tries again
IDLE = 30.0  # seconds a listener with nothing to watch waits before it stops

log = logging.getLogger(__name__)


class Changes:
    """A counter of changes per followed game, and a way to wait for the next one.

    A game has a count and a condition only while a stream follows it (``following``):
    changes to the games nobody follows here cost nothing and leave nothing behind."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts: dict[str, int] = {}
        self._versions: dict[str, int] = {}  # game id -> its latest version heard of
        self._conditions: dict[str, threading.Condition] = {}
        self._streams: dict[str, int] = {}  # game id -> streams following it
        self._also: dict[str, list[threading.Condition]] = {}  # game id -> ``wait_any``s
        self.closing = False  # the process is stopping: every stream ends

    @contextmanager
    def following(self, game_id: str) -> Iterator[None]:
        """While a stream follows ``game_id``: its changes are counted and wake it."""
        with self._lock:
            self._streams[game_id] = self._streams.get(game_id, 0) + 1
            if game_id not in self._conditions:
                self._conditions[game_id] = threading.Condition(self._lock)
                self._counts[game_id] = 0
        try:
            yield
        finally:
            with self._lock:
                self._streams[game_id] -= 1
                if not self._streams[game_id]:
                    del self._streams[game_id], self._conditions[game_id], self._counts[game_id]
                    self._versions.pop(game_id, None)

    def followed(self) -> list[str]:
        """The games followed here now."""
        with self._lock:
            return list(self._streams)

    def mark(self, game_id: str) -> int:
        """The game's count now, to wait from (within ``following``)."""
        with self._lock:
            return self._counts.get(game_id, 0)

    def version(self, game_id: str) -> int | None:
        """The game's latest version heard of with a change (None: not known here, so to
        be read from the database)."""
        with self._lock:
            return self._versions.get(game_id)

    def notify(self, game_id: str, version: int | None = None) -> None:
        """The game changed (to ``version``, if known): wakes its streams (nothing if none
        follows it). Changes may be heard out of order: the latest version is kept."""
        with self._lock:
            condition = self._conditions.get(game_id)
            if condition is not None:
                self._counts[game_id] += 1
                if version is None:  # something was missed: the streams read it again
                    self._versions.pop(game_id, None)
                else:
                    self._versions[game_id] = max(version, self._versions.get(game_id, 0))
                condition.notify_all()
                for waiter in self._also.get(game_id, ()):
                    waiter.notify_all()

    def wait(self, game_id: str, mark: int, timeout: float) -> bool:
        """Returns True when the game changed since ``mark`` (within ``following``), or at
        once when the process is stopping; False after ``timeout`` seconds of neither."""
        with self._lock:
            condition = self._conditions[game_id]
            return condition.wait_for(
                lambda: self.closing or self._counts[game_id] != mark, timeout
            )

    def wait_any(self, marks: dict[str, int], timeout: float) -> bool:
        """``wait`` for several games at once (each followed, each with its mark): True
        when any of them changed since its mark, or the process is stopping."""
        with self._lock:
            waiter = threading.Condition(self._lock)
            for game_id in marks:
                self._also.setdefault(game_id, []).append(waiter)
            try:
                return waiter.wait_for(
                    lambda: (
                        self.closing
                        or any(self._counts.get(g, 0) != mark for g, mark in marks.items())
                    ),
                    timeout,
                )
            finally:
                for game_id in marks:
                    self._also[game_id].remove(waiter)
                    if not self._also[game_id]:
                        del self._also[game_id]

    def close(self) -> None:
        """The process is stopping: every stream ends now (its page connects again, to
        another worker or to the server started next), rather than holding the stop up."""
        with self._lock:
            self.closing = True
            for condition in self._conditions.values():
                condition.notify_all()
            for waiters in self._also.values():
                for waiter in waiters:
                    waiter.notify_all()


CHANGES = Changes()


class Listener:
    """Hears the changes other processes make to one database's games, and raises them in
    ``CHANGES``: a thread of its own, started by the first stream that watches a game."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self._lock = threading.Lock()
        self._watched: dict[str, int] = {}  # game id -> streams watching it
        self._thread: threading.Thread | None = None

    @contextmanager
    def watching(self, game_id: str) -> Iterator[None]:
        """While a stream follows ``game_id``: its changes from other processes are heard."""
        with self._lock:
            self._watched[game_id] = self._watched.get(game_id, 0) + 1
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._run, name="companion-listener", daemon=True
                )
                self._thread.start()
        try:
            yield
        finally:
            with self._lock:
                self._watched[game_id] -= 1
                if not self._watched[game_id]:
                    del self._watched[game_id]

    def watched(self) -> list[str]:
        with self._lock:
            return list(self._watched)

    def _done(self, idle_since: float) -> bool:
        """Whether the thread stops: nothing watched since ``IDLE`` seconds (decided under
        the lock, so that a stream starting then starts a new thread)."""
        with self._lock:
            if self._watched or time.monotonic() - idle_since < IDLE:
                return False
            self._thread = None
            return True

    def _run(self) -> None:
        while True:
            try:
                if self.database.kind == "postgresql":
                    self._listen()
                else:
                    self._poll()
                return  # stopped: nothing to watch
            except Exception as error:  # the database went away: heard again after it
                log.warning("live updates: %s; trying again", " ".join(str(error).split()))
                for game_id in self.watched():  # a change may have been missed meanwhile
                    CHANGES.notify(game_id)
                time.sleep(RETRY)

    def _listen(self) -> None:
        """PostgreSQL: the store NOTIFYs each game it changes, on commit."""
        import psycopg

        with psycopg.connect(self.database.url, autocommit=True) as db:
            db.execute(f"LISTEN {CHANNEL}")
            for game_id in self.watched():  # anything missed before listening
                CHANGES.notify(game_id)
            idle_since = time.monotonic()
            while True:
                for heard in db.notifies(timeout=5.0):
                    CHANGES.notify(*read_notice(heard.payload))
                if self.watched():
                    idle_since = time.monotonic()
                elif self._done(idle_since):
                    return

    def _poll(self) -> None:
        """SQLite: once another connection has committed (or a game is newly watched), the
        versions of the games watched here, read together."""
        known: dict[str, int] = {}
        committed = None  # the database's data_version when the versions were last read
        idle_since = time.monotonic()
        with self.database.connection() as db:
            while True:
                watched = self.watched()
                if not watched and self._done(idle_since):
                    return
                now_committed = db.execute("PRAGMA data_version").fetchone()[0]
                if watched and (now_committed != committed or set(watched) != set(known)):
                    committed = now_committed
                    idle_since = time.monotonic()
                    rows = _versions(db, watched)
                    known = {game_id: known[game_id] for game_id in watched if game_id in known}
                    for game_id, version in ((r[0], int(r[1])) for r in rows):
                        if known.get(game_id) != version:  # first seen too: not missed
                            CHANGES.notify(game_id, version)
                        known[game_id] = version
                elif watched:
                    idle_since = time.monotonic()
                time.sleep(TICK)


def _versions(db: Connection, watched: list[str]) -> list[tuple[str, int]]:
    """The versions of the games watched, and of the events (watched as "event:<id>")."""
    games = [k for k in watched if not k.startswith(EVENT)]
    events = [k.removeprefix(EVENT) for k in watched if k.startswith(EVENT)]
    rows: list[tuple[str, int]] = []
    for table, prefix, ids in (("game", "", games), ("event", EVENT, events)):
        if ids:
            marks = ",".join("?" * len(ids))
            found = db.execute(f"SELECT id, version FROM {table} WHERE id IN ({marks})", ids)
            rows += [(prefix + r[0], int(r[1])) for r in found]
    return rows


def read_notice(payload: str) -> tuple[str, int | None]:
    """The game and its version a PostgreSQL notice says: "<id> <version>", as the store's
    ``touch`` says it in the statement that raises the version."""
    game_id, _, version = payload.partition(" ")
    return game_id, int(version) if version.isdigit() else None


def listener(database: Database) -> Listener:
    """The database's listener in this process (made once)."""
    with _LISTENERS_LOCK:
        found = _LISTENERS.get(database.url)
        if found is None:
            found = _LISTENERS[database.url] = Listener(database)
        return found


_LISTENERS: dict[str, Listener] = {}
_LISTENERS_LOCK = threading.Lock()
