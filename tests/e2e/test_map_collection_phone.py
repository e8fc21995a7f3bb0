"""India and Legendary Asia on a phone that speaks Russian (390×844, touch): each game taken
up from its record a few turns before the end, played to its end by taps (a Mandala closed
on India, a mountain route on Legendary Asia that starts the final round), then its tickets,
its sheet and its PDF, every figure worked out by hand from the rules."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from companion.catalogs import translator
from companion.rules.names import place_key
from companion.rules.words import Message
from tests.e2e.phone import claim, drew_cards, go, pdf_text, post_record, screenshot, tap
from tests.web.test_no_english import english_words

GAMES = Path(__file__).resolve().parents[1] / "games"


def ru(msgid: str, **values: object) -> str:
    """A message as the Russian catalog says it (never the English: the test checks)."""
    said = Message(msgid, tuple(values.items())).say(translator("ru"))
    assert said != Message(msgid, tuple(values.items())).say(translator("en")), msgid
    return said


@pytest.fixture
def russian_phone(phones: Callable[..., Page]) -> Page:
    return phones("ru-RU")


def taken_up(page: Page, server: str, record: dict) -> None:
    """The game as its record left it, opened on the phone."""
    go(page, server)
    go(page, post_record(page, server, record))
    expect(page.locator("html")).to_have_attribute("lang", "ru")


def three_turns_before_the_end(name: str) -> dict:
    """A game of tests/games as its record stood three turns before its end, its tickets
    not yet entered."""
    record = json.loads((GAMES / f"{name}.json").read_text(encoding="utf-8"))
    return {**record, "actions": record["actions"][:-3], "tickets": {}}


# India (tests/games/india_two_players.json): Аня's loop Katni–Bilaspur–Bhopal–Khandwa–
# Ratiam–Jaipur–Agra–Katni lacks only Bilaspur–Bhopal, and her long routes leave her 3
# trains; Борис holds short routes elsewhere.


def test_an_india_game_in_russian_closes_a_mandala_and_ends_on_the_pdf(
    server: str, russian_phone: Page
) -> None:
    page = russian_phone
    taken_up(page, server, three_turns_before_the_end("india_two_players"))
    expect(page.locator(".players")).to_contain_text("3 вагона")
    screenshot(page, "in1-table")

    # Аня closes her loop with Bilaspur–Bhopal (2 spaces): 1 train left, the final round.
    claim(page, "билас", place_key("Bilaspur"), re.compile(r"Bhopal"))
    expect(page.locator(".note")).to_contain_text("Аня: проложен маршрут")
    expect(page.locator(".banner")).to_contain_text("Аня")
    # Борис's last turn: Chittagong–Jarhat; then Аня's, drawing cards: the game is over.
    claim(page, "читта", place_key("Chittagong"), re.compile(r"Jarhat"))
    drew_cards(page, "Аня", ru("Drew cards"))
    expect(page.locator(".banner.over")).to_contain_text(ru("The game is over."))

    tap(page, f"nav >> text={ru('Tickets')}")
    for player, letters, ticket in (
        ("Аня", "katni", "Katni–Khandwa"),
        ("Аня", "jaipu", "Jaipur–Raipur"),
        ("Борис", "barei", "Bareilly–Calcutta"),
    ):
        tap(page, f".players >> text={player}")
        page.fill(".ticket-search", letters)
        tap(page, page.locator(".deck li:visible button", has_text=ticket))
    screenshot(page, "in2-tickets")

    tap(page, f"nav >> text={ru('Score')}")
    sheet = page.locator("main")
    # Аня: the loop's routes 1 + 2 + 2 + 1 + 1 + 2 + 2 = 11, Calcutta–Madras 21, Bombay–
    # Karachi 15, Bombay–Calicut 15, Jacobabad–Karachi 7, Jacobabad–Lahore 4, Ambala–Lahore
    # 7, Bhatinda–Rohri 2: 82. Katni–Khandwa +5 (two paths: by Bilaspur and Bhopal, and by
    # Agra, Jaipur and Ratiam), Jaipur–Raipur −5; one Mandala 5; the Indian Express for
    # Ambala–Lahore–Jacobabad–Karachi–Bombay–Calicut (23 spaces) 10: 97.
    # Борис: 2 + 2 + 2 + 2 + 4 = 12, Bareilly–Calcutta −6: 6.
    expect(page.locator(".player-sheet h2").first).to_contain_text("Аня: 97 очков")
    mandala = page.locator(".player-sheet").first
    expect(mandala).to_contain_text(ru("%(num)d ticket makes a Mandala", num=1))
    expect(mandala).to_contain_text("Katni (Катни)–Khandwa (Кхандва)")
    expect(mandala).to_contain_text("два пути без общих маршрутов")
    expect(sheet).to_contain_text(ru("Indian Express"))
    assert not english_words(sheet.inner_text()), english_words(sheet.inner_text())
    screenshot(page, "in3-sheet")
    text = pdf_text(page, ru("Download the PDF score sheet"))
    assert "Аня: 97 очков" in text and "Борис: 6 очков" in text
    assert "Мандала" in text and "23 отрезка" in text

    # The play for Tesera, copied in one tap.
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.locator("details.tesera summary").click()
    page.locator("details.tesera button[data-copy]").click()
    expect(page.locator("details.tesera .copied")).to_be_visible()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert "1. Аня: 97 (победитель)" in copied and "2. Борис: 6" in copied
    screenshot(page, "in4-tesera")


# Legendary Asia (tests/games/legendary_asia_two_players.json): Аня's long routes leave her
# 5 trains; Борис holds a mountain route and a short one.


def test_a_legendary_asia_game_in_russian_ends_on_a_mountain_route_and_the_pdf(
    server: str, russian_phone: Page
) -> None:
    page = russian_phone
    taken_up(page, server, three_turns_before_the_end("legendary_asia_two_players"))
    expect(page.locator(".players")).to_contain_text("5 вагонов")

    # Hanoi–Mandalay: 2 spaces and 2 ✕, 4 trains: Аня has 1 left, and the final round
    # begins (without its ✕ she would have kept 3). The track moves 2 + 2 × 2 = 6.
    page.fill(".city-search", place_key("Ханой")[:4])
    hanoi = page.locator(f"details.city[data-key^='{place_key('Hanoi')}']")
    mountain = hanoi.locator("button.route", has_text="Mandalay")
    expect(mountain).to_contain_text(ru("mountain %(crosses)s", crosses="✕✕"))
    expect(mountain.locator(".pts")).to_have_text("+6")
    claim(page, "ханой", place_key("Hanoi"), re.compile(r"Mandalay"))
    expect(page.locator(".note")).to_contain_text("+6")
    expect(page.locator(".players")).to_contain_text("1 вагон")
    expect(page.locator(".banner")).to_contain_text("Аня")
    screenshot(page, "la1-mountain-final-round")
    claim(page, "шанха", place_key("Shanghai"), re.compile(r"Macau"))
    drew_cards(page, "Аня", ru("Drew cards"))
    expect(page.locator(".banner.over")).to_contain_text(ru("The game is over."))

    tap(page, f"nav >> text={ru('Board')}")
    expect(page.locator(".picture svg path.cross").first).to_be_attached()
    expect(page.locator(".legend")).to_contain_text(
        ru("mountain route: one more train for each ✕, 2 points each")
    )
    screenshot(page, "la2-board")

    tap(page, f"nav >> text={ru('Tickets')}")
    for player, letters, ticket in (
        ("Аня", "krasn", "Krasnoyarsk–Peking"),
        ("Борис", "kobe", "Kobe–Macau"),
    ):
        tap(page, f".players >> text={player}")
        page.fill(".ticket-search", letters)
        tap(page, page.locator(".deck li:visible button", has_text=ticket))

    tap(page, f"nav >> text={ru('Score')}")
    sheet = page.locator("main")
    # Аня: Dihua–Peking 15; Chita–Khabarovsk, Khabarovsk–Peking, Dihua–Omsk, Dihua–Xi'an,
    # Astrakhan–Samarkand and Calcutta–Colombo, 5 spaces each, 6 × 10; Calcutta–Mandalay 1,
    # Dihua–Krasnoyarsk 4, Hanoi–Mandalay 2: 82. The Mountain Crossing: 2 ✕ × 2 = 4;
    # Krasnoyarsk–Peking +9; the Asian Explorer (7 cities in one network: Dihua, Peking,
    # Khabarovsk, Chita, Omsk, Xi'an, Krasnoyarsk) 10: 105.
    # Борис: Moscow–Perm 4 + its ✕ 2, Peking–Shanghai 2, Shanghai–Macau 4; Kobe–Macau −7: 5.
    expect(page.locator(".player-sheet h2").first).to_contain_text("Аня: 105 очков")
    crossing = page.locator(".player-sheet").first
    expect(crossing).to_contain_text(ru("Mountain Crossing"))
    expect(crossing).to_contain_text("Hanoi (Ханой)–Mandalay (Мандалай)")
    expect(sheet).to_contain_text(ru("Asian Explorer"))
    assert not english_words(sheet.inner_text()), english_words(sheet.inner_text())
    screenshot(page, "la3-sheet")
    text = pdf_text(page, ru("Download the PDF score sheet"))
    assert "Аня: 105 очков" in text and "Борис: 5 очков" in text
    assert "Горный переход" in text and "Исследователь Азии" in text


def test_the_event_form_seats_no_more_at_a_table_than_the_map_takes(
    server: str, russian_phone: Page
) -> None:
    page = russian_phone
    go(page, server)
    page.locator("#events summary").click()
    seats = page.locator("#events input[name=seats]")
    seats.fill("5")
    page.select_option("#events select[name=map]", "india")
    expect(seats).to_have_value("4")
    expect(seats).to_have_attribute("max", "4")
    page.select_option("#events select[name=map]", "legendary-asia")
    expect(seats).to_have_attribute("max", "5")
