"""Rails & Sails: building a port, and trading pieces with the box; each a whole turn,
never played with dice."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from companion.rules import sails
from companion.rules.dice import DiceTurn
from companion.rules.errors import IllegalAction, RecordError
from companion.rules.fields import keys, text, whole
from companion.rules.state import State
from companion.rules.words import Text, _, ngettext


class _NoDice:
    """An action of Rails & Sails, which is not played with dice."""

    @staticmethod
    def refuse_dice(where: str, data: dict[str, Any]) -> None:
        """Refuses dice in the record of a Rails & Sails action."""
        if "dice" in data:
            raise RecordError(f"{where}.dice", _("Rails & Sails is not played with dice"))

    def dice_paid(
        self, before: State, after: State, player: str, turn: DiceTurn
    ) -> tuple[int, bool]:
        """Refused: Rails & Sails is not played with dice."""
        raise IllegalAction(_("Rails & Sails is not played with dice"))


@dataclass(frozen=True)
class BuildPort(_NoDice):
    """Build a port in a port city (Rails & Sails): a whole turn."""

    verb: ClassVar[str] = "build_port"

    player: str
    city: str
    dice: None = None

    def describe(self) -> Text:
        """ "Ann builds a port in Chicago"."""
        return _("%(player)s builds a port in %(city)s", player=self.player, city=self.city)

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


@dataclass(frozen=True)
class Exchange(_NoDice):
    """Trade trains for ships from the box, or ships for trains (Rails & Sails): a whole
    turn, 1 point per piece. ``ships`` > 0 takes ships for trains; < 0 the other way."""

    verb: ClassVar[str] = "exchange"

    player: str
    ships: int
    dice: None = None

    def describe(self) -> Text:
        """ "Ann trades 2 trains for 2 ships"."""
        n = abs(self.ships)
        if self.ships > 0:
            return ngettext(
                "%(player)s trades %(num)d train for %(num)d ship",
                "%(player)s trades %(num)d trains for %(num)d ships",
                n,
                player=self.player,
            )
        return ngettext(
            "%(player)s trades %(num)d ship for %(num)d train",
            "%(player)s trades %(num)d ships for %(num)d trains",
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
