"""A whole site backed up and restored into an empty database of the other kind (SQLite to
PostgreSQL, or back): every game, its log with its times and undos, its tickets, the
groups and their merges come back as they were, page for page."""

from __future__ import annotations

import hashlib
import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.rules.map_file import load_board, map_ids
from companion.web import create_app, game_store, group_store, migrations, unit_of_work
from companion.web.backup import LEFT_OUT, TABLES, BackupError, backup, check, restore
from tests.databases import new_schema, postgres_server
from tests.helpers import plays_with_dice, record_of, table_goods
from tests.patience import HANG
from tests.playout import random_game
from tests.web.helpers import WebTable, form_on

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
            games.append(game_store.create_game(whole, "ru", group=group))
            games.append(game_store.create_game(half, None))
    client = app.test_client()
    table = WebTable(client, "Ann", "Bob")
    table.claim("Ann", "Denver", "Helena")
    table.claim("Bob", "Seattle", "Portland", track=1)
    table.undo()
    client.post(f"{table.url}/tickets", data={"player": "Ann", "deck": "0"})
    client.post(f"{table.url}/tickets/0/remove")
    client.post(f"{table.url}/tickets", data={"player": "Ann", "deck": "1"})
    assert (
        client.post(f"{table.url}/track", data={"player": "Ann", "points": "7"}).status_code == 303
    )
    games.append(table.id)
    return games, [group, a_club(client)]


def a_club(client: FlaskClient) -> str:
    """A group with two games imported, two spellings merged into one person and a
    Telegram user who said which player they are: its id."""
    club = client.post("/t", data={"name": "Fridays"}).headers["Location"]
    for names in (["Ann", "Bob"], ["ann", "Cy"]):
        record = json.dumps({"map": "usa", "players": names}).encode()
        client.post(
            f"{club}/import",
            data={"record": (io.BytesIO(record), "g.json")},
            content_type="multipart/form-data",
        )
    assert client.post(f"{club}/merge", data={"spelling": "Cy", "person": "Bob"}).status_code == 303
    club_id = str(club.rsplit("/", 1)[-1])
    with client.application.app_context():
        group_store.tell_telegram(club_id, 279058397, "Ann", "Аня Петрова")
    return club_id


def pages(app: Flask, games: list[str], groups: list[str]) -> dict[str, object]:
    """What the site shows of each game and group: exports, sheets, logs, standings."""
    client = app.test_client()
    seen: dict[str, object] = {}
    for game in games:
        seen[f"{game}/record.json"] = client.get(f"/g/{game}/record.json").get_json()
        seen[f"{game}/sheet.csv"] = client.get(f"/g/{game}/sheet.csv").get_data(as_text=True)
        with app.app_context():
            stored = game_store.load_game(game)
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
        kept = restore(lines).rows
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
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=HANG,
    )  # fmt: skip
    assert saved.returncode == 0, saved.stderr
    empty = tmp_path / "empty"
    empty.mkdir()
    env |= {"COMPANION_INSTANCE_PATH": str(empty), "DATABASE_URL": str(empty / "c.sqlite")}
    restored = subprocess.run(
        [sys.executable, "-m", "companion.cli", "restore", str(tmp_path / "b.jsonl")],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=HANG,
    )  # fmt: skip
    assert restored.returncode == 0, restored.stderr
    assert "game 1, action 1" in restored.stdout
    again = subprocess.run(
        [sys.executable, "-m", "companion.cli", "restore", str(tmp_path / "b.jsonl")],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=HANG,
    )  # fmt: skip
    assert again.returncode == 2
    assert "restore into an empty one" in again.stderr


# What a backup must prove of itself: each file a bad night could leave, refused with the
# line and the reason, and nothing written; on either kind of database.

KINDS = ["sqlite", "postgresql"]


def empty_app(kind: str, instance: Path) -> Flask:
    url = str(instance / "target.sqlite") if kind == "sqlite" else new_schema(postgres_server())
    return app_on(url, instance)


