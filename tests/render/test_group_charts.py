"""A group's pictures tell each person apart without their colour: their mark (their
name's first letters) ends their line, sits on their stretch of each map's bar where it
fits, and stands beside their name in the key; never off the picture, never over another."""

from __future__ import annotations

import math
import re

from companion.render.group_charts import scores_svg, wins_svg
from companion.render.palette import Piece
from companion.render.score_chart import LEFT, MARK_RADIUS, RIGHT, WIDTH, Series, chart
from companion.web.pages.group import initials

PIECES = {"Ann": Piece("#c0262d", "1"), "Bob": Piece("#f2f2f2", "2"), "Cy": Piece("#1f5fbf", "3")}


def test_a_persons_mark_is_their_names_first_letters_as_few_as_tell_them_apart():
    marks = initials(["Ann", "Bob", "Alex", "Анна", "Cy", "Cyril", "Cyd"])
    assert marks == {
        "Ann": "An", "Bob": "B", "Alex": "Al", "Анна": "А", "Cy": "Cy", "Cyril": "C2", "Cyd": "C3"
    }  # fmt: skip
    assert len(set(marks.values())) == len(marks)


def test_five_marks_at_the_start_of_a_game_stay_on_the_picture_and_apart():
    laid = chart([Series(name, Piece("#c0262d", str(i)), (0,)) for i, name in enumerate("ABCDE")])
    marks = [p.mark for p in laid.plotted]
    assert all(m is not None and LEFT <= m[0] <= WIDTH - RIGHT for m in marks)
    placed = [m for m in marks if m is not None]
    for i, a in enumerate(placed):
        assert all(math.dist(a, b) >= 2 * MARK_RADIUS for b in placed[i + 1 :])


def _marks(svg: str) -> list[tuple[float, float, str]]:
    """Each mark drawn as a disc: its centre and what it says."""
    return [
        (float(x), float(y), said)
        for x, y, said in re.findall(
            r'<circle cx="([\d.]+)" cy="([\d.]+)" r="10\.0"[^>]*/><text [^>]*>(\d)</text>', svg
        )
    ]


def test_each_persons_line_ends_in_their_mark_and_the_key_names_it():
    # Ann and Bob end on the same score in the last game: their marks sit side by side.
    games = [{"Ann": 50, "Bob": 40, "Cy": 30}, {"Ann": 70, "Bob": 70}]
    marks = _marks(scores_svg(games, ["Ann", "Bob", "Cy"], PIECES))
    lines, key = marks[:3], marks[3:]
    assert [said for _x, _y, said in lines] == ["1", "2", "3"]
    (ax, ay, _), (bx, by, _), (cx, _cy, _) = lines
    assert ay == by and ax - bx >= 2 * MARK_RADIUS  # never one over the other
    assert cx < bx  # Cy's line ends at the first game, the one he played last
    assert [said for _x, _y, said in key] == ["1", "2", "3"]


def test_each_persons_stretch_of_a_maps_bar_carries_their_mark_where_it_fits():
    svg = wins_svg([("North America", {"Ann": 3, "Bob": 1})], ["Ann", "Bob", "Cy"], PIECES)
    on_bars = re.findall(r'font-weight="700" fill="([^"]+)">(\d)</text>', svg.split("<circle")[0])
    assert on_bars == [("#ffffff", "1"), ("#000000", "2")]  # white on red, black on white
