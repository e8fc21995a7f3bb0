"""Rails & Sails: trading trains for ships from the box (or back), a whole turn, a point
lost per piece, never played with dice."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from companion.rules import sails
from companion.rules.board import Board
from companion.rules.errors import RecordError
from companion.rules.fields import keys, text, whole
from companion.rules.sails import NotWithDice
from companion.rules.state import State
from companion.rules.words import Text, _, ngettext


@dataclass(frozen=True)
class Exchange(NotWithDice):
    """Trade trains for ships from the box, or ships for trains (Rails & Sails): a whole
    turn, 1 point per piece. ``ships`` > 0 takes ships for trains; < 0 the other way."""

    verb: ClassVar[str] = "exchange"

    player: str
    ships: int
    dice: None = None

    def describe(self, board: Board | None = None, short: bool = False) -> Text:
        """ "Ann traded 2 trains for 2 ships"."""
        n = abs(self.ships)
        if self.ships > 0:
            return ngettext(
                "%(player)s traded %(num)d train for %(num)d ship",
                "%(player)s traded %(num)d trains for %(num)d ships",
                n,
                player=self.player,
            )
        return ngettext(
            "%(player)s traded %(num)d ship for %(num)d train",
            "%(player)s traded %(num)d ships for %(num)d trains",
            n,
            player=self.player,
        )

    @classmethod
    def parse(cls, where: str, data: Any) -> Exchange:
        """From the record: ``{"player": P, "exchange": {"ships": n}}`` (or ``"trains"``)."""
        keys(where, data, {"player", "exchange"}, {"dice"})
        cls.refuse_dice(where, data)
        trade = data["exchange"]
        if (
            not isinstance(trade, dict)
            or len(trade) != 1
            or not trade.keys() <= {"ships", "trains"}
        ):
            raise RecordError(
                f"{where}.exchange", _('should say what is taken: {"ships": 2} or {"trains": 2}')
            )
        ((kind, n),) = trade.items()
        n = whole(f"{where}.exchange.{kind}", n, 1, 99)
        return cls(text(f"{where}.player", data["player"]), n if kind == "ships" else -n)

    def to_json(self) -> dict[str, Any]:
        """The record form."""
        kind = "ships" if self.ships > 0 else "trains"
        return {"player": self.player, "exchange": {kind: abs(self.ships)}}

    def play(self, state: State, player: str) -> State:
        """The state after the trade, or the rule that forbids it."""
        return sails.exchange(state, player, self.ships)
