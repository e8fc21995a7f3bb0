"""The table's questions, answered by the rules: who acts next, what the score track shows,
which routes a player may claim and why not the others, which payment check applies."""

from __future__ import annotations

import pytest

from companion.rules.actions import Exchange, Pass
from companion.rules.editions import RAILS_AND_SAILS_GREAT_LAKES, RAILS_AND_SAILS_WORLD
from companion.rules.errors import IllegalAction
from companion.rules.game import apply, claim_for
from companion.rules.map_file import load_board, map_ids
from companion.rules.setup import complete_split
from companion.rules.table_questions import (
    PORT,
    STATION,
    cannot_act,
    card_names,
    check_cards,
    final_round_news,
    goods_left,
    next_player,
    passenger_cities,
    port_cities,
    route_choices,
    score_track,
    station_cities,
    still_to_play,
    track_history,
)
from tests.helpers import MARKLIN_GOODS, Table


def choice(state, player, a, b, color=None):
    """The claim list's entry for a route, as seen from its first city."""
    for city, choices in route_choices(state, player):
        if city == a:
            return next(
                c
                for c in choices
                if c.other_city == b and (color is None or c.route.color == color)
            )
    raise AssertionError(a)


def test_the_next_player_is_the_seat_after_the_last_to_act():
    t = Table("Ann", "Bob", "Cy")
    assert next_player(t.state) == "Ann"
    t.claim("Bob", "Denver", "Helena")  # out of turn: the table follows whoever acted
    assert next_player(t.state) == "Cy"
    t.turn("Cy")
    assert next_player(t.state) == "Ann"


def test_in_the_final_round_the_next_player_is_the_next_seat_with_a_final_turn():
    t = Table("Ann", "Bob", "Cy").down_to_three_trains("Ann")
    t.claim("Ann", "Seattle", "Portland", track=1)  # 2 trains left: the final round
    assert t.state.final_round is not None and t.state.final_round.started_by == "Ann"
    t.turn("Cy")  # Cy plays before Bob
    assert next_player(t.state) == "Ann"
    t.turn("Ann")
    assert next_player(t.state) == "Bob"


def test_the_final_round_lists_who_still_plays_in_the_order_they_play():
    t = Table("Ann", "Bob", "Cy").down_to_three_trains("Ann")
    t.claim("Ann", "Dallas", "Houston", track=1)  # 2 trains left: the final round
    assert still_to_play(t.state) == ["Bob", "Cy", "Ann"]
    t.turn("Bob")
    assert still_to_play(t.state) == ["Cy", "Ann"]


def test_the_score_track_shows_the_routes_points():
    t = Table("Ann", "Bob")
    t.claim("Ann", "Denver", "Helena")  # 4 spaces: 7
    t.claim("Ann", "Seattle", "Portland", track=1)  # 1 space: 1
    assert (score_track(t.state, "Ann"), score_track(t.state, "Bob")) == (8, 0)


def test_the_score_track_through_the_game_follows_each_action():
    from companion.rules.actions import Claim
    from companion.rules.setup import Player, new_game

    setup = new_game(load_board("usa"), [Player("Ann"), Player("Bob")])
    actions = [
        Claim("Ann", ("Denver", "Helena")),  # 4 spaces: 7
        Pass("Bob", drew="cards"),
        Claim("Ann", ("Seattle", "Portland"), track=1),  # 1 space: 1
        Claim("Bob", ("Los Angeles", "El Paso")),  # 6 spaces: 15
    ]
    assert track_history(setup, actions) == (
        {"Ann": 0, "Bob": 0},
        {"Ann": 7, "Bob": 0},
        {"Ann": 7, "Bob": 0},
        {"Ann": 8, "Bob": 0},
        {"Ann": 8, "Bob": 15},
    )


@pytest.mark.parametrize("map_id", map_ids())
def test_the_score_track_through_the_game_is_the_track_after_each_action(map_id):
    """Followed action by action, the track is what each state's own track says: the
    goods a passenger takes (Märklin) and the pieces exchanged (Rails & Sails) too."""
    import random

    from companion.rules.state import start
    from tests.playout import random_game

    board = load_board(map_id)
    goods = MARKLIN_GOODS if board.edition.goods else None
    for seed in range(3):
        players = min(4, board.edition.max_players)
        setup, actions, _hands = random_game(board, players, random.Random(seed), goods=goods)
        state, expected = start(setup), []
        expected.append({p: score_track(state, p) for p in setup.names})
        for action in actions:
            state = apply(state, action)
            expected.append({p: score_track(state, p) for p in setup.names})
        assert track_history(setup, actions) == tuple(expected)


