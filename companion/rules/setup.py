"""Setting up a game: the board, the players in seat order, and what the table chooses
(goods colours, house rules, the split of trains and ships, dice)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from companion.rules.board import Board
from companion.rules.editions import EDITIONS, Edition
from companion.rules.errors import IllegalAction, SetupError
from companion.rules.names import close_matches, join_words, name_key

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
        found = self._keys.get(name_key(text)) if isinstance(text, str) else None
        if found is None:
            hint = close_matches(text, list(self.names)) if isinstance(text, str) else []
            suggestion = f"; did you mean {hint[0]}?" if hint else ""
            raise IllegalAction(
                f"there is no player '{text}' in this game "
                f"(the players are {join_words(list(self.names))}){suggestion}"
            )
        return found


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
            f"{edition.name} is played by {edition.min_players} to {edition.max_players} "
            f"players, not {len(seated)}"
        )
    keys: set[str] = set()
    colors: set[str] = set()
    for player in seated:
        if not name_key(player.name):
            raise SetupError("every player needs a name with a letter or digit in it")
        if len(player.name) > MAX_NAME:
            raise SetupError(f"a player's name has at most {MAX_NAME} characters")
        if name_key(player.name) in keys:
            raise SetupError(f"two players are named '{player.name}': names must differ")
        keys.add(name_key(player.name))
        if player.color is not None:
            if player.color.casefold() in colors:
                raise SetupError(f"two players play {player.color}: colours must differ")
            colors.add(player.color.casefold())
    rules = frozenset(house_rules)
    for rule in sorted(rules - edition.house_rules.keys()):
        elsewhere = [e for e in EDITIONS.values() if rule in e.house_rules]
        if elsewhere:
            raise SetupError(
                f"the house rule '{elsewhere[0].house_rules[rule]}' is for "
                f"{elsewhere[0].name}, not {edition.name}"
            )
        known = ", ".join(edition.house_rules) or "none"
        raise SetupError(f"'{rule}' is not a house rule of {edition.name} (known: {known})")
    if dice and not takes_dice(edition):
        raise SetupError(
            f"the Dice Expansion is made for the maps played with train cards, not {edition.name}"
        )
    setup = Setup(board, seated, goods_colors(board, goods or {}), rules, dice=dice)
    return replace(setup, pieces=piece_splits(setup, pieces or {}))


def takes_dice(edition: Edition) -> bool:
    """Whether the Dice Expansion is played with this edition: on the maps played with
    train cards, not Rails & Sails."""
    return not edition.pieces


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
            raise SetupError(f"{edition.name} has trains only: no split of trains and ships")
        return {}
    splits = {name: edition.suggested_split for name in setup.names}
    for text, (trains, ships) in chosen.items():
        try:
            name = setup.player(text)
        except IllegalAction as error:
            raise SetupError(str(error)) from None
        if trains < 0 or ships < 0 or trains + ships != edition.pieces:
            raise SetupError(
                f"{name} takes {edition.pieces} pieces in all, not {trains} trains and "
                f"{ships} ships"
            )
        if trains > edition.max_trains or ships > edition.max_ships:
            raise SetupError(
                f"{name} may take at most {edition.max_trains} trains and "
                f"{edition.max_ships} ships, not {trains} and {ships}"
            )
        splits[name] = (trains, ships)
    return splits


def goods_colors(board: Board, chosen: Mapping[str, str]) -> dict[str, str]:
    """Each city's goods colour: the board's known ones, then the table's (the table has
    the printed board: its word wins), checked against the number of cities of each."""
    edition = board.edition
    if chosen and not edition.goods:
        raise SetupError(f"there are no goods in {edition.name}")
    colors = dict(board.goods)
    for text, color in chosen.items():
        try:
            city = board.city(text)
        except IllegalAction as error:
            raise SetupError(str(error)) from None
        if board.is_country(city):
            raise SetupError(f"{city} is a country: it has no goods")
        if color not in edition.goods:
            raise SetupError(
                f"'{color}' is not a goods colour (the colours are {', '.join(edition.goods)})"
            )
        colors[city] = color
    for color, most in edition.goods_cities.items():
        named = sorted(c for c, k in colors.items() if k == color)
        if len(named) > most:
            raise SetupError(
                f"only {'1 city has' if most == 1 else f'{most} cities have'} "
                f"{color} goods, not {len(named)} ({join_words(named)})"
            )
    return colors
