"""The North America board, pinned; and map files checked on load."""

from __future__ import annotations

import re

import pytest

from companion.render.board_picture import project
from companion.rules.errors import BoardError, IllegalAction
from companion.rules.map_file import load_board, map_ids, parse_board


def test_north_america_has_36_cities_100_routes_on_78_pairs_22_doubles_309_spaces(usa):
    pairs = {frozenset(r.cities) for r in usa.routes}
    doubles = {frozenset(r.cities) for r in usa.routes if r.tracks == 2}
    assert len(usa.cities) == 36
    assert len(usa.routes) == 100
    assert len(pairs) == 78
    assert len(doubles) == 22
    assert sum(r.length for r in usa.routes) == 309


def test_north_america_deck_has_30_tickets_from_4_to_22(usa):
    assert len(usa.tickets) == 30
    assert usa.deck_ticket("Denver", "El Paso").points == 4
    assert usa.deck_ticket("New York", "Seattle").points == 22
    assert usa.deck_ticket("Miami", "Los Angeles").points == 20
    assert (
        sum(t.points for t in usa.tickets) == 349
    )  # the sum of the 30 values in the reference list


def test_route_points_follow_the_north_america_score_table(usa):
    table = {length: usa.edition.route_points[length] for length in range(1, 7)}
    assert table == {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}


@pytest.mark.parametrize(
    ("a", "b", "length", "colors"),
    [
        ("Helena", "Denver", 4, ["green"]),
        ("Miami", "New Orleans", 6, ["red"]),
        ("Little Rock", "Nashville", 3, ["white"]),
        ("Atlanta", "New Orleans", 4, ["yellow", "orange"]),
        ("Seattle", "Portland", 1, ["gray", "gray"]),
        ("Kansas City", "Saint Louis", 2, ["blue", "purple"]),
        ("Calgary", "Winnipeg", 6, ["white"]),
    ],
)
def test_routes_as_printed_on_the_board(usa, a, b, length, colors):
    routes = usa.routes_between(a, b)
    assert [r.color for r in routes] == colors
    assert {r.length for r in routes} == {length}
    assert [r.track for r in routes] == list(range(1, len(colors) + 1))


def test_every_city_lies_in_north_america_where_the_board_puts_it(usa):
    for city in usa.cities.values():
        assert 25 < city.lat < 52 and -124 < city.lon < -70, city.name
    c = usa.cities
    assert c["Seattle"].lat > c["Portland"].lat > c["San Francisco"].lat
    assert c["Miami"].lat == min(x.lat for x in c.values())
    assert c["Boston"].lon == max(x.lon for x in c.values())


def test_every_city_has_a_route(usa):
    assert {c for r in usa.routes for c in r.cities} == set(usa.cities)


def test_the_usa_map_is_listed():
    assert "usa" in map_ids()


def test_an_unknown_map_is_refused():
    with pytest.raises(BoardError, match="no map 'moon'"):
        load_board("moon")


def test_unknown_city_names_suggest_the_nearest(usa):
    with pytest.raises(IllegalAction, match="did you mean Pittsburgh"):
        usa.city("Pitsbrg")


GOOD = """
id = "tiny"
name = "Tiny"
edition = "base"
counts = { cities = 3, tracks = 3, spaces = 7, tickets = 1 }
routes = [
  { cities = ["A", "B"], length = 2, colors = ["red", "blue"] },
  { cities = ["B", "C"], length = 3, colors = ["gray"] },
]
tickets = [ { cities = ["A", "C"], points = 5 } ]
[cities]
"A" = { lat = 1.0, lon = 2.0 }
"B" = { lat = 1.0, lon = 3.0 }
"C" = { lat = 2.0, lon = 3.0, aliases = ["Cee"] }
"""


