"""An event's pages: made from the home page's form, the organizer's page with the tables'
games and the organizer's entries, the public page and the standings as JSON."""

from __future__ import annotations

import csv
import html
import io
import json
import re
import urllib.parse
from datetime import datetime, timedelta

from pypdf import PdfReader

from companion.rules.actions import Pass
from companion.rules.record import HeldTicket
from companion.web import game_store
from tests.web.helpers import play_to_end

TWELVE = [f"P{i:02d}" for i in range(1, 13)]


def _make(client, players=TWELVE, **more):
    data = {"name": "Club night", "players": "\n".join(players), "map": "usa", "seats": "4"}
    data |= {"rounds": "3", "method": "wins", "later_seat": "first", **more}
    return client.post("/e", data=data)


def _one_table_finished(client, app) -> str:
    """An event whose first table has played a game to its end (seed 3): its address."""
    url = _organizer(client)
    organizer = client.get(f"{url}/standings.json").get_json()
    with app.test_request_context():
        play_to_end(organizer["rounds"][0]["tables"][0]["game"], seed=3)
    return url


def _organizer(client, **more):
    made = _make(client, **more)
    assert made.status_code == 303, made.get_data(as_text=True)
    return made.headers["Location"]


def test_the_home_page_makes_an_event_and_answers_with_the_organizers_address(client):
    assert 'action="/e"' in client.get("/").get_data(as_text=True)
    url = _organizer(client)
    assert re.fullmatch(r"/e/[\w-]{10,}", url)
    page = html.unescape(client.get(url).get_data(as_text=True))
    assert "Club night" in page and "Round 1" in page
    assert page.count('<li class="event-table ') == 3


def test_round_one_tables_exist_as_soon_as_the_event_does(client, app):
    url = _organizer(client)
    data = client.get(f"{url}/standings.json").get_json()
    assert data["method"] == "wins"
    (first,) = data["rounds"]
    assert first["number"] == 1 and len(first["tables"]) == 3
    seated = sorted(p for t in first["tables"] for p in t["players"])
    assert seated == TWELVE
    with app.test_request_context():
        for table in first["tables"]:
            game = game_store.load_game(table["game"])
            assert [p.name for p in game.record.players] == table["players"]
    assert {p["name"] for p in data["players"]} == set(TWELVE)
    assert all(p["games"] == 0 and p["score"] == 0 for p in data["players"])


def test_the_public_page_never_gives_a_playing_address(client):
    url = _organizer(client)
    organizer = client.get(f"{url}/standings.json").get_json()
    watch = re.search(r'href="(https?://[^"]*/e/w/[\w-]+)"', client.get(url).get_data(as_text=True))
    public = watch[1].split("localhost", 1)[-1]
    page = client.get(public).get_data(as_text=True)
    data = client.get(f"{public}/standings.json").get_json()
    playing = [t["game"] for t in organizer["rounds"][0]["tables"]]
    for game in playing:
        assert game not in page and game not in str(data)
    assert url.rsplit("/", 1)[1] not in page
    assert "Draw round 2" not in page  # no organizer's entries


def test_the_organizer_draws_the_next_round_once_however_often_the_form_is_sent(client):
    url = _organizer(client)
    assert client.post(f"{url}/draw", data={"round": "2"}).status_code == 303
    said = html.unescape(client.get(url).get_data(as_text=True))
    assert "Round 2 drawn: 3 tables, each with its game." in said  # 12 players, 4 a table
    again = client.post(f"{url}/draw", data={"round": "2"})  # a double tap: the page again
    assert again.status_code == 303 and again.headers["Location"] == url
    assert len(client.get(f"{url}/standings.json").get_json()["rounds"]) == 2
    ahead = client.post(f"{url}/draw", data={"round": "4"})
    assert ahead.status_code == 409
    assert "The next round to draw is round 3." in html.unescape(ahead.get_data(as_text=True))


def test_a_late_arrival_plays_from_the_next_round(client):
    url = _organizer(client)
    assert client.post(f"{url}/join", data={"player": "  Zed  "}).status_code == 303
    client.post(f"{url}/draw", data={"round": "2"})
    rounds = client.get(f"{url}/standings.json").get_json()["rounds"]
    assert "Zed" not in str(rounds[0]) and "Zed" in str(rounds[1])


def test_an_event_the_map_cannot_seat_is_refused_with_the_reason(client):
    refused = _make(client, players=TWELVE[:1])
    assert refused.status_code == 400
    said = html.unescape(refused.get_data(as_text=True))
    assert "A round needs at least 2 players, not 1." in said


def test_an_event_that_is_not_there_is_a_404(client):
    assert client.get("/e/nosuchevent").status_code == 404
    assert client.get("/e/w/nosuchevent/standings.json").status_code == 404
    assert client.post("/e/nosuchevent/draw", data={"round": "2"}).status_code == 404


def test_a_redraw_naming_tables_oddly_is_refused_without_a_fault(client):
    url = _organizer(client)
    seed = re.search(r'name="seed" value="([^"]+)"', client.get(url).get_data(as_text=True))[1]
    for tables in (["²"], ["1" * 5000], ["1", "1"], []):
        refused = client.post(f"{url}/redraw", data={"round": "1", "seed": seed, "tables": tables})
        assert refused.status_code == 409, tables
    rounds = client.get(f"{url}/standings.json").get_json()["rounds"]
    assert len(rounds[0]["tables"]) == 3


def test_a_round_drawn_again_says_so(client):
    url = _organizer(client)
    seed = re.search(r'name="seed" value="([^"]+)"', client.get(url).get_data(as_text=True))[1]
    data = {"round": "1", "seed": seed, "tables": ["1", "2"]}
    assert client.post(f"{url}/redraw", data=data).status_code == 303
    page = html.unescape(client.get(url).get_data(as_text=True))
    assert "Tables of this round were drawn again 1 time" in page
    assert "Tables 1 and 2 of round 1 drawn again, each with a new game." in page


