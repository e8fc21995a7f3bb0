"""The map files: a board read from its TOML file in ``boards/`` (and an expansion's decks
from ``boards/decks/``), checked when loaded: a bad file fails with a ``BoardError`` naming
the file, the entry and the problem.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Hashable, Mapping
from dataclasses import replace
from importlib import resources
from types import MappingProxyType
from typing import Any

from companion.rules.board import (
    CITY,
    COUNTRY,
    GOODS_COLORS,
    RAIL,
    ROUTE_KINDS,
    WAYPOINT,
    Board,
    City,
    Flag,
    Route,
    Ticket,
)
from companion.rules.colors import UnknownColor, route_color
from companion.rules.editions import EDITIONS, Edition
from companion.rules.errors import BoardError
from companion.rules.names import place_key
from companion.rules.words import DASH

HEX_COLOR = re.compile(r"#[0-9a-fA-F]{6}")
# The languages a map file gives each place's local name in: every language the companion
# speaks but English (tests/test_translations.py holds the two lists together).
LOCAL_NAMES = ("ru", "uk")

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
