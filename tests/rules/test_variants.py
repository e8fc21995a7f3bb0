"""The variants a table plays North America and Europe with (USA 1910, Europa 1912): the
decks in play, the values their tickets print, the bonuses scored; totals worked by hand."""

from __future__ import annotations

import pytest

from companion.catalogs import translator
from companion.render.json_sheet import sheet_to_json
from companion.rules.errors import RecordError
from companion.rules.map_file import load_board, load_decks
from companion.rules.record import parse_record, record_to_json
from companion.rules.variants import VARIANTS, game_title, variant_board

# Ann claims Chicago–Pittsburgh (3 spaces, +4) and Pittsburgh–New York (2, +2): Chicago and
# New York joined, a path of 5 spaces; Bob claims Seattle–Portland (1 space, +1).
CLAIMS = [
    {"player": "Ann", "claim": ["Chicago", "Pittsburgh"], "color": "orange"},
    {"player": "Bob", "claim": ["Seattle", "Portland"], "track": 1},
    {"player": "Ann", "claim": ["Pittsburgh", "New York"], "color": "white"},
]


def scored(variant: str, tickets: dict) -> dict[str, dict]:
    record = {
        "map": "usa",
        "variant": variant,
        "players": ["Ann", "Bob"],
        "actions": CLAIMS,
        "tickets": tickets,
    }
    sheet = sheet_to_json(parse_record(record).score())
    return {p["name"]: p for p in sheet["players"]}


def test_the_1910_variant_scores_a_15_point_globetrotter_and_no_longest_path():
    # Chicago–New York is 5 in the 1910 deck; Calgary–Nashville 14, not connected.
    players = scored("1910", {"Ann": [["Chicago", "New York"]], "Bob": [["Calgary", "Nashville"]]})
    ann, bob = players["Ann"], players["Bob"]
    assert ann["breakdown"]["globetrotter_bonus"] == 15
    assert ann["breakdown"]["longest_path_bonus"] == 0
    assert ann["total"] == 4 + 2 + 5 + 15
    assert bob["total"] == 1 - 14


def test_the_mega_game_scores_both_bonuses_and_the_reprinted_values():
    # Los Angeles–Miami is 19 as reprinted in the 1910 box (the base card says 20).
    players = scored("mega", {"Ann": [["Chicago", "New York"], ["Los Angeles", "Miami"]]})
    ann = players["Ann"]
    assert ann["breakdown"]["longest_path_bonus"] == 10
    assert ann["breakdown"]["globetrotter_bonus"] == 15
    assert ann["total"] == 4 + 2 + 5 - 19 + 10 + 15
    assert players["Bob"]["total"] == 1


def test_big_cities_scores_no_bonus_and_only_its_tickets():
    players = scored("big-cities", {"Ann": [["Chicago", "New York"]]})
    assert players["Ann"]["total"] == 4 + 2 + 5
    assert players["Ann"]["breakdown"]["longest_path_bonus"] == 0
    # Calgary–Nashville touches no big city: not in the Big Cities deck.
    with pytest.raises(RecordError, match="Calgary"):
        scored("big-cities", {"Ann": [["Calgary", "Nashville"]]})


def test_a_ticket_typed_with_its_printed_value_still_counts_in_any_variant():
    players = scored("1910", {"Ann": [{"cities": ["Chicago", "New York"], "points": 7}]})
    assert players["Ann"]["breakdown"]["tickets"] == 7
    # The sheet says the deck's card is worth 5, for the table to settle it.
    typed = {"cities": ["Chicago", "New York"], "points": 7}
    lines = ticket_lines({"map": "usa", "variant": "1910", "players": ["Ann", "Bob"],
                          "tickets": {"Ann": [typed]}})  # fmt: skip
    assert lines == ["Chicago–New York (7; as typed; the deck's card says 5)"]


def test_a_deck_card_typed_with_a_value_is_still_the_decks_one_card():
    # The Mega Game deck holds one Los Angeles–Miami: Ann typed it, so Bob can't pick it.
    said = refusal({"map": "usa", "variant": "mega", "players": ["Ann", "Bob"],
                    "tickets": {"Ann": [{"cities": ["Los Angeles", "Miami"], "points": 20}],
                                "Bob": [["Los Angeles", "Miami"]]}})  # fmt: skip
    assert "the Los Angeles–Miami ticket is already Ann's, and the deck has only one" in said