def test_a_game_taken_out_is_shown_so_and_counts_no_more(client):
    url = _organizer(client)
    assert client.post(f"{url}/take-out", data={"round": "1", "table": "2"}).status_code == 303
    tables = client.get(f"{url}/standings.json").get_json()["rounds"][0]["tables"]
    assert [t["taken_out"] for t in tables] == [False, True, False]
    again = client.post(f"{url}/take-out", data={"round": "1", "table": "2"})
    assert again.status_code == 409
    assert "already taken out" in html.unescape(again.get_data(as_text=True))


def test_the_standings_download_as_csv_from_either_address(client):
    url = _organizer(client)
    body = client.get(f"{url}/standings.csv")
    assert body.mimetype == "text/csv" and "attachment" in body.headers["Content-Disposition"]
    lines = body.get_data(as_text=True).lstrip("\ufeff").splitlines()
    assert lines[0] == "Rank,Player,Games,Wins,Points,Sum,Average finish,By lot"
    assert len(lines) == 13
    public = re.search(r'value="http://localhost(/e/w/[\w-]+)"', client.get(url).text)[1]
    assert client.get(f"{public}/standings.csv").get_data(as_text=True) == body.get_data(
        as_text=True
    )


def test_the_games_download_as_csv_a_line_a_table_with_each_seats_score_and_place(client, app):
    url = _one_table_finished(client, app)
    data = client.get(f"{url}/standings.json").get_json()
    body = client.get(f"{url}/games.csv")
    assert body.mimetype == "text/csv" and "games-" in body.headers["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(body.get_data(as_text=True).lstrip("\ufeff"))))
    assert rows[0][:6] == [
        "Round",
        "Table",
        "State",
        "Seat 1: player",
        "Seat 1: score",
        "Seat 1: place",
    ]
    assert len(rows[0]) == 3 + 3 * 5 and len(rows) == 1 + 3  # three tables of round 1
    finished, waiting = rows[1], rows[2]
    table = data["rounds"][0]["tables"][0]
    assert finished[:3] == ["1", "1", "finished"]
    assert finished[3::3][:4] == table["players"]
    assert [int(p) for p in finished[5::3][:4]] == table["places"]
    points = {line["name"]: line["points"] for line in data["players"]}
    assert [int(p) for p in finished[4::3][:4]] == [points[n] for n in table["players"]]
    assert waiting[:3] == ["1", "2", "not started"] and waiting[5::3] == [""] * 5
    public = re.search(r'value="http://localhost(/e/w/[\w-]+)"', client.get(url).text)[1]
    assert client.get(f"{public}/games.csv").data == body.data


def test_a_game_replaced_by_a_redraw_sends_its_phones_to_the_new_one(client):
    url = _organizer(client)
    before = client.get(f"{url}/standings.json").get_json()["rounds"][0]["tables"]
    old = before[0]["game"]
    seed = re.search(r'name="seed" value="([^"]+)"', client.get(url).get_data(as_text=True))[1]
    data = {"round": "1", "seed": seed, "tables": ["1", "2"]}
    assert client.post(f"{url}/redraw", data=data).status_code == 303
    new = client.get(f"{url}/standings.json").get_json()["rounds"][0]["tables"][0]["game"]
    assert new != old
    page = html.unescape(client.get(f"/g/{old}").get_data(as_text=True))
    assert "The organizer gave this table a new game" in page
    assert f'href="/g/{new}"' in page
    kept = html.unescape(client.get(f"/g/{before[2]['game']}").get_data(as_text=True))
    assert "a new game" not in kept  # table 3 was not drawn again


def test_the_standings_are_shared_in_telegram_by_the_public_address(client):
    from urllib.parse import parse_qs, urlsplit

    url = _organizer(client)
    page = html.unescape(client.get(url).get_data(as_text=True))
    share = re.search(r'href="(https://t\.me/share/url\?[^"]+)"', page)[1]
    asked = parse_qs(urlsplit(share).query)
    public = re.search(r'value="(http://localhost/e/w/[\w-]+)"', page)[1]
    assert asked["url"] == [public] and asked["text"] == ["Club night: the standings"]
    assert url.rsplit("/", 1)[1] not in share  # never the organizer's address


def test_the_telegram_message_speaks_the_events_language_whatever_the_phone_speaks(client):
    from urllib.parse import parse_qs, urlsplit

    url = _organizer(client, language="ru")
    page = client.get(url, headers={"Accept-Language": "en"}).get_data(as_text=True)
    share = re.search(r'href="(https://t\.me/share/url\?[^"]+)"', html.unescape(page))[1]
    assert parse_qs(urlsplit(share).query)["text"] == ["Club night: таблица"]


def test_the_telegram_message_names_the_top_places(client, app):
    from urllib.parse import parse_qs, urlsplit

    url = _one_table_finished(client, app)
    data = client.get(f"{url}/standings.json").get_json()
    page = html.unescape(client.get(url).get_data(as_text=True))
    share = re.search(r'href="(https://t\.me/share/url\?[^"]+)"', page)[1]
    text = parse_qs(urlsplit(share).query)["text"][0]
    top = [line for line in data["players"] if line["games"]][:3]
    said = [
        f"{line['rank']}. {line['name']}, "
        + str(line["points"]).replace("-", "\u2212")
        + (" point" if line["points"] in (1, -1) else " points")
        for line in top
    ]
    assert text.splitlines() == ["Club night: the standings", *said]


def test_the_standings_show_by_any_method_the_events_own_marked(client):
    url = _organizer(client, method="points")
    page = html.unescape(client.get(url).get_data(as_text=True))
    chosen = r'aria-current="true" class="chosen">'
    assert re.search(chosen + r"Points · the event's ranking", page)
    shown = html.unescape(client.get(f"{url}?by=share").get_data(as_text=True))
    assert re.search(chosen + "Percent<", shown)
    assert "Each game, a player's score as a percentage of the winner's" in shown
    assert "House rule: in a ratio, a score below 1 counts as 1" in shown
    assert "House rule" not in page  # points divide nothing
    assert client.get(f"{url}/standings.json?by=share").get_json()["method"] == "share"
    assert client.get(f"{url}/standings.json?by=nonsense").get_json()["method"] == "points"


def test_the_standings_print_as_a_pdf_with_each_rounds_tables(client, app):
    url = _one_table_finished(client, app)
    public = re.search(r'value="http://localhost(/e/w/[\w-]+)"', client.get(url).text)[1]
    body = client.get(f"{public}/standings.pdf")
    assert body.mimetype == "application/pdf"
    assert "attachment" in body.headers["Content-Disposition"]
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(body.data)).pages)
    text = " ".join(text.split())
    assert "Club night: the standings" in text
    assert "Ranked by wins, then score ÷ best opponent's score plus place points." in text
    assert "House rule: in a ratio, a score below 1 counts as 1" in text
    assert "goes to the player who sat later" in text
    assert f"Follow the event: http://localhost{public}" in text
    data = client.get(f"{public}/standings.json").get_json()
    for line in data["players"]:  # the standings as the page has them, a true minus sign
        points = str(line["points"]).replace("-", "\u2212")
        assert f"{line['name']} {line['games']} {line['wins']} {points}" in text
    names = re.sub(r" [−\d]+(?= |$)", "", text)  # the tables' lines without their points
    for table in data["rounds"][0]["tables"]:
        assert f"Table {table['number']}" in text
        if table["places"]:  # finished: in place order, the winner marked
            seated = zip(table["places"], range(4), table["players"], strict=True)
            lines = [f"{place}. {name}" for place, _seat, name in sorted(seated)]
            assert " ".join([lines[0] + " (winner)", *lines[1:]]) in names
        else:  # in seat order
            assert " ".join(table["players"]) in names
    assert "finished" in text and "not started" in text
    assert client.get(f"{url}/standings.pdf").data[:5] == b"%PDF-"


