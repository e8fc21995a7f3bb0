"""The database behind the store: SQLite, a file in the instance folder (the embedded
default, for one table), or PostgreSQL, a ``postgresql://`` address (for hosting many
tables from several worker processes). The store writes its SQL once, with ``?`` marks,
and reads rows by column name; this module speaks each database's dialect of the rest:
transactions, locks and the schema's upkeep.

- A write on SQLite takes the database's write lock (``BEGIN IMMEDIATE``); on PostgreSQL
  it locks only the game's row (``SELECT … FOR UPDATE``), so writes to one game never wait
  on another game.
- The schema is made, and brought up to date by its numbered steps (``migrations``), under
  a lock (SQLite's write lock, PostgreSQL's advisory lock), so several workers may start
  at once.
- A database that can't be reached, is full or is read-only raises ``Unavailable`` with
  the reason in words; nothing recorded is lost by it.
"""

from __future__ import annotations

import functools
import logging
import os
import sqlite3
import threading
import time
import weakref
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Protocol
from urllib.parse import quote, unquote, urlsplit

from companion.rules.errors import IllegalAction
from companion.rules.words import _
from companion.web import migrations

LOG = logging.getLogger(__name__)

# PostgreSQL's advisory lock taken while the schema is made or changed (any number that
# no other program on the same database uses for its own: "ttrc" in ASCII).
SCHEMA_LOCK = 0x74747263


class Unavailable(Exception):
    """The database can't take the request now: it is unreachable, full or read-only.
    ``reason`` says which, in English (the web app says it in the page's language)."""

    def __init__(self, reason: str, detail: str = "") -> None:
        detail = " ".join(detail.split())  # a driver's message may run over several lines
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


# What a database's own error means, by the words in it: the reasons ``Unavailable`` gives.
FULL, READ_ONLY, UNREACHABLE, BUSY = "full", "read-only", "unreachable", "busy"
# A write whose commit was sent but whose answer never came: it may or may not be stored.
UNKNOWN_OUTCOME = "outcome unknown"


def reason_of(error: BaseException) -> str:
    """The reason behind a database's error, as ``Unavailable`` names it."""
    text = str(error).lower()
    if "full" in text or "no space" in text or "disk quota" in text:
        return FULL
    if "read-only" in text or "readonly" in text or "read only" in text:
        return READ_ONLY
    if "locked" in text or "timeout" in text or "timed out" in text or "too many" in text:
        return BUSY
    return UNREACHABLE


