"""Checking a payment: cards of the route's colour (any one on gray), locomotives wild,
+4 locomotives only on Märklin routes of 4 or more spaces."""

from __future__ import annotations

import pytest

from companion.rules.board import load_board
from companion.rules.errors import IllegalAction
from companion.rules.payment import check_payment

USA, MARKLIN = load_board("usa"), load_board("marklin")


def route(board, a, b, color=None):
    (found,) = [r for r in board.routes_between(a, b) if color in (None, r.color)]
    return found


def test_cards_of_the_routes_colour_pay_for_it():
    said = check_payment(route(USA, "Denver", "Helena"), USA.edition, {"green": 4})
    assert said == "Denver–Helena (green): 4 green cards pay for 4 spaces"


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
