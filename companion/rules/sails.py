"""Rails & Sails: ports and piece exchanges.

A port goes in a port city where the builder has claimed a route, one port per city, three
per player; building one is a whole turn. An exchange trades trains for ships from the box
(or back), one for one, a whole turn, losing a point per piece; only while the box holds
pieces of the wanted kind, never past the most of each kind a player may have.
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import Any

from companion.rules.dice import DiceTurn
from companion.rules.errors import IllegalAction, RecordError
from companion.rules.state import PORT, State, check_room_to_build, left_to_build
from companion.rules.words import Message, _, ngettext


class NotWithDice:
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


def _require(feature: int, refusal: Message) -> None:
    if not feature:
        raise IllegalAction(refusal)


def ports_left(state: State, player: str) -> int:
    """How many ports a player may still build."""
    return left_to_build(state, player, PORT)


def build_port(state: State, player: str, text: str) -> State:
    """The state with the player's port in that city, or the rule that forbids it."""
    edition = state.setup.edition
    _require(edition.ports, _("there are no ports in %(edition)s", edition=edition.name))
    board = state.board
    city = board.city(text)
    if not board.is_port_city(city):
        raise IllegalAction(_("%(city)s is not a port city", city=city))
    check_room_to_build(state, player, city, PORT)
    if not any(city in r.cities for r in state.routes_of(player)):
        raise IllegalAction(
            _(
                "%(player)s has no route into %(city)s: a port goes where its builder has a route",
                player=player,
                city=city,
            )
        )
    return replace(state, ports=MappingProxyType({**state.ports, city: player}))


def exchange(state: State, player: str, ships: int) -> State:
    """The state after trading ``ships`` trains for ships (negative: ships for trains)."""
    edition = state.setup.edition
    _require(
        edition.exchange_cost,
        _("there are no piece exchanges in %(edition)s", edition=edition.name),
    )
    if ships == 0:
        raise IllegalAction(_("an exchange trades at least one piece"))
    n = abs(ships)
    if ships > 0 and n > state.trains[player]:
        raise IllegalAction(
            ngettext(
                "%(player)s has %(num)d train left, not %(count)d to trade",
                "%(player)s has %(num)d trains left, not %(count)d to trade",
                state.trains[player],
                player=player,
                count=n,
            )
        )
    if ships < 0 and n > state.ships[player]:
        raise IllegalAction(
            ngettext(
                "%(player)s has %(num)d ship left, not %(count)d to trade",
                "%(player)s has %(num)d ships left, not %(count)d to trade",
                state.ships[player],
                player=player,
                count=n,
            )
        )
    trains0, ships0 = state.setup.pieces[player]
    swapped = state.swapped.get(player, 0) + ships
    if ships0 + swapped > edition.max_ships:
        left = edition.max_ships - ships0 - state.swapped.get(player, 0)
        raise IllegalAction(
            ngettext(
                "the box holds only %(num)d ship for %(player)s",
                "the box holds only %(num)d ships for %(player)s",
                left,
                player=player,
            )
        )
    if trains0 - swapped > edition.max_trains:
        left = edition.max_trains - trains0 + state.swapped.get(player, 0)
        raise IllegalAction(
            ngettext(
                "the box holds only %(num)d train for %(player)s",
                "the box holds only %(num)d trains for %(player)s",
                left,
                player=player,
            )
        )
    return replace(
        state,
        trains=MappingProxyType({**state.trains, player: state.trains[player] - ships}),
        ships=MappingProxyType({**state.ships, player: state.ships[player] + ships}),
        exchanged=MappingProxyType({**state.exchanged, player: state.exchanged.get(player, 0) + n}),
        swapped=MappingProxyType({**state.swapped, player: swapped}),
    )
