"""Photos of a North America board made for the tests: the board drawn (paper, score track,
cities, every printed car space with its light border and icon), pieces stood on some
routes (blocks with a lit top, a dark side, a shadow, leaning with the angle), then
photographed as a phone would: turned, in perspective, on a table, under a coloured
light with a shadow across it, a little blurred and noisy, saved as JPEG.

Nothing here comes from a real photo; ``benchmarks/photo_reading.py`` reads the real ones.
"""

from __future__ import annotations

import io
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

import cv2
import numpy as np
from PIL import Image

from companion.photo.layout import Layout, load_layout
from companion.rules.board import Route

BOARD_WIDTH = 1600  # the drawn board, before it is photographed

PRINTED = {  # RGB of the printed route colours
    "red": (196, 58, 48),
    "blue": (52, 112, 186),
    "green": (150, 190, 62),
    "yellow": (236, 200, 44),
    "black": (48, 48, 64),
    "white": (236, 234, 222),
    "orange": (228, 128, 44),
    "purple": (204, 112, 168),
    "gray": (164, 162, 158),
}
PIECES = {  # RGB of the plastic
    "red": (188, 30, 34),
    "blue": (24, 118, 198),
    "green": (24, 98, 62),
    "yellow": (246, 212, 24),
    "black": (30, 30, 32),
}
PAPER = (196, 200, 202)
TRACK_RED = (128, 32, 28)


@dataclass(frozen=True)
class BoardPhoto:
    """A photo made: its JPEG bytes, the board's corners in it, and the pieces on each
    track (by the layout's track index; the rest are empty)."""

    jpeg: bytes
    corners: list[list[float]]
    pieces: Mapping[int, str]
    width: int
    height: int


def random_claims(seed: int, share: float = 0.6, layout: Layout | None = None) -> dict[int, str]:
    """Pieces on about ``share`` of the tracks, in the five colours at random; never one
    colour on both tracks of a double (a player can't hold both)."""
    layout = layout or load_layout("usa")
    rng = np.random.default_rng(seed)
    colours = list(PIECES)
    claims: dict[int, str] = {}
    for i, track in enumerate(layout.tracks):
        if rng.random() >= share:
            continue
        taken = {claims[j] for j in claims if layout.tracks[j].route.cities == track.route.cities}
        free = [c for c in colours if c not in taken]
        claims[i] = free[int(rng.integers(len(free)))]
    return claims


def game_end(
    most: int,
    named: Mapping[int, str] | None = None,
    empty: Collection[int] = (),
    colours: Sequence[str] = ("blue", "green", "red"),
    layout: Layout | None = None,
) -> dict[int, str]:
    """A board at a game's end for these colours (of three players): the ``named`` tracks,
    then two tracks of every three in turn, each to the next colour that has trains left
    (``most`` each) and is not the track's printed colour, one track of each double (three
    players use only one), the ``empty`` tracks left so."""
    layout = layout or load_layout("usa")
    claims = dict(named or {})
    used = {
        c: sum(layout.tracks[i].route.length for i, k in claims.items() if k == c) for c in colours
    }
    taken = {layout.tracks[i].route.cities for i in claims}
    for i, track in enumerate(layout.tracks):
        route = track.route
        if i in claims or i in empty or route.cities in taken or i % 3 == 0:
            continue
        for k in range(len(colours)):
            colour = colours[(len(claims) + k) % len(colours)]
            if colour != route.color and used[colour] + route.length <= most:
                claims[i] = colour
                used[colour] += route.length
                taken.add(route.cities)
                break
    return claims


def board_photo(
    pieces: Mapping[int, str],
    seed: int = 0,
    size: tuple[int, int] = (1280, 960),
    table: str = "wood",
    light: tuple[float, float, float] = (1.0, 1.0, 1.0),
    tilt: float = 0.06,
    quality: int = 88,
    layout: Layout | None = None,
) -> BoardPhoto:
    """A phone's photo of the board with ``pieces`` on it (track index → colour)."""
    layout = layout or load_layout("usa")
    rng = np.random.default_rng(seed)
    flat = _board(layout, pieces, rng)
    width, height = size
    corners = _corners(rng, width, height, tilt, flat.shape[1] / flat.shape[0])
    source = np.array(
        [[0, 0], [flat.shape[1], 0], [flat.shape[1], flat.shape[0]], [0, flat.shape[0]]],
        dtype=np.float32,
    )
    homography = cv2.getPerspectiveTransform(source, np.array(corners, dtype=np.float32))
    photo = _table(table, width, height, rng)
    warped = cv2.warpPerspective(flat, homography, (width, height), flags=cv2.INTER_AREA)
    inside = (
        cv2.warpPerspective(
            np.full(flat.shape[:2], 255, np.uint8), homography, (width, height)
        ).astype(np.float32)[..., None]
        / 255.0
    )
    photo = photo * (1 - inside) + warped.astype(np.float32) * inside
    photo = _lit(photo, rng, light)
    photo = cv2.GaussianBlur(photo, (3, 3), 0.7)
    photo = photo + rng.normal(0, 3.0, photo.shape)
    image = Image.fromarray(np.clip(photo, 0, 255).astype(np.uint8))
    out = io.BytesIO()
    image.save(out, "JPEG", quality=quality)
    return BoardPhoto(out.getvalue(), corners, dict(pieces), width, height)


