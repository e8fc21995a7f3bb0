"""Live pages: a game's stream of server-sent events says when the game changed, at once
for a write in this process, and the version it changed to."""

from __future__ import annotations

import re
import threading
from urllib.parse import parse_qs, urlsplit

from companion.web.changes import Changes, read_notice
from companion.web.pages.live import CHANGES, event_events, events
from tests.patience import A_MOMENT, HANG
from tests.web.helpers import Following, WebTable, main_of, pushed_main, route_id, without_own


def _next_in_thread(stream, wait: float = 10.0) -> str | None:
    """The stream's next piece, or None if none came within ``wait`` seconds."""
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(next(stream)), daemon=True)
    reader.start()
    reader.join(wait)
    return got[0] if got else None


def test_the_stream_says_at_once_that_the_game_changed_since_the_page_was_made():
    stream = events("g1", lambda: 7, since=5)
    assert next(stream).startswith("retry:")
    assert next(stream) == "id: 7\nevent: changed\ndata: 7\n\n"


def test_a_write_wakes_the_stream_at_once():
    version = {"now": 3}
    stream = events("g2", lambda: version["now"], since=3)
    next(stream)  # retry
    piece: list[str | None] = []
    reader = threading.Thread(target=lambda: piece.append(_next_in_thread(stream)), daemon=True)
    reader.start()
    version["now"] = 4
    CHANGES.notify("g2")
    reader.join(HANG)
    assert piece == ["id: 4\nevent: changed\ndata: 4\n\n"]


def test_a_stopping_process_ends_its_streams_at_once():
    changes = Changes()
    stream = events("g4", lambda: 1, since=1, changes=changes)
    next(stream)  # retry
    ended: list[bool] = []

    def read() -> None:
        try:
            next(stream)
        except StopIteration:
            ended.append(True)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    changes.close()
    reader.join(HANG)
    assert ended == [True]


def test_a_quiet_stream_sends_a_comment_now_and_then():
    stream = events("g3", lambda: 1, since=1, heartbeat=0.02)
    next(stream)
    assert _next_in_thread(stream) == ": quiet\n\n"


def _counted_reads(reads: list[int]):  # type: ignore[no-untyped-def]
    """A game's version (always 1) as the database gives it, each read noted in ``reads``."""

    def version() -> int:
        reads.append(1)
        return 1

    return version


def test_a_quiet_stream_reads_its_games_version_only_when_woken():
    reads: list[int] = []
    version = _counted_reads(reads)
    stream = events("g5", version, since=1, heartbeat=0.01)
    next(stream)  # retry
    for _ in range(20):  # twenty heartbeats of quiet: not one more read of the database
        assert _next_in_thread(stream) == ": quiet\n\n"
    assert len(reads) == 1
    CHANGES.notify("g5")
    assert _next_in_thread(stream) == ": quiet\n\n"  # woken: read again, still version 1
    assert len(reads) == 2
    stream.close()


def test_a_stream_takes_the_version_its_change_says_without_reading_it():
    reads: list[int] = []
    version = _counted_reads(reads)
    stream = events("g6", version, since=1, heartbeat=600)
    next(stream)  # retry
    piece: list[str | None] = []
    reader = threading.Thread(target=lambda: piece.append(_next_in_thread(stream)), daemon=True)
    reader.start()
    for _ in range(1000):  # at most 10 s: the stream following, its version read
        if "g6" in CHANGES.followed() and reads:
            break
        threading.Event().wait(0.01)
    CHANGES.notify("g6", 4)  # a write, saying the version it made
    reader.join(HANG)
    assert piece == ["id: 4\nevent: changed\ndata: 4\n\n"] and len(reads) == 1
    stream.close()


def test_a_stream_never_goes_back_to_an_older_version():
    changes = Changes()
    stream = events("g7", lambda: 5, since=5, heartbeat=0.01, changes=changes)
    next(stream)  # retry
    with changes.following("g7"):
        assert _next_in_thread(stream) == ": quiet\n\n"
        changes.notify("g7", 4)  # a change heard late, after the page saw version 5
        assert _next_in_thread(stream) == ": quiet\n\n"  # no event: nothing newer
        changes.notify("g7", 6)
        assert _next_in_thread(stream) == "id: 6\nevent: changed\ndata: 6\n\n"
    stream.close()


