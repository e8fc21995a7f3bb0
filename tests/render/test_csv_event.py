"""An event's standings as CSV: a line a player by rank, the method's value as shown."""

from __future__ import annotations

import csv
import io

from companion.render.csv_event import standings_to_csv
from companion.rules.event_standings import WINS, GameResult, event_standings


def _rows(text):
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text[1:])))


def test_the_standings_csv_has_a_line_a_player_by_rank():
    # Ann wins 120 to 80 (120/80 + 100 = 101.5); =Bob, a name like a formula, 80/120.
    games = (GameResult(("Ann", "=Bob"), (120, 80), (1, 2)),)
    rows = _rows(standings_to_csv(event_standings(games, WINS), WINS))
    assert rows == [
        ["Rank", "Player", "Games", "Wins", "Points", "Sum", "Average finish", "By lot"],
        ["1", "Ann", "1", "1", "120", "101.50", "1.00", ""],
        ["2", "'=Bob", "1", "0", "80", "20.67", "2.00", ""],
    ]


def test_a_place_the_lot_decided_is_marked_and_a_score_below_zero_stays_a_number():
    # Ann and Bob tie on 50, both first (a shared win): the lot orders them. Cy on -3.
    games = (GameResult(("Ann", "Bob", "Cy"), (50, 50, -3), (1, 1, 3)),)
    rows = _rows(standings_to_csv(event_standings(games, WINS, lot="seed"), WINS))
    assert sorted((r[0], r[7]) for r in rows[1:3]) == [("1", "yes"), ("2", "yes")]
    assert rows[3][:5] == ["3", "Cy", "1", "0", "-3"] and rows[3][7] == ""
