"""Times a group's page and its stats.json for groups of 10 to 200 finished random games
(North America and Europe, 2 to 5 players): the first answer after the process starts
(every game read and scored), the next ones (one row a game read), and the next one
after one game changed. Prints the medians.

Run: python benchmarks/group_page.py
"""

from __future__ import annotations

import io
import json
import random
import sys
import tempfile
import time
from pathlib import Path

from flask.testing import FlaskClient

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.table_page import timed  # noqa: E402
from companion.rules.map_file import load_board  # noqa: E402
from companion.rules.record import GameRecord, held_of, record_to_json  # noqa: E402
from companion.web import create_app, game_store, group_store  # noqa: E402
from tests.playout import random_game  # noqa: E402

SIZES = (10, 50, 200)
NAMES = ["Ann", "Bob", "Cy", "Dan", "Eve"]


def fill(client: FlaskClient, group: str, count: int, rng: random.Random) -> None:
    """Imports ``count`` finished random games into the group."""
    for number in range(count):
        board = load_board("usa" if number % 2 else "europe")
        players = rng.randint(2, 5)
        setup, actions, hands = random_game(board, players, rng, connected=0.6)
        names = {f"Player {i + 1}": NAMES[i] for i in range(players)}
        text = json.dumps(
            record_to_json(
                GameRecord(
                    map=board.id,
                    players=setup.players,
                    actions=actions,
                    tickets={n: tuple(held_of(t) for t in hand) for n, hand in hands.items()},
                )
            )
        )
        for old, new in names.items():
            text = text.replace(f'"{old}"', f'"{new}"')
        answer = client.post(
            f"{group}/import",
            data={"record": (io.BytesIO(text.encode()), "game.json")},
            content_type="multipart/form-data",
        )
        assert answer.status_code == 303, answer.get_data(as_text=True)


def first(client: FlaskClient, url: str) -> float:
    """Milliseconds for an answer with nothing worked out in this process yet."""
    group_store.forget()
    game_store.GAMES.forget()
    begin = time.perf_counter()
    client.get(url)
    return (time.perf_counter() - begin) * 1000


def measure(size: int, rng: random.Random) -> list[float]:
    """The figures for a group of ``size`` games."""
    folder = tempfile.mkdtemp()
    app = create_app(
        {
            "SECRET_KEY": "bench",
            "DATABASE": f"{folder}/bench.sqlite",
            "WTF_CSRF_ENABLED": False,
            "GAMES_PER_HOUR": 0,
        },
        instance_path=folder,
    )
    client = app.test_client()
    group = client.post("/t", data={"name": "bench"}).headers["Location"]
    fill(client, group, size, rng)
    cold = min(first(client, group) for _ in range(3))
    page = timed(lambda: client.get(group), 11)
    data = timed(lambda: client.get(f"{group}/stats.json"), 11)
    latest = client.get(f"{group}/stats.json").get_json()["games"][-1]["id"]

    def changed() -> None:
        client.post(f"/g/{latest}/track", data={"player": "Ann", "points": rng.randint(0, 99)})
        client.get(group)

    return [cold, page, data, timed(changed, 11)]


def main() -> None:
    rng = random.Random(11)
    print(f"{'games':>5} {'page first':>11} {'page':>8} {'json':>8} {'after one change':>17}")
    for size in SIZES:
        figures = " ".join(f"{f:>8.1f}" for f in measure(size, rng))
        print(f"{size:>5} {figures}   (ms, medians; the first: the best of 3)")


if __name__ == "__main__":
    main()
