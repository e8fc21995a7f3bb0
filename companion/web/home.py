"""Home: what the companion does, and the maps it knows."""

from __future__ import annotations

from flask import Blueprint, render_template

from companion.rules.board import load_board, map_ids

bp = Blueprint("home", __name__)


@bp.get("/")
def index() -> str:
    """The home page."""
    boards = [load_board(m) for m in map_ids()]
    return render_template("home.html", boards=boards)
