"""A photo of the board read whole: where the board is, and what stands on every route;
with a record, where the two disagree."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from companion.photo.claims import Claim, on_tracks
from companion.photo.layout import Layout, load_layout
from companion.photo.outline import Corners, check_corners, find_corners
from companion.photo.picture import Photo, open_photo
from companion.photo.pieces import NONE, weigh
from companion.photo.sight import LIKENESS, likeness, look, turned_to_be_read
from companion.rules.board import Route
from companion.rules.errors import PhotoError
from companion.rules.words import _

# Below this, what is seen on a route is said to be unsure: the light or the angle leaves
# two readings close (the reading is still given, and marked).
SURE = 0.8


@dataclass(frozen=True)
class RouteSeen:
    """One route (one track of a double) as the photo shows it, and as recorded."""

    route: Route
    seen: str  # a piece colour, or "none"
    confidence: float
    recorded: str | None = None  # with a record: the colour recorded on it, None for none

    @property
    def sure(self) -> bool:
        return self.confidence >= SURE

    @property
    def agrees(self) -> bool:
        """Whether the photo shows what was recorded (no pieces where none was)."""
        return self.seen == (self.recorded or NONE)


@dataclass(frozen=True)
class Reading:
    """A photo read: the board's corners in it (given or found), every route seen, and the
    board flattened (RGB, for pictures of what was seen)."""

    map_id: str
    corners: Corners
    found: bool
    routes: tuple[RouteSeen, ...]
    board: np.ndarray
    checked: bool  # read against a record

    @property
    def disagreements(self) -> tuple[RouteSeen, ...]:
        return tuple(r for r in self.routes if not r.agrees) if self.checked else ()


def read_photo(
    data: bytes,
    map_id: str,
    corners: Sequence[Sequence[float]] | None = None,
    claims: Sequence[Claim] | None = None,
) -> Reading:
    """Reads the photo in ``data`` (``PhotoError`` if it can't be read): the board's
    ``corners`` in the photo's pixels if given (top-left, top-right, bottom-right,
    bottom-left), else found; with ``claims``, each route's record beside what is seen."""
    layout = load_layout(map_id)
    photo = open_photo(data)
    return read_opened(photo, layout, corners, claims)


def read_opened(
    photo: Photo,
    layout: Layout,
    corners: Sequence[Sequence[float]] | None = None,
    claims: Sequence[Claim] | None = None,
) -> Reading:
    """``read_photo`` for a photo already opened."""
    if corners is not None:
        given = check_corners(corners, photo.width, photo.height)
        working = given.scaled(photo.scale)
        if likeness(photo.pixels, working, layout) < LIKENESS:
            raise PhotoError(
                _(
                    "within these corners the photo does not look like the %(map)s board: "
                    "give its corners from the top-left one, as the board is read",
                    map=layout.board.title,
                )
            )
    else:
        working, like = turned_to_be_read(photo.pixels, find_corners(photo.pixels), layout)
        if like < LIKENESS:
            raise PhotoError(
                _(
                    "the photo does not show the %(map)s board: take it from above, with the "
                    "whole board in the picture",
                    map=layout.board.title,
                )
            )
        given = working.scaled(1 / photo.scale)
    sight = look(photo.pixels, working, layout)
    recorded: dict[int, str] = {}
    if claims is not None:
        # The claims go to their tracks first as the photo alone sees them, then the photo
        # is read again knowing them.
        first = weigh(sight, layout)
        likelihood = {
            t.route: seen.likelihood for t, seen in zip(layout.tracks, first, strict=True)
        }
        by_route = on_tracks(claims, layout.board, likelihood)
        recorded = {
            i: by_route[t.route] for i, t in enumerate(layout.tracks) if t.route in by_route
        }
    seen = weigh(sight, layout, recorded if claims is not None else None)
    routes = tuple(
        RouteSeen(t.route, s.pieces, s.confidence, recorded.get(i) if claims is not None else None)
        for i, (t, s) in enumerate(zip(layout.tracks, seen, strict=True))
    )
    return Reading(layout.board.id, given, corners is None, routes, sight.board, claims is not None)
