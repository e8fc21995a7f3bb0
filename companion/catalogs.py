"""The languages the companion speaks, and their gettext catalogs (``companion/translations``).

Flask-free: the web app, the command line and the PDF all take their catalogs here."""

from __future__ import annotations

import gettext
import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import IO

from companion.rules.words import ENGLISH, Translator

CATALOGS = Path(__file__).resolve().parent / "translations"
DOMAIN = "messages"

# Each language by its code, named in itself (as the language switch shows it).
LANGUAGES = {"en": "English", "ru": "Русский", "uk": "Українська"}
DEFAULT = "en"
# As the switch on every page labels them (not "UK", which reads as a country).
SHORT = {"en": "EN", "ru": "РУС", "uk": "УКР"}


def language_code(text: object) -> str | None:
    """The code of a language the companion speaks ("ru", "ru-RU", "RU"), else None."""
    if not isinstance(text, str):
        return None
    code = text.strip().replace("_", "-").split("-")[0].casefold()
    return code if code in LANGUAGES else None


@cache
def translator(code: str) -> Translator:
    """The catalog of a language (English: the messages as they are written), read with
    the standard library's gettext: the command line starts without Babel."""
    if code == DEFAULT:
        return ENGLISH
    try:  # never English in place of a missing catalog
        return gettext.translation(DOMAIN, CATALOGS, [code])
    except FileNotFoundError:
        raise FileNotFoundError(f"no {code} catalog in {CATALOGS}: pybabel compile") from None


def extract_board_words(
    fileobj: IO[bytes], keywords: object, comment_tags: object, options: object
) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel's extractor for the map files (``babel.cfg``): each map's name and notes and
    each route's note, which the pages show in the language spoken."""
    data = tomllib.loads(fileobj.read().decode("utf-8"))
    words = [data.get("name"), data.get("notes")]
    words += [route.get("note") for route in data.get("routes", ())]
    seen: set[str] = set()
    for text in words:
        if isinstance(text, str) and text and text not in seen:
            seen.add(text)
            yield 0, None, text, [f"map {data.get('id')}"]
