"""An event on a phone: started from the home page, a table's game opened from the
organizer's page and a route claimed there, which the event's pages then show."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Browser, Page, expect

from tests.e2e.phone import SCREENSHOTS, claim, go, screenshot, tap

PLAYERS = [f"Player {i}" for i in range(1, 9)]


def start_event(page: Page, server: str, name: str) -> None:
    """An event of ``PLAYERS`` started from the home page: the page is the organizer's."""
    go(page, server + "/")
    page.locator("#events summary").click()
    page.fill("#events input[name=name]", name)
    page.fill("#events textarea[name=players]", "\n".join(PLAYERS))
    tap(page, page.locator("#events button[type=submit]"))
    expect(page).to_have_url(re.compile(r"/e/[\w-]+$"))


def test_an_organizer_starts_an_event_and_a_table_plays_its_game(server: str, phone: Page) -> None:
    page = phone
    start_event(page, server, "Thursday club")
    organizer = page.url
    tables = page.locator("#round-1 li.event-table")
    expect(tables).to_have_count(2)
    screenshot(page, "event-organizer")
    first = tables.first
    seated = first.locator(".seats .who").all_inner_texts()
    assert len(seated) == 4 and set(seated) <= set(PLAYERS)
    tap(page, first.locator("a.button", has_text="Open the table's game"))
    expect(page.locator(".acting a.chosen")).to_have_text(seated[0])  # the first seat plays
    claim(page, "hel", "helena", "Denver")
    expect(page.locator(".note")).to_contain_text(f"{seated[0]} claimed Denver–Helena")
    go(page, organizer)
    first = page.locator("#round-1 li.event-table").first
    expect(first.locator(".chip").first).to_have_text("playing")
    expect(first.locator(".seats li").first).to_contain_text("7")  # Denver–Helena: 4 trains
    public = page.locator("#organizer .link input").input_value()
    go(page, public)
    expect(page.locator("#round-1 li.event-table").first.locator(".chip").first).to_have_text(
        "playing"
    )
    expect(page.locator("#organizer")).to_have_count(0)
    screenshot(page, "event-public")


def test_the_public_page_fills_the_rooms_screen(server: str, phone: Page, browser: Browser) -> None:
    """At 1920×1080 (a TV, a projector) the tables stand in rows of four beside the
    standings, in type read from across the room, and nothing runs off the screen."""
    page = phone
    go(page, server + "/")
    page.locator("#events summary").click()
    page.fill("#events textarea[name=players]", "\n".join(f"Player {i}" for i in range(1, 49)))
    tap(page, page.locator("#events button[type=submit]"))
    public = page.locator("#organizer .link input").input_value()
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    try:
        screen = context.new_page()
        go(screen, public)
        tables = screen.locator("#round-1 li.event-table")
        expect(tables).to_have_count(12)
        tops = [tables.nth(i).bounding_box()["y"] for i in range(4)]
        assert max(tops) - min(tops) < 1  # four tables side by side
        standings = screen.locator("#standings").bounding_box()
        assert standings["x"] > tables.nth(3).bounding_box()["x"]  # beside them
        size = screen.evaluate(
            "parseFloat(getComputedStyle(document.querySelector('.seats')).fontSize)"
        )
        assert size >= 20
        standings_size = screen.evaluate(
            "parseFloat(getComputedStyle(document.querySelector('.event-standings td')).fontSize)"
        )
        assert standings_size >= 24  # the standings too, from across the room
        assert screen.evaluate("document.documentElement.scrollWidth") <= 1920
        SCREENSHOTS.mkdir(exist_ok=True)
        screen.screenshot(path=str(SCREENSHOTS / "event-screen-1920.png"))
    finally:
        context.close()


