"""The game's pieces and points counted, in the language spoken: "1 train", "3 trains";
"1 вагон", "2 вагона", "5 вагонов". One place for each noun, so each is translated once;
and a figure that is not a count (an average, a share, a rating) to one decimal, as every
page shows it."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from companion.rules.words import Message, ngettext


def figure(value: object) -> str:
    """A figure as printed, with a true minus sign ("−7", "−3 points"), not a hyphen."""
    return str(value).replace("-", "\u2212")


def tenths(value: Fraction | float) -> Decimal:
    """``value`` to one decimal, a half rounded up (never −0.0)."""
    exact = (
        Decimal(value) if isinstance(value, float) else Decimal(value.numerator) / value.denominator
    )
    return exact.quantize(Decimal("0.1"), ROUND_HALF_UP) + 0


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
