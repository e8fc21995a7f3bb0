"""A whole site in one file and back: every game with its full log (each action's time,
what was undone and when), its tickets (those taken back too), the score track, the forms
already recorded, every group and its merges, every event. Written from SQLite or
PostgreSQL and read into either.

The file is JSON Lines: a first line that says what it is (the format, what made it and
when, the schema's step, each table's columns), one line a row, table by table in the
order a restore needs them, and a last line that says what came before it (the rows of
each table, and a SHA-256 digest of every line before it). A file that doesn't add up (cut
short, a byte changed, a row the schema would not hold, a key twice, a row whose game is
not in it) is refused with the line and the reason, before anything is written.

``backup`` writes the lines; ``check`` reads a file through without a database;
``restore`` reads one into a database that holds nothing yet, in one transaction (all of
it, or nothing)."""

from __future__ import annotations

import functools
import hashlib
import json
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from companion.rules.errors import CompanionError
from companion.rules.untrusted import check_record_data
from companion.rules.words import _
from companion.web import database, game_store, migrations, unit_of_work

FORMAT = "ttr-companion-backup/2"
EARLIER_FORMAT = "ttr-companion-backup/1"  # no last line: read as it comes, unchecked
# Each table kept, in the order a restore inserts them (a row after the rows it names).
TABLES = (
    "player_group",
    "group_merge",
    "group_telegram",
    "game",
    "action",
    "ticket",
    "track",
    "form_sent",
    "event",
    "event_entry",
    "event_game",
)
# The schema's other tables, and why a backup leaves them out (a test ties the two lists to
# the schema: a new table is kept or named here).
LEFT_OUT = {
    "started": "the games a client started in the last hour: they count for an hour only",
    "schema_step": "the database's own record of its schema: a restore's database has its own",
    "page_made": "pages made for the phones: each is made again when asked",
}
INT_RANGE = (-(2**31), 2**31 - 1)  # an INTEGER column holds this much on either database


class BackupError(CompanionError):
    """A file that is not a whole backup, or a database that can't take one."""


@dataclass(frozen=True)
class Column:
    """A column as the schema has it: its kind (``TEXT`` or ``INTEGER``), whether it may be
    NULL, whether it has a default (a row made without it takes that)."""

    kind: str
    nullable: bool
    default: bool


@dataclass(frozen=True)
class Table:
    """A table as the schema has it: its columns, its key and other unique columns, and the
    tables its columns name (columns, table, their columns)."""

    columns: dict[str, Column]
    unique: tuple[tuple[str, ...], ...]
    names: tuple[tuple[tuple[str, ...], str, tuple[str, ...]], ...]


@functools.cache
def schema() -> dict[str, Table]:
    """The kept tables as this companion's schema makes them (read off a database made in
    memory by its steps: the same on either kind)."""
    with migrations.in_memory() as raw:
        return {name: _table(raw, name) for name in TABLES}


def _table(raw: sqlite3.Connection, name: str) -> Table:
    info = raw.execute(f"PRAGMA table_info({name})").fetchall()
    key = tuple(r[1] for r in sorted((r for r in info if r[5]), key=lambda r: r[5]))
    columns = {
        r[1]: Column(r[2].upper(), not r[3] and r[1] not in key, r[4] is not None) for r in info
    }
    unique = [key]
    for _seq, index, is_unique, _origin, partial in raw.execute(f"PRAGMA index_list({name})"):
        if is_unique and not partial:
            cols = tuple(r[2] for r in raw.execute(f"PRAGMA index_info({index})"))
            if cols != key:
                unique.append(cols)
    refs: dict[int, tuple[list[str], str, list[str]]] = {}
    for ref_id, _seq, target, source, to, *_rest in raw.execute(f"PRAGMA foreign_key_list({name})"):
        entry = refs.setdefault(ref_id, ([], target, []))
        entry[0].append(source)
        entry[2].append(to)
    names = tuple((tuple(s), t, tuple(to)) for s, t, to in refs.values())
    return Table(columns, tuple(unique), names)


