"""The game record: the public JSON format that import, export and the command line share.

A record is untrusted input: ``parse_record`` checks its shape and says where it is wrong
(``actions[3].claim: ...``); the rules then judge what it describes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from companion.rules.actions import (
    Action,
    BuildPort,
    BuildStation,
    Claim,
    Exchange,
    MovePassenger,
    Pass,
)
from companion.rules.board import Board, Ticket, load_board, map_ids
from companion.rules.dice import DiceTurn, Tokens
from companion.rules.errors import IllegalAction, RecordError, SetupError
from companion.rules.game import State, replay
from companion.rules.scoring import ScoreSheet, final_scores, held_ticket, held_tour
from companion.rules.setup import Player, Setup, new_game

FORMAT = "ttr-companion/1"
MAX_ACTIONS = 5000
MAX_TICKETS = 60
ACTION_VERBS = ("claim", "pass", "move_passenger", "build_port", "exchange", "build_station")


@dataclass(frozen=True)
class HeldTicket:
    """A ticket as the record names it: two cities, and the value when not from the deck;
    or a tour's cities in order, with its three values when not from the deck."""

    cities: tuple[str, ...]
    points: int | None = None
    tour: bool = False
    unordered: int | None = None
    penalty: int | None = None


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

    def board(self) -> Board:
        """The board the game is played on."""
        return load_board(self.map)

    def setup(self) -> Setup:
        """The checked setup: the board and the players."""
        try:
            return new_game(
                self.board(), self.players, self.goods, self.house_rules, self.pieces, self.dice
            )
        except SetupError as error:
            raise RecordError("players", str(error)) from None

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
                raise RecordError(f"tickets.{name}", str(error)) from None
            if player in hands:
                raise RecordError(f"tickets.{name}", f"{player}'s tickets are listed twice")
            resolved = []
            for i, entry in enumerate(entries):
                try:
                    resolved.append(resolve_ticket(setup.board, entry))
                except IllegalAction as error:
                    raise RecordError(f"tickets.{name}[{i}]", str(error)) from None
            hands[player] = tuple(resolved)
        return hands

    def score(self) -> ScoreSheet:
        """The score sheet of the game as recorded."""
        state = self.replay()
        hands = self.hands(state.setup)
        try:
            return final_scores(state, hands)
        except IllegalAction as error:
            raise RecordError("tickets", str(error)) from None


def resolve_ticket(board: Board, entry: HeldTicket) -> Ticket:
    """The ticket a record's entry names, from the board's deck or as printed."""
    if entry.tour:
        values = None
        if entry.points is not None and entry.unordered is not None and entry.penalty is not None:
            values = (entry.points, entry.unordered, entry.penalty)
        return held_tour(board, entry.cities, values)
    return held_ticket(board, entry.cities, entry.points)


def parse_record(data: Any) -> GameRecord:
    """A ``GameRecord`` from parsed JSON, its shape checked."""
    _keys(
        "",
        data,
        {"map", "players"},
        {"format", "dice", "pieces", "actions", "tickets", "goods", "house_rules"},
    )
    if "format" in data and data["format"] != FORMAT:
        raise RecordError("format", f"expected '{FORMAT}', not {data['format']!r}")
    map_id = data["map"]
    if not isinstance(map_id, str) or map_id not in map_ids():
        raise RecordError("map", f"no map {map_id!r} (known: {', '.join(map_ids())})")
    dice = data.get("dice", False)
    if not isinstance(dice, bool):
        raise RecordError("dice", "should be true (a Dice Expansion game) or false")
    pieces = _pieces(data.get("pieces", {}))
    house_rules = data.get("house_rules", [])
    if not isinstance(house_rules, list) or not all(isinstance(r, str) for r in house_rules):
        raise RecordError("house_rules", "should be a list of house rules by name")
    goods = data.get("goods", {})
    if not isinstance(goods, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in goods.items()
    ):
        raise RecordError("goods", "should map cities to goods colours")
    players = _players(data["players"])
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("actions", "should be a list of actions")
    if len(actions) > MAX_ACTIONS:
        raise RecordError("actions", f"at most {MAX_ACTIONS} actions")
    tickets = data.get("tickets", {})
    if not isinstance(tickets, dict):
        raise RecordError("tickets", "should map each player's name to a list of tickets")
    return GameRecord(
        map=map_id,
        players=players,
        actions=tuple(parse_action(f"actions[{i}]", a) for i, a in enumerate(actions)),
        tickets=MappingProxyType(
            {name: _hand(f"tickets.{name}", hand) for name, hand in tickets.items()}
        ),
        goods=MappingProxyType(dict(goods)),
        house_rules=tuple(house_rules),
        pieces=MappingProxyType(pieces),
        dice=dice,
    )


def _pieces(data: Any) -> dict[str, tuple[int, int]]:
    if not isinstance(data, dict):
        raise RecordError("pieces", "should map each player's name to their trains and ships")
    pieces = {}
    for name, split in data.items():
        where = f"pieces.{name}"
        _keys(where, split, {"trains", "ships"}, set())
        counts = []
        for kind in ("trains", "ships"):
            n = split[kind]
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 99:
                raise RecordError(f"{where}.{kind}", f"should be a whole number, not {n!r}")
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
    }


