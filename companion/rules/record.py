"""The game record: the public JSON format that import, export and the command line share.

A record is untrusted input: ``parse_record`` checks its shape and says where it is wrong
(``actions[3].claim: ...``); the rules then judge what it describes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from types import MappingProxyType
from typing import Any

from companion.rules.actions import Action, action_to_json, parse_action
from companion.rules.board import Board, Ticket
from companion.rules.errors import IllegalAction, RecordError, SetupError
from companion.rules.fields import keys, pair, text
from companion.rules.game import State, replay
from companion.rules.map_file import map_ids
from companion.rules.scoring import ScoreSheet, final_scores, held_targets, held_ticket, held_tour
from companion.rules.setup import Player, Setup, new_game
from companion.rules.variants import BASE_GAME, variant, variant_board
from companion.rules.words import Message, _, listing, ngettext

__all__ = [
    "FORMAT",
    "GameRecord",
    "HeldTicket",
    "action_to_json",
    "parse_action",
    "parse_record",
    "record_to_json",
    "resolve_ticket",
]

FORMAT = "ttr-companion/1"
MAX_ACTIONS = 5000
MAX_TICKETS = 60


@dataclass(frozen=True)
class HeldTicket:
    """A ticket as the record names it: two cities, and the value when not from the deck;
    or a tour's cities in order, with its three values when not from the deck."""

    cities: tuple[str, ...]
    points: int | None = None
    tour: bool = False
    unordered: int | None = None
    penalty: int | None = None
    # A ticket with several targets (Switzerland), from the deck: its start, then them.
    targets: bool = False


@dataclass(frozen=True)
class Logged:
    """An action as the game's log kept it: when it was recorded (ISO 8601, UTC, to the
    microsecond) and, for an action taken back, when."""

    action: Action
    at: str
    undone: str | None = None


@dataclass(frozen=True)
class GameRecord:
    """A whole game: the map, the players in seat order, the action log, the tickets."""

    map: str
    players: tuple[Player, ...]
    actions: tuple[Action, ...] = ()
    tickets: Mapping[str, tuple[HeldTicket, ...]] = field(
        default_factory=lambda: MappingProxyType({})
    )
    goods: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    house_rules: tuple[str, ...] = ()
    pieces: Mapping[str, tuple[int, int]] = field(default_factory=lambda: MappingProxyType({}))
    dice: bool = False
    played: str | None = None  # when it was played: ISO 8601, UTC ("2026-11-27T19:05:00+00:00")
    variant: str = BASE_GAME  # the decks and bonuses in play (``variants``)
    # The whole log as played (actions taken back too, each with its times), where the
    # record keeps it; ``actions`` are then its actions not taken back.
    log: tuple[Logged, ...] = ()
    language: str | None = None  # the table's language ("ru"), where known
    origin: str | None = None  # the game it was first played as (its watching address)

    def board(self) -> Board:
        """The board the game is played on, with its variant's tickets and bonuses."""
        return variant_board(self.map, self.variant)

    def setup(self) -> Setup:
        """The checked setup: the board and the players."""
        try:
            return new_game(
                self.board(), self.players, self.goods, self.house_rules, self.pieces, self.dice
            )
        except SetupError as error:
            raise RecordError("players", error.args[0]) from None

    def replay(self) -> State:
        """The state after the whole action log (``IllegalAction`` names the action)."""
        return replay(self.setup(), self.actions)

    def hands(self, setup: Setup) -> dict[str, tuple[Ticket, ...]]:
        """Each player's tickets, resolved against the board's deck."""
        hands: dict[str, tuple[Ticket, ...]] = {}
        for name, entries in self.tickets.items():
            try:
                player = setup.player(name)
            except IllegalAction as error:
                raise RecordError(f"tickets.{name}", error.message) from None
            if player in hands:
                raise RecordError(
                    f"tickets.{name}", _("%(player)s's tickets are listed twice", player=player)
                )
            resolved = []
            for i, entry in enumerate(entries):
                try:
                    resolved.append(resolve_ticket(setup.board, entry))
                except IllegalAction as error:
                    raise RecordError(f"tickets.{name}[{i}]", error.message) from None
            hands[player] = tuple(resolved)
        return hands

    def score(self) -> ScoreSheet:
        """The score sheet of the game as recorded."""
        state = self.replay()
        hands = self.hands(state.setup)
        try:
            return final_scores(state, hands)
        except IllegalAction as error:
            raise RecordError("tickets", error.message) from None


