"""Helpers for the web tests: a Table that plays through the test client, as a phone would."""

from __future__ import annotations

import html
import io
import json
import queue
import random
import re
import threading
from dataclasses import replace
from html.parser import HTMLParser
from typing import Any

from flask.testing import FlaskClient

from companion.rules.map_file import load_board
from companion.rules.record import GameRecord, HeldTicket, record_to_json
from companion.web import game_store
from tests.patience import HANG
from tests.playout import random_game

USA = load_board("usa")


def route_id(a: str, b: str, color: str | None = None, track: int | None = None) -> int:
    """The board's id for a route, named as a player would."""
    found = [
        r
        for r in USA.routes
        if set(r.cities) == {a, b}
        and (color is None or r.color == color)
        and (track is None or r.track == track)
    ]
    assert len(found) == 1, found
    return found[0].id


def seats(*names: str) -> dict[str, str]:
    colors = ["red", "blue", "green", "yellow", "black"]
    data = {"map": "usa"}
    for i in range(5):
        data[f"seats-{i}-name"] = names[i] if i < len(names) else ""
        data[f"seats-{i}-color"] = colors[i]
    return data


def page(client: FlaskClient, url: str) -> str:
    """A page's text, entities decoded and white space folded; it must answer 200."""
    response = client.get(url)
    assert response.status_code == 200
    return " ".join(html.unescape(response.get_data(as_text=True)).split())


def new_game_form(map_id: str, *names: str, **more: str) -> dict[str, str]:
    """The new-game form as a table fills it in: the map, the players in seat order (the
    other seats empty), each seat's colour."""
    data = {"map": map_id, **more}
    for i, color in enumerate(["red", "blue", "green", "yellow", "black"]):
        data |= {f"seats-{i}-name": names[i] if i < len(names) else "", f"seats-{i}-color": color}
    return data


def problem(page: str) -> str:
    """The refusal shown on a page."""
    found = re.search(r'class="problem"[^>]*>(.*?)</p>', page, re.S)
    return found.group(1).strip() if found else ""


class WebTable:
    """A game played through the web app's forms."""

    def __init__(self, client: FlaskClient, *names: str) -> None:
        self.client = client
        response = client.post("/games", data=seats(*names))
        assert response.status_code == 303, response.get_data(as_text=True)
        self.url = response.headers["Location"].split("?")[0]
        self.id = self.url.rsplit("/", 1)[-1]

    def claim(self, player: str, a: str, b: str, **which: Any) -> Any:
        return self.client.post(
            f"{self.url}/claim", data={"player": player, "route": route_id(a, b, **which)}
        )

    def turn(self, player: str) -> Any:
        return self.client.post(f"{self.url}/turn", data={"player": player})

    def undo(self) -> Any:
        """The bar's Undo, as the page shows it: it names the last action."""
        seq = re.search(r'name="action" value="(\d+)"', self.page())
        assert seq, "no Undo on the bar"
        return self.client.post(f"{self.url}/undo", data={"action": seq[1]})

    def page(self, path: str = "") -> str:
        response = self.client.get(self.url + path)
        assert response.status_code == 200
        return response.get_data(as_text=True)


