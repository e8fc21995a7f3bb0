"""The board: cities, routes (single, double, triple) and the ticket deck of one map.

A board is read from its map file, and checked, by ``map_file``.
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field

from companion.rules.city_search import Spelling, find_cities, spellings_of
from companion.rules.colors import GRAY, color_words
from companion.rules.editions import Edition
from companion.rules.errors import IllegalAction
from companion.rules.names import name_key, place_key
from companion.rules.words import DASH, Along, Message, Place, Text, _, join, ngettext

RAIL, SEA = "rail", "sea"
ROUTE_KINDS = (RAIL, SEA)
CITY, COUNTRY, WAYPOINT = "city", "country", "waypoint"
GOODS_COLORS = ("black", "red", "yellow", "white")


@dataclass(frozen=True)
class Flag:
    """A country's flag, as the board prints it where a route crosses its border: its
    stripes' colours, from the left (``vertical``) or from the top."""

    colors: tuple[str, ...]
    vertical: bool


@dataclass(frozen=True)
class City:
    """A city as printed on the board, with its place in the world."""

    name: str
    lat: float
    lon: float
    aliases: tuple[str, ...] = ()
    kind: str = CITY
    port: bool = False
    # Its name in the players' languages, by language code: {"ru": "Нью-Йорк", "uk": …}.
    local: Mapping[str, str] = field(default_factory=dict)
    flag: Flag | None = None  # a country's, where its routes end at flags
    # Where the printed board puts it (x to the right, y down, in any unit), on maps whose
    # picture follows the board rather than the globe.
    at: tuple[float, float] | None = None

    @property
    def spellings(self) -> tuple[str, ...]:
        """Every name a player may use for it: as printed, the other spellings, the local
        names."""
        return (self.name, *self.aliases, *self.local.values())

    @property
    def is_waypoint(self) -> bool:
        """True for a waypoint at sea: routes pass it, but no ticket or port names it."""
        return self.kind == WAYPOINT

    @property
    def is_country(self) -> bool:
        """True for a neighbouring country: a dead end that never joins two cities."""
        return self.kind == COUNTRY


@dataclass(frozen=True)
class Route:
    """One track between two adjacent cities."""

    id: int
    cities: tuple[str, str]
    length: int
    color: str
    track: int = 1
    tracks: int = 1
    kind: str = RAIL
    pairs: int = 0
    note: str = ""
    tunnel: bool = False
    locomotives: int = 0  # a ferry: locomotives it takes
    # Nordic Countries' Lieksa–Murmansk: any this many cards stand in for one card.
    any_cards: int = 0
    # A route into a country: where it meets the border (latitude, longitude). Two routes
    # from one city into one country at different flags are two routes, not a double.
    flag: tuple[float, float] | None = None
    # Legendary Asia: its spaces marked ✕, each taking one more train from the reserve.
    mountains: int = 0
    # Where the printed board bends it, on a map drawn as printed (its cities' unit).
    bends: tuple[tuple[float, float], ...] = ()

    @property
    def trains(self) -> int:
        """The pieces claiming it takes from the reserve: one a space, one more a ✕."""
        return self.length + self.mountains

    @property
    def name(self) -> str:
        """ "Boston–New York"."""
        return DASH.join(self.cities)

    @property
    def is_parallel(self) -> bool:
        """True for one track of a double or triple route."""
        return self.tracks > 1

    @property
    def label(self) -> Message:
        """ "Boston–New York (red)", "Seattle–Portland (gray, track 2)", "… (blue, sea)"."""
        return self.labelled(self.name)

    def labelled(self, name: Text) -> Message:
        """The label, with the route named as given (its ends with their local names)."""
        detail: Text = color_words(self.color)
        if self.kind == SEA:
            detail = _("%(details)s, sea", details=detail)
        if self.tunnel:
            detail = _("%(details)s, tunnel", details=detail)
        if self.locomotives:
            detail = ngettext(
                "%(details)s, ferry, %(num)d locomotive",
                "%(details)s, ferry, %(num)d locomotives",
                self.locomotives,
                details=detail,
            )
        if self.mountains:
            detail = ngettext(
                "%(details)s, mountain, %(num)d ✕",
                "%(details)s, mountain, %(num)d ✕",
                self.mountains,
                details=detail,
            )
        if self.is_parallel and self.color == GRAY:
            detail = _("%(details)s, track %(track)d", details=detail, track=self.track)
        return _("%(route)s (%(details)s)", route=name, details=detail)

    @property
    def remark(self) -> Message | None:
        """The map file's note on this route, in the language spoken (None: no note)."""
        return Message(self.note) if self.note else None

    def other_end(self, city: str) -> str:
        """The city at the other end of this route from ``city``."""
        a, b = self.cities
        return b if city == a else a


