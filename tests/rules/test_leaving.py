"""A player who leaves a game under way (an event's dropout after the first move): the
rule books are silent; as a house rule their trains stay and score, their turns are
skipped, and the final round waits for them no more."""

from __future__ import annotations

import json

import pytest

from companion.rules.actions import Leave, action_to_json, parse_action
from companion.rules.errors import IllegalAction, RecordError
from companion.rules.record import parse_record, record_to_json
from companion.rules.table_questions import next_player


def test_a_player_who_leaves_keeps_their_routes_and_their_turns_are_skipped(table):
    t = table("Ann", "Bob", "Cy").claim("Ann", "Denver", "Omaha").claim("Bob", "Dallas", "Houston")
    t.play(Leave("Cy"))
    assert t.state.routes_of("Cy") == () and t.state.left == ("Cy",)
    assert next_player(t.state) == "Ann"  # after Bob, Cy's seat is skipped
    with pytest.raises(IllegalAction, match="Cy has left the game: their turns are skipped"):
        t.turn("Cy")


def test_a_player_who_leaves_keeps_what_they_built_on_the_board_and_it_scores(table):
    t = table("Ann", "Bob", "Cy").claim("Cy", "Denver", "Omaha").play(Leave("Cy"))
    with pytest.raises(IllegalAction, match="already claimed"):
        t.claim("Ann", "Denver", "Omaha")
    sheet = t.score(Ann=[("Boston", "Miami")], Bob=[("Dallas", "New York")])
    assert sheet.player("Cy").track == 7  # a 4-space route: 7 points, as printed


def test_leaving_is_not_a_turn_whose_turn_it_is_stays(table):
    t = table("Ann", "Bob", "Cy").turn("Ann").play(Leave("Cy"))
    assert next_player(t.state) == "Bob"
    t.turn("Bob")
    assert next_player(t.state) == "Ann"


def test_the_final_round_no_longer_waits_for_a_player_who_left(table):
    t = table("Ann", "Bob", "Cy").down_to_three_trains("Ann").claim("Ann", "Dallas", "Houston")
    t.claim("Bob", "Denver", "Helena")
    assert t.state.waiting_for == ("Ann", "Cy")
    t.play(Leave("Cy"))
    assert t.state.waiting_for == ("Ann",) and not t.state.is_over
    t.claim("Ann", "Seattle", "Portland")
    assert t.state.is_over


def test_a_game_goes_on_with_at_least_two_players(table):
    t = table("Ann", "Bob")
    with pytest.raises(IllegalAction, match="at least 2 players: with Bob gone"):
        t.play(Leave("Bob"))
    t = table("Ann", "Bob", "Cy").play(Leave("Cy"))
    with pytest.raises(IllegalAction, match="Cy has left the game"):
        t.play(Leave("Cy"))
    with pytest.raises(IllegalAction, match="with Bob gone, it would be given up"):
        t.play(Leave("Bob"))


def test_a_sheet_is_settled_without_the_tickets_of_a_player_who_left(table):
    t = table("Ann", "Bob", "Cy").down_to_three_trains("Ann").play(Leave("Cy"))
    t.claim("Ann", "Dallas", "Houston").turn("Bob").turn("Ann")
    sheet = t.score(Ann=[("Boston", "Miami")], Bob=[("Dallas", "New York")])
    assert sheet.finished and sheet.tickets_missing == () and sheet.settled
    assert sheet.left == ("Cy",)
    unsettled = t.score(Ann=[("Boston", "Miami")])
    assert unsettled.tickets_missing == ("Bob",)


def test_leaving_is_recorded_and_read_back(table):
    stored = json.loads(json.dumps(action_to_json(Leave("Cy"))))
    assert stored == {"player": "Cy", "leave": True}
    assert parse_action("actions[0]", stored) == Leave("Cy")
    with pytest.raises(RecordError, match="should be true"):
        parse_action("actions[0]", {"player": "Cy", "leave": 1})
    t = table("Ann", "Bob", "Cy").claim("Ann", "Denver", "Omaha").play(Leave("Cy"))
    record = t.record(Ann=[("Boston", "Miami")])
    again = parse_record(json.loads(json.dumps(record_to_json(record))))
    assert again.actions[-1] == Leave("Cy")
