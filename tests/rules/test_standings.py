"""A group's standings across its games, worked by hand from the rules (``group_games``)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from companion.rules.standings import Best, Played, Standing, same_person, standings
from tests.group_games import bob_runs_away, shared_win, unfinished


@pytest.fixture
def games():
    return [
        Played("A", "2026-01-01T20:00:00+00:00", scored(shared_win())),
        Played("B", "2026-01-08T20:00:00+00:00", scored(bob_runs_away())),
        Played("C", "2026-01-15T20:00:00+00:00", scored(unfinished("Ann", "Bob"))),
    ]


def scored(played):
    table, tickets = played
    return table.score(**tickets)


def line(found, name) -> Standing:
    return next(s for s in found.people if s.name == name)


def test_the_hand_worked_games_score_as_worked(games):
    a, b, c = (g.sheet for g in games)
    assert {p.name: p.total for p in a.players} == {"Ann": 4, "Bob": 4, "Cy": -1}
    assert set(a.winners) == {"Ann", "Bob"}
    assert {p.name: p.total for p in b.players} == {"ann": 8, "Bob": 108}
    assert not c.finished


def test_a_shared_win_counts_as_a_win_for_each_winner(games):
    found = standings(games[:1])
    assert line(found, "Ann").wins == 1 and line(found, "Bob").wins == 1
    assert line(found, "Cy").wins == 0


def test_players_are_matched_across_games_whatever_the_case_of_their_name(games):
    found = standings(games)
    assert [s.name for s in found.people] == ["Bob", "Ann", "Cy"]
    assert line(found, "Ann").games == 3  # "Ann", "ann", "Ann"


def test_an_unfinished_game_counts_as_played_and_for_nothing_else(games):
    found = standings(games)
    assert line(found, "Ann") == Standing(
        name="Ann",
        games=3,
        finished=2,
        wins=1,
        points=4 + 8,
        best=Best(8, "B"),
        longest_path=Best(7, "A"),
        tickets_completed=1,
        tickets_failed=1,
        share=Decimal("53.7"),  # 4 of the winner's 4: 100 %; 8 of 108: 7.4 %
    )
    assert line(found, "Bob") == Standing(
        name="Bob",
        games=3,
        finished=2,
        wins=2,
        points=4 + 108,
        best=Best(108, "B"),
        longest_path=Best(18, "B"),
        tickets_completed=0,
        tickets_failed=2,
        share=Decimal("100.0"),  # a winner both times
    )
    assert [g.winners for g in found.games] == [("Ann", "Bob"), ("Bob",), ()]


def test_the_average_is_over_finished_games_to_one_decimal_a_half_rounded_up(games):
    found = standings(games)
    assert line(found, "Ann").average == Decimal("6.0")  # 12 / 2
    assert line(found, "Cy").average == Decimal("-1.0")
    quarter = Standing("Di", 4, 4, 0, 181, None, None, 0, 0)
    assert quarter.average == Decimal("45.3")  # 45.25
    assert Standing("Ed", 1, 0, 0, 0, None, None, 0, 0).average is None


def test_each_score_counts_as_a_percentage_of_the_winners_averaged_over_finished_games(games):
    """Game A: Ann and Bob 4, the winners' score, Cy −1 (counted as 1, as an event's
    standings reckon a score below one: 1 / 4, 25 %); game B: Bob 108, ann 8 (8 / 108:
    7.41 %); the unfinished game C counts for nothing."""
    found = standings(games)
    assert line(found, "Bob").share == Decimal("100.0")
    assert line(found, "Ann").share == Decimal("53.7")  # (100 + 7.41) / 2
    assert line(found, "Cy").share == Decimal("25.0")
    unplayed = standings(games[2:])  # the unfinished game alone
    assert line(unplayed, "Ann").share is None


def test_a_score_below_one_counts_as_one_in_the_share_of_the_winners(table):
    """As an event's standings reckon it (a house rule): Ann ends the game on 112 (the
    seven 6-space routes and Dallas–Houston, 105 + 1, the longest path, +10, and
    Denver–El Paso failed, −4); Bob, who claimed nothing and failed
    Duluth–Houston, on −8, counted as 1: 1 / 112 is 0.9 %."""
    t = table("Ann", "Bob")
    t.down_to_three_trains("Ann").claim("Ann", "Dallas", "Houston", track=1)
    t.turn("Bob").turn("Ann")
    sheet = t.score(Ann=[("Denver", "El Paso")], Bob=[("Duluth", "Houston")])
    found = standings([Played("Z", "2026-01-01T20:00:00+00:00", sheet)])
    assert {s.name: s.share for s in found.people} == {
        "Ann": Decimal("100.0"),
        "Bob": Decimal("0.9"),
    }


def test_the_records_name_their_holders_and_the_game_that_first_set_them(games):
    records = {r.key: r for r in standings(games).records}
    assert (records["highest_score"].value, records["highest_score"].holders) == (108, ("Bob",))
    assert records["highest_score"].game == "B"
    # Cy's 18 in game A, equalled by Bob in game B: both hold it, from game A.
    assert records["longest_path"].value == 18
    assert records["longest_path"].holders == ("Cy", "Bob")
    assert records["longest_path"].game == "A"
    assert (records["most_tickets"].value, records["most_tickets"].holders) == (1, ("Ann",))
    # Game B: 108 against 8. A shared win is won by nothing.
    assert (records["biggest_win"].value, records["biggest_win"].holders) == (100, ("Bob",))


def test_a_merged_spelling_counts_as_the_person_it_was_merged_into(games):
    games = [*games, Played("D", "2026-01-22T20:00:00+00:00", scored(bob_runs_away("Annie")))]
    apart = standings(games)
    assert line(apart, "Annie").games == 1 and line(apart, "Ann").games == 3
    merged = standings(games, {"annie": "Ann"})
    assert "Annie" not in [s.name for s in merged.people]
    assert line(merged, "Ann").games == 4
    assert line(merged, "Ann").points == 4 + 8 + 8
    assert line(merged, "Ann").tickets_completed == 2


def test_one_maps_standings_count_its_games_only(games, table):
    europe = table("Ann", "Dan", map="europe")
    games = [*games, Played("E", "2026-02-01T20:00:00+00:00", europe.score())]
    found = standings(games, map_id="europe")
    assert [g.id for g in found.games] == ["E"]
    assert {s.name: s.games for s in found.people} == {"Ann": 1, "Dan": 1}
    assert line(standings(games), "Ann").games == 4


def test_merges_that_go_round_in_a_circle_are_left_out():
    assert same_person({"A": "B", "B": "C"}) == {"a": "c", "b": "c"}
    assert same_person({"A": "B", "B": "A"}) == {}


def test_a_person_keeps_one_name_on_every_maps_standings(games, table):
    """Typed "ann" in the last North America game, "Ann" in a later Europe one: "Ann" on
    North America's standings too."""
    europe = table("Ann", "Dan", map="europe")
    games = [*games[:2], Played("E", "2026-02-01T20:00:00+00:00", europe.score())]
    assert "Ann" in [s.name for s in standings(games, map_id="usa").people]
    assert "ann" not in [s.name for s in standings(games, map_id="usa").people]


def test_a_game_over_before_every_players_tickets_are_in_is_won_by_nobody_yet():
    """Every rule book deals each player tickets to keep: a game whose players hold none
    yet is over but not finished. Bob's 108 against ann's 4 on routes alone
    would be a win; until ann's tickets are entered nobody has won, scored or placed."""
    table, tickets = bob_runs_away()
    sheet = table.score(Bob=tickets["Bob"])
    assert sheet.finished and sheet.tickets_missing == ("ann",)
    found = standings([Played("B", "2026-01-08T20:00:00+00:00", sheet)])
    assert found.games[0].over and not found.games[0].finished
    assert found.games[0].winners == ()
    assert {s.name: (s.games, s.finished, s.wins, s.points) for s in found.people} == {
        "Bob": (1, 0, 0, 0),
        "ann": (1, 0, 0, 0),
    }
    assert found.records == () and found.ratings == ()
    entered = standings([Played("B", "2026-01-08T20:00:00+00:00", table.score(**tickets))])
    assert entered.games[0].winners == ("Bob",)