def small_site(app: Flask) -> list[str]:
    """A game with a claim sent by its page's form (a form recorded), an Undo, a ticket
    taken back, the score track noted; a group; an event with its tables' games. Its
    backup's lines, each ending its line as in a file."""
    client = app.test_client()
    table = WebTable(client, "Ann", "Bob")
    form = form_on(table.page(), "/turn")
    assert client.post(f"{table.url}/turn", data={**form, "player": "Ann"}).status_code == 303
    table.claim("Bob", "Seattle", "Portland", track=1)
    table.undo()
    for path, data in [
        ("tickets", {"player": "Ann", "deck": "0"}),
        ("tickets/0/remove", {}),
        ("track", {"player": "Ann", "points": "7"}),
    ]:
        assert client.post(f"{table.url}/{path}", data=data).status_code == 303, path
    a_club(client)
    players = "\n".join(f"P{i}" for i in range(8))
    event = {"name": "Club", "players": players, "map": "usa", "seats": "4", "rounds": "2"}
    assert client.post("/e", data={**event, "method": "wins"}).status_code == 303
    with app.app_context():
        return [line + "\n" for line in backup()]


def rows_of(lines: list[str]) -> list[dict[str, object]]:
    return [json.loads(line) for line in lines[1:-1]]


def written(first: dict[str, object], rows: list[dict[str, object]]) -> list[str]:
    """A backup file as a writer makes one (another companion's, say): its first line, its
    rows, and a last line that counts them and gives the digest of the lines before it."""
    lines = [json.dumps(first, ensure_ascii=False) + "\n"]
    lines += [json.dumps(r, ensure_ascii=False) + "\n" for r in rows]
    counts = {t: sum(r["table"] == t for r in rows) for t in first["tables"]}  # type: ignore[union-attr]
    digest = hashlib.sha256("".join(lines).encode()).hexdigest()
    return [*lines, json.dumps({"end": {"rows": counts, "sha256": digest}}) + "\n"]


def a_row_changed(lines: list[str], table: str, **values: object) -> list[str]:
    first, rows = json.loads(lines[0]), rows_of(lines)
    row = next(r for r in rows if r["table"] == table)
    row["row"] |= values  # type: ignore[operator]
    return written(first, rows)


def refused(kind: str, instance: Path, lines: list[str], reason: str, **options: bool) -> None:
    """The lines restored into an empty database: refused with ``reason``, in one line,
    and nothing written."""
    target = empty_app(kind, instance)
    with target.app_context():
        with pytest.raises(BackupError, match=reason) as refusal:
            restore(lines, **options)
        assert "\n" not in str(refusal.value)
        db = unit_of_work.get_db()
        assert [db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in TABLES] == [0] * len(
            TABLES
        )
    target.extensions["companion.database"].close()  # its pool closed, not left to the collector


@pytest.fixture
def site_lines(app: Flask) -> list[str]:
    return small_site(app)


@pytest.mark.parametrize("kind", KINDS)
def test_a_backup_cut_at_a_line_is_refused_as_cut_short(kind, site_lines, tmp_path):
    refused(kind, tmp_path, site_lines[:-4], r"stops after line \d+, before the backup's last")


@pytest.mark.parametrize("kind", KINDS)
def test_a_backup_cut_inside_a_line_is_refused_at_that_line(kind, site_lines, tmp_path):
    cut = site_lines[:5] + [site_lines[5][:40]]
    refused(kind, tmp_path, cut, "line 6 is not a backup's line")


@pytest.mark.parametrize("kind", KINDS)
def test_a_byte_changed_inside_a_valid_line_is_refused(kind, site_lines, tmp_path):
    at = next(n for n, line in enumerate(site_lines) if "Ann" in line and '"game"' in line)
    changed = [*site_lines]
    changed[at] = changed[at].replace("Ann", "Anm", 1)
    json.loads(changed[at])  # still a valid line
    refused(kind, tmp_path, changed, "changed after it was written")


