"""Rails & Sails: trains and ships, ports, exchanges, tours, the end after 6 pieces."""

from __future__ import annotations

import pytest

from companion.rules.actions import BuildPort, Exchange
from companion.rules.errors import IllegalAction, SetupError
from companion.rules.game import apply, start
from companion.rules.map_file import load_board
from companion.rules.scoring import held_tour
from companion.rules.setup import Player, new_game
from tests.helpers import Table
from tests.playout import legal_claims


class Sails(Table):
    def __init__(self, map_id: str, *names: str, pieces=None) -> None:
        setup = new_game(load_board(map_id), [Player(n) for n in names], pieces=pieces)
        self.state = start(setup)
        self.actions = []

    def port(self, player: str, city: str) -> Sails:
        self.play(BuildPort(player, city))
        return self

    def exchange(self, player: str, ships: int) -> Sails:
        self.play(Exchange(player, ships))
        return self

    def score_with(self, **tickets):
        from companion.rules.scoring import final_scores, held_ticket

        board = self.state.board
        hands = {}
        for name, held in tickets.items():
            hands[name] = tuple(
                held_tour(board, t[1:]) if t[0] == "tour" else held_ticket(board, t[:2], *t[2:])
                for t in held
            )
        return final_scores(self.state, hands)


def test_world_board_counts():
    board = load_board("world")
    rail = [r for r in board.routes if r.kind == "rail"]
    assert (len(board.routes), len(rail)) == (130, 71)
    assert sum(1 for c in board.cities.values() if c.port) == 38
    assert [c.name for c in board.cities.values() if c.is_waypoint] == ["Indian Ocean"]
    assert len({frozenset(r.cities) for r in board.routes if r.pairs}) == 5
    assert (len(board.tickets), sum(t.is_tour for t in board.tickets)) == (65, 8)
    assert board.wraps and max(board.edition.route_points) == 8
    assert board.edition.route_points[8] == 21


def test_great_lakes_board_counts():
    board = load_board("great-lakes")
    assert len(board.routes) == 110
    assert sum(1 for r in board.routes if r.kind == "sea") == 55
    assert sum(1 for c in board.cities.values() if c.port) == 25
    assert sorted(c.name for c in board.cities.values() if c.is_waypoint) == [
        "Lake Huron",
        "Lake Superior",
    ]
    assert len(board.tickets) == 55
    (nine,) = [r for r in board.routes if r.length == 9]
    assert nine.name == "Cleveland–New York" and board.points_for(nine) == 27


def test_each_player_splits_the_pieces_within_the_limits():
    assert Sails("world", "Ann", "Bob").state.setup.pieces == {"Ann": (20, 40), "Bob": (20, 40)}
    assert Sails("world", "Ann", "Bob", pieces={"Ann": (25, 35)}).state.ships["Ann"] == 35
    with pytest.raises(SetupError, match="at most 25 trains and 50 ships"):
        Sails("world", "Ann", "Bob", pieces={"Ann": (26, 34)})
    with pytest.raises(SetupError, match="60 pieces in all"):
        Sails("world", "Ann", "Bob", pieces={"Ann": (20, 41)})
    with pytest.raises(SetupError, match="at most 33 trains and 32 ships"):
        Sails("great-lakes", "Ann", "Bob", pieces={"Ann": (17, 33)})


def test_a_sea_route_takes_ships_and_a_rail_route_takes_trains():
    t = Sails("great-lakes", "Ann", "Bob")  # 27 trains, 23 ships
    t.claim("Ann", "Chicago", "Milwaukee", color="green")  # sea, 1
    t.claim("Ann", "Chicago", "Madison")  # rail, 3
    assert (t.state.trains["Ann"], t.state.ships["Ann"]) == (24, 22)


def test_a_rail_and_a_sea_route_between_the_same_cities_are_not_a_double():
    t = Sails("great-lakes", "Ann", "Bob")
    rail = [r for r in t.state.board.routes_between("Thunder Bay", "Duluth") if r.kind == "rail"]
    sea = [r for r in t.state.board.routes_between("Thunder Bay", "Duluth") if r.kind == "sea"]
    from companion.rules.actions import Claim

    t.state = apply(t.state, Claim("Ann", ("Thunder Bay", "Duluth"), kind="rail"))
    t.state = apply(t.state, Claim("Bob", ("Thunder Bay", "Duluth"), kind="sea"))
    assert t.state.owners == {rail[0].id: "Ann", sea[0].id: "Bob"}


def test_with_two_players_the_other_route_of_a_double_closes():
    t = Sails("great-lakes", "Ann", "Bob").claim("Ann", "Chicago", "Milwaukee", color="green")
    with pytest.raises(IllegalAction, match="with 2 players only one of the two"):
        t.claim("Bob", "Chicago", "Milwaukee", color="white")


