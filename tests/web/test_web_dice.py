"""Dice games in the web app: enter or roll the dice, see the plays, make one."""

from __future__ import annotations

import html

import pytest

from companion.rules.actions import Pass
from companion.rules.dice import DiceTurn
from companion.rules.map_file import load_board
from tests.helpers import Table, record_of
from tests.web.helpers import import_record, page, problem

USA = load_board("usa")
EUROPE = load_board("europe")


def dice_game(client, map_id: str = "usa") -> str:
    data = {"map": map_id, "dice": "y"}
    for i, color in enumerate(["red", "blue", "green", "yellow", "black"]):
        data |= {f"seats-{i}-name": ["Ann", "Bob"][i] if i < 2 else "", f"seats-{i}-color": color}
    response = client.post("/games", data=data)
    assert response.status_code == 303, problem(response.get_data(as_text=True))
    return response.headers["Location"].split("?")[0]


def route(a: str, b: str) -> int:
    return next(r.id for r in USA.routes if set(r.cities) == {a, b})


def claimed_with_dice(client, url: str, faces: str, a: str, b: str, take: str):
    """Ann's claim of a–b with these faces, taking those tokens: the answer."""
    data = {"player": "Ann", "faces": faces, "play": "claim", "route": route(a, b), "take": take}
    return client.post(f"{url}/dice", data=data)


def test_the_dice_panel_lists_the_plays_a_roll_allows(client):
    url = dice_game(client)
    table = page(client, f"{url}?player=Ann&faces=single,single,double,station,locomotive")
    assert "Plays with single, single, double, station, locomotive" in table
    assert "Calgary–Vancouver (gray): 3 spaces, +4" in table  # single track of 3
    # Single track of 4: the 4th space paid with the token the double and station faces
    # give, taken and spent at once; of 5, too long for this roll.
    assert "Denver–Helena (green): 4 spaces, +7 (1 single token)" in table
    assert "Helena–Winnipeg (blue): 4 spaces" in table
    assert "Duluth–Helena (orange)" not in table  # 6 spaces
    assert "Draw 2 tickets" in table


def test_a_token_taken_from_the_unused_dice_pays_for_the_claim_at_once(client):
    # Ann holds none, rolls 3 single and 2 station faces: Calgary–Seattle (4) with the
    # single token the 2 station faces give, offered with that token to take.
    url = dice_game(client)
    table = page(client, f"{url}?player=Ann&faces=single,single,single,station,station")
    offered = table[table.index("Calgary–Seattle (gray): 4 spaces") :]
    offered = offered[: offered.index("</form>")]
    assert 'name="take" value="1,0"' in offered and "take 1 single token" in offered
    faces = "single,single,single,station,station"
    response = claimed_with_dice(client, url, faces, "Calgary", "Seattle", take="1,0")
    assert response.status_code == 303, problem(response.get_data(as_text=True))
    table = page(client, url)
    assert "Ann claimed Calgary–Seattle" in table
    assert "Ann: 1 single token" not in table  # taken and spent


def test_a_play_is_made_and_the_tokens_taken(client):
    url = dice_game(client)
    faces = "single,single,double,station,locomotive"
    response = claimed_with_dice(client, url, faces, "Calgary", "Vancouver", take="0,1")
    assert response.status_code == 303
    table = page(client, url)
    assert (
        "Ann claimed Calgary–Vancouver (gray): +4"
        " (dice: single, single, double, station, locomotive)" in table
    )
    assert "Ann: 1 double token" in table


def test_a_play_the_dice_cannot_pay_for_is_refused(client):
    url = dice_game(client)
    response = client.post(
        f"{url}/dice",
        data={
            "player": "Ann",
            "faces": "single,single,double,station,station",
            "play": "claim",
            "route": route("Denver", "Helena"),
        },
    )
    assert response.status_code == 409
    assert "needs 4 spaces" in html.unescape(problem(response.get_data(as_text=True)))


def test_the_app_rolls_the_dice_and_allows_one_reroll(client):
    url = dice_game(client)
    response = client.get(f"{url}/roll?player=Ann")
    assert response.status_code == 303
    location = response.headers["Location"]
    assert "faces=" in location and "rerolled" not in location
    faces = location.split("faces=")[1].split("&")[0].split("#")[0]
    again = client.get(f"{url}/roll?player=Ann&faces={faces}&die=0&die=4")
    assert "rerolled=1" in again.headers["Location"]
    table = page(client, again.headers["Location"])
    assert "Roll these for me" not in table and "Rerolled at the table" not in table