class Rows(Protocol):
    """What a query gives back: rows by column name (or place), and how many it changed."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


def storable(params: Sequence[Any]) -> tuple[Any, ...]:
    """The values of a statement, refused (``IllegalAction``, a 4xx) when a text holds a
    NUL character: PostgreSQL stores none, and SQLite is held to the same, whatever the
    page or record it came from."""
    for value in params:
        if isinstance(value, str) and "\x00" in value:
            raise IllegalAction(_("a text can't hold a NUL character"))
    return tuple(params)


class Connection:
    """One connection, in either dialect: ``execute`` with ``?`` marks, ``begin`` a write
    (locking one game on PostgreSQL), ``commit``, ``rollback``. No text holding a NUL
    character reaches the database (``storable``)."""

    kind = ""

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Rows:
        raise NotImplementedError

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        for params in rows:
            self.execute(sql, params)

    def begin(self, game_id: str | None = None, lock: str | None = None) -> None:
        """Starts a write; with ``game_id``, one that no other write to that game shares;
        with ``lock``, one that no other write taking the same lock shares (a check that
        a write then relies on, such as a group's merges, holds until it commits)."""
        raise NotImplementedError

    def hold(self, game_id: str) -> None:
        """Within a write: no other write to the game until this one ends (on SQLite every
        write already waits for the others)."""

    def commit(self) -> None:
        self.execute("COMMIT")

    def rollback(self) -> None:
        self.execute("ROLLBACK")

    def begin_schema(self) -> None:
        """Starts the transaction that makes or changes the schema (one at a time)."""
        raise NotImplementedError

    def begin_snapshot(self) -> None:
        """Starts a read that sees the database as it stood at its start, whatever is
        written meanwhile, until it ends (``rollback``): a backup's every table at once."""
        raise NotImplementedError

    def columns(self, table: str) -> set[str]:
        """The columns a table has now."""
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError


class SQLiteConnection(Connection):
    """A SQLite connection. A write waits for the database's write lock in short sleeps of
    Python's own (``begin``), not inside SQLite, so that under ``companion serve`` (gevent)
    the wait lets the worker's other connections go on."""

    kind = "sqlite"
    WAIT = 10.0  # seconds a write waits for the write lock before it is "busy"

    def __init__(self, path: str) -> None:
        if sqlite3.sqlite_version_info < (3, 35):  # a write says its version (RETURNING)
            raise RuntimeError(
                f"SQLite {sqlite3.sqlite_version} is too old: the companion needs 3.35 or newer"
            )
        if path != ":memory:" and _on_read_only_storage(path):
            # A database in write-ahead mode can't be opened on storage that can only be
            # read (SQLite would make its -shm file): it is read as it stands on disk.
            path = f"file:{quote(_file_of(path))}?mode=ro&immutable=1"
        self.raw = sqlite3.connect(
            path,
            isolation_level=None,
            timeout=self.WAIT,
            check_same_thread=False,
            uri=path.startswith("file:"),  # "file:…?mode=ro" opens it read-only
        )
        self.raw.row_factory = sqlite3.Row
        self.raw.execute("PRAGMA foreign_keys = ON")

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Rows:
        return self.raw.execute(sql, storable(params))

    def begin(self, game_id: str | None = None, lock: str | None = None) -> None:
        self._begin_immediate()  # one writer at a time: every lock is held

    def _begin_immediate(self) -> None:
        """``BEGIN IMMEDIATE``, asked again after a short sleep while another connection
        holds the write lock, for at most ``WAIT`` seconds."""
        deadline = time.monotonic() + self.WAIT
        pause = 0.001
        self.raw.execute("PRAGMA busy_timeout = 0")
        try:
            while True:
                try:
                    self.raw.execute("BEGIN IMMEDIATE")
                    return
                except sqlite3.OperationalError as error:
                    if "locked" not in str(error) or time.monotonic() >= deadline:
                        raise
                time.sleep(pause)
                pause = min(pause * 2, 0.02)
        finally:
            self.raw.execute(f"PRAGMA busy_timeout = {int(self.WAIT * 1000)}")

    def begin_schema(self) -> None:
        self._begin_immediate()

    def begin_snapshot(self) -> None:
        # In write-ahead mode a read transaction keeps the snapshot of its first read, and
        # writers go on beside it.
        self.raw.execute("BEGIN DEFERRED")
        self.raw.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()

    def write_ahead(self) -> None:
        """Keeps the database in write-ahead mode (it stays so in the file): pages read while
        a write commits, and a write never waits for them. In the rollback journal's mode a
        reader that meets a commit waited inside SQLite, stopping a gevent worker's every
        connection meanwhile. A database that can only be read, or that another connection
        holds just now, stays as it is (asked again at the next start)."""
        try:
            self.raw.execute("PRAGMA journal_mode = WAL").fetchall()
        except sqlite3.OperationalError:
            pass

    def columns(self, table: str) -> set[str]:
        return {row[1] for row in self.raw.execute(f"PRAGMA table_info({table})")}

    def close(self) -> None:
        self.raw.close()


def _file_of(path: str) -> str:
    """The file a SQLite address names: a path, or a "file:" address's path."""
    return unquote(urlsplit(path).path) if path.startswith("file:") else path


def _on_read_only_storage(path: str) -> bool:
    """Whether the database's folder is on storage mounted read-only."""
    folder = os.path.dirname(os.path.abspath(_file_of(path)))
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except OSError:
        return False  # no such folder: opening the database says so


class _Row(tuple):  # type: ignore[type-arg]
    """A PostgreSQL row read as SQLite's are: by column name or by place."""

    __slots__ = ()
    names: dict[str, int] = {}

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            return tuple.__getitem__(self, self.names[key])
        return tuple.__getitem__(self, key)


def _row_factory(cursor: Any) -> Any:
    return _row_type(tuple(c.name for c in cursor.description or ()))


@functools.lru_cache(maxsize=256)
def _row_type(names: tuple[str, ...]) -> type[_Row]:
    """The row type of a query's columns (made once for each set of columns)."""
    return type("Row", (_Row,), {"__slots__": (), "names": {n: i for i, n in enumerate(names)}})


class PostgresConnection(Connection):
    kind = "postgresql"

    def __init__(self, raw: Any, give_back: Any = None) -> None:
        self.raw = raw
        self.give_back = give_back

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Rows:
        if params:
            sql = sql.replace("%", "%%").replace("?", "%s")
        return self.raw.execute(sql, storable(params) if params else None)  # type: ignore[no-any-return]

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            with self.raw.cursor() as cursor:
                sql = sql.replace("%", "%%").replace("?", "%s")
                cursor.executemany(sql, [storable(row) for row in rows])

    def begin(self, game_id: str | None = None, lock: str | None = None) -> None:
        self.raw.execute("BEGIN")
        if game_id is not None:
            self.raw.execute("SELECT 1 FROM game WHERE id = %s FOR UPDATE", (game_id,))
        if lock is not None:  # held until the transaction ends
            self.raw.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (lock,))

    def hold(self, game_id: str) -> None:
        self.raw.execute("SELECT 1 FROM game WHERE id = %s FOR UPDATE", (game_id,))

    def begin_schema(self) -> None:
        self.raw.execute("BEGIN")
        self.raw.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))

    def begin_snapshot(self) -> None:
        self.raw.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")

    def columns(self, table: str) -> set[str]:
        rows = self.raw.execute(
            "SELECT column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND table_name = %s",
            (table,),
        )
        return {r[0] for r in rows}

    def close(self) -> None:
        if self.give_back is not None:
            self.give_back(self.raw)
        else:
            self.raw.close()


