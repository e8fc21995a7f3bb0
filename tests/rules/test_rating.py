"""The group's ratings (openskill's Plackett–Luce model over each finished game's places),
checked on games built so that the order of the ratings follows from the places."""

from __future__ import annotations

from decimal import Decimal

import pytest

from companion.rules.event_standings import GameResult
from companion.rules.rating import PROVISIONAL_GAMES, Rating, ratings
from companion.rules.standings import Played, standings
from tests.helpers import Table


def result(**places: int) -> GameResult:
    """A finished game from its places (the scores play no part in a rating)."""
    return GameResult(tuple(places), tuple(0 for _ in places), tuple(places.values()))


def rated(found: tuple[Rating, ...]) -> dict[str, Rating]:
    return {r.name: r for r in found}


def test_a_player_who_always_finishes_ahead_rates_higher():
    found = ratings([result(Cy=3, Ann=1, Bob=2)] * 6)
    assert [r.name for r in found] == ["Ann", "Bob", "Cy"]  # best first
    ann, bob, cy = found
    assert ann.ordinal > bob.ordinal > cy.ordinal
    assert ann.mu > bob.mu > cy.mu


def test_players_level_in_every_game_rate_alike():
    found = rated(ratings([result(Ann=1, Bob=1, Cy=3)] * 4))
    assert found["Ann"].mu == pytest.approx(found["Bob"].mu)
    assert found["Ann"].sigma == pytest.approx(found["Bob"].sigma)
    assert found["Ann"].ordinal > found["Cy"].ordinal


def test_a_player_is_provisional_until_five_finished_games():
    assert PROVISIONAL_GAMES == 5
    games = [result(Ann=1, Bob=2)] * 4
    found = rated(ratings(games))
    assert found["Ann"].games == 4 and found["Ann"].provisional
    found = rated(ratings([*games, result(Ann=2, Bob=1)]))
    assert found["Ann"].games == 5 and not found["Ann"].provisional
    assert not found["Bob"].provisional
    # Cy sits in for the fifth game only.
    found = rated(ratings([*games, result(Ann=1, Bob=2, Cy=3)]))
    assert (found["Cy"].games, found["Cy"].provisional) == (1, True)


def test_the_games_are_rated_in_the_order_played_the_latest_counting_most():
    """Ann wins three games, then Bob the next three: even, but Bob's wins are the latest,
    and a rating follows a player's form."""
    ann_first = [result(Ann=1, Bob=2)] * 3 + [result(Ann=2, Bob=1)] * 3
    assert [r.name for r in ratings(ann_first)] == ["Bob", "Ann"]
    assert [r.name for r in ratings(ann_first[::-1])] == ["Ann", "Bob"]


def won_by(winner: str, loser: str):
    """``winner`` ends the game on the seven 6-space routes and Dallas–Houston (105 + 1
    for the routes, 10 for the longest path, Duluth–Houston failed: 108); ``loser``
    claimed nothing and failed Denver–El Paso (−4)."""
    t = Table(winner, loser)
    t.down_to_three_trains(winner).claim(winner, "Dallas", "Houston", track=1)
    t.turn(loser).turn(winner)
    return t.score(**{winner: [("Duluth", "Houston")], loser: [("Denver", "El Paso")]})


def test_a_groups_games_are_rated_by_the_day_they_were_played_not_as_listed():
    # Listed with Bob's three wins first, but played in February, after Ann's three.
    games = [
        Played(f"B{i}", f"2026-02-0{i}T20:00:00+00:00", won_by("Bob", "Ann")) for i in (1, 2, 3)
    ]
    games += [
        Played(f"A{i}", f"2026-01-0{i}T20:00:00+00:00", won_by("Ann", "Bob")) for i in (1, 2, 3)
    ]
    assert [r.name for r in standings(games).ratings] == ["Bob", "Ann"]


def test_unfinished_games_and_games_of_one_player_tell_nothing():
    t = Table("Ann", "Bob").claim("Ann", "Seattle", "Portland", track=1)
    found = standings([Played("U", "2026-01-01T20:00:00+00:00", t.score())])
    assert found.ratings == ()
    assert ratings([GameResult(("Ann",), (10,), (1,))]) == ()


def test_the_uncertainty_shrinks_as_games_are_played():
    after_one = rated(ratings([result(Ann=1, Bob=2)]))["Ann"]
    after_five = rated(ratings([result(Ann=1, Bob=2)] * 5))["Ann"]
    assert after_five.sigma < after_one.sigma


def test_the_rating_shown_is_the_estimate_less_three_times_its_uncertainty():
    assert Rating("Ann", 25.0, 8.0, 6).ordinal == pytest.approx(1.0)
    assert Rating("Ann", 25.0, 8.0, 6).shown == Decimal("1.0")
    assert Rating("Ann", 26.25, 4.0, 6).shown == Decimal("14.3")  # 14.25, a half up
    assert str(Rating("Ann", 24.99, 8.33, 6).shown) == "0.0"  # −0.0 shows as 0.0
