"""Actions: what a player does on a turn that the table records, as frozen values."""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.board import DASH


@dataclass(frozen=True)
class Claim:
    """Claim a route: two cities, and the colour, kind or track where several join them."""

    player: str
    cities: tuple[str, str]
    color: str | None = None
    track: int | None = None
    kind: str | None = None
    passenger: str | None = None

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
    """A turn that put nothing on the board: the player drew cards or tickets."""

    player: str

    def describe(self) -> str:
        """ "Cy takes a turn (drew cards or tickets)"."""
        return f"{self.player} takes a turn (drew cards or tickets)"


@dataclass(frozen=True)
class MovePassenger:
    """Move a passenger: from its city through the cities named, in order."""

    player: str
    cities: tuple[str, ...]

    def describe(self) -> str:
        """ "Ann's passenger travels Köln–Düsseldorf–Dortmund"."""
        return f"{self.player}'s passenger travels {DASH.join(self.cities)}"


Action = Claim | Pass | MovePassenger
