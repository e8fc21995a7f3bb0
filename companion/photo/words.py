"""A photo's pieces in words: light enough for every page to use (no image library)."""

from __future__ import annotations

from companion.rules.words import Text, _

NONE = "none"

PIECE_WORDS = {
    NONE: _("no pieces"),
    "red": _("red pieces"),
    "blue": _("blue pieces"),
    "green": _("green pieces"),
    "yellow": _("yellow pieces"),
    "black": _("black pieces"),
}


def pieces_words(color: str | None) -> Text:
    """ "red pieces", "no pieces"."""
    return PIECE_WORDS.get(color or NONE, color or NONE)
