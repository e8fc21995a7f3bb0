"""Time called on a game under way (an event's heats): the rule books end a game only
when a player's trains run low; a tournament's heat ends at time as the event says: the
current round of turns finishes with the last seat, or every player takes one more turn."""

from __future__ import annotations

import json

import pytest

from companion.rules.actions import Leave, action_to_json, parse_action
from companion.rules.actions.time import CallTime
from companion.rules.errors import IllegalAction, RecordError
from companion.rules.table_questions import final_round_news, next_player


def test_time_finishes_the_round_of_turns_with_the_last_seat(table):
    """Ann, Bob, Cy, Dee; time after Bob's turn: Cy and Dee play, then the game is over,
    every player having had as many turns."""
    t = table("Ann", "Bob", "Cy", "Dee").turn("Ann").turn("Bob").play(CallTime("Bob", "round"))
    assert t.state.waiting_for == ("Cy", "Dee") and next_player(t.state) == "Cy"
    assert "the round of turns finishes with the last seat" in str(final_round_news(t.state))
    with pytest.raises(IllegalAction, match="Ann has already taken their final turn"):
        t.turn("Ann")
    t.claim("Cy", "Denver", "Omaha")
    assert not t.state.is_over
    t.turn("Dee")
    assert t.state.is_over


def test_time_after_the_last_seats_turn_ends_the_game_at_once(table):
    t = table("Ann", "Bob", "Cy").turn("Ann").turn("Bob").turn("Cy")
    t.play(CallTime("Cy", "round"))
    assert t.state.is_over


def test_time_gives_every_player_one_more_turn_when_the_event_says_so(table):
    t = table("Ann", "Bob", "Cy").turn("Ann").play(CallTime("Ann", "turn"))
    assert t.state.waiting_for == ("Ann", "Bob", "Cy") and next_player(t.state) == "Bob"
    t.turn("Bob").turn("Cy")
    assert t.state.waiting_for == ("Ann",)
    t.turn("Ann")
    assert t.state.is_over


def test_time_skips_a_player_who_left(table):
    t = table("Ann", "Bob", "Cy", "Dee").turn("Ann").play(Leave("Cy"))
    t.play(CallTime("Ann", "round"))
    assert t.state.waiting_for == ("Bob", "Dee")


def test_time_is_called_after_the_last_turn_played_on_a_game_under_way(table):
    with pytest.raises(IllegalAction, match="on a game under way"):
        table("Ann", "Bob").play(CallTime("Ann", "round"))
    t = table("Ann", "Bob", "Cy").turn("Ann")
    with pytest.raises(IllegalAction, match="after the last turn played: Ann's"):
        t.play(CallTime("Bob", "round"))


def test_time_does_not_cut_a_final_round_the_rules_began(table):
    t = table("Ann", "Bob", "Cy").down_to_three_trains("Ann").claim("Ann", "Dallas", "Houston")
    with pytest.raises(IllegalAction, match="the final round has begun already"):
        t.play(CallTime("Ann", "round"))


def test_calling_time_is_recorded_and_read_back():
    stored = json.loads(json.dumps(action_to_json(CallTime("Bob", "turn"))))
    assert stored == {"player": "Bob", "time": "turn"}
    assert parse_action("actions[3]", stored) == CallTime("Bob", "turn")
    with pytest.raises(RecordError, match="should be one of 'round', 'turn', not 'now'"):
        parse_action("actions[3]", {"player": "Bob", "time": "now"})
