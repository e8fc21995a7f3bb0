"""Times the longest continuous path on North America and prints the figures.

(a) each player's network in a realistic 4-player game (target: under 2 ms each);
(b) the worst legal position: one player's 45 trains on the short routes that make the
    most cycles (target: under 10 ms);
(c) every one of the 100 routes owned by one player (target: exact, under 100 ms).

Run: python benchmarks/longest_path.py
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import TypeVar

from companion.rules.board import Route
from companion.rules.game import replay
from companion.rules.map_file import load_board, map_ids
from companion.rules.scoring import longest_path
from tests.playout import random_game

T = TypeVar("T")


def timed(work: Callable[[], T], repeat: int) -> tuple[float, T]:
    """Median milliseconds over ``repeat`` runs (at least one), and the last result."""
    times = []
    for _ in range(repeat):
        begin = time.perf_counter()
        result = work()
        times.append((time.perf_counter() - begin) * 1000)
    return statistics.median(times), result


def cycles(routes: Sequence[Route]) -> int:
    cities = {c for r in routes for c in r.cities}
    return len(routes) - len(cities) + 1


def grow(routes: Sequence[Route], first: Route, trains: int, rng: random.Random) -> list[Route]:
    """From one route, keep adding the shortest route that closes a loop, else one that
    reaches a new city, one track per pair, while the trains last."""
    chosen, cities, pairs = [first], set(first.cities), {frozenset(first.cities)}
    trains -= first.length
    while True:
        options = [
            r
            for r in routes
            if frozenset(r.cities) not in pairs
            and r.length <= trains
            and (r.cities[0] in cities or r.cities[1] in cities)
        ]
        if not options:
            return chosen
        closing = [r for r in options if set(r.cities) <= cities]
        pool = closing or options
        shortest = min(r.length for r in pool)
        route = rng.choice([r for r in pool if r.length == shortest])
        chosen.append(route)
        cities |= set(route.cities)
        pairs.add(frozenset(route.cities))
        trains -= route.length


def worst_position(routes: Sequence[Route], trains: int = 45) -> list[Route]:
    """The legal 45-train network with the most independent cycles this search finds."""
    rng = random.Random(7)
    best: list[Route] = []
    for _ in range(20):
        for first in routes:
            if first.length <= 2:
                network = grow(routes, first, trains, rng)
                if (cycles(network), len(network)) > (cycles(best), len(best)):
                    best = network
    return best


# The slowest legal 45-train network a hill-climbing search for slow cases found: few
# loops but 14 odd cities, hard for both searches.
HARDEST_FOUND = [
    ("Chicago", "Saint Louis", "green"),
    ("Kansas City", "Saint Louis", "blue"),
    ("Kansas City", "Omaha", 1),
    ("Duluth", "Omaha", 2),
    ("Chicago", "Omaha", "blue"),
    ("Atlanta", "Nashville", 1),
    ("Nashville", "Raleigh", "black"),
    ("Atlanta", "Charleston", 1),
    ("New York", "Washington", "orange"),
    ("Boston", "New York", "yellow"),
    ("Pittsburgh", "Raleigh", 1),
    ("New York", "Pittsburgh", "green"),
    ("Pittsburgh", "Washington", 1),
    ("Chicago", "Pittsburgh", "orange"),
    ("Nashville", "Pittsburgh", "yellow"),
    ("Kansas City", "Oklahoma City", 1),
    ("Dallas", "Oklahoma City", 1),
    ("Little Rock", "Nashville", "white"),
    ("Pittsburgh", "Toronto", 1),
    ("Raleigh", "Washington", 1),
]


def hardest_found(routes: Sequence[Route]) -> list[Route]:
    chosen = []
    for a, b, which in HARDEST_FOUND:
        (route,) = [
            r
            for r in routes
            if set(r.cities) == {a, b} and which in (r.color, r.track if r.is_parallel else 1)
        ]
        chosen.append(route)
    return chosen


def main() -> None:
    board = load_board("usa")
    print("Longest continuous path, North America (median of repeated runs)")
    print()
    worst_a = 0.0
    for seed in range(5):
        setup, actions, _ = random_game(board, 4, random.Random(seed), connected=0.9)
        state = replay(setup, actions)
        for name in setup.names:
            owned = state.routes_of(name)
            ms, path = timed(partial(longest_path, owned), 50)
            worst_a = max(worst_a, ms)
            print(
                f"(a) game {seed}, {name}: {len(owned):2d} routes, "
                f"path {path.length:2d} spaces, {ms:6.3f} ms"
            )
    print(f"(a) slowest player network: {worst_a:.3f} ms (target < 2 ms)")
    print()
    worst = worst_position(board.routes)
    ms, path = timed(lambda: longest_path(worst), 20)
    print(
        f"(b) 45 trains on {len(worst)} short routes ({sum(r.length for r in worst)} trains, "
        f"{cycles(worst)} independent cycles): path {path.length} spaces, {ms:.3f} ms "
        "(target < 10 ms)"
    )
    hard = hardest_found(board.routes)
    ms, path = timed(lambda: longest_path(hard), 20)
    print(
        f"(b) the hardest network a search found: {len(hard)} routes, "
        f"{sum(r.length for r in hard)} trains: path {path.length} spaces, {ms:.3f} ms"
    )
    rng = random.Random(11)
    slowest, slowest_ms = [], 0.0
    for _ in range(500):
        network = grow(board.routes, rng.choice(board.routes), 45, rng)
        ms, _ = timed(partial(longest_path, network), 3)
        if ms > slowest_ms:
            slowest, slowest_ms = network, ms
    print(
        f"(b) slowest of 500 random grown 45-train networks: {len(slowest)} routes, "
        f"{cycles(slowest)} cycles, {slowest_ms:.3f} ms"
    )
    ms, path = timed(lambda: longest_path(board.routes), 10)
    print(
        f"(c) all {len(board.routes)} routes, one player: path {path.length} spaces "
        f"of {sum(r.length for r in board.routes)}, {ms:.3f} ms (target < 100 ms)"
    )
    for other in map_ids():
        if other == "usa":
            continue
        whole = load_board(other).routes
        ms, path = timed(partial(longest_path, whole), 5)
        print(
            f"(c) {other}: all {len(whole)} routes, path {path.length} spaces "
            f"of {sum(r.length for r in whole)}, {ms:.3f} ms"
        )


if __name__ == "__main__":
    main()
