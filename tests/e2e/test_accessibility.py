"""axe-core, the accessibility engine, on every page a table, a group and an event use:
each page of a half-played game and of a finished game of every map, the group's page,
the home page, the watching pages and the event's two pages, in each of the three
languages, on a phone. No violation of a WCAG 2.1 A or AA rule is allowed.

Colour contrast depends on the colours, not on the words: each language is read in another
of them (the usual pieces in English, the colour-blind pieces in Russian, the pages' dark
look, a phone set to dark, in Ukrainian), and every other rule in all three languages."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page

from tests.e2e.conftest import phone_in
from tests.e2e.phone import claim, go, post_record, start_game, tap

GAMES = Path(__file__).resolve().parents[1] / "games"
# A record of each map, and of the dice: the pages differ by map, not by who played.
RECORDS = (
    "five_players_final_round",
    "usa_dice",
    "europe_three_players",
    "switzerland_three_players",
    "nordic_two_players",
    "marklin_four_players",
    "world_four_players",
    "great_lakes_four_players",
    "india_two_players",
    "legendary_asia_two_players",
)
WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
GAME_PAGES = ("", "/board", "/tickets", "/sheet")


@pytest.fixture(scope="module")
def addresses(server: str, browser: Browser) -> Iterator[list[str]]:
    """Every page to check, once: a finished and a half-played game of every map (the
    suite's game records imported whole, and with the first half of their actions), a game
    played here with its watching pages, a group, an event."""
    page = next(pages := phone_in(browser))
    found = [server + "/"]
    go(page, server + "/")
    for name in RECORDS:
        whole = json.loads((GAMES / f"{name}.json").read_text(encoding="utf-8"))
        half = {**whole, "actions": whole["actions"][: len(whole["actions"]) // 2]}
        half.pop("tickets", None)  # tickets are entered at the end
        for record in (whole, half):
            table = post_record(page, server, record)
            found += [table + suffix for suffix in GAME_PAGES]
    table = start_game(page, server, ["Ann", "Bob", "Cy"])
    claim(page, "hel", "helena", "Denver")
    found += [table + suffix for suffix in GAME_PAGES]
    found += [table + "/photo", server + "/photo"]  # a photo's first step (the rest: POSTs)
    watch = re.search(r'="[^"]*?(/w/[\w-]+)"', page.content())  # in the More sheet
    assert watch is not None
    found += [server + watch[1], server + watch[1] + "/sheet"]
    go(page, server + "/")
    tap(page, page.locator("#groups form button[type=submit]"))
    found.append(page.url.split("?")[0])
    go(page, server + "/")
    page.locator("#events summary").click()
    page.fill("#events textarea[name=players]", "\n".join(f"P{i}" for i in range(1, 9)))
    tap(page, page.locator("#events button[type=submit]"))
    found += [page.url, page.locator("#organizer .link input").input_value()]
    yield found
    next(pages, None)


@pytest.mark.parametrize(
    ("language", "palette", "scheme"),
    [("en", "usual", "light"), ("ru", "colour-blind", "light"), ("uk", "usual", "dark")],
)
def test_no_page_breaks_a_wcag_rule(
    addresses: list[str], phone: Page, server: str, language: str, palette: str, scheme: str
) -> None:
    phone.context.add_cookies([{"name": "colours", "value": palette, "url": server}])
    phone.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    axe = Axe()
    options = {"runOnly": {"type": "tag", "values": WCAG_21_AA}, "resultTypes": ["violations"]}
    broken = []
    for address in addresses:
        go(phone, address + ("&" if "?" in address else "?") + f"lang={language}")
        for violation in axe.run(phone, options=options).response["violations"]:
            where = [" ".join(node["target"]) for node in violation["nodes"][:3]]
            broken.append(f"{address}: {violation['id']} ({violation['help']}) at {where}")
    assert broken == [], "\n".join(broken)
