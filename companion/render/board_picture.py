"""The board picture: the map drawn from the cities' latitude and longitude.

``layout`` places everything once a board (the cities, each route's track with its spaces,
the city names); ``board_svg`` draws it for the pages, ``companion.render.pdf_sheet`` for the
sheet. A free route is a row of hollow spaces in its colour; a claimed one carries its
owner's trains (solid, outlined, larger, marked with the owner's seat number: on the middle
car of each stretch, or on every car for colour-blind eyes); sea routes lie on water;
tunnels have dashed spaces, ferries a locomotive mark, mountain routes a cross on each ✕
space. The tracks of a double route lie apart, and no city's name covers the middle of a
route. Pure: data in, text out (its words
in the language spoken, ``companion.rules.words.speaking``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape

from companion.render import lettering
from companion.render.palette import (
    CITY_DOT,
    INK,
    OUTLINES,
    PAPER,
    ROUTE_COLORS,
    WATER,
    Piece,
    tint,
)
from companion.rules.board import SEA, Board, Flag, Route
from companion.rules.words import Message, _, ngettext, spoken

WIDTH = 1000
MARGIN = 70
FONT = 13
FLATTEST = 0.75  # the least height of the map for its width
TRACK_GAP = 12.0  # between the tracks of a double route, centre to centre
INSET = 9.0  # a track stops short of its cities' dots
SPACE_GAP = 2.0  # between two spaces of a route
FREE_HEIGHT = 7.0  # a free space, across the track
TRAIN_HEIGHT = 10.0  # a claimed space: a train, larger than the space it covers
MARK_FONT = 10.0  # the owner's mark on a train


@dataclass(frozen=True)
class Point:
    x: float
    y: float


@dataclass(frozen=True)
class Track:
    """A stretch of a route as drawn, between (inset from) its cities. A route across the
    edge of a board that wraps is drawn as two, each running off the picture."""

    start: Point
    end: Point

    @property
    def length(self) -> float:
        return math.hypot(self.end.x - self.start.x, self.end.y - self.start.y)

    @property
    def middle(self) -> Point:
        return Point((self.start.x + self.end.x) / 2, (self.start.y + self.end.y) / 2)

    @property
    def angle(self) -> float:
        """Its direction in degrees, as SVG rotates."""
        return math.degrees(math.atan2(self.end.y - self.start.y, self.end.x - self.start.x))

    def seen(self, width: float) -> Track:
        """The part of the stretch on a picture ``width`` wide (a stretch across the edge
        of a board that wraps runs off it)."""
        (a, b) = (self.start, self.end) if self.start.x <= self.end.x else (self.end, self.start)
        if a.x >= 0 and b.x <= width or b.x == a.x:
            return self

        def at(x: float) -> Point:
            return Point(x, a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x))

        return Track(at(max(a.x, 0.0)), at(min(b.x, width)))

    def spaces(self, count: int) -> list[tuple[Point, float]]:
        """Where each of ``count`` spaces lies: its centre and its length along the track."""
        size = max((self.length - SPACE_GAP * (count - 1)) / count, 1.0)
        ux = (self.end.x - self.start.x) / (self.length or 1.0)
        uy = (self.end.y - self.start.y) / (self.length or 1.0)
        out = []
        for i in range(count):
            along = i * (size + SPACE_GAP) + size / 2
            out.append((Point(self.start.x + ux * along, self.start.y + uy * along), size))
        return out


@dataclass(frozen=True)
class Label:
    """A city's name on the picture: where its text starts, and the box it covers."""

    x: float
    y: float
    anchor: str  # SVG's text-anchor: start, middle, end
    box: tuple[float, float, float, float]  # left, top, right, bottom


