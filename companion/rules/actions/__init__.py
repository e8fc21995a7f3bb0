"""Actions: what a player does on a turn that the table records, as frozen values.

Each kind lives in one module, with everything about it: its record form (``parse``,
``to_json``), its rules (``play``), what its dice pay for (``dice_paid``) and its words
(``describe``). ``KINDS`` lists them; adding a kind of action means adding it here.
"""

from __future__ import annotations

from typing import Any

from companion.rules.actions.claim import Claim
from companion.rules.actions.exchange import Exchange
from companion.rules.actions.leave import Leave
from companion.rules.actions.passenger import MovePassenger
from companion.rules.actions.port import BuildPort
from companion.rules.actions.station import BuildStation
from companion.rules.actions.time import CallTime
from companion.rules.actions.turn import Pass
from companion.rules.errors import RecordError
from companion.rules.fields import dice_to_json
from companion.rules.words import _, join

Action = Claim | Pass | MovePassenger | BuildPort | Exchange | BuildStation | Leave | CallTime
KINDS: tuple[type[Action], ...] = (
    Claim,
    Pass,
    MovePassenger,
    BuildPort,
    Exchange,
    BuildStation,
    Leave,
    CallTime,
)
VERBS = {kind.verb: kind for kind in KINDS}

__all__ = [
    "KINDS",
    "NOT_TURNS",
    "VERBS",
    "Action",
    "BuildPort",
    "BuildStation",
    "CallTime",
    "Claim",
    "Exchange",
    "Leave",
    "MovePassenger",
    "Pass",
    "action_to_json",
    "is_a_turn",
    "parse_action",
]


# Leaving the game and calling time are not turns: whose turn it is stays as it was.
NOT_TURNS = (Leave, CallTime)


def is_a_turn(action: Action) -> bool:
    """Whether ``action`` is a player's turn."""
    return not isinstance(action, NOT_TURNS)


def parse_action(where: str, data: Any) -> Action:
    """One action from its record form; ``where`` places a fault (``actions[3]``)."""
    verbs = [v for v in VERBS if isinstance(data, dict) and v in data]
    if not isinstance(data, dict) or len(verbs) != 1:
        names = join([f"'{v}'" for v in VERBS], "or")
        raise RecordError(where, _("an action has a 'player' and one of %(names)s", names=names))
    return VERBS[verbs[0]].parse(where, data)


def action_to_json(action: Action) -> dict[str, Any]:
    """One action in the record's form, with its dice."""
    out = action.to_json()
    if action.dice is not None:
        out["dice"] = dice_to_json(action.dice)
    return out
