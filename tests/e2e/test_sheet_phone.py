"""The score sheet on a phone: the standings of a Europe game with long names fit the
screen, the Total column included."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.phone import PHONE, import_game, screenshot, tap
from tests.helpers import GAMES

NAMES = {"Ann": "Alexandra", "Bob": "Bartholomew", "Cy": "Chloé-Marie"}


def test_the_standings_of_a_europe_game_fit_a_phone(server: str, phone: Page, tmp_path) -> None:
    text = (GAMES / "europe_three_players.json").read_text(encoding="utf-8")
    for short, long in NAMES.items():
        text = text.replace(f'"{short}"', f'"{long}"')
    record = tmp_path / "game.json"
    record.write_text(text, encoding="utf-8")
    page = phone
    import_game(page, server, record)
    tap(page, ".top >> text=Score")
    expect(page.locator(".standings th").last).to_have_text("Total")
    screenshot(page, "e1-europe-sheet")
    total = page.locator(".standings th").last.bounding_box()
    assert total is not None and total["x"] + total["width"] <= PHONE["width"]
    expect(page.locator(".standings")).to_contain_text("European Express")
