"""An event as CSV, for a spreadsheet: its standings (a line a player, by rank, with games,
wins, points, the value the event's method ranks by and the average finish) and its games
(a line a table of a round: each seat's player, score and place). The header names the
columns in the language spoken; a name a spreadsheet would take for a formula is written
as text (``csv_sheet``); numbers keep the plain minus a spreadsheet reads as a number."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Any, Protocol

from companion.render.csv_sheet import cell
from companion.rules.event import STAGE_NAMES
from companion.rules.event_standings import EventStanding, OverallStanding, columns
from companion.rules.words import Text, _

MOST_SEATS = 5  # the columns a line of the games gives its seats


class GameLine(Protocol):
    """A table of a round as the games' CSV writes it."""

    @property
    def round(self) -> int: ...
    @property
    def number(self) -> int: ...
    @property
    def players(self) -> tuple[tuple[str, int], ...]: ...
    @property
    def places(self) -> tuple[int, ...]: ...
    @property
    def status_words(self) -> Text: ...
    @property
    def taken_out(self) -> bool: ...


def _start() -> tuple[io.StringIO, Any]:
    """The text to write into, and its CSV writer."""
    out = io.StringIO()
    out.write("\ufeff")  # a byte-order mark: spreadsheets then read it as UTF-8
    return out, csv.writer(out, lineterminator="\r\n")


def standings_to_csv(
    standings: Sequence[EventStanding], method: str, overall: Sequence[OverallStanding] = ()
) -> str:
    """The standings' CSV text, its value's column headed as the page heads it for
    ``method``; a place the draw by lot decided is marked in a column of its own. Once
    stages follow the heats (``overall``), each line starts with the player's place over
    the event and their furthest stage, in the overall order (each line's figures then
    the heats')."""
    out, writer = _start()
    header: tuple[Text, ...] = (_("Rank"), *columns(method), _("By lot"))
    if overall:
        header = (_("Overall"), _("Stage reached"), _("Place in it"), *header)
    writer.writerow([str(h) for h in header])
    lines = {s.name: s for s in standings}
    order: list[tuple[OverallStanding | None, EventStanding]] = [
        (o, lines[o.line.name]) for o in overall
    ] or [(None, s) for s in standings]
    for o, s in order:
        average = "" if s.average_place is None else f"{float(s.average_place):.2f}"
        lot = str(_("yes")) if s.by_lot else ""
        line: list[object] = [s.rank, cell(s.name), s.games, s.wins, s.points, s.shown]
        line += [average, lot]
        if o is not None:
            line = [o.rank, str(STAGE_NAMES[o.stage]), o.line.rank, *line]
        writer.writerow(line)
    return out.getvalue()


def games_to_csv(rounds: Sequence[Sequence[GameLine]]) -> str:
    """The games' CSV text: a line a table of each round, its seats in order, each with
    the player, the score (final once finished, the score track before) and the place
    (once finished)."""
    out, writer = _start()
    header: list[Text] = [_("Round"), _("Table"), _("State")]
    for seat in range(1, MOST_SEATS + 1):
        header += [
            _("Seat %(num)d: player", num=seat),
            _("Seat %(num)d: score", num=seat),
            _("Seat %(num)d: place", num=seat),
        ]
    writer.writerow([str(h) for h in header])
    for tables in rounds:
        for t in tables:
            state = str(t.status_words) + (f" · {_('taken out')}" if t.taken_out else "")
            line: list[object] = [t.round, t.number, state]
            for i, (name, points) in enumerate(t.players):
                line += [cell(name), points, t.places[i] if t.places else ""]
            line += [""] * (3 + 3 * MOST_SEATS - len(line))
            writer.writerow(line)
    return out.getvalue()
