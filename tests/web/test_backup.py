"""A whole site backed up and restored into an empty database of the other kind (SQLite to
PostgreSQL, or back): every game, its log with its times and undos, its tickets, the
groups and their merges come back as they were, page for page."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from flask import Flask

from companion.rules.board import load_board, map_ids
from companion.rules.playout import random_game
from companion.web import create_app, group_store, store
from companion.web.backup import BackupError, backup, restore
from tests.databases import new_schema, postgres_server
from tests.helpers import plays_with_dice, record_of, table_goods
from tests.web.helpers import WebTable

ROOT = Path(__file__).resolve().parents[2]


def app_on(url: str, instance: Path) -> Flask:
    settings = {"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False}
    return create_app({**settings, "DATABASE": url}, instance_path=instance)


def a_site(app: Flask) -> tuple[list[str], list[str]]:
    """A finished and an unfinished game of every map (with the dice where the map takes
    them), half of them in a group with a merge; and a game played through the pages with
    an Undo, a ticket taken back and the score track noted. The games' and groups' ids."""
    games: list[str] = []
    with app.app_context():
        group = group_store.create_group("Thursday club")
        for n, map_id in enumerate(map_ids()):
            board = load_board(map_id)
            players = board.edition.min_players + 1
            setup, actions, hands = random_game(
                board,
                players,
                random.Random(n),
                connected=0.6,
                goods=table_goods(board),
                dice=plays_with_dice(map_id) and n % 2 == 0,
            )
            whole = record_of(setup, actions, hands)
            half = record_of(setup, actions[: len(actions) // 2], {})
            games.append(store.create_game(whole, "ru", group=group))
            games.append(store.create_game(half, None))
    client = app.test_client()
    table = WebTable(client, "Ann", "Bob")
    table.claim("Ann", "Denver", "Helena")
    table.claim("Bob", "Seattle", "Portland", track=1)
    table.undo()
    client.post(f"{table.url}/tickets", data={"player": "Ann", "deck": "0"})
    client.post(f"{table.url}/tickets/0/remove")
    client.post(f"{table.url}/tickets", data={"player": "Ann", "deck": "1"})
    client.post(f"{table.url}/sheet/track", data={"player": "Ann", "points": "7"})
    games.append(table.id)
    club = client.post("/t", data={"name": "Fridays"}).headers["Location"]
    for names in (["Ann", "Bob"], ["ann", "Cy"]):
        record = json.dumps({"map": "usa", "players": names}).encode()
        client.post(
            f"{club}/import",
            data={"record": (io.BytesIO(record), "g.json")},
            content_type="multipart/form-data",
        )
    client.post(f"{club}/merge", data={"spelling": "Cy", "person": "Bob"})
    return games, [group, club.rsplit("/", 1)[-1]]


def pages(app: Flask, games: list[str], groups: list[str]) -> dict[str, object]:
    """What the site shows of each game and group: exports, sheets, logs, standings."""
    client = app.test_client()
    seen: dict[str, object] = {}
    for game in games:
        seen[f"{game}/record.json"] = client.get(f"/g/{game}/record.json").get_json()
        seen[f"{game}/sheet.csv"] = client.get(f"/g/{game}/sheet.csv").get_data(as_text=True)
        with app.app_context():
            stored = store.load_game(game)
            seen[f"{game}/log"] = [
                (a.seq, a.recorded, a.undone, str(a.action)) for a in stored.history
            ]
            seen[f"{game}/kept"] = (stored.watch, stored.version, stored.created)
    for group in groups:
        seen[f"{group}/stats.json"] = client.get(f"/t/{group}/stats.json").get_json()
    return seen


def other_kind(app: Flask, instance: Path) -> str:
    """An empty database of the kind the suite's is not."""
    if app.extensions["companion.database"].kind == "sqlite":
        return new_schema(postgres_server())
    return str(instance / "restored.sqlite")


def test_a_site_restored_into_the_other_kind_of_database_shows_every_page_as_before(app, tmp_path):
    games, groups = a_site(app)
    with app.app_context():
        lines = list(backup())
    target = app_on(other_kind(app, tmp_path), tmp_path)
    with target.app_context():
        kept = restore(lines)
    assert kept["game"] == len(games) + 2 and kept["group_merge"] == 1
    before = pages(app, games, groups)
    assert all(before.values()) and len(before) == 4 * len(games) + 2
    played = before[f"{games[-1]}/log"]
    assert [undone is not None for _seq, _at, undone, _what in played] == [False, True]
    assert pages(target, games, groups) == before
    # A restored game plays on: its next claim is recorded after its restored log.
    client = target.test_client()
    assert client.post(f"/g/{games[-1]}/turn", data={"player": "Bob"}).status_code == 303


def test_a_backup_restores_only_into_an_empty_database(app, tmp_path):
    a_site(app)
    with app.app_context():
        lines = list(backup())
        with pytest.raises(BackupError, match="already holds games"):
            restore(lines)
        with pytest.raises(BackupError, match="not a backup"):
            restore(['{"format": "something else"}'])


def test_the_commands_back_up_and_restore_a_site(tmp_path):
    site = tmp_path / "site"
    source = str(site / "c.sqlite")
    site.mkdir()
    app = app_on(source, site)
    WebTable(app.test_client(), "Ann", "Bob").claim("Ann", "Denver", "Helena")
    env = {"PATH": "/usr/bin:/bin", "COMPANION_INSTANCE_PATH": str(site), "DATABASE_URL": source}
    saved = subprocess.run(
        [sys.executable, "-m", "companion.cli", "backup", str(tmp_path / "b.jsonl")],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=60,
    )  # fmt: skip
    assert saved.returncode == 0, saved.stderr
    empty = tmp_path / "empty"
    empty.mkdir()
    env |= {"COMPANION_INSTANCE_PATH": str(empty), "DATABASE_URL": str(empty / "c.sqlite")}
    restored = subprocess.run(
        [sys.executable, "-m", "companion.cli", "restore", str(tmp_path / "b.jsonl")],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=60,
    )  # fmt: skip
    assert restored.returncode == 0, restored.stderr
    assert "game 1, action 1" in restored.stdout
    again = subprocess.run(
        [sys.executable, "-m", "companion.cli", "restore", str(tmp_path / "b.jsonl")],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=60,
    )  # fmt: skip
    assert again.returncode == 2
    assert "restore into an empty one" in again.stderr
