"""The colours the companion draws with, in one place: the routes and cards by the rule
books' colour names, the players' pieces, the map (paper, water, cities, names), the
charts, and the companion's own (its accent and its pages' paper). The board picture, the
charts, the PDF and the result card draw with them, and the pages' styles take them from
``palette_css`` (served as ``/palette.css``), so each is written once. (The icons are
pictures drawn in the accent and the paper.)"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.rules import colors
from companion.rules.setup import Player

ROUTE_COLORS = {
    "purple": "#9b59b6",
    "blue": "#2f6fd6",
    "orange": "#ef8a17",
    "white": "#f7f7f2",
    "green": "#2e9e55",
    "yellow": "#f2c81c",
    "black": "#262626",
    "red": "#d33131",
    "gray": "#a7a7a7",
}
# A free space's outline, where its colour would not show on the map's paper.
OUTLINES = {"white": "#9d9d94", "gray": "#8a8a8a"}
PIECE_COLORS = {
    "red": "#c0262d",
    "blue": "#1f5fbf",
    "green": "#1f8a47",
    "yellow": "#e0b400",
    "black": "#1b1b1b",
    "white": "#f2f2f2",
    "purple": "#7d3c98",
    "orange": "#e67e22",
}
# The same pieces for colour-blind eyes: each colour moved toward one of Okabe and Ito's
# colours (vermilion for red, bluish green for green, sky blue's deeper kin for blue...),
# which stay apart under protanopia, deuteranopia and tritanopia
# (tests/render/test_colour_vision.py measures it: CIEDE2000 ≥ 10 between any two).
COLOR_BLIND_PIECES = {
    "red": "#d55e00",
    "blue": "#0072b2",
    "green": "#009e73",
    "yellow": "#f0e442",
    "black": "#000000",
    "white": "#f2f2f2",
    "purple": "#cc79a7",
    "orange": "#e69f00",
}
# Pairs of the usual pieces that a colour-blind player can hardly tell apart (closer than
# CIEDE2000 10 under one of the three deficiencies, as the same test measures).
HARD_TO_TELL = frozenset(
    {
        frozenset({"red", "green"}),
        frozenset({"blue", "purple"}),
        frozenset({"green", "orange"}),
        frozenset({"yellow", "orange"}),
    }
)
BLACK, WHITE = "#000000", "#ffffff"
PAPER = "#efe6cf"  # the map's
WATER = "#a9d1ef"
INK = "#1b1b1b"
CITY_DOT = "#7a1f1f"
CITY_NAME = "#3b1010"
COUNTRY_NAME = "#5a3a10"
# The charts: their background, grid, zero line, the last turn's line, their words.
CHART = "#ffffff"
GRID = "#e2dccd"
ZERO = "#999999"
LAST_TURN = "#bbbbbb"
LABEL = "#555555"
# The companion's own: its accent (the bar, the buttons, the phone's theme) and its pages'
# paper.
ACCENT = "#a4262c"
PAGE = "#fbf8f1"

# The pages' own colours, each a custom property of their style (static/style.css): the
# light look, and the dark one a phone set to dark (or Telegram's dark theme) is shown.
# Each writing colour reads on each ground it is put on (tests/render/test_palette.py).
# The board, the charts and the cards' pictures keep their own colours in both.
LIGHT_LOOK = {
    "paper": PAGE,  # the page
    "card": "#ffffff",  # a card, the bar, a sheet
    "ink": "#1d1d1f",  # writing
    "hint": "#5f5f5f",  # writing that says less
    "line": GRID,  # a card's edge, a rule between lines
    "ok": "#1f7a3d",
    "bad": "#b3261e",
    "link": "#7c1b20",
    "accent-ink": ACCENT,  # the accent as writing
    "control": "#f4efe3",  # a button
    "edge": "#b9b2a0",  # a button's or a field's edge
    "field": "#ffffff",  # what is typed or chosen in, a route's claim button
    "soft": "#efe9dc",  # a chip, code
    "note": "#e8f3ea",  # what the last tap did
    "problem": "#fbe9e7",  # a refusal
    "warn": "#fff3cd",  # the final round
    "taken": "#f1f1f1",  # a route taken or refused
    "muted": "#595959",  # writing on it, a local name
    "chosen": "#fff5f3",  # the player chosen
    "acting": "#faf7f0",  # the others in the bar
    "tag": "#e6e6e6",  # a route's kind, its owner
    "offline": "#fff4cc",  # the strip without the connection
    "offline-ink": "#3a2e00",
    "sea": "#d6e9f8",  # a sea route's tag
    "sea-ink": "#124a78",
    "swatch-edge": "#6b6b6b",  # a colour's swatch, a player's dot: its outline
}
DARK_LOOK = {
    "paper": "#121416",
    "card": "#1e2124",
    "ink": "#ececec",
    "hint": "#a9a9a9",
    "line": "#3a3e44",
    "ok": "#72d291",
    "bad": "#ff9288",
    "link": "#ffa3a7",
    "accent-ink": "#ff8f95",
    "control": "#2c3035",
    "edge": "#5d636b",
    "field": "#17191c",
    "soft": "#30343a",
    "note": "#17301f",
    "problem": "#3b1e1b",
    "warn": "#3a3113",
    "taken": "#27292d",
    "muted": "#a3a3a3",
    "chosen": "#3a2326",
    "acting": "#25282c",
    "tag": "#383c42",
    "offline": "#3a3113",
    "offline-ink": "#f5e4a3",
    "sea": "#1b3146",
    "sea-ink": "#b5d8f5",
    "swatch-edge": "#c9c9c9",
}


SEAT_PIECES = colors.PIECE_COLORS  # a player of no colour, by seat


def piece_name(color: str | None, seat: int) -> str:
    """The colour of a player's pieces by name: their own, else the one their seat takes."""
    if color and color.casefold() in PIECE_COLORS:
        return color.casefold()
    return SEAT_PIECES[seat % len(SEAT_PIECES)]


