"""A game as the store reads it: its record (the live actions only), its full history with
what was undone, the tickets entered, the score track; and what is worked out from it once
for each version (the board as played, the score sheet, each player's claim list), shared
by every page that asks while the game is unchanged."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.rules.actions import Action
from companion.rules.game import State
from companion.rules.record import GameRecord, HeldTicket
from companion.rules.scoring import ScoreSheet, final_scores
from companion.rules.table_questions import RouteChoice, route_choices


@dataclass(frozen=True)
class LoggedAction:
    """An action as recorded: its place in the log, when, and whether it was undone."""

    seq: int
    action: Action
    recorded: str
    undone: str | None


@dataclass(frozen=True)
class LoggedTicket:
    """A ticket as entered at the end of the game."""

    seq: int
    player: str
    ticket: HeldTicket


@dataclass(frozen=True)
class StoredGame:
    """A game as stored: its record (live actions only), the full history, the track.
    ``version`` counts every change to the game (pages on other phones follow it)."""

    id: str
    record: GameRecord
    history: tuple[LoggedAction, ...]
    tickets: tuple[LoggedTicket, ...]
    track: dict[str, int]
    watch: str = ""
    version: int = 0
    created: str = ""  # when it was started or imported
    group: str | None = None  # the group it was played in (``group_store``), if any
    language: str | None = None  # the table's language, where known
    origin: str | None = None  # imported: the game it was first played as (watch address)
    _making: threading.RLock = field(
        default_factory=threading.RLock, init=False, repr=False, compare=False
    )

    @property
    def seen(self) -> int:
        """The action log's own version: changes with each action recorded or undone, and
        with nothing else (a form that records a turn carries it, ``Stamp.seen``)."""
        return len(self.history) + sum(1 for a in self.history if a.undone)

    @property
    def last(self) -> LoggedAction | None:
        """The last action not undone: the one Undo takes back."""
        live = [a for a in self.history if a.undone is None]
        return live[-1] if live else None

    def state(self) -> State:
        """The board as the live actions leave it (replayed once for this version)."""
        replayed: State | None = self.__dict__.get("_state")
        if replayed is None:
            replayed = self.record.replay()
            object.__setattr__(self, "_state", replayed)  # a memo, not a change
        return replayed

    def kept(self, key: tuple[object, ...], make: Callable[[], Any]) -> Any:
        """What ``make()`` gives for ``key``, worked out once for this version of the game:
        the phones at a table all ask for the same things at once after a change, and the
        first one's work serves them all (the others wait for it rather than repeat it)."""
        memo: dict[tuple[object, ...], Any] = self.__dict__.setdefault("_kept", {})
        if key in memo:
            return memo[key]
        with self._making:
            if key not in memo:
                memo[key] = make()
            return memo[key]

    def has_kept(self, key: tuple[object, ...]) -> bool:
        """Whether ``kept`` holds something for ``key``."""
        return key in self.__dict__.get("_kept", {})

    def kept_count(self, kind: str) -> int:
        """How many things of a kind (a key's first part) ``kept`` holds."""
        return sum(1 for key in list(self.__dict__.get("_kept", {})) if key[0] == kind)

    def scored(self) -> ScoreSheet:
        """The score sheet: the board as the live actions leave it, with the tickets
        entered (worked out once for this version)."""
        found: ScoreSheet = self.kept(
            ("sheet",), lambda: final_scores(self.state(), self.record.hands(self.state().setup))
        )
        return found

    def choices(self, player: str) -> list[tuple[str, list[RouteChoice]]]:
        """Each city with its routes as ``player`` may see them now (``route_choices``)."""
        found: list[tuple[str, list[RouteChoice]]] = self.kept(
            ("choices", player), lambda: route_choices(self.state(), player)
        )
        return found


def in_log_order(rows: list[tuple[int, int | None]]) -> list[int]:
    """The seqs of a game's actions in the order they were played: each in the order
    recorded, but a claim mended in later (``placed_after``: the seq of the action just
    before the place it was put, -1 for the very start) right after that action, before
    any mended in after it earlier (which the later one was put in front of). ``rows``:
    (seq, placed_after)."""
    following: dict[int, list[int]] = {}
    base = []
    for seq, after in sorted(rows):
        if after is None:
            base.append(seq)
        else:
            following.setdefault(after, []).insert(0, seq)  # the newest first
    order: list[int] = []

    def put(seq: int) -> None:
        order.append(seq)
        for then in following.pop(seq, []):
            put(then)

    for seq in following.pop(-1, []):
        put(seq)
    for seq in base:
        put(seq)
    for rest in following.values():  # after an action no longer there: at the end
        order.extend(rest)
    return order
