"""The board: cities, routes (single, double, triple) and the ticket deck of one map.

Maps are declarative TOML files in ``boards/``, checked when loaded: a bad file fails with
a ``BoardError`` naming the file, the entry and the problem.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from importlib import resources
from types import MappingProxyType
from typing import Any

from companion.rules.city_search import Spelling, find_cities, spellings_of
from companion.rules.colors import GRAY, UnknownColor, color_words, route_color
from companion.rules.editions import EDITIONS, Edition
from companion.rules.errors import BoardError, IllegalAction
from companion.rules.names import name_key, place_key
from companion.rules.words import DASH, Along, Message, Place, Text, _, join, ngettext

RAIL, SEA = "rail", "sea"
ROUTE_KINDS = (RAIL, SEA)
CITY, COUNTRY, WAYPOINT = "city", "country", "waypoint"
GOODS_COLORS = ("black", "red", "yellow", "white")
HEX_COLOR = re.compile(r"#[0-9a-fA-F]{6}")
# The languages a map file gives each place's local name in: every language the companion
# speaks but English (tests/test_translations.py holds the two lists together).
LOCAL_NAMES = ("ru", "uk")


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


# The order maps are offered in; any other map file follows, A to Z.
MAP_ORDER = (
    "usa",
    "marklin",
    "europe",
    "world",
    "great-lakes",
    "nordic",
    "switzerland",
    "india",
    "legendary-asia",
)


def map_ids() -> tuple[str, ...]:
    """The ids of the maps the companion knows, North America first."""
    files = resources.files("companion.rules").joinpath("boards").iterdir()
    ids = [f.name.removesuffix(".toml") for f in files if f.name.endswith(".toml")]
    return tuple(sorted(ids, key=lambda m: (MAP_ORDER.index(m) if m in MAP_ORDER else 99, m)))


@functools.cache
def load_board(map_id: str) -> Board:
    """The board with this id, loaded from the package's map files and checked."""
    if map_id not in map_ids():
        raise BoardError(
            f"{map_id}.toml", "map", f"no map '{map_id}' (known: {', '.join(map_ids())})"
        )
    path = resources.files("companion.rules").joinpath("boards", f"{map_id}.toml")
    return parse_board(path.read_text(encoding="utf-8"), f"{map_id}.toml")


@functools.cache
def load_decks(map_id: str) -> Mapping[str, tuple[Ticket, ...]]:
    """The ticket decks an expansion adds to a map (``boards/decks/<map>.toml``), by name,
    each checked against the board: none for a map without such a file."""
    path = resources.files("companion.rules").joinpath("boards", "decks", f"{map_id}.toml")
    if not path.is_file():
        return MappingProxyType({})
    file = f"decks/{map_id}.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise BoardError(file, "file", f"not valid TOML ({error})") from None
    return _Checker(file).decks(data, load_board(map_id))


# What a map file counts (``counts``): the printed board's cities, countries and places at
# sea, its tracks (each track of a double or triple route) and their spaces, and the
# ticket cards of its deck (a ticket printed twice counted twice).
COUNTED = ("cities", "countries", "waypoints", "tracks", "spaces", "tickets", "mountains")