@dataclass(frozen=True)
class Ticket:
    """A destination ticket: two cities and the value printed on the card; or a tour
    ticket (Rails & Sails): cities in order, the value in that order, the value in any
    order, and the penalty; or a ticket with several targets (Switzerland): from its first
    place to each of the others (``targets``, each with its value; ``points`` is the
    highest), of which the highest reached scores, and the lowest is lost if none is."""

    cities: tuple[str, ...]
    points: int
    from_deck: bool = True
    unordered: int | None = None
    penalty: int | None = None
    long: bool = False
    targets: tuple[tuple[str, int], ...] = ()
    copies: int = 1  # cards of it in the deck

    @property
    def is_tour(self) -> bool:
        """True for a tour ticket."""
        return self.unordered is not None

    @property
    def has_targets(self) -> bool:
        """True for a ticket with several targets (Switzerland's country tickets)."""
        return bool(self.targets)

    @property
    def origin(self) -> str:
        """Where the ticket starts: its first place."""
        return self.cities[0]

    @property
    def key(self) -> Hashable:
        """What tells this ticket from the others of a deck: its places (a ticket with
        several targets: where it starts, then its targets)."""
        if self.targets:
            return (self.origin, frozenset(t for t, _points in self.targets))
        return frozenset(self.cities)

    @property
    def name(self) -> str:
        """ "Denver–El Paso"; "Bern → France, Deutschland, Österreich, Italia"."""
        if self.targets:
            return f"{self.origin} → " + ", ".join(t for t, _points in self.targets)
        return DASH.join(self.cities)


