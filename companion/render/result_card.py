"""The result card: a picture a phone can share (a chat, a group's wall). The map and the
date, the players by rank with their scores, the winner named, and the board with the
winner's routes in their colour (every other claimed route in its owner's, paler), each
claimed route marked with its owner's mark, as each player is in their line.

Drawn with Pillow in the fonts the PDF uses (``fonts/``: Latin, Cyrillic and Greek
letters alike). Pure: the sheet in, PNG bytes out (its words in the language spoken)."""

from __future__ import annotations

import io
from collections.abc import Mapping
from functools import cache
from importlib import resources

from PIL import Image, ImageDraw, ImageFont

from companion.render.board_picture import layout
from companion.render.palette import ACCENT, CITY_DOT, INK, PAGE, PAPER, WATER, Piece, tint
from companion.render.text_sheet import ordinal
from companion.rules.board import SEA
from companion.rules.counted import figure
from companion.rules.score_sheet import ScoreSheet
from companion.rules.variants import game_title
from companion.rules.words import _

WIDTH = 1080
PAD = 40
ROW = 64  # a player's line
HINT = "#5b5b5b"
LINE = "#d9d0bd"


@cache
def _font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    with resources.as_file(resources.files("companion.render").joinpath("fonts", name)) as path:
        return ImageFont.truetype(str(path), size)


def _fit(draw: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont, room: float) -> str:
    """``text`` cut short (with an ellipsis) to fit ``room`` pixels."""
    if draw.textlength(text, font=font) <= room:
        return text
    while text and draw.textlength(text + "…", font=font) > room:
        text = text[:-1]
    return text + "…"


def _mark(draw: ImageDraw.ImageDraw, piece: Piece, x: float, y: float, radius: int) -> None:
    """A player's mark: their seat's number in a disc of their colour, centred on (x, y)."""
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=piece.color, outline=INK)
    font = _font(round(radius * 1.25), True)
    draw.text((x, y), piece.mark, font=font, fill=piece.ink, anchor="mm")


HEAD = 150  # the map's name, who won, the date


def card_height(sheet: ScoreSheet) -> int:
    """The card's height in pixels (its width is ``WIDTH``): a page sets it aside before
    the picture comes."""
    drawn = layout(sheet.board)
    map_height = round(drawn.height * (WIDTH - 2 * PAD) / drawn.width)
    return HEAD + ROW * len(sheet.players) + 30 + map_height + PAD + 50


def result_card(
    sheet: ScoreSheet, pieces: Mapping[str, Piece], owners: Mapping[int, str], when: str
) -> bytes:
    """The card as PNG: ``pieces`` each player's (colour and mark), ``owners`` who
    claimed each route, ``when`` the date the game was played."""
    drawn = layout(sheet.board)
    scale = (WIDTH - 2 * PAD) / drawn.width
    map_height = round(drawn.height * scale)
    height = card_height(sheet)
    image = Image.new("RGB", (WIDTH, height), PAGE)
    draw = ImageDraw.Draw(image)

    # The head: the map, the date, and who won.
    draw.rectangle((0, 0, WIDTH, 12), fill=ACCENT)
    title = _fit(draw, str(game_title(sheet.board)), _font(46, True), WIDTH - 2 * PAD)
    draw.text((PAD, 34), title, font=_font(46, True), fill=INK)
    label, who = sheet.headline
    said = _fit(draw, f"{label}: {who} · {when}", _font(30), WIDTH - 2 * PAD)
    draw.text((PAD, 96), said, font=_font(30), fill=HINT)

    # The players by rank: the rank as a word, the player's mark, their name, their score.
    top = HEAD
    rank_font = _font(30, True)
    ranks = max(draw.textlength(ordinal(p.rank), font=rank_font) for p in sheet.ranked)
    disc = PAD + ranks + 14 + 20  # the mark's centre
    for p in sheet.ranked:
        won = p.name in sheet.winners
        if won:
            draw.rounded_rectangle(
                (PAD - 12, top, WIDTH - PAD + 12, top + ROW - 8), 12, fill="#f6e7c8"
            )
        middle = top + (ROW - 8) // 2
        draw.text((PAD, middle - 18), ordinal(p.rank), font=rank_font, fill=HINT)
        _mark(draw, pieces[p.name], disc, middle, 20)
        score = figure(p.total)
        score_font = _font(38, True)
        score_width = draw.textlength(score, font=score_font)
        left = disc + 20 + 14  # the name's
        name = _fit(draw, p.name, _font(36, won), WIDTH - PAD - left - score_width - 20)
        draw.text((left, middle - 22), name, font=_font(36, won), fill=INK)
        draw.text((WIDTH - PAD - score_width, middle - 24), score, font=score_font, fill=INK)
        top += ROW
    draw.line((PAD, top + 10, WIDTH - PAD, top + 10), fill=LINE, width=2)

    # The board: the sea, every route's track, the winners' routes bold in their colour.
    left, top = PAD, top + 30
    draw.rectangle((left, top, left + WIDTH - 2 * PAD, top + map_height), fill=PAPER)

    def at(x: float, y: float) -> tuple[float, float]:
        return left + x * scale, top + y * scale

    board = sheet.board
    winning = {r.route.id for p in sheet.players if p.name in sheet.winners for r in p.routes}
    for route in board.routes:
        for t in drawn.tracks[route.id]:
            ends = (*at(t.start.x, t.start.y), *at(t.end.x, t.end.y))
            if route.kind == SEA:
                draw.line(ends, fill=WATER, width=max(3, round(12 * scale)))
    for route in board.routes:
        owner = owners.get(route.id)
        for t in drawn.tracks[route.id]:
            ends = (*at(t.start.x, t.start.y), *at(t.end.x, t.end.y))
            if route.id in winning and owner is not None:
                draw.line(ends, fill=INK, width=max(6, round(11 * scale)))
                draw.line(ends, fill=pieces[owner].color, width=max(4, round(8 * scale)))
            elif owner is not None:
                paler = tint(pieces[owner].color, 0.45)
                draw.line(ends, fill=paler, width=max(3, round(6 * scale)))
            else:
                draw.line(ends, fill="#cdbf9f", width=max(1, round(3 * scale)))
    for name, place in drawn.places.items():
        if not board.is_country(name):
            x, y = at(place.x, place.y)
            draw.ellipse((x - 4, y - 4, x + 4, y + 4), fill=CITY_DOT, outline="#fff")
    for route_id, owner in owners.items():  # over the cities: a short route's mark shows
        centre = drawn.middle(route_id)
        _mark(draw, pieces[owner], *at(centre.x, centre.y), 6)  # a double's two stay apart
    draw.rectangle((left, top, left + WIDTH - 2 * PAD, top + map_height), outline=LINE, width=2)

    foot = str(_("Ticket to Ride companion"))
    draw.text((PAD, height - 50), foot, font=_font(24), fill=HINT)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()
