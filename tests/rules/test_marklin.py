"""Märklin: the board, triple routes, passengers, goods tokens, the Globetrotter, tiebreaks."""

from __future__ import annotations

import pytest

from companion.rules.errors import IllegalAction, SetupError
from companion.rules.map_file import load_board
from companion.rules.record import parse_record
from tests.helpers import MARKLIN_GOODS, Table, game_record


def marklin(*names: str, goods: dict[str, str] | None = None, **options) -> Table:
    return Table(*names, map="marklin", goods=MARKLIN_GOODS if goods is None else goods, **options)


def test_marklin_board_has_35_cities_5_countries_and_110_routes_with_2_triples():
    board = load_board("marklin")
    assert len([c for c in board.cities.values() if not c.is_country]) == 35
    assert board.countries == {"Dänemark", "Frankreich", "Niederlande", "Österreich", "Schweiz"}
    assert len(board.routes) == 110
    pairs = {frozenset(r.cities) for r in board.routes}
    assert len(pairs) == 85
    assert sum(1 for r in board.routes if r.tracks == 2) == 42  # 21 doubles
    assert {r.name for r in board.routes if r.tracks == 3} == {
        "Dortmund–Düsseldorf",
        "Düsseldorf–Köln",
    }
    assert board.goods == {"Berlin": "black"}


def test_marklin_score_table_gives_18_for_a_7_space_route():
    t = marklin("Ann", "Bob").claim("Ann", "Berlin", "Hamburg", color="blue")
    assert t.score().player("Ann").breakdown["routes"] == 18


def test_one_player_may_claim_only_one_route_of_a_triple():
    t = marklin("Ann", "Bob", "Cy", "Dee").claim("Ann", "Köln", "Düsseldorf", track=1)
    with pytest.raises(IllegalAction, match="Ann already has Düsseldorf–Köln"):
        t.claim("Ann", "Köln", "Düsseldorf", track=2)


def test_with_three_players_only_one_route_of_a_triple_can_be_used():
    t = marklin("Ann", "Bob", "Cy").claim("Ann", "Köln", "Düsseldorf", track=1)
    with pytest.raises(IllegalAction, match="only one of the three Düsseldorf–Köln routes"):
        t.claim("Bob", "Köln", "Düsseldorf", track=3)


def test_with_four_players_three_players_share_a_triple():
    t = marklin("Ann", "Bob", "Cy", "Dee")
    for track, player in enumerate(["Ann", "Bob", "Cy"], start=1):
        t.claim(player, "Köln", "Düsseldorf", track=track)
    with pytest.raises(IllegalAction, match="already claimed"):
        t.claim("Dee", "Köln", "Düsseldorf")


def test_a_passenger_is_placed_on_either_city_of_the_route_just_claimed():
    t = marklin("Ann", "Bob").claim("Ann", "Köln", "Koblenz", track=1, passenger="Koblenz")
    assert t.state.passengers == {"Koblenz": "Ann"}
    with pytest.raises(IllegalAction, match="a city of the route just claimed"):
        t.claim("Bob", "Köln", "Frankfurt", track=1, passenger="Mainz")


def test_a_passenger_never_goes_into_a_country():
    with pytest.raises(IllegalAction, match="passengers never go into a country"):
        marklin("Ann", "Bob").claim("Ann", "Düsseldorf", "Niederlande", passenger="Niederlande")


def test_one_passenger_per_city():
    t = marklin("Ann", "Bob").claim("Ann", "Köln", "Koblenz", track=1, passenger="Köln")
    with pytest.raises(IllegalAction, match="Köln already has Ann's passenger"):
        t.claim("Bob", "Köln", "Frankfurt", track=1, passenger="Köln")


def test_each_player_has_three_passengers():
    t = marklin("Ann", "Bob")
    t.claim("Ann", "Köln", "Koblenz", track=1, passenger="Köln")
    t.claim("Ann", "Mainz", "Frankfurt", track=1, passenger="Mainz")
    t.claim("Ann", "Kiel", "Hamburg", color="black", passenger="Kiel")
    with pytest.raises(IllegalAction, match="Ann has placed all 3 passengers"):
        t.claim("Ann", "Bremen", "Hamburg", passenger="Bremen")


