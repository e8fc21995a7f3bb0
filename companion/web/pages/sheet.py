"""The score sheet: ranks, totals and every point explained; the PDF; the export."""

from __future__ import annotations

import json

from flask import Blueprint, Response, render_template, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from companion.render.result_card import card_height
from companion.rules.errors import IllegalAction
from companion.rules.record import record_to_json
from companion.rules.scoring import ScoreSheet
from companion.web import game_store, group_store, in_place
from companion.web.forms import TrackForm, form_problem, required, small_int
from companion.web.players import board_picture
from companion.web.shared_page import shared
from companion.web.sharing import bg_stats_link, file_name, result_texts
from companion.web.sheet_view import pdf_response, sheet_context
from companion.web.stored_game import StoredGame

bp = Blueprint("sheet", __name__, url_prefix="/g/<game_id>")


def _highlight(sheet: ScoreSheet, show: str | None) -> tuple[set[int], str | None]:
    """The routes to pick out on the picture: a line of a player's sheet, as
    ``KEY:INDEX:NAME`` (the section's key, the line's place in it, the player)."""
    key, _colon, rest = (show or "").partition(":")
    written, _colon, name = rest.partition(":")
    for p in sheet.players:
        for section in p.sections:
            index = small_int(written, len(section.lines))
            if p.name == name and section.key == key and index is not None:
                line = section.lines[index]
                return {r.id for r in line.routes}, f"{p.name}: {line.what}"
    return set(), None


def render_sheet(game_id: str, problem: str | None = None, status: int = 200) -> tuple[str, int]:
    """The score sheet page (made once per version for every phone that reads it the
    same, unless it says why a form was refused)."""
    game = game_store.load_game(game_id)
    if problem is None:
        return shared(game, lambda: _sheet_page(game, None)), status
    return _sheet_page(game, problem), status


def _sheet_page(game: StoredGame, problem: str | None) -> str:
    game_id = game.id
    shown_sheet = sheet_context(game)
    sheet: ScoreSheet = shown_sheet["sheet"]
    highlight, shown = _highlight(sheet, request.args.get("show"))
    return render_template(
        "sheet.html",
        game=game,
        **shown_sheet,
        picture=board_picture(shown_sheet["state"], highlight=highlight),
        shown=shown,
        track=game.track,
        bg_stats=bg_stats_link(game, sheet),
        **result_texts(game, sheet),
        card_height=card_height(sheet),
        group=group_store.load_group(game.group) if game.group else None,
        form=TrackForm(),
        problem=problem,
        line_link=lambda name, key, index: url_for(
            "sheet.show", game_id=game_id, show=f"{key}:{index}:{name}"
        ),
    )


@bp.get("/sheet")
def show(game_id: str) -> tuple[str, int]:
    """The score sheet."""
    return render_sheet(game_id)


@bp.post("/track")
def track(game_id: str) -> BaseResponse | tuple[str, int]:
    """Notes what the score track says, to compare with the routes' points."""
    form = TrackForm()
    if not form.validate_on_submit():
        return render_sheet(game_id, problem=form_problem(form), status=400)
    player = required(form.player.data)
    try:
        version = game_store.set_track(game_id, player, form.points.data)
    except IllegalAction as refusal:
        return render_sheet(game_id, problem=str(refusal), status=400)
    setup = game_store.load_game(game_id).record.setup()
    seat = setup.names.index(setup.player(player)) + 1
    return in_place.written(url_for("sheet.show", game_id=game_id) + f"#track-{seat}", version)


@bp.get("/sheet.pdf")
def pdf(game_id: str) -> Response:
    """The score sheet as a PDF, to pin up: its QR code opens the game's watch address,
    from which nobody can change the game."""
    game = game_store.load_game(game_id)
    return pdf_response(game, url_for("watch.show", watch=game.watch))


@bp.get("/record.json")
def export(game_id: str) -> Response:
    """The game record, as ``companion score`` and import read it."""
    game = game_store.load_game(game_id)
    body = json.dumps(record_to_json(game_store.exported(game)), ensure_ascii=False, indent=2)
    response = Response(body, mimetype="application/json")
    name = file_name(game, "game-record", "json")
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