def test_a_good_map_file_loads():
    board = parse_board(GOOD, "tiny.toml")
    assert [str(r.label) for r in board.routes] == ["A–B (red)", "A–B (blue)", "B–C (gray)"]
    assert board.city("cee") == "C"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('["B", "C"], length = 3', '["B", "Z"], length = 3'), "routes[1]: no city 'Z'"),
        (("length = 3", "length = 7"), "routes[1] (B–C): length 7 is not on the Ticket to Ride"),
        (('colors = ["gray"]', 'colors = ["teal"]'), "'teal' is not a route colour"),
        (('["B", "C"], length = 3', '["B", "A"], length = 2'), "already joined"),
        (("points = 5", "points = 0"), "tickets[0]: should be a whole number from 1"),
        (('{ cities = ["A", "C"]', '{ cities = ["A", "Q"]'), "tickets[0]: no city 'Q'"),
        (('aliases = ["Cee"]', 'aliases = ["a"]'), "'a' is already a name of A"),
        (("lat = 2.0", "lat = 200.0"), "cities.C: lat 200.0 is off the globe"),
        (('edition = "base"', 'edition = "moon"'), "unknown edition 'moon'"),
        (('name = "Tiny"', 'name = "Tiny"\nshape = "round"'), "unknown key shape"),
        (('["B", "C"], length = 3', '["C", "C"], length = 3'), "joins C to itself"),
        (("routes = [", "routes = [[["), "not valid TOML"),
        (('"blue"]', '"blue", "green"]'), "counts.tracks: says 3, but the file has 4"),
        (("length = 3", "length = 4"), "counts.spaces: says 7, but the file has 8"),
        (("tickets = 1", "tickets = 2"), "counts.tickets: says 2, but the file has 1"),
        (("cities = 3,", "cities = 3, countries = 1,"), "counts.countries: says 1, but the file"),
        (("counts = {", "count = {"), "missing counts"),
        (
            ('"A" = { lat = 1.0, lon = 2.0', '"A" = { lat = 1.0, lon = 2.0, at = [4, 5]'),
            "give every",
        ),
        (
            ('"A" = { lat = 1.0, lon = 2.0', '"A" = { lat = 1.0, lon = 2.0, at = [-4, 5]'),
            "at should",
        ),
        (('colors = ["gray"]', 'colors = ["gray"], mountains = 1'), "have no mountain routes"),
        (('colors = ["gray"]', 'colors = ["gray"], bends = [[1, 2]]'), "bends need every city"),
    ],
)
def test_a_bad_map_file_fails_naming_the_file_the_entry_and_the_problem(change, message):
    old, new = change
    assert old in GOOD
    with pytest.raises(BoardError) as failure:
        parse_board(GOOD.replace(old, new, 1), "tiny.toml")
    assert str(failure.value).startswith("tiny.toml: ")
    assert message in str(failure.value)


def test_a_map_drawn_as_printed_places_each_city_where_the_board_puts_it():
    text = GOOD
    for city, at in (("A", "[0, 0]"), ("B", "[100, 0]"), ("C", "[100, 50]")):
        text = text.replace(f'"{city}" = {{ lat', f'"{city}" = {{ at = {at}, lat')
    board = parse_board(text, "tiny.toml")
    assert board.drawn_as_printed and not parse_board(GOOD, "tiny.toml").drawn_as_printed
    places, height, _at = project(board)
    # A is top left, B at the right edge, C below B by half the width: as on the board.
    assert places["A"].y == places["B"].y
    assert places["B"].x == places["C"].x
    assert places["C"].y - places["B"].y == (places["B"].x - places["A"].x) / 2


def test_a_duplicate_ticket_is_refused():
    text = GOOD.replace("tickets = [", 'tickets = [ { cities = ["C", "A"], points = 5 },')
    with pytest.raises(BoardError, match="a second A–C ticket"):
        parse_board(text, "tiny.toml")


@pytest.mark.parametrize("map_id", map_ids())
def test_every_place_is_found_by_each_of_its_names_in_records_and_in_the_search(map_id):
    from companion.rules.names import place_key

    board = load_board(map_id)
    for name, city in board.cities.items():
        found_by = board.search_key(name).split(" | ")
        for spelling in city.spellings:
            assert board.city(spelling) == name
            assert board.city(spelling.upper()) == name
            assert place_key(spelling) in found_by


def test_a_place_is_found_by_its_russian_and_ukrainian_names():
    text = """
id = "t"
name = "Test"
edition = "base"
counts = { cities = 2, tracks = 1, spaces = 2, tickets = 1 }
routes = [{ cities = ["Montréal", "Boston"], length = 2, colors = ["gray"] }]
tickets = [{ cities = ["Montréal", "Boston"], points = 4 }]
[cities]
"Montréal" = { lat = 45.5, lon = -73.6, ru = "Монреаль", uk = "Монреаль" }
"Boston" = { lat = 42.4, lon = -71.1, ru = "Бостон", uk = "Бостон" }
"""
    board = parse_board(text, "t.toml")
    assert board.city("монреаль") == "Montréal"
    assert board.cities["Montréal"].local == {"ru": "Монреаль", "uk": "Монреаль"}
    assert board.search_key("Boston") == "boston"  # Бостон, read in Latin letters
    clash = text.replace('ru = "Бостон"', 'ru = "Монреаль"')
    with pytest.raises(BoardError, match="'Монреаль' is already a name of Montréal"):
        parse_board(clash, "t.toml")


