"""A finished game as a play for BG Stats, the board-game log app: its public link
(``https://app.bgstatsapp.com/createPlay.html?data=…``, the data a URL-encoded JSON text)
opens the app's import dialog with the players, their scores, the winner and the date
filled in, to match with the app's own games and players once.

The game is named as BoardGameGeek names it, with its BoardGameGeek id where the game
has one of its own; the map goes in the play's ``board``. Pure: the sheet in, the link
out."""

from __future__ import annotations

import json
from gettext import NullTranslations
from typing import Any
from urllib.parse import quote

from companion.rules.score_sheet import ScoreSheet
from companion.rules.variants import game_title

LINK = "https://app.bgstatsapp.com/createPlay.html?data="

# Each edition's game in BoardGameGeek's catalogue: its name, and its id where known for
# certain (the app matches by name otherwise). Switzerland, India and Legendary Asia are
# Map Collection boards played with the North America box's pieces: a play of Ticket to
# Ride on that board.
GAMES: dict[str, tuple[str, int | None]] = {
    "base": ("Ticket to Ride", 9209),
    "switzerland": ("Ticket to Ride", 9209),
    "india": ("Ticket to Ride", 9209),
    "legendary-asia": ("Ticket to Ride", 9209),
    "europe": ("Ticket to Ride: Europe", 14996),
    "nordic": ("Ticket to Ride: Nordic Countries", None),
    "marklin": ("Ticket to Ride: Märklin", None),
    "rails-sails-world": ("Ticket to Ride: Rails & Sails", None),
    "rails-sails-great-lakes": ("Ticket to Ride: Rails & Sails", None),
}


def play_data(
    sheet: ScoreSheet, game_id: str, played: str, minutes: int | None = None
) -> dict[str, Any]:
    """The play as BG Stats reads it: ``played`` when it began ("2026-11-26 19:05:00"),
    ``minutes`` how long it lasted, where known."""
    name, bgg = GAMES.get(sheet.board.edition.id, ("Ticket to Ride", None))
    game: dict[str, Any] = {
        "name": name,
        "highestWins": True,
        "noPoints": False,
        "sourceGameId": game_id,
    }
    if bgg is not None:
        game["bggId"] = bgg
    data: dict[str, Any] = {
        "game": game,
        # The board in English, whatever the page's language: one board, one name in the log.
        "board": game_title(sheet.board).say(NullTranslations()),
        "playDate": played,
        "players": [
            {
                "name": p.name,
                "score": p.total,
                "rank": p.rank,
                "winner": p.name in sheet.winners,
                "startPlayer": seat == 0,
                "role": "",
            }
            for seat, p in enumerate(sheet.players)
        ],
    }
    if minutes is not None:
        data["durationMin"] = minutes
    return data


def play_link(sheet: ScoreSheet, game_id: str, played: str, minutes: int | None = None) -> str:
    """The link that opens BG Stats on this play."""
    text = json.dumps(play_data(sheet, game_id, played, minutes), ensure_ascii=False)
    return LINK + quote(text, safe="")
