"""The score sheet as the game's pages and its watch pages show it: the sheet, each
player's score through the game, the PDF download."""

from __future__ import annotations

import io
from typing import Any

from flask import Response, send_file

from companion.render.pdf_sheet import sheet_to_pdf
from companion.render.score_chart import Series, chart, chart_svg, series_of
from companion.rules.scoring import ScoreSheet
from companion.rules.state import State, start
from companion.rules.table_questions import Track, track_after
from companion.web import unit_of_work
from companion.web.cache import Recent
from companion.web.players import colour_blind, player_pieces, seats
from companion.web.qr import public_url
from companion.web.sharing import file_name
from companion.web.stored_game import StoredGame


def score(game: StoredGame, state: State | None = None) -> ScoreSheet:
    """The game's score sheet, from its board and the tickets entered (``state``: the
    board, when already replayed: the same as the game's own)."""
    return game.scored()


# Each game's score track as last followed in this process, by database and game, with
# the live actions it was followed through (their numbers in the log): the next version's
# follows on from it through the actions recorded since.
TRACKS: Recent[tuple[str, str], tuple[tuple[int, ...], Track]] = Recent(256)


def sheet_context(game: StoredGame) -> dict[str, Any]:
    """What the table's score sheet and the watchers' both show: the game as it stands
    (``state``), its ``sheet``, ``seats`` and ``pieces``, and the score through the game
    (``series``) with its ``chart``. Each page adds its own board picture."""
    state = game.state()
    sheet = score(game, state)
    series = progress(game, state, sheet)
    return {
        "state": state,
        "seats": seats(state),
        "sheet": sheet,
        "pieces": player_pieces(state),
        "series": series,
        "chart": chart_svg(chart(series)),
    }


def progress(game: StoredGame, state: State, sheet: ScoreSheet) -> list[Series]:
    """Each player's score through the game, and the final totals once it is over."""
    history = _track(game, state).shown
    finals = {p.name: p.total for p in sheet.players} if sheet.finished else None
    return series_of(state.setup.names, player_pieces(state), history, finals)


def _track(game: StoredGame, state: State) -> Track:
    """The game's score track through its live actions: followed on from the last one
    worked out for it when its actions then are the first of its actions now, on the same
    setup (an Undo of an earlier one, a claim mended in before the last move, or a goods
    colour set follows it from the start)."""
    key = (unit_of_work.database().url, game.id)
    live = tuple(a.seq for a in game.history if a.undone is None)
    known = TRACKS.get(key)
    so_far = None
    # Followed on only from the same setup: a Märklin table sets a city's goods colour,
    # Rails & Sails its split of pieces, between actions.
    if known is not None and live[: len(known[0])] == known[0]:
        if known[1].state.setup == state.setup:
            so_far = known[1]
    track = track_after(start(state.setup), game.record.actions, so_far)
    TRACKS.put(key, (live, track))
    return track


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
