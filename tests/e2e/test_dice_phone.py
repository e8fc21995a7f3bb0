"""A dice turn on a phone: enter the dice, see the plays, make one, take a token."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.conftest import screenshot


def test_one_dice_turn(server: str, phone: Page) -> None:
    page = phone
    page.goto(server)
    page.fill("[name='seats-0-name']", "Ann")
    page.fill("[name='seats-1-name']", "Bob")
    page.check("[name='dice']")
    page.click("text=Start the game")
    expect(page.locator("#dice h2")).to_have_text("Ann's dice")

    # The dice on the table: 2 single, 1 double, 1 station, 1 locomotive.
    for i, face in enumerate(["single", "single", "double", "station", "locomotive"]):
        page.locator("form.faces select").nth(i).select_option(face)
    page.click("text=These are the dice")
    expect(page.locator(".plays")).to_contain_text("Calgary–Vancouver (gray): 3 spaces, +4")
    expect(page.locator(".plays")).to_contain_text("Draw 2 tickets")
    screenshot(page, "d1-dice-plays")

    play = page.locator(".plays li", has_text="Calgary–Vancouver (gray): 3 spaces")
    play.locator("select[name='take']").select_option(label="take 1 double")
    play.locator("text=Do it").click()
    expect(page.locator(".note")).to_contain_text("Ann claims Calgary–Vancouver")
    expect(page.locator("#dice")).to_contain_text("Ann: 1 double token")
    expect(page.locator("#dice h2")).to_have_text("Bob's dice")
    screenshot(page, "d2-after-the-turn")
