"""Checking a payment: do these cards claim that route?

A route takes as many cards as its length, all of one colour: the route's colour, or any
one colour on a gray route. Locomotives are wild. Märklin's +4 locomotives are wild only
on routes of 4 or more spaces. (Märklin's passenger cards are cards of their colour.)
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping

from companion.rules import counted
from companion.rules.board import Route
from companion.rules.colors import GRAY, ROUTE_COLORS, UnknownColor, color_words, route_color
from companion.rules.editions import FERRIES_AND_TUNNELS, TUNNELS, Edition
from companion.rules.errors import IllegalAction
from companion.rules.words import Text, _, join, listing, ngettext

LOCOMOTIVE = "locomotive"
PLUS_FOUR = "locomotive+4"


def check_payment(
    route: Route,
    edition: Edition,
    cards: Mapping[str, int],
    turned_over: Mapping[str, int] | None = None,
) -> Text:
    """Says how the cards pay for the route, or refuses them with the reason. A ferry takes
    a locomotive per locomotive symbol; for a tunnel, ``turned_over`` are the 3 cards
    turned from the deck: each of the colour played, or a locomotive, costs one more."""
    colors, locomotives, plus_four = _cards_played(edition, cards)
    _check_plus_four(route, edition, plus_four)
    _check_turned_over(route, turned_over)
    if route.any_cards:
        return _with_stand_ins(route, colors, locomotives + plus_four)
    if route.locomotives and edition.ferry_stand_in:
        return _ferry_with_stand_ins(route, edition.ferry_stand_in, colors, locomotives)
    _check_locomotives_wild(route, edition, locomotives)
    _check_one_colour(route, colors)
    _check_ferry_locomotives(route, locomotives)
    extra = _tunnel_extra(route, colors, turned_over)
    _check_card_count(route, extra, sum(colors.values()) + locomotives + plus_four)
    return _paid(route, colors, locomotives, plus_four, extra)


def _each_kind_played(cards: Mapping[str, int]) -> Iterator[tuple[str, int]]:
    """Each kind of card played, with its count, one after another (a kind played 0 times
    left out); refuses a count that is not a whole number."""
    for name, count in cards.items():
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise IllegalAction(
                _("a number of cards is a whole number, not %(count)s", count=repr(count))
            )
        if count:
            yield name, count


def _cards_played(edition: Edition, cards: Mapping[str, int]) -> tuple[dict[str, int], int, int]:
    """The cards played: counts by colour, locomotives, +4 locomotives; refuses a card
    that is not one, and gray cards."""
    colors: dict[str, int] = {}
    locomotives = plus_four = 0
    for name, count in _each_kind_played(cards):
        if name == LOCOMOTIVE:
            locomotives += count
        elif name == PLUS_FOUR:
            plus_four += count
        else:
            color = _card_color(edition, name)
            colors[color] = colors.get(color, 0) + count
    return colors, locomotives, plus_four


def _card_color(edition: Edition, name: str) -> str:
    """The colour of a coloured card, by any of its names; refuses a name that is no card,
    and gray (gray routes take cards of any one colour)."""
    try:
        color = route_color(name)
    except UnknownColor:
        known = [c for c in ROUTE_COLORS if c != GRAY] + [LOCOMOTIVE]
        if edition.passengers:
            known.append(PLUS_FOUR)
        raise IllegalAction(
            _(
                "'%(name)s' is not a card (the cards are %(cards)s)",
                name=name,
                cards=listing(known),  # as a record or a form names them
            )
        ) from None
    if color == GRAY:
        raise IllegalAction(_("there are no gray cards: gray routes take any one colour"))
    return color


def _check_plus_four(route: Route, edition: Edition, plus_four: int) -> None:
    """Märklin's +4 locomotives: only in its edition, wild only on routes of 4 or more."""
    if plus_four and not edition.passengers:
        raise IllegalAction(_("there are no +4 locomotives in %(edition)s", edition=edition.name))
    if plus_four and route.length < 4:
        raise IllegalAction(
            _(
                "+4 locomotives are wild only on routes of 4 or more spaces; "
                "%(route)s has %(length)d",
                route=route.name,
                length=route.length,
            )
        )


def _check_turned_over(route: Route, turned_over: Mapping[str, int] | None) -> None:
    """Cards are turned over from the deck only for a tunnel."""
    if turned_over and any(turned_over.values()) and not route.tunnel:
        raise IllegalAction(
            _("%(route)s is not a tunnel: no cards are turned over", route=route.name)
        )


