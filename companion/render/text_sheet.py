"""The score sheet as plain text, for the terminal: every point explained.

Put into words in the language spoken (``companion.rules.words.speaking``)."""

from __future__ import annotations

from companion.rules import counted
from companion.rules.score_sheet import Line, PlayerSheet, ScoreSheet
from companion.rules.variants import game_title
from companion.rules.words import Message, Text, _

ORDINALS: dict[int, Message] = {1: _("1st"), 2: _("2nd"), 3: _("3rd")}


def ordinal(rank: int) -> str:
    """ "1st", "2nd", "11th"."""
    return str(ORDINALS.get(rank) or _("%(rank)dth", rank=rank))


def signed(points: int) -> str:
    """ "+4", "-3", "0"."""
    return f"{points:+d}" if points else "0"


def sheet_title(sheet: ScoreSheet) -> Text:
    """The sheet's heading: "Ticket to Ride: North America", "…: North America — 1910"."""
    return _("Ticket to Ride: %(map)s", map=game_title(sheet.board))


def sheet_to_text(sheet: ScoreSheet) -> str:
    """A readable sheet: the standings by column, the winner and tiebreak, then each
    player's sections line by line."""
    lines = [str(sheet_title(sheet))]
    if not sheet.finished:
        lines.append(str(_("(the game is not over: these are the scores as the board stands)")))
    lines += ["", *_standings(sheet)]
    label, names = sheet.headline
    lines += ["", str(_("%(headline)s: %(names)s", headline=label, names=names))]
    if sheet.tiebreak and sheet.finished:
        lines.append(str(_("Tiebreak: %(tiebreak)s", tiebreak=sheet.tiebreak)))
    for p in sheet.players:
        lines += ["", *_player(p)]
    return "\n".join(lines) + "\n"


def _standings(sheet: ScoreSheet) -> list[str]:
    width = max(len(p.name) for p in sheet.players)
    titles = [str(c.title) for c in sheet.columns]
    total = str(_("Total"))
    wide = max(5, len(total))
    head = f"{'':4}  {'':{width}}" + "".join(f"  {t}" for t in titles) + f"  {total:>{wide}}"
    rows = [head]
    for p in sheet.ranked:
        cells = "".join(f"  {signed(s.points):>{len(str(s.title))}}" for s in p.sections)
        rows.append(f"{ordinal(p.rank):>4}  {p.name:<{width}}{cells}  {p.total:>{wide}}")
    return rows


def _line(line: Line) -> str:
    points = "" if line.points is None else signed(line.points)
    how = f": {line.how}" if line.how else ""
    return f"    {points:>4}  {line.what}{how}"


def _player(p: PlayerSheet) -> list[str]:
    out = [f"== {p.name}: {counted.points(p.total)}"]
    for section in p.sections:
        summary = f" ({section.summary})" if section.summary else ""
        out.append(f"  {section.title}: {signed(section.points)}{summary}")
        out += [_line(line) for line in section.lines]
    return out
