"""The end: a claim leaving 2 or fewer trains starts the final round; one more turn each."""

from __future__ import annotations

import pytest

from companion.rules.errors import IllegalAction


def down_to_three(t, player="Ann"):
    t.down_to_three_trains(player)
    assert t.state.trains[player] == 3
    return t


def test_a_claim_leaving_three_trains_does_not_start_the_final_round(table):
    t = down_to_three(table("Ann", "Bob", "Cy"))
    assert t.state.final_round is None


def test_a_claim_leaving_two_trains_starts_the_final_round(table):
    t = down_to_three(table("Ann", "Bob", "Cy")).claim("Ann", "Dallas", "Houston")
    assert t.state.final_round.started_by == "Ann"
    assert t.state.waiting_for == ("Ann", "Bob", "Cy")


def test_a_claim_leaving_no_trains_starts_the_final_round(table):
    t = down_to_three(table("Ann", "Bob", "Cy")).claim("Ann", "Denver", "Santa Fe")  # 2 spaces
    t.claim("Ann", "Seattle", "Portland")  # 1 space: the final turn, 0 trains left
    assert t.state.trains["Ann"] == 0


def test_every_player_that_one_included_has_exactly_one_more_turn(table):
    t = down_to_three(table("Ann", "Bob", "Cy")).claim("Ann", "Dallas", "Houston")
    t.claim("Bob", "Denver", "Helena")
    t.turn("Cy")
    assert not t.state.is_over and t.state.waiting_for == ("Ann",)
    t.claim("Ann", "Seattle", "Portland")
    assert t.state.is_over


def test_a_player_whose_final_turn_is_used_is_refused(table):
    t = down_to_three(table("Ann", "Bob", "Cy")).claim("Ann", "Dallas", "Houston")
    t.claim("Bob", "Denver", "Helena")
    with pytest.raises(IllegalAction, match="Bob has already taken their final turn"):
        t.turn("Bob")


def test_nothing_is_recorded_once_the_game_is_over(table):
    t = down_to_three(table("Ann", "Bob")).claim("Ann", "Dallas", "Houston")
    t.turn("Bob").turn("Ann")
    with pytest.raises(IllegalAction, match="the game is over"):
        t.claim("Bob", "Denver", "Helena")


def test_a_turn_taken_drawing_cards_changes_nothing_before_the_final_round(table):
    t = table("Ann", "Bob").turn("Ann").turn("Bob").turn("Ann")
    assert t.state.final_round is None and t.state.trains == {"Ann": 45, "Bob": 45}


def test_a_second_player_running_low_in_the_final_round_does_not_restart_it(table):
    t = down_to_three(table("Ann", "Bob")).claim("Ann", "Dallas", "Houston")
    assert t.state.final_round.started_by == "Ann"
    t.turn("Bob")
    t.turn("Ann")
    assert t.state.is_over and t.state.final_round.started_by == "Ann"
