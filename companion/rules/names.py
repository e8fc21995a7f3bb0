"""Matching names the way players type them: case, accents and punctuation don't matter."""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable

from companion.rules.letters import latin

_NOT_WORD = re.compile(r"[\W_]+")
_DOUBLE = re.compile(r"(\w)\1+")


def name_key(text: str) -> str:
    """The form two spellings of one name share: "Montréal" and "montreal" give "montreal".
    Players' names: "Саша" and "Sasha" are two players."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(_NOT_WORD.sub(" ", bare.casefold()).split())


def place_key(text: str) -> str:
    """The form every spelling of a place shares, however it is typed: as ``name_key``, with
    Cyrillic read in Latin letters ("Лагос", "Лagos" and "Lagos" give "lagos") and a double
    letter as one ("Даллас" and "Далас" give "dalas")."""
    return _DOUBLE.sub(r"\1", name_key(latin(unicodedata.normalize("NFC", text).casefold())))


def close_matches(
    text: str, names: list[str], n: int = 3, key: Callable[[str], str] = name_key
) -> list[str]:
    """The names most like ``text``, best first, for a "did you mean" hint."""
    by_key = {key(name): name for name in names}
    keys = difflib.get_close_matches(key(text), list(by_key), n=n, cutoff=0.6)
    return [by_key[k] for k in keys]
