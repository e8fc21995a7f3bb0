"""The board picture: an SVG of the map drawn from the cities' latitude and longitude.

Every route in its colour with one dash per space; claimed routes in their owner's colour;
parallel routes side by side; city labels nudged off each other. Pure: data in, text out
(its words in the language spoken, ``companion.rules.words.speaking``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from html import escape

from companion.rules.board import Board, Route
from companion.rules.words import Message, _, ngettext

WIDTH = 1000
MARGIN = 70
FONT = 13
ROUTE_COLORS = {
    "purple": "#9b59b6",
    "blue": "#2f6fd6",
    "orange": "#ef8a17",
    "white": "#f7f7f2",
    "green": "#2e9e55",
    "yellow": "#f2c81c",
    "black": "#262626",
    "red": "#d33131",
    "gray": "#a7a7a7",
}
PIECE_COLORS = {
    "red": "#c0262d",
    "blue": "#1f5fbf",
    "green": "#1f8a47",
    "yellow": "#e0b400",
    "black": "#1b1b1b",
    "white": "#f2f2f2",
    "purple": "#7d3c98",
    "orange": "#e67e22",
}
FALLBACK_PIECES = ("#c0262d", "#1f5fbf", "#1f8a47", "#e0b400", "#1b1b1b")


def piece_color(color: str | None, seat: int) -> str:
    """A CSS colour for a player's pieces (by their colour, else by seat)."""
    if color and color.casefold() in PIECE_COLORS:
        return PIECE_COLORS[color.casefold()]
    return FALLBACK_PIECES[seat % len(FALLBACK_PIECES)]


@dataclass(frozen=True)
class Point:
    x: float
    y: float


def project(board: Board) -> tuple[dict[str, Point], float]:
    """Each city's place on the picture (equirectangular, true to scale at mid-latitude),
    and the picture's height."""
    lats = [c.lat for c in board.cities.values()]
    lons = [c.lon for c in board.cities.values()]
    if board.wraps:  # the whole globe, its west edge joined to its east
        lons = [-180.0, 180.0]
    squeeze = math.cos(math.radians((min(lats) + max(lats)) / 2))
    span_x = (max(lons) - min(lons)) * squeeze
    span_y = max(lats) - min(lats)
    scale = (WIDTH - 2 * MARGIN) / span_x
    places = {
        c.name: Point(
            MARGIN + (c.lon - min(lons)) * squeeze * scale,
            MARGIN + (max(lats) - c.lat) * scale,
        )
        for c in board.cities.values()
    }
    return places, span_y * scale + 2 * MARGIN


def _label_places(board: Board, places: dict[str, Point]) -> dict[str, tuple[float, float, str]]:
    """Where each city's name goes (x, y, anchor): the first spot that overlaps no other
    label and no city, trying right, left, above, below and the corners."""
    boxes: list[tuple[float, float, float, float]] = [
        (p.x - 6, p.y - 6, p.x + 6, p.y + 6) for p in places.values()
    ]
    chosen: dict[str, tuple[float, float, str]] = {}

    # Crowded cities first: they have the fewest free spots.
    def crowding(name: str) -> int:
        here = places[name]
        return -sum(1 for p in places.values() if abs(p.x - here.x) + abs(p.y - here.y) < 90)

    for name in sorted(board.cities, key=crowding):
        p = places[name]
        width = 0.56 * FONT * len(name)
        spots = [
            (p.x + 9, p.y + 4, "start"),
            (p.x - 9, p.y + 4, "end"),
            (p.x, p.y - 10, "middle"),
            (p.x, p.y + 19, "middle"),
            (p.x + 7, p.y - 8, "start"),
            (p.x - 7, p.y - 8, "end"),
            (p.x + 7, p.y + 17, "start"),
            (p.x - 7, p.y + 17, "end"),
        ]

        def box(
            spot: tuple[float, float, str], width: float = width
        ) -> tuple[float, float, float, float]:
            x, y, anchor = spot
            left = {"start": x, "end": x - width, "middle": x - width / 2}[anchor]
            return (left, y - FONT + 2, left + width, y + 3)

        def clashes(b: tuple[float, float, float, float]) -> int:
            return sum(
                1 for o in boxes if b[0] < o[2] and o[0] < b[2] and b[1] < o[3] and o[1] < b[3]
            )

        best = min(spots, key=lambda s: (clashes(box(s)), spots.index(s)))
        chosen[name] = best
        boxes.append(box(best))
    return chosen


