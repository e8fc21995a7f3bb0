"""The words of the score sheet: the standings' columns an edition has, and the lines that
explain every point of a player's sheet. Every renderer prints these as they are."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.rules.board import DASH
from companion.rules.editions import (
    FEWEST_STATIONS,
    LONGEST_PATH,
    MOST_GOODS,
    MOST_TICKETS,
    Edition,
)
from companion.rules.names import join_words, plural
from companion.rules.paths import cities_along
from companion.rules.sheet import Column, Line, PlayerSheet, Section, TicketScore


def columns(edition: Edition) -> tuple[Column, ...]:
    """The standings' columns: routes and tickets, then what the edition adds, then its
    bonuses. Together they add up every part of the breakdown."""
    found = [Column("routes", "Routes", ("routes",)), Column("tickets", "Tickets", ("tickets",))]
    if edition.passengers:
        found.append(Column("goods", "Goods", ("goods",)))
    if edition.ports:
        found.append(Column("ports", "Ports", ("ports", "unbuilt_ports")))
    if edition.exchange_cost:
        found.append(Column("exchanges", "Exchanges", ("exchanges",)))
    if edition.stations:
        found.append(Column("stations", "Stations", ("stations",)))
    found += [Column(b.key, b.name, (b.key,)) for b in edition.bonuses]
    return tuple(found)


def track_words(edition: Edition) -> str:
    """What the score track counts during play, in words: "the routes", "the routes and goods"."""
    parts = ["the routes"]
    if edition.passengers:
        parts.append("goods")
    if edition.exchange_cost:
        parts.append("exchanges")
    return " and ".join([", ".join(parts[:-1]), parts[-1]]) if len(parts) > 1 else parts[0]


def sections(
    player: PlayerSheet, edition: Edition, everyone: Sequence[PlayerSheet] = ()
) -> tuple[Section, ...]:
    """One section per column, each with the lines behind its points (``everyone``: all
    the players, to say who took each bonus)."""
    parts = player.breakdown
    out = []
    for column in columns(edition):
        points = sum(parts.get(key, 0) for key in column.parts)
        if column.key in _LINES:
            lines, summary = _LINES[column.key](player, edition, column.key)
        else:
            lines, summary = _bonus(player, edition, column.key, everyone)
        out.append(Section(column.key, column.title, points, lines, summary))
    return tuple(out)


def ticket_line(t: TicketScore) -> Line:
    """A ticket: its cities and value, and the chain that completes it, or why not."""
    ticket = t.ticket
    what = f"{ticket.name} ({ticket.points})"
    if t.chain is None:
        how = "not all connected" if ticket.is_tour else "not connected"
        return Line(what, how, t.points, ok=False)
    how = chain_words(t) if ticket.is_tour else f"connected: {chain_words(t)}"
    return Line(what, how, t.points, t.chain)


def chain_words(t: TicketScore) -> str:
    """How a completed ticket's chain runs: "Denver–Santa Fe–El Paso"; a tour's routes,
    "in order" or not."""
    if t.chain is None:
        return ""
    if t.ticket.is_tour:
        order = "in order" if t.in_order else "connected, not in order"
        return f"{order}: {', '.join(r.name for r in t.chain)}"
    return DASH.join(cities_along(t.chain, t.ticket.cities[0]))


Lines = tuple[tuple[Line, ...], str]

# What a bonus counts: its name on a player's line, its unit there (None: a plain number),
# and the noun that says it alone ("Ann with 3 completed tickets").
FIGURES: dict[str, tuple[str, str | None, str]] = {
    MOST_TICKETS: ("Completed tickets", None, "completed ticket"),
    MOST_GOODS: ("Goods", "point", "goods point"),
    LONGEST_PATH: ("Longest continuous path", "space", "space"),
    FEWEST_STATIONS: ("Stations used", None, "station"),
}


def _routes(p: PlayerSheet, edition: Edition, key: str) -> Lines:
    lines = tuple(Line(r.route.label, plural(r.route.length, "space"), r.points) for r in p.routes)
    left = [plural(p.trains_left, "train")]
    if edition.pieces:
        left.append(plural(p.ships_left, "ship"))
    return lines, f"{plural(len(p.routes), 'route')}; {' and '.join(left)} left"


def _tickets(p: PlayerSheet, edition: Edition, key: str) -> Lines:
    summary = f"{p.tickets_completed} completed, {p.tickets_failed} not"
    return tuple(ticket_line(t) for t in p.tickets), summary if p.tickets else "none entered"


def _goods(p: PlayerSheet, edition: Edition, key: str) -> Lines:
    lines = []
    for trip in p.trips:
        tokens = ", ".join(f"{c} {v}" for c, v in trip.tokens) or "no tokens left"
        how = f"{tokens}; {plural(trip.cards, 'passenger card')}"
        lines.append(Line(DASH.join(trip.cities), how, trip.points, trip.routes))
    return tuple(lines), plural(len(p.trips), "passenger trip")


def _ports(p: PlayerSheet, edition: Edition, key: str) -> Lines:
    lines = [
        Line(
            f"Port in {port.city}",
            ", ".join(t.name for t in port.tickets) or "no completed ticket names it",
            port.points,
        )
        for port in p.ports
    ]
    if p.unbuilt_ports:
        unbuilt = p.unbuilt_ports // edition.unbuilt_port
        how = f"{plural(unbuilt, 'port')} × −{edition.unbuilt_port}"
        lines.append(Line("Ports not built", how, -p.unbuilt_ports, ok=False))
    return tuple(lines), f"{plural(len(p.ports), 'port')} built"


def _exchanges(p: PlayerSheet, edition: Edition, key: str) -> Lines:
    if not p.exchanged:
        return (), "no pieces exchanged"
    pieces = p.exchanged // edition.exchange_cost
    how = f"{plural(pieces, 'piece')} × −{edition.exchange_cost}"
    return (Line("Pieces exchanged", how, -p.exchanged, ok=False),), ""


def _stations(p: PlayerSheet, edition: Edition, key: str) -> Lines:
    lines = [
        Line(
            f"Station in {city}",
            f"uses {route.label}" if route else "borrows nothing that helps",
            routes=(route,) if route else (),
        )
        for city, route in p.borrowed
    ]
    unused = p.unused_stations // edition.unused_station
    if unused:
        how = f"{plural(unused, 'station')} × +{edition.unused_station}"
        lines.append(Line("Unused stations", how, p.unused_stations))
    return tuple(lines), f"{plural(p.stations_used, 'station')} built"


def _amount(criterion: str, figure: int) -> str:
    """A player's figure for a bonus, in words: "11 spaces", "3"."""
    unit = FIGURES[criterion][1]
    return plural(figure, unit) if unit else str(figure)


