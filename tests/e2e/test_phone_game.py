"""A 3-player game on a phone, from "new game" to the downloaded PDF, in headless Chromium."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.phone import claim, go, pdf_text, screenshot, tap, tap_route
from tests.web.helpers import route_id


def test_a_three_player_game_from_new_game_to_the_pdf(server: str, phone: Page) -> None:
    page = phone
    go(page, server)
    screenshot(page, "1-home")
    for seat, name in enumerate(["Ann", "Bob", "Cy"]):
        page.fill(f"[name='seats-{seat}-name']", name)
    tap(page, "text=Start the game")
    expect(page.locator("h2", has_text="Ann claims a route")).to_be_visible()
    screenshot(page, "2-table")

    # A city is found by another spelling too: "St. Louis" is printed Saint Louis.
    page.fill(".city-search", "st. louis")
    expect(page.locator("details.city[data-key^='saint louis']")).to_have_attribute("open", "")
    expect(page.locator("details.city:visible")).to_have_count(1)
    # And by its Russian or Ukrainian name.
    page.fill(".city-search", "нью-й")
    expect(page.locator("details.city[data-key^='new york']")).to_have_attribute("open", "")
    page.fill(".city-search", "Сент-Луї")
    expect(page.locator("details.city[data-key^='saint louis']")).to_have_attribute("open", "")
    claim(page, "hel", "helena", "Denver")
    expect(page.locator(".note")).to_contain_text("Ann claimed Denver–Helena (green): +7")
    expect(page.locator("h2", has_text="Bob claims a route")).to_be_visible()

    claim(page, "bost", "boston", "New York (yellow)")
    expect(page.locator(".note")).to_contain_text("Bob claimed Boston–New York (yellow)")

    # With 3 players the other Boston–New York route is closed: refused, with the rule.
    claim(page, "new y", "new york", "Boston (red)")
    expect(page.locator(".problem")).to_contain_text(
        "with 3 players only one of the two Boston–New York routes can be used"
    )
    screenshot(page, "3-refused")
    # The claim list gives the same reason under the closed route.
    page.fill(".city-search", "new y")
    new_york = page.locator("details.city[data-key^='new york']")
    closed = new_york.locator("button.route", has_text="Boston (red)")
    expect(closed.locator(".why")).to_contain_text("only one of the two Boston–New York routes")
    screenshot(page, "3b-closed-route")

    claim(page, "sea", "seatle", "Portland")  # the search folds a double letter to one
    expect(page.locator(".note")).to_contain_text("Cy claimed Portland–Seattle")
    tap(page, ".bar .last button")
    expect(page.locator(".note")).to_contain_text("Undone: Cy claimed Portland–Seattle")
    expect(page.locator(".history .undone")).to_contain_text("Cy claimed Portland–Seattle")
    screenshot(page, "4-undone")
    claim(page, "toro", "toronto", "Montréal")
    expect(page.locator(".note")).to_contain_text("Cy claimed Montréal–Toronto (gray): +4")

    # On the board picture: tap a route, confirm.
    tap(page, "nav >> text=Board")
    tap_route(page, route_id("Denver", "Santa Fe"))
    expect(page.locator("#route-sheet h3")).to_contain_text("Denver–Santa Fe")
    screenshot(page, "5-confirm")
    tap(page, "#route-sheet >> text=Claim Denver–Santa Fe")
    expect(page.locator(".note")).to_contain_text("Ann claimed Denver–Santa Fe (gray): +2")
    tap(page, "nav >> text=Board")
    screenshot(page, "6-board")

    # Tickets: a typed one for Ann, one from the deck for Bob.
    tap(page, "nav >> text=Tickets")
    tap(page, ".players >> text=Ann")
    page.fill("[name='city_a']", "Helena")
    page.fill("[name='city_b']", "Santa Fe")
    page.fill("[name='points']", "6")
    tap(page, "text=Add ticket")
    expect(page.locator(".tickets li")).to_contain_text("Helena–Santa Fe")
    expect(page.locator(".tickets li")).to_contain_text("complete")
    tap(page, ".players >> text=Bob")
    page.fill(".ticket-search", "atlan")
    tap(page, page.locator(".deck li:visible button", has_text="New York"))
    expect(page.locator(".tickets li")).to_contain_text("not connected")
    screenshot(page, "7-tickets")

    # Ann: 7 + 2 routes, +6 ticket, +10 longest path (Helena–Denver–Santa Fe, 6 spaces) = 25.
    # Bob: 2 − 6 = −4.  Cy: 4.
    tap(page, "text=Score sheet")
    expect(page.locator(".winner")).to_have_text("Leading: Ann")
    expect(page.locator(".player-sheet h2").first).to_have_text(re.compile(r"Ann: 25 points"))
    screenshot(page, "8-sheet")

    text = pdf_text(page)
    assert "Leading: Ann" in text
    assert "Ann: 25 points" in text and "Bob: \u22124 points" in text and "Cy: 4 points" in text
    assert "+6 Helena–Santa Fe (6): connected: " in text