def import_record(client: FlaskClient, record: GameRecord) -> str:
    """Imports a game record through the home page, as a phone would; the game's address."""
    upload = json.dumps(record_to_json(record)).encode()
    response = client.post(
        "/import",
        data={"record": (io.BytesIO(upload), "game.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"]


class _Forms(HTMLParser):
    """The forms of a page: each one's action and the values it would send as it stands
    (hidden fields, checked boxes, selected options; a button's value when it is named)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[str, dict[str, str]]] = []
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.forms.append((a.get("action", ""), {}))
        elif not self.forms or "name" not in a:
            if tag == "option" and self._select and "selected" in a:
                self.forms[-1][1][self._select] = a.get("value", "")
            return
        elif tag == "input" and a.get("type") not in ("checkbox", "radio", "submit"):
            self.forms[-1][1].setdefault(a["name"], a.get("value", ""))
        elif tag == "input" and "checked" in a:
            self.forms[-1][1][a["name"]] = a.get("value", "on")
        elif tag == "select":
            self._select = a["name"]
        if tag == "option" and self._select and "selected" in a:
            self.forms[-1][1][self._select] = a.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None


def form_on(page: str, action_ends: str) -> dict[str, str]:
    """The values the page's first form whose action ends with ``action_ends`` would send."""
    parser = _Forms()
    parser.feed(page)
    for action, values in parser.forms:
        if html.unescape(action).split("?")[0].endswith(action_ends):
            return dict(values)
    raise AssertionError(f"no form for {action_ends} on the page")


def forms_of(page: str) -> list[tuple[str, dict[str, str]]]:
    """Every form of the page: its action and what it would send."""
    parser = _Forms()
    parser.feed(page)
    return parser.forms


def play_to_end(game_id: str, seed: int, tickets: bool = True) -> None:
    """Plays a random legal game to its end at a stored game's table, and enters each
    player's tickets, as its phones would (within an app context)."""
    game = game_store.load_game(game_id)
    names = [p.name for p in game.record.players]
    board = load_board(game.record.map)
    setup, actions, hands = random_game(board, len(names), random.Random(seed))
    seated = dict(zip(setup.names, names, strict=True))
    for action in actions:
        game = game_store.record_action(game, replace(action, player=seated[action.player]))
    for player, held in hands.items() if tickets else ():  # entered at the end
        for ticket in held:
            game_store.add_ticket(game_id, seated[player], HeldTicket(ticket.cities))


# Per phone and per answer: its tokens and the time it was served.
OWN = re.compile(
    r'(name="(?:csrf_token|token)"(?: type="hidden")? value=")[^"]*|(data-(?:now|made)=")[^"]*'
)


def without_own(page: str) -> str:
    """A page without what is each phone's own (its tokens, the time it was served)."""
    return OWN.sub(lambda m: m[1] or m[2], page)


def pushed_main(piece: bytes) -> tuple[int, str]:
    """A ``page`` event's version and the ``main`` it carries."""
    head, _, rest = piece.decode().partition("\nevent: page\n")
    lines = [line.removeprefix("data: ") for line in rest.rstrip("\n").split("\n")]
    return int(head.removeprefix("id: ")), "\n".join(lines)


def main_of(page: str) -> str:
    """A page's ``main``."""
    return page[page.index("<main") : page.rindex("</main>") + len("</main>")]


class Following:
    """A phone's stream read on a thread of its own, as a server reads each stream in a
    context of its own: its pieces as they come (a heartbeat's comment left out). The
    app's streams say a heartbeat every ``HEARTBEAT`` seconds, so that a stream closed
    ends at once (its place given back)."""

    HEARTBEAT = 0.05

    def __init__(self, phone: FlaskClient, url: str, headers: dict[str, str] | None = None) -> None:
        phone.application.config["STREAM_HEARTBEAT"] = self.HEARTBEAT
        self.pieces: queue.Queue[bytes] = queue.Queue()
        self.done = threading.Event()
        self.reading = threading.Thread(target=self._read, args=(phone, url, headers), daemon=True)
        self.reading.start()
        self.next()  # the stream's retry

    def _read(self, phone: FlaskClient, url: str, headers: dict[str, str] | None) -> None:
        response = phone.get(url, headers=headers, buffered=False)
        try:
            for piece in response.response:
                assert isinstance(piece, bytes)
                if not piece.startswith(b":"):
                    self.pieces.put(piece)
                if self.done.is_set():
                    break
        finally:
            response.close()

    def next(self) -> bytes:
        """The stream's next piece (waiting for it as long as only a hang would take)."""
        return self.pieces.get(timeout=HANG)

    def close(self) -> None:
        """Hangs up, at the stream's next piece (its next heartbeat at the latest)."""
        self.done.set()
        self.reading.join(HANG)  # only a hang waits this long
