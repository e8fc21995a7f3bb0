"""The score through the game, as a chart: each player's score track after every action,
then (once the game is over) the final total, tickets and bonuses counted.

``chart`` lays it out; ``chart_svg`` draws it for the pages, ``companion.render.pdf_sheet`` for
the sheet. Pure: data in, text out (its words in the language spoken)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape

from companion.render.palette import CHART, GRID, INK, LABEL, LAST_TURN, ZERO, Piece
from companion.rules.words import _

WIDTH, HEIGHT = 600.0, 280.0
LEFT, RIGHT, TOP, BOTTOM = 52.0, 16.0, 16.0, 40.0  # room for the axes' numbers and words
END_SHARE = 0.14  # of the plot's width, for the step from the last turn to the final total
FONT = 17  # the axes' words, in the chart's units (a phone shows it about 10 px high)
MARK_RADIUS = 10.0  # a player's mark at the end of their line
STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)


@dataclass(frozen=True)
class Series:
    """One player's score as the game went: the score track at the start and after each
    action, and the final total once the game is over (None before)."""

    name: str
    piece: Piece  # the player's colour, and the mark each line ends with
    track: tuple[int, ...]
    final: int | None = None


@dataclass(frozen=True)
class Plotted:
    """A series laid out: its points through the game, and the step to its final total."""

    series: Series
    points: tuple[tuple[float, float], ...]
    end: tuple[float, float] | None
    mark: tuple[float, float] | None = None  # the player's mark, where the line ends


@dataclass(frozen=True)
class Chart:
    """The chart laid out in its own units (``WIDTH`` × ``HEIGHT``)."""

    plotted: tuple[Plotted, ...]
    ticks: tuple[tuple[float, int], ...]  # y and the score it marks
    turns: int
    last_turn_x: float  # where the actions end and the final step begins
    finished: bool


def series_of(
    names: Sequence[str],
    pieces: Mapping[str, Piece],
    history: Sequence[Mapping[str, int]],
    finals: Mapping[str, int] | None,
) -> list[Series]:
    """Each player's series from the track's history (``table_questions.track_history``) and, once
    the game is over, the final totals."""
    return [
        Series(
            name,
            pieces[name],
            tuple(step[name] for step in history),
            None if finals is None else finals[name],
        )
        for name in names
    ]


def _step(span: int) -> int:
    """A round step between the score lines: about five lines over the span."""
    return next((s for s in STEPS if span / s <= 6), STEPS[-1])


def chart(series: Sequence[Series]) -> Chart:
    """Lays the chart out: turns along, scores up."""
    values = [v for s in series for v in s.track] + [s.final for s in series if s.final is not None]
    low, high = min(0, *values) if values else 0, max(10, *values) if values else 10
    step = _step(high - low)
    low, high = (low // step) * step, -(-high // step) * step
    finished = any(s.final is not None for s in series)
    plot_width = WIDTH - LEFT - RIGHT
    last_turn_x = LEFT + plot_width * (1 - END_SHARE if finished else 1)
    turns = max((len(s.track) - 1 for s in series), default=0)

    def y(score: int) -> float:
        return TOP + (high - score) / ((high - low) or 1) * (HEIGHT - TOP - BOTTOM)

    def x(turn: int) -> float:
        return LEFT + (last_turn_x - LEFT) * (turn / turns if turns else 0)

    plotted = []
    marks: list[tuple[float, float]] = []
    for s in series:
        points = tuple((x(i), y(v)) for i, v in enumerate(s.track))
        end = None if s.final is None else (WIDTH - RIGHT, y(s.final))
        mark = end or (points[-1] if points else None)
        if mark is not None:
            mark = beside(mark, marks)
            marks.append(mark)
        plotted.append(Plotted(s, points, end, mark))
    ticks = tuple((y(v), v) for v in range(low, high + 1, step))
    return Chart(tuple(plotted), ticks, turns, last_turn_x, finished)


def chart_svg(laid: Chart) -> str:
    """The chart as SVG markup: a line per player in their colour, the final step dashed,
    each line ending in the player's mark (told apart without its colour)."""
    title = escape(str(_("Score through the game")))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH:.0f} {HEIGHT:.0f}" '
        f'class="score-chart" role="img" aria-label="{title}">',
        f'<rect width="{WIDTH:.0f}" height="{HEIGHT:.0f}" fill="{CHART}"/>',
    ]
    for y, value in laid.ticks:
        parts.append(
            f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" '
            f'stroke="{ZERO if value == 0 else GRID}" stroke-width="1"/>'
        )
        parts.append(
            f'<text x="{LEFT - 8}" y="{y + 6:.1f}" text-anchor="end" font-size="{FONT}" '
            f'fill="{LABEL}">{value}</text>'
        )
    base = HEIGHT - BOTTOM + 26
    turns = escape(str(_("turns: %(num)d", num=laid.turns)))
    parts.append(
        f'<text x="{LEFT}" y="{base:.0f}" font-size="{FONT}" fill="{LABEL}">{turns}</text>'
    )
    if laid.finished:
        parts.append(
            f'<line x1="{laid.last_turn_x:.1f}" y1="{TOP}" x2="{laid.last_turn_x:.1f}" '
            f'y2="{HEIGHT - BOTTOM}" stroke="{LAST_TURN}" stroke-dasharray="3 3"/>'
        )
        end = escape(str(_("the end: tickets and bonuses")))
        parts.append(
            f'<text x="{WIDTH - RIGHT}" y="{base:.0f}" text-anchor="end" font-size="{FONT}" '
            f'fill="{LABEL}">{end}</text>'
        )
    for p in laid.plotted:
        color = escape(p.series.piece.color)
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in p.points)
        parts.append(
            f'<g class="series"><title>{escape(p.series.name)}</title>'
            f'<polyline points="{points}" fill="none" stroke="{color}" stroke-width="2.5" '
            'stroke-linejoin="round"/>'
        )
        if p.end is not None and p.points:
            (lx, ly), (ex, ey) = p.points[-1], p.end
            parts.append(
                f'<polyline points="{lx:.1f},{ly:.1f} {laid.last_turn_x:.1f},{ly:.1f} '
                f'{ex:.1f},{ey:.1f}" fill="none" stroke="{color}" stroke-width="2.5" '
                'stroke-dasharray="5 3"/>'
            )
        if p.mark is not None:
            parts.append(mark_svg(p.series.piece, *p.mark))
        parts.append("</g>")
    parts.append("</svg>")
    return "\n".join(parts)


