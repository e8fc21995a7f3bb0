"""What the templates use besides Flask-Babel's ``_`` and ``ngettext``: filters and
globals, the address that shows a page again, and the templates compiled once per
process."""

from __future__ import annotations

import functools
from typing import Any
from urllib.parse import urlencode

from flask import Flask, current_app, has_request_context, request, url_for
from flask_babel import format_decimal
from jinja2.bccache import Bucket, BytecodeCache
from markupsafe import Markup
from werkzeug.exceptions import HTTPException

from companion.photo.layout import layout_ids
from companion.photo.words import pieces_words
from companion.render.board_picture import flag_background
from companion.render.palette import ACCENT, PIECE_COLORS
from companion.render.text_sheet import ordinal, signed
from companion.rules.colors import PIECE_COLORS as PIECES
from companion.rules.colors import color_words
from companion.rules.counted import figure, points
from companion.rules.names import place_key
from companion.rules.payment import card_words
from companion.rules.variants import deck_note, game_title
from companion.web.assets import letters_url, palette_url
from companion.web.dice_panel import face_words
from companion.web.headers import inside_telegram
from companion.web.shared_page import notes_here, page_now
from companion.web.stamps import csrf_field, stamp
from companion.web.telegram import SCRIPT as TELEGRAM_SCRIPT


class _CompiledTemplates(BytecodeCache):
    """The templates as compiled, kept for every app this process makes (keyed by each
    template's source, so a changed template compiles again)."""

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


COMPILED = _CompiledTemplates()


def init_app(app: Flask) -> None:
    app.jinja_env.bytecode_cache = COMPILED
    _helpers(app)


def _helpers(app: Flask) -> None:
    """What the templates use besides Flask-Babel's ``_`` and ``ngettext``."""
    app.add_template_filter(place_key, "key")  # folded as the search folds what is typed
    # English only ("3 points"): the templates say counts with ngettext instead.
    app.add_template_filter(_signed, "signed")
    app.add_template_filter(_sentence, "sentence")
    # A colour in words, in the page's language: {{ color_words(route.color) }} or
    # {{ route.color|color_words }}.
    app.add_template_filter(color_words, "color_words")
    app.add_template_global(color_words, "color_words")
    # A train card ("locomotive+4", "ship red") and a die face, in words.
    for words in (card_words, face_words):
        app.add_template_filter(words, words.__name__)
        app.add_template_global(words, words.__name__)
    # A rank ("1st") and a score ("17 points") as the score sheets print them.
    app.add_template_filter(ordinal, "ordinal")
    app.add_template_filter(points, "points")
    # An average as the language writes it ("45.3", "45,3"), and a total, each with a true
    # minus below 0, as the points beside them have.
    app.add_template_filter(lambda value: figure(format_decimal(value, "0.0")), "decimal")
    app.add_template_filter(figure, "total")
    # What a form that writes was made on: {{ stamp(game) }} beside its csrf_token.
    app.add_template_global(stamp, "stamp")
    app.jinja_env.globals["ACCENT"] = ACCENT  # the phone's theme colour
    # Inside Telegram's Mini App: its script, its theme and its Back button on every page.
    app.add_template_global(inside_telegram, "inside_telegram")
    app.jinja_env.globals["TELEGRAM_SCRIPT"] = TELEGRAM_SCRIPT
    # The style and script made from the Python side, under names that change with them.
    app.add_template_global(palette_url, "palette_url")
    app.add_template_global(letters_url, "letters_url")
    app.add_template_global(csrf_field, "csrf_field")
    app.add_template_global(page_url, "page_url")
    # When the page was made: a copy read offline says it shows the game as of then.
    app.add_template_global(page_now, "page_now")
    app.add_template_global(notes_here, "notes_here")  # this phone's notes after its taps
    app.jinja_env.globals["url_for"] = page_address
    app.add_template_global(flag_background, "flag_background")  # a country's, in the key
    app.add_template_global(game_title, "game_title")  # "North America — 1910"
    app.add_template_global(deck_note, "deck_note")  # "as reprinted in USA 1910; …"
    # A photo's pieces in words ("red pieces", "no pieces"), and each colour as drawn.
    app.add_template_global(pieces_words, "pieces_words")
    app.add_template_global(lambda board: board.id in layout_ids(), "photo_readable")
    app.jinja_env.globals["PIECE_HEX"] = PIECE_COLORS
    app.jinja_env.globals["piece_colors"] = PIECES  # the colours a table may choose


def page_address(endpoint: str, **values: Any) -> str:
    """``url_for`` for the pages: an address of the app's own pages (not a static file,
    whose address names its content, nor one on another host) is built once for each app,
    endpoint and values, then found again (a table page names some 70 of them, each some
    40 µs to build, the same on every page)."""
    if (
        endpoint == "static"
        or values.get("_external")
        or values.get("_scheme")
        or not has_request_context()
    ):
        return url_for(endpoint, **values)
    try:
        items = tuple(sorted((k, type(v).__name__, v) for k, v in values.items()))
        hash(items)
    except TypeError:  # a value that can't be a key (a list): built every time
        return url_for(endpoint, **values)
    within = request.blueprint if endpoint.startswith(".") else None
    return _address(id(current_app.url_map), request.script_root, within, endpoint, items)


@functools.lru_cache(maxsize=16384)
def _address(
    app: int, root: str, within: str | None, endpoint: str, items: tuple[tuple[str, str, Any], ...]
) -> str:
    return url_for(endpoint, **{k: v for k, _, v in items})


def page_url() -> str:
    """The address that shows this page again: its own for a page asked for (GET); after
    a form was sent, the page the form belongs to (the same address asked for, where there
    is one, else the game's table), on the player it named. The language switch returns
    here, live updates fetch it, and the page puts it in the address bar, so that a reload
    never sends a form again."""
    if request.method == "GET":
        return request.full_path if request.query_string else request.path
    adapter = current_app.url_map.bind("")
    try:
        adapter.match(request.path, method="GET")
        path = request.path
    except HTTPException:
        game_id = (request.view_args or {}).get("game_id")
        path = url_for("table.show", game_id=game_id) if game_id else url_for("home.index")
    try:  # the player the form acted for, and a dice game's roll, stay on the page
        kept = {k: request.form.get(k, "") for k in ("player", "faces")}
    except HTTPException:  # a body too large to read: nothing to keep
        kept = {}
    kept = {k: v for k, v in kept.items() if v and len(v) <= 100}
    return path + ("?" + urlencode(kept) if kept else "")


def _sentence(text: object) -> str:
    """A refusal as a sentence on its own: its first letter a capital and a full stop at its
    end ("у гру …" → "У гру ….")."""
    words = str(text).rstrip()
    capital = words[:1].upper() + words[1:]
    if capital and capital[-1] not in ".!?…":
        capital += "."
    return Markup(capital) if isinstance(text, Markup) else capital


def _signed(points: int) -> str:
    """Points with their sign, as the pages print them, with a true minus: "+4", "−3", "0"."""
    return figure(signed(points))
