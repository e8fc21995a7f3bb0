"""Every refusal as a page that says what went wrong, in the page's language: a form
expired, an address with nothing at it, a rule refused, a database that can't take the
request just now; never a 500 for bad input."""

from __future__ import annotations

from flask import Flask, render_template, request
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from companion.photo.limits import MAX_BYTES
from companion.rules.errors import CompanionError
from companion.web import database
from companion.web.event_store import EventNotFound
from companion.web.game_store import GameClosed, GameNotFound
from companion.web.group_store import GroupNotFound


def init_app(app: Flask) -> None:
    """The error pages, each a page of its own."""

    @app.errorhandler(CSRFError)
    def csrf_error(error: CSRFError) -> tuple[str, int]:
        message = _("This form has expired or was not sent from this app: reload the page.")
        return render_template("error.html", title=_("Form expired"), message=message), 400

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> tuple[str, int]:
        messages = {
            404: _("There is nothing at this address: check the link to the game."),
            405: _("This address does not take that kind of request."),
            413: _("That file is too large for a game record."),
        }
        # The titles of the commonest; any other is "Error 429".
        titles = {
            400: _("Bad Request"),
            404: _("Not Found"),
            405: _("Method Not Allowed"),
            413: _("Request Entity Too Large"),
            500: _("Internal Server Error"),
        }
        # Werkzeug's own descriptions, when a view gave no reason of its own.
        descriptions = {
            400: _("The browser (or proxy) sent a request that this server could not understand."),
            500: _(
                "The server encountered an internal error and was unable to complete your"
                " request. Either the server is overloaded or there is an error in the"
                " application."
            ),
        }
        code = error.code or 400
        if code == 413 and request.endpoint in ("photo.corners", "photo.new_corners"):
            messages[413] = _(
                "That photo is larger than %(most)d MB: send it as the phone took it, or smaller.",
                most=MAX_BYTES // 1_000_000,
            )
        description = error.description
        if description == type(error).description:
            description = descriptions.get(code)  # never Werkzeug's English
        message = messages.get(code) or description or _("That request was not understood.")
        title = titles.get(code) or _("Error %(code)d", code=code)
        return render_template("error.html", title=title, message=message), code

    @app.errorhandler(GameNotFound)
    def no_game(error: GameNotFound) -> tuple[str, int]:
        message = _("There is no game at this address: check the link, or start a new one.")
        return render_template("error.html", title=_("No such game"), message=message), 404

    @app.errorhandler(GameClosed)
    def closed_game(error: GameClosed) -> tuple[str, int]:
        return render_template("game_closed.html", closed=error), 409

    @app.errorhandler(GroupNotFound)
    def no_group(error: GroupNotFound) -> tuple[str, int]:
        message = _("There is no group at this address: check the link, or start a new one.")
        return render_template("error.html", title=_("No such group"), message=message), 404

    @app.errorhandler(EventNotFound)
    def no_event(error: EventNotFound) -> tuple[str, int]:
        message = _("There is no event at this address: check the link, or start a new one.")
        return render_template("error.html", title=_("No such event"), message=message), 404

    @app.errorhandler(CompanionError)
    def refused(error: CompanionError) -> tuple[str, int]:
        return render_template("error.html", title=_("Refused"), message=str(error)), 400

    for kind in database.FAULTS:
        app.register_error_handler(kind, _unavailable)


def _unavailable(error: Exception) -> tuple[str, int, dict[str, str]]:
    """The database can't take the request (full, read-only, unreachable): a page that
    says so, and that nothing recorded is lost (a write that failed changed nothing)."""
    if not database.is_unavailable_error(error):
        raise error  # a fault of the app's own: not the database's
    reason = error.reason if isinstance(error, database.Unavailable) else database.reason_of(error)
    kept = _("Everything recorded before is kept.")
    if reason == database.UNKNOWN_OUTCOME:
        title = _("Saved or not: the server can't tell")
        said = _(
            "The server lost its database while saving: what was sent may or may not have"
            " been recorded. Open the game again to see it as it is before sending it again."
        )
        return render_template("error.html", title=title, message=said), 503, {"Retry-After": "5"}
    if reason == database.BUSY:
        title = _("The server is busy")
        said = _("Many phones are saving at once; try again in a moment.")
    elif reason == database.FULL:
        title = _("Nothing new can be recorded just now")
        said = _(
            "The server's disk is full, so nothing new can be saved; try again once room"
            " has been made."
        )
    elif reason == database.READ_ONLY:
        title = _("Nothing new can be recorded just now")
        said = _(
            "The server's database can only be read just now, so nothing new can be saved;"
            " try again in a moment."
        )
    else:
        title = _("The games can't be reached just now")
        said = _("The server can't reach its database just now; try again in a moment.")
    message = f"{said} {kept}"
    return render_template("error.html", title=title, message=message), 503, {"Retry-After": "5"}
