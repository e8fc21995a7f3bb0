"""A finished game's result in words, for the places players keep their plays: a message
for a club's chat (Telegram's share link carries it beside the game's watching address),
and a plain summary to paste into Tesera, the Russian-language board game site, which has
no import. Pure: the sheet and the day in, the text out, in the language spoken."""

from __future__ import annotations

from urllib.parse import urlencode

from companion.render.text_sheet import ordinal
from companion.rules.score_sheet import ScoreSheet
from companion.rules.variants import game_title
from companion.rules.words import _, join

TELEGRAM_SHARE = "https://t.me/share/url?"


def result_message(sheet: ScoreSheet, day: str) -> str:
    """The result as a chat message: the game and day, the winner, each player's place
    and points.

    Ticket to Ride: India, Nov 28, 2026
    Winner: Аня
    1st Аня 97
    2nd Борис 6"""
    label, names = sheet.headline
    lines = [
        str(_("Ticket to Ride: %(map)s, %(day)s", map=game_title(sheet.board), day=day)),
        str(_("%(label)s: %(players)s", label=label, players=names)),
        *(f"{ordinal(p.rank)} {p.name} {p.total}" for p in sheet.ranked),
    ]
    return "\n".join(lines)


def share_link(url: str, text: str) -> str:
    """Telegram's share address: a chat is offered ``text`` as the message, ``url`` as its
    link."""
    return TELEGRAM_SHARE + urlencode({"url": url, "text": text})


def telegram_link(sheet: ScoreSheet, day: str, watching: str) -> str:
    """Telegram's share address: the result as its message, the game's watching address
    (never the one that plays it) as its link."""
    return share_link(watching, result_message(sheet, day))


def tesera_text(sheet: ScoreSheet, day: str) -> str:
    """The play as Tesera logs one, to paste: the date, the game and its map, each player
    with their points in place order, the winners.

    Date: Nov 28, 2026
    Game: Ticket to Ride: India
    Players:
    1. Аня: 97 (winner)
    2. Борис: 6
    Winner: Аня"""
    lines = [
        str(_("Date: %(day)s", day=day)),
        _game_line(sheet),
        str(_("Players:")),
    ]
    for p in sheet.ranked:
        if p.name in sheet.winners:
            line = _("%(rank)d. %(player)s: %(points)d (winner)", rank=p.rank, player=p.name,
                     points=p.total)  # fmt: skip
        else:
            line = _("%(rank)d. %(player)s: %(points)d", rank=p.rank, player=p.name,
                     points=p.total)  # fmt: skip
        lines.append(str(line))
    label, _names = sheet.headline
    lines.append(str(_("%(label)s: %(players)s", label=label, players=join(list(sheet.winners)))))
    return "\n".join(lines)


def _game_line(sheet: ScoreSheet) -> str:
    """The game as Tesera names it, with the map where the game's name does not say it:
    "Game: Ticket to Ride (North America)", "Game: Ticket to Ride: India"."""
    game, played = str(sheet.board.edition.name), str(game_title(sheet.board))
    if played in game:
        return str(_("Game: %(game)s", game=game))
    return str(_("Game: %(game)s (%(map)s)", game=game, map=played))
