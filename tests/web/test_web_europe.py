"""Europe in the web app: stations as a turn, what each borrows on the sheet and the PDF."""

from __future__ import annotations

import html
import io
import re

from pypdf import PdfReader

from companion.rules.map_file import load_board
from tests.web.helpers import page, problem

EUROPE = load_board("europe")


def route(a: str, b: str, color: str | None = None) -> int:
    (found,) = [r.id for r in EUROPE.routes if set(r.cities) == {a, b} and color in (None, r.color)]
    return found


def new_game(client, *names: str) -> str:
    data = {"map": "europe"}
    for i, color in enumerate(["red", "blue", "green", "yellow", "black"]):
        data |= {f"seats-{i}-name": names[i] if i < len(names) else "", f"seats-{i}-color": color}
    return client.post("/games", data=data).headers["Location"].split("?")[0]


def test_a_station_is_a_turn_and_the_sheet_says_what_it_borrows(client):
    url = new_game(client, "Ann", "Bob", "Cy")
    client.post(
        f"{url}/claim", data={"player": "Ann", "route": route("Paris", "Frankfurt", "orange")}
    )
    client.post(
        f"{url}/claim", data={"player": "Bob", "route": route("Frankfurt", "Berlin", "red")}
    )
    assert (
        client.post(f"{url}/station", data={"player": "Ann", "city": "Frankfurt"}).status_code
        == 303
    )
    table = page(client, url)
    assert "Frankfurt (Ann)" in table and "2 stations" in table
    response = client.post(f"{url}/station", data={"player": "Bob", "city": "Frankfurt"})
    assert response.status_code == 409
    assert "Frankfurt already has Ann's station" in html.unescape(
        problem(response.get_data(as_text=True))
    )
    client.post(
        f"{url}/tickets",
        data={"player": "Ann", "city_a": "Paris", "city_b": "Berlin", "points": "9"},
    )
    sheet = page(client, f"{url}/sheet")
    assert "Station in Frankfurt: uses Berlin–Frankfurt (red)" in re.sub(r"<[^>]+>", "", sheet)
    # Ann: 4 + 9 (borrowing Bob's route) + 8 (two stations unused) + 10 (longest path 3,
    # tied with Bob) = 31.
    assert "Ann: 31 points" in sheet
    pdf = client.get(f"{url}/sheet.pdf").data
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    assert "Station in Frankfurt: uses Berlin–Frankfurt (red)" in text
    assert "+8 Unused stations: 2 stations × +4" in text


def test_the_payment_check_knows_tunnels_ferries_and_stations(client):
    url = new_game(client, "Ann", "Bob")
    tunnel = route("Marseille", "Zürich")
    ok = page(client, f"{url}/pay?route={tunnel}&purple=3&t1=purple&t2=red&t3=blue")
    assert (
        "✓ Marseille–Zürich (purple, tunnel): 3 purple cards pay for 2 spaces and 1 tunnel card"
        in ok
    )
    ferry = route("Amsterdam", "London")
    assert "✗ Amsterdam–London is a ferry: it takes 2 locomotives, not 0" in page(
        client, f"{url}/pay?route={ferry}&red=2"
    )
    assert "✓ station number 1" in page(client, f"{url}/pay?route=station&red=1")


def test_the_payment_checks_answer_comes_first_with_the_claim_one_tap_away(client):
    url = new_game(client, "Ann", "Bob")
    tunnel = route("Marseille", "Zürich")
    answer = page(client, f"{url}/pay?route={tunnel}&player=Bob&purple=3&t1=purple")
    # The answer above the form (its address ends at #verdict), then Bob's claim of it.
    assert answer.index('id="verdict"') < answer.index('class="pay"')
    assert 'action="' + f"{url}/pay#verdict" + '"' in answer
    claim = answer[answer.index('id="verdict"') : answer.index('class="pay"')]
    assert f'name="route" value="{tunnel}"' in claim and 'name="player" value="Bob"' in claim
    token = re.search(r'name="token" value="([^"]+)"', claim)[1]
    seen = re.search(r'name="seen" value="([^"]+)"', claim)[1]
    done = client.post(
        f"{url}/claim", data={"player": "Bob", "route": tunnel, "token": token, "seen": seen}
    )
    assert done.status_code == 303, problem(done.get_data(as_text=True))
    assert "Bob claimed Marseille–Zürich" in html.unescape(page(client, url))
    # The cards turned over for a tunnel are asked for a tunnel only.
    plain = page(client, f"{url}/pay?route={route('Amsterdam', 'Essen')}&yellow=3")
    assert re.search(r'<p class="hint" data-tunnel-only\s+hidden', plain)
    assert not re.search(r'<p class="hint" data-tunnel-only\s+hidden', answer)


def test_the_payment_check_prices_the_next_station_of_the_player_asked_for(client):
    url = new_game(client, "Ann", "Bob")
    client.post(f"{url}/station", data={"player": "Bob", "city": "Berlin"})
    table = page(client, f"{url}?player=Bob")
    assert f'href="{url}/pay?player=Bob"' in table
    # Bob has built one station: his next is the second, and costs 2 cards.
    assert "✓ station number 2" in page(client, f"{url}/pay?route=station&player=Bob&red=2")
    assert "✓ station number 1" in page(client, f"{url}/pay?route=station&player=Ann&red=1")


def test_is_my_ticket_done_answers_with_the_stations_borrowed_route(client):
    url = new_game(client, "Ann", "Bob")
    client.post(
        f"{url}/claim", data={"player": "Ann", "route": route("Paris", "Frankfurt", "orange")}
    )
    client.post(
        f"{url}/claim", data={"player": "Bob", "route": route("Frankfurt", "Berlin", "red")}
    )
    client.post(f"{url}/station", data={"player": "Ann", "city": "Frankfurt"})
    answer = page(client, f"{url}/check?player=Ann&from=Paris&to=Berlin")
    assert "Yes: Paris–Frankfurt–Berlin" in answer
