"""An event's standings by each method, worked out by hand from the tournaments' rules."""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

import pytest

from companion.rules.event_standings import (
    EVERY_PLACE,
    FIRST_PLACE,
    POINTS,
    SHARE,
    WINS,
    GameResult,
    event_standings,
    overall_standings,
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


def test_a_win_ranks_above_any_number_of_second_places_whatever_their_sum():
    # Game 1: Ann 120, Cy 100, Bob 90, Di 80. Games 2-6: Bob 120, Cy 110, Di 100, Ann 50.
    # Bob, 5 wins: 90/120 (third of 4: no points) + 5 × (120/110 + 100) = 506.20.
    # Ann, 1 win: 120/100 + 100 = 101.2, then 5 × 50/120: 103.28.
    # Cy, no win: 100/120 + 20, then 5 × (110/120 + 20): 125.42, more than Ann's sum.
    # Di: 80/120 + 5 × 100/120: 4.83.
    first = GameResult(("Ann", "Bob", "Cy", "Di"), (120, 90, 100, 80), (1, 3, 2, 4))
    other = GameResult(("Ann", "Bob", "Cy", "Di"), (50, 120, 110, 100), (4, 1, 2, 3))
    lines = event_standings([first, *[other] * 5], WINS)
    assert [(s.rank, s.name, s.wins, s.points, s.shown) for s in lines] == [
        (1, "Bob", 5, 690, "506.20"),
        (2, "Ann", 1, 370, "103.28"),
        (3, "Cy", 0, 650, "125.42"),
        (4, "Di", 0, 580, "4.83"),
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
    # House rule: Ann's -4 counts 1: 1/30 + 20 (second). Bob's best opponent scored -4,
    # counted 1: 30/1, which counts at most 2: 2 + 100.
    games = (GameResult(("Ann", "Bob"), (-4, 30), (2, 1)),)
    assert [(s.name, s.shown) for s in event_standings(games, WINS)] == [
        ("Bob", "102.00"),
        ("Ann", "20.03"),
    ]


def test_a_score_ratio_counts_at_most_two():
    # A 40-point win over a table on -1 would be 40/1; it counts 2, against a normal win's
    # 110/100 = 1.1: the blowout is worth a little more, not 36 times more.
    games = (
        GameResult(("Ann", "Bob"), (40, -1), (1, 2)),
        GameResult(("Cy", "Di"), (110, 100), (1, 2)),
    )
    score = {s.name: s.score for s in event_standings(games, WINS)}
    assert score["Ann"] == 102 and score["Cy"] == 100 + Fraction(110, 100)
    # Bob's -1 counts 1: 1/40 + 20; Di: 100/110 + 20.
    assert score["Bob"] == 20 + Fraction(1, 40) and score["Di"] == 20 + Fraction(100, 110)


def test_players_the_method_leaves_equal_rank_by_their_average_finish():
    # Game 1: Ann 100 (1st), Bob 80 (2nd), Cy 50 (3rd). Game 2: Cy 110 (1st), Bob 80
    # (2nd), Di 70 (3rd), Ann 60 (4th). By points Ann, Bob and Cy have 160 each; their
    # average finish: Ann (1 + 4) / 2 = 2.5, Bob (2 + 2) / 2 = 2, Cy (3 + 1) / 2 = 2.
    games = (
        GameResult(("Ann", "Bob", "Cy"), (100, 80, 50), (1, 2, 3)),
        GameResult(("Ann", "Bob", "Cy", "Di"), (60, 80, 110, 70), (4, 2, 1, 3)),
    )
    lines = event_standings(games, POINTS)
    assert [(s.rank, s.name, s.points, s.average_shown) for s in lines] == [
        (1, "Bob", 160, "2.00"),
        (1, "Cy", 160, "2.00"),  # still equal: with no lot drawn they share the rank
        (3, "Ann", 160, "2.50"),
        (4, "Di", 70, "3.00"),
    ]


def test_a_draw_by_lot_the_events_seed_fixes_orders_players_still_equal():
    games = (GameResult(("Ann", "Bob", "Cy"), (80, 80, 40), (1, 1, 3)),)
    # Equal on points and on average finish (1st each): the lot decides, the same way
    # every time for one seed, and marks the line.
    first = event_standings(games, POINTS, lot="seed-1")
    again = event_standings(games, POINTS, lot="seed-1")
    assert [(s.rank, s.name) for s in first] == [(s.rank, s.name) for s in again]
    assert sorted((s.rank, s.by_lot) for s in first[:2]) == [(1, True), (2, True)]
    assert (first[2].name, first[2].rank, first[2].by_lot) == ("Cy", 3, False)
    # Over many seeds each of the two comes first sometimes: a draw, not an order.
    winners = {event_standings(games, POINTS, lot=f"s{i}")[0].name for i in range(40)}
    assert winners == {"Ann", "Bob"}


def _sheet(*players):
    return SimpleNamespace(
        players=tuple(SimpleNamespace(name=n, total=t, rank=r) for n, t, r in players)
    )


def test_a_game_places_its_players_by_the_sheets_ranks():
    result = result_of(_sheet(("Ann", 50, 2), ("Bob", 70, 1), ("Cy", 20, 3)))
    assert result == GameResult(("Ann", "Bob", "Cy"), (50, 70, 20), (2, 1, 3))


def test_a_tie_for_first_goes_to_the_later_seat_as_the_wbc_writes_it():
    """ "Reverse turn order breaks the tie" for first: Ann and Cy tie for first after the
    rule book's tiebreakers, Cy sat later and wins, Ann is second; Bob and Di, tied for
    third, stay tied."""
    sheet = _sheet(("Ann", 90, 1), ("Bob", 40, 3), ("Cy", 90, 1), ("Di", 40, 3))
    assert result_of(sheet).places == (1, 3, 1, 3)
    assert result_of(sheet, FIRST_PLACE).places == (2, 3, 1, 3)
    # Three tied for first: the latest seat wins; the two others share second.
    three = _sheet(("Ann", 90, 1), ("Bob", 90, 1), ("Cy", 90, 1), ("Di", 40, 4))
    assert result_of(three, FIRST_PLACE).places == (2, 2, 1, 4)


def test_the_later_seat_at_every_place_is_an_option_of_its_own():
    sheet = _sheet(("Ann", 90, 1), ("Bob", 40, 3), ("Cy", 90, 1), ("Di", 40, 3))
    assert result_of(sheet, EVERY_PLACE).places == (2, 4, 1, 3)


def test_an_unknown_method_is_refused():
    with pytest.raises(ValueError, match="no such method"):
        event_standings(GAMES, "elo")


def test_overall_standings_rank_the_final_first_then_the_heats_for_those_who_went_no_further():
    """Heats: Ann, Bob, Cy, Di, Ed in that order; the final (Bob, Ann, Di) is won by Di,
    then Ann, then Bob: overall Di 1, Ann 2, Bob 3, then Cy 4 and Ed 5 from the heats."""
    heats = event_standings(GAMES, POINTS)  # Ann 230, Bob 210, Cy 185, Di 130, Ed 50
    final = event_standings(
        [GameResult(("Bob", "Ann", "Di"), (70, 80, 90), (3, 2, 1))], POINTS, ("Bob", "Ann", "Di")
    )
    overall = overall_standings(heats, [("final", final)])
    assert [(o.rank, o.line.name, o.stage) for o in overall] == [
        (1, "Di", "final"),
        (2, "Ann", "final"),
        (3, "Bob", "final"),
        (4, "Cy", ""),
        (5, "Ed", ""),
    ]


def test_overall_standings_place_a_semi_finalist_below_the_final_and_above_the_heats():
    heats = event_standings(GAMES, POINTS)
    semi = event_standings(
        [GameResult(("Ann", "Bob", "Cy"), (50, 60, 40), (2, 1, 3))], POINTS, ("Ann", "Bob", "Cy")
    )
    final = event_standings([], POINTS, ("Bob", "Ann"))  # not played yet: equal, shared
    overall = overall_standings(heats, [("semifinal", semi), ("final", final)])
    assert [(o.rank, o.line.name, o.stage) for o in overall] == [
        (1, "Ann", "final"),
        (1, "Bob", "final"),
        (3, "Cy", "semifinal"),
        (4, "Di", ""),
        (5, "Ed", ""),
    ]
