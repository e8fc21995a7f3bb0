"""The game's pieces and points counted, in the language spoken: "1 train", "3 trains";
"1 вагон", "2 вагона", "5 вагонов". One place for each noun, so each is translated once."""

from __future__ import annotations

from companion.rules.words import Message, ngettext


def trains(n: int) -> Message:
    return ngettext("%(num)d train", "%(num)d trains", n)


def ships(n: int) -> Message:
    return ngettext("%(num)d ship", "%(num)d ships", n)


def pieces(n: int) -> Message:
    return ngettext("%(num)d piece", "%(num)d pieces", n)


def points(n: int) -> Message:
    return ngettext("%(num)d point", "%(num)d points", n)


def spaces(n: int) -> Message:
    return ngettext("%(num)d space", "%(num)d spaces", n)