def test_dice_rerolled_at_the_table_are_entered_as_they_show_now(client):
    # The table rolled its own dice (tapped in as counts), then rerolled two of them: the
    # new faces are entered, not made up by the app, and no other reroll is offered.
    url = dice_game(client)
    table = page(client, f"{url}?player=Ann&single=2&double=1&station=1&locomotive=1")
    assert "Rerolled at the table" in table
    assert table.count('<select name="f"') == 5
    after = page(
        client, f"{url}?player=Ann&rerolled=1&f=single&f=single&f=double&f=double&f=locomotive"
    )
    assert "Plays with single, single, double, double, locomotive" in after
    assert "Roll these for me" not in after and "Rerolled at the table" not in after


def test_dice_are_not_offered_on_rails_and_sails(client):
    data = {"map": "world", "dice": "y", "seats-0-name": "Ann", "seats-1-name": "Bob"}
    for i, color in enumerate(["red", "blue", "green", "yellow", "black"]):
        data[f"seats-{i}-color"] = color
        data.setdefault(f"seats-{i}-name", "")
    response = client.post("/games", data=data)
    assert response.status_code == 400
    assert "made for the maps played with train cards" in html.unescape(
        problem(response.get_data(as_text=True))
    )


def test_a_marklin_passenger_trip_in_a_dice_game_pays_with_a_locomotive_face(client):
    from tests.helpers import MARKLIN_GOODS

    url = dice_game(client, "marklin")
    client.post(f"{url}/goods", data={f"goods-{c}": v for c, v in MARKLIN_GOODS.items()})
    board = load_board("marklin")
    koblenz = next(r.id for r in board.routes if set(r.cities) == {"Köln", "Koblenz"})
    frankfurt = next(r.id for r in board.routes if set(r.cities) == {"Köln", "Frankfurt"})
    client.post(
        f"{url}/dice",
        data={
            "player": "Ann",
            "faces": "double,single,single,station,station",
            "play": "claim",
            "route": koblenz,
            "passenger": "Koblenz",
        },
    )
    client.post(
        f"{url}/dice",
        data={
            "player": "Bob",
            "faces": "double,double,double,double,station",
            "play": "claim",
            "route": frankfurt,
        },
    )
    assert "Koblenz (Ann)" in page(client, url)
    trip = {"player": "Ann", "path": "Koblenz|Köln|Frankfurt"}
    response = client.post(f"{url}/trip", data={**trip, "f": ["single"] * 5})
    assert response.status_code == 409
    assert "takes as many locomotive faces" in html.unescape(response.get_data(as_text=True))
    faces = ["locomotive", "single", "single", "double", "station"]
    assert client.post(f"{url}/trip", data={**trip, "f": faces}).status_code == 303


def test_tokens_may_be_handed_back_at_the_end_of_a_dice_turn(client):
    url = dice_game(client)
    client.post(
        f"{url}/dice",
        data={
            "player": "Ann",
            "faces": "station,single,single,double,double",
            "play": "tickets",
            "tickets": 1,
            "take": "2,0",
        },
    )
    assert "Ann: 2 single tokens" in page(client, url)
    client.post(
        f"{url}/dice",
        data={
            "player": "Ann",
            "faces": "station,single,single,double,double",
            "play": "tickets",
            "tickets": 1,
            "back_single": 2,
        },
    )
    assert "Ann: no tokens" in page(client, url)


def test_a_route_tapped_on_the_board_of_a_dice_game_sends_to_the_dice_panel(client):
    url = dice_game(client)
    confirm = page(client, f"{url}/confirm?route={route('Denver', 'Helena')}")
    assert "played with dice" in confirm and "Claim it" not in confirm


FACES = "faces=single,single,double,station,locomotive"


def test_the_tunnel_question_is_asked_only_on_a_map_with_tunnels(client):
    # North America has no tunnels: the black dice are never rolled, none can fail.
    usa = page(client, f"{dice_game(client)}?player=Ann&{FACES}")
    assert "Plays with single" in usa and "tunnel faces" not in usa
    europe = page(client, f"{dice_game(client, 'europe')}?player=Ann&{FACES}")
    assert "how many tunnel faces are on the black dice?" in europe


