"""Rails & Sails on a phone: a World game with a split, a sea route, a port and an exchange."""

from __future__ import annotations

import io

from playwright.sync_api import Page, expect
from pypdf import PdfReader

from tests.e2e.conftest import more, screenshot


def test_a_world_game_with_a_port_and_an_exchange(server: str, phone: Page) -> None:
    page = phone
    page.goto(server)
    page.select_option("[name='map']", "world")
    expect(page.locator("[name='seats-0-trains']")).to_be_visible()
    page.fill("[name='seats-0-name']", "Ann")
    page.fill("[name='seats-0-trains']", "25")
    page.fill("[name='seats-0-ships']", "35")
    page.fill("[name='seats-1-name']", "Bob")
    screenshot(page, "s1-new-world-game")
    page.click("text=Start the game")
    expect(page.locator(".players")).to_contain_text("25 trains · 35 ships")

    # Ann claims the sea route Marseille–Athina (2 ships).
    page.fill(".city-search", "athi")
    city = page.locator("details.city[data-key^='athina']")
    expect(city).to_have_attribute("open", "")
    city.locator("button.route", has_text="Marseille").click()
    expect(page.locator(".note")).to_contain_text("Ann claimed Athina–Marseille (red, sea): +2")
    expect(page.locator(".players")).to_contain_text("25 trains · 33 ships")

    # Bob exchanges 3 trains for ships.
    page.click(".players >> text=Bob")
    more(page)
    page.fill("form[action$='/exchange'] input[name='count']", "3")
    page.click("text=Exchange (−1 each)")
    expect(page.locator(".note")).to_contain_text("Bob trades 3 trains for 3 ships: −3")
    expect(page.locator(".players")).to_contain_text("17 trains · 43 ships")

    # Ann builds a port in Marseille.
    page.click(".players >> text=Ann")
    more(page)
    page.select_option("form[action$='/port'] select[name='city']", "Marseille")
    page.click("text=Build the port")
    expect(page.locator(".note")).to_contain_text("Ann builds a port in Marseille")
    screenshot(page, "s2-port-built")

    page.click("nav >> text=Tickets")
    page.click(".players >> text=Ann")
    page.fill("[name='city_a']", "Marseille")
    page.fill("[name='city_b']", "Athina")
    page.fill("[name='points']", "4")
    page.click("text=Add ticket")
    expect(page.locator(".tickets li")).to_contain_text("complete")

    # Ann: route 2, ticket +4, the Marseille port named by it 20, two ports not built −8 = 18.
    # Bob: exchange −3, three ports not built −12 = −15.
    page.click("text=Score sheet")
    expect(page.locator(".winner")).to_have_text("Leading: Ann")
    expect(page.locator("main")).to_contain_text("Ann: 18 points")
    expect(page.locator("main")).to_contain_text("Bob: -15 points")
    screenshot(page, "s3-sheet")
    with page.expect_download() as download_info:
        page.click("text=Download the PDF score sheet")
    text = "".join(
        p.extract_text()
        for p in PdfReader(io.BytesIO(download_info.value.path().read_bytes())).pages
    )
    assert "+20 Port in Marseille: " in text
    assert "-3 Pieces exchanged: 3 pieces × −1" in text
