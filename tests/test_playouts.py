"""Random legal games: every sheet adds up, and the exported record replays to the same sheet."""

from __future__ import annotations

import json
import random

import pytest

from companion.rules.board import load_board
from companion.rules.game import replay
from companion.rules.record import GameRecord, HeldTicket, parse_record, record_to_json
from companion.rules.scoring import final_scores
from companion.sheets.data import sheet_to_json


@pytest.mark.parametrize("seed", range(30))
def test_random_legal_games_add_up_and_replay_from_their_record(seed):
    rng = random.Random(seed)
    board = load_board("usa")
    players = 2 + seed % 4
    from companion.rules.playout import random_game

    setup, actions, hands = random_game(board, players, rng, connected=rng.random())
    state = replay(setup, actions)
    assert state.is_over or state.final_round is None
    sheet = final_scores(state, hands)
    for p in sheet.players:
        assert p.total == sum(p.breakdown.values())
        assert p.breakdown["routes"] == sum(r.points for r in p.routes)
        assert p.breakdown["tickets"] == sum(t.points for t in p.tickets)
        assert p.trains_left == 45 - sum(r.route.length for r in p.routes)
        assert p.longest_path.length <= sum(r.route.length for r in p.routes)
        for t in p.tickets:
            if t.chain:  # the chain runs from one ticket city to the other along own routes
                assert set(t.chain) <= {r.route for r in p.routes}
    assert set(sheet.winners) == {p.name for p in sheet.players if p.rank == 1}

    record = GameRecord(
        map="usa",
        players=setup.players,
        actions=actions,
        tickets={n: tuple(HeldTicket(t.cities) for t in h) for n, h in hands.items()},
    )
    exported = json.loads(json.dumps(record_to_json(record)))
    again = parse_record(exported)
    assert again == record
    assert sheet_to_json(again.score()) == sheet_to_json(sheet)