# Cyrillic letters, spaces, hyphens and the Ukrainian apostrophe: no Latin look-alike.
CYRILLIC = re.compile(r"^[\u0400-\u04ff][\u0400-\u04ff \-’]*$")


@pytest.mark.parametrize("map_id", map_ids())
def test_every_place_has_its_russian_and_ukrainian_name_in_cyrillic_letters(map_id):
    for name, city in load_board(map_id).cities.items():
        assert set(city.local) == {"ru", "uk"}, name
        for lang, local in city.local.items():
            assert CYRILLIC.match(local), (name, lang, local)


@pytest.mark.parametrize(
    ("map_id", "typed", "city"),
    [
        ("europe", "Moskva", "Moskva"),  # as printed
        ("europe", "Moscow", "Moskva"),  # the English name
        ("europe", "Москва", "Moskva"),  # the Russian name
        ("europe", "Мoсква", "Moskva"),  # a Latin "o" slipped into the Russian name
        ("europe", "Wien", "Wien"),
        ("europe", "Vienna", "Wien"),
        ("europe", "Вена", "Wien"),  # Russian
        ("europe", "Відень", "Wien"),  # Ukrainian
        ("europe", "Vidén", "Wien"),  # the Ukrainian name typed in Latin letters
        ("europe", "Athens", "Athina"),
        ("europe", "Афины", "Athina"),
        ("europe", "afiny", "Athina"),
        ("world", "Лagos", "Lagos"),  # as the Rails & Sails rule book prints it
        ("world", "ЛАГОС", "Lagos"),
        ("world", "Cairo", "Al-Qahira"),
        ("world", "Каир", "Al-Qahira"),
        ("world", "Kair", "Al-Qahira"),
        ("world", "Буэнос-Айрес", "Buenos Aires"),
        ("world", "буэнос айрес", "Buenos Aires"),
        ("world", "Дар-эс-Салам", "Dar Es Salaam"),
        ("usa", "St. Louis", "Saint Louis"),
        ("usa", "Сент-Луис", "Saint Louis"),
        ("usa", "Сент-Луїс", "Saint Louis"),
        ("usa", "sent-luis", "Saint Louis"),
        ("usa", "Нью-Йорк", "New York"),
        ("usa", "nyu-york", "New York"),
        ("usa", "НЬЮ ЙОРК", "New York"),
        ("usa", "Дулут", "Duluth"),
    ],
)
def test_a_city_is_found_by_each_of_its_names_however_it_is_typed(map_id, typed, city):
    """As printed, in English, Russian or Ukrainian, in Latin letters, with look-alike
    letters ("Лagos", as the Rails & Sails rule book prints it)."""
    assert load_board(map_id).city(typed) == city


@pytest.mark.parametrize(
    ("map_id", "typed", "city"),
    [
        ("usa", "Нью-Орлеан", "New Orleans"),  # the name most players say, beside Новый Орлеан
        ("usa", "Далас", "Dallas"),  # one letter where the name has two
        ("usa", "Питсбург", "Pittsburgh"),
        ("usa", "Сиэттл", "Seattle"),
        ("europe", "Стамбул", "Constantinople"),  # the city's name today
        ("europe", "Санкт-Петербург", "Petrograd"),
        ("europe", "Вільнюс", "Wilno"),
        ("europe", "Дьепп", "Dieppe"),
        ("marklin", "Дюсельдорф", "Düsseldorf"),
        ("india", "Мумбаи", "Bombay"),  # the board prints the old names
        ("india", "Chennai", "Madras"),
        ("india", "Колката", "Calcutta"),
        ("india", "Waltair", "Waltain"),  # as another transcription spells it
        ("legendary-asia", "Урумчи", "Dihua"),
        ("legendary-asia", "Хошимин", "Saigon"),
        ("legendary-asia", "Тифлис", "Tbilisi"),  # a name of another century
        ("legendary-asia", "Молотов", "Perm"),
        ("legendary-asia", "Beijing", "Peking"),
        ("europe", "Ленинград", "Petrograd"),  # the names of other centuries, on every map
        ("europe", "Царьград", "Constantinople"),
        ("nordic", "Гельсингфорс", "Helsinki"),
        ("nordic", "Christiania", "Oslo"),
        ("world", "Batavia", "Jakarta"),
        ("world", "Новониколаевск", "Novosibirsk"),
        ("marklin", "Karl-Marx-Stadt", "Chemnitz"),
        ("great-lakes", "Bytown", "Ottawa"),
        ("usa", "Frisco", "San Francisco"),  # and the names players call them by
    ],
)
def test_a_city_is_found_by_its_name_today_and_with_one_letter_for_two(map_id, typed, city):
    assert load_board(map_id).city(typed) == city