@pytest.mark.parametrize("kind", KINDS)
def test_a_newer_companions_column_is_refused_unless_asked_and_then_left_out(
    kind, site_lines, tmp_path
):
    first, rows = json.loads(site_lines[0]), rows_of(site_lines)
    first["tables"]["game"].append("mood")
    for row in rows:
        if row["table"] == "game":
            row["row"]["mood"] = "cheerful"  # type: ignore[index]
    newer = written(first, rows)
    refused(kind, tmp_path / "a", newer, r"column this companion does not know \(game.mood\)")
    (tmp_path / "b").mkdir()
    target = empty_app(kind, tmp_path / "b")
    with target.app_context():
        kept = restore(newer, accept_newer=True)
        assert kept.checked and kept.rows["game"] == sum(r["table"] == "game" for r in rows)
        assert "mood" not in unit_of_work.get_db().columns("game")


@pytest.mark.parametrize("kind", KINDS)
def test_a_row_whose_key_is_already_restored_is_refused_at_its_line(kind, site_lines, tmp_path):
    first, rows = json.loads(site_lines[0]), rows_of(site_lines)
    at = next(n for n, r in enumerate(rows) if r["table"] == "action")
    rows.insert(at + 1, rows[at])
    refused(kind, tmp_path, written(first, rows), rf"line {at + 3}: a second row of action")


@pytest.mark.parametrize("kind", KINDS)
def test_a_row_whose_game_is_not_in_the_backup_is_refused_as_an_orphan(kind, site_lines, tmp_path):
    lines = a_row_changed(site_lines, "ticket", game_id="no-such-game")
    refused(kind, tmp_path, lines, "names game no-such-game, which the backup does not hold")


@pytest.mark.parametrize("kind", KINDS)
def test_a_backup_missing_a_column_every_row_needs_is_refused(kind, site_lines, tmp_path):
    first, rows = json.loads(site_lines[0]), rows_of(site_lines)
    first["tables"]["game"].remove("map")
    for row in rows:
        row["row"].pop("map", None) if row["table"] == "game" else None  # type: ignore[union-attr]
    refused(kind, tmp_path, written(first, rows), "names no column game.map")


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(
    ("table", "values", "reason"),
    [
        ("game", {"version": "many"}, "game.version: it holds a whole number"),
        ("game", {"dice": True}, "game.dice: it holds a whole number"),
        ("game", {"map": 7}, "game.map: it holds text"),
        ("game", {"players": None}, "game.players: it may not be empty"),
        ("action", {"seq": 2**40}, "action.seq: a number out of range"),
    ],
)
def test_a_value_of_the_wrong_type_is_refused_at_its_line(
    kind, table, values, reason, site_lines, tmp_path
):
    refused(kind, tmp_path, a_row_changed(site_lines, table, **values), reason)


@pytest.mark.parametrize("kind", KINDS)
def test_a_row_the_database_itself_refuses_is_refused_at_its_line(kind, site_lines, tmp_path):
    """Two games for one table of a round, neither replaced: the schema's own rule."""
    first, rows = json.loads(site_lines[0]), rows_of(site_lines)
    tables = [r for r in rows if r["table"] == "event_game"]
    tables[1]["row"]["table_number"] = tables[0]["row"]["table_number"]  # type: ignore[index]
    refused(kind, tmp_path, written(first, rows), "the database refuses the row")


@pytest.mark.parametrize("kind", KINDS)
def test_an_empty_file_is_refused(kind, tmp_path):
    refused(kind, tmp_path, [], "the file is empty")


@pytest.mark.parametrize("kind", KINDS)
def test_a_backup_is_refused_by_a_database_that_holds_anything(kind, site_lines, tmp_path):
    target = empty_app(kind, tmp_path)
    with target.app_context():
        group_store.create_group("Already here")
        with pytest.raises(BackupError, match="restore into an empty one"):
            restore(site_lines)
        assert unit_of_work.get_db().execute("SELECT COUNT(*) FROM game").fetchone()[0] == 0


