"""A page's new ``main``, made for the phone whose stream hears the change (``live``).

After a change each phone following the game needs its page as it now stands. Rather than
tell every phone to fetch it (an HTTP request each, three at a table after each move), the
stream makes it as that phone's own live update would (its cookies, language, palette and
host, the page's own address) and sends it down the stream; the page morphs it into place.
The page itself is the one every phone at that version shares (``shared_page``), so this
costs a copy with the phone's own tokens put in.

An event's stream does the same for its screens (the room's screen, the public page, the
organizer's): each screen's page is made as its own live update would be, the page itself
made once for all the screens by its view (``shared_page.shared_by``).

A stream's phone names the page it shows (``page``): only a page of the game (or event)
the stream follows is made (its table, board, sheet, or a page of its own under its
address); anything else, or a page that answers other than with a ``main`` (a redirect, a
game gone), leaves the phone to fetch it, as before.
"""

from __future__ import annotations

import io
import logging
import threading
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlsplit

from flask import current_app, request
from werkzeug.exceptions import HTTPException

from companion.web import game_store
from companion.web.shared_page import live_copy, page_key
from companion.web.stamps import csrf_token

# What a stream's phone does not send with the page it asks for: the stream's own
# questions (what it saw last, what it takes), which a page made for it would misread.
DROPPED = frozenset(
    {
        "HTTP_IF_NONE_MATCH",
        "HTTP_IF_MODIFIED_SINCE",
        "HTTP_LAST_EVENT_ID",
        "HTTP_ACCEPT",
        "HTTP_CACHE_CONTROL",
        "CONTENT_LENGTH",
        "CONTENT_TYPE",
    }
)
LONGEST = 600  # characters of a page's address a stream takes
NOT_PAGES = (".pdf", ".json", ".csv", "/events")  # addresses under a game's that are no page

log = logging.getLogger(__name__)


def page_of(prefix: str) -> str | None:
    """The page the stream's phone shows (``?page=``), when it is a page under ``prefix``
    (the game's address: "/g/<id>" or "/w/<watch>"); else None."""
    asked = request.args.get("page") or ""
    if not asked or len(asked) > LONGEST or not asked.isascii():
        return None
    parts = urlsplit(asked)
    if parts.scheme or parts.netloc or parts.fragment:
        return None
    path = parts.path.removeprefix(request.script_root)
    prefix = prefix.removeprefix(request.script_root)
    if path != prefix and not path.startswith(prefix + "/"):
        return None
    if path.endswith(NOT_PAGES) or "/../" in path or "//" in path:
        return None
    return path + (f"?{parts.query}" if parts.query else "")


class Pushed:
    """What makes ``page``'s ``main`` for the stream's phone at each version: the first
    time as that phone's own live update would be answered (its headers, its session, in a
    context of its own with its own connection to the database, given back at once); but
    where this process already holds the game at the version and that page of it (another
    phone asked first), a copy of it with this phone's own put in, without asking the
    database (an event's page is made as its live update each time). None where the page
    answers otherwise than with a page (the phone then fetches it)."""

    def __init__(self, game_id: str | None, page: str) -> None:
        self.game_id, self.page = game_id, page
        self.app = current_app._get_current_object()  # type: ignore[attr-defined]
        path, _, query = page.partition("?")
        self.environ = {
            key: value
            for key, value in request.environ.items()
            if key not in DROPPED and not key.startswith("werkzeug.")
        }
        self.environ.update(
            {
                "REQUEST_METHOD": "GET",
                "PATH_INFO": path,
                "QUERY_STRING": query,
                "HTTP_HX_REQUEST": "true",
            }
        )
        with self.app.app_context(), self.app.request_context(self._environ()):
            self.key = page_key()  # what the page is shared under (None: not shared)
        self.csrf: str | None = None

    def __call__(self, version: int | str) -> str | None:
        if self.key is None or self.game_id is None or not isinstance(version, int):
            return self._asked()  # an event's page: made once by its view (``shared_by``)
        # The game's streams here wake together: one asks, the others then copy.
        with _one_at_a_time(self.game_id):
            game = game_store.known_game(self.game_id, version)
            if game is not None and game.has_kept(self.key):
                if self.csrf is None:
                    self.csrf = csrf_token()  # the stream's phone's (never expires)
                return main_of(live_copy(game.kept(self.key, str), self.csrf))
            return self._asked()

    def _environ(self) -> dict[str, object]:
        return {**self.environ, "wsgi.input": io.BytesIO()}

    def _asked(self) -> str | None:
        with self.app.app_context(), self.app.request_context(self._environ()):
            try:
                response = self.app.full_dispatch_request()
            except HTTPException:
                return None
            except Exception:  # the phone fetches the page itself, and is answered there
                log.exception("live update of %s", self.page)
                return None
            if response.status_code != 200 or response.mimetype != "text/html":
                return None
            return main_of(response.get_data(as_text=True))


class _Turn:
    """The turn of a game's streams in this process to make its page."""

    def __init__(self) -> None:
        self.lock = threading.Lock()


_TURNS: weakref.WeakValueDictionary[str, _Turn] = weakref.WeakValueDictionary()
_TURNS_LOCK = threading.Lock()


@contextmanager
def _one_at_a_time(game_id: str) -> Iterator[None]:
    """Held by one of the game's streams in this process at a time (the others wait)."""
    with _TURNS_LOCK:
        turn = _TURNS.get(game_id)
        if turn is None:
            turn = _TURNS[game_id] = _Turn()
    with turn.lock:
        yield


def main_of(page: str) -> str | None:
    """The page's ``main`` element, as it is written in it (None: the page has none)."""
    start = page.find("<main")
    end = page.rfind("</main>")
    if start < 0 or end < start:
        return None
    return page[start : end + len("</main>")]


def event(version: int | str, main: str) -> str:
    """The stream's ``page`` event: the page's ``main`` at ``version``, a line of data a
    line of it."""
    lines = "".join(f"data: {line}\n" for line in main.splitlines())
    return f"id: {version}\nevent: page\n{lines}\n"
