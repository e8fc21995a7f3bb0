"""Rails & Sails: building a port in a port city, a whole turn, never played with dice."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from companion.rules import sails
from companion.rules.board import Board
from companion.rules.fields import keys, text
from companion.rules.sails import NotWithDice
from companion.rules.state import State
from companion.rules.words import Text, _


@dataclass(frozen=True)
class BuildPort(NotWithDice):
    """Build a port in a port city (Rails & Sails): a whole turn."""

    verb: ClassVar[str] = "build_port"

    player: str
    city: str
    dice: None = None

    def describe(self, board: Board | None = None, short: bool = False) -> Text:
        """ "Ann built a port in Chicago"."""
        city = board.named(self.city) if board and not short else self.city
        return _("%(player)s built a port in %(city)s", player=self.player, city=city)

    @classmethod
    def parse(cls, where: str, data: Any) -> BuildPort:
        """From the record: ``{"player": P, "build_port": CITY}``."""
        keys(where, data, {"player", "build_port"}, {"dice"})
        cls.refuse_dice(where, data)
        return cls(
            text(f"{where}.player", data["player"]), text(f"{where}.build_port", data["build_port"])
        )

    def to_json(self) -> dict[str, Any]:
        """The record form."""
        return {"player": self.player, "build_port": self.city}

    def play(self, state: State, player: str) -> State:
        """The state with the port built, or the rule that forbids it."""
        return sails.build_port(state, player, self.city)
