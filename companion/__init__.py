"""A table companion for Ticket to Ride: records the board, referees, scores the end.

``companion.rules`` is pure and imports no web framework; the app factory is loaded only
when asked for (``flask --app companion run`` finds ``create_app`` here).
"""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from companion.web import create_app

        return create_app
    raise AttributeError(f"module 'companion' has no attribute {name!r}")
