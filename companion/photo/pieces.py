"""Whose pieces stand on each track, weighed under the photo's own light.

Each track is either empty, showing its printed colour, or covered by one player's pieces
(the base game's five colours). What each of those looks like in this photo is learnt from
the photo itself: starting from how they look in daylight, each colour's look is taken
from the spaces that show it most surely, then every track is weighed again, a few times.
Where the table's record is known, the recorded claims teach the pieces' colours first
(robustly: a few of them may be the very mistakes looked for), and the record counts as
likely: the photo must show otherwise clearly to disagree with it.

Three things are weighed on each space: how near the middle of the space comes to each
look; how much of the whole space has each look, pixel by pixel (a piece leaning off its
space leaves part of the print showing); and whether its shape is a printed space's or a
piece's (``covered``), which alone tells a piece from the print of its own colour.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from companion.photo.covered import covered_odds, describe, printed_index
from companion.photo.layout import Layout
from companion.photo.sight import Sight
from companion.rules.colors import PIECE_COLORS

NONE = "none"
PIECES = PIECE_COLORS  # the base game's five
SEEN = (NONE, *PIECES)

# How each colour looks in daylight, as Lab (L*, a*, b*) and the 10th and 90th percentile of
# L* in a space (measured on boards photographed on five tables under several lights, their
# paper set to the same colour). The printed colours are the route colours' (purple is
# printed pink); the pieces' are the plastic's.
PRINTED_LOOK = {
    "red": (42, 42, 38, 33, 52),
    "blue": (44, -1, -35, 34, 54),
    "green": (58, -18, 47, 50, 64),
    "yellow": (82, -1, 67, 74, 88),
    "black": (20, 2, 2, 12, 35),
    "white": (88, 1, 11, 78, 94),
    "orange": (58, 27, 51, 50, 65),
    "purple": (53, 31, 4, 45, 62),
    "gray": (64, 2, 5, 54, 74),
}
PIECE_LOOK = {
    "red": (37, 45, 40, 27, 47),
    "blue": (34, 0, -34, 24, 44),
    "green": (33, -20, 9, 23, 45),
    "yellow": (80, -5, 74, 66, 90),
    "black": (9, 0, 3, 3, 25),
}
# How far a look may stray, at least, in each feature (a colour seen on few spaces).
SPREAD = np.array([6.0, 5.0, 6.0, 7.0, 7.0])
# How far a look learnt from a photo may move from its daylight look, at most, in each
# feature: light changes how bright a colour looks more than which colour it is.
DRIFT = np.array([16.0, 9.0, 9.0, 16.0, 16.0])
CAP = 36.0  # a space far from every look counts no worse than this (a knocked piece, glare)
ROUNDS = 3
# A pixel further than this (squared, in spreads) from every look is of none of them: the
# paper between spaces, a city's name, a shadow.
ELSEWHERE = 20.0

# How the three are weighed, per space (fitted on labelled photos of real boards:
# benchmarks/photo_training.py prints them): the middle's distance, the shares of the
# whole space, the shape's odds of a piece.
MIDDLE = 0.25
SHARES = 2.0
SHAPE = 1.0
# A piece colour the photo alone shows on fewer tracks than this printed in a colour unlike
# it is not taken to be on the board, whatever a record says: on routes printed in its own
# colour, or one it may pass for in an odd light, it is more likely the print. A table's
# pieces show on many routes of every colour.
ELSEWHERE_AT_LEAST = 2
LIKE = {
    "red": {"red", "orange", "purple"},
    "blue": {"blue", "black"},
    "green": {"green", "black", "blue"},
    "yellow": {"yellow", "orange", "green", "white"},
    "black": {"black", "blue", "gray"},
}
# A record's claim (or its absence) is this much more likely than any one other reading of
# a track, in log-odds: a photo has to show otherwise clearly to disagree with the table
# (measured: at 6, each of 3 mistakes flagged on every labelled photo, at most 1 other route
# flagged but on one messy board; at 8, some mistakes missed).
RECORDED = 6.0


@dataclass(frozen=True)
class Seen:
    """What the photo shows on one track: ``none`` or a piece colour, how sure (0–1), and
    the log-likelihood of each thing it could show."""

    pieces: str
    confidence: float
    likelihood: Mapping[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Look:
    """How one thing looks in this photo: a centre and a spread per feature."""

    centre: np.ndarray
    spread: np.ndarray


@dataclass(frozen=True)
class Looks:
    """How each printed colour and each piece colour looks in this photo."""

    printed: Mapping[str, Look]
    pieces: Mapping[str, Look]


DAYLIGHT = Looks(
    {c: Look(np.array(v, float), SPREAD * 1.5) for c, v in PRINTED_LOOK.items()},
    {c: Look(np.array(v, float), SPREAD * 1.5) for c, v in PIECE_LOOK.items()},
)


def weigh(
    sight: Sight, layout: Layout, recorded: Mapping[int, str] | None = None
) -> tuple[Seen, ...]:
    """What the photo shows on each track of the layout (in its order). ``recorded``: where
    a record is known, the piece colour recorded on each claimed track, by track index (a
    track not in it is recorded empty)."""
    printed = printed_colors(sight, layout)
    shape = covered_odds(describe(sight.patches), printed_index(printed))
    looks = calibrate(sight, printed, shape, recorded)
    scores = track_scores(sight, looks, printed, shape, len(layout.tracks))
    absent = _colours_not_on_the_board(_one_track_of_a_double(scores, layout), layout)
    if recorded is not None:
        for track in range(len(layout.tracks)):
            scores[track, SEEN.index(recorded.get(track, NONE))] += RECORDED
    scores = _one_track_of_a_double(scores, layout)
    scores[:, absent] = -np.inf
    return tuple(_seen(row) for row in scores)


def _one_track_of_a_double(scores: np.ndarray, layout: Layout) -> np.ndarray:
    """The scores with a double's tracks read in two colours: a player never holds both
    tracks of a double, so where both read as one colour (a piece leaning over onto the
    other track), the track that shows it less surely is read again without it."""
    scores = scores.copy()
    doubles: dict[tuple[str, str], list[int]] = {}
    for index, track in enumerate(layout.tracks):
        doubles.setdefault(track.route.cities, []).append(index)
    for tracks in doubles.values():
        while len(tracks) > 1:
            chosen = {t: int(scores[t].argmax()) for t in tracks}
            alike = [t for t in tracks if chosen[t] and list(chosen.values()).count(chosen[t]) > 1]
            if not alike:
                break
            colour = chosen[alike[0]]
            margin = {
                t: scores[t, colour] - np.sort(scores[t])[-2] for t in alike if chosen[t] == colour
            }
            weaker = min(margin, key=lambda t: margin[t])
            scores[weaker, colour] = -np.inf
    return scores


def _colours_not_on_the_board(scores: np.ndarray, layout: Layout) -> list[int]:
    """The piece colours (their places in ``SEEN``) the photo alone shows on fewer than
    ``ELSEWHERE_AT_LEAST`` tracks printed in a colour unlike them: what it sees of them is
    more likely the print under an odd light (the record, if any, does not count here)."""
    chosen = scores.argmax(axis=1)
    printed = [t.route.color for t in layout.tracks]
    absent = []
    for k, color in enumerate(PIECES, start=1):
        unlike = np.array([c not in LIKE[color] for c in printed])
        if int(((chosen == k) & unlike).sum()) < ELSEWHERE_AT_LEAST:
            absent.append(k)
    return absent


def printed_colors(sight: Sight, layout: Layout) -> np.ndarray:
    """Each space's printed colour."""
    colors = [t.route.color for t in layout.tracks]
    return np.array([colors[t] for t in sight.track_of_space])


