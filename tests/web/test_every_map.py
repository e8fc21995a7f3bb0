"""Every map file in companion/rules/boards/, with no list to edit: it loads whole, and a
random game on it is played through the app, exported and imported again, and its sheet
adds up. (tests/rules/test_playouts.py plays many more random games on every map.)"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import networkx as nx
import pytest

import companion.rules
from companion.render.json_sheet import sheet_to_json
from companion.rules.game import replay
from companion.rules.map_file import load_board, map_ids
from companion.rules.record import parse_record
from companion.rules.scoring import final_scores
from tests.helpers import plays_with_dice, record_of, table_goods
from tests.playout import random_game
from tests.web.helpers import import_record

BOARDS = Path(companion.rules.__file__).parent / "boards"
GAMES = [
    *[(map_id, False) for map_id in map_ids()],
    *[
        pytest.param(map_id, True, marks=pytest.mark.slow)
        for map_id in filter(plays_with_dice, map_ids())
    ],
]


def test_every_map_file_is_offered():
    files = {path.stem for path in BOARDS.glob("*.toml")}
    assert len(files) >= 5 and set(map_ids()) == files


@pytest.mark.parametrize("map_id", map_ids())
def test_the_map_loads_whole(map_id):
    board = load_board(map_id)
    assert board.id == map_id and board.name and board.routes
    assert [route.id for route in board.routes] == list(range(len(board.routes)))
    graph = nx.MultiGraph([route.cities for route in board.routes])
    assert set(graph) == set(board.cities)  # every city has a route
    assert nx.is_connected(graph)
    for name, city in board.cities.items():
        assert board.city(name) == name and all(board.city(a) == name for a in city.aliases)
    for route in board.routes:
        assert board.points_for(route) > 0, route.label
        assert len(board.parallels(route)) == route.tracks - 1, route.label
        # The routes of a kind joining two places are tracks 1, 2, … in the file's order,
        # as a record's "track" names them (a double's tracks, or two single routes into
        # one country at two flags).
        same = [r for r in board.routes_between(*route.cities) if r.kind == route.kind]
        assert [r.track for r in same] == list(range(1, len(same) + 1)), route.label
    low, high = board.edition.ticket_points
    for ticket in board.tickets:
        assert set(ticket.cities) <= board.cities.keys(), ticket.name
        assert low <= ticket.points <= high, ticket.name


@pytest.mark.parametrize(("map_id", "dice"), GAMES)
def test_a_random_game_goes_through_the_app_and_its_export_imports_again(client, map_id, dice):
    board = load_board(map_id)
    goods = table_goods(board)
    setup, actions, hands = random_game(
        board, 3, random.Random(1), connected=0.5, goods=goods, dice=dice
    )
    sheet = sheet_to_json(final_scores(replay(setup, actions), hands))
    for player in sheet["players"]:
        assert sum(player["breakdown"].values()) == player["total"], player["name"]
    # Played on an evening in Moscow: the export keeps the moment, in UTC.
    record = replace(record_of(setup, actions, hands), played="2025-06-01T16:30:00+00:00")
    url = import_record(client, record)
    for page in ("", "/board", "/tickets", "/sheet"):
        assert client.get(url + page).status_code == 200, page
    exported = parse_record(client.get(f"{url}/record.json").get_json())
    # The export keeps the log as played (each action's time), the table's language and
    # the game it is; the rest is the record as it went in.
    assert [e.action for e in exported.log] == list(record.actions)
    assert exported.origin and all(e.at and e.undone is None for e in exported.log)
    assert replace(exported, log=(), language=None, origin=None) == record
    assert sheet_to_json(exported.score()) == sheet