def test_a_score_below_zero_prints_with_a_true_minus_on_the_screen(client, app):
    url = _one_table_finished(client, app)
    data = client.get(f"{url}/standings.json").get_json()
    below = [line for line in data["players"] if line["points"] < 0]
    assert below, "the seed's game leaves a player below zero"
    public = re.search(r'value="http://localhost(/e/w/[\w-]+)"', client.get(url).text)[1]
    screen = client.get(public).get_data(as_text=True)
    for line in below:
        assert f"<td>\u2212{-line['points']}</td>" in screen
        assert f"<td>{line['points']}</td>" not in screen


def test_five_players_at_tables_of_two_play_at_a_table_of_three_and_the_page_says_why(client):
    url = _organizer(client, players=TWELVE[:5], seats="2")
    tables = client.get(f"{url}/standings.json").get_json()["rounds"][0]["tables"]
    assert sorted(len(t["players"]) for t in tables) == [2, 3]
    page = html.unescape(client.get(url).get_data(as_text=True))
    assert "House rule: a table seats more players than asked" in page
    assert "House rule: a table seats" not in html.unescape(client.get(_organizer(client)).text)


def test_a_finished_tables_signed_off_sheet_is_one_tap_from_either_page(client, app):
    url = _organizer(client)
    tables = client.get(f"{url}/standings.json").get_json()["rounds"][0]["tables"]
    with app.test_request_context():
        play_to_end(tables[1]["game"], seed=5)
        watch = game_store.load_game(tables[1]["game"]).watch
    public = re.search(r'value="http://localhost(/e/w/[\w-]+)"', client.get(url).text)[1]
    for page in (client.get(url).text, client.get(public).text):
        sheets = re.findall(r'href="(/w/[\w-]+/sheet\.pdf)[^"]*">The table', page)
        assert sheets == [f"/w/{watch}/sheet.pdf"]  # the finished table's only
        assert client.get(sheets[0]).mimetype == "application/pdf"


SERVED = re.compile(r'data-(?:made|now)="[^"]*"')


def test_the_public_page_is_made_once_a_change_and_shows_each_change(client, app, monkeypatch):
    from companion.web.pages import event as event_pages

    url = _organizer(client)
    public = re.search(r'value="http://localhost(/e/w/[\w-]+)"', client.get(url).text)[1]
    made = []
    real = event_pages._made
    monkeypatch.setattr(event_pages, "_made", lambda *a: made.append(a) or real(*a))
    first, again = client.get(public).text, client.get(public).text
    # The screens share one page, each copy dated when it is served.
    assert SERVED.sub("", first) == SERVED.sub("", again) and len(made) == 1
    assert SERVED.findall(first) != SERVED.findall(again)
    game = client.get(f"{url}/standings.json").get_json()["rounds"][0]["tables"][0]
    with app.test_request_context():
        game_store.record_action(game_store.load_game(game["game"]), Pass(game["players"][0]))
    after = client.get(public).text
    assert len(made) == 2 and after != first
    assert '<span class="chip">playing</span>' in after
    client.get(f"{public}?by=points")  # another address: a page of its own
    assert len(made) == 3


def test_a_game_over_counts_only_once_every_players_tickets_are_entered(client, app):
    """Each rule book has every player keep at least one ticket from the start: a game
    over with a player holding none has its tickets still to enter, and no result yet."""
    url = _organizer(client)
    table = client.get(f"{url}/standings.json").get_json()["rounds"][0]["tables"][0]
    with app.test_request_context():
        play_to_end(table["game"], seed=7, tickets=False)
    page = html.unescape(client.get(url).text)
    assert '<span class="chip">tickets to enter</span>' in page
    data = client.get(f"{url}/standings.json").get_json()
    assert not data["rounds"][0]["tables"][0]["finished"]
    assert all(p["games"] == 0 for p in data["players"])
    with app.test_request_context():
        held = [("Denver", "El Paso"), ("Boston", "Miami"), ("Seattle", "New York")]
        held.append(("Duluth", "Houston"))
        for seat, (a, b) in zip(table["players"], held, strict=True):
            game_store.add_ticket(table["game"], seat, HeldTicket((a, b)))
    data = client.get(f"{url}/standings.json").get_json()
    assert data["rounds"][0]["tables"][0]["finished"]
    assert sorted(p["games"] for p in data["players"]) == [0] * 8 + [1] * 4


