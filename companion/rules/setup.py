"""Setting up a game: the board, the players in seat order, and what the table chooses
(goods colours, house rules, the split of trains and ships, dice)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from companion.rules import counted
from companion.rules.board import Board
from companion.rules.colors import color_words
from companion.rules.editions import EDITIONS, Edition
from companion.rules.errors import IllegalAction, SetupError
from companion.rules.names import close_matches, name_key
from companion.rules.words import _, join, listing, ngettext

MAX_NAME = 40


@dataclass(frozen=True)
class Player:
    """A seat at the table: a name, and the colour of the player's pieces."""

    name: str
    color: str | None = None


@dataclass(frozen=True)
class Setup:
    """What a game is played with: the board, its edition and the players in seat order."""

    board: Board
    players: tuple[Player, ...]
    goods: Mapping[str, str] = field(default_factory=dict)
    house_rules: frozenset[str] = frozenset()
    # Rails & Sails: each player's split of trains and ships, as revealed.
    pieces: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    # Played with the Dice Expansion.
    dice: bool = False
    _keys: dict[str, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_keys", {name_key(p.name): p.name for p in self.players})

    @property
    def edition(self) -> Edition:
        """The edition the board is played with."""
        return self.board.edition

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names in seat order."""
        return tuple(p.name for p in self.players)

    def player(self, text: str) -> str:
        """A player's name as entered at setup, however typed; refuses an unknown player."""
        if text in self._keys.values():  # as entered: the records' and the pages' own
            return text
        found = self._keys.get(name_key(text)) if isinstance(text, str) else None
        if found is None:
            hint = close_matches(text, list(self.names)) if isinstance(text, str) else []
            players = join(list(self.names))
            if hint:
                raise IllegalAction(
                    _(
                        "there is no player '%(text)s' in this game (the players are "
                        "%(players)s); did you mean %(name)s?",
                        text=text,
                        players=players,
                        name=hint[0],
                    )
                )
            raise IllegalAction(
                _(
                    "there is no player '%(text)s' in this game (the players are %(players)s)",
                    text=text,
                    players=players,
                )
            )
        return found


def check_name(name: str) -> None:
    """Refuses a player's name a game can't seat: none with a letter or digit, too long,
    or holding a control character."""
    if not name_key(name):
        raise SetupError(_("every player needs a name with a letter or digit in it"))
    if len(name) > MAX_NAME:
        raise SetupError(
            ngettext(
                "a player's name has at most %(num)d character",
                "a player's name has at most %(num)d characters",
                MAX_NAME,
            )
        )
    if any(unicodedata.category(c) == "Cc" for c in name):
        raise SetupError(_("a name can't hold control characters"))


def new_game(
    board: Board,
    players: Iterable[Player],
    goods: Mapping[str, str] | None = None,
    house_rules: Iterable[str] = (),
    pieces: Mapping[str, tuple[int, int]] | None = None,
    dice: bool = False,
) -> Setup:
    """A game on ``board`` for these players, checked: 2–5 players with distinct names;
    the goods colours the table set (Märklin) and the house rules it chose."""
    seated = tuple(Player(p.name.strip(), p.color) for p in players)
    edition = board.edition
    if not edition.min_players <= len(seated) <= edition.max_players:
        raise SetupError(
            _(
                "%(edition)s is played by %(low)d to %(high)d players, not %(count)d",
                edition=edition.name,
                low=edition.min_players,
                high=edition.max_players,
                count=len(seated),
            )
        )
    keys: set[str] = set()
    colors: set[str] = set()
    for player in seated:
        check_name(player.name)
        if name_key(player.name) in keys:
            raise SetupError(
                _("two players are named '%(name)s': names must differ", name=player.name)
            )
        keys.add(name_key(player.name))
        if player.color is not None:
            if player.color.casefold() in colors:
                raise SetupError(
                    _(
                        "two players play %(color)s: colours must differ",
                        color=color_words(player.color),
                    )
                )
            colors.add(player.color.casefold())
    rules = frozenset(house_rules)
    for rule in sorted(rules - edition.house_rules.keys()):
        elsewhere = [e for e in EDITIONS.values() if rule in e.house_rules]
        if elsewhere:
            raise SetupError(
                _(
                    "the house rule '%(rule)s' is for %(edition)s, not %(this)s",
                    rule=elsewhere[0].house_rules[rule],
                    edition=elsewhere[0].name,
                    this=edition.name,
                )
            )
        known = listing(edition.house_rules) if edition.house_rules else _("none")
        raise SetupError(
            _(
                "'%(rule)s' is not a house rule of %(edition)s (known: %(known)s)",
                rule=rule,
                edition=edition.name,
                known=known,
            )
        )
    if dice and not takes_dice(edition):
        raise SetupError(
            _(
                "the Dice Expansion is made for the maps played with train cards, not %(edition)s",
                edition=edition.name,
            )
            if edition.pieces
            else _(
                "the Dice Expansion is played on North America, Europe, Switzerland, Nordic "
                "Countries and Märklin, not %(edition)s",
                edition=edition.name,
            )
        )
    setup = Setup(board, seated, goods_colors(board, goods or {}), rules, dice=dice)
    return replace(setup, pieces=piece_splits(setup, pieces or {}))


def takes_dice(edition: Edition) -> bool:
    """Whether the Dice Expansion is played with this edition: on the maps it names, played
    with train cards (not Rails & Sails, India or Legendary Asia)."""
    return edition.dice_expansion and not edition.pieces


def complete_split(
    edition: Edition, trains: int | None, ships: int | None
) -> tuple[int, int] | None:
    """A player's trains and ships (Rails & Sails) from what was revealed: either one gives
    the other (the pieces are taken in all); neither leaves the player the suggested split."""
    if trains is None and ships is None:
        return None
    if trains is None:
        trains = edition.pieces - (ships or 0)
    if ships is None:
        ships = edition.pieces - trains
    return trains, ships


def piece_splits(setup: Setup, chosen: Mapping[str, tuple[int, int]]) -> dict[str, tuple[int, int]]:
    """Each player's trains and ships (Rails & Sails): as chosen, else the suggested split;
    checked against the total and the most of each kind."""
    edition = setup.edition
    if not edition.pieces:
        if chosen:
            raise SetupError(
                _("%(edition)s has trains only: no split of trains and ships", edition=edition.name)
            )
        return {}
    splits = {name: edition.suggested_split for name in setup.names}
    for text, (trains, ships) in chosen.items():
        try:
            name = setup.player(text)
        except IllegalAction as error:
            raise SetupError(error.message) from None
        if trains < 0 or ships < 0 or trains + ships != edition.pieces:
            raise SetupError(
                _(
                    "%(name)s takes %(pieces)s in all, not %(trains)s and %(ships)s",
                    name=name,
                    pieces=counted.pieces(edition.pieces),
                    trains=counted.trains(trains),
                    ships=counted.ships(ships),
                )
            )
        if trains > edition.max_trains or ships > edition.max_ships:
            raise SetupError(
                _(
                    "%(name)s may take at most %(most_trains)s and %(most_ships)s, "
                    "not %(trains)d and %(ships)d",
                    name=name,
                    most_trains=counted.trains(edition.max_trains),
                    most_ships=counted.ships(edition.max_ships),
                    trains=trains,
                    ships=ships,
                )
            )
        splits[name] = (trains, ships)
    return splits


def goods_colors(board: Board, chosen: Mapping[str, str]) -> dict[str, str]:
    """Each city's goods colour: the board's known ones, then the table's (the table has
    the printed board: its word wins), checked against the number of cities of each."""
    edition = board.edition
    if chosen and not edition.goods:
        raise SetupError(_("there are no goods in %(edition)s", edition=edition.name))
    colors = dict(board.goods)
    for text, color in chosen.items():
        try:
            city = board.city(text)
        except IllegalAction as error:
            raise SetupError(error.message) from None
        if board.is_country(city):
            raise SetupError(_("%(city)s is a country: it has no goods", city=city))
        if color not in edition.goods:
            raise SetupError(
                _(
                    "'%(text)s' is not a goods colour (the colours are %(colors)s)",
                    text=color,
                    colors=listing(color_words(c) for c in edition.goods),
                )
            )
        colors[city] = color
    for color, most in edition.goods_cities.items():
        named = sorted(c for c, k in colors.items() if k == color)
        if len(named) > most:
            raise SetupError(
                ngettext(
                    "only %(num)d city has %(color)s goods, not %(count)d (%(cities)s)",
                    "only %(num)d cities have %(color)s goods, not %(count)d (%(cities)s)",
                    most,
                    color=color_words(color),
                    count=len(named),
                    cities=join(named),
                )
            )
    return colors
