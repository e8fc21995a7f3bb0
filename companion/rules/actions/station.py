"""Europe: building a station in a city, a whole turn."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from companion.rules import stations
from companion.rules.board import Board
from companion.rules.dice import DiceTurn, check_no_tokens_spent, dice_for_station
from companion.rules.fields import dice_of, keys, text
from companion.rules.state import State
from companion.rules.words import Text, _


@dataclass(frozen=True)
class BuildStation:
    """Build a station in a city (Europe): a whole turn."""

    verb: ClassVar[str] = "build_station"

    player: str
    city: str
    dice: DiceTurn | None = None

    def describe(self, board: Board | None = None, short: bool = False) -> Text:
        """ "Ann built a station in Berlin"."""
        city = board.named(self.city) if board and not short else self.city
        return _("%(player)s built a station in %(city)s", player=self.player, city=city)

    @classmethod
    def parse(cls, where: str, data: Any) -> BuildStation:
        """From the record: ``{"player": P, "build_station": CITY}``."""
        keys(where, data, {"player", "build_station"}, {"dice"})
        return cls(
            text(f"{where}.player", data["player"]),
            text(f"{where}.build_station", data["build_station"]),
            dice_of(where, data),
        )

    def to_json(self) -> dict[str, Any]:
        """The record form."""
        return {"player": self.player, "build_station": self.city}

    def play(self, state: State, player: str) -> State:
        """The state with the station built, or the rule that forbids it."""
        return stations.build_station(state, player, self.city)

    def dice_paid(
        self, before: State, after: State, player: str, turn: DiceTurn
    ) -> tuple[int, bool]:
        """The n-th station takes n station faces; no other play that turn, but the dice
        left unused give their tokens, as with any play ("besides", «кроме того»)."""
        built = before.setup.edition.stations - stations.stations_left(before, player)
        used = dice_for_station(built, turn)
        check_no_tokens_spent(turn)
        return used, True
