"""The photo laid flat on the board, and what it shows at each car space.

The four corners give the map from the photo to the board (a homography); the board is
drawn out of the photo at a fixed size, its colours set right by the board's own paper,
and each car space is looked at twice: where it is printed (an empty space shows its
printed colour there) and where a piece standing on it is seen (a piece is a centimetre
tall, so in a photo taken from a little aside its body leans away from the point under
the phone; the lean is worked out from where the phone must have been).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import cv2
import numpy as np

from companion.photo.layout import Layout
from companion.photo.outline import Corners

WIDTH = 1200  # the flattened board's width in pixels: a car space is ~37 × 21 pixels
# A phone's main camera sees about as wide as a 26 mm lens on a 35 mm film: its focal
# length is 0.6 of the photo's diagonal (24–28 mm phones: 0.55–0.65).
FOCAL = 0.6
# The height above the board at which a piece's body is looked for (cm): about half its
# height, where its sides and top both show.
PIECE_HEIGHT = 0.5
# The board's paper after its colours are set right (RGB): what the map's empty parts look
# like in daylight.
PAPER = np.array([197.0, 188.0, 175.0])
# The part of a space looked at: its middle, this fraction of its length and width (away
# from its border and the next space, and from a printed city name just beside it).
WINDOW = (0.74, 0.54)
SAMPLES = (9, 5)  # points along and across each window
BOX = (11, 7)  # points along and across a whole space
# Each space cut out upright with a margin (pixels along, across; a space is ~37 × 21):
# what a piece standing on it, leaning, covers.
PATCH = (48, 32)


@dataclass(frozen=True)
class Sight:
    """What the photo shows at each car space (in the layout's order of tracks, then of
    spaces): the Lab colour statistics where the space is printed, and where a piece on it
    is seen; and, for drawing, the flattened board."""

    board: np.ndarray  # RGB, WIDTH wide, colours set right
    printed: np.ndarray  # spaces × FEATURES
    lifted: np.ndarray  # spaces × FEATURES
    box: np.ndarray  # spaces × points × Lab: the whole space, on a grid
    patches: np.ndarray  # spaces × PATCH[1] × PATCH[0] × Lab: each space with a margin, upright
    track_of_space: np.ndarray  # each space's track index


FEATURES = ("L", "a", "b", "L10", "L90")


def flatten(pixels: np.ndarray, corners: Corners, layout: Layout, width: int = WIDTH) -> np.ndarray:
    """The board drawn out of the photo (RGB pixels) by its corners (in those pixels),
    ``width`` wide."""
    height = round(width * layout.aspect)
    source = corners.array().astype(np.float32)
    target = np.array([[0, 0], [width, 0], [width, height], [0, height]], dtype=np.float32)
    to_board = cv2.getPerspectiveTransform(source, target)
    # A photo much larger than the board's drawing is first made smaller, so that each
    # pixel drawn averages the photo's pixels under it rather than picking one.
    board_width = float(np.linalg.norm(source[1] - source[0]))
    if board_width > 1.6 * width:
        factor = 1.3 * width / board_width
        pixels = cv2.resize(pixels, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
        source = source * factor
        to_board = cv2.getPerspectiveTransform(source, target)
    flat: np.ndarray = cv2.warpPerspective(
        pixels, to_board, (width, height), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    return flat


def look(pixels: np.ndarray, corners: Corners, layout: Layout) -> Sight:
    """What the photo (RGB pixels, corners in those pixels) shows at each car space."""
    board = set_right(flatten(pixels, corners, layout), layout)
    lab = cv2.cvtColor(board.astype(np.float32) / 255.0, cv2.COLOR_RGB2Lab)
    height, width = board.shape[:2]
    nadir, lift = _lean(corners, pixels.shape, layout)
    centres, along, across = _spaces(layout, width, height)
    size = np.array(layout.space_cm) / layout.board_cm[0] * width  # px: length, width
    # Where a piece's body is seen: leaning away from the point under the phone.
    lean = (centres - nadir) * lift
    printed = _statistics(lab, centres, along, across, size)
    lifted = _statistics(lab, centres + lean, along, across, size)
    box = _window(lab, centres, along, across, size, (1.0, 1.0), BOX)
    margin = (PATCH[0] / size[0], PATCH[1] / size[1])
    patches = (
        _window(lab, centres, along, across, size, margin, PATCH)
        .reshape(len(centres), PATCH[0], PATCH[1], 3)
        .transpose(0, 2, 1, 3)
    )
    owner = np.array([t for t, track in enumerate(layout.tracks) for _s in track.spaces])
    return Sight(board, printed, lifted, box, patches, owner)


# How much more colourful the printed board's coloured spaces are than its paper, at least,
# where the corners are a board's (Lab chroma; measured 14–36 on the board as read, 6 at
# most with its corners in another order).
LIKENESS = 10.0
SMALL = 600  # the board drawn this wide to judge it


def likeness(pixels: np.ndarray, corners: Corners, layout: Layout) -> float:
    """How much the photo within ``corners`` looks like the printed board: the colourful
    spaces (all but gray and white) against the paper, as ``LIKENESS`` measures it."""
    board = set_right(flatten(pixels, corners, layout, SMALL), layout)
    height, width = board.shape[:2]
    lab = cv2.cvtColor(board.astype(np.float32) / 255.0, cv2.COLOR_RGB2Lab)
    chroma = np.hypot(lab[..., 1], lab[..., 2])
    centres, along, across = _spaces(layout, width, height)
    size = np.array(layout.space_cm) / layout.board_cm[0] * width
    colourful = np.array(
        [t.route.color not in ("gray", "white") for t in layout.tracks for _s in t.spaces]
    )
    spaces = _window(chroma, centres, along, across, size, (0.7, 0.5), (5, 3)).mean(axis=1)
    paper = chroma[paper_mask(layout, width, height)]
    return float(np.median(spaces[colourful]) - np.median(paper))


def turned_to_be_read(
    pixels: np.ndarray, corners: Corners, layout: Layout
) -> tuple[Corners, float]:
    """The corners in the order the board is read (its title along the top), whatever way
    the phone was held: of the four orders around the outline, the one whose board looks
    most like the printed one; and how much it does."""
    orders = [Corners(corners.points[k:] + corners.points[:k]) for k in range(4)]
    scored = [(likeness(pixels, c, layout), c) for c in orders]
    best = max(scored, key=lambda pair: pair[0])
    return best[1], best[0]


def set_right(board: np.ndarray, layout: Layout) -> np.ndarray:
    """The board's colours as in daylight: scaled so that its paper (where nothing is
    printed nor ever stands) has the paper's colour."""
    mask = paper_mask(layout, board.shape[1], board.shape[0])
    seen = np.median(board[mask], axis=0)
    gains = PAPER / np.maximum(seen, 1.0)
    result: np.ndarray = np.clip(board.astype(np.float32) * gains, 0, 255).astype(np.uint8)
    return result


