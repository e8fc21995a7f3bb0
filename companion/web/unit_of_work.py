"""The unit of work: the request's connection to the database (``database``), in the
manner of flaskr's db.py, and the write transactions made on it (``writing``), each of
which raises the version of what it changes (``raise_version``), for the pages following
it to hear of once it commits: a write says the versions it raised (``Write``). What a
request has read is kept for it until it writes (``kept_reads``).

The storage of games (``game_store``), groups (``group_store``) and events
(``event_store``) writes through it. What it keeps for the request, in ``flask.g``, is its
own, read nowhere else: ``db`` (the connection), ``reads`` (``kept_reads``) and
``in_write`` (a write is open).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from flask import Flask, current_app, g, has_request_context

from companion.web.changes import CHANGES, CHANNEL
from companion.web.database import (
    FAULTS,
    UNKNOWN_OUTCOME,
    UNREACHABLE,
    Connection,
    Database,
    Unavailable,
    reason_of,
)


def database() -> Database:
    """The app's database (``DATABASE``: a SQLite file or a PostgreSQL address)."""
    db: Database = current_app.extensions["companion.database"]
    return db


def get_db() -> Connection:
    """The request's connection, opened on first use."""
    if "db" not in g:
        g.db = database().connect()
    db: Connection = g.db
    return db


def close_db(_error: BaseException | None = None) -> None:
    """Closes the request's connection (gives it back to the pool), if one was opened."""
    db = g.pop("db", None)
    if db is not None:
        db.close()


def init_app(app: Flask) -> None:
    """Registers the connection's teardown and makes the database on first run."""
    db = Database(app.config["DATABASE"], pool_size=app.config.get("DATABASE_POOL", 10))
    app.extensions["companion.database"] = db
    app.teardown_appcontext(close_db)
    db.init_schema()


def now() -> str:
    """The time now, as a write stores it."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


@dataclass
class Write:
    """A write transaction, as ``writing`` opens it: its connection, and the version it
    raised each row it changed to (``raise_version``), by key: a game's id, or "event:"
    and an event's id (None: no such row). Once it commits, the pages following them hear
    of it; its caller tells its answer the version it left the game at."""

    db: Connection
    raised: dict[str, int | None] = field(default_factory=dict)


@contextmanager
def writing(game_id: str | None = None, lock: str | None = None) -> Iterator[Write]:
    """A write transaction: other writers (to the same game, or taking the same ``lock``,
    on PostgreSQL; to the same database, on SQLite) wait until it commits or rolls back.
    A write that checks something and then changes it takes a lock named for what it
    checks ("group:<id>", "started:<client>"). Once it commits, the pages following what
    it raised the version of hear of it (``live``). What the request read before it is
    read again, under its lock and after it (``kept_reads``)."""
    db = get_db()
    db.begin(game_id, lock)
    write = Write(db)
    g.pop("reads", None)
    g.in_write = True  # for kept_reads: nothing is kept under the lock
    try:
        try:
            yield write
        except BaseException:
            try:
                db.rollback()
            except Exception:  # the first error is the one to tell
                pass
            raise
        try:
            db.commit()
        except FAULTS as error:
            if db.kind == "postgresql" and reason_of(error) == UNREACHABLE:
                # The connection broke with the commit sent: the server may have stored it.
                raise Unavailable(UNKNOWN_OUTCOME, str(error)) from error
            raise
    finally:
        g.pop("in_write", None)
    for changed, version in write.raised.items():
        CHANGES.notify(changed, version)


def kept_reads() -> dict[str, Any]:
    """What the request has read (a game by its id), kept for it until it writes: a fresh
    dict outside a request, and under a write's lock, where nothing is kept (what is read
    there is read as it stands)."""
    if not has_request_context() or "in_write" in g:
        return {}
    reads: dict[str, Any] = g.setdefault("reads", {})
    return reads


def raise_version(write: Write, table: str, row_id: str, key: str = "", **also: str) -> int | None:
    """A game's (or an event's, ``key`` "event:") version one more, with the columns
    ``also`` set, in ``write``: noted in it (``Write.raised``), said to this process's
    streams once it commits (``writing``), and on PostgreSQL to every process's listener
    in the same statement (the notice "<key><id> <version>", as ``changes.read_notice``
    reads it). The version it is raised to (None: no such row)."""
    sets = "".join(f"{column} = ?, " for column in also)
    update = f"UPDATE {table} SET {sets}version = version + 1 WHERE id = ? RETURNING version"
    params = [*also.values(), row_id]
    if write.db.kind == "postgresql":
        update += f", pg_notify(?, '{key}' || id || ' ' || version)"
        params.append(CHANNEL)
    row = write.db.execute(update, params).fetchone()
    version = int(row[0]) if row is not None else None
    write.raised[key + row_id] = version
    return version