def test_passengers_exist_only_in_marklin(table):
    from companion.rules.actions import Claim
    from companion.rules.game import apply

    t = table("Ann", "Bob")
    with pytest.raises(IllegalAction, match="no passengers in Ticket to Ride"):
        apply(t.state, Claim("Ann", ("Denver", "Helena"), passenger="Denver"))


def test_a_trip_over_an_opponents_route_costs_one_passenger_card():
    t = marklin("Ann", "Bob", "Cy", "Dee")
    t.claim("Ann", "Köln", "Düsseldorf", track=1, passenger="Köln")
    t.claim("Bob", "Düsseldorf", "Dortmund", track=1)
    t.trip("Ann", "Köln", "Düsseldorf", "Dortmund")
    (trip,) = t.state.trips
    assert trip.cards == 1
    # Düsseldorf and Dortmund are yellow cities here: 3 each from the top of the stack.
    assert trip.tokens == (("Düsseldorf", 3), ("Dortmund", 3))
    assert t.state.goods_points == {"Ann": 6}


def test_the_start_city_gives_no_token_even_when_the_trip_comes_back():
    t = marklin("Ann", "Bob", "Cy", "Dee")
    t.claim("Ann", "Köln", "Düsseldorf", track=1, passenger="Köln")
    t.claim("Bob", "Köln", "Düsseldorf", track=2)
    t.trip("Ann", "Köln", "Düsseldorf", "Köln")
    (trip,) = t.state.trips
    assert trip.tokens == (("Düsseldorf", 3),) and trip.cards == 1


def test_a_city_passed_twice_in_one_trip_gives_one_token():
    t = marklin("Ann", "Bob", "Cy", "Dee")
    t.claim("Ann", "Köln", "Düsseldorf", track=1, passenger="Köln")
    t.claim("Ann", "Düsseldorf", "Dortmund", track=1)
    t.claim("Bob", "Düsseldorf", "Dortmund", track=2)
    t.trip("Ann", "Köln", "Düsseldorf", "Dortmund", "Düsseldorf")
    assert t.state.trips[0].points == 3 + 3


def test_house_rule_a_city_passed_twice_gives_a_token_each_time():
    t = marklin("Ann", "Bob", "Cy", "Dee", house_rules=("goods_each_pass",))
    t.claim("Ann", "Köln", "Düsseldorf", track=1, passenger="Köln")
    t.claim("Ann", "Düsseldorf", "Dortmund", track=1)
    t.claim("Bob", "Düsseldorf", "Dortmund", track=2)
    t.trip("Ann", "Köln", "Düsseldorf", "Dortmund", "Düsseldorf")
    assert t.state.trips[0].tokens == (("Düsseldorf", 3), ("Dortmund", 3), ("Düsseldorf", 2))


def test_tokens_run_out():
    t = marklin("Ann", "Bob", "Cy", "Dee")
    t.claim("Ann", "Köln", "Koblenz", track=1, passenger="Köln")
    t.claim("Bob", "Mainz", "Koblenz", track=1, passenger="Mainz")
    t.trip("Ann", "Köln", "Koblenz")  # Koblenz is white: a single 2
    t.trip("Bob", "Mainz", "Koblenz")
    assert [trip.points for trip in t.state.trips] == [2, 0]


def test_a_trip_uses_each_route_at_most_once():
    t = marklin("Ann", "Bob").claim("Ann", "Köln", "Düsseldorf", track=1, passenger="Köln")
    with pytest.raises(IllegalAction, match="already used every claimed route Düsseldorf–Köln"):
        t.trip("Ann", "Köln", "Düsseldorf", "Köln")
    with pytest.raises(IllegalAction, match="no claimed route joins Düsseldorf and Dortmund"):
        t.trip("Ann", "Köln", "Düsseldorf", "Dortmund")


def test_passengers_never_enter_a_country():
    t = marklin("Ann", "Bob").claim("Ann", "Düsseldorf", "Niederlande", passenger="Düsseldorf")
    with pytest.raises(IllegalAction, match="passengers never enter a country"):
        t.trip("Ann", "Düsseldorf", "Niederlande")


