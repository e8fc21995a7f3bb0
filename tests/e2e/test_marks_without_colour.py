"""With the colour taken away (the page drawn in greyscale, as a colour-blind eye or a
black-and-white printer might see it), every player is still told apart on the board by
the mark on their trains: each claimed route carries its owner's seat number and no one
else's, and each mark stands out from its train, in grey, by at least 3:1 (WCAG's least
contrast for large text and for the parts of a picture that carry meaning).

The board is drawn wide (no phone's zoom and scroll) so that one picture holds every mark;
each mark is measured where it differs from the same picture with the marks hidden: its
pixels against the train's beneath them."""

from __future__ import annotations

import io
import json
import statistics
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from playwright.sync_api import Browser, Page

from tests.e2e.phone import go, post_record

GAMES = Path(__file__).resolve().parents[1] / "games"
SCALE = 2  # device pixels to a CSS pixel
LEAST_CONTRAST = 3.0
GREYSCALE = "html { filter: grayscale(1); } .picture { max-height: none !important; }"
HIDDEN = ".owner-mark { visibility: hidden; }"


@pytest.fixture
def wide(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(
        viewport={"width": 1300, "height": 1000}, device_scale_factor=SCALE
    )
    yield context.new_page()
    context.close()


def imported(page: Page, server: str, colors: list[str]) -> str:
    """The five-player game of the suite's records, the players' pieces in ``colors``; its
    board's address."""
    record = json.loads((GAMES / "five_players_final_round.json").read_text(encoding="utf-8"))
    record["players"] = [
        {"name": name, "color": color}
        for name, color in zip(record["players"], colors, strict=True)
    ]
    go(page, server + "/")
    return post_record(page, server, record) + "/board"


def grey_luminance(grey: float) -> float:
    """A grey's relative luminance (its sRGB value made linear)."""
    s = grey / 255
    return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4


def contrast(a: float, b: float) -> float:
    light, dark = sorted((grey_luminance(a), grey_luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def board_in_grey(page: Page) -> Image.Image:
    return Image.open(io.BytesIO(page.locator("svg.board").screenshot())).convert("L")


@pytest.mark.parametrize("palette", ["usual", "colour-blind"])
@pytest.mark.parametrize(
    "colors",
    [["red", "blue", "green", "yellow", "black"], ["white", "purple", "orange", "red", "green"]],
    ids=["red-blue-green-yellow-black", "white-purple-orange-red-green"],
)
def test_every_player_is_told_apart_by_the_marks_on_a_board_without_colour(
    wide: Page, server: str, colors: list[str], palette: str
) -> None:
    wide.context.add_cookies([{"name": "colours", "value": palette, "url": server}])
    go(wide, imported(wide, server, colors))
    seat = {name: str(i + 1) for i, name in enumerate(["Ann", "Bob", "Cy", "Dee", "Eve"])}
    wide.add_style_tag(content=GREYSCALE)
    routes = wide.evaluate(
        """() => {
            const board = document.querySelector("svg.board").getBoundingClientRect();
            return [...document.querySelectorAll("svg.board .route.claimed")].map(route => ({
                owner: route.dataset.owner,
                marks: [...route.querySelectorAll(".owner-mark")].map(mark => {
                    const box = mark.getBoundingClientRect();
                    return {text: mark.textContent, x: box.x - board.x, y: box.y - board.y,
                            width: box.width, height: box.height};
                }),
            }));
        }"""
    )
    assert {r["owner"] for r in routes} == set(seat)  # every player has claimed a route
    shown = board_in_grey(wide)
    wide.add_style_tag(content=HIDDEN)
    hidden = board_in_grey(wide)
    faint = []
    for route in routes:
        # Each route carries its owner's mark, and only theirs: on its middle car, or on
        # every car for colour-blind eyes.
        assert route["marks"], route
        assert {m["text"] for m in route["marks"]} == {seat[route["owner"]]}, route
        for mark in route["marks"]:
            box = tuple(
                round(v * SCALE)
                for v in (
                    mark["x"],
                    mark["y"],
                    mark["x"] + mark["width"],
                    mark["y"] + mark["height"],
                )
            )
            on, off = shown.crop(box), hidden.crop(box)
            difference = ImageChops.difference(on, off).tobytes()
            strongest = max(difference)
            # The mark's own pixels: where it changes the picture most (its edges blur).
            core = [i for i, d in enumerate(difference) if d and d >= strongest / 2]
            assert len(core) >= 12, (route["owner"], mark)  # a mark is drawn, not a speck
            ink = statistics.median(on.tobytes()[i] for i in core)
            train = statistics.median(off.tobytes()[i] for i in core)
            if contrast(ink, train) < LEAST_CONTRAST:
                faint.append((route["owner"], mark["text"], round(contrast(ink, train), 2)))
    assert faint == []
