"""The web app: an app factory in the manner of flaskr."""

from __future__ import annotations

import os
import secrets
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from flask import Flask, Response, current_app, g, render_template, request, url_for
from flask_babel import format_decimal
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError, CSRFProtect
from jinja2.bccache import Bucket, BytecodeCache
from markupsafe import Markup
from werkzeug.exceptions import HTTPException
from werkzeug.middleware.proxy_fix import ProxyFix

from companion.render.board_picture import flag_background
from companion.render.text_sheet import ordinal, signed
from companion.rules.colors import color_words
from companion.rules.counted import points
from companion.rules.errors import CompanionError
from companion.rules.names import place_key
from companion.rules.payment import card_words
from companion.web import database
from companion.web.dice_panel import face_words
from companion.web.forms import csrf_field, stamp

HERE = Path(__file__).resolve().parent
csrf = CSRFProtect()


class _CompiledTemplates(BytecodeCache):
    """The templates as compiled, kept for every app this process makes (keyed by each
    template's source, so a changed template compiles again)."""

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


COMPILED = _CompiledTemplates()


def create_app(
    test_config: dict[str, Any] | None = None, instance_path: str | os.PathLike[str] | None = None
) -> Flask:
    """The companion's Flask app; ``test_config`` overrides the instance's config.

    The instance folder (the database, the secret key, ``config.py``) is ``instance_path``,
    else ``$COMPANION_INSTANCE_PATH``, else Flask's: ``instance/`` at the top of a source
    checkout, ``<prefix>/var/companion.web-instance`` for an installed package.
    """
    instance = instance_path or os.environ.get("COMPANION_INSTANCE_PATH") or None
    app = Flask(
        __name__,
        instance_relative_config=True,
        instance_path=os.path.abspath(instance) if instance else None,
        template_folder=_shipped("templates"),
        static_folder=_shipped("static"),
    )
    app.config.from_mapping(
        DATABASE=os.path.join(app.instance_path, "companion.sqlite"),
        MAX_CONTENT_LENGTH=1_000_000,
        PUBLIC_URL=None,
        ALLOWED_HOSTS=[],
        GAMES_PER_HOUR=100,  # games one client may start or import in an hour
        WTF_CSRF_TIME_LIMIT=None,
        SESSION_COOKIE_SAMESITE="Lax",
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        if os.environ.get("DATABASE_URL"):  # the usual name for a hosted database's address
            app.config["DATABASE"] = os.environ["DATABASE_URL"]
        app.config.from_prefixed_env("COMPANION")
    else:
        app.config.from_mapping(test_config)
    os.makedirs(app.instance_path, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(Path(app.instance_path))
    if str(app.config.get("PUBLIC_URL") or "").startswith("https://"):
        app.config["SESSION_COOKIE_SECURE"] = True  # the session only over HTTPS

    app.before_request(_begin_timing)  # first: the time taken includes every check
    csrf.init_app(app)
    app.jinja_env.bytecode_cache = COMPILED
    from companion.web import (
        dice,
        end,
        group,
        home,
        language,
        live,
        share,
        sheet,
        store,
        table,
        trips,
        watch,
    )

    store.init_app(app)
    language.init_app(app)
    _helpers(app)
    for blueprint in (
        home.bp,
        group.bp,
        table.bp,
        end.bp,
        sheet.bp,
        share.bp,
        trips.bp,
        dice.bp,
        watch.bp,
        live.bp,
    ):
        app.register_blueprint(blueprint)
    _errors(app)
    app.after_request(_security_headers)
    app.after_request(_server_timing)
    proxies = int(app.config.get("PROXIES") or 0)
    if proxies:  # behind that many reverse proxies: their X-Forwarded-* headers are true
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies, x_prefix=proxies
        )
    return app


# What a page may load and do: its own scripts only (no inline script anywhere), styles of
# its own and the inline ones the pictures use, images of its own and QR data; never
# framed by another site.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


def _security_headers(response: Response) -> Response:
    """The headers every answer carries: the page's content policy, never framed, types
    as sent, and game addresses (which are their keys) never passed to another site."""
    headers = response.headers
    headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    headers.setdefault("X-Frame-Options", "DENY")
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("Referrer-Policy", "same-origin")
    if request.is_secure:
        headers.setdefault("Strict-Transport-Security", "max-age=31536000")
    return response


def _begin_timing() -> None:
    g.began = time.perf_counter(), time.thread_time()


def _server_timing(response: Response) -> Response:
    """How long the app took over the answer, and how much of it its thread computed (the
    rest it waited: for the database, or for its turn at the processor), in milliseconds
    (``Server-Timing: app;dur=…, cpu;dur=…``, as a browser's network panel and the load
    harness read them); the rest of a phone's wait is the network and the server's queue."""
    began = g.get("began")
    if began is not None:
        took = (time.perf_counter() - began[0]) * 1000
        computed = (time.thread_time() - began[1]) * 1000
        response.headers["Server-Timing"] = f"app;dur={took:.1f}, cpu;dur={computed:.1f}"
    return response


def _shipped(folder: str) -> str:
    """``templates`` or ``static``: inside this package in an installed wheel (the build puts
    them there), else at the top of the source checkout, where they are kept."""
    packaged = HERE / folder
    return str(packaged if packaged.is_dir() else HERE.parents[1] / folder)


def _helpers(app: Flask) -> None:
    """What the templates use besides Flask-Babel's ``_`` and ``ngettext``."""
    app.add_template_filter(place_key, "key")  # folded as the search folds what is typed
    # English only ("3 points"): the templates say counts with ngettext instead.
    app.add_template_filter(_signed, "signed")
    app.add_template_filter(_sentence, "sentence")
    # A colour in words, in the page's language: {{ color_words(route.color) }} or
    # {{ route.color|color_words }}.
    app.add_template_filter(color_words, "color_words")
    app.add_template_global(color_words, "color_words")
    # A train card ("locomotive+4", "ship red") and a die face, in words.
    for words in (card_words, face_words):
        app.add_template_filter(words, words.__name__)
        app.add_template_global(words, words.__name__)
    # A rank ("1st") and a score ("17 points") as the score sheets print them.
    app.add_template_filter(ordinal, "ordinal")
    app.add_template_filter(points, "points")
    # An average as the language writes it ("45.3", "45,3").
    app.add_template_filter(lambda value: format_decimal(value, "0.0"), "decimal")
    # What a form that writes was made on: {{ stamp(game) }} beside its csrf_token.
    app.add_template_global(stamp, "stamp")
    app.add_template_global(csrf_field, "csrf_field")
    app.add_template_global(page_url, "page_url")
    app.add_template_global(flag_background, "flag_background")  # a country's, in the key


def _errors(app: Flask) -> None:
    """Every refusal as a page that says what went wrong, never a 500 for bad input."""

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
        description = error.description
        if description == type(error).description:
            description = descriptions.get(code)  # never Werkzeug's English
        message = messages.get(code) or description or _("That request was not understood.")
        title = titles.get(code) or _("Error %(code)d", code=code)
        return render_template("error.html", title=title, message=message), code

    from companion.web.store import GameNotFound

    @app.errorhandler(GameNotFound)
    def no_game(error: GameNotFound) -> tuple[str, int]:
        message = _("There is no game at this address: check the link, or start a new one.")
        return render_template("error.html", title=_("No such game"), message=message), 404

    from companion.web.group_store import GroupNotFound

    @app.errorhandler(GroupNotFound)
    def no_group(error: GroupNotFound) -> tuple[str, int]:
        message = _("There is no group at this address: check the link, or start a new one.")
        return render_template("error.html", title=_("No such group"), message=message), 404

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
    if reason == database.FULL:
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


def page_url() -> str:
    """The address that shows this page again: its own for a page asked for (GET); after
    a form was sent, the page the form belongs to (the same address asked for, where there
    is one, else the game's table), on the player it named. The language switch returns
    here, live updates fetch it, and the page puts it in the address bar, so that a reload
    never sends a form again."""
    if request.method == "GET":
        return request.full_path if request.query_string else request.path
    adapter = current_app.url_map.bind("")
    try:
        adapter.match(request.path, method="GET")
        path = request.path
    except HTTPException:
        game_id = (request.view_args or {}).get("game_id")
        path = url_for("table.show", game_id=game_id) if game_id else url_for("home.index")
    try:  # the player the form acted for, and a dice game's roll, stay on the page
        kept = {k: request.form.get(k, "") for k in ("player", "faces")}
    except HTTPException:  # a body too large to read: nothing to keep
        kept = {}
    kept = {k: v for k, v in kept.items() if v and len(v) <= 100}
    return path + ("?" + urlencode(kept) if kept else "")


def _sentence(text: object) -> str:
    """A refusal as a sentence on its own: its first letter a capital and a full stop at its
    end ("у гру …" → "У гру ….")."""
    words = str(text).rstrip()
    capital = words[:1].upper() + words[1:]
    if capital and capital[-1] not in ".!?…":
        capital += "."
    return Markup(capital) if isinstance(text, Markup) else capital


def _signed(points: int) -> str:
    """Points with their sign, as the pages print them, with a true minus: "+4", "−3", "0"."""
    return signed(points).replace("-", "−")


def _instance_secret(instance: Path) -> str:
    """The instance's own secret key, made on first run and kept in the instance folder.
    It is written whole to a file of its own, readable by its owner only from the start,
    then linked into place: of several workers starting at once, the first to link it
    sets the key, and every one reads that key (never an empty or half-written file)."""
    path = instance / "secret_key"
    if not path.exists():
        fresh = instance / f".secret_key.{os.getpid()}.{secrets.token_hex(4)}"
        descriptor = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(descriptor, "w", encoding="ascii") as file:
                file.write(secrets.token_hex(32))
                file.flush()
                os.fsync(file.fileno())
            try:
                os.link(fresh, path)  # fails if another worker's key is already there
            except FileExistsError:
                pass
            except OSError:  # a file system without hard links: moved into place instead
                if not path.exists():
                    os.replace(fresh, path)
        finally:
            fresh.unlink(missing_ok=True)
    key = path.read_text(encoding="ascii").strip()
    if not key:
        raise RuntimeError(f"{path} is empty: delete it, and a new key is made at start")
    return key