def test_changes_heard_out_of_order_keep_the_latest_version():
    changes = Changes()
    with changes.following("a"):
        changes.notify("a", 6)
        changes.notify("a", 5)  # a write committed before the other, heard after it
        assert changes.version("a") == 6
        changes.notify("a")  # a gap in what was heard: read it again
        assert changes.version("a") is None


def test_a_postgresql_notice_says_the_game_and_its_version():
    assert read_notice("abc_-1 12") == ("abc_-1", 12)  # as the store's UPDATE says it
    assert read_notice("abc") == ("abc", None)  # a notice from before versions were said


def test_each_game_counts_its_own_changes():
    changes = Changes()
    with changes.following("a"), changes.following("b"):
        mark = changes.mark("a")
        changes.notify("b")
        assert changes.mark("a") == mark
        changes.notify("a")
        assert changes.mark("a") == mark + 1


def test_a_wait_ends_at_once_for_a_change_its_game_had_already_seen():
    changes = Changes()
    with changes.following("a"):
        mark = changes.mark("a")
        changes.notify("a")  # before the wait begins: not missed
        finished = threading.Event()
        threading.Thread(target=lambda: (changes.wait("a", mark, HANG), finished.set())).start()
        assert finished.wait(HANG)


def test_a_wait_is_not_ended_by_another_games_change():
    changes = Changes()
    with changes.following("a"), changes.following("b"):
        mark = changes.mark("a")
        finished = threading.Event()
        threading.Thread(
            target=lambda: (changes.wait("a", mark, HANG), finished.set()), daemon=True
        ).start()
        changes.notify("b")
        assert not finished.wait(A_MOMENT)  # still waiting (the wait would go on for 600 s)
        changes.notify("a")
        assert finished.wait(HANG)


def test_nothing_is_kept_for_a_game_no_stream_follows():
    changes = Changes()
    for number in range(1000):
        changes.notify(f"game {number}")  # every write of a busy site
    with changes.following("a"), changes.following("a"):  # two phones at one table
        changes.notify("a")
        assert changes.followed() == ["a"]
    assert changes.followed() == []
    assert changes._counts == {} and changes._conditions == {}


def test_a_closed_stream_stops_following_its_game():
    stream = events("g4", lambda: 1, since=0)
    next(stream)
    assert "g4" in CHANGES.followed()
    stream.close()
    assert "g4" not in CHANGES.followed()


def test_the_events_address_streams_the_games_version(client):
    table = WebTable(client, "Ann", "Bob")
    table.claim("Ann", "Denver", "Helena")
    response = client.get(f"{table.url}/events?since=0", buffered=False)
    assert response.status_code == 200
    assert response.mimetype == "text/event-stream"
    assert response.headers["Cache-Control"] == "no-store"
    pieces = iter(response.response)
    assert next(pieces).startswith(b"retry:")
    assert next(pieces) == b"id: 1\nevent: changed\ndata: 1\n\n"
    response.close()


def _first_news(client, url: str, **asked) -> bytes:
    """What a stream opened at ``url`` says first, after its retry (then it is closed)."""
    response = client.get(url, buffered=False, **asked)
    pieces = iter(response.response)
    next(pieces)
    try:
        return next(pieces)
    finally:
        response.close()


def test_a_browser_that_connects_again_is_told_of_what_it_missed(client):
    table = WebTable(client, "Ann", "Bob")
    table.claim("Ann", "Denver", "Helena")
    table.claim("Bob", "Seattle", "Portland", track=1)
    news = _first_news(client, f"{table.url}/events", headers={"Last-Event-ID": "1"})
    assert news == b"id: 2\nevent: changed\ndata: 2\n\n"


def test_no_stream_for_a_game_that_does_not_exist(client):
    assert client.get("/g/nothing-here/events").status_code == 404
    assert client.get("/w/nothing-here/events").status_code == 404


def test_one_device_holds_at_most_its_streams_and_a_closed_one_frees_its_place(app, client):
    app.config["STREAMS_PER_CLIENT"] = 1
    table = WebTable(client, "Ann", "Bob")
    first = client.get(f"{table.url}/events", buffered=False)
    assert first.status_code == 200
    second = client.get(f"{table.url}/events", buffered=False)
    assert second.status_code == 429 and second.headers["Retry-After"]
    # Another device at the same table is not held back.
    other = client.get(
        f"{table.url}/events", buffered=False, environ_base={"REMOTE_ADDR": "10.0.0.8"}
    )
    assert other.status_code == 200
    other.close()
    first.close()  # the page closed: its place is free at once
    again = client.get(f"{table.url}/events", buffered=False)
    assert again.status_code == 200
    again.close()