@functools.cache
def paper_mask(layout: Layout, width: int, height: int) -> np.ndarray:
    """Where the board shows its map paper: inside the score track, away from the routes,
    the cities, the picture in the lower left and the score table in the lower right."""
    mask = np.zeros((height, width), np.uint8)
    mask[int(0.07 * height) : int(0.93 * height), int(0.05 * width) : int(0.95 * width)] = 1
    mask[int(0.75 * height) :, : int(0.2 * width)] = 0
    mask[int(0.82 * height) :, int(0.7 * width) : int(0.86 * width)] = 0
    length, breadth = (np.array(layout.space_cm) / layout.board_cm[0] * width) * 1.6
    for track in layout.tracks:
        for s in track.spaces:
            box = cv2.boxPoints(((s.u * width, s.v * height), (length, breadth), s.angle))
            cv2.fillPoly(mask, [box.astype(np.int32)], 0)
    for u, v in layout.cities.values():
        cv2.circle(mask, (int(u * width), int(v * height)), int(0.012 * width), 0, -1)
    return mask.astype(bool)


def _spaces(layout: Layout, width: int, height: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each space's centre (px) and the unit vectors along and across it."""
    spaces = [s for track in layout.tracks for s in track.spaces]
    centres = np.array([(s.u * width, s.v * height) for s in spaces])
    angles = np.radians([s.angle for s in spaces])
    along = np.stack([np.cos(angles), np.sin(angles)], axis=1)
    across = np.stack([-np.sin(angles), np.cos(angles)], axis=1)
    return centres, along, across


def _statistics(
    lab: np.ndarray, centres: np.ndarray, along: np.ndarray, across: np.ndarray, size: np.ndarray
) -> np.ndarray:
    """For each window: its median L*, a*, b*, and its 10th and 90th percentile of L*."""
    values = _window(lab, centres, along, across, size, WINDOW, SAMPLES)
    median = np.median(values, axis=1)
    low, high = np.percentile(values[..., 0], [10, 90], axis=1)
    return np.column_stack([median, low, high])


def _window(
    image: np.ndarray,
    centres: np.ndarray,
    along: np.ndarray,
    across: np.ndarray,
    size: np.ndarray,
    part: tuple[float, float],
    samples: tuple[int, int],
) -> np.ndarray:
    """The image's values (bilinear) on a grid over each space's window: ``part`` of its
    length and width, ``samples`` points along and across (spaces × points)."""
    s = np.linspace(-0.5, 0.5, samples[0]) * size[0] * part[0]
    t = np.linspace(-0.5, 0.5, samples[1]) * size[1] * part[1]
    ss, tt = np.meshgrid(s, t, indexing="ij")
    offsets = (
        ss.ravel()[None, :, None] * along[:, None, :]
        + tt.ravel()[None, :, None] * across[:, None, :]
    )
    points = (centres[:, None, :] + offsets).astype(np.float32)
    return cv2.remap(
        image, points[..., 0], points[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )


def _lean(corners: Corners, shape: tuple[int, ...], layout: Layout) -> tuple[np.ndarray, float]:
    """Where, on the flattened board (px), the point under the phone is, and how far a
    piece's body leans away from it, per pixel of distance."""
    height, width = shape[:2]
    board_w, board_h = layout.board_cm
    source = np.array([[0, 0], [board_w, 0], [board_w, board_h], [0, board_h]], dtype=np.float32)
    to_photo = cv2.getPerspectiveTransform(source, corners.array().astype(np.float32))
    focal = FOCAL * float(np.hypot(width, height))
    centred = np.array([[1, 0, -width / 2], [0, 1, -height / 2], [0, 0, 1]])
    m = np.linalg.inv(np.diag([focal, focal, 1.0])) @ centred @ to_photo
    scale = 1.0 / float(np.linalg.norm(m[:, 0]))
    r1, r2, t = m[:, 0] * scale, m[:, 1] * scale, m[:, 2] * scale
    if t[2] < 0:
        r1, r2, t = -r1, -r2, -t
    rotation = np.column_stack([r1, r2, np.cross(r1, r2)])
    camera = -rotation.T @ t  # cm, on the board's axes
    above = max(abs(float(camera[2])), 10.0)
    px_per_cm = WIDTH / board_w
    nadir = np.array([camera[0], camera[1]]) * px_per_cm
    return nadir, PIECE_HEIGHT / (above - PIECE_HEIGHT)
