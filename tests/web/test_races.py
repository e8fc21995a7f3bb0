"""Writes that check something and then change it, sent at the same moment from several
phones: the check holds on the suite's database (SQLite here, PostgreSQL in CI's third
pass), as it does for one phone at a time."""

from __future__ import annotations

import io
import json
import re
import threading
from collections.abc import Callable

from flask import Flask

from companion.web import create_app
from tests.databases import fresh_database
from tests.web.helpers import seats


def app_with(tmp_path, **config) -> Flask:  # type: ignore[no-untyped-def]
    settings = {"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False}
    database = fresh_database(tmp_path / "c.sqlite")
    return create_app({**settings, "DATABASE": database, **config}, instance_path=tmp_path)


def at_once(app: Flask, sends: list[Callable]) -> list[int]:  # type: ignore[type-arg]
    """Each of ``sends`` (given a test client of its own) sent at the same moment from a
    thread of its own; the answers' status codes, in order."""
    start = threading.Barrier(len(sends))
    answers: list[int] = [0] * len(sends)

    def run(n: int) -> None:
        client = app.test_client()
        start.wait()
        answers[n] = sends[n](client).status_code

    threads = [threading.Thread(target=run, args=(n,)) for n in range(len(sends))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def imported(client, group: str, players: list[str]) -> None:  # type: ignore[no-untyped-def]
    body = json.dumps({"map": "usa", "players": players}).encode()
    response = client.post(
        f"{group}/import",
        data={"record": (io.BytesIO(body), "g.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 303


def test_two_merges_into_one_person_of_two_players_of_one_game_never_both_hold(tmp_path):
    # Ann and Bob played one game together; Zed another. "Ann is Zed" and "Bob is Zed"
    # sent at once: one of them, not both (Zed would have sat twice at one table).
    app = app_with(tmp_path)
    client = app.test_client()
    for _ in range(12):
        group = client.post("/t", data={"name": "Club"}).headers["Location"]
        imported(client, group, ["Ann", "Bob"])
        imported(client, group, ["Zed", "Cy"])
        answers = at_once(
            app,
            [
                lambda c, g=group: c.post(f"{g}/merge", data={"spelling": "Ann", "person": "Zed"}),
                lambda c, g=group: c.post(f"{g}/merge", data={"spelling": "Bob", "person": "Zed"}),
            ],
        )
        assert sorted(answers) == [303, 409], answers
        people = {p["name"] for p in client.get(f"{group}/stats.json").get_json()["players"]}
        assert len(people) == 3  # Zed (one of Ann or Bob), the other, Cy


def test_games_started_at_once_from_one_address_stop_at_the_hourly_most(tmp_path):
    app = app_with(tmp_path, GAMES_PER_HOUR=5)
    answers = at_once(app, [lambda c: c.post("/games", data=seats("Ann", "Bob"))] * 12)
    assert sorted(answers) == [303] * 5 + [429] * 7
    # Groups count as games started: none more either.
    assert app.test_client().post("/t", data={"name": "Club"}).status_code == 429


def test_a_move_and_a_redraw_of_its_table_at_once_never_both_land(tmp_path):
    app = app_with(tmp_path)
    client = app.test_client()
    players = "\n".join(f"P{i:02d}" for i in range(1, 9))
    event = {"name": "Club", "players": players, "map": "usa", "seats": "4"}
    made = client.post("/e", data={**event, "rounds": "3", "method": "wins"})
    organizer = made.headers["Location"]
    for _round in range(6):
        page = client.get(organizer).get_data(as_text=True)
        seed = re.search(r'name="seed" value="([^"]+)"', page)[1]
        table = client.get(f"{organizer}/standings.json").get_json()["rounds"][0]["tables"][0]
        redraw = {"round": "1", "seed": seed, "tables": ["1", "2"]}
        move = {"player": table["players"][0]}
        answers = at_once(
            app,
            [
                lambda c, r=redraw: c.post(f"{organizer}/redraw", data=r),
                lambda c, g=table["game"], m=move: c.post(f"/g/{g}/turn", data=m),
            ],
        )
        # Either the move landed first (the table has begun: not drawn again), or the
        # re-draw did (the move is refused, its game replaced): never both.
        assert sorted(answers) == [303, 409], answers
        moved = answers[1] == 303
        now = client.get(f"{organizer}/standings.json").get_json()["rounds"][0]["tables"][0]
        assert (now["game"] == table["game"]) == moved
        if moved:
            return  # table 1 has begun: it is drawn again no more
