"""A player who leaves a game under way (an event's dropout after their table's first
move). The rule books are silent: as a house rule, their trains (and ships, stations,
ports) stay on the board and score for them, their turns are skipped from then on, and
the final round waits for them no more. Not a turn: whose turn it is stays as it was."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from companion.rules.board import Board
from companion.rules.dice import DiceTurn
from companion.rules.errors import IllegalAction, RecordError
from companion.rules.fields import keys, text
from companion.rules.state import State
from companion.rules.words import Text, _

FEWEST_PLAYING = 2  # a game goes on with at least two players


@dataclass(frozen=True)
class Leave:
    """A player leaves the game: their pieces stay, their turns are skipped."""

    verb: ClassVar[str] = "leave"

    player: str
    dice: DiceTurn | None = None  # never: leaving is not a turn

    def describe(self, board: Board | None = None, short: bool = False) -> Text:
        """ "Cy left the game: their trains stay, their turns are skipped"."""
        return _(
            "%(player)s left the game: what they built stays, their turns are skipped",
            player=self.player,
        )

    @classmethod
    def parse(cls, where: str, data: Any) -> Leave:
        """From the record: ``{"player": P, "leave": true}``."""
        keys(where, data, {"player", "leave"}, set())
        if data["leave"] is not True:
            raise RecordError(f"{where}.leave", _("should be true"))
        return cls(text(f"{where}.player", data["player"]))

    def to_json(self) -> dict[str, Any]:
        """The record form."""
        return {"player": self.player, "leave": True}

    def play(self, state: State, player: str) -> State:
        """The state with the player gone from the turns, or why not: a game goes on with
        at least two players (with fewer, it is given up)."""
        playing = [n for n in state.setup.names if n not in state.left and n != player]
        if len(playing) < FEWEST_PLAYING:
            raise IllegalAction(
                _(
                    "a game goes on with at least %(num)d players: with %(player)s gone, "
                    "it would be given up",
                    num=FEWEST_PLAYING,
                    player=player,
                )
            )
        return replace(state, left=(*state.left, player))

    def dice_paid(
        self, before: State, after: State, player: str, turn: DiceTurn
    ) -> tuple[int, bool]:
        """Leaving rolls no dice."""
        raise IllegalAction(_("leaving the game is not a turn: no dice are rolled for it"))