def test_a_sea_route_needs_enough_ships():
    t = Sails("great-lakes", "Ann", "Bob", pieces={"Ann": (33, 17)})
    t.claim("Ann", "Lake Superior", "Duluth", color="black")  # 5 ships
    t.claim("Ann", "Lake Superior", "Sault Ste. Marie", color="green")  # 5
    t.claim("Ann", "Lake Huron", "Detroit", color="black")  # 4: 3 ships left
    with pytest.raises(IllegalAction, match="Ann has 3 ships left; .* needs 4 ships"):
        t.claim("Ann", "Lake Huron", "Sault Ste. Marie", color="white")


def test_a_port_goes_only_in_a_port_city_where_the_builder_has_a_route():
    t = Sails("great-lakes", "Ann", "Bob").claim("Ann", "Chicago", "Madison")
    with pytest.raises(IllegalAction, match="Madison is not a port city"):
        t.port("Ann", "Madison")
    with pytest.raises(IllegalAction, match="Bob has no route into Chicago"):
        t.port("Bob", "Chicago")
    t.port("Ann", "Chicago")
    t.claim("Bob", "Chicago", "South Bend", track=1)
    with pytest.raises(IllegalAction, match="Chicago already has Ann's port"):
        t.port("Bob", "Chicago")


def test_each_player_builds_at_most_three_ports():
    t = Sails("great-lakes", "Ann", "Bob")
    t.claim("Ann", "Chicago", "Milwaukee", color="green")
    t.claim("Ann", "Milwaukee", "Green Bay", color="black")
    t.claim("Ann", "Milwaukee", "Muskegon")
    for city in ("Chicago", "Milwaukee", "Green Bay"):
        t.port("Ann", city)
    with pytest.raises(IllegalAction, match="Ann has built all 3 ports"):
        t.port("Ann", "Muskegon")


def test_two_completed_tickets_naming_chicago_score_20_for_a_chicago_port_on_great_lakes():
    t = Sails("great-lakes", "Ann", "Bob")
    t.claim("Ann", "Chicago", "Milwaukee", color="green")  # sea 1: 1 point
    t.claim("Ann", "Milwaukee", "Green Bay", color="black")  # sea 3: 4 points
    t.port("Ann", "Chicago")
    sheet = t.score_with(Ann=[("Green Bay", "Chicago"), ("Chicago", "Milwaukee", 3)])
    ann, bob = sheet.players
    (port,) = ann.ports
    assert (port.city, len(port.tickets), port.points) == ("Chicago", 2, 20)
    # Ann: routes 5, tickets 5 + 3, Chicago port 20, two ports not built −8 = 25.
    assert ann.breakdown["ports"] == 20 and ann.breakdown["unbuilt_ports"] == -8
    assert ann.total == 25
    assert bob.total == -12  # three ports not built


def test_world_ports_score_20_for_one_ticket_and_a_ticket_counts_for_each_port_it_names():
    t = Sails("world", "Ann", "Bob")
    t.claim("Ann", "Lagos", "Luanda", color="purple")  # 1
    t.port("Ann", "Lagos").port("Ann", "Luanda")
    sheet = t.score_with(Ann=[("Lagos", "Luanda", 3)])
    ann = sheet.player("Ann")
    assert [p.points for p in ann.ports] == [20, 20]
    # Ann: route 1 + ticket 3 + ports 40 − 4 (one port not built) = 40.
    assert ann.total == 40


def test_an_exchange_costs_a_point_per_piece_and_stays_within_the_box():
    t = Sails("world", "Ann", "Bob")  # 20 trains, 40 ships: the box holds 5 trains, 10 ships
    t.exchange("Ann", 2)
    assert (t.state.trains["Ann"], t.state.ships["Ann"]) == (18, 42)
    with pytest.raises(IllegalAction, match="the box holds only 8 ships for Ann"):
        t.exchange("Ann", 9)
    t.exchange("Ann", -7)  # ships back for trains: 25 trains, the most allowed
    with pytest.raises(IllegalAction, match="the box holds only 0 trains for Ann"):
        t.exchange("Ann", -1)
    assert t.score_with().player("Ann").breakdown["exchanges"] == -9


def test_an_exchange_trades_only_pieces_in_the_supply():
    t = Sails("great-lakes", "Ann", "Bob", pieces={"Ann": (33, 17)})
    with pytest.raises(IllegalAction, match="Ann has 17 ships left, not 18 to trade"):
        t.exchange("Ann", -18)


