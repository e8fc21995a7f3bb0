"""Rails & Sails in the web app: the split at setup, ships, ports, exchanges, tours, the sheet."""

from __future__ import annotations

import html
import io

from pypdf import PdfReader

from companion.rules.map_file import load_board
from tests.web.helpers import page, problem


def route(map_id: str, a: str, b: str, color: str | None = None) -> int:
    (found,) = [
        r.id
        for r in load_board(map_id).routes
        if set(r.cities) == {a, b} and color in (None, r.color)
    ]
    return found


def new_game(client, map_id: str, seats: list[tuple[str, str, str]]):
    data = {"map": map_id}
    colors = ["red", "blue", "green", "yellow", "black"]
    for i in range(5):
        name, trains, ships = seats[i] if i < len(seats) else ("", "", "")
        data |= {
            f"seats-{i}-name": name,
            f"seats-{i}-color": colors[i],
            f"seats-{i}-trains": trains,
            f"seats-{i}-ships": ships,
        }
    return client.post("/games", data=data)


def test_each_players_split_is_asked_at_setup_and_checked(client):
    response = new_game(client, "world", [("Ann", "25", "35"), ("Bob", "", "")])
    assert response.status_code == 303
    url = response.headers["Location"].split("?")[0]
    table = page(client, url)
    assert "25 trains · 35 ships · 3 ports to build" in table  # Ann
    assert "20 trains · 40 ships" in table  # Bob: the suggested split
    response = new_game(client, "world", [("Ann", "26", "34"), ("Bob", "", "")])
    assert response.status_code == 400
    assert "at most 25 trains and 50 ships" in html.unescape(
        problem(response.get_data(as_text=True))
    )


def test_a_port_and_an_exchange_are_turns_on_the_table(client):
    url = (
        new_game(client, "great-lakes", [("Ann", "", ""), ("Bob", "", "")])
        .headers["Location"]
        .split("?")[0]
    )
    client.post(
        f"{url}/claim",
        data={"player": "Ann", "route": route("great-lakes", "Chicago", "Milwaukee", "green")},
    )
    table = page(client, f"{url}?player=Ann")
    assert '<option value="Chicago">Chicago</option>' in table
    assert client.post(f"{url}/port", data={"player": "Ann", "city": "Chicago"}).status_code == 303
    response = client.post(f"{url}/port", data={"player": "Bob", "city": "Milwaukee"})
    assert response.status_code == 409
    assert "Bob has no route into Milwaukee" in html.unescape(
        problem(response.get_data(as_text=True))
    )
    response = client.post(f"{url}/exchange", data={"player": "Bob", "count": "2", "take": "ships"})
    assert response.status_code == 303
    table = page(client, url)
    assert "Bob traded 2 trains for 2 ships: −2" in table
    assert "25 trains · 25 ships" in table
    response = client.post(f"{url}/exchange", data={"player": "Bob", "count": "9", "take": "ships"})
    assert response.status_code == 409
    assert "the box holds only 7 ships for Bob" in html.unescape(
        problem(response.get_data(as_text=True))
    )


def test_a_tour_from_the_deck_and_the_ports_on_the_sheet_and_pdf(client):
    url = (
        new_game(client, "world", [("Ann", "", ""), ("Bob", "", "")])
        .headers["Location"]
        .split("?")[0]
    )
    for a, b, color in [
        ("Lagos", "Luanda", "purple"),
        ("Luanda", "Dar Es Salaam", None),
        ("Dar Es Salaam", "Djibouti", "black"),
    ]:
        client.post(f"{url}/claim", data={"player": "Ann", "route": route("world", a, b, color)})
    client.post(f"{url}/port", data={"player": "Ann", "city": "Lagos"})
    deck = load_board("world").tickets
    tour = next(i for i, t in enumerate(deck) if t.cities[0] == "Lagos" and t.is_tour)
    assert client.post(f"{url}/tickets", data={"player": "Ann", "deck": tour}).status_code == 303
    tickets = page(client, f"{url}/tickets?player=Ann")
    assert "Lagos–Luanda–Dar Es Salaam–Djibouti" in tickets and "in order:" in tickets
    sheet = page(client, f"{url}/sheet")
    # Ann: routes 1 + 2 + 1 = 4; tour in order +9; the Lagos port, named by the tour: 20;
    # two ports not built −8.  25.  Bob: three ports not built −12.
    assert "Ann: 25 points" in sheet and "Bob: -12 points" in sheet
    assert "Port in Lagos: Lagos–Luanda–Dar Es Salaam–Djibouti" in sheet
    pdf = client.get(f"{url}/sheet.pdf").data
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    assert "+20 Port in Lagos: Lagos–Luanda–Dar Es Salaam–Djibouti" in text
    assert "−8 Ports not built: 2 ports × −4" in text  # a true minus in print


