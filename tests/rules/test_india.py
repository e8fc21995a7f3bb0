"""India: its board pinned, and each of its rules with the case from the rules (RULES.md,
"India"): doubles only with 4 players, the Indian Express, and the Mandala (Grand Tour)
bonus for tickets joined by two paths of their owner's routes that share no route."""

from __future__ import annotations

import pytest

from companion.render.json_sheet import sheet_to_json
from companion.rules.actions import Claim
from companion.rules.errors import IllegalAction
from companion.rules.game import apply, start
from companion.rules.map_file import load_board
from companion.rules.scoring import final_scores, held_ticket
from companion.rules.setup import Player, new_game
from companion.rules.variants import variant

INDIA = load_board("india")


def table(*names):
    return start(new_game(INDIA, [Player(n) for n in names]))


def claims(state, player, *routes):
    for a, b, *color in routes:
        state = apply(state, Claim(player, (a, b), color=color[0] if color else None))
    return state


def ticket(a, b, points=5):
    return held_ticket(INDIA, [a, b], points)


# A figure of eight through Agra: Jaipur–Agra–Bhopal, and Jaipur–Delhi–Agra–Katni–
# Bilaspur–Bhopal, which passes Agra again by other routes.
FIGURE_OF_EIGHT = [
    ("Jaipur", "Agra", "blue"),
    ("Agra", "Bhopal", "purple"),
    ("Jaipur", "Delhi"),
    ("Delhi", "Agra"),
    ("Agra", "Katni"),
    ("Katni", "Bilaspur", "white"),
    ("Bilaspur", "Bhopal", "gray"),
]
# A ring of five cities: every ticket between two of them makes a Mandala.
RING = [
    ("Jaipur", "Delhi"),
    ("Delhi", "Agra"),
    ("Agra", "Bhopal", "purple"),
    ("Bhopal", "Ratiam"),
    ("Ratiam", "Jaipur", "yellow"),
]


def test_the_india_board_has_39_cities_108_tracks_28_doubles_238_spaces_58_tickets():
    assert len(INDIA.cities) == 39
    assert len(INDIA.routes) == 108
    assert len({frozenset(r.cities) for r in INDIA.routes if r.tracks == 2}) == 28
    assert sum(r.length for r in INDIA.routes) == 238
    assert len(INDIA.tickets) == 58
    ferries = [r for r in INDIA.routes if r.locomotives]
    assert (len(ferries), sum(r.locomotives for r in ferries)) == (8, 12)
    assert not any(r.tunnel for r in INDIA.routes)


def test_calcutta_madras_is_the_one_8_space_route_worth_21():
    (route,) = INDIA.routes_between("Calcutta", "Madras")
    assert (route.length, INDIA.points_for(route), route.locomotives) == (8, 21, 2)


def test_cities_are_found_by_their_modern_and_old_names():
    assert INDIA.city("Mumbai") == "Bombay"
    assert INDIA.city("Мумбаи") == "Bombay"
    assert INDIA.city("Kolkata") == "Calcutta"
    assert INDIA.city("Chennai") == "Madras"
    assert INDIA.city("Waltair") == "Waltain"


def test_india_seats_two_to_four_players():
    new_game(INDIA, [Player(n) for n in "ABCD"])
    with pytest.raises(Exception, match="4"):
        new_game(INDIA, [Player(n) for n in "ABCDE"])


def test_three_player_game_closes_the_other_track_of_a_double():
    state = claims(table("Ann", "Bob", "Cat"), "Ann", ("Agra", "Jaipur", "blue"))
    with pytest.raises(IllegalAction, match="only one of the two"):
        claims(state, "Bob", ("Agra", "Jaipur", "white"))


def test_four_player_game_opens_both_tracks_of_a_double_to_two_players():
    state = claims(table("Ann", "Bob", "Cat", "Dan"), "Ann", ("Agra", "Jaipur", "blue"))
    state = claims(state, "Bob", ("Agra", "Jaipur", "white"))
    assert {state.owners[r.id] for r in INDIA.routes_between("Agra", "Jaipur")} == {"Ann", "Bob"}


def test_the_deal_is_four_tickets_keep_two_then_three_keep_one():
    words = variant("india", "base").deal_words()
    assert "4" in str(words) and "at least 2" in str(words) and "3, keep at least 1" in str(words)


