"""Time called on a game under way (an event's round whose clock ran out). The rule books
end a game only when a player's trains run low; a tournament's heats end at time, as the
event chose: the current round of turns finishes (the game ends with the last seat's turn,
so every player has had as many turns), or every player takes one more turn. A final round
of its own, started by the call: not a turn, recorded after the last turn played."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from companion.rules.board import Board
from companion.rules.dice import DiceTurn
from companion.rules.errors import IllegalAction, RecordError
from companion.rules.fields import keys, text
from companion.rules.state import FinalRound, State
from companion.rules.words import Text, _, listing

FINISH_ROUND, ONE_MORE_TURN = "round", "turn"
FINISHES = (FINISH_ROUND, ONE_MORE_TURN)


@dataclass(frozen=True)
class CallTime:
    """Time is up after ``player``'s turn: the round of turns finishes with the last seat
    (``FINISH_ROUND``), or every player takes one more turn (``ONE_MORE_TURN``)."""

    verb: ClassVar[str] = "time"

    player: str
    finish: str
    dice: DiceTurn | None = None  # never: calling time is not a turn

    def describe(self, board: Board | None = None, short: bool = False) -> Text:
        """ "Time is up after Ann's turn: the round of turns finishes with the last seat"."""
        if self.finish == FINISH_ROUND:
            return _(
                "Time is up after %(player)s's turn: the round of turns finishes with the last "
                "seat",
                player=self.player,
            )
        return _(
            "Time is up after %(player)s's turn: every player takes one more turn",
            player=self.player,
        )

    @classmethod
    def parse(cls, where: str, data: Any) -> CallTime:
        """From the record: ``{"player": P, "time": "round"}`` (or ``"turn"``), P the
        player whose turn was the last played."""
        keys(where, data, {"player", "time"}, set())
        if data["time"] not in FINISHES:
            raise RecordError(
                f"{where}.time",
                _(
                    "should be one of %(values)s, not %(value)s",
                    values=listing(repr(f) for f in FINISHES),
                    value=repr(data["time"]),
                ),
            )
        return cls(text(f"{where}.player", data["player"]), data["time"])

    def to_json(self) -> dict[str, Any]:
        """The record form."""
        return {"player": self.player, "time": self.finish}

    def play(self, state: State, player: str) -> State:
        """The final round time starts, or why not: a game not begun has no turn to end,
        and one whose final round has begun ends by the rules."""
        if state.final_round is not None:
            raise IllegalAction(
                _("the final round has begun already: the game ends as the rules say")
            )
        if state.last_action is None:
            raise IllegalAction(_("time is called on a game under way, after a turn"))
        names = state.setup.names
        last = state.setup.player(state.last_action.player)
        if player != last:
            raise IllegalAction(
                _("time is called after the last turn played: %(player)s's", player=last)
            )
        after = names.index(last) + 1
        if self.finish == FINISH_ROUND:
            owed = names[after:]  # the seats after the last turn, to the last seat
        else:
            owed = names[after:] + names[:after]  # everyone, from the next seat round
        owed = tuple(n for n in owed if n not in state.left)
        return replace(state, final_round=FinalRound(player, owed=owed, time=self.finish))

    def dice_paid(
        self, before: State, after: State, player: str, turn: DiceTurn
    ) -> tuple[int, bool]:
        """Calling time rolls no dice."""
        raise IllegalAction(_("calling time is not a turn: no dice are rolled for it"))