def _check_locomotives_wild(route: Route, edition: Edition, locomotives: int) -> None:
    """Locomotives played only where the edition makes them wild (``wild_on``)."""
    if not locomotives or wild_on(route, edition):
        return
    if edition.locomotives_wild == TUNNELS:
        raise IllegalAction(
            _(
                "in %(edition)s locomotives are wild only on tunnels, and %(route)s is not one",
                edition=edition.name,
                route=route.label,
            )
        )
    raise IllegalAction(
        _(
            "in %(edition)s locomotives are wild only on ferries and tunnels, and "
            "%(route)s is neither",
            edition=edition.name,
            route=route.label,
        )
    )


def _check_one_colour(route: Route, colors: Collection[str]) -> None:
    """A route is claimed with cards of one colour (``colors``: those played), its own
    unless it is gray."""
    if len(colors) > 1:
        raise IllegalAction(
            _("a route is claimed with cards of one colour, not %(count)d", count=len(colors))
        )
    if colors and route.color != GRAY and route.color not in colors:
        (color,) = colors
        raise IllegalAction(
            _(
                "%(route)s takes %(color)s cards, not %(played)s",
                route=route.label,
                color=color_words(route.color),
                played=color_words(color),
            )
        )


def _check_ferry_locomotives(route: Route, locomotives: int) -> None:
    """A ferry takes a locomotive for each locomotive symbol."""
    if route.locomotives > locomotives:
        raise IllegalAction(
            ngettext(
                "%(route)s is a ferry: it takes %(num)d locomotive, not %(played)d",
                "%(route)s is a ferry: it takes %(num)d locomotives, not %(played)d",
                route.locomotives,
                route=route.name,
                played=locomotives,
            )
        )


def _check_card_count(route: Route, extra: int, total: int) -> None:
    """A route takes a card a space, and a tunnel ``extra`` more: ``total`` played."""
    if total == route.length + extra:
        return
    if extra:
        raise IllegalAction(
            ngettext(
                "%(route)s takes %(num)d card (%(length)d and %(extra)d for the tunnel), "
                "not %(total)d",
                "%(route)s takes %(num)d cards (%(length)d and %(extra)d for the tunnel), "
                "not %(total)d",
                route.length + extra,
                route=route.name,
                length=route.length,
                extra=extra,
                total=total,
            )
        )
    raise IllegalAction(
        ngettext(
            "%(route)s takes %(num)d card, not %(total)d",
            "%(route)s takes %(num)d cards, not %(total)d",
            route.length,
            route=route.name,
            total=total,
        )
    )


def _paid(
    route: Route, colors: Mapping[str, int], locomotives: int, plus_four: int, extra: int
) -> Text:
    """How the cards pay for the route: its spaces and, on a tunnel, the tunnel cards."""
    parts = _played(colors, locomotives)
    if plus_four:
        parts.append(ngettext("%(num)d +4 locomotive", "%(num)d +4 locomotives", plus_four))
    paid = {"route": route.label, "cards": listing(parts)}
    if extra:
        tunnel = ngettext("%(num)d tunnel card", "%(num)d tunnel cards", extra)
        return ngettext(
            "%(route)s: %(cards)s pay for %(num)d space and %(tunnel)s",
            "%(route)s: %(cards)s pay for %(num)d spaces and %(tunnel)s",
            route.length,
            **paid,
            tunnel=tunnel,
        )
    return ngettext(
        "%(route)s: %(cards)s pay for %(num)d space",
        "%(route)s: %(cards)s pay for %(num)d spaces",
        route.length,
        **paid,
    )


def _played(colors: Mapping[str, int], locomotives: int) -> list[Text]:
    """The cards played, each kind as counted: "2 red cards", "1 locomotive"."""
    parts: list[Text] = [
        ngettext("%(num)d %(color)s card", "%(num)d %(color)s cards", n, color=color_words(c))
        for c, n in colors.items()
        if n
    ]
    if locomotives:
        parts.append(ngettext("%(num)d locomotive", "%(num)d locomotives", locomotives))
    return parts