@dataclass(frozen=True)
class Board:
    """A map: its cities, its routes and its ticket deck."""

    id: str
    name: str
    edition: Edition
    cities: Mapping[str, City]
    routes: tuple[Route, ...]
    tickets: tuple[Ticket, ...]
    notes: str = ""
    goods: Mapping[str, str] = field(default_factory=dict)
    wraps: bool = False
    variant: str = "base"  # the decks and bonuses played with (``variants.BASE_GAME``: none)
    _city_keys: dict[str, str] = field(init=False, repr=False, compare=False)
    _between: dict[frozenset[str], tuple[Route, ...]] = field(init=False, repr=False, compare=False)
    _deck: dict[Hashable, Ticket] = field(init=False, repr=False, compare=False)
    _search_keys: dict[tuple[str, ...], str] = field(init=False, repr=False, compare=False)
    _at: dict[str, tuple[Route, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        keys: dict[str, str] = {}
        for city in self.cities.values():
            for spelling in city.spellings:
                keys[place_key(spelling)] = city.name
        between: dict[frozenset[str], list[Route]] = {}
        for route in self.routes:
            between.setdefault(frozenset(route.cities), []).append(route)
        object.__setattr__(self, "_city_keys", keys)
        object.__setattr__(self, "_between", {k: tuple(v) for k, v in between.items()})
        object.__setattr__(self, "_deck", {t.key: t for t in self.tickets})
        object.__setattr__(self, "_search_keys", {})  # search_key's answers, once each
        at: dict[str, list[Route]] = {name: [] for name in self.cities}
        for route in self.routes:
            for end in dict.fromkeys(route.cities):
                at.setdefault(end, []).append(route)
        object.__setattr__(self, "_at", {end: tuple(routes) for end, routes in at.items()})

    def city(self, text: str) -> str:
        """The city's name as printed, however a player typed it; refuses an unknown one."""
        if text in self.cities:  # as printed: the records' and the pages' own spelling
            return text
        found = self._city_keys.get(place_key(text))
        if found is None:
            # Never guessed: the cities it may mean are named, the likeliest first.
            named = [self.place(n) for n in self.find_cities(text, limit=3)]
            if named:
                raise IllegalAction(
                    _(
                        "there is no city '%(text)s' on the %(map)s board; did you mean %(names)s?",
                        text=text,
                        map=self.title,
                        names=join(named, "or"),
                    )
                )
            raise IllegalAction(
                _("there is no city '%(text)s' on the %(map)s board", text=text, map=self.title)
            )
        return found

    def find_cities(self, text: str, limit: int | None = None) -> list[str]:
        """The cities (as printed) that ``text`` may mean, best first, however a player
        spells it (``city_search``); waypoints are never looked for."""
        return find_cities(self._searchable, text, limit)

    @functools.cached_property
    def _searchable(self) -> tuple[Spelling, ...]:
        """Every spelling of every city and country, folded once."""
        return spellings_of((n, c.spellings) for n, c in self.cities.items() if not c.is_waypoint)

    def along(self, names: Iterable[str]) -> Along:
        """Places (named as printed) one after another, each with its local names: a route's
        ends, a trip's stops."""
        return Along(tuple(self.named(n) for n in names))

    def label(self, route: Route) -> Message:
        """A route's label, its ends with their local names: "Denver (Денвер)–Helena
        (Хелена) (зелёный)" in Russian."""
        return route.labelled(self.along(route.cities))

    def named(self, name: str) -> Place | str:
        """``place`` for a place of this board; any other name as it is."""
        return self.place(name) if name in self.cities else name

    def place(self, name: str) -> Place:
        """A place (named as printed) with its local names: said "Moskva (Москва)" in
        Russian, "Moskva" in English."""
        return Place(name, tuple(self.cities[name].local.items()))

    @property
    def title(self) -> Message:
        """The map's name in the language spoken ("North America", "Северная Америка")."""
        return Message(self.name)

    @property
    def remark(self) -> Message | None:
        """The map file's notes (where its data comes from), in the language spoken."""
        return Message(self.notes) if self.notes else None

    def search_key(self, *names: str) -> str:
        """What a search by name matches for these places (named as printed): each one's
        printed name and other spellings, folded as ``place_key`` folds what is typed."""
        found = self._search_keys.get(names)
        if found is None:
            spellings = [s for n in names for s in self.cities[n].spellings]
            found = self._search_keys[names] = " | ".join(dict.fromkeys(map(place_key, spellings)))
        return found

    def is_country(self, name: str) -> bool:
        """True when ``name`` (as printed) is a neighbouring country, not a city."""
        return self.cities[name].is_country

    @property
    def countries(self) -> frozenset[str]:
        """The neighbouring countries on the board (none on most maps)."""
        return frozenset(n for n, c in self.cities.items() if c.is_country)

    @property
    def flags(self) -> tuple[tuple[str, Flag], ...]:
        """The countries whose routes end at their flags, with their flags, in the file's
        order."""
        return tuple((n, c.flag) for n, c in self.cities.items() if c.flag is not None)

    def routes_between(self, a: str, b: str) -> tuple[Route, ...]:
        """Every route joining two cities (named as printed), in the map file's order."""
        return self._between.get(frozenset((a, b)), ())

    def parallels(self, route: Route) -> tuple[Route, ...]:
        """The other tracks of the same double or triple route (not other kinds, nor other
        routes into the same country at another flag)."""
        return tuple(
            r
            for r in self._between[frozenset(route.cities)]
            if r.id != route.id and r.kind == route.kind and r.flag == route.flag
        )

    def routes_at(self, city: str) -> tuple[Route, ...]:
        """Every route that ends in ``city``, in the map file's order."""
        return self._at.get(city, ())

    @functools.cached_property
    def city_list(self) -> tuple[tuple[str, tuple[Route, ...]], ...]:
        """Each city, A to Z, with its routes by the name of the city at their other end:
        the order in which a phone lists them to claim."""
        return tuple(
            (
                city,
                tuple(
                    sorted(self.routes_at(city), key=lambda r: (name_key(r.other_end(city)), r.id))
                ),
            )
            for city in sorted(self.cities, key=name_key)
        )

    def deck_ticket(self, a: str, b: str) -> Ticket | None:
        """The deck's ticket between two cities, if the deck has one."""
        return self._deck.get(frozenset((a, b)))

    def card_of(self, ticket: Ticket) -> Ticket | None:
        """The deck's card a held ticket is: itself, picked from the deck; one typed with its
        value, the deck's ticket between its two places, if the deck has one."""
        if ticket.from_deck:
            return ticket
        if ticket.is_tour or ticket.has_targets or len(ticket.cities) != 2:
            return None
        return self.deck_ticket(*ticket.cities)

    def deck_targets(self, origin: str, targets: Iterable[str]) -> Ticket | None:
        """The deck's ticket from ``origin`` to these targets (Switzerland), if it has one."""
        return self._deck.get((origin, frozenset(targets)))

    def deck_tour(self, cities: tuple[str, ...]) -> Ticket | None:
        """The deck's tour ticket through these cities in this order (or reversed)."""
        for ticket in self.tickets:
            if ticket.is_tour and cities in (ticket.cities, ticket.cities[::-1]):
                return ticket
        return None

    def is_port_city(self, name: str) -> bool:
        """True where a port may be built."""
        return self.cities[name].port

    def points_for(self, route: Route) -> int:
        """What claiming ``route`` scores, by the edition's table."""
        return self.edition.route_points[route.length]

    def claim_points(self, route: Route) -> int:
        """What the score track moves when ``route`` is claimed: its points, and those of
        the trains a mountain route's ✕ put in the Mountain Crossing."""
        return self.points_for(route) + self.edition.mountain_points * route.mountains

    @property
    def has_tunnels(self) -> bool:
        """True where some route is a tunnel: only there are the tunnel dice rolled."""
        return any(route.tunnel for route in self.routes)

    @property
    def has_ferries(self) -> bool:
        """True where some route is a ferry (it takes locomotives)."""
        return any(route.locomotives for route in self.routes)

    @property
    def drawn_as_printed(self) -> bool:
        """True where the picture follows the printed board (every city has its place on
        it), not the globe."""
        return all(c.at is not None for c in self.cities.values())

    @property
    def has_mountains(self) -> bool:
        """True where some route is a mountain route (it has ✕ spaces)."""
        return any(route.mountains for route in self.routes)

    @property
    def has_sea(self) -> bool:
        """True where some route is a sea route (Rails & Sails)."""
        return any(route.kind == SEA for route in self.routes)
