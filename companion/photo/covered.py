"""Whether a car space is covered by a piece, from its shape rather than its colour.

A printed space is a flat rectangle with a light border and a small icon; a piece is a
block with ridges, a lit top, a dark side and a shadow, leaning with the photo's angle.
Each space's patch (upright, with a margin) is described by the directions of its edges
cell by cell (a histogram of oriented gradients), its lightness and colour pattern made
small, and its colour's mean and spread; a small neural network, trained on labelled
photos of real boards (``benchmarks/photo_training.py``), weighs the description.
"""

from __future__ import annotations

import functools
from importlib import resources

import numpy as np

CELL = 8  # pixels: the patch (48 × 32) is 6 × 4 cells
BINS = 9  # directions of an edge, over 180°
SMALL = (12, 8)  # the patch made small: 12 × 8 points, its colours centred and scaled


def describe(patches: np.ndarray) -> np.ndarray:
    """Each patch's description (patches × features); ``patches`` are spaces × 32 × 48 ×
    Lab (L* 0–100)."""
    count, height, width, _channels = patches.shape
    lightness = patches[..., 0].astype(np.float32)
    gx = np.zeros_like(lightness)
    gy = np.zeros_like(lightness)
    gx[:, :, 1:-1] = lightness[:, :, 2:] - lightness[:, :, :-2]
    gy[:, 1:-1, :] = lightness[:, 2:, :] - lightness[:, :-2, :]
    magnitude = np.hypot(gx, gy)
    direction = (np.degrees(np.arctan2(gy, gx)) % 180.0) / (180.0 / BINS)
    low = np.floor(direction).astype(np.int64) % BINS
    share = direction - np.floor(direction)
    high = (low + 1) % BINS
    rows, cols = height // CELL, width // CELL
    cell = (np.arange(height)[:, None] // CELL) * cols + (np.arange(width)[None, :] // CELL)
    base = np.arange(count)[:, None, None] * (rows * cols) + cell[None]
    size = count * rows * cols * BINS
    hist = np.bincount(
        (base * BINS + low).ravel(), (magnitude * (1 - share)).ravel(), size
    ) + np.bincount((base * BINS + high).ravel(), (magnitude * share).ravel(), size)
    hist = hist.reshape(count, rows * cols * BINS)
    norm = np.linalg.norm(hist, axis=1, keepdims=True)
    edges = np.hstack([hist / (norm + 1e-3), np.log1p(norm)])
    small = patches.reshape(count, SMALL[1], height // SMALL[1], SMALL[0], width // SMALL[0], 3)
    small = small.mean(axis=(2, 4)).reshape(count, -1, 3)
    mean = small.mean(axis=1, keepdims=True)
    spread = small.std(axis=1, keepdims=True)
    pattern = ((small - mean) / (spread + 3.0)).reshape(count, -1)
    return np.hstack([edges, pattern, mean[:, 0], spread[:, 0]]).astype(np.float32)


@functools.cache
def _model() -> dict[str, np.ndarray]:
    path = resources.files("companion.photo").joinpath("covered.npz")
    with path.open("rb") as file, np.load(file) as data:
        return {name: data[name] for name in data.files}


def covered_odds(descriptions: np.ndarray, printed: np.ndarray) -> np.ndarray:
    """Each space's log-odds of being covered by a piece, from its description and the
    index of its printed colour (``printed_index``)."""
    model = _model()
    onehot = np.eye(len(model["colors"]))[printed]
    x = np.hstack([descriptions, onehot])
    x = (x - model["mean"]) / model["scale"]
    hidden = np.maximum(x @ model["w1"] + model["b1"], 0.0)
    result: np.ndarray = (hidden @ model["w2"] + model["b2"]).ravel()
    return result


def printed_index(colors: np.ndarray) -> np.ndarray:
    """Each printed colour's index among the model's colours."""
    known = [str(c) for c in _model()["colors"]]
    return np.array([known.index(c) for c in colors])