def _corners(
    rng: np.random.Generator, width: int, height: int, tilt: float, aspect: float
) -> list[list[float]]:
    """The board's corners: most of the photo, turned a little, in a little perspective."""
    board_w = width * rng.uniform(0.78, 0.86)
    board_h = board_w / aspect
    centre = np.array([width / 2, height / 2]) + rng.uniform(-0.03, 0.03, 2) * [width, height]
    angle = np.radians(rng.uniform(-4, 4))
    turn = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    box = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * [board_w / 2, board_h / 2]
    squeeze = rng.uniform(-tilt, tilt)  # the far edge seen shorter
    box[:2, 0] *= 1 - squeeze
    box[2:, 0] *= 1 + squeeze
    points = box @ turn.T + centre + rng.normal(0, 4, (4, 2))
    return [[float(x), float(y)] for x, y in points]


def _board(layout: Layout, pieces: Mapping[int, str], rng: np.random.Generator) -> np.ndarray:
    width = BOARD_WIDTH
    height = round(width * layout.aspect)
    board = np.empty((height, width, 3), np.float32)
    board[:] = PAPER
    # The map's relief: soft blotches of lighter and darker paper, and thin borders.
    relief = cv2.GaussianBlur(rng.normal(0, 1, (height // 16, width // 16)), (0, 0), 2)
    relief = cv2.resize(relief, (width, height))[..., None]
    board += relief * 10
    board = np.clip(board, 0, 255).astype(np.uint8)
    for _line in range(40):
        p = rng.uniform([0, 0], [width, height], (2, 2)).astype(int)
        cv2.line(board, tuple(map(int, p[0])), tuple(map(int, p[1])), (150, 156, 160), 1)
    cm = width / layout.board_cm[0]
    _score_track(board, cm)
    for name, (u, v) in layout.cities.items():
        centre = (int(u * width), int(v * height))
        cv2.putText(
            board,
            name.upper(),
            (centre[0] + 12, centre[1] + 26),
            cv2.FONT_HERSHEY_SIMPLEX,
            0.5,
            (92, 60, 40),
            1,
            cv2.LINE_AA,
        )
        cv2.circle(board, centre, int(0.55 * cm), (90, 40, 20), -1, cv2.LINE_AA)
        cv2.circle(board, centre, int(0.45 * cm), (214, 110, 48), -1, cv2.LINE_AA)
        cv2.circle(board, (centre[0] - 2, centre[1] - 2), int(0.15 * cm), (250, 200, 150), -1)
    length, breadth = layout.space_cm[0] * cm, layout.space_cm[1] * cm
    for track in layout.tracks:
        for space in track.spaces:
            _printed_space(
                board,
                (space.u * width, space.v * height),
                space.angle,
                length,
                breadth,
                track.route,
            )
    # The camera stands over the board's middle, a little to one side: pieces lean away.
    nadir = np.array([width, height]) * rng.uniform(0.35, 0.65, 2)
    lean = rng.uniform(0.008, 0.014)
    for index, colour in pieces.items():
        for space in layout.tracks[index].spaces:
            # Set down a little off its space.
            where = np.array([space.u * width, space.v * height]) + rng.normal(0, 0.06 * breadth, 2)
            _piece(
                board,
                where,
                space.angle + rng.normal(0, 3),
                length,
                breadth,
                PIECES[colour],
                (where - nadir) * lean,
            )
    return board


def _score_track(board: np.ndarray, cm: float) -> None:
    height, width = board.shape[:2]
    band = int(1.75 * cm)
    board[:band] = TRACK_RED
    board[-band:] = TRACK_RED
    board[:, :band] = TRACK_RED
    board[:, -band:] = TRACK_RED
    step = int(2.0 * cm)
    # Numbered boxes along the top and the bottom, then down the two sides.
    boxes = [
        (x, y, step, band) for x in range(band, width - band, step) for y in (0, height - band)
    ]
    boxes += [
        (x, y, band, step) for y in range(band, height - band, step) for x in (0, width - band)
    ]
    for x, y, w, h in boxes:
        cv2.rectangle(board, (x + 3, y + 3), (x + w - 3, y + h - 3), (150, 40, 34), -1)
        cv2.putText(
            board,
            str((x + y) % 97),
            (x + 7, y + h - 10),
            cv2.FONT_HERSHEY_SIMPLEX,
            0.6,
            (236, 220, 180),
            2,
            cv2.LINE_AA,
        )
    for x, y in (
        (band // 2, band // 2),
        (width - band // 2, band // 2),
        (width - band // 2, height - band // 2),
        (band // 2, height - band // 2),
    ):
        cv2.circle(board, (x, y), band // 2, (170, 184, 196), -1, cv2.LINE_AA)


def _printed_space(
    board: np.ndarray,
    centre: tuple[float, float],
    angle: float,
    length: float,
    breadth: float,
    route: Route,
) -> None:
    colour = PRINTED[route.color]
    outer = cv2.boxPoints((centre, (length, breadth), angle)).astype(np.int32)
    inner = cv2.boxPoints((centre, (length - 5, breadth - 5), angle)).astype(np.int32)
    cv2.fillPoly(board, [outer], (70, 60, 52), cv2.LINE_AA)
    cv2.fillPoly(
        board,
        [cv2.boxPoints((centre, (length - 2, breadth - 2), angle)).astype(np.int32)],
        (238, 232, 214),
        cv2.LINE_AA,
    )
    cv2.fillPoly(board, [inner], colour, cv2.LINE_AA)
    icon = tuple(min(255, c + 60) for c in colour)
    cv2.ellipse(
        board,
        (int(centre[0]), int(centre[1])),
        (int(breadth * 0.22), int(breadth * 0.16)),
        angle,
        0,
        360,
        icon,
        1,
        cv2.LINE_AA,
    )


def _piece(
    board: np.ndarray,
    centre: np.ndarray,
    angle: float,
    length: float,
    breadth: float,
    colour: tuple[int, int, int],
    lean: np.ndarray,
) -> None:
    size = (length * 0.96, breadth * 0.8)
    shadow = np.zeros(board.shape[:2], np.float32)
    cv2.fillPoly(
        shadow,
        [cv2.boxPoints((tuple(centre - lean * 0.6 + [3, 4]), size, angle)).astype(np.int32)],
        1.0,
    )
    soft = cv2.GaussianBlur(shadow, (0, 0), 3)[..., None]
    board[:] = (board * (1 - 0.45 * soft)).astype(np.uint8)
    dark = tuple(c * 0.55 for c in colour)
    base = cv2.boxPoints((tuple(centre), size, angle))
    top = cv2.boxPoints((tuple(centre + lean), size, angle))
    body = cv2.convexHull(np.vstack([base, top])).astype(np.int32)
    cv2.fillPoly(board, [body], dark, cv2.LINE_AA)  # its sides, in its own shade
    cv2.fillPoly(board, [top.astype(np.int32)], colour, cv2.LINE_AA)
    light = tuple(min(255.0, c * 1.25 + 30) for c in colour)
    ridge = cv2.boxPoints((tuple(centre + lean), (size[0] * 0.8, size[1] * 0.22), angle))
    cv2.fillPoly(board, [ridge.astype(np.int32)], light, cv2.LINE_AA)
    for k in (-0.3, 0.0, 0.3):  # the moulded panels
        along = np.array([np.cos(np.radians(angle)), np.sin(np.radians(angle))]) * size[0] * k
        p = centre + lean + along
        cv2.circle(board, (int(p[0]), int(p[1])), max(1, int(size[1] * 0.12)), dark, -1)


def _table(kind: str, width: int, height: int, rng: np.random.Generator) -> np.ndarray:
    if kind == "checks":
        y, x = np.mgrid[0:height, 0:width]
        cells = ((x // 60) + (y // 60)) % 2
        table = np.where(cells[..., None] == 0, 235.0, 30.0) * np.ones(3)
    elif kind == "cloth":
        table = np.empty((height, width, 3), np.float32)
        table[:] = (40, 70, 50)
    else:  # light wood, its grain along the photo
        grain = cv2.GaussianBlur(rng.normal(0, 1, (height, width // 8)), (0, 0), sigmaX=1, sigmaY=6)
        grain = cv2.resize(grain, (width, height))
        table = np.stack([196 + 20 * grain, 160 + 16 * grain, 112 + 12 * grain], axis=-1)
    return table.astype(np.float32) + rng.normal(0, 4, (height, width, 3))


def _lit(
    photo: np.ndarray, rng: np.random.Generator, light: tuple[float, float, float]
) -> np.ndarray:
    """Under a coloured light, brighter on one side, with a soft shadow across a corner."""
    height, width = photo.shape[:2]
    y, x = np.mgrid[0:height, 0:width].astype(np.float32)
    direction = rng.uniform(-1, 1, 2)
    gradient = 1.0 + 0.12 * ((x / width - 0.5) * direction[0] + (y / height - 0.5) * direction[1])
    shadow = np.ones((height, width), np.float32)
    cx, cy = rng.uniform(0, width), rng.uniform(0, height)
    shadow -= 0.18 * np.exp(-(((x - cx) / (0.3 * width)) ** 2 + ((y - cy) / (0.3 * height)) ** 2))
    lit: np.ndarray = photo * (gradient * shadow)[..., None] * np.array(light, np.float32)
    return lit
