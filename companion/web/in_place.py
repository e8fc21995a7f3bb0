"""A form answered in place: the phone that sent it stays on its page.

A page that follows its game sends its forms itself (``static/companion.js``), saying
which page it shows (the ``X-In-Place`` header: its own address). Where the form's answer
would lead back to that very page (the table after a claim, the board after a claim made
on it), there is no page to load: the phone's stream brings the game's new state, as it
brings every phone's at the table, and the answer is only what this phone's tap did, its
notes: made at the game's version after the write, which the view's answer carries
(``written``), or as it stands where the form had been sent before and nothing was
written. Where the answer leads elsewhere, it says where (``X-Go``), for the page to go
there; a refusal is answered as it always is, the page with its reason.
"""

from __future__ import annotations

from typing import cast

from flask import Flask, get_flashed_messages, request
from flask import Response as FlaskResponse
from werkzeug.utils import redirect
from werkzeug.wrappers import Response

from companion.web import game_store
from companion.web.shared_page import notes

ASKED = "X-In-Place"  # the address of the page the form was sent from
GO = "X-Go"  # where a form answered elsewhere leads


class Written(FlaskResponse):
    """The way back (a 303) from a form that wrote its game: ``version``, the version the
    write left the game at (None: it wrote nothing)."""

    version: int | None = None


def written(target: str, version: int | None) -> Response:
    """The way back to ``target`` (a 303) from a form whose write left its game at
    ``version``: answered in place, its notes are made at that version."""
    response = cast(Written, redirect(target, code=303, Response=Written))
    response.version = version
    return response


def init_app(app: Flask) -> None:
    """Forms sent from a page that follows its game are answered in place."""
    app.after_request(_in_place)


def _in_place(response: Response) -> Response:
    """A form's way back to its page turned into its notes; elsewhere, where it leads."""
    page = request.headers.get(ASKED)
    if request.method != "POST" or page is None or response.status_code != 303:
        return response
    target = response.location or ""
    if target != page:
        response.status_code = 204
        response.set_data(b"")
        response.headers[GO] = target
        del response.headers["Location"]
        return response
    game_id = (request.view_args or {}).get("game_id")
    version = response.version if isinstance(response, Written) else None
    if version is None and game_id is not None:  # nothing written: a form sent again
        version = game_store.load_game(game_id).version
    response.status_code = 200
    response.set_data(str(notes(get_flashed_messages(), version)))
    response.mimetype = "text/html"
    response.headers["Cache-Control"] = "no-store"
    del response.headers["Location"]
    return response
