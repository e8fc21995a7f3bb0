"""The score sheet as data: what each player scored, line by line, and the standings.

Scoring (``scoring.py``) fills it in; the text, JSON, HTML and PDF sheets only walk it.
A sheet has the standings columns its edition has (``Column``), and each player has one
``Section`` per column whose ``Line``s explain every point of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType

from companion.rules.board import Board, Route, Ticket
from companion.rules.editions import (
    FEWEST_STATIONS,
    LONGEST_PATH,
    MOST_GOODS,
    MOST_MOUNTAIN_ROUTES,
    MOST_TICKETS,
    NETWORK_CITIES,
)
from companion.rules.mandala import MandalaCheck
from companion.rules.setup import Player
from companion.rules.state import Trip
from companion.rules.words import Text, _, join

# The breakdown every sheet gives, in order; 0 where the edition has no such thing.
BREAKDOWN_KEYS = (
    "routes",
    "tickets",
    "longest_path_bonus",
    "globetrotter_bonus",
    "goods",
    "ports",
    "unbuilt_ports",
    "exchanges",
    "stations",
    "mandala_bonus",
    "mountains",
    "explorer_bonus",
)


@dataclass(frozen=True)
class RouteScore:
    """A claimed route and the points the score table gives it."""

    route: Route
    points: int


@dataclass(frozen=True)
class TicketScore:
    """A ticket, and the chain of the player's routes that completes it (None: not connected)."""

    ticket: Ticket
    chain: tuple[Route, ...] | None
    # A tour completed in another order than printed earns its lower value.
    in_order: bool = True
    # A ticket with several targets: the one that scores (the highest reached).
    target: str | None = None

    @property
    def completed(self) -> bool:
        """True when the player's routes connect the ticket's cities (for a ticket with
        several targets: its start and one target)."""
        return self.chain is not None

    @property
    def points(self) -> int:
        """+ the ticket's value if completed, − its value (a tour: its penalty) if not; a
        ticket with several targets: + the value of the highest target reached, or − the
        lowest value printed when none is."""
        ticket = self.ticket
        if ticket.targets:
            values = dict(ticket.targets)
            if self.target is None:
                return -min(values.values())
            return values[self.target]
        if not self.completed:
            return -(ticket.penalty if ticket.penalty is not None else ticket.points)
        if ticket.is_tour and not self.in_order:
            return ticket.unordered or 0
        return ticket.points


@dataclass(frozen=True)
class PortScore:
    """A port, and the owner's completed tickets naming its city."""

    city: str
    tickets: tuple[Ticket, ...]
    points: int


@dataclass(frozen=True)
class LongestPath:
    """A player's longest continuous path: its routes in order and the cities passed."""

    routes: tuple[Route, ...] = ()
    cities: tuple[str, ...] = ()

    @property
    def length(self) -> int:
        """Its length in spaces (trains)."""
        return sum(r.length for r in self.routes)


@dataclass(frozen=True)
class Column:
    """A column of the standings: the parts of the breakdown it adds up."""

    key: str
    title: Text
    parts: tuple[str, ...]


@dataclass(frozen=True)
class Line:
    """One line of a player's sheet: what scored, how, and its points (None: a line that
    only explains, like the route a station borrows). ``routes`` are the ones it names,
    to pick out on the board."""

    what: Text
    how: Text = ""
    points: int | None = None
    routes: tuple[Route, ...] = ()
    ok: bool = True


@dataclass(frozen=True)
class Section:
    """A player's points in one column of the standings, with the lines behind them."""

    key: str
    title: Text
    points: int
    lines: tuple[Line, ...] = ()
    summary: Text = ""