def held_of(ticket: Ticket) -> HeldTicket:
    """How a record names a ticket a player holds: a deck ticket by its places (a tour in
    order, a ticket with several targets by its start and its targets), another with the
    values printed on it."""
    if ticket.has_targets:
        return HeldTicket(ticket.cities, targets=True)
    if ticket.is_tour:
        if ticket.from_deck:
            return HeldTicket(ticket.cities, tour=True)
        return HeldTicket(ticket.cities, ticket.points, True, ticket.unordered, ticket.penalty)
    return HeldTicket(ticket.cities, None if ticket.from_deck else ticket.points)


def resolve_ticket(board: Board, entry: HeldTicket) -> Ticket:
    """The ticket a record's entry names, from the board's deck or as printed."""
    if entry.targets:
        return held_targets(board, entry.cities[0], entry.cities[1:])
    if entry.tour:
        points, unordered, penalty = entry.points, entry.unordered, entry.penalty
        if points is not None and unordered is not None and penalty is not None:
            return held_tour(board, entry.cities, (points, unordered, penalty))
        if points is not None or unordered is not None or penalty is not None:
            raise IllegalAction(
                _("a tour given with its values needs all three: points, unordered and penalty")
            )
        return held_tour(board, entry.cities)
    return held_ticket(board, entry.cities, entry.points)


# What a record may hold besides its map and its players.
OPTIONAL_KEYS = {
    "format",
    "dice",
    "pieces",
    "actions",
    "tickets",
    "goods",
    "house_rules",
    "played",
    "variant",
    "log",
    "language",
    "game",
}


def parse_record(data: Any) -> GameRecord:
    """A ``GameRecord`` from parsed JSON, its shape checked."""
    keys("", data, {"map", "players"}, OPTIONAL_KEYS)
    _check_format(data)
    map_id = _map_id(data)
    chosen = _variant_chosen(data, map_id)
    dice = _with_dice(data)
    pieces = _pieces(data.get("pieces", {}))
    house_rules = _house_rules(data)
    goods = _goods(data)
    players = _players(data["players"])
    listed = _actions_listed(data)
    hands = _hands_listed(data)
    actions, log = _actions_as_logged(data, listed)
    return GameRecord(
        map=map_id,
        players=players,
        actions=actions,
        tickets=MappingProxyType({name: _hand(f"tickets.{name}", h) for name, h in hands.items()}),
        goods=MappingProxyType(goods),
        house_rules=house_rules,
        pieces=MappingProxyType(pieces),
        dice=dice,
        played=_played(data["played"]) if "played" in data else None,
        variant=chosen,
        log=log,
        language=_token("language", data, LANGUAGE),
        origin=_token("game", data, ORIGIN),
    )


def _check_format(data: dict[str, Any]) -> None:
    """The record's format, where it names one: this one."""
    if "format" in data and data["format"] != FORMAT:
        raise RecordError(
            "format",
            _("expected '%(format)s', not %(value)s", format=FORMAT, value=repr(data["format"])),
        )


def _map_id(data: dict[str, Any]) -> str:
    """The map played on: one the companion knows."""
    map_id = data["map"]
    if not isinstance(map_id, str) or map_id not in map_ids():
        raise RecordError(
            "map", _("no map %(map)s (known: %(maps)s)", map=repr(map_id), maps=listing(map_ids()))
        )
    return map_id


def _variant_chosen(data: dict[str, Any], map_id: str) -> str:
    """The variant played (the map's own decks unless it names one): one of the map's."""
    chosen: str = data.get("variant", BASE_GAME)
    try:
        variant(map_id, chosen if isinstance(chosen, str) else repr(chosen))
    except IllegalAction as refusal:
        raise RecordError("variant", refusal.message) from None
    return chosen


def _with_dice(data: dict[str, Any]) -> bool:
    """Whether the game is played with the Dice Expansion."""
    dice = data.get("dice", False)
    if not isinstance(dice, bool):
        raise RecordError("dice", _("should be true (a Dice Expansion game) or false"))
    return dice


def _house_rules(data: dict[str, Any]) -> tuple[str, ...]:
    """The house rules played with, by name."""
    house_rules = data.get("house_rules", [])
    if not isinstance(house_rules, list) or not all(isinstance(r, str) for r in house_rules):
        raise RecordError("house_rules", _("should be a list of house rules by name"))
    return tuple(house_rules)


def _goods(data: dict[str, Any]) -> dict[str, str]:
    """The goods colour of each city (Märklin), as the table set them."""
    goods = data.get("goods", {})
    if not isinstance(goods, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in goods.items()
    ):
        raise RecordError("goods", _("should map cities to goods colours"))
    return dict(goods)


def _actions_listed(data: dict[str, Any]) -> list[Any]:
    """The record's actions as it lists them, not yet read: at most ``MAX_ACTIONS``."""
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("actions", _("should be a list of actions"))
    if len(actions) > MAX_ACTIONS:
        raise RecordError(
            "actions", ngettext("at most %(num)d action", "at most %(num)d actions", MAX_ACTIONS)
        )
    return actions


