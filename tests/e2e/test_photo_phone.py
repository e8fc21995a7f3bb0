"""A photo of the board on a phone (390×844, touch), in English, Russian and Ukrainian: the
table checks its record ("Check with a photo": the photo taken, a corner dragged with a
finger, the disagreements shown, one mended in one tap), and a finished board no one
recorded becomes a game ("Score a finished board from a photo": the routes seen, one
corrected with a tap, the game made, its tickets next). The photo is one the test makes."""

from __future__ import annotations

import functools
import json

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import CDPSession, Page, expect

from companion.photo.layout import load_layout
from tests.e2e.phone import go, more, post_record, ready, screenshot, tap
from tests.photo.board_pictures import BoardPhoto, board_photo, game_end

pytestmark = pytest.mark.slow

LAYOUT = load_layout("usa")
PLAYERS = [("Ann", "red"), ("Bob", "blue"), ("Cy", "green")]
LOCALES = {"en": "en-GB", "ru": "ru-RU", "uk": "uk-UA"}
WORDS = {  # what each language's pages say, as its catalog has it
    "en": {
        "disagree": "routes disagree with the record",
        "recorded": "Recorded:",
        "tickets": "Tickets",
    },
    "ru": {
        "disagree": "расходятся с записью игры",
        "recorded": "Записано —",
        "tickets": "Карты маршрутов",
    },
    "uk": {"disagree": "розходяться із записом гри", "recorded": "Записано —", "tickets": "Квитки"},
}


def _track(a: str, b: str) -> int:
    return next(i for i, t in enumerate(LAYOUT.tracks) if set(t.route.cities) == {a, b})


# Some thirty routes a player, none on a route printed in its own colour (the page is
# tested here; the reading itself on real photos, by benchmarks/photo_reading.py).
BOARD = game_end(30, empty={_track("Denver", "Omaha")})
NAMES = {c: n for n, c in PLAYERS}


@functools.cache
def photo() -> BoardPhoto:
    return board_photo(BOARD, seed=21, table="checks", light=(1.08, 1.0, 0.9))


WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def _no_wcag_violation(page: Page, language: str) -> None:
    """axe-core on the page as it stands (its colours once, in English)."""
    options = {
        "runOnly": {"type": "tag", "values": WCAG_21_AA},
        "resultTypes": ["violations"],
        **({} if language == "en" else {"rules": {"color-contrast": {"enabled": False}}}),
    }
    violations = Axe().run(page, options=options).response["violations"]
    assert [(v["id"], [n["target"] for n in v["nodes"][:3]]) for v in violations] == []


def _record_with_a_claim_left_out() -> tuple[dict, int]:
    """The board's claims as a record, one of Cy's left out: which track."""
    left_out = next(i for i, c in BOARD.items() if c == "green")
    actions = []
    for i, colour in BOARD.items():
        if i == left_out:
            continue
        route = LAYOUT.tracks[i].route
        action = {"player": NAMES[colour], "claim": list(route.cities)}
        if route.is_parallel:
            action["track"] = route.track
        actions.append(action)
    record = {
        "format": "ttr-companion/1",
        "map": "usa",
        "players": [{"name": n, "color": c} for n, c in PLAYERS],
        "actions": actions,
    }
    return record, left_out


def _send_photo(page: Page) -> None:
    """The photo taken: the page sends it as soon as it comes (one tap for the player)."""
    before = ready(page)
    page.set_input_files(
        "input[type=file][name=photo]",
        files=[{"name": "board.jpg", "mimeType": "image/jpeg", "buffer": photo().jpeg}],
    )
    page.wait_for_selector(f"html[data-ready]:not([data-ready='{before}'])", state="attached")
    expect(page.locator(".corner")).to_have_count(4)


def _touch_drag(
    page: Page, cdp: CDPSession, start: tuple[float, float], end: tuple[float, float]
) -> None:
    """A finger put down at ``start`` and moved to ``end`` in steps, then lifted."""
    cdp.send(
        "Input.dispatchTouchEvent",
        {"type": "touchStart", "touchPoints": [{"x": start[0], "y": start[1]}]},
    )
    for step in range(1, 9):
        x = start[0] + (end[0] - start[0]) * step / 8
        y = start[1] + (end[1] - start[1]) * step / 8
        cdp.send(
            "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]}
        )
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def _drag_the_corners(page: Page) -> None:
    """Drags the first corner away with a finger (the loupe shows while it moves), then
    each corner to where the board's corner is in the photo, as a player who finds them a
    little off would; the form then sends those places."""
    for corner in range(1, 5):
        _drag_a_corner(page, corner, off_first=corner == 1)