@dataclass(frozen=True)
class PlayerSheet:
    """One player's score, line by line."""

    player: Player
    routes: tuple[RouteScore, ...]
    tickets: tuple[TicketScore, ...]
    longest_path: LongestPath
    trains_left: int
    rank: int = 0
    # Each bonus the player earned, by its breakdown key.
    bonuses: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    trips: tuple[Trip, ...] = ()
    ports: tuple[PortScore, ...] = ()
    unbuilt_ports: int = 0
    exchanged: int = 0
    ships_left: int = 0
    # Europe: what each station borrowed (None: nothing), and the points for unused ones.
    borrowed: tuple[tuple[str, Route | None], ...] = ()
    stations_used: int = 0
    unused_stations: int = 0
    # What the score track shows for the player: the points scored during play.
    track: int = 0
    sections: tuple[Section, ...] = ()
    # India: each completed ticket's Mandala check, by the ticket's place in ``tickets``,
    # and the bonus they earn.
    mandalas: tuple[tuple[int, MandalaCheck], ...] = ()
    mandala_bonus: int = 0
    # Legendary Asia: the routes with ✕ spaces claimed and the points their trains in the
    # Mountain Crossing score; the routes of the player's largest network.
    mountain_routes: tuple[Route, ...] = ()
    mountains: int = 0
    network: tuple[Route, ...] = ()

    @property
    def network_cities(self) -> tuple[str, ...]:
        """The cities of the player's largest network, each once, in the routes' order."""
        return tuple(dict.fromkeys(c for r in self.network for c in r.cities))

    @property
    def mandalas_made(self) -> int:
        """How many of the player's tickets make a Mandala."""
        return sum(1 for _i, m in self.mandalas if m.made)

    @property
    def name(self) -> str:
        """The player's name."""
        return self.player.name

    @property
    def longest_path_bonus(self) -> int:
        """The longest-path bonus earned (Europe: the European Express)."""
        return self.bonuses.get("longest_path_bonus", 0)

    @property
    def globetrotter_bonus(self) -> int:
        """The Globetrotter bonus earned (most completed tickets)."""
        return self.bonuses.get("globetrotter_bonus", 0)

    @property
    def breakdown(self) -> dict[str, int]:
        """Points by kind: every key of ``BREAKDOWN_KEYS``, then any other bonus."""
        parts = dict.fromkeys(BREAKDOWN_KEYS, 0)
        parts["routes"] = sum(r.points for r in self.routes)
        parts["tickets"] = sum(t.points for t in self.tickets)
        parts["goods"] = self.goods
        parts["ports"] = sum(p.points for p in self.ports)
        parts["unbuilt_ports"] = -self.unbuilt_ports
        parts["exchanges"] = -self.exchanged
        parts["stations"] = self.unused_stations
        parts["mandala_bonus"] = self.mandala_bonus
        parts["mountains"] = self.mountains
        for key, points in self.bonuses.items():
            parts[key] = parts.get(key, 0) + points
        return parts

    @property
    def goods(self) -> int:
        """Goods points, scored on the passengers' trips."""
        return sum(t.points for t in self.trips)

    @cached_property
    def total(self) -> int:
        """The final score: the sum of the breakdown (added up once: the sheet never
        changes)."""
        return sum(self.breakdown.values())

    @property
    def tickets_completed(self) -> int:
        """How many of the player's tickets are completed."""
        return sum(1 for t in self.tickets if t.completed)

    @property
    def tickets_failed(self) -> int:
        """How many of the player's tickets are not."""
        return sum(1 for t in self.tickets if not t.completed)

    def criterion(self, name: str) -> int:
        """The player's figure for a tiebreak or bonus criterion (more is better)."""
        if name == MOST_TICKETS:
            return self.tickets_completed
        if name == LONGEST_PATH:
            return self.longest_path.length
        if name == MOST_GOODS:
            return self.goods
        if name == FEWEST_STATIONS:
            return -self.stations_used
        if name == MOST_MOUNTAIN_ROUTES:
            return len(self.mountain_routes)
        if name == NETWORK_CITIES:
            return len(self.network_cities)
        raise KeyError(name)

    def section(self, key: str) -> Section:
        """The player's section for one column."""
        return next(s for s in self.sections if s.key == key)


@dataclass(frozen=True)
class ScoreSheet:
    """The final scores of a game: the standings' columns, players in seat order, the
    winners, and the tiebreak that decided, in words."""

    board: Board
    players: tuple[PlayerSheet, ...]
    winners: tuple[str, ...]
    tiebreak: Text | None
    finished: bool
    columns: tuple[Column, ...] = ()
    # What the score track counts during play, in words.
    track_words: Text = _("the routes")
    left: tuple[str, ...] = ()  # players who left the game under way (a house rule)

    @property
    def tickets_missing(self) -> tuple[str, ...]:
        """The players who hold no ticket: every rule book has each player keep at least
        one from the start, so theirs are still to be entered (but for a player who left
        the game: the table may not know their tickets, which then count nothing)."""
        return tuple(p.name for p in self.players if not p.tickets and p.name not in self.left)

    @property
    def settled(self) -> bool:
        """Over, with every player's tickets entered: the result a standings counts."""
        return self.finished and not self.tickets_missing

    def player(self, name: str) -> PlayerSheet:
        """One player's sheet, by name."""
        return next(p for p in self.players if p.name == name)

    @property
    def headline(self) -> tuple[Text, Text]:
        """What the top of the sheet says, and of whom: "Winner" (or "Shared win") once the
        game is over; before, "Leading" (or "Sharing the lead")."""
        shared = len(self.winners) > 1
        if self.finished:
            label = _("Shared win") if shared else _("Winner")
        else:
            label = _("Sharing the lead") if shared else _("Leading")
        return label, join(list(self.winners))

    @property
    def ranked(self) -> tuple[PlayerSheet, ...]:
        """The players by rank, seat order among equals."""
        order = {p.name: i for i, p in enumerate(self.players)}
        return tuple(sorted(self.players, key=lambda p: (p.rank, order[p.name])))