def test_drawing_a_round_while_tables_play_asks_first_and_says_how_many(client, app):
    url = _organizer(client)
    page = html.unescape(client.get(url).text)
    assert '<details class="draw-early">' in page
    assert "3 tables of round 1 have not finished (a draw can't be taken back)." in page
    tables = client.get(f"{url}/standings.json").get_json()["rounds"][0]["tables"]
    with app.test_request_context():
        for seed, table in enumerate(tables):
            play_to_end(table["game"], seed)
    page = html.unescape(client.get(url).text)
    assert '<details class="draw-early">' not in page
    assert '<button type="submit" class="primary">Draw round 2</button>' in page


def test_a_tables_game_says_which_event_round_and_table_it_is_and_links_the_event(client):
    url = _organizer(client)
    table = client.get(f"{url}/standings.json").get_json()["rounds"][0]["tables"][1]
    public = re.search(r'value="http://localhost(/e/w/[\w-]+)"', client.get(url).text)[1]
    page = html.unescape(client.get(f"/g/{table['game']}").text)
    assert f'<a href="{public}">Club night</a> · Round 1 · Table 2' in page
    assert url.rsplit("/", 1)[1] not in page  # never the organizer's address


def test_the_organizers_entries_say_what_they_did_by_the_forms(client):
    url = _organizer(client)
    joined = client.post(f"{url}/join", data={"player": "Zed"})
    assert joined.headers["Location"].endswith("#organizer")
    page = html.unescape(client.get(url).text)
    organizer = page[page.index('id="organizer"') :]
    assert "Zed plays from the next round." in organizer
    assert "Zed</th>" not in page and 'Zed <span class="chip">from the next round</span>' in page
    # P01's table has not begun: their seat is freed, the table plays one short.
    table = _table_of(client, url, "P01")
    client.post(f"{url}/leave", data={"player": "P01"})
    page = html.unescape(client.get(url).text)
    assert f"P01 dropped out: table {table['number']} plays without them" in page
    assert 'P01 <span class="chip">dropped out</span>' in page
    assert "This page's address is the only key to the event" in page
    # P02's table has begun: P02 keeps the seat, and is drawn no more.
    table = _table_of(client, url, "P02")
    store_pass(client, table["game"], table["players"][0])
    client.post(f"{url}/leave", data={"player": "P02"})
    page = html.unescape(client.get(url).text)
    assert "P02 dropped out: drawn no more" in page
    assert "P02" in _table_of(client, url, "P02")["players"]


def _table_of(client, url: str, player: str) -> dict:
    """The latest round's table that seats ``player``, as standings.json has it."""
    tables = client.get(f"{url}/standings.json").get_json()["rounds"][-1]["tables"]
    return next(t for t in tables if player in t["players"])


def store_pass(client, game: str, player: str) -> None:
    """The table's first move: ``player`` draws train cards."""
    response = client.post(f"/g/{game}/turn", data={"player": player, "drew": "cards"})
    assert response.status_code == 303


def _redraw_first_two_tables(client, url):
    """The organizer draws tables 1 and 2 of round 1 again: table 1's game before, after."""
    before = client.get(f"{url}/standings.json").get_json()["rounds"][0]["tables"][0]
    seed = re.search(r'name="seed" value="([^"]+)"', client.get(url).get_data(as_text=True))[1]
    data = {"round": "1", "seed": seed, "tables": ["1", "2"]}
    assert client.post(f"{url}/redraw", data=data).status_code == 303
    after = client.get(f"{url}/standings.json").get_json()["rounds"][0]["tables"][0]
    return before, after


def _writes(game_id, first):
    """Every kind of write a phone showing the game can send."""
    return [
        (f"/g/{game_id}/turn", {"player": first}),
        (f"/g/{game_id}/tickets", {"player": first, "deck": "0"}),
        (f"/g/{game_id}/tickets/0/remove", {}),
        (f"/g/{game_id}/track", {"player": first, "points": "12"}),
        (f"/g/{game_id}/undo", {"action": "0"}),
    ]


def test_a_replaced_game_takes_no_more_moves_and_says_where_the_table_plays_now(client, app):
    url = _organizer(client)
    first = client.get(f"{url}/standings.json").get_json()["rounds"][0]["tables"][0]["game"]
    with app.test_request_context():
        drawn = game_store.game_version(first)
    before, after = _redraw_first_two_tables(client, url)
    old, new = before["game"], after["game"]
    with app.test_request_context():
        version = game_store.game_version(old)
        assert version == drawn + 1  # its phones hear of the re-draw at once
    for path, data in _writes(old, before["players"][0]):
        answer = client.post(path, data=data)
        assert answer.status_code == 409, path
        page = html.unescape(answer.get_data(as_text=True))
        assert "Nothing more can be recorded in it." in page
        assert f'href="/g/{new}"' in page  # one tap to the table's game now
    with app.test_request_context():
        game = game_store.load_game(old)
        assert not game.history and not game.tickets and game_store.game_version(old) == version
    assert client.post(f"/g/{new}/turn", data={"player": after["players"][0]}).status_code == 303


