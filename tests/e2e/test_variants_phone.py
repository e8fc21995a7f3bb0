"""A USA 1910 Mega Game on a phone that speaks Russian (390×844, touch): started with its
decks, tickets entered from both the 1910 deck and the Mega deck, and both bonuses read on
the score sheet and in the PDF."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.phone import claim, go, pdf_text, screenshot, tap
from tests.e2e.test_languages_phone import words
from tests.web.test_no_english import english_words


@pytest.fixture
def russian_phone(phones: Callable[..., Page]) -> Page:
    return phones("ru-RU")


def ticket(page: Page, letters: str, name: str) -> None:
    """Picks a ticket from the deck's list by a few letters of one of its cities."""
    page.fill(".ticket-search", letters)
    tap(page, page.locator(".deck button", has_text=name))
    expect(page.locator(".tickets li", has_text=name)).to_be_visible()


def test_a_mega_game_in_russian_enters_both_decks_and_scores_both_bonuses(
    server: str, russian_phone: Page
) -> None:
    page, ru = russian_phone, (lambda m, **v: words("ru", m, **v))
    go(page, server)
    page.locator("form.new-game [data-maps='usa'] [name='variant'][value='mega']").check()
    for seat, name in enumerate(["Аня", "Борис"]):
        page.fill(f"[name='seats-{seat}-name']", name)
    tap(page, f"text={ru('Start the game')}")
    # The deal the Mega Game makes (RULES.md): 5 tickets, keep at least 3.
    deal = page.locator(".banner.deal")
    expect(deal).to_contain_text("Северная Америка — Мега-игра")
    expect(deal).to_contain_text("по 5; каждый оставляет не меньше 3")
    screenshot(page, "v1-mega-table")

    # Аня: Chicago–Pittsburgh (3 spaces, +4) and Pittsburgh–New York (2, +2); Борис
    # Seattle–Portland (1, +1).
    claim(page, "чика", "chicago", re.compile("Pittsburgh Питтсбург .оранжевый."))
    claim(page, "сиэт", "sea", "Portland")
    claim(page, "питтс", "pit", re.compile("New York Нью-Йорк .белый."))

    # Аня's tickets: Chicago–New York from the 1910 deck (5, joined), Los Angeles–Miami from
    # the Mega deck, as the 1910 box reprinted it (19, where the base card says 20).
    tap(page, f"nav >> text={ru('Tickets')}")
    expect(page.locator("main")).to_contain_text("Из колоды «Мега-игра»")
    tap(page, ".players >> text=Аня")
    ticket(page, "нью-й", "Chicago–New York")
    ticket(page, "майа", "Los Angeles–Miami")
    reprint = page.locator(".tickets li", has_text="Los Angeles–Miami")
    expect(reprint).to_contain_text("19")
    expect(reprint).to_contain_text("как в переиздании «Америка 1910»; на карте базовой игры — 20")
    screenshot(page, "v2-mega-tickets")

    tap(page, f"nav >> text={ru('Score')}")
    sheet = page.locator("main")
    expect(sheet).to_contain_text("Северная Америка — Мега-игра")
    # Аня, by hand: routes 4 + 2, Chicago–New York +5, Los Angeles–Miami −19, the longest
    # path (5 spaces) +10, the Globetrotter (1 ticket completed, Борис none) +15: 17.
    expect(sheet).to_contain_text("Аня: 17 очков")
    standings = page.locator(".standings")
    expect(standings).to_contain_text(ru("Longest path"))
    expect(standings).to_contain_text(ru("Globetrotter"))
    assert not english_words(sheet.inner_text()), english_words(sheet.inner_text())
    screenshot(page, "v3-mega-sheet")
    text = pdf_text(page, ru("Download the PDF score sheet"))
    assert "Северная Америка — Мега-игра" in text
    assert "Аня: 17 очков" in text
    assert f"{ru('Longest path')}: +10" in text
    assert f"{ru('Globetrotter')}: +15" in text
