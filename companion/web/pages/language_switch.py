"""The language switch on every page: a tap speaks that language from then on, in this
browser, and goes back to the page."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from flask import Blueprint, redirect, request
from werkzeug.wrappers import Response

from companion.catalogs import language_code
from companion.web.language import COOKIE, YEAR

bp = Blueprint("language_switch", __name__)


@bp.route("/language/<code>")
def switch(code: str) -> Response:
    """Speaks ``code`` from now on, on every page of this browser, and goes back."""
    chosen = language_code(code)  # a code the companion doesn't speak changes nothing
    back = request.args.get("next", "")
    parts = urlsplit(back)
    if not back.startswith("/") or back.startswith("//") or parts.scheme or parts.netloc:
        back = "/"
    else:  # the page again, without a language in its address that would outrank the tap
        query = [(k, v) for k, v in parse_qsl(parts.query) if k != "lang"]
        back = urlunsplit(("", "", parts.path, urlencode(query), ""))
    response = redirect(back)
    if chosen:
        response.set_cookie(COOKIE, chosen, max_age=YEAR, samesite="Lax")
    return response
