"""A game's page made once between the processes serving one PostgreSQL database.

After a move, every phone at the table wants the table page at the new version, and the
phones are spread over the server's workers (and hosts): each process would make the same
page. Instead the first process to ask claims the making (a row of ``page_made`` for the
game and what the page is made for, at the version, its page still empty), makes it and
stores it; a process that finds the making claimed looks again a moment later and takes
the stored page. A claim never filled (its process stopped) is waited for only so long
(``WAITS``), then the page is made here too. On SQLite (one process, as a rule) each
process makes its own.

A page is found by its game, version and ``made_for`` (a digest of what it was made for,
with the companion that made it, so that two versions of the companion serving one
database never take each other's pages)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from time import monotonic, sleep

from companion.web import unit_of_work
from companion.web.database import FAULTS

# Seconds between looks at a claimed making: a page takes 5-20 ms to make, and a process
# busy with other requests takes longer, so the looks stay close (a look is one small read;
# a quarter of a second in all, then the page is made here).
WAITS = (0.005, 0.005, 0.01, 0.01, 0.01, 0.02, 0.02, 0.02, 0.04, 0.04, 0.08)
KEPT_FOR = timedelta(hours=1)  # a page made longer ago is deleted, made again if asked
SWEEP_EVERY = 600.0  # seconds between a process's deletions of those
# Seconds each process makes its own pages after the database refused a claim (a
# database served read-only, one a step behind): said once, not on every page.
OFF_FOR = 60.0

log = logging.getLogger(__name__)


def made_once(game_id: str, version: int, made_for: str, make: Callable[[], str]) -> str:
    """The page ``make()`` gives, made by one of the processes serving the database."""
    if unit_of_work.database().kind != "postgresql" or monotonic() < _off_until[0]:
        return make()
    try:
        claimed = _claim(game_id, version, made_for)
    except FAULTS as error:  # the page is still made: only the sharing is lost, a while
        _off_until[0] = monotonic() + OFF_FOR
        log.warning("pages made once: %s", " ".join(str(error).split()))
        return make()
    if claimed:
        return _made_here(game_id, version, made_for, make)
    for wait in WAITS:
        try:
            row = (
                unit_of_work.get_db()
                .execute(
                    "SELECT version, page FROM page_made WHERE game_id = ? AND made_for = ?",
                    (game_id, made_for),
                )
                .fetchone()
            )
        except FAULTS:
            break
        if row is None or row["version"] != version:  # gone, or a newer one
            break
        if row["page"] is not None:
            return str(row["page"])
        sleep(wait)
    return make()


def _claim(game_id: str, version: int, made_for: str) -> bool:
    """Claims the making of the page at ``version``: False when another process made it
    or is making it (at that version or a later one)."""
    db = unit_of_work.get_db()
    row = db.execute(
        "INSERT INTO page_made (game_id, made_for, version, page, made)"
        " VALUES (?, ?, ?, NULL, ?) ON CONFLICT (game_id, made_for) DO UPDATE SET"
        " version = excluded.version, page = NULL, made = excluded.made"
        " WHERE page_made.version < excluded.version RETURNING version",
        (game_id, made_for, version, datetime.now(UTC).isoformat(timespec="seconds")),
    ).fetchone()
    if row is not None and _sweep_due():
        before = datetime.now(UTC) - KEPT_FOR
        db.execute("DELETE FROM page_made WHERE made < ?", (before.isoformat(timespec="seconds"),))
    return row is not None


_off_until = [0.0]
_swept = [monotonic()]
_sweeping = threading.Lock()


def _sweep_due() -> bool:
    """Whether this process deletes the pages made long ago now (every ``SWEEP_EVERY``)."""
    with _sweeping:
        if monotonic() - _swept[0] < SWEEP_EVERY:
            return False
        _swept[0] = monotonic()
        return True


def _made_here(game_id: str, version: int, made_for: str, make: Callable[[], str]) -> str:
    """Makes the page this process claimed, and stores it for the others (or, when it
    could not be made, gives the claim up, so that they make it without waiting)."""
    key = (game_id, made_for, version)
    try:
        page = make()
    except BaseException:
        try:
            unit_of_work.get_db().execute(
                "DELETE FROM page_made WHERE game_id = ? AND made_for = ? AND version = ?", key
            )
        except FAULTS:
            pass
        raise
    try:
        unit_of_work.get_db().execute(
            "UPDATE page_made SET page = ? WHERE game_id = ? AND made_for = ? AND version = ?",
            (page, *key),
        )
    except FAULTS as error:
        log.warning("pages made once: %s", " ".join(str(error).split()))
    return page
