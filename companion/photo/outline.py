"""The board's outline in a photo: its four corners, found or given.

The board is a light map inside a dark red score track. The outline is found in two steps:
first rough, as the hull of the photo's large dark red shapes (the track, broken by its
numbers, and whatever red lies near it); then each of the four sides is moved and turned
to where the photo best matches a side of the track: red just inside the line, not red
just outside it, nor deeper in, where the map begins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from companion.rules.errors import PhotoError
from companion.rules.words import _

# The photo is searched at this size (its longest side, in pixels): plenty for 2 % of the
# board's width, and a search takes a few hundredths of a second.
SEARCH_SIDE = 800
# The score track's width, as a fraction of the board's width (measured: 2.2 %).
TRACK = 0.018
# A side of the outline must show at least this much more red inside it than around it
# (Lab a*, on the photo's own scale; measured 7–14 on boards, below 1 elsewhere).
LEAST_CONTRAST = 3.0
# The score track's red (Lab a*) on average, on the photo's own scale (measured 11–19;
# a side 7–26, the map beside it 3 at most).
TRACK_RED = 8.0


@dataclass(frozen=True)
class Corners:
    """The board's outer corners in a photo's pixels: top-left, top-right, bottom-right,
    bottom-left, as the board is read (its title along the top)."""

    points: tuple[tuple[float, float], ...]

    def array(self) -> np.ndarray:
        return np.array(self.points, dtype=np.float64)

    def scaled(self, factor: float) -> Corners:
        return Corners(tuple((x * factor, y * factor) for x, y in self.points))

    def rounded(self) -> list[list[int]]:
        return [[round(x), round(y)] for x, y in self.points]


def check_corners(points: Sequence[Sequence[float]], width: int, height: int) -> Corners:
    """Corners a player gave, refused where they can't be the board's: outside the photo,
    crossed, or outlining too little of it to see the routes."""
    if len(points) != 4 or any(len(p) != 2 for p in points):
        raise PhotoError(_("give four corners, each as x,y"))
    quad = np.array(points, dtype=np.float64)
    if not np.all(np.isfinite(quad)):
        raise PhotoError(_("give four corners, each as x,y"))
    outside = [
        i + 1
        for i, (x, y) in enumerate(quad)
        if not (-0.5 <= x <= width - 0.5 and -0.5 <= y <= height - 0.5)
    ]
    if outside:
        raise PhotoError(
            _(
                "corner %(corner)d lies outside the photo (%(width)d × %(height)d pixels)",
                corner=outside[0],
                width=width,
                height=height,
            )
        )
    if not _is_outline(quad):
        raise PhotoError(
            _(
                "the corners don't outline a board: give them in the order top-left, "
                "top-right, bottom-right, bottom-left, around the board"
            )
        )
    if cv2.contourArea(quad.astype(np.float32)) < 0.04 * width * height:
        raise PhotoError(_("the corners outline too little of the photo to see the routes in"))
    return Corners(tuple((float(x), float(y)) for x, y in quad))


def find_corners(pixels: np.ndarray) -> Corners:
    """The board's corners in ``pixels`` (RGB, the photo at any size), or ``PhotoError``
    when no board is seen."""
    height, width = pixels.shape[:2]
    scale = SEARCH_SIDE / max(height, width)
    small = cv2.resize(
        pixels,
        (max(1, round(width * scale)), max(1, round(height * scale))),
        interpolation=cv2.INTER_AREA,
    )
    lab = cv2.cvtColor(small, cv2.COLOR_RGB2Lab)
    redness = lab[..., 1].astype(np.float32) - 128.0  # Lab's a*, green to red
    smooth = cv2.GaussianBlur(redness, (5, 5), 0)
    dark_red = (redness > 12) & (lab[..., 0] < 178)  # L* below 70
    rough = [_rough(hull) for hull in _red_hulls(dark_red)]
    h, w = redness.shape
    rough.append(np.array([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]], dtype=np.float64))
    best = max(rough, key=lambda q: _contrast(q, smooth))
    quad = _fitted(best, smooth)
    if (
        not _is_outline(quad)
        or _contrast(quad, smooth) < LEAST_CONTRAST
        or not _framed(quad, smooth)
    ):
        raise PhotoError(
            _(
                "no board is seen in the photo: take it from above, with the whole board "
                "and its score track in the picture"
            )
        )
    if cv2.contourArea(quad.astype(np.float32)) < 0.04 * w * h:
        raise PhotoError(_("the board is too small in the photo: take it from closer"))
    return Corners(tuple((float(x / scale), float(y / scale)) for x, y in quad))


def _red_hulls(dark_red: np.ndarray) -> list[np.ndarray]:
    """Hulls of the photo's large dark red shapes: of the largest; of all of them; and of
    all but one, for each of the largest few (a red thing beside the board, left out)."""
    k = max(3, int(dark_red.shape[1] * 0.02))
    mask: np.ndarray = cv2.morphologyEx(
        dark_red.astype(np.uint8) * 255,
        cv2.MORPH_CLOSE,
        cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)),
    )
    contours, _hierarchy = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    h, w = mask.shape
    hulls = sorted((cv2.convexHull(c) for c in contours), key=cv2.contourArea, reverse=True)
    large = [x for x in hulls if cv2.contourArea(x) >= 0.002 * h * w][:12]
    if not large:
        return []
    groups = [[large[0]], large] + [
        [x for j, x in enumerate(large) if j != i] for i in range(min(6, len(large)))
    ]
    out = []
    for group in groups:
        if group:
            hull = cv2.convexHull(np.vstack(group))
            if cv2.contourArea(hull) >= 0.05 * h * w:
                out.append(hull)
    return out


def _rough(hull: np.ndarray) -> np.ndarray:
    quad = cv2.approxPolyN(hull, 4, ensure_convex=True).reshape(-1, 2).astype(np.float64)
    return _in_order(quad)


def _in_order(quad: np.ndarray) -> np.ndarray:
    """Top-left first, then around clockwise (as the photo shows it)."""
    centre = quad.mean(axis=0)
    angles = np.arctan2(quad[:, 1] - centre[1], quad[:, 0] - centre[0])
    quad = quad[np.argsort(angles)]
    return np.roll(quad, -int(np.argmin(quad.sum(axis=1))), axis=0)


def _is_outline(quad: np.ndarray) -> bool:
    """Four corners going clockwise around a convex shape, none at another."""
    turns = []
    for i in range(4):
        a, b, c = quad[i], quad[(i + 1) % 4], quad[(i + 2) % 4]
        (x1, y1), (x2, y2) = b - a, c - b
        turns.append(float(x1 * y2 - y1 * x2))
    sides = [float(np.linalg.norm(quad[(i + 1) % 4] - quad[i])) for i in range(4)]
    return all(t > 0 for t in turns) and min(sides) > 1e-6


def _sample(image: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Bilinear samples; outside the photo reads as no red at all."""
    return cv2.remap(
        image,
        x.astype(np.float32),
        y.astype(np.float32),
        cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=0,
    )


