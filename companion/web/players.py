"""The players as every game page shows them: the strip of seats with what each has left,
their piece colours, and the player the table is acting for."""

from __future__ import annotations

from dataclasses import dataclass

from flask import request

from companion.rules.errors import IllegalAction
from companion.rules.passengers import passengers_left
from companion.rules.sails import ports_left
from companion.rules.state import State
from companion.rules.stations import stations_left
from companion.rules.table import next_player, score_track
from companion.web.picture import piece_color


@dataclass(frozen=True)
class Seat:
    """A player as the strip shows them: the score track, pieces and what is left to place."""

    name: str
    color: str
    points: int
    trains: int
    routes: int
    passengers: int
    goods: int
    ships: int
    ports: int
    stations: int


def player_colors(state: State) -> dict[str, str]:
    """Each player's piece colour for the board picture."""
    return {p.name: piece_color(p.color, i) for i, p in enumerate(state.setup.players)}


def seats(state: State) -> list[Seat]:
    """Every player's standing, in seat order."""
    return [
        Seat(
            name=p.name,
            color=piece_color(p.color, i),
            points=score_track(state, p.name),
            trains=state.trains[p.name],
            routes=len(state.routes_of(p.name)),
            passengers=passengers_left(state, p.name),
            goods=state.goods_points.get(p.name, 0),
            ships=state.ships.get(p.name, 0),
            ports=ports_left(state, p.name),
            stations=stations_left(state, p.name),
        )
        for i, p in enumerate(state.setup.players)
    ]


def chosen_player(state: State) -> str:
    """The player the table is acting for: as the form or the address says, else whose
    turn it is."""
    asked = request.form.get("player") or request.args.get("player")
    if asked:
        try:
            return state.setup.player(asked)
        except IllegalAction:
            pass
    return next_player(state)