def test_the_claim_list_tells_sea_routes_from_rail_routes(client):
    url = (
        new_game(client, "great-lakes", [("Ann", "", ""), ("Bob", "", "")])
        .headers["Location"]
        .split("?")[0]
    )
    table = page(client, url)
    assert '<small class="sea">sea</small>' in table


def test_the_payment_check_knows_ship_cards_pair_spaces_and_ports(client):
    url = (
        new_game(client, "world", [("Ann", "", ""), ("Bob", "", "")])
        .headers["Location"]
        .split("?")[0]
    )
    pairs = route("world", "Dar Es Salaam", "Luanda")
    ok = page(client, f"{url}/pay?route={pairs}&train+red=2&train+green=2")
    assert "✓ Dar Es Salaam–Luanda (gray): the cards pay for 2 pair spaces" in ok
    port = page(client, f"{url}/pay?route=port&train+red=2&ship+red=1&joker=1")
    assert "✓ a port: 2 train cards and 2 ship cards" in port
    wrong = page(client, f"{url}/pay?route=port&train+red=2&ship+green=2")
    assert "✗ a port is paid in one colour, not 2" in wrong


def route_length(map_id: str, route_id: int) -> int:
    return load_board(map_id).routes[route_id].length


def test_the_world_picture_joins_its_west_and_east_edges():
    from companion.render.board_picture import board_svg

    svg = board_svg(load_board("world"), {}, {})
    # Anchorage–Tiksi crosses the edge: drawn as two halves, one running off each side.
    tiksi = route("world", "Anchorage", "Tiksi")
    group = svg.split(f'data-route="{tiksi}"')[1].split("</g>")[0]
    assert group.count('class="hit"') == 2  # two halves
    assert group.count("<rect") == route_length("world", tiksi)  # its spaces shared out
    calm = route("world", "Lagos", "Luanda", "purple")
    assert svg.split(f'data-route="{calm}"')[1].split("</g>")[0].count('class="hit"') == 1


def test_the_claim_list_measures_sea_routes_against_the_ships_left(client):
    response = new_game(client, "great-lakes", [("Ann", "33", "17"), ("Bob", "", "")])
    url = response.headers["Location"].split("?")[0]
    for a, b, color in [
        ("Lake Superior", "Duluth", "black"),
        ("Lake Superior", "Sault Ste. Marie", "green"),
        ("Lake Huron", "Detroit", "black"),
    ]:
        client.post(
            f"{url}/claim", data={"player": "Ann", "route": route("great-lakes", a, b, color)}
        )
    table = page(client, f"{url}?player=Ann")
    # 3 ships left: a 4-space lake route is refused with the referee's reason.
    assert "Ann has 3 ships left; " in table and " needs 4 ships" in table


def test_a_rail_route_tapped_where_a_lake_route_joins_the_same_cities_lands(client):
    url = (
        new_game(client, "great-lakes", [("Ann", "", ""), ("Bob", "", "")])
        .headers["Location"]
        .split("?")[0]
    )
    rail = next(
        r.id
        for r in load_board("great-lakes").routes
        if set(r.cities) == {"Thunder Bay", "Duluth"} and r.kind == "rail"
    )
    assert client.post(f"{url}/claim", data={"player": "Ann", "route": rail}).status_code == 303
