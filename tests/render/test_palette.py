"""The pages' two looks (companion/render/palette.py): in the light look and in the dark
one, every writing colour reads on every ground the pages put it on, as WCAG's AA asks of
text (4.5:1); and the dark look is dark, the light one light."""

from __future__ import annotations

import pytest

from companion.render.palette import DARK_LOOK, LIGHT_LOOK, contrast, luminance, palette_css

# Each writing colour, and the grounds static/style.css writes it on.
WRITTEN_ON = {
    "ink": ["paper", "card", "control", "field", "soft", "note", "problem", "warn", "taken",
            "chosen", "acting", "tag"],
    "hint": ["paper", "card", "field", "acting"],
    "link": ["paper", "card", "note", "problem"],
    "accent-ink": ["paper", "card"],
    "ok": ["paper", "card", "note"],
    "bad": ["paper", "card", "field", "offline", "problem"],
    "muted": ["card", "field", "taken"],
    "offline-ink": ["offline"],
    "sea-ink": ["sea"],
}  # fmt: skip


@pytest.mark.parametrize("look", [LIGHT_LOOK, DARK_LOOK], ids=["light", "dark"])
def test_every_writing_reads_on_every_ground_it_is_put_on(look):
    unreadable = [
        f"{ink} on {ground}: {contrast(look[ink], look[ground]):.2f}"
        for ink, grounds in WRITTEN_ON.items()
        for ground in grounds
        if contrast(look[ink], look[ground]) < 4.5
    ]
    assert unreadable == []


def test_both_looks_name_the_same_colours():
    assert LIGHT_LOOK.keys() == DARK_LOOK.keys()


def test_the_dark_look_is_dark_and_the_light_look_light():
    for ground in ("paper", "card", "field", "control"):
        assert luminance(DARK_LOOK[ground]) < 0.05 < 0.6 < luminance(LIGHT_LOOK[ground])


def test_a_phone_set_to_dark_and_telegrams_dark_theme_take_the_dark_look():
    css = palette_css()
    assert "@media (prefers-color-scheme: dark) { :root:not([data-telegram=light])" in css
    assert ":root[data-telegram=dark] {" in css
    assert f"--paper: {DARK_LOOK['paper']};" in css and f"--paper: {LIGHT_LOOK['paper']};" in css
