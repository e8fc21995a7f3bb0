"""An event's log: rounds drawn, tables drawn again, late arrivals, dropouts, moves and
games taken out, each checked when the organizer asks, and the event their replay."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from companion.rules.errors import EventError
from companion.rules.event import (
    ClockStarted,
    Drawn,
    EventSetup,
    Freed,
    GivenUp,
    Joined,
    LastCall,
    Left,
    MapChosen,
    Moved,
    Redrawn,
    Seated,
    StageDrawn,
    TakenOut,
    advancing,
    apply,
    draw_round,
    draw_stage,
    entry_to_json,
    new_event,
    parse_entry,
    redraw_tables,
    replay_event,
    seeded_tables,
)
from companion.rules.event_standings import WINS, EventStanding

TWELVE = tuple(f"P{i:02d}" for i in range(1, 13))


def _setup(players=TWELVE, seats=4, rounds=3, least=2, most=5):
    return EventSetup("Club night", "usa", "base", seats, rounds, WINS, True, players, least, most)


def _event(setup, *steps):
    """The event after ``steps``: a seed draws the next round with it (as the organizer's
    page does), an entry is recorded as it is; each checked, then the log replayed."""
    event, log = new_event(setup), []
    for step in steps:
        entry = draw_round(event, step) if isinstance(step, str) else step
        event = apply(event, entry)
        log.append(entry)
    assert replay_event(setup, log) == event
    return event


def _seated(event, number):
    return sorted(p for t in event.round(number).tables for p in t.players)


def test_a_round_is_drawn_from_its_seed_and_seats_everyone_once():
    entry = draw_round(new_event(_setup()), "a")
    event = apply(new_event(_setup()), entry)
    assert _seated(event, 1) == sorted(TWELVE)
    assert [t.number for t in event.round(1).tables] == [1, 2, 3]
    assert draw_round(new_event(_setup()), "a") == entry  # the same seed, the same draw
    assert replay_event(_setup(), [entry]) == event  # the log alone: nothing drawn again


def test_rounds_are_drawn_in_order_and_no_more_than_the_event_has():
    event = new_event(_setup(rounds=2))
    first = draw_round(event, "x")
    with pytest.raises(EventError, match="the next round to draw is round 1"):
        apply(event, Drawn(2, "x", first.tables))
    event = _event(_setup(rounds=2), "a", "b")
    assert event.is_over
    with pytest.raises(EventError, match="every round of the event is drawn"):
        apply(event, Drawn(3, "c", tuple(t.players for t in event.round(2).tables)))


def test_the_second_round_meets_again_only_as_the_tables_force():
    """From 3 tables of 4, each new table of 4 takes two players from one old table: 3
    repeated meetings, and no more."""
    event = _event(_setup(), "a", "b")
    met = event.meetings_before(3)
    assert sum(n - 1 for n in met.values()) == 3


def test_a_late_arrival_is_drawn_from_the_next_round():
    event = _event(_setup(), "a", Joined("Zed"), "b")
    assert "Zed" not in _seated(event, 1) and "Zed" in _seated(event, 2)
    assert [len(t.players) for t in event.round(2).tables] == [4, 3, 3, 3]


def test_a_dropout_is_not_drawn_again():
    event = _event(_setup(), "a", Left("P05"), "b")
    assert "P05" in _seated(event, 1) and "P05" not in _seated(event, 2)
    assert [len(t.players) for t in event.round(2).tables] == [4, 4, 3]


def test_a_player_who_is_not_in_the_event_cannot_leave_it():
    with pytest.raises(EventError, match="Zed is not in the event"):
        apply(new_event(_setup()), Left("Zed"))


def test_a_late_arrival_with_a_players_name_is_refused():
    with pytest.raises(EventError, match="p01 is listed twice"):
        apply(new_event(_setup()), Joined("p01"))


def test_a_redraw_draws_the_tables_not_started_again_and_keeps_the_others():
    event = _event(_setup(), "a")
    kept = event.round(1).table(3)
    again = apply(event, redraw_tables(event, 1, (1, 2), "b"), started=lambda r, t: t == 3)
    assert again.round(1).table(3) == kept
    assert again.round(1).seed == "b" and again.round(1).redrawn == 1  # and says so
    before = sorted(p for n in (1, 2) for p in event.round(1).table(n).players)
    after = sorted(p for n in (1, 2) for p in again.round(1).table(n).players)
    assert before == after and again.round(1).tables != event.round(1).tables


def test_a_table_that_has_started_is_not_drawn_again():
    event = _event(_setup(), "a")
    with pytest.raises(EventError, match="table 2 has started its game: it can't be drawn again"):
        apply(event, redraw_tables(event, 1, (1, 2), "b"), started=lambda r, t: t == 2)


def test_a_player_moves_between_tables_that_have_not_started():
    event = _event(_setup(), "a")
    player = event.round(1).table(1).players[0]
    moved = apply(event, Moved(player, 1, 2, 1))
    assert player not in moved.round(1).table(1).players
    assert moved.round(1).table(2).players[1] == player  # the seat drawn for them
    assert [len(t.players) for t in moved.round(1).tables] == [3, 5, 4]


def test_nobody_moves_to_a_table_already_playing():
    event = _event(_setup(), "a")
    player = event.round(1).table(1).players[0]
    with pytest.raises(EventError, match="table 2 has started its game: nobody moves"):
        apply(event, Moved(player, 1, 2, 0), started=lambda r, t: t == 2)


def test_a_move_may_not_leave_a_table_outside_the_maps_players():
    # Switzerland seats 2 to 3: a table of 3 can take nobody more.
    event = _event(_setup(players=TWELVE[:6], seats=3, least=2, most=3), "a")
    player = event.round(1).table(1).players[0]
    with pytest.raises(EventError, match="tables 1 and 2 would seat 2 and 4"):
        apply(event, Moved(player, 1, 2, 0))


def test_a_game_taken_out_stays_in_the_log_and_out_of_the_standings():
    event = _event(_setup(), "a", TakenOut(1, 2))
    assert [t.taken_out for t in event.round(1).tables] == [False, True, False]
    with pytest.raises(EventError, match="already taken out"):
        apply(event, TakenOut(1, 2))


def test_an_event_needs_a_method_a_round_and_players_who_fit_its_tables():
    with pytest.raises(EventError, match="no ranking method 'elo'"):
        new_event(EventSetup("x", "usa", "base", 4, 3, "elo", False, TWELVE))
    with pytest.raises(EventError, match="at least one round"):
        new_event(_setup(rounds=0))
    with pytest.raises(EventError, match="a table seats 2 to 3 players on this map, not 4"):
        new_event(_setup(least=2, most=3))
    with pytest.raises(EventError, match="every player needs a name"):
        new_event(_setup(players=("Ann", " ")))


def test_a_round_that_is_not_there_is_said():
    with pytest.raises(EventError, match="there is no round 1 yet"):
        new_event(_setup()).round(1)
    event = _event(_setup(), "a")
    with pytest.raises(EventError, match="round 1 has no table 4"):
        apply(event, TakenOut(1, 4))


def test_one_table_drawn_again_keeps_its_players_in_new_seats():
    event = _event(_setup(), "a")
    before = event.round(1).table(2).players
    seats = {
        apply(event, redraw_tables(event, 1, (2,), f"s{i}")).round(1).table(2).players
        for i in range(8)
    }
    assert all(sorted(s) == sorted(before) for s in seats) and len(seats) > 1


def test_only_the_latest_round_is_drawn_again():
    event = _event(_setup(), "a", "b")
    with pytest.raises(EventError, match="only the latest round can be drawn again"):
        apply(event, redraw_tables(event, 1, (1, 2), "c"))


@pytest.mark.parametrize(
    "entry",
    [
        Drawn(2, "s", (("Ann", "Bob"), ("Cy", "Di", "Ed"))),
        Redrawn(1, (1, 3), "t", (("Bob", "Ann"), ("Di", "Cy"))),
        Joined("Zed"),
        Left("Ann"),
        Moved("Ann", 1, 2, 0),
        Seated("Zed", 1, 2, 3),
        Freed("Ann", 1, 2, ""),
        Freed("Ann", 1, 2, "Zed"),
        ClockStarted(1, 120, "2026-11-28T19:00:00+00:00"),
        LastCall(1, "2026-11-28T20:55:00+00:00"),
        TakenOut(2, 1),
        StageDrawn(3, "final", ("Ann", "Bob", "Cy"), "u", (("Bob", "Cy", "Ann"),)),
        GivenUp("Ann", 1, 2),
        MapChosen(1, 2, "europe", "base"),
    ],
)
def test_an_entry_is_stored_and_read_back_as_it_was(entry):
    stored = json.loads(json.dumps(entry_to_json(entry)))
    assert parse_entry(stored) == entry


@pytest.mark.parametrize(
    "data",
    [
        [],
        {},
        {"drawn": 1},
        {"flew": {}},
        {"drawn": {"round": 1}},
        {"drawn": {"round": "1", "seed": "s", "tables": []}},
        {"drawn": {"round": True, "seed": "s", "tables": []}},
        {"redrawn": {"round": 1, "tables": ["1"], "seed": "s", "seating": [["A"]]}},
        {"drawn": {"round": 1, "seed": "s", "tables": [["A", 1]]}},
        {"left": {"player": None}},
    ],
)
def test_an_entry_that_is_not_one_is_refused(data):
    with pytest.raises(EventError, match="one kind of entry and its fields"):
        parse_entry(data)


def test_a_redraw_or_a_move_that_the_page_did_not_make_is_refused():
    event = _event(_setup(), "a")
    one, two = event.round(1).table(1).players, event.round(1).table(2).players
    with pytest.raises(EventError, match="the same players at the same tables"):
        apply(event, Redrawn(1, (1, 2), "x", (two, one[:3])))
    with pytest.raises(EventError, match="each once"):
        apply(event, Redrawn(1, (1, 1), "x", (one, one)))
    with pytest.raises(EventError, match="no such seat"):
        apply(event, Moved(one[0], 1, 2, 9))


def test_a_round_drawn_must_seat_every_player_once():
    event = new_event(_setup())
    tables = draw_round(event, "a").tables
    with pytest.raises(EventError, match="seat every player in the event once"):
        apply(event, Drawn(1, "a", (tables[0], tables[1], tables[1])))


def test_players_move_only_at_the_latest_rounds_tables():
    event = _event(_setup(), "a", "b")
    player = event.round(1).table(1).players[0]
    with pytest.raises(EventError, match="only at the latest round"):
        apply(event, Moved(player, 1, 2, 0))


def test_a_late_arrival_needs_a_name_a_game_can_seat():
    with pytest.raises(EventError, match="a letter or digit"):
        apply(new_event(_setup()), Joined("!!"))
    with pytest.raises(EventError, match="control characters"):
        apply(new_event(_setup()), Joined("A\x00B"))


def test_an_event_holds_at_most_400_players():
    many = tuple(f"Player {i}" for i in range(401))
    with pytest.raises(EventError, match="at most 400 players"):
        new_event(_setup(players=many))


def test_a_late_arrival_is_seated_at_once_at_a_table_with_a_free_seat():
    # Tables of 4 on North America (2 to 5 players): Zed takes the third seat of table 1.
    event = _event(_setup(), "a")
    first = event.round(1).table(1).players
    event = _event(_setup(), "a", Seated("Zed", 1, 1, 2))
    assert event.round(1).table(1).players == (*first[:2], "Zed", *first[2:])
    assert "Zed" in event.players
    # Table 1 now seats 5, the map's most: nobody else sits down there.
    with pytest.raises(EventError, match="table 1 has no free seat"):
        apply(event, Seated("Yan", 1, 1, 0))
    with pytest.raises(EventError, match="Zed already has a table in round 1"):
        apply(event, Seated("Zed", 1, 2, 0))
    # Drawn from then on with the others: 13 players in the next round.
    assert len(_seated(_event(_setup(), "a", Seated("Zed", 1, 1, 2), "b"), 2)) == 13


def test_a_player_waiting_for_the_next_round_may_be_seated_now():
    event = _event(_setup(), "a", Joined("Zed"), Seated("Zed", 1, 3, 0))
    assert event.round(1).table(3).players[0] == "Zed" and event.players.count("Zed") == 1


def test_nobody_is_seated_at_a_table_that_has_started():
    event = _event(_setup(), "a")
    with pytest.raises(EventError, match="table 2 has started its game"):
        apply(event, Seated("Zed", 1, 2, 0), started=lambda _r, t: t == 2)


def test_a_dropout_before_the_first_move_frees_the_seat_and_the_table_plays_one_short():
    event = _event(_setup(), "a")
    leaving = event.round(1).table(2).players[1]
    event = _event(_setup(), "a", Freed(leaving, 1, 2, ""))
    assert leaving not in event.round(1).table(2).players
    assert len(event.round(1).table(2).players) == 3 and leaving not in event.players
    assert len(_seated(_event(_setup(), "a", Freed(leaving, 1, 2, ""), "b"), 2)) == 11


def test_a_late_arrival_takes_the_freed_seat():
    event = _event(_setup(), "a")
    seats = event.round(1).table(2).players
    event = _event(_setup(), "a", Freed(seats[1], 1, 2, "Zed"))
    assert event.round(1).table(2).players == (seats[0], "Zed", *seats[2:])
    assert "Zed" in event.players and seats[1] not in event.players


def test_a_freed_seat_never_leaves_a_table_below_the_maps_fewest_players():
    # Four players at tables of 2: a dropout leaves one player alone.
    setup = _setup(TWELVE[:4], seats=2)
    event = _event(setup, "a")
    alone = event.round(1).table(1).players
    with pytest.raises(EventError, match="table 1 would play with 1"):
        apply(event, Freed(alone[0], 1, 1, ""))
    assert apply(event, Freed(alone[0], 1, 1, "Zed")).round(1).table(1).players[0] == "Zed"


def test_a_seat_is_freed_only_before_the_tables_first_move():
    event = _event(_setup(), "a")
    leaving = event.round(1).table(2).players[0]
    with pytest.raises(EventError, match="table 2 has started its game"):
        apply(event, Freed(leaving, 1, 2, ""), started=lambda _r, t: t == 2)
    with pytest.raises(EventError, match="does not sit at table 3"):
        apply(event, Freed(leaving, 1, 3, ""))


def test_the_organizer_starts_the_latest_rounds_clock_and_may_start_it_again():
    at, later = "2026-11-28T19:00:00+00:00", "2026-11-28T19:10:00+00:00"
    event = _event(_setup(), "a", ClockStarted(1, 120, at))
    assert (event.round(1).clock_at, event.round(1).clock_minutes) == (at, 120)
    event = _event(_setup(), "a", ClockStarted(1, 120, at), ClockStarted(1, 90, later))
    assert (event.round(1).clock_at, event.round(1).clock_minutes) == (later, 90)
    with pytest.raises(EventError, match="1 to 600 minutes"):
        apply(event, ClockStarted(1, 0, later))
    second = _event(_setup(), "a", "b")
    with pytest.raises(EventError, match="only the latest round's clock runs"):
        apply(second, ClockStarted(1, 60, later))


def test_the_last_call_is_made_once_a_round():
    at = "2026-11-28T20:55:00+00:00"
    event = _event(_setup(), "a", LastCall(1, at))
    assert event.round(1).last_call == at
    with pytest.raises(EventError, match="the last call of round 1 has been made already"):
        apply(event, LastCall(1, at))
    assert _event(_setup(), "a", LastCall(1, at), "b").round(2).last_call == ""


def test_seats_are_balanced_over_the_rounds_four_players_sit_in_every_seat_once():
    """Four players at one table for four rounds: each sits first, second, third and
    fourth once (the seat order matters; the draws balance it)."""
    four = ("Ann", "Bob", "Cy", "Dee")
    event = _event(_setup(players=four, rounds=4), "s1", "s2", "s3", "s4")
    for player in four:
        seats = sorted(r.tables[0].players.index(player) for r in event.rounds)
        assert seats == [0, 1, 2, 3]
    assert event.seats_before(5) == {p: [1, 1, 1, 1] for p in four}


def _lines(*rows):
    """Standings lines, best first: (name, games, wins) each, ranked 1, 2, …"""
    return [EventStanding(n, g, w, 0, Fraction(0), rank) for rank, (n, g, w) in enumerate(rows, 1)]


def test_a_stage_advances_the_heat_winners_first_then_the_others_by_the_standings():
    """As the WBC advances heat winners: P03 (a win, ranked 3rd) goes before P02 (none,
    ranked 2nd); P04 dropped out, P05 finished no heat game."""
    event = _event(_setup(), "a", Left("P04"))
    standings = _lines(
        ("P01", 2, 2), ("P02", 2, 0), ("P03", 2, 1), ("P04", 2, 1), ("P06", 2, 0), ("P05", 0, 0)
    )
    assert advancing(event, standings, 4) == ("P01", "P03", "P02", "P06")
    with pytest.raises(EventError, match="5 players can't advance: 4 finished a game"):
        advancing(event, standings, 5)


def test_seeded_tables_spread_the_seeds_as_a_snake():
    """Eight seeds at two tables: table 1 holds seeds 1, 4, 5, 8; table 2 seeds 2, 3, 6, 7
    (nobody has sat anywhere before: the seats are drawn)."""
    seeds = [f"S{i}" for i in range(1, 9)]
    one, two = seeded_tables(seeds, (4, 4), "x", {})
    assert sorted(one) == ["S1", "S4", "S5", "S8"] and sorted(two) == ["S2", "S3", "S6", "S7"]
    # Ten at 4, 3, 3: the snake skips a full table.
    one, two, three = seeded_tables([f"S{i:02d}" for i in range(1, 11)], (4, 3, 3), "x", {})
    assert sorted(one) == ["S01", "S06", "S07", "S10"]
    assert sorted(two) == ["S02", "S05", "S08"] and sorted(three) == ["S03", "S04", "S09"]


def test_a_final_after_the_heats_seats_the_top_seeds_and_ends_the_heats():
    event = _event(_setup(rounds=2), "a", "b")
    standings = _lines(*[(p, 2, 1 if p in ("P07", "P11") else 0) for p in TWELVE])
    final = draw_stage(event, "final", standings, 4, "f")
    assert final.seeds == ("P07", "P11", "P01", "P02") and final.round == 3
    event = _event(_setup(rounds=2), "a", "b", final)
    assert event.round(3).stage == "final" and event.stages_left == ()
    assert sorted(event.round(3).tables[0].players) == ["P01", "P02", "P07", "P11"]
    with pytest.raises(EventError, match="the heats are over"):
        apply(event, draw_round(event, "c"))
    with pytest.raises(EventError, match="the final last"):
        draw_stage(event, "semifinal", standings, 4, "g")


def test_a_semi_final_may_come_before_the_heats_are_all_drawn_then_the_final():
    event = _event(_setup(rounds=3), "a")
    standings = _lines(*[(p, 1, 1 if p in ("P01", "P05", "P09") else 0) for p in TWELVE])
    semi = draw_stage(event, "semifinal", standings, 8, "s")
    event = apply(event, semi)
    assert event.is_over and event.stages_left == ("final",)
    assert [len(t.players) for t in event.round(2).tables] == [4, 4]
    # The heat winners, seeds 1 to 3, are spread by the snake: seed 1 at one table, seeds
    # 2 and 3 at the other.
    # Seeds: P01, P05, P09 (the winners), then P02, P03, P04, P06, P07.
    one, two = (sorted(t.players) for t in event.round(2).tables)
    assert one == ["P01", "P02", "P03", "P07"] and two == ["P04", "P05", "P06", "P09"]


def test_a_stage_that_the_page_did_not_make_is_refused():
    event = _event(_setup(rounds=2), "a")
    with pytest.raises(EventError, match="seat each player advancing once"):
        apply(event, StageDrawn(2, "final", ("P01", "P02"), "x", (("P01", "P03"),)))
    with pytest.raises(EventError, match="seat each player advancing once"):
        apply(event, StageDrawn(2, "final", ("P01", "Zed"), "x", (("P01", "Zed"),)))
    with pytest.raises(EventError, match="no stage"):
        draw_stage(event, "quarter", _lines(("P01", 1, 1)), 2, "x")


def test_a_game_given_up_after_a_dropout_counts_for_nobody_and_they_are_drawn_no_more():
    event = _event(_setup(), "a")
    table = event.round(1).table(2)
    gone = table.players[1]
    event = _event(_setup(), "a", GivenUp(gone, 1, 2))
    given = event.round(1).table(2)
    assert given.taken_out and given.given_up_by == gone and given.players == table.players
    assert gone not in event.players
    with pytest.raises(EventError, match="already taken out"):
        apply(event, GivenUp(table.players[0], 1, 2))
    with pytest.raises(EventError, match="does not sit at table 1"):
        apply(event, GivenUp(table.players[0], 1, 1))


def test_a_table_plays_another_map_before_its_first_move():
    event = _event(_setup(), "a", MapChosen(1, 2, "europe", "big-cities"))
    table = event.round(1).table(2)
    assert (table.map, table.variant) == ("europe", "big-cities")
    assert event.round(1).table(1).map == ""  # the others play the event's map
    back = apply(event, MapChosen(1, 2, "usa", "base"))
    assert back.round(1).table(2).map == ""  # the event's own map again
    with pytest.raises(EventError, match="has started its game"):
        apply(event, MapChosen(1, 1, "europe", "base"), started=lambda r, t: t == 1)


def test_a_table_may_not_play_a_map_that_does_not_seat_it():
    """Switzerland seats 2 to 3 players: not a table of 4."""
    event = _event(_setup(), "a")
    with pytest.raises(EventError, match="seats 2 to 3 players: table 1 has 4"):
        apply(event, MapChosen(1, 1, "switzerland", "base"))
    with pytest.raises(EventError, match="no map 'mars'"):
        apply(event, MapChosen(1, 1, "mars", "base"))
    with pytest.raises(EventError, match="with decks .1910."):
        apply(event, MapChosen(1, 1, "europe", "1910"))


def test_a_table_on_another_map_keeps_it_when_its_seats_change():
    """Three at Switzerland (2 to 3 players): nobody more sits down; a move out leaves 2."""
    event = _event(_setup(players=TWELVE[:9], seats=3), "a", MapChosen(1, 1, "switzerland", "base"))
    one, two = event.round(1).table(1), event.round(1).table(2)
    with pytest.raises(EventError, match="table 1 has no free seat"):
        apply(event, Seated("Zed", 1, 1, 0))
    moved = apply(event, Moved(one.players[0], 1, 2, 0)).round(1).table(1)
    assert moved.map == "switzerland" and len(moved.players) == 2
    assert two.map == ""