@dataclass(frozen=True)
class Layout:
    """Everything's place on one board's picture."""

    width: float
    height: float
    places: Mapping[str, Point]
    tracks: Mapping[int, tuple[Track, ...]]  # by route id
    labels: Mapping[str, Label]
    flags: Mapping[int, Point] = field(default_factory=dict)  # a route into a country: its flag

    def middle(self, route_id: int) -> Point:
        """The middle of a route as drawn, where a finger taps it: of its longer stretch
        across an edge, and of the part of it on the picture."""
        return max(
            (t.seen(self.width) for t in self.tracks[route_id]), key=lambda t: t.length
        ).middle


def project(board: Board) -> tuple[dict[str, Point], float, Callable[[float, float], Point]]:
    """Each city's place on the picture (equirectangular, true to scale at mid-latitude,
    but never flatter than ``FLATTEST``: a board as wide as the globe is stretched north to
    south, as its printed board is), the picture's height, and the projection itself (for
    the border flags of routes into a country, which it takes in too)."""
    if board.drawn_as_printed:
        return _as_printed(board)
    spots = [(c.lat, c.lon) for c in board.cities.values()]
    spots += [r.flag for r in board.routes if r.flag is not None]
    lats = [lat for lat, _lon in spots]
    lons = [lon for _lat, lon in spots]
    if board.wraps:  # the whole globe, its west edge joined to its east
        lons = [-180.0, 180.0]
    squeeze = math.cos(math.radians((min(lats) + max(lats)) / 2))
    span_x = (max(lons) - min(lons)) * squeeze
    span_y = max(lats) - min(lats)
    scale = (WIDTH - 2 * MARGIN) / span_x
    scale_y = max(scale, FLATTEST * (WIDTH - 2 * MARGIN) / span_y)
    west, north = min(lons), max(lats)

    def at(lat: float, lon: float) -> Point:
        return Point(MARGIN + (lon - west) * squeeze * scale, MARGIN + (north - lat) * scale_y)

    places = {c.name: at(c.lat, c.lon) for c in board.cities.values()}
    return places, span_y * scale_y + 2 * MARGIN, at


def _as_printed(board: Board) -> tuple[dict[str, Point], float, Callable[[float, float], Point]]:
    """Each city where the printed board puts it, scaled to the picture's width, the
    picture's height, and that scaling of the board's places (a route's bends: such a
    board has no border flags, which a projection of the globe would place)."""
    xs = [c.at[0] for c in board.cities.values() if c.at]
    ys = [c.at[1] for c in board.cities.values() if c.at]
    scale = (WIDTH - 2 * MARGIN) / ((max(xs) - min(xs)) or 1.0)
    places = {
        c.name: Point(MARGIN + (c.at[0] - min(xs)) * scale, MARGIN + (c.at[1] - min(ys)) * scale)
        for c in board.cities.values()
        if c.at
    }

    def on_board(x: float, y: float) -> Point:
        return Point(MARGIN + (x - min(xs)) * scale, MARGIN + (y - min(ys)) * scale)

    return places, (max(ys) - min(ys)) * scale + 2 * MARGIN, on_board


def _tracks(
    route: Route,
    ends: tuple[Point, Point],
    wrap: float,
    side: tuple[int, int],
    bends: Sequence[Point] = (),
) -> tuple[Track, ...]:
    """The route's stretches: between its ends (through its ``bends``, where the printed
    board bends it), set across from the other routes between them (``side``: its place
    among them, and how many there are: the tracks of a double, or a rail and a sea
    route), and in two where it runs across the edge of a board that wraps."""
    a, b = ends
    if wrap and abs(b.x - a.x) > wrap / 2:
        step = wrap if b.x < a.x else -wrap
        halves = [(a, Point(b.x + step, b.y)), (Point(a.x - step, a.y), b)]
    else:
        points = [a, *bends, b]
        halves = list(zip(points, points[1:], strict=False))
    out = []
    for n, (start, end) in enumerate(halves):
        dx, dy = end.x - start.x, end.y - start.y
        distance = math.hypot(dx, dy) or 1.0
        ux, uy = dx / distance, dy / distance
        place, count = side
        shift = (place - (count + 1) / 2) * TRACK_GAP
        ox, oy = -uy * shift, ux * shift
        inset = min(INSET, distance / 4)
        # Set back from a city (or the board's edge), never from a bend.
        back = inset if n == 0 or not bends else 0.0
        ahead = inset if n == len(halves) - 1 or not bends else 0.0
        out.append(
            Track(
                Point(start.x + ux * back + ox, start.y + uy * back + oy),
                Point(end.x - ux * ahead + ox, end.y - uy * ahead + oy),
            )
        )
    return tuple(out)


