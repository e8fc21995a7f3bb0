"""The switches on every page, each remembered by this browser: the language (a tap
speaks it from then on) and the colour-blind colours; each goes back to the page."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from flask import Blueprint, redirect, request
from werkzeug.wrappers import Response

from companion.catalogs import language_code
from companion.web.language import COOKIE, YEAR
from companion.web.players import COLOURS_COOKIE

bp = Blueprint("language_switch", __name__)


@bp.route("/language/<code>")
def switch(code: str) -> Response:
    """Speaks ``code`` from now on, on every page of this browser, and goes back."""
    chosen = language_code(code)  # a code the companion doesn't speak changes nothing
    response = redirect(_back())
    if chosen:
        response.set_cookie(COOKIE, chosen, max_age=YEAR, samesite="Lax")
    return response


@bp.route("/colours/<choice>")
def colours(choice: str) -> Response:
    """Draws the players' pieces in the colours that stay apart for colour-blind eyes
    (``colour-blind``) or in the usual ones (``usual``) from now on, and goes back."""
    response = redirect(_back())
    if choice in ("usual", "colour-blind"):
        response.set_cookie(COLOURS_COOKIE, choice, max_age=YEAR, samesite="Lax")
    return response


def _back() -> str:
    """The page to go back to (``next``): one of the companion's own, without a language
    in its address that would outrank the tap."""
    back = request.args.get("next", "")
    parts = urlsplit(back)
    if not back.startswith("/") or back.startswith("//") or parts.scheme or parts.netloc:
        return "/"
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "lang"]
    return urlunsplit(("", "", parts.path, urlencode(query), ""))