def test_a_turn_spent_drawing_says_what_was_drawn():
    assert str(Pass("Ann", drew="cards").describe()) == "Ann drew train cards"
    assert str(Pass("Ann", drew="tickets").describe()) == "Ann drew tickets"
    assert str(Pass("Ann").describe()) == "Ann took a turn (drew cards or tickets)"


def test_the_score_track_takes_goods_as_a_passenger_collects_them():
    t = Table("Ann", "Bob", map="marklin", goods=MARKLIN_GOODS)
    t.claim("Ann", "Köln", "Koblenz", passenger="Köln")  # 1 space: 1
    t.trip("Ann", "Köln", "Koblenz")  # Koblenz is white: its one token, 2
    assert score_track(t.state, "Ann") == 1 + 2


def test_the_score_track_loses_a_point_per_piece_exchanged():
    t = Table("Ann", "Bob", map="world")
    t.state = apply(t.state, Exchange("Ann", 3))
    assert score_track(t.state, "Ann") == -3


def test_a_route_closed_with_three_players_says_why():
    t = Table("Ann", "Bob", "Cy").claim("Ann", "Boston", "New York", color="yellow")
    red = choice(t.state, "Bob", "Boston", "New York", "red")
    assert red.owner is None
    assert "with 3 players only one of the two Boston–New York routes can be used" in str(
        red.refusal
    )
    yellow = choice(t.state, "Bob", "Boston", "New York", "yellow")
    assert (yellow.owner, yellow.refusal) == ("Ann", None)


def test_a_route_too_long_for_the_trains_left_says_so():
    t = Table("Ann", "Bob").down_to_three_trains("Ann")
    far = choice(t.state, "Ann", "Denver", "Kansas City", "black")
    assert "Ann has 3 trains left; Denver–Kansas City needs 4 trains" == str(far.refusal)
    assert choice(t.state, "Bob", "Denver", "Kansas City", "black").refusal is None


def test_no_route_may_be_claimed_once_a_players_final_turn_is_used():
    t = Table("Ann", "Bob").down_to_three_trains("Ann")
    t.claim("Ann", "Seattle", "Portland", track=1)  # 2 left: the final round starts
    t.turn("Ann")
    assert str(cannot_act(t.state, "Ann")) == (
        "Ann has already taken their final turn; still to play: Bob"
    )
    # Said once for the player, not again for every route.
    assert choice(t.state, "Ann", "Boston", "New York", "red").refusal is None
    assert cannot_act(t.state, "Bob") is None


def test_a_port_goes_only_in_a_port_city_reached_by_the_players_routes():
    t = Table("Ann", "Bob", map="world")
    assert port_cities(t.state, "Ann") == []
    t.claim("Ann", "Lagos", "Luanda", color="purple")
    board = t.state.board
    assert port_cities(t.state, "Ann") == sorted(
        c for c in ("Lagos", "Luanda") if board.is_port_city(c)
    )
    assert port_cities(Table("Ann", "Bob").state, "Ann") == []  # no ports on North America


def test_a_station_goes_in_any_city_without_one():
    t = Table("Ann", "Bob", map="europe")
    assert len(station_cities(t.state)) == len(t.state.board.cities)
    assert station_cities(Table("Ann", "Bob").state) == []


def test_goods_left_are_the_stack_below_the_tokens_taken():
    t = Table("Ann", "Bob", map="marklin", goods=MARKLIN_GOODS)
    t.claim("Ann", "Köln", "Düsseldorf", passenger="Köln")
    t.trip("Ann", "Köln", "Düsseldorf")  # takes Düsseldorf's top token (yellow: 3, 2, 1)
    left = goods_left(t.state)
    assert left["Düsseldorf"] == ("yellow", (2, 1))
    assert left["Berlin"] == ("black", (7, 6, 5, 4))


def test_each_edition_names_its_own_cards():
    assert "locomotive+4" in card_names(load_board("marklin").edition)
    assert "locomotive+4" not in card_names(load_board("usa").edition)
    assert "ship red" in card_names(load_board("world").edition)