def test_a_game_taken_out_of_the_event_takes_no_more_moves(client, app):
    url = _organizer(client)
    table = client.get(f"{url}/standings.json").get_json()["rounds"][0]["tables"][1]
    with app.test_request_context():
        version = game_store.game_version(table["game"])
    assert client.post(f"{url}/take-out", data={"round": "1", "table": "2"}).status_code == 303
    with app.test_request_context():
        assert game_store.game_version(table["game"]) == version + 1  # its phones hear of it
    answer = client.post(f"/g/{table['game']}/turn", data={"player": table["players"][0]})
    assert answer.status_code == 409
    assert "The organizer took this game out of the event." in html.unescape(answer.text)
    page = html.unescape(client.get(f"/g/{table['game']}").get_data(as_text=True))
    assert "Nothing more can be recorded in it." in page
    with app.test_request_context():
        assert not game_store.load_game(table["game"]).history


def test_a_table_taken_out_and_drawn_again_plays_its_new_game(client, app):
    url = _organizer(client)
    assert client.post(f"{url}/take-out", data={"round": "1", "table": "1"}).status_code == 303
    before, after = _redraw_first_two_tables(client, url)
    assert after["taken_out"] is False and after["game"] != before["game"]
    moved = client.post(f"/g/{after['game']}/turn", data={"player": after["players"][0]})
    assert moved.status_code == 303  # the table's new game counts, and takes moves
    old = client.post(f"/g/{before['game']}/turn", data={"player": before["players"][0]})
    assert old.status_code == 409


def test_a_replaced_games_board_and_tickets_say_so_and_where_the_table_plays(client):
    url = _organizer(client)
    before, after = _redraw_first_two_tables(client, url)
    for page in ("board", "tickets"):
        shown = html.unescape(client.get(f"/g/{before['game']}/{page}").get_data(as_text=True))
        assert "Nothing more can be recorded in it." in shown, page
        assert f'href="/g/{after["game"]}"' in shown, page
    board = client.get(f"/g/{before['game']}/board").get_data(as_text=True)
    assert 'id="bar"' not in board


def test_the_later_seat_wins_a_tie_for_first_unless_the_organizer_says_every_place(client):
    # The WBC: "reverse turn order breaks the tie" for first; every place is an option.
    said = {
        "first": "a tie for first the rule book's tiebreakers leave goes to the player who "
        "sat later (as the WBC)",
        "every": "a tie at any place the rule book's tiebreakers leave goes to the player "
        "who sat later (an option of this event's",
    }
    for choice, words in said.items():
        page = html.unescape(client.get(_organizer(client, later_seat=choice)).text)
        assert words in page and said[{"first": "every", "every": "first"}[choice]] not in page
    shared = html.unescape(client.get(_organizer(client, later_seat="")).text)
    assert not any(words in shared for words in said.values())
    form = client.get("/").get_data(as_text=True)
    radios = re.findall(r'<input[^>]*name="later_seat"[^>]*>', form)
    assert [r for r in radios if "checked" in r] == [r for r in radios if 'value="first"' in r]


def test_the_standings_say_the_tiebreaks_and_give_each_average_finish(client, app):
    url = _one_table_finished(client, app)
    data = client.get(f"{url}/standings.json").get_json()
    played = [line for line in data["players"] if line["games"]]
    assert len(played) == 4 and all(line["average_place"] in (1, 2, 3, 4) for line in played)
    assert sorted(line["average_place"] for line in played) == [1, 2, 3, 4]
    page = html.unescape(client.get(url).text)
    assert "Players still equal: the better average finish (the mean of their places)" in page
    assert "Average finish" in page
    assert "House rule: a score ÷ best opponent's score counts at most 2" in page


def test_a_late_arrival_sits_down_now_at_a_table_with_room_and_its_game_begins_again(client):
    url = _organizer(client)
    before = _table_of(client, url, "P01")
    page = html.unescape(client.get(url).text)
    assert f"now, at table {before['number']} (4 players)" in page  # 4 of North America's 5
    joined = client.post(f"{url}/join", data={"player": "Zed", "table": before["number"]})
    assert joined.status_code == 303
    after = _table_of(client, url, "Zed")
    assert after["number"] == before["number"] and len(after["players"]) == 5
    assert sorted(after["players"]) == sorted([*before["players"], "Zed"])
    assert after["game"] != before["game"]  # a new game, its seats as they are now
    page = html.unescape(client.get(url).text)
    assert f"Zed sits at table {before['number']} now: the table has a new game." in page
    assert f"now, at table {before['number']}" not in page  # 5: no room left
    full = client.post(f"{url}/join", data={"player": "Yan", "table": before["number"]})
    assert full.status_code == 409
    assert f"table {before['number']} has no free seat" in html.unescape(full.text).casefold()


def test_a_dropouts_seat_goes_to_the_player_named(client):
    url = _organizer(client)
    before = _table_of(client, url, "P05")
    seat = before["players"].index("P05")
    left = client.post(f"{url}/leave", data={"player": "P05", "by": "  Zed "})
    assert left.status_code == 303
    after = _table_of(client, url, "Zed")
    assert after["players"][seat] == "Zed" and "P05" not in after["players"]
    assert after["game"] != before["game"]
    page = html.unescape(client.get(url).text)
    assert f"P05 dropped out: Zed takes their seat at table {before['number']}" in page


def test_a_dropout_that_would_leave_a_table_too_small_is_refused_with_what_to_do(client):
    url = _organizer(client, players=TWELVE[:4], seats="2")
    alone = _table_of(client, url, "P01")
    refused = client.post(f"{url}/leave", data={"player": "P01"})
    assert refused.status_code == 409
    said = html.unescape(refused.get_data(as_text=True))
    assert f"Table {alone['number']} would play with 1" in said
    assert "seat a late arrival in the freed seat" in said
    assert "P01" in _table_of(client, url, "P01")["players"]  # nothing changed


