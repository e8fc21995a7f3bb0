"""A small phone (320 px wide) with its text at twice the usual size (the browser's own
text size set to 32 px, as a reader who needs large text sets it): a claim, a draw and
an Undo are played, and at each step nothing is cut, broken, wider than the screen, over
another control or out of sight, and every tap target stays a finger's size; then the
board, the tickets, the sheet, the two watching pages and a new group's page are read."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import phone_in
from tests.e2e.fits import crowded, measure
from tests.e2e.phone import claim, go, tap

USUAL_TEXT = 16  # px: a browser's text size unless its reader changes it


@pytest.fixture
def large_text(browser: Browser) -> Iterator[Callable[[str], Page]]:
    """A 320 × 568 phone whose browser shows text at 200 %, speaking ``language``."""
    opened: list[Iterator[Page]] = []

    def phone(language: str) -> Page:
        opened.append(phone_in(browser, language))
        page = next(opened[-1])
        page.set_viewport_size({"width": 320, "height": 568})
        session = page.context.new_cdp_session(page)
        fonts = {"standard": 2 * USUAL_TEXT, "fixed": 2 * 13}
        session.send("Page.setFontSizes", {"fontSizes": fonts})
        return page

    yield phone
    for each in opened:
        next(each, None)


def fits(page: Page, where: str, faults: list[str]) -> None:
    measure(page, where, faults)
    crowded(page, where, faults)


@pytest.mark.parametrize("language", ["en", "ru", "uk"])
def test_a_claim_a_draw_and_an_undo_at_twice_the_text_size_on_a_small_phone(
    server: str, large_text: Callable[[str], Page], language: str
) -> None:
    page = large_text(language)
    go(page, f"{server}/?lang={language}")
    # The text is twice the usual size (else this test would measure nothing new).
    assert page.evaluate("getComputedStyle(document.body).fontSize") == f"{2 * USUAL_TEXT}px"
    faults: list[str] = []
    fits(page, "home", faults)
    page.select_option("[name='map']", "usa")
    for seat, name in enumerate(["Ann", "Bob", "Cy"]):
        page.fill(f"[name='seats-{seat}-name']", name)
    tap(page, "form[action$='/games'] button[type=submit]")
    table = page.url.split("?")[0]
    fits(page, "the table", faults)

    page.fill(".city-search", "hel")
    expect(page.locator(".city-search")).to_have_attribute("data-found", "hel")
    fits(page, "the table, a city found", faults)
    claim(page, "hel", "helena", "Denver")
    expect(page.locator(".bar .last .said")).to_contain_text("Denver")
    fits(page, "the table after a claim", faults)

    tap(page, page.locator(".turns form:has(input[value=cards]) button"))
    expect(page.locator(".bar .last .said")).not_to_contain_text("Denver")
    fits(page, "the table after a draw", faults)

    tap(page, page.locator(".bar .last button"))  # Undo
    expect(page.locator(".bar .last .said")).to_contain_text("Denver")
    fits(page, "the table after an Undo", faults)

    go(page, f"{table}/board")
    fits(page, "the board", faults)
    for other in ("tickets", "sheet"):  # the end of the game's pages, read as they stand
        go(page, f"{table}/{other}")
        fits(page, f"the {other} page", faults)
    go(page, table)
    watch = re.search(r"/w/[\w-]+", page.content())  # in the More sheet
    assert watch is not None
    for address in (watch[0], watch[0] + "/sheet"):  # the watching phone's pages
        go(page, server + address)
        fits(page, address, faults)
    go(page, f"{server}/")  # a group, new
    tap(page, page.locator("#groups form button[type=submit]"))
    fits(page, "a group's page", faults)
    assert faults == [], "\n".join(faults)
