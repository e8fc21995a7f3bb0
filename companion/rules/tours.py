"""Tour tickets (Rails & Sails): several cities in a printed order.

In order: a continuous path through the owner's routes (no route twice, cities may repeat)
that reaches the cities in the printed order; it earns the higher value. All the cities
joined by the owner's routes, but in no such path: the lower value. Otherwise the penalty.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from companion.rules.board import Route, Ticket
from companion.rules.paths import connecting_chain


def tour_in_order(routes: Sequence[Route], stops: Sequence[str]) -> tuple[Route, ...] | None:
    """A continuous path through these routes reaching ``stops`` in order (their routes,
    from the first stop), or None if there is none."""
    at: dict[str, list[Route]] = defaultdict(list)
    for route in sorted(routes, key=lambda r: r.id):
        for city in route.cities:
            at[city].append(route)
    used: set[int] = set()
    path: list[Route] = []

    def reachable(city: str) -> set[str]:
        """The cities still reachable from ``city`` by routes not used yet."""
        seen, stack = {city}, [city]
        while stack:
            here = stack.pop()
            for route in at[here]:
                end = route.other_end(here)
                if route.id not in used and end not in seen:
                    seen.add(end)
                    stack.append(end)
        return seen

    def walk(city: str, reached: int) -> bool:
        if city == stops[reached]:
            reached += 1
            if reached == len(stops):
                return True
        if not set(stops[reached:]) <= reachable(city):
            return False
        for route in at[city]:
            if route.id in used:
                continue
            used.add(route.id)
            path.append(route)
            if walk(route.other_end(city), reached):
                return True
            path.pop()
            used.discard(route.id)
        return False

    return tuple(path) if walk(stops[0], 0) else None


def tour_connected(routes: Sequence[Route], stops: Sequence[str]) -> tuple[Route, ...] | None:
    """Routes joining every stop to the first (each chain once), or None if some stop is
    not joined."""
    joined: list[Route] = []
    for stop in stops[1:]:
        chain = connecting_chain(routes, stops[0], stop)
        if chain is None:
            return None
        joined += [r for r in chain if r not in joined]
    return tuple(joined)


def score_tour(routes: Sequence[Route], ticket: Ticket) -> tuple[int, tuple[Route, ...] | None]:
    """The tour's points and the routes that earned them (None when it failed)."""
    assert ticket.unordered is not None and ticket.penalty is not None
    in_order = tour_in_order(routes, ticket.cities)
    if in_order is not None:
        return ticket.points, in_order
    connected = tour_connected(routes, ticket.cities)
    if connected is not None:
        return ticket.unordered, connected
    return -ticket.penalty, None
