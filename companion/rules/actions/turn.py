"""A turn that puts nothing on the board: cards or tickets drawn. In a dice game it records
the dice: the tickets drawn with them, or a tunnel that failed (and which)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from companion.rules.actions.claim import Claim, check_claim, find_route
from companion.rules.board import Board
from companion.rules.dice import (
    DiceTurn,
    check_failed_tunnel,
    check_no_tokens_spent,
    check_tunnel_failed,
    dice_for_tickets,
)
from companion.rules.errors import IllegalAction, RecordError
from companion.rules.fields import dice_of, keys, text, whole
from companion.rules.state import State
from companion.rules.words import DASH, Text, _, listing, ngettext

# What a turn that puts nothing on the board was spent drawing.
CARDS, TICKETS = "cards", "tickets"
DREW = (CARDS, TICKETS)


@dataclass(frozen=True)
class Pass:
    """A turn that put nothing on the board: the player drew cards or tickets."""

    verb: ClassVar[str] = "pass"

    player: str
    dice: DiceTurn | None = None
    draw_tickets: int = 0
    drew: str | None = None  # "cards" or "tickets", when the table said which
    failed_tunnel: Claim | None = None  # the tunnel a dice turn could not pay for

    def describe(self, board: Board | None = None, short: bool = False) -> Text:
        """ "Cy drew train cards", "Cy drew tickets"."""
        if self.drew == CARDS:
            return _("%(player)s drew train cards", player=self.player)
        if self.drew == TICKETS:
            return _("%(player)s drew tickets", player=self.player)
        if self.draw_tickets:
            return ngettext(
                "%(player)s drew %(num)d ticket",
                "%(player)s drew %(num)d tickets",
                self.draw_tickets,
                player=self.player,
            )
        if self.failed_tunnel is not None:
            tunnel = self.failed_tunnel
            return _(
                "%(player)s's tunnel %(route)s failed: the turn ended",
                player=self.player,
                route=tunnel.label(board, short) or DASH.join(tunnel.cities),
            )
        if self.dice is not None and self.dice.tunnel:
            return _("%(player)s's tunnel failed: the turn ended", player=self.player)
        if self.dice is not None:
            return _("%(player)s's roll allowed no play: turn taken", player=self.player)
        return _("%(player)s took a turn (drew cards or tickets)", player=self.player)

    @classmethod
    def parse(cls, where: str, data: Any) -> Pass:
        """From the record: ``{"player": P, "pass": true}``, with ``"drew": "cards"`` or
        ``"tickets"`` where the table said which, or a dice game's ``"draw_tickets": n``, or
        the tunnel that failed: ``"failed_tunnel": [A, B]`` (with ``"color"`` or ``"track"``
        where several routes join the cities, as in a claim)."""
        keys(
            where,
            data,
            {"player", "pass"},
            {"dice", "draw_tickets", "drew", "failed_tunnel", "color", "track"},
        )
        if ("color" in data or "track" in data) and "failed_tunnel" not in data:
            raise RecordError(
                f"{where}.failed_tunnel",
                _("a turn names a route's colour or track only with the tunnel that failed"),
            )
        if data["pass"] is not True:
            raise RecordError(f"{where}.pass", _("should be true"))
        drawn = whole(f"{where}.draw_tickets", data.get("draw_tickets", 0), 0, 5)
        drew = data.get("drew")
        if drew is not None and drew not in DREW:
            raise RecordError(
                f"{where}.drew",
                _(
                    "should be one of %(values)s, not %(value)s",
                    values=listing(repr(d) for d in DREW),
                    value=repr(drew),
                ),
            )
        failed = None
        if "failed_tunnel" in data:
            named = {"player": data["player"], "claim": data["failed_tunnel"]}
            named.update({k: data[k] for k in ("color", "track") if k in data})
            failed = Claim.parse(where, named)
        player = text(f"{where}.player", data["player"])
        return cls(player, dice_of(where, data), drawn, drew, failed)

    def to_json(self) -> dict[str, Any]:
        """The record form."""
        out: dict[str, Any] = {"player": self.player, "pass": True}
        if self.drew:
            out["drew"] = self.drew
        if self.draw_tickets:
            out["draw_tickets"] = self.draw_tickets
        if self.failed_tunnel is not None:
            named = self.failed_tunnel.to_json()
            out["failed_tunnel"] = named.pop("claim")
            out.update((k, v) for k, v in named.items() if k in ("color", "track"))
        return out

    def play(self, state: State, player: str) -> State:
        """Nothing changes on the board; a tunnel said to have failed must be one the
        player may claim, in a Dice Expansion game (with cards, a failed tunnel is a turn
        like any other that put nothing on the board)."""
        if self.failed_tunnel is not None:
            if not state.setup.dice:
                raise IllegalAction(
                    _("a turn names the tunnel that failed only in a Dice Expansion game")
                )
            check_failed_tunnel(state.board)
            route = check_claim(state, player, self.failed_tunnel)
            if not route.tunnel:
                raise IllegalAction(_("%(route)s is not a tunnel: it can't fail", route=route.name))
        return state

    def dice_paid(
        self, before: State, after: State, player: str, turn: DiceTurn
    ) -> tuple[int, bool]:
        """Tickets drawn with station or locomotive faces; or a tunnel that failed, which
        ends the turn with nothing else done."""
        if self.draw_tickets:
            used = dice_for_tickets(self.draw_tickets, turn)
            check_no_tokens_spent(turn)
            return used, True
        if self.failed_tunnel is not None:  # a tunnel ``play`` found the player may claim
            check_no_tokens_spent(turn)
            route = find_route(before, self.failed_tunnel)
            check_tunnel_failed(route, turn, before.tokens_of(player))
            return 0, False
        if turn.tunnel:  # an older record's failed tunnel, unnamed
            check_failed_tunnel(before.board)
            check_no_tokens_spent(turn)
            return 0, False
        # A roll that allows no play (the referee has checked it allows none): the turn
        # ends with nothing done, and the five dice left unused give their tokens.
        check_no_tokens_spent(turn)
        return 0, True
