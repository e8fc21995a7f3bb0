"""A photo of the board read: the board's outline found within 2 % of its width, each route's
pieces seen (on photos made for the tests: the board drawn, photographed in perspective on
three tables under three lights), and a record's mistakes found."""

from __future__ import annotations

import functools
import io

import numpy as np
import pytest
from PIL import Image

from companion.photo.claims import Claim
from companion.photo.layout import load_layout
from companion.photo.outline import check_corners, find_corners
from companion.photo.picture import open_photo
from companion.photo.reading import read_photo
from companion.rules.errors import PhotoError
from tests.photo.board_pictures import BoardPhoto, board_photo, random_claims

LAYOUT = load_layout("usa")
SETTINGS = {
    "wood, daylight": dict(seed=1, table="wood", light=(1.0, 1.0, 1.0)),
    "checked cloth, warm lamp": dict(seed=2, table="checks", light=(1.12, 1.0, 0.82)),
    "green cloth, cool light": dict(seed=3, table="cloth", light=(0.9, 0.96, 1.12)),
}


@functools.cache
def photo_of(setting: str) -> BoardPhoto:
    kwargs = SETTINGS[setting]
    return board_photo(random_claims(kwargs["seed"]), **kwargs)


def _right(photo: BoardPhoto, seen: list[str]) -> int:
    return sum(seen[i] == photo.pieces.get(i, "none") for i in range(len(LAYOUT.tracks)))


@pytest.mark.parametrize("setting", SETTINGS)
def test_the_board_s_corners_are_found_within_2_percent_of_its_width(setting):
    photo = photo_of(setting)
    found = find_corners(open_photo(photo.jpeg).pixels).array()
    truth = np.array(photo.corners)
    width = np.linalg.norm(truth[1] - truth[0])
    assert (np.linalg.norm(found - truth, axis=1) / width).max() < 0.02


@pytest.mark.parametrize("setting", SETTINGS)
def test_with_the_corners_given_at_least_96_routes_of_100_are_read_right(setting):
    photo = photo_of(setting)
    reading = read_photo(photo.jpeg, "usa", corners=photo.corners)
    assert _right(photo, [r.seen for r in reading.routes]) >= 96


def test_an_empty_board_shows_no_pieces_on_any_route():
    photo = board_photo({}, seed=4, table="wood")
    reading = read_photo(photo.jpeg, "usa", corners=photo.corners)
    assert [r.route.name for r in reading.routes if r.seen != "none"] == []


def test_a_photo_without_a_board_is_refused():
    photo = board_photo({}, seed=5)
    pixels = open_photo(photo.jpeg).pixels.copy()
    pixels[:] = pixels[:40].mean(axis=(0, 1))  # nothing but the table's colour
    with pytest.raises(PhotoError, match="no board is seen"):
        find_corners(pixels)


@pytest.mark.parametrize(
    ("corners", "problem"),
    [
        ([[10, 10], [900, 10], [900, 700]], "four corners"),
        ([[10, 10], [1300, 10], [900, 700], [10, 700]], "corner 2 lies outside the photo"),
        ([[10, 10], [900, 700], [900, 10], [10, 700]], "don't outline a board"),
        ([[10, 10], [60, 10], [60, 50], [10, 50]], "too little of the photo"),
    ],
)
def test_corners_that_can_t_be_the_board_s_are_refused(corners, problem):
    with pytest.raises(PhotoError, match=problem):
        check_corners(corners, 1280, 960)


def _claims(pieces: dict[int, str]) -> list[Claim]:
    return [Claim(LAYOUT.tracks[i].route, colour) for i, colour in pieces.items()]


