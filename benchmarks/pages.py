"""Single pages, warm, one at a time, each beside its goal: the board and the score sheet
of a game half played by 4 players on North America, the sheet's PDF, a group's page of
200 finished games, a 5,000-action game's sheet and PDF, each made anew (a turn recorded
before each asking, so no page is a copy of the one before; the group's page as asked
again, then after a change to one of its games); and ``companion score`` beside a bare
interpreter, the project's modules compiled to bytecode first, as an installed package's
are (where ``PYTHONDONTWRITEBYTECODE`` is set, each run would otherwise compile them
again). Prints the medians.

Run: python benchmarks/pages.py
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.group_page import fill  # noqa: E402
from benchmarks.long_game import passes  # noqa: E402
from benchmarks.table_page import bench_client, imported  # noqa: E402
from companion.rules.map_file import load_board  # noqa: E402
from companion.rules.record import GameRecord, held_of, record_to_json  # noqa: E402
from tests.playout import random_game  # noqa: E402


def made(ask: Callable[[], object], change: Callable[[], object], repeat: int = 21) -> float:
    """Median milliseconds of ``ask()``, with ``change()`` (untimed) before each."""
    change()
    ask()  # once before: templates compiled, the game read
    times = []
    for _ in range(repeat):
        change()
        begin = time.perf_counter()
        ask()
        times.append((time.perf_counter() - begin) * 1000)
    return statistics.median(times)


def half_played() -> dict[str, object]:
    """A game half played by 4 players on North America, with their tickets."""
    rng = random.Random(7)
    setup, actions, hands = random_game(load_board("usa"), 4, rng, connected=0.5)
    return record_to_json(
        GameRecord(
            map="usa",
            players=setup.players,
            actions=actions[: len(actions) // 2],
            tickets={n: tuple(held_of(t) for t in hand) for n, hand in hands.items()},
        )
    )


def command(arguments: list[str], repeat: int = 7) -> float:
    """Median milliseconds of a command run to its end."""
    times = []
    for _ in range(repeat):
        begin = time.perf_counter()
        subprocess.run(arguments, check=False, capture_output=True)
        times.append((time.perf_counter() - begin) * 1000)
    return statistics.median(times)


def main() -> None:
    client = bench_client()
    game = imported(client, half_played())
    players = ["Player 1", "Player 2", "Player 3", "Player 4"]
    long = imported(client, passes(4990))
    turns = iter(range(10**9))

    def turn(url: str, names: list[str]) -> Callable[[], object]:
        def recorded() -> object:
            n = next(turns)
            form = {"player": names[n % len(names)], "drew": "cards", "token": f"bench{n:08d}"}
            return client.post(f"{url}/turn", data=form)

        return recorded

    group_client = bench_client(GAMES_PER_HOUR=0)
    group = group_client.post("/t", data={"name": "bench"}).headers["Location"]
    fill(group_client, group, 200, random.Random(11))
    latest = group_client.get(f"{group}/stats.json").get_json()["games"][-1]["id"]
    rng = random.Random(3)

    def group_changed() -> object:
        form = {"player": "Ann", "points": rng.randint(0, 99)}
        return group_client.post(f"/g/{latest}/track", data=form)

    with tempfile.TemporaryDirectory() as folder:
        record = Path(folder) / "game.json"
        record.write_text(json.dumps(half_played()), encoding="utf-8")
        root = Path(__file__).resolve().parents[1]
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", str(root / "companion")], check=True
        )
        score = command([sys.executable, "-m", "companion.cli", "score", str(record), "--json"])
        bare = command([sys.executable, "-c", "pass"])

    long_turn = turn(long, ["Ann", "Bob"])
    rows = [
        ("board", made(lambda: client.get(f"{game}/board"), turn(game, players)), 8),
        ("score sheet", made(lambda: client.get(f"{game}/sheet"), turn(game, players)), 8),
        ("sheet PDF", made(lambda: client.get(f"{game}/sheet.pdf"), turn(game, players), 9), 80),
        ("group of 200 games", made(lambda: group_client.get(group), lambda: None, 11), 30),
        ("  after a game's change", made(lambda: group_client.get(group), group_changed, 11), 0),
        ("5,000 actions: sheet", made(lambda: client.get(f"{long}/sheet"), long_turn, 5), 40),
        ("5,000 actions: PDF", made(lambda: client.get(f"{long}/sheet.pdf"), long_turn, 5), 200),
    ]  # fmt: skip
    print(f"{'page (made anew each time)':<28} {'median':>9} {'goal':>8}")
    for name, ms, goal in rows:
        if not goal:  # a figure to read beside the one above
            print(f"{name:<28} {ms:6.1f} ms")
            continue
        print(f"{name:<28} {ms:6.1f} ms {goal:5d} ms  {'met' if ms <= goal else 'missed'}")
    ratio = score / bare
    print(
        f"{'companion score --json':<28} {score:6.1f} ms  {ratio:.1f}× a bare interpreter"
        f" ({bare:.0f} ms; goal 8×)  {'met' if ratio <= 8 else 'missed'}"
    )


if __name__ == "__main__":
    main()
