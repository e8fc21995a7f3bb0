"""Märklin in the web app: passengers with claims, goods colours, trips, the sheet, the PDF."""

from __future__ import annotations

import html
import io
import re
from urllib.parse import unquote

from pypdf import PdfReader

from companion.rules.map_file import load_board
from tests.helpers import MARKLIN_GOODS
from tests.web.helpers import page, problem, seats

MARKLIN = load_board("marklin")


def route(a: str, b: str, track: int = 1) -> int:
    (found,) = [r.id for r in MARKLIN.routes if set(r.cities) == {a, b} and r.track == track]
    return found


def new_game(client, *names: str, house_rules: tuple[str, ...] = ()) -> str:
    data = {"map": "marklin", "house_rules": list(house_rules)}
    colors = ["red", "blue", "green", "yellow", "black"]
    for i in range(5):
        data[f"seats-{i}-name"] = names[i] if i < len(names) else ""
        data[f"seats-{i}-color"] = colors[i]
    response = client.post("/games", data=data)
    assert response.status_code == 303, problem(response.get_data(as_text=True))
    return response.headers["Location"].split("?")[0]


def test_a_claim_places_a_passenger_on_a_city_of_the_route(client):
    url = new_game(client, "Ann", "Bob", "Cy", "Dee")
    response = client.post(
        f"{url}/claim",
        data={"player": "Ann", "route": route("Köln", "Koblenz"), "passenger": "Koblenz"},
    )
    assert response.status_code == 303
    table = page(client, url)
    assert "Ann claimed Koblenz–Köln (gray, track 1): +1, passenger in Koblenz" in table
    assert "Koblenz (Ann)" in table
    response = client.post(
        f"{url}/claim",
        data={"player": "Bob", "route": route("Köln", "Frankfurt"), "passenger": "Mainz"},
    )
    assert response.status_code == 409
    assert "a city of the route just claimed" in html.unescape(
        problem(response.get_data(as_text=True))
    )


def test_the_goods_colours_are_set_once_and_remembered_for_the_next_game(client):
    url = new_game(client, "Ann", "Bob")
    response = client.post(f"{url}/goods", data={f"goods-{c}": v for c, v in MARKLIN_GOODS.items()})
    # Saved, the page goes back to the table, where the passengers are played.
    assert response.status_code == 303 and response.headers["Location"] == url
    board = {"black": 1, "red": 6, "yellow": 12, "white": 16}
    assert goods_counts(page(client, f"{url}/goods")) == {c: (n, n) for c, n in board.items()}
    second = new_game(client, "Cy", "Dee")
    assert goods_counts(page(client, f"{second}/goods")) == {c: (n, n) for c, n in board.items()}


def test_goods_colours_set_at_one_table_are_not_offered_to_another(client, app):
    url = new_game(client, "Ann", "Bob")
    client.post(f"{url}/goods", data={f"goods-{c}": v for c, v in MARKLIN_GOODS.items()})
    other = app.test_client()  # another table's phone
    theirs = new_game(other, "Cy", "Dee")
    assert set(goods_counts(page(other, f"{theirs}/goods")).values()) <= {
        (0, 1), (0, 6), (0, 12), (0, 16), (1, 1)  # Berlin, printed black on the board
    }  # fmt: skip


def test_a_groups_next_marklin_game_starts_with_its_last_goods_colours(client, app):
    group = client.post("/t", data={"name": "Club"}).headers["Location"]
    data = {**seats("Ann", "Bob"), "map": "marklin"}
    first = client.post(f"{group}/games", data=data).headers["Location"].split("?")[0]
    client.post(f"{first}/goods", data={f"goods-{c}": v for c, v in MARKLIN_GOODS.items()})
    # The next game, started from the group's page on another phone, has them.
    other = app.test_client()
    second = other.post(f"{group}/games", data=data).headers["Location"].split("?")[0]
    board = {"black": 1, "red": 6, "yellow": 12, "white": 16}
    assert goods_counts(page(other, f"{second}/goods")) == {c: (n, n) for c, n in board.items()}


def goods_counts(goods_page: str) -> dict[str, tuple[int, int]]:
    """The goods page's counts: for each colour, the cities set and those the board has."""
    found = re.findall(r'data-count="(\w+)" data-most="(\d+)">(\d+)</strong>', goods_page)
    return {color: (int(n), int(most)) for color, most, n in found}


