"""What each client address holds open in this process (live pages, connections), with a
most: one more is refused, so that no client takes every place from the other tables."""

from __future__ import annotations

import threading
from collections import Counter


class Holds:
    """A count of what each client address holds open, each at most ``most`` at once."""

    def __init__(self) -> None:
        self._held: Counter[str] = Counter()
        self._lock = threading.Lock()

    def take(self, client: str, most: int) -> bool:
        """Counts one more held by ``client``, unless it holds ``most`` already."""
        with self._lock:
            if self._held[client] >= most:
                return False
            self._held[client] += 1
            return True

    def give_back(self, client: str) -> None:
        """One held by ``client`` is closed: its place is free at once."""
        with self._lock:
            self._held[client] -= 1
            if self._held[client] <= 0:
                del self._held[client]
