"""Märklin: a passenger's trip from its city along claimed routes, for goods tokens."""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, ClassVar

from companion.rules import passengers
from companion.rules.board import Board
from companion.rules.dice import DiceTurn, check_no_tokens_spent, dice_for_passenger
from companion.rules.errors import RecordError
from companion.rules.fields import dice_of, keys, text
from companion.rules.state import State
from companion.rules.words import DASH, Text, _

MAX_STOPS = 200


@dataclass(frozen=True)
class MovePassenger:
    """Move a passenger: from its city through the cities named, in order."""

    verb: ClassVar[str] = "move_passenger"

    player: str
    cities: tuple[str, ...]
    dice: DiceTurn | None = None

    def describe(self, board: Board | None = None, short: bool = False) -> Text:
        """ "Ann's passenger travelled Köln–Düsseldorf–Dortmund"."""
        return _(
            "%(player)s's passenger travelled %(cities)s",
            player=self.player,
            cities=board.along(self.cities) if board and not short else DASH.join(self.cities),
        )

    @classmethod
    def parse(cls, where: str, data: Any) -> MovePassenger:
        """From the record: ``{"player": P, "move_passenger": [CITY, CITY, …]}``."""
        keys(where, data, {"player", "move_passenger"}, {"dice"})
        cities = data["move_passenger"]
        if not isinstance(cities, list) or not 2 <= len(cities) <= MAX_STOPS:
            raise RecordError(
                f"{where}.move_passenger",
                _("should list the passenger's city and the cities after"),
            )
        return cls(
            text(f"{where}.player", data["player"]),
            tuple(text(f"{where}.move_passenger", c) for c in cities),
            dice_of(where, data),
        )

    def to_json(self) -> dict[str, Any]:
        """The record form."""
        return {"player": self.player, "move_passenger": list(self.cities)}

    def play(self, state: State, player: str) -> State:
        """The state after the trip: its tokens taken and scored, the passenger gone."""
        trip = passengers.plan_trip(state, player, self.cities)
        on_board = {c: p for c, p in state.passengers.items() if c != trip.cities[0]}
        points = dict(state.goods_points)
        points[player] = points.get(player, 0) + trip.points
        return replace(
            state,
            passengers=MappingProxyType(on_board),
            goods_taken=MappingProxyType(passengers.after_trip(state.goods_taken, trip)),
            goods_points=MappingProxyType(points),
            trips=(*state.trips, trip),
        )

    def dice_paid(
        self, before: State, after: State, player: str, turn: DiceTurn
    ) -> tuple[int, bool]:
        """A locomotive face for each opponent route; no other play that turn, but the dice
        left unused give their tokens, as with any play ("besides", «кроме того»)."""
        used = dice_for_passenger(after.trips[-1].cards, turn)
        check_no_tokens_spent(turn)
        return used, True
