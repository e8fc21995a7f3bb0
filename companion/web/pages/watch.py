"""The watch address: the game as it stands, for a phone that follows but cannot write.

Pages here never show the game's own (playing) address."""

from __future__ import annotations

from flask import Blueprint, Response, render_template, url_for

from companion.rules.table_questions import final_round_news, still_to_play
from companion.web import game_store
from companion.web.players import board_picture, seats
from companion.web.shared_page import shared
from companion.web.sheet_view import pdf_response, sheet_context
from companion.web.table_view import listed_history

bp = Blueprint("watch", __name__, url_prefix="/w/<watch>")


@bp.get("")
def show(watch: str) -> tuple[str, int]:
    """The standings, the board and the history, read-only (made once per version for
    the live updates of every phone watching: ``shared_page``)."""
    game = game_store.load_watched(watch)
    state = game.state()

    def page() -> str:
        return render_template(
            "watch.html",
            watched=game,
            state=state,
            seats=seats(state),
            final_news=final_round_news(state),
            still_to_play=still_to_play(state),
            picture=board_picture(state),
            history=listed_history(game),
            history_count=len(game.history),
        )

    return shared(game, page), 200


@bp.get("/sheet")
def sheet(watch: str) -> tuple[str, int]:
    """The score sheet, read-only."""
    game = game_store.load_watched(watch)
    shown_sheet = sheet_context(game)
    return render_template(
        "watch_sheet.html",
        watched=game,
        **shown_sheet,
        picture=board_picture(shown_sheet["state"]),
    ), 200


@bp.get("/sheet.pdf")
def pdf(watch: str) -> Response:
    """The PDF score sheet; its QR code opens this watch address."""
    return pdf_response(game_store.load_watched(watch), url_for("watch.show", watch=watch))
