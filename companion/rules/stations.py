"""Europe's stations: one per city, three per player; at the end each lets its owner use
one route of another player into its city for the owner's tickets (not for the longest
path). The companion picks, for each station, the route that scores the owner best."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import replace
from types import MappingProxyType

from companion.rules.board import Route
from companion.rules.errors import IllegalAction
from companion.rules.state import STATION, State, check_room_to_build, left_to_build
from companion.rules.words import _


def stations_left(state: State, player: str) -> int:
    """How many stations a player may still build."""
    return left_to_build(state, player, STATION)


def build_station(state: State, player: str, text: str) -> State:
    """The state with the player's station in that city, or the rule that forbids it."""
    edition = state.setup.edition
    if not edition.stations:
        raise IllegalAction(_("there are no stations in %(edition)s", edition=edition.name))
    city = state.board.city(text)
    check_room_to_build(state, player, city, STATION)
    return replace(state, stations=MappingProxyType({**state.stations, city: player}))


def borrow_options(state: State, player: str) -> list[tuple[str, list[Route]]]:
    """For each of the player's stations, the other players' routes into its city."""
    options = []
    for city, owner in sorted(state.stations.items()):
        if owner != player:
            continue
        routes = [
            state.board.routes[i]
            for i, holder in sorted(state.owners.items())
            if holder != player and city in state.board.routes[i].cities
        ]
        options.append((city, routes))
    return options


def best_borrowing(
    options: Sequence[tuple[str, Sequence[Route]]],
    score: Callable[[tuple[Route, ...]], tuple[int, ...]],
) -> tuple[tuple[str, Route | None], ...]:
    """The choice of one route (or none) per station that scores best (``score`` ranks a
    choice: ticket points, then completed tickets); the first found among equals, trying
    "none" first, so nothing is borrowed without a gain."""
    best: tuple[tuple[int, ...], tuple[tuple[str, Route | None], ...]] | None = None
    choices = [[None, *routes] for _city, routes in options]
    for picked in itertools.product(*choices):
        borrowed = tuple(r for r in picked if r is not None)
        if len({r.id for r in borrowed}) < len(borrowed):
            continue  # one route can serve one station only
        points = score(borrowed)
        if best is None or points > best[0]:
            best = (points, tuple(zip((c for c, _routes in options), picked, strict=True)))
    return best[1] if best else ()
