"""The web app: an app factory in the manner of flaskr."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask

ROOT = Path(__file__).resolve().parents[2]


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The companion's Flask app; ``test_config`` overrides the instance's config."""
    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    app.config.from_mapping(MAX_CONTENT_LENGTH=2_000_000)
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    os.makedirs(app.instance_path, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(Path(app.instance_path))

    from companion.web import home

    app.register_blueprint(home.bp)
    return app


def _instance_secret(instance: Path) -> str:
    """The instance's own secret key, made on first run and kept in the instance folder."""
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32), encoding="ascii")
        path.chmod(0o600)
    return path.read_text(encoding="ascii").strip()
