"""``/palette.css`` and ``/letters.js``: the colours and the search's letters, made from the
Python side (``web/assets.py``), kept by browsers for a year under names that change with
their content."""

from __future__ import annotations

from flask import Blueprint, Response, redirect, request
from werkzeug.wrappers import Response as BaseResponse

from companion.web import assets

bp = Blueprint("asset_files", __name__)


def _kept(body: str, mimetype: str, address: str) -> BaseResponse:
    """The file, kept a year under the address that names its content; any other address
    (an old page's, or a newer server's while this one still answers) is sent to that one,
    so that no address is ever kept with content not its own."""
    if request.args.get("v") != assets.version(body):
        return redirect(address, code=302)
    return assets.kept_a_year(Response(body, mimetype=mimetype))


@bp.get("/palette.css")
def palette() -> BaseResponse:
    """The colours of routes, cards, goods and the map, as CSS."""
    return _kept(assets.palette(), "text/css", assets.palette_url())


@bp.get("/letters.js")
def letters() -> BaseResponse:
    """The letters the page's search folds, as the server folds them."""
    return _kept(assets.letters(), "text/javascript", assets.letters_url())