def beside(spot: tuple[float, float], marks: list[tuple[float, float]]) -> tuple[float, float]:
    """Where a mark goes at ``spot``: there, or beside the marks already placed there,
    never over one: to the left first, then to the right, then a row lower, always within
    the plot (``LEFT`` to ``WIDTH - RIGHT``)."""
    step = 2 * MARK_RADIUS + 2
    low, high = LEFT + MARK_RADIUS, WIDTH - RIGHT - MARK_RADIUS
    x, y = min(max(spot[0], low), high), spot[1]
    for row in range(len(marks) + 1):
        for k in range(len(marks) + 1):
            for side in (-1, 1):
                here = (min(max(x + side * k * step, low), high), y + row * step)
                if not any(math.dist(here, other) < 2 * MARK_RADIUS for other in marks):
                    return here
    return x, y


def mark_svg(piece: Piece, x: float, y: float) -> str:
    """A player's mark in a disc of their colour centred on (x, y): where their line ends,
    and in a key."""
    return (
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{MARK_RADIUS}" fill="{escape(piece.color)}" '
        f'stroke="{INK}"/>' + mark_text_svg(piece, x, y)
    )


def mark_text_svg(piece: Piece, x: float, y: float) -> str:
    """A player's mark alone, centred on (x, y), in the ink that reads on their colour."""
    return (
        f'<text x="{x:.1f}" y="{y + 5:.1f}" text-anchor="middle" font-size="14" '
        f'font-weight="700" fill="{piece.ink}">{escape(piece.mark)}</text>'
    )
