"""The board picture under a finger: a tap at the middle of any route, on every map, at the
picture's first zoom, opens that route (or, on a double, the choice between its tracks,
the tapped one first); no city's name lies over a route's middle."""

from __future__ import annotations

import math

import pytest
from playwright.sync_api import Page, expect

from companion.rules.map_file import load_board, map_ids
from tests.e2e.phone import go, screenshot, start_game, tap, tap_route

# A game's board page on each map, started once for all the tests here (none changes it).
BOARDS: dict[str, str] = {}


def _board_page(page: Page, server: str, map_id: str) -> None:
    if map_id in BOARDS:
        go(page, BOARDS[map_id])
    else:
        start_game(page, server, ["Ann", "Bob"], map_id)
        tap(page, "nav >> text=Board")
        BOARDS[map_id] = page.url
    expect(page.locator(".picture svg")).to_be_visible()


# Where a finger at the middle of each route lands, and the routes the page finds there
# (``companionRoutesAt``: what a tap on the picture asks the route sheet for).
FOUND_AT_EVERY_MIDDLE = """() => {
  const svg = document.querySelector('.picture svg');
  return [...svg.querySelectorAll('g[data-route]')].map(group => {
    const [x, y] = group.dataset.middle.split(',').map(Number);
    const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
    return [+group.dataset.route, window.companionRoutesAt(p.x, p.y)];
  });
}"""


# The picture as drawn, on the screen: each route's tracks (the lines a tap is measured
# against) and middles, in CSS pixels, for the test to measure on its own.
DRAWN = """() => {
  const svg = document.querySelector('.picture svg'), m = svg.getScreenCTM();
  const at = (x, y) => { const p = new DOMPoint(x, y).matrixTransform(m); return [p.x, p.y]; };
  const tracks = [...svg.querySelectorAll('g[data-route] line.hit')].map(line => [
    +line.closest('g[data-route]').dataset.route,
    ...at(+line.getAttribute('x1'), +line.getAttribute('y1')),
    ...at(+line.getAttribute('x2'), +line.getAttribute('y2')),
  ]);
  const middles = [...svg.querySelectorAll('g[data-route]')].map(g =>
    [+g.dataset.route, ...at(...g.dataset.middle.split(',').map(Number))]);
  return {tracks, middles};
}"""
FINGER = 10  # CSS pixels: a fingertip covers this much around the point the phone reports


def _from_segment(px: float, py: float, x1: float, y1: float, x2: float, y2: float) -> float:
    dx, dy = x2 - x1, y2 - y1
    long = dx * dx + dy * dy
    t = max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / long)) if long else 0.0
    return math.hypot(px - x1 - t * dx, py - y1 - t * dy)


def _under_the_finger(page: Page) -> dict[int, set[int]]:
    """For each route's middle, the routes whose tracks lie within a fingertip of it."""
    drawn = page.evaluate(DRAWN)
    under: dict[int, set[int]] = {}
    for route, x, y in drawn["middles"]:
        under[route] = {
            other for other, *ends in drawn["tracks"] if _from_segment(x, y, *ends) < FINGER
        }
    return under


def _tapped(page: Page, route: int) -> list[int]:
    """Taps the middle of ``route`` as a finger would: the routes its sheet offers."""
    sheet = page.locator("#route-sheet")
    page.evaluate("document.getElementById('route-sheet-body').innerHTML = ''")
    tap_route(page, route)
    offered = sheet.locator("li[data-route]")
    expect(offered.first).to_be_visible()
    ids = [int(i) for i in offered.evaluate_all("els => els.map(e => e.dataset.route)")]
    page.keyboard.press("Escape")
    expect(sheet).to_be_hidden()
    return ids


@pytest.mark.parametrize("map_id", map_ids())
def test_a_tap_at_the_middle_of_every_route_opens_that_route(
    server: str, phone: Page, map_id: str
) -> None:
    page = phone
    board = load_board(map_id)
    _board_page(page, server, map_id)
    found = dict(page.evaluate(FOUND_AT_EVERY_MIDDLE))
    assert set(found) == {route.id for route in board.routes}
    # A few real taps, through the sheet they open: the first route, each track of the
    # first double, the last route. They find what the page's reckoning finds.
    double = next((r for r in board.routes if board.parallels(r)), board.routes[0])
    sampled = {board.routes[0].id, double.id, *(r.id for r in board.parallels(double))}
    for route_id in sorted(sampled | {board.routes[-1].id}):
        assert _tapped(page, route_id) == found[route_id], route_id
        if route_id == board.routes[0].id:
            screenshot(page, f"taps-{map_id}")
    missed, crowded = [], []
    for route in board.routes:
        ids = found[route.id]
        tracks = {route.id} | {r.id for r in board.parallels(route)}
        if not ids or ids[0] != route.id:
            missed.append((str(route.label), ids))
        elif not set(ids) <= tracks:
            crowded.append((str(route.label), ids))
    assert not missed, missed
    # Where another route's spaces lie under the finger too (a crossing, two routes leaving
    # one city side by side), the sheet offers it as well, after the tapped one.
    under = _under_the_finger(page)
    unoffered = {
        str(board.routes[r].label): sorted(under[r] - set(found[r]))
        for r in found
        if under[r] - set(found[r])
    }
    assert not unoffered, unoffered
    # and offers nothing a finger at the middle could not have meant: on crowded boards
    # only, and rarely.
    assert len(crowded) <= len(board.routes) // 10, crowded


@pytest.mark.parametrize("map_id", map_ids())
def test_no_city_name_covers_the_middle_of_a_route(server: str, phone: Page, map_id: str) -> None:
    page = phone
    _board_page(page, server, map_id)
    covered = page.evaluate(
        """() => {
          const svg = document.querySelector('.picture svg');
          const names = [...svg.querySelectorAll('text.city')]
            .map(t => [t.textContent, t.getBBox()]);
          const out = [];
          for (const group of svg.querySelectorAll('g[data-route]')) {
            const [x, y] = group.dataset.middle.split(',').map(Number);
            for (const [name, b] of names) {
              if (x > b.x - 3 && x < b.x + b.width + 3 && y > b.y - 3 && y < b.y + b.height + 3) {
                out.push([group.querySelector('title').textContent, name]);
              }
            }
          }
          return out;
        }"""
    )
    assert not covered, covered


@pytest.mark.parametrize("map_id", map_ids())
def test_a_board_opened_on_a_phone_shows_the_middle_of_its_cities(
    server: str, phone: Page, map_id: str
) -> None:
    # Zoomed in for a finger, the picture's top left corner may be sea or margin: the
    # board opens on the middle of its cities, which lies in the middle of the frame.
    page = phone
    _board_page(page, server, map_id)
    off = page.evaluate(
        """() => {
          const frame = document.querySelector('.picture'), svg = frame.querySelector('svg');
          const dots = svg.querySelector('.dots').getBoundingClientRect();
          const seen = frame.getBoundingClientRect();
          const middle = (a, b) => (a + b) / 2;
          return [middle(dots.left, dots.right) - middle(seen.left, seen.right),
                  middle(dots.top, dots.bottom) - middle(seen.top, seen.bottom),
                  svg.getBoundingClientRect().width / seen.width];
        }"""
    )
    dx, dy, zoom = off
    assert zoom > 1.5  # zoomed in for a finger, so that there is a middle to find
    assert abs(dx) < 30 and abs(dy) < 30, off
