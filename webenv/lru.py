"""The one bounded least-recently-used map of the package's per-process memos."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

__all__ = ["LRU"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class LRU(Generic[K, V]):
    """A thread-safe map that keeps its ``size`` most recently used entries, with counts.

    Args:
        size: The most entries kept (0: none; read at each insertion, so it may change).
        evicted: Called with each value the map drops for room (e.g. to close it), outside
            the map's lock.
    """

    def __init__(self, size: int, evicted: Callable[[V], None] | None = None) -> None:
        self.size = size
        self._evicted = evicted
        self._entries: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: K) -> V | None:
        """The value under ``key`` (now the most recently used), or None."""
        with self._lock:
            value = self._entries.get(key)
            if value is None:
                self.misses += 1
                return None
            self._entries.move_to_end(key)
            self.hits += 1
            return value

    def put(self, key: K, value: V) -> V:
        """Keep ``value`` under ``key`` unless one is kept there already; return the kept one.

        Two threads that made the same value race harmlessly: both get the first one put.
        """
        with self._lock:
            kept = self._entries.setdefault(key, value)
            self._entries.move_to_end(key)
            dropped = []
            while len(self._entries) > max(0, self.size):
                dropped.append(self._entries.popitem(last=False)[1])
        if self._evicted is not None:
            for old in dropped:
                self._evicted(old)
        return kept

    def get_or_make(self, key: K, make: Callable[[], V]) -> V:
        """The value under ``key``, made (outside the lock) and kept if there is none."""
        value = self.get(key)
        return value if value is not None else self.put(key, make())

    def clear(self) -> None:
        """Drop every entry (without calling ``evicted``) and zero the counts."""
        with self._lock:
            self._entries.clear()
            self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._entries)
