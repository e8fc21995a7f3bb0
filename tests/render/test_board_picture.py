"""The board picture: claimed routes carry their owner's trains, free ones are hollow; the
routes between two cities lie apart; every route's middle is on the picture and free of
any city's name (where a finger taps it)."""

from __future__ import annotations

import math
import re

import pytest

from companion.render.board_picture import TRACK_GAP, board_svg, layout, space_counts, spaces
from companion.render.palette import Piece, tint
from companion.rules.map_file import load_board, map_ids

MAPS = map_ids()


def _route_group(svg: str, route_id: int) -> str:
    start = svg.rindex("<g ", 0, svg.index(f'id="route-{route_id}"'))
    return svg[start : svg.index("</g>", start)]


def test_a_claimed_route_carries_its_owners_trains_and_a_free_one_is_hollow():
    board = load_board("usa")
    helena = next(r for r in board.routes if set(r.cities) == {"Denver", "Helena"})
    omaha = next(r for r in board.routes if set(r.cities) == {"Denver", "Omaha"})
    svg = board_svg(board, {helena.id: "Ann"}, {"Ann": Piece("#c0262d", "1")})
    claimed, free = _route_group(svg, helena.id), _route_group(svg, omaha.id)
    assert 'class="route claimed"' in claimed and 'data-owner="Ann"' in claimed
    # Four trains in Ann's colour: the middle one (the third) carries her mark, the others
    # a window.
    assert claimed.count('fill="#c0262d"') == 4 and claimed.count('opacity=".55"') == 3
    assert re.findall(r'class="owner-mark"[^>]*>([^<]*)</text>', claimed) == ["1"]
    assert 'class="route free"' in free
    assert free.count(f'fill="{tint("#9b59b6")}" stroke="#9b59b6"') == 4  # purple, hollow


def test_every_car_carries_its_owners_mark_for_colour_blind_eyes():
    board = load_board("usa")
    helena = next(r for r in board.routes if set(r.cities) == {"Denver", "Helena"})
    svg = board_svg(board, {helena.id: "Bob"}, {"Bob": Piece("#f2f2f2", "2")}, every_car=True)
    claimed = _route_group(svg, helena.id)
    marks = re.findall(r'class="owner-mark"[^>]*fill="([^"]+)"[^>]*>([^<]*)</text>', claimed)
    # Four cars, four marks, dark on Bob's white trains; no window left to draw.
    assert marks == [("#000000", "2")] * 4 and 'opacity=".55"' not in claimed


@pytest.mark.parametrize("map_id", MAPS)
def test_the_routes_between_two_cities_are_drawn_apart(map_id):
    board, laid = load_board(map_id), layout(load_board(map_id))
    for route in board.routes:
        for other in board.routes:
            if (
                other.id > route.id
                and set(other.cities) == set(route.cities)
                and other.flag == route.flag  # (into a country at two flags: two ends)
            ):
                a, b = laid.tracks[route.id][0].middle, laid.tracks[other.id][0].middle
                assert math.hypot(a.x - b.x, a.y - b.y) >= TRACK_GAP - 0.01, (route, other)


def test_a_rail_and_a_sea_route_between_the_same_cities_are_drawn_apart():
    board = load_board("great-lakes")
    pair = [r for r in board.routes if set(r.cities) == {"Duluth", "Thunder Bay"}]
    assert {r.kind for r in pair} == {"rail", "sea"}
    laid = layout(board)
    a, b = (laid.middle(r.id) for r in pair)
    assert math.hypot(a.x - b.x, a.y - b.y) >= TRACK_GAP - 0.01


@pytest.mark.parametrize("map_id", MAPS)
def test_no_city_name_lies_over_the_middle_of_a_route(map_id):
    board, laid = load_board(map_id), layout(load_board(map_id))
    for name, label in laid.labels.items():
        left, top, right, bottom = label.box
        for route in board.routes:
            m = laid.middle(route.id)
            assert not (left - 5 < m.x < right + 5 and top - 5 < m.y < bottom + 5), (name, route)


def _distance(box, p):
    left, top, right, bottom = box
    return math.hypot(max(left - p.x, 0, p.x - right), max(top - p.y, 0, p.y - bottom))


# Europe's Bruxelles lies among five routes' middles and four cities: no spot near it is
# free of them, so its name sits above Amsterdam's.
NO_ROOM = {("europe", "Bruxelles")}


@pytest.mark.parametrize("map_id", MAPS)
def test_a_city_name_lies_nearer_its_own_dot_than_any_other(map_id):
    board, laid = load_board(map_id), layout(load_board(map_id))
    dots = {n: p for n, p in laid.places.items() if not board.is_country(n)}
    astray = set()
    for name, label in laid.labels.items():
        if name not in dots:
            continue
        own = _distance(label.box, dots[name])
        if any(_distance(label.box, p) < own for n, p in dots.items() if n != name):
            astray.add((map_id, name))
    assert astray == {(m, n) for m, n in NO_ROOM if m == map_id}


