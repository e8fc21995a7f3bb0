"""A game's page is made once between the processes serving one PostgreSQL database
(``companion/web/page_made.py``): another process takes the page the first one made,
waits for one being made, and makes it itself when the making was claimed and never done.

Two processes are two apps on one database, each process's own memory of games
(``game_store.GAMES``) forgotten between them."""

from __future__ import annotations

import re

import pytest

from companion.web import create_app, game_store, page_made, table_view, unit_of_work
from tests.databases import new_schema, postgres_server
from tests.web.helpers import WebTable

# Per phone and per answer: its tokens and the time it was served.
OWN = re.compile(
    r'(name="(?:csrf_token|token)"(?: type="hidden")? value=")[^"]*|(data-(?:now|made)=")[^"]*'
)


@pytest.fixture(autouse=True)
def new_processes(monkeypatch) -> None:
    """Each test's processes start as new ones do, whatever a test before left in this
    one: making pages once between them on (a database that refused a claim earlier turns
    it off for a minute), and their last deletion of old pages just now."""
    monkeypatch.setattr(page_made, "_off_until", [0.0])
    monkeypatch.setattr(page_made, "_swept", [page_made.monotonic()])


@pytest.fixture
def made(monkeypatch) -> list[str]:
    """The table pages made, by game, as they are made."""
    pages: list[str] = []
    making = table_view._table_page

    def counted(game, state, problem):
        pages.append(game.id)
        return making(game, state, problem)

    monkeypatch.setattr(table_view, "_table_page", counted)
    return pages


@pytest.fixture
def processes(tmp_path):
    """Two apps on one PostgreSQL database, as two processes serving it."""
    url = new_schema(postgres_server())
    settings = {"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False}
    return [
        create_app({**settings, "DATABASE": url}, instance_path=tmp_path / name)
        for name in ("first", "second")
    ]


def _in_another_process() -> None:
    game_store.GAMES.forget()


def _page(client, url: str) -> str:
    _in_another_process()
    answer = client.get(url, headers={"HX-Request": "true"})
    assert answer.status_code == 200
    return OWN.sub(lambda m: m[1] or m[2], answer.get_data(as_text=True))


def test_a_page_one_process_made_is_taken_by_another_not_made_again(processes, made):
    first, second = (app.test_client() for app in processes)
    table = WebTable(first, "Ann", "Bob")
    made.clear()
    shown = _page(first, table.url)
    assert made == [table.id]
    assert _page(second, table.url) == shown
    assert made == [table.id]  # the second process took it
    table.claim("Ann", "Denver", "Helena")
    after = _page(second, table.url)
    assert "Helena" in after and after != shown
    assert _page(first, table.url) == after
    assert made == [table.id, table.id]  # once a version


def test_a_page_made_for_another_language_is_made_again(processes, made):
    first, second = (app.test_client() for app in processes)
    table = WebTable(first, "Ann", "Bob")
    made.clear()
    _page(first, table.url)
    second.set_cookie("lang", "ru")
    russian = _page(second, f"{table.url}?lang=ru")
    assert made == [table.id, table.id]
    assert 'lang="ru"' in russian


def test_a_making_claimed_and_never_done_is_waited_for_a_moment_then_done_here(
    processes, made, monkeypatch
):
    first, second = (app.test_client() for app in processes)
    table = WebTable(first, "Ann", "Bob")
    _page(first, table.url)  # its making claimed and done at version 0
    with processes[0].app_context():
        db = unit_of_work.get_db()
        db.execute("UPDATE page_made SET version = version + 1, page = NULL")
        db.execute("UPDATE game SET version = version + 1")  # a process claimed version 1
    waited: list[float] = []
    monkeypatch.setattr(page_made, "sleep", waited.append)
    made.clear()
    shown = _page(second, table.url)
    assert waited == list(page_made.WAITS)
    assert made == [table.id] and 'data-version="1"' in shown


def test_a_making_that_fails_gives_its_claim_up(processes, monkeypatch):
    first, second = (app.test_client() for app in processes)
    table = WebTable(first, "Ann", "Bob")

    def broken(game, state, problem):
        raise RuntimeError("the page could not be made")

    monkeypatch.setattr(table_view, "_table_page", broken)
    _in_another_process()
    with pytest.raises(RuntimeError):
        first.get(table.url)
    with processes[1].app_context():
        rows = unit_of_work.get_db().execute("SELECT * FROM page_made").fetchall()
    assert rows == []  # no other process waits for it


def test_a_page_made_over_an_hour_ago_is_deleted_by_the_next_making_after_a_while(
    processes, monkeypatch
):
    first, second = (app.test_client() for app in processes)
    old, new = WebTable(first, "Ann", "Bob"), WebTable(first, "Cy", "Dee")
    _page(first, old.url)
    with processes[0].app_context():
        unit_of_work.get_db().execute("UPDATE page_made SET made = '2020-01-01T00:00:00+00:00'")
    monkeypatch.setattr(page_made, "_swept", [page_made.monotonic() - page_made.SWEEP_EVERY])
    _page(second, new.url)
    with processes[1].app_context():
        rows = unit_of_work.get_db().execute("SELECT game_id FROM page_made").fetchall()
    assert [r["game_id"] for r in rows] == [new.id]


def test_a_database_that_refuses_a_claim_leaves_each_process_making_its_own_for_a_while(
    processes, made, monkeypatch, caplog
):
    first, second = (app.test_client() for app in processes)
    table = WebTable(first, "Ann", "Bob")
    monkeypatch.setattr(page_made, "_off_until", [0.0])
    with processes[0].app_context():
        unit_of_work.get_db().execute("ALTER TABLE page_made RENAME TO page_made_gone")
    made.clear()
    _page(first, table.url)
    _page(second, table.url)
    assert made == [table.id, table.id]  # each made its own, and said so once
    assert len([r for r in caplog.records if "pages made once" in r.getMessage()]) == 1
