"""What the photo pages show and carry: the photo held by the page between its steps (made
small, sent back with each form: the server keeps no photo), its corners, the board as
the photo shows it, a crop of it around a route, and the table's record as claims."""

from __future__ import annotations

import base64
import binascii
import io
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
from PIL import Image

from companion.photo.claims import Claim as RecordedClaim
from companion.photo.layout import Layout, load_layout
from companion.photo.outline import Corners
from companion.photo.picture import Photo, open_photo
from companion.photo.reading import Reading, RouteSeen
from companion.render.palette import piece_names
from companion.rules.actions import Claim
from companion.rules.board import Route
from companion.rules.errors import PhotoError
from companion.rules.game import State, apply, start
from companion.rules.words import _
from companion.web.stored_game import StoredGame

# The photo as the page holds it: its longest side at most this (the board in it ~1,100
# pixels wide, as wide as the board is read), a JPEG of some 300 kB.
HELD_SIDE = 1400
HELD_QUALITY = 88
BOARD_SHOWN = 900  # the board as seen, as wide as the page shows it (it scales down)
CROP = 320  # a route's crop, at most this wide


@dataclass(frozen=True)
class HeldPhoto:
    """The photo as the page holds it: a small JPEG, and the photo it opens to."""

    jpeg: bytes
    photo: Photo

    @property
    def text(self) -> str:
        """As a form's hidden field carries it."""
        return base64.b64encode(self.jpeg).decode("ascii")

    @property
    def data_uri(self) -> str:
        return "data:image/jpeg;base64," + self.text


def hold(photo: Photo) -> HeldPhoto:
    """The photo made small enough for the page to hold and send back."""
    image = Image.fromarray(photo.pixels)
    longest = max(image.size)
    if longest > HELD_SIDE:
        scale = HELD_SIDE / longest
        image = image.resize(
            (round(image.width * scale), round(image.height * scale)), Image.Resampling.LANCZOS
        )
    out = io.BytesIO()
    image.save(out, "JPEG", quality=HELD_QUALITY)
    jpeg = out.getvalue()
    return HeldPhoto(jpeg, open_photo(jpeg))


def held(text: str) -> HeldPhoto:
    """The photo a form sent back, opened again as untrusted as any."""
    try:
        jpeg = base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError, ValueError):
        raise PhotoError(_("the photo did not come back whole: take or send it again")) from None
    return HeldPhoto(jpeg, open_photo(jpeg, most_side=HELD_SIDE))


def corners_sent(form: Mapping[str, str]) -> list[list[float]]:
    """The four corners a form sent (``x1``…``y4``, in the held photo's pixels)."""
    try:
        values = [float(form[f"{axis}{i}"]) for i in range(1, 5) for axis in "xy"]
    except (KeyError, ValueError):
        raise PhotoError(_("give four corners, each as x,y")) from None
    return [[values[2 * i], values[2 * i + 1]] for i in range(4)]


def starting_corners(photo: Photo, layout: Layout) -> tuple[Corners, bool]:
    """Where the board's corners are in the photo, in the order it is read, and whether
    they were found (else a little inside the photo's own, for the player to move)."""
    from companion.photo.outline import find_corners
    from companion.photo.sight import LIKENESS, turned_to_be_read

    try:
        corners, like = turned_to_be_read(photo.pixels, find_corners(photo.pixels), layout)
        if like >= LIKENESS:
            return corners.scaled(1 / photo.scale), True
    except PhotoError:
        pass
    w, h = photo.width, photo.height
    inset = ((0.08 * w, 0.08 * h), (0.92 * w, 0.08 * h), (0.92 * w, 0.92 * h), (0.08 * w, 0.92 * h))
    return Corners(inset), False


def recorded_claims(state: State) -> list[RecordedClaim]:
    """The table's claims as the photo is checked against them: each route with its
    owner's piece colour."""
    seats = piece_names(state.setup.players)
    return [
        RecordedClaim(state.board.routes[route_id], seats[owner])
        for route_id, owner in state.owners.items()
    ]


