"""A record mended where a photo showed the board otherwise: a recorded claim taken back
(marked undone, as Undo does, wherever it is in the log), a claim left out put in (at the
latest place the rules allow it), or a claim given to another player (both at once, in
the first one's place). Each is judged by replaying the whole log through the referee,
inside the write."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from companion.rules.actions import Claim, action_to_json
from companion.rules.errors import IllegalAction
from companion.rules.mending import place_claim, without
from companion.rules.record import MAX_ACTIONS
from companion.rules.words import _
from companion.web.game_store import load_game, touch, writing_game
from companion.web.stamps import UNSTAMPED, Stamp, check, spend
from companion.web.stored_game import LoggedAction, in_log_order
from companion.web.unit_of_work import now


@dataclass(frozen=True)
class Mended:
    """What a mend did: the claim taken back, the claim put in, and whether the game was
    over (the claim then went in before its final round)."""

    withdrawn: LoggedAction | None
    claimed: LoggedAction | None
    after_the_game: bool


def mend(
    game_id: str, withdraw: int | None = None, claim: Claim | None = None, stamp: Stamp = UNSTAMPED
) -> Mended:
    """Takes back the claim logged as ``withdraw`` (its seq) and/or puts ``claim`` in, or
    refuses (``IllegalAction``; ``Repeated`` for the same form sent again)."""
    if withdraw is None and claim is None:
        raise IllegalAction(_("nothing to mend"))
    sent = {"mend": {"withdraw": withdraw, "claim": action_to_json(claim) if claim else None}}
    with writing_game(game_id) as write:
        db = write.db
        game = load_game(game_id)
        check(db, game, stamp, sent, turn=False)
        if claim is not None and len(game.history) >= MAX_ACTIONS:
            raise IllegalAction(
                _(
                    "this game already has %(most)d actions, the most a game record holds",
                    most=MAX_ACTIONS,
                )
            )
        setup = game.record.setup()
        over = game.state().is_over
        live = [a for a in game.history if a.undone is None]
        # A claim left out goes in before the last action: whose turn it is stays.
        place = max(len(live) - 1, 0)
        taken: LoggedAction | None = None
        if withdraw is not None:
            taken = next((a for a in live if a.seq == withdraw), None)
            if taken is None or not isinstance(taken.action, Claim):
                raise IllegalAction(_("that claim is no longer in the game's record"))
            place = live.index(taken)
            if claim is None:
                without(setup, [a.action for a in live], place)
            live.remove(taken)
        actions = [a.action for a in live]
        at = now()
        if taken is not None:
            db.execute(
                "UPDATE action SET undone = ? WHERE game_id = ? AND seq = ?",
                (at, game_id, taken.seq),
            )
        put: LoggedAction | None = None
        if claim is not None:
            place = place_claim(setup, actions, claim, place)
            seq = max((a.seq for a in game.history), default=-1) + 1
            after = None if place == len(live) else (live[place - 1].seq if place else -1)
            db.execute(
                "INSERT INTO action (game_id, seq, body, recorded, placed_after)"
                " VALUES (?, ?, ?, ?, ?)",
                (game_id, seq, json.dumps(action_to_json(claim)), at, after),
            )
            put = LoggedAction(seq, claim, at, None)
            _in_the_order_judged(db, game_id, [*actions[:place], claim, *actions[place:]])
        spend(db, game_id, stamp, sent, {"action": put.seq if put else taken.seq if taken else 0})
        touch(write, game_id)
    return Mended(taken, put, over and put is not None and taken is None)


def _in_the_order_judged(db: Any, game_id: str, judged: list[Claim | Any]) -> None:
    """Refuses a write whose log, as it will be read back, is not the log the referee
    judged (it would not load)."""
    rows = db.execute(
        "SELECT seq, body, undone, placed_after FROM action WHERE game_id = ?", (game_id,)
    ).fetchall()
    by_seq = {r["seq"]: r for r in rows}
    read = [
        json.loads(by_seq[seq]["body"])
        for seq in in_log_order([(r["seq"], r["placed_after"]) for r in rows])
        if by_seq[seq]["undone"] is None
    ]
    if read != [action_to_json(a) for a in judged]:
        raise IllegalAction(_("that claim can't be put in there: the record would not read back"))
