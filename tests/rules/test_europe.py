"""Europe with cards: the board, stations and what they borrow, the European Express."""

from __future__ import annotations

import itertools
import random

import pytest

from companion.rules.actions import BuildStation
from companion.rules.errors import IllegalAction
from companion.rules.game import apply
from companion.rules.map_file import load_board
from companion.rules.record import parse_record
from companion.rules.scoring import final_scores, held_ticket
from tests.helpers import Table, game_record
from tests.playout import legal_claims


class Europe(Table):
    def __init__(self, *names: str) -> None:
        super().__init__(*names, map="europe")

    def station(self, player: str, city: str) -> Europe:
        self.state = apply(self.state, BuildStation(player, city))
        return self


def test_europe_board_counts():
    board = load_board("europe")
    assert (len(board.cities), len(board.routes)) == (47, 101)
    assert len({frozenset(r.cities) for r in board.routes}) == 90
    assert sum(1 for r in board.routes if r.tracks == 2) == 22  # 11 doubles
    assert sum(r.tunnel for r in board.routes) == 18
    ferries = sorted(r.locomotives for r in board.routes if r.locomotives)
    assert ferries == [1] * 9 + [2] * 4
    assert (len(board.tickets), sum(t.long for t in board.tickets)) == (46, 6)
    stockholm = board.routes_between("Petrograd", "Stockholm")[0]
    assert stockholm.length == 8 and board.points_for(stockholm) == 21 and stockholm.tunnel


def test_one_station_per_city_and_three_per_player():
    t = Europe("Ann", "Bob").station("Ann", "Berlin")
    with pytest.raises(IllegalAction, match="Berlin already has Ann's station"):
        t.station("Bob", "Berlin")
    t.station("Ann", "Paris").station("Ann", "Wien")
    with pytest.raises(IllegalAction, match="Ann has built all 3 stations"):
        t.station("Ann", "Roma")


def test_each_unused_station_scores_4():
    sheet = Europe("Ann", "Bob").station("Ann", "Berlin").score()
    assert [p.breakdown["stations"] for p in sheet.players] == [8, 12]


def test_a_station_borrows_the_other_players_route_that_completes_a_ticket():
    t = Europe("Ann", "Bob", "Cy")
    t.claim("Ann", "Paris", "Frankfurt", color="orange")
    t.claim("Bob", "Frankfurt", "Berlin", color="red")
    t.claim("Cy", "Frankfurt", "Essen")
    t.station("Ann", "Frankfurt")
    sheet = t.score(Ann=[("Paris", "Berlin", 9)])
    ann = sheet.player("Ann")
    assert ann.tickets[0].completed
    assert [(city, r.name if r else None) for city, r in ann.borrowed] == [
        ("Frankfurt", "Berlin–Frankfurt")
    ]


def test_a_borrowed_route_does_not_count_for_the_longest_path():
    t = Europe("Ann", "Bob")
    t.claim("Ann", "Paris", "Frankfurt", color="orange")  # 3
    t.claim("Bob", "Frankfurt", "Berlin", color="red")  # 3
    t.station("Ann", "Frankfurt")
    ann = t.score(Ann=[("Paris", "Berlin", 9)]).player("Ann")
    assert ann.longest_path.length == 3


def test_a_station_borrows_nothing_when_nothing_helps():
    t = Europe("Ann", "Bob").claim("Bob", "Frankfurt", "Berlin", color="red")
    t.station("Ann", "Frankfurt")
    assert t.score().player("Ann").borrowed == (("Frankfurt", None),)


def test_among_equal_points_a_station_borrows_the_route_that_completes_more_tickets():
    t = Europe("Ann", "Bob", "Cy")
    t.claim("Ann", "Bruxelles", "Paris", color="red")  # 2 spaces: 2
    t.claim("Bob", "Berlin", "Frankfurt", color="red")  # 3 spaces: 4
    t.claim("Cy", "Frankfurt", "Paris", color="orange")  # 3 spaces: 4
    t.station("Ann", "Frankfurt")
    sheet = t.score(
        # Borrowing Berlin–Frankfurt: +10 − 4 − 6 = 0, one ticket completed;
        # borrowing Frankfurt–Paris: −10 + 4 + 6 = 0, two tickets completed.
        Ann=[("Berlin", "Frankfurt", 10), ("Frankfurt", "Paris", 4), ("Bruxelles", "Frankfurt", 6)],
        Bob=[("Berlin", "Frankfurt", 2), ("Lisboa", "Moskva", 18)],
        Cy=[("Lisboa", "Moskva", 20)],
    )
    ann, bob, cy = sheet.players
    assert [(c, r.name) for c, r in ann.borrowed] == [("Frankfurt", "Frankfurt–Paris")]
    assert (ann.tickets_completed, ann.breakdown["tickets"]) == (2, 0)
    # Ann: 2 + 0 + 2 unused stations 8 = 10.  Bob: 4 + (2 − 18) + longest path 10 + 12 = 10.
    # Cy: 4 − 20 + 10 + 12 = 6.  Ann and Bob tie; Ann has more completed tickets (2 to 1).
    assert (ann.total, bob.total, cy.total) == (10, 10, 6)
    assert sheet.winners == ("Ann",)
    assert "Ann wins on most completed tickets" in str(sheet.tiebreak)