def test_a_record_that_differs_from_the_board_in_three_places_is_flagged_there_alone():
    photo = photo_of("wood, daylight")
    recorded = dict(photo.pieces)
    left_out = next(i for i in recorded if LAYOUT.tracks[i].route.color == "gray")
    del recorded[left_out]  # a claim left out
    wrong = next(i for i in recorded if recorded[i] != "green")
    recorded[wrong] = "green"  # a claim recorded for the wrong player
    empty = next(i for i in range(len(LAYOUT.tracks)) if i not in photo.pieces)
    recorded[empty] = "yellow"  # a claim on a route with no pieces
    reading = read_photo(photo.jpeg, "usa", corners=photo.corners, claims=_claims(recorded))
    flagged = {LAYOUT.tracks.index(LAYOUT.track_of(r.route)) for r in reading.disagreements}
    assert {left_out, wrong, empty} <= flagged
    assert len(flagged) <= 3 + 2
    said = {LAYOUT.tracks.index(LAYOUT.track_of(r.route)): r for r in reading.disagreements}
    assert (said[left_out].recorded, said[left_out].seen) == (None, photo.pieces[left_out])
    assert (said[wrong].recorded, said[wrong].seen) == ("green", photo.pieces[wrong])
    assert (said[empty].recorded, said[empty].seen) == ("yellow", "none")


def test_a_record_that_matches_the_board_agrees_everywhere_but_at_most_two_routes():
    photo = photo_of("checked cloth, warm lamp")
    reading = read_photo(
        photo.jpeg, "usa", corners=photo.corners, claims=_claims(dict(photo.pieces))
    )
    assert len(reading.disagreements) <= 2


def test_claims_on_a_double_of_one_printed_colour_go_to_the_track_that_shows_them():
    photo = photo_of("green cloth, cool light")
    double = [i for i, t in enumerate(LAYOUT.tracks) if t.route.name == "Dallas–Houston"]
    pieces = dict(photo.pieces)
    shown = [pieces.get(i) for i in double]
    # Recorded on the other track than the one the pieces stand on: the photo can't tell
    # the tracks' numbers apart, so the claim goes where the pieces are.
    recorded = {k: v for k, v in pieces.items() if k not in double}
    swapped = dict(zip(double, reversed(shown), strict=True))
    recorded.update({k: v for k, v in swapped.items() if v is not None})
    reading = read_photo(photo.jpeg, "usa", corners=photo.corners, claims=_claims(recorded))
    for i in double:
        assert reading.routes[i].recorded == photo.pieces.get(i)


def _turned(photo: BoardPhoto, quarter_turns: int) -> tuple[bytes, list[list[float]]]:
    """The photo as a phone held another way (turned by quarter turns, anticlockwise), and
    the board's corners in it, in the order the board is read."""
    image = Image.open(io.BytesIO(photo.jpeg))
    width, height = image.size
    turned = image.rotate(90 * quarter_turns, expand=True)
    corners = []
    for x, y in photo.corners:
        for _turn in range(quarter_turns):
            x, y = y, width - x
            width, height = height, width
        corners.append([x, y])
        width, height = image.size
    out = io.BytesIO()
    turned.save(out, "JPEG", quality=92)
    return out.getvalue(), corners


@pytest.mark.parametrize(
    ("quarter_turns", "held"), [(2, "from the other side"), (1, "upright"), (3, "upright")]
)
def test_a_photo_taken_from_anywhere_round_the_table_is_read_the_right_way_round(
    quarter_turns, held
):
    photo = photo_of("wood, daylight")
    jpeg, corners = _turned(photo, quarter_turns)
    reading = read_photo(jpeg, "usa")
    found = reading.corners.array()
    width = np.linalg.norm(np.array(corners[1]) - np.array(corners[0]))
    assert (np.linalg.norm(found - np.array(corners), axis=1) / width).max() < 0.02, held
    assert _right(photo, [r.seen for r in reading.routes]) >= 95


def test_corners_around_something_that_is_not_the_board_are_refused():
    out = io.BytesIO()
    noise = np.random.default_rng(3).integers(60, 200, (600, 800, 3), dtype=np.uint8)
    Image.fromarray(noise).save(out, "JPEG")
    corners = [[50, 50], [750, 50], [750, 550], [50, 550]]
    with pytest.raises(PhotoError, match="does not look like the North America board"):
        read_photo(out.getvalue(), "usa", corners=corners)


def test_corners_given_in_another_order_than_the_board_is_read_are_refused():
    photo = photo_of("wood, daylight")
    turned = photo.corners[2:] + photo.corners[:2]
    with pytest.raises(PhotoError, match="from the top-left one"):
        read_photo(photo.jpeg, "usa", corners=turned)