def test_the_goods_page_takes_one_tap_a_city_and_clears_a_colour(client):
    url = new_game(client, "Ann", "Bob")
    client.post(f"{url}/goods", data={f"goods-{c}": v for c, v in MARKLIN_GOODS.items()})
    goods = page(client, f"{url}/goods")
    # One choice per city: not set, or one of the four colours.
    assert goods.count('name="goods-Köln"') == 5
    assert 'name="goods-Köln" value="red" checked' in goods
    response = client.post(f"{url}/goods", data={"goods-Köln": ""})
    assert response.status_code == 303
    goods = page(client, f"{url}/goods")
    assert goods_counts(goods)["red"] == (5, 6)
    assert 'name="goods-Köln" value="" checked' in goods
    # Forgotten for the next game too.
    second = new_game(client, "Cy", "Dee")
    assert goods_counts(page(client, f"{second}/goods"))["red"] == (5, 6)


def test_goods_colours_that_do_not_add_up_are_refused(client):
    url = new_game(client, "Ann", "Bob")
    response = client.post(f"{url}/goods", data={"goods-Köln": "black"})
    assert response.status_code == 400
    assert "Only 1 city has black goods, not 2" in html.unescape(response.get_data(as_text=True))


def test_a_trip_is_tapped_city_by_city_and_shows_tokens_and_cards_before_it_is_made(client):
    url = new_game(client, "Ann", "Bob", "Cy", "Dee")
    client.post(f"{url}/goods", data={f"goods-{c}": v for c, v in MARKLIN_GOODS.items()})
    client.post(
        f"{url}/claim",
        data={"player": "Ann", "route": route("Köln", "Düsseldorf"), "passenger": "Köln"},
    )
    client.post(f"{url}/claim", data={"player": "Bob", "route": route("Düsseldorf", "Dortmund")})
    start = page(client, f"{url}/trip?player=Ann")
    assert "From Köln" in start
    step = page(client, f"{url}/trip?player=Ann&path=Köln")
    assert "Düsseldorf" in step and "own" in step
    preview = page(client, f"{url}/trip?player=Ann&path=Köln|Düsseldorf|Dortmund")
    assert re.search(r"Düsseldorf 3</span>\s*<span class=\"chip\">Dortmund 3", preview)
    assert "6 points</strong>; 1 passenger card." in preview
    response = client.post(
        f"{url}/trip", data={"player": "Ann", "path": "Köln|Düsseldorf|Dortmund"}
    )
    assert response.status_code == 303
    assert "Ann's passenger travelled Köln–Düsseldorf–Dortmund: 3 + 3 = 6 points" in page(
        client, url
    )


def test_a_trip_through_a_city_without_its_goods_colour_asks_for_it(client):
    url = new_game(client, "Ann", "Bob")
    client.post(
        f"{url}/claim",
        data={"player": "Ann", "route": route("Köln", "Koblenz"), "passenger": "Köln"},
    )
    preview = page(client, f"{url}/trip?player=Ann&path=Köln|Koblenz")
    assert "the goods colour of Koblenz is not set" in preview
    assert 'name="goods-Koblenz"' in preview
    back = f"{url}/trip?player=Ann&path=Köln|Koblenz"
    response = client.post(f"{url}/goods", data={"goods-Koblenz": "white", "back": back})
    assert response.status_code == 303 and unquote(response.headers["Location"]) == back
    assert "2 points</strong>" in page(client, back)


def test_an_illegal_trip_is_refused_with_the_rule(client):
    url = new_game(client, "Ann", "Bob")
    client.post(
        f"{url}/claim",
        data={
            "player": "Ann",
            "route": route("Düsseldorf", "Niederlande"),
            "passenger": "Düsseldorf",
        },
    )
    response = client.post(f"{url}/trip", data={"player": "Ann", "path": "Düsseldorf|Niederlande"})
    assert response.status_code == 409
    assert "passengers never enter a country" in html.unescape(response.get_data(as_text=True))


def passenger_in_koblenz(client) -> str:
    """A game with the goods colours set, Ann's passenger in Koblenz (Köln–Koblenz hers)
    and Köln–Frankfurt Bob's; its address."""
    url = new_game(client, "Ann", "Bob", "Cy", "Dee")
    client.post(f"{url}/goods", data={f"goods-{c}": v for c, v in MARKLIN_GOODS.items()})
    client.post(
        f"{url}/claim",
        data={"player": "Ann", "route": route("Köln", "Koblenz"), "passenger": "Koblenz"},
    )
    client.post(f"{url}/claim", data={"player": "Bob", "route": route("Köln", "Frankfurt")})
    return url


def test_the_best_trip_is_offered_for_a_number_of_cards(client):
    url = passenger_in_koblenz(client)
    best = page(client, f"{url}/trip?player=Ann&path=Koblenz&cards=1")
    assert "Best: Koblenz – Köln – Frankfurt: 8 points, 1 card." in best
    assert "Take this trip" in best