def _bonus(
    p: PlayerSheet, edition: Edition, key: str, everyone: Sequence[PlayerSheet] = ()
) -> Lines:
    """The player's figure for the bonus, and who took it with which figure."""
    bonus = next(b for b in edition.bonuses if b.key == key)
    label = FIGURES[bonus.criterion][0]
    takers = [o for o in everyone if o.bonuses.get(key)]
    if takers:
        best = plural(takers[0].criterion(bonus.criterion), FIGURES[bonus.criterion][2])
        names = join_words([o.name for o in takers])
        summary = f"+{bonus.points} for {bonus.reason}: {names} with {best}"
    else:
        summary = f"+{bonus.points} for {bonus.reason}: nobody took it"
    points = p.bonuses.get(key, 0)
    if bonus.criterion == LONGEST_PATH:
        path = p.longest_path
        if not path.routes:
            return (Line(f"{label}: none", "no routes", 0, ok=False),), summary
        what = f"{label}: {_amount(LONGEST_PATH, path.length)}"
        return (Line(what, DASH.join(path.cities), points, path.routes),), summary
    what = f"{label}: {_amount(bonus.criterion, p.criterion(bonus.criterion))}"
    return (Line(what, "", points),), summary


_LINES: dict[str, Callable[[PlayerSheet, Edition, str], Lines]] = {
    "routes": _routes,
    "tickets": _tickets,
    "goods": _goods,
    "ports": _ports,
    "exchanges": _exchanges,
    "stations": _stations,
}