def piece_color(color: str | None, seat: int, colour_blind: bool = False) -> str:
    """A CSS colour for a player's pieces (by their colour, else by seat); with
    ``colour_blind``, from the palette that stays apart for colour-blind eyes."""
    return (COLOR_BLIND_PIECES if colour_blind else PIECE_COLORS)[piece_name(color, seat)]


@dataclass(frozen=True)
class Piece:
    """A player's pieces as drawn: their colour, and their mark (the seat's number), which
    tells them apart wherever colour can't: on the board's trains, in the charts, beside
    their name."""

    color: str  # CSS
    mark: str

    @property
    def ink(self) -> str:
        """The mark's colour on the piece's: black or white, whichever stands out more
        (at least 4.5:1 on every piece of both palettes, as text must)."""
        return BLACK if contrast(self.color, BLACK) >= contrast(self.color, WHITE) else WHITE


def pieces(players: Sequence[Player], colour_blind: bool = False) -> dict[str, Piece]:
    """Each player's pieces by name (``players`` in seat order), marked 1, 2, 3..."""
    return {
        p.name: Piece(piece_color(p.color, seat, colour_blind), str(seat + 1))
        for seat, p in enumerate(players)
    }


def piece_names(players: Sequence[Player]) -> dict[str, str]:
    """Each player's pieces' colour by name (``players`` in seat order)."""
    return {p.name: piece_name(p.color, seat) for seat, p in enumerate(players)}


def hard_to_tell(colors: list[str | None]) -> list[tuple[str, str]]:
    """The pairs of these players' colours (by seat) that colour-blind eyes can hardly
    tell apart, each once, in seat order."""
    named = [piece_name(color, seat) for seat, color in enumerate(colors)]
    found: list[tuple[str, str]] = []
    for i, a in enumerate(named):
        for b in named[i + 1 :]:
            if frozenset({a, b}) in HARD_TO_TELL and (a, b) not in found:
                found.append((a, b))
    return found


def tint(color: str, paper: float = 0.72) -> str:
    """``color`` mixed with white: the fill of a free space."""
    rgb = [int(color[i : i + 2], 16) for i in (1, 3, 5)]
    mixed = [round(c + (255 - c) * paper) for c in rgb]
    return "#" + "".join(f"{c:02x}" for c in mixed)


def luminance(color: str) -> float:
    """``color``'s relative luminance, as WCAG defines it (0 black, 1 white)."""

    def linear(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(int(color[i : i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(a: str, b: str) -> float:
    """WCAG's contrast ratio of two colours (1 to 21)."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def light(color: str) -> bool:
    """Whether dark writing (``INK``) reads better on ``color`` than white does."""
    return contrast(color, INK) >= contrast(color, WHITE)


def _look(colours: dict[str, str]) -> str:
    return " ".join(f"--{name}: {colour};" for name, colour in colours.items())


def palette_css() -> str:
    """The pages' colours as CSS: each route colour and card as a swatch, each goods colour,
    and the map's paper and water as custom properties."""
    dark = _look(DARK_LOOK) + " color-scheme: dark;"
    lines = [
        f":root {{ --accent: {ACCENT}; --map-paper: {PAPER};"
        f" --map-water: {WATER}; --map-ink: {INK}; --city-name: {CITY_NAME};"
        f" --country-name: {COUNTRY_NAME}; {_look(LIGHT_LOOK)} color-scheme: light; }}",
        # A phone set to dark (unless Telegram's light theme says otherwise), or Telegram's
        # dark theme (static/telegram_page.js marks the page).
        f"@media (prefers-color-scheme: dark) {{ :root:not([data-telegram=light]) {{ {dark} }} }}",
        f":root[data-telegram=dark] {{ {dark} }}",
    ]
    for name, color in ROUTE_COLORS.items():
        ink = INK if light(color) else "#fff"
        lines.append(f".swatch.{name} {{ background: {color}; }}")
        lines.append(f".goods.{name} {{ background: {color}; color: {ink}; }}")
    loco = ", ".join(ROUTE_COLORS[c] for c in ("red", "yellow", "green", "blue"))
    plus_four = ", ".join(ROUTE_COLORS[c] for c in ("black", "purple"))
    red = ROUTE_COLORS["red"]
    lines.append(f".mark.free {{ background: {tint(red)}; border: 2px solid {red}; }}")
    ferry = f"radial-gradient(circle, {INK} 30%, #eee 34%)"
    lines.append(f".mark.ferry {{ background: {ferry}; border: 2px solid {OUTLINES['gray']}; }}")
    for name, color in PIECE_COLORS.items():  # a player's pieces, as a photo's page names them
        lines.append(f".swatch.pieces-{name} {{ background: {color}; }}")
    lines.append(f".swatch.locomotive {{ background: linear-gradient(90deg, {loco}); }}")
    lines.append(f".swatch.locomotive\\+4 {{ background: linear-gradient(90deg, {plus_four}); }}")
    return "\n".join(lines) + "\n"