def test_a_tunnel_fails_at_the_table_when_the_black_dice_ask_more_than_the_roll_pays(client):
    # Paris–Zürich (single, 3): 2 single faces and a locomotive pay its spaces; 1 tunnel
    # face more is paid by the token the double and the station give; 2 are not.
    url = dice_game(client, "europe")
    faces = "single,single,locomotive,station,double"
    table = page(client, f"{url}?player=Ann&faces={faces}")
    paris = table[table.index("Paris–Zürich") :]
    paris = paris[: paris.index("</form>")]
    assert 'value="1" class="primary"' in paris and 'value="2" class="fails"' in paris
    assert "More than 1: the roll can't pay, the tunnel fails and the turn ends." in paris
    tunnel = next(r.id for r in EUROPE.routes if set(r.cities) == {"Paris", "Zürich"})
    data = {"player": "Ann", "faces": faces, "play": "claim", "route": tunnel, "tunnel": 2}
    data["take"] = "1,0"  # the token the unused dice give, as the panel offers it
    response = client.post(f"{url}/dice", data=data)
    assert response.status_code == 303, problem(response.get_data(as_text=True))
    after = page(client, url)
    assert "Ann's tunnel Paris–Zürich (gray, tunnel) failed: the turn ended" in html.unescape(after)
    record = client.get(f"{url}/record.json").get_json()
    failed = record["actions"][-1]
    assert failed["failed_tunnel"] == ["Paris", "Zürich"] and failed["dice"]["tunnel"] == 2
    # Bob's roll pays the 1 tunnel face: the tunnel is his.
    data |= {"player": "Bob", "tunnel": 1}
    response = client.post(f"{url}/dice", data=data)
    assert response.status_code == 303, problem(response.get_data(as_text=True))
    assert client.get(f"{url}/record.json").get_json()["actions"][-1]["claim"] == [
        "Paris",
        "Zürich",
    ]


def test_a_play_is_found_by_the_words_it_shows_in_russian(client):
    url = dice_game(client)
    client.get("/language/ru?next=/")
    table = page(client, f"{url}?player=Ann&faces=single,single,double,station,locomotive")
    # «Взять 1 карту маршрута»: typing «карт» finds it, as folded in the page's search.
    assert 'data-key="tickets | vzyat 1 kartu marshruta"' in table


def test_the_dice_are_entered_by_how_many_show_each_face(client):
    url = dice_game(client)
    table = page(client, f"{url}?player=Ann&single=2&double=1&station=1&locomotive=1")
    assert "Plays with single, single, double, station, locomotive" in table
    wrong = page(client, f"{url}?player=Ann&single=2&double=1")
    assert "These counts make 3 dice, not 5." in wrong and "Plays with" not in wrong
    # Three faces counted: the other two of the five dice show the fourth face.
    rest = page(client, f"{url}?player=Ann&single=2&double=1&station=0")
    assert "Plays with single, single, double, locomotive, locomotive" in rest
    too_many = page(client, f"{url}?player=Ann&single=4&double=1&station=1")
    assert "These counts make 6 dice, not 5." in too_many


def test_the_tokens_the_rules_give_are_taken_unless_the_player_says_otherwise(client):
    from tests.web.helpers import forms_of

    url = dice_game(client)
    raw = client.get(f"{url}?player=Ann&faces=single,single,double,station,locomotive")
    calgary = route("Calgary", "Vancouver")
    play = next(
        values
        for action, values in forms_of(raw.get_data(as_text=True))
        if action.endswith("/dice") and values.get("route") == str(calgary)
    )
    # Three dice pay for Calgary–Vancouver; the two left unused give one token.
    assert play["take"] == "1,0"
    assert client.post(f"{url}/dice", data=play).status_code == 303
    assert "Ann: 1 single token" in page(client, url)


def test_tokens_are_handed_back_only_by_a_player_who_holds_some(client):
    url = dice_game(client)
    faces = "faces=single,single,double,station,locomotive"
    assert "hand back tokens" not in page(client, f"{url}?player=Ann&{faces}")
    client.post(
        f"{url}/dice",
        data={"player": "Ann", "faces": faces[6:], "play": "claim",
              "route": route("Calgary", "Vancouver"), "take": "0,1"},
    )  # fmt: skip
    assert "hand back tokens" in page(client, f"{url}?player=Ann&{faces}")
    assert "hand back tokens" not in page(client, f"{url}?player=Bob&{faces}")


def test_a_refused_dice_play_keeps_the_roll(client):
    url = dice_game(client)
    response = client.post(
        f"{url}/dice",
        data={
            "player": "Ann",
            "faces": "single,single,double,station,locomotive",
            "play": "claim",
            "route": route("Denver", "Helena"),  # 4 spaces: more than this roll pays
        },
    )
    assert response.status_code == 409
    text = html.unescape(response.get_data(as_text=True))
    assert "Plays with single, single, double, station, locomotive" in text


def test_counts_that_do_not_make_five_dice_stay_to_be_put_right(client):
    url = dice_game(client)
    wrong = client.get(f"{url}?player=Ann&single=4&double=2").get_data(as_text=True)
    assert 'name="single" value="4" checked' in wrong
    assert 'name="double" value="2" checked' in wrong


NORDIC = load_board("nordic")