def calibrate(
    sight: Sight,
    printed: np.ndarray,
    shape: np.ndarray,
    recorded: Mapping[int, str] | None = None,
) -> Looks:
    """Each thing's look in this photo, learnt from the photo (and the record, if known)."""
    looks = DAYLIGHT
    if recorded:
        looks = _taught(looks, sight, recorded)
    n_tracks = int(sight.track_of_space.max()) + 1
    for _round in range(ROUNDS):
        chosen = track_scores(sight, looks, printed, shape, n_tracks).argmax(axis=1)
        looks = _learnt(looks, sight, chosen, printed)
    return looks


def space_scores(sight: Sight, looks: Looks, printed: np.ndarray, shape: np.ndarray) -> np.ndarray:
    """Each space's log-score for each thing it could show (spaces × ``SEEN``)."""
    middle = distances(sight, looks, printed)
    shares = _shares(sight, looks, printed)
    scores = -0.5 * MIDDLE * middle + SHARES * np.log(shares + 0.05)
    scores[:, 0] -= SHAPE * shape / 2
    scores[:, 1:] += SHAPE * shape[:, None] / 2
    return scores


def track_scores(
    sight: Sight, looks: Looks, printed: np.ndarray, shape: np.ndarray, n_tracks: int
) -> np.ndarray:
    """Each track's log-score for each thing it could show: the sum over its spaces."""
    per_space = space_scores(sight, looks, printed, shape)
    return np.stack(
        [np.bincount(sight.track_of_space, per_space[:, k], n_tracks) for k in range(len(SEEN))],
        axis=1,
    )