def test_a_tour_completed_in_order_scores_its_higher_value():
    t = Sails("world", "Ann", "Bob")
    t.claim("Ann", "Lagos", "Luanda", color="purple")
    t.claim("Ann", "Luanda", "Dar Es Salaam")
    t.claim("Ann", "Dar Es Salaam", "Djibouti", color="black")
    (tour,) = (
        t.score_with(Ann=[("tour", "Lagos", "Luanda", "Dar Es Salaam", "Djibouti")])
        .player("Ann")
        .tickets
    )
    assert tour.points == 9 and tour.in_order
    assert [r.name for r in tour.chain] == [
        "Lagos–Luanda",
        "Dar Es Salaam–Luanda",
        "Dar Es Salaam–Djibouti",
    ]


def test_a_tour_connected_only_in_another_order_scores_its_lower_value():
    # A single line Djibouti–Al-Qahira–Casablanca–Lagos–Luanda–Dar Es Salaam: every city is
    # joined, but no path reaches Lagos, Luanda, Dar Es Salaam, Djibouti in that order.
    t = Sails("world", "Ann", "Bob")
    t.claim("Ann", "Djibouti", "Al-Qahira", color="red")
    t.claim("Ann", "Al-Qahira", "Casablanca")
    t.claim("Ann", "Casablanca", "Lagos")
    t.claim("Ann", "Lagos", "Luanda", color="purple")
    t.claim("Ann", "Luanda", "Dar Es Salaam")
    (tour,) = (
        t.score_with(Ann=[("tour", "Lagos", "Luanda", "Dar Es Salaam", "Djibouti")])
        .player("Ann")
        .tickets
    )
    assert tour.points == 6 and not tour.in_order and tour.completed


def test_a_tour_with_a_city_not_joined_loses_its_penalty():
    t = Sails("world", "Ann", "Bob")
    t.claim("Ann", "Lagos", "Luanda", color="purple").claim("Ann", "Luanda", "Dar Es Salaam")
    (tour,) = (
        t.score_with(Ann=[("tour", "Lagos", "Luanda", "Dar Es Salaam", "Djibouti")])
        .player("Ann")
        .tickets
    )
    assert tour.points == -15 and not tour.completed


def test_routes_through_a_waypoint_join_its_cities_but_no_ticket_names_one():
    t = Sails("world", "Ann", "Bob")
    t.claim("Ann", "Cape Town", "Indian Ocean", color="green")
    t.claim("Ann", "Indian Ocean", "Perth", color="purple")
    (ticket,) = t.score_with(Ann=[("Cape Town", "Perth", 12)]).player("Ann").tickets
    assert ticket.completed
    with pytest.raises(IllegalAction, match="Indian Ocean is a waypoint"):
        t.score_with(Ann=[("Cape Town", "Indian Ocean", 5)])
    with pytest.raises(IllegalAction, match="Indian Ocean is not a port city"):
        t.port("Ann", "Indian Ocean")


def test_when_a_player_has_6_pieces_or_fewer_every_player_has_two_more_turns():
    t = Sails("great-lakes", "Ann", "Bob")
    while t.state.final_round is None:
        assert t.state.pieces_left("Ann") > 6
        claims = sorted(
            legal_claims(t.state, "Ann"),
            key=lambda c: -t.state.board.routes_between(*c.cities)[0].length,
        )
        t.state = apply(t.state, claims[0])
    assert t.state.pieces_left("Ann") <= 6 and t.state.final_round.started_by == "Ann"
    t.turn("Bob").turn("Ann").turn("Bob")
    assert not t.state.is_over
    t.turn("Ann")
    assert t.state.is_over


def test_a_tie_in_rails_and_sails_is_broken_by_the_house_rule():
    t = Sails("great-lakes", "Ann", "Bob")
    t.claim("Ann", "Chicago", "Milwaukee", color="green").claim("Bob", "Chicago", "South Bend")
    sheet = t.score_with()
    assert sheet.winners == ("Ann", "Bob")
    assert "a house rule: the rules give no tiebreak" in str(sheet.tiebreak)


