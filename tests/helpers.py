"""What the tests share besides fixtures: the games in tests/games/, a Table that records a
game step by step as a table would, and the goods colours of the Märklin tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.rules.actions import Action, Claim, MovePassenger, Pass
from companion.rules.board import Board, Ticket
from companion.rules.errors import SetupError
from companion.rules.game import State, apply, start
from companion.rules.map_file import load_board
from companion.rules.record import GameRecord, HeldTicket, held_of
from companion.rules.scoring import ScoreSheet, final_scores, held_ticket
from companion.rules.setup import Player, Setup, new_game

GAMES = Path(__file__).parent / "games"

# Seven routes of 6 spaces on North America: 42 trains, leaving a player 3.
SIX_SPACE_ROUTES = [
    ("Seattle", "Helena"),
    ("Helena", "Duluth"),
    ("Duluth", "Toronto"),
    ("Calgary", "Winnipeg"),
    ("Sault St. Marie", "Winnipeg"),
    ("Los Angeles", "El Paso"),
    ("El Paso", "Houston"),
]


def game_record(name: str) -> dict[str, Any]:
    """A game record from tests/games/."""
    record: dict[str, Any] = json.loads((GAMES / f"{name}.json").read_text(encoding="utf-8"))
    return record


# Goods colours a table might set on the Märklin board (1 black, 6 red, 12 yellow,
# 16 white): test data, not the printed board, which no public source gives.
MARKLIN_GOODS = {
    "Berlin": "black",
    **dict.fromkeys(["Hamburg", "München", "Köln", "Frankfurt", "Leipzig", "Stuttgart"], "red"),
    **dict.fromkeys(
        [
            "Bremen",
            "Dresden",
            "Düsseldorf",
            "Dortmund",
            "Hannover",
            "Nürnberg",
            "Mannheim",
            "Kassel",
            "Erfurt",
            "Kiel",
            "Magdeburg",
            "Karlsruhe",
        ],
        "yellow",
    ),
    **dict.fromkeys(
        [
            "Augsburg",
            "Bremerhaven",
            "Chemnitz",
            "Emden",
            "Freiburg",
            "Koblenz",
            "Konstanz",
            "Lindau",
            "Mainz",
            "Münster",
            "Regensburg",
            "Rostock",
            "Saarbrücken",
            "Schwerin",
            "Ulm",
            "Würzburg",
        ],
        "white",
    ),
}


def table_goods(board: Board) -> dict[str, str] | None:
    """The goods colours a table sets for a random game: Märklin's test data above; on
    another map with goods, its cities coloured A to Z as far as each colour's count goes."""
    edition = board.edition
    if not edition.goods:
        return None
    if board.id == "marklin":
        return MARKLIN_GOODS
    colors = dict(board.goods)
    left = {c: n - list(colors.values()).count(c) for c, n in edition.goods_cities.items()}
    for name, city in sorted(board.cities.items()):
        color = next((c for c, n in left.items() if n > 0), None)
        if color and name not in colors and not (city.is_country or city.is_waypoint):
            colors[name] = color
            left[color] -= 1
    return colors


def plays_with_dice(map_id: str) -> bool:
    """Whether the rules let this map be played with the Dice Expansion."""
    try:
        new_game(load_board(map_id), [Player("Ann"), Player("Bob")], dice=True)
    except SetupError:
        return False
    return True


def held(ticket: Ticket) -> HeldTicket:
    """A ticket as a game record names it: deck tickets by their places."""
    return held_of(ticket)


def record_of(
    setup: Setup, actions: tuple[Action, ...], hands: dict[str, tuple[Ticket, ...]]
) -> GameRecord:
    """The game record of a game played out: its setup, its actions, the tickets held."""
    return GameRecord(
        map=setup.board.id,
        players=setup.players,
        actions=actions,
        tickets={name: tuple(held(t) for t in hand) for name, hand in hands.items()},
        goods=setup.goods,
        pieces=setup.pieces,
        dice=setup.dice,
        variant=setup.board.variant,
    )


class Table:
    """A game recorded one action at a time, as a table would (North America unless told)."""

    def __init__(
        self,
        *names: str,
        map: str = "usa",
        goods: dict[str, str] | None = None,
        house_rules: tuple[str, ...] = (),
        dice: bool = False,
    ) -> None:
        board = load_board(map)
        setup = new_game(board, [Player(n) for n in names], goods, house_rules, dice=dice)
        self.state: State = start(setup)
        self.actions: list[Action] = []  # as played, for a record of the game

    def play(self, action: Action) -> Table:
        self.state = apply(self.state, action)
        self.actions.append(action)
        return self

    def claim(
        self,
        player: str,
        a: str,
        b: str,
        color: str | None = None,
        track: int | None = None,
        passenger: str | None = None,
    ) -> Table:
        return self.play(Claim(player, (a, b), color, track, passenger=passenger))

    def trip(self, player: str, *cities: str) -> Table:
        return self.play(MovePassenger(player, cities))

    def down_to_three_trains(self, player: str) -> Table:
        """The player claims the seven 6-space routes: 42 trains, 3 left."""
        for a, b in SIX_SPACE_ROUTES:
            self.claim(player, a, b)
        return self

    def turn(self, player: str) -> Table:
        return self.play(Pass(player))

    def hands(
        self, **tickets: list[tuple[str, str] | tuple[str, str, int]]
    ) -> dict[str, tuple[Ticket, ...]]:
        """Each player's tickets, named by their cities (and value, off the deck)."""
        board = self.state.board
        return {
            name: tuple(held_ticket(board, t[:2], t[2] if len(t) > 2 else None) for t in held)
            for name, held in tickets.items()
        }

    def score(self, **tickets: list[tuple[str, str] | tuple[str, str, int]]) -> ScoreSheet:
        return final_scores(self.state, self.hands(**tickets))

    def record(self, **tickets: list[tuple[str, str] | tuple[str, str, int]]) -> GameRecord:
        """The game record of the game as played, with these tickets."""
        return record_of(self.state.setup, tuple(self.actions), self.hands(**tickets))


def companion_score(record: dict[str, Any], tmp_path: Path) -> dict[str, Any]:
    """What ``companion score --json`` says of a game record."""
    from click.testing import CliRunner

    from companion.cli import cli

    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(cli, ["score", str(path), "--json"])
    assert result.exit_code == 0, result.output
    said: dict[str, Any] = json.loads(result.output)
    return said


def assert_scored_alike(said: dict[str, Any], worked: dict[str, Any]) -> None:
    """The sheet's JSON agrees with a scorer by hand on every part of each player's
    breakdown (those a map doesn't score are 0), the total, the tickets completed, the
    longest path and the winners."""
    for p in said["players"]:
        mine = worked["players"][p["name"]]
        assert p["breakdown"] == {k: mine.get(k, 0) for k in p["breakdown"]}, p["name"]
        assert p["total"] == mine["total"], p["name"]
        assert p["tickets_completed"] == mine["tickets_completed"], p["name"]
        assert p["longest_path"] == mine["longest_path"], p["name"]
    assert said["winners"] == worked["winners"]
