"""Where each car space is on a printed board: the layout a photo of the board is read by.

A layout is a data file in ``layouts/`` (one per map a photo can be read of), checked
against the map when it is read: every track of the map has its spaces, as many as its
length, each inside the board.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType
from typing import Any

from companion.rules.board import Board, Route
from companion.rules.errors import BoardError
from companion.rules.map_file import load_board


@dataclass(frozen=True)
class Space:
    """One car space: its centre (``u`` across the board, ``v`` down it, each a fraction of
    the board's width or height) and the angle of its long side, in degrees."""

    u: float
    v: float
    angle: float


@dataclass(frozen=True)
class Track:
    """One track of the map (a route, or one track of a double) and its spaces in order."""

    route: Route
    spaces: tuple[Space, ...]


@dataclass(frozen=True, eq=False)  # one per map, known by its identity
class Layout:
    """A printed board as a photo sees it: its size, a space's size, each track's spaces
    (in the map's route order) and each city's circle."""

    board: Board
    board_cm: tuple[float, float]
    space_cm: tuple[float, float]
    tracks: tuple[Track, ...]
    cities: Mapping[str, tuple[float, float]]

    @property
    def aspect(self) -> float:
        """The board's height over its width."""
        return self.board_cm[1] / self.board_cm[0]

    def track_of(self, route: Route) -> Track:
        """The track of one route of the board."""
        return self.tracks[self.board.routes.index(route)]


@functools.cache
def layout_ids() -> tuple[str, ...]:
    """The maps whose photos can be read."""
    files = resources.files("companion.photo").joinpath("layouts").iterdir()
    return tuple(sorted(f.name.removesuffix(".toml") for f in files if f.name.endswith(".toml")))


@functools.cache
def load_layout(map_id: str) -> Layout:
    """The layout of the map with this id, read and checked against the map."""
    if map_id not in layout_ids():
        raise BoardError(f"{map_id}.toml", "layout", f"no layout for map '{map_id}'")
    path = resources.files("companion.photo").joinpath("layouts", f"{map_id}.toml")
    return parse_layout(path.read_text(encoding="utf-8"), f"{map_id}.toml")


def parse_layout(text: str, file: str) -> Layout:
    """A layout from the text of a layout file; ``file`` names it in error messages."""

    def fail(entry: str, problem: str) -> BoardError:
        return BoardError(file, entry, problem)

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise fail("file", f"not valid TOML ({error})") from None
    known = {"map", "board_cm", "space_cm", "tracks", "cities"}
    if not isinstance(data, dict) or set(data) != known:
        raise fail("file", f"should hold exactly {', '.join(sorted(known))}")
    try:
        board = load_board(str(data["map"]))
    except BoardError as error:
        raise fail("map", error.problem) from None
    board_cm = _pair(data["board_cm"], "board_cm", fail)
    space_cm = _pair(data["space_cm"], "space_cm", fail)
    placed: dict[Route, tuple[Space, ...]] = {}
    if not isinstance(data["tracks"], list):
        raise fail("tracks", "should be a list")
    for index, entry in enumerate(data["tracks"]):
        where = f"tracks[{index}]"
        route = _route(board, entry, where, fail)
        if route in placed:
            raise fail(where, f"{route.name} track {route.track} is given twice")
        spaces = _spaces(entry.get("spaces"), where, fail)
        if len(spaces) != route.length:
            raise fail(where, f"{len(spaces)} spaces where {route.name} has {route.length}")
        placed[route] = spaces
    missing = [f"{r.name} track {r.track}" for r in board.routes if r not in placed]
    if missing:
        raise fail("tracks", f"missing {', '.join(missing)}")
    cities = data["cities"]
    if not isinstance(cities, dict) or set(cities) != set(board.cities):
        raise fail("cities", "should place every city of the map, and no other")
    return Layout(
        board=board,
        board_cm=board_cm,
        space_cm=space_cm,
        tracks=tuple(Track(r, placed[r]) for r in board.routes),
        cities=MappingProxyType(
            {name: _point(cities[name], f"cities.{name}", fail) for name in board.cities}
        ),
    )


def _route(board: Board, entry: Any, where: str, fail: Any) -> Route:
    if not isinstance(entry, dict) or not {"route", "spaces"} <= set(entry) <= {
        "route",
        "track",
        "spaces",
    }:
        raise fail(where, "should be { route = [city, city], track = n, spaces = [...] }")
    cities = entry["route"]
    if (
        not isinstance(cities, list)
        or len(cities) != 2
        or not all(isinstance(c, str) for c in cities)
    ):
        raise fail(where, "route should name two cities")
    tracks = board.routes_between(*cities) if all(c in board.cities for c in cities) else ()
    if not tracks:
        raise fail(where, f"no route joins {cities[0]} and {cities[1]}")
    number = entry.get("track", 1)
    if len(tracks) > 1 and "track" not in entry:
        raise fail(where, f"{tracks[0].name} has {len(tracks)} tracks: say which")
    chosen = [r for r in tracks if r.track == number]
    if not chosen:
        raise fail(where, f"{tracks[0].name} has no track {number!r}")
    return chosen[0]


def _spaces(value: Any, where: str, fail: Any) -> tuple[Space, ...]:
    if not isinstance(value, list):
        raise fail(where, "spaces should be a list of [u, v, angle]")
    spaces = []
    for i, space in enumerate(value):
        if (
            not isinstance(space, list)
            or len(space) != 3
            or not all(isinstance(x, int | float) and not isinstance(x, bool) for x in space)
        ):
            raise fail(f"{where}.spaces[{i}]", "should be [u, v, angle]")
        u, v = _point(space[:2], f"{where}.spaces[{i}]", fail)
        spaces.append(Space(u, v, float(space[2])))
    return tuple(spaces)


def _point(value: Any, where: str, fail: Any) -> tuple[float, float]:
    u, v = _pair(value, where, fail)
    if not (0 < u < 1 and 0 < v < 1):
        raise fail(where, "should lie inside the board (0 < u, v < 1)")
    return u, v


def _pair(value: Any, where: str, fail: Any) -> tuple[float, float]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(x, int | float) and not isinstance(x, bool) for x in value)
        or not all(x > 0 for x in value)
    ):
        raise fail(where, "should be two positive numbers")
    return float(value[0]), float(value[1])
