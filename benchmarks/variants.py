"""Times the score sheet of a finished game in each variant of North America and Europe
(USA 1910, Europa 1912) beside the base game's, on the same routes and the same deal: 4
players, each with 5 tickets (the Mega Game deals 5), each as the variant's deck prints it
(another of its own where its deck has no such ticket: all of the 1910 variant's).
Prints, per variant, the medians of the final scores (the rules alone), the score sheet
page and the PDF served by the app, and each as a ratio to the base game's.

The variants are timed in turns, round after round (each round every variant once, in a
new order), so that a machine busy with other work weighs on all of them alike.

Run: python benchmarks/variants.py [rounds]   (15 unless given)
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.table_page import bench_client, imported  # noqa: E402
from companion.rules.board import Board, Ticket  # noqa: E402
from companion.rules.game import replay  # noqa: E402
from companion.rules.record import GameRecord, held_of, record_to_json  # noqa: E402
from companion.rules.scoring import final_scores  # noqa: E402
from companion.rules.variants import VARIANTS, variant_board  # noqa: E402
from tests.playout import random_game  # noqa: E402

PLAYERS, TICKETS = 4, 5


def elapsed(work: Callable[[], object]) -> float:
    begin = time.perf_counter()
    work()
    return (time.perf_counter() - begin) * 1000


def _deal(dealt: dict[str, list[Ticket]], board: Board) -> dict[str, tuple[Ticket, ...]]:
    """The base game's deal as the variant's deck has it: each ticket as the variant
    prints it, or, where its deck has no such ticket, one of its own in its place."""
    taken = {frozenset(t.cities) for hand in dealt.values() for t in hand}
    spare = iter(t for t in board.tickets if frozenset(t.cities) not in taken)
    return {
        name: tuple(board.deck_ticket(*t.cities) or next(spare) for t in hand)
        for name, hand in dealt.items()
    }


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    client = bench_client()
    work: dict[tuple[str, str], list[Callable[[], object]]] = {}
    for map_id in ("usa", "europe"):
        # One game played out on the map; each variant deals its own tickets to it.
        setup, actions, _hands = random_game(
            variant_board(map_id), PLAYERS, random.Random(7), connected=0.7
        )
        deck = list(variant_board(map_id).tickets)
        random.Random(map_id).shuffle(deck)
        dealt = {n: deck[i * TICKETS : (i + 1) * TICKETS] for i, n in enumerate(setup.names)}
        for v in (v for v in VARIANTS if v.map == map_id):
            board = variant_board(map_id, v.id)
            hands = _deal(dealt, board)
            state = replay(replace(setup, board=board), actions)
            record = GameRecord(
                map=map_id,
                players=setup.players,
                actions=actions,
                tickets={n: tuple(held_of(t) for t in hand) for n, hand in hands.items()},
                variant=v.id,
            )
            url = imported(client, record_to_json(record))
            work[(map_id, v.id)] = [
                partial(final_scores, state, hands),
                partial(client.get, f"{url}/sheet"),
                partial(client.get, f"{url}/sheet.pdf"),
            ]
    times: dict[tuple[str, str], list[list[float]]] = {k: [[], [], []] for k in work}
    order = list(work)
    for k in order:  # once each before timing: caches filled, templates compiled
        for w in work[k]:
            w()
    shuffle = random.Random(1)
    for _ in range(rounds):
        shuffle.shuffle(order)
        for k in order:
            for column, w in enumerate(work[k]):
                times[k][column].append(elapsed(w))
    print(f"{rounds} rounds, {PLAYERS} players, {TICKETS} tickets each; medians in ms (× base)")
    print(f"{'map':<7} {'variant':<11} {'scores':>14} {'sheet':>14} {'PDF':>14}")
    for (map_id, variant), columns in times.items():
        base = [statistics.median(c) for c in times[(map_id, "base")]]
        cells = []
        for column, figures in enumerate(columns):
            median = statistics.median(figures)
            cells.append(f"{median:8.1f} ×{median / base[column]:4.2f}")
        print(f"{map_id:<7} {variant:<11} " + " ".join(f"{c:>14}" for c in cells))


if __name__ == "__main__":
    main()
