"""The database behind the store: SQLite by default, PostgreSQL when hosted. The same web
tests run on both (``tests/databases.py``); these pin what differs between them."""

from __future__ import annotations

import multiprocessing
import threading
import time
from pathlib import Path

import pytest

from companion.rules.actions import Claim
from companion.rules.record import GameRecord
from companion.rules.setup import Player
from companion.web import create_app, game_store
from companion.web.database import Database
from tests.databases import new_schema, postgres_server
from tests.patience import HANG

# The first schema's game table, before any column was added to it.
FIRST_GAME_TABLE = (
    "CREATE TABLE game (id TEXT PRIMARY KEY, map TEXT NOT NULL, players TEXT NOT NULL,"
    " created TEXT NOT NULL, updated TEXT NOT NULL)"
)


def _database(kind: str, tmp_path: Path) -> str:
    return str(tmp_path / "c.sqlite") if kind == "sqlite" else new_schema(postgres_server())


def _app(url: str, instance: Path):  # type: ignore[no-untyped-def]
    return create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": url}, instance_path=instance)


def _new_game(app) -> str:  # type: ignore[no-untyped-def]
    record = GameRecord(map="usa", players=(Player("Ann"), Player("Bob")), actions=())
    with app.app_context():
        return game_store.create_game(record)


def test_a_database_url_in_the_environment_is_the_database(monkeypatch, tmp_path):
    monkeypatch.setenv("COMPANION_INSTANCE_PATH", str(tmp_path))
    monkeypatch.setenv("DATABASE_URL", str(tmp_path / "hosted.sqlite"))
    app = create_app()
    assert app.config["DATABASE"] == str(tmp_path / "hosted.sqlite")
    assert (tmp_path / "hosted.sqlite").exists()


def test_the_database_names_a_postgresql_server_without_its_password():
    db = Database("postgresql://ann:secret@db.example:6543/tables")
    assert db.kind == "postgresql"
    assert db.where == "PostgreSQL at db.example:6543/tables"
    assert "secret" not in db.where


def _start_worker(url: str, barrier, errors) -> None:  # type: ignore[no-untyped-def]
    """One worker process starting: waits for the others, then makes the schema."""
    barrier.wait()
    try:
        Database(url).init_schema()
    except Exception as error:  # reported to the test, which names it
        errors.put(repr(error))


@pytest.mark.slow  # starts processes
@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_workers_starting_at_once_bring_an_old_schema_up_to_date_once(kind, tmp_path):
    url = _database(kind, tmp_path)
    db = Database(url)
    conn = db.connect()
    conn.execute(FIRST_GAME_TABLE)
    conn.close()
    spawn = multiprocessing.get_context("spawn")
    barrier, errors = spawn.Barrier(6), spawn.Queue()
    workers = [spawn.Process(target=_start_worker, args=(url, barrier, errors)) for _ in range(6)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(HANG)
    assert [w.exitcode for w in workers] == [0] * 6
    assert errors.empty(), errors.get()
    conn = db.connect()
    assert {"version", "watch", "dice", "language"} <= conn.columns("game")
    conn.close()
    db.close()


def test_writes_to_one_game_never_wait_on_another_game_on_postgresql(tmp_path):
    app = _app(new_schema(postgres_server()), tmp_path)
    held_game, other_game = _new_game(app), _new_game(app)
    holding, release = threading.Event(), threading.Event()

    def hold() -> None:  # a long write to the first game, on another connection
        with app.app_context(), game_store.writing_game(held_game):
            holding.set()
            release.wait(HANG)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert holding.wait(HANG)
        with app.app_context():
            game_store.record_action(
                game_store.load_game(other_game),
                Claim("Ann", ("Denver", "Kansas City"), color="black"),
            )
        assert holder.is_alive()  # the other game's write landed while the first was held
    finally:
        release.set()
        holder.join(HANG)


def test_a_second_write_to_the_same_game_waits_for_the_first_on_postgresql(tmp_path):
    app = _app(new_schema(postgres_server()), tmp_path)
    game_id = _new_game(app)
    holding, done = threading.Event(), []

    def hold() -> None:
        with app.app_context(), game_store.writing_game(game_id):
            holding.set()
            time.sleep(0.5)
            done.append("first")

    holder = threading.Thread(target=hold)
    holder.start()
    assert holding.wait(HANG)
    with app.app_context():
        game_store.record_action(
            game_store.load_game(game_id), Claim("Ann", ("Denver", "Kansas City"), color="black")
        )
    done.append("second")
    holder.join(HANG)
    assert done == ["first", "second"]
