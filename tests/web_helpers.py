"""Helpers for the web tests: a Table that plays through the test client, as a phone would."""

from __future__ import annotations

import html
import io
import json
import re
from typing import Any

from flask.testing import FlaskClient

from companion.rules.board import load_board
from companion.rules.record import GameRecord, record_to_json

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
