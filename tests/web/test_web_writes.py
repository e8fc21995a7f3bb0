"""Writes say what they were made on: a form sent twice (a double tap, a reload, the back
button) records once; a turn sent from a page that had not seen another phone's action is
refused; Undo takes back only the action it named."""

from __future__ import annotations

import html
import re

import pytest

from companion.web import game_store
from tests.web.helpers import WebTable, form_on, forms_of, problem, route_id, seats


def history(table: WebTable) -> list[str]:
    """The history as the table lists it, newest first (undone ones marked)."""
    page = html.unescape(table.page())
    section = page[page.index('class="history"') :]
    items = section.split("</ol>")[0].split("<li")[1:]
    return [" ".join(re.sub(r"<[^>]+>", "", item.split(">", 1)[1]).split()) for item in items]


def test_a_double_tapped_drew_cards_records_one_turn(client):
    table = WebTable(client, "Ann", "Bob", "Cy")
    form = {**form_on(table.page(), "/turn"), "drew": "cards"}
    first = client.post(f"{table.url}/turn", data=form)
    second = client.post(f"{table.url}/turn", data=form)
    assert first.status_code == second.status_code == 303
    page = html.unescape(table.page())
    assert "Already recorded: Ann drew train cards" in page
    assert "Bob claims a route" in page  # one turn taken: Bob's is next, not Cy's
    assert history(table) == ["Ann drew train cards"]


def test_a_double_tapped_claim_lands_once(client):
    table = WebTable(client, "Ann", "Bob")
    form = {**form_on(table.page(), "/claim"), "route": route_id("Denver", "Helena")}
    assert client.post(f"{table.url}/claim", data=form).status_code == 303
    again = client.post(f"{table.url}/claim", data=form)
    assert again.status_code == 303  # no refusal ("already claimed by Ann"): nothing happened
    assert history(table) == ["Ann claimed Denver–Helena (green)"]


def test_a_double_tapped_undo_takes_back_one_action(client):
    table = WebTable(client, "Ann", "Bob")
    table.claim("Ann", "Denver", "Helena")
    table.claim("Bob", "Seattle", "Portland", track=1)
    undo = form_on(table.page(), "/undo")
    assert client.post(f"{table.url}/undo", data=undo).status_code == 303
    assert client.post(f"{table.url}/undo", data=undo).status_code == 303
    assert "Already undone: Bob claimed Portland–Seattle" in html.unescape(table.page())
    assert history(table) == [
        "Bob claimed Portland–Seattle (gray, track 1) (undone)",
        "Ann claimed Denver–Helena (green)",
    ]


def test_a_stale_undo_never_takes_back_another_phones_action(client):
    table = WebTable(client, "Ann", "Bob")
    table.claim("Ann", "Denver", "Helena")
    # This phone shows "Last: Ann claimed Denver–Helena (green)".
    undo = form_on(table.page(), "/undo")
    table.claim("Bob", "Seattle", "Portland", track=1)  # another phone
    response = client.post(f"{table.url}/undo", data=undo)
    assert response.status_code == 409
    assert "Ann claimed Denver–Helena (green)” is no longer the last action" in html.unescape(
        problem(response.get_data(as_text=True))
    )
    assert history(table) == [
        "Bob claimed Portland–Seattle (gray, track 1)",
        "Ann claimed Denver–Helena (green)",
    ]


def test_undo_names_the_action_it_takes_back(client):
    table = WebTable(client, "Ann", "Bob")
    table.claim("Ann", "Denver", "Helena")
    page = html.unescape(table.page())
    assert "Undo “Ann claimed Denver–Helena (green)”" in page
    assert form_on(table.page(), "/undo")["action"] == "0"


