"""Nordic Countries and Switzerland in the web app: offered for 2 to 3 players, country
tickets picked as printed, scored on the sheet, exported and imported."""

from __future__ import annotations

import html
import json

from companion.rules.map_file import load_board
from tests.web.helpers import new_game_form, page, problem
from tests.web.test_web_dice import dice_game

SWITZERLAND = load_board("switzerland")


def new_game(client, map_id: str, *names: str) -> str:
    response = client.post("/games", data=new_game_form(map_id, *names))
    assert response.status_code == 303, problem(response.get_data(as_text=True))
    return response.headers["Location"].split("?")[0]


def deck_number(name: str) -> int:
    return next(i for i, t in enumerate(SWITZERLAND.tickets) if t.name == name)


FRANCE = "France → Deutschland, Österreich, Italia"


def test_the_new_game_form_offers_both_maps_for_two_or_three_players(client):
    home = page(client, "/")
    assert "Nordic Countries (2–3 players)" in home and "Switzerland (2–3 players)" in home
    data = new_game_form("nordic", "Ann", "Bob", "Cy", "Dee")
    refused = client.post("/games", data=data)
    assert refused.status_code == 400
    assert "is played by 2 to 3 players, not 4" in html.unescape(refused.get_data(as_text=True))


def test_a_country_ticket_is_picked_from_the_deck_as_printed(client):
    url = new_game(client, "switzerland", "Ann", "Bob", "Cy")
    tickets = page(client, f"{url}/tickets?player=Ann")
    assert "France → Deutschland 5 · Österreich 14 · Italia 11" in html.unescape(
        tickets.replace("&nbsp;", " ").replace("<strong>", "").replace("</strong>", "")
    )
    number = deck_number(FRANCE)

    def left(tickets: str) -> str:
        start = tickets.index(f'name="deck" value="{number}"')
        return html.unescape(tickets[start : tickets.index("</li>", start)]).replace("\xa0", " ")

    assert "2 cards left in the deck" in left(tickets)
    client.post(f"{url}/tickets", data={"player": "Ann", "deck": number})
    hand = html.unescape(page(client, f"{url}/tickets?player=Ann"))
    assert "no target reached yet: -5" in hand  # the lowest value, while none is reached
    # The deck has two: Bob may pick the other; then none is left.
    assert "1 card left in the deck" in left(page(client, f"{url}/tickets?player=Bob"))
    client.post(f"{url}/tickets", data={"player": "Bob", "deck": number})
    assert f'name="deck" value="{number}"' not in page(client, f"{url}/tickets?player=Cy")
    refused = client.post(f"{url}/tickets", data={"player": "Cy", "deck": number})
    assert refused.status_code == 409
    assert "the deck has 2 France → " in html.unescape(refused.get_data(as_text=True))


def test_a_country_ticket_scores_its_highest_target_on_the_sheet_and_in_the_export(client):
    url = new_game(client, "switzerland", "Ann", "Bob")
    for a, b in (("Delémont", "France"), ("Basel", "Delémont"), ("Basel", "Deutschland")):
        route = SWITZERLAND.routes_between(a, b)[0]
        player = "Ann"
        response = client.post(f"{url}/claim", data={"player": player, "route": route.id})
        assert response.status_code == 303, problem(response.get_data(as_text=True))
    client.post(f"{url}/tickets", data={"player": "Ann", "deck": deck_number(FRANCE)})
    hand = html.unescape(page(client, f"{url}/tickets?player=Ann"))
    assert "Deutschland reached: +5" in hand
    sheet = html.unescape(page(client, f"{url}/sheet"))
    assert "Deutschland, the highest target reached: France–Delémont–Basel–Deutschland" in sheet
    record = json.loads(client.get(f"{url}/record.json").get_data(as_text=True))
    assert record["tickets"]["Ann"] == [
        {"from": "France", "to": ["Deutschland", "Österreich", "Italia"]}
    ]


def test_the_payment_check_knows_a_nordic_ferrys_stand_in_cards(client):
    url = new_game(client, "nordic", "Ann", "Bob")
    ferry = next(r for r in load_board("nordic").routes if set(r.cities) == {"Ålborg", "Göteborg"})
    paid = page(client, f"{url}/pay?route={ferry.id}&red=1&blue=2&green=1")
    assert "1 set of 3 cards for a locomotive" in html.unescape(paid)
    plain = next(
        r for r in load_board("nordic").routes if set(r.cities) == {"Kristiansand", "Oslo"}
    )
    refused = page(client, f"{url}/pay?route={plain.id}&black=1&locomotive=1")
    assert "wild only on ferries and tunnels" in html.unescape(refused)


def test_kreuzlingens_two_routes_into_deutschland_are_told_apart_in_words(client):
    url = new_game(client, "switzerland", "Ann", "Bob")
    table = html.unescape(page(client, url))
    start = table.index('data-key="kreuzlingen')
    city = table[start : table.index("</details>", start)]
    assert "Deutschland <small>(orange)</small>" in city
    assert "(white)" in city


def test_the_key_to_the_swiss_board_names_each_countrys_flag(client):
    url = new_game(client, "switzerland", "Ann", "Bob")
    board = html.unescape(page(client, f"{url}/board"))
    for country in ("France", "Deutschland", "Österreich", "Italia"):
        assert f"route into {country}" in board
    assert "linear-gradient(to right, #0055a4 0.00% 33.33%" in board


def test_with_dice_the_board_says_lieksa_murmansk_is_out_of_their_reach(client):
    url = dice_game(client, "nordic")
    nordic = load_board("nordic")
    lieksa = next(r for r in nordic.routes if set(r.cities) == {"Lieksa", "Murmansk"})
    sheet = html.unescape(
        client.get(f"{url}/confirm?route={lieksa.id}", headers={"HX-Request": "true"}).get_data(
            as_text=True
        )
    )
    assert (
        "Lieksa–Murmansk has 9 spaces: with dice no route longer than 8 (5 dice and 3 tokens) "
        "can be claimed.</span>" in sheet  # said as a sentence, with its full stop
    )
    assert "The dice panel" not in sheet
    oslo = next(r for r in nordic.routes if set(r.cities) == {"Kristiansand", "Oslo"})
    sheet = client.get(f"{url}/confirm?route={oslo.id}", headers={"HX-Request": "true"})
    assert "The dice panel" in sheet.get_data(as_text=True)
