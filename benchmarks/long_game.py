"""Times the table page of a long game beside a short one's: 50 actions and 5,000 (the
most a game holds), and the long one's whole history asked for (``?history=all``).
Prints the medians and the pages' sizes: the page lists the latest moves only, so a long
game's page should cost what a short one's does.

Run: python benchmarks/long_game.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.table_page import bench_client, imported  # noqa: E402


def passes(actions: int) -> dict[str, Any]:
    """A game record of ``actions`` turns that put nothing on the board."""
    return {
        "map": "usa",
        "players": ["Ann", "Bob"],
        "actions": [{"player": ["Ann", "Bob"][n % 2], "pass": True} for n in range(actions)],
    }


def timed(client: FlaskClient, url: str, repeat: int = 21) -> tuple[float, int]:
    """The median milliseconds of the page, and its size in bytes."""
    size = len(client.get(url).data)  # once before: the game replayed, templates compiled
    times = []
    for _ in range(repeat):
        begin = time.perf_counter()
        client.get(url)
        times.append((time.perf_counter() - begin) * 1000)
    return statistics.median(times), size


def main() -> None:
    client = bench_client()
    short, long = imported(client, passes(50)), imported(client, passes(5000))
    print(f"{'table page':<28} {'median':>8} {'size':>8}")
    for name, url in (
        ("50 actions", short),
        ("5,000 actions", long),
        ("5,000 actions, all listed", f"{long}?history=all"),
    ):
        ms, size = timed(client, url)
        print(f"{name:<28} {ms:6.1f} ms {size / 1000:5.0f} KB")


if __name__ == "__main__":
    main()
