"""An event's draws: tables as even as can be, seats at random, players who met meeting
again as little as possible, and the same draw again from the same seed."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from companion.rules.errors import EventError
from companion.rules.seating import (
    _layouts,
    balanced_seats,
    draw,
    met_before,
    repeats,
    seats_sat,
    table_sizes,
)

TWELVE = [f"P{i:02d}" for i in range(1, 13)]


def test_players_sit_at_tables_as_even_as_can_be():
    assert table_sizes(12, 4, 2, 5) == (4, 4, 4)
    assert table_sizes(13, 4, 2, 5) == (4, 3, 3, 3)
    assert table_sizes(14, 5, 2, 5) == (5, 5, 4)
    assert table_sizes(7, 4, 2, 5) == (4, 3)
    assert table_sizes(2, 4, 2, 5) == (2,)


def test_a_table_size_the_map_does_not_seat_is_refused():
    with pytest.raises(EventError, match="a table seats 2 to 3 players on this map, not 4"):
        table_sizes(12, 4, 2, 3)  # Switzerland seats 2 to 3


def test_a_round_with_too_few_players_for_a_table_is_refused():
    with pytest.raises(EventError, match="at least 3 players, not 2"):
        table_sizes(2, 4, 3, 5)


def test_a_table_seats_one_more_than_asked_rather_than_leave_a_player_out():
    # House rule. Five players at tables of 2: 2 + 2 + 1 leaves one without a game.
    assert table_sizes(5, 2, 2, 5) == (3, 2)
    assert table_sizes(3, 2, 2, 5) == (3,)
    assert table_sizes(7, 2, 2, 5) == (3, 2, 2)
    # Five at tables of 4 on a map that needs 3 at a table: 3 + 2 is one short; one table.
    assert table_sizes(5, 4, 3, 5) == (5,)


def test_players_who_cannot_all_sit_at_full_enough_tables_are_refused():
    # Five at tables of 4 where a table seats 3 to 4: 3 + 2 is one short, 5 is one too many.
    with pytest.raises(EventError, match="5 players can't all sit at tables of 3 to 4"):
        table_sizes(5, 4, 3, 4)


def test_a_draw_seats_every_player_once():
    result = draw(TWELVE, (4, 4, 4), {}, "seed")
    seated = [p for t in result.tables for p in t]
    assert sorted(seated) == TWELVE
    assert [len(t) for t in result.tables] == [4, 4, 4]


def test_the_same_seed_draws_the_same_tables_and_seats():
    first = draw(TWELVE, (4, 4, 4), {}, "evening-1")
    assert draw(list(reversed(TWELVE)), (4, 4, 4), {}, "evening-1") == first
    others = {draw(TWELVE, (4, 4, 4), {}, f"evening-{i}").tables for i in range(2, 12)}
    assert len(others) > 1  # another seed, another draw


def test_the_seats_are_drawn_too():
    """Turn order is drawn: over many draws each player sits first at their table some
    times, never always the same one."""
    firsts = {draw(TWELVE, (4, 4, 4), {}, f"s{i}").tables[0][0] for i in range(40)}
    assert len(firsts) > 6


def test_twelve_at_tables_of_four_meet_again_only_as_the_tables_force():
    """12 players, 3 tables of 4: the first round meets nobody again; in the second each
    table draws its 4 players from the first round's 3 tables, so one pair at each table
    met before (3 in all), and no more; the third is the best the tables allow."""
    for seed in range(3):
        rounds: list[tuple[tuple[str, ...], ...]] = []
        for number, least in enumerate((0, 3, None)):
            meetings = met_before(t for r in rounds for t in r)
            done = draw(TWELVE, (4, 4, 4), meetings, f"{seed}-{number}")
            best = _fewest_possible(TWELVE, (4, 4, 4), meetings)
            assert done.repeats == best and (least is None or best == least)
            rounds.append(done.tables)


def _all_layouts(players, sizes):
    """Every way to seat ``players`` at tables of ``sizes`` (largest first), each once: the
    first player's table, then the others' every way."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in sorted(set(sizes), reverse=True):
        others = list(sizes)
        others.remove(size)
        for mates in combinations(rest, size - 1):
            left = [p for p in rest if p not in mates]
            for layout in _all_layouts(left, others):
                yield [(first, *mates), *layout]


def _fewest_possible(players, sizes, meetings):
    layouts = _all_layouts(players, sorted(sizes, reverse=True))
    return min(repeats(layout, meetings) for layout in layouts)


