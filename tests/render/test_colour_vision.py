"""The players' colours as colour-blind eyes see them: each colour simulated under
protanopia, deuteranopia and tritanopia (Machado, Oliveira and Fernandes 2009, full
severity, as the colour-science library gives the matrices), and every two compared by
CIEDE2000 in CIELAB. Two colours closer than 10 are hard to tell apart at a glance (2.3
is a just-noticeable difference; 10 is a difference seen across a table)."""

from __future__ import annotations

import itertools
import warnings

import numpy as np
import pytest

from companion.render.palette import COLOR_BLIND_PIECES, HARD_TO_TELL, PIECE_COLORS, Piece

with warnings.catch_warnings():  # it warns of the plotting it can't do without matplotlib
    warnings.simplefilter("ignore")
    import colour

APART = 10.0  # CIEDE2000
DEFICIENCIES = ["Protanomaly", "Deuteranomaly", "Tritanomaly"]


def _seen(colors: dict[str, str], deficiency: str | None) -> dict[str, np.ndarray]:
    """Each colour in CIELAB as seen with ``deficiency`` (None: as it is)."""
    rgb = np.array([[int(c[i : i + 2], 16) / 255 for i in (1, 3, 5)] for c in colors.values()])
    linear = colour.models.eotf_sRGB(rgb)
    if deficiency is not None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # tritanomaly's matrices are an approximation
            matrix = colour.blindness.matrix_cvd_Machado2009(deficiency, 1.0)
        linear = np.clip(linear @ matrix.T, 0, 1)
    xyz = colour.RGB_to_XYZ(linear, colour.RGB_COLOURSPACES["sRGB"], apply_cctf_decoding=False)
    return dict(zip(colors, colour.XYZ_to_Lab(xyz), strict=True))


def _distances(colors: dict[str, str], deficiency: str | None) -> dict[frozenset[str], float]:
    seen = _seen(colors, deficiency)
    return {
        frozenset({a, b}): float(colour.delta_E(seen[a], seen[b], method="CIE 2000"))
        for a, b in itertools.combinations(colors, 2)
    }


@pytest.mark.parametrize("deficiency", [None, *DEFICIENCIES])
def test_the_colour_blind_pieces_stay_apart_for_every_eye(deficiency):
    close = {
        tuple(sorted(pair)): round(d, 1)
        for pair, d in _distances(COLOR_BLIND_PIECES, deficiency).items()
        if d < APART
    }
    assert close == {}


def test_the_colour_blind_palette_names_every_piece_colour():
    assert set(COLOR_BLIND_PIECES) == set(PIECE_COLORS)


def test_the_pairs_hard_to_tell_are_those_the_simulation_finds_close():
    close = {
        pair
        for deficiency in DEFICIENCIES
        for pair, d in _distances(PIECE_COLORS, deficiency).items()
        if d < APART
    }
    assert close == HARD_TO_TELL
    assert frozenset({"red", "green"}) in close  # the pair everyone knows


def test_the_usual_pieces_are_far_apart_for_ordinary_eyes():
    assert min(_distances(PIECE_COLORS, None).values()) >= APART


@pytest.mark.parametrize(
    "palette", [PIECE_COLORS, COLOR_BLIND_PIECES], ids=["usual", "colour-blind"]
)
def test_a_players_mark_reads_on_their_pieces_at_the_contrast_text_needs(palette):
    """The mark in a dot is small text: WCAG AA asks 4.5:1 of it, on every piece (worked
    out here from WCAG's definition, apart from the palette's own)."""

    def luminance(hex_color: str) -> float:
        channels = [int(hex_color[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    for name, color in palette.items():
        ink = Piece(color, "1").ink
        light, dark = sorted((luminance(color), luminance(ink)), reverse=True)
        assert (light + 0.05) / (dark + 0.05) >= 4.5, (name, color, ink)
