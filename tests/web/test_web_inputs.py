"""Every input is untrusted: bad input is a 4xx page saying why, never a 500, and never
loses what was already recorded; what the app stores always exports as a record that
imports again."""

from __future__ import annotations

import html
import io
import json

import pytest

from companion.rules import record
from companion.rules.errors import CompanionError, IllegalAction
from companion.rules.record import HeldTicket
from companion.web import game_store, unit_of_work
from companion.web.forms import small_int
from tests.web.helpers import WebTable, problem, route_id, seats

HUGE = "9" * 5000  # Python's int() refuses more than 4300 digits
THIRTY = "9" * 30  # more than a database's whole numbers hold
FACES = "single,single,double,double,locomotive"


def text(response) -> str:
    return " ".join(html.unescape(response.get_data(as_text=True)).split())


def new_game(client, map_id: str = "usa", dice: bool = False, **extra: str) -> str:
    """A game of Ann and Bob on the map; its address."""
    data = {"map": map_id, "dice": "y" if dice else "", **extra}
    for i, color in enumerate(["red", "blue", "green", "yellow", "black"]):
        data.setdefault(f"seats-{i}-name", ["Ann", "Bob"][i] if i < 2 else "")
        data[f"seats-{i}-color"] = color
    response = client.post("/games", data=data)
    assert response.status_code == 303, problem(response.get_data(as_text=True))
    return response.headers["Location"].split("?")[0]


def export(client, url: str) -> bytes:
    response = client.get(f"{url}/record.json")
    assert response.status_code == 200
    return response.get_data()


def import_record(client, body: bytes):
    return client.post(
        "/import",
        data={"record": (io.BytesIO(body), "game.json")},
        content_type="multipart/form-data",
    )


def stored_games(app) -> int:
    with app.app_context():
        return unit_of_work.get_db().execute("SELECT COUNT(*) FROM game").fetchone()[0]


# Numbers read by hand from an address or a form.


@pytest.mark.parametrize(
    ("written", "below", "value"),
    [
        ("0", 5, 0),
        ("4", 5, 4),
        ("004", 5, 4),
        ("5", 5, None),
        ("²", 5, None),
        ("٣", 5, None),  # an Arabic-Indic three: a digit to isdigit, not ASCII
        ("-1", 5, None),
        (" 1", 5, None),
        ("1_0", 100, None),
        ("", 5, None),
        (None, 5, None),
        (HUGE, 10**9, None),
    ],
)
def test_small_int_reads_only_a_few_ascii_digits_below_the_bound(written, below, value):
    assert small_int(written, below) == value


@pytest.mark.parametrize("route", ["²", "1e999", "-1", "\n", "١"])
def test_a_superscript_digit_in_the_route_is_a_400(client, route):
    url = new_game(client)
    response = client.get(f"{url}/pay", query_string={"route": route, "red": "2"})
    assert response.status_code == 400
    assert "There is no such route on this board." in text(response)


@pytest.mark.parametrize("route", ["100", THIRTY, HUGE])
def test_a_route_number_past_the_boards_routes_says_there_is_no_such_route(client, route):
    url = new_game(client)
    response = client.get(f"{url}/pay", query_string={"route": route, "red": "2"})
    assert response.status_code == 200
    assert "There is no such route on this board." in text(response)


@pytest.mark.parametrize("count", ["²", HUGE, "-1", "1e999"])
def test_a_garbled_card_count_in_a_payment_check_is_a_400(client, count):
    url = new_game(client)
    route = route_id("Denver", "Helena")
    response = client.get(f"{url}/pay", query_string={"route": route, "green": count})
    assert response.status_code == 400
    assert "Count each kind of card with a number from 0 to 99." in text(response)


@pytest.mark.parametrize("die", ["²", HUGE, "5", "-1"])
def test_a_garbled_die_to_roll_again_is_a_400(client, die):
    url = new_game(client, dice=True)
    response = client.get(f"{url}/roll", query_string={"faces": FACES, "die": ["0", die]})
    assert response.status_code == 400
    assert "Pick the dice to roll again by their number, 0 to 4." in text(response)
    assert client.get(f"{url}/roll", query_string={"faces": FACES, "die": "0"}).status_code == 303


@pytest.mark.parametrize(
    "show", ["ticket:Ann:²", f"ticket:Ann:{HUGE}", "tickets:²:Ann", f"tickets:{HUGE}:Ann"]
)
def test_a_superscript_digit_in_the_sheets_highlight_shows_the_sheet(client, show):
    url = new_game(client)
    client.post(f"{url}/tickets", data={"player": "Ann", "deck": "0"})
    assert client.get(f"{url}/sheet", query_string={"show": show}).status_code == 200


