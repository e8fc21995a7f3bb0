"""Words for the players, in the language the table speaks.

The rules never build a sentence in one language. A refusal, a sheet line or a label is a
``Message``: its English text (the message id of the gettext catalogs, with
``%(name)s`` fields) and its values. It is put into words when it is shown, by ``str()``,
in the language being spoken (``speaking``), so the web layer, the command line and the
PDF each choose the language and the rules stay free of them::

    >>> message = _("%(player)s has no trains left", player="Ann")
    >>> str(message)
    'Ann has no trains left'

A count takes the plural form of the language: ``ngettext("%(num)d train", "%(num)d
trains", 3)``. Values that are messages themselves are put into words first.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from dataclasses import dataclass
from typing import Protocol


class Translator(Protocol):
    """A gettext catalog: ``gettext.NullTranslations`` (English) or a language's ``.mo``."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...


ENGLISH: Translator = gettext.NullTranslations()
_SPOKEN: ContextVar[Translator] = ContextVar("spoken", default=ENGLISH)


@contextmanager
def speaking(translator: Translator) -> Iterator[None]:
    """Within the block, messages are put into words with ``translator``."""
    token = _SPOKEN.set(translator)
    try:
        yield
    finally:
        _SPOKEN.reset(token)


def spoken() -> Translator:
    """The catalog messages are put into words with here and now."""
    return _SPOKEN.get()


def speak(translator: Translator) -> Token[Translator]:
    """From now on, in this context, messages are put into words with ``translator``, until
    ``stop_speaking`` is given the token (the web app: at the start and end of a request)."""
    return _SPOKEN.set(translator)


def stop_speaking(token: Token[Translator]) -> None:
    """Back to the language spoken before ``speak`` gave this token."""
    _SPOKEN.reset(token)


@dataclass(frozen=True)
class Message:
    """Words for the players: a message id, its values and, for a count, its plural."""

    id: str
    values: tuple[tuple[str, object], ...] = ()
    plural: str = ""
    count: int = 0

    def __str__(self) -> str:
        return self.say(_SPOKEN.get())

    def say(self, translator: Translator) -> str:
        """The message in ``translator``'s language."""
        if self.plural:
            text = translator.ngettext(self.id, self.plural, abs(self.count))  # −1 as 1
        else:
            text = translator.gettext(self.id)
        if not self.values and not self.plural:
            return text
        values = {key: _value(v, translator) for key, v in self.values}
        try:
            return text % values
        except (KeyError, ValueError, TypeError):  # a translation with a broken field
            english = self.id if not self.plural or abs(self.count) == 1 else self.plural
            return english % values

    def with_values(self, **values: object) -> Message:
        """The same message with these values."""
        return Message(self.id, tuple(values.items()), self.plural, self.count)

    def __html__(self) -> str:
        from markupsafe import escape

        return str(escape(str(self)))


@dataclass(frozen=True)
class Place:
    """A place as printed on the board, with its local name beside it in the language
    spoken, where the map gives one: "New Orleans (Новый Орлеан)"; in English, as printed."""

    name: str
    local: tuple[tuple[str, str], ...] = ()  # (language code, local name)

    def __str__(self) -> str:
        return self.say(_SPOKEN.get())

    def say(self, translator: Translator) -> str:
        info = getattr(translator, "info", None)
        code = info().get("language", "") if callable(info) else ""
        local = dict(self.local).get(code)
        return f"{self.name} ({local})" if local and local != self.name else self.name


DASH = "–"  # between the ends of a route, the stops of a trip


@dataclass(frozen=True)
class Along:
    """Places one after another, as a route or a trip names them: "Denver (Денвер)–Helena
    (Хелена)" in Russian, "Denver–Helena" in English."""

    places: tuple[Place | str, ...]

    def __str__(self) -> str:
        return self.say(_SPOKEN.get())

    def say(self, translator: Translator) -> str:
        return DASH.join(p.say(translator) if isinstance(p, Place) else p for p in self.places)


Text = str | Message | Place | Along
"""What a label or a line holds: a message, a place, or a string shown as it is (a name)."""


def _value(value: object, translator: Translator) -> object:
    """A message's value, in words where it is words: a message, a list of them, or a
    refusal (which says itself)."""
    say = getattr(value, "say", None)
    return say(translator) if callable(say) else value


def _(text: str, /, **values: object) -> Message:
    """A message: ``_("%(city)s has no port", city="Lagos")``."""
    return Message(text, tuple(values.items()))


def ngettext(singular: str, plural: str, count: int, /, **values: object) -> Message:
    """A message about a count (given to the text as ``num``): ``ngettext("%(num)d train",
    "%(num)d trains", 3)``."""
    return Message(singular, (("num", count), *values.items()), plural, count)


@dataclass(frozen=True)
class Listing(Message):
    """Items in a list, put into words one after another with the language's separator
    (never nested: a list of any length is said in one pass)."""

    items: tuple[Text, ...] = ()
    last: Message | None = None  # the words before the last item: "and", "or"

    def say(self, translator: Translator) -> str:
        words = [str(_value(item, translator)) for item in self.items]
        if not words:
            return ""
        head = words[: -1 if self.last is not None and len(words) > 1 else len(words)]
        out = head[0]
        for item in head[1:]:
            out = _SEPARATOR.with_values(first=out, next=item).say(translator)
        if len(head) < len(words) and self.last is not None:
            out = self.last.with_values(items=out, last=words[-1]).say(translator)
        return out


_SEPARATOR = _("%(first)s, %(next)s")
_AND = _("%(items)s and %(last)s")
_OR = _("%(items)s or %(last)s")


def listing(items: Iterable[Text]) -> Text:
    """ "A, B, C": items in a list, with the language's separator."""
    return Listing("", items=tuple(items))


def join(items: Iterable[Text], word: str = "and") -> Text:
    """ "A", "A and B", "A, B and C"; with ``word="or"``, "A, B or C"."""
    return Listing("", items=tuple(items), last=_OR if word == "or" else _AND)
