"""Every renderer walks one sheet: the standings have the edition's columns, and every row
adds up to its total in the text, the JSON, the PDF and both HTML sheets, on every map."""

from __future__ import annotations

import html
import io
import random
import re
from dataclasses import replace

import pytest
from pypdf import PdfReader

from companion.catalogs import translator
from companion.render.bgstats import play_data
from companion.render.csv_sheet import sheet_to_csv
from companion.render.json_sheet import sheet_to_json
from companion.render.pdf_sheet import sheet_to_pdf
from companion.render.text_sheet import sheet_to_text
from companion.rules import record as record_module
from companion.rules.editions import BASE, GLOBETROTTER, LONGEST_PATH_BONUS
from companion.rules.game import replay
from companion.rules.map_file import load_board, map_ids
from companion.rules.record import GameRecord, HeldTicket, parse_record
from companion.rules.scoring import final_scores
from companion.rules.words import speaking
from tests.helpers import MARKLIN_GOODS, record_of
from tests.playout import random_game
from tests.web.helpers import import_record

NUMBER = re.compile(r"^[+\-−]?\d+$")


def number(text: str) -> int:
    return int(text.replace("−", "-"))


def text_rows(text: str, names: list[str]) -> dict[str, list[int]]:
    """Each player's cells in the text standings: the columns, then the total."""
    rows = {}
    for line in text.splitlines():
        for name in names:
            match = re.match(rf"^\s*\d+(st|nd|rd|th)  {re.escape(name)}\s+(.*)$", line)
            if match and name not in rows:
                rows[name] = [number(cell) for cell in match.group(2).split()]
    return rows


def pdf_rows(data: bytes, names: list[str], columns: int) -> dict[str, list[int]]:
    """Each player's cells in the PDF standings, read back from the PDF's text (a row: the
    rank, the player's mark, their name, the columns, the total)."""
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)
    lines = text.splitlines()
    start = lines.index("1st")
    rows = {}
    for _ in names:
        mark, name = lines[start + 1], lines[start + 2]
        cells = lines[start + 3 : start + 4 + columns]
        assert mark == str(names.index(name) + 1), (mark, name)
        assert all(NUMBER.match(c) for c in cells), cells
        rows[name] = [number(c) for c in cells]
        start += 4 + columns
    return rows


def html_rows(page: str) -> dict[str, list[int]]:
    """Each player's cells in an HTML sheet's standings table."""
    table = page[page.index('<table class="standings">') : page.index("</table>")]
    titles = re.findall(r"<th>(.*?)</th>", table)
    rows = {}
    for row in re.findall(r"<tr><td>.*?</tr>", table, re.S):
        cells = [
            html.unescape(re.sub(r"<[^>]+>", "", c))
            for c in re.findall(r"<td.*?>(.*?)</td>", row, re.S)
        ]
        name = html.unescape(re.findall(r'class="who">(.*?)</span>', row)[0])
        rows[name] = [number(c) for c in cells[1:]]
        assert len(cells) == len(titles)
    return rows


def adds_up(rows: dict[str, list[int]], totals: dict[str, int]) -> None:
    assert rows.keys() == totals.keys()
    for name, cells in rows.items():
        *parts, total = cells
        assert sum(parts) == total == totals[name], (name, cells)


def random_sheet(map_id: str, seed: int):
    rng = random.Random(seed)
    board = load_board(map_id)
    goods = MARKLIN_GOODS if map_id == "marklin" else None
    edition = board.edition
    players = edition.min_players + seed % (edition.max_players - edition.min_players + 1)
    setup, actions, hands = random_game(board, players, rng, connected=rng.random(), goods=goods)
    return setup, actions, hands, final_scores(replay(setup, actions), hands)


def import_game(client, setup, actions, hands) -> str:
    return import_record(client, record_of(setup, actions, hands))


def watch_address(client, url: str) -> str:
    page = client.get(url).get_data(as_text=True)
    return "/w/" + re.search(r"/w/([A-Za-z0-9_-]{20,})", page).group(1)


@pytest.mark.slow
@pytest.mark.parametrize("map_id", map_ids())
@pytest.mark.parametrize("seed", range(3))
def test_every_standings_row_adds_up_in_every_renderer(client, map_id, seed):
    setup, actions, hands, sheet = random_sheet(map_id, seed)
    names = [p.name for p in sheet.players]
    totals = {p.name: p.total for p in sheet.players}
    columns = len(sheet.columns)
    adds_up(text_rows(sheet_to_text(sheet), names), totals)
    adds_up(pdf_rows(sheet_to_pdf(sheet, "http://table/g/x"), names, columns), totals)
    data = sheet_to_json(sheet)
    for p in data["players"]:
        assert sum(s["points"] for s in p["sections"]) == p["total"] == totals[p["name"]]
        assert sum(p["breakdown"].values()) == p["total"]
    url = import_game(client, setup, actions, hands)
    adds_up(html_rows(client.get(f"{url}/sheet").get_data(as_text=True)), totals)
    watch = watch_address(client, url)
    adds_up(html_rows(client.get(f"{watch}/sheet").get_data(as_text=True)), totals)


