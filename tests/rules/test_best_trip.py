"""The best passenger trip: the most goods points for a passenger and some passenger cards."""

from __future__ import annotations

import random

import pytest

from companion.rules.actions import MovePassenger
from companion.rules.errors import IllegalAction
from companion.rules.game import apply
from companion.rules.passengers import best_trip, plan_trip
from tests.helpers import MARKLIN_GOODS, Table
from tests.playout import legal_claims


def marklin(*names: str) -> Table:
    return Table(*names, map="marklin", goods=MARKLIN_GOODS)


def every_trip_value(state, player, start, cards):
    """Brute force: every trail from ``start`` along claimed routes, no pruning at all."""
    board = state.board
    best = None
    used: set[int] = set()
    path = [start]

    def walk(city: str) -> None:
        nonlocal best
        if len(path) > 1:
            try:
                trip = plan_trip(state, player, path)
            except IllegalAction:
                trip = None
            if trip is not None and trip.cards <= cards:
                key = (trip.points, -trip.cards)
                best = key if best is None or key > best else best
        for route in board.routes_at(city):
            if route.id in state.owners and route.id not in used:
                there = route.other_end(city)
                if board.is_country(there):
                    continue
                used.add(route.id)
                path.append(there)
                walk(there)
                path.pop()
                used.discard(route.id)

    walk(start)
    return best


def test_the_best_trip_takes_the_richest_cities_it_can_pay_for():
    t = marklin("Ann", "Bob", "Cy", "Dee")
    t.claim("Ann", "Köln", "Koblenz", track=1, passenger="Koblenz")
    t.claim("Ann", "Köln", "Düsseldorf", track=1)
    t.claim("Bob", "Köln", "Frankfurt", track=1)
    # Own routes only: Koblenz–Köln (red 4)–Düsseldorf (yellow 3) = 7.
    trip = best_trip(t.state, "Ann", "Koblenz", 0)
    assert trip.cities == ("Koblenz", "Köln", "Düsseldorf") and trip.points == 7
    # One card more also reaches Frankfurt (red 4): Koblenz–Köln–Frankfurt and back is
    # impossible (one route each way), so Düsseldorf or Frankfurt: 4 + 4 = 8 via Bob's route.
    trip = best_trip(t.state, "Ann", "Koblenz", 1)
    assert trip.points == 8 and trip.cards == 1
    assert trip.cities == ("Koblenz", "Köln", "Frankfurt")


def test_the_best_trip_needs_the_players_passenger():
    t = marklin("Ann", "Bob").claim("Ann", "Köln", "Koblenz", track=1, passenger="Koblenz")
    with pytest.raises(IllegalAction, match="Bob has no passenger in Koblenz"):
        best_trip(t.state, "Bob", "Koblenz", 2)


def test_no_trip_when_no_claimed_route_leaves():
    t = marklin("Ann", "Bob").claim("Ann", "Köln", "Koblenz", track=1, passenger="Koblenz")
    t.state = apply(t.state, MovePassenger("Ann", ("Koblenz", "Köln")))
    t.claim("Ann", "Düsseldorf", "Niederlande", passenger="Düsseldorf")
    assert best_trip(t.state, "Ann", "Düsseldorf", 3) is None


def in_the_west(state, claim) -> bool:
    """Routes west of 9.5° E: short and dense, a network small enough for brute force."""
    (route, *_) = state.board.routes_between(*claim.cities)
    return all(state.board.cities[c].lon < 9.5 for c in route.cities)


@pytest.mark.parametrize("seed", range(25))
def test_the_best_trip_matches_brute_force_on_small_networks(seed):
    rng = random.Random(seed)
    t = marklin("Ann", "Bob", "Cy")
    t.claim("Ann", "Köln", "Düsseldorf", track=1, passenger="Köln")
    names = ["Bob", "Cy", "Ann"]
    for turn in range(rng.randint(6, 14)):
        player = names[turn % 3]
        options = [c for c in legal_claims(t.state, player) if in_the_west(t.state, c)]
        t.state = apply(t.state, rng.choice(options))
    for cards in (0, 1, 2):
        trip = best_trip(t.state, "Ann", "Köln", cards)
        expected = every_trip_value(t.state, "Ann", "Köln", cards)
        assert (None if trip is None else (trip.points, -trip.cards)) == expected


def test_the_best_trip_needs_no_goods_colour_for_its_start_city():
    # Köln's colour is not set: the start never gives a token, so the trip can still go.
    t = Table("Ann", "Bob", map="marklin", goods={"Düsseldorf": "yellow", "Dortmund": "yellow"})
    t.claim("Ann", "Köln", "Düsseldorf", track=1, passenger="Köln")
    t.claim("Ann", "Düsseldorf", "Dortmund", track=1)
    trip = best_trip(t.state, "Ann", "Köln", 0)
    # Düsseldorf's top yellow token 3, then Dortmund's 3: 6 points, no passenger card.
    assert trip is not None and trip.cities == ("Köln", "Düsseldorf", "Dortmund")
    assert (trip.points, trip.cards) == (6, 0)
