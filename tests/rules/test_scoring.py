"""Final scoring: routes by the table, tickets + or −, the longest path bonus, tiebreaks."""

from __future__ import annotations

import pytest

from companion.rules.errors import IllegalAction


def test_route_points_follow_the_score_table_for_each_length(table):
    t = table("Ann", "Bob", "Cy", "Dee")
    t.claim("Ann", "Seattle", "Portland")  # 1 space: 1
    t.claim("Ann", "Denver", "Santa Fe")  # 2: 2
    t.claim("Ann", "Calgary", "Vancouver")  # 3: 4
    t.claim("Ann", "Denver", "Helena")  # 4: 7
    t.claim("Ann", "Denver", "Phoenix")  # 5: 10
    t.claim("Ann", "Duluth", "Toronto")  # 6: 15
    ann = t.score().player("Ann")
    assert [r.points for r in ann.routes] == [1, 2, 4, 7, 10, 15]
    assert ann.breakdown["routes"] == 39


def test_a_completed_ticket_adds_its_value_and_shows_its_chain(table):
    t = table("Ann", "Bob").claim("Ann", "Denver", "Santa Fe").claim("Ann", "Santa Fe", "El Paso")
    ann = t.score(Ann=[("Denver", "El Paso")]).player("Ann")
    (ticket,) = ann.tickets
    assert ticket.completed and ticket.points == 4
    assert [r.name for r in ticket.chain] == ["Denver–Santa Fe", "El Paso–Santa Fe"]
    assert ann.total == 2 + 2 + 4 + 10


def test_a_ticket_not_connected_subtracts_its_value(table):
    t = table("Ann", "Bob").claim("Ann", "Denver", "Santa Fe")
    ann = t.score(Ann=[("Denver", "El Paso"), ("Seattle", "New York")]).player("Ann")
    assert [tk.points for tk in ann.tickets] == [-4, -22]
    assert (ann.tickets_completed, ann.tickets_failed) == (0, 2)
    assert ann.total == 2 - 26 + 10


def test_a_ticket_is_not_completed_through_another_players_route(table):
    t = table("Ann", "Bob").claim("Ann", "Denver", "Santa Fe").claim("Bob", "Santa Fe", "El Paso")
    assert not t.score(Ann=[("Denver", "El Paso")]).player("Ann").tickets[0].completed


def test_a_ticket_given_as_two_cities_and_its_printed_value(table):
    t = table("Ann", "Bob").claim("Ann", "Denver", "Santa Fe")
    ann = t.score(Ann=[("Denver", "Santa Fe", 3)]).player("Ann")
    assert ann.tickets[0].points == 3


def test_a_ticket_not_in_the_deck_needs_its_printed_value(table):
    with pytest.raises(IllegalAction, match="Denver–Santa Fe is not a ticket of the North"):
        table("Ann", "Bob").score(Ann=[("Denver", "Santa Fe")])


def test_a_deck_ticket_cannot_be_held_twice(table):
    with pytest.raises(IllegalAction, match="Denver–El Paso ticket is already Ann's"):
        table("Ann", "Bob").score(Ann=[("Denver", "El Paso")], Bob=[("El Paso", "Denver")])


def test_the_longest_path_bonus_goes_to_every_player_tied_for_it(table):
    t = table("Ann", "Bob", "Cy")
    t.claim("Ann", "Denver", "Helena")  # 4
    t.claim("Bob", "Chicago", "Omaha")  # 4
    t.claim("Cy", "Seattle", "Portland")  # 1
    sheet = t.score()
    assert [p.longest_path_bonus for p in sheet.players] == [10, 10, 0]
    assert [p.total for p in sheet.players] == [17, 17, 1]


def test_nobody_scores_the_longest_path_bonus_without_a_route(table):
    sheet = table("Ann", "Bob").score()
    assert [p.longest_path_bonus for p in sheet.players] == [0, 0]


