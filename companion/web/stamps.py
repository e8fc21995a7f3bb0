"""A form's stamp: what its page was made on, so that a tap counts once and a turn is
never made on a page out of date.

Every form that writes carries the page's one-time token (one per page shown, for all its
forms) and the action log as the page showed it (``StoredGame.seen``), besides Flask-WTF's
protection against other sites. Inside the write's transaction the store asks ``check``:
the same form sent again (a double tap, a reload, the back button) is ``Repeated`` and
records nothing more; a turn sent from a page that had not seen the log as it stands is
``Stale``. ``spend`` notes the form as sent, with what it recorded.

A tap made while the phone was offline waits on its page and is sent when the connection
is back (static/companion.js), with a ``tap`` of its own beside the page's token: two
taps of one page are two forms, even when they say the same ("drew cards" twice), and the
page's earlier taps, recorded just before, don't make a later one stale; any other
change does (another phone's move, an undo)."""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any

from flask import current_app, g
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from companion.rules.errors import IllegalAction
from companion.rules.words import _
from companion.web.database import Connection
from companion.web.stored_game import LoggedAction, LoggedTicket, StoredGame

# Where a phone's own tokens go in a page made for all the phones of a table
# (``shared_page``): each phone's copy has its own put in.
CSRF_MARK = "<csrf of this phone>"  # a "<" never comes out of a text put in a page
TOKEN_MARK = "<token of this page>"
NOTES_MARK = "<notes of this phone>"  # what its last tap did
NOW_MARK = "<time of this answer>"  # when the page was served (a clock counts from it)


def marking() -> bool:
    """Whether the page being made is shared: its tokens are marks."""
    return bool(g.get("marking_tokens"))


def csrf_token() -> str:
    """This phone's protection against other sites (Flask-WTF's token)."""
    return str(generate_csrf())


def form_token() -> str:
    """The page's one-time token (one per page shown, for all its forms)."""
    if "form_token" not in g:
        g.form_token = new_form_token()
    return str(g.form_token)


def new_form_token() -> str:
    """A page's one-time token, new."""
    return secrets.token_urlsafe(12)


def csrf_field() -> Markup:
    """The form's protection against other sites (Flask-WTF's token), as a hidden field."""
    if not current_app.config.get("WTF_CSRF_ENABLED", True):
        return Markup("")
    value = CSRF_MARK if marking() else csrf_token()
    return Markup(f'<input name="csrf_token" type="hidden" value="{value}">')


def stamp(game: StoredGame) -> Markup:
    """The hidden fields every form that writes to the game carries: its protection, the
    action log as the page shows it, and the page's one-time token."""
    token = TOKEN_MARK if marking() else form_token()
    return csrf_field() + Markup(
        f'<input type="hidden" name="seen" value="{game.seen}">'
        f'<input type="hidden" name="token" value="{token}">'
    )


@dataclass(frozen=True)
class Stamp:
    """What a form was made on: the action log as its page showed it (``StoredGame.seen``)
    and the page's one-time token; ``tap`` names a tap that waited offline on that page.
    A part left out (a form from elsewhere) is not checked."""

    seen: int | None = None
    token: str | None = None
    tap: str | None = None

    @property
    def key(self) -> str | None:
        """What the form is noted as sent by: its page's token, and its tap's."""
        if self.token is None or self.tap is None:
            return self.token
        return f"{self.token}.{self.tap}"


# No stamp: a write that came from no page (the store's own callers, the tests).
UNSTAMPED = Stamp()


class Repeated(Exception):
    """The same form sent again (a double tap, a reload, the back button): nothing more is
    recorded. ``what`` is what the first one recorded (an action, a ticket)."""

    def __init__(self, what: LoggedAction | LoggedTicket | None) -> None:
        super().__init__(what)
        self.what = what


class Stale(IllegalAction):
    """A turn sent from a page that had not seen the game's last change (another phone's
    action, or an undo): it might name the wrong player or a route no longer free."""

    def __init__(self, game: StoredGame) -> None:
        last = game.last
        if last is None:
            message = _(
                "the game changed on another phone since this page was shown (nothing is"
                " recorded now): check the table, then tap again"
            )
        else:
            message = _(
                "the game changed on another phone since this page was shown (the last action"
                " now: %(action)s): check the table, then tap again",
                action=last.action.describe(game.record.board()),
            )
        super().__init__(message)


def check(db: Connection, game: StoredGame, stamp: Stamp, sent: Any, turn: bool) -> None:
    """Refuses the same form sent twice from one page (``Repeated``: ``sent`` is what it
    asks for) and, for a turn (``turn``), one made on a page that had not seen the action
    log as it stands (``Stale``), such as another form of a page already used for a turn."""
    if stamp.key is not None:
        row = db.execute(
            "SELECT what FROM form_sent WHERE game_id = ? AND token = ? AND body = ?",
            (game.id, stamp.key, json.dumps(sent, sort_keys=True)),
        ).fetchone()
        if row is not None:
            raise Repeated(_written(game, json.loads(row["what"])))
    if turn and stamp.seen is not None and stamp.seen + _own_turns(db, game, stamp) != game.seen:
        raise Stale(game)


def _own_turns(db: Connection, game: StoredGame, stamp: Stamp) -> int:
    """How many turns the taps of this form's page that waited offline recorded (none for
    a form sent straight away): each moved the log on from what the page showed."""
    if stamp.token is None or stamp.tap is None:
        return 0
    prefix = f"{stamp.token}."
    row = db.execute(
        "SELECT COUNT(*) AS n FROM form_sent WHERE game_id = ? AND substr(token, 1, ?) = ?"
        " AND what LIKE ?",
        (game.id, len(prefix), prefix, '{"action"%'),
    ).fetchone()
    return int(row["n"])


def _written(game: StoredGame, what: dict[str, int]) -> LoggedAction | LoggedTicket | None:
    """The action or ticket a form recorded."""
    if "action" in what:
        return next((a for a in game.history if a.seq == what["action"]), None)
    return next((t for t in game.tickets if t.seq == what.get("ticket")), None)


def spend(db: Connection, game_id: str, stamp: Stamp, sent: Any, what: dict[str, int]) -> None:
    """Notes what the form sent, by its page's token, and what it recorded."""
    if stamp.key is not None:
        db.execute(
            "INSERT INTO form_sent (game_id, token, body, what) VALUES (?, ?, ?, ?)",
            (game_id, stamp.key, json.dumps(sent, sort_keys=True), json.dumps(what)),
        )
