"""When the database can't take a write (its disk full, read-only, out of reach), the page
says so with a 503, nothing recorded before is lost, and writes resume once it clears."""

from __future__ import annotations

import html
import sqlite3
import subprocess
from pathlib import Path

import psycopg
import pytest

from companion.web import create_app, game_store
from companion.web.database import PostgresConnection, SQLiteConnection, Unavailable
from tests.databases import in_schema, new_schema, postgres_server
from tests.web.helpers import WebTable


def _app(url: str, instance: Path):  # type: ignore[no-untyped-def]
    return create_app(
        {"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False, "DATABASE": url},
        instance_path=instance,
    )


def _actions(app, game_id: str) -> int:  # type: ignore[no-untyped-def]
    with app.app_context():
        return len(game_store.load_game(game_id).history)


def test_a_full_disk_answers_503_and_keeps_what_was_recorded(tmp_path, monkeypatch):
    app = _app(str(tmp_path / "c.sqlite"), tmp_path)
    table = WebTable(app.test_client(), "Ann", "Bob")
    assert table.claim("Ann", "Denver", "Helena").status_code == 303
    execute = SQLiteConnection.execute

    def full(self, sql, params=()):  # type: ignore[no-untyped-def]
        if sql.lstrip().upper().startswith(("INSERT", "UPDATE")):
            raise sqlite3.OperationalError("database or disk is full")
        return execute(self, sql, params)

    monkeypatch.setattr(SQLiteConnection, "execute", full)
    refused = table.claim("Bob", "Seattle", "Portland", track=1)
    assert refused.status_code == 503
    page = refused.get_data(as_text=True)
    assert "disk is full" in page and "Everything recorded before is kept" in page
    assert refused.headers["Retry-After"]
    assert table.client.get(table.url).status_code == 200  # the game still shows
    monkeypatch.setattr(SQLiteConnection, "execute", execute)  # room made again
    assert table.claim("Bob", "Seattle", "Portland", track=1).status_code == 303
    assert _actions(app, table.id) == 2


def test_a_read_only_sqlite_database_shows_the_games_and_refuses_writes_with_503(tmp_path):
    path = tmp_path / "c.sqlite"
    writable = _app(str(path), tmp_path)
    table = WebTable(writable.test_client(), "Ann", "Bob")
    table.claim("Ann", "Denver", "Helena")
    read_only = _app(f"file:{path}?mode=ro", tmp_path)
    client = read_only.test_client()
    assert "Denver–Helena" in client.get(table.url).get_data(as_text=True)
    refused = client.post(f"{table.url}/turn", data={"player": "Bob", "drew": "cards"})
    assert refused.status_code == 503
    assert "can only be read just now" in refused.get_data(as_text=True)
    assert _actions(writable, table.id) == 1
    resumed = writable.test_client().post(f"{table.url}/turn", data={"player": "Bob"})
    assert resumed.status_code == 303 and _actions(writable, table.id) == 2


def test_a_read_only_postgresql_database_refuses_writes_with_503(tmp_path):
    server = postgres_server()
    url = new_schema(server)
    writable = _app(url, tmp_path)
    table = WebTable(writable.test_client(), "Ann", "Bob")
    schema = url.split("search_path%3D")[1]
    read_only = _app(
        in_schema(server, schema).replace(
            "options=", "options=-cdefault_transaction_read_only%3Don%20"
        ),
        tmp_path,
    )
    client = read_only.test_client()
    assert client.get(table.url).status_code == 200
    refused = client.post(f"{table.url}/turn", data={"player": "Bob", "drew": "cards"})
    assert refused.status_code == 503
    assert "can only be read just now" in refused.get_data(as_text=True)
    assert _actions(writable, table.id) == 0
    assert (
        writable.test_client().post(f"{table.url}/turn", data={"player": "Ann"}).status_code == 303
    )


def test_a_database_out_of_reach_answers_503_with_words(app, client, monkeypatch):
    table = WebTable(client, "Ann", "Bob")

    def gone(self):  # type: ignore[no-untyped-def]
        raise Unavailable("unreachable", "connection refused")

    monkeypatch.setattr(type(app.extensions["companion.database"]), "connect", gone)
    response = client.get(table.url)
    assert response.status_code == 503
    assert "can't reach its database" in html.unescape(response.get_data(as_text=True))


def test_an_error_of_the_apps_own_is_not_taken_for_the_databases(app, client, monkeypatch):
    table = WebTable(client, "Ann", "Bob")

    def broken(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise sqlite3.IntegrityError("UNIQUE constraint failed")

    monkeypatch.setattr(game_store, "load_game", broken)
    app.testing = False  # as served: an unexpected error is a 500, not a 503
    app.config["PROPAGATE_EXCEPTIONS"] = False
    assert client.get(table.url).status_code == 500


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_database_that_cant_be_reached_at_start_says_so_in_one_line(kind, tmp_path):
    url = str(tmp_path / "no" / "such" / "folder" / "c.sqlite")
    if kind == "postgresql":
        url = "postgresql://postgres@127.0.0.1:1/nowhere?connect_timeout=2"
    with pytest.raises(Unavailable) as raised:
        _app(url, tmp_path)
    assert "\n" not in str(raised.value)


def test_a_busy_sqlite_database_says_it_is_busy_not_out_of_reach(app, client, monkeypatch):
    table = WebTable(client, "Ann", "Bob")

    def locked(self, game_id=None, lock=None):  # type: ignore[no-untyped-def]
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(SQLiteConnection, "begin", locked)
    if app.extensions["companion.database"].kind != "sqlite":
        monkeypatch.setattr(PostgresConnection, "begin", locked)
    response = client.post(f"{table.url}/turn", data={"player": "Ann", "drew": "cards"})
    assert response.status_code == 503
    said = html.unescape(response.get_data(as_text=True))
    assert "Many phones are saving at once" in said and "can't reach" not in said


def test_a_write_whose_commit_went_unanswered_says_it_may_be_saved(tmp_path, monkeypatch):
    # PostgreSQL: the connection broke after COMMIT was sent; the server did store it.
    app = _app(new_schema(postgres_server()), tmp_path)
    client = app.test_client()
    table = WebTable(client, "Ann", "Bob")
    commit = PostgresConnection.commit

    def lost(self):  # type: ignore[no-untyped-def]
        commit(self)
        raise psycopg.OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(PostgresConnection, "commit", lost)
    response = client.post(f"{table.url}/turn", data={"player": "Ann", "drew": "cards"})
    assert response.status_code == 503
    said = html.unescape(response.get_data(as_text=True))
    assert "may or may not have been recorded" in said
    assert "Everything recorded before is kept" not in said
    monkeypatch.undo()
    assert _actions(app, table.id) == 1  # it was stored, as the page allowed


def test_pooled_connections_the_server_dropped_are_replaced_before_use(tmp_path):
    # PostgreSQL restarted (its connections ended) while the app stood idle: the next
    # pages are served on new connections, none answered 503.
    server = postgres_server()
    url = new_schema(server) + "&application_name=dropped_" + tmp_path.name[-12:]
    app = _app(url, tmp_path)
    client = app.test_client()
    table = WebTable(client, "Ann", "Bob")
    with psycopg.connect(server, autocommit=True) as admin:
        ended = admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s",
            ("dropped_" + tmp_path.name[-12:],),
        ).fetchall()
    assert ended
    assert [client.get(table.url).status_code for _ in range(5)] == [200] * 5


def test_a_write_commits_while_a_page_is_still_reading_sqlite(tmp_path, monkeypatch):
    """Write-ahead mode: a connection in the middle of a read (a page, a stream's check)
    never holds back a claim's commit, and the reader goes on seeing what it started with.
    In the rollback journal's mode the commit waited for the read to end ("busy")."""
    monkeypatch.setattr(SQLiteConnection, "WAIT", 0.5)
    path = tmp_path / "c.sqlite"
    app = _app(str(path), tmp_path)
    table = WebTable(app.test_client(), "Ann", "Bob")
    reader = sqlite3.connect(path, isolation_level=None)
    reader.execute("BEGIN")
    before = reader.execute("SELECT COUNT(*) FROM action").fetchone()
    assert table.claim("Ann", "Denver", "Helena").status_code == 303
    assert reader.execute("SELECT COUNT(*) FROM action").fetchone() == before
    reader.execute("COMMIT")
    assert reader.execute("SELECT COUNT(*) FROM action").fetchone() == (before[0] + 1,)
    reader.close()
    assert _actions(app, table.id) == 1


@pytest.fixture
def read_only_mount(tmp_path):
    """A folder, and the same folder mounted again read-only (as a disk that went
    read-only, or a database shipped on read-only storage); needs root to mount."""
    disk, mounted = tmp_path / "disk", tmp_path / "read-only"
    disk.mkdir()
    mounted.mkdir()
    mount = ["mount", "--bind", str(disk), str(mounted)]
    if subprocess.run(mount, capture_output=True).returncode:
        pytest.skip("mounting needs root")
    try:
        remount = ["mount", "-o", "remount,ro,bind", str(mounted)]
        subprocess.run(remount, check=True, capture_output=True)
        yield disk, mounted
    finally:
        subprocess.run(["umount", str(mounted)], check=True)


def test_a_sqlite_database_on_read_only_storage_shows_its_games(tmp_path, read_only_mount):
    """Write-ahead mode keeps files beside the database, which storage that can only be
    read won't hold: the database is then read as it stands, and a write answers 503."""
    disk, mounted = read_only_mount
    writable = _app(str(disk / "c.sqlite"), tmp_path)
    table = WebTable(writable.test_client(), "Ann", "Bob")
    table.claim("Ann", "Denver", "Helena")
    read_only = _app(str(mounted / "c.sqlite"), tmp_path)
    client = read_only.test_client()
    assert "Denver–Helena" in client.get(table.url).get_data(as_text=True)
    refused = client.post(f"{table.url}/turn", data={"player": "Bob", "drew": "cards"})
    assert refused.status_code == 503
    assert "can only be read just now" in refused.get_data(as_text=True)