def wild_on(route: Route, edition: Edition) -> bool:
    """Whether locomotive cards are wild on this route in this edition (everywhere, or on
    ferries and tunnels only, or on tunnels only)."""
    if edition.locomotives_wild == TUNNELS:
        return route.tunnel
    if edition.locomotives_wild == FERRIES_AND_TUNNELS:
        return route.tunnel or route.locomotives > 0
    return True


def _main_colors(route: Route, colors: Mapping[str, int]) -> list[str | None]:
    """The colours a route may be paid in: its own, or on a gray route each colour played
    (most first; None when only locomotives were played)."""
    if route.color != GRAY:
        return [route.color]
    played: list[str | None] = [*sorted(colors, key=lambda c: -colors[c])]
    return played or [None]


def _ferry_with_stand_ins(
    route: Route, n: int, colors: Mapping[str, int], locomotives: int
) -> Text:
    """Nordic Countries' ferries: each locomotive symbol takes a locomotive or any ``n``
    cards; the other spaces take cards of the route's colour (one colour on a gray
    route), locomotives being wild on a ferry."""
    total = sum(colors.values()) + locomotives
    symbols = route.locomotives
    sets, left = divmod(total - route.length, n - 1)
    rule = ngettext(
        "%(route)s takes %(length)d cards, its %(num)d locomotive paid by a locomotive or "
        "by any %(n)d cards",
        "%(route)s takes %(length)d cards, each of its %(num)d locomotives paid by a "
        "locomotive or by any %(n)d cards",
        symbols,
        route=route.label,
        length=route.length,
        n=n,
    )
    if left or not 0 <= sets <= symbols:
        raise IllegalAction(_("%(rule)s: %(total)d cards can't pay for it", rule=rule, total=total))
    for main in _main_colors(route, colors):
        others = total - locomotives - (colors.get(main, 0) if main else 0)
        # The cards left once the sets are made pay the other spaces (the total is fixed).
        if locomotives >= symbols - sets and others <= n * sets:
            rest = total - n * sets
            parts = _played(colors, locomotives)  # no set: each card as it was played
            if sets:
                parts = [
                    ngettext(
                        "%(num)d set of %(n)d cards for a locomotive",
                        "%(num)d sets of %(n)d cards for locomotives",
                        sets,
                        n=n,
                    ),
                    ngettext("%(num)d other card", "%(num)d other cards", rest),
                ]
            return _(
                "%(route)s, %(spaces)s: paid by %(cards)s",
                route=route.label,
                spaces=counted.spaces(route.length),
                cards=join(parts),
            )
    raise IllegalAction(
        _(
            "%(rule)s; cards of another colour pay only in sets of %(n)d for a locomotive",
            rule=rule,
            n=n,
        )
    )


def _with_stand_ins(route: Route, colors: Mapping[str, int], locomotives: int) -> Text:
    """Nordic Countries' Lieksa–Murmansk: a colour is chosen, and each space is paid by a
    card of it or by any ``route.any_cards`` cards (locomotives only inside such sets)."""
    n = route.any_cards
    total = sum(colors.values()) + locomotives
    sets, left = divmod(total - route.length, n - 1)
    rule = _(
        "%(route)s takes a card of one colour for each space, or any %(n)d cards in its place",
        route=route.label,
        n=n,
    )
    if left or not 0 <= sets <= route.length:
        raise IllegalAction(_("%(rule)s: %(total)d cards can't pay for it", rule=rule, total=total))
    for main in _main_colors(route, colors):
        chosen = colors.get(main, 0) if main else 0
        if total - chosen <= n * sets:  # the rest make the sets (the total is fixed)
            if sets == route.length:  # no card of the chosen colour: sets alone
                return ngettext(
                    "%(route)s: %(num)d set of %(n)d cards pays for it",
                    "%(route)s: %(num)d sets of %(n)d cards pay for it",
                    sets,
                    route=route.label,
                    n=n,
                )
            if not sets:
                return ngettext(
                    "%(route)s: %(num)d %(color)s card pays for it",
                    "%(route)s: %(num)d %(color)s cards pay for it",
                    route.length,
                    route=route.label,
                    color=color_words(main or GRAY),
                )
            return ngettext(
                "%(route)s: %(spaces)d %(color)s cards and %(num)d set of %(n)d cards pay for it",
                "%(route)s: %(spaces)d %(color)s cards and %(num)d sets of %(n)d cards pay for it",
                sets,
                route=route.label,
                spaces=route.length - sets,
                color=color_words(main or GRAY),
                n=n,
            )
    raise IllegalAction(
        _("%(rule)s; a locomotive or another colour pays only inside such a set", rule=rule)
    )


