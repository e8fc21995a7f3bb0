"""Which games changed, for the live pages (``live``): a count of changes per game, raised
by the store when a write commits, and a way for a stream to wait for the next one."""

from __future__ import annotations

import threading


class Changes:
    """A counter of changes per game, and a way to wait for the next one."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._counts: dict[str, int] = {}

    def mark(self, game_id: str) -> int:
        """The game's count now, to wait from."""
        with self._changed:
            return self._counts.get(game_id, 0)

    def notify(self, game_id: str) -> None:
        """The game changed: wakes its streams."""
        with self._changed:
            self._counts[game_id] = self._counts.get(game_id, 0) + 1
            self._changed.notify_all()

    def wait(self, game_id: str, mark: int, timeout: float) -> None:
        """Returns when the game changed since ``mark``, or after ``timeout`` seconds."""
        with self._changed:
            self._changed.wait_for(lambda: self._counts.get(game_id, 0) != mark, timeout)


CHANGES = Changes()