def test_every_table_of_the_schema_is_backed_up_or_left_out_by_name():
    assert sorted(TABLES + tuple(LEFT_OUT)) == sorted([*migrations.tables(), "schema_step"])


def test_a_restored_site_backs_up_to_the_same_rows_table_by_table(app, site_lines, tmp_path):
    rows = rows_of(site_lines)
    assert {r["table"] for r in rows} == set(TABLES)  # every table has a row to compare
    target = app_on(other_kind(app, tmp_path), tmp_path)
    with target.app_context():
        restore(site_lines)
        again = [line + "\n" for line in backup()]
    assert rows_of(again) == rows
    assert json.loads(again[-1])["end"]["rows"] == json.loads(site_lines[-1])["end"]["rows"]
    assert check(again) == check(site_lines)
    assert check(again).rows == json.loads(site_lines[-1])["end"]["rows"]


def hostile_files(lines: list[str]) -> dict[str, list[str]]:
    """The audit's list: each file a restore must refuse, by what is wrong with it."""
    first, rows = json.loads(lines[0]), rows_of(lines)
    changed = [*lines]
    at = next(n for n, line in enumerate(lines) if "Ann" in line and '"game"' in line)
    changed[at] = changed[at].replace("Ann", "Anm", 1)
    newer = json.loads(lines[0])
    newer["tables"]["game"].append("mood")
    twice = [*rows]
    action = next(n for n, r in enumerate(rows) if r["table"] == "action")
    twice.insert(action, rows[action])
    missing = json.loads(lines[0])
    missing["tables"]["game"].remove("map")
    return {
        "cut at a line": lines[:-3],
        "a changed byte": changed,
        "a newer column": written(
            newer,
            [r | {"row": r["row"] | {"mood": 1}} if r["table"] == "game" else r for r in rows],
        ),
        "a duplicated id": written(first, twice),
        "an orphan": a_row_changed(lines, "action", game_id="gone"),
        "a missing column": written(
            missing,
            [
                r | {"row": {k: v for k, v in r["row"].items() if k != "map"}}  # type: ignore[union-attr]
                if r["table"] == "game"
                else r
                for r in rows
            ],
        ),
        "a wrong type": a_row_changed(lines, "game", version="many"),
        "an empty file": [],
    }


@pytest.mark.parametrize("kind", KINDS)
def test_the_commands_refuse_every_hostile_file_in_one_line_and_write_nothing(kind, app, tmp_path):
    from click.testing import CliRunner

    from companion.cli import cli

    files = hostile_files(small_site(app))
    empty = tmp_path / "empty"
    empty.mkdir()
    url = str(empty / "c.sqlite") if kind == "sqlite" else new_schema(postgres_server())
    env = {"COMPANION_INSTANCE_PATH": str(empty), "DATABASE_URL": url}
    runner = CliRunner()
    for name, lines in files.items():
        path = tmp_path / f"{name}.jsonl"
        path.write_text("".join(lines), encoding="utf-8")
        for command in (["backup", "--check"], ["restore"]):
            done = runner.invoke(cli, [*command, str(path)], env=env)
            if name == "a newer column" and command[0] == "backup":  # whole, but newer
                assert done.exit_code == 0 and "--accept-newer" in done.stdout, done.output
                continue
            assert done.exit_code == 2, (name, command, done.output)
            said = done.stderr.strip()
            assert said.startswith(f"companion {command[0]}") and "\n" not in said, said
            assert "Traceback" not in done.output
    target = app_on(url, empty)
    with target.app_context():
        db = unit_of_work.get_db()
        assert sum(db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in TABLES) == 0


