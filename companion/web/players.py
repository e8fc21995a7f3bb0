"""The players as every game page shows them: the strip of seats with what each has left,
their piece colours, and the player the table is acting for."""

from __future__ import annotations

from dataclasses import dataclass

from flask import request
from flask_babel import gettext as _
from flask_babel import ngettext

from companion.render.palette import piece_color
from companion.rules import counted
from companion.rules.errors import IllegalAction
from companion.rules.passengers import passengers_left
from companion.rules.sails import ports_left
from companion.rules.state import State
from companion.rules.stations import stations_left
from companion.rules.table_questions import next_player, score_track


@dataclass(frozen=True)
class Seat:
    """A player as the strip shows them: the score track, and what they have left to play."""

    name: str
    color: str
    points: int
    left: str  # what the player has left, in words: "41 trains · 3 stations"


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
            left=" · ".join(_pieces_left(state, p.name)),
        )
        for i, p in enumerate(state.setup.players)
    ]


def _pieces_left(state: State, player: str) -> list[str]:
    """What a player has left to play, for each kind of piece the edition has."""
    edition = state.setup.edition
    words = [str(counted.trains(state.trains[player]))]
    if edition.pieces:
        words.append(str(counted.ships(state.ships.get(player, 0))))
    if edition.ports:
        ports = ports_left(state, player)
        words.append(ngettext("%(num)d port to build", "%(num)d ports to build", ports))
    if state.exchanged.get(player):
        exchanged = state.exchanged[player]
        words.append(ngettext("%(num)d exchanged", "%(num)d exchanged", exchanged))
    if edition.stations:
        stations = stations_left(state, player)
        words.append(ngettext("%(num)d station", "%(num)d stations", stations))
    if edition.passengers:
        passengers = passengers_left(state, player)
        words.append(ngettext("%(num)d passenger", "%(num)d passengers", passengers))
        words.append(_("goods %(points)d", points=state.goods_points.get(player, 0)))
    return words


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
