"""What a phone keeps for when the connection drops: the service worker names every file a
page loads (so that a page read offline has its style and scripts), is never kept by the
browser itself (a new one comes with the next visit), and the offline shell speaks the
phone's language. The worker at work is tried in tests/e2e/test_offline_phone.py."""

from __future__ import annotations

import json
import re

from tests.web.helpers import WebTable


def kept(client) -> list[str]:
    worker = client.get("/worker.js")
    assert worker.status_code == 200 and worker.mimetype == "text/javascript"
    assert worker.headers["Cache-Control"] == "no-cache"
    found = re.search(r"^var KEEP = (.*);$", worker.get_data(as_text=True), re.M)
    assert found is not None
    return list(json.loads(found[1]))


def loaded(page: str) -> set[str]:
    """The page's own files: its style sheets, scripts and icons."""
    return {
        address
        for address in re.findall(r'(?:src|href)="(/[^"]+)"', page)
        if re.search(r"\.(css|js|svg|png)(\?|$)|manifest", address)
        and not re.search(r"qr\.svg|icon-180", address)  # the game's own; the home screen's
    }


def test_the_worker_keeps_every_file_a_games_page_loads_and_the_offline_page(client):
    table = WebTable(client, "Ann", "Bob")
    files = kept(client)
    assert loaded(table.page()) - set(files) == set()
    assert "/offline" in files


def test_a_kept_file_changed_makes_a_new_worker(client, monkeypatch):
    before = client.get("/worker.js").get_data(as_text=True)
    monkeypatch.setattr("companion.web.assets.letters", lambda: "window.companionLetters = {};")
    after = client.get("/worker.js").get_data(as_text=True)
    version = re.compile(r'^var VERSION = "(\w+)";$', re.M)
    assert version.search(before)[1] != version.search(after)[1]  # type: ignore[index]


def test_the_offline_shell_speaks_the_phones_language(client):
    shell = client.get("/offline", headers={"Accept-Language": "ru"})
    assert shell.status_code == 200
    assert "Нет связи" in shell.get_data(as_text=True)


def test_every_page_says_where_its_worker_is_and_when_it_was_made(client):
    table = WebTable(client, "Ann", "Bob")
    page = table.page()
    assert 'data-worker="/worker.js"' in page
    assert re.search(r'data-made="\d{4}-\d\d-\d\dT[\d:.]+\+00:00"', page)
    assert f'data-game="{table.url}"' in page
