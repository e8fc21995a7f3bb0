"""A game made from a finished board: the routes seen, in an order of turns the rules accept
(the final round begun by a player at the end of their trains, every player's final turn
taken); a board the rules can't reach (more pieces of a colour than a player has) refused
with the reason, as an import is."""

from __future__ import annotations

import pytest

from companion.rules.errors import IllegalAction
from companion.rules.from_the_board import game_from_board
from companion.rules.game import replay
from companion.rules.map_file import load_board
from companion.rules.setup import Player, new_game
from tests.helpers import SIX_SPACE_ROUTES

USA = load_board("usa")


def _route(a: str, b: str, track: int = 1):
    return next(r for r in USA.routes_between(a, b) if r.track == track)


def _setup(*names: str):
    return new_game(
        USA, [Player(n, c) for n, c in zip(names, ("red", "blue", "green"), strict=False)]
    )


def test_a_finished_board_becomes_a_game_that_is_over_with_every_route_its_owner_s():
    setup = _setup("Ann", "Bob")
    seen = [("Ann", _route(a, b)) for a, b in SIX_SPACE_ROUTES]  # 42 trains
    seen += [("Ann", _route("Dallas", "Houston")), ("Ann", _route("Atlanta", "Nashville"))]  # 44
    seen += [("Bob", _route("Denver", "Omaha")), ("Bob", _route("Seattle", "Portland"))]
    state = replay(setup, game_from_board(setup, seen))
    assert state.is_over
    assert state.trains == {"Ann": 1, "Bob": 40}
    owned = {(USA.routes[r].name, USA.routes[r].track, p) for r, p in state.owners.items()}
    assert owned == {(r.name, r.track, p) for p, r in seen}


def test_a_board_of_a_game_that_goes_on_becomes_a_game_that_goes_on():
    setup = _setup("Ann", "Bob", "Cy")
    seen = [("Ann", _route("Denver", "Omaha")), ("Cy", _route("Denver", "Helena"))]
    state = replay(setup, game_from_board(setup, seen))
    assert not state.is_over and state.final_round is None
    assert len(state.owners) == 2


def test_two_players_at_the_end_of_their_trains_one_begins_the_final_round():
    setup = _setup("Ann", "Bob")
    six = [_route(a, b) for a, b in SIX_SPACE_ROUTES]
    seen = [("Ann", r) for r in six] + [("Ann", _route("Atlanta", "Nashville"))]  # 43
    bob = [_route("Denver", "Kansas City"), _route("Salt Lake City", "Helena")]  # 4, 3
    bob += [_route("El Paso", "Dallas"), _route("Denver", "Phoenix")]  # 4, 5
    bob += [_route("Duluth", "Winnipeg"), _route("Chicago", "Omaha")]  # 4, 4
    bob += [_route("Helena", "Winnipeg"), _route("Denver", "Oklahoma City")]  # 4, 4
    bob += [_route("Miami", "New Orleans"), _route("Portland", "San Francisco")]  # 6, 5
    seen += [("Bob", r) for r in bob]  # 43
    state = replay(setup, game_from_board(setup, seen))
    assert state.is_over
    assert state.trains == {"Ann": 2, "Bob": 2}


def test_a_board_with_more_pieces_of_a_colour_than_its_player_has_is_refused():
    setup = _setup("Ann", "Bob")
    seen = [("Ann", _route(a, b)) for a, b in SIX_SPACE_ROUTES]  # 42
    seen += [("Ann", _route("Denver", "Omaha")), ("Ann", _route("Atlanta", "Nashville"))]  # 47
    with pytest.raises(IllegalAction, match="train"):
        replay(setup, game_from_board(setup, seen))
