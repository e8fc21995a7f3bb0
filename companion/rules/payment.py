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


def check_payment(
    route: Route,
    edition: Edition,
    cards: Mapping[str, int],
    turned_over: Mapping[str, int] | None = None,
) -> str:
    """Says how the cards pay for the route, or refuses them with the reason. A ferry takes
    a locomotive per locomotive symbol; for a tunnel, ``turned_over`` are the 3 cards
    turned from the deck: each of the colour played, or a locomotive, costs one more."""
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
    if route.locomotives > locomotives:
        raise IllegalAction(
            f"{route.name} is a ferry: it takes {plural(route.locomotives, 'locomotive')}, "
            f"not {locomotives}"
        )
    extra = _tunnel_extra(route, colors, turned_over)
    total = sum(colors.values()) + locomotives + plus_four
    if total != route.length + extra:
        more = f" ({route.length} and {extra} for the tunnel)" if extra else ""
        raise IllegalAction(
            f"{route.name} takes {plural(route.length + extra, 'card')}{more}, not {total}"
        )
    parts = [plural(n, f"{c} card") for c, n in colors.items()]
    if locomotives:
        parts.append(plural(locomotives, "locomotive"))
    if plus_four:
        parts.append(plural(plus_four, "+4 locomotive"))
    tunnel = f" and {plural(extra, 'tunnel card')}" if extra else ""
    return f"{route.label}: {', '.join(parts)} pay for {plural(route.length, 'space')}{tunnel}"


# Rails & Sails cards: train and ship cards of six colours, double-ship cards, jokers.
JOKER = "joker"
SAILS_COLORS = ("red", "yellow", "green", "purple", "black", "white")
TRAIN, SHIP, DOUBLE_SHIP = "train", "ship", "double ship"


def _tunnel_extra(
    route: Route, colors: Mapping[str, int], turned_over: Mapping[str, int] | None
) -> int:
    """The cards a tunnel adds: each turned-over card of the colour played, or locomotive."""
    if not turned_over:
        return 0
    if not route.tunnel:
        raise IllegalAction(f"{route.name} is not a tunnel: no cards are turned over")
    shown = sum(turned_over.values())
    if shown > 3:
        raise IllegalAction(f"a tunnel turns over 3 cards, not {shown}")
    played = next(iter(colors), None)
    return turned_over.get(LOCOMOTIVE, 0) + (turned_over.get(played, 0) if played else 0)


def check_station_payment(built: int, cards: Mapping[str, int]) -> str:
    """Europe: the 1st, 2nd and 3rd station cost 1, 2 and 3 cards of one colour
    (locomotives wild)."""
    cost = built + 1
    if cost > 3:
        raise IllegalAction("a player builds at most 3 stations")
    colors = {c: n for c, n in cards.items() if n and c != LOCOMOTIVE}
    if len(colors) > 1:
        raise IllegalAction(f"a station is paid in one colour, not {len(colors)}")
    total = sum(n for n in cards.values() if n)
    if total != cost:
        raise IllegalAction(f"station number {cost} costs {plural(cost, 'card')}, not {total}")
    return f"station number {cost}: {plural(cost, 'card')} of one colour"


def sails_card_names() -> list[str]:
    """The Rails & Sails cards, as the payment check names them: "train red", …"""
    names = [f"{kind} {color}" for kind in (TRAIN, SHIP, DOUBLE_SHIP) for color in SAILS_COLORS]
    return [*names, JOKER]


def _sails_cards(cards: Mapping[str, int]) -> tuple[dict[tuple[str, str], int], int]:
    """Counts by (kind, colour), and jokers; refuses an unknown card or count."""
    counted: dict[tuple[str, str], int] = {}
    jokers = 0
    for name, count in cards.items():
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise IllegalAction(f"a number of cards is a whole number, not {count!r}")
        if not count:
            continue
        if name == JOKER:
            jokers += count
            continue
        kind, _, color = name.rpartition(" ")
        if kind not in (TRAIN, SHIP, DOUBLE_SHIP) or color not in SAILS_COLORS:
            raise IllegalAction(
                f"'{name}' is not a card (train, ship or double ship cards of "
                f"{', '.join(SAILS_COLORS)}, and jokers)"
            )
        counted[kind, color] = counted.get((kind, color), 0) + count
    return counted, jokers


