"""``/palette.css`` and ``/letters.js``: the colours and the search's letters, made from the
Python side (``web/assets.py``), kept by browsers for a year under names that change with
their content."""

from __future__ import annotations

from flask import Blueprint, Response

from companion.web import assets

bp = Blueprint("assets", __name__)
YEAR = 365 * 24 * 3600


def _kept(body: str, mimetype: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Cache-Control"] = f"public, max-age={YEAR}, immutable"
    return response


@bp.get("/palette.css")
def palette() -> Response:
    """The colours of routes, cards, goods and the map, as CSS."""
    return _kept(assets.palette(), "text/css")


@bp.get("/letters.js")
def letters() -> Response:
    """The letters the page's search folds, as the server folds them."""
    return _kept(assets.letters(), "text/javascript")
