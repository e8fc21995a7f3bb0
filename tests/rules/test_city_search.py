"""The city search: a city is found however a Russian or Ukrainian player writes it, and a
record that names a city wrongly is refused with that city first among the suggestions."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from companion.rules.errors import IllegalAction
from companion.rules.map_file import load_board, map_ids

# What players type for every city of every map, beyond the printed and official local
# names: by ear, from older or other translations, with the usual slips.
TYPED = tomllib.loads((Path(__file__).parent / "typed_cities.toml").read_text("utf-8"))


def test_the_list_of_typed_spellings_names_every_city_of_every_map():
    for map_id in map_ids():
        board = load_board(map_id)
        searchable = {n for n, c in board.cities.items() if not c.is_waypoint}
        assert set(TYPED[map_id]) == searchable, map_id


@pytest.mark.parametrize("map_id", map_ids())
def test_every_city_is_found_first_however_players_spell_it(map_id):
    board = load_board(map_id)
    missed = [
        (city, typed, board.find_cities(typed, 3))
        for city, spellings in TYPED[map_id].items()
        for typed in spellings
        if board.find_cities(typed, 1) != [city]
    ]
    assert not missed


@pytest.mark.parametrize("map_id", map_ids())
def test_every_printed_and_local_name_finds_its_city_first(map_id):
    board = load_board(map_id)
    for name, city in board.cities.items():
        if not city.is_waypoint:
            for spelling in city.spellings:
                assert board.find_cities(spelling, 1) == [name], spelling


def test_a_few_letters_find_the_cities_whose_name_or_a_word_of_it_begins_with_them():
    usa = load_board("usa")
    assert usa.find_cities("Вашинг") == ["Washington"]
    assert set(usa.find_cities("сан")[:2]) == {"San Francisco", "Santa Fe"}
    assert usa.find_cities("york") == ["New York"]
    assert usa.find_cities("санфран") == ["San Francisco"]


def test_the_whole_name_comes_before_names_that_only_begin_with_it():
    europe = load_board("europe")
    assert europe.find_cities("Рига")[0] == "Riga"
    switzerland = load_board("switzerland")
    assert switzerland.find_cities("Bern")[0] == "Bern"


def test_two_letters_are_never_taken_for_a_misspelling():
    # "Бэ" begins no name: with so few letters a likeness would be a guess.
    assert load_board("usa").find_cities("Бэ") == []
    assert load_board("usa").find_cities("Бос") == ["Boston"]


def test_a_short_word_of_a_name_is_never_taken_for_a_misspelling():
    # "hel" begins Helena; it is not a slip for the "El" of El Paso, nor "сан" for "Saint".
    usa = load_board("usa")
    assert usa.find_cities("hel") == ["Helena"]
    assert "Saint Louis" not in usa.find_cities("сан")


def test_a_name_spelled_as_printed_brings_no_lookalikes():
    # "Бостон" is Boston: Houston, a little like it, is not offered beside it.
    usa = load_board("usa")
    assert usa.find_cities("Бостон") == ["Boston"]
    assert usa.find_cities("Сиэттл") == ["Seattle"]  # one letter for two: the same name


def test_nonsense_finds_nothing():
    assert load_board("usa").find_cities("Жжжжжж") == []
    assert load_board("usa").find_cities(" -- ") == []


@pytest.mark.parametrize("map_id", map_ids())
def test_a_record_naming_a_city_as_typed_is_refused_with_that_city_first(map_id):
    # A record names a city exactly (any listed spelling): a likeness is never taken for
    # it, but offered first.
    board = load_board(map_id)
    for city, spellings in TYPED[map_id].items():
        for typed in spellings:
            try:
                assert board.city(typed) == city
            except IllegalAction as refusal:
                assert f"did you mean {city}" in str(refusal), typed
