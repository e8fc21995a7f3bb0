"""An event's standings by each method, worked out by hand from the tournaments' rules."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from companion.rules.event_standings import (
    POINTS,
    SHARE,
    WINS,
    GameResult,
    event_standings,
    result_of,
)

# Game 1, a table of 4: Ann 150, Bob 100, Cy 90, Di 60.
# Game 2, a table of 5: Bob 110, Cy 95, Ann 80, Di 70, Ed 50.
GAMES = (
    GameResult(("Ann", "Bob", "Cy", "Di"), (150, 100, 90, 60), (1, 2, 3, 4)),
    GameResult(("Ann", "Bob", "Cy", "Di", "Ed"), (80, 110, 95, 70, 50), (3, 1, 2, 4, 5)),
)


def _table(method):
    return [
        (s.rank, s.name, s.games, s.wins, s.points, s.shown) for s in event_standings(GAMES, method)
    ]


def test_wins_rank_first_then_the_wbc_sum_of_score_ratios_and_place_points():
    # Ann: 150/100 + 100 (won) = 101.5; 80/110 + 5 (third at a table of 5) = 5.7273: 107.23
    # Bob: 100/150 + 20 (second) = 20.6667; 110/95 + 100 = 101.1579: 121.82
    # Cy: 90/150 (third of 4: no points) = 0.6; 95/110 + 20 = 20.8636: 21.46
    # Di: 60/150 = 0.4; 70/110 = 0.6364: 1.04.  Ed: 50/110 = 0.45.
    assert _table(WINS) == [
        (1, "Bob", 2, 1, 210, "121.82"),
        (2, "Ann", 2, 1, 230, "107.23"),
        (3, "Cy", 2, 0, 185, "21.46"),
        (4, "Di", 2, 0, 130, "1.04"),
        (5, "Ed", 1, 0, 50, "0.45"),
    ]


def test_share_ranks_by_the_average_percentage_of_the_winners_score():
    # Ann: 100 and 80/110 = 72.73: 86.36.  Bob: 100/150 = 66.67 and 100: 83.33.
    # Cy: 60 and 86.36: 73.18.  Di: 40 and 63.64: 51.82.  Ed: 45.45.
    assert _table(SHARE) == [
        (1, "Ann", 2, 1, 230, "86.36"),
        (2, "Bob", 2, 1, 210, "83.33"),
        (3, "Cy", 2, 0, 185, "73.18"),
        (4, "Di", 2, 0, 130, "51.82"),
        (5, "Ed", 1, 0, 50, "45.45"),
    ]


def test_points_rank_by_the_total_of_the_scores():
    assert [(s.rank, s.name, s.shown) for s in event_standings(GAMES, POINTS)] == [
        (1, "Ann", "230.00"),
        (2, "Bob", "210.00"),
        (3, "Cy", "185.00"),
        (4, "Di", "130.00"),
        (5, "Ed", "50.00"),
    ]


def test_players_equal_by_the_method_share_a_rank():
    games = (GameResult(("Ann", "Bob", "Cy"), (80, 80, 40), (1, 1, 3)),)
    lines = event_standings(games, POINTS)
    assert [(s.rank, s.name) for s in lines] == [(1, "Ann"), (1, "Bob"), (3, "Cy")]


def test_a_shared_win_is_a_win_for_each_with_the_winners_points():
    # Both won: 80/80 + 100 each; Cy 40/80 = 0.5.
    games = (GameResult(("Ann", "Bob", "Cy"), (80, 80, 40), (1, 1, 3)),)
    assert [(s.name, s.wins, s.shown) for s in event_standings(games, WINS)] == [
        ("Ann", 1, "101.00"),
        ("Bob", 1, "101.00"),
        ("Cy", 0, "0.50"),
    ]


def test_a_listed_player_with_no_finished_game_stands_at_the_foot():
    lines = event_standings(GAMES[:1], WINS, players=("Zed", "Ann", "Bob", "Cy", "Di"))
    assert lines[-1].name == "Zed" and (lines[-1].games, lines[-1].shown) == (0, "0.00")


def test_a_score_below_one_counts_as_one_in_a_ratio():
    # House rule: Bob's best opponent scored -4: 30/1 + 100; Ann -4 counts 1: 1/30.
    games = (GameResult(("Ann", "Bob"), (-4, 30), (2, 1)),)
    assert [(s.name, s.shown) for s in event_standings(games, WINS)] == [
        ("Bob", "130.00"),
        ("Ann", "20.03"),
    ]


def _sheet(*players):
    return SimpleNamespace(
        players=tuple(SimpleNamespace(name=n, total=t, rank=r) for n, t, r in players)
    )


def test_a_game_places_its_players_by_the_sheets_ranks():
    result = result_of(_sheet(("Ann", 50, 2), ("Bob", 70, 1), ("Cy", 20, 3)))
    assert result == GameResult(("Ann", "Bob", "Cy"), (50, 70, 20), (2, 1, 3))


def test_a_tie_left_after_the_tiebreakers_goes_to_the_later_seat_when_the_event_says_so():
    """ "Reverse turn order breaks the tie": Ann and Cy tie for first after the rule
    book's tiebreakers, Cy sat later and wins; Bob and Di tie for third, Di sat later."""
    sheet = _sheet(("Ann", 90, 1), ("Bob", 40, 3), ("Cy", 90, 1), ("Di", 40, 3))
    assert result_of(sheet).places == (1, 3, 1, 3)
    assert result_of(sheet, later_seat_wins_ties=True).places == (2, 4, 1, 3)


def test_an_unknown_method_is_refused():
    with pytest.raises(ValueError, match="no such method"):
        event_standings(GAMES, "elo")
