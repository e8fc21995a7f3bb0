"""Random legal games: every sheet adds up, and the exported record replays to the same sheet."""

from __future__ import annotations

import json
import random

import pytest

from companion.render.json_sheet import sheet_to_json
from companion.rules.errors import IllegalAction
from companion.rules.game import apply, claim_for, replay, start
from companion.rules.map_file import load_board, map_ids
from companion.rules.record import parse_record, record_to_json
from companion.rules.scoring import final_scores
from companion.rules.table_questions import refusal
from tests.helpers import plays_with_dice, record_of, table_goods
from tests.playout import random_game

pytestmark = pytest.mark.slow


def p_routes(sheet):
    return {r.route for r in sheet.routes}


# Every map file: 30 random games, and 12 with dice where the map takes them.
GAMES = [
    *[(map_id, seed, False) for map_id in map_ids() for seed in range(30)],
    *[(map_id, seed, True) for map_id in filter(plays_with_dice, map_ids()) for seed in range(12)],
]


@pytest.mark.parametrize(("map_id", "seed", "dice"), GAMES)
def test_random_legal_games_add_up_and_replay_from_their_record(map_id, seed, dice):
    rng = random.Random(seed)
    board = load_board(map_id)
    edition = board.edition
    players = edition.min_players + seed % (edition.max_players - edition.min_players + 1)
    goods = table_goods(board)
    setup, actions, hands = random_game(
        board, players, rng, connected=rng.random(), goods=goods, dice=dice
    )
    state = replay(setup, actions)
    assert state.is_over or state.final_round is None
    sheet = final_scores(state, hands)
    for p in sheet.players:
        assert p.total == sum(p.breakdown.values())
        assert p.breakdown["routes"] == sum(r.points for r in p.routes)
        assert p.breakdown["tickets"] == sum(t.points for t in p.tickets)
        pieces = board.edition.pieces or board.edition.trains
        # Each space takes a piece; each ✕ of a mountain route one more (Legendary Asia).
        assert p.trains_left + p.ships_left == pieces - sum(r.route.trains for r in p.routes)
        assert p.breakdown["mountains"] == 2 * sum(r.route.mountains for r in p.routes)
        assert p.longest_path.length <= sum(r.route.length for r in p.routes)
        assert p.breakdown["goods"] == sum(t.points for t in p.trips)
        assert p.breakdown["ports"] == sum(port.points for port in p.ports)
        assert p.breakdown["unbuilt_ports"] == -4 * (3 - len(p.ports)) * bool(board.edition.ports)
        assert p.breakdown["stations"] == 4 * (3 - p.stations_used) * bool(board.edition.stations)
        assert all(t.cards == sum(1 for r in t.routes if r not in p_routes(p)) for t in p.trips)
        for t in p.tickets:
            if t.chain:  # the chain runs from one ticket city to the other along own routes
                borrowed = {r for _, r in p.borrowed if r is not None}
                assert set(t.chain) <= {r.route for r in p.routes} | borrowed
    assert set(sheet.winners) == {p.name for p in sheet.players if p.rank == 1}

    record = record_of(setup, actions, hands)
    exported = json.loads(json.dumps(record_to_json(record)))
    again = parse_record(exported)
    assert again == record
    assert sheet_to_json(again.score()) == sheet_to_json(sheet)


def _verdict(state, claim):
    try:
        apply(state, claim)
    except IllegalAction as refused:
        return refused.message
    return None


def _table_sizes(map_id):
    edition = load_board(map_id).edition
    return range(edition.min_players, min(edition.max_players, 4) + 1)


JUDGED = [
    *[(map_id, players, False) for map_id in map_ids() for players in _table_sizes(map_id)],
    *[(map_id, 3, True) for map_id in filter(plays_with_dice, map_ids())],
]


@pytest.mark.parametrize(("map_id", "players", "dice"), JUDGED)
def test_the_referee_judges_a_claim_alone_as_it_would_play_it(map_id, players, dice):
    """The claim list asks the referee about every route without playing it: on random
    games (with 2 to 4 players, and with the dice where the map takes them: routes no
    roll can pay for), after every few actions and through the final turns, each player's
    claim of each route is allowed or refused in the same words as the claim itself."""
    rng = random.Random(f"{map_id}-{players}-{dice}")
    board = load_board(map_id)
    setup, actions, _ = random_game(board, players, rng, goods=table_goods(board), dice=dice)
    state = start(setup)
    for index, action in enumerate((None, *actions)):
        if action is not None:
            state = apply(state, action)
        if index % 7 and index < len(actions) - 3:
            continue
        for player in setup.names:
            for route in board.routes:
                said = _verdict(state, claim_for(board, route, player))
                assert refusal(state, player, route) == said
