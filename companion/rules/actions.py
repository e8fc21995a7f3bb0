"""Actions: what a player does on a turn that the table records, as frozen values."""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.board import DASH
from companion.rules.dice import DiceTurn


@dataclass(frozen=True)
class Claim:
    """Claim a route: two cities, and the colour, kind or track where several join them."""

    player: str
    cities: tuple[str, str]
    color: str | None = None
    track: int | None = None
    kind: str | None = None
    passenger: str | None = None
    dice: DiceTurn | None = None

    def describe(self) -> str:
        """ "Ann claims Denver–Kansas City (black)"."""
        details = [d for d in (self.color, self.kind) if d]
        if self.track is not None:
            details.append(f"track {self.track}")
        suffix = f" ({', '.join(details)})" if details else ""
        placed = f", passenger in {self.passenger}" if self.passenger else ""
        return f"{self.player} claims {DASH.join(self.cities)}{suffix}{placed}"


@dataclass(frozen=True)
class Pass:
    """A turn that put nothing on the board: the player drew cards or tickets. In a dice
    game it records the dice: the tickets drawn with them, or a tunnel that failed."""

    player: str
    dice: DiceTurn | None = None
    draw_tickets: int = 0

    def describe(self) -> str:
        """ "Cy takes a turn (drew cards or tickets)"."""
        if self.draw_tickets:
            s = "" if self.draw_tickets == 1 else "s"
            return f"{self.player} draws {self.draw_tickets} ticket{s}"
        if self.dice is not None and self.dice.tunnel:
            return f"{self.player}'s tunnel fails: the turn ends"
        return f"{self.player} takes a turn (drew cards or tickets)"


@dataclass(frozen=True)
class MovePassenger:
    """Move a passenger: from its city through the cities named, in order."""

    player: str
    cities: tuple[str, ...]
    dice: DiceTurn | None = None

    def describe(self) -> str:
        """ "Ann's passenger travels Köln–Düsseldorf–Dortmund"."""
        return f"{self.player}'s passenger travels {DASH.join(self.cities)}"


@dataclass(frozen=True)
class BuildPort:
    """Build a port in a port city (Rails & Sails): a whole turn."""

    player: str
    city: str

    def describe(self) -> str:
        """ "Ann builds a port in Chicago"."""
        return f"{self.player} builds a port in {self.city}"


@dataclass(frozen=True)
class Exchange:
    """Trade trains for ships from the box, or ships for trains (Rails & Sails): a whole
    turn, 1 point per piece. ``ships`` > 0 takes ships for trains; < 0 the other way."""

    player: str
    ships: int

    def describe(self) -> str:
        """ "Ann trades 2 trains for 2 ships"."""
        n = abs(self.ships)
        give, take = ("train", "ship") if self.ships > 0 else ("ship", "train")
        s = "" if n == 1 else "s"
        return f"{self.player} trades {n} {give}{s} for {n} {take}{s}"


@dataclass(frozen=True)
class BuildStation:
    """Build a station in a city (Europe): a whole turn."""

    player: str
    city: str
    dice: DiceTurn | None = None

    def describe(self) -> str:
        """ "Ann builds a station in Berlin"."""
        return f"{self.player} builds a station in {self.city}"


Action = Claim | Pass | MovePassenger | BuildPort | Exchange | BuildStation
