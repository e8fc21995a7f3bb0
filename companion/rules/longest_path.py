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
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

# Depth-first search and branch and bound take turns: DFS_FIRST pauses of the first (one
# every DFS_PAUSE steps), then one node of the second and some pauses of the first (more
# where the second's nodes cost more), and so on.
DFS_PAUSE = 32
DFS_FIRST = 2
DFS_SLICE = 6


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
    edges = list(edges)
    pieces = sorted(components(edges), key=lambda p: -_weight(p))
    best = _Best()
    next_id = max((e.id for e in edges), default=0) + 1
    chains: dict[int, tuple[Edge, ...]] = {}
    for piece in pieces:
        if _weight(piece) <= best.length:
            break
        core, branches, within = _peel(piece, next_id)
        next_id += len(branches)
        chains.update(branches)
        best.offer(within)
        if core:
            core, links = _contract(core, next_id)
            next_id += len(links)
            chains.update(links)
            _solve_piece(core, best)

    def routes(e: Edge) -> tuple[Edge, ...]:
        if e.id not in chains:
            return (e,)
        return tuple(r for part in chains[e.id] for r in routes(part))

    return euler_trail([r for e in best.edges for r in routes(e)])


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


def components(edges: list[Edge]) -> list[list[Edge]]:
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


def _peel(
    piece: list[Edge], first_id: int
) -> tuple[list[Edge], dict[int, tuple[Edge, ...]], tuple[Edge, ...]]:
    """Folds the trees hanging off a piece's loops into at most two branches per city.

    A path enters a hanging tree at most once and never comes back (every route of a tree
    is a bridge), so it ends in the tree: of each city's hanging trees only its two
    longest branches matter. Returns the loops with those branches as single routes (and
    what each stands for), and the longest path lying wholly inside the trees.
    """
    at: dict[str, list[Edge]] = defaultdict(list)
    for e in piece:
        at[e.a].append(e)
        at[e.b].append(e)
    degree = {city: len(edges) for city, edges in at.items()}
    removed_edges: set[int] = set()
    gone: set[str] = set()
    hanging: dict[str, list[tuple[int, tuple[Edge, ...]]]] = defaultdict(list)
    within: tuple[Edge, ...] = ()

    def down(city: str) -> tuple[Edge, ...]:
        """The longest branch down from ``city`` into its hanging trees, and the longest
        path through ``city`` inside them (offered as ``within``)."""
        nonlocal within
        branches = sorted(hanging.get(city, []), key=lambda b: -b[0])
        if len(branches) >= 2:
            through = (*reversed(branches[0][1]), *branches[1][1])
            if _weight(through) > _weight(within):
                within = through
        elif branches and branches[0][0] > _weight(within):
            within = branches[0][1]
        return branches[0][1] if branches else ()

    leaves = [c for c, d in degree.items() if d == 1]
    while leaves:
        leaf = leaves.pop()
        if leaf in gone or degree[leaf] != 1:
            continue
        gone.add(leaf)
        (edge,) = [e for e in at[leaf] if e.id not in removed_edges]
        removed_edges.add(edge.id)
        parent = edge.other(leaf)
        branch = (edge, *down(leaf))
        hanging[parent].append((_weight(branch), branch))
        degree[parent] -= 1
        if degree[parent] == 1:
            leaves.append(parent)
        elif degree[parent] == 0:  # the whole piece was a tree
            gone.add(parent)
            down(parent)
    core = [e for e in piece if e.id not in removed_edges]
    chains: dict[int, tuple[Edge, ...]] = {}
    for city in sorted({c for e in core for c in (e.a, e.b)}):
        for _, branch in sorted(hanging.get(city, []), key=lambda b: -b[0])[:2]:
            far = _far_city(city, branch)
            stand_in = Edge(first_id + len(chains), city, far, _weight(branch))
            chains[stand_in.id] = branch
            core.append(stand_in)
    return core, chains, within


def _contract(piece: list[Edge], first_id: int) -> tuple[list[Edge], dict[int, tuple[Edge, ...]]]:
    """Joins the two routes at each city where only they meet into one longer route: a
    path through such a city takes both or stops there, so it loses nothing."""
    at: dict[str, dict[int, Edge]] = defaultdict(dict)
    for e in piece:
        at[e.a][e.id] = e
        at[e.b][e.id] = e
    links: dict[int, tuple[Edge, ...]] = {}
    for city in sorted(at):
        if len(at[city]) != 2:
            continue
        first, second = at[city].values()
        start, end = first.other(city), second.other(city)
        if start == city or end == city:
            continue  # a route from the city back to itself: the city meets more than two
        joined = Edge(first_id + len(links), start, end, first.length + second.length)
        links[joined.id] = (first, second)
        del at[city]
        for e, far in ((first, start), (second, end)):
            at[far].pop(e.id)
        at[start][joined.id] = joined
        at[end][joined.id] = joined
    edges = {e.id: e for routes in at.values() for e in routes.values()}
    return list(edges.values()), links