def test_the_screen_and_the_files_speak_the_language_the_organizer_chose(client, app):
    # The organizer reads English and chose Russian for the room: the public page, its
    # PDF and CSV speak Russian to a browser that asks for English; a viewer may switch.
    url = _organizer(client, language="ru")
    public = re.search(r'value="http://localhost(/e/w/[\w-]+)"', client.get(url).text)[1]
    english = {"Accept-Language": "en"}
    assert "Таблица" in html.unescape(client.get(public, headers=english).text)
    screen = html.unescape(client.get(f"{public}/tv", headers=english).text)
    assert "Стол 1" in screen and "Таблица" in screen and 'lang="ru"' in screen
    assert "Standings" in html.unescape(client.get(url, headers=english).text)  # organizer's
    for path in (f"{public}/standings.csv", f"{url}/standings.csv", f"{url}/games.csv"):
        head = client.get(path, headers=english).get_data(as_text=True).splitlines()[0]
        assert head.lstrip("\ufeff").startswith(("Место", "Тур")), path
    pdf = client.get(f"{public}/standings.pdf", headers=english).data
    assert "турнир" in " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    switched = html.unescape(client.get(f"{public}?lang=en", headers=english).text)
    assert "Standings" in switched


def test_the_rounds_clock_and_last_call_show_on_the_screen_and_at_every_table(client, app):
    url = _organizer(client)
    tables = client.get(f"{url}/standings.json").get_json()["rounds"][0]["tables"]
    with app.test_request_context():
        versions = [game_store.load_game(t["game"]).version for t in tables]
    started = client.post(f"{url}/clock", data={"minutes": "120"})
    assert started.status_code == 303
    public = re.search(r'value="http://localhost(/e/w/[\w-]+)"', client.get(url).text)[1]
    screen = html.unescape(client.get(public).text)
    at = re.search(r'data-ends="([^"]+)" data-now="([^"]+)"', screen)
    ends, now = (datetime.fromisoformat(t) for t in at.groups())
    # Two hours from the start, which came before this page (a hang aside, moments ago).
    assert timedelta(0) < ends - now <= timedelta(minutes=120)
    assert "Round 1 · 120 minutes left on the clock" in " ".join(
        re.sub(r"<[^>]+>", " ", screen).split()
    )
    for table in tables:  # each table's page shows the same clock; its phones heard of it
        page = html.unescape(client.get(f"/g/{table['game']}").text)
        assert f'data-ends="{at[1]}"' in page and "left on the clock" in page
    with app.test_request_context():
        assert all(
            game_store.load_game(t["game"]).version > v
            for t, v in zip(tables, versions, strict=True)
        )
    assert "Last call" not in html.unescape(client.get(f"/g/{tables[0]['game']}").text)
    assert client.post(f"{url}/last-call").status_code == 303
    for table in tables:
        page = html.unescape(client.get(f"/g/{table['game']}").text)
        assert "Last call: the organizer has called the last round of turns." in page
    assert "Last call: the organizer has called" in html.unescape(client.get(public).text)
    again = client.post(f"{url}/last-call")
    assert again.status_code == 409
    refused = client.post(f"{url}/clock", data={"minutes": "0"})
    assert refused.status_code == 400


def test_a_table_picks_its_colours_before_its_first_move(client):
    # The draw seats people; the table picks the pieces' colours, seat by seat.
    url = _organizer(client)
    table = client.get(f"{url}/standings.json").get_json()["rounds"][0]["tables"][0]
    game = f"/g/{table['game']}"
    page = html.unescape(client.get(game).text)
    assert '<details class="card colours-pick" id="colours" open>' in page
    chosen = ["black", "yellow", "red", "blue"]
    assert client.post(f"{game}/colours", data={"color": chosen}).status_code == 303
    players = client.get(f"{game}/record.json").get_json()["players"]
    assert [p["color"] for p in players] == chosen
    twice = client.post(f"{game}/colours", data={"color": ["red", "red", "blue", "green"]})
    assert twice.status_code == 409
    assert "two players play red: colours must differ" in html.unescape(twice.text)
    odd = client.post(f"{game}/colours", data={"color": ["mauve", "red", "blue", "green"]})
    assert odd.status_code == 400
    store_pass(client, table["game"], table["players"][0])
    assert 'id="colours"' not in client.get(game).text
    late = client.post(f"{game}/colours", data={"color": ["green", "red", "blue", "black"]})
    assert late.status_code == 409
    assert "chosen before the table's first move" in html.unescape(late.text)
    players = client.get(f"{game}/record.json").get_json()["players"]
    assert [p["color"] for p in players] == chosen  # nothing changed


def test_each_rounds_card_shows_the_seats_each_player_has_had(client):
    """Four players, one table, two rounds: round 2's card counts each player once in the
    seat they had in round 1 and once in their seat now, never twice in one seat."""
    url = _organizer(client, players=["Ann", "Bob", "Cy", "Dee"], rounds="2")
    client.post(f"{url}/draw", data={"round": "2"})
    rounds = client.get(f"{url}/standings.json").get_json()["rounds"]
    first, second = (r["tables"][0]["players"] for r in rounds)
    page = html.unescape(client.get(url).get_data(as_text=True))
    card = page[page.index('id="round-2"') : page.index('id="round-1"')]
    assert "Seats over the rounds so far" in card
    for name in first:
        row = re.search(rf"<tr><th scope=\"row\">{name}</th>(.*?)</tr>", card).group(1)
        counts = [int(c) for c in re.findall(r"<td>(\d+)</td>", row)]
        expected = [0] * 4
        expected[first.index(name)] += 1
        expected[second.index(name)] += 1
        assert counts == expected and max(counts) == 1


