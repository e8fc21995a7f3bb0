"""A whole site in one file and back: every game with its full log (each action's time,
what was undone and when), its tickets (those taken back too), the score track, the forms
already recorded, every group and its merges. Written from SQLite or PostgreSQL and read
into either: the file is JSON Lines, a header and then one line a row, table by table in
the order a restore needs them.

``backup`` writes the lines; ``restore`` reads them into a database that holds no game
and no group yet, in one transaction (all of it, or nothing)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from companion.rules.errors import CompanionError
from companion.rules.untrusted import check_record_data
from companion.rules.words import _
from companion.web import store

FORMAT = "ttr-companion-backup/1"
# Each table kept, in the order a restore inserts them (a row after the rows it names).
# The games a client started in the last hour (``started``) are not: they count for an
# hour only.
TABLES = (
    "player_group",
    "group_merge",
    "game",
    "action",
    "ticket",
    "track",
    "form_sent",
    "event",
    "event_entry",
    "event_game",
)


class BackupError(CompanionError):
    """A file that is not a backup, or a database that can't take one."""


def backup() -> Iterator[str]:
    """The site's lines: the header, then every row of every kept table."""
    db = store.get_db()
    columns = {table: sorted(db.columns(table)) for table in TABLES}
    yield json.dumps({"format": FORMAT, "tables": columns}, ensure_ascii=False)
    for table in TABLES:
        names = columns[table]
        order = ", ".join(names)
        for row in db.execute(f"SELECT {order} FROM {table} ORDER BY {order}"):
            values = dict(zip(names, row, strict=True))
            yield json.dumps({"table": table, "row": values}, ensure_ascii=False)


def restore(lines: Iterable[str]) -> dict[str, int]:
    """Reads a backup's lines into this site's database, which must hold no game and no
    group yet: the rows restored, by table. All of it or nothing."""
    rows = iter(lines)
    header = _read(next(rows, ""), 1)
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise BackupError(_("not a backup of the companion (its first line names no format)"))
    kept: dict[str, int] = dict.fromkeys(TABLES, 0)
    with store.writing() as db:
        held = [db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in TABLES[:3]]
        if any(held):
            raise BackupError(
                _("this database already holds games or groups: restore into an empty one")
            )
        here = {table: db.columns(table) for table in TABLES}
        for number, line in enumerate(rows, 2):
            if not line.strip():
                continue
            entry = _read(line, number)
            table, row = _entry(entry, number)
            # A column this version no longer has is left out; one it added takes its default.
            values = {k: v for k, v in row.items() if k in here[table]}
            names = ", ".join(values)
            marks = ", ".join("?" * len(values))
            db.execute(f"INSERT INTO {table} ({names}) VALUES ({marks})", list(values.values()))
            kept[table] += 1
    store.GAMES.forget()  # a game read before, at another site's version, is not this one
    return kept


def _read(line: str, number: int) -> Any:
    try:
        data = json.loads(line)
        check_record_data(data)
    except (json.JSONDecodeError, CompanionError):
        raise BackupError(_("line %(line)d is not a backup's line", line=number)) from None
    return data


def _entry(entry: Any, number: int) -> tuple[str, dict[str, Any]]:
    """A row line's table and values, refused unless it is one of the kept tables' rows."""
    if not isinstance(entry, dict) or entry.get("table") not in TABLES:
        raise BackupError(_("line %(line)d is not a backup's line", line=number))
    row = entry.get("row")
    if (
        not isinstance(row, dict)
        or not row
        or not all(
            isinstance(v, (str, int, type(None))) and not isinstance(v, bool) for v in row.values()
        )
    ):
        raise BackupError(_("line %(line)d is not a backup's line", line=number))
    return entry["table"], row
