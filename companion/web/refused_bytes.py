"""Addresses holding a NUL character, which no database stores (PostgreSQL refuses it in
text) and no page of the app makes, are turned away before a view sees them: the address
as not found (404), a query as a bad request (400). A form's or a record's NUL is refused
where it would be stored (``database.storable``), in words."""

from __future__ import annotations

from flask import Flask, abort, request

NUL = "\x00"


def init_app(app: Flask) -> None:
    app.before_request(_turn_away_nul)


def _turn_away_nul() -> None:
    if NUL in request.path:
        abort(404)
    if any(NUL in key or NUL in value for key, value in request.args.items(multi=True)):
        abort(400)
