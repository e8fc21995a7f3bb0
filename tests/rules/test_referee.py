"""The referee: claims the rules allow land; the others are refused with the rule in words."""

from __future__ import annotations

import pytest

from companion.rules.errors import IllegalAction, SetupError
from companion.rules.map_file import load_board
from companion.rules.setup import Player, new_game


def test_a_claim_takes_the_route_and_its_trains(table):
    t = table("Ann", "Bob").claim("Ann", "Denver", "Helena")
    (route,) = t.state.routes_of("Ann")
    assert (route.name, route.color, route.length) == ("Denver–Helena", "green", 4)
    assert t.state.trains == {"Ann": 41, "Bob": 45}


def test_city_names_match_however_a_player_types_them(table):
    t = table("Ann", "Bob", "Cy", "Dee")
    t.claim("Ann", "montreal", "NEW YORK")
    t.claim("Bob", "Sault St Marie", "toronto")
    t.claim("Cy", "st. louis", "Nashville")
    t.claim("Dee", "Montréal", "Sault Ste. Marie")
    names = [r.name for p in "Ann Bob Cy Dee".split() for r in t.state.routes_of(p)]
    assert names == [
        "Montréal–New York",
        "Sault St. Marie–Toronto",
        "Nashville–Saint Louis",
        "Montréal–Sault St. Marie",
    ]


def test_an_unknown_city_is_refused_with_a_suggestion(table):
    with pytest.raises(IllegalAction, match="no city 'Denvr'.*did you mean Denver"):
        table("Ann", "Bob").claim("Ann", "Denvr", "Helena")


def test_two_cities_without_a_route_between_them_are_refused(table):
    with pytest.raises(IllegalAction, match="no route joins Denver and Boston"):
        table("Ann", "Bob").claim("Ann", "Denver", "Boston")


def test_a_double_route_named_without_its_colour_lists_the_candidates(table):
    with pytest.raises(IllegalAction) as refusal:
        table("Ann", "Bob").claim("Ann", "Boston", "New York")
    message = str(refusal.value)
    assert "Boston–New York (yellow)" in message and "Boston–New York (red)" in message


def test_a_gray_double_named_without_a_track_takes_a_free_track(table):
    t = table("Ann", "Bob", "Cy", "Dee").claim("Bob", "Seattle", "Portland")
    t.claim("Ann", "Portland", "Seattle")
    assert [r.track for r in t.state.routes_of("Bob")] == [1]
    assert [r.track for r in t.state.routes_of("Ann")] == [2]


def test_a_colour_the_route_does_not_have_is_refused(table):
    with pytest.raises(IllegalAction, match="Denver–Helena has no red route"):
        table("Ann", "Bob").claim("Ann", "Denver", "Helena", color="red")


def test_a_gray_route_named_with_the_colour_of_the_cards_played_is_that_gray_route(table):
    t = table("Ann", "Bob").claim("Ann", "Denver", "Santa Fe", color="red")
    assert t.state.routes_of("Ann")[0].color == "gray"


def test_pink_is_read_as_purple(table):
    t = table("Ann", "Bob").claim("Ann", "Kansas City", "Saint Louis", color="pink")
    assert t.state.routes_of("Ann")[0].color == "purple"


def test_a_route_already_claimed_is_refused_saying_by_whom(table):
    t = table("Ann", "Bob").claim("Ann", "Denver", "Helena")
    with pytest.raises(IllegalAction, match="Denver–Helena \\(green\\) is already claimed by Ann"):
        t.claim("Bob", "Helena", "Denver")


def test_one_player_may_never_claim_both_routes_of_a_double(table):
    t = table("Ann", "Bob", "Cy", "Dee").claim("Ann", "Boston", "New York", color="yellow")
    with pytest.raises(IllegalAction, match="Ann already has Boston–New York \\(yellow\\)"):
        t.claim("Ann", "Boston", "New York", color="red")


def test_two_player_game_closes_the_other_double_route(table):
    t = table("Ann", "Bob").claim("Ann", "Boston", "New York", color="yellow")
    with pytest.raises(IllegalAction, match="with 2 players only one of the two Boston–New York"):
        t.claim("Bob", "Boston", "New York", color="red")


def test_three_player_game_closes_the_other_double_route(table):
    t = table("Ann", "Bob", "Cy").claim("Ann", "Seattle", "Portland", track=1)
    with pytest.raises(IllegalAction, match="with 3 players only one of the two"):
        t.claim("Cy", "Seattle", "Portland", track=2)
    with pytest.raises(IllegalAction, match="with 3 players"):
        t.claim("Cy", "Seattle", "Portland")  # the free track is closed too


def test_four_player_game_opens_both_routes_of_a_double(table):
    t = table("Ann", "Bob", "Cy", "Dee").claim("Ann", "Boston", "New York", color="yellow")
    t.claim("Bob", "Boston", "New York", color="red")
    assert t.state.routes_of("Bob")[0].color == "red"


def test_a_route_longer_than_the_trains_left_is_refused(table):
    t = table("Ann", "Bob").down_to_three_trains("Ann")
    assert t.state.trains["Ann"] == 3
    with pytest.raises(IllegalAction, match="Ann has 3 trains left; Denver–Helena needs 4 trains"):
        t.claim("Ann", "Denver", "Helena")


def test_an_unknown_player_is_refused(table):
    with pytest.raises(IllegalAction, match="no player 'Zed'.*Ann and Bob"):
        table("Ann", "Bob").claim("Zed", "Denver", "Helena")


def test_a_player_may_be_named_in_any_case(table):
    t = table("Ann", "Bob").claim("ann", "Denver", "Helena")
    assert len(t.state.routes_of("Ann")) == 1


@pytest.mark.parametrize("names", [["Ann"], ["A", "B", "C", "D", "E", "F"]])
def test_a_game_is_for_two_to_five_players(names):
    with pytest.raises(SetupError, match="2 to 5 players"):
        new_game(load_board("usa"), [Player(n) for n in names])


def test_players_need_distinct_names():
    with pytest.raises(SetupError, match="two players are named"):
        new_game(load_board("usa"), [Player("Ann"), Player("ANN")])


@pytest.mark.parametrize("names", [["Саша", "Sasha"], ["Кира", "Кіра"], ["Ольга", "Олга"]])
def test_players_named_alike_in_two_alphabets_are_two_players(names):
    setup = new_game(load_board("usa"), [Player(n) for n in names])
    assert setup.names == tuple(names)