def test_a_wait_for_several_games_ends_at_a_change_to_any_of_them():
    changes = Changes()
    with changes.following("a"), changes.following("b"), changes.following("c"):
        marks = {"a": changes.mark("a"), "b": changes.mark("b")}
        changes.notify("c")
        assert not changes.wait_any(marks, 0.05)  # not one of them
        woke: list[bool] = []
        waiter = threading.Thread(target=lambda: woke.append(changes.wait_any(marks, 10)))
        waiter.start()
        changes.notify("b")
        waiter.join(HANG)
        assert woke == [True]


def test_an_events_stream_follows_the_event_and_each_of_its_tables_games():
    """A screen's stream: told at once where the event stands if its page is older, then
    woken by a change to any table's game, and after a new round by the new games too; a
    change heard with its version is not read again from the database."""
    now = {"event:e1": 1, "t1": 2, "t2": 3}
    reads = []

    def standing() -> dict[str, int]:
        reads.append(dict(now))
        return dict(now)

    stream = event_events(standing, "event:e1", since="1-4")
    assert next(stream).startswith("retry:")
    assert next(stream) == "id: 1-5\nevent: changed\ndata: 1-5\n\n"
    read_before = len(reads)
    piece: list[str | None] = []

    def after(change) -> None:
        reader = threading.Thread(target=lambda: piece.append(_next_in_thread(stream)), daemon=True)
        reader.start()
        change()
        reader.join(HANG)

    now["t2"] = 4
    after(lambda: CHANGES.notify("t2", 4))  # a claim at table 2, its version heard
    assert piece == ["id: 1-6\nevent: changed\ndata: 1-6\n\n"]
    assert len(reads) == read_before  # worked out from what was heard
    del now["t1"], now["t2"]
    now.update({"event:e1": 2, "t3": 0, "t4": 6})  # round 2 drawn: new games
    after(lambda: CHANGES.notify("event:e1", 2))
    now["t4"] = 7
    after(lambda: CHANGES.notify("t4"))  # a table of the new round, its version unknown
    assert piece[1:] == [
        "id: 2-6\nevent: changed\ndata: 2-6\n\n",
        "id: 2-7\nevent: changed\ndata: 2-7\n\n",
    ]


def test_the_events_address_of_an_event_says_where_it_stands(client):
    made = client.post(
        "/e",
        data={"players": "Ann\nBob\nCy\nDi", "map": "usa", "seats": "4", "rounds": "2"},
    )
    url = made.headers["Location"]
    page = client.get(url).get_data(as_text=True)
    followed = re.search(r'sse-connect="([^"]+)"', page)[1].replace("&amp;", "&")
    asked = parse_qs(urlsplit(followed).query)
    assert followed.startswith(f"{url}/events?")
    assert asked["since"] == ["0-0"]  # nothing recorded yet: no entry, no action
    assert asked["page"] == [urlsplit(url).path]  # the page the stream brings anew
    response = client.get(f"{url}/events?since=older", buffered=False)
    assert response.mimetype == "text/event-stream"
    pieces = iter(response.response)
    next(pieces)
    assert next(pieces) == b"id: 0-0\nevent: changed\ndata: 0-0\n\n"
    response.close()
    assert client.get("/e/nothing-here/events").status_code == 404
    assert client.get("/e/w/nothing-here/events").status_code == 404


def test_the_stream_brings_the_pages_new_main_as_the_page_fetched_would_show_it(client):
    table = WebTable(client, "Ann", "Bob")
    url = f"{table.url}/events?since=0&page={table.url}"
    response = client.get(url, buffered=False)
    pieces = iter(response.response)
    next(pieces)
    table.claim("Ann", "Denver", "Helena")
    version, main = pushed_main(next(pieces))
    fetched = client.get(table.url, headers={"HX-Request": "true"}).get_data(as_text=True)
    assert version == 1
    assert 'data-version="1"' in main and "Helena" in main
    assert without_own(main) == without_own(main_of(fetched))
    response.close()


def test_a_stream_makes_only_a_page_of_its_own_game(client):
    table = WebTable(client, "Ann", "Bob")
    other = WebTable(client, "Cid", "Dee")
    for page in (
        other.url,
        f"//elsewhere.example{table.url}",
        f"https://elsewhere.example{table.url}",
        f"{table.url}/sheet.pdf",
        f"{table.url}/events",
        table.url + "/" + "x" * 700,
    ):
        news = _first_news(client, f"{table.url}/events", query_string={"page": page})
        assert news == b"id: 0\nevent: changed\ndata: 0\n\n", page


