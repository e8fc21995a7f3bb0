"""Requests holding a NUL character, which no database stores (PostgreSQL refuses it in
text) and no page or form of the app sends, are turned away before a view sees them: an
address as not found (404), a query or a form as a bad request (400)."""

from __future__ import annotations

from flask import Flask, abort, request

NUL = "\x00"


def init_app(app: Flask) -> None:
    app.before_request(_turn_away_nul)


def _turn_away_nul() -> None:
    if NUL in request.path:
        abort(404)
    pairs = list(request.args.items(multi=True))
    if request.method == "POST":
        pairs += request.form.items(multi=True)
    if any(NUL in key or NUL in value for key, value in pairs):
        abort(400)