def is_postgres(url: str) -> bool:
    """True for a PostgreSQL address (``postgresql://…`` or ``postgres://…``)."""
    return urlsplit(str(url)).scheme in ("postgresql", "postgres")


class Database:
    """Where the games are kept, and a way to open connections to it. On PostgreSQL the
    connections of each process come from a pool (opened in the process that uses it, so
    that worker processes forked from one parent never share a connection)."""

    def __init__(self, url: str, pool_size: int = 10) -> None:
        self.url = str(url)
        self.kind = "postgresql" if is_postgres(self.url) else "sqlite"
        self.pool_size = pool_size
        self._pool: Any = None
        self._pool_pid = 0
        self._lock = threading.Lock()
        OPENED.add(self)

    @property
    def where(self) -> str:
        """The database named for people: the file, or the server and database, without
        any password."""
        if self.kind == "sqlite":
            return self.url
        parts = urlsplit(self.url)
        host = parts.hostname or "localhost"
        return f"PostgreSQL at {host}:{parts.port or 5432}{parts.path or '/'}"

    def connect(self) -> Connection:
        """A connection to use and close (``Unavailable`` if the database can't be had)."""
        with said_unavailable():
            if self.kind == "sqlite":
                return SQLiteConnection(self.url)
            pool = self._the_pool()
            return PostgresConnection(pool.getconn(), pool.putconn)

    def _connect_alone(self) -> Connection:
        """A connection of its own, outside the pool: at start, a database that can't be
        reached is said at once (a pool would keep trying)."""
        if self.kind == "sqlite":
            return self.connect()
        with said_unavailable():
            import psycopg

            raw = psycopg.connect(
                self.url, autocommit=True, row_factory=_row_factory, connect_timeout=10
            )
        return PostgresConnection(raw)

    @contextmanager
    def connection(self) -> Iterator[Connection]:
        """A connection for a moment (a stream's read), closed (or given back) after."""
        db = self.connect()
        try:
            yield db
        finally:
            db.close()

    def _the_pool(self) -> Any:
        with self._lock:
            if self._pool is None or self._pool_pid != os.getpid():
                from psycopg_pool import ConnectionPool

                self._pool = ConnectionPool(
                    self.url,
                    min_size=1,
                    max_size=self.pool_size,
                    kwargs={"autocommit": True, "row_factory": _row_factory},
                    timeout=10,
                    open=True,
                    name="companion",
                    # A connection the server dropped (a restart) is found out and replaced
                    # before it is handed out, not after a page has failed on it.
                    check=ConnectionPool.check_connection,
                )
                self._pool_pid = os.getpid()
            return self._pool

    def close(self) -> None:
        """Closes this process's pool (PostgreSQL)."""
        with self._lock:
            if self._pool is not None and self._pool_pid == os.getpid():
                self._pool.close()
            self._pool = None

    def init_schema(self) -> None:
        """Brings the schema up to date (``migrations``): makes it in an empty database, and
        takes the steps an older one has not taken yet; safe to run from several processes
        at once, and again and again."""
        db = self._connect_alone()
        try:
            with said_unavailable():
                if isinstance(db, SQLiteConnection):
                    db.write_ahead()
                taken = migrations.taken(db)
                if taken == migrations.LATEST:
                    return  # nothing to write (a database opened read-only serves pages)
                try:
                    db.begin_schema()
                    try:
                        migrations.upgrade(db)  # read again under the lock: once, by one process
                    except BaseException:
                        db.rollback()
                        raise
                    db.commit()
                except Exception as error:
                    if not _read_only(error) or not migrations.servable(db):
                        raise
                    # Storage that can only be read: its games are shown as they stand,
                    # and the steps it lacks are taken once it can be written again.
                    LOG.warning("the database can only be read: its schema waits at step %d", taken)
        finally:
            db.close()


