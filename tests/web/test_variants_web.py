"""A variant's game through the app: imported, stored and exported with its variant, its
sheet scored with the variant's decks and bonuses."""

from __future__ import annotations

import html
import io
import json
import re

from tests.render.test_sheet_renderers import html_rows
from tests.web.helpers import page, problem, seats


def test_an_imported_mega_game_keeps_its_variant_and_scores_with_it(client):
    record = {
        "map": "usa",
        "variant": "mega",
        "players": ["Ann", "Bob"],
        "actions": [
            {"player": "Ann", "claim": ["Chicago", "Pittsburgh"], "color": "orange"},
            {"player": "Bob", "claim": ["Seattle", "Portland"], "track": 1},
            {"player": "Ann", "claim": ["Pittsburgh", "New York"], "color": "white"},
        ],
        "tickets": {"Ann": [["Chicago", "New York"], ["Los Angeles", "Miami"]]},
    }
    response = client.post(
        "/import",
        data={"record": (io.BytesIO(json.dumps(record).encode()), "game.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    url = response.headers["Location"].split("?")[0]
    exported = client.get(f"{url}/record.json").get_json()
    assert exported["variant"] == "mega"
    # Ann, by hand: routes 4 + 2; Chicago–New York 5 (1910 deck); Los Angeles–Miami −19
    # (the Mega deck's reprint; the base card says 20); longest path +10; Globetrotter +15.
    # The sheet page's standings: routes, tickets, longest path, Globetrotter, total.
    rows = html_rows(client.get(f"{url}/sheet").get_data(as_text=True))
    assert rows["Ann"] == [4 + 2, 5 - 19, 10, 15, 4 + 2 + 5 - 19 + 10 + 15]
    assert rows["Bob"] == [1, 0, 0, 0, 1]


def test_a_game_started_as_a_mega_game_says_the_deal_and_keeps_its_variant(client):
    data = seats("Ann", "Bob") | {"variant": "mega"}
    response = client.post("/games", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    url = response.headers["Location"].split("?")[0]
    table = page(client, url)
    # The Mega Game's deal (RULES.md): 5 tickets, keep at least 3; later 4, keep 1.
    assert (
        "North America — Mega Game</strong><br>Deal each player 5 tickets; each keeps at "
        "least 3. Later draws: 4, keep at least 1." in table
    )
    assert client.get(f"{url}/record.json").get_json()["variant"] == "mega"


def test_a_variant_of_another_map_is_refused_with_the_maps_own(client):
    response = client.post("/games", data=seats("Ann", "Bob") | {"variant": "extended"})
    assert response.status_code == 400
    said = html.unescape(problem(response.get_data(as_text=True)))
    assert "'base', '1910', 'mega' or 'big-cities', not 'extended'" in said


def test_the_new_game_form_offers_each_maps_ticket_decks(client):
    home = page(client, "/")
    assert (
        'data-maps="usa"><input type="radio" name="variant" value="mega"> USA 1910: Mega Game'
        in home
    )
    assert 'data-maps="europe"><input type="radio" name="variant" value="extended">' in home


def test_a_dice_game_of_europa_1912s_mega_draws_tickets_and_enters_them_from_its_decks(client):
    data = seats("Ann", "Bob") | {"map": "europe", "variant": "mega", "dice": "y"}
    response = client.post("/games", data=data)
    assert response.status_code == 303, problem(response.get_data(as_text=True))
    url = response.headers["Location"].split("?")[0]
    # Two station faces draw two tickets (the Dice Expansion); the table deals them from
    # the Mega decks.
    faces = "station,station,single,double,locomotive"
    drew = client.post(f"{url}/dice", data={"player": "Ann", "faces": faces, "play": "tickets",
                                            "tickets": 2, "take": "0,0"})  # fmt: skip
    assert drew.status_code == 303, problem(drew.get_data(as_text=True))
    tickets = page(client, f"{url}/tickets?player=Ann")
    assert "From the Mega deck" in tickets
    assert "Lisboa–Danzig 20 long ticket" in " ".join(re.sub(r"<[^>]+>", " ", tickets).split())
    # A long ticket of Europa 1912 typed by its cities takes the deck's value; one that no
    # deck of the Mega holds, typed without its value, is refused with the reason.
    typed = client.post(f"{url}/tickets", data={"player": "Ann", "city_a": "Lisboa",
                                                "city_b": "Danzig"})  # fmt: skip
    assert typed.status_code == 303, problem(typed.get_data(as_text=True))
    record = client.get(f"{url}/record.json").get_json()
    assert (record["variant"], record["dice"]) == ("mega", True)
    assert record["tickets"]["Ann"] == [["Lisboa", "Danzig"]]
    other = client.post(f"{url}/tickets", data={"player": "Ann", "city_a": "Lisboa",
                                                "city_b": "Moskva"})  # fmt: skip
    assert other.status_code == 409
    assert "Lisboa–Moskva is not in the Mega deck" in html.unescape(
        problem(other.get_data(as_text=True))
    )


def test_a_typed_ticket_refused_keeps_what_was_typed_beside_the_reason(client):
    response = client.post("/games", data=seats("Ann", "Bob") | {"variant": "1910"})
    url = response.headers["Location"].split("?")[0]
    refused = client.post(f"{url}/tickets", data={"player": "Ann", "city_a": "Los Angeles",
                                                  "city_b": "Miami"})  # fmt: skip
    assert refused.status_code == 409
    text = html.unescape(refused.get_data(as_text=True))
    form = text[text.index('class="typed"') - 400 :]
    assert "Los Angeles–Miami is not in the 1910 deck" in form  # said again by the form
    assert 'name="city_a" list="city-names" required autocomplete="off" value="Los Angeles"' in form
    assert 'value="Miami"' in form
