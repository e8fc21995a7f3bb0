"""Sharing a game: the QR codes that bring other phones to the table; its result: the
result card (a PNG a phone shares), the score sheet as CSV, and the link that logs the play
in BG Stats."""

from __future__ import annotations

from flask import Blueprint, Response, request, url_for

from companion.render.csv_sheet import sheet_to_csv
from companion.web import game_store
from companion.web.qr import public_url, qr_svg
from companion.web.sharing import card_png, file_name

bp = Blueprint("share", __name__, url_prefix="/g/<game_id>")


@bp.get("/qr.svg")
def qr_code(game_id: str) -> Response:
    """The QR code of the game's address: another phone scans it to open the table. An
    image of its own, fetched when the More sheet is first opened, rather than some 10 kB
    in every table page a live update sends."""
    game = game_store.load_game(game_id)
    return _code(public_url(url_for("table.show", game_id=game.id)))


@bp.get("/watch-qr.svg")
def watch_qr_code(game_id: str) -> Response:
    """The QR code of the game's watching address (a phone that follows without playing)."""
    game = game_store.load_game(game_id)
    return _code(public_url(url_for("watch.show", watch=game.watch)))


def _code(link: str) -> Response:
    """``link`` as a QR code in SVG; the phone keeps it and asks again whether it changed
    (the address shared follows the one the page was opened at)."""
    response = Response(
        '<?xml version="1.0" encoding="UTF-8"?>\n' + qr_svg(link), mimetype="image/svg+xml"
    )
    response.headers["Cache-Control"] = "private, no-cache"  # the playing address: no proxy
    response.add_etag()
    response.make_conditional(request)
    return response


@bp.get("/card.png")
def card(game_id: str) -> Response:
    """The result card as a PNG image."""
    game = game_store.load_game(game_id)
    response = Response(card_png(game), mimetype="image/png")
    response.headers["Content-Disposition"] = (
        f'inline; filename="{file_name(game, "result", "png")}"'
    )
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/sheet.csv")
def csv(game_id: str) -> Response:
    """The score sheet as CSV, to open in a spreadsheet."""
    game = game_store.load_game(game_id)
    response = Response(sheet_to_csv(game.scored()), mimetype="text/csv")
    response.headers["Content-Disposition"] = (
        f'attachment; filename="{file_name(game, "score-sheet", "csv")}"'
    )
    return response
