"""The players as every game page shows them: the strip of seats with what each has left,
their piece colours, and the player the table is acting for."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass

from flask import has_request_context, request
from flask_babel import gettext as _
from flask_babel import ngettext

from companion.render.board_picture import board_svg
from companion.render.palette import Piece, hard_to_tell, pieces
from companion.rules import counted
from companion.rules.board import Route
from companion.rules.colors import color_words
from companion.rules.errors import IllegalAction
from companion.rules.passengers import passengers_left
from companion.rules.sails import ports_left
from companion.rules.state import State
from companion.rules.stations import stations_left
from companion.rules.table_questions import next_player, score_track
from companion.rules.words import Text


@dataclass(frozen=True)
class Seat:
    """A player as the strip shows them: the score track, and what they have left to play."""

    name: str
    piece: Piece  # their colour and mark
    points: int
    left: str  # what the player has left, in words: "41 trains · 3 stations"


COLOURS_COOKIE = "colours"  # "colour-blind": the pieces in the palette that stays apart


def colour_blind() -> bool:
    """Whether this browser asked for the colours that stay apart for colour-blind eyes
    (remembered as the language is)."""
    return has_request_context() and request.cookies.get(COLOURS_COOKIE) == "colour-blind"


def player_pieces(state: State) -> dict[str, Piece]:
    """Each player's pieces (colour and mark) in the palette this browser asked for."""
    return pieces(state.setup.players, colour_blind())


def board_picture(
    state: State, link: Callable[[Route], str] | None = None, highlight: Collection[int] = ()
) -> str:
    """The board as this browser asked to see it: the pieces in its palette, and with the
    colour-blind palette the owner's mark on every car."""
    blind = colour_blind()
    return board_svg(
        state.board, state.owners, player_pieces(state), link, highlight, every_car=blind
    )


def hard_pairs(state: State) -> list[tuple[Text, Text]]:
    """The seats' colours that colour-blind players can hardly tell apart, in words."""
    found = hard_to_tell([p.color for p in state.setup.players])
    return [(color_words(a), color_words(b)) for a, b in found]


def seats(state: State) -> list[Seat]:
    """Every player's standing, in seat order."""
    drawn = player_pieces(state)
    return [
        Seat(
            name=p.name,
            piece=drawn[p.name],
            points=score_track(state, p.name),
            left=" · ".join(_pieces_left(state, p.name)),
        )
        for p in state.setup.players
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
