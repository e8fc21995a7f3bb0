"""Sharing a result: the score sheet as CSV (it reads back to the sheet's numbers), the
link that logs the play in BG Stats (it carries the players, their scores and the
winner), and the result card (a PNG)."""

from __future__ import annotations

import csv
import html
import io
import json
from urllib.parse import parse_qs, urlsplit

from PIL import Image

from companion.web import game_store
from tests.group_games import bob_runs_away, shared_win, unfinished
from tests.web.helpers import import_record


def imported(client, played) -> str:
    table, tickets = played
    return import_record(client, table.record(**tickets)).split("?")[0]


def rows(client, url: str, **query) -> list[list[str]]:
    response = client.get(f"{url}/sheet.csv", query_string=query)
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert "attachment" in response.headers["Content-Disposition"]
    return list(csv.reader(io.StringIO(response.get_data().decode("utf-8-sig"))))


def test_the_csv_reads_back_to_the_hand_worked_scores(client):
    url = imported(client, shared_win())
    head, *lines = rows(client, url)
    assert head[:2] == ["Rank", "Player"] and head[-5:] == [
        "Total",
        "Tickets completed",
        "Tickets failed",
        "Longest path, trains",
        "Game",
    ]
    read = {line[1]: line for line in lines}
    # Ann and Bob share the win on 4 (a ticket failed each, paths of 7); Cy −1 with seven
    # failed, 18 long.
    assert [(read[n][0], read[n][-5:]) for n in ("Ann", "Bob", "Cy")] == [
        ("1", ["4", "0", "1", "7", "North America"]),
        ("1", ["4", "0", "1", "7", "North America"]),
        ("3", ["-1", "0", "7", "18", "North America"]),
    ]


def test_the_csvs_columns_add_up_to_the_sheets_own(client):
    url = imported(client, bob_runs_away())
    head, *lines = rows(client, url)
    for line in lines:
        parts = [int(cell) for cell in line[2:-5]]
        assert sum(parts) == int(line[-5]), (head, line)
    assert {line[1]: int(line[-5]) for line in lines} == {"ann": 8, "Bob": 108}


def test_the_csv_header_speaks_the_pages_language(client):
    url = imported(client, shared_win())
    head = rows(client, url, lang="ru")[0]
    assert head[:2] == ["Место", "Игрок"]


def test_a_name_a_spreadsheet_would_run_is_written_as_text(client):
    table, tickets = unfinished("=HYPERLINK(1)", "Bob")
    url = import_record(client, table.record(**tickets)).split("?")[0]
    names = [line[1] for line in rows(client, url)[1:]]
    assert "'=HYPERLINK(1)" in names


def bg_stats_play(client, url: str) -> dict:
    text = client.get(f"{url}/sheet").get_data(as_text=True)
    start = text.index("https://app.bgstatsapp.com/createPlay.html?data=")
    link = text[start : text.index('"', start)].replace("&amp;", "&")
    return json.loads(parse_qs(urlsplit(link).query)["data"][0])


def test_the_bg_stats_link_carries_the_players_scores_and_winner(client):
    play = bg_stats_play(client, imported(client, bob_runs_away()))
    assert play["game"]["name"] == "Ticket to Ride"
    assert play["game"]["bggId"] == 9209
    assert play["game"]["highestWins"] is True
    assert play["board"] == "North America"
    players = {p["name"]: p for p in play["players"]}
    assert {n: (p["score"], p["winner"], p["rank"]) for n, p in players.items()} == {
        "ann": (8, False, 2),
        "Bob": (108, True, 1),
    }
    assert players["ann"]["startPlayer"] is True  # the first seat
    assert len(play["playDate"]) == 19 and play["playDate"][10] == " "


def test_the_bg_stats_link_names_the_game_by_its_watching_address_only(client):
    url = imported(client, bob_runs_away())
    play = bg_stats_play(client, url)
    playing = url.rsplit("/", 1)[-1]
    assert playing not in json.dumps(play)
    with client.application.app_context():
        watch = game_store.load_game(playing).watch
    assert play["game"]["sourceGameId"] == watch


def test_a_shared_win_is_two_winners_in_bg_stats(client):
    play = bg_stats_play(client, imported(client, shared_win()))
    assert sorted(p["name"] for p in play["players"] if p["winner"]) == ["Ann", "Bob"]


def test_an_unfinished_game_offers_no_bg_stats_link(client):
    url = imported(client, unfinished("Ann", "Bob"))
    text = client.get(f"{url}/sheet").get_data(as_text=True)
    assert "bgstatsapp" not in text
    assert "Once the game is over, the play can be logged in BG Stats" in text


def test_the_telegram_message_and_the_tesera_text_come_once_the_game_is_over(client):
    url = imported(client, bob_runs_away())
    text = html.unescape(client.get(f"{url}/sheet").get_data(as_text=True))
    start = text.index("https://t.me/share/url?")
    asked = parse_qs(urlsplit(text[start : text.index('"', start)]).query)
    playing = url.rsplit("/", 1)[-1]
    with client.application.app_context():
        watch = game_store.load_game(playing).watch
    # The watching address, never the one that plays the game; Bob's 108 to ann's 8.
    assert asked["url"][0].endswith(f"/w/{watch}") and playing not in asked["url"][0]
    assert asked["text"][0].splitlines()[1:] == ["Winner: Bob", "1st Bob 108", "2nd ann 8"]
    tesera = text[text.index('id="tesera-text"') :]
    tesera = tesera[tesera.index(">") + 1 : tesera.index("</textarea>")]
    assert tesera.splitlines()[1:] == [
        "Game: Ticket to Ride (North America)",
        "Players:",
        "1. Bob: 108 (winner)",
        "2. ann: 8",
        "Winner: Bob",
    ]
    unfinished_url = imported(client, unfinished("Ann", "Bob"))
    before = client.get(f"{unfinished_url}/sheet").get_data(as_text=True)
    assert "t.me/share" not in before and "tesera-text" not in before


def test_the_result_card_is_a_picture_a_phone_can_share(client):
    url = imported(client, bob_runs_away())
    response = client.get(f"{url}/card.png")
    assert response.status_code == 200 and response.mimetype == "image/png"
    picture = Image.open(io.BytesIO(response.get_data()))
    assert picture.format == "PNG" and picture.width == 1080 and picture.height > 1000
    # The sheet sets the card's room aside before it comes.
    sheet = client.get(f"{url}/sheet").get_data(as_text=True)
    assert f'width="1080" height="{picture.height}"' in sheet
    # The winner's routes are drawn in their colour (Bob: the second seat, blue).
    assert (31, 95, 191) in {color for _count, color in picture.getcolors(1 << 20)}


def test_the_result_card_draws_names_in_any_script(client):
    table, tickets = unfinished("Аня", "Богдан")
    url = import_record(client, table.record(**tickets)).split("?")[0]
    response = client.get(f"{url}/card.png?lang=uk")
    assert response.status_code == 200
    assert Image.open(io.BytesIO(response.get_data())).width == 1080


def test_the_bg_stats_board_is_named_in_english_whatever_the_pages_language(client):
    url = imported(client, bob_runs_away())
    client.get("/language/ru?next=/")
    assert bg_stats_play(client, url)["board"] == "North America"
