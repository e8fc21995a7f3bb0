"""Trains the shape model (``companion/photo/covered.npz``): whether a car space is covered
by a piece, from its patch, on the labelled photos of ``../shared/photos/``.

    .venv/bin/pip install -e '.[train]'
    .venv/bin/python benchmarks/photo_training.py          # train on every photo, write
    .venv/bin/python benchmarks/photo_training.py --check  # each game left out in turn

``--check`` trains once per game (photos of one board position, whatever the angle or the
light, are one game) on the others and reads the game left out with that model: the
figures a photo never seen in training can expect. It writes nothing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.photo_labelled import Labelled, labelled  # noqa: E402
from benchmarks.photo_reading import HEADS, measure  # noqa: E402
from companion.photo import covered, pieces  # noqa: E402
from companion.photo.layout import load_layout  # noqa: E402
from companion.photo.outline import Corners  # noqa: E402
from companion.photo.picture import open_photo  # noqa: E402
from companion.photo.sight import Sight, look  # noqa: E402

MODEL = Path(covered.__file__).with_name("covered.npz")
COLORS = tuple(pieces.PRINTED_LOOK)
HIDDEN = 32


def sight_of(photo: Labelled) -> Sight:
    opened = open_photo(photo.path.read_bytes())
    corners = Corners(tuple((float(x), float(y)) for x, y in photo.corners))
    return look(opened.pixels, corners.scaled(opened.scale), load_layout("usa"))


def samples(photo: Labelled, sight: Sight) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each space's description with its printed colour, whether it is covered, and its
    printed colour's index (spaces of a pair whose tracks aren't told apart left out)."""
    layout = load_layout("usa")
    printed = pieces.printed_colors(sight, layout)
    index = np.array([COLORS.index(c) for c in printed])
    x = np.hstack([covered.describe(sight.patches), np.eye(len(COLORS))[index]])
    y = np.array([photo.pieces[t] != "none" for t in sight.track_of_space], dtype=int)
    keep = np.ones(len(y), bool)
    if not photo.by_track:
        for t, track in enumerate(layout.tracks):
            twins = [
                i
                for i, other in enumerate(layout.tracks)
                if other.route.cities == track.route.cities
                and other.route.color == track.route.color
            ]
            if len(twins) > 1 and len({photo.pieces[i] for i in twins}) > 1:
                keep &= sight.track_of_space != t
    return x[keep], y[keep], index[keep]


def train(data: list[tuple[np.ndarray, np.ndarray, np.ndarray]]) -> dict[str, np.ndarray]:
    from sklearn.neural_network import MLPClassifier
    from sklearn.preprocessing import StandardScaler

    x = np.vstack([d[0] for d in data])
    y = np.concatenate([d[1] for d in data])
    scaler = StandardScaler().fit(x)
    net = MLPClassifier((HIDDEN,), alpha=1.0, max_iter=500, random_state=0)
    net.fit(scaler.transform(x), y)
    return {
        "colors": np.array(COLORS),
        "mean": scaler.mean_.astype(np.float32),
        "scale": scaler.scale_.astype(np.float32),
        "w1": net.coefs_[0].astype(np.float32),
        "b1": net.intercepts_[0].astype(np.float32),
        "w2": net.coefs_[1].astype(np.float32),
        "b2": net.intercepts_[1].astype(np.float32),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="leave each game out in turn")
    args = parser.parse_args()
    photos = [p for p in labelled() if p.name != "IMG_4087_flat.jpg"]  # the same as IMG_4087
    if not photos:
        sys.exit("no labelled photos: ../shared/photos/ is not here")
    sights = {p.name: sight_of(p) for p in photos}
    data = {p.name: samples(p, sights[p.name]) for p in photos}
    if not args.check:
        model = train(list(data.values()))
        np.savez_compressed(MODEL, **model)  # type: ignore[arg-type]
        spaces = sum(len(d[1]) for d in data.values())
        print(f"wrote {MODEL} from {len(photos)} photos, {spaces} spaces")
        return
    layout = load_layout("usa")
    games = sorted({p.game for p in photos})
    print(HEADS)
    wrong = 0
    for game in games:
        held = [p for p in photos if p.game == game]
        model = train([data[p.name] for p in photos if p.game != game])
        saved = covered._model
        covered._model = lambda m=model: m  # type: ignore[assignment]
        try:
            for p in held:
                row = measure(p, layout)
                wrong += 100 - row.right
                print(row.line(p.name))
        finally:
            covered._model = saved
    print(f"routes read wrong (corners given), in all: {wrong}")


if __name__ == "__main__":
    main()