@pytest.mark.parametrize(("tunnel", "held"), [(2, "no tokens"), (0, "1 single token")])
def test_a_tunnels_tokens_are_those_the_dice_left_after_its_tunnel_faces(client, tunnel, held):
    # Lillehammer–Oslo is a single-track tunnel of 2 spaces. With 4 single faces and a
    # double, 3 dice are left unused before the black dice: the panel offers 1 token. Two
    # tunnel faces then take 2 more single faces, leaving 1 die unused: no token, and the
    # claim stands (the token chosen beforehand is not taken, nor the claim refused). With
    # no tunnel face, the token chosen is taken.
    url = dice_game(client, "nordic")
    lillehammer = next(r.id for r in NORDIC.routes if set(r.cities) == {"Lillehammer", "Oslo"})
    response = client.post(
        f"{url}/dice",
        data={
            "player": "Ann",
            "faces": "single,single,single,single,double",
            "play": "claim",
            "route": lillehammer,
            "take": "1,0",
            "tunnel": tunnel,
        },
    )
    assert response.status_code == 303, problem(response.get_data(as_text=True))
    table = page(client, url)
    assert "Ann claimed Lillehammer–Oslo (purple, tunnel): +2" in table
    assert f"Ann: {held}" in table


def test_a_dice_game_refuses_turns_sent_without_the_dice(client):
    # «Карты вагонов и локомотивов в игре не используются»: a crafted claim, card draw or
    # station without the dice is refused, and nothing is recorded.
    url = dice_game(client)
    sent = [
        ("claim", {"player": "Ann", "route": route("Seattle", "Portland")}),
        ("turn", {"player": "Ann", "drew": "cards"}),
        ("turn", {"player": "Ann", "drew": "tickets"}),
        ("turn", {"player": "Ann"}),
    ]
    for path, data in sent:
        response = client.post(f"{url}/{path}", data=data)
        assert response.status_code == 409, path
        assert "every turn is played with the train dice" in html.unescape(
            response.get_data(as_text=True)
        )
    europe = dice_game(client, "europe")
    response = client.post(f"{europe}/station", data={"player": "Ann", "city": "Berlin"})
    assert response.status_code == 409
    assert "Nothing recorded yet." in page(client, url) and "Nothing recorded yet." in page(
        client, europe
    )


def final_turns(client) -> str:
    """A dice game in its final round: Ann has no trains left, Bob has taken his last turn."""
    t = Table("Ann", "Bob", dice=True).down_to_three_trains("Ann")
    t.claim("Ann", "Oklahoma City", "Santa Fe")
    t.play(Pass("Bob", DiceTurn(("station", "single", "single", "double", "double")), 1))
    return import_record(client, record_of(t.state.setup, tuple(t.actions), {}))


def test_a_player_whose_final_turn_is_taken_is_offered_no_dice_plays(client):
    url = final_turns(client)
    table = page(client, f"{url}?player=Bob&faces=station,station,single,double,locomotive")
    assert "Bob has already taken their final turn" in table
    assert 'name="play"' not in table and "Roll the dice for me" not in table


def test_a_roll_that_allows_no_play_is_recorded_as_a_turn_taken(client):
    url = final_turns(client)
    faces = "single,single,single,double,double"
    table = page(client, f"{url}?player=Ann&faces={faces}")
    assert "This roll pays for no route, ticket or station: the turn ends." in table
    assert 'value="nothing"' in table and "Turn taken" in table
    data = {"player": "Ann", "faces": faces, "play": "nothing", "take": "2,0"}
    response = client.post(f"{url}/dice", data=data)
    assert response.status_code == 303, problem(response.get_data(as_text=True))
    table = page(client, url)
    assert "The game is over." in table
    assert "Ann's roll allowed no play: turn taken" in html.unescape(table)


def test_a_dice_games_start_banner_says_the_dice_ticket_draw(client):
    # «Станция — даёт возможность взять одну Карту Маршрутов, которую игрок может оставить
    # себе или сбросить»: the deal as the base game makes it, later draws by the dice.
    usa = html.unescape(page(client, dice_game(client)))
    assert (
        "Deal each player 3 tickets; each keeps at least 2. Later draws with the dice: one "
        "ticket per station or locomotive face; keep or discard each." in usa
    )
    assert "Later draws: 3" not in usa
    europe = html.unescape(page(client, dice_game(client, "europe")))
    assert (
        "3 regular tickets and 1 long; each keeps at least 2. Later draws with the dice" in europe
    )
    # Switzerland's deal is the table's to read from its own rules; the dice draw is said.
    swiss = html.unescape(page(client, dice_game(client, "switzerland")))
    assert "Later draws with the dice: one ticket per station or locomotive face" in swiss
