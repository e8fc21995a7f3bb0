"""Route colours, by the rule books' names."""

from __future__ import annotations

from companion.rules.errors import CompanionError

GRAY = "gray"
ROUTE_COLORS = ("purple", "blue", "orange", "white", "green", "yellow", "black", "red", GRAY)
_ALIASES = {"pink": "purple", "grey": GRAY}


class UnknownColor(CompanionError):
    """A colour that is not a route colour."""


def route_color(text: str) -> str:
    """The rule book's name of a route colour ("pink" is read as purple, "grey" as gray)."""
    key = text.strip().casefold()
    key = _ALIASES.get(key, key)
    if key not in ROUTE_COLORS:
        raise UnknownColor(
            f"'{text}' is not a route colour (the colours are {', '.join(ROUTE_COLORS)})"
        )
    return key
