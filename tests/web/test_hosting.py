"""Hosting many tables: the headers every answer carries, links never built on a forged
Host header, one secret key for every worker, and games not replayed when unchanged."""

from __future__ import annotations

import io
import json
import multiprocessing
import stat
import threading

import pytest
from pypdf import PdfReader

from companion.rules.actions import Pass
from companion.rules.errors import IllegalAction
from companion.rules.record import MAX_ACTIONS, GameRecord
from companion.rules.setup import Player
from companion.web import create_app, game_store, stored_game, unit_of_work
from companion.web.secret_key import instance_secret
from tests.databases import fresh_database
from tests.patience import HANG
from tests.web.helpers import WebTable, import_record, route_id, seats


def _app(tmp_path, **config):  # type: ignore[no-untyped-def]
    """An app on a fresh database, forms without their CSRF token, with ``config``."""
    settings = {"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False}
    database = fresh_database(tmp_path / "c.sqlite")
    return create_app({**settings, "DATABASE": database, **config}, instance_path=tmp_path)


def test_every_answer_carries_the_security_headers(client):
    table = WebTable(client, "Ann", "Bob")
    for url in ("/", table.url, f"{table.url}/board", "/static/style.css", "/nowhere"):
        response = client.get(url)
        headers = response.headers
        response.close()
        policy = headers["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "'unsafe-inline'" not in policy.split(";")[1]
        assert "frame-ancestors 'none'" in policy
        assert headers["X-Frame-Options"] == "DENY"
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "same-origin"


def test_every_answer_says_how_long_the_app_took_over_it(client):
    table = WebTable(client, "Ann", "Bob")
    for response in (client.get(table.url), table.claim("Ann", "Denver", "Helena")):
        app_part, cpu_part = response.headers["Server-Timing"].split(", ")
        took, computed = (float(part.split(";dur=")[1]) for part in (app_part, cpu_part))
        assert app_part.startswith("app;") and cpu_part.startswith("cpu;")
        assert 0 < computed <= took + 0.1  # the thread computed at most all of it


def test_a_served_app_sets_what_lasts_aside_from_the_garbage_collector(app):
    import gc

    from companion.rules.map_file import load_board
    from companion.web.serve import settled

    before = gc.get_threshold()
    try:
        settled(app)
        assert gc.get_freeze_count() > 0
        # What the workers keep grows: the whole heap is walked far more rarely.
        young, middle, whole = gc.get_threshold()
        assert young > before[0] and whole > before[2]
        # Made before the first phone asks: every board, every template.
        assert load_board.cache_info().currsize >= 7
        made = {name for _, name in app.jinja_env.cache.keys()}  # type: ignore[union-attr]
        assert {"table.html", "_cities.html", "sheet.html"} <= made
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def test_the_session_cookie_is_sent_only_with_the_sites_own_requests(tmp_path):
    database = fresh_database(tmp_path / "c.sqlite")
    app = create_app({"SECRET_KEY": "t", "DATABASE": database}, instance_path=tmp_path)
    response = app.test_client().get("/")  # the new-game form's token starts a session
    cookie = next(c for c in response.headers.getlist("Set-Cookie") if c.startswith("session="))
    assert "SameSite=Lax" in cookie and "HttpOnly" in cookie and "Secure" not in cookie


def test_over_https_the_session_cookie_is_secure(tmp_path):
    app = create_app(
        {
            "SECRET_KEY": "t",
            "DATABASE": fresh_database(tmp_path / "c.sqlite"),
            "PUBLIC_URL": "https://tables.example",
        },
        instance_path=tmp_path,
    )
    response = app.test_client().get("/", base_url="https://tables.example")
    cookie = next(c for c in response.headers.getlist("Set-Cookie") if c.startswith("session="))
    assert "Secure" in cookie
    assert response.headers["Strict-Transport-Security"].startswith("max-age=")


def test_a_forged_host_header_never_reaches_a_link(client):
    table = WebTable(client, "Ann", "Bob")
    forged = {"base_url": "http://evil.example"}
    page = client.get(table.url, **forged).get_data(as_text=True)
    assert "evil.example" not in page
    pdf = client.get(f"{table.url}/sheet.pdf", **forged).data
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    assert "evil.example" not in text


def test_an_allowed_host_makes_the_links(tmp_path):
    client = _app(tmp_path, ALLOWED_HOSTS=["tables.example"]).test_client()
    table = WebTable(client, "Ann", "Bob")
    page = client.get(table.url, base_url="https://tables.example").get_data(as_text=True)
    assert f"https://tables.example{table.url}" in page


def test_a_configured_public_address_makes_the_links_whatever_the_host(tmp_path):
    client = _app(tmp_path, PUBLIC_URL="https://tables.example").test_client()
    table = WebTable(client, "Ann", "Bob")
    page = client.get(table.url, base_url="http://evil.example").get_data(as_text=True)
    assert f"https://tables.example{table.url}" in page and "evil.example" not in page


def _read_key(folder: str, barrier, keys) -> None:  # type: ignore[no-untyped-def]
    barrier.wait()
    from pathlib import Path

    keys.put(instance_secret(Path(folder)))


@pytest.mark.slow  # starts processes
def test_workers_starting_at_once_make_one_secret_key_readable_by_its_owner_only(tmp_path):
    spawn = multiprocessing.get_context("spawn")
    barrier, keys = spawn.Barrier(8), spawn.Queue()
    workers = [
        spawn.Process(target=_read_key, args=(str(tmp_path), barrier, keys)) for _ in range(8)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(HANG)
    found = [keys.get(timeout=HANG) for _ in workers]
    assert len(set(found)) == 1 and len(found[0]) == 64
    assert stat.S_IMODE((tmp_path / "secret_key").stat().st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["secret_key"]  # no file left behind


def test_a_game_not_changed_is_not_replayed_again(app, client, monkeypatch):
    table = WebTable(client, "Ann", "Bob")
    table.claim("Ann", "Denver", "Helena")
    replays = []
    original = GameRecord.replay

    def counted(self):  # type: ignore[no-untyped-def]
        replays.append(1)
        return original(self)

    monkeypatch.setattr(GameRecord, "replay", counted)
    with app.app_context():
        # The write left the game as it is now, its state known: nothing to replay.
        assert len(game_store.load_game(table.id).state().owners) == 1
        assert replays == []
    game_store.GAMES.forget()  # as another process would find it: replayed once
    with app.app_context():
        first = game_store.load_game(table.id)
        first.state()
    with app.app_context():  # the next request
        again = game_store.load_game(table.id)
        again.state()
    assert again is first and len(replays) == 1
    table.claim("Bob", "Seattle", "Portland", track=1)  # a change: its state is new
    with app.app_context():
        changed = game_store.load_game(table.id)
        assert changed is not first and len(changed.state().owners) == 2
    assert len(replays) == 1


def test_a_device_starts_at_most_the_games_an_hour_allows(tmp_path):
    app = _app(tmp_path, GAMES_PER_HOUR=3)
    client = app.test_client()
    for _ in range(3):
        WebTable(client, "Ann", "Bob")
    refused = client.post("/games", data=seats("Ann", "Bob"))
    assert refused.status_code == 429
    assert "started 3 games in the last hour" in refused.get_data(as_text=True)
    record = io.BytesIO(b'{"map": "usa", "players": ["Ann", "Bob"], "actions": []}')
    imported = client.post(
        "/import", data={"record": (record, "g.json")}, content_type="multipart/form-data"
    )
    assert imported.status_code == 429
    other = app.test_client()  # another device, at another address
    started = other.post(
        "/games", data=seats("Ann", "Bob"), environ_base={"REMOTE_ADDR": "10.0.0.7"}
    )
    assert started.status_code == 303


def test_a_50000_action_game_is_refused_at_import(client):
    actions = [{"player": "AB"[i % 2], "pass": True} for i in range(50_000)]
    record = json.dumps({"map": "usa", "players": ["A", "B"], "actions": actions}).encode()
    boundary = "record-boundary"
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="record"; filename="g.json"\r\n'
            "Content-Type: application/json\r\n\r\n"
        ).encode()
        + record
        + f"\r\n--{boundary}--\r\n".encode()
    )
    refused = client.post(
        "/import", data=body, content_type=f"multipart/form-data; boundary={boundary}"
    )
    assert refused.status_code == 413
    assert "too large for a game record" in refused.get_data(as_text=True)


def test_a_game_at_the_cap_of_actions_never_blocks_another_tables_writes(app, client):
    capped = import_record(
        client,
        GameRecord(
            map="usa",
            players=(Player("A"), Player("B")),
            actions=tuple(Pass("AB"[i % 2]) for i in range(MAX_ACTIONS)),
        ),
    ).rsplit("/", 1)[1]
    other = WebTable(client, "Ann", "Bob")
    refusals: list[str] = []
    failures: list[str] = []
    stop = threading.Event()

    def hammer() -> None:  # a phone that keeps trying to add to the capped game
        with app.app_context():
            while not stop.is_set():
                try:
                    game_store.record_action(game_store.load_game(capped), Pass("A"))
                except IllegalAction as refusal:
                    refusals.append(str(refusal))
                finally:
                    unit_of_work.close_db()

    hammering = threading.Thread(target=hammer)
    hammering.start()
    try:
        for i in range(40):
            answer = client.post(f"{other.url}/turn", data={"player": ("Ann", "Bob")[i % 2]})
            if answer.status_code != 303:
                failures.append(f"{answer.status_code}: {answer.get_data(as_text=True)[:200]}")
    finally:
        stop.set()
        hammering.join(HANG)
    assert failures == []
    assert refusals and "already has 5000 actions" in refusals[0]


def _claim_list(page: str) -> str:
    """The claim list of a table page (its cities and their routes)."""
    return page.split('id="cities"', 1)[1].split('class="hint none-found"', 1)[0]


def test_a_pages_addresses_are_kept_apart_by_app_root_and_values(app, client):
    from companion.web.templating import page_address

    with app.test_request_context("/"):
        plain = page_address("table.show", game_id="abc")
        asked = page_address("table.show", game_id="abc", player="Bob")
        style = page_address("static", filename="style.css")
    with app.test_request_context("/", base_url="http://localhost/club/"):
        below = page_address("table.show", game_id="abc")
    assert plain == "/g/abc" and asked == "/g/abc?player=Bob" and below == "/club/g/abc"
    assert style.startswith("/static/style.css?v=")  # a static file's: never kept
    other = _app_elsewhere(app)
    with other.test_request_context("/", base_url="http://localhost/x/"):
        assert page_address("table.show", game_id="abc") == "/x/g/abc"


def _app_elsewhere(app):  # type: ignore[no-untyped-def]
    return create_app(
        {"TESTING": True, "SECRET_KEY": "t", "DATABASE": app.config["DATABASE"]},
        instance_path=app.instance_path,
    )


def test_a_request_reads_its_game_once_until_it_writes(app, client, monkeypatch):
    table = WebTable(client, "Ann", "Bob")
    reads: list[str] = []
    original = game_store._load_game

    def counted(game_id):  # type: ignore[no-untyped-def]
        reads.append(game_id)
        return original(game_id)

    monkeypatch.setattr(game_store, "_load_game", counted)
    # The claim's view reads the game to make the claim and hands it to the write: under
    # its lock only the game's version is read, the same as the one handed along.
    assert table.claim("Ann", "Denver", "Helena").status_code == 303
    assert len(reads) == 1
    with app.test_request_context():
        game_store.load_game(table.id)
        game_store.load_game(table.id)
        assert len(reads) == 2
        with game_store.writing_game(table.id):
            game_store.load_game(table.id)  # under the lock: read again
        assert len(reads) == 3
        after = game_store.load_game(table.id)  # after the write: read again
        assert len(reads) == 4 and after.version == 1


def test_the_claim_list_is_worked_out_once_per_version_player_and_language(
    app, client, monkeypatch
):
    table = WebTable(client, "Ann", "Bob")
    asked = []
    original = stored_game.route_choices

    def counted(state, player):  # type: ignore[no-untyped-def]
        asked.append(player)
        return original(state, player)

    monkeypatch.setattr(stored_game, "route_choices", counted)
    first = _claim_list(table.page())
    assert _claim_list(table.page()) == first and asked == ["Ann"]  # the same, not again
    bob = _claim_list(table.page("?player=Bob"))
    assert asked == ["Ann", "Bob"] and "Bob claims a route" in table.page("?player=Bob")
    russian = _claim_list(table.page("?lang=ru"))
    assert 'class="local" lang="ru"' in russian and 'lang="ru"' not in first
    assert asked == ["Ann", "Bob"]  # the routes as worked out, put into other words
    table.claim("Ann", "Denver", "Helena")  # a change: the list is worked out again
    after = _claim_list(table.page("?player=Bob"))
    assert asked == ["Ann", "Bob", "Bob"] and after != bob
    assert "Ann" in after.split(f'value="{route_id("Denver", "Helena")}"', 1)[1].split("</li>")[0]


def test_phones_asking_at_once_share_one_working_out_of_the_claim_list(app, client, monkeypatch):
    table = WebTable(client, "Ann", "Bob")
    table.claim("Ann", "Denver", "Helena")
    game_store.GAMES.forget()  # as another process would find it after the change
    asked = []
    original = stored_game.route_choices
    begun = threading.Barrier(4)

    def slow(state, player):  # type: ignore[no-untyped-def]
        asked.append(player)
        threading.Event().wait(0.2)  # time for every phone to be asking
        return original(state, player)

    monkeypatch.setattr(stored_game, "route_choices", slow)
    loads = game_store._loads

    def slow_loads(text):  # type: ignore[no-untyped-def]
        threading.Event().wait(0.05)  # every phone reading the game before one keeps it
        return loads(text)

    monkeypatch.setattr(game_store, "_loads", slow_loads)
    lists: list[str] = []

    def phone() -> None:
        begun.wait()
        answer = app.test_client().get(table.url)  # a phone of its own
        lists.append(_claim_list(answer.get_data(as_text=True)))

    phones = [threading.Thread(target=phone) for _ in range(4)]
    for p in phones:
        p.start()
    for p in phones:
        p.join(HANG)
    assert len(lists) == 4 and len(set(lists)) == 1 and asked == ["Bob"]