# Rails & Sails cards: train and ship cards of six colours, double-ship cards, jokers.
JOKER = "joker"
SAILS_COLORS = ("red", "yellow", "green", "purple", "black", "white")
TRAIN, SHIP, DOUBLE_SHIP = "train", "ship", "double ship"


def card_words(name: str) -> Text:
    """A card as the players say it: its colour ("red"), "locomotive", "locomotive+4", or a
    Rails & Sails card ("train red", "double ship white", "joker"); in English, the name the
    payment check knows it by. A name that is no card is shown as it is."""
    if name == PLUS_FOUR:
        return _("locomotive+4")
    if name == JOKER:
        return _("joker")
    kind, space, color = name.rpartition(" ")
    if space and color in SAILS_COLORS:
        if kind == TRAIN:
            return _("train %(color)s", color=color_words(color))
        if kind == SHIP:
            return _("ship %(color)s", color=color_words(color))
        if kind == DOUBLE_SHIP:
            return _("double ship %(color)s", color=color_words(color))
    return color_words(name)


def _tunnel_extra(
    route: Route, colors: Mapping[str, int], turned_over: Mapping[str, int] | None
) -> int:
    """The cards a tunnel adds: each turned-over card of the colour played, or locomotive."""
    if not turned_over:
        return 0
    shown = sum(turned_over.values())
    if shown > 3:
        raise IllegalAction(_("a tunnel turns over 3 cards, not %(shown)d", shown=shown))
    played = next(iter(colors), None)
    return turned_over.get(LOCOMOTIVE, 0) + (turned_over.get(played, 0) if played else 0)


def check_station_payment(built: int, cards: Mapping[str, int]) -> Text:
    """Europe: the 1st, 2nd and 3rd station cost 1, 2 and 3 cards of one colour
    (locomotives wild)."""
    cost = built + 1
    if cost > 3:
        raise IllegalAction(_("a player builds at most 3 stations"))
    colors = {c: n for c, n in cards.items() if n and c != LOCOMOTIVE}
    if len(colors) > 1:
        raise IllegalAction(_("a station is paid in one colour, not %(count)d", count=len(colors)))
    total = sum(n for n in cards.values() if n)
    if total != cost:
        raise IllegalAction(
            ngettext(
                "station number %(number)d costs %(num)d card, not %(total)d",
                "station number %(number)d costs %(num)d cards, not %(total)d",
                cost,
                number=cost,
                total=total,
            )
        )
    return ngettext(
        "station number %(number)d: %(num)d card of one colour",
        "station number %(number)d: %(num)d cards of one colour",
        cost,
        number=cost,
    )


def sails_card_names() -> list[str]:
    """The Rails & Sails cards, as the payment check names them: "train red", …"""
    names = [f"{kind} {color}" for kind in (TRAIN, SHIP, DOUBLE_SHIP) for color in SAILS_COLORS]
    return [*names, JOKER]


def _sails_cards(cards: Mapping[str, int]) -> tuple[dict[tuple[str, str], int], int]:
    """Counts by (kind, colour), and jokers; refuses an unknown card or count."""
    counted: dict[tuple[str, str], int] = {}
    jokers = 0
    for name, count in _each_kind_played(cards):
        if name == JOKER:
            jokers += count
            continue
        kind, _space, color = name.rpartition(" ")
        if kind not in (TRAIN, SHIP, DOUBLE_SHIP) or color not in SAILS_COLORS:
            raise IllegalAction(
                _(
                    "'%(name)s' is not a card (train, ship or double ship cards of "
                    "%(colors)s, and jokers)",
                    name=name,
                    colors=listing(SAILS_COLORS),  # as a record names them
                )
            )
        counted[kind, color] = counted.get((kind, color), 0) + count
    return counted, jokers


