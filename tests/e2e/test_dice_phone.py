"""A dice turn on a phone: enter the dice (or roll them, and tap the ones to roll again),
see the plays, make one, take a token: three taps for a claim."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, expect

from tests.e2e.phone import dice_counts, screenshot, start_game, tap


def test_one_dice_turn(server: str, phone: Page) -> None:
    page = phone
    start_game(page, server, ["Ann", "Bob"], dice=True)
    expect(page.locator("#dice h2")).to_have_text("Ann's dice")

    # The dice on the table: 2 single, 1 double, 1 station, 1 locomotive: a tap for each
    # face's count but the last, which the rest of the five dice show; the plays come at
    # once.
    dice_counts(page, ("single", 2), ("double", 1), ("station", 1))
    expect(page.locator(".plays")).to_contain_text("Calgary–Vancouver (gray): 3 spaces, +4")
    expect(page.locator(".plays")).to_contain_text("Draw 2 tickets")
    screenshot(page, "d1-dice-plays")

    expect(page.locator(".plays li", has_text="Calgary–Vancouver")).to_be_hidden()
    page.fill(".play-search", "calg")  # the routes a roll can claim wait for a city
    play = page.locator(".plays li", has_text="Calgary–Vancouver (gray): 3 spaces")
    # Two dice left unused give a token: taken unless the player says otherwise.
    expect(play.locator("select[name='take'] option:checked")).to_have_text("1 single")
    play.locator("select[name='take']").select_option(label="1 double")
    tap(page, play.locator("button", has_text="Claim"))
    expect(page.locator(".note")).to_contain_text("Ann claimed Calgary–Vancouver")
    expect(page.locator("#dice")).to_contain_text("Ann: 1 double token")
    expect(page.locator("#dice h2")).to_have_text("Bob's dice")
    screenshot(page, "d2-after-the-turn")


def test_a_tunnel_turn_with_dice_takes_a_few_taps(server: str, phone: Page) -> None:
    page = phone
    start_game(page, server, ["Ann", "Bob"], "europe", dice=True)
    # Four single faces and a locomotive; Ann claims the tunnel Marseille–Zürich (a single
    # track of 2 spaces) and the black dice show one tunnel: one more single face.
    taps = dice_counts(page, ("single", 4), ("locomotive", 1))
    page.fill(".play-search", "zur")  # typing is not a tap
    play = page.locator(".plays li", has_text="Marseille–Zürich")
    expect(play.locator(".tunnel")).to_contain_text("how many tunnel faces are on the black dice?")
    screenshot(page, "d3-tunnel")
    tap(page, play.locator(".tunnel button", has_text="1"))
    taps += 1
    expect(page.locator(".note")).to_contain_text("Ann claimed Marseille–Zürich")
    assert taps == 3


def test_a_claim_with_the_dice_as_rolled_at_the_table_takes_three_taps(
    server: str, phone: Page
) -> None:
    page = phone
    start_game(page, server, ["Ann", "Bob"], dice=True)
    # Three single faces and two double: a tap for each, and the plays are there.
    taps = dice_counts(page, ("single", 3), ("double", 2))
    expect(page.locator(".dice-row .die")).to_have_count(5)
    page.fill(".play-search", "vanc")  # typing is not a tap
    tap(page, page.locator(".plays li", has_text="Calgary–Vancouver").locator("button"))
    taps += 1
    expect(page.locator(".note")).to_contain_text("Ann claimed Calgary–Vancouver")
    assert taps == 3


def test_three_faces_counted_leave_the_fourth_and_a_claim_takes_four_taps(
    server: str, phone: Page
) -> None:
    # 2 single, 1 double, 1 station and (the rest) 1 locomotive: three counts tapped, the
    # fourth is the rest of the five dice, and the plays come at once.
    page = phone
    start_game(page, server, ["Ann", "Bob"], dice=True)
    taps = dice_counts(page, ("single", 2), ("double", 1), ("station", 1))
    expect(page.locator("h3", has_text="Plays with")).to_have_text(
        "Plays with single, single, double, station, locomotive"
    )
    page.fill(".play-search", "vanc")  # typing is not a tap
    tap(page, page.locator(".plays li", has_text="Calgary–Vancouver").locator("button"))
    taps += 1
    expect(page.locator(".note")).to_contain_text("Ann claimed Calgary–Vancouver")
    assert taps == 4


def _faces(page: Page) -> list[str]:
    """The five faces the page's address holds."""
    return parse_qs(urlsplit(page.url).query)["faces"][0].split(",")


def test_a_tap_on_a_die_marks_it_to_roll_again(server: str, phone: Page) -> None:
    page = phone
    start_game(page, server, ["Ann", "Bob"], dice=True)
    tap(page, "text=Roll the dice for me")
    first = _faces(page)
    dice = page.locator(".reroll label.again")
    expect(dice).to_have_count(5)
    dice.nth(1).click()  # the second die, drawn as a die: marked, tilted
    expect(dice.nth(1).locator("input")).to_be_checked()
    screenshot(page, "d4-a-die-marked")
    tap(page, "text=Roll these for me")
    again = _faces(page)
    # Only the marked die was rolled again; the others show what they showed.
    assert [f for i, f in enumerate(again) if i != 1] == [f for i, f in enumerate(first) if i != 1]
    expect(page.locator(".reroll")).to_have_count(0)  # one reroll a turn
    # The die rolled again is marked so, and the page says the reroll is used.
    expect(page.locator(".dice-row span.again")).to_have_count(1)
    expect(page.locator("#dice")).to_contain_text("1 die rolled again; no more rerolls this turn")
