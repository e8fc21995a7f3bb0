"""Connections through a player's own routes: does a ticket's pair of cities join up?"""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Collection, Iterable

from companion.rules.board import Route


def connecting_chain(
    routes: Iterable[Route], a: str, b: str, dead_ends: Collection[str] = ()
) -> tuple[Route, ...] | None:
    """The fewest of these routes that join ``a`` to ``b``, in order from ``a``; None if none.
    A chain may start or end in a dead end (a country) but never pass through one."""
    at: dict[str, list[Route]] = defaultdict(list)
    for route in sorted(routes, key=lambda r: r.id):
        for city in route.cities:
            at[city].append(route)
    if a == b:
        return ()
    came_by: dict[str, Route | None] = {a: None}
    queue = deque([a])
    while queue:
        city = queue.popleft()
        for route in at[city]:
            nxt = route.other_end(city)
            if nxt in came_by or (nxt in dead_ends and nxt != b):
                continue
            came_by[nxt] = route
            if nxt == b:
                chain: list[Route] = []
                step: str = b
                while (via := came_by[step]) is not None:
                    chain.append(via)
                    step = via.other_end(step)
                return tuple(reversed(chain))
            queue.append(nxt)
    return None


def cities_along(chain: Iterable[Route], start: str) -> tuple[str, ...]:
    """The cities a chain of routes passes, from ``start``."""
    cities = [start]
    for route in chain:
        cities.append(route.other_end(cities[-1]))
    return tuple(cities)
