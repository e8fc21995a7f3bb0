"""Route colours and the players' pieces, by the rule books' names."""

from __future__ import annotations

from companion.rules.errors import CompanionError
from companion.rules.words import Message, Text, _, listing

GRAY = "gray"
ROUTE_COLORS = ("purple", "blue", "orange", "white", "green", "yellow", "black", "red", GRAY)
# The base game's five colours of pieces, in the order the seats take them by default.
PIECE_COLORS = ("red", "blue", "green", "yellow", "black")
_ALIASES = {"pink": "purple", "grey": GRAY}

# Every colour of a route, a card, a goods token or a player's pieces, in words (the rule
# books' names; a player's colour is the colour of their trains).
_COLOR_WORDS: dict[str, Message] = {
    "purple": _("purple"),
    "blue": _("blue"),
    "orange": _("orange"),
    "white": _("white"),
    "green": _("green"),
    "yellow": _("yellow"),
    "black": _("black"),
    "red": _("red"),
    GRAY: _("gray"),
    "locomotive": _("locomotive"),
}


def color_words(color: str) -> Text:
    """A colour as the players say it ("yellow" in English, "жёлтый" in Russian); a colour
    the rules don't know is shown as it is."""
    return _COLOR_WORDS.get(color, color)


class UnknownColor(CompanionError):
    """A colour that is not a route colour."""


def route_color(text: str) -> str:
    """The rule book's name of a route colour ("pink" is read as purple, "grey" as gray)."""
    key = text.strip().casefold()
    key = _ALIASES.get(key, key)
    if key not in ROUTE_COLORS:
        raise UnknownColor(
            _(
                "'%(text)s' is not a route colour (the colours are %(colors)s)",
                text=text,
                colors=listing(ROUTE_COLORS),  # as a record names them
            )
        )
    return key
