"""What a game shares of its result: the names of its downloads, when it was played and
for how long, the link that logs it in BG Stats, and its result card."""

from __future__ import annotations

from datetime import date, datetime

from flask import url_for

from companion.render.bgstats import play_link
from companion.render.result_card import result_card
from companion.render.share_text import telegram_link, tesera_text
from companion.rules.scoring import ScoreSheet
from companion.web.language import day
from companion.web.players import colour_blind, player_pieces
from companion.web.qr import public_url
from companion.web.stored_game import StoredGame


def file_name(game: StoredGame, what: str, kind: str) -> str:
    """A download's name, telling one game's from another's: its map and today's date
    ("score-sheet-usa-2026-11-26.pdf")."""
    return f"{what}-{game.record.map}-{date.today().isoformat()}.{kind}"


def played_at(game: StoredGame) -> str:
    """When the game was played (UTC): "2026-11-26 19:05:00"; the day its record gives,
    for a game imported."""
    began = game.record.played or game.created
    return began[:19].replace("T", " ")


def minutes(game: StoredGame) -> int | None:
    """How long the game lasted, from its first action to its last (None: under two)."""
    if len(game.history) < 2:
        return None
    # The first and last recorded (a claim mended in later sits earlier in the log).
    times = [datetime.fromisoformat(a.recorded) for a in game.history]
    return max(1, round((max(times) - min(times)).total_seconds() / 60))


def bg_stats_link(game: StoredGame, sheet: ScoreSheet) -> str | None:
    """The link that logs the finished game in BG Stats (None before the end). It names
    the game by its watching address: a third party never learns the one that plays it."""
    if not sheet.finished:
        return None
    return play_link(sheet, game.watch, played_at(game), minutes(game))


def result_texts(game: StoredGame, sheet: ScoreSheet) -> dict[str, str | None]:
    """Once the game is over, its result as words to share: Telegram's share address (the
    message, and the game's watching address) and the play as Tesera logs one."""
    if not sheet.finished:
        return {"telegram": None, "tesera": None}
    when = day(played_at(game))
    watching = public_url(url_for("watch.show", watch=game.watch))
    return {"telegram": telegram_link(sheet, when, watching), "tesera": tesera_text(sheet, when)}


def card_png(game: StoredGame) -> bytes:
    """The game's result card (made once for each version of the game and language)."""
    from companion.web.language import day, language

    def make() -> bytes:
        state = game.state()
        sheet = game.scored()
        when = day(played_at(game))
        return result_card(sheet, player_pieces(state), state.owners, when)

    found: bytes = game.kept(("card", language(), colour_blind()), make)
    return found
