"""The longest continuous path: the longest trail through a player's own routes.

"A continuous path may include loops, and pass through the same city several times, but a
given plastic train may never be used twice in the same continuous path." In graph terms:
the heaviest trail (no route twice, cities may repeat) in the player's multigraph.

Exact on every input, fast on whole boards:

- A set of routes is a trail exactly when it is connected and has at most two cities of
  odd degree (Euler). Each connected piece of the network is solved on its own.
- A small piece is searched depth-first from its odd cities, pruned by what is left.
- A large piece goes to branch and bound. The bound drops connectivity: the lightest set
  J of routes whose removal leaves at most two odd cities is a minimum T-join, found as a
  minimum-weight perfect matching of the odd cities under shortest-path distances, with
  two free "ends" (networkx does the matching). If what is left after removing J is
  connected, it is the answer; otherwise branch on the cut around one of its pieces:
  either no route of the cut is used, or the first one used is e1, e2, ...
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import networkx as nx

# Pieces with this many routes or fewer are searched depth-first.
DFS_LIMIT = 18


@dataclass(frozen=True)
class Edge:
    """A route as the search sees it: an id, its two cities and its length."""

    id: int
    a: str
    b: str
    length: int

    def other(self, city: str) -> str:
        """The city at the other end from ``city``."""
        return self.b if city == self.a else self.a


@dataclass(frozen=True)
class Trail:
    """A continuous path: the routes in order and the cities passed, start to end."""

    edges: tuple[Edge, ...] = ()
    cities: tuple[str, ...] = ()

    @property
    def length(self) -> int:
        """Its length in spaces (trains), not in routes."""
        return sum(e.length for e in self.edges)


def longest_trail(edges: Iterable[Edge]) -> Trail:
    """The longest continuous path through these routes (an empty trail for no routes)."""
    pieces = sorted(_components(list(edges)), key=lambda p: -_weight(p))
    best = _Best()
    for piece in pieces:
        if _weight(piece) <= best.length:
            break
        _solve_piece(piece, best)
    return euler_trail(best.edges)


class _Best:
    """The longest trail found so far (a lower bound while searching)."""

    def __init__(self) -> None:
        self.length = 0
        self.edges: tuple[Edge, ...] = ()

    def offer(self, edges: Sequence[Edge]) -> None:
        length = _weight(edges)
        if length > self.length:
            self.length, self.edges = length, tuple(edges)


def _weight(edges: Iterable[Edge]) -> int:
    return sum(e.length for e in edges)


def _odd_cities(edges: Iterable[Edge]) -> list[str]:
    degree: dict[str, int] = defaultdict(int)
    for e in edges:
        degree[e.a] += 1
        degree[e.b] += 1
    return sorted(c for c, d in degree.items() if d % 2)


def _components(edges: list[Edge]) -> list[list[Edge]]:
    """The connected pieces of a network, as lists of routes."""
    parent: dict[str, str] = {}

    def root(c: str) -> str:
        parent.setdefault(c, c)
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    for e in edges:
        parent[root(e.a)] = root(e.b)
    pieces: dict[str, list[Edge]] = defaultdict(list)
    for e in edges:
        pieces[root(e.a)].append(e)
    return list(pieces.values())


def _solve_piece(piece: list[Edge], best: _Best) -> None:
    if len(_odd_cities(piece)) <= 2:
        best.offer(piece)
    elif len(piece) <= DFS_LIMIT:
        _depth_first(piece, best)
    else:
        _branch(piece, frozenset(), best)


def _depth_first(piece: list[Edge], best: _Best) -> None:
    """Every trail from each odd city, pruned when the unused routes can't beat the best."""
    at: dict[str, list[Edge]] = defaultdict(list)
    for e in piece:
        at[e.a].append(e)
        at[e.b].append(e)
    used: set[int] = set()
    path: list[Edge] = []
    total = _weight(piece)

    def walk(city: str, length: int, left: int) -> None:
        if length > best.length:
            best.offer(path)
        if length + left <= best.length:
            return
        for e in at[city]:
            if e.id not in used:
                used.add(e.id)
                path.append(e)
                walk(e.other(city), length + e.length, left - e.length)
                path.pop()
                used.discard(e.id)

    for city in _odd_cities(piece):
        walk(city, 0, total)