@pytest.mark.parametrize("map_id", MAPS)
def test_no_two_city_names_touch(map_id):
    labels = list(layout(load_board(map_id)).labels.items())
    for i, (name, label) in enumerate(labels):
        a = label.box
        for other, o in labels[i + 1 :]:
            b = o.box
            apart = a[0] - 3 >= b[2] or b[0] - 3 >= a[2] or a[1] - 3 >= b[3] or b[1] - 3 >= a[3]
            assert apart, (name, other)


def test_a_route_into_a_country_ends_at_that_countrys_flag():
    board = load_board("switzerland")
    svg = board_svg(board, {}, {})
    flags = re.findall(r'<g class="flag">(.*?)</g>', svg)
    into = [r for r in board.routes if any(board.is_country(c) for c in r.cities)]
    assert len(flags) == len(into) == 17  # France 4, Deutschland 5, Österreich 3, Italia 5
    # France's blue, white and red side by side; Deutschland's black, red and gold one above
    # the other.
    france = [f for f in flags if "#0055a4" in f]
    germany = [f for f in flags if "#ffce00" in f]
    assert (len(france), len(germany)) == (4, 5)
    widths = re.findall(
        r'<rect x="[\d.]+" y="[\d.]+" width="([\d.]+)" height="([\d.]+)"', france[0]
    )
    assert [float(w) for w, _h in widths[:3]] == pytest.approx([5, 5, 5])
    heights = re.findall(
        r'<rect x="[\d.]+" y="[\d.]+" width="([\d.]+)" height="([\d.]+)"', germany[0]
    )
    assert [float(h) for _w, h in heights[:3]] == pytest.approx([10 / 3] * 3, abs=0.01)


def test_the_middle_of_a_route_across_the_edge_is_on_the_picture():
    board = load_board("world")
    laid = layout(board)
    across = [r for r in board.routes if len(laid.tracks[r.id]) == 2]
    assert across  # the Pacific's routes
    for route in across:
        m = laid.middle(route.id)
        assert 0 <= m.x <= laid.width, route


def test_each_route_says_its_middle_and_the_routes_it_lies_beside():
    board = load_board("usa")
    svg = board_svg(board, {}, {})
    groups = re.findall(r'data-route="(\d+)" data-pair="([^"]+)" data-middle="([^"]+)"', svg)
    assert len(groups) == len(board.routes)
    for route_id, pair, middle in groups:
        route = board.routes[int(route_id)]
        assert pair == "|".join(sorted(route.cities))
        # The middle lies on the route's own line (its tap target), halfway along it.
        group = svg[svg.index(f'data-route="{route_id}"') :]
        x1, y1, x2, y2 = map(
            float,
            re.search(
                r'class="hit" x1="([\d.-]+)" y1="([\d.-]+)" x2="([\d.-]+)" y2="([\d.-]+)"', group
            ).groups(),
        )
        x, y = map(float, middle.split(","))
        assert (x, y) == pytest.approx(((x1 + x2) / 2, (y1 + y2) / 2), abs=0.11)


@pytest.mark.parametrize("map_id", ["india", "legendary-asia", "europe", "nordic"])
def test_each_route_shows_a_dot_per_locomotive_and_a_cross_per_mountain_space(map_id):
    board = load_board(map_id)
    drawn = layout(board)
    for route in board.routes:
        shown = spaces(route, drawn, None)
        assert len(shown) == route.length, route.label
        assert sum(s.locomotive for s in shown) == route.locomotives, route.label
        assert sum(s.cross for s in shown) == route.mountains, route.label


def test_a_route_the_board_bends_runs_through_its_bends_its_spaces_shared_out():
    board = load_board("india")
    (madras,) = board.routes_between("Calcutta", "Madras")
    stretches = layout(board).tracks[madras.id]
    assert len(stretches) == 3  # Calcutta, out at sea twice, Madras
    counts = space_counts(madras, stretches)
    assert sum(counts) == 8 and min(counts) >= 1
    # Each bend joins two stretches: the route is one line, not three.
    for one, two in zip(stretches, stretches[1:], strict=False):
        assert math.dist((one.end.x, one.end.y), (two.start.x, two.start.y)) < 1


def test_spaces_are_shared_out_by_the_stretches_lengths():
    board = load_board("india")
    (madras,) = board.routes_between("Calcutta", "Madras")
    stretches = layout(board).tracks[madras.id]
    lengths = [t.length for t in stretches]
    counts = space_counts(madras, stretches)
    # The longest stretch shows the most spaces, the shortest the fewest.
    assert counts[lengths.index(max(lengths))] == max(counts)
    assert counts[lengths.index(min(lengths))] == min(counts)