def check_sails_payment(route: Route, cards: Mapping[str, int]) -> Text:
    """Rails & Sails: do these cards claim the route? Rail routes take train cards, sea
    routes ship cards (a double-ship card pays for one or two spaces); jokers are wild;
    each pair space takes two train cards of one colour (a joker may be one of them)."""
    counted, jokers = _sails_cards(cards)
    wanted = (TRAIN,) if route.kind == "rail" else (SHIP, DOUBLE_SHIP)
    wrong = sorted({kind for kind, _color in counted if kind not in wanted})
    if wrong:
        raise IllegalAction(_wrong_kind(route, wrong[0]))
    colors = {color for _kind, color in counted}
    if route.pairs:
        return _pairs(route, counted, jokers)
    _check_one_colour(route, colors)
    singles = sum(n for (kind, _color), n in counted.items() if kind != DOUBLE_SHIP) + jokers
    doubles = sum(n for (kind, _color), n in counted.items() if kind == DOUBLE_SHIP)
    if not singles + doubles <= route.length <= singles + 2 * doubles:
        most = singles + 2 * doubles
        if doubles:
            raise IllegalAction(
                ngettext(
                    "%(route)s has %(num)d space: these cards pay for %(least)d to %(most)d",
                    "%(route)s has %(num)d spaces: these cards pay for %(least)d to %(most)d",
                    route.length,
                    route=route.name,
                    least=singles + doubles,
                    most=most,
                )
            )
        raise IllegalAction(
            ngettext(
                "%(route)s has %(num)d space: these cards pay for %(most)d",
                "%(route)s has %(num)d spaces: these cards pay for %(most)d",
                route.length,
                route=route.name,
                most=most,
            )
        )
    return ngettext(
        "%(route)s: the cards pay for %(num)d space",
        "%(route)s: the cards pay for %(num)d spaces",
        route.length,
        route=route.label,
    )


def _wrong_kind(route: Route, wrong: str) -> Text:
    """Cards of a kind the route does not take (``wrong``: the first such kind)."""
    if route.kind != "rail":
        return _(
            "%(route)s is a sea route: it takes ship cards, not train cards", route=route.label
        )
    if wrong == DOUBLE_SHIP:
        return _(
            "%(route)s is a rail route: it takes train cards, not double ship cards",
            route=route.label,
        )
    return _("%(route)s is a rail route: it takes train cards, not ship cards", route=route.label)


def _pairs(route: Route, counted: dict[tuple[str, str], int], jokers: int) -> Text:
    if route.pairs != route.length:
        raise IllegalAction(
            _("%(route)s: a route with some pair spaces is not on the board", route=route.label)
        )
    total = sum(counted.values()) + jokers
    if total != 2 * route.pairs:
        raise IllegalAction(
            ngettext(
                "%(route)s has %(num)d pair space: it takes %(cards)d train cards, "
                "two of one colour a space, not %(total)d",
                "%(route)s has %(num)d pair spaces: it takes %(cards)d train cards, "
                "two of one colour a space, not %(total)d",
                route.pairs,
                route=route.name,
                cards=2 * route.pairs,
                total=total,
            )
        )
    odd = sum(n % 2 for n in counted.values())
    if odd > jokers:
        raise IllegalAction(
            _("each pair space takes two train cards of one colour (a joker may be one of them)")
        )
    return ngettext(
        "%(route)s: the cards pay for %(num)d pair space",
        "%(route)s: the cards pay for %(num)d pair spaces",
        route.pairs,
        route=route.label,
    )


def check_port_payment(cards: Mapping[str, int]) -> Text:
    """Rails & Sails: a port costs 2 train cards and 2 ship cards of one colour bearing
    the port symbol; jokers replace any of them. (The symbol is for the table to see.)"""
    counted, jokers = _sails_cards(cards)
    if any(kind == DOUBLE_SHIP for kind, _color in counted):
        raise IllegalAction(
            _("a port takes ship cards with the port symbol, not double-ship cards")
        )
    colors = {color for _kind, color in counted}
    if len(colors) > 1:
        raise IllegalAction(_("a port is paid in one colour, not %(count)d", count=len(colors)))
    trains = sum(n for (kind, _color), n in counted.items() if kind == TRAIN)
    ships = sum(n for (kind, _color), n in counted.items() if kind == SHIP)
    if trains > 2 or ships > 2 or trains + ships + jokers != 4:
        raise IllegalAction(
            ngettext(
                "a port takes 2 train cards and 2 ship cards (jokers for any), not "
                "%(trains)d train, %(ships)d ship and %(num)d joker",
                "a port takes 2 train cards and 2 ship cards (jokers for any), not "
                "%(trains)d train, %(ships)d ship and %(num)d jokers",
                jokers,
                trains=trains,
                ships=ships,
            )
        )
    return _("a port: 2 train cards and 2 ship cards with the port symbol, jokers for any")
