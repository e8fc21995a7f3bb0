"""A form sent from a page that follows its game is answered in place: the phone's note,
its page's new state brought by its stream (companion/web/in_place.py)."""

from __future__ import annotations

import re

from tests.web.helpers import Following, WebTable, pushed_main, route_id


def _from(page: str) -> dict[str, str]:
    return {"X-In-Place": page}


def _notes(answer) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """Each note of an answer: its version and its words."""
    text = answer.get_data(as_text=True)
    return re.findall(r'<p class="note"[^>]*data-version="(\d+)"[^>]*>([^<]*)</p>', text)


def test_a_claim_sent_from_the_table_is_answered_with_its_note_at_the_new_version(client):
    table = WebTable(client, "Ann", "Bob")
    answer = client.post(
        f"{table.url}/claim",
        data={"player": "Ann", "route": route_id("Denver", "Helena")},
        headers=_from(table.url),
    )
    assert answer.status_code == 200
    assert "Location" not in answer.headers
    assert "<main" not in answer.get_data(as_text=True)  # no page: the stream brings it
    assert _notes(answer) == [("1", "Ann claimed Denver–Helena (green): +7")]
    # The note was the phone's own: the page it loads next has none left to show.
    assert 'class="note"' not in table.page()


def test_the_phone_that_moved_is_brought_its_page_by_its_stream_like_every_other(client):
    table = WebTable(client, "Ann", "Bob")
    stream = Following(client, f"{table.url}/events?since=0&page={table.url}")
    answer = client.post(
        f"{table.url}/turn", data={"player": "Ann", "drew": "cards"}, headers=_from(table.url)
    )
    assert _notes(answer) == [("1", "Ann drew train cards")]
    version, main = pushed_main(stream.next())
    assert version == 1
    assert "Ann drew train cards" in main
    stream.close()


def test_a_claim_sent_from_the_board_picture_is_answered_in_place_there(client):
    table = WebTable(client, "Ann", "Bob")
    board = f"{table.url}/board"
    answer = client.post(
        f"{table.url}/claim",
        data={"player": "Ann", "route": route_id("Denver", "Helena"), "then": "board"},
        headers=_from(board),
    )
    assert answer.status_code == 200
    assert [n for n, _ in _notes(answer)] == ["1"]


def test_a_form_whose_answer_is_another_page_says_where_and_keeps_its_note_for_it(client):
    table = WebTable(client, "Ann", "Bob")
    # Sent from the board, led back to the table: the page is to go there.
    answer = client.post(
        f"{table.url}/claim",
        data={"player": "Ann", "route": route_id("Denver", "Helena")},
        headers=_from(f"{table.url}/board"),
    )
    assert answer.status_code == 204
    assert answer.headers["X-Go"] == table.url
    assert answer.get_data() == b""
    assert "Ann claimed Denver–Helena (green): +7" in table.page()


def test_a_refusal_sent_in_place_is_answered_with_its_page_and_reason(client):
    table = WebTable(client, "Ann", "Bob")
    table.claim("Ann", "Denver", "Helena")
    answer = client.post(
        f"{table.url}/claim",
        data={"player": "Bob", "route": route_id("Denver", "Helena")},
        headers=_from(table.url),
    )
    assert answer.status_code == 409
    page = answer.get_data(as_text=True)
    assert '<p class="problem"' in page
    assert "<main" in page


def test_the_same_form_sent_twice_in_place_says_what_the_first_one_recorded(client):
    table = WebTable(client, "Ann", "Bob")
    form = {"player": "Ann", "drew": "cards", "token": "a-tap-of-its-own", "seen": "0"}
    first = client.post(f"{table.url}/turn", data=form, headers=_from(table.url))
    again = client.post(f"{table.url}/turn", data=form, headers=_from(table.url))
    assert _notes(first) == [("1", "Ann drew train cards")]
    assert again.status_code == 200
    assert [n for n, _ in _notes(again)] == ["1"]  # nothing written: the game as it stands
    assert "Already recorded" in again.get_data(as_text=True)
    history = re.search(r'<ol class="history".*?</ol>', table.page(), re.S)
    assert history is not None
    assert history[0].count("<li") == 1


def test_an_undo_sent_in_place_is_answered_with_its_note(client):
    table = WebTable(client, "Ann", "Bob")
    table.claim("Ann", "Denver", "Helena")
    seq = re.search(r'name="action" value="(\d+)"', table.page())
    assert seq is not None
    answer = client.post(f"{table.url}/undo", data={"action": seq[1]}, headers=_from(table.url))
    assert _notes(answer) == [("2", "Undone: Ann claimed Denver–Helena (green)")]


def test_a_form_sent_as_a_page_still_leads_to_its_page(client):
    table = WebTable(client, "Ann", "Bob")
    answer = table.turn("Ann")
    assert answer.status_code == 303
    assert answer.headers["Location"] == table.url
