"""The printed board's layout: every track of the map placed, as many spaces as its length,
each inside the board; a layout that says otherwise is refused with the entry and why."""

from __future__ import annotations

import pytest

from companion.photo.layout import layout_ids, load_layout, parse_layout
from companion.rules.errors import BoardError
from companion.rules.map_file import load_board


def test_north_america_places_each_of_its_100_tracks_and_309_spaces():
    layout = load_layout("usa")
    assert layout_ids() == ("usa",)
    assert len(layout.tracks) == 100
    assert sum(len(t.spaces) for t in layout.tracks) == 309
    assert [t.route for t in layout.tracks] == list(load_board("usa").routes)
    assert all(len(t.spaces) == t.route.length for t in layout.tracks)
    assert set(layout.cities) == set(load_board("usa").cities)


def test_the_board_is_79_5_by_52_5_cm_and_a_space_2_44_by_1_38():
    layout = load_layout("usa")
    assert layout.board_cm == (79.5, 52.5)
    assert layout.space_cm == (2.44, 1.38)


def test_a_route_s_spaces_run_from_its_first_city_to_its_second():
    layout = load_layout("usa")
    for track in layout.tracks:
        a, b = (layout.cities[c] for c in track.route.cities)
        first, last = track.spaces[0], track.spaces[-1]

        def far(p, q):
            return (p[0] - q[0]) ** 2 + ((p[1] - q[1]) * layout.aspect) ** 2

        assert far((first.u, first.v), a) <= far((last.u, last.v), a), track.route.name


def test_a_double_s_two_tracks_lie_side_by_side_not_on_each_other():
    layout = load_layout("usa")
    for track in layout.tracks:
        if track.route.is_parallel and track.route.track == 1:
            other = next(
                t
                for t in layout.tracks
                if t.route.cities == track.route.cities and t.route.track == 2
            )
            gaps = [
                ((s.u - o.u) ** 2 + ((s.v - o.v) * layout.aspect) ** 2) ** 0.5 * 79.5
                for s, o in zip(track.spaces, other.spaces, strict=True)
            ]
            assert min(gaps) > 0.8, track.route.name  # cm: their centres ~1 cm apart


SMALL = """
map = "usa"
board_cm = [79.5, 52.5]
space_cm = [2.44, 1.38]
tracks = [TRACKS]
[cities]
CITIES
"""


def _layout_text(tracks: str, cities: str | None = None) -> str:
    layout = load_layout("usa")
    if cities is None:
        cities = "\n".join(f'"{n}" = [0.5, 0.5]' for n in layout.cities)
    return SMALL.replace("TRACKS", tracks).replace("CITIES", cities)


def _all_tracks(skip: str = "", extra: str = "") -> str:
    lines = []
    for t in load_layout("usa").tracks:
        if t.route.name == skip:
            continue
        spaces = ", ".join("[0.5, 0.5, 0]" for _ in t.spaces)
        number = f", track = {t.route.track}" if t.route.is_parallel else ""
        a, b = t.route.cities
        lines.append(f'{{ route = ["{a}", "{b}"]{number}, spaces = [{spaces}] }}')
    return ",\n".join(lines + ([extra] if extra else []))


def test_a_layout_with_every_track_is_read():
    layout = parse_layout(_layout_text(_all_tracks()), "test.toml")
    assert len(layout.tracks) == 100


@pytest.mark.parametrize(
    ("tracks", "problem"),
    [
        (_all_tracks(skip="Denver–Omaha"), "missing Denver–Omaha track 1"),
        (
            _all_tracks(extra='{ route = ["Denver", "Omaha"], spaces = [[0.5, 0.5, 0]] }'),
            "Denver–Omaha track 1 is given twice",
        ),
        (
            _all_tracks(
                skip="Denver–Omaha",
                extra='{ route = ["Denver", "Omaha"], spaces = [[0.5, 0.5, 0]] }',
            ),
            "1 spaces where Denver–Omaha has 4",
        ),
        (
            _all_tracks(extra='{ route = ["Denver", "Miami"], spaces = [] }'),
            "no route joins Denver and Miami",
        ),
        (
            _all_tracks(
                skip="Denver–Omaha",
                extra='{ route = ["Denver", "Omaha"], spaces = ['
                + "[0.5, 0.5, 0], [0.5, 0.5, 0], [0.5, 0.5, 0], [1.5, 0.5, 0]] }",
            ),
            "should lie inside the board",
        ),
        (
            _all_tracks(extra='{ route = ["Dallas", "Houston"], spaces = [[0.5, 0.5, 0]] }'),
            "Dallas–Houston has 2 tracks: say which",
        ),
    ],
)
def test_a_layout_that_misplaces_a_track_is_refused_naming_it(tracks, problem):
    with pytest.raises(BoardError, match=problem.replace("[", r"\[")):
        parse_layout(_layout_text(tracks), "test.toml")


def test_a_layout_that_leaves_a_city_out_is_refused():
    with pytest.raises(BoardError, match="every city"):
        parse_layout(_layout_text(_all_tracks(), '"Denver" = [0.5, 0.5]'), "test.toml")