Box = tuple[float, float, float, float]


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _distance(box: Box, p: Point) -> float:
    """How far the point lies from the box (0 inside it)."""
    return math.hypot(max(box[0] - p.x, 0, p.x - box[2]), max(box[1] - p.y, 0, p.y - box[3]))


def _labels(
    board: Board,
    places: Mapping[str, Point],
    tracks: Mapping[int, tuple[Track, ...]],
    height: float,
) -> dict[str, Label]:
    """Where each city's name goes: never over the middle of a route (where a finger taps
    it), and as little as it can over another name, a city or a route's spaces. Crowded
    cities choose first: they have the fewest free spots; then each name looks again, the
    others placed, until none moves (or a few rounds)."""
    clear = _kept_clear(board, places, tracks, height)
    order = sorted(board.cities, key=lambda name: _crowding(places, places[name]))
    return _placed_again(order, places, clear, _placed_in_turn(order, places, clear))


@dataclass(frozen=True)
class _KeptClear:
    """What the names keep clear of on a board's picture."""

    middles: list[Box]  # each route's middle, where a finger taps it
    along: list[Point]  # points on every track, a few units apart
    dots: list[Box]  # every place's dot
    cities: dict[str, Point]  # the cities (not the countries): a name read as another's
    height: float  # the picture's


@dataclass(frozen=True)
class _Around:
    """What lies within reach of one city's name."""

    along: list[Point]  # points of the tracks
    middles: list[Box]  # routes' middles
    cities: list[Point]  # the other cities


def _kept_clear(
    board: Board,
    places: Mapping[str, Point],
    tracks: Mapping[int, tuple[Track, ...]],
    height: float,
) -> _KeptClear:
    """The routes' middles, the points along their tracks, the places' dots and the
    cities, for the names to keep clear of."""
    middles: list[Box] = []
    along: list[Point] = []
    for stretches in tracks.values():
        m = max((t.seen(WIDTH) for t in stretches), key=lambda t: t.length).middle
        middles.append((m.x - 7, m.y - 7, m.x + 7, m.y + 7))
        for t in stretches:
            along.extend(_points_along(t))
    return _KeptClear(
        middles,
        along,
        [(p.x - 6, p.y - 6, p.x + 6, p.y + 6) for p in places.values()],
        {n: p for n, p in places.items() if not board.is_country(n)},
        height,
    )