def test_a_tie_is_broken_by_fewest_stations_used():
    t = Europe("Ann", "Bob")
    t.claim("Ann", "Paris", "Frankfurt", color="orange")  # 4, path 3
    t.claim("Bob", "Berlin", "Frankfurt", color="red")  # 4, path 3
    t.station("Bob", "Roma")
    sheet = t.score(Ann=[("Paris", "Frankfurt", 4)], Bob=[("Berlin", "Frankfurt", 8)])
    ann, bob = sheet.players
    # Ann: 4 + 4 + 10 + 12 stations = 30;  Bob: 4 + 8 + 10 + 8 = 30; one ticket each.
    assert (ann.total, bob.total) == (30, 30)
    assert sheet.winners == ("Ann",)
    assert "Ann wins on fewest stations used (stations used: Ann 0, Bob 1)" in str(sheet.tiebreak)


def brute_force_tickets(state, player, hand):
    """Every set of other players' routes, at most one into each of the player's station
    cities (a route into two of them may serve either): the best ticket points."""
    from companion.rules.paths import connecting_chain

    board = state.board
    mine = state.routes_of(player)
    cities = [c for c, p in state.stations.items() if p == player]
    candidates = [
        board.routes[i]
        for i, p in state.owners.items()
        if p != player and set(board.routes[i].cities) & set(cities)
    ]
    best = None
    for size in range(len(cities) + 1):
        for chosen in itertools.combinations(candidates, size):
            # Each chosen route must get its own station city.
            fits = any(
                all(c in r.cities for r, c in zip(chosen, perm, strict=False))
                for perm in itertools.permutations(cities, size)
            )
            if not fits:
                continue
            usable = [*mine, *chosen]
            points = sum(
                t.points if connecting_chain(usable, *t.cities) is not None else -t.points
                for t in hand
            )
            best = points if best is None else max(best, points)
    return best


@pytest.mark.parametrize("seed", range(20))
def test_station_borrowing_matches_brute_force(seed):
    rng = random.Random(seed)
    t = Europe("Ann", "Bob", "Cy")
    names = ["Ann", "Bob", "Cy"]
    for turn in range(rng.randint(12, 24)):
        player = names[turn % 3]
        t.state = apply(t.state, rng.choice(legal_claims(t.state, player)))
    for city in rng.sample(sorted(t.state.board.cities), 3):
        t.station("Ann", city)
    deck = list(t.state.board.tickets)
    hand = tuple(held_ticket(t.state.board, x.cities) for x in rng.sample(deck, 4))
    ann = final_scores(t.state, {"Ann": hand}).player("Ann")
    assert ann.breakdown["tickets"] == brute_force_tickets(t.state, "Ann", hand)


def test_three_player_europe_game_scored_by_hand():
    record = parse_record(game_record("europe_three_players"))
    state = record.replay()
    assert state.trains["Cy"] == 2 and state.final_round.started_by == "Cy" and state.is_over
    sheet = record.score()
    totals = {p.name: p.total for p in sheet.players}
    # Ann: Paris–Frankfurt 4 + Frankfurt–München 2 = 6; her München station borrows Cy's
    #   München–Wien: Paris–Wien +8; London–Berlin −7; two stations unused +8.  15.
    # Bob: Frankfurt–Berlin 4; his Frankfurt station borrows Ann's Paris–Frankfurt:
    #   Berlin–Paris (printed 7) +7; two unused +8.  19.
    # Cy: Berlin–Wien 4 + München–Wien 4 + Petrograd–Stockholm (8) 21 + Budapest–Kyiv (6)
    #   15 + Palermo–Smyrna (6) 15 + Moskva–Petrograd 7 + Kharkov–Moskva 7 + Kharkov–Kyiv 7
    #   + Rostov–Sevastopol 7 + Budapest–Wien 1 = 88; Berlin–München (printed 6) +6; three
    #   stations unused +12; the longest path München (or Berlin)–Wien–Budapest–Kyiv–
    #   Kharkov–Moskva–Petrograd–Stockholm, 3+1+6+4+4+4+8 = 30: +10.  116.
    assert totals == {"Ann": 15, "Bob": 19, "Cy": 116}
    assert sheet.player("Cy").longest_path.length == 30
    assert [(c, r.name) for c, r in sheet.player("Ann").borrowed] == [("München", "München–Wien")]
    assert [p.rank for p in sheet.players] == [3, 2, 1]


def test_is_my_ticket_done_counts_the_route_a_station_would_borrow():
    from companion.rules.scoring import ticket_done

    t = Europe("Ann", "Bob")
    t.claim("Ann", "Paris", "Frankfurt", color="orange")
    t.claim("Bob", "Frankfurt", "Berlin", color="red")
    assert ticket_done(t.state, "Ann", "Paris", "Berlin").chain is None
    t.station("Ann", "Frankfurt")
    done = ticket_done(t.state, "Ann", "paris", "berlin")
    assert [r.name for r in done.chain] == ["Frankfurt–Paris", "Berlin–Frankfurt"]
