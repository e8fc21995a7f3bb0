"""``companion serve``: the app under gunicorn with several workers, on SQLite and on
PostgreSQL; a phone's live update reaches the phones connected to any worker."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from benchmarks.phones import Phone, as_json, start_server
from tests.databases import new_schema, postgres_server
from tests.patience import HANG

pytestmark = [pytest.mark.slow, pytest.mark.load]


def _database(kind: str, tmp_path) -> str:  # type: ignore[no-untyped-def]
    return str(tmp_path / "c.sqlite") if kind == "sqlite" else new_schema(postgres_server())


def _serving(kind: str, tmp_path, workers: int):  # type: ignore[no-untyped-def]
    """companion serve with ``workers`` on a fresh database of ``kind``: its address."""
    database = _database(kind, tmp_path)
    server, base = start_server(database, tmp_path, workers=workers, patience=HANG)
    yield base
    server.terminate()
    server.wait(HANG)


@pytest.fixture(params=["sqlite", "postgresql"])
def served(request, tmp_path):  # type: ignore[no-untyped-def]
    yield from _serving(request.param, tmp_path, workers=3)


@pytest.fixture(params=["sqlite", "postgresql"])
def served_by_four(request, tmp_path):  # type: ignore[no-untyped-def]
    yield from _serving(request.param, tmp_path, workers=4)


def _until_all_heard(heard: list[list[int]], within: float) -> list[int]:
    """Waits until every stream has heard a change (at most ``within`` seconds): the
    streams that heard none."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline and not all(heard):
        time.sleep(0.02)
    return [i for i, log in enumerate(heard) if not log]


def test_a_claim_reaches_the_phones_on_every_worker(served):
    ann = Phone(served, timeout=HANG)
    game = ann.new_game("usa", "Ann", "Bob")
    token = ann.token(game)
    heard: list[list[int]] = [[] for _ in range(6)]
    watchers = [Phone(served, timeout=HANG) for _ in heard]  # 6 connections spread over 3 workers
    for phone, log in zip(watchers, heard, strict=True):
        phone.listen(game, lambda version, when, log=log: log.append(version))
    # Each stream says the game's version as it connects: from then on, it follows.
    assert _until_all_heard(heard, within=HANG) == []
    claims = [("Ann", 0), ("Bob", 1), ("Ann", 5), ("Bob", 9)]
    for number, (player, route) in enumerate(claims, start=1):
        for log in heard:
            log.clear()
        answer = ann.post(f"{game}/claim", {"csrf_token": token, "player": player, "route": route})
        assert answer.status == 303, answer.body[:300]
        late = _until_all_heard(heard, within=HANG)
        assert not late, f"streams {late} never heard {player}'s claim"
        assert all(log[-1] >= number for log in heard)  # the version after the claim
    for phone in (ann, *watchers):
        phone.close()


def _refused_start(tmp_path, *arguments: str) -> list[str]:  # type: ignore[no-untyped-def]
    """What ``companion ARGUMENTS`` says on a database out of reach (it must exit 1)."""
    command = [sys.executable, "-m", "companion.cli", *arguments, "--port", "1"]
    environment = {
        "COMPANION_INSTANCE_PATH": str(tmp_path),
        "DATABASE_URL": "postgresql://postgres@127.0.0.1:1/nowhere?connect_timeout=2",
        "PATH": "/usr/bin:/bin",
    }
    done = subprocess.run(command, env=environment, capture_output=True, text=True, timeout=HANG)
    assert done.returncode == 1
    return done.stderr.strip().splitlines()


def test_serve_refuses_to_start_on_a_database_out_of_reach_in_one_line(tmp_path):
    lines = _refused_start(tmp_path, "serve")
    assert len(lines) == 1 and lines[0].startswith("companion serve: the database can't be used")


def test_run_says_in_one_line_why_the_app_cant_start(tmp_path):
    lines = _refused_start(tmp_path, "run")
    assert len(lines) == 1 and lines[0].startswith("companion: the database can't be used")


def test_a_worker_stream_ends_cleanly_when_the_server_stops(tmp_path):
    server, base = start_server(str(tmp_path / "c.sqlite"), tmp_path, workers=1, patience=HANG)
    phone = Phone(base, timeout=HANG)
    game = phone.new_game("usa", "Ann", "Bob")
    stream = phone.listen(game, lambda version, when: None)
    server.terminate()
    server.wait(HANG)
    stream.join(HANG)
    phone.close()
    assert not stream.is_alive()


def test_five_phones_racing_200_actions_each_across_4_workers_lose_and_double_nothing(
    served_by_four,
):
    import random
    import secrets
    import threading

    from companion.rules.actions import Pass
    from companion.rules.map_file import load_board
    from companion.rules.record import parse_record

    base = served_by_four
    names = ["Ann", "Bob", "Cy", "Di", "Eve"]
    host = Phone(base, timeout=HANG)
    game = host.new_game("usa", *names)
    short = [r.id for r in load_board("usa").routes if r.length <= 2]  # 5 players: no end
    acknowledged: dict[str, list[int | None]] = {n: [] for n in names}
    unexpected: list[str] = []
    refused: list[int] = []

    def play(name: str, seed: int) -> None:
        rng, phone = random.Random(seed), Phone(base, timeout=HANG)
        csrf = phone.token(game)
        for _ in range(200):
            form: dict[str, object] = {
                "csrf_token": csrf,
                "player": name,
                "token": secrets.token_urlsafe(9),
            }
            route = rng.choice(short) if rng.random() < 0.3 else None
            if route is None:
                answer = phone.post(f"{game}/turn", {**form, "drew": "cards"})
            else:
                answer = phone.post(f"{game}/claim", {**form, "route": route})
            if answer.status == 303:
                acknowledged[name].append(route)
            elif answer.status == 409 and route is not None:
                refused.append(route)  # taken first by another phone, or closed
            else:
                unexpected.append(f"{name}: {answer.status} {answer.body[:200]}")
        phone.close()

    racers = [threading.Thread(target=play, args=(n, i)) for i, n in enumerate(names)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join(HANG)
    assert unexpected == []
    record = parse_record(as_json(host.get(f"{game}/record.json")))
    host.close()
    state = record.replay()  # the referee replays the log: no route is owned twice
    for name in names:
        claims = sorted(r for r in acknowledged[name] if r is not None)
        passes = sum(1 for r in acknowledged[name] if r is None)
        assert sorted(i for i, owner in state.owners.items() if owner == name) == claims
        logged = [a for a in record.actions if a.player == name and isinstance(a, Pass)]
        assert len(logged) == passes
    assert len(record.actions) == sum(len(a) for a in acknowledged.values())
    assert refused  # routes were raced for: the claims that came second were refused