@pytest.mark.parametrize("seed", range(12))
def test_no_pairing_repeats_while_another_draw_avoids_it(seed):
    """After random earlier rounds, the draw meets again no more than the best layout
    there is (every layout of 9 or 10 players weighed by hand here)."""
    rng = random.Random(seed)
    players = TWELVE[: 9 + seed % 2]
    sizes = table_sizes(len(players), 4, 2, 5)
    history = []
    for _ in range(rng.randint(1, 4)):
        shuffled = list(players)
        rng.shuffle(shuffled)
        at = 0
        for size in sizes:
            history.append(shuffled[at : at + size])
            at += size
    meetings = met_before(history)
    done = draw(players, sizes, meetings, f"round-{seed}")
    assert done.repeats == repeats(done.tables, meetings)
    assert done.repeats == _fewest_possible(players, sizes, meetings)


def test_a_large_room_is_drawn_by_swaps_and_still_avoids_repeats():
    """40 players at tables of 4 (far too many layouts to weigh each): after a first
    round, the second seats nobody with anyone they met."""
    players = [f"Player {i}" for i in range(40)]
    assert _layouts(40, (4,) * 10) > 10**9
    first = draw(players, (4,) * 10, {}, "a")
    second = draw(players, (4,) * 10, met_before(first.tables), "b")
    assert second.repeats == 0
    assert sorted(p for t in second.tables for p in t) == sorted(players)


def test_a_late_arrival_and_a_dropout_are_drawn_with_the_others():
    first = draw(TWELVE, (4, 4, 4), {}, "r1")
    now = [p for p in TWELVE if p != "P03"] + ["Zed"]
    second = draw(now, (4, 4, 4), met_before(first.tables), "r2")
    seated = {p for t in second.tables for p in t}
    assert "Zed" in seated and "P03" not in seated
    # 11 players from first tables of 4, 4 and 3: a table of 4 holds one from each and
    # Zed at most without a repeat, so 9 of them; the other two each meet someone again.
    assert second.repeats == 2


def test_a_player_listed_twice_is_refused():
    with pytest.raises(EventError, match="Ann is listed twice"):
        draw(["Ann", "Bob", "ann"], (3,), {}, "x")


def test_a_draw_must_seat_exactly_the_rounds_players():
    with pytest.raises(EventError, match="the tables seat 8 players, and 7 play this round"):
        draw(TWELVE[:7], (4, 4), {}, "x")


def test_every_layout_is_weighed_once():
    layouts = list(_all_layouts(TWELVE[:7], [4, 3]))
    assert len(layouts) == _layouts(7, (4, 3)) == 35
    assert len({frozenset(frozenset(t) for t in layout) for layout in layouts}) == 35
    assert all(sorted(p for t in layout for p in t) == TWELVE[:7] for layout in layouts)
    pairs = {frozenset(p) for layout in layouts for t in layout for p in combinations(t, 2)}
    assert len(pairs) == 21


def test_seats_are_balanced_each_player_takes_a_seat_they_have_not_had():
    """Four players who sat first, second, third and fourth take four other seats."""
    sat = seats_sat([("Ann", "Bob", "Cy", "Dee")])
    for seed in range(20):
        order = balanced_seats(random.Random(seed).sample(["Ann", "Bob", "Cy", "Dee"], 4), sat)
        assert all(order[seat] != before for seat, before in enumerate(("Ann", "Bob", "Cy", "Dee")))


def test_seats_are_balanced_where_a_repeat_is_forced_it_is_spread():
    """Ann and Bob both sat first twice, Cy never: Cy sits first, and of Ann and Bob, the
    one who has sat second sits third (no repeat of theirs), the other second."""
    sat = {"Ann": [2, 1], "Bob": [2, 0], "Cy": [0, 1, 1]}
    assert balanced_seats(["Ann", "Bob", "Cy"], sat) == ("Cy", "Bob", "Ann")


def test_seats_are_balanced_ties_between_orders_are_drawn():
    """Nobody has sat anywhere: every order is as good, so the order given (drawn at
    random by the draw) stands."""
    assert balanced_seats(["Cy", "Ann", "Bob"], {}) == ("Cy", "Ann", "Bob")


def test_seats_sat_counts_each_players_seats_over_the_rounds():
    assert seats_sat([("Ann", "Bob"), ("Bob", "Cy", "Ann")]) == {
        "Ann": [1, 0, 1],
        "Bob": [1, 1],
        "Cy": [0, 1],
    }


def test_a_draw_balances_seats_against_the_seats_sat_before():
    first = draw(TWELVE, (4, 4, 4), {}, "balanced-1")
    sat = seats_sat(first.tables)
    second = draw(TWELVE, (4, 4, 4), met_before(first.tables), "balanced-2", sat)
    # Nobody is forced to sit in a seat again: any table's four players, each of whom has
    # sat once, have an order with no repeat (each has three seats left).
    assert all(max(counts) == 1 for counts in seats_sat([*first.tables, *second.tables]).values())
