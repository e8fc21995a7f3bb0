"""Every record is untrusted: mangled records are refused with a CompanionError, never a crash."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys

import pytest

from companion.rules.errors import CompanionError, RecordError
from companion.rules.record import parse_record
from companion.rules.untrusted import load_record_json, mend_text, one_line
from tests.helpers import GAMES as GAMES_FOLDER
from tests.patience import HANG

GAMES = sorted(GAMES_FOLDER.glob("*.json"))
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


# Reading a record's text: one function for the command line and the import.

DEEP_ACTIONS = '{"map": "usa", "players": ["Ann", "Bob"], "actions": [' + "[" * 100_000
HUGE_NUMBER = '{"map": "usa", "players": ["Ann", "Bob"], "dice": ' + "9" * 5000 + "}"
SURROGATE_NAME = '{"map": "usa", "players": ["Ann\\ud800", "Bob"]}'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000, "nested more than 32 levels deep"),
        (DEEP_ACTIONS, "nested more than 32 levels deep"),
        ('{"a": ' + "[" * 40 + "]" * 40 + "}", "a" + "[0]" * 32 + ": nested more than 32"),
        (HUGE_NUMBER, "a number in it is too large for a game record"),
        ('{"dice": 99999999999999999999}', "dice: a number too large for a game record"),
        ('{"dice": -1e999}', "dice: a number too large for a game record"),
        ('{"dice": Infinity}', "Infinity is not a number a game record holds"),
        (SURROGATE_NAME, "players[0]: has a character that is not text (in 'Ann\\ud800')"),
        ('{"tickets": {"Ann\\udc00": []}}', "tickets: has a character that is not text"),
        ("{bad", "not valid JSON (line 1, column 2)"),
    ],
)
def test_load_record_json_refuses_what_no_record_holds_with_the_reason(text, message):
    with pytest.raises(RecordError) as refused:
        load_record_json(text)
    assert message in str(refused.value)
    assert str(refused.value).isprintable()


def test_load_record_json_reads_a_record_as_json_does():
    text = (GAMES[0]).read_text(encoding="utf-8")
    assert load_record_json(text) == json.loads(text)
    assert load_record_json('["Köln", "\\ud83d\\ude82", -3, 2.5, null]') == [
        "Köln",
        "🚂",
        -3,
        2.5,
        None,
    ]


def test_one_line_escapes_what_a_terminal_would_break_on_and_cuts_long_text():
    assert one_line("a\nb\x00c\ud800") == "a\\nb\\x00c\\ud800"
    assert one_line("Köln–Düsseldorf") == "Köln–Düsseldorf"
    assert one_line("x" * 600) == "x" * 500 + "…"


def test_one_line_keeps_the_non_breaking_spaces_of_a_russian_refusal():
    said = "у игрока Аня в\xa0запасе 3\u202fвагона\nи\x1b"
    assert one_line(said) == "у игрока Аня в\xa0запасе 3\u202fвагона\\nи\\x1b"


def test_mend_text_replaces_lone_surrogates_everywhere_and_keeps_the_rest():
    data = {"players": [{"name": "Ann\ud800", "color": "red"}], "Bob\udfff": 3, "n": 2}
    assert mend_text(data) == {
        "players": [{"name": "Ann\ufffd", "color": "red"}],
        "Bob\ufffd": 3,
        "n": 2,
    }


def companion_score(stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion.cli", "score", "-"],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=HANG,
    )


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ("[" * 100_000, "-: nested more than 32 levels deep"),
        (DEEP_ACTIONS, "-: nested more than 32 levels deep"),
        (HUGE_NUMBER, "-: a number in it is too large for a game record"),
        (SURROGATE_NAME, "-: players[0]: has a character that is not text (in 'Ann\\ud800')"),
        (
            '{"map": "usa", "players": ["Ann", "Bob"], "tickets": {"Cy\\nDee": []}}',
            "tickets.Cy\\nDee: there is no player 'Cy\\nDee'",
        ),
    ],
)
@pytest.mark.slow  # starts the companion command
def test_a_hostile_record_on_the_command_line_exits_2_with_one_line(record, message):
    result = companion_score(record)
    assert result.returncode == 2
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("companion score: ")
    assert message in result.stderr
