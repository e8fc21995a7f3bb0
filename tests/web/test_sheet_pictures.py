"""The score sheet's pictures: each player's score through the game, the board with each
player's routes; the PDF a sheet to pin up, its QR code opening the watch page."""

from __future__ import annotations

import io
import math
import re

from pypdf import PdfReader

from companion.render.palette import Piece
from companion.render.pdf_sheet import qr_block
from companion.render.score_chart import MARK_RADIUS, Series, chart, chart_svg
from companion.rules.record import parse_record
from tests.helpers import game_record
from tests.web.helpers import WebTable, import_record


def _played(client) -> WebTable:
    table = WebTable(client, "Ann", "Bob")
    table.claim("Ann", "Denver", "Helena")  # 4 spaces: 7
    client.post(f"{table.url}/turn", data={"player": "Bob", "drew": "cards"})
    table.claim("Ann", "Seattle", "Portland", track=1)  # 1 space: 1
    return table


def test_the_sheet_shows_each_players_score_through_the_game(client):
    page = _played(client).page("/sheet")
    svg = page[page.index('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600') :]
    svg = svg[: svg.index("</svg>")]
    lines = re.findall(r'<title>(\w+)</title><polyline points="([^"]+)"', svg)
    assert [name for name, _points in lines] == ["Ann", "Bob"]
    ann = [tuple(map(float, p.split(","))) for p in lines[0][1].split()]
    bob = [tuple(map(float, p.split(","))) for p in lines[1][1].split()]
    assert len(ann) == len(bob) == 4  # the start and three actions
    # Ann's line climbs at the first and the third action (y grows down), Bob's stays flat.
    assert ann[0][1] > ann[1][1] == ann[2][1] > ann[3][1]
    assert len({y for _x, y in bob}) == 1
    assert "Ann: 8" in page and "Bob: 0" in page


def test_a_game_not_over_has_no_step_to_final_totals():
    laid = chart([Series("Ann", Piece("#c0262d", "1"), (0, 7, 8))])
    assert not laid.finished and laid.plotted[0].end is None
    assert 'stroke-dasharray="5 3"' not in chart_svg(laid)


def test_a_finished_games_chart_steps_to_the_final_totals():
    laid = chart(
        [
            Series("Ann", Piece("#c0262d", "1"), (0, 7, 8), final=25),
            Series("Bob", Piece("#1f5fbf", "2"), (0, 0, 3), final=-4),
        ]
    )
    assert laid.finished
    ann, bob = laid.plotted
    assert ann.end is not None and bob.end is not None
    assert ann.end[1] < ann.points[-1][1]  # 25 is above 8
    assert bob.end[1] > bob.points[-1][1]  # −4 is below 3
    assert any(value == 0 for _y, value in laid.ticks)  # the zero line, under a negative


def test_each_line_ends_in_its_players_mark_never_over_anothers():
    # Ann and Bob end on the same total: their marks sit side by side.
    laid = chart(
        [
            Series("Ann", Piece("#c0262d", "1"), (0, 7, 8), final=20),
            Series("Bob", Piece("#1f5fbf", "2"), (0, 2, 3), final=20),
            Series("Cy", Piece("#f2f2f2", "3"), (0, 1, 1)),
        ]
    )
    ann, bob, cy = laid.plotted
    # Each mark where its line ends (kept whole within the picture: at most a radius in).
    assert ann.mark is not None and ann.end is not None and bob.mark is not None
    assert math.dist(ann.mark, ann.end) <= MARK_RADIUS and cy.mark == cy.points[-1]
    assert bob.mark[1] == ann.mark[1] and ann.mark[0] - bob.mark[0] >= 2 * MARK_RADIUS
    marks = re.findall(r'font-weight="700" fill="([^"]+)">(\d)</text>', chart_svg(laid))
    assert marks == [("#ffffff", "1"), ("#ffffff", "2"), ("#000000", "3")]


def test_the_pdf_has_the_standings_the_map_and_the_chart_and_its_qr_opens_the_watch_page(client):
    table = _played(client)
    watch = re.search(r"/w/[\w-]+", table.page())[0]
    data = client.get(f"{table.url}/sheet.pdf").data
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)
    standings, board, progress = (
        text.index("Total"),
        text.index("The board: the longest path outlined (Ann, 4 spaces)"),
        text.index("Score through the game"),
    )
    # Ann: 7 + 1 for her routes, +10 for the longest path (Denver–Helena, 4 spaces).
    lines = text.index("Ann: 18 points")
    assert standings < board < progress < lines
    assert f"Open this game: http://localhost{watch}" in text
    assert table.url not in text  # a pinned sheet never gives the playing address


def test_the_pdfs_qr_code_holds_the_link_it_prints():
    from reportlab.lib.styles import ParagraphStyle

    widget_table = qr_block("http://example.org/w/abc", "Open", ParagraphStyle("s"))
    drawing = widget_table._cellvalues[0][0]
    assert drawing.contents[0].value == "http://example.org/w/abc"


def test_the_downloads_are_named_after_the_map_and_the_day(client):
    from datetime import date

    table = _played(client)
    today = date.today().isoformat()
    pdf = client.get(f"{table.url}/sheet.pdf")
    assert f"score-sheet-usa-{today}.pdf" in pdf.headers["Content-Disposition"]
    record = client.get(f"{table.url}/record.json")
    assert f'filename="game-record-usa-{today}.json"' in record.headers["Content-Disposition"]


def test_a_nordic_pdf_outlines_no_longest_path_since_nordic_gives_no_bonus_for_it(client):
    url = import_record(client, parse_record(game_record("nordic_two_players")))
    data = client.get(f"{url}/sheet.pdf").data
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)
    assert "The board: each player's routes in their colour" in text
    assert "longest path outlined" not in text
