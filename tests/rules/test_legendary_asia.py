"""Legendary Asia: its board pinned, and each of its rules with the case from the rules
(RULES.md, "Legendary Asia"): mountain routes (a train from the reserve for each ✕, 2 points
each), the Asian Explorer, no longest path, doubles from 4 players, the winner's ties."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

import pytest

from companion.rules.actions import Claim
from companion.rules.errors import IllegalAction
from companion.rules.game import apply, start
from companion.rules.map_file import load_board
from companion.rules.payment import check_payment
from companion.rules.scoring import final_scores, held_ticket
from companion.rules.setup import Player, new_game
from companion.rules.table_questions import score_track
from companion.rules.variants import deck_note, variant

ASIA = load_board("legendary-asia")


def table(*names, trains=None):
    state = start(new_game(ASIA, [Player(n) for n in names]))
    if trains is not None:  # a game further on: the players' reserves as they stand
        state = replace(state, trains=MappingProxyType({n: trains for n in names}))
    return state


def claims(state, player, *routes):
    for a, b, *which in routes:
        state = apply(state, Claim(player, (a, b), **dict(which)))
    return state


def test_the_legendary_asia_board_has_39_cities_100_tracks_30_doubles_268_spaces_36_tickets():
    assert len(ASIA.cities) == 39
    assert len(ASIA.routes) == 100
    assert len({frozenset(r.cities) for r in ASIA.routes if r.tracks == 2}) == 30
    assert sum(r.length for r in ASIA.routes) == 268
    assert (len(ASIA.tickets), sum(t.long for t in ASIA.tickets)) == (36, 6)
    mountains = [r for r in ASIA.routes if r.mountains]
    assert (len(mountains), sum(r.mountains for r in mountains)) == (31, 39)
    assert sum(1 for r in ASIA.routes if r.locomotives) == 15
    assert max(r.length for r in ASIA.routes) == 6


def test_the_two_disputed_ferries_take_one_locomotive_and_say_so():
    for a, b in (("Seoul", "Vladivostok"), ("Kobe", "Seoul")):
        (ferry,) = ASIA.routes_between(a, b)
        assert ferry.locomotives == 1
        assert "disputed" in ferry.note
    assert "Seoul" in ASIA.notes and "Kobe" in ASIA.notes


def test_a_mountain_route_takes_a_train_from_the_reserve_for_each_cross():
    # Hanoi–Mandalay: 2 spaces, 2 ✕: 4 trains leave the reserve.
    state = claims(table("Ann", "Bob"), "Ann", ("Hanoi", "Mandalay"))
    assert state.trains["Ann"] == 45 - 4


def test_a_mountain_claim_is_refused_for_want_of_trains_for_its_crosses():
    # 3 trains left: enough for Hanoi–Mandalay's 2 spaces, not for its 2 ✕ as well.
    state = table("Ann", "Bob", trains=3)
    with pytest.raises(IllegalAction, match="Mountain Crossing"):
        claims(state, "Ann", ("Hanoi", "Mandalay"))
    assert claims(table("Ann", "Bob", trains=4), "Ann", ("Hanoi", "Mandalay")).trains["Ann"] == 0


def test_a_mountain_claim_that_leaves_two_trains_starts_the_final_round():
    # 5 trains; Agra–Kathmandu (2 spaces, 1 ✕) leaves 2: the final round begins. Agra–
    # Karachi, 2 spaces and no ✕, would have left 3.
    state = claims(table("Ann", "Bob", trains=5), "Ann", ("Agra", "Kathmandu"))
    assert state.final_round is not None and state.final_round.started_by == "Ann"
    plain = claims(table("Ann", "Bob", trains=5), "Ann", ("Agra", "Karachi"))
    assert plain.final_round is None


def test_each_cross_scores_2_points_apart_from_the_route_and_on_the_score_track():
    state = claims(table("Ann", "Bob"), "Ann", ("Hanoi", "Mandalay"), ("Agra", "Kathmandu"))
    ann = final_scores(state, {}).player("Ann")
    # Routes: 2 spaces → 2, twice; ✕: 2 + 1 = 3 trains × 2 = 6.
    assert ann.breakdown["routes"] == 4
    assert ann.breakdown["mountains"] == 6
    assert score_track(state, "Ann") == 4 + 6


def test_the_asian_explorer_goes_to_the_most_cities_in_one_network_and_every_tie_scores():
    state = table("Ann", "Bob", "Cat")
    # Ann: Agra–Bombay–Calcutta, 3 cities, and a separate Bangkok–Saigon: 3 in one network.
    state = claims(state, "Ann", ("Agra", "Bombay"), ("Bombay", "Calcutta", ("color", "yellow")))
    state = claims(state, "Ann", ("Bangkok", "Saigon", ("color", "red")))
    # Bob: Peking–Shanghai–Macau, 3 cities. Cat: Tehran–Baghdad, 2 cities.
    state = claims(state, "Bob", ("Peking", "Shanghai", ("color", "green")), ("Shanghai", "Macau"))
    state = claims(state, "Cat", ("Tehran", "Baghdad", ("color", "blue")))
    sheet = final_scores(state, {})
    assert [p.breakdown["explorer_bonus"] for p in sheet.players] == [10, 10, 0]
    assert sheet.player("Ann").network_cities and len(sheet.player("Ann").network_cities) == 3


def test_legendary_asia_has_no_longest_path_bonus():
    state = claims(table("Ann", "Bob"), "Ann", ("Dihua", "Peking"))
    sheet = final_scores(state, {})
    assert all(p.breakdown["longest_path_bonus"] == 0 for p in sheet.players)
    assert [c.key for c in sheet.columns] == ["routes", "tickets", "mountains", "explorer_bonus"]


def test_players_tied_on_points_and_tickets_are_parted_by_their_mountain_routes():
    state = table("Ann", "Bob")
    # Ann: Agra–Kathmandu, 2 spaces (2) and 1 ✕ (2): 4; her network has 2 cities.
    state = claims(state, "Ann", ("Agra", "Kathmandu"))
    # Bob: Agra–Karachi (2), Calcutta–Mandalay (1) and Bangkok–Rangoon (1): 4; his largest
    # network has 2 cities too, so both take the Explorer: 14 each, no ticket completed.
    state = claims(state, "Bob", ("Agra", "Karachi"), ("Calcutta", "Mandalay"))
    state = claims(state, "Bob", ("Bangkok", "Rangoon", ("color", "green")))
    sheet = final_scores(state, {})
    assert (sheet.player("Ann").total, sheet.player("Bob").total) == (14, 14)
    # Ann has 1 mountain route, Bob none.
    assert sheet.winners == ("Ann",)
    assert "mountain routes" in str(sheet.tiebreak)


def test_completed_tickets_part_a_tie_before_mountain_routes():
    state = table("Ann", "Bob")
    state = claims(state, "Ann", ("Agra", "Kathmandu"))
    state = claims(state, "Bob", ("Agra", "Karachi"), ("Calcutta", "Mandalay"))
    state = claims(state, "Bob", ("Bangkok", "Rangoon", ("color", "green")))
    # As above, 14 each; Ann completes Agra–Kathmandu (4), Bob Agra–Karachi (3) and
    # Calcutta–Mandalay (1): 18 each, Bob with 2 completed tickets to Ann's 1.
    hands = {
        "Ann": (held_ticket(ASIA, ["Agra", "Kathmandu"], 4),),
        "Bob": (
            held_ticket(ASIA, ["Agra", "Karachi"], 3),
            held_ticket(ASIA, ["Calcutta", "Mandalay"], 1),
        ),
    }
    sheet = final_scores(state, hands)
    assert (sheet.player("Ann").total, sheet.player("Bob").total) == (18, 18)
    assert sheet.winners == ("Bob",)


def test_the_gray_track_beside_a_coloured_one_is_paid_with_any_one_colour_even_its_partners():
    gray, red = ASIA.routes_between("Moscow", "Perm")
    assert (gray.color, gray.mountains, red.color, red.mountains) == ("gray", 0, "red", 1)
    check_payment(gray, ASIA.edition, {"red": 3})
    check_payment(gray, ASIA.edition, {"blue": 2, "locomotive": 1})


def test_the_gray_track_and_its_mountain_partner_are_told_apart_by_colour_or_track():
    state = claims(table("Ann", "Bob", "Cat", "Dan"), "Ann", ("Moscow", "Perm", ("color", "red")))
    assert state.trains["Ann"] == 45 - 4
    state = claims(state, "Bob", ("Moscow", "Perm", ("track", 1)))
    assert state.trains["Bob"] == 45 - 3


def test_the_deal_is_one_long_and_three_regular_keep_two_then_three_regular_keep_one():
    words = str(variant("legendary-asia", "base").deal_words())
    assert "3 regular tickets and 1 long" in words and "at least 2" in words
    assert "3 regular, keep at least 1" in words
    assert "not kept go back to the box" in words


def test_a_typed_ticket_scores_in_legendary_asia_as_printed():
    state = claims(table("Ann", "Bob"), "Ann", ("Agra", "Bombay"))
    ticket = held_ticket(ASIA, ["Agra", "Bombay"], 6)
    assert final_scores(state, {"Ann": (ticket,)}).player("Ann").breakdown["tickets"] == 6


def test_a_long_ticket_is_said_to_be_one_on_the_sheet_and_in_the_deck():
    long = next(t for t in ASIA.tickets if t.long)
    regular = next(t for t in ASIA.tickets if not t.long)
    assert str(deck_note(ASIA, long)) == "long ticket"
    assert deck_note(ASIA, regular) is None
