"""How large a request's body may be, by what it asks for: a photo's form takes a photo,
any other form the app's ``MAX_CONTENT_LENGTH``. The views weigh it (``photo``), and the
server's worker reads no more than this before the app sees the request."""

from __future__ import annotations

from flask import Flask
from werkzeug.exceptions import HTTPException

from companion.photo.limits import MAX_BYTES

PHOTO_MOST = MAX_BYTES + 1_000_000  # a photo's upload: the photo, and the form around it
HELD_MOST = 4_000_000  # a form carrying the photo back: the photo as base64, and the rest
# The views whose forms take more than the app's most, and how much.
UPLOADS = {
    "photo.corners": PHOTO_MOST,
    "photo.new_corners": PHOTO_MOST,
    "photo.check": HELD_MOST,
    "photo.new_claims": HELD_MOST,
    "photo.new_game_made": HELD_MOST,
}


def most_body(app: Flask, method: str, path: str) -> int:
    """The most the body of a request for ``path`` may hold (0: no most is set)."""
    try:
        endpoint, _values = app.url_map.bind("localhost").match(path, method=method)
    except HTTPException:  # no such page, not that method, a redirect: the app's own most
        endpoint = ""
    return int(UPLOADS.get(str(endpoint), app.config.get("MAX_CONTENT_LENGTH") or 0))
