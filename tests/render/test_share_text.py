"""A finished game's result as words to share, in each language: the chat message and the
play as Tesera logs one (written out here by hand for the India game of tests/games)."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from companion.catalogs import translator
from companion.render.share_text import result_message, telegram_link, tesera_text
from companion.rules.record import parse_record
from companion.rules.words import speaking
from tests.helpers import game_record

# Аня 97, Борис 6 (worked out in tests/e2e/test_map_collection_phone.py).
SHEET = parse_record(game_record("india_two_players")).score()

MESSAGES = {
    "en": "Ticket to Ride: India, Nov 28, 2026\nWinner: Аня\n1st Аня 97\n2nd Борис 6",
    "ru": "Билет на поезд: Индия, 28 нояб. 2026 г.\nПобедитель: Аня\n1-й Аня 97\n2-й Борис 6",
    "uk": "Ticket to Ride: Індія, 28 лист. 2026 р.\nПереможець: Аня\n1-ше Аня 97\n2-ге Борис 6",
}
DAYS = {"en": "Nov 28, 2026", "ru": "28 нояб. 2026 г.", "uk": "28 лист. 2026 р."}
TESERA = {
    "en": "Date: Nov 28, 2026\nGame: Ticket to Ride: India\nPlayers:\n"
    "1. Аня: 97 (winner)\n2. Борис: 6\nWinner: Аня",
    "ru": "Дата: 28 нояб. 2026 г.\nИгра: Билет на поезд: Индия\nИгроки:\n"
    "1. Аня: 97 (победитель)\n2. Борис: 6\nПобедитель: Аня",
    "uk": "Дата: 28 лист. 2026 р.\nГра: Ticket to Ride: Індія\nГравці:\n"
    "1. Аня: 97 (переможець)\n2. Борис: 6\nПереможець: Аня",
}


@pytest.mark.parametrize("language", ["en", "ru", "uk"])
def test_the_result_message_names_the_game_the_day_the_winner_and_each_place(language):
    with speaking(translator(language)):
        assert result_message(SHEET, DAYS[language]) == MESSAGES[language]


@pytest.mark.parametrize("language", ["en", "ru", "uk"])
def test_the_play_for_tesera_gives_the_date_the_game_the_players_and_the_winner(language):
    with speaking(translator(language)):
        assert tesera_text(SHEET, DAYS[language]) == TESERA[language]


def test_the_telegram_link_carries_the_message_and_the_watching_address():
    with speaking(translator("ru")):
        link = telegram_link(SHEET, DAYS["ru"], "https://club.example/w/abc")
    asked = urlsplit(link)
    assert (asked.scheme, asked.netloc, asked.path) == ("https", "t.me", "/share/url")
    query = parse_qs(asked.query)
    assert query["url"] == ["https://club.example/w/abc"]
    assert query["text"] == [MESSAGES["ru"]]


def test_a_shared_win_is_said_as_one():
    tied = type(SHEET)(SHEET.board, SHEET.players, ("Аня", "Борис"), None, True)
    with speaking(translator("en")):
        assert "Shared win: Аня and Борис" in result_message(tied, "Nov 28, 2026")
        assert tesera_text(tied, "Nov 28, 2026").endswith("Shared win: Аня and Борис")