def test_a_page_that_answers_with_no_page_leaves_the_phone_to_fetch_it(client):
    table = WebTable(client, "Ann", "Bob")
    news = _first_news(
        client, f"{table.url}/events", query_string={"page": f"{table.url}/no-such-page"}
    )
    assert news == b"id: 0\nevent: changed\ndata: 0\n\n"


def test_a_stream_that_connects_again_brings_the_page_as_it_stands(client):
    table = WebTable(client, "Ann", "Bob")
    table.claim("Ann", "Denver", "Helena")
    table.claim("Bob", "Seattle", "Portland", track=1)
    news = _first_news(
        client,
        f"{table.url}/events",
        query_string={"page": table.url},
        headers={"Last-Event-ID": "1"},
    )
    version, main = pushed_main(news)
    assert version == 2 and 'data-version="2"' in main and "Portland" in main


def _tokens(main: str) -> set[str]:
    return set(re.findall(r'name="token" value="([^"]*)"', main))


def test_each_phone_gets_the_page_with_a_one_time_token_of_its_own_each_time(app):
    first, second = app.test_client(), app.test_client()
    table = WebTable(first, "Ann", "Bob")
    second.get(table.url)
    streams = [
        Following(p, f"{table.url}/events?since=0&page={table.url}") for p in (first, second)
    ]
    table.claim("Ann", "Denver", "Helena")
    mains = [pushed_main(stream.next())[1] for stream in streams]
    table.turn("Bob")
    later = pushed_main(streams[1].next())[1]
    tokens = [_tokens(main) for main in (*mains, later)]
    assert all(len(t) == 1 for t in tokens)
    assert len(set.union(*tokens)) == 3  # one a page, never the same twice
    assert without_own(mains[0]) == without_own(mains[1])
    for stream in streams:
        stream.close()


def test_a_form_on_a_page_the_stream_brought_is_recorded(app):
    first, second = app.test_client(), app.test_client()
    table = WebTable(first, "Ann", "Bob")
    app.config["WTF_CSRF_ENABLED"] = True  # each phone's protection, as served
    second.get(table.url)
    stream = Following(second, f"{table.url}/events?since=0&page={table.url}")
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]*)"', table.page())[1]
    claimed = table.client.post(
        f"{table.url}/claim",
        data={"player": "Ann", "route": route_id("Denver", "Helena"), "csrf_token": csrf},
    )
    assert claimed.status_code == 303
    _version, main = pushed_main(stream.next())
    fields = dict(
        re.findall(
            r'<input (?:type="hidden" )?name="(seen|token|csrf_token)"[^>]* value="([^"]*)"', main
        )
    )
    assert set(fields) == {"seen", "token", "csrf_token"}
    turn = {"player": "Bob", "drew": "cards"}
    refused = second.post(f"{table.url}/turn", data={**turn, **fields, "csrf_token": csrf})
    assert refused.status_code == 400  # another phone's protection is not this one's
    answer = second.post(f"{table.url}/turn", data={**turn, **fields})
    assert answer.status_code == 303
    assert pushed_main(stream.next())[0] == 2
    stream.close()


def test_an_events_stream_brings_each_screen_its_page_anew(client):
    made = client.post(
        "/e",
        data={"players": "Ann\nBob\nCy\nDi", "map": "usa", "seats": "4", "rounds": "2"},
    )
    url = made.headers["Location"]
    page = client.get(url).get_data(as_text=True)
    public = re.search(r'href="([^"]*/e/w/[^"/]+)"', page)[1]
    for shown in (urlsplit(url).path, urlsplit(public).path, urlsplit(public).path + "/tv"):
        stream = Following(client, f"{url}/events?since=older&page={shown}")
        if "/w/" in shown:  # the public pages' own stream
            stream.close()
            watch = shown.split("/w/")[1].split("/")[0]
            stream = Following(client, f"/e/w/{watch}/events?since=older&page={shown}")
        piece = stream.next()
        stream.close()
        head, _, rest = piece.decode().partition("\nevent: page\n")
        assert head == "id: 0-0", shown
        main = "\n".join(line.removeprefix("data: ") for line in rest.rstrip("\n").split("\n"))
        fetched = client.get(shown, headers={"HX-Request": "true"}).get_data(as_text=True)
        assert without_own(main) == without_own(main_of(fetched)), shown