def _drag_a_corner(page: Page, corner: int, off_first: bool) -> None:
    cdp = page.context.new_cdp_session(page)
    handle = page.locator(f".corner[data-corner='{corner}']")
    handle.scroll_into_view_if_needed()
    box = handle.bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44
    start = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    image = page.locator(".corners img").bounding_box()
    width = float(page.locator(".corners").get_attribute("data-width"))
    scale = image["width"] / width
    held_scale = width / photo().width
    truth = photo().corners[corner - 1]
    target = (
        image["x"] + truth[0] * held_scale * scale,
        image["y"] + truth[1] * held_scale * scale,
    )
    if off_first:
        away = (start[0] - 40, start[1] + 30)
        _touch_drag(page, cdp, start, away)
        moved = float(page.locator(f"input[name=x{corner}]").input_value())
        assert abs(moved - (start[0] - 40 - image["x"]) / scale) < 3
        start = away
    _touch_drag(page, cdp, start, target)
    x = float(page.locator(f"input[name=x{corner}]").input_value()) / held_scale
    y = float(page.locator(f"input[name=y{corner}]").input_value()) / held_scale
    board_width = photo().corners[1][0] - photo().corners[0][0]
    assert abs(x - truth[0]) < 0.01 * board_width and abs(y - truth[1]) < 0.01 * board_width


@pytest.mark.parametrize("language", LOCALES)
def test_the_table_checks_its_record_with_a_photo_and_mends_it_in_one_tap(phones, server, language):
    page = phones(LOCALES[language])
    go(page, server)
    record, left_out = _record_with_a_claim_left_out()
    table = post_record(page, server, record)
    go(page, table)
    more(page)
    tap(page, "#more a[href$='/photo']")
    expect(page.locator("input[type=file][capture=environment]")).to_be_attached()
    screenshot(page, f"photo-take-{language}")
    _send_photo(page)
    _drag_the_corners(page)
    screenshot(page, f"photo-corners-{language}")
    _no_wcag_violation(page, language)
    tap(page, ".photo-corners-form button[type=submit]")
    items = page.locator(".disagreements > li")
    expect(items).to_have_count(1)
    route = LAYOUT.tracks[left_out].route
    expect(items.first).to_contain_text(route.cities[0] if language == "en" else "")
    expect(page.locator(".photo-board g.differs")).to_have_count(1)
    screenshot(page, f"photo-check-{language}")
    _no_wcag_violation(page, language)
    tap(page, items.first.locator("button[name=mend]").first)
    expect(page.locator("main > .note")).to_contain_text(WORDS[language]["recorded"])
    expect(page.locator(".disagreements > li")).to_have_count(0)
    expect(page.locator(".ok-note")).to_be_visible()
    screenshot(page, f"photo-mended-{language}")
    # The table's own page shows the claim, recorded through the referee.
    go(page, table)
    expect(page.locator(".history")).to_contain_text("Cy")


@pytest.mark.parametrize("language", LOCALES)
def test_a_finished_board_becomes_a_game_from_a_photo(phones, server, language):
    page = phones(LOCALES[language])
    go(page, server)
    tap(page, "a[href='/photo']")
    for seat, (name, colour) in enumerate(PLAYERS):
        page.fill(f"[name=name-{seat}]", name)
        page.select_option(f"[name=colour-{seat}]", colour)
    _send_photo(page)
    _drag_the_corners(page)
    tap(page, ".photo-corners-form button[type=submit]")
    rows = page.locator(".seen-routes select")
    expect(rows).to_have_count(len(LAYOUT.tracks))
    chosen = {
        name: page.locator(f"select[name={name}]").input_value()
        for name in page.eval_on_selector_all(".seen-routes select", "s => s.map(x => x.name)")
    }
    expected = {f"route-{LAYOUT.tracks[i].route.id}": NAMES[c] for i, c in BOARD.items()}
    assert {k: v for k, v in chosen.items() if v} == expected
    missed = LAYOUT.tracks[_track("Denver", "Omaha")].route.id
    page.select_option(f"select[name=route-{missed}]", "Bob")  # a route put right with a tap
    screenshot(page, f"photo-claims-{language}")
    _no_wcag_violation(page, language)
    tap(page, "button.primary[type=submit]")
    expect(page.locator("main > .note")).to_be_visible()
    assert "/tickets" in page.url
    screenshot(page, f"photo-game-{language}")
    game = json.loads(
        page.request.get(page.url.split("?")[0].replace("/tickets", "/record.json")).text()
    )
    claimed = {tuple(a["claim"]) for a in game["actions"] if "claim" in a}
    assert ("Denver", "Omaha") in claimed or ("Omaha", "Denver") in claimed
    assert len(claimed) == len(BOARD) + 1
