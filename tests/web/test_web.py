"""The web app through Flask's test client: every page, and every error path."""

from __future__ import annotations

import html
import io
import json
import re
import threading

import pytest
from pypdf import PdfReader

from companion.rules.map_file import load_board, map_ids
from companion.rules.record import parse_record
from companion.web import create_app
from tests.databases import fresh_database
from tests.group_games import bob_runs_away
from tests.helpers import GAMES, SIX_SPACE_ROUTES
from tests.web.helpers import WebTable, form_on, import_record, problem, route_id, seats


def test_home_page_offers_a_new_game_import_and_how_it_works(client):
    page = client.get("/").get_data(as_text=True)
    assert "New game" in page and "North America" in page
    assert "Import a game record" in page and "How it works" in page


def test_a_new_game_opens_the_table_with_the_players_in_seat_order(client):
    table = WebTable(client, "Ann", "Bob", "Cy")
    page = table.page()
    shown = re.sub(r"<[^>]+>", " ", page)  # a game's random address can hold "Cy"
    assert shown.index("Ann") < shown.index("Bob") < shown.index("Cy")
    assert "Ann claims a route" in page


def test_game_addresses_are_unguessable(client):
    ids = {WebTable(client, "Ann", "Bob").id for _ in range(3)}
    assert len(ids) == 3 and all(len(i) >= 20 for i in ids)


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (["Ann"], "played by 2 to 5 players, not 1"),
        (["Ann", "ann"], "Two players are named"),
        ([], "played by 2 to 5 players, not 0"),
    ],
)
def test_a_new_game_that_breaks_the_rules_is_refused(client, names, message):
    response = client.post("/games", data=seats(*names))
    assert response.status_code == 400
    assert message in html.unescape(problem(response.get_data(as_text=True)))


def test_a_new_game_with_two_players_of_one_colour_is_refused(client):
    data = seats("Ann", "Bob")
    data["seats-1-color"] = "red"
    response = client.post("/games", data=data)
    assert response.status_code == 400
    assert "Two players play red" in problem(response.get_data(as_text=True))


def test_a_new_game_with_a_missing_map_is_a_400(client):
    data = seats("Ann", "Bob")
    data["map"] = "moon"
    assert client.post("/games", data=data).status_code == 400


def test_a_claim_lands_and_the_table_shows_the_points(client):
    table = WebTable(client, "Ann", "Bob", "Cy")
    response = table.claim("Ann", "Denver", "Helena")
    assert response.status_code == 303
    page = table.page()
    assert "Ann claimed Denver–Helena (green): +7" in page
    assert "Last: Ann claimed Denver–Helena" in page


def test_the_closed_second_route_of_a_double_is_refused_with_the_rule(client):
    table = WebTable(client, "Ann", "Bob", "Cy")
    table.claim("Ann", "Boston", "New York", color="yellow")
    response = table.claim("Cy", "Boston", "New York", color="red")
    assert response.status_code == 409
    assert "with 3 players only one of the two Boston–New York routes can be used" in html.unescape(
        problem(response.get_data(as_text=True))
    )


def test_a_route_already_claimed_is_refused_saying_by_whom(client):
    table = WebTable(client, "Ann", "Bob", "Cy", "Dee")
    table.claim("Ann", "Denver", "Helena")
    response = table.claim("Bob", "Denver", "Helena")
    assert response.status_code == 409
    assert "already claimed by Ann" in html.unescape(problem(response.get_data(as_text=True)))


@pytest.mark.parametrize(
    "data",
    [
        {"player": "Ann", "route": "999"},
        {"player": "Ann", "route": "-1"},
        {"player": "Ann", "route": "Denver"},
        {"player": "Ann"},
        {"route": "3"},
        {"player": "Zed", "route": "3"},
    ],
)
def test_a_bad_claim_is_a_4xx_and_loses_nothing(client, data):
    table = WebTable(client, "Ann", "Bob")
    table.claim("Ann", "Denver", "Helena")
    response = client.post(f"{table.url}/claim", data=data)
    assert 400 <= response.status_code < 500
    assert problem(response.get_data(as_text=True))
    assert "Last: Ann claimed Denver–Helena" in table.page()


