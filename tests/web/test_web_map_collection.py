"""India and Legendary Asia in the web app: offered on the home page with their seats and
where their data comes from, a mountain claim refused for want of trains with the reason,
and the Mandala and the Mountain Crossing on the sheet and in its exports."""

from __future__ import annotations

import html

from companion.rules.map_file import load_board
from tests.web.helpers import new_game_form, page, problem

INDIA, ASIA = load_board("india"), load_board("legendary-asia")


def new_game(client, map_id: str, *names: str) -> str:
    response = client.post("/games", data=new_game_form(map_id, *names))
    assert response.status_code == 303, problem(response.get_data(as_text=True))
    return response.headers["Location"].split("?")[0]


def claim(client, url: str, player: str, board, a: str, b: str, track: int = 1):
    route = next(r for r in board.routes_between(a, b) if r.track == track)
    return client.post(f"{url}/claim", data={"player": player, "route": route.id})


def test_the_home_page_offers_both_maps_and_says_where_their_data_comes_from(client):
    home = page(client, "/")
    assert "India (2–4 players)" in home and "Legendary Asia" in home
    assert "Seoul–Vladivostok and Kobe–Seoul are kept at 1 locomotive" in home
    answer = client.get("/", headers={"Accept-Language": "ru"})
    russian = html.unescape(answer.get_data(as_text=True))
    assert "Индия" in russian and "Легендарная Азия" in russian
    assert "Сеул–Владивосток и Кобе–Сеул оставлен 1 локомотив" in russian


def test_india_is_refused_to_five_players_with_the_reason(client):
    data = new_game_form("india", "Ann", "Bob", "Cy", "Dee", "Eve")
    refused = client.post("/games", data=data)
    assert refused.status_code == 400
    assert "is played by 2 to 4 players, not 5" in html.unescape(refused.get_data(as_text=True))


def test_neither_map_takes_the_dice_expansion(client):
    for map_id in ("india", "legendary-asia"):
        data = new_game_form(map_id, "Ann", "Bob", dice="y")
        refused = client.post("/games", data=data)
        assert refused.status_code == 400
        said = problem(html.unescape(refused.get_data(as_text=True)))
        assert "Dice Expansion" in said, said


def test_a_mountain_claim_without_trains_for_its_crosses_is_refused_and_nothing_is_lost(client):
    url = new_game(client, "legendary-asia", "Ann", "Bob")
    # Ann claims 41 trains of long routes (6 + 7 × 5), then has 4: Hanoi–Mandalay's 2
    # spaces and 2 ✕ take 4, Kathmandu–Mandalay's as well; Lhasa–Xi'an (4 spaces, 1 ✕)
    # would take 5.
    for a, b in (
        ("Dihua", "Peking"), ("Chita", "Khabarovsk"), ("Khabarovsk", "Peking"),
        ("Dihua", "Omsk"), ("Dihua", "Xi'an"), ("Astrakhan", "Samarkand"),
        ("Calcutta", "Colombo"), ("Dihua", "Samarkand"),
    ):  # fmt: skip
        assert claim(client, url, "Ann", ASIA, a, b).status_code == 303
    refused = claim(client, url, "Ann", ASIA, "Lhasa", "Xi'an")
    assert refused.status_code == 409
    said = html.unescape(refused.get_data(as_text=True)).replace("\xa0", " ")
    assert "Ann has 4 trains left; Lhasa–Xi'an needs 5 trains: 4 spaces and 1 train" in said
    assert "Mountain Crossing" in said
    table = page(client, url).replace("\xa0", " ")
    assert "4 trains" in table


def test_the_sheet_shows_the_mandala_and_its_csv_carries_the_bonus(client):
    url = new_game(client, "india", "Ann", "Bob")
    ring = [("Jaipur", "Delhi"), ("Delhi", "Agra"), ("Agra", "Bhopal"), ("Bhopal", "Ratiam"),
            ("Ratiam", "Jaipur")]  # fmt: skip
    for a, b in ring:
        assert claim(client, url, "Ann", INDIA, a, b).status_code == 303
    number = next(i for i, t in enumerate(INDIA.tickets) if set(t.cities) == {"Ambala", "Ratiam"})
    client.post(f"{url}/tickets", data={"player": "Ann", "deck": number})
    client.post(
        f"{url}/tickets",
        data={"player": "Ann", "city_a": "Jaipur", "city_b": "Bhopal", "points": "6"},
    )
    sheet = page(client, f"{url}/sheet").replace("\xa0", " ")
    assert "two paths that share no route" in sheet
    assert "1 ticket makes a Mandala" in sheet
    # Ann: routes 2 + 2 + 1 + 2 + 1 = 8; Jaipur–Bhopal +6, Ambala–Ratiam −5; the Mandala
    # 5; the Indian Express (8 spaces, the ring) 10: 24.
    assert "Ann: 24 points" in sheet
    csv = client.get(f"{url}/sheet.csv").get_data(as_text=True).lstrip("\ufeff").splitlines()
    assert csv[0].startswith("Rank,Player,Routes,Tickets,Indian Express,Mandala,Total")
    assert csv[1].startswith("1,Ann,8,1,10,5,24,")
    record = client.get(f"{url}/record.json").get_json()
    assert record["map"] == "india"


def test_each_players_tickets_lead_to_the_next_and_the_last_seats_to_the_sheet(client):
    url = new_game(client, "india", "Ann", "Bob", "Cy")
    for player, after in (("Ann", "Bob"), ("Bob", "Cy")):
        tickets = page(client, f"{url}/tickets?player={player}")
        assert f'href="{url}/tickets?player={after}#hand"' in tickets
        assert f"Next: {after}'s tickets" in tickets
    last = page(client, f"{url}/tickets?player=Cy")
    assert f'href="{url}/sheet">Next: the score sheet' in last
    assert "Next: Ann's tickets" not in last
