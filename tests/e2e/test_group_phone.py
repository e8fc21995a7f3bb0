"""A group on a phone: started from the home page, two short games played from its page
to the end, then its standings, its pictures and a game's result card."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.phone import claim, drew_cards, go, screenshot, tap

# The seven 6-space routes (42 trains, 15 points each): a city's first letters, its key,
# the route's other end.
SIXES = [
    ("sea", "seatle", "Helena"),
    ("hel", "helena", "Duluth"),
    ("dul", "duluth", "Toronto"),
    ("calg", "calgary", "Winnipeg"),
    ("sau", "sault", "Winnipeg"),
    ("los a", "los angeles", "El Paso"),
    ("el p", "el paso", "Houston"),
]


def runs_away(page: Page, ender: str, other: str) -> None:
    """``ender`` claims the seven 6-space routes while ``other`` draws cards, then
    Dallas–Houston (2 trains left: the final round), and each takes a last turn."""
    first = page.locator(".acting a.chosen").inner_text()
    if first != ender:
        drew_cards(page, other)
    for letters, key, to in SIXES:
        claim(page, letters, key, to)
        expect(page.locator(".note")).to_contain_text(f"{ender} claimed")
        drew_cards(page, other)
    claim(page, "dal", "dalas", "Houston")  # a double letter folds to one
    drew_cards(page, other)
    drew_cards(page, ender)
    expect(page.locator("main")).to_contain_text("Enter the tickets")
    # Each kept a ticket that fails: the ender Denver–El Paso (−4), the other Kansas
    # City–Houston (−5); only with every player's tickets in does the group count it.
    tap(page, "nav >> text=Tickets")
    for name, letters, to in ((ender, "denv", "El Paso"), (other, "kansas", "Houston")):
        tap(page, page.locator(".players a", has_text=name))
        page.fill(".ticket-search", letters)
        tap(page, page.locator(".deck li:visible button", has_text=to))
        expect(page.locator(".tickets li")).to_contain_text("not connected")


def at_top(page: Page) -> None:
    assert page.evaluate("window.scrollY") == 0, "the page opened scrolled down"


def test_a_group_plays_two_games_and_sees_its_standings(server: str, phone: Page) -> None:
    page = phone
    go(page, server)
    at_top(page)  # the page opens on its title and form, not on a control further down
    page.fill("#groups input[name='name']", "Thursday club")
    tap(page, "#groups button:has-text('Start a group')")
    expect(page.locator("h1")).to_have_text("Thursday club")
    group = page.url
    screenshot(page, "g1-new-group")

    for seat, name in enumerate(["Ann", "Bob"]):
        page.fill(f"#new [name='seats-{seat}-name']", name)
    tap(page, "#new button:has-text('Start the game')")
    runs_away(page, "Ann", "Bob")

    go(page, group)
    # The next game is filled in as the last one was: start it at once.
    expect(page.locator("#new [name='seats-0-name']")).to_have_value("Ann")
    tap(page, "#new button:has-text('Start the game')")
    runs_away(page, "Bob", "Ann")

    go(page, group)
    at_top(page)
    standings = page.locator(".people > li")
    expect(standings).to_have_count(2)
    # Each ran away with one game: 105 + 1 for routes, +10 for the longest path, −4 for
    # Denver–El Paso = 112; and lost the other on −5 (Kansas City–Houston): 107, 53.5.
    for name in ("Ann", "Bob"):
        line = standings.filter(has_text=name)
        expect(line.locator(".figures").first).to_have_text(
            re.compile(r"1 win · 2 games · average 53\.5")
        )
    standings.first.locator("summary").click()
    expect(standings.first.locator("dl.figures")).to_contain_text("112 points")
    expect(page.locator(".records")).to_contain_text("Highest score")
    expect(page.locator("#pictures svg.history-chart")).to_have_count(2)
    for name in ("Ann", "Bob"):  # each the winner once: 112 of 112, and −5 of 112 (as 1)
        expect(standings.filter(has_text=name).locator(".figures").first).to_contain_text(
            "50.4% of the winner's score"
        )
    screenshot(page, "g2-standings")

    # Two finished games each: both rated, both provisional; one game won each.
    ratings = page.locator("#ratings .ratings > li")
    expect(ratings).to_have_count(2)
    for line in ratings.all():
        expect(line).to_contain_text("2 games · provisional")
    expect(page.locator("#ratings")).to_contain_text("provisional until 5 finished games")
    ann = page.locator(".head-to-head > li").first  # Ann and Bob level: by name
    ann.locator("summary").click()
    expect(ann.locator(".meetings li")).to_have_count(1)
    expect(ann.locator(".meetings li")).to_have_text(re.compile(r"against Bob\s+1–1"))
    # The latest game in figures: Bob's eight routes, 42 + 1 spaces (5.375: 5.4 on
    # average), 2 trains left; Ann claimed nothing.
    latest = page.locator(".group-games > li").first
    latest.locator(".game-figures summary").click()
    rows = latest.locator(".game-figures tbody tr")
    expect(rows.filter(has_text="Bob").locator("td")).to_have_text(
        ["Bob", "9", "8", "5.4", "0", "2"]
    )
    expect(rows.filter(has_text="Ann").locator("td").nth(2)).to_have_text("0")
    expect(rows.filter(has_text="Ann").locator("td").nth(5)).to_have_text("45")
    expect(latest.locator(".game-figures p")).to_contain_text("Time played (h:mm) 0:")
    screenshot(page, "g2b-ratings-head-to-head-figures")

    tap(page, page.locator(".group-games a").first)
    card = page.locator("img.result-card")
    card.scroll_into_view_if_needed()
    expect(card).to_be_visible()
    width = card.evaluate(
        """img => img.complete ? img.naturalWidth : new Promise(done =>
             img.addEventListener('load', () => done(img.naturalWidth), {once: true}))"""
    )
    assert width == 1080
    expect(page.locator("#share")).to_contain_text("Log the play in BG Stats")
    screenshot(page, "g3-result-card")