def test_the_longest_path_may_loop_through_a_city_twice(table):
    t = table("Ann", "Bob", "Cy", "Dee")
    # A loop New York–Pittsburgh–Washington (2+2+2) and a tail New York–Boston (2):
    # Boston–New York–Pittsburgh–Washington–New York is 8 spaces, New York twice.
    t.claim("Ann", "New York", "Pittsburgh", color="white")
    t.claim("Ann", "Pittsburgh", "Washington")
    t.claim("Ann", "Washington", "New York", color="orange")
    t.claim("Ann", "New York", "Boston", color="red")
    path = t.score().player("Ann").longest_path
    assert path.length == 8
    assert path.cities.count("New York") == 2


def test_a_tie_on_points_goes_to_the_player_with_more_completed_tickets(table):
    t = table("Ann", "Bob")
    t.claim("Ann", "Denver", "Santa Fe").claim("Ann", "Santa Fe", "El Paso")  # 2 + 2, path 4
    t.claim("Bob", "Denver", "Helena")  # 7, path 4
    # Ann: 4 + Denver–El Paso 4 + Denver–Santa Fe (printed 5) 5 + 10 = 23 (2 tickets).
    # Bob: 7 + Denver–Helena (printed 6) 6 + 10 = 23 (1 ticket).
    sheet = t.score(
        Ann=[("Denver", "El Paso"), ("Denver", "Santa Fe", 5)], Bob=[("Denver", "Helena", 6)]
    )
    assert [p.total for p in sheet.players] == [23, 23]
    assert sheet.winners == ("Ann",)
    assert [p.rank for p in sheet.players] == [1, 2]
    assert "Ann wins on most completed tickets" in str(sheet.tiebreak)


def test_places_below_first_follow_the_same_tiebreaks(table):
    t = table("Ann", "Bob", "Cy")
    t.claim("Ann", "Denver", "Santa Fe").claim("Ann", "Santa Fe", "El Paso")  # 4, path 4
    t.claim("Bob", "Seattle", "Portland").claim("Bob", "Vancouver", "Seattle")  # 2, path 2
    t.claim("Cy", "Duluth", "Toronto")  # 15, path 6: Cy takes the bonus
    # Ann 4 + printed 3 = 7;  Bob 2 + printed 5 = 7; one ticket each; Ann's path is longer.
    sheet = t.score(Ann=[("Denver", "El Paso", 3)], Bob=[("Portland", "Vancouver", 5)])
    ann, bob, cy = sheet.players
    assert (ann.total, bob.total, cy.total) == (7, 7, 25)
    assert sheet.winners == ("Cy",) and sheet.tiebreak is None
    assert (ann.rank, bob.rank) == (2, 3)


def test_a_tie_for_the_win_on_points_and_tickets_goes_to_the_longest_path(table):
    t = table("Ann", "Bob")
    t.claim("Ann", "Denver", "Santa Fe").claim("Ann", "Santa Fe", "El Paso")  # 4, path 4
    t.claim("Bob", "Seattle", "Portland").claim("Bob", "Vancouver", "Seattle")  # 2, path 2
    # Ann 4 + 10 (longest) = 14; Bob 2 + printed 12 = 14 with one ticket; Ann printed 0 is
    # impossible, so Ann completes a 1 and fails a 1: still 14, one ticket each.
    sheet = t.score(
        Ann=[("Denver", "El Paso", 1), ("Seattle", "Miami", 1)], Bob=[("Portland", "Vancouver", 12)]
    )
    ann, bob = sheet.players
    assert (ann.total, bob.total) == (14, 14)
    assert (ann.tickets_completed, bob.tickets_completed) == (1, 1)
    assert sheet.winners == ("Ann",)
    assert "Ann wins on the longest continuous path" in str(sheet.tiebreak)


def test_a_tie_on_everything_is_a_shared_win(table):
    t = table("Ann", "Bob")
    t.claim("Ann", "Denver", "Helena").claim("Bob", "Chicago", "Omaha")
    sheet = t.score()
    assert sheet.winners == ("Ann", "Bob")
    assert [p.rank for p in sheet.players] == [1, 1]
    assert "share the win" in str(sheet.tiebreak)
