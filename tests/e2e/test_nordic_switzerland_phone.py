"""Nordic Countries and Switzerland on a phone: a Swiss game with a country ticket, and a
Nordic game with the Dice Expansion, each to its PDF."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from companion.rules.names import place_key
from tests.e2e.phone import claim, dice_counts, go, pdf_text, screenshot, start_game, tap


def test_the_new_game_form_shows_as_many_seats_as_the_map_takes(server: str, phone: Page) -> None:
    page = phone
    go(page, server)
    seats = page.locator(".seats > li")
    expect(seats.nth(4)).to_be_visible()
    page.select_option("[name='map']", "nordic")
    expect(seats.nth(2)).to_be_visible()
    expect(seats.nth(3)).to_be_hidden()
    expect(seats.nth(4)).to_be_hidden()
    page.select_option("[name='map']", "usa")
    page.fill("[name='seats-3-name']", "Dee")
    page.select_option("[name='map']", "switzerland")  # a named seat stays, to be refused
    expect(seats.nth(3)).to_be_visible()
    expect(seats.nth(4)).to_be_hidden()


def test_the_payment_check_asks_for_turned_over_cards_on_a_tunnel_only(
    server: str, phone: Page
) -> None:
    page = phone
    table = start_game(page, server, ["Ann", "Bob"], "nordic")
    go(page, table + "/pay")
    turned = page.locator("[data-tunnel-only]")
    route = page.locator("select[name='route']")
    route.select_option(label="Kristiansand–Oslo (black), 2")
    expect(turned).to_be_hidden()
    route.select_option(label="Kiruna–Narvik (purple, tunnel), 1")
    expect(turned).to_be_visible()


def test_a_swiss_game_with_a_country_ticket_to_the_pdf(server: str, phone: Page) -> None:
    page = phone
    start_game(page, server, ["Ann", "Bob", "Cy"], "switzerland")
    # Ann runs from France through Delémont and Basel into Deutschland; Bob and Cy claim
    # elsewhere.
    turns = [
        ("Ann", "delem", "delemont", "France"),
        ("Bob", "bern", "bern", "Solothurn"),
        ("Cy", "lugan", "lugano", "Italia"),
        ("Ann", "basel", "basel", "Delémont"),
        ("Bob", "sion", "sion", "Martigny"),
        ("Cy", "chur", "chur", "Sargans"),
        ("Ann", "basel", "basel", "Deutschland"),
    ]
    for player, letters, key, to in turns:
        expect(page.locator(".acting a.chosen")).to_have_text(player)
        claim(page, letters, key, re.compile(rf"^\s*{re.escape(to)}"))
        expect(page.locator(".note")).to_contain_text(f"{player} claimed")
    screenshot(page, "sw1-table")

    tap(page, "nav >> text=Board")
    expect(page.locator(".picture svg g.flag").first).to_be_visible()  # the border flags
    expect(page.locator(".legend")).to_contain_text("route into Italia")
    screenshot(page, "sw2-board")

    # Ann's country ticket, picked as printed: France to the three others.
    tap(page, "nav >> text=Tickets")
    tap(page, ".players >> text=Ann")
    page.fill(".ticket-search", "franc")
    tap(page, page.locator(".deck li:visible button", has_text=re.compile(r"^\s*France")))
    hand = page.locator(".tickets li")
    expect(hand).to_contain_text("Deutschland reached: +5")
    screenshot(page, "sw3-country-ticket")

    # Ann: routes 2 + 2 + 1 = 5, the ticket +5, the longest path (France–Delémont–Basel–
    # Deutschland, 5 spaces) +10 = 20. Bob: Bern–Solothurn 2, Martigny–Sion 2 = 4.
    # Cy: Lugano–Italia 2, Chur–Sargans 1 = 3.
    tap(page, "text=Score sheet")
    expect(page.locator(".player-sheet h2").first).to_have_text(re.compile(r"Ann: 20 points"))
    expect(page.locator("main")).to_contain_text(
        "Deutschland, the highest target reached: France–Delémont–Basel–Deutschland"
    )
    screenshot(page, "sw4-sheet")
    text = pdf_text(page)
    assert "Ann: 20 points" in text and "Bob: 4 points" in text and "Cy: 3 points" in text
    assert "Deutschland, the highest target reached" in text


def test_a_nordic_game_with_dice_to_the_pdf(server: str, phone: Page) -> None:
    page = phone
    start_game(page, server, ["Ann", "Bob"], "nordic", dice=True)
    expect(page.locator("#dice h2")).to_have_text("Ann's dice")

    def roll(counts: dict[str, int]) -> None:
        dice_counts(page, *counts.items())

    # Ann: three double faces and a locomotive: the ferry Stockholm–Helsinki (yellow, one
    # track of a double, 4 spaces, 1 locomotive) takes the locomotive for its symbol.
    roll({"double": 3, "locomotive": 1, "single": 1})
    page.fill(".play-search", place_key("Helsinki")[:5])
    ferry = page.locator(".plays li", has_text="Helsinki–Stockholm (yellow, ferry, 1 locomotive)")
    tap(page, ferry.locator("button", has_text="Claim"))
    expect(page.locator(".note")).to_contain_text(
        "Ann claimed Helsinki–Stockholm (yellow, ferry, 1 locomotive): +7"
    )
    screenshot(page, "nd1-ferry-with-dice")

    # Bob: the tunnel Åndalsnes–Lillehammer (yellow, 2 spaces) with two single faces, and
    # no tunnel face on the black dice.
    expect(page.locator("#dice h2")).to_have_text("Bob's dice")
    roll({"single": 2, "double": 2, "station": 1})
    page.fill(".play-search", "lille")
    tunnel = page.locator(".plays li", has_text="Åndalsnes–Lillehammer")
    tap(page, tunnel.locator(".tunnel button", has_text="0"))
    expect(page.locator(".note")).to_contain_text(
        "Bob claimed Åndalsnes–Lillehammer (yellow, tunnel): +2"
    )

    # Lieksa–Murmansk (9 spaces) is never among the plays of a roll.
    roll({"locomotive": 5})
    page.fill(".play-search", "lieks")
    expect(page.locator(".plays li:visible", has_text="Murmansk")).to_have_count(0)

    # Tickets: Ann's Stockholm–Imatra is not complete (−7); Bob's none.
    tap(page, "nav >> text=Tickets")
    tap(page, ".players >> text=Ann")
    page.fill(".ticket-search", "imatr")
    tap(page, page.locator(".deck li:visible button", has_text="Stockholm–Imatra"))
    expect(page.locator(".tickets li")).to_contain_text("not connected")

    # Ann: 7 − 7 = 0; Bob: 2. Nobody completed a ticket: no Globetrotter.
    tap(page, "text=Score sheet")
    expect(page.locator(".player-sheet h2").nth(1)).to_have_text(re.compile(r"Bob: 2 points"))
    screenshot(page, "nd2-sheet")
    text = pdf_text(page)
    assert "Ann: 0 points" in text and "Bob: 2 points" in text
    assert "Globetrotter" in text
