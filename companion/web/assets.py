"""The files a page loads, each kept by browsers for a year under an address that changes
with its content, so that a phone opening page after page asks for none of them again.

- What the pages' style and script take from the Python side, so that each fact is written
  once: the colours (``/palette.css``, from ``render.palette``) and the letters the search
  folds (``/letters.js``, from ``rules.letters``), made once per process
  (``pages/asset_files.py`` serves them).
- The files of ``static/``: ``url_for("static", ...)`` names each with its content's
  version (``?v=``), and a file asked for under its current version is kept a year; under
  any other (an old page's) it is sent as it is now, to be asked for again."""

from __future__ import annotations

import hashlib
import json
import os
from functools import cache, lru_cache
from typing import Any

from flask import Flask, request, url_for
from werkzeug.wrappers import Response

from companion.render.palette import palette_css
from companion.rules.letters import CYRILLIC_TO_LATIN, LOOK_ALIKES
from companion.web.language import YEAR


@cache
def palette() -> str:
    """The colours of routes, cards, goods and the map, as CSS."""
    return palette_css()


@cache
def letters() -> str:
    """The letters the page's search folds, as the server folds them, as a script."""
    tables = {"latin": CYRILLIC_TO_LATIN, "lookAlikes": LOOK_ALIKES}
    return f"window.companionLetters = {json.dumps(tables, ensure_ascii=False)};\n"


def version(content: str | bytes) -> str:
    """A short name for ``content``, changing whenever it does."""
    data = content.encode("utf-8") if isinstance(content, str) else content
    return hashlib.sha256(data).hexdigest()[:12]


def kept_a_year(response: Response) -> Response:
    """``response`` kept by browsers and proxies for a year, never asked for again."""
    response.cache_control.no_cache = None
    response.cache_control.public = True
    response.cache_control.max_age = YEAR
    response.cache_control.immutable = True
    return response


def init_app(app: Flask) -> None:
    """Names each file of ``static/`` in the pages with its content's version, and has
    browsers keep a file asked for under that version."""

    @app.url_defaults
    def _versioned(endpoint: str, values: dict[str, Any]) -> None:
        if endpoint == "static" and "v" not in values:
            found = static_version(app.static_folder or "", values.get("filename", ""))
            if found:
                values["v"] = found

    @app.after_request
    def _kept(response: Response) -> Response:
        if request.endpoint == "static" and response.status_code in (200, 304):
            filename = (request.view_args or {}).get("filename", "")
            asked = request.args.get("v")
            if asked and asked == static_version(app.static_folder or "", filename):
                kept_a_year(response)
        return response


def static_version(folder: str, filename: str) -> str | None:
    """The version of ``static/<filename>``'s content, or None if there is no such file;
    read again when the file changes (its size or time), as it may while developing."""
    path = os.path.join(folder, filename)
    try:
        stat = os.stat(path)
    except (OSError, ValueError):
        return None
    return _file_version(path, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=256)
def _file_version(path: str, mtime_ns: int, size: int) -> str:
    with open(path, "rb") as file:
        return version(file.read())


def palette_url() -> str:
    """``/palette.css``, named after its content."""
    return url_for("asset_files.palette", v=version(palette()))


def letters_url() -> str:
    """``/letters.js``, named after its content."""
    return url_for("asset_files.letters", v=version(letters()))
