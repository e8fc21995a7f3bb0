"""The score sheet as the game's pages and its watch pages show it: the sheet, each
player's score through the game, the PDF download."""

from __future__ import annotations

import io

from flask import Response, send_file

from companion.render.pdf_sheet import sheet_to_pdf
from companion.render.score_chart import Series, series_of
from companion.rules.scoring import ScoreSheet
from companion.rules.state import State
from companion.rules.table_questions import track_history
from companion.web.players import colour_blind, player_pieces
from companion.web.qr import public_url
from companion.web.sharing import file_name
from companion.web.stored_game import StoredGame


def score(game: StoredGame, state: State | None = None) -> ScoreSheet:
    """The game's score sheet, from its board and the tickets entered (``state``: the
    board, when already replayed: the same as the game's own)."""
    return game.scored()


def progress(game: StoredGame, state: State, sheet: ScoreSheet) -> list[Series]:
    """Each player's score through the game, and the final totals once it is over."""
    history = track_history(state.setup, game.record.actions)
    finals = {p.name: p.total for p in sheet.players} if sheet.finished else None
    return series_of(state.setup.names, player_pieces(state), history, finals)


def pdf_response(game: StoredGame, back: str) -> Response:
    """The game's PDF score sheet as a download; its QR code opens ``back``. Made within
    the request, so it speaks the page's language (``?lang=ru`` on its address)."""
    state = game.state()
    sheet = score(game, state)
    data = sheet_to_pdf(sheet, public_url(back), progress(game, state, sheet), colour_blind())
    return send_file(
        io.BytesIO(data),
        mimetype="application/pdf",
        as_attachment=True,
        download_name=file_name(game, "score-sheet", "pdf"),
    )
