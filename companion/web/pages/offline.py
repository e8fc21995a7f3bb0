"""What a phone keeps for when the connection drops: the service worker (``/worker.js``,
made from ``templates/worker.js`` with the files it keeps) and the page it shows when a
page was never read on this phone (``/offline``: the app's shell)."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, render_template, request, url_for

from companion.web import assets

bp = Blueprint("offline", __name__)

# The files every page loads, kept by the worker as it installs: the pages' style and
# scripts (the fonts are the phone's own), the icons. A page once read is kept as it was
# last read (the boards' pictures are in their pages).
SHELL_FILES = (
    "style.css",
    "companion.js",
    "vendor/htmx-2.0.11.min.js",
    "vendor/htmx-ext-sse-2.2.4.min.js",
    "vendor/idiomorph-ext-0.8.0.min.js",
    "icon.svg",
    "icon-192.png",
)


def kept_files() -> list[str]:
    """The addresses the worker keeps as it installs, each naming its content's version."""
    return [
        url_for("offline.shell"),
        url_for("home.manifest"),
        assets.palette_url(),
        assets.letters_url(),
        *(url_for("static", filename=name) for name in SHELL_FILES),
    ]


@bp.get("/worker.js")
def worker() -> Response:
    """The service worker: a new one (new files to keep) whenever a kept file changes, asked
    for again on every visit; it takes over from the next page on, never the page in hand."""
    keep = kept_files()
    body = render_template(
        "worker.js",
        # New kept files, or a new offline page, make a new version (kept anew).
        version=assets.version("\n".join([*keep, _shell_source()])),
        keep=keep,
        shell=url_for("offline.shell"),
        home=url_for("home.index"),
        static=request.script_root + (current_app.static_url_path or "") + "/",
    )
    response = Response(body, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    return response


def _shell_source() -> str:
    """The offline page's template as it stands (its words come from the catalogs, whose
    versions name the kept files' too)."""
    loader = current_app.jinja_loader
    assert loader is not None
    source, _, _ = loader.get_source(current_app.jinja_env, "offline.html")
    return source


@bp.get("/offline")
def shell() -> str:
    """The app's shell, shown when the connection is gone and the page asked for was never
    read on this phone (the home page among them): the pages it keeps, one tap away."""
    return render_template("offline.html")