def _points_along(t: Track) -> Iterator[Point]:
    """Points on a track, a few units apart, from its start to its end."""
    steps = max(int(t.length // 6), 1)
    return (
        Point(
            t.start.x + (t.end.x - t.start.x) * i / steps,
            t.start.y + (t.end.y - t.start.y) * i / steps,
        )
        for i in range(steps + 1)
    )


def _crowding(places: Mapping[str, Point], here: Point) -> int:
    """How crowded a city's corner of the board is: minus the places near it (itself
    among them), so that the most crowded sorts first."""
    return -sum(1 for p in places.values() if abs(p.x - here.x) + abs(p.y - here.y) < 90)


def _placed_in_turn(
    order: list[str], places: Mapping[str, Point], clear: _KeptClear
) -> dict[str, Label]:
    """Each name at its best spot, in turn, beside the names placed before it."""
    chosen: dict[str, Label] = {}
    for name in order:
        others = [label.box for label in chosen.values()]
        chosen[name] = _best_spot(name, places[name], others, clear)
    return chosen


def _placed_again(
    order: list[str], places: Mapping[str, Point], clear: _KeptClear, chosen: dict[str, Label]
) -> dict[str, Label]:
    """Each name looks again for its best spot, beside all the others, until none moves
    (or a few rounds)."""
    for _round in range(3):
        moved = False
        for name in order:
            others = [label.box for n, label in chosen.items() if n != name]
            again = _best_spot(name, places[name], others, clear)
            moved = moved or again != chosen[name]
            chosen[name] = again
        if not moved:
            break
    return chosen


def _best_spot(name: str, city: Point, others: list[Box], clear: _KeptClear) -> Label:
    """The name's best spot beside its city, the other names (``others``) where they are."""
    width = lettering.width(name, FONT)
    reach = width + 80  # no spot lies farther from the city
    around = _Around(
        [q for q in clear.along if abs(q.x - city.x) < reach and abs(q.y - city.y) < reach],
        [m for m in clear.middles if abs(m[0] - city.x) < reach and abs(m[1] - city.y) < reach],
        [
            q
            for n, q in clear.cities.items()
            if n != name and abs(q.x - city.x) + abs(q.y - city.y) < 3 * reach
        ],
    )
    spots = _spots(city)
    best = min(
        spots,
        key=lambda spot: _spot_cost(
            _box(spot, width), spots.index(spot), city, around, others, clear
        ),
    )
    return Label(best[0], best[1], best[2], _box(best, width))


Spot = tuple[float, float, str]  # where a name's text starts, and its SVG text-anchor


def _spots(city: Point) -> list[Spot]:
    """The spots a city's name may take, around it, the nearest first."""
    spots = []
    for far in (0.0, 7.0, 15.0, 24.0, 34.0, 46.0):
        spots += [
            (city.x + 9 + far, city.y + 4, "start"),
            (city.x - 9 - far, city.y + 4, "end"),
            (city.x + 9 + far, city.y - 3, "start"),
            (city.x - 9 - far, city.y - 3, "end"),
            (city.x + 9 + far, city.y + 11, "start"),
            (city.x - 9 - far, city.y + 11, "end"),
            (city.x, city.y - 10 - far, "middle"),
            (city.x, city.y + 19 + far, "middle"),
            (city.x + 7 + far, city.y - 8 - far, "start"),
            (city.x - 7 - far, city.y - 8 - far, "end"),
            (city.x + 7 + far, city.y + 17 + far, "start"),
            (city.x - 7 - far, city.y + 17 + far, "end"),
        ]
    return spots


def _box(spot: Spot, width: float) -> Box:
    """The box a name ``width`` wide covers at this spot."""
    x, y, anchor = spot
    left = {"start": x, "end": x - width, "middle": x - width / 2}[anchor]
    return (left, y - FONT + 2, left + width, y + 3)


def _spot_cost(
    b: Box, nearness: int, city: Point, around: _Around, others: list[Box], clear: _KeptClear
) -> float:
    """What a name in box ``b`` costs: on a route's middle or off the picture, most; then
    over another name or dot, read as another city's, beside another name, over a route's
    spaces, far from its city; ``nearness``, the spot's rank from its city, breaks ties."""
    near = (b[0] - 3, b[1] - 3, b[2] + 3, b[3] + 3)
    over_middle = sum(1 for m in around.middles if _overlaps(b, m))
    over_names = sum(1 for o in [*clear.dots, *others] if _overlaps(b, o))
    beside_names = sum(1 for o in others if _overlaps(near, o))
    over_routes = sum(1 for q in around.along if b[0] < q.x < b[2] and b[1] < q.y < b[3])
    outside = b[0] < 2 or b[2] > WIDTH - 2 or b[1] < 2 or b[3] > clear.height - 2
    # A name read as another city's: nearer another dot than its own.
    own = _distance(b, city)
    astray = any(_distance(b, q) < own for q in around.cities)
    return (
        1000 * (over_middle + outside)
        + 60 * over_names
        + 40 * astray
        + 10 * beside_names
        + over_routes
        + 0.5 * own
        + nearness * 0.05
    )


SPACE_ROOM = 22.0  # the least length a space of a route into a country is drawn


def _away(city: Point, flag: Point, least: float) -> Point:
    """The flag, moved out along its line from the city to lie at least ``least`` away."""
    dx, dy = flag.x - city.x, flag.y - city.y
    distance = math.hypot(dx, dy)
    if distance >= least or not distance:
        return flag
    return Point(city.x + dx * least / distance, city.y + dy * least / distance)


_LAYOUTS: dict[str, Layout] = {}


def layout(board: Board) -> Layout:
    """The board's picture laid out (once a board: it never changes)."""
    if board.id not in _LAYOUTS:
        places, height, at = project(board)
        wrap = (WIDTH - 2 * MARGIN) if board.wraps else 0.0
        # A route into a country ends at its border flag (at least a finger's room a space
        # away from its city: a border can lie close); the others at their cities.
        flags = {
            r.id: _away(places[next(c for c in r.cities if not board.is_country(c))],
                        at(*r.flag), r.length * SPACE_ROOM)
            for r in board.routes
            if r.flag is not None
        }  # fmt: skip

        def ends(r: Route) -> tuple[Point, Point]:
            a, b = (places[c] for c in r.cities)
            if r.id in flags:
                return (flags[r.id], b) if board.is_country(r.cities[0]) else (a, flags[r.id])
            return a, b

        between: dict[tuple[frozenset[str], Point | None], list[Route]] = {}
        for r in board.routes:
            between.setdefault((frozenset(r.cities), flags.get(r.id)), []).append(r)
        tracks = {
            r.id: _tracks(
                r, ends(r), wrap, (side.index(r) + 1, len(side)), [at(*p) for p in r.bends]
            )
            for side in between.values()
            for r in side
        }
        labels = _labels(board, places, tracks, height)
        _LAYOUTS[board.id] = Layout(WIDTH, height, places, tracks, labels, flags)
    return _LAYOUTS[board.id]


def board_svg(
    board: Board,
    owners: Mapping[int, str],
    player_pieces: Mapping[str, Piece],
    link: Callable[[Route], str] | None = None,
    highlight: Collection[int] = (),
    every_car: bool = False,
) -> str:
    """The picture as SVG markup. ``link`` gives each route an address to tap (to claim
    it); ``highlight`` picks out some routes (a longest path, a ticket's chain);
    ``every_car`` marks every car of a claimed route with its owner's mark, not only the
    middle one. Each route is drawn once for each way it is shown (free, or an owner's, in
    a language) and found again after: a picture is mostly the same routes as the last."""
    drawn = layout(board)
    label = escape(str(_("%(map)s board", map=board.title)))
    height = f"{drawn.height:.0f}"
    # A picture to look at; with routes to tap, a group of links (a picture's parts are
    # never read out, so its links would be lost to a screen reader).
    role = "group" if link is not None else "img"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
        f'class="board" id="board" role="{role}" aria-label="{label}">',
        _part(board, _water),
    ]
    for route in board.routes:
        owner = owners.get(route.id)
        lit = None if not highlight else route.id in highlight
        train = player_pieces.get(owner, Piece(INK, "")) if owner else None
        group = _route(board.id, route, drawn, owner, train, lit, every_car)
        parts.append(group if link is None else f'<a href="{escape(link(route))}">{group}</a>')
    parts.append(_part(board, _places))
    return "\n".join(parts)


# What a board's picture shows under its routes and over them, by board and part: the
# same on every picture of it.
_PARTS: dict[tuple[str, str], str] = {}


def _part(board: Board, draw: Callable[[Board], str]) -> str:
    """The part of the board's picture ``draw`` draws, drawn once for the board."""
    key = (board.id, draw.__name__)
    if key not in _PARTS:
        _PARTS[key] = draw(board)
    return _PARTS[key]


def _water(board: Board) -> str:
    """The paper, and the water under the board's sea routes."""
    drawn = layout(board)
    lines = [
        f'<line {_ends(t)} stroke="{WATER}" stroke-width="15" stroke-linecap="round"/>'
        for route in board.routes
        if route.kind == SEA
        for t in drawn.tracks[route.id]
    ]
    paper = f'<rect width="{WIDTH}" height="{drawn.height:.0f}" fill="{PAPER}"/>'
    return "\n".join([paper, '<g class="water">', *lines, "</g>"])


def _places(board: Board) -> str:
    """The cities' dots, the border flags and the places' names, over the routes."""
    drawn = layout(board)
    parts = ['<g class="dots">']
    parts.extend(
        f'<circle cx="{p.x:.1f}" cy="{p.y:.1f}" r="5" fill="{CITY_DOT}" stroke="#fff" '
        'stroke-width="1.5"/>'
        for name, p in drawn.places.items()
        if not board.is_country(name)
    )
    # A route into a country ends at the country's flag on the border.
    parts.extend(_flag_svg(f) for f in border_flags(board))
    parts.append('</g><g class="names">')
    parts.extend(
        f'<text x="{spot.x:.1f}" y="{spot.y:.1f}" text-anchor="{spot.anchor}" '
        f'class="{"country" if board.is_country(name) else "city"}">{escape(name)}</text>'
        for name, spot in drawn.labels.items()
    )
    parts.append("</g></svg>")
    return "\n".join(parts)


@dataclass(frozen=True)
class FlagShape:
    """A border flag as drawn: its pole, from ``foot`` up to ``top``, and its cloth's
    stripes (left, top, width, height, colour) inside ``cloth``, a box (left, top, width,
    height); a country without a flag of its own has no stripes: a plain pennant."""

    foot: Point
    top: Point
    cloth: tuple[float, float, float, float]
    stripes: tuple[tuple[float, float, float, float, str], ...]


FLAG_WIDTH, FLAG_HEIGHT = 15.0, 10.0


def flag_shape(pole: Point, flag: Flag | None) -> FlagShape:
    """The flag whose pole stands at ``pole`` (its foot a little below)."""
    top = Point(pole.x, pole.y - 14)
    cloth = (top.x, top.y, FLAG_WIDTH, FLAG_HEIGHT)
    stripes = []
    if flag is not None:
        count = len(flag.colors)
        for i, color in enumerate(flag.colors):
            if flag.vertical:
                w = FLAG_WIDTH / count
                stripes.append((top.x + w * i, top.y, w, FLAG_HEIGHT, color))
            else:
                h = FLAG_HEIGHT / count
                stripes.append((top.x, top.y + h * i, FLAG_WIDTH, h, color))
    return FlagShape(Point(pole.x, pole.y + 6), top, cloth, tuple(stripes))


def _flag_svg(shape: FlagShape) -> str:
    foot, top = shape.foot, shape.top
    staff = (
        f'<line x1="{foot.x:.1f}" y1="{foot.y:.1f}" x2="{top.x:.1f}" y2="{top.y:.1f}" '
        f'stroke="{INK}" stroke-width="1.6" stroke-linecap="round"/>'
    )
    if not shape.stripes:
        return (
            f'<path d="M{top.x:.1f},{top.y:.1f} l9,3.5 l-9,3.5 z" fill="{INK}" stroke="{INK}" '
            'stroke-width="1.4" stroke-linejoin="round"/>' + staff
        )
    stripes = "".join(
        f'<rect x="{x:.2f}" y="{y:.2f}" width="{w:.2f}" height="{h:.2f}" fill="{color}"/>'
        for x, y, w, h, color in shape.stripes
    )
    x, y, w, h = shape.cloth
    outline = (
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.0f}" height="{h:.0f}" fill="none" '
        f'stroke="{INK}" stroke-width="0.9"/>'
    )
    return f'<g class="flag">{stripes}{outline}{staff}</g>'


