"""The state of a game: the board and the players' pieces after the actions so far."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Protocol

from companion.rules import counted
from companion.rules.board import Board, Route
from companion.rules.dice import DiceTurn, Tokens
from companion.rules.errors import IllegalAction
from companion.rules.setup import Setup
from companion.rules.words import DASH, Message, Text, _, ngettext


class Played(Protocol):
    """An action as the state keeps it: who played it, and the dice, if any."""

    @property
    def player(self) -> str: ...

    @property
    def dice(self) -> DiceTurn | None: ...


@dataclass(frozen=True)
class Trip:
    """A passenger's trip: the cities in order, the routes used, the tokens taken."""

    player: str
    cities: tuple[str, ...]
    routes: tuple[Route, ...]
    tokens: tuple[tuple[str, int], ...]
    cards: int

    @property
    def points(self) -> int:
        """The goods points the trip scores."""
        return sum(value for _city, value in self.tokens)

    def describe(self, board: Board | None = None) -> Message:
        """ "Ann's passenger travelled Köln–Düsseldorf–Essen: 3 + 2 = 5 points, 1 passenger
        card"."""
        tokens: Text = " + ".join(str(v) for _city, v in self.tokens) or _("no tokens")
        return _(
            "%(player)s's passenger travelled %(cities)s: %(tokens)s = %(points)s, %(cards)s",
            player=self.player,
            cities=board.along(self.cities) if board else DASH.join(self.cities),
            tokens=tokens,
            points=counted.points(self.points),
            cards=ngettext("%(num)d passenger card", "%(num)d passenger cards", self.cards),
        )


@dataclass(frozen=True)
class FinalRound:
    """The last round: who started it, and who has taken their final turns so far; where
    time was called (``time``: how the game finishes), the players owed a turn."""

    started_by: str
    turns_taken: tuple[str, ...] = ()
    owed: tuple[str, ...] | None = None  # None: every player, the edition's final turns
    time: str = ""


@dataclass(frozen=True)
class State:
    """The board and the players' pieces after the actions so far."""

    setup: Setup
    owners: Mapping[int, str]
    trains: Mapping[str, int]
    last_action: Played | None = None  # the last action played (not the whole log: a
    # replay that copied the log at each step would slow as the square of its length)
    final_round: FinalRound | None = None
    # Märklin: passengers on the board (city -> player), how many each player placed,
    # tokens taken from each city, each player's goods points, the trips made.
    passengers: Mapping[str, str] = field(default_factory=dict)
    placed: Mapping[str, int] = field(default_factory=dict)
    goods_taken: Mapping[str, int] = field(default_factory=dict)
    goods_points: Mapping[str, int] = field(default_factory=dict)
    trips: tuple[Trip, ...] = ()
    # Rails & Sails: ships in each supply, ports built (city -> player), pieces exchanged
    # (for the penalty), and each player's net ships taken from the box (for its stock).
    ships: Mapping[str, int] = field(default_factory=dict)
    ports: Mapping[str, str] = field(default_factory=dict)
    exchanged: Mapping[str, int] = field(default_factory=dict)
    swapped: Mapping[str, int] = field(default_factory=dict)
    # Europe: stations built (city -> player).
    stations: Mapping[str, str] = field(default_factory=dict)
    # The Dice Expansion: the track tokens each player holds.
    tokens: Mapping[str, Tokens] = field(default_factory=dict)
    # Players who left the game under way (a house rule: their turns are skipped).
    left: tuple[str, ...] = ()

    def tokens_of(self, player: str) -> Tokens:
        """The track tokens a player holds (dice games)."""
        return self.tokens.get(player, Tokens())

    def pieces_left(self, player: str) -> int:
        """Trains and ships still in the player's supply."""
        return self.trains[player] + self.ships.get(player, 0)

    @property
    def board(self) -> Board:
        """The board played on."""
        return self.setup.board

    def routes_of(self, player: str) -> tuple[Route, ...]:
        """The routes a player has claimed, in the order claimed."""
        return tuple(self.board.routes[i] for i, owner in self.owners.items() if owner == player)

    def final_turns_left(self, player: str) -> int:
        """How many final turns a player still has (0 before the final round too)."""
        if self.final_round is None:
            return 0
        taken = self.final_round.turns_taken.count(player)
        if self.final_round.owed is not None:
            return self.final_round.owed.count(player) - taken
        return self.setup.edition.final_turns - taken

    @property
    def waiting_for(self) -> tuple[str, ...]:
        """The players who still have a final turn to take, in seat order (not those who
        left the game)."""
        return tuple(
            n for n in self.setup.names if self.final_turns_left(n) > 0 and n not in self.left
        )

    @property
    def is_over(self) -> bool:
        """True once every player has taken their final turns."""
        return self.final_round is not None and not self.waiting_for


def start(setup: Setup) -> State:
    """The state before the first action: an empty board, every player's full supply."""
    if setup.pieces:
        trains = {name: setup.pieces[name][0] for name in setup.names}
        ships = {name: setup.pieces[name][1] for name in setup.names}
    else:
        trains, ships = {name: setup.edition.trains for name in setup.names}, {}
    return State(
        setup, MappingProxyType({}), MappingProxyType(trains), ships=MappingProxyType(ships)
    )


# The pieces built one to a city and a few to a player: Europe's stations, Rails & Sails'
# ports.
STATION, PORT = "station", "port"


def built_in_cities(state: State, kind: str) -> tuple[Mapping[str, str], int]:
    """The pieces of this kind built so far (city -> builder), and how many each player
    may build."""
    edition = state.setup.edition
    if kind == STATION:
        return state.stations, edition.stations
    return state.ports, edition.ports


def left_to_build(state: State, player: str, kind: str) -> int:
    """How many more pieces of this kind a player may build."""
    built, most = built_in_cities(state, kind)
    return most - sum(1 for owner in built.values() if owner == player)


def check_room_to_build(state: State, player: str, city: str, kind: str) -> None:
    """Refuses a piece of this kind in a city that has one, and one more than a player
    may build."""
    built, most = built_in_cities(state, kind)
    if city in built:
        raise IllegalAction(_already_built(kind, city, built[city]))
    if left_to_build(state, player, kind) <= 0:
        raise IllegalAction(_all_built(kind, player, most))


def _already_built(kind: str, city: str, owner: str) -> Message:
    """A city that has its piece of this kind."""
    if kind == STATION:
        return _("%(city)s already has %(player)s's station", city=city, player=owner)
    return _("%(city)s already has %(player)s's port", city=city, player=owner)


def _all_built(kind: str, player: str, most: int) -> Message:
    """A player who has built every piece of this kind."""
    if kind == STATION:
        return ngettext(
            "%(player)s has built all %(num)d station",
            "%(player)s has built all %(num)d stations",
            most,
            player=player,
        )
    return ngettext(
        "%(player)s has built all %(num)d port",
        "%(player)s has built all %(num)d ports",
        most,
        player=player,
    )