def test_the_four_base_tickets_reprinted_in_the_1910_box_carry_new_values():
    base, mega = load_board("usa"), variant_board("usa", "mega")
    changed = {
        ("Los Angeles", "Miami"): (20, 19),
        ("Los Angeles", "New York"): (21, 20),
        ("Sault St. Marie", "Oklahoma City"): (9, 8),
        ("Seattle", "New York"): (22, 20),
    }
    for (a, b), (printed, reprinted) in changed.items():
        assert base.deck_ticket(a, b).points == printed
        assert mega.deck_ticket(a, b).points == reprinted
    # Every other base ticket is reprinted as it was.
    for ticket in base.tickets:
        if tuple(ticket.cities) not in changed and tuple(ticket.cities[::-1]) not in changed:
            assert mega.deck_ticket(*ticket.cities).points == ticket.points, ticket.name


def test_the_decks_hold_as_many_tickets_as_printed():
    assert {n: len(t) for n, t in load_decks("usa").items()} == {"1910": 35, "mega": 34}
    assert {n: len(t) for n, t in load_decks("europe").items()} == {
        "1912_regular": 89,
        "1912_long": 12,
    }
    counts = {(v.map, v.id): len(variant_board(v.map, v.id).tickets) for v in VARIANTS}
    assert counts == {
        ("usa", "base"): 30,
        ("usa", "1910"): 35,
        ("usa", "mega"): 69,  # 35 new and the 34 of the Mega deck
        ("usa", "big-cities"): 35,  # of the 69, those to or from a big city
        ("europe", "base"): 46,
        ("europe", "extended"): 46 + 19,
        ("europe", "mega"): 101,
        ("europe", "big-cities"): 45,  # of the 89 regular, those to or from a big city
    }


def test_the_decks_values_add_up_as_on_the_printed_cards():
    # The printed cards' values added up deck by deck (the transcription in the sources):
    # a value mistyped in the deck files changes a sum.
    sums = {
        n: sum(t.points for t in ts) for m in ("usa", "europe") for n, ts in load_decks(m).items()
    }
    assert sums == {"1910": 391, "mega": 363, "1912_regular": 857, "1912_long": 230}


def test_within_a_variant_no_two_tickets_join_the_same_cities():
    for v in VARIANTS:
        pairs = [frozenset(t.cities) for t in variant_board(v.map, v.id).tickets]
        assert len(pairs) == len(set(pairs)), (v.map, v.id)


def test_big_cities_holds_only_tickets_touching_a_big_city():
    usa = {"Chicago", "Dallas", "Houston", "Los Angeles", "Miami", "New York", "Seattle"}
    for ticket in variant_board("usa", "big-cities").tickets:
        assert usa & set(ticket.cities), ticket.name


def test_an_unknown_variant_or_another_maps_is_refused_with_the_valid_ones():
    base = {"map": "usa", "players": ["Ann", "Bob"]}
    with pytest.raises(RecordError, match="'base', '1910', 'mega' or 'big-cities', not 'extended'"):
        parse_record(base | {"variant": "extended"})
    with pytest.raises(RecordError, match="not '1910'"):
        parse_record({"map": "europe", "players": ["Ann", "Bob"], "variant": "1910"})
    with pytest.raises(RecordError, match="variant"):
        parse_record({"map": "nordic", "players": ["Ann", "Bob"], "variant": "mega"})


def test_a_records_variant_is_written_back_and_base_is_left_out():
    record = parse_record({"map": "usa", "players": ["Ann", "Bob"], "variant": "mega"})
    assert record_to_json(record)["variant"] == "mega"
    plain = parse_record({"map": "usa", "players": ["Ann", "Bob"]})
    assert "variant" not in record_to_json(plain)


def refusal(record: dict) -> str:
    with pytest.raises(RecordError) as refused:
        parse_record(record).score()
    return str(refused.value)