def border_flags(board: Board) -> list[FlagShape]:
    """The flags where the routes into a country cross its border."""
    drawn = layout(board)
    return [
        flag_shape(
            drawn.flags[r.id], board.cities[next(c for c in r.cities if board.is_country(c))].flag
        )
        for r in board.routes
        if r.id in drawn.flags
    ]


def flag_background(flag: Flag) -> str:
    """The flag's stripes as a CSS background, for the key to the board."""
    count = len(flag.colors)
    stops = ", ".join(
        f"{c} {100 * i / count:.2f}% {100 * (i + 1) / count:.2f}%"
        for i, c in enumerate(flag.colors)
    )
    return f"linear-gradient(to {'right' if flag.vertical else 'bottom'}, {stops})"


def _ends(track: Track) -> str:
    s, e = track.start, track.end
    return f'x1="{s.x:.1f}" y1="{s.y:.1f}" x2="{e.x:.1f}" y2="{e.y:.1f}"'


# Each route as drawn (free, or an owner's; picked out or not; in a language), by board,
# route and what it shows: a picture is mostly the routes of the pictures before it. All
# forgotten at once when full.
_DRAWN: dict[tuple[object, ...], str] = {}
MOST_DRAWN = 20_000


def _route(
    board_id: str,
    route: Route,
    drawn: Layout,
    owner: str | None,
    train: Piece | None,
    lit: bool | None,
    every_car: bool,
) -> str:
    """A route's group: its title, its tap targets and its spaces (``lit``: picked out,
    dimmed beside others picked out, or None where nothing is), drawn once for each way
    it is shown."""
    key = (board_id, route.id, owner, train, lit, every_car, spoken())
    found = _DRAWN.get(key)
    if found is None:
        if len(_DRAWN) >= MOST_DRAWN:
            _DRAWN.clear()
        found = _DRAWN[key] = _route_group(route, drawn, owner, train, lit, every_car)
    return found


