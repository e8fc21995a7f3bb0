"""The database's schema, in numbered steps.

Each step is a file ``schema/NNN_what.sql`` that takes a database from the step before it
to its own number; the database records each step it took (``schema_step``), so that it
is upgraded by the steps it has not taken yet, in order, once. A schema change is a new
step, never an edit of one already out (``tests/web/test_migrations.py`` upgrades a
database of every past version).

Step 1 is the schema as it stood when steps were first numbered: on a database made before
then (it records no step) its tables are made where missing and the columns its tables
gained over time (``EARLIER_COLUMNS``) added where missing, which brings any earlier
database to step 1."""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources
from typing import Any, Protocol

# The columns the tables gained before steps were numbered, for databases made before
# each: step 1 adds those missing (its tables already have them where it makes them).
EARLIER_COLUMNS = {
    "game": {
        "goods": "TEXT NOT NULL DEFAULT '{}'",
        "house_rules": "TEXT NOT NULL DEFAULT '[]'",
        "pieces": "TEXT NOT NULL DEFAULT '{}'",
        "dice": "INTEGER NOT NULL DEFAULT 0",
        "watch": "TEXT",
        "language": "TEXT",
        "version": "INTEGER NOT NULL DEFAULT 0",
        "group_id": "TEXT",
        "variant": "TEXT NOT NULL DEFAULT 'base'",
        "origin": "TEXT",
    },
    "event": {"version": "INTEGER NOT NULL DEFAULT 0"},
    "action": {"placed_after": "INTEGER"},
}

# Where each step taken is recorded: its number, what it did, when.
STEPS_TABLE = (
    "CREATE TABLE IF NOT EXISTS schema_step ("
    " number INTEGER PRIMARY KEY, about TEXT NOT NULL, taken TEXT NOT NULL)"
)


class Connection(Protocol):
    """What a step needs of a connection (``database.Connection`` has it)."""

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any: ...

    def columns(self, table: str) -> set[str]: ...


@dataclass(frozen=True)
class Step:
    """One numbered step: its number, its name (what it does) and its statements."""

    number: int
    about: str
    statements: tuple[str, ...]


@functools.cache
def steps() -> tuple[Step, ...]:
    """Every step, in order (numbered 1, 2, … with none missing)."""
    folder = resources.files("companion.web").joinpath("schema")
    found = []
    for file in sorted(folder.iterdir(), key=lambda f: f.name):
        if not file.name.endswith(".sql"):
            continue
        number, _, about = file.name.removesuffix(".sql").partition("_")
        script = file.read_text("utf-8")
        found.append(Step(int(number), about.replace("_", " "), statements(script)))
    if [s.number for s in found] != list(range(1, len(found) + 1)):
        raise RuntimeError("the schema's steps are not numbered 1, 2, … in order")
    return tuple(found)


def taken(db: Connection) -> int:
    """The last step the database took (0: none recorded, an empty database or one made
    before steps were numbered)."""
    if not db.columns("schema_step"):
        return 0
    row = db.execute("SELECT MAX(number) FROM schema_step").fetchone()
    return int(row[0] or 0)


def upgrade(db: Connection) -> list[int]:
    """Takes the steps the database has not taken, in order, within the transaction the
    caller holds (one upgrade at a time): the numbers taken. A database a newer companion
    has upgraded further is refused: this one would not know its tables."""
    done = taken(db)
    if done > LATEST:
        raise RuntimeError(
            f"the database is at schema step {done}, made by a newer companion than this one"
            f" (which knows steps up to {LATEST}): run the newer companion"
        )
    db.execute(STEPS_TABLE)
    made = []
    for step in steps()[done:]:
        _take(db, step)
        db.execute(
            "INSERT INTO schema_step (number, about, taken) VALUES (?, ?, ?)",
            (step.number, step.about, datetime.now(UTC).isoformat(timespec="seconds")),
        )
        made.append(step.number)
    return made


def _take(db: Connection, step: Step) -> None:
    if step.number != 1:
        for statement in step.statements:
            db.execute(statement)
        return
    # Step 1 on a database made before steps were numbered: its tables first, then the
    # columns they gained, then the indexes (some index a gained column).
    tables = [s for s in step.statements if s.upper().startswith("CREATE TABLE")]
    for statement in tables:
        db.execute(statement)
    for table, columns in EARLIER_COLUMNS.items():
        have = db.columns(table)
        for name, kind in columns.items():
            if name not in have:
                db.execute(f"ALTER TABLE {table} ADD COLUMN {name} {kind}")
    for statement in step.statements:
        if statement not in tables:
            db.execute(statement)


class _Memory:
    """A SQLite database in memory, as a step sees a connection."""

    def __init__(self) -> None:
        self.raw = sqlite3.connect(":memory:")

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return self.raw.execute(sql, params)

    def columns(self, table: str) -> set[str]:
        return {row[1] for row in self.raw.execute(f"PRAGMA table_info({table})")}


@contextmanager
def in_memory() -> Iterator[sqlite3.Connection]:
    """A database in memory with every step taken: the schema as this companion makes it,
    to read its tables, columns, keys and references from."""
    made = _Memory()
    try:
        upgrade(made)
        yield made.raw
    finally:
        made.raw.close()


@functools.cache
def columns() -> dict[str, frozenset[str]]:
    """Every table's columns, as the steps make them."""
    with in_memory() as raw:
        return {
            table: frozenset(r[1] for r in raw.execute(f"PRAGMA table_info({table})"))
            for table in tables()
        }


def servable(db: Connection) -> bool:
    """Whether this companion can read the database as it stands, its steps not all taken
    (every table there with every column it reads): a database on storage that can only
    be read is served so."""
    return all(needed <= db.columns(table) for table, needed in columns().items())


def tables() -> list[str]:
    """The tables the steps make (the schema's own record of steps aside)."""
    return [
        s.split()[5]
        for step in steps()
        for s in step.statements
        if s.upper().startswith("CREATE TABLE IF NOT EXISTS")
    ]


def statements(script: str) -> tuple[str, ...]:
    """The SQL statements of a script, one by one (SQLite's ``executescript`` would commit
    the transaction they are made in)."""
    found, current = [], ""
    for line in script.splitlines(keepends=True):
        if line.lstrip().startswith("--"):
            continue
        current += line
        if sqlite3.complete_statement(current):
            found.append(current.strip())
            current = ""
    if current.strip():
        found.append(current.strip())
    return tuple(found)


LATEST = len(steps())  # the step this companion brings a database to
