"""Telegram's Mini App: who opened the app from a club's chat, as Telegram signs it.

Telegram hands the app ``initData``, a query string signed with the bot's token: the
fields but ``hash``, sorted by name, each ``name=value`` on a line of its own, signed with
HMAC-SHA-256 under the key HMAC-SHA-256("WebAppData", token); ``hash`` is that signature
in hexadecimal (Telegram's "Validating data received via the Mini App"). A signature
that does not match, or one older than a day, is refused. Pure: no Flask.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from dataclasses import dataclass
from urllib.parse import parse_qsl

MAX_AGE = 24 * 60 * 60  # seconds a signed initData is taken for
SCRIPT = "https://telegram.org/js/telegram-web-app.js"  # Telegram's own, for a Mini App
# What a start parameter may hold (Telegram allows these, up to 64 of them).
START = re.compile(r"[A-Za-z0-9_-]{1,64}")


class InitDataRefused(Exception):
    """initData that does not say, signed by Telegram and lately, who opened the app."""


@dataclass(frozen=True)
class TelegramUser:
    """The Telegram user who opened the app, as Telegram signed it."""

    id: int
    first_name: str
    last_name: str = ""
    username: str = ""
    language: str = ""  # the user's Telegram language ("ru"), where Telegram says it

    @property
    def name(self) -> str:
        """Their name as Telegram shows it: "Аня Петрова"."""
        return " ".join(part for part in (self.first_name, self.last_name) if part)


@dataclass(frozen=True)
class Opened:
    """What the signed initData says: who opened the app (if Telegram says), and the
    start parameter of the link they followed ("" without one)."""

    user: TelegramUser | None
    start: str


def signature(fields: dict[str, str], token: str) -> str:
    """The hexadecimal signature Telegram gives these fields under the bot's token."""
    checked = "\n".join(f"{name}={fields[name]}" for name in sorted(fields))
    key = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    return hmac.new(key, checked.encode(), hashlib.sha256).hexdigest()


def check_init_data(init_data: str, token: str, now: float, max_age: int = MAX_AGE) -> Opened:
    """Who opened the app and from which link, once the signature is Telegram's and no
    older than ``max_age`` seconds at ``now``; else ``InitDataRefused`` with the reason."""
    if not token:
        raise InitDataRefused("no bot token is set")
    try:
        fields = dict(parse_qsl(init_data, keep_blank_values=True, strict_parsing=True))
    except ValueError:
        raise InitDataRefused("initData is not a query string") from None
    given = fields.pop("hash", "")
    if not given:
        raise InitDataRefused("initData carries no hash")
    if not hmac.compare_digest(given.lower(), signature(fields, token)):
        raise InitDataRefused("initData is not signed with this bot's token")
    try:
        signed_at = int(fields.get("auth_date", ""))
    except ValueError:
        raise InitDataRefused("initData carries no auth_date") from None
    if not 0 <= now - signed_at <= max_age:
        raise InitDataRefused("initData is too old")
    start = fields.get("start_param", "")
    if start and not START.fullmatch(start):
        raise InitDataRefused("the start parameter is not one Telegram sends")
    return Opened(_user(fields.get("user")), start)


def _user(text: str | None) -> TelegramUser | None:
    """The ``user`` field, a JSON object: its id and names (None where absent)."""
    if not text:
        return None
    try:
        data = json.loads(text)
        return TelegramUser(
            int(data["id"]),
            str(data.get("first_name", "")),
            str(data.get("last_name", "")),
            str(data.get("username", "")),
            str(data.get("language_code", "")),
        )
    except (ValueError, KeyError, TypeError):
        raise InitDataRefused("the user in initData is not one Telegram sends") from None
