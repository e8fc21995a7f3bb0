"""What the pages' style and script take from the Python side, so that each fact is written
once: the colours (``/palette.css``, from ``render.palette``) and the letters the search
folds (``/letters.js``, from ``rules.letters``). Each is made once per process, and
browsers keep it under an address that changes with its content
(``pages/asset_files.py`` serves them)."""

from __future__ import annotations

import hashlib
import json
from functools import cache

from flask import url_for

from companion.render.palette import palette_css
from companion.rules.letters import CYRILLIC_TO_LATIN, LOOK_ALIKES


@cache
def palette() -> str:
    """The colours of routes, cards, goods and the map, as CSS."""
    return palette_css()


@cache
def letters() -> str:
    """The letters the page's search folds, as the server folds them, as a script."""
    tables = {"latin": CYRILLIC_TO_LATIN, "lookAlikes": LOOK_ALIKES}
    return f"window.companionLetters = {json.dumps(tables, ensure_ascii=False)};\n"


def version(text: str) -> str:
    """A short name for ``text``, changing whenever it does."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def palette_url() -> str:
    """``/palette.css``, named after its content."""
    return url_for("asset_files.palette", v=version(palette()))


def letters_url() -> str:
    """``/letters.js``, named after its content."""
    return url_for("asset_files.letters", v=version(letters()))
