"""The labelled photos of a real North America board (``../shared/photos/``), for the photo
benchmark and the training of the shape model: each photo's corners and what stands on
each track (``photo_labels.json``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from companion.photo.layout import Layout, load_layout

HERE = Path(__file__).resolve().parent
PHOTOS = HERE.parent.parent / "shared" / "photos"
LABELS = HERE / "photo_labels.json"


@dataclass(frozen=True)
class Labelled:
    """One photo: its file, the corners a player would tap, the pieces on each track of the
    layout (in its order), and whether a double of one printed colour has its pieces given
    track by track (else only as a pair)."""

    name: str
    path: Path
    corners: list[list[float]]
    pieces: tuple[str, ...]
    by_track: bool

    @property
    def game(self) -> tuple[str, ...]:
        """The board's position: photos of one position, from other angles and lights,
        share it (they are one game, kept together when training is checked)."""
        return self.pieces


def labelled(layout: Layout | None = None) -> Iterator[Labelled]:
    """Every labelled photo there is (none where ``../shared/photos`` is not)."""
    layout = layout or load_layout("usa")
    if not (PHOTOS / "photos.json").is_file():
        return
    corners = json.loads((PHOTOS / "photos.json").read_text(encoding="utf-8"))
    labels = json.loads(LABELS.read_text(encoding="utf-8"))["photos"]
    for name, entry in labels.items():
        tracks = entry["tracks"]
        for track, row in zip(layout.tracks, tracks, strict=True):
            assert list(track.route.cities) == row["route"], (name, row)
        yield Labelled(
            name,
            PHOTOS / name,
            corners[name]["corners"],
            tuple(row["pieces"] for row in tracks),
            entry["source"] != "photos.json",
        )


def same_printed_doubles(layout: Layout) -> list[list[int]]:
    """The tracks of each double of one printed colour (by track index): a photo can't say
    which of them the table calls track 1."""
    groups: dict[tuple[str, str, str], list[int]] = {}
    for index, track in enumerate(layout.tracks):
        groups.setdefault((*track.route.cities, track.route.color), []).append(index)
    return [g for g in groups.values() if len(g) > 1]


def routes_right(layout: Layout, truth: tuple[str, ...], seen: list[str]) -> int:
    """How many of the 100 tracks are read right, a double of one printed colour counted as
    a pair (its readings in either order)."""
    right = 0
    pairs = same_printed_doubles(layout)
    paired = {i for g in pairs for i in g}
    for i, (t, s) in enumerate(zip(truth, seen, strict=True)):
        if i not in paired:
            right += t == s
    for group in pairs:
        want = sorted(truth[i] for i in group)
        got = [seen[i] for i in group]
        for colour in got:
            if colour in want:
                want.remove(colour)
                right += 1
    return right