def test_a_trip_starts_where_the_players_passenger_is():
    t = marklin("Ann", "Bob").claim("Ann", "Köln", "Koblenz", track=1, passenger="Koblenz")
    with pytest.raises(IllegalAction, match="Ann has no passenger in Köln"):
        t.trip("Ann", "Köln", "Koblenz")
    with pytest.raises(IllegalAction, match="Bob has no passenger in Koblenz"):
        t.trip("Bob", "Koblenz", "Köln")


def test_the_passenger_leaves_the_game_after_its_trip():
    t = marklin("Ann", "Bob").claim("Ann", "Köln", "Koblenz", track=1, passenger="Köln")
    t.trip("Ann", "Köln", "Koblenz")
    assert t.state.passengers == {}
    with pytest.raises(IllegalAction, match="no passenger"):
        t.trip("Ann", "Köln", "Koblenz")


def test_a_trip_through_a_city_whose_goods_colour_is_not_set_asks_for_it():
    t = marklin("Ann", "Bob", goods={}).claim("Ann", "Köln", "Koblenz", track=1, passenger="Köln")
    with pytest.raises(IllegalAction, match="the goods colour of Koblenz is not set"):
        t.trip("Ann", "Köln", "Koblenz")


@pytest.mark.parametrize(
    ("goods", "message"),
    [
        ({"Köln": "black"}, "only 1 city has black goods, not 2"),
        (dict.fromkeys(["Köln", "Bonn"], "red"), "no city 'Bonn'"),
        ({"Schweiz": "white"}, "Schweiz is a country"),
        ({"Köln": "purple"}, "'purple' is not a goods colour"),
        (
            dict.fromkeys(["Köln", "Kiel", "Ulm", "Mainz", "Emden", "Lindau", "Kassel"], "red"),
            "only 6 cities have red goods, not 7",
        ),
    ],
)
def test_goods_colours_are_checked_against_the_stacks(goods, message):
    with pytest.raises(SetupError, match=message):
        marklin("Ann", "Bob", goods=goods)


def test_a_route_into_a_country_counts_for_a_ticket():
    t = marklin("Ann", "Bob")
    t.claim("Ann", "Köln", "Düsseldorf", track=1).claim("Ann", "Düsseldorf", "Niederlande")
    (ticket,) = t.score(Ann=[("Köln", "Niederlande", 5)]).player("Ann").tickets
    assert ticket.completed and ticket.points == 5


def test_the_tables_goods_colour_wins_over_the_one_the_map_knows():
    t = marklin("Ann", "Bob", goods={"Berlin": "red", "Köln": "black"})
    assert t.state.setup.goods["Berlin"] == "red" and t.state.setup.goods["Köln"] == "black"


def test_a_country_never_joins_two_cities():
    t = marklin("Ann", "Bob")
    t.claim("Ann", "Freiburg", "Frankreich").claim("Ann", "Karlsruhe", "Frankreich")
    (ticket,) = t.score(Ann=[("Freiburg", "Karlsruhe", 6)]).player("Ann").tickets
    assert not ticket.completed


def test_marklin_tickets_are_entered_with_their_printed_value_from_5_to_22():
    t = marklin("Ann", "Bob")
    with pytest.raises(IllegalAction, match="tickets are not known to the companion"):
        t.score(Ann=[("Köln", "Berlin")])
    with pytest.raises(IllegalAction, match="worth from 5 to 22, not 23"):
        t.score(Ann=[("Köln", "Berlin", 23)])


def test_the_globetrotter_gives_10_to_every_player_tied_for_most_completed_tickets():
    t = marklin("Ann", "Bob", "Cy")
    t.claim("Ann", "Köln", "Koblenz", track=1).claim("Bob", "Mainz", "Frankfurt", track=1)
    sheet = t.score(
        Ann=[("Köln", "Koblenz", 5)], Bob=[("Mainz", "Frankfurt", 5)], Cy=[("Kiel", "Berlin", 9)]
    )
    assert [p.globetrotter_bonus for p in sheet.players] == [10, 10, 0]
    # No longest-path bonus in Märklin.
    assert [p.longest_path_bonus for p in sheet.players] == [0, 0, 0]


