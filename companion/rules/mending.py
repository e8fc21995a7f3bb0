"""Mending a record the board disagrees with: a claim taken out of the log, or a claim the
table left out put in, each judged by replaying the whole log through the referee.

A claim left out was made at some turn of the game, unknown: it goes in at the latest
place at or before the one asked for where the log still replays (the store asks for the
place before the last action, so that whose turn it is stays: ``web/mending.py``; once
the game is over, that is before its final round, if the rules allow it there). A house
rule, said where it is used: the rules are silent on a record mended after the game.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.rules.actions import Action, Claim
from companion.rules.errors import IllegalAction
from companion.rules.game import State, replay
from companion.rules.setup import Setup


def place_claim(setup: Setup, actions: Sequence[Action], claim: Claim, latest: int) -> int:
    """Where in ``actions`` the claim goes: the latest place at ``latest`` or before it where
    the log with the claim there replays; the referee's refusal at ``latest`` when none
    does."""
    refusal: IllegalAction | None = None
    for place in range(latest, -1, -1):
        try:
            replay(setup, [*actions[:place], claim, *actions[place:]])
        except IllegalAction as error:
            if refusal is None:
                refusal = error
            continue
        return place
    assert refusal is not None
    raise _unplaced(refusal, latest)


def without(setup: Setup, actions: Sequence[Action], index: int) -> State:
    """The state after the log with its ``index``-th action taken out, or the referee's
    refusal of what then follows it."""
    return replay(setup, [*actions[:index], *actions[index + 1 :]])


def _unplaced(refusal: IllegalAction, latest: int) -> IllegalAction:
    """The refusal of the claim at its natural place, without the log's index of the
    action the replay stopped at (which the player never numbered)."""
    if refusal.index == latest:
        return IllegalAction(refusal.message)
    return refusal
