"""Random legal games of India and Legendary Asia, 2 to 4 or 5 players, read through
``companion score --json`` and checked against a scorer written from the rules alone
(``tests.scorer_by_hand.score_collection``): every part of each player's breakdown, the
total, the tickets completed, the longest path, and the winners."""

from __future__ import annotations

import json
import random

import pytest

from companion.rules.actions import Claim
from companion.rules.map_file import load_board
from companion.rules.record import record_to_json
from tests.helpers import assert_scored_alike, companion_score, record_of
from tests.playout import random_game
from tests.scorer_by_hand import score_collection

pytestmark = pytest.mark.slow

GAMES = [
    (map_id, players, seed)
    for map_id, most in (("india", 4), ("legendary-asia", 5))
    for players in range(2, most + 1)
    for seed in range(8)
]


@pytest.mark.parametrize(("map_id", "players", "seed"), GAMES)
def test_random_games_of_india_and_legendary_asia_score_as_the_rules_say(
    map_id, players, seed, tmp_path
):
    rng = random.Random(f"{map_id}/{players}/{seed}")
    board = load_board(map_id)
    setup, actions, hands = random_game(board, players, rng, connected=rng.random())
    if seed % 2:
        hands = _tickets_on_the_network(board, setup.names, actions, rng)
    record = json.loads(json.dumps(record_to_json(record_of(setup, actions, hands))))
    assert_scored_alike(companion_score(record, tmp_path), score_collection(record))


def _tickets_on_the_network(board, names, actions, rng):
    """Hands of deck tickets between cities each player reached, as players who build
    toward their tickets hold: completed tickets, and Mandalas among them, become common."""
    reached = {n: set() for n in names}
    for action in actions:
        if isinstance(action, Claim):
            reached[action.player].update(action.cities)
    deck = list(board.tickets)
    rng.shuffle(deck)
    hands = {}
    for name in names:
        near = [t for t in deck if set(t.cities) <= reached[name]]
        hand = (near + [t for t in deck if t not in near])[: rng.randint(2, 5)]
        deck = [t for t in deck if t not in hand]
        hands[name] = tuple(hand)
    return hands
