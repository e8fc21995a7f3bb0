"""A game in figures, from its action log: the turns taken (every action recorded is one
player's turn), the routes claimed and their average length, the turns spent drawing
tickets, the trains (and ships) left, and the time played where the log has times.

The actions taken back count for nothing but the time: the table was playing meanwhile.
A turn counts as a ticket draw when the table said so ("Drew tickets"); a turn recorded
without saying what was drawn counts as a turn only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from fractions import Fraction

from companion.rules.actions import Pass, is_a_turn
from companion.rules.actions.turn import TICKETS
from companion.rules.counted import tenths
from companion.rules.record import Logged
from companion.rules.state import State


def _average(total: int, count: int) -> Decimal | None:
    """``total`` ÷ ``count`` to one decimal, a half rounded up; None when ``count`` is 0."""
    if not count:
        return None
    return tenths(Fraction(total, count))


@dataclass(frozen=True)
class PlayerFigures:
    """One player's figures of a game."""

    name: str
    turns: int  # actions recorded for them, not taken back
    routes: int  # routes claimed
    spaces: int  # the spaces of those routes, added up (trains and ships placed on them)
    ticket_draws: int  # turns spent drawing tickets
    trains_left: int
    ships_left: int | None = None  # Rails & Sails; None on a map without ships

    @property
    def average_route(self) -> Decimal | None:
        """The spaces of a route claimed, on average (one decimal); None before any."""
        return _average(self.spaces, self.routes)


@dataclass(frozen=True)
class GameFigures:
    """A game's figures: each player's, in seat order, and the time played."""

    players: tuple[PlayerFigures, ...]
    seconds: int | None  # from the first action recorded to the last; None: no times

    @property
    def turns(self) -> int:
        return sum(p.turns for p in self.players)

    @property
    def routes(self) -> int:
        return sum(p.routes for p in self.players)

    @property
    def ticket_draws(self) -> int:
        return sum(p.ticket_draws for p in self.players)

    @property
    def average_route(self) -> Decimal | None:
        """The spaces of a route claimed, on average over every player's routes."""
        return _average(sum(p.spaces for p in self.players), self.routes)

    @property
    def duration(self) -> tuple[int, int] | None:
        """The time played in hours and minutes (to the nearest minute); None: no times."""
        if self.seconds is None:
            return None
        minutes = (self.seconds + 30) // 60
        return divmod(minutes, 60)


def drew_tickets(action: object) -> bool:
    """Whether a turn was spent drawing tickets (as the table said, or the dice paid)."""
    return isinstance(action, Pass) and (action.drew == TICKETS or action.draw_tickets > 0)


def _seconds(log: Sequence[Logged]) -> int | None:
    """The seconds from the first action recorded to the last (taken back or not); None
    where the log has no times to tell: one action, or every action recorded at once (a
    record imported without its log)."""
    times = [datetime.fromisoformat(entry.at) for entry in log]
    if len(times) < 2:
        return None
    seconds = int((max(times) - min(times)).total_seconds())
    return seconds or None


def game_figures(state: State, log: Sequence[Logged]) -> GameFigures:
    """The figures of a game whose ``log`` (every action recorded, in order, those taken
    back marked) leaves the board as ``state``."""
    setup = state.setup
    turns = dict.fromkeys(setup.names, 0)
    draws = dict.fromkeys(setup.names, 0)
    for entry in log:
        if entry.undone is not None or not is_a_turn(entry.action):
            continue
        player = setup.player(entry.action.player)
        turns[player] += 1
        draws[player] += drew_tickets(entry.action)
    players = []
    for name in setup.names:
        routes = state.routes_of(name)
        players.append(
            PlayerFigures(
                name,
                turns[name],
                len(routes),
                sum(r.length for r in routes),
                draws[name],
                state.trains[name],
                state.ships[name] if name in state.ships else None,
            )
        )
    return GameFigures(tuple(players), _seconds(log))
