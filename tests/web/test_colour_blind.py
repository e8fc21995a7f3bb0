"""The colour-blind colours: a switch remembered by the browser draws the players' pieces
in the palette that stays apart for colour-blind eyes, and a game whose seats' colours are
hard to tell apart says so at its start, the switch one tap away."""

from __future__ import annotations

import html

from companion.render.palette import COLOR_BLIND_PIECES, PIECE_COLORS
from tests.web.helpers import WebTable, seats
from tests.web.test_groups import new_group


def _start(client, **colors):
    data = seats(*colors)
    for i, color in enumerate(colors.values()):
        data[f"seats-{i}-color"] = color
    made = client.post("/games", data=data)
    assert made.status_code in (302, 303), made.get_data(as_text=True)
    return made.headers["Location"].split("?")[0]


def test_red_and_green_seats_are_said_hard_to_tell_apart_at_the_start(client):
    table = _start(client, Ann="red", Bob="green", Cy="blue")
    page = html.unescape(client.get(table).text)
    assert "Red and green pieces are hard to tell apart for colour-blind players." in page
    assert "Colour-blind colours: off" in page
    calm = _start(client, Ann="red", Bob="blue", Cy="yellow")
    assert "hard to tell apart" not in client.get(calm).text


def test_the_switch_draws_the_pieces_in_the_colour_blind_palette_and_is_remembered(client):
    table = _start(client, Ann="red", Bob="green")
    usual = client.get(table).text
    assert PIECE_COLORS["red"] in usual and COLOR_BLIND_PIECES["red"] not in usual
    switched = client.get(f"/colours/colour-blind?next={table}")
    assert switched.status_code == 302 and switched.headers["Location"] == table
    page = html.unescape(client.get(table).text)
    assert COLOR_BLIND_PIECES["red"] in page and COLOR_BLIND_PIECES["green"] in page
    assert "Colour-blind colours: on" in page
    assert "hard to tell apart" not in page  # the colours now stay apart
    client.get(f"/colours/usual?next={table}")
    assert PIECE_COLORS["red"] in client.get(table).text


def test_a_live_update_keeps_each_phones_own_colours(client, app):
    """The table's page, made once for the phones that ask after a change, is made apart
    for the phones that asked for the colour-blind colours."""
    table = _start(client, Ann="red", Bob="green")
    other = app.test_client()
    other.get(f"/colours/colour-blind?next={table}")
    live = {"HX-Request": "true"}
    assert PIECE_COLORS["red"] in client.get(table, headers=live).text
    seen = other.get(table, headers=live).text
    assert COLOR_BLIND_PIECES["red"] in seen and PIECE_COLORS["red"] not in seen


def test_an_unknown_choice_changes_nothing_and_a_foreign_next_goes_home(client):
    answer = client.get("/colours/rainbow?next=https://example.org/")
    assert answer.headers["Location"] == "/" and "colours=" not in str(answer.headers)


def test_the_result_card_and_the_pdf_follow_each_phones_colours(client, app):
    table = WebTable(client, "Ann", "Bob")  # red and blue by seat
    table.claim("Ann", "Denver", "Helena")
    other = app.test_client()
    other.get(f"/colours/colour-blind?next={table.url}")
    usual, blind = client.get(f"{table.url}/card.png"), other.get(f"{table.url}/card.png")
    assert usual.status_code == blind.status_code == 200
    assert usual.data != blind.data  # each drawn in its palette, neither kept for the other
    assert client.get(f"{table.url}/card.png").data == usual.data
    pdfs = client.get(f"{table.url}/sheet.pdf").data, other.get(f"{table.url}/sheet.pdf").data
    assert pdfs[0] != pdfs[1]  # the board's trains in each palette


def test_the_switch_is_on_the_home_page_and_a_groups_page_and_comes_back_to_them(client):
    home = client.get("/").text
    assert 'role="switch" aria-checked="false"' in home
    assert client.get("/colours/colour-blind?next=/").headers["Location"] == "/"
    assert 'role="switch" aria-checked="true"' in client.get("/").text
    group = new_group(client)
    assert 'role="switch" aria-checked="true"' in client.get(group).text
    client.get(f"/colours/usual?next={group}")
    assert 'role="switch" aria-checked="false"' in client.get(group).text


def test_a_routes_colour_is_said_in_words_on_its_claim_button(client):
    table = _start(client, Ann="red", Bob="blue")
    # Calgary–Helena is a single gray route: its colour in words for a screen reader only.
    page = client.get(f"{table}?find=calg").text
    assert '<span class="sr-only"> (gray)</span>' in page
    # For colour-blind eyes, the words are seen beside every swatch.
    client.get(f"/colours/colour-blind?next={table}")
    page = client.get(f"{table}?find=calg").text
    assert '<span class="sr-only"> (gray)</span>' not in page
    assert "<small>(gray)</small>" in page
