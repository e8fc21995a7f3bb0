"""Checking a payment: do these cards claim that route?

A route takes as many cards as its length, all of one colour: the route's colour, or any
one colour on a gray route. Locomotives are wild. Märklin's +4 locomotives are wild only
on routes of 4 or more spaces. (Märklin's passenger cards are cards of their colour.)
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.rules.board import Route
from companion.rules.colors import GRAY, ROUTE_COLORS, UnknownColor, route_color
from companion.rules.editions import Edition
from companion.rules.errors import IllegalAction
from companion.rules.names import plural

LOCOMOTIVE = "locomotive"
PLUS_FOUR = "locomotive+4"


def check_payment(route: Route, edition: Edition, cards: Mapping[str, int]) -> str:
    """Says how the cards pay for the route, or refuses them with the reason."""
    colors: dict[str, int] = {}
    locomotives = plus_four = 0
    for name, count in cards.items():
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise IllegalAction(f"a number of cards is a whole number, not {count!r}")
        if not count:
            continue
        if name == LOCOMOTIVE:
            locomotives += count
        elif name == PLUS_FOUR:
            plus_four += count
        else:
            try:
                color = route_color(name)
            except UnknownColor:
                known = ", ".join(c for c in ROUTE_COLORS if c != GRAY)
                raise IllegalAction(
                    f"'{name}' is not a card (the cards are {known}, locomotive"
                    + (", locomotive+4)" if edition.passengers else ")")
                ) from None
            if color == GRAY:
                raise IllegalAction("there are no gray cards: gray routes take any one colour")
            colors[color] = colors.get(color, 0) + count
    if plus_four and not edition.passengers:
        raise IllegalAction(f"there are no +4 locomotives in {edition.name}")
    if plus_four and route.length < 4:
        raise IllegalAction(
            f"+4 locomotives are wild only on routes of 4 or more spaces; "
            f"{route.name} has {route.length}"
        )
    if len(colors) > 1:
        raise IllegalAction(f"a route is claimed with cards of one colour, not {len(colors)}")
    if colors and route.color != GRAY and route.color not in colors:
        (color,) = colors
        raise IllegalAction(f"{route.label} takes {route.color} cards, not {color}")
    total = sum(colors.values()) + locomotives + plus_four
    if total != route.length:
        raise IllegalAction(f"{route.name} takes {plural(route.length, 'card')}, not {total}")
    parts = [plural(n, f"{c} card") for c, n in colors.items()]
    if locomotives:
        parts.append(plural(locomotives, "locomotive"))
    if plus_four:
        parts.append(plural(plus_four, "+4 locomotive"))
    return f"{route.label}: {', '.join(parts)} pay for {plural(route.length, 'space')}"
