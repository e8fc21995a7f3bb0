"""The city search's answers: the cities a few typed letters may mean, best first, as the
board ranks them (``companion/rules/city_search.py``), for a page's search box."""

from __future__ import annotations

from flask import Blueprint, Response, abort, jsonify, request

from companion.rules.map_file import load_board, map_ids

bp = Blueprint("find", __name__)

MOST_TYPED = 100  # letters of a search worth weighing; more are a paste, not a name


@bp.get("/maps/<map_id>/find")
def cities(map_id: str) -> Response:
    """``{"q": what was typed, "cities": [printed names, best first]}``. A board's answer
    to the same letters never changes: a phone keeps it for the day."""
    if map_id not in map_ids():
        abort(404)
    typed = request.args.get("q", "")[:MOST_TYPED]
    response = jsonify(q=typed, cities=load_board(map_id).find_cities(typed))
    response.headers["Cache-Control"] = "public, max-age=86400"
    return response