def _route_group(
    route: Route,
    drawn: Layout,
    owner: str | None,
    train: Piece | None,
    lit: bool | None,
    every_car: bool,
) -> str:
    classes = ["route", "claimed" if owner else "free"]
    if route.kind == SEA:
        classes.append("sea")
    if lit is not None:
        classes.append("lit" if lit else "dim")
    body = [f"<title>{escape(str(route_title(route, owner)))}</title>"]
    # An invisible line along each stretch: the picture's tap target, and where a page's
    # script finds the route to tell which one a finger meant.
    body.extend(
        f'<line class="hit" {_ends(track)} stroke="transparent" stroke-width="22"/>'
        for track in drawn.tracks[route.id]
    )
    body.extend(_space_svg(space) for space in spaces(route, drawn, train, every_car=every_car))
    pair = escape("|".join(sorted(route.cities)))  # the tracks of a double share it
    middle = drawn.middle(route.id)
    return (
        f'<g class="{" ".join(classes)}" id="route-{route.id}" data-route="{route.id}" '
        f'data-pair="{pair}" data-middle="{middle.x:.1f},{middle.y:.1f}"'
        + (f' data-owner="{escape(owner)}"' if owner else "")
        + ">"
        + "".join(body)
        + "</g>"
    )


def space_counts(route: Route, stretches: tuple[Track, ...]) -> list[int]:
    """How many of the route's spaces each stretch shows (a route across the edge, or one
    the board bends, shares them between its stretches by their lengths, at least one a
    stretch while there are spaces enough)."""
    if len(stretches) == 1:
        return [route.length]
    total = sum(t.length for t in stretches) or 1.0
    shares = [route.length * t.length / total for t in stretches]
    counts = [max(int(share), 1 if route.length >= len(stretches) else 0) for share in shares]
    while sum(counts) > route.length:  # the floor of one a stretch took too many
        counts[counts.index(max(counts))] -= 1
    by_remainder = sorted(range(len(shares)), key=lambda i: counts[i] - shares[i])
    for i in by_remainder[: route.length - sum(counts)]:
        counts[i] += 1
    return counts


