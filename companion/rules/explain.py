"""The words of the score sheet: the standings' columns an edition has, and the lines that
explain every point of a player's sheet. Every renderer prints these as they are."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.rules import counted
from companion.rules.board import Board, Ticket
from companion.rules.editions import (
    FEWEST_STATIONS,
    LONGEST_PATH,
    MOST_GOODS,
    MOST_TICKETS,
    NETWORK_CITIES,
    Edition,
)
from companion.rules.mandala import MandalaCheck
from companion.rules.paths import cities_along
from companion.rules.score_sheet import Column, Line, PlayerSheet, Section, TicketScore
from companion.rules.variants import deck_note
from companion.rules.words import Message, Text, _, join, listing, ngettext


def columns(edition: Edition) -> tuple[Column, ...]:
    """The standings' columns: routes and tickets, then what the edition adds, then its
    bonuses. Together they add up every part of the breakdown."""
    found = [
        Column("routes", _("Routes"), ("routes",)),
        Column("tickets", _("Tickets"), ("tickets",)),
    ]
    if edition.passengers:
        found.append(Column("goods", _("Goods"), ("goods",)))
    if edition.ports:
        found.append(Column("ports", _("Ports"), ("ports", "unbuilt_ports")))
    if edition.exchange_cost:
        found.append(Column("exchanges", _("Exchanges"), ("exchanges",)))
    if edition.stations:
        found.append(Column("stations", _("Stations"), ("stations",)))
    if edition.mountain_points:
        found.append(Column("mountains", _("Mountain Crossing"), ("mountains",)))
    found += [Column(b.key, b.name, (b.key,)) for b in edition.bonuses]
    if edition.mandala_points:
        found.append(Column("mandala_bonus", _("Mandala"), ("mandala_bonus",)))
    return tuple(found)


def track_words(edition: Edition) -> Text:
    """What the score track counts during play, in words: "the routes", "the routes and goods"."""
    if edition.mountain_points:
        return _("the routes and the Mountain Crossing")
    if edition.passengers and edition.exchange_cost:
        return _("the routes, goods and exchanges")
    if edition.passengers:
        return _("the routes and goods")
    if edition.exchange_cost:
        return _("the routes and exchanges")
    return _("the routes")


def sections(
    player: PlayerSheet, board: Board, everyone: Sequence[PlayerSheet] = ()
) -> tuple[Section, ...]:
    """One section per column, each with the lines behind its points (``everyone``: all
    the players, to say who took each bonus); places named with their local names."""
    edition = board.edition
    parts = player.breakdown
    out = []
    for column in columns(edition):
        points = sum(parts.get(key, 0) for key in column.parts)
        if column.key in _LINES:
            lines, summary = _LINES[column.key](player, board, column.key)
        else:
            lines, summary = _bonus(player, board, column.key, everyone)
        out.append(Section(column.key, column.title, points, lines, summary))
    return tuple(out)


def ticket_line(t: TicketScore, board: Board) -> Line:
    """A ticket: its cities and value, and the chain that completes it, or why not."""
    ticket = t.ticket
    if ticket.has_targets:
        return _targets_line(t, board)
    along, note = board.along(ticket.cities), deck_note(board, ticket)
    what = (
        _("%(ticket)s (%(points)d)", ticket=along, points=ticket.points)
        if note is None
        else _("%(ticket)s (%(points)d; %(note)s)", ticket=along, points=ticket.points, note=note)
    )
    how: Text
    if t.chain is None:
        how = _("not all connected") if ticket.is_tour else _("not connected")
        return Line(what, how, t.points, ok=False)
    chain = chain_words(t, board)
    how = chain if ticket.is_tour else _("connected: %(chain)s", chain=chain)
    return Line(what, how, t.points, t.chain)


def targets_words(ticket: Ticket, board: Board) -> Text:
    """A ticket with several targets, as printed: "Bern → France 5, Deutschland 6, …"."""
    targets = [_("%(place)s %(points)d", place=board.place(t), points=p) for t, p in ticket.targets]
    origin = board.place(ticket.origin)
    return _("%(origin)s → %(targets)s", origin=origin, targets=listing(targets))


def _targets_line(t: TicketScore, board: Board) -> Line:
    """A ticket with several targets: the highest reached and how, or the lowest lost."""
    what = targets_words(t.ticket, board)
    if t.chain is None:
        how = _("no target reached: the lowest value is lost")
        return Line(what, how, t.points, ok=False)
    how = _(
        "%(target)s, the highest target reached: %(chain)s",
        target=board.place(t.target) if t.target else t.target,
        chain=chain_words(t, board),
    )
    return Line(what, how, t.points, t.chain)


def chain_words(t: TicketScore, board: Board) -> Text:
    """How a completed ticket's chain runs: "Denver–Santa Fe–El Paso"; a tour's routes,
    "in order" or not."""
    if t.chain is None:
        return ""
    if t.ticket.is_tour:
        routes = listing([board.along(r.cities) for r in t.chain])
        if t.in_order:
            return _("in order: %(routes)s", routes=routes)
        return _("connected, not in order: %(routes)s", routes=routes)
    return board.along(cities_along(t.chain, t.ticket.cities[0]))


Lines = tuple[tuple[Line, ...], Text]


def _figure(n: int) -> Text:
    return str(n)


# What a bonus counts: its name on a player's line, its amount there ("11 spaces", "3"),
# and the amount said alone ("Ann with 3 completed tickets").
FIGURES: dict[str, tuple[Message, Callable[[int], Text], Callable[[int], Text]]] = {
    MOST_TICKETS: (
        _("Completed tickets"),
        _figure,
        lambda n: ngettext("%(num)d completed ticket", "%(num)d completed tickets", n),
    ),
    MOST_GOODS: (
        _("Goods"),
        counted.points,
        lambda n: ngettext("%(num)d goods point", "%(num)d goods points", n),
    ),
    LONGEST_PATH: (
        _("Longest continuous path"),
        counted.spaces,
        counted.spaces,
    ),
    FEWEST_STATIONS: (
        _("Stations used"),
        _figure,
        lambda n: ngettext("%(num)d station", "%(num)d stations", n),
    ),
    NETWORK_CITIES: (
        _("Cities in one network"),
        _figure,
        lambda n: ngettext("%(num)d city in one network", "%(num)d cities in one network", n),
    ),
}


def _routes(p: PlayerSheet, board: Board, key: str) -> Lines:
    edition = board.edition
    lines = tuple(
        Line(board.label(r.route), counted.spaces(r.route.length), r.points) for r in p.routes
    )
    routes = ngettext("%(num)d route", "%(num)d routes", len(p.routes))
    trains = counted.trains(p.trains_left)
    if edition.pieces:
        ships = counted.ships(p.ships_left)
        return lines, _(
            "%(routes)s; %(trains)s and %(ships)s left", routes=routes, trains=trains, ships=ships
        )
    return lines, _("%(routes)s; %(trains)s left", routes=routes, trains=trains)


def _tickets(p: PlayerSheet, board: Board, key: str) -> Lines:
    summary = _(
        "%(completed)d completed, %(failed)d not",
        completed=p.tickets_completed,
        failed=p.tickets_failed,
    )
    lines = tuple(ticket_line(t, board) for t in p.tickets)
    return lines, summary if p.tickets else _("none entered")


def _goods(p: PlayerSheet, board: Board, key: str) -> Lines:
    lines = []
    for trip in p.trips:
        tokens = (
            listing([_("%(city)s %(value)d", city=board.place(c), value=v) for c, v in trip.tokens])
            if trip.tokens
            else _("no tokens left")
        )
        cards = ngettext("%(num)d passenger card", "%(num)d passenger cards", trip.cards)
        how = _("%(tokens)s; %(cards)s", tokens=tokens, cards=cards)
        lines.append(Line(board.along(trip.cities), how, trip.points, trip.routes))
    return tuple(lines), ngettext("%(num)d passenger trip", "%(num)d passenger trips", len(p.trips))


def _ports(p: PlayerSheet, board: Board, key: str) -> Lines:
    edition = board.edition
    lines = [
        Line(
            _("Port in %(city)s", city=board.place(port.city)),
            listing([board.along(t.cities) for t in port.tickets])
            if port.tickets
            else _("no completed ticket names it"),
            port.points,
        )
        for port in p.ports
    ]
    if p.unbuilt_ports:
        unbuilt = p.unbuilt_ports // edition.unbuilt_port
        how = ngettext(
            "%(num)d port × −%(cost)d",
            "%(num)d ports × −%(cost)d",
            unbuilt,
            cost=edition.unbuilt_port,
        )
        lines.append(Line(_("Ports not built"), how, -p.unbuilt_ports, ok=False))
    return tuple(lines), ngettext("%(num)d port built", "%(num)d ports built", len(p.ports))


def _exchanges(p: PlayerSheet, board: Board, key: str) -> Lines:
    edition = board.edition
    if not p.exchanged:
        return (), _("no pieces exchanged")
    pieces = p.exchanged // edition.exchange_cost
    how = ngettext(
        "%(num)d piece × −%(cost)d",
        "%(num)d pieces × −%(cost)d",
        pieces,
        cost=edition.exchange_cost,
    )
    return (Line(_("Pieces exchanged"), how, -p.exchanged, ok=False),), ""


def _stations(p: PlayerSheet, board: Board, key: str) -> Lines:
    edition = board.edition
    lines = [
        Line(
            _("Station in %(city)s", city=board.place(city)),
            _("uses %(route)s", route=board.label(route))
            if route
            else _("borrows nothing that helps"),
            routes=(route,) if route else (),
        )
        for city, route in p.borrowed
    ]
    unused = p.unused_stations // edition.unused_station
    if unused:
        how = ngettext(
            "%(num)d station × +%(points)d",
            "%(num)d stations × +%(points)d",
            unused,
            points=edition.unused_station,
        )
        lines.append(Line(_("Unused stations"), how, p.unused_stations))
    return tuple(lines), ngettext(
        "%(num)d station built", "%(num)d stations built", p.stations_used
    )


def _bonus(p: PlayerSheet, board: Board, key: str, everyone: Sequence[PlayerSheet] = ()) -> Lines:
    """The player's figure for the bonus, and who took it with which figure."""
    edition = board.edition
    bonus = next(b for b in edition.bonuses if b.key == key)
    label, amount, alone = FIGURES[bonus.criterion]
    takers = [o for o in everyone if o.bonuses.get(key)]
    summary: Text
    if takers:
        summary = _(
            "+%(points)d for %(reason)s: %(players)s with %(figure)s",
            points=bonus.points,
            reason=bonus.reason,
            players=join([o.name for o in takers]),
            figure=alone(takers[0].criterion(bonus.criterion)),
        )
    else:
        summary = _(
            "+%(points)d for %(reason)s: nobody took it", points=bonus.points, reason=bonus.reason
        )
    points = p.bonuses.get(key, 0)
    if bonus.criterion == LONGEST_PATH:
        path = p.longest_path
        if not path.routes:
            return (Line(_("%(label)s: none", label=label), _("no routes"), 0, ok=False),), summary
        what = _("%(label)s: %(amount)s", label=label, amount=amount(path.length))
        return (Line(what, board.along(path.cities), points, path.routes),), summary
    if bonus.criterion == NETWORK_CITIES and p.network:  # "7 cities in one network: …"
        cities = listing([board.place(c) for c in sorted(p.network_cities)])
        return (Line(alone(len(p.network_cities)), cities, points, p.network),), summary
    what = _("%(label)s: %(amount)s", label=label, amount=amount(p.criterion(bonus.criterion)))
    return (Line(what, "", points),), summary


