"""Rails & Sails on a phone: a World game with a split, a sea route, a port and an exchange."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.phone import go, more, pdf_text, screenshot, tap


def test_a_world_game_with_a_port_and_an_exchange(server: str, phone: Page) -> None:
    page = phone
    go(page, server)
    page.select_option("[name='map']", "world")
    expect(page.locator("[name='seats-0-trains']")).to_be_visible()
    page.fill("[name='seats-0-name']", "Ann")
    page.fill("[name='seats-0-trains']", "25")
    page.fill("[name='seats-0-ships']", "35")
    page.fill("[name='seats-1-name']", "Bob")
    screenshot(page, "s1-new-world-game")
    tap(page, "text=Start the game")
    expect(page.locator(".players")).to_contain_text("25 trains · 35 ships")

    # Ann claims the sea route Marseille–Athina (2 ships).
    page.fill(".city-search", "athi")
    city = page.locator("details.city[data-key^='athina']")
    expect(city).to_have_attribute("open", "")
    tap(page, city.locator("button.route", has_text="Marseille"))
    expect(page.locator(".note")).to_contain_text("Ann claimed Athina–Marseille (red, sea): +2")
    expect(page.locator(".players")).to_contain_text("25 trains · 33 ships")

    # Bob exchanges 3 trains for ships.
    tap(page, ".players >> text=Bob")
    more(page)
    page.fill("form[action$='/exchange'] input[name='count']", "3")
    tap(page, "text=Exchange (−1 each)")
    expect(page.locator(".note")).to_contain_text("Bob traded 3 trains for 3 ships: −3")
    expect(page.locator(".players")).to_contain_text("17 trains · 43 ships")

    # Ann builds a port in Marseille.
    tap(page, ".players >> text=Ann")
    more(page)
    page.select_option("form[action$='/port'] select[name='city']", "Marseille")
    tap(page, "text=Build the port")
    expect(page.locator(".note")).to_contain_text("Ann built a port in Marseille")
    screenshot(page, "s2-port-built")

    tap(page, "nav >> text=Tickets")
    tap(page, ".players >> text=Ann")
    page.fill("[name='city_a']", "Marseille")
    page.fill("[name='city_b']", "Athina")
    page.fill("[name='points']", "4")
    tap(page, "text=Add ticket")
    expect(page.locator(".tickets li")).to_contain_text("complete")

    # Ann: route 2, ticket +4, the Marseille port named by it 20, two ports not built −8 = 18.
    # Bob: exchange −3, three ports not built −12 = −15.
    tap(page, "text=Score sheet")
    expect(page.locator(".winner")).to_have_text("Leading: Ann")
    expect(page.locator("main")).to_contain_text("Ann: 18 points")
    expect(page.locator("main")).to_contain_text("Bob: -15 points")
    screenshot(page, "s3-sheet")
    text = pdf_text(page)
    assert "+20 Port in Marseille: " in text
    assert "\u22123 Pieces exchanged: 3 pieces × −1" in text
