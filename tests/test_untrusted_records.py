"""Every record is untrusted: mangled records are refused with a CompanionError, never a crash."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from companion.rules.errors import CompanionError
from companion.rules.record import parse_record

GAMES = sorted((Path(__file__).parent / "games").glob("*.json"))
ODD_VALUES = [None, True, 0, -1, 10**9, 2.5, "", "x" * 300, [], {}, ["a"], {"a": 1}, "Denver"]


def mangle(data, rng: random.Random):
    """The record with one thing somewhere in it replaced, removed or duplicated."""
    data = copy.deepcopy(data)
    spots = []

    def walk(node, path):
        spots.append(path)
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, (*path, k))
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, (*path, i))

    walk(data, ())
    path = rng.choice(spots[1:])
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    what = rng.random()
    if what < 0.6:
        parent[last] = rng.choice(ODD_VALUES)
    elif what < 0.8 and isinstance(parent, dict):
        del parent[last]
    elif isinstance(parent, list):
        parent.insert(last, copy.deepcopy(parent[last]))
    else:
        parent[last] = copy.deepcopy(parent)
    return data


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.stem)
def test_a_mangled_record_is_refused_with_a_reason_or_scored(game):
    record = json.loads(game.read_text(encoding="utf-8"))
    rng = random.Random(game.stem)
    for _ in range(400):
        mangled = mangle(record, rng)
        try:
            parse_record(mangled).score()
        except CompanionError as error:
            assert str(error)