@pytest.mark.parametrize("route", ["²", HUGE, THIRTY, "-1"])
def test_a_garbled_route_to_confirm_is_a_404(client, route):
    url = new_game(client)
    assert client.get(f"{url}/confirm", query_string={"route": route}).status_code == 404


@pytest.mark.parametrize("take", ["²,0", "0,²", "9999999999", "1,٣"])
def test_garbled_tokens_to_take_in_a_dice_play_are_a_400_and_nothing_is_recorded(client, take):
    url = new_game(client, dice=True)
    before = export(client, url)
    data = {"player": "Ann", "faces": FACES, "play": "tickets", "tickets": "1", "take": take}
    response = client.post(f"{url}/dice", data=data)
    assert 400 <= response.status_code < 500
    assert problem(response.get_data(as_text=True))
    assert export(client, url) == before


# Numbers larger than the database holds.


@pytest.mark.parametrize(
    ("map_id", "dice", "path", "data"),
    [
        ("usa", False, "/claim", {"player": "Ann", "route": THIRTY}),
        ("usa", False, "/tickets", {"player": "Ann", "deck": THIRTY}),
        (
            "usa",
            False,
            "/tickets",
            {"player": "Ann", "city_a": "Denver", "city_b": "Miami", "points": THIRTY},
        ),
        ("usa", False, "/track", {"player": "Ann", "points": THIRTY}),
        ("usa", False, "/track", {"player": "Ann", "points": HUGE}),
        ("world", False, "/exchange", {"player": "Ann", "count": THIRTY, "take": "ships"}),
        (
            "usa",
            True,
            "/dice",
            {"player": "Ann", "faces": FACES, "play": "claim", "route": THIRTY},
        ),
        (
            "usa",
            True,
            "/dice",
            {"player": "Ann", "faces": FACES, "play": "tickets", "tickets": THIRTY},
        ),
    ],
)
def test_a_thirty_digit_number_in_a_form_is_a_400_and_nothing_is_recorded(
    client, map_id, dice, path, data
):
    url = new_game(client, map_id, dice)
    before = export(client, url)
    response = client.post(url + path, data=data)
    assert response.status_code == 400
    assert problem(response.get_data(as_text=True))
    assert export(client, url) == before


@pytest.mark.parametrize("pieces", [THIRTY, HUGE])
def test_a_thirty_digit_number_of_pieces_for_a_new_game_is_a_400(app, client, pieces):
    response = client.post(
        "/games",
        data={
            "map": "world",
            **{f"seats-{i}-name": n for i, n in enumerate(["Ann", "Bob", "", "", ""])},
            **{f"seats-{i}-color": c for i, c in enumerate(["red", "blue", "green", "yellow"])},
            "seats-4-color": "black",
            "seats-0-trains": pieces,
        },
    )
    assert response.status_code == 400
    assert problem(response.get_data(as_text=True)).startswith("Trains: ")
    assert stored_games(app) == 0


@pytest.mark.parametrize(("seq", "status"), [(THIRTY, 409), (str(2**63), 409), (HUGE, 404)])
def test_a_huge_ticket_number_to_take_back_is_refused_and_the_tickets_stay(client, seq, status):
    url = new_game(client)
    client.post(f"{url}/tickets", data={"player": "Ann", "deck": "0"})
    before = export(client, url)
    response = client.post(f"{url}/tickets/{seq}/remove")
    assert response.status_code == status
    assert export(client, url) == before


def test_the_store_refuses_a_score_track_beyond_what_the_track_shows(app, client):
    url = new_game(client)
    game_id = url.rsplit("/", 1)[-1]
    with app.test_request_context():
        for points in (10**30, -(10**5000)):
            with pytest.raises(IllegalAction, match="the score track goes from -999 to 9999"):
                game_store.set_track(game_id, "Ann", points)
        game_store.set_track(game_id, "Ann", 9999)
    assert client.get(f"{url}/sheet").status_code == 200


# The goods screen's way back.


@pytest.mark.parametrize(
    "back",
    [
        "{url}/trip?player=Ann\r\nSet-Cookie: x=1",
        "{url}/trip?player=Ann\nx",
        "{url}/trip\x00",
        "http://evil/{url}",
        "//evil/{url}",
        "https:{url}",
        "{url}/../../x",
        "{url}/%2e%2e/%2e%2e/x",
        "/g/another-game/trip",
        "{url}x/trip",
        "{url}\\..\\..\\x",
        "javascript:alert(1)",
    ],
)
def test_a_way_back_from_the_goods_screen_that_is_not_this_games_leads_to_the_table(client, back):
    url = new_game(client, "marklin")
    response = client.post(
        f"{url}/goods", data={"goods-Koblenz": "white", "back": back.format(url=url)}
    )
    assert response.status_code == 303
    assert response.headers["Location"] == url
    assert "Koblenz" in client.get(f"{url}/goods").get_data(as_text=True)