def test_the_rooms_screen_follows_the_tables_without_reloading(
    server: str, phone: Page, phones: Callable[..., Page]
) -> None:
    page = phone
    go(page, server + "/")
    page.locator("#events summary").click()
    page.fill("#events textarea[name=players]", "\n".join(PLAYERS))
    tap(page, page.locator("#events button[type=submit]"))
    organizer = page.url
    public = page.locator("#organizer .link input").input_value()
    screen = phones()
    go(screen, public)
    screen.evaluate("window.sameDocument = true")
    first = page.locator("#round-1 li.event-table").first
    seated = first.locator(".seats .who").all_inner_texts()
    tap(page, first.locator("a.button", has_text="Open the table's game"))
    claim(page, "hel", "helena", "Denver")
    table = screen.locator("#round-1 li.event-table").first
    expect(table.locator(".chip").first).to_have_text("playing")
    expect(table.locator(".seats li").first).to_contain_text(f"{seated[0]} 7")
    go(page, organizer)
    # Round 1 still playing: the draw asks to be opened first, and says why.
    page.locator("#organizer .draw-early summary").click()
    expect(page.locator("#organizer .draw-early")).to_contain_text("2 tables of round 1 have")
    page.locator("#organizer button", has_text="Draw round 2 now").click()
    expect(screen.locator("#round-2 li.event-table")).to_have_count(2)  # the new round too
    assert screen.evaluate("window.sameDocument") is True


def test_a_phone_left_on_a_replaced_game_is_sent_to_the_tables_new_one(
    server: str, phone: Page, phones: Callable[..., Page]
) -> None:
    """The organizer draws a table again while a phone shows its game: the phone is told at
    once, without reloading, and its claims and turns give way to one tap to the table's
    game now; a claim sent from a page that heard nothing is refused (``tests/web``)."""
    organizer = phone
    start_event(organizer, server, "Friday club")
    table = organizer.locator("#round-1 li.event-table").first
    game = table.locator("a.button", has_text="Open the table's game").get_attribute("href")
    player = phones()
    go(player, server + str(game))
    expect(player.locator(".acting a.chosen")).to_be_visible()
    organizer.locator("input[name=tables][value='1']").check()
    tap(organizer, organizer.locator("button", has_text="Draw the chosen tables again"))
    banner = player.locator("section.banner[role=alert]")
    expect(banner).to_contain_text("Nothing more can be recorded in it.")  # heard live
    expect(player.locator("#claim, #bar")).to_have_count(0)  # nothing to record
    screenshot(player, "event-replaced-game")
    go(player, server + str(game) + "/board")
    expect(player.locator("section.banner[role=alert]")).to_be_visible()
    expect(player.locator("#bar")).to_have_count(0)
    screenshot(player, "event-replaced-board")
    tap(player, player.locator("a.button", has_text="Open the table's new game"))
    expect(player).not_to_have_url(re.compile(re.escape(str(game)) + "$"))
    expect(player.locator("section.banner[role=alert]")).to_have_count(0)
    expect(player.locator(".acting a.chosen")).to_be_visible()


def test_the_clock_and_the_last_call_reach_every_tables_phone_at_once(
    server: str, phone: Page, phones: Callable[..., Page]
) -> None:
    """The organizer starts round 1's clock and later calls the last round: a phone open
    on a table's game shows the time left counting down, then the call, without reloading;
    the room's screen too."""
    organizer = phone
    start_event(organizer, server, "Saturday club")
    tables = organizer.locator("#round-1 li.event-table")
    games = [
        tables.nth(i).locator("a.button", has_text="Open the table's game").get_attribute("href")
        for i in range(2)
    ]
    public = organizer.locator("#organizer .link input").input_value()
    table_phones = [phones() for _ in games]
    for player, game in zip(table_phones, games, strict=True):
        go(player, server + str(game))
        expect(player.locator(".acting a.chosen")).to_be_visible()
    screen = phones()
    go(screen, public)
    organizer.fill("input[name=minutes]", "90")
    tap(organizer, organizer.locator("button", has_text="Start the clock"))
    for page in (*table_phones, screen):
        clock = page.locator("p.clock time")
        expect(clock).to_have_text(re.compile(r"^1:[0-3]\d:\d\d$"))  # heard live, counting
    screenshot(table_phones[0], "event-clock-table")
    tap(organizer, organizer.locator("button", has_text="Call the last round of turns"))
    for page in (*table_phones, screen):
        expect(page.locator(".banner.last-call")).to_have_text(
            "Last call: the organizer has called the last round of turns."
        )
    screenshot(table_phones[0], "event-last-call-table")
    screenshot(screen, "event-last-call-screen")