def ticket_to_json(ticket: HeldTicket) -> Any:
    """One ticket in the record's form: two cities, or cities and the printed value."""
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


def dice_to_json(turn: DiceTurn) -> dict[str, Any]:
    """A turn's dice in the record's form."""
    tokens = {
        key: {k: v for k, v in (("single", t.single), ("double", t.double)) if v}
        for key, t in (("use", turn.use), ("take", turn.take), ("return", turn.give_back))
        if t.total
    }
    out: dict[str, Any] = {"faces": list(turn.faces)}
    if tokens:
        out["tokens"] = tokens
    if turn.tunnel:
        out["tunnel"] = turn.tunnel
    return out


def action_to_json(action: Action) -> dict[str, Any]:
    """One action in the record's form."""
    out = _action_to_json(action)
    turn = getattr(action, "dice", None)
    if turn is not None:
        out["dice"] = dice_to_json(turn)
    if isinstance(action, Pass) and action.draw_tickets:
        out["draw_tickets"] = action.draw_tickets
    return out


def _action_to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, Pass):
        return {"player": action.player, "pass": True}
    if isinstance(action, MovePassenger):
        return {"player": action.player, "move_passenger": list(action.cities)}
    if isinstance(action, BuildPort):
        return {"player": action.player, "build_port": action.city}
    if isinstance(action, BuildStation):
        return {"player": action.player, "build_station": action.city}
    if isinstance(action, Exchange):
        kind = "ships" if action.ships > 0 else "trains"
        return {"player": action.player, "exchange": {kind: abs(action.ships)}}
    out: dict[str, Any] = {"player": action.player, "claim": list(action.cities)}
    for key in ("color", "track", "kind", "passenger"):
        value = getattr(action, key)
        if value is not None:
            out[key] = value
    return out


def _keys(where: str, data: Any, required: set[str], optional: set[str]) -> None:
    if not isinstance(data, dict):
        raise RecordError(where, "should be a JSON object")
    missing = sorted(required - data.keys())
    if missing:
        raise RecordError(where, f"missing {', '.join(repr(m) for m in missing)}")
    unknown = sorted(data.keys() - required - optional)
    if unknown:
        raise RecordError(where, f"unknown key {', '.join(repr(u) for u in unknown)}")


def _text(where: str, value: Any) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > 100:
        raise RecordError(where, f"should be a name (1 to 100 characters), not {value!r}")
    return value


def _players(data: Any) -> tuple[Player, ...]:
    if not isinstance(data, list) or not data:
        raise RecordError("players", "should be a list of players in seat order")
    if len(data) > 10:
        raise RecordError("players", "at most 5 players sit at a table")
    players = []
    for i, entry in enumerate(data):
        where = f"players[{i}]"
        if isinstance(entry, str):
            entry = {"name": entry}
        _keys(where, entry, {"name"}, {"color"})
        color = entry.get("color")
        players.append(
            Player(
                _text(f"{where}.name", entry["name"]),
                None if color is None else _text(f"{where}.color", color),
            )
        )
    return tuple(players)


def _pair(where: str, value: Any) -> tuple[str, str]:
    if not isinstance(value, list) or len(value) != 2:
        raise RecordError(where, 'should name two cities, like ["Denver", "El Paso"]')
    return _text(where, value[0]), _text(where, value[1])


def parse_dice(where: str, data: Any) -> DiceTurn:
    """A turn's dice: ``{"faces": [5 faces], "tokens": {"use": …, "take": …, "return": …},
    "tunnel": n}``."""
    _keys(where, data, {"faces"}, {"tokens", "tunnel"})
    faces = data["faces"]
    if not isinstance(faces, list) or not all(isinstance(f, str) for f in faces):
        raise RecordError(f"{where}.faces", "should list the five train dice's faces")
    tokens = data.get("tokens", {})
    _keys(f"{where}.tokens", tokens, set(), {"use", "take", "return"})
    counts = {}
    for key in ("use", "take", "return"):
        part = tokens.get(key, {})
        _keys(f"{where}.tokens.{key}", part, set(), {"single", "double"})
        for kind in ("single", "double"):
            n = part.get(kind, 0)
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 9:
                raise RecordError(f"{where}.tokens.{key}.{kind}", f"should be 0 to 9, not {n!r}")
        counts[key] = Tokens(part.get("single", 0), part.get("double", 0))
    tunnel = data.get("tunnel", 0)
    if isinstance(tunnel, bool) or not isinstance(tunnel, int):
        raise RecordError(f"{where}.tunnel", f"should be a whole number, not {tunnel!r}")
    return DiceTurn(tuple(faces), counts["use"], counts["take"], counts["return"], tunnel)


def parse_action(where: str, data: Any) -> Action:
    """One action from its record form; ``where`` places a fault (``actions[3]``)."""
    action = _parse_action(where, data)
    if isinstance(data, dict) and "dice" in data:
        if isinstance(action, BuildPort | Exchange):
            raise RecordError(f"{where}.dice", "Rails & Sails is not played with dice")
        action = replace(action, dice=parse_dice(f"{where}.dice", data["dice"]))
    return action