def test_a_way_back_to_this_games_trip_is_kept(client):
    url = new_game(client, "marklin")
    back = f"{url}/trip?player=Ann&path=K%C3%B6ln%7CKoblenz"
    response = client.post(f"{url}/goods", data={"goods-Koblenz": "white", "back": back})
    assert response.status_code == 303
    assert response.headers["Location"] == back


# What the app stores exports as a record that imports again.


def test_a_ticket_past_the_most_a_record_holds_is_refused_and_the_export_imports_again(client):
    url = new_game(client)
    cities = ["Atlanta", "Boston", "Calgary", "Dallas", "Denver", "Duluth", "Helena", "Miami"]
    cities += ["Omaha", "Phoenix", "Seattle", "Toronto"]
    pairs = [(a, b) for a in cities for b in cities if a < b]
    for a, b in pairs[: record.MAX_TICKETS]:
        data = {"player": "Ann", "city_a": a, "city_b": b, "points": "7"}
        assert client.post(f"{url}/tickets", data=data).status_code == 303
    one_more = {"player": "Ann", "city_a": "Denver", "city_b": "Boston", "points": "7"}
    response = client.post(f"{url}/tickets", data=one_more)
    assert response.status_code == 409
    assert f"Ann already holds {record.MAX_TICKETS} tickets, the most a game record holds" in (
        html.unescape(problem(response.get_data(as_text=True)))
    )
    exported = export(client, url)
    assert len(json.loads(exported)["tickets"]["Ann"]) == record.MAX_TICKETS
    assert import_record(client, exported).status_code == 303
    # Bob's hand is his own.
    assert client.post(f"{url}/tickets", data={**one_more, "player": "Bob"}).status_code == 303


def test_an_action_past_the_most_a_record_holds_is_refused(client, monkeypatch):
    assert game_store.MAX_ACTIONS == record.MAX_ACTIONS
    monkeypatch.setattr(game_store, "MAX_ACTIONS", 3)
    table = WebTable(client, "Ann", "Bob")
    for player in ("Ann", "Bob", "Ann"):
        assert table.turn(player).status_code == 303
    response = table.turn("Bob")
    assert response.status_code == 409
    assert "this game already has 3 actions, the most a game record holds" in problem(
        response.get_data(as_text=True)
    )
    assert len(json.loads(export(client, table.url))["actions"]) == 3


def test_a_trip_city_longer_than_a_record_allows_is_refused_and_the_export_imports_again(
    client,
):
    url = new_game(client, "marklin")
    claim = {
        "player": "Ann",
        "route": route_id_on("marklin", "Köln", "Koblenz"),
        "passenger": "Köln",
    }
    assert client.post(f"{url}/claim", data=claim).status_code == 303
    typed = "Köln" + "!" * 120  # the same city to the name matching, too long for a record
    response = client.post(f"{url}/trip", data={"player": "Ann", "path": f"{typed}|Koblenz"})
    assert response.status_code == 409
    assert "the game record can't hold that" in html.unescape(
        problem(response.get_data(as_text=True))
    )
    assert import_record(client, export(client, url)).status_code == 303


def route_id_on(map_id: str, a: str, b: str) -> int:
    from companion.rules.map_file import load_board

    (found,) = [r.id for r in load_board(map_id).routes if set(r.cities) == {a, b} and r.track == 1]
    return found


# Text that is not Unicode.


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (b"[" * 100_000, "nested more than 32 levels deep"),
        (
            b'{"map": "usa", "players": ["Ann", "Bob"], "actions": [' + b"[" * 5000,
            "nested more than 32 levels deep",
        ),
        (
            b'{"map": "usa", "players": ["Ann", "Bob"], "actions": ['
            + b"[" * 40
            + b"]" * 40
            + b"]}",
            "nested more than 32 levels deep",
        ),
        (
            b'{"map": "usa", "players": ["Ann", "Bob"], "tickets": {"Ann": [{"cities": '
            b'["Denver", "Miami"], "points": ' + HUGE.encode() + b"}]}}",
            "a number in it is too large for a game record",
        ),
        (
            b'{"map": "usa", "players": ["Ann", "Bob"], "actions": [{"player": "Ann", '
            b'"claim": ["Denver", "Helena"], "track": ' + THIRTY.encode() + b"}]}",
            "actions[0].track: a number too large for a game record",
        ),
        (b'{"map": "usa", "players": ["Ann\\ud800", "Bob"]}', "players[0]: has a character"),
        (b'{"map": "usa", "players": ["Ann", "Bob"], "tickets": {"\\udfffAnn": []}}', "tickets:"),
        (b'{"map": "usa", "players": ["Ann", "Bob"], "dice": NaN}', "NaN is not a number"),
        (b'{"map": "usa", "players": ["Ann", "Bob"], "dice": 1e999}', "dice: a number too"),
    ],
)
def test_a_hostile_record_is_refused_on_import_with_the_reason_and_nothing_stored(
    app, client, body, reason
):
    response = import_record(client, body)
    assert response.status_code == 400
    shown = html.unescape(problem(response.get_data(as_text=True)))
    assert shown.startswith("That file is not a JSON game record: ")
    assert reason in shown
    assert stored_games(app) == 0


