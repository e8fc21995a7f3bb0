"""Sharing a game's result: the result card (a PNG a phone shares), the score sheet as
CSV, and the link that logs the play in BG Stats."""

from __future__ import annotations

from flask import Blueprint, Response

from companion.render.csv_sheet import sheet_to_csv
from companion.web import store
from companion.web.sharing import card_png, file_name

bp = Blueprint("share", __name__, url_prefix="/g/<game_id>")


@bp.get("/card.png")
def card(game_id: str) -> Response:
    """The result card as a PNG image."""
    game = store.load_game(game_id)
    response = Response(card_png(game), mimetype="image/png")
    response.headers["Content-Disposition"] = (
        f'inline; filename="{file_name(game, "result", "png")}"'
    )
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/sheet.csv")
def csv(game_id: str) -> Response:
    """The score sheet as CSV, to open in a spreadsheet."""
    game = store.load_game(game_id)
    response = Response(sheet_to_csv(game.scored()), mimetype="text/csv")
    response.headers["Content-Disposition"] = (
        f'attachment; filename="{file_name(game, "score-sheet", "csv")}"'
    )
    return response