def test_a_final_after_the_heats_advances_the_winners_and_ranks_the_event_by_it(client, app):
    eight = [f"P{i}" for i in range(1, 9)]
    url = _organizer(client, players=eight, rounds="1")
    heats = client.get(f"{url}/standings.json").get_json()
    with app.test_request_context():
        for seed, table in enumerate(heats["rounds"][0]["tables"], 5):
            play_to_end(table["game"], seed=seed)
    heats = client.get(f"{url}/standings.json").get_json()["players"]
    # Worked from the heats' standings by the documented rule: the two table winners
    # first, each in the standings' order, then the rest in it.
    seeds = [p["name"] for p in heats if p["wins"]] + [p["name"] for p in heats if not p["wins"]]
    assert len([p for p in heats if p["wins"]]) >= 2
    drawn = client.post(f"{url}/stage", data={"round": "2", "stage": "final", "advancing": "4"})
    assert drawn.status_code == 303
    said = html.unescape(client.get(url).get_data(as_text=True))
    assert "The final drawn: 4 players advance. 1 table, with its game." in said
    assert "Round 2 · Final" in said
    again = client.post(f"{url}/stage", data={"round": "2", "stage": "final", "advancing": "4"})
    assert again.status_code == 303  # a double tap: the page again
    data = client.get(f"{url}/standings.json").get_json()
    assert data["stages"][0]["stage"] == "final" and data["stages"][0]["seeds"] == seeds[:4]
    final = data["rounds"][1]
    assert final["stage"] == "final" and sorted(final["tables"][0]["players"]) == sorted(seeds[:4])
    heat = client.post(f"{url}/draw", data={"round": "3"})
    assert heat.status_code == 409
    assert "The heats are over" in html.unescape(heat.get_data(as_text=True))
    with app.test_request_context():
        play_to_end(final["tables"][0]["game"], seed=11)
    data = client.get(f"{url}/standings.json").get_json()
    table = data["rounds"][1]["tables"][0]
    by_place = sorted(zip(table["places"], range(4), table["players"], strict=True))
    expected = [name for _place, _seat, name in by_place]  # the final's places, seat-ordered ties
    expected += [p["name"] for p in heats if p["name"] not in expected]
    assert [o["name"] for o in data["overall"]] == expected
    assert [o["stage"] for o in data["overall"]] == ["final"] * 4 + ["heats"] * 4
    watch = re.search(r'href="(https?://[^"]*/e/w/[\w-]+)"', client.get(url).get_data(as_text=True))
    public = watch[1].split("localhost", 1)[-1]
    page = html.unescape(client.get(public).get_data(as_text=True))
    assert "Stage reached" in page and "Overall" in page
    assert f"Seeds: 1. {seeds[0]} · 2. {seeds[1]}" in re.sub(r"<[^>]+>", "", page)
    heats_tab = html.unescape(client.get(f"{public}?stage=heats").get_data(as_text=True))
    assert "Stage reached" not in heats_tab and "Average finish" in heats_tab
    pdf = client.get(f"{public}/standings.pdf")
    text = " ".join(
        " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.data)).pages).split()
    )
    assert "Overall" in text and "Round 2 · Final" in text
    for o in data["overall"]:
        stage = "Final" if o["stage"] == "final" else "Heats"
        assert f"{o['rank']} {o['name']} {stage}" in text
    rows = list(
        csv.reader(io.StringIO(client.get(f"{public}/standings.csv").text.lstrip("\ufeff")))
    )
    assert rows[0][:3] == ["Overall", "Stage reached", "Place in it"]
    assert [r[4] for r in rows[1:]] == expected  # the overall order, each with the heats' line


def _begun(client, url, player):
    """The table of ``player`` after its first move (a turn drawing cards), and its game."""
    table = _table_of(client, url, player)
    store_pass(client, table["game"], table["players"][0])
    return table


def test_a_dropout_after_the_first_move_finishes_their_game_unless_told(client):
    url = _organizer(client)
    table = _begun(client, url, "P05")
    assert client.post(f"{url}/leave", data={"player": "P05"}).status_code == 303
    same = _table_of(client, url, "P05")
    assert same["game"] == table["game"]  # the same game, they still sit there
    page = html.unescape(client.get(url).text)
    assert "P05 dropped out: drawn no more" in page
    client.post(f"{url}/draw", data={"round": "2"})
    assert "P05" not in str(client.get(f"{url}/standings.json").get_json()["rounds"][1])


def test_a_dropout_after_the_first_move_the_table_goes_on_without_them(client):
    url = _organizer(client)
    table = _begun(client, url, "P05")
    done = client.post(f"{url}/leave", data={"player": "P05", "after": "go-on"})
    assert done.status_code == 303
    page = html.unescape(client.get(url).text)
    assert "P05 dropped out: their table goes on without them" in page
    assert "Left the game: P05. What they built stays, their turns are skipped" in page
    game = client.get(f"/g/{table['game']}")
    said = html.unescape(game.get_data(as_text=True))
    assert "Left the game: P05." in said and "P05 left the game" in said
    refused = client.post(f"/g/{table['game']}/turn", data={"player": "P05", "drew": "cards"})
    assert refused.status_code == 409
    assert "P05 has left the game: their turns are skipped" in html.unescape(refused.text)


def test_a_dropout_after_the_first_move_gives_the_game_up_and_it_counts_for_nobody(client):
    url = _organizer(client)
    table = _begun(client, url, "P05")
    done = client.post(f"{url}/leave", data={"player": "P05", "after": "give-up"})
    assert done.status_code == 303
    page = html.unescape(client.get(url).text)
    assert f"P05 dropped out: the game of table {table['number']} is given up" in page
    assert "the table gave its game up, and it counts for nobody" in page
    data = client.get(f"{url}/standings.json").get_json()
    given = next(t for t in data["rounds"][0]["tables"] if t["number"] == table["number"])
    assert given["taken_out"]
    moved = client.post(
        f"/g/{table['game']}/turn", data={"player": table["players"][1], "drew": "cards"}
    )
    assert moved.status_code == 409  # a game given up takes no more moves


