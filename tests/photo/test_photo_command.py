"""``companion photo``: the reading as JSON (its keys pinned) or text; exit status 2 with
one line for a photo, corners, map or claims file that can't be read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.photo.layout import load_layout
from tests.photo.board_pictures import board_photo, random_claims
from tests.test_cli import companion

pytestmark = pytest.mark.slow  # each test starts the companion command

LAYOUT = load_layout("usa")


@pytest.fixture(scope="module")
def photo(tmp_path_factory):
    made = board_photo(random_claims(7), seed=7, table="wood")
    path = tmp_path_factory.mktemp("photo") / "board.jpg"
    path.write_bytes(made.jpeg)
    return path, made


def _corners(made) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in made.corners)


def test_photo_json_gives_the_map_the_corners_and_every_route_as_documented(photo):
    path, made = photo
    result = companion("photo", str(path), "--map", "usa", "--corners", _corners(made), "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"map", "corners", "routes"}
    assert data["map"] == "usa"
    assert data["corners"] == [[round(x), round(y)] for x, y in made.corners]
    assert len(data["routes"]) == 100
    for entry, track in zip(data["routes"], LAYOUT.tracks, strict=True):
        assert set(entry) == {"route", "color", "track", "seen", "confidence"}
        assert entry["route"] == list(track.route.cities)
        assert entry["color"] == track.route.color
        assert entry["track"] == (track.route.track if track.route.is_parallel else None)
        assert entry["seen"] in {"none", "red", "blue", "green", "yellow", "black"}
        assert 0 <= entry["confidence"] <= 1
    dallas = [e for e in data["routes"] if e["route"] == ["Dallas", "Houston"]]
    assert [e["track"] for e in dallas] == [1, 2]
    right = sum(e["seen"] == made.pieces.get(i, "none") for i, e in enumerate(data["routes"]))
    assert right >= 96


def test_photo_finds_the_corners_when_none_are_given(photo):
    path, made = photo
    result = companion("photo", str(path), "--map", "usa", "--json")
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)["corners"]
    width = made.corners[1][0] - made.corners[0][0]
    assert all(
        abs(f[0] - t[0]) < 0.02 * width and abs(f[1] - t[1]) < 0.02 * width
        for f, t in zip(found, made.corners, strict=True)
    )


def test_photo_with_claims_says_what_was_recorded_and_whether_it_agrees(photo, tmp_path):
    path, made = photo
    claims = [
        {"route": list(LAYOUT.tracks[i].route.cities), "pieces": colour}
        | ({"color": LAYOUT.tracks[i].route.color} if LAYOUT.tracks[i].route.is_parallel else {})
        for i, colour in made.pieces.items()
    ]
    missing = claims.pop(0)  # a claim the table left out
    file = tmp_path / "claims.json"
    file.write_text(json.dumps({"map": "usa", "claims": claims}), encoding="utf-8")
    result = companion(
        "photo",
        str(path),
        "--map",
        "usa",
        "--corners",
        _corners(made),
        "--claims",
        str(file),
        "--json",
    )
    assert result.returncode == 0, result.stderr
    routes = json.loads(result.stdout)["routes"]
    assert all(
        set(e) == {"route", "color", "track", "seen", "confidence", "recorded", "agrees"}
        for e in routes
    )
    left_out = next(
        e for e in routes if e["route"] == missing["route"] and e["seen"] == missing["pieces"]
    )
    assert (left_out["recorded"], left_out["agrees"]) == (None, False)
    text = companion(
        "photo", str(path), "--map", "usa", "--corners", _corners(made), "--claims", str(file)
    )
    assert text.returncode == 0
    assert text.stdout.splitlines()[1].startswith("Disagreements with the record")
    assert "recorded no pieces; the photo shows" in text.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--map", "europe"], "photos of the board 'europe' can't be read: only of usa"),
        (["--map", "usa", "--corners", "1,2 3,4"], 'give the four corners as "x,y x,y x,y x,y"'),
        (
            ["--map", "usa", "--corners", "0,0 5000,0 5000,5000 0,5000"],
            "corner 2 lies outside the photo",
        ),
    ],
)
def test_bad_arguments_exit_2_with_the_reason_on_one_line(photo, args, message):
    path, _made = photo
    result = companion("photo", str(path), *args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith("companion photo: ")
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"not a photo", "not a photo the companion can read"),
        (b"", "the file is empty"),
    ],
)
def test_a_file_that_is_no_photo_exits_2(tmp_path: Path, content, message):
    path = tmp_path / "board.jpg"
    path.write_bytes(content)
    result = companion("photo", str(path), "--map", "usa")
    assert result.returncode == 2
    assert message in result.stderr


def test_a_truncated_jpeg_exits_2(photo, tmp_path):
    _path, made = photo
    path = tmp_path / "cut.jpg"
    path.write_bytes(made.jpeg[: len(made.jpeg) // 3])
    result = companion("photo", str(path), "--map", "usa")
    assert result.returncode == 2
    assert "damaged or cut short" in result.stderr


@pytest.mark.parametrize(
    ("claims", "message"),
    [
        ('{"map": "europe", "claims": []}', "the claims are of the map 'europe'"),
        (
            '{"map": "usa", "claims": [{"route": ["Denver", "Miami"], "pieces": "red"}]}',
            "no route joins Denver and Miami",
        ),
        (
            '{"map": "usa", "claims": [{"route": ["Denver", "Omaha"], "pieces": "pink"}]}',
            "colour of a player's pieces",
        ),
        (
            '{"map": "usa", "claims": [{"route": ["Denver", "Omaha"], "pieces": "red"},'
            ' {"route": ["Omaha", "Denver"], "pieces": "blue"}]}',
            "claimed more times than it has tracks",
        ),
        (
            '{"map": "usa", "claims": [{"route": ["Boston", "New York"], "pieces": "red"}]}',
            "say which by its colour",
        ),
        ("[1, 2", "not valid JSON"),
    ],
)
def test_a_bad_claims_file_exits_2_naming_the_claim(photo, tmp_path, claims, message):
    path, _made = photo
    file = tmp_path / "claims.json"
    file.write_text(claims, encoding="utf-8")
    result = companion("photo", str(path), "--map", "usa", "--claims", str(file))
    assert result.returncode == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_photo_speaks_russian_with_lang_ru(photo):
    path, made = photo
    result = companion(
        "photo", str(path), "--map", "usa", "--corners", _corners(made), "--lang", "ru"
    )
    assert result.returncode == 0
    assert "Северная Америка" in result.stdout
    assert "Маршруты с вагонами" in result.stdout