def test_the_best_trip_is_found_beside_the_trip_being_built(client):
    url = passenger_in_koblenz(client)
    built = page(client, f"{url}/trip?player=Ann&path=Koblenz|Köln&cards=1")
    assert '<p class="path">Koblenz – Köln</p>' in built  # the trip being built stays
    assert "Best: Koblenz – Köln – Frankfurt: 8 points, 1 card." in built
    # The best trip's form keeps the trip being built, and each next step keeps the best.
    assert 'name="path" value="Koblenz|Köln"' in built
    assert "cards=1" in built.split("Then to")[1]


def test_the_sheet_and_the_pdf_list_each_trip_and_the_globetrotter(client):
    url = new_game(client, "Ann", "Bob")
    client.post(f"{url}/goods", data={f"goods-{c}": v for c, v in MARKLIN_GOODS.items()})
    client.post(
        f"{url}/claim",
        data={"player": "Ann", "route": route("Köln", "Koblenz"), "passenger": "Köln"},
    )
    client.post(f"{url}/trip", data={"player": "Ann", "path": "Köln|Koblenz"})
    client.post(
        f"{url}/tickets",
        data={"player": "Ann", "city_a": "Köln", "city_b": "Koblenz", "points": "5"},
    )
    sheet = page(client, f"{url}/sheet")
    # Ann: route 1 + goods 2 (Koblenz, white) + ticket 5 + Globetrotter 10 = 18.
    assert "Ann: 18 points" in sheet
    assert "Köln–Koblenz: Koblenz 2; 0 passenger cards" in re.sub(r"<[^>]+>", "", sheet)
    assert (
        "Globetrotter: +10 (+10 for the most completed tickets: Ann with 1 completed ticket)"
        in re.sub(r"<[^>]+>", "", sheet)
    )
    pdf = client.get(f"{url}/sheet.pdf").data
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    assert "Goods: +2 (1 passenger trip)" in text
    assert "+2 Köln–Koblenz: Koblenz 2; 0 passenger cards" in text
    assert (
        "Globetrotter: +10 (+10 for the most completed tickets: Ann with 1 completed ticket)"
        in text
    )


def test_a_marklin_house_rule_is_chosen_at_the_start_and_kept_in_the_export(client):
    url = new_game(client, "Ann", "Bob", house_rules=("goods_each_pass",))
    record = client.get(f"{url}/record.json").get_json()
    assert record["house_rules"] == ["goods_each_pass"]


def test_a_marklin_house_rule_is_refused_on_north_america(client):
    data = {
        "map": "usa",
        "house_rules": ["goods_each_pass"],
        "seats-0-name": "Ann",
        "seats-1-name": "Bob",
        "seats-0-color": "red",
        "seats-1-color": "blue",
    }
    for i in range(2, 5):
        data[f"seats-{i}-name"] = ""
        data[f"seats-{i}-color"] = ["green", "yellow", "black"][i - 2]
    response = client.post("/games", data=data)
    assert response.status_code == 400
    assert (
        "The house rule 'a passenger passing a city twice in one trip takes a token each time' "
        "is for Ticket to Ride: Märklin Edition, not Ticket to Ride"
    ) in html.unescape(response.get_data(as_text=True))


def test_a_trip_is_not_offered_a_route_it_has_already_used(client):
    url = new_game(client, "Ann", "Bob", "Cy", "Dee")
    client.post(f"{url}/goods", data={f"goods-{c}": v for c, v in MARKLIN_GOODS.items()})
    client.post(
        f"{url}/claim",
        data={"player": "Ann", "route": route("Köln", "Düsseldorf"), "passenger": "Köln"},
    )
    client.post(f"{url}/claim", data={"player": "Bob", "route": route("Köln", "Düsseldorf", 2)})
    there = page(client, f"{url}/trip?player=Ann&path=Köln|Düsseldorf")
    steps = there.split('<ul class="steps">')[1].split("</ul>")[0]
    # Back to Köln only by Bob's track: Ann's own was used on the way out.
    assert steps.count("Düsseldorf–Köln (gray, track") == 1
    assert "Düsseldorf–Köln (gray, track 2) · Bob's: 1 card" in steps


def test_the_payment_check_says_whether_the_cards_pay_for_the_route(client):
    url = new_game(client, "Ann", "Bob")
    berlin_leipzig = route("Berlin", "Leipzig")
    ok = page(client, f"{url}/pay?route={berlin_leipzig}&orange=2&locomotive%2B4=2")
    assert "✓ Berlin–Leipzig (orange): 2 orange cards, 2 +4 locomotives pay for 4 spaces" in ok
    wrong = page(client, f"{url}/pay?route={route('Berlin', 'Magdeburg')}&red=2&locomotive%2B4=1")
    assert "✗ +4 locomotives are wild only on routes of 4 or more spaces" in wrong
    assert client.get(f"{url}/pay?route=999&red=2").status_code == 200


def test_the_home_page_says_where_the_marklin_map_comes_from(client):
    assert "route network of Ticket to Ride: Germany" in page(client, "/").replace("Route", "route")