def _parse_action(where: str, data: Any) -> Action:
    verbs = [v for v in ACTION_VERBS if isinstance(data, dict) and v in data]
    if not isinstance(data, dict) or len(verbs) != 1:
        raise RecordError(
            where,
            "an action has a 'player' and one of 'claim', 'pass', 'move_passenger', "
            "'build_port', 'exchange' or 'build_station'",
        )
    verb = verbs[0]
    if verb == "pass":
        _keys(where, data, {"player", "pass"}, {"dice", "draw_tickets"})
        if data["pass"] is not True:
            raise RecordError(f"{where}.pass", "should be true")
        drawn = data.get("draw_tickets", 0)
        if isinstance(drawn, bool) or not isinstance(drawn, int) or not 0 <= drawn <= 5:
            raise RecordError(f"{where}.draw_tickets", f"should be 0 to 5, not {drawn!r}")
        return Pass(_text(f"{where}.player", data["player"]), draw_tickets=drawn)
    if verb == "build_port":
        _keys(where, data, {"player", "build_port"}, set())
        return BuildPort(
            _text(f"{where}.player", data["player"]),
            _text(f"{where}.build_port", data["build_port"]),
        )
    if verb == "build_station":
        _keys(where, data, {"player", "build_station"}, {"dice"})
        return BuildStation(
            _text(f"{where}.player", data["player"]),
            _text(f"{where}.build_station", data["build_station"]),
        )
    if verb == "exchange":
        _keys(where, data, {"player", "exchange"}, set())
        trade = data["exchange"]
        if (
            not isinstance(trade, dict)
            or len(trade) != 1
            or not trade.keys() <= {"ships", "trains"}
        ):
            raise RecordError(
                f"{where}.exchange", 'should say what is taken: {"ships": 2} or {"trains": 2}'
            )
        ((kind, n),) = trade.items()
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 99:
            raise RecordError(f"{where}.exchange", f"trades 1 to 99 pieces, not {n!r}")
        return Exchange(_text(f"{where}.player", data["player"]), n if kind == "ships" else -n)
    if verb == "move_passenger":
        _keys(where, data, {"player", "move_passenger"}, {"dice"})
        cities = data["move_passenger"]
        if not isinstance(cities, list) or not 2 <= len(cities) <= 200:
            raise RecordError(
                f"{where}.move_passenger", "should list the passenger's city and the cities after"
            )
        return MovePassenger(
            _text(f"{where}.player", data["player"]),
            tuple(_text(f"{where}.move_passenger", c) for c in cities),
        )
    _keys(where, data, {"player", "claim"}, {"color", "track", "kind", "passenger", "dice"})
    track = data.get("track")
    if track is not None and (isinstance(track, bool) or not isinstance(track, int) or track < 1):
        raise RecordError(f"{where}.track", f"should be a track number from 1, not {track!r}")
    color, kind, passenger = data.get("color"), data.get("kind"), data.get("passenger")
    return Claim(
        player=_text(f"{where}.player", data["player"]),
        cities=_pair(f"{where}.claim", data["claim"]),
        color=None if color is None else _text(f"{where}.color", color),
        track=track,
        kind=None if kind is None else _text(f"{where}.kind", kind),
        passenger=None if passenger is None else _text(f"{where}.passenger", passenger),
    )


def _hand(where: str, data: Any) -> tuple[HeldTicket, ...]:
    if not isinstance(data, list):
        raise RecordError(where, "should be a list of tickets")
    if len(data) > MAX_TICKETS:
        raise RecordError(where, f"at most {MAX_TICKETS} tickets")
    return tuple(parse_ticket(f"{where}[{i}]", entry) for i, entry in enumerate(data))


def parse_ticket(where: str, entry: Any) -> HeldTicket:
    """One ticket from its record form: ``["A", "B"]`` or ``{"cities": […], "points": n}``."""
    if isinstance(entry, list):
        return HeldTicket(_pair(where, entry))
    if isinstance(entry, dict) and "tour" in entry:
        _keys(where, entry, {"tour"}, {"points", "unordered", "penalty"})
        stops = entry["tour"]
        if not isinstance(stops, list) or not 3 <= len(stops) <= 8:
            raise RecordError(f"{where}.tour", "should list the tour's cities in order")
        values = []
        for key in ("points", "unordered", "penalty"):
            n = entry.get(key)
            if n is not None and (isinstance(n, bool) or not isinstance(n, int)):
                raise RecordError(f"{where}.{key}", f"should be a whole number, not {n!r}")
            values.append(n)
        return HeldTicket(
            tuple(_text(f"{where}.tour", c) for c in stops), values[0], True, values[1], values[2]
        )
    _keys(where, entry, {"cities"}, {"points"})
    points = entry.get("points")
    if points is not None and (isinstance(points, bool) or not isinstance(points, int)):
        raise RecordError(f"{where}.points", f"should be a whole number, not {points!r}")
    return HeldTicket(_pair(f"{where}.cities", entry["cities"]), points)