def test_four_player_world_game_scored_by_hand():
    from companion.rules.record import parse_record
    from tests.helpers import game_record

    record = parse_record(game_record("world_four_players"))
    state = record.replay()
    # Cy spends all 50 ships at sea: 6 trains left start the final round; two turns each.
    assert (state.trains["Cy"], state.ships["Cy"]) == (6, 0)
    assert state.final_round.started_by == "Cy" and state.is_over
    sheet = record.score()
    totals = {p.name: p.total for p in sheet.players}
    # Ann: Marseille–Athina 2 + Athina–Al-Qahira 1 = 3; Marseille–Al-Qahira +5; ports in
    #   Marseille and Al-Qahira, each named by that one ticket: 20 + 20; one port not
    #   built −4.  3 + 5 + 40 − 4 = 44.
    # Bob: Edinburgh–Hamburg 1 + Edinburgh–Marseille 1 = 2; New York–Marseille −10; his
    #   Edinburgh port has no completed ticket naming it: 0; two not built −8.  −16.
    # Cy: Lagos–Luanda 1 + Luanda–Dar Es Salaam 2 + Dar Es Salaam–Djibouti 1 = 4, and at
    #   sea Anchorage–Tiksi (8) 21 + Lima–Sydney (8) 21 + Buenos Aires–Cape Town (7) 18 +
    #   Caracas–Lagos (7) 18 + Casablanca–Miami (7) 18 + Dar Es Salaam–Jakarta (7) 18 +
    #   Luanda–Rio de Janeiro (6) 15 = 129; the tour Lagos–Luanda–Dar Es Salaam–Djibouti in
    #   order +9; Edinburgh–Luanda −10; the Lagos port, named by the tour: 20; the Cape
    #   Town port, named by none: 0; one not built −4.  133 − 1 + 20 − 4 = 148.
    # Dee: the other Edinburgh–Hamburg track 1 + Edinburgh–Reykjavik 2 = 3; Vancouver–
    #   Edinburgh −13; 3 trains exchanged for ships −3; three ports not built −12.  −25.
    assert totals == {"Ann": 44, "Bob": -16, "Cy": 148, "Dee": -25}
    cy = sheet.player("Cy")
    assert [t.points for t in cy.tickets] == [9, -10]
    assert sheet.player("Dee").breakdown["exchanges"] == -3
    assert [p.rank for p in sheet.players] == [2, 3, 1, 4]


def test_four_player_great_lakes_game_scored_by_hand():
    from companion.rules.record import parse_record
    from tests.helpers import game_record

    record = parse_record(game_record("great_lakes_four_players"))
    state = record.replay()
    # Ann spends 27 trains and 20 of her 23 ships: 3 pieces left start the final round,
    # and every player has two more turns.
    assert (state.trains["Ann"], state.ships["Ann"]) == (0, 3)
    assert state.final_round.started_by == "Ann" and state.is_over
    sheet = record.score()
    totals = {p.name: p.total for p in sheet.players}
    # Ann: Chicago–Milwaukee 1 + Milwaukee–Green Bay 4 + Montreal–Rouyn-Noranda (8) 21 +
    #   Ottawa–Rouyn-Noranda (7) 18 + Ottawa–Sudbury (7) 18 + Albany–Montreal (5) 10 +
    #   Buffalo–Detroit (6, sea) 15 + Green Bay–Sault Ste. Marie (6, sea) 15 + Lake Huron–
    #   Sault Ste. Marie (4, sea) 7 = 109; Green Bay–Chicago +5, Chicago–Milwaukee
    #   (printed 3) +3; the Chicago port, named by both: 20; the Sault Ste. Marie port,
    #   named by none: 0; one port not built −4.  109 + 8 + 20 − 4 = 133.
    # Bob: the other Chicago–Milwaukee track 1 + Chicago–South Bend 1 = 2; Chicago–Detroit
    #   −6; Milwaukee port, no completed ticket: 0; −8.  −12.
    # Cy: Cleveland–New York, 9 spaces: 27; Cleveland–New York (printed 9) +9; Cleveland
    #   port 10; 2 ships exchanged for trains −2; −8.  36.
    # Dee: Lake Superior–Duluth 5 spaces: 10 + Lake Superior–Thunder Bay 1 = 11; Duluth–
    #   Thunder Bay (printed 4) through the Lake Superior waypoint +4; Duluth port 10; −8.
    #   17.
    assert totals == {"Ann": 133, "Bob": -12, "Cy": 36, "Dee": 17}
    assert {p.name: p.rank for p in sheet.players} == {"Ann": 1, "Cy": 2, "Dee": 3, "Bob": 4}
    assert (state.trains["Cy"], state.ships["Cy"]) == (13, 28)


def test_a_rail_and_a_sea_route_between_two_cities_may_be_numbered_as_tracks_1_and_2():
    from companion.rules.actions import Claim

    t = Sails("great-lakes", "Ann", "Bob")
    kinds = [r.kind for r in t.state.board.routes_between("Thunder Bay", "Duluth")]
    t.state = apply(t.state, Claim("Ann", ("Thunder Bay", "Duluth"), track=2))
    (route,) = t.state.routes_of("Ann")
    assert route.kind == kinds[1]
