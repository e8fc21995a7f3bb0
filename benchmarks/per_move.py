"""The app's own processor time per move, in one process, without an HTTP server: the
requests a turn brings as ``load.py``'s phones make them (the acting phone's turn, answered
in place, the page each phone's stream brings it, and the board a third of the
turns and the sheet a sixth, as phones glance at them every 4 and 8 minutes with a turn
every 20 s), on 20 games a third played by 4 players on North America, turn after turn.
The load benchmark's figure counts the server's HTTP handling, streams and database driver
too, and varies from run to run on a shared machine; this one moves only with the app's
own work, so it compares one version of the code with another. Prints the median of 7
batches of 60 turns, in milliseconds.

Run: python benchmarks/per_move.py
"""

from __future__ import annotations

import io
import json
import queue
import random
import re
import secrets
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from flask.testing import FlaskClient  # noqa: E402

from benchmarks.table_page import bench_client  # noqa: E402
from companion.rules.map_file import load_board  # noqa: E402
from companion.rules.record import GameRecord, held_of, record_to_json  # noqa: E402
from tests.playout import random_game  # noqa: E402

GAMES = 20
BOARD = 1 / 3  # the share of turns after which a phone opens the board
SHEET = 1 / 6  # and the sheet


def main() -> None:
    host = bench_client(GAMES_PER_HOUR=0)
    phones = [host] + [host.application.test_client() for _ in range(3)]
    games = []
    for n in range(GAMES):
        setup, actions, hands = random_game(load_board("usa"), 4, random.Random(n), connected=0.5)
        record = GameRecord(
            map="usa",
            players=setup.players,
            actions=actions[: len(actions) // 3],
            tickets={k: tuple(held_of(t) for t in h) for k, h in hands.items()},
        )
        upload = io.BytesIO(json.dumps(record_to_json(record)).encode())
        answer = host.post(
            "/import", data={"record": (upload, "g.json")}, content_type="multipart/form-data"
        )
        games.append((answer.headers["Location"].split("?")[0], setup.names))
    streams: dict[tuple[str, int], queue.Queue[int]] = {}
    for url, _names in games:
        for number, phone in enumerate(phones):
            page = phone.get(url).get_data(as_text=True)
            address = re.search(r'sse-connect="([^"]+)"', page)
            assert address, "a table page without its stream"
            streams[url, number] = follow(host, address[1].replace("&amp;", "&"))
    rng = random.Random(1)

    def turn(n: int) -> None:
        url, names = games[n % GAMES]
        acting = phones[n % 4]
        form = {"player": names[n % 4], "drew": "cards", "token": secrets.token_urlsafe(9)}
        acting.post(f"{url}/turn", data=form, headers={"X-In-Place": url})  # its note
        for number in range(len(phones)):  # each phone's stream brings its page
            streams[url, number].get(timeout=60)
        if rng.random() < BOARD:
            rng.choice(phones).get(f"{url}/board")
        if rng.random() < SHEET:
            rng.choice(phones).get(f"{url}/sheet")

    for n in range(40):  # warm: templates compiled, games read
        turn(n)
    batches, n = [], 40
    for _ in range(7):
        began = time.process_time()
        for _ in range(60):
            turn(n)
            n += 1
        batches.append((time.process_time() - began) / 60 * 1000)
    shown = ", ".join(f"{b:.1f}" for b in batches)
    print(f"the app's CPU per move: {statistics.median(batches):.1f} ms (batches: {shown})")


def follow(host: FlaskClient, address: str) -> queue.Queue[int]:
    """A phone's stream, read on a thread of its own: the version of each page it brings."""
    heard: queue.Queue[int] = queue.Queue()
    phone = host.application.test_client()

    def read() -> None:
        for piece in phone.get(address, buffered=False).response:
            assert isinstance(piece, bytes)
            if b"event: page" in piece:
                heard.put(int(piece.split(b"\n", 1)[0].removeprefix(b"id: ")))

    threading.Thread(target=read, daemon=True).start()
    return heard


if __name__ == "__main__":
    main()
