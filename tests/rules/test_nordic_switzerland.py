"""Nordic Countries and Switzerland: their boards pinned, and each of their rules with the
case from the rules (RULES.md, "Nordic Countries and Switzerland")."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from companion.render.json_sheet import sheet_to_json
from companion.rules.actions import Claim
from companion.rules.dice import DiceTurn, Tokens
from companion.rules.errors import IllegalAction
from companion.rules.game import apply, dice_options, start
from companion.rules.map_file import load_board
from companion.rules.payment import check_payment
from companion.rules.record import parse_record
from companion.rules.scoring import final_scores, held_targets, held_ticket
from companion.rules.setup import Player, new_game
from tests.helpers import game_record

NORDIC, SWITZERLAND = load_board("nordic"), load_board("switzerland")


def table(board, *names, dice=False):
    return start(new_game(board, [Player(n) for n in names], dice=dice))


def claim(state, player, a, b, **which):
    return apply(state, Claim(player, (a, b), **which))


def route(board, a, b, **which):
    (found,) = [
        r for r in board.routes_between(a, b) if all(getattr(r, k) == v for k, v in which.items())
    ]
    return found


def scored(board, *players_routes, tickets=None):
    """A sheet for a game where each player claimed the routes given (a, b, which…)."""
    names = [name for name, _routes in players_routes]
    state = table(board, *names)
    for name, routes in players_routes:
        for a, b, which in routes:
            state = claim(state, name, a, b, **which)
    hands = {n: tuple(tickets.get(n, ())) for n in names} if tickets else {}
    return final_scores(state, hands)


# The boards, as the public transcription gives them (RULES.md, SOURCES.md).


def test_the_nordic_board_has_39_cities_81_tracks_14_doubles_207_spaces_46_tickets():
    board = NORDIC
    assert len(board.cities) == 39
    assert len(board.routes) == 81
    assert len({frozenset(r.cities) for r in board.routes if r.tracks == 2}) == 14
    assert sum(r.length for r in board.routes) == 207
    assert len(board.tickets) == 46
    assert sum(1 for r in board.routes if r.tunnel) == 10
    assert sum(1 for r in board.routes if r.locomotives) == 24
    assert board.city("Mo I Rana") == "Mo i Rana"


def test_lieksa_murmansk_is_9_spaces_worth_27_and_takes_any_4_cards_for_one():
    lieksa = route(NORDIC, "Lieksa", "Murmansk")
    assert (lieksa.length, NORDIC.points_for(lieksa), lieksa.any_cards) == (9, 27, 4)


def test_the_swiss_board_has_34_cities_4_countries_88_tracks_205_spaces_46_ticket_cards():
    board = SWITZERLAND
    assert len([c for c in board.cities.values() if not c.is_country]) == 34
    assert board.countries == {"France", "Deutschland", "Österreich", "Italia"}
    assert len(board.routes) == 88
    assert len({frozenset(r.cities) for r in board.routes if r.tracks == 2}) == 12
    assert sum(r.length for r in board.routes) == 205
    assert sum(1 for r in board.routes if r.tunnel) == 42
    assert len(board.tickets) == 42 and sum(t.copies for t in board.tickets) == 46
    into = {c: sum(1 for r in board.routes if c in r.cities) for c in sorted(board.countries)}
    assert into == {"Deutschland": 5, "France": 4, "Italia": 5, "Österreich": 3}


def test_each_swiss_country_ticket_is_printed_twice_and_each_city_one_once():
    tickets = {t.name: t for t in SWITZERLAND.tickets if t.has_targets}
    assert tickets["France → Deutschland, Österreich, Italia"].copies == 2
    assert tickets["Bern → France, Deutschland, Österreich, Italia"].copies == 1
    bern = tickets["Bern → France, Deutschland, Österreich, Italia"]
    assert bern.targets == (("France", 5), ("Deutschland", 6), ("Österreich", 11), ("Italia", 8))


# Double routes: both tracks with 3 players (by different players), one with 2.


@pytest.mark.parametrize(
    ("board", "a", "b"), [(NORDIC, "Oslo", "Örebro"), (SWITZERLAND, "Genève", "Lausanne")]
)
def test_with_three_players_both_tracks_of_a_double_are_claimed_by_different_players(board, a, b):
    first, second = board.routes_between(a, b)
    state = table(board, "Ann", "Bob", "Cy")
    state = claim(state, "Ann", a, b, color=first.color)
    state = claim(state, "Bob", a, b, color=second.color)
    assert state.owners[first.id] == "Ann" and state.owners[second.id] == "Bob"


@pytest.mark.parametrize(
    ("board", "a", "b"), [(NORDIC, "Oslo", "Örebro"), (SWITZERLAND, "Genève", "Lausanne")]
)
def test_with_two_players_the_other_track_of_a_double_closes(board, a, b):
    first, second = board.routes_between(a, b)
    state = claim(table(board, "Ann", "Bob"), "Ann", a, b, color=first.color)
    with pytest.raises(IllegalAction, match="with 2 players only one of the two"):
        claim(state, "Bob", a, b, color=second.color)


def test_one_player_never_claims_both_tracks_of_a_double_even_with_three_players():
    state = claim(table(NORDIC, "Ann", "Bob", "Cy"), "Ann", "Oslo", "Örebro", color="green")
    with pytest.raises(IllegalAction, match="one player may never claim two routes"):
        claim(state, "Ann", "Oslo", "Örebro", color="yellow")


def test_a_tunnel_beside_a_ferry_of_another_length_is_a_double_too():
    tunnel = route(NORDIC, "Mo i Rana", "Trondheim", tunnel=True)
    ferry = route(NORDIC, "Mo i Rana", "Trondheim", locomotives=2)
    assert (tunnel.length, ferry.length) == (5, 6) and NORDIC.parallels(tunnel) == (ferry,)
    state = claim(table(NORDIC, "Ann", "Bob"), "Ann", "Mo i Rana", "Trondheim", color="green")
    with pytest.raises(IllegalAction, match="only one of the two"):
        claim(state, "Bob", "Mo i Rana", "Trondheim", color="red")


def test_kreuzlingens_two_routes_into_deutschland_at_two_flags_are_not_a_double():
    first, second = SWITZERLAND.routes_between("Kreuzlingen", "Deutschland")
    assert first.flag != second.flag and not SWITZERLAND.parallels(first)
    state = claim(table(SWITZERLAND, "Ann", "Bob"), "Ann", "Kreuzlingen", "Deutschland", track=1)
    state = claim(state, "Ann", "Kreuzlingen", "Deutschland", track=2)  # both hers, 2 players
    assert {state.owners[first.id], state.owners[second.id]} == {"Ann"}


def test_the_swiss_board_prints_each_country_flag_where_its_routes_cross_the_border():
    flags = dict(SWITZERLAND.flags)
    assert flags["France"].colors == ("#0055a4", "#ffffff", "#ef4135") and flags["France"].vertical
    assert flags["Deutschland"].colors == ("#000000", "#dd0000", "#ffce00")
    assert not flags["Deutschland"].vertical
    assert set(flags) == SWITZERLAND.countries and not NORDIC.flags


def test_a_country_flag_in_a_map_file_is_checked():
    from companion.rules.errors import BoardError
    from companion.rules.map_file import parse_board

    text = """
