"""axe-core, the accessibility engine, on every page a table, a group and an event use:
each page of a half-played game and of a finished game of every map, the group's page,
the home page, the watching pages and the event's two pages, in each of the three
languages, on a phone. No violation of a WCAG 2.1 A or AA rule is allowed."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page

from tests.e2e.conftest import phone_in
from tests.e2e.phone import claim, go, import_game, start_game, tap

GAMES = Path(__file__).resolve().parents[1] / "games"
WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
GAME_PAGES = ("", "/board", "/tickets", "/sheet")


@pytest.fixture(scope="module")
def addresses(server: str, browser: Browser, tmp_path_factory) -> Iterator[list[str]]:
    """Every page to check, once: a finished and a half-played game of every map (the
    suite's game records imported whole, and with the first half of their actions), a game
    played here with its watching pages, a group, an event."""
    page = next(pages := phone_in(browser))
    found = [server + "/"]
    halves = tmp_path_factory.mktemp("half-played")
    for record in sorted(GAMES.glob("*.json")):
        if record.name.startswith("illegal"):
            continue
        data = json.loads(record.read_text(encoding="utf-8"))
        data["actions"] = data["actions"][: len(data["actions"]) // 2]
        data.pop("tickets", None)  # tickets are entered at the end
        half = halves / record.name
        half.write_text(json.dumps(data), encoding="utf-8")
        for played in (record, half):
            table = import_game(page, server, played)
            found += [table + suffix for suffix in GAME_PAGES]
    table = start_game(page, server, ["Ann", "Bob", "Cy"])
    claim(page, "hel", "helena", "Denver")
    found += [table + suffix for suffix in GAME_PAGES]
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


@pytest.mark.parametrize("language", ["en", "ru", "uk"])
def test_no_page_breaks_a_wcag_rule(addresses: list[str], phone: Page, language: str) -> None:
    axe = Axe()
    options = {"runOnly": {"type": "tag", "values": WCAG_21_AA}, "resultTypes": ["violations"]}
    broken = []
    for address in addresses:
        go(phone, address + ("&" if "?" in address else "?") + f"lang={language}")
        for violation in axe.run(phone, options=options).response["violations"]:
            where = [" ".join(node["target"]) for node in violation["nodes"][:3]]
            broken.append(f"{address}: {violation['id']} ({violation['help']}) at {where}")
    assert broken == [], "\n".join(broken)
