"""A deterministic random number generator stable across Python versions.

Python only guarantees that ``random.Random(seed).random()`` yields the same
sequence in every version; ``randint``, ``choice``, ``shuffle`` and friends have
changed their algorithms before. :class:`Rng` therefore builds every operation
on ``random()`` alone, so a world seed gives byte-identical data everywhere.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


class Rng:
    """Deterministic pseudo-random numbers built only on ``Random.random()``.

    Args:
        seed: An int or str seed; equal seeds give equal sequences.
    """

    def __init__(self, seed: int | str) -> None:
        self._r = random.Random(seed)

    def random(self) -> float:
        """Return a float in ``[0, 1)``."""
        return self._r.random()

    def randint(self, a: int, b: int) -> int:
        """Return an int in ``[a, b]``, both ends included."""
        if b < a:
            raise ValueError(f"randint: empty range [{a}, {b}]")
        return a + int(self._r.random() * (b - a + 1))

    def uniform(self, a: float, b: float) -> float:
        """Return a float in ``[a, b)``."""
        return a + (b - a) * self._r.random()

    def chance(self, p: float) -> bool:
        """Return True with probability ``p``."""
        return self._r.random() < p

    def choice(self, items: Sequence[T]) -> T:
        """Return one element of a non-empty sequence."""
        if not items:
            raise IndexError("choice: empty sequence")
        return items[int(self._r.random() * len(items))]

    def weighted(self, items: Sequence[T], weights: Sequence[float]) -> T:
        """Return one element, chosen with probability proportional to its weight."""
        if not items or len(items) != len(weights):
            raise ValueError("weighted: items and weights must be non-empty and equally long")
        total = float(sum(weights))
        target = self._r.random() * total
        running = 0.0
        for item, weight in zip(items, weights, strict=True):
            running += weight
            if target < running:
                return item
        return items[-1]

    def shuffle(self, items: list[T]) -> None:
        """Shuffle a list in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = int(self._r.random() * (i + 1))
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """Return ``k`` distinct elements in random order."""
        if k > len(items):
            raise ValueError(f"sample: k={k} is larger than the population ({len(items)})")
        pool = list(items)
        for i in range(k):
            j = i + int(self._r.random() * (len(pool) - i))
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def fork(self, label: str) -> Rng:
        """Return an independent generator derived from this one and ``label``.

        Forks let one part of a generator change its number of draws without
        shifting the numbers every later part receives.
        """
        return Rng(f"{int(self._r.random() * 2**53)}:{label}")
