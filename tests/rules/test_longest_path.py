"""The longest continuous path: a trail through own routes, cities may repeat, routes may not."""

from __future__ import annotations

import itertools
import random

import pytest

from companion.rules.longest_path import Edge, longest_trail


def edges(*spec: tuple[str, str, int]) -> list[Edge]:
    return [Edge(i, a, b, w) for i, (a, b, w) in enumerate(spec)]


def is_trail(trail_edges, cities) -> bool:
    """The trail walks from city to city along each route once."""
    if len({e.id for e in trail_edges}) != len(trail_edges):
        return False
    for i, e in enumerate(trail_edges):
        if {cities[i], cities[i + 1]} != {e.a, e.b}:
            return False
    return len(cities) == len(trail_edges) + 1


def brute_force(es: list[Edge]) -> int:
    """Every subset of routes: a trail is a connected set with at most two odd cities."""
    best = 0
    for size in range(1, len(es) + 1):
        for subset in itertools.combinations(es, size):
            degree: dict[str, int] = {}
            for e in subset:
                degree[e.a] = degree.get(e.a, 0) + 1
                degree[e.b] = degree.get(e.b, 0) + 1
            if sum(d % 2 for d in degree.values()) > 2:
                continue
            seen = {subset[0].a}
            grew = True
            while grew:
                grew = False
                for e in subset:
                    if (e.a in seen) != (e.b in seen):
                        seen |= {e.a, e.b}
                        grew = True
            if seen == set(degree):
                best = max(best, sum(e.length for e in subset))
    return best


def test_no_routes_is_an_empty_path():
    assert longest_trail([]).length == 0


def test_a_single_route_is_its_own_length_in_spaces():
    trail = longest_trail(edges(("Denver", "Helena", 4)))
    assert trail.length == 4
    assert trail.cities in (("Denver", "Helena"), ("Helena", "Denver"))


def test_a_loop_counts_every_route_once():
    # A square of 2+3+4+5: the whole loop is one continuous path of 14.
    trail = longest_trail(edges(("A", "B", 2), ("B", "C", 3), ("C", "D", 4), ("D", "A", 5)))
    assert trail.length == 14
    assert trail.cities[0] == trail.cities[-1]


def test_a_figure_eight_passes_its_middle_city_twice():
    # Two triangles sharing M: 6 routes of 1..6, total 21, all in one path through M twice.
    trail = longest_trail(
        edges(
            ("M", "A", 1), ("A", "B", 2), ("B", "M", 3), ("M", "C", 4), ("C", "D", 5), ("D", "M", 6)
        )
    )
    assert trail.length == 21
    assert trail.cities.count("M") >= 2


def test_two_loops_joined_by_a_path_are_one_continuous_path():
    # Loop A-B-C (1+1+1), path C-X-Y (2+2), loop Y-P-Q (1+1+1): all of it, 10 spaces.
    trail = longest_trail(
        edges(
            ("A", "B", 1),
            ("B", "C", 1),
            ("C", "A", 1),
            ("C", "X", 2),
            ("X", "Y", 2),
            ("Y", "P", 1),
            ("P", "Q", 1),
            ("Q", "Y", 1),
        )
    )
    assert trail.length == 10
    assert is_trail(trail.edges, trail.cities)


def test_a_city_may_be_visited_three_times():
    # Three loops of 2+2 around hub H, plus a tail H-T of 1: every route, 13 spaces.
    trail = longest_trail(
        edges(
            ("H", "A", 2),
            ("A", "B", 2),
            ("B", "H", 2),
            ("H", "C", 2),
            ("C", "D", 2),
            ("D", "H", 2),
            ("H", "T", 1),
        )
    )
    assert trail.length == 13
    assert trail.cities.count("H") == 3


def test_a_star_of_three_arms_uses_only_the_two_longest():
    # Three routes out of one city (3, 4, 5): a path can take only two of them.
    assert longest_trail(edges(("O", "A", 3), ("O", "B", 4), ("O", "C", 5))).length == 9


def test_both_routes_of_a_double_owned_by_one_player_count_as_two_routes():
    # Possible on a whole-board stress input: Seattle=Portland twice (1 each) + Portland-SF 5.
    trail = longest_trail(
        edges(
            ("Seattle", "Portland", 1), ("Seattle", "Portland", 1), ("Portland", "San Francisco", 5)
        )
    )
    assert trail.length == 7


def test_a_network_in_two_pieces_scores_its_longer_piece():
    trail = longest_trail(edges(("A", "B", 3), ("B", "C", 3), ("X", "Y", 4), ("Y", "Z", 1)))
    assert trail.length == 6
    assert set(trail.cities) == {"A", "B", "C"}


def test_a_tie_between_two_paths_gives_that_length():
    trail = longest_trail(edges(("A", "B", 4), ("X", "Y", 4)))
    assert trail.length == 4


def test_a_bow_tie_with_a_tail():
    # Triangles A-B-C and C-D-E share C; a tail E-F of 6: everything, 6+6 = 12 spaces.
    trail = longest_trail(
        edges(
            ("A", "B", 1),
            ("B", "C", 1),
            ("C", "A", 1),
            ("C", "D", 1),
            ("D", "E", 1),
            ("E", "C", 1),
            ("E", "F", 6),
        )
    )
    assert trail.length == 12


def test_a_theta_graph_is_travelled_whole_from_one_branch_city_to_the_other():
    # Three branches between P and Q of 5, 4 and 3: P and Q are the only odd cities, so the
    # path runs P-a-Q-b-P-Q, all 12 spaces, through P and Q twice (a simple path gets 9).
    trail = longest_trail(
        edges(("P", "a", 2), ("a", "Q", 3), ("P", "b", 2), ("b", "Q", 2), ("P", "Q", 3))
    )
    assert trail.length == 12
    assert {trail.cities[0], trail.cities[-1]} == {"P", "Q"}


@pytest.mark.parametrize("seed", range(150))
def test_matches_brute_force_on_random_small_graphs(seed):
    rng = random.Random(seed)
    cities = [f"c{i}" for i in range(rng.randint(3, 7))]
    es = []
    for i in range(rng.randint(3, 12)):
        a, b = rng.sample(cities, 2)
        es.append(Edge(i, a, b, rng.randint(1, 6)))
    trail = longest_trail(es)
    assert trail.length == brute_force(es)
    assert is_trail(trail.edges, trail.cities)


@pytest.mark.parametrize("seed", range(40))
def test_each_search_alone_matches_brute_force_on_dense_graphs(seed):
    # Depth-first search and branch and bound take turns on large networks; here each one
    # runs alone to the end on graphs small enough for brute force to check (depth-first
    # search alone only up to 10 routes: on dense multigraphs it is the slow one).
    from companion.rules import longest_path as lp

    rng = random.Random(1000 + seed)
    cities = [f"c{i}" for i in range(rng.randint(4, 7))]
    es = [Edge(i, *rng.sample(cities, 2), rng.randint(1, 6)) for i in range(rng.randint(8, 14))]
    expected = brute_force(es)
    searches = [lambda p, b: lp._branch(p, frozenset(), b)]
    if len(es) <= 10:
        searches.append(lp._depth_first)
    for search in searches:
        best = lp._Best()
        for piece in lp.components(es):
            for _ in search(piece, best):
                pass
            best.offer(piece if len(lp._odd_cities(piece)) <= 2 else ())
        assert best.length == expected
    trail = longest_trail(es)
    assert trail.length == expected
    assert is_trail(trail.edges, trail.cities)
