"""Random legal games of every variant of North America and Europe (USA 1910, Europa 1912),
with and without the dice, read through ``companion score --json`` and checked against a
scorer written from the rules alone (``tests.scorer_by_hand``): each player's total, its
parts, the tickets completed, the longest path, and the winners."""

from __future__ import annotations

import json
import random

import pytest

from companion.rules.record import record_to_json
from companion.rules.variants import VARIANTS, variant_board
from tests.helpers import assert_scored_alike, companion_score, record_of
from tests.playout import random_game
from tests.scorer_by_hand import score

pytestmark = pytest.mark.slow

# 12 games of each of the 8 variants, a third of them with the dice.
GAMES = [(v.map, v.id, seed) for v in VARIANTS for seed in range(12)]


@pytest.mark.parametrize(("map_id", "variant", "seed"), GAMES)
def test_random_games_of_each_variant_score_as_the_rules_say(map_id, variant, seed, tmp_path):
    rng = random.Random(f"{map_id}/{variant}/{seed}")
    board = variant_board(map_id, variant)
    setup, actions, hands = random_game(
        board, 2 + seed % 4, rng, connected=rng.random(), dice=seed % 3 == 0
    )
    record = json.loads(json.dumps(record_to_json(record_of(setup, actions, hands))))
    assert record.get("variant", "base") == variant
    said = companion_score(record, tmp_path)
    worked = score(record)
    assert said["variant"] == variant
    assert_scored_alike(said, worked)