def test_a_turn_from_a_page_that_missed_another_phones_action_is_refused(client):
    table = WebTable(client, "Ann", "Bob", "Cy")
    stale = form_on(table.page(), "/claim")  # Ann's turn, on this phone
    table.turn("Ann")  # another phone: Ann drew cards, so it is Bob's turn
    response = client.post(
        f"{table.url}/claim", data={**stale, "route": route_id("Denver", "Helena")}
    )
    assert response.status_code == 409
    assert "the game changed on another phone since this page was shown" in html.unescape(
        problem(response.get_data(as_text=True))
    )
    assert history(table) == ["Ann took a turn (drew cards or tickets)"]


def test_a_ticket_sent_twice_is_added_once(client):
    table = WebTable(client, "Ann", "Bob")
    page = table.page("/tickets?player=Ann")
    form = {
        **form_on(page, "/tickets"),
        "player": "Ann",
        "city_a": "Denver",
        "city_b": "El Paso",
    }
    assert client.post(f"{table.url}/tickets", data=form).status_code == 303
    assert client.post(f"{table.url}/tickets", data=form).status_code == 303
    page = html.unescape(table.page("/tickets?player=Ann"))
    assert page.count('class="tname">Denver–El Paso') == 1


@pytest.mark.parametrize("map_id", ["usa", "europe", "world", "marklin"])
def test_every_form_that_records_a_turn_carries_its_pages_stamp(client, map_id):
    response = client.post("/games", data={**seats("Ann", "Bob"), "map": map_id})
    assert response.status_code == 303, response.get_data(as_text=True)
    url = response.headers["Location"].split("?")[0]
    page = client.get(url).get_data(as_text=True)
    writes = [
        (action, values)
        for action, values in forms_of(page)
        if action.rsplit("/", 1)[-1] in {"claim", "turn", "port", "station", "exchange"}
    ]
    assert writes
    for action, values in writes:
        assert values.get("seen") == "0" and len(values.get("token", "")) >= 8, action


def test_another_form_of_a_page_already_used_for_a_turn_is_refused_not_taken_for_it(client):
    table = WebTable(client, "Ann", "Bob")
    page = table.page()
    claim = {**form_on(page, "/claim"), "route": route_id("Denver", "Helena")}
    assert client.post(f"{table.url}/claim", data=claim).status_code == 303
    # Back to the old page: its "Drew cards" carries the same token, and an old log.
    drew = {**form_on(page, "/turn"), "drew": "cards"}
    response = client.post(f"{table.url}/turn", data=drew)
    assert response.status_code == 409
    assert "the game changed on another phone" in html.unescape(
        problem(response.get_data(as_text=True))
    )
    assert history(table) == ["Ann claimed Denver–Helena (green)"]


def test_two_tickets_from_one_page_are_both_added(client):
    table = WebTable(client, "Ann", "Bob")
    page = table.page("/tickets?player=Ann")
    form = {**form_on(page, "/tickets"), "player": "Ann"}
    first = {**form, "city_a": "Denver", "city_b": "El Paso"}
    second = {**form, "city_a": "Boston", "city_b": "Miami"}
    assert client.post(f"{table.url}/tickets", data=first).status_code == 303
    assert client.post(f"{table.url}/tickets", data=second).status_code == 303
    page = html.unescape(table.page("/tickets?player=Ann"))
    assert 'class="tname">Denver–El Paso' in page and 'class="tname">Boston–Miami' in page


def test_the_table_lists_the_latest_30_moves_and_all_of_them_when_asked(client):
    table = WebTable(client, "Ann", "Bob")
    for n in range(35):
        assert table.turn("Ann" if n % 2 == 0 else "Bob").status_code == 303
    assert len(history(table)) == 30
    page = table.page()
    assert 'start="35"' in page and "Show all 35 moves" in page
    whole = html.unescape(client.get(f"{table.url}?history=all").get_data(as_text=True))
    listed = whole[whole.index('class="history"') :].split("</ol>")[0]
    assert listed.count("<li") == 35 and "Show all" not in whole


