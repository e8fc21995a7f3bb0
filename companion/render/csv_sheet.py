"""The score sheet as CSV, for a spreadsheet: a line a player, by rank, with the points of
each column of the standings, the total, the tickets, the longest path and the game (the
map, and the variant unless it is the base game: "North America — 1910"). The header
names the columns in the language spoken; the numbers are the sheet's own.

A name that a spreadsheet would take for a formula (it begins with =, +, -, @) is written
after an apostrophe, as spreadsheets write text, so that opening the file runs nothing."""

from __future__ import annotations

import csv
import io

from companion.rules.score_sheet import ScoreSheet
from companion.rules.variants import game_title
from companion.rules.words import _

FORMULA = ("=", "+", "-", "@", "\t", "\r")


def cell(text: str) -> str:
    """A cell's text, an apostrophe first where a spreadsheet would take it for a formula."""
    return "'" + text if text.startswith(FORMULA) else text


def sheet_to_csv(sheet: ScoreSheet) -> str:
    """The CSV text (a byte-order mark first: spreadsheets then read it as UTF-8)."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(
        [
            str(_("Rank")),
            str(_("Player")),
            *(str(c.title) for c in sheet.columns),
            str(_("Total")),
            str(_("Tickets completed")),
            str(_("Tickets failed")),
            str(_("Longest path, trains")),
            str(_("Game")),
        ]
    )
    title = str(game_title(sheet.board))
    for p in sheet.ranked:
        writer.writerow(
            [
                p.rank,
                cell(p.name),
                *(p.section(c.key).points for c in sheet.columns),
                p.total,
                p.tickets_completed,
                p.tickets_failed,
                p.longest_path.length,
                title,
            ]
        )
    return out.getvalue()
