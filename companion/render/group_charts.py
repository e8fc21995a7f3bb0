"""A group's pictures: each person's final score over the group's games, and the wins on
each map, each person told apart by their mark besides their colour (at the end of their
line, on their stretch of a bar, in the key). Pure: data in, SVG markup out (its words in
the language spoken)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from companion.render.palette import CHART, GRID, INK, LABEL, ZERO, Piece
from companion.render.score_chart import FONT, STEPS, beside, mark_svg, mark_text_svg
from companion.rules.words import _

WIDTH = 600.0
LEFT, RIGHT, TOP = 52.0, 16.0, 16.0
PLOT = 240.0  # the line chart's height, axes aside
BAR, GAP = 30.0, 12.0  # a map's bar, and the room between two
EDGE = 16.0  # the bars' left edge (each map's name above its bar)
LEGEND_ROW = 28.0


def _step(span: int) -> int:
    return next((s for s in STEPS if span / s <= 6), STEPS[-1])


def _legend(
    people: Sequence[str], pieces: Mapping[str, Piece], top: float, left: float
) -> tuple[str, float]:
    """Each person's colour and mark and name, in rows across the picture: the markup and
    its height."""
    parts, x, y = [], left, top
    for person in people:
        width = 26 + 10 * len(person) + 18
        if x + width > WIDTH - RIGHT and x > left:
            x, y = left, y + LEGEND_ROW
        parts.append(
            mark_svg(pieces[person], x + 8, y - 5)
            + f'<text x="{x + 22:.0f}" y="{y:.0f}" font-size="{FONT}">{escape(person)}</text>'
        )
        x += width
    return "".join(parts), y - top + LEGEND_ROW


def scores_svg(
    games: Sequence[Mapping[str, int]], people: Sequence[str], pieces: Mapping[str, Piece]
) -> str:
    """Each person's final score in each finished game (``games``: oldest first, person ->
    score), a line through the games they played."""
    values = [v for game in games for v in game.values()]
    low, high = min(0, *values) if values else 0, max(10, *values) if values else 10
    step = _step(high - low)
    low, high = (low // step) * step, -(-high // step) * step
    count = len(games)

    def x(index: int) -> float:
        return LEFT + (WIDTH - LEFT - RIGHT) * (index / (count - 1) if count > 1 else 0.5)

    def y(score: int) -> float:
        return TOP + (high - score) / ((high - low) or 1) * PLOT

    legend, legend_height = _legend(people, pieces, TOP + PLOT + 62, LEFT)
    height = TOP + PLOT + 62 + legend_height
    title = escape(str(_("Scores over the games")))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH:.0f} {height:.0f}" '
        f'class="history-chart" role="img" aria-label="{title}">',
        f'<rect width="{WIDTH:.0f}" height="{height:.0f}" fill="{CHART}"/>',
    ]
    for value in range(low, high + 1, step):
        parts.append(
            f'<line x1="{LEFT}" y1="{y(value):.1f}" x2="{WIDTH - RIGHT}" y2="{y(value):.1f}" '
            f'stroke="{ZERO if value == 0 else GRID}"/>'
            f'<text x="{LEFT - 8}" y="{y(value) + 6:.1f}" text-anchor="end" '
            f'font-size="{FONT}" fill="{LABEL}">{value}</text>'
        )
    words = escape(str(_("games: %(num)d", num=count)))
    parts.append(
        f'<text x="{LEFT}" y="{TOP + PLOT + 30:.0f}" font-size="{FONT}" fill="{LABEL}">'
        f"{words}</text>"
    )
    marks: list[tuple[float, float]] = []
    for person in people:
        spots = [(x(i), y(game[person])) for i, game in enumerate(games) if person in game]
        if not spots:
            continue
        color = escape(pieces[person].color)
        points = " ".join(f"{a:.1f},{b:.1f}" for a, b in spots)
        dots = "".join(
            f'<circle cx="{a:.1f}" cy="{b:.1f}" r="4.5" fill="{color}" stroke="{INK}"/>'
            for a, b in spots
        )
        parts.append(
            f'<g class="series"><title>{escape(person)}</title>'
            f'<polyline points="{points}" fill="none" stroke="{color}" stroke-width="2.5" '
            f'stroke-linejoin="round"/>{dots}'
        )
        marks.append(beside(spots[-1], marks))  # the line's last game: its mark
        parts.append(mark_svg(pieces[person], *marks[-1]) + "</g>")
    parts.append(legend)
    parts.append("</svg>")
    return "\n".join(parts)


def wins_svg(
    maps: Sequence[tuple[str, Mapping[str, int]]],
    people: Sequence[str],
    pieces: Mapping[str, Piece],
) -> str:
    """The wins on each map (``maps``: its name, person -> wins), a bar a map, each
    person's wins a stretch of it in their colour (a shared win counts for each)."""
    most = max((sum(wins.values()) for _name, wins in maps), default=0) or 1
    room = WIDTH - EDGE - RIGHT - 40
    top = TOP
    title = escape(str(_("Wins on each map")))
    parts: list[str] = []
    for name, wins in maps:
        label = escape(name)
        parts.append(f'<text x="{EDGE}" y="{top + FONT:.0f}" font-size="{FONT}">{label}</text>')
        top += FONT + 6
        x = EDGE
        for person in people:
            count = wins.get(person, 0)
            if count:
                width = room * count / most
                piece = pieces[person]
                parts.append(
                    f'<rect x="{x:.1f}" y="{top:.0f}" width="{width:.1f}" height="{BAR:.0f}" '
                    f'fill="{escape(piece.color)}" stroke="{INK}">'
                    f"<title>{escape(person)}: {count}</title></rect>"
                )
                if width >= 18:  # the person's mark on their stretch, where it fits
                    parts.append(mark_text_svg(piece, x + width / 2, top + BAR / 2))
                x += width
        parts.append(
            f'<text x="{x + 8:.1f}" y="{top + BAR / 2 + 6:.0f}" font-size="{FONT}">'
            f"{sum(wins.values())}</text>"
        )
        top += BAR + GAP
    legend, legend_height = _legend(people, pieces, top + 18, EDGE)
    height = top + 18 + legend_height
    head = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH:.0f} {height:.0f}" '
        f'class="history-chart" role="img" aria-label="{title}">',
        f'<rect width="{WIDTH:.0f}" height="{height:.0f}" fill="{CHART}"/>',
    ]
    return "\n".join([*head, *parts, legend, "</svg>"])
