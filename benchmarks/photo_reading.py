"""The photo reading on real photos of a North America board (``../shared/photos/``, its
labels in ``photo_labels.json``): per photo, the routes read right with the corners given
and with the corners found, the corners found (their worst error, as a share of the
board's width), a record that differs from the board in 3 places (a claim left out, a
claim recorded in another colour, a claim on an empty route) checked against the photo
(the 3 flagged, and any other route flagged), and the time taken on one core.

    .venv/bin/python benchmarks/photo_reading.py

The shape model was trained on these photos (``photo_training.py --check`` leaves each game
out of its training: the figures for photos never seen).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.photo_labelled import Labelled, labelled, routes_right  # noqa: E402
from companion.photo.claims import Claim  # noqa: E402
from companion.photo.layout import Layout, load_layout  # noqa: E402
from companion.photo.picture import open_photo  # noqa: E402
from companion.photo.reading import read_opened  # noqa: E402

COLOURS = ("red", "blue", "green", "yellow", "black")


def three_mistakes(photo: Labelled, layout: Layout, seed: int) -> tuple[list[Claim], set[int]]:
    """The board's claims as a record, with three mistakes: which tracks they are on."""
    rng = random.Random(seed)
    claimed = [i for i, p in enumerate(photo.pieces) if p != "none"]
    empty = [i for i, p in enumerate(photo.pieces) if p == "none"]
    recorded = {i: photo.pieces[i] for i in claimed}
    changed: set[int] = set()
    if len(claimed) >= 2:
        left_out, recoloured = rng.sample(claimed, 2)
        del recorded[left_out]
        recorded[recoloured] = rng.choice([c for c in COLOURS if c != photo.pieces[recoloured]])
        changed |= {left_out, recoloured}
    for extra in rng.sample(empty, 3 - len(changed)):
        recorded[extra] = rng.choice(COLOURS)
        changed.add(extra)
    return [Claim(layout.tracks[i].route, c) for i, c in recorded.items()], changed


@dataclass(frozen=True)
class Measured:
    """One photo read: routes right (corners given, corners found), the corners' worst
    error (a share of the board's width), the three mistakes flagged, other routes
    flagged, and the seconds a reading with its corners found took."""

    right: int
    right_found: int
    corner_error: float
    flagged: int
    others: int
    seconds: float

    def line(self, name: str) -> str:
        return (
            f"{name:22s} {self.right:4d}/100 {self.right_found:4d}/100 {self.corner_error:7.2%} "
            f"{self.flagged:6d}/3 {self.others:7d} {self.seconds:8.2f}"
        )


HEADS = f"{'photo':22s} " + " ".join(
    f"{h:>8s}" for h in ("right", "found", "corners", "flagged", "others", "seconds")
)


def measure(photo: Labelled, layout: Layout) -> Measured:
    """Reads one labelled photo every way the benchmark does."""
    data = photo.path.read_bytes()
    started = time.process_time()
    opened = open_photo(data)
    found = read_opened(opened, layout)
    seconds = time.process_time() - started
    given = read_opened(opened, layout, photo.corners)
    truth = np.array(photo.corners)
    width = float(np.linalg.norm(truth[1] - truth[0]))
    claims, changed = three_mistakes(photo, layout, seed=len(photo.name))
    checked = read_opened(opened, layout, photo.corners, claims)
    flagged = {i for i, r in enumerate(checked.routes) if not r.agrees}
    return Measured(
        routes_right(layout, photo.pieces, [r.seen for r in given.routes]),
        routes_right(layout, photo.pieces, [r.seen for r in found.routes]),
        float(np.max(np.linalg.norm(found.corners.array() - truth, axis=1))) / width,
        len(flagged & changed),
        len(flagged - changed),
        seconds,
    )


def main() -> None:
    cv2.setNumThreads(1)  # one core, as a busy server gives a request
    layout = load_layout("usa")
    photos = list(labelled(layout))
    if not photos:
        sys.exit("no photos: ../shared/photos/ is not here")
    print(HEADS)
    rows = []
    for photo in photos:
        row = measure(photo, layout)
        rows.append(row)
        print(row.line(photo.name))
    rights = [r.right for r in rows]
    times = [r.seconds for r in rows]
    print(
        f"routes right (corners given): worst {min(rights)}, median {statistics.median(rights)}; "
        f"seconds (a photo read with its corners found): median {statistics.median(times):.2f}, "
        f"most {max(times):.2f}"
    )


if __name__ == "__main__":
    main()
