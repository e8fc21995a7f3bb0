"""Editions: the rule set a map is played with (score table, pieces, bonuses, tiebreaks)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

# Tiebreak criteria, in the words the score sheet uses.
MOST_TICKETS = "tickets_completed"
LONGEST_PATH = "longest_path"


@dataclass(frozen=True)
class Edition:
    """The rules of one edition of the game."""

    id: str
    name: str
    route_points: Mapping[int, int]
    trains: int = 45
    min_players: int = 2
    max_players: int = 5
    # With fewer players than this, only one route of a double (or triple) may be claimed.
    parallels_open_from: int = 4
    # A player ending a turn with this many pieces or fewer starts the final round ...
    end_trigger: int = 2
    # ... in which every player, that one included, has this many more turns.
    final_turns: int = 1
    longest_path_bonus: int = 10
    tiebreaks: tuple[str, ...] = (MOST_TICKETS, LONGEST_PATH)

    @property
    def longest_route(self) -> int:
        """The longest route the score table knows."""
        return max(self.route_points)


BASE = Edition(
    id="base",
    name="Ticket to Ride",
    route_points=MappingProxyType({1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}),
)

EDITIONS: Mapping[str, Edition] = MappingProxyType({e.id: e for e in (BASE,)})