def test_undo_marks_the_last_action_undone_and_keeps_it_in_the_history(client):
    table = WebTable(client, "Ann", "Bob")
    table.claim("Ann", "Denver", "Helena")
    table.claim("Bob", "Seattle", "Portland", track=1)
    assert table.undo().status_code == 303
    page = table.page()
    assert "Undone: Bob claimed Portland–Seattle" in page
    assert 'class="undone">Bob claimed Portland–Seattle' in page
    # The route is free again: Bob can claim it once more.
    assert table.claim("Bob", "Seattle", "Portland", track=1).status_code == 303


def test_an_undo_that_names_no_action_takes_back_nothing(client):
    # Two Undos sent at once without saying which action each takes back must not undo
    # two: an Undo names the action its page showed as the last.
    table = WebTable(client, "Ann", "Bob")
    table.claim("Ann", "Denver", "Helena")
    response = client.post(f"{table.url}/undo")
    assert response.status_code == 400
    assert "Last: Ann claimed Denver–Helena" in table.page()


def test_the_final_round_is_announced_with_the_turns_left(client):
    table = WebTable(client, "Ann", "Bob", "Cy")
    for a, b in SIX_SPACE_ROUTES:
        table.claim("Ann", a, b)
    table.claim("Ann", "Dallas", "Houston", track=1)
    page = html.unescape(table.page())
    assert "Final round!" in page
    # In the order they play: Bob and Cy after Ann, who started it and plays last.
    assert "still to play: Bob, Cy, Ann" in page.replace("<strong>", "").replace("</strong>", "")
    assert "Drew cards" in page and "Drew tickets" in page
    table.turn("Bob")
    table.turn("Cy")
    response = table.turn("Bob")
    assert response.status_code == 409
    assert "Bob has already taken their final turn" in problem(response.get_data(as_text=True))
    table.turn("Ann")
    over = table.page()
    assert "The game is over." in over
    # Nobody acts any more: no name stands out on the table or on the board.
    for page in (over, table.page("/board")):
        players = page[
            page.index('<ul class="players">') : page.index(
                "</ul>", page.index('<ul class="players">')
            )
        ]
        assert 'aria-current="true"' not in players and 'class="chosen"' not in players
        assert 'class="chosen' not in page[page.index('id="bar"') :]


def test_a_player_whose_final_turn_is_taken_is_told_once_not_under_every_route(client):
    table = WebTable(client, "Ann", "Bob", "Cy")
    for a, b in SIX_SPACE_ROUTES:
        table.claim("Ann", a, b)
    table.claim("Ann", "Dallas", "Houston", track=1)
    table.turn("Bob")
    page = html.unescape(table.page("?player=Bob"))
    assert page.count("Bob has already taken their final turn") == 1
    assert 'class="route' not in page
    assert 'class="route' in table.page("?player=Cy")


def test_an_unknown_game_is_a_404(client):
    response = client.get("/g/not-a-game")
    assert response.status_code == 404
    assert "There is no game at this address" in response.get_data(as_text=True)
    assert client.post("/g/not-a-game/claim", data={"player": "A", "route": 1}).status_code == 404


def test_every_form_needs_its_csrf_token(tmp_path):
    app = create_app(
        {"TESTING": True, "SECRET_KEY": "t", "DATABASE": fresh_database(tmp_path / "c.sqlite")},
        instance_path=tmp_path,
    )
    client = app.test_client()
    response = client.post("/games", data=seats("Ann", "Bob"))
    assert response.status_code == 400
    assert "expired" in response.get_data(as_text=True)
    page = client.get("/").get_data(as_text=True)
    token = page.split('name="csrf_token" type="hidden" value="')[1].split('"')[0]
    response = client.post("/games", data={**seats("Ann", "Bob"), "csrf_token": token})
    assert response.status_code == 303