# Every database this process has opened: ``close_all`` closes their pools (the tests do,
# after each test, so that their many apps don't hold many connections).
OPENED: weakref.WeakSet[Database] = weakref.WeakSet()


def close_all() -> None:
    """Closes the pools of every database this process opened."""
    for db in list(OPENED):
        db.close()


@contextmanager
def said_unavailable() -> Iterator[None]:
    """Turns a database's error about itself (full, read-only, out of reach) into
    ``Unavailable``; any other error stays as it is."""
    try:
        yield
    except Unavailable:
        raise
    except Exception as error:  # the drivers' own errors vary by cause
        if is_unavailable_error(error):
            raise Unavailable(reason_of(error), str(error)) from error
        raise


def _faults() -> tuple[type[Exception], ...]:
    """The kinds of error a database (or its driver) raises about itself."""
    kinds: list[type[Exception]] = [Unavailable, sqlite3.DatabaseError]
    try:
        import psycopg
        from psycopg_pool import PoolTimeout
    except ImportError:
        return tuple(kinds)
    return (*kinds, psycopg.Error, PoolTimeout)


def _read_only(error: BaseException) -> bool:
    """Whether the error says the database can only be read."""
    return is_unavailable_error(error) and reason_of(error) == READ_ONLY


def is_unavailable_error(error: BaseException) -> bool:
    """True for an error the database (or its driver) raised about itself, not about a
    query's text: what ``Unavailable`` stands for."""
    if isinstance(error, Unavailable):
        return True
    if isinstance(error, sqlite3.OperationalError) or type(error) is sqlite3.DatabaseError:
        return True  # locked, full, read-only, not a database; never a broken constraint
    try:
        import psycopg
        from psycopg_pool import PoolTimeout
    except ImportError:  # no PostgreSQL driver installed: no PostgreSQL error either
        return False
    return isinstance(
        error,
        psycopg.OperationalError
        | psycopg.errors.DiskFull
        | psycopg.errors.ReadOnlySqlTransaction
        | psycopg.errors.InsufficientResources
        | PoolTimeout,
    )


FAULTS = _faults()
