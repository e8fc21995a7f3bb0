"""The claims as the table recorded them, to hold a photo against: which route, and the
colour of the pieces on it.

From a file (``companion photo --claims``)::

    {"map": "usa", "claims": [{"route": ["Denver", "Omaha"], "pieces": "red"},
                              {"route": ["Dallas", "Houston"], "color": "gray",
                               "track": 1, "pieces": "blue"}]}

``color`` and ``track`` only where the cities are joined by more than one route, as in a
game record. Claims on the tracks of a double of one printed colour name no track a photo
can tell from the other: they are matched to its tracks as best fits what is seen.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.rules.board import Board, Route
from companion.rules.colors import PIECE_COLORS, UnknownColor, route_color
from companion.rules.errors import CompanionError, RecordError
from companion.rules.fields import keys, pair
from companion.rules.words import _, listing

MAX_CLAIMS = 1000


@dataclass(frozen=True)
class Claim:
    """One recorded claim: a route (for a double of one printed colour, any of its tracks)
    and the colour of its owner's pieces."""

    route: Route
    pieces: str


def parse_claims(data: Any, board: Board) -> tuple[Claim, ...]:
    """The claims in a claims file's data, each route found on ``board``; ``RecordError``
    naming the claim and the problem."""
    keys("", data, {"map", "claims"}, set())
    if data["map"] != board.id:
        raise RecordError(
            "map",
            _(
                "the claims are of the map '%(map)s', the photo of '%(photo)s'",
                map=str(data["map"])[:40],
                photo=board.id,
            ),
        )
    entries = data["claims"]
    if not isinstance(entries, list):
        raise RecordError("claims", _("should be a list of claims"))
    if len(entries) > MAX_CLAIMS:
        raise RecordError("claims", _("more claims than a board has routes"))
    claims = []
    for index, entry in enumerate(entries):
        where = f"claims[{index}]"
        keys(where, entry, {"route", "pieces"}, {"color", "track"})
        cities = pair(f"{where}.route", entry["route"])
        pieces = entry["pieces"]
        if pieces not in PIECE_COLORS:
            raise RecordError(
                f"{where}.pieces",
                _(
                    "should be the colour of a player's pieces: %(colors)s",
                    colors=listing(PIECE_COLORS),
                ),
            )
        try:
            route = _route(board, cities, entry.get("color"), entry.get("track"))
        except CompanionError as error:
            raise RecordError(where, error.args[0]) from None
        claims.append(Claim(route, pieces))
    placed(claims, board)
    return tuple(claims)


def _route(board: Board, cities: tuple[str, str], color: Any, track: Any) -> Route:
    a, b = board.city(cities[0]), board.city(cities[1])
    routes = board.routes_between(a, b)
    if not routes:
        raise RecordError("", _("no route joins %(a)s and %(b)s", a=a, b=b))
    if color is not None:
        if not isinstance(color, str):
            raise RecordError("color", _("should be a route colour"))
        try:
            wanted = route_color(color)
        except UnknownColor as error:
            raise RecordError("color", error.args[0]) from None
        routes = tuple(r for r in routes if r.color == wanted)
        if not routes:
            raise RecordError(
                "color", _("%(a)s–%(b)s has no %(color)s route", a=a, b=b, color=wanted)
            )
    if track is not None:
        if isinstance(track, bool) or not isinstance(track, int):
            raise RecordError("track", _("should be a track's number"))
        numbered = tuple(r for r in routes if r.track == track)
        if not numbered:
            raise RecordError(
                "track", _("%(a)s–%(b)s has no track %(track)d", a=a, b=b, track=track)
            )
        routes = numbered
    if len({(r.color, r.length) for r in routes}) > 1:
        raise RecordError(
            "", _("%(a)s–%(b)s names more than one route: say which by its colour", a=a, b=b)
        )
    return routes[0]


def placed(claims: Sequence[Claim], board: Board) -> None:
    """Refuses more claims on a route than it has tracks."""
    counts: dict[tuple[str, str, str], int] = {}
    for claim in claims:
        key = _alike(claim.route)
        counts[key] = counts.get(key, 0) + 1
        tracks = sum(1 for r in board.routes_between(*claim.route.cities) if _alike(r) == key)
        if counts[key] > tracks:
            raise RecordError(
                "claims",
                _("%(route)s is claimed more times than it has tracks", route=claim.route.name),
            )


def _alike(route: Route) -> tuple[str, str, str]:
    """What tells a route from the others a photo can see: its cities and printed colour."""
    return (*route.cities, route.color)


def on_tracks(
    claims: Iterable[Claim],
    board: Board,
    likelihood: Mapping[Route, Mapping[str, float]],
) -> dict[Route, str]:
    """Each recorded claim on its track: a claim on a double of one printed colour goes to
    whichever of its tracks best fits what the photo shows there (``likelihood``: each
    track's log-likelihood of each thing seen)."""
    by_route: dict[tuple[str, str, str], list[str]] = {}
    for claim in claims:
        by_route.setdefault(_alike(claim.route), []).append(claim.pieces)
    out: dict[Route, str] = {}
    for key, colors in by_route.items():
        tracks = [r for r in board.routes_between(key[0], key[1]) if _alike(r) == key]
        out.update(_best_fit(tracks, colors, likelihood))
    return out


def _best_fit(
    tracks: list[Route], colors: list[str], likelihood: Mapping[Route, Mapping[str, float]]
) -> dict[Route, str]:
    if len(tracks) == 1:
        return {tracks[0]: colors[0]}
    padded = colors + ["none"] * (len(tracks) - len(colors))
    best: tuple[float, tuple[str, ...]] | None = None
    for order in _orders(padded):
        fit = sum(likelihood[t][c] for t, c in zip(tracks, order, strict=True))
        if best is None or fit > best[0]:
            best = (fit, order)
    assert best is not None
    return {t: c for t, c in zip(tracks, best[1], strict=True) if c != "none"}


def _orders(items: list[str]) -> list[tuple[str, ...]]:
    if len(items) <= 1:
        return [tuple(items)]
    out = []
    for i, first in enumerate(items):
        for rest in _orders(items[:i] + items[i + 1 :]):
            out.append((first, *rest))
    return sorted(set(out))