def test_the_payment_check_follows_the_edition():
    usa = Table("Ann", "Bob")
    route = usa.state.board.routes_between("Denver", "Helena")[0]
    assert "pay for 4 spaces" in str(check_cards(usa.state, "Ann", route, {"green": 4}))
    world = Table("Ann", "Bob", map="world")
    sea = next(r for r in world.state.board.routes if r.kind == "sea" and r.length == 2)
    with pytest.raises(IllegalAction, match="is a sea route: it takes ship cards"):
        check_cards(world.state, "Ann", sea, {f"train {sea.color}": 2})
    check_cards(world.state, "Ann", PORT, {"train red": 2, "ship red": 2})
    with pytest.raises(IllegalAction, match="nothing called 'port' to pay for"):
        check_cards(usa.state, "Ann", PORT, {"red": 4})
    europe = Table("Ann", "Bob", map="europe")
    assert "station number 1" in str(check_cards(europe.state, "Ann", STATION, {"red": 1}))


def test_a_tunnel_payment_counts_the_cards_turned_over_but_another_route_ignores_them():
    europe = Table("Ann", "Bob", map="europe")
    tunnel = europe.state.board.routes_between("Paris", "Zürich")[0]  # 3, gray, tunnel
    with pytest.raises(IllegalAction):
        check_cards(europe.state, "Ann", tunnel, {"red": 3}, {"red": 1})
    assert check_cards(europe.state, "Ann", tunnel, {"red": 4}, {"red": 1})
    plain = europe.state.board.routes_between("Berlin", "Danzig")[0]
    assert check_cards(europe.state, "Ann", plain, {"red": 4}, {"red": 2})


@pytest.mark.parametrize(
    ("edition", "trains", "ships", "split"),
    [
        (RAILS_AND_SAILS_WORLD, 25, None, (25, 35)),
        (RAILS_AND_SAILS_WORLD, None, 50, (10, 50)),
        (RAILS_AND_SAILS_GREAT_LAKES, 20, 30, (20, 30)),
        (RAILS_AND_SAILS_GREAT_LAKES, None, None, None),
    ],
)
def test_one_half_of_a_split_gives_the_other(edition, trains, ships, split):
    assert complete_split(edition, trains, ships) == split


def test_a_pass_is_a_turn_for_the_next_player_too():
    t = Table("Ann", "Bob")
    t.state = apply(t.state, Pass("Ann"))
    assert next_player(t.state) == "Bob"


def test_a_passenger_goes_on_a_free_city_never_a_country_and_only_while_some_are_left():
    t = Table("Ann", "Bob", map="marklin", goods=MARKLIN_GOODS)
    free = passenger_cities(t.state, "Ann")
    assert "Köln" in free and "Dänemark" not in free
    t.claim("Ann", "Köln", "Koblenz", passenger="Köln")
    assert "Köln" not in passenger_cities(t.state, "Bob")
    t.claim("Ann", "Köln", "Düsseldorf", track=1, passenger="Düsseldorf")
    t.claim("Ann", "Düsseldorf", "Dortmund", track=1, passenger="Dortmund")
    assert passenger_cities(t.state, "Ann") == frozenset()  # all 3 placed
    assert passenger_cities(Table("Ann", "Bob").state, "Ann") == frozenset()  # no passengers


def test_the_final_round_says_who_started_it_and_the_turns_each_player_has_left():
    t = Table("Ann", "Bob").down_to_three_trains("Ann")
    assert final_round_news(t.state) is None
    t.claim("Ann", "Seattle", "Portland", track=1)
    assert (
        str(final_round_news(t.state)) == "Final round! Ann is down to 2 trains: one last turn each"
    )
    sails = Table("Ann", "Bob", map="world")
    for route in sorted(sails.state.board.routes, key=lambda r: -r.length):
        try:
            sails.state = apply(sails.state, claim_for(sails.state.board, route, "Ann"))
        except IllegalAction:
            continue  # too long for the pieces left, or closed
        if sails.state.final_round:
            break
    left = sails.state.pieces_left("Ann")
    assert left <= 6
    assert str(final_round_news(sails.state)) == (
        f"Final round! Ann is down to {left} pieces: two more turns each"
    )