def check_sails_payment(route: Route, cards: Mapping[str, int]) -> str:
    """Rails & Sails: do these cards claim the route? Rail routes take train cards, sea
    routes ship cards (a double-ship card pays for one or two spaces); jokers are wild;
    each pair space takes two train cards of one colour (a joker may be one of them)."""
    counted, jokers = _sails_cards(cards)
    wanted = (TRAIN,) if route.kind == "rail" else (SHIP, DOUBLE_SHIP)
    wrong = sorted({kind for kind, _ in counted if kind not in wanted})
    if wrong:
        raise IllegalAction(
            f"{route.label} is a {route.kind} route: it takes "
            f"{'train' if route.kind == 'rail' else 'ship'} cards, not {wrong[0]} cards"
        )
    colors = {color for _, color in counted}
    if route.pairs:
        return _pairs(route, counted, jokers)
    if len(colors) > 1:
        raise IllegalAction(f"a route is claimed with cards of one colour, not {len(colors)}")
    if colors and route.color != GRAY and route.color not in colors:
        raise IllegalAction(f"{route.label} takes {route.color} cards, not {colors.pop()}")
    singles = sum(n for (kind, _), n in counted.items() if kind != DOUBLE_SHIP) + jokers
    doubles = sum(n for (kind, _), n in counted.items() if kind == DOUBLE_SHIP)
    if not singles + doubles <= route.length <= singles + 2 * doubles:
        most = singles + 2 * doubles
        raise IllegalAction(
            f"{route.name} has {plural(route.length, 'space')}: these cards pay for "
            + (f"{singles + doubles} to {most}" if doubles else str(most))
        )
    return f"{route.label}: the cards pay for {plural(route.length, 'space')}"


def _pairs(route: Route, counted: dict[tuple[str, str], int], jokers: int) -> str:
    if route.pairs != route.length:
        raise IllegalAction(f"{route.label}: a route with some pair spaces is not on the board")
    total = sum(counted.values()) + jokers
    if total != 2 * route.pairs:
        raise IllegalAction(
            f"{route.name} has {plural(route.pairs, 'pair space')}: it takes "
            f"{2 * route.pairs} train cards, two of one colour a space, not {total}"
        )
    odd = sum(n % 2 for n in counted.values())
    if odd > jokers:
        raise IllegalAction(
            "each pair space takes two train cards of one colour (a joker may be one of them)"
        )
    return f"{route.label}: the cards pay for {plural(route.pairs, 'pair space')}"


def check_port_payment(cards: Mapping[str, int]) -> str:
    """Rails & Sails: a port costs 2 train cards and 2 ship cards of one colour bearing
    the port symbol; jokers replace any of them. (The symbol is for the table to see.)"""
    counted, jokers = _sails_cards(cards)
    if any(kind == DOUBLE_SHIP for kind, _ in counted):
        raise IllegalAction("a port takes ship cards with the port symbol, not double-ship cards")
    colors = {color for _, color in counted}
    if len(colors) > 1:
        raise IllegalAction(f"a port is paid in one colour, not {len(colors)}")
    trains = sum(n for (kind, _), n in counted.items() if kind == TRAIN)
    ships = sum(n for (kind, _), n in counted.items() if kind == SHIP)
    if trains > 2 or ships > 2 or trains + ships + jokers != 4:
        raise IllegalAction(
            f"a port takes 2 train cards and 2 ship cards (jokers for any), not {trains} "
            f"train, {ships} ship and {plural(jokers, 'joker')}"
        )
    return "a port: 2 train cards and 2 ship cards with the port symbol, jokers for any"
