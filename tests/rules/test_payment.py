"""Checking a payment: cards of the route's colour (any one on gray), locomotives wild,
+4 locomotives only on Märklin routes of 4 or more spaces."""

from __future__ import annotations

import pytest

from companion.rules.errors import IllegalAction
from companion.rules.map_file import load_board
from companion.rules.payment import check_payment

USA, MARKLIN = load_board("usa"), load_board("marklin")


def route(board, a, b, color=None):
    (found,) = [r for r in board.routes_between(a, b) if color in (None, r.color)]
    return found


def test_cards_of_the_routes_colour_pay_for_it():
    said = check_payment(route(USA, "Denver", "Helena"), USA.edition, {"green": 4})
    assert str(said) == "Denver–Helena (green): 4 green cards pay for 4 spaces"


def test_locomotives_are_wild():
    check_payment(route(USA, "Denver", "Helena"), USA.edition, {"green": 1, "locomotive": 3})
    check_payment(route(USA, "Denver", "Helena"), USA.edition, {"locomotive": 4})


def test_a_gray_route_takes_any_one_colour():
    check_payment(route(USA, "Denver", "Santa Fe"), USA.edition, {"red": 2})
    with pytest.raises(IllegalAction, match="cards of one colour, not 2"):
        check_payment(route(USA, "Denver", "Santa Fe"), USA.edition, {"red": 1, "blue": 1})


def test_the_wrong_colour_is_refused():
    with pytest.raises(IllegalAction, match="takes green cards, not red"):
        check_payment(route(USA, "Denver", "Helena"), USA.edition, {"red": 4})


def test_the_wrong_count_is_refused():
    with pytest.raises(IllegalAction, match="takes 4 cards, not 3"):
        check_payment(route(USA, "Denver", "Helena"), USA.edition, {"green": 3})


def test_plus_four_locomotives_are_wild_on_marklin_routes_of_4_or_more():
    check_payment(
        route(MARKLIN, "Berlin", "Leipzig"), MARKLIN.edition, {"orange": 2, "locomotive+4": 2}
    )
    with pytest.raises(IllegalAction, match="only on routes of 4 or more spaces"):
        check_payment(
            route(MARKLIN, "Berlin", "Magdeburg"), MARKLIN.edition, {"red": 2, "locomotive+4": 1}
        )


def test_there_are_no_plus_four_locomotives_in_the_base_game():
    with pytest.raises(IllegalAction, match="no \\+4 locomotives"):
        check_payment(route(USA, "Denver", "Helena"), USA.edition, {"locomotive+4": 4})


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ({"teal": 4}, "'teal' is not a card"),
        ({"green": -1}, "whole number"),
        ({"gray": 4}, "no gray cards"),
    ],
)
def test_cards_that_do_not_exist_are_refused(cards, message):
    with pytest.raises(IllegalAction, match=message):
        check_payment(route(USA, "Denver", "Helena"), USA.edition, cards)


WORLD, LAKES = load_board("world"), load_board("great-lakes")


def test_a_rail_route_takes_train_cards_and_a_sea_route_ship_cards():
    from companion.rules.payment import check_sails_payment

    rail = route(LAKES, "Chicago", "Madison")  # gray, 3
    check_sails_payment(rail, {"train red": 2, "joker": 1})
    with pytest.raises(IllegalAction, match="it takes train cards, not ship cards"):
        check_sails_payment(rail, {"ship red": 3})
    sea = route(LAKES, "Chicago", "Milwaukee", "green")
    check_sails_payment(sea, {"ship green": 1})


def test_a_double_ship_card_pays_for_one_or_two_spaces():
    from companion.rules.payment import check_sails_payment

    sea = route(LAKES, "Milwaukee", "Green Bay", "black")  # 3 spaces
    check_sails_payment(sea, {"double ship black": 1, "ship black": 1})
    check_sails_payment(sea, {"double ship black": 2})  # 2 + 1
    with pytest.raises(IllegalAction, match="these cards pay for 1 to 2"):
        check_sails_payment(sea, {"double ship black": 1})


def test_each_pair_space_takes_two_train_cards_of_one_colour():
    from companion.rules.payment import check_sails_payment

    pairs = route(WORLD, "Dar Es Salaam", "Luanda")  # 2 pair spaces
    check_sails_payment(pairs, {"train red": 2, "train green": 2})
    check_sails_payment(pairs, {"train red": 1, "joker": 1, "train white": 2})
    with pytest.raises(IllegalAction, match="two train cards of one colour"):
        check_sails_payment(pairs, {"train red": 1, "train green": 1, "train white": 2})
    with pytest.raises(IllegalAction, match="takes 4 train cards"):
        check_sails_payment(pairs, {"train red": 2})


def test_a_port_costs_two_train_and_two_ship_cards_of_one_colour():
    from companion.rules.payment import check_port_payment

    check_port_payment({"train red": 2, "ship red": 2})
    check_port_payment({"train red": 1, "ship red": 1, "joker": 2})
    with pytest.raises(IllegalAction, match="one colour, not 2"):
        check_port_payment({"train red": 2, "ship green": 2})
    with pytest.raises(IllegalAction, match="2 train cards and 2 ship cards"):
        check_port_payment({"train red": 3, "ship red": 1})


EUROPE = load_board("europe")


def test_a_ferry_takes_a_locomotive_for_each_symbol():
    ferry = route(EUROPE, "Amsterdam", "London")  # 2 spaces, 2 locomotives
    check_payment(ferry, EUROPE.edition, {"locomotive": 2})
    with pytest.raises(IllegalAction, match="ferry: it takes 2 locomotives, not 1"):
        check_payment(ferry, EUROPE.edition, {"red": 1, "locomotive": 1})


def test_a_tunnel_costs_one_more_card_for_each_turned_over_card_of_the_colour_played():
    tunnel = route(EUROPE, "Marseille", "Zürich")  # purple, 2, tunnel
    turned = {"purple": 1, "locomotive": 1, "red": 1}
    check_payment(tunnel, EUROPE.edition, {"purple": 4}, turned)
    with pytest.raises(IllegalAction, match="takes 4 cards \\(2 and 2 for the tunnel\\), not 2"):
        check_payment(tunnel, EUROPE.edition, {"purple": 2}, turned)
    # Paid with locomotives only: only turned-over locomotives count.
    check_payment(tunnel, EUROPE.edition, {"locomotive": 3}, turned)


def test_europe_stations_cost_1_2_3_cards_of_one_colour():
    from companion.rules.payment import check_station_payment

    check_station_payment(0, {"red": 1})
    check_station_payment(2, {"red": 2, "locomotive": 1})
    with pytest.raises(IllegalAction, match="station number 2 costs 2 cards, not 1"):
        check_station_payment(1, {"red": 1})
    with pytest.raises(IllegalAction, match="one colour, not 2"):
        check_station_payment(1, {"red": 1, "blue": 1})