def _hands_listed(data: dict[str, Any]) -> dict[Any, Any]:
    """Each player's tickets as the record lists them, not yet read."""
    tickets = data.get("tickets", {})
    if not isinstance(tickets, dict):
        raise RecordError("tickets", _("should map each player's name to a list of tickets"))
    return tickets


def _actions_as_logged(
    data: dict[str, Any], listed: list[Any]
) -> tuple[tuple[Action, ...], tuple[Logged, ...]]:
    """The actions, and the log where the record keeps one: the log's actions not taken
    back are the record's actions (and stand for them where it lists none)."""
    actions = tuple(parse_action(f"actions[{i}]", a) for i, a in enumerate(listed))
    log = _log(data["log"]) if "log" in data else ()
    live = tuple(entry.action for entry in log if entry.undone is None)
    if log and "actions" not in data:
        actions = live
    if log and actions != live:
        raise RecordError(
            "log", _("its actions not taken back should be the record's actions, in order")
        )
    return actions, log


# A language by its code ("ru"), a game by its watching address (as the app makes them).
LANGUAGE, ORIGIN = re.compile(r"[a-z]{2,3}"), re.compile(r"[A-Za-z0-9_-]{8,64}")


def _token(key: str, data: dict[str, Any], shape: re.Pattern[str]) -> str | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or not shape.fullmatch(value):
        raise RecordError(key, _("not a value this field takes: %(value)s", value=repr(value)))
    return value


def _log(data: Any) -> tuple[Logged, ...]:
    """The log as played: each entry an action, when it was recorded and, if it was taken
    back, when."""
    if not isinstance(data, list):
        raise RecordError("log", _("should be a list of actions with their times"))
    if len(data) > 2 * MAX_ACTIONS:
        raise RecordError(
            "log", ngettext("at most %(num)d action", "at most %(num)d actions", 2 * MAX_ACTIONS)
        )
    entries = []
    for i, entry in enumerate(data):
        where = f"log[{i}]"
        keys(where, entry, {"action", "at"}, {"undone"})
        undone = entry.get("undone")
        entries.append(
            Logged(
                parse_action(f"{where}.action", entry["action"]),
                _moment(f"{where}.at", entry["at"]),
                None if undone is None else _moment(f"{where}.undone", undone),
            )
        )
    return tuple(entries)


def _moment(where: str, value: Any) -> str:
    """A moment as the log keeps it: ISO 8601 in UTC, to the microsecond."""
    example = "2026-11-27T19:05:00+00:00"
    refusal = _("should be a moment, like %(example)s, not %(value)s", example=example,
                value=repr(value))  # fmt: skip
    return _in_utc(where, value, refusal).isoformat(timespec="microseconds")


# The first Ticket to Ride came out in 2004: a game dated before it, or far ahead, is a slip.
FIRST_YEAR, LAST_YEAR = 2004, 2100


def _played(value: Any) -> str:
    """When the game was played, from ``"2026-11-27"`` or a moment with or without its
    offset (UTC when none): the moment in UTC, to the second."""
    refusal = _(
        "should be the date it was played, like %(example)s, not %(value)s",
        example="2026-11-27",
        value=repr(value),
    )
    return _in_utc("played", value, refusal).isoformat(timespec="seconds")


def _in_utc(where: str, value: Any, refusal: Message) -> datetime:
    """A date or a moment in ISO 8601 (UTC when it gives no offset), in UTC; ``refusal``
    for anything else, or a year no game of Ticket to Ride was played in."""
    try:
        moment = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        moment = None
    if moment is None or not FIRST_YEAR <= moment.year <= LAST_YEAR:
        raise RecordError(where, refusal)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def _pieces(data: Any) -> dict[str, tuple[int, int]]:
    if not isinstance(data, dict):
        raise RecordError("pieces", _("should map each player's name to their trains and ships"))
    pieces = {}
    for name, split in data.items():
        where = f"pieces.{name}"
        keys(where, split, {"trains", "ships"}, set())
        counts = []
        for kind in ("trains", "ships"):
            n = split[kind]
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 99:
                raise RecordError(f"{where}.{kind}", _not_whole(n))
            counts.append(n)
        pieces[name] = (counts[0], counts[1])
    return pieces