def made_by() -> str:
    try:
        return f"companion {version('companion')}"
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "companion"


def backup() -> Iterator[str]:
    """The site's lines: the first, every row of every kept table, the last; every table
    as it stood at one moment, whatever the tables write meanwhile."""
    db = unit_of_work.get_db()
    db.begin_snapshot()
    try:
        yield from _lines(db)
    finally:
        db.rollback()


def _lines(db: database.Connection) -> Iterator[str]:
    columns = {table: sorted(db.columns(table)) for table in TABLES}
    digest = hashlib.sha256()
    rows = dict.fromkeys(TABLES, 0)

    def said(line: str) -> str:
        digest.update(line.encode("utf-8") + b"\n")
        return line

    yield said(
        _dumps(
            {
                "format": FORMAT,
                "made_by": made_by(),
                "made": datetime.now(UTC).isoformat(timespec="seconds"),
                "schema": migrations.taken(db),
                "tables": columns,
            }
        )
    )
    for table in TABLES:
        names = columns[table]
        order = ", ".join(names)
        for row in db.execute(f"SELECT {order} FROM {table} ORDER BY {order}"):
            rows[table] += 1
            yield said(_dumps({"table": table, "row": dict(zip(names, row, strict=True))}))
    yield _dumps({"end": {"rows": rows, "sha256": digest.hexdigest()}})


def _dumps(data: object) -> str:
    return json.dumps(data, ensure_ascii=False)