def _contrast(quad: np.ndarray, redness: np.ndarray) -> float:
    """How well the outline's weakest side sits on the track's outer edge: the median red
    in a band inside it less the median red in a band outside it."""
    quad = _in_order(quad)
    depths = np.linspace(0.004, 0.022, 4) * _long_side(quad)
    sides = _across_sides(quad, redness, np.concatenate([depths, -depths]))
    if sides is None:
        return -np.inf
    return min(float(np.median(red[:4]) - np.median(red[4:])) for red in sides)


def _framed(quad: np.ndarray, redness: np.ndarray) -> bool:
    """Whether each side of the outline is a score track: red along the inside of the side
    (a* ``TRACK_RED`` on average) and clearly less red deeper in, where the map begins."""
    sides = _across_sides(quad, redness, np.array([0.012, 0.06]) * _long_side(quad))
    if sides is None:
        return False
    track, deeper = (np.array([np.median(red[i]) for red in sides]) for i in (0, 1))
    return bool(np.all(track - deeper >= TRACK_RED / 2) and np.mean(track) >= TRACK_RED)


def _across_sides(
    quad: np.ndarray, redness: np.ndarray, depths: np.ndarray
) -> list[np.ndarray] | None:
    """For each side, the red along it at each depth inside it (negative: outside), on 80
    points between a tenth of the way and nine tenths (depths × points); None for an
    outline with a side of no length."""
    along = np.linspace(0.1, 0.9, 80)
    sides = []
    for k in range(4):
        p0, p1 = quad[k], quad[(k + 1) % 4]
        d = p1 - p0
        length = float(np.linalg.norm(d))
        if length < 1:
            return None
        normal = np.array([d[1], -d[0]]) / length  # outward, for clockwise
        base = p0[None] + along[:, None] * d[None]
        sides.append(np.stack([_line(redness, base - normal * depth) for depth in depths]))
    return sides


def _line(image: np.ndarray, points: np.ndarray) -> np.ndarray:
    result: np.ndarray = _sample(image, points[None, :, 0], points[None, :, 1])[0]
    return result