def _far_city(start: str, branch: Sequence[Edge]) -> str:
    """The city a branch of routes reaches from ``start``."""
    city = start
    for e in branch:
        city = e.other(city)
    return city


def _solve_piece(piece: list[Edge], best: _Best) -> None:
    """Solves one connected piece: whole if it is a trail, else by search."""
    odd = len(_odd_cities(piece))
    if odd <= 2:
        best.offer(piece)
        return
    # Neither search is fast on every network; run both in turns, sharing the best trail
    # found, and stop when either finishes: that one has proved the best trail optimal.
    # A short start for the depth-first search, which finishes small networks at once.
    # A node of branch and bound costs about as much as odd² / DFS_SLICE pauses of
    # depth-first search (the pairing of odd cities dominates): keep their shares even.
    slice_ = max(DFS_FIRST, odd * odd // DFS_SLICE)
    runs = [(_branch(piece, frozenset(), best), 1), (_depth_first(piece, best), slice_)]
    if _advance(runs[1][0], DFS_FIRST):
        return
    while True:
        for run, steps in runs:
            if _advance(run, steps):
                return


def _advance(run: Iterator[None], steps: int) -> bool:
    """Runs a search for some steps; True once it has finished."""
    return any(next(run, _DONE) is _DONE for _ in range(steps))


_DONE = object()


def _depth_first(piece: list[Edge], best: _Best) -> Iterator[None]:
    """Every trail from each odd city, pruned when the unused routes still reachable can't
    beat the best; pauses every few steps."""
    at: dict[str, list[Edge]] = defaultdict(list)
    for e in piece:
        at[e.a].append(e)
        at[e.b].append(e)
    used: set[int] = set()
    path: list[Edge] = []

    def reachable(city: str) -> int:
        """The length of the unused routes still reachable from ``city``."""
        seen, stack, weight = {city}, [city], 0
        counted: set[int] = set()
        while stack:
            here = stack.pop()
            for e in at[here]:
                if e.id in used or e.id in counted:
                    continue
                counted.add(e.id)
                weight += e.length
                nxt = e.other(here)
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        return weight

    steps = 0
    for start in _odd_cities(piece):
        length = 0
        # Each frame: a city and the index of the next route to try from it (-1: new).
        stack: list[list[Any]] = [[start, -1]]
        while stack:
            frame = stack[-1]
            city = frame[0]
            routes = at[city]
            if frame[1] < 0:
                frame[1] = 0
                steps += 1
                if steps % DFS_PAUSE == 0:
                    yield
                if length > best.length:
                    best.offer(path)
                if length + reachable(city) <= best.length:
                    frame[1] = len(routes)
            while frame[1] < len(routes) and routes[frame[1]].id in used:
                frame[1] += 1
            if frame[1] < len(routes):
                e = routes[frame[1]]
                frame[1] += 1
                used.add(e.id)
                path.append(e)
                length += e.length
                stack.append([e.other(city), -1])
            else:
                stack.pop()
                if stack:
                    e = path.pop()
                    used.discard(e.id)
                    length -= e.length


def _branch(edges: list[Edge], forced: frozenset[int], best: _Best) -> Iterator[None]:
    """Branch and bound on one connected piece; ``forced`` routes must be in the trail.
    Pauses once per node."""
    total = _weight(edges)
    if total <= best.length:
        return
    odd = _odd_cities(edges)
    if len(odd) <= 2:
        best.offer(edges)
        return
    join = _minimum_join(edges, forced, odd)
    yield
    if join is None or total - _weight(join) <= best.length:
        return
    dropped = {e.id for e in join}
    pieces = components([e for e in edges if e.id not in dropped])
    for piece in pieces:
        best.offer(piece)
    if len(pieces) == 1:
        return
    # Branch on the cut around the piece whose cut is smallest.
    cuts: list[list[Edge]] = []
    for piece in pieces:
        inside = {c for e in piece for c in (e.a, e.b)}
        cuts.append([e for e in edges if (e.a in inside) != (e.b in inside)])
    smallest = min(cuts, key=lambda c: len(c))
    cut = sorted(smallest, key=lambda e: -e.length)
    cut_ids = {e.id for e in cut}
    # Either the trail uses no route of the cut ...
    yield from _split([e for e in edges if e.id not in cut_ids], forced, best)
    # ... or the first route of the cut it uses is cut[i].
    for i, e in enumerate(cut):
        banned = {c.id for c in cut[:i]}
        yield from _split([x for x in edges if x.id not in banned], forced | {e.id}, best)


def _split(edges: list[Edge], forced: frozenset[int], best: _Best) -> Iterator[None]:
    """Searches each connected piece that can hold every forced route."""
    for piece in sorted(components(edges), key=lambda p: -_weight(p)):
        ids = {e.id for e in piece}
        if forced <= ids:
            yield from _branch(piece, forced, best)
        elif forced & ids:
            return  # the forced routes lie in different pieces: no trail has them all


def _minimum_join(edges: list[Edge], forced: frozenset[int], odd: list[str]) -> list[Edge] | None:
    """The lightest set of unforced routes whose removal leaves at most two odd cities."""
    graph: dict[str, list[Edge]] = defaultdict(list)
    for e in edges:
        if e.id not in forced:
            graph[e.a].append(e)
            graph[e.b].append(e)
    paths = {city: _shortest_paths(graph, city) for city in odd}
    distance = {(u, v): paths[u][v][0] for u in odd for v in odd if u != v and v in paths[u]}
    pairs = _cheapest_pairing(odd, distance)
    if pairs is None:
        return None
    join: set[Edge] = set()
    for u, v in pairs:
        join ^= set(paths[u][v][1])
    return sorted(join, key=lambda e: e.id)


# Up to this many odd cities, pairings are found by dynamic programming (faster there);
# beyond, by Edmonds' blossom algorithm in networkx.
PAIRING_BY_TABLE = 10


def _cheapest_pairing(
    odd: list[str], distance: dict[tuple[str, str], int]
) -> list[tuple[str, str]] | None:
    """Pairs all odd cities but at most two (the path's ends) at the least total distance;
    None if they can't be paired."""
    if len(odd) <= PAIRING_BY_TABLE:
        return _pairing_table(odd, distance)
    import networkx as nx  # for the rare network this large: its import is slow

    graph: nx.Graph[str] = nx.Graph()
    ends = ("end 1", "end 2")
    graph.add_edge(*ends, weight=0)
    for u in odd:
        for end in ends:
            graph.add_edge(u, end, weight=0)
    for (u, v), d in distance.items():
        graph.add_edge(u, v, weight=d)
    matched = nx.min_weight_matching(graph)
    if 2 * len(matched) < len(odd) + 2:
        return None
    return [(u, v) for u, v in matched if u not in ends and v not in ends]


def _pairing_table(
    odd: list[str], distance: dict[tuple[str, str], int]
) -> list[tuple[str, str]] | None:
    """The cheapest pairing by dynamic programming over sets of cities still unpaired."""
    n = len(odd)
    cost: dict[tuple[int, int], tuple[int, tuple[int, int] | None] | None] = {}

    def solve(mask: int, ends: int) -> tuple[int, tuple[int, int] | None] | None:
        """(least cost, first choice) pairing the cities in ``mask``, ``ends`` left free."""
        if mask == 0:
            return (0, None)
        if (mask, ends) in cost:
            return cost[mask, ends]
        i = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << i)
        best: tuple[int, tuple[int, int] | None] | None = None
        if ends:
            left = solve(rest, ends - 1)
            if left is not None:
                best = (left[0], (i, i))
        others = rest
        while others:
            j = (others & -others).bit_length() - 1
            others &= others - 1
            d = distance.get((odd[i], odd[j]))
            if d is None:
                continue
            after = solve(rest & ~(1 << j), ends)
            if after is not None and (best is None or d + after[0] < best[0]):
                best = (d + after[0], (i, j))
        cost[mask, ends] = best
        return best

    mask, ends = (1 << n) - 1, 2
    pairs: list[tuple[str, str]] = []
    while mask:
        step = solve(mask, ends)
        if step is None or step[1] is None:
            return None
        i, j = step[1]
        if i == j:
            mask &= ~(1 << i)
            ends -= 1
        else:
            pairs.append((odd[i], odd[j]))
            mask &= ~((1 << i) | (1 << j))
    return pairs


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
