"""Whole games replayed from their records and scored; every total worked out by hand."""

from __future__ import annotations

import pytest

from companion.rules.errors import IllegalAction
from companion.rules.record import parse_record
from tests.helpers import game_record


def test_two_player_game_tie_broken_by_most_completed_tickets():
    sheet = parse_record(game_record("two_players_tie_broken_by_tickets")).score()
    ann, bob = sheet.player("Ann"), sheet.player("Bob")
    # Ann: Seattle–Portland 1 (1) + Portland–San Francisco 5 (10) + San Francisco–Los Angeles
    # 3 (4) = 15; Seattle–Los Angeles +9 and Seattle–San Francisco (printed 12) +12 = 36.
    assert (ann.breakdown["routes"], ann.breakdown["tickets"], ann.total) == (15, 21, 36)
    # Bob: Denver–Kansas City 4 (7) + Kansas City–Saint Louis 2 (2) + Saint Louis–Chicago 2
    # (2) + Chicago–Pittsburgh 3 (4) = 15; Denver–Pittsburgh +11; longest path 11 spaces
    # against Ann's 9: +10. Total 36.
    assert (bob.breakdown["routes"], bob.breakdown["tickets"], bob.total) == (15, 11, 36)
    assert (ann.longest_path.length, bob.longest_path.length) == (9, 11)
    assert (ann.longest_path_bonus, bob.longest_path_bonus) == (0, 10)
    # Tied on 36: Ann completed 2 tickets, Bob 1.
    assert sheet.winners == ("Ann",)
    assert (ann.rank, bob.rank) == (1, 2)
    assert "completed tickets" in str(sheet.tiebreak)


def test_three_player_game_tie_broken_by_longest_path():
    sheet = parse_record(game_record("three_players_tie_broken_by_longest_path")).score()
    ann, bob, cy = (sheet.player(n) for n in ("Ann", "Bob", "Cy"))
    # Ann: Denver–Salt Lake City 3 (4) + Salt Lake City–Helena 3 (4) + Denver–Omaha 4 (7)
    # = 15; Helena–Omaha (printed 8) +8 = 23; path Helena–Salt Lake City–Denver–Omaha 10.
    assert (ann.total, ann.longest_path.length, ann.tickets_completed) == (23, 10, 1)
    # Bob: Duluth–Helena 6 (15); Duluth–Helena (printed 8) +8 = 23; path 6.
    assert (bob.total, bob.longest_path.length, bob.tickets_completed) == (23, 6, 1)
    # Cy: Los Angeles–El Paso 6 (15) + El Paso–Houston 6 (15) = 30; path 12, the longest:
    # +10; Seattle–New York −22. Total 18.
    assert (cy.total, cy.longest_path_bonus) == (18, 10)
    # Ann and Bob tie on 23 and on one ticket each; Ann's path (10) beats Bob's (6).
    assert sheet.winners == ("Ann",)
    assert [p.rank for p in sheet.players] == [1, 2, 3]
    assert "longest" in str(sheet.tiebreak)


def test_five_player_game_through_the_final_round():
    record = parse_record(game_record("five_players_final_round"))
    state = record.replay()
    assert state.is_over
    assert state.final_round.started_by == "Ann"
    assert state.trains["Ann"] == 2  # 45 − (7 × 6) − 1
    sheet = record.score()
    totals = {p.name: p.total for p in sheet.players}
    # Ann: seven 6-space routes (7 × 15 = 105) + Dallas–Houston 1 (1) = 106; Seattle–New
    # York −22, Los Angeles–Dallas (printed 9) +9; longest path Seattle–Helena–Duluth–Toronto
    # 18 spaces: +10. 106 − 13 + 10 = 103.
    # Bob: Chicago–Pittsburgh 3 (4) + Pittsburgh–New York 2 (2) + New York–Boston 2 (2) +
    # New York–Washington 2 (2) = 10; Denver–Pittsburgh −11. −1.
    # Cy: Denver–Kansas City 4 (7) + Kansas City–Omaha 1 (1) = 8; Kansas City–Houston −5. 3.
    # Dee: the other tracks of the same two doubles (allowed with 5 players) = 8;
    # Denver–El Paso −4. 4.
    # Eve: Miami–New Orleans 6 (15) + New Orleans–Houston 2 (2) = 17; Miami–Houston
    # (printed 10) +10. 27.
    assert totals == {"Ann": 103, "Bob": -1, "Cy": 3, "Dee": 4, "Eve": 27}
    assert {p.name: p.rank for p in sheet.players} == {
        "Ann": 1,
        "Eve": 2,
        "Dee": 3,
        "Cy": 4,
        "Bob": 5,
    }
    assert sheet.player("Ann").longest_path.length == 18
    assert sheet.winners == ("Ann",) and sheet.tiebreak is None and sheet.finished


def test_four_player_game_shares_the_longest_path_bonus():
    sheet = parse_record(game_record("four_players")).score()
    ann, bob, cy, dee = sheet.players
    # Ann: Boston–New York, New York–Washington, Washington–Raleigh, 2 spaces each (2 points
    # each) = 6; New York–Atlanta −6, Boston–Raleigh (printed 7) +7; path 6 spaces, tied
    # with Bob for the longest: +10. 17.
    assert (ann.breakdown["routes"], ann.breakdown["tickets"], ann.total) == (6, 1, 17)
    # Bob: the other Boston–New York track, New York–Pittsburgh, Pittsburgh–Washington = 6;
    # Denver–Pittsburgh −11, Boston–Washington (printed 6) +6; path 6: +10. 11.
    assert (bob.breakdown["routes"], bob.breakdown["tickets"], bob.total) == (6, -5, 11)
    assert ann.longest_path_bonus == bob.longest_path_bonus == 10
    # Cy: Montréal–Toronto 3 (4); Montréal–Atlanta −9. −5.  Dee: two 1-space routes (2);
    # Seattle–Los Angeles −9. −7.
    assert (cy.total, dee.total) == (-5, -7)
    assert [p.rank for p in sheet.players] == [1, 2, 3, 4]


def test_three_player_record_refuses_the_second_route_of_a_double():
    record = parse_record(game_record("illegal_three_players_second_route_of_a_double"))
    with pytest.raises(IllegalAction) as refusal:
        record.score()
    assert refusal.value.index == 2
    assert "only one of the two Boston–New York routes" in str(refusal.value)
