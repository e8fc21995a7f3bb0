"""``companion score``: the sheet as text or JSON; exit status 2 with one line for a bad record."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import GAMES
from tests.patience import HANG
from tests.web.test_no_english import english_words

pytestmark = pytest.mark.slow  # each test starts the companion command

BREAKDOWN = {
    "routes",
    "tickets",
    "longest_path_bonus",
    "globetrotter_bonus",
    "goods",
    "ports",
    "unbuilt_ports",
    "exchanges",
    "stations",
    "mandala_bonus",
    "mountains",
    "explorer_bonus",
}


def companion(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion.cli", *args],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=HANG,
    )


def test_score_json_prints_the_documented_keys_with_the_hand_worked_totals():
    result = companion("score", str(GAMES / "four_players.json"), "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["winners"] == ["Ann"]
    players = {p["name"]: p for p in data["players"]}
    assert [p["name"] for p in data["players"]] == ["Ann", "Bob", "Cy", "Dee"]
    for p in players.values():
        assert {
            "name",
            "rank",
            "total",
            "breakdown",
            "longest_path",
            "tickets_completed",
            "tickets_failed",
        } <= p.keys()
        assert set(p["breakdown"]) == BREAKDOWN
        assert sum(p["breakdown"].values()) == p["total"]
    # Worked by hand in tests/rules/test_games.py.
    assert {n: p["total"] for n, p in players.items()} == {
        "Ann": 17,
        "Bob": 11,
        "Cy": -5,
        "Dee": -7,
    }
    assert {n: p["rank"] for n, p in players.items()} == {"Ann": 1, "Bob": 2, "Cy": 3, "Dee": 4}
    assert players["Ann"]["breakdown"]["routes"] == 6
    assert players["Ann"]["breakdown"]["tickets"] == 1
    assert players["Ann"]["breakdown"]["longest_path_bonus"] == 10
    assert players["Bob"]["breakdown"]["tickets"] == -5
    assert (players["Ann"]["longest_path"], players["Cy"]["longest_path"]) == (6, 3)
    assert (players["Bob"]["tickets_completed"], players["Bob"]["tickets_failed"]) == (1, 1)


def test_score_prints_a_readable_sheet_by_default():
    result = companion("score", str(GAMES / "four_players.json"))
    assert result.returncode == 0
    assert "Leading: Ann" in result.stdout  # the game is not over
    assert "Boston–Raleigh (7): connected: Boston–New York–Washington–Raleigh" in result.stdout
    assert "New York–Atlanta (6): not connected" in result.stdout


def test_an_illegal_record_exits_2_naming_the_action_and_the_rule():
    result = companion("score", str(GAMES / "illegal_three_players_second_route_of_a_double.json"))
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "actions[2]" in lines[0]
    assert "with 3 players only one of the two Boston–New York routes can be used" in lines[0]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("record", "message"),
    [
        ("{not json", "not valid JSON"),
        ('{"map": "moon", "players": ["A", "B"]}', "map: no map 'moon'"),
        ('{"map": "usa", "players": ["A"]}', "2 to 5 players"),
        ('{"map": "usa", "players": ["A", "B"], "actions": [{"player": "A"}]}', "actions[0]"),
        (
            '{"map": "usa", "players": ["A", "B"], "actions": [{"player": "C", "pass": true}]}',
            "no player 'C'",
        ),
        (
            '{"map": "usa", "players": ["A", "B"], "tickets": {"A": [["Denver", "Nowhere"]]}}',
            "tickets.A[0]: there is no city 'Nowhere'",
        ),
        ("[]", "should be a JSON object"),
    ],
)
def test_a_bad_record_exits_2_with_the_reason_on_one_line(record, message):
    result = companion("score", "-", stdin=record)
    assert result.returncode == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_a_missing_file_exits_2(tmp_path: Path):
    result = companion("score", str(tmp_path / "nothing.json"))
    assert result.returncode == 2
    assert "cannot read it" in result.stderr


def test_score_speaks_russian_with_lang_ru():
    result = companion("score", str(GAMES / "four_players.json"), "--lang", "ru")
    assert result.returncode == 0, result.stderr
    assert "Маршруты" in result.stdout and "Routes" not in result.stdout


def test_the_russian_sheet_names_each_city_as_printed_with_its_local_name():
    result = companion("score", str(GAMES / "europe_three_players.json"), "--lang", "ru")
    assert result.returncode == 0, result.stderr
    # Ann's route, ticket and longest path (hand-read from the record).
    assert "Frankfurt (Франкфурт)–Paris (Париж) (оранжевый)" in result.stdout
    assert "Paris (Париж)–Wien (Вена) (8)" in result.stdout
    assert "Станция в городе München (Мюнхен)" in result.stdout


def test_score_json_keys_are_the_same_in_every_language():
    english = json.loads(companion("score", str(GAMES / "four_players.json"), "--json").stdout)
    ukrainian = companion("score", str(GAMES / "four_players.json"), "--json", "--lang", "uk")
    assert ukrainian.returncode == 0, ukrainian.stderr
    data = json.loads(ukrainian.stdout)

    def keys(value):
        if isinstance(value, dict):
            return {k: keys(v) for k, v in value.items()}
        if isinstance(value, list):
            return [keys(v) for v in value]
        return type(value).__name__

    assert keys(data) == keys(english)
    assert data["players"][0]["total"] == english["players"][0]["total"]
    assert data["columns"][0]["title"] == "Маршрути"


def test_a_refused_record_is_explained_in_russian_with_exit_status_2(tmp_path):
    record = tmp_path / "bad.json"
    record.write_text(
        json.dumps(
            {
                "map": "usa",
                "players": ["Ann", "Bob"],
                "actions": [{"player": "Ann", "claim": ["Denver", "Boston"]}],
            }
        ),
        encoding="utf-8",
    )
    result = companion("score", str(record), "--lang", "ru")
    assert result.returncode == 2
    assert "Denver" in result.stderr and "Traceback" not in result.stderr
    said = result.stderr.removeprefix("companion score: actions[0]: ")
    assert said != result.stderr and not english_words(said), result.stderr


def test_an_unknown_language_is_exit_status_2():
    result = companion("score", str(GAMES / "four_players.json"), "--lang", "xx")
    assert result.returncode == 2
    assert "'xx' is not a language the companion speaks" in result.stderr


def test_a_ticket_outside_the_variants_decks_exits_2_with_the_reason():
    # Big Cities plays only the tickets touching a big city: Calgary–Nashville touches none.
    record = {
        "map": "usa",
        "variant": "big-cities",
        "players": ["Ann", "Bob"],
        "tickets": {"Ann": [["Calgary", "Nashville"]]},
    }
    result = companion("score", "-", stdin=json.dumps(record))
    assert result.returncode == 2
    assert (
        "Calgary–Nashville is not in the Big Cities deck: it touches none of its big cities"
        in result.stderr
    )
    mega = companion("score", "--json", "-", stdin=json.dumps(record | {"variant": "mega"}))
    assert mega.returncode == 0, mega.stderr
    ann = next(p for p in json.loads(mega.stdout)["players"] if p["name"] == "Ann")
    assert ann["breakdown"]["tickets"] == -14  # the 1910 deck's Calgary–Nashville


def test_score_json_gives_the_mountain_crossing_and_the_explorer_their_own_keys():
    result = companion("score", str(GAMES / "legendary_asia_two_players.json"), "--json")
    assert result.returncode == 0, result.stderr
    players = {p["name"]: p for p in json.loads(result.stdout)["players"]}
    # Аня, worked out in tests/e2e/test_map_collection_phone.py: routes 82, Krasnoyarsk–
    # Peking +9, Hanoi–Mandalay's 2 ✕ × 2 = 4, the Asian Explorer 10: 105, and no longest
    # path on this map. Борис: routes 10, Moscow–Perm's ✕ 2, Kobe–Macau −7: 5.
    anya = players["Аня"]["breakdown"]
    assert (anya["routes"], anya["tickets"], anya["mountains"], anya["explorer_bonus"]) == (
        82,
        9,
        4,
        10,
    )
    assert anya["longest_path_bonus"] == anya["mandala_bonus"] == 0
    assert players["Аня"]["total"] == 105 and players["Борис"]["total"] == 5
    assert players["Борис"]["breakdown"]["mountains"] == 2


def test_score_json_gives_the_mandala_its_own_key():
    result = companion("score", str(GAMES / "india_two_players.json"), "--json")
    players = {p["name"]: p for p in json.loads(result.stdout)["players"]}
    # Аня: routes 82, tickets +5 −5, the Indian Express 10 (23 spaces), one Mandala 5: 97.
    anya = players["Аня"]
    assert (anya["breakdown"]["mandala_bonus"], anya["longest_path"], anya["total"]) == (5, 23, 97)