def test_a_lone_surrogate_in_a_record_is_refused_on_import(app, client):
    response = import_record(client, b'{"map": "usa", "players": ["Ann\\ud800", "Bob"]}')
    assert response.status_code == 400
    assert "has a character that is not text (in 'Ann\\ud800')" in html.unescape(
        problem(response.get_data(as_text=True))
    )
    assert stored_games(app) == 0
    assert client.get("/").status_code == 200


def test_the_store_refuses_to_store_text_that_is_not_unicode(app, client):
    url = new_game(client, "marklin")
    game_id = url.rsplit("/", 1)[-1]
    before = export(client, url)
    from companion.rules.actions import Pass
    from companion.rules.record import GameRecord
    from companion.rules.setup import Player

    with app.test_request_context():
        with pytest.raises(CompanionError, match="not text"):
            game_store.create_game(GameRecord("usa", (Player("Ann\ud800"), Player("Bob"))))
        with pytest.raises(IllegalAction, match="not text"):
            game_store.record_action(game_store.load_game(game_id), Pass("Ann\udc00"))
        with pytest.raises(IllegalAction, match="not text"):
            game_store.add_ticket(game_id, "Ann", HeldTicket(("Köln\ud800", "Kassel"), 8))
        with pytest.raises(IllegalAction, match="not text"):
            game_store.add_ticket(game_id, "Ann\ud800", HeldTicket(("Köln", "Kassel"), 8))
        with pytest.raises(IllegalAction, match="not text"):
            game_store.set_goods(game_id, {"Köln\ud800": "red"})
        with pytest.raises(IllegalAction, match="not text"):
            game_store.set_track(game_id, "Ann\ud800", 3)
    assert stored_games(app) == 1
    assert export(client, url) == before
    assert client.get(url).status_code == 200


def test_a_game_stored_with_a_lone_surrogate_before_it_was_refused_still_opens(app, client):
    url = new_game(client)
    game_id = url.rsplit("/", 1)[-1]
    with app.app_context():
        players = json.dumps(
            [{"name": "Ann\ud800", "color": "red"}, {"name": "Bob", "color": "blue"}]
        )
        unit_of_work.get_db().execute(
            "UPDATE game SET players = ? WHERE id = ?", (players, game_id)
        )
        unit_of_work.get_db().execute(
            "INSERT INTO action (game_id, seq, body, recorded) VALUES (?, 0, ?, ?)",
            (game_id, json.dumps({"player": "Ann\ud800", "pass": True}), unit_of_work.now()),
        )
    for page in ("", "/sheet", "/tickets", "/board", "/sheet.pdf"):
        assert client.get(url + page).status_code == 200, page
    assert "Ann\ufffd" in client.get(url).get_data(as_text=True)
    assert import_record(client, export(client, url)).status_code == 303


@pytest.mark.parametrize(
    "address", ["/g/%00", "/w/%00/events", "/t/%00/stats.json", "/g/a%00b/sheet", "/t/%00"]
)
def test_an_address_with_a_nul_is_not_found_on_any_database(client, address):
    assert client.get(address).status_code == 404


def test_a_query_or_a_form_with_a_nul_is_refused_before_it_is_stored(client):
    game = client.post("/games", data=seats("Ann", "Bob"))
    url = game.headers["Location"].split("?")[0]
    assert client.get(f"{url}?player=A%00nn").status_code == 400
    typed = {"player": "Ann", "city_a": "Den\x00ver", "city_b": "El Paso", "points": "4"}
    response = client.post(f"{url}/tickets", data=typed)
    assert 400 <= response.status_code < 500
    taken_out = client.post("/t", data={"name": "Club"}).headers["Location"]
    response = client.post(f"{taken_out}/take-out", data={"game": "a\x00b"})
    assert 400 <= response.status_code < 500
    # What was recorded is all there.
    assert client.get(url).status_code == 200


def test_a_record_with_a_nul_in_a_name_is_refused(client):
    record = json.dumps({"map": "usa", "players": ["A\u0000nn", "Bob"]}).encode()
    response = client.post(
        "/import",
        data={"record": (io.BytesIO(record), "game.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 400
    assert "a character that is not text" in html.unescape(response.get_data(as_text=True))
