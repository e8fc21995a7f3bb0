"""The Telegram Mini App's entry (``/tg``): a club's bot opens it from a chat; the page
hands Telegram's signed initData to the server, which checks it and sends the phone on to
the page the link named (``startapp``: ``g``+game, ``w``+game watched, ``e``+event watched,
``t``+group). Without the setting ``TELEGRAM_BOT_TOKEN``, there is no such page and
nothing of Telegram shows; the entry page speaks the content policy every page inside
Telegram does (``headers.INSIDE_TELEGRAM_POLICY``)."""

from __future__ import annotations

import time
from typing import Any

from flask import (
    Blueprint,
    abort,
    current_app,
    jsonify,
    make_response,
    render_template,
    request,
    session,
    url_for,
)
from werkzeug.wrappers import Response

from companion.catalogs import language_code
from companion.web.headers import INSIDE_TELEGRAM_POLICY
from companion.web.language import COOKIE, YEAR
from companion.web.telegram import SCRIPT, InitDataRefused, check_init_data

bp = Blueprint("telegram_app", __name__, url_prefix="/tg")

# Where a start parameter's first letter sends the phone, with the rest as the id.
STARTS = {"g": ("table.show", "game_id"), "w": ("watch.show", "watch"),
          "e": ("event.watch", "watch"), "t": ("group.show", "group_id")}  # fmt: skip


def _token() -> str:
    """The bot's token; without one, there is no Mini App (404)."""
    token = str(current_app.config.get("TELEGRAM_BOT_TOKEN") or "")
    if not token:
        abort(404)
    return token


@bp.get("")
def entry() -> Response:
    """The page Telegram opens: it sends the signed initData on, as soon as it has it."""
    _token()
    answer = make_response(render_template("telegram.html", script=SCRIPT))
    answer.headers["Content-Security-Policy"] = INSIDE_TELEGRAM_POLICY
    return answer


@bp.post("")
def enter() -> Response:
    """Checks the initData; remembers who opened the app (their Telegram name, offered
    for their seat) and answers where to go: the page the link named, else home. The
    pages speak the user's Telegram language where the companion speaks it, unless a
    language was chosen here before."""
    try:
        opened = check_init_data(request.form.get("init_data", ""), _token(), time.time())
    except InitDataRefused as refusal:
        refused = jsonify(problem=str(refusal))
        refused.status_code = 403
        return refused
    answer = jsonify(go=start_page(opened.start))
    user = opened.user
    if user is not None:
        session["telegram"] = {"id": user.id, "name": user.name}
        spoken = language_code(user.language)
        if spoken and COOKIE not in request.cookies:
            answer.set_cookie(COOKIE, spoken, max_age=YEAR, samesite="Lax")
    return answer


def start_page(start: str) -> str:
    """The page a start parameter names ("e" and an event's watching id: its public
    page); home for any other."""
    found = STARTS.get(start[:1])
    if found is None or len(start) < 2:
        return url_for("home.index")
    endpoint, name = found
    values: dict[str, Any] = {name: start[1:]}
    return str(url_for(endpoint, **values))