id = "t"
name = "Test"
edition = "switzerland"
counts = { cities = 1, countries = 1, tracks = 1, spaces = 1, tickets = 1 }
tickets = [{ cities = ["Basel", "France"], points = 4 }]
[[routes]]
cities = ["Basel", "France"]
length = 1
colors = ["gray"]
flag = { lat = 47.6, lon = 7.5 }
[cities]
"Basel" = { lat = 47.56, lon = 7.59 }
[countries.France]
lat = 47.5
lon = 7.0
flag = { stripes = "vertical", colors = ["#0055a4", "#ffffff", "#ef4135"] }
"""
    assert parse_board(text, "t.toml").cities["France"].flag.vertical
    for old, new, message in (
        ('"vertical"', '"round"', "stripes should be 'vertical' or 'horizontal'"),
        ('"#0055a4", "#ffffff", "#ef4135"', '"blue"', "colors should list 2 to 4 colours"),
        ('"#0055a4", "#ffffff"', '"blue", "#ffffff"', "colors should list 2 to 4 colours"),
    ):
        with pytest.raises(BoardError, match=message):
            parse_board(text.replace(old, new), "t.toml")


# Locomotives: wild only on ferries and tunnels (Nordic), only on tunnels (Switzerland).


def test_nordic_locomotives_are_not_wild_on_an_ordinary_route():
    oslo = route(NORDIC, "Kristiansand", "Oslo")  # black, 2 spaces
    with pytest.raises(IllegalAction, match="wild only on ferries and tunnels"):
        check_payment(oslo, NORDIC.edition, {"black": 1, "locomotive": 1})
    assert "2 black cards" in str(check_payment(oslo, NORDIC.edition, {"black": 2}))


def test_nordic_locomotives_are_wild_on_a_tunnel():
    tunnel = route(NORDIC, "Åndalsnes", "Lillehammer")  # yellow tunnel, 2 spaces
    paid = check_payment(tunnel, NORDIC.edition, {"yellow": 1, "locomotive": 1})
    assert "pay for 2 spaces" in str(paid)


def test_swiss_locomotives_are_wild_only_on_tunnels():
    plain = route(SWITZERLAND, "Bern", "Solothurn")  # black, 2 spaces
    with pytest.raises(IllegalAction, match="wild only on tunnels"):
        check_payment(plain, SWITZERLAND.edition, {"black": 1, "locomotive": 1})
    tunnel = route(SWITZERLAND, "Brig", "Interlaken")  # white tunnel, 2 spaces
    assert "pay for 2 spaces" in str(check_payment(tunnel, SWITZERLAND.edition, {"locomotive": 2}))


def test_a_swiss_tunnel_paid_with_locomotives_costs_more_only_for_turned_up_locomotives():
    tunnel = route(SWITZERLAND, "Brig", "Interlaken")
    turned = {"white": 2, "locomotive": 1}  # the white ones don't count for locomotives
    paid = check_payment(tunnel, SWITZERLAND.edition, {"locomotive": 3}, turned)
    assert "1 tunnel card" in str(paid)


# Nordic ferries: any 3 cards stand in for a locomotive; Lieksa–Murmansk: any 4 for a card.


def test_on_a_nordic_ferry_any_3_cards_stand_in_for_its_locomotive():
    ferry = route(NORDIC, "Ålborg", "Göteborg")  # gray, 2 spaces, 1 locomotive
    with_three = check_payment(ferry, NORDIC.edition, {"red": 1, "blue": 2, "green": 1})
    assert "1 set of 3 cards for a locomotive" in str(with_three)
    plain = check_payment(ferry, NORDIC.edition, {"red": 1, "locomotive": 1})
    assert str(plain) == (
        "Ålborg–Göteborg (gray, ferry, 1 locomotive), 2 spaces: paid by 1 red card and 1 locomotive"
    )
    with pytest.raises(IllegalAction, match="paid by a locomotive or by any 3 cards"):
        check_payment(ferry, NORDIC.edition, {"red": 2})


def test_the_3_cards_stand_in_only_for_locomotives_never_for_coloured_spaces():
    ferry = route(NORDIC, "Åndalsnes", "Bergen")  # black, 5 spaces, 2 locomotives
    paid = check_payment(ferry, NORDIC.edition, {"black": 3, "locomotive": 1, "red": 3})
    assert str(paid) == (
        "Åndalsnes–Bergen (black, ferry, 2 locomotives), 5 spaces: paid by 1 set of 3 cards"
        " for a locomotive and 4 other cards"
    )
    with pytest.raises(IllegalAction, match="pay only in sets of 3 for a locomotive"):
        # 7 cards: one set, but 5 red cards can't all go into it.
        check_payment(ferry, NORDIC.edition, {"black": 1, "red": 5, "locomotive": 1})


def test_no_cards_are_turned_over_for_a_ferry_or_lieksa_murmansk_only_for_a_tunnel():
    for a, b, cards in (
        ("Åndalsnes", "Bergen", {"black": 3, "locomotive": 2}),
        ("Lieksa", "Murmansk", {"red": 9}),
    ):
        with pytest.raises(IllegalAction, match="is not a tunnel: no cards are turned over"):
            check_payment(route(NORDIC, a, b), NORDIC.edition, cards, {"black": 1})


def test_lieksa_murmansk_takes_a_card_of_one_colour_a_space_or_any_4_cards_for_one():
    lieksa = route(NORDIC, "Lieksa", "Murmansk")
    assert "9 red cards pay for it" in str(check_payment(lieksa, NORDIC.edition, {"red": 9}))
    mixed = {"red": 6, "blue": 4, "green": 4, "yellow": 3, "locomotive": 1}  # 6 + 3 sets of 4
    assert "6 red cards and 3 sets of 4 cards" in str(check_payment(lieksa, NORDIC.edition, mixed))
    with pytest.raises(IllegalAction, match="a locomotive or another colour pays only inside"):
        check_payment(lieksa, NORDIC.edition, {"red": 8, "locomotive": 1})


def test_a_stand_in_payment_says_only_what_was_paid():
    # 36 cards of no one colour: 9 sets of 4, and no "0 red cards" or "0 gray cards".
    lieksa = route(NORDIC, "Lieksa", "Murmansk")
    sets = {"red": 8, "blue": 8, "green": 8, "yellow": 8, "locomotive": 4}
    assert str(check_payment(lieksa, NORDIC.edition, sets)).endswith(
        ": 9 sets of 4 cards pay for it"
    )
    only_locomotives = check_payment(lieksa, NORDIC.edition, {"locomotive": 36})
    assert str(only_locomotives).endswith(": 9 sets of 4 cards pay for it")
    # A ferry paid with locomotives alone: "4 locomotives", not "4 cards".
    ferry = route(NORDIC, "Åndalsnes", "Bergen")  # black, 5 spaces, 2 locomotives
    paid = check_payment(ferry, NORDIC.edition, {"locomotive": 5})
    assert str(paid).endswith("5 spaces: paid by 5 locomotives")


# Switzerland's countries are dead ends; its tickets with several targets.


def test_a_country_never_joins_two_cities_for_a_ticket():
    sheet = scored(
        SWITZERLAND,
        ("Ann", [("Genève", "France", {}), ("Martigny", "France", {}), ("Martigny", "Sion", {})]),
        ("Bob", []),
        tickets={"Ann": [held_ticket(SWITZERLAND, ("Genève", "Sion"))]},
    )
    (genève_sion,) = sheet.player("Ann").tickets
    assert not genève_sion.completed and genève_sion.points == -10


def test_the_longest_path_may_end_at_a_border_but_never_pass_through_a_country():
    sheet = scored(
        SWITZERLAND,
        ("Ann", [("Genève", "France", {}), ("Martigny", "France", {})]),  # 1 and 2 spaces
        ("Bob", [("Bern", "Solothurn", {})]),  # 2 spaces
    )
    assert sheet.player("Ann").longest_path.length == 2  # not 3 through France
    assert sheet.player("Ann").longest_path_bonus == sheet.player("Bob").longest_path_bonus == 10


def test_a_ticket_with_several_targets_scores_only_the_highest_reached():
    bern = held_targets(SWITZERLAND, "Bern", ["France", "Deutschland", "Österreich", "Italia"])
    sheet = scored(
        SWITZERLAND,
        # Bern reaches France (5) by Neuchâtel and La Chaux-de-Fonds, and Deutschland (6)
        # by Solothurn, Olten and Basel: Deutschland, the higher, scores.
        (
            "Ann",
            [
                ("Bern", "Neuchâtel", {}),
                ("Neuchâtel", "La Chaux-de-Fonds", {}),
                ("La Chaux-de-Fonds", "France", {}),
                ("Bern", "Solothurn", {}),
                ("Olten", "Solothurn", {}),
                ("Basel", "Olten", {}),
                ("Basel", "Deutschland", {}),
            ],
        ),
        ("Bob", []),
        tickets={"Ann": [bern]},
    )
    (ticket,) = sheet.player("Ann").tickets
    assert (ticket.target, ticket.points, ticket.completed) == ("Deutschland", 6, True)


def test_a_ticket_with_several_targets_none_reached_loses_the_lowest_value():
    bern = held_targets(SWITZERLAND, "Bern", ["France", "Deutschland", "Österreich", "Italia"])
    sheet = scored(SWITZERLAND, ("Ann", []), ("Bob", []), tickets={"Ann": [bern]})
    (ticket,) = sheet.player("Ann").tickets
    assert (ticket.target, ticket.points, ticket.completed) == (None, -5, False)


def test_a_country_ticket_runs_from_its_country_into_the_board_and_out_to_another():
    france = held_targets(SWITZERLAND, "France", ["Deutschland", "Österreich", "Italia"])
    sheet = scored(
        SWITZERLAND,
        (
            "Ann",
            [
                ("Delémont", "France", {}),
                ("Basel", "Delémont", {}),
                ("Basel", "Deutschland", {}),
            ],
        ),
        ("Bob", []),
        tickets={"Ann": [france]},
    )
    (ticket,) = sheet.player("Ann").tickets
    assert (ticket.target, ticket.points) == ("Deutschland", 5)


def test_the_two_copies_of_a_country_ticket_may_be_held_by_two_players_but_not_three():
    record = {
        "map": "switzerland",
        "players": ["Ann", "Bob", "Cy"],
        "tickets": {
            "Ann": [{"from": "France", "to": ["Deutschland", "Österreich", "Italia"]}],
            "Bob": [{"from": "France", "to": ["Deutschland", "Österreich", "Italia"]}],
        },
    }
    game = parse_record(record)
    state = game.replay()
    assert len(final_scores(state, game.hands(state.setup)).player("Bob").tickets) == 1
    record["tickets"]["Cy"] = record["tickets"]["Ann"]
    game = parse_record(record)
    with pytest.raises(IllegalAction, match="the deck has 2 France → .* tickets, held already"):
        final_scores(game.replay(), game.hands(game.replay().setup))


def test_a_ticket_with_targets_not_in_the_deck_is_refused():
    with pytest.raises(IllegalAction, match="has no ticket from Bern to France and Italia"):
        held_targets(SWITZERLAND, "Bern", ["France", "Italia"])
    # Named by two places, it is told how a ticket with several targets is named.
    with pytest.raises(IllegalAction, match='named by where it starts .*"from": "Bern"'):
        held_ticket(SWITZERLAND, ("Bern", "France"))


# Bonuses and tiebreaks.


def test_the_globetrotter_goes_to_every_player_tied_for_most_completed_tickets():
    tickets = {
        "Ann": [held_ticket(NORDIC, ("Oslo", "Stockholm"))],
        "Bob": [held_ticket(NORDIC, ("Tampere", "Tallinn"))],
    }
    sheet = scored(
        NORDIC,
        (
            "Ann",
            [("Oslo", "Örebro", {"color": "green"}), ("Örebro", "Stockholm", {"color": "black"})],
        ),
        ("Bob", [("Helsinki", "Tampere", {}), ("Helsinki", "Tallinn", {})]),
        tickets=tickets,
    )
    assert sheet.player("Ann").globetrotter_bonus == sheet.player("Bob").globetrotter_bonus == 10
    assert sheet.player("Ann").longest_path_bonus == 0  # no longest-path bonus on Nordic


def test_nobody_earns_the_globetrotter_without_a_completed_ticket():
    sheet = scored(
        NORDIC,
        ("Ann", [("Kristiansand", "Oslo", {})]),
        ("Bob", []),
        tickets={"Ann": [held_ticket(NORDIC, ("Oslo", "Stockholm"))]},
    )
    assert all(p.globetrotter_bonus == 0 for p in sheet.players)


def test_a_nordic_tie_goes_to_most_completed_tickets_then_the_longest_path():
    # Ann: one 2-space route (2 points, a path of 2); Bob: two 1-space routes apart
    # (2 points, a path of 1). No tickets: the longest path decides, though it scores
    # nothing on Nordic.
    sheet = scored(
        NORDIC,
        ("Ann", [("Kristiansand", "Oslo", {})]),
        ("Bob", [("Helsinki", "Lahti", {}), ("Oulu", "Tornio", {})]),
    )
    assert [p.total for p in sheet.players] == [2, 2]
    assert sheet.winners == ("Ann",)
    assert "longest continuous path" in str(sheet.tiebreak)
    assert [p["longest_path"] for p in sheet_to_json(sheet)["players"]] == [2, 1]


def test_a_swiss_tie_goes_to_most_completed_tickets_first():
    # Ann: Luzern–Zug and Zug–Zürich (1 + 1) and Luzern–Zürich (+2); Bob: Bern–Solothurn
    # and Martigny–Sion apart (2 + 2). Both paths are 2 spaces: +10 each. 14 each: Ann's
    # completed ticket decides.
    sheet = scored(
        SWITZERLAND,
        ("Ann", [("Luzern", "Zug", {"color": "orange"}), ("Zug", "Zürich", {"color": "red"})]),
        ("Bob", [("Bern", "Solothurn", {}), ("Martigny", "Sion", {})]),
        tickets={"Ann": [held_ticket(SWITZERLAND, ("Luzern", "Zürich"))]},
    )
    ann, bob = sheet.players
    assert ann.longest_path_bonus == bob.longest_path_bonus == 10
    assert (ann.total, bob.total) == (14, 14)
    assert sheet.winners == ("Ann",) and "most completed tickets" in str(sheet.tiebreak)


# The Dice Expansion on both maps.


def test_with_dice_a_nordic_ferry_takes_a_locomotive_face_for_its_symbol():
    state = table(NORDIC, "Ann", "Bob", dice=True)
    no_loco = DiceTurn(("double", "double", "double", "double", "single"))
    with pytest.raises(IllegalAction, match="is a ferry: it takes 1 locomotive face"):
        apply(state, Claim("Ann", ("Stockholm", "Helsinki"), color="yellow", dice=no_loco))
    faces = DiceTurn(("locomotive", "double", "double", "double", "single"))
    after = apply(state, Claim("Ann", ("Stockholm", "Helsinki"), color="yellow", dice=faces))
    assert after.owners[route(NORDIC, "Stockholm", "Helsinki", color="yellow").id] == "Ann"


def test_with_dice_a_swiss_tunnel_takes_one_more_face_for_each_tunnel_face():
    state = table(SWITZERLAND, "Ann", "Bob", dice=True)
    two = ("single", "single", "station", "station", "double")
    with pytest.raises(IllegalAction, match=r"needs 3 spaces \(2 and 1 tunnel\)"):
        apply(state, Claim("Ann", ("Brig", "Interlaken"), dice=DiceTurn(two, tunnel=1)))
    three = ("single", "single", "single", "station", "double")
    after = apply(state, Claim("Ann", ("Brig", "Interlaken"), dice=DiceTurn(three, tunnel=1)))
    assert after.owners[route(SWITZERLAND, "Brig", "Interlaken").id] == "Ann"


def test_lieksa_murmansk_is_out_of_reach_of_5_dice_and_3_tokens():
    state = table(NORDIC, "Ann", "Bob", dice=True)
    state = replace(state, tokens={"Ann": Tokens(3, 0)})
    faces = ("single",) * 4 + ("locomotive",)
    options = dice_options(state, "Ann", faces)
    lieksa = route(NORDIC, "Lieksa", "Murmansk")
    assert all(o.route != lieksa for o in options)
    with pytest.raises(IllegalAction, match="no route longer than 8"):
        apply(
            state,
            Claim("Ann", ("Lieksa", "Murmansk"), dice=DiceTurn(faces, use=Tokens(3, 0))),
        )
    # A dice game's record that leaves the dice out can't claim it either.
    with pytest.raises(IllegalAction, match="no route longer than 8"):
        apply(state, Claim("Ann", ("Lieksa", "Murmansk")))


# Whole games, worked by hand from the rules.


def test_a_three_player_swiss_game_is_scored_as_worked_by_hand():
    game = parse_record(game_record("switzerland_three_players"))
    state = game.replay()
    sheet = sheet_to_json(final_scores(state, game.hands(state.setup)))
    totals = {p["name"]: p["total"] for p in sheet["players"]}
    # Ann: routes 7 + 4 + 1 + 7 + 1 + 1 = 21; Genève–Zürich +14; Bern to the countries, none
    # reached: −5 (the lowest, France); the longest path, Genève to Zürich, 14 spaces: +10.
    # Bob: routes 7 + 7 + 1 + 2 + 4 = 21; Zürich to the countries reaches only
    # Deutschland (by Olten and Basel): +3. Cy: routes 2 + 1 + 7 + 2 + 1 = 13; Lugano to
    # the countries reaches only Italia: +2; Zürich–Lugano not connected: −9.
    assert totals == {"Ann": 21 + 14 - 5 + 10, "Bob": 21 + 3, "Cy": 13 + 2 - 9}
    assert [p["longest_path"] for p in sheet["players"]] == [14, 6, 10]
    bob_ticket = sheet["players"][1]["tickets"][0]
    assert (bob_ticket["reached"], bob_ticket["points"]) == ("Deutschland", 3)
    assert sheet["winners"] == ["Ann"]


def test_a_two_player_nordic_game_is_scored_as_worked_by_hand():
    game = parse_record(game_record("nordic_two_players"))
    state = game.replay()
    sheet = sheet_to_json(final_scores(state, game.hands(state.setup)))
    ann, bob = sheet["players"]
    # Ann: routes 2 + 2 + 7 + 1 + 2 = 14; Oslo–Stockholm +4, Stockholm–Imatra +7,
    # Oslo–Helsinki +8; the Globetrotter (3 completed tickets against none): +10.
    assert ann["total"] == 14 + 4 + 7 + 8 + 10
    assert ann["breakdown"]["globetrotter_bonus"] == 10
    # Bob: Lieksa–Murmansk 27, then 1 + 4 + 1 + 1; Tornio–Imatra −6, Helsinki–Lieksa −5.
    assert bob["total"] == 27 + 1 + 4 + 1 + 1 - 6 - 5
    # The longest path is reported though Nordic gives no bonus for it.
    assert (ann["longest_path"], bob["longest_path"]) == (11, 15)
    assert ann["breakdown"]["longest_path_bonus"] == bob["breakdown"]["longest_path_bonus"] == 0


def test_a_two_player_nordic_game_refuses_the_other_track_of_a_taken_double():
    record = game_record("nordic_two_players")
    record["actions"].append({"player": "Bob", "claim": ["Oslo", "Örebro"], "color": "yellow"})
    with pytest.raises(IllegalAction, match=r"actions\[10\]: with 2 players only one"):
        parse_record(json.loads(json.dumps(record))).replay()


def test_a_nordic_game_is_for_two_or_three_players():
    with pytest.raises(Exception, match="2 to 3 players, not 4"):
        table(NORDIC, "Ann", "Bob", "Cy", "Dee")