@pytest.mark.parametrize(
    ("map_id", "titles"),
    [
        ("usa", ["Routes", "Tickets", "Longest path"]),
        ("europe", ["Routes", "Tickets", "Stations", "European Express"]),
        ("marklin", ["Routes", "Tickets", "Goods", "Globetrotter"]),
        ("world", ["Routes", "Tickets", "Ports", "Exchanges"]),
        ("great-lakes", ["Routes", "Tickets", "Ports", "Exchanges"]),
    ],
)
def test_the_standings_have_the_columns_of_the_edition(map_id, titles):
    *_, sheet = random_sheet(map_id, 0)
    assert [str(c.title) for c in sheet.columns] == titles


@pytest.mark.parametrize("language", ["en", "ru", "uk"])
def test_no_standings_title_in_the_pdf_is_broken_inside_a_word(language):
    for map_id in ("legendary-asia", "india", "europe", "marklin"):
        *_, sheet = random_sheet(map_id, 1)
        with speaking(translator(language)):
            titles = [str(c.title) for c in sheet.columns]
            text = PdfReader(io.BytesIO(sheet_to_pdf(sheet, "http://x"))).pages[0].extract_text()
        lines = set(text.split("\n"))
        for word in (w for t in titles for w in t.split()):
            assert any(word in line.split() for line in lines), (map_id, word)


def test_the_columns_add_up_every_part_of_the_breakdown():
    for map_id in map_ids():
        *_, sheet = random_sheet(map_id, 1)
        counted = {key for c in sheet.columns for key in c.parts}
        for p in sheet.players:
            assert {k for k, v in p.breakdown.items() if v} <= counted


# North America played with the 1910 Globetrotter as well: an edition given in data only.
GLOBETROTTING = replace(BASE, id="base-globetrotter", bonuses=(LONGEST_PATH_BONUS, GLOBETROTTER))


@pytest.fixture
def globetrotting(monkeypatch):
    """A test map: North America with the Globetrotting edition, known to game records."""
    board = replace(load_board("usa"), id="usa-globetrotter", edition=GLOBETROTTING)
    known = record_module.map_ids()
    monkeypatch.setattr(record_module, "map_ids", lambda: (*known, board.id))
    real = record_module.variant_board
    monkeypatch.setattr(
        record_module,
        "variant_board",
        lambda m, v="base": board if m == board.id else real(m, v),
    )
    return board


def test_a_bonus_given_in_data_shows_in_every_renderer(client, globetrotting):
    from tests.helpers import Table

    t = Table("Ann", "Bob")
    t.state = replay(
        replace(t.state.setup, board=globetrotting),
        [],
    )
    t.claim("Ann", "Denver", "Kansas City", color="black")  # 4 spaces: 7
    t.claim("Bob", "Seattle", "Portland", track=1)  # 1 space: 1
    hands = {"Ann": [("Denver", "Kansas City", 4)], "Bob": [("Seattle", "Portland", 2)]}
    sheet = t.score(**hands)
    # Ann: 7 + ticket 4 + longest path 10 + Globetrotter (1 ticket, tied) 10 = 31.
    # Bob: 1 + ticket 2 + Globetrotter 10 = 13.
    assert [p.total for p in sheet.players] == [31, 13]
    assert [str(c.title) for c in sheet.columns] == [
        "Routes",
        "Tickets",
        "Longest path",
        "Globetrotter",
    ]
    text = sheet_to_text(sheet)
    assert (
        "Globetrotter: +10 (+10 for the most completed tickets: "
        "Ann and Bob with 1 completed ticket)" in text
    )
    assert text_rows(text, ["Ann", "Bob"]) == {"Ann": [7, 4, 10, 10, 31], "Bob": [1, 2, 0, 10, 13]}
    assert pdf_rows(sheet_to_pdf(sheet, "http://x"), ["Ann", "Bob"], 4) == {
        "Ann": [7, 4, 10, 10, 31],
        "Bob": [1, 2, 0, 10, 13],
    }
    ann = sheet_to_json(sheet)["players"][0]
    assert ann["breakdown"]["globetrotter_bonus"] == 10
    assert [s["title"] for s in ann["sections"]][-1] == "Globetrotter"
    record = GameRecord(
        map=globetrotting.id,
        players=t.state.setup.players,
        actions=tuple(t.actions),
        tickets={n: tuple(HeldTicket(h[:2], h[2]) for h in hand) for n, hand in hands.items()},
    )
    url = import_record(client, record)
    page = client.get(f"{url}/sheet").get_data(as_text=True)
    assert "<th>Globetrotter</th>" in page
    assert html_rows(page) == {"Ann": [7, 4, 10, 10, 31], "Bob": [1, 2, 0, 10, 13]}
    watch = client.get(f"{watch_address(client, url)}/sheet").get_data(as_text=True)
    assert html_rows(watch) == {"Ann": [7, 4, 10, 10, 31], "Bob": [1, 2, 0, 10, 13]}


def test_every_renderer_names_the_variant_after_the_map():
    sheet = parse_record({"map": "usa", "variant": "1910", "players": ["Ann", "Bob"]}).score()
    assert sheet_to_text(sheet).splitlines()[0] == "Ticket to Ride: North America — 1910"
    assert sheet_to_json(sheet)["variant"] == "1910"
    assert sheet_to_csv(sheet).splitlines()[1].endswith(",North America — 1910")
    assert play_data(sheet, "g", "2026-11-27 19:00:00")["board"] == "North America — 1910"
    pdf = PdfReader(io.BytesIO(sheet_to_pdf(sheet, "https://example.test/w/x")))
    assert "North America — 1910" in pdf.pages[0].extract_text()
    assert pdf.metadata.title == "Ticket to Ride score sheet: North America — 1910"
