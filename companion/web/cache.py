"""The one kind of cache for what the app reads or works out for the requests it is asked:
what this process read or worked out lately, by key, at most so many of them, the least
lately used forgotten first. Each cache lives beside what it keeps (``game_store.GAMES``,
``group_store.PLAYED`` and ``STANDINGS``, ``table_view.FACES``). A pure function of a few
values of the app's own (a map's layout, a font, a QR code's address) keeps its answers
with ``functools``, bounded where its values come from outside."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Recent(Generic[K, V]):
    """At most ``size`` values by key, shared by the threads of a process (so its values
    are frozen, or never changed once kept)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        """The value kept for ``key``, or None."""
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
            return found

    def put(self, key: K, value: V, same: Callable[[V, V], bool] | None = None) -> V:
        """Keeps ``value`` for ``key``, and returns the value kept: the one already kept
        instead, where ``same(kept, value)`` says the two are the same (another thread
        worked it out first, and the threads then share what is worked out for it)."""
        with self._lock:
            known = self._kept.get(key)
            if known is not None and same is not None and same(known, value):
                value = known
            self._kept[key] = value
            self._kept.move_to_end(key)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
            return value

    def forget(self) -> None:
        """Forgets everything kept (each value is read or worked out again when asked)."""
        with self._lock:
            self._kept.clear()

    def __len__(self) -> int:
        with self._lock:
            return len(self._kept)
