"""Editions: the rule set a map is played with (score table, pieces, bonuses, tiebreaks)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from companion.rules.words import Text, _

# Tiebreak criteria, in the words the score sheet uses.
MOST_TICKETS = "tickets_completed"
LONGEST_PATH = "longest_path"
MOST_GOODS = "goods"
FEWEST_STATIONS = "fewest_stations"
MOST_MOUNTAIN_ROUTES = "mountain_routes"  # Legendary Asia: routes with ✕ spaces claimed
NETWORK_CITIES = "network_cities"  # Legendary Asia: cities in the player's largest network

# House rules a table may choose, by the names game records use.
GOODS_EACH_PASS = "goods_each_pass"


@dataclass(frozen=True)
class Bonus:
    """An end-of-game bonus: ``points`` to every player tied for the most of a figure (a
    tiebreak criterion above), as long as that most is above 0."""

    key: str  # its key in a sheet's breakdown
    name: Text  # as the rule book names it
    reason: Text  # what it rewards, in words
    points: int
    criterion: str


LONGEST_PATH_BONUS = Bonus(
    "longest_path_bonus", _("Longest path"), _("the longest continuous path"), 10, LONGEST_PATH
)
EUROPEAN_EXPRESS = replace(LONGEST_PATH_BONUS, name=_("European Express"))
GLOBETROTTER = Bonus(
    "globetrotter_bonus", _("Globetrotter"), _("the most completed tickets"), 10, MOST_TICKETS
)
INDIAN_EXPRESS = replace(LONGEST_PATH_BONUS, name=_("Indian Express"))
ASIAN_EXPLORER = Bonus(
    "explorer_bonus",
    _("Asian Explorer"),
    _("the most cities in one network"),
    10,
    NETWORK_CITIES,
)


@dataclass(frozen=True)
class Edition:
    """The rules of one edition of the game."""

    id: str
    name: Text  # as the box names it
    route_points: Mapping[int, int]
    trains: int = 45
    min_players: int = 2
    max_players: int = 5
    # With fewer players than this, only one route of a double (or triple) may be claimed.
    parallels_open_from: int = 4
    # A player ending a turn with this many pieces or fewer starts the final round ...
    end_trigger: int = 2
    # ... in which every player, that one included, has this many more turns.
    final_turns: int = 1
    # The bonuses scored at the end, in the order the sheet gives them.
    bonuses: tuple[Bonus, ...] = (LONGEST_PATH_BONUS,)
    tiebreaks: tuple[str, ...] = (MOST_TICKETS, LONGEST_PATH)
    # The values printed on tickets (a ticket entered by hand must lie in this range).
    ticket_points: tuple[int, int] = (1, 99)
    passengers: int = 0
    # Goods stacks by city colour, top to bottom, and how many cities have each colour.
    goods: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    goods_cities: Mapping[str, int] = field(default_factory=dict)
    house_rules: Mapping[str, Text] = field(default_factory=dict)
    # Rails & Sails: the secret split of trains and ships, ports, exchanges.
    pieces: int = 0  # trains and ships together; 0: trains only
    max_trains: int = 45
    max_ships: int = 0
    suggested_split: tuple[int, int] = (45, 0)
    ports: int = 0
    port_points: tuple[int, ...] = ()  # by completed tickets naming the city: 1, 2, 3+
    unbuilt_port: int = 0
    exchange_cost: int = 0
    # The tiebreak the rules leave to the table, labelled as a house rule.
    tiebreak_house_rule: bool = False
    # Europe: stations each player may build, and the points for each one left unused.
    stations: int = 0
    unused_station: int = 0
    # Where locomotive cards are wild: on every route (EVERYWHERE), or only on ferries and
    # tunnels, or only on tunnels (Nordic Countries, Switzerland).
    locomotives_wild: str = "everywhere"  # EVERYWHERE, FERRIES_AND_TUNNELS or TUNNELS
    # Nordic Countries: any this many cards stand in for one locomotive a ferry takes.
    ferry_stand_in: int = 0
    # Whether the Dice Expansion names this edition's maps (Rails & Sails is played with
    # pieces of two kinds, which it knows nothing of).
    dice_expansion: bool = True
    # India: the Mandala (Grand Tour) bonus by the number of tickets that make one (1, 2,
    # …; the last figure for that many or more); () where the edition has none.
    mandala_points: tuple[int, ...] = ()
    # Legendary Asia: points for each train a mountain route's ✕ takes from the reserve.
    mountain_points: int = 0

    @property
    def needs_longest_path(self) -> bool:
        """True when a bonus or a tiebreak looks at the longest continuous path."""
        criteria = {*self.tiebreaks, *(b.criterion for b in self.bonuses)}
        return LONGEST_PATH in criteria


BASE = Edition(
    id="base",
    name=_("Ticket to Ride"),
    route_points=MappingProxyType({1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}),
)

MARKLIN = Edition(
    id="marklin",
    name=_("Ticket to Ride: Märklin Edition"),
    route_points=MappingProxyType({1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 7: 18}),
    bonuses=(GLOBETROTTER,),
    tiebreaks=(MOST_TICKETS, MOST_GOODS),
    ticket_points=(5, 22),
    passengers=3,
    goods=MappingProxyType(
        {"black": (7, 6, 5, 4), "red": (4, 3, 2), "yellow": (3, 2, 1), "white": (2,)}
    ),
    goods_cities=MappingProxyType({"black": 1, "red": 6, "yellow": 12, "white": 16}),
    house_rules=MappingProxyType(
        {GOODS_EACH_PASS: _("a passenger passing a city twice in one trip takes a token each time")}
    ),
)

RAILS_AND_SAILS_WORLD = Edition(
    id="rails-sails-world",
    name=_("Ticket to Ride: Rails & Sails (World)"),
    route_points=MappingProxyType({1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 7: 18, 8: 21}),
    trains=20,
    end_trigger=6,
    final_turns=2,
    bonuses=(),
    tiebreaks=(MOST_TICKETS,),
    pieces=60,
    max_trains=25,
    max_ships=50,
    suggested_split=(20, 40),
    ports=3,
    port_points=(20, 30, 40),
    unbuilt_port=4,
    exchange_cost=1,
    tiebreak_house_rule=True,
)

RAILS_AND_SAILS_GREAT_LAKES = replace(
    RAILS_AND_SAILS_WORLD,
    id="rails-sails-great-lakes",
    name=_("Ticket to Ride: Rails & Sails (Great Lakes)"),
    route_points=MappingProxyType({1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 7: 18, 8: 21, 9: 27}),
    trains=27,
    pieces=50,
    max_trains=33,
    max_ships=32,
    suggested_split=(27, 23),
    port_points=(10, 20, 30),
)

EUROPE = Edition(
    id="europe",
    name=_("Ticket to Ride: Europe"),
    route_points=MappingProxyType({1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 7: 18, 8: 21}),
    bonuses=(EUROPEAN_EXPRESS,),
    tiebreaks=(MOST_TICKETS, FEWEST_STATIONS, LONGEST_PATH),
    stations=3,
    unused_station=4,
)

# Where locomotives are wild (``Edition.locomotives_wild``).
EVERYWHERE, FERRIES_AND_TUNNELS, TUNNELS = "everywhere", "ferries and tunnels", "tunnels"

NORDIC = Edition(
    id="nordic",
    name=_("Ticket to Ride: Nordic Countries"),
    route_points=MappingProxyType({1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 9: 27}),
    trains=40,
    max_players=3,
    parallels_open_from=3,
    bonuses=(GLOBETROTTER,),
    # The longest path breaks ties, though it earns no bonus.
    tiebreaks=(MOST_TICKETS, LONGEST_PATH),
    ticket_points=(1, 30),
    locomotives_wild=FERRIES_AND_TUNNELS,
    ferry_stand_in=3,
)

SWITZERLAND = Edition(
    id="switzerland",
    name=_("Ticket to Ride: Switzerland"),
    route_points=MappingProxyType({1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}),
    trains=40,
    max_players=3,
    parallels_open_from=3,
    bonuses=(LONGEST_PATH_BONUS,),
    tiebreaks=(MOST_TICKETS, LONGEST_PATH),
    ticket_points=(1, 30),
    locomotives_wild=TUNNELS,
)

INDIA = Edition(
    id="india",
    name=_("Ticket to Ride: India"),
    route_points=MappingProxyType({1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 7: 18, 8: 21}),
    max_players=4,
    bonuses=(INDIAN_EXPRESS,),
    tiebreaks=(MOST_TICKETS, LONGEST_PATH),
    ticket_points=(1, 30),
    dice_expansion=False,
    mandala_points=(5, 10, 20, 30, 40),
)

LEGENDARY_ASIA = Edition(
    id="legendary-asia",
    name=_("Ticket to Ride: Legendary Asia"),
    route_points=MappingProxyType({1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 7: 18, 8: 21}),
    bonuses=(ASIAN_EXPLORER,),
    tiebreaks=(MOST_TICKETS, MOST_MOUNTAIN_ROUTES),
    ticket_points=(1, 30),
    dice_expansion=False,
    mountain_points=2,
)

EDITIONS: Mapping[str, Edition] = MappingProxyType(
    {
        e.id: e
        for e in (
            BASE,
            MARKLIN,
            RAILS_AND_SAILS_WORLD,
            RAILS_AND_SAILS_GREAT_LAKES,
            EUROPE,
            NORDIC,
            SWITZERLAND,
            INDIA,
            LEGENDARY_ASIA,
        )
    }
)