def test_a_player_named_like_a_script_shows_as_text_everywhere(client):
    evil = "<script>alert(1)</script>"
    table = WebTable(client, evil, "Bob")
    table.claim(evil, "Denver", "Helena")
    for path in ("", "/board", "/tickets", "/sheet"):
        page = table.page(path)
        assert evil not in page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    pdf = client.get(f"{table.url}/sheet.pdf").data
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    assert evil in text


def test_the_board_picture_draws_every_route_and_links_each_to_a_claim(client):
    table = WebTable(client, "Ann", "Bob")
    table.claim("Ann", "Denver", "Helena")
    page = table.page("/board")
    assert page.count('class="route') == 100
    assert page.count('class="route claimed"') == 1
    assert f"/confirm?route={route_id('Denver', 'Helena')}" in page


def test_the_board_picture_has_the_tables_bar_and_its_turns_come_back_to_it(client):
    table = WebTable(client, "Ann", "Bob")
    table.claim("Ann", "Denver", "Helena")
    board = table.page("/board")
    # The last move and its Undo, who acts (each a tap away, on the board), the draws.
    assert "Last: Ann claimed Denver–Helena" in board
    assert f'href="{table.url}/board?player=Ann"' in board
    drew = form_on(board, "/turn")
    assert drew == drew | {"player": "Bob", "drew": "cards", "then": "board"}
    response = client.post(f"{table.url}/turn", data=drew)
    assert response.status_code == 303 and response.headers["Location"].endswith("/board")
    undo = form_on(table.page("/board"), "/undo")
    response = client.post(f"{table.url}/undo", data=undo)
    assert response.status_code == 303 and response.headers["Location"].endswith("/board")
    assert "Undone: Bob drew train cards" in table.page("/board")


def test_the_board_of_a_game_that_is_over_offers_no_claim(client):
    # Every player has taken their final turn: no route may be claimed any more.
    table, tickets = bob_runs_away()
    url = import_record(client, table.record(**tickets)).split("?")[0]
    board = html.unescape(client.get(f"{url}/board").get_data(as_text=True))
    assert "The game is over: the board as it ended. Tap a route to see who claimed it." in board
    assert "Tap a route to claim it" not in board
    # A tap on a route says whose it is, and offers no claim.
    sheet = html.unescape(client.get(f"{url}/confirm?route=0&player=Bob").get_data(as_text=True))
    assert "the game is over" in sheet.lower() and 'name="route"' not in sheet


def test_a_city_looked_for_on_the_board_opens_the_table_on_it(client):
    table = WebTable(client, "Ann", "Bob")
    search = form_on(table.page("/board"), f"{table.url}#claim")
    assert set(search) == {"find"}  # typed by the player; the table then lists the city
    page = table.page("?find=Нэшвилл")
    assert 'name="find" id="city-search" class="city-search"' in page
    assert 'value="Нэшвилл"' in page


def test_a_claim_tapped_on_the_board_asks_first(client):
    table = WebTable(client, "Ann", "Bob")
    page = table.page(f"/confirm?route={route_id('Denver', 'Helena')}&player=Bob")
    assert "Claim Denver–Helena (green)" in page
    assert 'value="Bob" checked' in page
    assert client.get(f"{table.url}/confirm?route=500").status_code == 404


def test_tickets_from_the_deck_or_typed_show_at_once_whether_complete(client):
    table = WebTable(client, "Ann", "Bob")
    table.claim("Ann", "Denver", "Santa Fe")
    table.claim("Ann", "Santa Fe", "El Paso")
    deck_index = next(
        i
        for i, t in enumerate(parse_record({"map": "usa", "players": ["A", "B"]}).board().tickets)
        if set(t.cities) == {"Denver", "El Paso"}
    )
    assert (
        client.post(f"{table.url}/tickets", data={"player": "Ann", "deck": deck_index}).status_code
        == 303
    )
    response = client.post(
        f"{table.url}/tickets",
        data={"player": "Ann", "city_a": "boston", "city_b": "Montreal", "points": "4"},
    )
    assert response.status_code == 303
    page = table.page("/tickets?player=Ann")
    assert "Denver–El Paso" in page and "✓ complete" in page and "Denver–Santa Fe–El Paso" in page
    assert "Boston–Montréal" in page and "✗ not connected" in page


