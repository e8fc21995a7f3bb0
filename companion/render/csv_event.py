"""An event's standings as CSV, for a spreadsheet: a line a player, by rank, with games,
wins, points and the value the event's method ranks by. The header names the columns in
the language spoken; a name a spreadsheet would take for a formula is written as text
(``csv_sheet``)."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from companion.render.csv_sheet import cell
from companion.rules.event_standings import SCORE_HEADS, EventStanding
from companion.rules.words import _


def standings_to_csv(standings: Sequence[EventStanding], method: str) -> str:
    """The CSV text, its last column headed as the page heads it for ``method`` (a
    byte-order mark first: spreadsheets then read it as UTF-8)."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\r\n")
    header = (_("Rank"), _("Player"), _("Games"), _("Wins"), _("Points"), SCORE_HEADS[method])
    writer.writerow([str(h) for h in header])
    for s in standings:
        writer.writerow([s.rank, cell(s.name), s.games, s.wins, s.points, s.shown])
    return out.getvalue()