def _mountains(p: PlayerSheet, board: Board, key: str) -> Lines:
    """Legendary Asia: each mountain route claimed, 2 points a train its ✕ took."""
    each = board.edition.mountain_points
    lines = tuple(
        Line(
            board.label(r),
            ngettext(
                "%(num)d train in the Mountain Crossing × %(points)d",
                "%(num)d trains in the Mountain Crossing × %(points)d",
                r.mountains,
                points=each,
            ),
            each * r.mountains,
            (r,),
        )
        for r in p.mountain_routes
    )
    trains = sum(r.mountains for r in p.mountain_routes)
    return lines, ngettext(
        "%(num)d train in the Mountain Crossing", "%(num)d trains in the Mountain Crossing", trains
    )


def _mandala_line(t: TicketScore, check: MandalaCheck | None, board: Board) -> Line:
    """India: a ticket's Mandala, its two paths; or why it makes none."""
    ticket = t.ticket
    what = _("%(ticket)s (%(points)d)", ticket=board.along(ticket.cities), points=ticket.points)
    if check is None:
        return Line(what, _("not completed: no Mandala"), ok=False)
    if check.paths is None:
        cut = check.cut
        how = _(
            "one path only: losing %(route)s would cut it", route=board.label(cut) if cut else ""
        )
        return Line(what, how, routes=(cut,) if cut else (), ok=False)
    start = ticket.cities[0]
    first, second = (board.along(cities_along(path, start)) for path in check.paths)
    how = _("two paths that share no route: %(first)s and %(second)s", first=first, second=second)
    return Line(what, how, routes=(*check.paths[0], *check.paths[1]))


def _mandala(p: PlayerSheet, board: Board, key: str) -> Lines:
    """India: which tickets make a Mandala (with their two paths), which don't and why,
    and the bonus for how many do."""
    checks = dict(p.mandalas)
    lines = [
        _mandala_line(t, checks.get(i), board)
        for i, t in enumerate(p.tickets)
        if len(t.ticket.cities) == 2 and not t.ticket.has_targets
    ]
    table = board.edition.mandala_points
    made = p.mandalas_made
    lines.append(
        Line(
            ngettext("%(num)d Mandala", "%(num)d Mandalas", made),
            _(
                "1, 2, 3, 4, 5 or more: %(table)s points",
                table="/".join(str(n) for n in table),
            ),
            p.mandala_bonus,
        )
    )
    return tuple(lines), ngettext(
        "%(num)d ticket makes a Mandala", "%(num)d tickets make a Mandala", made
    )


_LINES: dict[str, Callable[[PlayerSheet, Board, str], Lines]] = {
    "routes": _routes,
    "tickets": _tickets,
    "goods": _goods,
    "ports": _ports,
    "exchanges": _exchanges,
    "stations": _stations,
    "mountains": _mountains,
    "mandala_bonus": _mandala,
}