def test_marklin_tickets_are_typed_with_their_value_and_may_name_a_country(client):
    url = new_game(client, "Ann", "Bob")
    client.post(f"{url}/claim", data={"player": "Ann", "route": route("Düsseldorf", "Niederlande")})
    tickets = page(client, f"{url}/tickets?player=Ann")
    assert "From the deck" not in tickets and "neighbouring country" in tickets
    response = client.post(
        f"{url}/tickets",
        data={"player": "Ann", "city_a": "Düsseldorf", "city_b": "Niederlande", "points": "5"},
    )
    assert response.status_code == 303
    assert "✓ complete" in page(client, f"{url}/tickets?player=Ann")
    response = client.post(
        f"{url}/tickets",
        data={"player": "Ann", "city_a": "Köln", "city_b": "Berlin", "points": "30"},
    )
    assert response.status_code == 409
    assert "worth from 5 to 22, not 30" in html.unescape(response.get_data(as_text=True))


def test_the_trip_page_goes_on_listing_the_next_steps_while_a_goods_colour_is_missing(client):
    url = new_game(client, "Ann", "Bob")  # no goods colours set but Berlin's
    client.post(
        f"{url}/claim",
        data={"player": "Ann", "route": route("Köln", "Düsseldorf"), "passenger": "Köln"},
    )
    client.post(f"{url}/claim", data={"player": "Bob", "route": route("Düsseldorf", "Dortmund")})
    trip = re.sub(r"\s+", " ", page(client, f"{url}/trip?player=Ann&path=Köln|Düsseldorf"))
    assert "the goods colour of Düsseldorf is not set" in trip
    assert '<option value="">choose…</option>' in trip
    assert "No claimed route goes on from Düsseldorf" not in trip
    assert "Dortmund" in trip.split("Then to")[1]


def test_a_goods_colour_a_trip_went_through_cannot_be_cleared(client):
    url = new_game(client, "Ann", "Bob")
    client.post(f"{url}/goods", data={f"goods-{c}": v for c, v in MARKLIN_GOODS.items()})
    client.post(
        f"{url}/claim",
        data={"player": "Ann", "route": route("Köln", "Koblenz"), "passenger": "Köln"},
    )
    assert (
        client.post(f"{url}/trip", data={"player": "Ann", "path": "Köln|Koblenz"}).status_code
        == 303
    )
    response = client.post(f"{url}/goods", data={"goods-Koblenz": ""})
    assert response.status_code == 400
    assert "don't fit a passenger's trip already made" in html.unescape(
        response.get_data(as_text=True)
    )
    for path in ("", "/goods", "/sheet", "/board", "/tickets"):
        assert client.get(url + path).status_code == 200, path  # the game still opens


def test_an_old_goods_page_never_undoes_what_another_phone_set(client):
    url = new_game(client, "Ann", "Bob")
    old = client.get(f"{url}/goods").get_data(as_text=True)  # this phone's page, not sent yet
    client.post(f"{url}/goods", data={"goods-Augsburg": "red", "shown-Augsburg": ""})
    # This phone sets Bremen and saves its page, where Augsburg still shows "not set".
    from tests.web.helpers import form_on

    form = {**form_on(old, "/goods"), "goods-Bremen": "red"}
    assert form["goods-Augsburg"] == "" and form["shown-Augsburg"] == ""
    assert client.post(f"{url}/goods", data=form).status_code == 303
    goods = page(client, f"{url}/goods")
    assert 'name="goods-Augsburg" value="red" checked' in goods
    assert 'name="goods-Bremen" value="red" checked' in goods


def test_goods_colours_set_after_the_sheet_was_read_count_on_the_sheet_after_a_trip(client):
    """The sheet's score through the game follows on from the one worked out before only
    on the same setup: a goods colour set in between is a new setup."""
    url = new_game(client, "Ann", "Bob", "Cy", "Dee")
    client.post(
        f"{url}/claim",
        data={"player": "Ann", "route": route("Köln", "Düsseldorf"), "passenger": "Köln"},
    )
    client.post(f"{url}/claim", data={"player": "Bob", "route": route("Düsseldorf", "Dortmund")})
    assert client.get(f"{url}/sheet").status_code == 200  # the score worked out, no goods yet
    client.post(f"{url}/goods", data={f"goods-{c}": v for c, v in MARKLIN_GOODS.items()})
    answer = client.post(f"{url}/trip", data={"player": "Ann", "path": "Köln|Düsseldorf|Dortmund"})
    assert answer.status_code == 303
    sheet = client.get(f"{url}/sheet")
    assert sheet.status_code == 200
    assert "Köln–Düsseldorf–Dortmund: Düsseldorf 3, Dortmund 3" in html.unescape(
        sheet.get_data(as_text=True)
    )