def test_nobody_is_globetrotter_without_a_completed_ticket():
    sheet = marklin("Ann", "Bob").score(Ann=[("Köln", "Berlin", 9)])
    assert [p.globetrotter_bonus for p in sheet.players] == [0, 0]


def test_a_tie_is_broken_by_most_completed_tickets_then_most_goods():
    t = marklin("Ann", "Bob")
    t.claim("Ann", "Köln", "Koblenz", track=1, passenger="Köln")  # 1 point
    t.claim("Bob", "Mainz", "Frankfurt", track=1, passenger="Mainz")  # 1 point
    t.trip("Ann", "Köln", "Koblenz")  # white: 2
    t.claim("Bob", "Hamburg", "Kiel", color="black")  # 2 points
    # Ann: 1 + 2 goods = 3;  Bob: 1 + 2 = 3; no tickets: tied on tickets (0 each);
    # Ann has more goods points.
    sheet = t.score()
    assert [p.total for p in sheet.players] == [3, 3]
    assert sheet.winners == ("Ann",)
    assert "Ann wins on most goods points" in str(sheet.tiebreak)


def test_four_player_marklin_game_scored_by_hand():
    sheet = parse_record(game_record("marklin_four_players")).score()
    totals = {p.name: p.total for p in sheet.players}
    # Ann: Köln–Düsseldorf 1 + Düsseldorf–Niederlande 4 = 5 routes; trip Köln–Düsseldorf–
    #   Dortmund: Düsseldorf 3 + Dortmund 3 = 6 goods (1 card, Bob's route); tickets Köln–
    #   Niederlande +5, Köln–München −12.  5 + 6 − 7 = 4.
    # Bob: Düsseldorf–Dortmund 1 + Dortmund–Münster 1 = 2; trip Dortmund–Düsseldorf–Köln:
    #   Düsseldorf's next token 2 + Köln 4 (red) = 6; Düsseldorf–Münster +6.  14.
    # Cy: Berlin–Hamburg 18 + Hamburg–Kiel 2 = 20; trip Hamburg–Berlin: 7; Berlin–Kiel +8,
    #   Kiel–Dänemark −7.  28.
    # Dee: Berlin–Hamburg (the other track) 18 + Berlin–Leipzig 7 = 25; trip Berlin–Hamburg:
    #   4 (Hamburg, red); Hamburg–Leipzig +9, Berlin–Leipzig +5; most completed tickets (2):
    #   Globetrotter +10.  53.
    assert totals == {"Ann": 4, "Bob": 14, "Cy": 28, "Dee": 53}
    dee = sheet.player("Dee")
    assert dee.breakdown["globetrotter_bonus"] == 10 and dee.breakdown["goods"] == 4
    assert [t.cards for t in sheet.player("Ann").trips] == [1]
    assert {p.name: p.rank for p in sheet.players} == {"Dee": 1, "Cy": 2, "Bob": 3, "Ann": 4}
    assert all(p.longest_path.length == 0 for p in sheet.players)


def test_a_trip_goes_on_only_along_claimed_routes_it_has_not_used_never_into_a_country():
    from companion.rules.passengers import next_routes, without_goods_colour

    t = Table("Ann", "Bob", map="marklin", goods={"Köln": "red"})
    t.claim("Ann", "Köln", "Düsseldorf", track=1, passenger="Köln")
    t.claim("Bob", "Düsseldorf", "Niederlande")
    t.claim("Bob", "Düsseldorf", "Dortmund", track=1)
    came = t.state.board.routes_between("Köln", "Düsseldorf")[0]
    onward = next_routes(t.state, "Düsseldorf", {came.id})
    assert [r.other_end("Düsseldorf") for r in onward] == ["Dortmund"]
    assert [r.other_end("Düsseldorf") for r in next_routes(t.state, "Düsseldorf", set())] == [
        "Dortmund",
        "Köln",
    ]
    assert without_goods_colour(t.state, ["Köln", "Düsseldorf", "Niederlande"]) == ["Düsseldorf"]