@pytest.mark.parametrize(
    ("data", "status", "message"),
    [
        ({"player": "Ann", "city_a": "Denver", "city_b": "Boston"}, 409, "not a ticket of the"),
        (
            {"player": "Ann", "city_a": "Denvr", "city_b": "Boston", "points": "5"},
            409,
            "did you mean Denver",
        ),
        ({"player": "Ann", "city_a": "Denver", "city_b": "Boston", "points": "0"}, 400, "Value"),
        ({"player": "Ann"}, 400, "Pick a ticket"),
        ({"player": "Ann", "deck": "99"}, 400, "no such ticket"),
        ({"player": "Zed", "deck": "1"}, 409, "no player 'Zed'"),
    ],
)
def test_a_ticket_that_cannot_be_scored_is_refused(client, data, status, message):
    table = WebTable(client, "Ann", "Bob")
    response = client.post(f"{table.url}/tickets", data=data)
    assert response.status_code == status
    assert message in html.unescape(problem(response.get_data(as_text=True)))


def test_a_deck_ticket_cannot_be_entered_for_two_players(client):
    table = WebTable(client, "Ann", "Bob")
    client.post(f"{table.url}/tickets", data={"player": "Ann", "deck": "0"})
    response = client.post(f"{table.url}/tickets", data={"player": "Bob", "deck": "0"})
    assert response.status_code == 409
    assert "already Ann's" in html.unescape(problem(response.get_data(as_text=True)))


def test_a_ticket_taken_back_leaves_the_hand(client):
    table = WebTable(client, "Ann", "Bob")
    client.post(f"{table.url}/tickets", data={"player": "Ann", "deck": "0"})
    assert client.post(f"{table.url}/tickets/0/remove").status_code == 303
    assert "None yet." in table.page("/tickets?player=Ann")
    assert client.post(f"{table.url}/tickets/0/remove").status_code == 409


def test_the_score_sheet_explains_every_point_and_names_the_winner(client):
    table = WebTable(client, "Ann", "Bob")
    table.claim("Ann", "Denver", "Santa Fe")
    table.claim("Ann", "Santa Fe", "El Paso")
    table.claim("Bob", "Denver", "Helena")
    client.post(
        f"{table.url}/tickets", data={"player": "Ann", "city_a": "Denver", "city_b": "El Paso"}
    )
    page = html.unescape(table.page("/sheet"))
    # Ann: 2 + 2 + Denver–El Paso 4 + longest path (4, tied with Bob) 10 = 18; Bob 7 + 10 = 17.
    assert "Leading: <strong>Ann</strong>" in page  # the game goes on
    assert "Ann: 18 points" in page and "Bob: 17 points" in page
    assert "Denver–El Paso (4):" in page


def test_the_score_track_is_compared_with_the_routes(client):
    table = WebTable(client, "Ann", "Bob")
    table.claim("Ann", "Denver", "Helena")
    client.post(f"{table.url}/track", data={"player": "Ann", "points": "5"})
    client.post(f"{table.url}/track", data={"player": "Bob", "points": "0"})
    page = table.page("/sheet")
    assert "The track says 5, the routes say 7: +2 to move." in page
    assert "The track agrees with the routes: 0." in page
    response = client.post(f"{table.url}/track", data={"player": "Ann", "points": "lots"})
    assert response.status_code == 400


