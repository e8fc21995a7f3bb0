"""India's Mandala (Grand Tour) bonus: a completed ticket whose two cities are joined by two
paths of its owner's routes that share no route (they may share cities).

Two such paths exist exactly when no single route's loss parts the two cities: the most
route-disjoint paths between them (a flow of one through each route) is two or more. When
it is one, the route that carries it across the cut is the one whose loss parts them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from companion.rules.board import Route


@dataclass(frozen=True)
class MandalaCheck:
    """A completed ticket's two route-disjoint paths (a Mandala), each in order from the
    ticket's first city; or, where there is one path only, the route whose loss cuts it."""

    paths: tuple[tuple[Route, ...], tuple[Route, ...]] | None
    cut: Route | None = None

    @property
    def made(self) -> bool:
        """True when the ticket makes a Mandala."""
        return self.paths is not None


def mandala_points(table: Sequence[int], made: int) -> int:
    """The bonus for this many Mandalas by the edition's table (its last figure for that
    many or more)."""
    return table[min(made, len(table)) - 1] if made and table else 0


def check(routes: Sequence[Route], a: str, b: str) -> MandalaCheck | None:
    """Whether the routes join ``a`` and ``b`` by two paths that share no route; None when
    they don't join them at all."""
    flow: dict[int, int] = {}  # +1: carried from cities[0] to cities[1]; -1 the other way
    at: dict[str, list[Route]] = {}
    for route in sorted(routes, key=lambda r: r.id):
        for city in dict.fromkeys(route.cities):
            at.setdefault(city, []).append(route)
    for found in range(2):
        came_by = _augmenting(at, flow, a, b)
        if isinstance(came_by, set):  # b out of reach: ``came_by`` holds the cities reached
            if found == 0:
                return None
            cut = next(
                r
                for r in sorted(routes, key=lambda r: r.id)
                if flow.get(r.id) and (r.cities[0] in came_by) != (r.cities[1] in came_by)
            )
            return MandalaCheck(None, cut)
        city = b
        while city != a:
            route = came_by[city]
            step = 1 if route.cities[1] == city else -1
            flow[route.id] = flow.get(route.id, 0) + step
            city = route.other_end(city)
    first, second = _two_paths(at, flow, a, b)
    return MandalaCheck((first, second))


def _augmenting(
    at: dict[str, list[Route]], flow: dict[int, int], a: str, b: str
) -> dict[str, Route] | set[str]:
    """The route each city was reached by on a path from ``a`` to ``b`` with room for one
    more; where there is none, the cities reached."""
    came_by: dict[str, Route] = {}
    reached = {a}
    queue = deque([a])
    while queue:
        city = queue.popleft()
        for route in at.get(city, ()):
            nxt = route.other_end(city)
            towards = 1 if route.cities[1] == nxt else -1
            if nxt in reached or flow.get(route.id, 0) == towards:
                continue
            reached.add(nxt)
            came_by[nxt] = route
            if nxt == b:
                return came_by
            queue.append(nxt)
    return reached


def _two_paths(
    at: dict[str, list[Route]], flow: dict[int, int], a: str, b: str
) -> tuple[tuple[Route, ...], tuple[Route, ...]]:
    """The flow of two from ``a`` to ``b`` as two paths, each following routes the way
    they carry it, no route in both."""
    used: set[int] = set()
    paths = []
    for _path in range(2):
        path: list[Route] = []
        city = a
        while city != b:
            route = next(
                r
                for r in at[city]
                if r.id not in used
                and flow.get(r.id, 0) == (1 if r.cities[0] == city else -1)
                and r.cities[0] != r.cities[1]
            )
            used.add(route.id)
            path.append(route)
            city = route.other_end(city)
        paths.append(tuple(path))
    return paths[0], paths[1]