@dataclass
class Reading:
    """A backup read line by line (``line``), each row checked against the first line and
    this companion's schema, and the whole against the last line (``end``). What is read
    from one line alone is refused at once; a row named twice or naming one that is not
    there is refused at its line."""

    accept_newer: bool = False
    tables: dict[str, list[str]] = field(default_factory=dict)
    dropped: dict[str, set[str]] = field(default_factory=dict)
    unknown: set[str] = field(default_factory=set)  # a newer companion's tables
    rows: dict[str, int] = field(default_factory=lambda: dict.fromkeys(TABLES, 0))
    # Each key read so far, by table and columns, as a short digest (a large site's keys
    # would take much memory whole).
    keys: dict[tuple[str, tuple[str, ...]], set[bytes]] = field(default_factory=dict)
    digest: Any = field(default_factory=hashlib.sha256)
    checked: bool = True  # False: a file of the earlier format, with no last line
    ended: bool = False
    lines: int = 0

    def line(self, number: int, text: str) -> tuple[str, dict[str, Any]] | None:
        """One line (``number`` from 1): the table and the values of a row to restore, or
        None for the first and the last line."""
        self.lines = number
        if not text.strip():
            return None  # a blank line (an editor's last newline) says nothing
        if self.ended:
            raise BackupError(_("line %(line)d comes after the backup's last line", line=number))
        data = _read(text, number)
        if number == 1:
            self._first(data)
            self.digest.update(text.rstrip("\r\n").encode("utf-8") + b"\n")
            return None
        if isinstance(data, dict) and set(data) == {"end"} and self.checked:
            self._end(data["end"], number)
            return None
        self.digest.update(text.rstrip("\r\n").encode("utf-8") + b"\n")
        table, row = self._row(data, number)
        return table, row

    def end(self) -> dict[str, int]:
        """The rows read, by table, once the file is read through (refused if it stopped
        before its last line)."""
        if self.lines == 0:
            raise BackupError(_("the file is empty: not a backup"))
        if self.checked and not self.ended:
            raise BackupError(
                _(
                    "the file stops after line %(line)d, before the backup's last line:"
                    " it was cut short",
                    line=self.lines,
                )
            )
        return dict(self.rows)

    def _first(self, data: Any) -> None:
        if not isinstance(data, dict) or data.get("format") not in (FORMAT, EARLIER_FORMAT):
            raise BackupError(_("not a backup of the companion (its first line names no format)"))
        self.checked = data["format"] == FORMAT
        tables = data.get("tables")
        if not isinstance(tables, dict) or not all(
            isinstance(cols, list) and all(isinstance(c, str) for c in cols)
            for cols in tables.values()
        ):
            raise BackupError(_("line 1 does not name each table's columns"))
        unknown = sorted(set(tables) - set(TABLES))
        self.unknown = set(unknown)
        if unknown and not self.accept_newer:
            raise BackupError(
                _(
                    "line 1 names a table this companion does not know (%(table)s): the"
                    " backup was made by a newer one; restore it with --accept-newer to"
                    " leave it out",
                    table=unknown[0],
                )
            )
        kept = schema()
        for table in TABLES:
            have = tables.get(table, [])
            here = kept[table].columns
            newer = sorted(set(have) - set(here))
            if newer and not self.accept_newer:
                raise BackupError(
                    _(
                        "line 1 names a column this companion does not know (%(table)s."
                        "%(column)s): the backup was made by a newer one; restore it with"
                        " --accept-newer to leave it out",
                        table=table,
                        column=newer[0],
                    )
                )
            needed = [c for c, col in here.items() if c not in have and not col.nullable]
            needed = [c for c in needed if not here[c].default]
            if needed and table in tables:
                raise BackupError(
                    _(
                        "line 1 names no column %(table)s.%(column)s, which every row of it needs",
                        table=table,
                        column=needed[0],
                    )
                )
            self.tables[table] = list(have)
            self.dropped[table] = set(newer)

    def _row(self, data: Any, number: int) -> tuple[str, dict[str, Any]]:
        if not isinstance(data, dict) or set(data) != {"table", "row"}:
            raise BackupError(_("line %(line)d is not a backup's line", line=number))
        table, row = data["table"], data["row"]
        if not isinstance(table, str):
            raise BackupError(_("line %(line)d is not a backup's line", line=number))
        if table not in self.tables:
            if isinstance(table, str) and self.accept_newer:
                return "", {}  # a newer companion's table, left out
            raise BackupError(_("line %(line)d is not a backup's line", line=number))
        if not isinstance(row, dict) or sorted(row) != sorted(self.tables[table]):
            raise BackupError(
                _(
                    "line %(line)d: its columns are not those line 1 names for %(table)s",
                    line=number,
                    table=table,
                )
            )
        shape = schema()[table]
        values = {k: v for k, v in row.items() if k not in self.dropped[table]}
        for name, value in values.items():
            _check_value(value, shape.columns[name], table, name, number)
        self._keys(table, shape, values, number)
        self.rows[table] += 1
        return table, values

    def _keys(self, table: str, shape: Table, values: dict[str, Any], number: int) -> None:
        for source, target, to in shape.names:
            named = tuple(values.get(c) for c in source)
            if None not in named and _key(named) not in self.keys.get((target, to), set()):
                raise BackupError(
                    _(
                        "line %(line)d: the row of %(table)s names %(target)s %(key)s, which"
                        " the backup does not hold before it",
                        line=number,
                        table=table,
                        target=target,
                        key=" ".join(str(v) for v in named),
                    )
                )
        for cols in shape.unique:
            key = tuple(values.get(c) for c in cols)
            if None in key:
                continue
            seen = self.keys.setdefault((table, cols), set())
            if _key(key) in seen:
                raise BackupError(
                    _(
                        "line %(line)d: a second row of %(table)s with %(columns)s %(key)s",
                        line=number,
                        table=table,
                        columns=", ".join(cols),
                        key=" ".join(str(v) for v in key),
                    )
                )
            seen.add(_key(key))

    def _end(self, end: Any, number: int) -> None:
        self.ended = True
        if not isinstance(end, dict) or not isinstance(end.get("rows"), dict):
            raise BackupError(_("line %(line)d is not a backup's last line", line=number))
        said = end["rows"]
        if any(said.get(t, 0) != n for t, n in self.rows.items()):
            raise BackupError(
                _(
                    "the backup's last line counts other rows than the file holds: rows"
                    " are missing or were added"
                )
            )
        if end.get("sha256") != self.digest.hexdigest():
            raise BackupError(
                _(
                    "the file was changed after it was written: its lines don't match the"
                    " digest its last line gives"
                )
            )