def parse_board(text: str, file: str) -> Board:
    """A board from the text of a map file; ``file`` names it in error messages."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise BoardError(file, "file", f"not valid TOML ({error})") from None
    return _Checker(file).board(data)


class _Checker:
    """Reads a parsed map file entry by entry, refusing the first thing that is wrong."""

    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, entry: str, problem: str) -> BoardError:
        return BoardError(self.file, entry, problem)

    def keys(self, entry: str, data: Any, required: set[str], optional: set[str]) -> None:
        if not isinstance(data, dict):
            raise self.fail(entry, "should be a table")
        missing = required - data.keys()
        if missing:
            raise self.fail(entry, f"missing {', '.join(sorted(missing))}")
        unknown = data.keys() - required - optional
        if unknown:
            raise self.fail(entry, f"unknown key {', '.join(sorted(unknown))}")

    def text(self, entry: str, value: Any) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(entry, "should be a non-empty text")
        return value

    def whole(self, entry: str, value: Any, low: int, high: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(entry, f"should be a whole number from {low} to {high}, not {value!r}")
        return value

    def board(self, data: dict[str, Any]) -> Board:
        self.keys(
            "file",
            data,
            {"id", "name", "edition", "cities", "routes", "tickets", "counts"},
            {"countries", "waypoints", "notes", "goods", "wraps"},
        )
        map_id = self.text("id", data["id"])
        edition_id = self.text("edition", data["edition"])
        if edition_id not in EDITIONS:
            raise self.fail("edition", f"unknown edition '{edition_id}'")
        edition = EDITIONS[edition_id]
        cities = self.cities(data["cities"])
        for table, kind in (("countries", COUNTRY), ("waypoints", WAYPOINT)):
            if table in data:
                extra = self.cities(data[table], table, kind)
                for name in extra.keys() & cities.keys():
                    raise self.fail(f"{table}.{name}", "is also a city")
                cities.update(extra)
                self.unique_spellings(cities)
        wraps = data.get("wraps", False)
        if not isinstance(wraps, bool):
            raise self.fail("wraps", "should be true or false")
        routes = self.routes(data["routes"], cities, edition)
        if all(c.at for c in cities.values()) and any(r.flag for r in routes):
            raise self.fail("routes", "a board drawn as printed has no border flags")
        tickets = self.tickets(data["tickets"], cities)
        self.counts(data["counts"], cities, routes, tickets)
        return Board(
            id=map_id,
            name=self.text("name", data["name"]),
            edition=edition,
            cities=cities,
            routes=routes,
            tickets=tickets,
            notes=self.text("notes", data["notes"]) if "notes" in data else "",
            goods=self.goods(data.get("goods", {}), cities),
            wraps=wraps,
        )

    def counts(
        self,
        data: Any,
        cities: dict[str, City],
        routes: tuple[Route, ...],
        tickets: tuple[Ticket, ...],
    ) -> None:
        """What the printed board and its deck count, as the file states them, against what
        the file holds: a route or a ticket left out (or written twice) fails here."""
        self.keys(
            "counts",
            data,
            {"cities", "tracks", "spaces", "tickets"},
            set(COUNTED) - {"cities", "tracks", "spaces", "tickets"},
        )
        held = {
            "cities": sum(1 for c in cities.values() if c.kind == CITY),
            "countries": sum(1 for c in cities.values() if c.kind == COUNTRY),
            "waypoints": sum(1 for c in cities.values() if c.kind == WAYPOINT),
            "tracks": len(routes),
            "spaces": sum(r.length for r in routes),
            "tickets": sum(t.copies for t in tickets),
            "mountains": sum(r.mountains for r in routes),
        }
        for what in COUNTED:
            stated = self.whole(f"counts.{what}", data.get(what, 0), 0, 10_000)
            if stated != held[what]:
                raise self.fail(f"counts.{what}", f"says {stated}, but the file has {held[what]}")

    def goods(self, data: Any, cities: dict[str, City]) -> dict[str, str]:
        if not isinstance(data, dict):
            raise self.fail("goods", "should map cities to goods colours")
        for city, color in data.items():
            if city not in cities or cities[city].is_country:
                raise self.fail(f"goods.{city}", "is not a city of this board")
            if color not in GOODS_COLORS:
                raise self.fail(f"goods.{city}", f"'{color}' is not a goods colour")
        return dict(data)

    def unique_spellings(self, cities: dict[str, City]) -> None:
        seen: dict[str, str] = {}
        for city in cities.values():
            for spelling in city.spellings:
                key = place_key(spelling)
                if key in seen and seen[key] != city.name:
                    raise self.fail(
                        f"countries.{city.name}", f"'{spelling}' is already a name of {seen[key]}"
                    )
                seen[key] = city.name

    def cities(self, data: Any, table: str = "cities", kind: str = CITY) -> dict[str, City]:
        if not isinstance(data, dict) or not data:
            raise self.fail(table, f"should be a table of {table}")
        cities: dict[str, City] = {}
        spellings: dict[str, str] = {}
        for name, entry in data.items():
            where = f"{table}.{name}"
            self.keys(
                where,
                entry,
                {"lat", "lon"},
                {"aliases", "port", "at", *LOCAL_NAMES}
                if kind == CITY
                else {"aliases", "flag", *LOCAL_NAMES}
                if kind == COUNTRY
                else {"aliases", *LOCAL_NAMES},
            )
            lat, lon = entry["lat"], entry["lon"]
            for label, value, limit in (("lat", lat, 90), ("lon", lon, 180)):
                if not isinstance(value, int | float) or isinstance(value, bool):
                    raise self.fail(where, f"{label} should be a number")
                if not -limit <= value <= limit:
                    raise self.fail(where, f"{label} {value} is off the globe")
            aliases = entry.get("aliases", [])
            if not isinstance(aliases, list):
                raise self.fail(where, "aliases should be a list of names")
            local = {
                lang: self.text(f"{where}.{lang}", entry[lang])
                for lang in LOCAL_NAMES
                if lang in entry
            }
            for spelling in (name, *aliases, *local.values()):
                key = place_key(self.text(where, spelling))
                if not key:
                    raise self.fail(where, f"'{spelling}' has no letters")
                if spellings.get(key, name) != name:
                    raise self.fail(where, f"'{spelling}' is already a name of {spellings[key]}")
                spellings[key] = name
            port = entry.get("port", False)
            if not isinstance(port, bool):
                raise self.fail(where, "port should be true or false")
            flag = self.country_flag(f"{where}.flag", entry["flag"]) if "flag" in entry else None
            at = self.board_place(where, entry["at"]) if "at" in entry else None
            cities[name] = City(
                name,
                float(lat),
                float(lon),
                tuple(aliases),
                kind,
                port,
                MappingProxyType(local),
                flag,
                at,
            )
        if any(c.at for c in cities.values()) and not all(c.at for c in cities.values()):
            raise self.fail(table, "give every city its place on the board (at), or none")
        return cities

    def board_place(self, where: str, value: Any, key: str = "at") -> tuple[float, float]:
        """A place on the printed board: ``[x, y]``, two numbers from 0."""
        if (
            not isinstance(value, list)
            or len(value) != 2
            or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
            or min(value) < 0
        ):
            raise self.fail(where, f"{key} should be [x, y], two numbers from 0")
        return (float(value[0]), float(value[1]))

    def country_flag(self, where: str, entry: Any) -> Flag:
        """A country's flag: ``{ stripes = "vertical" | "horizontal", colors = [...] }``,
        two to four colours written ``#rrggbb``."""
        self.keys(where, entry, {"stripes", "colors"}, set())
        if entry["stripes"] not in ("vertical", "horizontal"):
            raise self.fail(where, "stripes should be 'vertical' or 'horizontal'")
        colors = entry["colors"]
        if (
            not isinstance(colors, list)
            or not 2 <= len(colors) <= 4
            or not all(isinstance(c, str) and HEX_COLOR.fullmatch(c) for c in colors)
        ):
            raise self.fail(where, "colors should list 2 to 4 colours written #rrggbb")
        return Flag(tuple(c.lower() for c in colors), entry["stripes"] == "vertical")

    def routes(self, data: Any, cities: dict[str, City], edition: Edition) -> tuple[Route, ...]:
        """The routes, one entry per pair of places: a track each colour (a double lists
        two), or ``tracks``, each its own table, where a double's tracks differ."""
        if not isinstance(data, list) or not data:
            raise self.fail("routes", "should be a list of routes")
        routes: list[Route] = []
        seen: set[tuple[frozenset[str], str, tuple[float, float] | None]] = set()
        numbered: dict[tuple[frozenset[str], str], int] = {}  # tracks so far, by pair and kind
        for number, entry in enumerate(data):
            where = f"routes[{number}]"
            self.keys(
                where,
                entry,
                {"cities"},
                {"length", "colors", "tracks", "kind", "pairs", "note", "tunnel", "locomotives"}
                | {"any_cards", "flag", "mountains", "bends"},
            )
            a, b = self.pair(where, entry["cities"], cities)
            where = f"{where} ({a}{DASH}{b})"
            if cities[a].is_country and cities[b].is_country:
                raise self.fail(where, "a route never joins two countries")
            kind = entry.get("kind", RAIL)
            if kind not in ROUTE_KINDS:
                raise self.fail(where, f"unknown kind '{kind}' (known: {', '.join(ROUTE_KINDS)})")
            flag = self.flag(where, entry, cities[a].is_country or cities[b].is_country)
            group = (frozenset((a, b)), kind, flag)
            if group in seen:
                raise self.fail(
                    where, "these cities are already joined; list parallel tracks in one entry"
                )
            seen.add(group)
            note = self.text(where, entry["note"]) if "note" in entry else ""
            bends = self.bends(where, entry["bends"], cities) if "bends" in entry else ()
            tracks = self.tracks(where, entry, edition)
            before = numbered.get(group[:2], 0)
            numbered[group[:2]] = before + len(tracks)
            for track, (length, color, tunnel, locomotives, any_cards, mountains) in enumerate(
                tracks, 1
            ):
                pairs = self.whole(where, entry.get("pairs", 0), 0, length)
                if pairs and kind != RAIL:
                    raise self.fail(where, "only rail routes have pair spaces")
                routes.append(
                    Route(
                        len(routes),
                        (a, b),
                        length,
                        color,
                        # Numbered over every route of its kind joining the two places (two
                        # single routes into one country at two flags are tracks 1 and 2).
                        before + track,
                        len(tracks),
                        kind,
                        pairs,
                        note,
                        tunnel,
                        locomotives,
                        any_cards,
                        flag,
                        mountains,
                        bends,
                    )
                )
        return tuple(routes)

    def bends(
        self, where: str, value: Any, cities: dict[str, City]
    ) -> tuple[tuple[float, float], ...]:
        """Where the printed board bends a route: ``[[x, y], …]``, one to four places in
        the unit of the cities' ``at`` (only on a map that gives them)."""
        if not all(c.at for c in cities.values()):
            raise self.fail(where, "bends need every city's place on the board (at)")
        if not isinstance(value, list) or not 1 <= len(value) <= 4:
            raise self.fail(where, "bends should list 1 to 4 places [x, y]")
        return tuple(self.board_place(where, p, "each bend") for p in value)

    def tracks(
        self, where: str, entry: dict[str, Any], edition: Edition
    ) -> list[tuple[int, str, bool, int, int, int]]:
        """Each track's length, colour, tunnel, locomotives, stand-in cards and ✕ spaces:
        from one length and a colour a track, or from ``tracks``, a table a track."""
        shared = {"length", "colors", "tunnel", "locomotives", "any_cards", "mountains"}
        if "tracks" in entry:
            if shared & entry.keys():
                raise self.fail(where, "give either tracks, or length and colors, not both")
            listed = entry["tracks"]
            if not isinstance(listed, list) or not 2 <= len(listed) <= 3:
                raise self.fail(where, "tracks should list 2 or 3 tracks")
            for i, track in enumerate(listed):
                self.keys(
                    f"{where}.tracks[{i}]",
                    track,
                    {"color", "length"},
                    {"tunnel", "locomotives", "any_cards", "mountains"},
                )
            specs = [
                ({**t, "colors": [t["color"]]}, f"{where}.tracks[{i}]")
                for i, t in enumerate(listed)
            ]
        else:
            for key in ("length", "colors"):
                if key not in entry:
                    raise self.fail(where, f"missing {key}")
            colors = entry["colors"]
            if not isinstance(colors, list) or not 1 <= len(colors) <= 3:
                raise self.fail(where, "colors should list one colour per track (1 to 3)")
            specs = [({**entry, "colors": [c]}, where) for c in colors]
        out = []
        for spec, at in specs:
            length = spec["length"]
            if isinstance(length, bool) or not isinstance(length, int):
                raise self.fail(at, f"length should be a whole number, not {length!r}")
            if length not in edition.route_points:
                low, high = min(edition.route_points), max(edition.route_points)
                raise self.fail(
                    at, f"length {length} is not on the {edition.name} score table ({low}–{high})"
                )
            try:
                color = route_color(self.text(at, spec["colors"][0]))
            except UnknownColor as error:
                raise self.fail(at, str(error)) from None
            tunnel = spec.get("tunnel", False)
            if not isinstance(tunnel, bool):
                raise self.fail(at, "tunnel should be true or false")
            locomotives = self.whole(at, spec.get("locomotives", 0), 0, length)
            any_cards = self.whole(at, spec.get("any_cards", 0), 0, 9)
            if any_cards == 1:
                raise self.fail(at, "any_cards is how many cards stand in for one: 2 or more")
            mountains = self.whole(at, spec.get("mountains", 0), 0, length)
            if mountains and not edition.mountain_points:
                raise self.fail(at, f"the {edition.name} rules have no mountain routes")
            out.append((length, color, tunnel, locomotives, any_cards, mountains))
        return out

    def flag(
        self, where: str, entry: dict[str, Any], into_country: bool
    ) -> tuple[float, float] | None:
        """Where a route into a country meets the border (only such a route has one)."""
        if "flag" not in entry:
            return None
        if not into_country:
            raise self.fail(where, "only a route into a country has a flag")
        flag = entry["flag"]
        self.keys(f"{where}.flag", flag, {"lat", "lon"}, set())
        lat, lon = flag["lat"], flag["lon"]
        for label, value, limit in (("lat", lat, 90), ("lon", lon, 180)):
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise self.fail(where, f"flag {label} should be a number")
            if not -limit <= value <= limit:
                raise self.fail(where, f"flag {label} {value} is off the globe")
        return (float(lat), float(lon))

    def decks(self, data: Any, board: Board) -> Mapping[str, tuple[Ticket, ...]]:
        """An expansion's decks for ``board``: each a list of tickets as a map file gives
        them, counted as ``counts`` says."""
        self.keys("file", data, {"map", "counts", "decks"}, set())
        if data["map"] != board.id:
            raise self.fail("map", f"should be '{board.id}'")
        listed = data["decks"]
        if not isinstance(listed, list) or not listed:
            raise self.fail("decks", "should list the decks")
        cities = dict(board.cities)
        decks: dict[str, tuple[Ticket, ...]] = {}
        for number, deck in enumerate(listed):
            where = f"decks[{number}]"
            self.keys(where, deck, {"name", "tickets"}, {"long"})
            name = self.text(where, deck["name"])
            if name in decks:
                raise self.fail(where, f"a second deck '{name}'")
            tickets = self.tickets(deck["tickets"], cities)
            if deck.get("long", False) is True:  # a deck of long tickets (Europe's)
                tickets = tuple(replace(t, long=True) for t in tickets)
            decks[name] = tickets
        counts = data["counts"]
        if not isinstance(counts, dict) or set(counts) != set(decks):
            raise self.fail("counts", f"should count each deck: {', '.join(decks)}")
        for name, tickets in decks.items():
            if counts[name] != len(tickets):
                raise self.fail(
                    "counts", f"deck '{name}' holds {len(tickets)} tickets, not {counts[name]}"
                )
        return MappingProxyType(decks)

    def tickets(self, data: Any, cities: dict[str, City]) -> tuple[Ticket, ...]:
        if not isinstance(data, list):
            raise self.fail("tickets", "should be a list of tickets")
        tickets: list[Ticket] = []
        seen: set[Hashable] = set()
        for number, entry in enumerate(data):
            where = f"tickets[{number}]"
            if isinstance(entry, dict) and "tour" in entry:
                tickets.append(self.tour(where, entry, cities, seen))
                continue
            if isinstance(entry, dict) and "from" in entry:
                tickets.append(self.targets(where, entry, cities, seen))
                continue
            self.keys(where, entry, {"cities", "points"}, {"long"})
            a, b = self.pair(where, entry["cities"], cities)
            long = entry.get("long", False)
            if not isinstance(long, bool):
                raise self.fail(where, "long should be true or false")
            for name in (a, b):
                if cities[name].is_waypoint:
                    raise self.fail(where, f"{name} is a waypoint: no ticket names one")
            if frozenset((a, b)) in seen:
                raise self.fail(where, f"a second {a}{DASH}{b} ticket")
            seen.add(frozenset((a, b)))
            tickets.append(Ticket((a, b), self.whole(where, entry["points"], 1, 99), long=long))
        return tuple(tickets)

    def targets(
        self, where: str, entry: Any, cities: dict[str, City], seen: set[Hashable]
    ) -> Ticket:
        """A ticket from one place to several targets, each with its value (Switzerland)."""
        self.keys(where, entry, {"from", "targets"}, {"copies"})
        origin = self.text(where, entry["from"])
        listed = entry["targets"]
        if not isinstance(listed, list) or not 2 <= len(listed) <= 6:
            raise self.fail(where, "targets should list 2 to 6 targets")
        targets = []
        for i, target in enumerate(listed):
            self.keys(f"{where}.targets[{i}]", target, {"to", "points"}, set())
            targets.append(
                (self.text(where, target["to"]), self.whole(where, target["points"], 1, 99))
            )
        names = [origin, *(t for t, _points in targets)]
        for name in names:
            if name not in cities or cities[name].is_waypoint:
                raise self.fail(where, f"no place '{name}' in cities or countries")
        if len(set(names)) != len(names):
            raise self.fail(where, "a ticket names each place once")
        ticket = Ticket(
            tuple(names),
            max(points for _t, points in targets),
            targets=tuple(targets),
            copies=self.whole(where, entry.get("copies", 1), 1, 4),
        )
        if ticket.key in seen:
            raise self.fail(where, f"a second {ticket.name} ticket")
        seen.add(ticket.key)
        return ticket

    def tour(
        self,
        where: str,
        entry: Any,
        cities: dict[str, City],
        seen: set[Hashable],
    ) -> Ticket:
        self.keys(where, entry, {"tour", "points", "unordered", "penalty"}, set())
        stops = entry["tour"]
        if not isinstance(stops, list) or not 3 <= len(stops) <= 8:
            raise self.fail(where, "a tour names 3 to 8 cities in order")
        names = tuple(self.text(where, s) for s in stops)
        for name in names:
            if name not in cities or cities[name].is_waypoint:
                raise self.fail(where, f"no city '{name}' in cities")
        if len(set(names)) != len(names):
            raise self.fail(where, "a tour names each city once")
        if names in seen:
            raise self.fail(where, f"a second {DASH.join(names)} tour")
        seen.add(names)
        points = self.whole(where, entry["points"], 1, 99)
        unordered = self.whole(where, entry["unordered"], 1, points)
        penalty = self.whole(where, entry["penalty"], 1, 99)
        return Ticket(names, points, True, unordered, penalty)

    def pair(self, where: str, value: Any, cities: dict[str, City]) -> tuple[str, str]:
        if not isinstance(value, list) or len(value) != 2:
            raise self.fail(where, "cities should name two cities")
        a, b = (self.text(where, v) for v in value)
        for name in (a, b):
            if name not in cities:
                raise self.fail(where, f"no city '{name}' in cities")
        if a == b:
            raise self.fail(where, f"joins {a} to itself")
        return a, b