def distances(sight: Sight, looks: Looks, printed: np.ndarray) -> np.ndarray:
    """Each space's middle's distance (``_distance``) to each thing it could show, no more
    than ``CAP``."""
    out = np.zeros((len(printed), len(SEEN)))
    for color in set(printed):
        here = printed == color
        out[here, 0] = np.minimum(_distance(sight.printed[here], looks.printed[color]), CAP)
    for k, color in enumerate(PIECES, start=1):
        out[:, k] = np.minimum(_distance(sight.lifted, looks.pieces[color]), CAP)
    return out


def _distance(x: np.ndarray, look: Look, features: int | None = None) -> np.ndarray:
    """Twice the negative log-likelihood of ``x`` (its last axis: the first ``features`` of
    a look's, all if None) under a look: a normal law per feature, up to a constant, so that
    a look spread wide fits anything only loosely."""
    centre, spread = look.centre[:features], look.spread[:features]
    d = (((x - centre) / spread) ** 2).sum(axis=-1)
    result: np.ndarray = d + 2 * np.log(spread / SPREAD[:features]).sum()
    return result


def _shares(sight: Sight, looks: Looks, printed: np.ndarray) -> np.ndarray:
    """For each space, the share of its pixels nearest to each thing it could show (its
    printed colour, each piece colour), the rest being of none of them."""
    pixels = sight.box  # spaces × points × Lab
    count, points, _lab = pixels.shape
    d = np.full((count, len(SEEN) + 1, points), ELSEWHERE)
    for color in set(printed):
        here = printed == color
        d[here, 0] = _distance(pixels[here], looks.printed[color], 3)
    for k, color in enumerate(PIECES, start=1):
        d[:, k] = _distance(pixels, looks.pieces[color], 3)
    nearest = d.argmin(axis=1)
    return np.stack([(nearest == k).mean(axis=1) for k in range(len(SEEN))], axis=1)


def _learnt(looks: Looks, sight: Sight, chosen: np.ndarray, printed: np.ndarray) -> Looks:
    """Each look taken again from the spaces now read as showing it (a piece colour only
    from tracks printed in another colour, where it can't be mistaken for the print)."""
    of_space = chosen[sight.track_of_space]
    printed_looks = {
        color: _fit(
            sight.printed[(printed == color) & (of_space == 0)], look, DAYLIGHT.printed[color]
        )
        for color, look in looks.printed.items()
    }
    piece_looks = {
        color: _fit(
            sight.lifted[(of_space == k) & (printed != color)],
            looks.pieces[color],
            DAYLIGHT.pieces[color],
        )
        for k, color in enumerate(PIECES, start=1)
    }
    return Looks(printed_looks, piece_looks)


def _taught(looks: Looks, sight: Sight, recorded: Mapping[int, str]) -> Looks:
    """The pieces' looks taken first from the recorded claims: from each colour's spaces
    nearest the middle of what they show, so that a claim recorded wrongly doesn't count."""
    pieces = dict(looks.pieces)
    for color in PIECES:
        tracks = [t for t, c in recorded.items() if c == color]
        here = np.isin(sight.track_of_space, tracks)
        if here.sum() >= 4:
            seen = sight.lifted[here]
            centre = np.median(seen, axis=0)
            near = (((seen - centre) / SPREAD) ** 2).sum(axis=1)
            keep = near <= np.percentile(near, 70)
            pieces[color] = _fit(seen[keep], looks.pieces[color], DAYLIGHT.pieces[color])
    return Looks(looks.printed, pieces)


def _fit(seen: np.ndarray, before: Look, daylight: Look) -> Look:
    """A look from the spaces that show it (those near enough its daylight look to be it):
    their median and spread (MAD), drawn toward the look before where they are few, and
    never further than ``DRIFT`` from daylight."""
    seen = seen[np.all(np.abs(seen - daylight.centre) <= 1.5 * DRIFT, axis=1)]
    if len(seen) < 3:
        return before
    centre = np.median(seen, axis=0)
    spread = 1.4826 * np.median(np.abs(seen - centre), axis=0)
    weight = min(1.0, len(seen) / 12)
    centre = weight * centre + (1 - weight) * before.centre
    centre = np.clip(centre, daylight.centre - DRIFT, daylight.centre + DRIFT)
    spread = np.maximum(weight * spread + (1 - weight) * before.spread, SPREAD)
    return Look(centre, spread)


def _seen(row: np.ndarray) -> Seen:
    best = int(row.argmax())
    odds = np.exp(np.clip(np.nan_to_num(row - row[best], neginf=-50.0), -50, 0))
    return Seen(
        SEEN[best],
        float(odds[best] / odds.sum()),
        {thing: float(max(value, -1e9)) for thing, value in zip(SEEN, row, strict=True)},
    )
