"""Drawing an event's tables and seats for a round, as tournaments do it at random, with
players who have already met meeting again as little as possible.

A draw is a pure function of the round's players, the meetings so far and a seed: the
event keeps the seed, so the same draw comes out again from what it recorded, and a
re-draw is a new seed, said as such. Where the tables can be laid out in few enough ways
(12 players at tables of 4: 5,775 ways), every way is weighed (a partial layout given up
once it is no better than the best) and the fewest repeated meetings are certain; beyond
that, many random layouts are each improved by swapping players between tables until no
swap helps, and the best is kept.

Seats are balanced over the rounds (the seat order matters in Ticket to Ride: the first
player draws first, the last holds the tie for first): at each table, of every order of its
players, one where they have sat in their seats before the fewest times, and then where
that is shared most evenly, is chosen (among equals, at random). A first round's seats are
simply drawn.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, permutations

from companion.rules.errors import EventError
from companion.rules.names import name_key
from companion.rules.words import _

# Layouts weighed one by one at most; above, the search by swaps.
EXACT_UP_TO = 20_000
# Random starting layouts the search by swaps improves.
STARTS = 60

Meetings = Mapping[frozenset[str], int]  # a pair of players -> the games they shared
# A player -> how often they sat in each seat before (index 0: first).
SeatsSat = Mapping[str, Sequence[int]]


@dataclass(frozen=True)
class Draw:
    """A round's tables, each with its players in seat order (the first seat plays first),
    the seed it was drawn with, and how many pairs at its tables had met before."""

    tables: tuple[tuple[str, ...], ...]
    seed: str
    repeats: int


def table_sizes(players: int, seats: int, least: int, most: int) -> tuple[int, ...]:
    """How many players sit at each table: as many tables as ``seats`` a table needs, as
    even as can be (13 players at tables of 4: 4, 3, 3, 3), each within the map's
    ``least`` and ``most`` players; where a table would be short of ``least``, fewer
    tables seat more than asked (a house rule: nobody sits a round out)."""
    if not least <= seats <= most:
        raise EventError(
            _(
                "a table seats %(least)d to %(most)d players on this map, not %(seats)d",
                least=least,
                most=most,
                seats=seats,
            )
        )
    if players < least:
        raise EventError(
            _(
                "a round needs at least %(least)d players, not %(players)d",
                least=least,
                players=players,
            )
        )
    sizes = _even(players, math.ceil(players / seats))
    if sizes[-1] < least:
        # A house rule: rather than leave anyone out (or short of a game), a table seats
        # more than asked, as far as the map allows (5 at tables of 2: 3 and 2).
        sizes = _even(players, players // seats)
    if sizes[-1] < least or sizes[0] > most:
        raise EventError(
            _(
                "%(players)d players can't all sit at tables of %(least)d to %(seats)d",
                players=players,
                least=least,
                seats=seats,
            )
        )
    return sizes


def _even(players: int, tables: int) -> tuple[int, ...]:
    """``players`` at ``tables`` tables, as even as can be, the larger tables first."""
    size, extra = divmod(players, tables)
    return (size + 1,) * extra + (size,) * (tables - extra)


def met_before(tables: Iterable[Sequence[str]]) -> Counter[frozenset[str]]:
    """How often each pair of players shared a table, over ``tables`` (the rounds so far)."""
    meetings: Counter[frozenset[str]] = Counter()
    for table in tables:
        for a, b in combinations(table, 2):
            meetings[frozenset((a, b))] += 1
    return meetings


def repeats(tables: Iterable[Sequence[str]], meetings: Meetings) -> int:
    """Meetings again at these tables: each pair counted as often as it met before."""
    return sum(_cost(table, meetings) for table in tables)


def seats_sat(tables: Iterable[Sequence[str]]) -> dict[str, list[int]]:
    """How often each player sat in each seat (index 0: first), over ``tables``."""
    sat: dict[str, list[int]] = {}
    for table in tables:
        for seat, player in enumerate(table):
            counts = sat.setdefault(player, [])
            counts.extend([0] * (seat + 1 - len(counts)))
            counts[seat] += 1
    return sat


def draw(
    players: Sequence[str],
    sizes: Sequence[int],
    meetings: Meetings,
    seed: str,
    sat: SeatsSat | None = None,
) -> Draw:
    """The round's tables for ``players`` at tables of ``sizes`` (``table_sizes``), with the
    fewest repeated meetings found, the tables in random order and the seats within each
    balanced against the seats each player ``sat`` in before (``seats_sat``)."""
    if sum(sizes) != len(players):
        raise EventError(
            _(
                "the tables seat %(seats)d players, and %(players)d play this round",
                seats=sum(sizes),
                players=len(players),
            )
        )
    names = [name_key(p) for p in players]
    twice = [p for p, key in zip(players, names, strict=True) if names.count(key) > 1]
    if twice:
        raise EventError(_("%(player)s is listed twice", player=twice[0]))
    rng = random.Random(seed)
    order = sorted(players)
    rng.shuffle(order)
    largest_first = sorted(sizes, reverse=True)
    if _layouts(len(order), sizes) <= EXACT_UP_TO:
        best = _fewest(order, largest_first, meetings)
    else:
        best = _by_swaps(order, largest_first, meetings, rng)
    tables = [list(t) for t in best]
    for table in tables:
        rng.shuffle(table)  # seats and turn order
        table[:] = balanced_seats(table, sat or {})
    rng.shuffle(tables)
    tables.sort(key=len, reverse=True)  # the larger tables first, as the sizes are said
    laid = tuple(tuple(t) for t in tables)
    return Draw(laid, seed, repeats(laid, meetings))


def balanced_seats(table: Sequence[str], sat: SeatsSat) -> tuple[str, ...]:
    """``table``'s players in the seat order where, all together, they have sat in their
    seats before the fewest times, then with those repeats shared most evenly (the sum of
    their squares least); of orders still equal, the first (``table`` comes in random
    order, so a tie is drawn)."""

    def before(player: str, seat: int) -> int:
        counts = sat.get(player, ())
        return counts[seat] if seat < len(counts) else 0

    def weight(order: tuple[str, ...]) -> tuple[int, int]:
        repeats = [before(p, seat) for seat, p in enumerate(order)]
        return sum(repeats), sum(r * r for r in repeats)

    return min(permutations(table), key=weight)


def _layouts(players: int, sizes: Sequence[int]) -> float:
    """How many ways ``players`` sit at tables of ``sizes`` (tables of one size unordered)."""
    ways = math.factorial(players)
    for size, count in Counter(sizes).items():
        ways //= math.factorial(size) ** count * math.factorial(count)
    return ways


def _fewest(players: list[str], sizes: list[int], meetings: Meetings) -> list[tuple[str, ...]]:
    """A layout with the fewest repeated meetings there are: every layout weighed, a
    partial one given up as soon as it meets again as often as the best so far, the
    search ended by one that meets nobody again. The players come in random order, and
    so does the layout found first."""
    met = [[meetings.get(frozenset((a, b)), 0) for b in players] for a in players]
    best: list[tuple[int, ...]] = []
    least = math.inf

    def seat(left: list[int], sizes: list[int], laid: list[tuple[int, ...]], cost: int) -> bool:
        """Seats the players ``left``; True once a layout meeting nobody again is found."""
        nonlocal least, best
        if cost >= least:
            return False
        if not left:
            least, best = cost, laid
            return cost == 0
        first, rest = left[0], left[1:]
        for size in sorted(set(sizes), reverse=True):
            others = list(sizes)
            others.remove(size)
            for mates in combinations(rest, size - 1):
                table = (first, *mates)
                added = sum(met[a][b] for a, b in combinations(table, 2))
                left_over = [p for p in rest if p not in mates]
                if seat(left_over, others, [*laid, table], cost + added):
                    return True
        return False

    seat(list(range(len(players))), sizes, [], 0)
    return [tuple(players[i] for i in table) for table in best]


def _by_swaps(
    players: list[str], sizes: list[int], meetings: Meetings, rng: random.Random
) -> list[tuple[str, ...]]:
    """The best of many random layouts, each improved by swapping two players at different
    tables while a swap lowers the repeated meetings."""
    best: list[list[str]] = []
    least = math.inf
    for _start in range(STARTS):
        shuffled = list(players)
        rng.shuffle(shuffled)
        tables, at = [], 0
        for size in sizes:
            tables.append(shuffled[at : at + size])
            at += size
        cost = repeats(tables, meetings)
        improved = True
        while improved and cost > 0:
            improved = False
            for i, j in combinations(range(len(tables)), 2):
                for a in range(len(tables[i])):
                    for b in range(len(tables[j])):
                        before = _cost(tables[i], meetings) + _cost(tables[j], meetings)
                        tables[i][a], tables[j][b] = tables[j][b], tables[i][a]
                        after = _cost(tables[i], meetings) + _cost(tables[j], meetings)
                        if after < before:
                            cost -= before - after
                            improved = True
                        else:
                            tables[i][a], tables[j][b] = tables[j][b], tables[i][a]
        if cost < least:
            least, best = cost, [list(t) for t in tables]
            if least == 0:
                break
    return [tuple(t) for t in best]


def _cost(table: Sequence[str], meetings: Meetings) -> int:
    return sum(meetings.get(frozenset(pair), 0) for pair in combinations(table, 2))