def _key(values: tuple[Any, ...]) -> bytes:
    return hashlib.blake2b(repr(values).encode("utf-8"), digest_size=16).digest()


def _check_value(value: Any, column: Column, table: str, name: str, number: int) -> None:
    if value is None:
        if column.nullable:
            return
        reason = _("it may not be empty")
    elif column.kind == "INTEGER":
        if isinstance(value, int) and not isinstance(value, bool):
            if INT_RANGE[0] <= value <= INT_RANGE[1]:
                return
            reason = _("a number out of range")
        else:
            reason = _("it holds a whole number")
    elif isinstance(value, str):
        if "\x00" not in value:
            return
        reason = _("a text can't hold a NUL character")
    else:
        reason = _("it holds text")
    raise BackupError(
        _(
            "line %(line)d: %(table)s.%(column)s: %(reason)s",
            line=number,
            table=table,
            column=name,
            reason=reason,
        )
    )


@dataclass(frozen=True)
class Checked:
    """A backup read through: its rows by table, and the tables and columns in it that a
    newer companion added (a restore leaves them out only when asked)."""

    rows: dict[str, int]
    newer: tuple[str, ...]
    checked: bool  # False: a file of the earlier format, which carries no check of its own


def check(lines: Iterable[str]) -> Checked:
    """Reads a backup through without a database, or refuses it (``BackupError``) with
    the line and the reason it is not whole."""
    reading = Reading(accept_newer=True)
    for number, text in enumerate(lines, 1):
        reading.line(number, text)
    rows = reading.end()
    newer = [f"{t}.{c}" for t, cols in reading.dropped.items() for c in sorted(cols)]
    return Checked(rows, (*sorted(reading.unknown), *newer), reading.checked)


@dataclass(frozen=True)
class Restored:
    """What a restore wrote: the rows by table, and whether the file carried its own check
    (a backup of the earlier format did not)."""

    rows: dict[str, int]
    checked: bool


def restore(lines: Iterable[str], accept_newer: bool = False) -> Restored:
    """Reads a backup's lines into this site's database, which must hold nothing yet. All
    of it or nothing: a file that doesn't add up is refused (``BackupError``) with the
    line and the reason, and nothing is written."""
    reading = Reading(accept_newer=accept_newer)
    rest = iter(lines)
    first = next(rest, None)
    if first is None:
        reading.end()  # refused: an empty file
    reading.line(1, first or "")
    with unit_of_work.writing() as write:
        db = write.db
        held = [t for t in TABLES if db.execute(f"SELECT 1 FROM {t} LIMIT 1").fetchone()]
        if held:
            raise BackupError(
                _("this database already holds games or groups: restore into an empty one")
            )
        for number, text in enumerate(rest, 2):
            entry = reading.line(number, text)
            if entry is None or not entry[0]:
                continue
            table, values = entry
            names = ", ".join(values)
            marks = ", ".join("?" * len(values))
            try:
                db.execute(f"INSERT INTO {table} ({names}) VALUES ({marks})", list(values.values()))
            except database.FAULTS as error:
                if database.is_unavailable_error(error):
                    raise
                raise BackupError(
                    _(
                        "line %(line)d: the database refuses the row (%(reason)s)",
                        line=number,
                        reason=str(error).splitlines()[0],
                    )
                ) from None
        rows = reading.end()
    game_store.GAMES.forget()  # a game read before, at another site's version, is not this one
    return Restored(rows, reading.checked)


def _read(text: str, number: int) -> Any:
    try:
        data = json.loads(text)
        check_record_data(data)
    except (ValueError, RecursionError, CompanionError):  # not JSON, nested past reading,
        # a number of thousands of digits, text that isn't Unicode
        raise BackupError(_("line %(line)d is not a backup's line", line=number)) from None
    return data