def test_a_mandala_may_pass_a_city_twice_if_no_route_is_in_both_paths():
    state = claims(table("Ann", "Bob"), "Ann", *FIGURE_OF_EIGHT)
    sheet = final_scores(state, {"Ann": (ticket("Jaipur", "Bhopal", 7),), "Bob": ()}).player("Ann")
    # Routes: 1 + 1 + 2 + 2 + 2 + 1 + 2 = 11; the ticket +7; one Mandala 5; the longest
    # path is all 11 spaces (Jaipur–Agra–Bhopal–Bilaspur–Katni–Agra–Delhi–Jaipur), +10.
    assert sheet.breakdown["routes"] == 11
    assert sheet.breakdown["tickets"] == 7
    assert sheet.breakdown["mandala_bonus"] == 5
    assert sheet.breakdown["longest_path_bonus"] == 10
    assert sheet.total == 11 + 7 + 5 + 10
    ((_index, mandala),) = sheet.mandalas
    first, second = mandala.paths
    assert not {r.id for r in first} & {r.id for r in second}
    passed = [c for path in (first, second) for r in path for c in r.cities]
    assert passed.count("Agra") >= 4  # each path goes through Agra


def test_a_ticket_one_route_short_of_a_mandala_names_the_route_whose_loss_cuts_it():
    without_delhi = [r for r in FIGURE_OF_EIGHT if "Delhi" not in r[:2]]
    state = claims(table("Ann", "Bob"), "Ann", *without_delhi)
    sheet = final_scores(state, {"Ann": (ticket("Jaipur", "Bhopal"),), "Bob": ()}).player("Ann")
    assert sheet.breakdown["tickets"] == 5
    assert sheet.breakdown["mandala_bonus"] == 0
    ((_index, check),) = sheet.mandalas
    assert not check.made
    assert set(check.cut.cities) == {"Jaipur", "Agra"}
    section = sheet.section("mandala_bonus")
    assert "Jaipur" in str(section.lines[0].how) and "Agra" in str(section.lines[0].how)


@pytest.mark.parametrize(
    ("tickets", "bonus"), [(1, 5), (2, 10), (3, 20), (4, 30), (5, 40), (6, 40)]
)
def test_mandalas_score_5_10_20_30_40_and_five_or_more_are_capped_at_40(tickets, bonus):
    state = claims(table("Ann", "Bob"), "Ann", *RING)
    pairs = [
        ("Jaipur", "Agra"), ("Delhi", "Bhopal"), ("Agra", "Ratiam"),
        ("Bhopal", "Jaipur"), ("Ratiam", "Delhi"), ("Jaipur", "Delhi"),
    ]  # fmt: skip
    hand = tuple(ticket(a, b, 5) for a, b in pairs[:tickets])
    sheet = final_scores(state, {"Ann": hand, "Bob": ()}).player("Ann")
    assert sheet.breakdown["mandala_bonus"] == bonus
    assert sheet.breakdown["tickets"] == 5 * tickets


def test_a_ticket_not_completed_makes_no_mandala_and_loses_its_value():
    state = claims(table("Ann", "Bob"), "Ann", *RING)
    sheet = final_scores(state, {"Ann": (ticket("Jaipur", "Madras", 9),), "Bob": ()})
    ann = sheet.player("Ann")
    assert (ann.breakdown["tickets"], ann.breakdown["mandala_bonus"]) == (-9, 0)


def test_the_mandala_bonus_is_in_every_sheet_json_and_zero_on_other_maps():
    state = claims(table("Ann", "Bob"), "Ann", *RING)
    said = sheet_to_json(final_scores(state, {"Ann": (ticket("Jaipur", "Agra"),), "Bob": ()}))
    ann = next(p for p in said["players"] if p["name"] == "Ann")
    assert ann["breakdown"]["mandala_bonus"] == 5
    assert ann["breakdown"]["mountains"] == 0 and ann["breakdown"]["explorer_bonus"] == 0
    usa = start(new_game(load_board("usa"), [Player("Ann"), Player("Bob")]))
    other = sheet_to_json(final_scores(usa, {}))
    assert all(p["breakdown"]["mandala_bonus"] == 0 for p in other["players"])


def test_the_indian_express_goes_to_every_player_tied_for_the_longest_path():
    state = claims(table("Ann", "Bob"), "Ann", ("Agra", "Delhi"))
    state = claims(state, "Bob", ("Bareilly", "Lucknow"), ("Lucknow", "Katni", "blue"))
    sheet = final_scores(state, {})
    assert [p.breakdown["longest_path_bonus"] for p in sheet.players] == [10, 10]
    assert str(sheet.columns[2].title) == "Indian Express"