@dataclass(frozen=True)
class Space:
    """One space of a route as drawn: a rectangle turned along its track, hollow in the
    route's colour while free, its owner's train (with a window) once claimed."""

    centre: Point
    length: float  # along the track
    height: float
    angle: float
    fill: str
    outline: str
    outline_width: float
    corner: float
    dashed: bool = False  # a tunnel's
    train: bool = False  # a claimed route's: it has a window along it, or its owner's mark
    locomotive: bool = False  # a ferry's space that takes a locomotive: a dot
    cross: bool = False  # a mountain route's ✕ space (Legendary Asia): a cross on it
    mark: str = ""  # a train's: its owner's mark, written on it in ``ink``
    ink: str = INK


def spaces(
    route: Route,
    drawn: Layout,
    train: Piece | None,
    outline: str = INK,
    every_car: bool = False,
) -> list[Space]:
    """The route's spaces, on each of its stretches: free (``train`` None), or carrying
    those pieces, outlined in ``outline`` (a picture may pick some out), the owner's mark
    on the middle car of each stretch (on every car with ``every_car``)."""
    out = []
    stretches = drawn.tracks[route.id]
    placed = 0  # the route's spaces on the stretches before this one
    for track, count in zip(stretches, space_counts(route, stretches), strict=True):
        for i, (centre, size) in enumerate(track.spaces(count)):
            n = placed + i  # the space's place along the whole route
            if train is not None:
                marked = every_car or i == count // 2
                out.append(
                    Space(centre, size, TRAIN_HEIGHT, track.angle, train.color, outline, 1.6,
                          2.0, train=True, mark=train.mark if marked else "", ink=train.ink)
                )  # fmt: skip
                continue
            color = ROUTE_COLORS[route.color]
            out.append(
                Space(
                    centre,
                    size,
                    FREE_HEIGHT,
                    track.angle,
                    tint(color),
                    INK if route.tunnel else OUTLINES.get(route.color, color),
                    2.0,
                    3.0 if route.kind == SEA else 1.5,
                    dashed=route.tunnel,
                    locomotive=n < route.locomotives,
                    cross=n >= route.length - route.mountains,
                )
            )
        placed += count
    return out