def test_the_watch_page_lists_the_latest_30_moves_too(client, app):
    table = WebTable(client, "Ann", "Bob")
    for n in range(31):
        assert table.turn("Ann" if n % 2 == 0 else "Bob").status_code == 303
    with app.app_context():
        watch = game_store.load_game(table.id).watch
    page = html.unescape(client.get(f"/w/{watch}").get_data(as_text=True))
    listed = page[page.index('class="history"') :].split("</ol>")[0]
    assert listed.count("<li") == 30 and "Show all 31 moves" in page
    assert table.id not in page  # the watching page never shows the playing address
    whole = html.unescape(client.get(f"/w/{watch}?history=all").get_data(as_text=True))
    assert whole[whole.index('class="history"') :].split("</ol>")[0].count("<li") == 31


# Taps made while the phone was offline wait on their page, each with a tap of its own, and
# are sent one after another when the connection is back (static/companion.js).


def test_taps_made_offline_are_recorded_in_order_each_after_the_one_before(client):
    table = WebTable(client, "Ann", "Bob")
    page = table.page()  # Ann's turn; the phone goes offline
    drew = {**form_on(page, "/turn"), "player": "Ann", "drew": "cards", "tap": "first-tap"}
    claim = {
        **form_on(page, "/claim"),
        "player": "Bob",
        "route": route_id("Denver", "Helena"),
        "tap": "second-tap",
    }
    assert client.post(f"{table.url}/turn", data=drew).status_code == 303
    assert client.post(f"{table.url}/claim", data=claim).status_code == 303
    assert history(table) == ["Bob claimed Denver–Helena (green)", "Ann drew train cards"]


def test_a_tap_made_offline_and_sent_twice_is_recorded_once(client):
    table = WebTable(client, "Ann", "Bob")
    drew = {**form_on(table.page(), "/turn"), "drew": "cards", "tap": "first-tap"}
    assert client.post(f"{table.url}/turn", data=drew).status_code == 303
    # The answer was lost with the connection: the phone sends the tap again.
    assert client.post(f"{table.url}/turn", data=drew).status_code == 303
    assert "Already recorded: Ann drew train cards" in html.unescape(table.page())
    assert history(table) == ["Ann drew train cards"]


def test_the_same_turn_tapped_twice_offline_is_two_turns(client):
    table = WebTable(client, "Ann", "Bob")
    page = table.page()
    for tap, player in (("first-tap", "Ann"), ("second-tap", "Bob"), ("third-tap", "Ann")):
        form = {**form_on(page, "/turn"), "player": player, "drew": "cards", "tap": tap}
        assert client.post(f"{table.url}/turn", data=form).status_code == 303
    assert history(table) == [
        "Ann drew train cards",
        "Bob drew train cards",
        "Ann drew train cards",
    ]


def test_a_tap_made_offline_is_refused_after_another_phones_move(client):
    table = WebTable(client, "Ann", "Bob")
    page = table.page()  # this phone goes offline
    table.claim("Ann", "Seattle", "Portland", track=1)  # another phone, meanwhile
    claim = {
        **form_on(page, "/claim"),
        "player": "Ann",
        "route": route_id("Denver", "Helena"),
        "tap": "first-tap",
    }
    response = client.post(f"{table.url}/claim", data=claim)
    assert response.status_code == 409
    assert "the game changed on another phone since this page was shown" in html.unescape(
        problem(response.get_data(as_text=True))
    )
    assert history(table) == ["Ann claimed Portland–Seattle (gray, track 1)"]


def test_a_tap_made_offline_is_refused_after_its_own_earlier_tap_was_undone(client):
    table = WebTable(client, "Ann", "Bob")
    page = table.page()
    drew = {**form_on(page, "/turn"), "drew": "cards", "tap": "first-tap"}
    assert client.post(f"{table.url}/turn", data=drew).status_code == 303
    undo = form_on(table.page(), "/undo")  # another phone takes the draw back
    assert client.post(f"{table.url}/undo", data=undo).status_code == 303
    claim = {**form_on(page, "/claim"), "route": route_id("Denver", "Helena"), "tap": "second-tap"}
    assert client.post(f"{table.url}/claim", data=claim).status_code == 409