def _fitted(quad: np.ndarray, redness: np.ndarray) -> np.ndarray:
    """The outline with each side moved to the track's outer edge: searched wide and coarse,
    then near; then each side drawn through the edge as found along it, point by point,
    leaving out the points where something lies over the edge (a hand, a card)."""
    quad = _in_order(quad)
    width = _long_side(quad)
    for reach, step in ((0.2 * width, 4.0), (0.01 * width, 1.0)):
        sides = [
            _fitted_side(quad[k], quad[(k + 1) % 4], redness, reach, TRACK * width, step)
            for k in range(4)
        ]
        quad = np.array([_crossing(sides[(k - 1) % 4], sides[k]) for k in range(4)])
    sides = [
        _drawn_side(quad[k], quad[(k + 1) % 4], redness, 0.012 * width, TRACK * width)
        for k in range(4)
    ]
    return np.array([_crossing(sides[(k - 1) % 4], sides[k]) for k in range(4)])


def _edges(
    p0: np.ndarray,
    p1: np.ndarray,
    redness: np.ndarray,
    reach: float,
    band: float,
    step: float,
    along: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """How much each offset (along the side's outward normal) looks like the track's outer
    edge, at each point ``along`` the side from p0 to p1: the offsets, the edge (points ×
    offsets) and the normal."""
    d = p1 - p0
    normal = np.array([d[1], -d[0]]) / float(np.linalg.norm(d))  # outward, for clockwise
    offsets = np.arange(-reach - 3 * band, reach + band + step, step)
    points = p0[None, None] + along[:, None, None] * d[None, None] + offsets[None, :, None] * normal
    profile = _sample(redness, points[..., 0], points[..., 1])
    b = max(1, round(band / step))
    total = np.cumsum(np.pad(profile, ((0, 0), (1, 0))), axis=1)
    at = np.arange(3 * b, len(offsets) - b)
    inside = (total[:, at] - total[:, at - b]) / b
    outside = (total[:, at + b] - total[:, at]) / b
    deeper = (total[:, at - 2 * b] - total[:, at - 3 * b]) / b
    edge = np.clip(inside - 0.5 * (outside + deeper), -25, 25)
    return offsets[at], edge, normal


def _drawn_side(
    p0: np.ndarray, p1: np.ndarray, redness: np.ndarray, reach: float, band: float
) -> tuple[np.ndarray, np.ndarray]:
    """The side drawn through the track's outer edge as found at each point along it
    (a straight line fitted, the points far off it left out, twice)."""
    along = np.linspace(0.04, 0.96, 128)
    offsets, edge, normal = _edges(p0, p1, redness, reach, band, 0.25, along)
    best = offsets[edge.argmax(axis=1)]
    strength = edge.max(axis=1)
    keep = strength >= np.median(strength) * 0.5
    for _round in range(3):
        if keep.sum() < 16:
            return p0, p1
        slope, start = np.polyfit(along[keep], best[keep], 1)
        off = np.abs(best - (start + slope * along))
        spread = max(1.4826 * float(np.median(off[keep])), 0.5)
        keep &= off <= 2.5 * spread
    return p0 + normal * start, p1 + normal * (start + slope)


def _fitted_side(
    p0: np.ndarray, p1: np.ndarray, redness: np.ndarray, reach: float, band: float, step: float
) -> tuple[np.ndarray, np.ndarray]:
    """The side from p0 to p1 moved (each end along the side's normal, up to ``reach``) to
    where red lies in a band of the track's width inside it, and neither outside it nor a
    band deeper in."""
    along = np.linspace(0.06, 0.94, 64)
    offsets, edge, normal = _edges(p0, p1, redness, reach, band, step, along)
    # Each pair of end offsets scores the sum of the edge along the line between them.
    n = len(offsets)
    first, last = np.meshgrid(np.arange(n), np.arange(n), indexing="ij")
    reached = np.rint(first[..., None] + (last - first)[..., None] * along).astype(int)
    score = edge[np.arange(len(along)), reached].sum(axis=-1)
    i, j = np.unravel_index(int(np.argmax(score)), score.shape)
    return p0 + normal * offsets[i], p1 + normal * offsets[j]


def _long_side(quad: np.ndarray) -> float:
    """The board's width as the outline shows it: the longer of its two sides from the first
    corner (a photo taken upright shows the board's width down it)."""
    return float(max(np.linalg.norm(quad[1] - quad[0]), np.linalg.norm(quad[3] - quad[0])))


def _crossing(
    first: tuple[np.ndarray, np.ndarray], second: tuple[np.ndarray, np.ndarray]
) -> np.ndarray:
    (a0, a1), (b0, b1) = first, second
    da, db = a1 - a0, b1 - b0
    matrix = np.array([da, -db]).T
    if abs(np.linalg.det(matrix)) < 1e-9:
        middle: np.ndarray = (a1 + b0) / 2
        return middle
    t = np.linalg.solve(matrix, b0 - a0)
    result: np.ndarray = a0 + t[0] * da
    return result
