"""A dice turn on a phone: enter the dice, see the plays, make one, take a token."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.phone import screenshot, start_game, tap


def test_one_dice_turn(server: str, phone: Page) -> None:
    page = phone
    start_game(page, server, ["Ann", "Bob"], dice=True)
    expect(page.locator("#dice h2")).to_have_text("Ann's dice")

    # The dice on the table: 2 single, 1 double, 1 station, 1 locomotive: a tap for each
    # face shown, then one to see the plays.
    for face, count in (("single", 2), ("double", 1), ("station", 1), ("locomotive", 1)):
        page.locator(
            f"fieldset.count:has(input[name='{face}']) label.face", has_text=str(count)
        ).click()
    tap(page, "text=These are the dice")
    expect(page.locator(".plays")).to_contain_text("Calgary–Vancouver (gray): 3 spaces, +4")
    expect(page.locator(".plays")).to_contain_text("Draw 2 tickets")
    screenshot(page, "d1-dice-plays")

    expect(page.locator(".plays li", has_text="Calgary–Vancouver")).to_be_hidden()
    page.fill(".play-search", "calg")  # the routes a roll can claim wait for a city
    play = page.locator(".plays li", has_text="Calgary–Vancouver (gray): 3 spaces")
    # Two dice left unused give a token: taken unless the player says otherwise.
    expect(play.locator("select[name='take'] option:checked")).to_have_text("take 1 single token")
    play.locator("select[name='take']").select_option(label="take 1 double token")
    tap(page, play.locator("button", has_text="Claim"))
    expect(page.locator(".note")).to_contain_text("Ann claimed Calgary–Vancouver")
    expect(page.locator("#dice")).to_contain_text("Ann: 1 double token")
    expect(page.locator("#dice h2")).to_have_text("Bob's dice")
    screenshot(page, "d2-after-the-turn")


def test_a_tunnel_turn_with_dice_takes_a_few_taps(server: str, phone: Page) -> None:
    page = phone
    start_game(page, server, ["Ann", "Bob"], "europe", dice=True)
    taps = 0
    # Four single faces and a locomotive; Ann claims the tunnel Marseille–Zürich (a single
    # track of 2 spaces) and the black dice show one tunnel: one more single face.
    for face, count in (("single", 4), ("locomotive", 1)):
        page.locator(
            f"fieldset.count:has(input[name='{face}']) label.face", has_text=str(count)
        ).click()
        taps += 1
    tap(page, "text=These are the dice")
    taps += 1
    page.fill(".play-search", "zur")  # typing is not a tap
    play = page.locator(".plays li", has_text="Marseille–Zürich")
    expect(play.locator(".tunnel")).to_contain_text("how many tunnel faces are on the black dice?")
    screenshot(page, "d3-tunnel")
    tap(page, play.locator(".tunnel button", has_text="1"))
    taps += 1
    expect(page.locator(".note")).to_contain_text("Ann claimed Marseille–Zürich")
    assert taps == 4