def test_the_pdf_score_sheet_prints_names_in_any_script(client):
    table = WebTable(client, "Анна", "Zoë")
    table.claim("Анна", "Montréal", "Toronto")
    response = client.get(f"{table.url}/sheet.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(response.data)).pages)
    assert "Анна: 14 points" in text  # 4 for the route, 10 for the longest path
    assert "Zoë: 0 points" in text
    assert "+4 Montréal–Toronto (gray): 3 spaces" in text
    assert "/w/" in text and f"/g/{table.id}" not in text  # its QR code opens the watch page


def test_the_export_is_a_game_record_that_scores_the_same(client):
    table = WebTable(client, "Ann", "Bob")
    table.claim("Ann", "Denver", "Helena")
    table.claim("Bob", "Seattle", "Portland", track=2)
    table.undo()
    client.post(f"{table.url}/tickets", data={"player": "Ann", "deck": "0"})
    response = client.get(f"{table.url}/record.json")
    assert response.mimetype == "application/json"
    record = parse_record(json.loads(response.data))
    assert [a.player for a in record.actions] == ["Ann"]
    assert len(record.tickets["Ann"]) == 1


def test_import_opens_the_game_at_its_table(client):
    upload = (GAMES / "four_players.json").read_bytes()
    response = client.post(
        "/import",
        data={"record": (io.BytesIO(upload), "game.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 303
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Last: Bob claimed Pittsburgh–Washington" in page


@pytest.mark.parametrize(
    ("upload", "message"),
    [
        (b"{not json", "not a JSON game record"),
        (b'{"map": "usa", "players": ["A", "B", "C", "D", "E", "F"]}', "2 to 5 players"),
        (
            (GAMES / "illegal_three_players_second_route_of_a_double.json").read_bytes(),
            "actions[2]: with 3 players only one",
        ),
        (
            b'{"map": "usa", "players": ["A", "B"], "tickets": {"A": [["Denver", "X"]]}}',
            "no city 'X'",
        ),
        (b"\xff\xfe", "not a JSON game record"),
    ],
)
def test_a_bad_import_is_a_400_with_the_reason(client, upload, message):
    response = client.post(
        "/import",
        data={"record": (io.BytesIO(upload), "game.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 400
    assert message in html.unescape(problem(response.get_data(as_text=True)))


def test_an_import_without_a_file_is_a_400(client):
    assert client.post("/import", data={}).status_code == 400


def test_an_oversized_upload_is_a_413(client):
    from werkzeug.test import EnvironBuilder

    big = b"[" + b" " * 1_100_000 + b"]"
    builder = EnvironBuilder(
        path="/import", method="POST", data={"record": (io.BytesIO(big), "game.json")}
    )
    environ = builder.get_environ()
    try:
        response = client.open(environ)
    finally:
        environ["wsgi.input"].close()
        builder.close()
    assert response.status_code == 413
    assert "too large" in response.get_data(as_text=True)


def test_two_phones_claiming_one_route_at_once_land_once(app):
    first = app.test_client()
    table = WebTable(first, "Ann", "Bob", "Cy", "Dee")
    route = route_id("Denver", "Helena")
    start = threading.Barrier(2)
    results: dict[str, int] = {}

    def phone(player: str) -> None:
        client = app.test_client()
        start.wait()
        response = client.post(f"{table.url}/claim", data={"player": player, "route": route})
        results[player] = response.status_code

    threads = [threading.Thread(target=phone, args=(p,)) for p in ("Ann", "Bob")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results.values()) == [303, 409]
    page = table.page()
    # The last-action bar, its Undo (which names it) and the history.
    assert page.count("claimed Denver–Helena") == 3


def test_the_home_page_offers_only_the_games_this_browser_opened(app, client):
    table = WebTable(client, "Ann", "Bob")
    table.page()
    assert table.id in client.get("/").get_data(as_text=True)
    stranger = app.test_client()
    assert table.id not in stranger.get("/").get_data(as_text=True)


def test_the_version_changes_when_another_phone_records_something(client):
    table = WebTable(client, "Ann", "Bob")

    def version() -> str:
        return re.search(r"since=(\d+)", table.page())[1]

    before = version()
    table.claim("Ann", "Denver", "Helena")
    after = version()
    table.undo()
    undone = version()
    assert len({before, after, undone}) == 3


def test_a_secret_key_is_made_once_and_kept_in_the_instance(tmp_path):
    from companion.web.secret_key import instance_secret

    first = instance_secret(tmp_path)
    assert len(first) == 64 and instance_secret(tmp_path) == first


@pytest.mark.parametrize("map_id", map_ids())
def test_every_route_tapped_names_exactly_that_route(map_id):
    from companion.rules.game import claim_for, find_route, start
    from companion.rules.map_file import load_board
    from companion.rules.setup import Player, new_game

    board = load_board(map_id)
    state = start(new_game(board, [Player("Ann"), Player("Bob")]))
    for route in board.routes:
        assert find_route(state, claim_for(board, route, "Ann")) == route


def test_a_refused_claim_keeps_the_table_on_the_player_who_tried(client):
    table = WebTable(client, "Ann", "Bob", "Cy")
    table.claim("Ann", "Boston", "New York", color="yellow")
    response = table.claim("Ann", "Boston", "New York", color="red")  # Bob's turn by seat
    assert response.status_code == 409
    assert "Ann claims a route" in response.get_data(as_text=True)


def test_after_a_refusal_the_player_links_lead_back_to_the_table(client):
    table = WebTable(client, "Ann", "Bob", "Cy")
    table.claim("Ann", "Boston", "New York", color="yellow")
    page = table.claim("Cy", "Boston", "New York", color="red").get_data(as_text=True)
    assert f'href="/g/{table.id}?player=Bob"' in page


def test_the_sheet_shows_a_longest_path_or_a_tickets_chain_on_the_map(client):
    table = WebTable(client, "Ann", "Bob")
    table.claim("Ann", "Denver", "Santa Fe")
    table.claim("Ann", "Santa Fe", "El Paso")
    table.claim("Bob", "Seattle", "Portland", track=1)
    client.post(
        f"{table.url}/tickets", data={"player": "Ann", "city_a": "Denver", "city_b": "El Paso"}
    )
    page = table.page("/sheet")
    assert f'href="/g/{table.id}/sheet?show=longest_path_bonus:0:Ann#board-picture"' in page
    assert f'href="/g/{table.id}/sheet?show=tickets:0:Ann#board-picture"' in page
    page = table.page("/sheet?show=longest_path_bonus:0:Ann")
    assert "On the board: Ann: Longest continuous path: 4 spaces." in page
    assert page.count('class="route claimed lit"') == 2
    page = table.page("/sheet?show=tickets:0:Ann")
    assert "On the board: Ann: Denver–El Paso (4)." in page
    assert page.count('class="route claimed lit"') == 2
    assert "On the board" not in table.page("/sheet?show=tickets:9:Ann")


def test_is_my_ticket_done_answers_without_storing_anything(client):
    table = WebTable(client, "Ann", "Bob")
    table.claim("Ann", "Denver", "Santa Fe")
    table.claim("Ann", "Santa Fe", "El Paso")
    done = html.unescape(table.page("/check?player=Ann&from=denver&to=El+Paso"))
    assert "Yes: Denver–Santa Fe–El Paso" in done
    not_yet = html.unescape(table.page("/check?player=Bob&from=Denver&to=El+Paso"))
    assert "Not yet: Bob's routes don't join Denver and El Paso" in not_yet
    assert client.get(f"{table.url}/check?player=Ann&from=Nowhere&to=Denver").status_code == 400
    record = client.get(f"{table.url}/record.json").get_json()
    assert record["tickets"] == {}


def test_a_watch_address_follows_the_game_and_cannot_write(client):
    import re

    table = WebTable(client, "Ann", "Bob")
    table.claim("Ann", "Denver", "Helena")
    page = table.page()
    watch = re.search(r"/w/([A-Za-z0-9_-]{20,})", page).group(1)
    assert watch != table.id
    watched = html.unescape(client.get(f"/w/{watch}").get_data(as_text=True))
    assert "Ann claimed Denver–Helena" in watched
    assert table.id not in watched  # the playing address never shows on a watching phone
    assert "<form" not in watched
    sheet = client.get(f"/w/{watch}/sheet").get_data(as_text=True)
    assert table.id not in sheet and "<form" not in sheet
    assert client.get(f"/w/{watch}/sheet.pdf").mimetype == "application/pdf"
    assert client.post(f"/w/{watch}/claim", data={"player": "Bob", "route": 3}).status_code in (
        404,
        405,
    )
    assert client.get("/w/not-a-watch-address").status_code == 404


def test_checking_the_score_track_comes_back_to_that_players_form(client):
    table = WebTable(client, "Ann", "Bob")
    table.claim("Ann", "Seattle", "Portland", track=1)  # 1 space: 1 point
    table.claim("Bob", "Denver", "Helena")  # 4 spaces: 7, and the longest path: 10
    response = client.post(f"{table.url}/track", data={"player": "bob", "points": "7"})
    assert response.headers["Location"].endswith("/sheet#track-2")
    page = table.page("/sheet")
    assert 'id="track-1"' in page and 'id="track-2"' in page
    assert "Ann: 1 point</h2>" in page and "Bob: 17 points</h2>" in page


def test_the_deck_offers_only_the_tickets_nobody_holds(client):
    table = WebTable(client, "Ann", "Bob")
    client.post(f"{table.url}/tickets", data={"player": "Ann", "deck": "0"})
    first = load_board("usa").tickets[0]
    page = table.page("/tickets?player=Bob")
    assert 'name="deck" value="0"' not in page
    assert 'name="deck" value="1"' in page
    assert first.name in table.page("/tickets?player=Ann")  # in Ann's hand


def test_a_turn_spent_drawing_cards_is_one_tap_and_the_next_player_acts(client):
    table = WebTable(client, "Ann", "Bob", "Cy")
    page = html.unescape(table.page())
    assert "Drew cards" in page and "Drew tickets" in page  # before any final round
    response = client.post(f"{table.url}/turn", data={"player": "Ann", "drew": "cards"})
    assert response.status_code == 303
    page = html.unescape(table.page())
    assert "Ann drew train cards" in page
    assert "Bob claims a route" in page
    client.post(f"{table.url}/turn", data={"player": "Bob", "drew": "tickets"})
    page = html.unescape(table.page())
    assert "Bob drew tickets" in page and "Cy claims a route" in page


def test_a_turn_that_says_nothing_else_is_refused(client):
    table = WebTable(client, "Ann", "Bob")
    response = client.post(f"{table.url}/turn", data={"player": "Ann", "drew": "dice"})
    assert response.status_code == 400
    assert "Nothing recorded yet." in response.get_data(as_text=True)


def test_once_the_game_is_over_the_tickets_open_on_the_first_player_without_any(client):
    table = WebTable(client, "Ann", "Bob", "Cy")
    for a, b in SIX_SPACE_ROUTES:
        table.claim("Ann", a, b)
    table.claim("Ann", "Dallas", "Houston", track=1)  # 2 trains left: the final round
    for player in ("Bob", "Cy", "Ann"):
        table.turn(player)
    assert "The game is over." in table.page()
    client.post(
        f"{table.url}/tickets", data={"player": "Ann", "city_a": "Denver", "city_b": "El Paso"}
    )
    assert "<h2>Bob's tickets</h2>" in html.unescape(table.page("/tickets"))
    assert "<h2>Ann's tickets</h2>" in html.unescape(table.page("/tickets?player=Ann"))


def _claim_button(page: str, route: int) -> str:
    found = re.findall(
        rf'<button type="submit" name="route" value="{route}".*?</button>', page, re.S
    )
    assert found, f"no claim button for route {route}"
    return " ".join(html.unescape(found[0]).split())


def test_each_player_sees_their_own_refusals_in_the_claim_list(client):
    """A 4-player game opens both routes of a double, but never to the player who has
    one: Ann's list refuses her the other Boston–New York route, the others' offer it,
    whichever phone asks first."""
    table = WebTable(client, "Ann", "Bob", "Cy", "Dee")
    table.claim("Ann", "Boston", "New York", color="yellow")
    red = route_id("Boston", "New York", color="red")
    rule = "Ann already has Boston–New York (yellow): one player may never claim two routes"
    ann = _claim_button(table.page("?player=Ann"), red)
    bob = _claim_button(table.page("?player=Bob"), red)
    assert rule in ann and "taken" in ann
    assert "why" not in bob and "taken" not in bob
    table.claim("Bob", "Denver", "Helena")
    dee = _claim_button(table.page("?player=Dee"), red)
    ann = _claim_button(table.page("?player=Ann"), red)
    assert rule in ann and "why" not in dee
