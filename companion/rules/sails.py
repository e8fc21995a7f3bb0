"""Rails & Sails: ports and piece exchanges.

A port goes in a port city where the builder has claimed a route, one port per city, three
per player; building one is a whole turn. An exchange trades trains for ships from the box
(or back), one for one, a whole turn, losing a point per piece; only while the box holds
pieces of the wanted kind, never past the most of each kind a player may have.
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from companion.rules.errors import IllegalAction
from companion.rules.names import plural
from companion.rules.state import State


def _require(state: State, feature: int, what: str) -> None:
    if not feature:
        raise IllegalAction(f"there are no {what} in {state.setup.edition.name}")


def ports_left(state: State, player: str) -> int:
    """How many ports a player may still build."""
    built = sum(1 for owner in state.ports.values() if owner == player)
    return state.setup.edition.ports - built


def build_port(state: State, player: str, text: str) -> State:
    """The state with the player's port in that city, or the rule that forbids it."""
    _require(state, state.setup.edition.ports, "ports")
    board = state.board
    city = board.city(text)
    if not board.is_port_city(city):
        raise IllegalAction(f"{city} is not a port city")
    if city in state.ports:
        raise IllegalAction(f"{city} already has {state.ports[city]}'s port")
    if ports_left(state, player) <= 0:
        raise IllegalAction(f"{player} has built all {state.setup.edition.ports} ports")
    if not any(city in r.cities for r in state.routes_of(player)):
        raise IllegalAction(
            f"{player} has no route into {city}: a port goes where its builder has a route"
        )
    return replace(state, ports=MappingProxyType({**state.ports, city: player}))


def exchange(state: State, player: str, ships: int) -> State:
    """The state after trading ``ships`` trains for ships (negative: ships for trains)."""
    edition = state.setup.edition
    _require(state, edition.exchange_cost, "piece exchanges")
    if ships == 0:
        raise IllegalAction("an exchange trades at least one piece")
    n = abs(ships)
    give = "train" if ships > 0 else "ship"
    have = state.trains[player] if ships > 0 else state.ships[player]
    if n > have:
        raise IllegalAction(f"{player} has {plural(have, give)} left, not {n} to trade")
    trains0, ships0 = state.setup.pieces[player]
    swapped = state.swapped.get(player, 0) + ships
    if ships0 + swapped > edition.max_ships:
        left = edition.max_ships - ships0 - state.swapped.get(player, 0)
        raise IllegalAction(f"the box holds only {plural(left, 'ship')} for {player}")
    if trains0 - swapped > edition.max_trains:
        left = edition.max_trains - trains0 + state.swapped.get(player, 0)
        raise IllegalAction(f"the box holds only {plural(left, 'train')} for {player}")
    return replace(
        state,
        trains=MappingProxyType({**state.trains, player: state.trains[player] - ships}),
        ships=MappingProxyType({**state.ships, player: state.ships[player] + ships}),
        exchanged=MappingProxyType({**state.exchanged, player: state.exchanged.get(player, 0) + n}),
        swapped=MappingProxyType({**state.swapped, player: swapped}),
    )