def recorded_owner(
    state: State, route: Route, colour: str | None, logged: Mapping[Route, int]
) -> tuple[str | None, int | None]:
    """Who the record has on ``route`` (of the ``colour`` the photo's check put there: on a
    double of one printed colour, a claim goes to the track that fits the photo best), and
    the seq of that claim in the log."""
    if colour is None:
        return None, None
    seats = piece_names(state.setup.players)
    for track in state.board.routes_between(*route.cities):
        owner = state.owners.get(track.id)
        if track.color == route.color and owner is not None and seats[owner] == colour:
            return owner, logged.get(track)
    return None, None


def piece_colours(state: State) -> dict[str, list[str]]:
    """The players whose pieces are of each colour."""
    found: dict[str, list[str]] = {}
    for name, colour in piece_names(state.setup.players).items():
        found.setdefault(colour, []).append(name)
    return found


def claim_actions(game: StoredGame) -> dict[Route, int]:
    """Which logged action (its seq) claimed each route the game's board holds: the live
    log replayed step by step."""
    state = game.state()
    claimed: dict[Route, int] = {}
    now = start(state.setup)
    for logged in game.history:
        if logged.undone is not None:
            continue
        before = set(now.owners)
        now = apply(now, logged.action)
        if isinstance(logged.action, Claim):
            for route_id in set(now.owners) - before:
                claimed[state.board.routes[route_id]] = logged.seq
    return claimed


@dataclass(frozen=True)
class Mark:
    """A route as the board picture marks it: its spaces' outlines (in the picture's
    pixels), the colour seen, and its number in the list of disagreements (0: none)."""

    route: Route
    spaces: tuple[tuple[tuple[float, float], ...], ...]
    seen: str
    number: int
    sure: bool


def board_picture(
    reading: Reading, numbered: Mapping[Route, int]
) -> tuple[str, int, int, list[Mark]]:
    """The board as the photo shows it (a JPEG data URI), its size, and every route with
    pieces seen on it, or a disagreement, marked."""
    layout = load_layout(reading.map_id)
    image = Image.fromarray(reading.board)
    scale = BOARD_SHOWN / image.width
    image = image.resize((BOARD_SHOWN, round(image.height * scale)), Image.Resampling.LANCZOS)
    marks = [
        Mark(
            r.route,
            _outlines(layout, r.route, image.width, image.height),
            r.seen,
            numbered.get(r.route, 0),
            r.sure,
        )
        for r in reading.routes
        if r.seen != "none" or r.route in numbered
    ]
    return _jpeg(image), image.width, image.height, marks


def crop(reading: Reading, route: RouteSeen) -> str:
    """The photo (laid flat) around one route, as a JPEG data URI."""
    layout = load_layout(reading.map_id)
    board = reading.board
    height, width = board.shape[:2]
    points = np.array([p for s in _outlines(layout, route.route, width, height) for p in s])
    margin = 0.04 * width
    x0, y0 = np.maximum(points.min(axis=0) - margin, 0).astype(int)
    x1, y1 = np.minimum(points.max(axis=0) + margin, [width, height]).astype(int)
    image = Image.fromarray(board[y0:y1, x0:x1])
    if image.width > CROP:
        image = image.resize(
            (CROP, round(image.height * CROP / image.width)), Image.Resampling.LANCZOS
        )
    return _jpeg(image)


def _outlines(
    layout: Layout, route: Route, width: int, height: int
) -> tuple[tuple[tuple[float, float], ...], ...]:
    import cv2

    track = layout.track_of(route)
    length, breadth = (np.array(layout.space_cm) / layout.board_cm[0]) * width
    return tuple(
        tuple(
            (float(x), float(y))
            for x, y in cv2.boxPoints(((s.u * width, s.v * height), (length, breadth), s.angle))
        )
        for s in track.spaces
    )


def _jpeg(image: Image.Image) -> str:
    out = io.BytesIO()
    image.save(out, "JPEG", quality=82)
    return "data:image/jpeg;base64," + base64.b64encode(out.getvalue()).decode("ascii")