def test_a_table_cannot_go_on_with_one_player(client):
    url = _organizer(client, players=TWELVE[:4], seats="2")
    table = _begun(client, url, "P01")
    refused = client.post(f"{url}/leave", data={"player": "P01", "after": "go-on"})
    assert refused.status_code == 409
    assert "a game goes on with at least 2 players" in html.unescape(refused.text).lower()
    page = html.unescape(client.get(url).text)
    assert "dropped out" not in page  # the event as it was: P01 still in it
    assert _table_of(client, url, "P01")["game"] == table["game"]


def test_an_event_plays_the_ticket_decks_the_organizer_chose(client, app):
    url = _organizer(client, variant="1910")
    table = client.get(f"{url}/standings.json").get_json()["rounds"][0]["tables"][0]
    with app.test_request_context():
        assert game_store.load_game(table["game"]).record.variant == "1910"
    assert "North America — 1910" in html.unescape(client.get(url).text)
    refused = _make(client, variant="extended")  # Europe's, not North America's
    assert refused.status_code == 400
    assert "is played as" in html.unescape(refused.text)


def test_a_table_plays_another_map_before_its_first_move_with_a_new_game(client, app):
    url = _organizer(client)
    before = client.get(f"{url}/standings.json").get_json()["rounds"][0]["tables"][1]
    chosen = client.post(
        f"{url}/table-map", data={"round": "1", "table": "2", "board": "europe/big-cities"}
    )
    assert chosen.status_code == 303
    after = client.get(f"{url}/standings.json").get_json()["rounds"][0]["tables"][1]
    assert after["game"] != before["game"] and after["players"] == before["players"]
    with app.test_request_context():
        record = game_store.load_game(after["game"]).record
    assert (record.map, record.variant) == ("europe", "big-cities")
    page = html.unescape(client.get(url).text)
    assert "Table 2 plays Europe — Big Cities: the table has a new game." in page
    assert "Tables play different maps: wins and the percentage" in page
    store_pass(client, after["game"], after["players"][0])
    late = client.post(f"{url}/table-map", data={"round": "1", "table": "2", "board": "usa/base"})
    assert late.status_code == 409
    assert "Table 2 has started its game" in html.unescape(late.text)
    small = client.post(
        f"{url}/table-map", data={"round": "1", "table": "1", "board": "switzerland/base"}
    )
    assert small.status_code == 409
    assert "Switzerland seats 2 to 3 players: table 1 has 4" in html.unescape(small.text)
    odd = client.post(f"{url}/table-map", data={"round": "1", "table": "1", "board": "x/y"})
    assert odd.status_code == 409


def test_the_rooms_screen_has_nothing_to_press_and_pages_a_large_room(client):
    names = [f"P{i:03d}" for i in range(1, 161)]
    url = _organizer(client, players=names)
    public = re.search(r'value="http://localhost(/e/w/[\w-]+)"', client.get(url).text)[1]
    assert f'href="{public}/tv"' in client.get(url).text  # the organizer's page links it
    screen = client.get(f"{public}/tv").text
    assert "<button" not in screen and "<input" not in screen and "<select" not in screen
    main = screen[screen.index("<main") :]
    assert "<a " not in main and '<header class="top">' not in screen
    pages = re.findall(r'data-tv-page="(\d+)"', screen)
    assert pages == ["1", "2"]  # 40 tables on one page, 160 players on the next
    assert len(re.findall(r'<li class="tv-table ', screen)) == 40
    assert len(re.findall(r'<li value="\d+"><span class="place">', screen)) == 160
    small = _organizer(client)  # 12 players, 3 tables: one page with both
    small_public = re.search(r'value="http://localhost(/e/w/[\w-]+)"', client.get(small).text)[1]
    assert re.findall(r'data-tv-page="(\d+)"', client.get(f"{small_public}/tv").text) == ["1"]


def test_each_finished_game_of_the_event_logs_in_bg_stats_in_one_tap(client, app):
    url = _one_table_finished(client, app)
    data = client.get(f"{url}/standings.json").get_json()
    finished = data["rounds"][0]["tables"][0]
    page = html.unescape(client.get(url).text)
    links = re.findall(r'href="(https://app\.bgstatsapp\.com/createPlay\.html\?data=[^"]+)"', page)
    assert len(links) == 1  # the one finished game; the others have no result yet
    play = json.loads(urllib.parse.unquote(links[0].split("data=", 1)[1]))
    assert [p["name"] for p in play["players"]] == finished["players"]
    winner = finished["players"][finished["places"].index(1)]
    assert [p["name"] for p in play["players"] if p["winner"]] == [winner]
    assert f"Round 1, table 1: {winner}" in page


def test_at_time_each_game_under_way_finishes_its_round_of_turns(client, app):
    url = _organizer(client)
    tables = client.get(f"{url}/standings.json").get_json()["rounds"][0]["tables"]
    one, two = tables[0], tables[1]
    store_pass(client, one["game"], one["players"][0])
    store_pass(client, one["game"], one["players"][1])
    store_pass(client, two["game"], two["players"][0])
    assert client.post(f"{url}/time").status_code == 303
    page = html.unescape(client.get(url).text)
    assert "Time is up: 2 games of round 1 end as the event says." in page
    with app.test_request_context():
        first, second, third = (game_store.load_game(t["game"]).state() for t in tables[:3])
    assert first.waiting_for == tuple(one["players"][2:])  # the seats after the last turn
    assert second.waiting_for == tuple(two["players"][1:])
    assert third.final_round is None  # not begun: nothing to end
    table = html.unescape(client.get(f"/g/{one['game']}").text)
    assert "Time is up: the round of turns finishes with the last seat" in table


def test_an_event_whose_games_play_on_at_time_has_no_time_to_call(client):
    url = _organizer(client, at_time="on")
    assert "Time is up: end round 1" not in html.unescape(client.get(url).text)
    refused = client.post(f"{url}/time")
    assert refused.status_code == 409
    assert "This event's games play on at time." in html.unescape(refused.text)