def record_to_json(record: GameRecord) -> dict[str, Any]:
    """The record as the public JSON format (what ``parse_record`` reads back)."""
    extras: dict[str, Any] = {}
    if record.goods:
        extras["goods"] = dict(record.goods)
    if record.house_rules:
        extras["house_rules"] = list(record.house_rules)
    if record.pieces:
        extras["pieces"] = {
            name: {"trains": t, "ships": s} for name, (t, s) in record.pieces.items()
        }
    return {
        "format": FORMAT,
        "map": record.map,
        "dice": record.dice,
        **extras,
        "players": [
            {"name": p.name, **({"color": p.color} if p.color else {})} for p in record.players
        ],
        "actions": [action_to_json(a) for a in record.actions],
        "tickets": {
            name: [ticket_to_json(t) for t in hand] for name, hand in record.tickets.items()
        },
        **({"played": record.played} if record.played else {}),
        **({"variant": record.variant} if record.variant != BASE_GAME else {}),
        **({"language": record.language} if record.language else {}),
        **({"game": record.origin} if record.origin else {}),
        **({"log": [_logged_to_json(entry) for entry in record.log]} if record.log else {}),
    }


def _logged_to_json(entry: Logged) -> dict[str, Any]:
    undone = {"undone": entry.undone} if entry.undone is not None else {}
    return {"action": action_to_json(entry.action), "at": entry.at, **undone}


def ticket_to_json(ticket: HeldTicket) -> Any:
    """One ticket in the record's form: two cities, or cities and the printed value."""
    if ticket.targets:
        return {"from": ticket.cities[0], "to": list(ticket.cities[1:])}
    if ticket.tour:
        values = {
            "points": ticket.points,
            "unordered": ticket.unordered,
            "penalty": ticket.penalty,
        }
        return {"tour": list(ticket.cities), **{k: v for k, v in values.items() if v is not None}}
    if ticket.points is None:
        return list(ticket.cities)
    return {"cities": list(ticket.cities), "points": ticket.points}


def _players(data: Any) -> tuple[Player, ...]:
    if not isinstance(data, list) or not data:
        raise RecordError("players", _("should be a list of players in seat order"))
    if len(data) > 10:
        raise RecordError("players", _("at most 5 players sit at a table"))
    players = []
    for i, entry in enumerate(data):
        where = f"players[{i}]"
        if isinstance(entry, str):
            entry = {"name": entry}
        keys(where, entry, {"name"}, {"color"})
        color = entry.get("color")
        players.append(
            Player(
                text(f"{where}.name", entry["name"]),
                None if color is None else text(f"{where}.color", color),
            )
        )
    return tuple(players)


def _hand(where: str, data: Any) -> tuple[HeldTicket, ...]:
    if not isinstance(data, list):
        raise RecordError(where, _("should be a list of tickets"))
    if len(data) > MAX_TICKETS:
        raise RecordError(
            where, ngettext("at most %(num)d ticket", "at most %(num)d tickets", MAX_TICKETS)
        )
    return tuple(parse_ticket(f"{where}[{i}]", entry) for i, entry in enumerate(data))


def parse_ticket(where: str, entry: Any) -> HeldTicket:
    """One ticket from its record form: ``["A", "B"]``, ``{"cities": […], "points": n}``,
    a tour, or ``{"from": A, "to": [B, C, …]}`` (a ticket with several targets)."""
    if isinstance(entry, list):
        return HeldTicket(pair(where, entry))
    if isinstance(entry, dict) and "from" in entry:
        keys(where, entry, {"from", "to"}, set())
        targets = entry["to"]
        if not isinstance(targets, list) or not 2 <= len(targets) <= 6:
            raise RecordError(f"{where}.to", _("should list the ticket's targets as printed"))
        origin = text(f"{where}.from", entry["from"])
        return HeldTicket((origin, *(text(f"{where}.to", t) for t in targets)), targets=True)
    if isinstance(entry, dict) and "tour" in entry:
        keys(where, entry, {"tour"}, {"points", "unordered", "penalty"})
        stops = entry["tour"]
        if not isinstance(stops, list) or not 3 <= len(stops) <= 8:
            raise RecordError(f"{where}.tour", _("should list the tour's cities in order"))
        values = []
        for key in ("points", "unordered", "penalty"):
            n = entry.get(key)
            if n is not None and (isinstance(n, bool) or not isinstance(n, int)):
                raise RecordError(f"{where}.{key}", _not_whole(n))
            values.append(n)
        return HeldTicket(
            tuple(text(f"{where}.tour", c) for c in stops), values[0], True, values[1], values[2]
        )
    keys(where, entry, {"cities"}, {"points"})
    points = entry.get("points")
    if points is not None and (isinstance(points, bool) or not isinstance(points, int)):
        raise RecordError(f"{where}.points", _not_whole(points))
    return HeldTicket(pair(f"{where}.cities", entry["cities"]), points)


def _not_whole(value: Any) -> Message:
    return _("should be a whole number, not %(value)s", value=repr(value))