def _branch(edges: list[Edge], forced: frozenset[int], best: _Best) -> None:
    """Branch and bound on one connected piece; ``forced`` routes must be in the trail."""
    total = _weight(edges)
    if total <= best.length:
        return
    odd = _odd_cities(edges)
    if len(odd) <= 2:
        best.offer(edges)
        return
    join = _minimum_join(edges, forced, odd)
    if join is None:
        return
    if total - _weight(join) <= best.length:
        return
    dropped = {e.id for e in join}
    rest = [e for e in edges if e.id not in dropped]
    pieces = _components(rest)
    for piece in pieces:
        best.offer(piece)
    if len(pieces) == 1:
        return
    # Branch on the piece whose cut is smallest.
    cuts = []
    for piece in pieces:
        inside = {c for e in piece for c in (e.a, e.b)}
        cut = [e for e in edges if (e.a in inside) != (e.b in inside)]
        cuts.append(cut)
    cut = min(cuts, key=len)
    cut.sort(key=lambda e: -e.length)
    cut_ids = {e.id for e in cut}
    # Either the trail uses no route of the cut ...
    _split([e for e in edges if e.id not in cut_ids], forced, best)
    # ... or the first route of the cut it uses is cut[i].
    for i, e in enumerate(cut):
        banned = {c.id for c in cut[:i]}
        _split([x for x in edges if x.id not in banned], forced | {e.id}, best)


def _split(edges: list[Edge], forced: frozenset[int], best: _Best) -> None:
    """Solves each connected piece that can hold every forced route."""
    for piece in sorted(_components(edges), key=lambda p: -_weight(p)):
        ids = {e.id for e in piece}
        if forced <= ids:
            _branch(piece, forced, best)
        elif not forced & ids:
            continue
        else:
            return  # the forced routes lie in different pieces: no trail has them all


def _minimum_join(edges: list[Edge], forced: frozenset[int], odd: list[str]) -> list[Edge] | None:
    """The lightest set of unforced routes whose removal leaves at most two odd cities."""
    graph: dict[str, list[Edge]] = defaultdict(list)
    for e in edges:
        if e.id not in forced:
            graph[e.a].append(e)
            graph[e.b].append(e)
    paths = {city: _shortest_paths(graph, city) for city in odd}
    matching: nx.Graph[str] = nx.Graph()
    ends = ("end 1", "end 2")
    matching.add_edge(*ends, weight=0)
    for i, city in enumerate(odd):
        for end in ends:
            matching.add_edge(city, end, weight=0)
        for other in odd[i + 1 :]:
            if other in paths[city]:
                matching.add_edge(city, other, weight=paths[city][other][0])
    pairs = nx.min_weight_matching(matching)
    if 2 * len(pairs) < len(odd) + 2:
        return None
    join: set[Edge] = set()
    for u, v in pairs:
        if u in ends or v in ends:
            continue
        join ^= set(paths[u][v][1])
    return sorted(join, key=lambda e: e.id)


def _shortest_paths(
    graph: dict[str, list[Edge]], source: str
) -> dict[str, tuple[int, tuple[Edge, ...]]]:
    """Dijkstra: for each reachable city, its distance from ``source`` and the routes taken."""
    done: dict[str, tuple[int, tuple[Edge, ...]]] = {}
    queue: list[tuple[int, int, str, tuple[Edge, ...]]] = [(0, 0, source, ())]
    tie = 0
    while queue:
        distance, _, city, route = heapq.heappop(queue)
        if city in done:
            continue
        done[city] = (distance, route)
        for e in graph.get(city, ()):
            nxt = e.other(city)
            if nxt not in done:
                tie += 1
                heapq.heappush(queue, (distance + e.length, tie, nxt, (*route, e)))
    return done


def euler_trail(edges: Sequence[Edge]) -> Trail:
    """The routes of a connected set with at most two odd cities, in travelling order."""
    if not edges:
        return Trail()
    at: dict[str, list[Edge]] = defaultdict(list)
    for e in sorted(edges, key=lambda e: e.id, reverse=True):
        at[e.a].append(e)
        at[e.b].append(e)
    odd = _odd_cities(edges)
    start = odd[0] if odd else min(at)
    used: set[int] = set()
    # Hierholzer: walk until stuck, then back up, splicing in the loops left behind.
    stack: list[tuple[str, Edge | None]] = [(start, None)]
    order: list[tuple[str, Edge | None]] = []
    while stack:
        city, via = stack[-1]
        while at[city] and at[city][-1].id in used:
            at[city].pop()
        if at[city]:
            e = at[city].pop()
            used.add(e.id)
            stack.append((e.other(city), e))
        else:
            order.append(stack.pop())
    order.reverse()
    cities = tuple(city for city, _ in order)
    trail = tuple(e for _, e in order if e is not None)
    if len(trail) != len(edges):
        raise ValueError("these routes do not form one continuous path")
    return Trail(trail, cities)
