"""The score sheet as plain text, for the terminal: every point explained."""

from __future__ import annotations

from companion.rules.names import plural
from companion.rules.sheet import Line, PlayerSheet, ScoreSheet

ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def ordinal(rank: int) -> str:
    """ "1st", "2nd", "11th"."""
    return ORDINALS.get(rank, f"{rank}th")


def signed(points: int) -> str:
    """ "+4", "-3", "0"."""
    return f"{points:+d}" if points else "0"


def sheet_to_text(sheet: ScoreSheet) -> str:
    """A readable sheet: the standings by column, the winner and tiebreak, then each
    player's sections line by line."""
    lines = [f"Ticket to Ride: {sheet.board.name}"]
    if not sheet.finished:
        lines.append("(the game is not over: these are the scores as the board stands)")
    lines += ["", *_standings(sheet)]
    label, names = sheet.headline
    lines += ["", f"{label}: {names}"]
    if sheet.tiebreak:
        lines.append(f"Tiebreak: {sheet.tiebreak}")
    for p in sheet.players:
        lines += ["", *_player(p)]
    return "\n".join(lines) + "\n"


def _standings(sheet: ScoreSheet) -> list[str]:
    width = max(len(p.name) for p in sheet.players)
    titles = [c.title for c in sheet.columns]
    head = f"{'':4}  {'':{width}}" + "".join(f"  {t:>{len(t)}}" for t in titles) + "  Total"
    rows = [head]
    for p in sheet.ranked:
        cells = "".join(f"  {signed(s.points):>{len(s.title)}}" for s in p.sections)
        rows.append(f"{ordinal(p.rank):>4}  {p.name:<{width}}{cells}  {p.total:>5}")
    return rows


def _line(line: Line) -> str:
    points = "" if line.points is None else signed(line.points)
    how = f": {line.how}" if line.how else ""
    return f"    {points:>4}  {line.what}{how}"


def _player(p: PlayerSheet) -> list[str]:
    out = [f"== {p.name}: {plural(p.total, 'point')}"]
    for section in p.sections:
        summary = f" ({section.summary})" if section.summary else ""
        out.append(f"  {section.title}: {signed(section.points)}{summary}")
        out += [_line(line) for line in section.lines]
    return out
