"""Head-to-head records, worked by hand from games' places."""

from __future__ import annotations

from companion.rules.event_standings import GameResult
from companion.rules.head_to_head import Meeting, head_to_head
from companion.rules.standings import Played, standings
from tests.group_games import bob_runs_away, shared_win, unfinished


def scored(played):
    table, tickets = played
    return table.score(**tickets)


def result(**places: int) -> GameResult:
    """A finished game from its places (the scores play no part)."""
    return GameResult(tuple(places), tuple(0 for _ in places), tuple(places.values()))


# Four games: Ann first, Bob second, Cy third; Bob beats Ann; Ann beats Cy (Bob not
# there); Ann and Bob share the win over Cy.
FOUR = [
    result(Ann=1, Bob=2, Cy=3),
    result(Bob=1, Ann=2),
    result(Ann=1, Cy=2),
    result(Ann=1, Bob=1, Cy=3),
]


def test_head_to_head_counts_who_finished_ahead_in_games_both_played():
    found = head_to_head(FOUR)
    # Ann and Bob met in games 1, 2 and 4: ahead once, behind once, level once.
    assert found.between("Ann", "Bob") == Meeting("Ann", "Bob", ahead=1, behind=1, tied=1)
    # Ann and Cy met in games 1, 3 and 4: Ann ahead each time.
    assert found.between("Ann", "Cy") == Meeting("Ann", "Cy", ahead=3, behind=0, tied=0)
    # Bob and Cy met in games 1 and 4 (Bob missed game 3).
    assert found.between("Bob", "Cy") == Meeting("Bob", "Cy", ahead=2, behind=0, tied=0)
    assert found.between("Bob", "Cy").games == 2


def test_each_side_of_a_head_to_head_is_the_other_turned_round():
    found = head_to_head(FOUR)
    assert found.between("Bob", "Ann") == Meeting("Bob", "Ann", ahead=1, behind=1, tied=1)
    assert found.between("Cy", "Ann") == Meeting("Cy", "Ann", ahead=0, behind=3, tied=0)


def test_places_decide_not_scores_so_a_tiebreak_puts_one_ahead():
    # Equal on points, the tiebreakers placed Bob first: Bob finished ahead.
    found = head_to_head([GameResult(("Ann", "Bob"), (40, 40), (2, 1))])
    assert found.between("Bob", "Ann") == Meeting("Bob", "Ann", ahead=1)


def test_people_who_never_met_have_no_record_and_no_line():
    found = head_to_head([result(Ann=1, Bob=2), result(Cy=1, Di=2)])
    assert found.between("Ann", "Cy") == Meeting("Ann", "Cy")
    assert found.between("Ann", "Cy").games == 0
    assert [m.other for m in found.of("Ann")] == ["Bob"]


def test_a_persons_lines_follow_the_order_given():
    found = head_to_head(FOUR, ["Cy", "Bob", "Ann"])
    assert [m.other for m in found.of("Ann")] == ["Cy", "Bob"]
    assert found.people == ("Cy", "Bob", "Ann")


def test_the_groups_head_to_head_counts_finished_games_and_people_as_matched():
    """The hand-worked games: Ann and Bob share the win over Cy; Bob beats "ann"; an
    unfinished game between Ann and Bob counts for nothing."""
    games = [
        Played("A", "2026-01-01T20:00:00+00:00", scored(shared_win())),
        Played("B", "2026-01-08T20:00:00+00:00", scored(bob_runs_away())),
        Played("C", "2026-01-15T20:00:00+00:00", scored(unfinished("Ann", "Bob"))),
    ]
    found = standings(games).head_to_head
    assert found.between("Ann", "Bob") == Meeting("Ann", "Bob", ahead=0, behind=1, tied=1)
    assert found.between("Cy", "Bob") == Meeting("Cy", "Bob", ahead=0, behind=1, tied=0)
    # Listed as the standings list people: Bob, Ann, Cy.
    assert [m.other for m in found.of("Cy")] == ["Bob", "Ann"]