def test_a_base_ticket_in_the_1910_variant_is_refused_naming_where_it_is_dealt():
    # The 1910 variant plays the 35 new tickets only: Los Angeles–Miami is a base card.
    said = refusal({"map": "usa", "variant": "1910", "players": ["Ann", "Bob"],
                    "tickets": {"Ann": [["Los Angeles", "Miami"]]}})  # fmt: skip
    assert (
        "Los Angeles–Miami is not in the 1910 deck; it is dealt in: base game, Mega Game "
        "and Big Cities; to count it all the same, give it with the value printed on the card"
        in said
    )


def test_a_1910_ticket_in_a_base_game_says_it_comes_with_usa_1910():
    said = refusal({"map": "usa", "players": ["Ann", "Bob"],
                    "tickets": {"Ann": [["Calgary", "Nashville"]]}})  # fmt: skip
    assert (
        "Calgary–Nashville is not a ticket of the North America deck: it comes with USA 1910"
        in said
    )


def test_an_extended_game_refuses_a_ticket_only_the_mega_deck_deals():
    # Riga–Brindisi is a 1912 ticket that neither the base deck nor Extended's 19 have, and
    # touches no big city.
    said = refusal({"map": "europe", "variant": "extended", "players": ["Ann", "Bob"],
                    "tickets": {"Ann": [["Riga", "Brindisi"]]}})  # fmt: skip
    assert "Riga–Brindisi is not in the Extended deck; it is dealt in: Mega;" in said


def ticket_lines(record: dict) -> list[str]:
    sheet = parse_record(record).score()
    ann = next(p for p in sheet.players if p.name == "Ann")
    section = ann.section("tickets")
    return [str(line.what) for line in section.lines]


def test_the_sheet_says_a_value_the_1910_box_reprinted():
    held = [["Los Angeles", "Miami"], ["Chicago", "New York"]]
    lines = ticket_lines({"map": "usa", "variant": "mega", "players": ["Ann", "Bob"],
                          "tickets": {"Ann": held}})  # fmt: skip
    assert lines[0] == (
        "Los Angeles–Miami (19; as reprinted in USA 1910; the base game's card says 20)"
    )
    assert lines[1] == "Chicago–New York (5)"  # a 1910 ticket: no base card to differ from


def test_the_sheet_marks_a_long_ticket_in_europa_1912s_mega():
    lines = ticket_lines({"map": "europe", "variant": "mega", "players": ["Ann", "Bob"],
                          "tickets": {"Ann": [["Lisboa", "Danzig"]]}})  # fmt: skip
    assert lines == ["Lisboa–Danzig (20; long ticket)"]


def test_a_variant_is_named_after_its_map_in_every_language():
    assert str(game_title(variant_board("usa", "1910"))) == "North America — 1910"
    assert str(game_title(variant_board("usa"))) == "North America"
    mega = game_title(variant_board("usa", "mega"))
    assert mega.say(translator("ru")) == "Северная Америка — Мега-игра"


def test_a_1910_tie_goes_to_the_longest_path_though_it_scores_no_bonus():
    # Ann: Chicago–Pittsburgh–New York, 4 + 2 = 6, a path of 5. Bob: Kansas City–Saint Louis
    # (2), Las Vegas–Los Angeles (2), Portland–Seattle–Vancouver (1 + 1): 6, a path of 2.
    # No tickets: no Globetrotter; tied on 6 and on tickets, Ann's longer path decides.
    bob = [
        {"player": "Bob", "claim": ["Kansas City", "Saint Louis"], "color": "blue"},
        {"player": "Bob", "claim": ["Las Vegas", "Los Angeles"]},
        {"player": "Bob", "claim": ["Seattle", "Vancouver"], "track": 1},
    ]
    record = {"map": "usa", "variant": "1910", "players": ["Ann", "Bob"], "actions": CLAIMS + bob}
    sheet = sheet_to_json(parse_record(record).score())
    assert [(p["name"], p["total"]) for p in sheet["players"]] == [("Ann", 6), ("Bob", 6)]
    assert sheet["winners"] == ["Ann"]
    assert "longest" in sheet["tiebreak"]
