"""Home: start a new game, resume a recent one, import a game record."""

from __future__ import annotations

import json

from flask import (
    Blueprint,
    current_app,
    redirect,
    render_template,
    send_from_directory,
    session,
    url_for,
)
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from companion.render.palette import ACCENT, PAGE
from companion.web import event_view, game_store, group_store
from companion.web.forms import ImportForm, NewGameForm
from companion.web.language import language
from companion.web.new_game import (
    Refusal,
    import_game,
    new_game_context,
    new_game_form,
    start_game,
)

bp = Blueprint("home", __name__)


def _page(
    form: NewGameForm | None = None,
    upload: ImportForm | None = None,
    problem: str | None = None,
    status: int = 200,
) -> tuple[str, int]:
    return render_template(
        "home.html",
        upload=upload or ImportForm(),
        games=game_store.games_among(session.get("games", [])),
        groups=group_store.groups_among(session.get("groups", [])),
        problem=problem,
        event_form=event_view.event_form(),
        **new_game_context(form),
    ), status


@bp.get("/")
def index() -> tuple[str, int]:
    """The home page."""
    return _page()


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """What a phone needs to keep the companion on its home screen, like an app."""
    icons = [
        {
            "src": url_for("static", filename=f"icon-{size}.png"),
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": "any maskable",
        }
        for size in (192, 512)
    ]
    icons.append(
        {"src": url_for("static", filename="icon.svg"), "sizes": "any", "type": "image/svg+xml"}
    )
    body = {
        "name": _("Ticket to Ride companion"),
        "short_name": _("Companion"),
        "lang": language(),
        "start_url": url_for("home.index"),
        "scope": "/",
        "display": "standalone",
        "background_color": PAGE,
        "theme_color": ACCENT,
        "icons": icons,
    }
    response = Response(json.dumps(body, ensure_ascii=False), mimetype="application/manifest+json")
    response.headers["Cache-Control"] = "public, max-age=86400"
    response.headers["Vary"] = "Accept-Language, Cookie"  # its words are the phone's language
    return response


@bp.get("/favicon.ico")
def favicon() -> Response:
    """The icon browsers ask for at the top of the site."""
    return send_from_directory(
        current_app.static_folder or "", "icon-192.png", mimetype="image/png", max_age=86400
    )


@bp.post("/games")
def new_game() -> Response | tuple[str, int]:
    """Starts a game with the players in the order given."""
    form = new_game_form()
    started = start_game(form)
    if isinstance(started, Refusal):
        return _page(form, problem=started.problem, status=started.status)
    return redirect(url_for("table.show", game_id=started), code=303)


@bp.post("/import")
def import_record() -> Response | tuple[str, int]:
    """Imports a game record (the JSON that export and ``companion score`` use)."""
    upload = ImportForm()
    imported = import_game(upload)
    if isinstance(imported, Refusal):
        return _page(upload=upload, problem=imported.problem, status=imported.status)
    return redirect(url_for("table.show", game_id=imported), code=303)
