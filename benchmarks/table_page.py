"""Times what a phone waits for during play, on a game half played on each map (by 4
players, or as many as the map takes), and prints the medians: replaying the log, the
claim list (the referee asked about every route), the final scores, and the whole table
page and score sheet served by the app.

Run: python benchmarks/table_page.py [en|ru|uk]   (the pages' language; English unless given)
"""

from __future__ import annotations

import io
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

from flask.testing import FlaskClient

from companion.rules.game import replay
from companion.rules.map_file import load_board, map_ids
from companion.rules.record import GameRecord, held_of, record_to_json
from companion.rules.scoring import final_scores
from companion.rules.table_questions import route_choices
from companion.web import create_app
from tests.playout import random_game

# Goods colours for Märklin's board: the one black city, then the others as counted.
COUNTS = {"black": 1, "red": 6, "yellow": 12, "white": 16}


def goods(map_id: str) -> dict[str, str] | None:
    board = load_board(map_id)
    if not board.edition.goods:
        return None
    colors = dict(board.goods)
    left = {c: n - list(colors.values()).count(c) for c, n in COUNTS.items()}
    for name, city in sorted(board.cities.items()):
        color = next((c for c, n in left.items() if n > 0), None)
        if color and name not in colors and not city.is_country:
            colors[name] = color
            left[color] -= 1
    return colors


def timed(work: Callable[[], object], repeat: int = 21) -> float:
    """Median milliseconds over ``repeat`` runs."""
    times = []
    for _ in range(repeat):
        begin = time.perf_counter()
        work()
        times.append((time.perf_counter() - begin) * 1000)
    return statistics.median(times)


def bench_client(**settings: object) -> FlaskClient:
    """A phone of the app on a fresh SQLite database in a folder of its own (forms without
    their CSRF token), with more ``settings`` if given."""
    folder = tempfile.mkdtemp()
    app = create_app(
        {
            "SECRET_KEY": "bench",
            "DATABASE": f"{folder}/bench.sqlite",
            "WTF_CSRF_ENABLED": False,
            **settings,
        },
        instance_path=folder,
    )
    return app.test_client()


def imported(client: FlaskClient, record: dict[str, Any]) -> str:
    """Imports a game record through the home page; the game's address."""
    upload = io.BytesIO(json.dumps(record).encode())
    response = client.post(
        "/import", data={"record": (upload, "game.json")}, content_type="multipart/form-data"
    )
    return response.headers["Location"].split("?")[0]


def main() -> None:
    client = bench_client()
    language = sys.argv[1] if len(sys.argv) > 1 else "en"
    client.get(f"/language/{language}")
    print(f"pages in {language}")
    print(
        f"{'map':<12} {'actions':>7} {'replay':>8} {'claims':>8} {'scores':>8} "
        f"{'table':>8} {'sheet':>8}   (ms, medians)"
    )
    for map_id in map_ids():
        print(f"{map_id:<12} " + " ".join(f"{f:>8.1f}" for f in measure(client, map_id)))


def measure(client: FlaskClient, map_id: str) -> list[float]:
    """The figures for a game half played on one map (the first is its actions)."""
    rng = random.Random(7)
    board = load_board(map_id)
    players = min(4, board.edition.max_players)
    setup, actions, hands = random_game(board, players, rng, connected=0.5, goods=goods(map_id))
    half = actions[: len(actions) // 2]
    state = replay(setup, half)
    record = GameRecord(
        map=map_id,
        players=setup.players,
        actions=half,
        tickets={n: tuple(held_of(t) for t in hand) for n, hand in hands.items()},
        goods=setup.goods,
        pieces=setup.pieces,
    )
    url = imported(client, record_to_json(record))
    return [
        len(half),
        timed(lambda: replay(setup, half)),
        timed(lambda: route_choices(state, setup.names[0])),
        timed(lambda: final_scores(state, hands)),
        timed(lambda: client.get(url), 11),
        timed(lambda: client.get(f"{url}/sheet"), 11),
    ]


if __name__ == "__main__":
    main()
