"""The web app: an app factory in the manner of flaskr. It only wires: the settings, the
database, the language, the templates, the files' addresses, the pages, the error pages,
the headers, the timing and the secret key each come from a module of their own."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask
from flask_wtf.csrf import CSRFProtect
from werkzeug.middleware.proxy_fix import ProxyFix

from companion.web.secret_key import instance_secret

HERE = Path(__file__).resolve().parent
csrf = CSRFProtect()


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
        app.config["SECRET_KEY"] = instance_secret(Path(app.instance_path))
    if str(app.config.get("PUBLIC_URL") or "").startswith("https://"):
        app.config["SESSION_COOKIE_SECURE"] = True  # the session only over HTTPS

    from companion.render import lettering
    from companion.web import (
        assets,
        error_pages,
        headers,
        in_place,
        language,
        refused_bytes,
        templating,
        timing,
        unit_of_work,
    )
    from companion.web.pages import BLUEPRINTS, photo

    timing.init_app(app)  # first: the time taken includes every check
    headers.init_app(app)
    refused_bytes.init_app(app)  # before any view or database sees a NUL
    photo.init_app(app)  # a photo's form may weigh more: said before the CSRF check reads it
    csrf.init_app(app)
    unit_of_work.init_app(app)
    language.init_app(app)
    templating.init_app(app)
    assets.init_app(app)
    in_place.init_app(app)
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    error_pages.init_app(app)
    lettering.register()  # once a process, before the first picture is asked for
    proxies = int(app.config.get("PROXIES") or 0)
    if proxies:  # behind that many reverse proxies: their X-Forwarded-* headers are true
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies, x_prefix=proxies
        )
    return app


def _shipped(folder: str) -> str:
    """``templates`` or ``static``: inside this package in an installed wheel (the build puts
    them there), else at the top of the source checkout, where they are kept."""
    packaged = HERE / folder
    return str(packaged if packaged.is_dir() else HERE.parents[1] / folder)