def test_backup_check_says_a_whole_file_is_whole(app, tmp_path):
    from click.testing import CliRunner

    from companion.cli import cli

    path = tmp_path / "site.jsonl"
    path.write_text("".join(small_site(app)), encoding="utf-8")
    env = {"COMPANION_INSTANCE_PATH": str(tmp_path), "DATABASE_URL": str(tmp_path / "c.sqlite")}
    done = CliRunner().invoke(cli, ["backup", "--check", str(path)], env=env)
    assert done.exit_code == 0, done.output
    assert "is whole: player_group 1, group_merge 1, group_telegram 1, game 5" in done.stdout


@pytest.mark.parametrize("kind", KINDS)
def test_a_backup_taken_while_tables_play_holds_every_table_as_at_one_moment(kind, tmp_path):
    """A game started, and an event drawn, between the backup's tables: the file holds them
    wholly or not at all, and proves itself whole."""
    source = empty_app(kind, tmp_path)
    url = source.config["DATABASE"]
    (tmp_path / "other").mkdir()
    other = app_on(url, tmp_path / "other")  # another process's app on the same database
    small_site(source)
    with source.app_context():
        lines = backup()
        taken = [next(lines) + "\n" for _ in range(3)]  # the first line and the groups
        with other.app_context():
            table = WebTable(other.test_client(), "Eve", "Fay")
            table.claim("Eve", "Denver", "Helena")
            players = "\n".join(f"Q{i}" for i in range(8))
            event = {"name": "Late", "players": players, "map": "usa", "seats": "4"}
            other.test_client().post("/e", data={**event, "rounds": "2", "method": "wins"})
        taken += [line + "\n" for line in lines]
    assert check(taken).rows == json.loads(taken[-1])["end"]["rows"]
    assert table.id not in "".join(taken)


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("[" * 100_000 + "\n", "line 2 is not a backup's line"),
        ('{"table": "game", "row": {"version": ' + "9" * 5000 + "}}\n", "line 2 is not"),
        ('{"table": [], "row": {}}\n', "line 2 is not a backup's line"),
        ('{"table": {"a": 1}, "row": {}}\n', "line 2 is not a backup's line"),
    ],
    ids=["nested past reading", "a number of 5000 digits", "a list for a table", "an object"],
)
def test_a_line_no_backup_writes_is_refused_in_one_line(line, reason, site_lines):
    with pytest.raises(BackupError, match=reason):
        check([site_lines[0], line, *site_lines[1:]])


def test_a_byte_order_mark_and_a_blank_last_line_leave_a_file_whole(site_lines, tmp_path):
    from click.testing import CliRunner

    from companion.cli import cli

    path = tmp_path / "site.jsonl"
    path.write_bytes("\ufeff".encode() + "".join(site_lines).encode() + b"\n\n")
    done = CliRunner().invoke(cli, ["backup", "--check", str(path)])
    assert done.exit_code == 0, done.output
    assert "is whole" in done.stdout


def test_backup_check_opens_no_database_and_makes_nothing(site_lines, tmp_path):
    from click.testing import CliRunner

    from companion.cli import cli

    path = tmp_path / "site.jsonl"
    path.write_text("".join(site_lines), encoding="utf-8")
    nowhere = tmp_path / "no-instance"
    env = {
        "COMPANION_INSTANCE_PATH": str(nowhere),
        "DATABASE_URL": "postgresql://nobody@127.0.0.1:1/none",  # would fail if opened
    }
    done = CliRunner().invoke(cli, ["backup", "--check", str(path)], env=env)
    assert done.exit_code == 0, done.output
    assert not nowhere.exists()


def test_backup_check_cant_call_an_earlier_format_whole(site_lines, tmp_path):
    from click.testing import CliRunner

    from companion.cli import cli

    first = json.loads(site_lines[0]) | {"format": "ttr-companion-backup/1"}
    earlier = [json.dumps(first) + "\n", *site_lines[1:-1]]  # that format had no last line
    path = tmp_path / "earlier.jsonl"
    path.write_text("".join(earlier[:-2]), encoding="utf-8")  # and this one is cut short
    done = CliRunner().invoke(cli, ["backup", "--check", str(path)])
    assert done.exit_code == 2
    assert "carries no check of its own" in done.stderr
