"""Reading a game record that came from outside: a file, an upload, standard input.

``load_record_json`` is the one way such text becomes data: whatever it returns can be
checked by ``parse_record``, stored, shown on a page and printed, whatever the text held.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from typing import Any

from companion.rules.errors import RecordError
from companion.rules.words import _, ngettext

# A record is nested six deep at most (a dice turn's tokens); anything far deeper is not one.
MAX_DEPTH = 32
TOO_DEEP = ngettext(
    "nested more than %(num)d level deep, which no game record is",
    "nested more than %(num)d levels deep, which no game record is",
    MAX_DEPTH,
)
# The largest whole number a game record may hold: what a database column can store.
MAX_INT = 2**63 - 1
_SURROGATE = re.compile("[\ud800-\udfff]")
# Where a value sits: (its parent's place, its key or index); None for the whole record.
_Place = tuple[Any, str | int]


def load_record_json(text: str) -> Any:
    """The JSON data in ``text``, or ``RecordError`` saying in plain words why it is not a
    record: not JSON, nested too deep, a number too large, text that is not Unicode."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except RecordError:
        raise
    except RecursionError:
        raise RecordError("", TOO_DEEP) from None
    except json.JSONDecodeError as error:
        where = _("line %(line)d, column %(column)d", line=error.lineno, column=error.colno)
        raise RecordError("", _("not valid JSON (%(where)s)", where=where)) from None
    except ValueError:
        # Python refuses to read whole numbers of thousands of digits.
        raise RecordError("", _("a number in it is too large for a game record")) from None
    check_record_data(data)
    return data


def check_record_data(data: Any) -> None:
    """Refuses parsed JSON no record holds: nesting deeper than ``MAX_DEPTH``, numbers
    beyond ``MAX_INT``, and text that can't be written as UTF-8 (a lone surrogate such as
    ``\\ud800``) or that holds a NUL character. Walks the data without recursion, however
    deep it is."""
    # Each node's place is kept as a link to its parent's, spelled out only for a refusal.
    stack: list[tuple[Any, _Place | None, int]] = [(data, None, 0)]
    while stack:
        node, place, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise RecordError(_where(place), TOO_DEEP)
        if isinstance(node, dict):
            for key, value in node.items():
                _check_text(place, key)
                stack.append((value, (place, key), depth + 1))
        elif isinstance(node, list):
            for i, value in enumerate(node):
                stack.append((value, (place, i), depth + 1))
        elif isinstance(node, str):
            _check_text(place, node)
        elif isinstance(node, bool) or node is None:
            pass
        elif isinstance(node, int):
            if not -MAX_INT <= node <= MAX_INT:
                raise RecordError(_where(place), _("a number too large for a game record"))
        elif isinstance(node, float):
            if not math.isfinite(node):
                raise RecordError(_where(place), _("a number too large for a game record"))
        else:
            raise RecordError(
                _where(place), _("holds a %(type)s, which JSON does not", type=type(node).__name__)
            )


def is_writable_text(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8 (False for a lone surrogate)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def mend_text(data: Any) -> Any:
    """The data with every lone surrogate in its text (keys too) replaced by U+FFFD, the
    replacement character: for data stored before such text was refused."""
    if isinstance(data, str):
        return data if is_writable_text(data) else _SURROGATE.sub("\ufffd", data)
    if isinstance(data, list):
        return [mend_text(item) for item in data]
    if isinstance(data, dict):
        return {mend_text(key): mend_text(value) for key, value in data.items()}
    return data


def one_line(message: str, limit: int = 500) -> str:
    """A message fit for one line of a terminal: characters that are not printable (a
    line break, a control character, a lone surrogate) written as escapes, and cut short
    past ``limit`` characters. Spaces of every width (the non-breaking one that Russian
    puts between a number and its word) are kept as they are."""
    if len(message) > limit:
        message = message[:limit] + "…"
    if message.isprintable():
        return message
    return "".join(c if _prints(c) else ascii(c)[1:-1] for c in message)


def _prints(character: str) -> bool:
    return character.isprintable() or unicodedata.category(character) == "Zs"


def _where(place: _Place | None) -> str:
    """A place as the record's errors name it: ``actions[3].player``."""
    steps: list[str | int] = []
    while place is not None:
        place, step = place
        steps.append(step)
    where = ""
    for step in reversed(steps):
        if isinstance(step, int):
            where += f"[{step}]"
        else:
            where += f".{one_line(step, 40)}" if where else one_line(step, 40)
    return where


def _check_text(place: _Place | None, text: str) -> None:
    if "\x00" in text or not is_writable_text(text):  # NUL: no database stores it
        raise RecordError(
            _where(place),
            _("has a character that is not text (in '%(text)s')", text=one_line(text, 40)),
        )


def _no_constant(name: str) -> Any:
    raise RecordError("", _("%(name)s is not a number a game record holds", name=name))