def _space_svg(space: Space) -> str:
    """A space as SVG markup."""
    c, length, height = space.centre, space.length, space.height
    turn = f'transform="rotate({space.angle:.1f} {c.x:.1f} {c.y:.1f})"'
    dash = ' stroke-dasharray="2.5 1.5"' if space.dashed else ""
    out = (
        f'<rect x="{c.x - length / 2:.1f}" y="{c.y - height / 2:.1f}" width="{length:.1f}" '
        f'height="{height}" rx="{space.corner}" fill="{space.fill}" stroke="{space.outline}" '
        f'stroke-width="{space.outline_width}"{dash} {turn}/>'
    )
    if space.mark:  # the owner's mark, upright, where the car's window would be
        out += (
            f'<text x="{c.x:.1f}" y="{c.y + MARK_FONT * 0.36:.1f}" class="owner-mark" '
            f'aria-hidden="true" font-size="{MARK_FONT}" font-weight="700" '
            f'font-family="system-ui, sans-serif" fill="{space.ink}" text-anchor="middle">'
            f"{escape(space.mark)}</text>"
        )
    elif space.train:  # a window along the car: a train, not a coloured space
        out += (
            f'<rect x="{c.x - length * 0.3:.1f}" y="{c.y - 1.6:.1f}" width="{length * 0.6:.1f}" '
            f'height="3.2" rx="1" fill="#fff" opacity=".55" {turn}/>'
        )
    if space.locomotive:
        out += f'<circle cx="{c.x:.1f}" cy="{c.y:.1f}" r="2.2" fill="{INK}"/>'
    if space.cross:
        arm = min(length, height) * 0.32
        out += (
            f'<path d="M{c.x - arm:.1f} {c.y - arm:.1f}l{2 * arm:.1f} {2 * arm:.1f}'
            f'm0 {-2 * arm:.1f}l{-2 * arm:.1f} {2 * arm:.1f}" stroke="{INK}" '
            f'stroke-width="1.3" fill="none" class="cross" {turn}/>'
        )
    return out


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
