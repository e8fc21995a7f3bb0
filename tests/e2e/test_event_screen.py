"""The room's screen (a TV at 1920 × 1080) for a hall of 40 tables and 160 players: every
table and every standing on a page of it, legible from across the room (the test measures
the type and that nothing spills or is cut), each finished table in place order with its
winner marked, the clock and the last call, pages that turn by themselves, nothing to
press."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import page_in
from tests.e2e.phone import SCREENSHOTS, go, tap
from tests.e2e.test_event_evening import PLACES, SCORES, _play_to_the_end
from tests.patience import HANG_MS

SCREEN = {"width": 1920, "height": 1080}
LEGIBLE = 18  # CSS pixels: the smallest type the room's screen may show at 1920 × 1080
# Names, some long enough to test a card's room (none the start of another's).
NAMES = [f"Player {i:03d} Longname" if i % 9 == 0 else f"Player {i:03d}" for i in range(1, 161)]

# Every text on the page shown: its type size, whether it spills out of its box (a name
# cut with an ellipsis is allowed, not one cut short), and whether it lies on the screen.
MEASURE = """() => {
  const found = [];
  const page = document.querySelector('[data-tv-page]:not([hidden])');
  for (const element of document.querySelectorAll('.tv *')) {
    if (element.closest('[data-tv-page]') && element.closest('[data-tv-page]') !== page) continue;
    const own = [...element.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own || !element.getClientRects().length) continue;
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    found.push({
      text: element.textContent.trim().slice(0, 40),
      size: parseFloat(style.fontSize),
      cut: element.scrollWidth > element.clientWidth + 1 && style.textOverflow !== 'ellipsis',
      off: box.left < 0 || box.top < 0
        || box.right > innerWidth + 0.5 || box.bottom > innerHeight + 0.5,
    });
  }
  return found;
}"""


@pytest.fixture
def screen(browser: Browser) -> Iterator[Page]:
    """The room's TV: 1920 × 1080, no touch."""
    yield from page_in(browser, viewport=SCREEN)


def _show(page: Page, number: int) -> None:
    """Shows the screen's page ``number`` (from 1) at once, as its turn would."""
    page.evaluate(
        "n => document.querySelectorAll('[data-tv-page]').forEach("
        "(p, i) => { p.hidden = i !== n - 1; })",
        number,
    )


def _legible(page: Page, where: str) -> None:
    faults = []
    for text in page.evaluate(MEASURE):
        if text["size"] < LEGIBLE:
            faults.append(f"{where}: {text['text']!r} is {text['size']}px")
        if text["cut"]:
            faults.append(f"{where}: {text['text']!r} is cut")
        if text["off"]:
            faults.append(f"{where}: {text['text']!r} lies off the screen")
    assert not faults, faults[:10]
    spill = page.evaluate(
        "[document.documentElement.scrollWidth - innerWidth,"
        " document.documentElement.scrollHeight - innerHeight]"
    )
    assert spill == [0, 0], f"{where}: the page spills {spill}px"


def test_the_rooms_screen_shows_forty_tables_and_160_players_legibly(
    server: str, phone: Page, phones: Callable[..., Page], screen: Page
) -> None:
    page = phone
    go(page, server + "/")
    page.locator("#events summary").click()
    page.fill("#events input[name=name]", "Hall night")
    page.fill("#events textarea[name=players]", "\n".join(NAMES))
    tap(page, page.locator("#events button[type=submit]"))
    organizer = page.url
    # Table 1 plays its game to the end; the clock runs and the last call is made.
    first = page.locator("#round-1 li.event-table").first
    seats = first.locator(".seats .who").all_inner_texts()
    link = first.locator("a.button", has_text="Open the table's game").get_attribute("href")
    tap(page, page.locator("#organizer form.clock-form button"))
    tap(page, page.locator("#organizer button", has_text="Call the last round of turns"))
    tv = page.locator("#organizer a.button", has_text="The room's screen").get_attribute("href")
    table = phones()
    go(table, server + str(link))
    _play_to_the_end(table, 1, seats)  # the evening test's plan for a table, seat by seat

    go(screen, server + str(tv))
    assert screen.locator("button, input, select, textarea, a[href]").count() == 0
    expect(screen.locator(".tv .clock")).to_contain_text("Round 1")
    expect(screen.locator(".tv .last-call")).to_be_visible()
    pages = screen.locator("[data-tv-page]")
    expect(pages).to_have_count(2)
    # Page 1: every table of the round, each whole on the screen.
    _show(screen, 1)
    cards = screen.locator(".tv-table")
    expect(cards).to_have_count(40)
    _legible(screen, "tables")
    boxes = [cards.nth(i).bounding_box() for i in range(40)]
    assert all(b and b["y"] + b["height"] <= SCREEN["height"] for b in boxes)
    finished = cards.first
    order = sorted(range(4), key=lambda i: (PLACES[1][i], i))
    expect(finished.locator(".who")).to_have_text([seats[i] for i in order])
    shown = [int(p.replace("−", "-")) for p in finished.locator(".pts").all_inner_texts()]
    assert shown == [SCORES[1][i] for i in order]
    expect(finished.locator("li.won .who")).to_have_text([seats[order[0]]])
    expect(finished.locator(".winner")).to_have_count(1)
    # Page 2: all 160 standings, the winner of table 1 first with their win.
    _show(screen, 2)
    lines = screen.locator(".tv-standings li")
    expect(lines).to_have_count(160)
    _legible(screen, "standings")
    assert all(lines.nth(i).is_visible() for i in (0, 31, 32, 159))
    expect(lines.first.locator(".who")).to_have_text(seats[order[0]])
    expect(lines.first.locator(".wins")).to_have_text("1★")
    SCREENSHOTS.mkdir(exist_ok=True)
    screen.screenshot(path=str(SCREENSHOTS / "event-screen-standings.png"))
    _show(screen, 1)
    screen.screenshot(path=str(SCREENSHOTS / "event-screen-tables.png"))
    # The pages turn by themselves: page 2 comes round (within a turn's 15 s).
    expect(screen.locator("[data-tv-at]")).to_have_text("2", timeout=HANG_MS)
    expect(pages.nth(1)).to_be_visible()
    # A live update (a move at another table) keeps the screen on the page it shows.
    go(page, organizer)
    second = page.locator("#round-1 li.event-table").nth(1)
    href = second.locator("a.button", has_text="Open the table's game").get_attribute("href")
    go(table, server + str(href))
    tap(table, table.locator(".turns button", has_text="Drew cards"))
    expect(screen.locator(".tv-table").nth(1).locator(".chip")).to_have_text("playing")
    assert re.fullmatch(r"[12]", screen.locator("[data-tv-at]").inner_text())