def board_svg(
    board: Board,
    owners: Mapping[int, str],
    player_colors: Mapping[str, str],
    link: Callable[[Route], str] | None = None,
    highlight: Collection[int] = (),
) -> str:
    """The picture as SVG markup. ``link`` gives each route an address to tap (to claim
    it); ``highlight`` picks out some routes (a longest path, a ticket's chain)."""
    places, height = project(board)
    label = _attribute(_("%(map)s board", map=board.title))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height:.0f}" '
        f'class="board" role="img" aria-label="{label}">',
        f'<rect width="{WIDTH}" height="{height:.0f}" fill="#efe6cf"/>',
    ]
    wrap = (WIDTH - 2 * MARGIN) if board.wraps else 0.0
    for route in board.routes:
        parts.append(_route(route, places, owners, player_colors, link, highlight, wrap))
    for p in places.values():
        parts.append(
            f'<circle cx="{p.x:.1f}" cy="{p.y:.1f}" r="5" fill="#7a1f1f" stroke="#fff" '
            'stroke-width="1.5"/>'
        )
    for name, (x, y, anchor) in _label_places(board, places).items():
        parts.append(
            f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" class="city">'
            f"{escape(name)}</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts)


def _route(
    route: Route,
    places: dict[str, Point],
    owners: Mapping[int, str],
    player_colors: Mapping[str, str],
    link: Callable[[Route], str] | None,
    highlight: Collection[int],
    wrap: float = 0.0,
) -> str:
    a, b = places[route.cities[0]], places[route.cities[1]]
    # On a board whose edges join, a route shorter across the edge leaves one side and
    # comes in on the other: drawn twice, each half running off the picture.
    if wrap and abs(b.x - a.x) > wrap / 2:
        step = wrap if b.x < a.x else -wrap
        halves = [(a, Point(b.x + step, b.y)), (Point(a.x - step, a.y), b)]
    else:
        halves = [(a, b)]
    owner = owners.get(route.id)
    color = player_colors.get(owner, "#555") if owner else ROUTE_COLORS[route.color]
    width = 7 if owner else 5
    classes = ["route"]
    if owner:
        classes.append("claimed")
    if highlight:
        classes.append("lit" if route.id in highlight else "dim")
    body = f"<title>{escape(str(route_title(route, owner)))}</title>" + "".join(
        _track(start, end, route, color, width) for start, end in halves
    )
    group = f'<g class="{" ".join(classes)}" data-route="{route.id}">{body}</g>'
    if link is None:
        return group
    return f'<a href="{escape(link(route))}">{group}</a>'


def route_title(route: Route, owner: str | None = None) -> Message:
    """What the picture says of a route: "Denver–Helena (green), 4 spaces, Ann's"."""
    if owner:
        return ngettext(
            "%(route)s, %(num)d space, %(player)s's",
            "%(route)s, %(num)d spaces, %(player)s's",
            route.length,
            route=route.label,
            player=owner,
        )
    return ngettext(
        "%(route)s, %(num)d space", "%(route)s, %(num)d spaces", route.length, route=route.label
    )


def _attribute(text: object) -> str:
    """Text (a message put into words first) escaped for an attribute."""
    return escape(str(text))


def _track(a: Point, b: Point, route: Route, color: str, width: int) -> str:
    """One track from ``a`` to ``b``: a dash per space, outlined, with a wide tap target."""
    dx, dy = b.x - a.x, b.y - a.y
    distance = math.hypot(dx, dy) or 1.0
    ux, uy = dx / distance, dy / distance
    # Parallel tracks side by side, 7 px apart, across the line between the cities.
    shift = (route.track - (route.tracks + 1) / 2) * 7
    ox, oy = -uy * shift, ux * shift
    inset = 8.0
    x1, y1 = a.x + ux * inset + ox, a.y + uy * inset + oy
    x2, y2 = b.x - ux * inset + ox, b.y - uy * inset + oy
    usable = max(distance - 2 * inset, 1.0)
    gap = 2.0
    dash = max((usable - gap * (route.length - 1)) / route.length, 1.0)
    ends = f'x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"'
    edge = (
        f'<line {ends} stroke="#333" stroke-width="{width + 2}" '
        f'stroke-dasharray="{dash:.1f} {gap}" opacity=".55"/>'
    )
    line = (
        f'<line {ends} stroke="{color}" stroke-width="{width}" '
        f'stroke-dasharray="{dash:.1f} {gap}"/>'
    )
    # A wide invisible line makes a thin route easy to tap.
    target = f'<line {ends} stroke="transparent" stroke-width="16"/>'
    return f"{edge}{line}{target}"
