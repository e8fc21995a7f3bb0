"""A game in figures from its log, worked by hand (North America: 45 trains each; Denver–
Helena is 4 spaces, Helena–Salt Lake City 3, Denver–Santa Fe 2, Seattle–Portland 1)."""

from __future__ import annotations

from decimal import Decimal

from companion.rules.actions import CallTime, Claim, Leave, Pass
from companion.rules.actions.time import FINISH_ROUND
from companion.rules.game import apply, start
from companion.rules.game_figures import GameFigures, PlayerFigures, game_figures
from companion.rules.map_file import load_board
from companion.rules.record import Logged
from companion.rules.setup import Player, new_game

DENVER_HELENA = Claim("Ann", ("Denver", "Helena"))
HELENA_SLC = Claim("Ann", ("Helena", "Salt Lake City"))
SANTA_FE = Claim("Bob", ("Denver", "Santa Fe"))


def played(*log: Logged, map_id: str = "usa", names=("Ann", "Bob")) -> GameFigures:
    """The figures of a game whose log is ``log``: its live actions played in order."""
    state = start(new_game(load_board(map_id), [Player(n) for n in names]))
    for entry in log:
        if entry.undone is None:
            state = apply(state, entry.action)
    return game_figures(state, log)


def at(minute: int, second: int = 0) -> str:
    """A moment of the evening, ``minute`` minutes past 19:00 UTC."""
    hours, minutes = divmod(minute, 60)
    return f"2026-03-05T{19 + hours:02d}:{minutes:02d}:{second:02d}.000000+00:00"


def test_turns_count_each_action_recorded_and_not_taken_back():
    figures = played(
        Logged(DENVER_HELENA, at(0)),
        Logged(Claim("Bob", ("Seattle", "Portland"), track=1), at(2), undone=at(3)),
        Logged(Pass("Bob", drew="cards"), at(4)),
        Logged(HELENA_SLC, at(6)),
    )
    assert [(p.name, p.turns) for p in figures.players] == [("Ann", 2), ("Bob", 1)]
    assert figures.turns == 3


def test_leaving_the_game_and_calling_time_are_not_turns():
    figures = played(
        Logged(DENVER_HELENA, at(0)),
        Logged(Pass("Bob", drew="cards"), at(1)),
        Logged(Leave("Cy"), at(2)),  # before his turn: his turns are skipped
        Logged(HELENA_SLC, at(3)),
        Logged(CallTime("Ann", FINISH_ROUND), at(4)),  # after her turn
        names=("Ann", "Bob", "Cy"),
    )
    assert [(p.name, p.turns) for p in figures.players] == [("Ann", 2), ("Bob", 1), ("Cy", 0)]


def test_the_average_route_length_is_the_spaces_claimed_over_the_routes_claimed():
    figures = played(
        Logged(DENVER_HELENA, at(0)),
        Logged(SANTA_FE, at(1)),
        Logged(HELENA_SLC, at(2)),
    )
    ann, bob = figures.players
    assert (ann.routes, ann.spaces, ann.average_route) == (2, 7, Decimal("3.5"))
    assert (bob.routes, bob.spaces, bob.average_route) == (1, 2, Decimal("2.0"))
    # Over the table: 4 + 3 + 2 = 9 spaces in 3 routes.
    assert (figures.routes, figures.average_route) == (3, Decimal("3.0"))


def test_a_player_who_claimed_nothing_has_no_average_route():
    figures = played(Logged(DENVER_HELENA, at(0)), Logged(Pass("Bob", drew="cards"), at(1)))
    assert figures.players[1].average_route is None
    assert played().average_route is None


def test_the_average_route_length_is_rounded_to_one_decimal_a_half_up():
    # 4 + 3 + 1 = 8 spaces in 3 routes: 2.666… is 2.7.
    figures = played(
        Logged(DENVER_HELENA, at(0)),
        Logged(Pass("Bob"), at(1)),
        Logged(HELENA_SLC, at(2)),
        Logged(Pass("Bob"), at(3)),
        Logged(Claim("Ann", ("Seattle", "Portland"), track=1), at(4)),
    )
    assert figures.players[0].average_route == Decimal("2.7")
    assert PlayerFigures("Di", 2, 2, 5, 0, 40).average_route == Decimal("2.5")
    assert PlayerFigures("Di", 4, 4, 9, 0, 36).average_route == Decimal("2.3")  # 2.25


def test_ticket_draws_count_the_turns_the_table_said_were_spent_drawing_tickets():
    figures = played(
        Logged(Pass("Ann", drew="tickets"), at(0)),
        Logged(Pass("Bob", drew="cards"), at(1)),
        Logged(Pass("Ann", drew="tickets"), at(2)),
        Logged(Pass("Bob"), at(3)),  # drew something, not said what
        Logged(Pass("Ann", drew="tickets"), at(4), undone=at(5)),
    )
    assert [(p.name, p.ticket_draws) for p in figures.players] == [("Ann", 2), ("Bob", 0)]
    assert figures.ticket_draws == 2


def test_trains_left_are_each_players_supply_after_the_claims():
    figures = played(Logged(DENVER_HELENA, at(0)), Logged(SANTA_FE, at(1)))
    assert [(p.trains_left, p.ships_left) for p in figures.players] == [(41, None), (43, None)]


def test_on_rails_and_sails_the_ships_left_count_too():
    # Great Lakes, the suggested split: 27 trains and 23 ships. Chicago–Milwaukee (green)
    # is a sea route of 1 space, Chicago–Madison a rail route of 3.
    figures = played(
        Logged(Claim("Ann", ("Chicago", "Milwaukee"), color="green"), at(0)),
        Logged(Pass("Bob", drew="cards"), at(1)),
        Logged(Claim("Ann", ("Chicago", "Madison")), at(2)),
        map_id="great-lakes",
    )
    ann, bob = figures.players
    assert (ann.trains_left, ann.ships_left, ann.average_route) == (24, 22, Decimal("2.0"))
    assert (bob.trains_left, bob.ships_left) == (27, 23)


def test_an_action_typed_with_another_spelling_counts_for_the_player():
    figures = played(Logged(Claim("ann", ("Denver", "Helena")), at(0)))
    assert [(p.name, p.turns, p.routes) for p in figures.players] == [("Ann", 1, 1), ("Bob", 0, 0)]


def test_the_time_played_runs_from_the_first_action_recorded_to_the_last():
    # 19:00:00 to 20:25:20, an action taken back on the way: 1 h 25 min 20 s.
    figures = played(
        Logged(DENVER_HELENA, at(0)),
        Logged(Pass("Bob", drew="cards"), at(40), undone=at(41)),
        Logged(Pass("Bob", drew="cards"), at(42)),
        Logged(HELENA_SLC, at(85, 20)),
    )
    assert figures.seconds == 85 * 60 + 20
    assert figures.duration == (1, 25)
    assert GameFigures((), 89 * 60 + 30).duration == (1, 30)  # to the nearest minute
    assert GameFigures((), 29).duration == (0, 0)


def test_a_log_without_times_to_tell_has_no_time_played():
    # A record imported without its log: every action stamped at the same moment.
    same = played(Logged(DENVER_HELENA, at(0)), Logged(SANTA_FE, at(0)))
    assert (same.seconds, same.duration) == (None, None)
    assert played(Logged(DENVER_HELENA, at(0))).seconds is None
