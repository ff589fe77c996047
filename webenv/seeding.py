"""The env's seeded draws, pinned to the bit stream rather than to NumPy's algorithms.

``reset(seed=...)`` draws the task, the world seed and the instance seed from the env's
``np_random`` (Gymnasium's ``Generator`` over PCG64). NumPy guarantees the PCG64 bit
stream across versions but not the algorithms of ``Generator`` methods: its
compatibility policy promises the same numbers only "on the same build of numpy"
(NEP 19), so a release that changed ``Generator.integers`` would give the same seed other
tasks on another machine. :func:`draw_below` is ``integers(n)`` as NumPy computes it
today (Lemire's multiply-and-reject on the 32-bit halves of PCG64's outputs, the low
half first, the high half kept for the next draw), written against the bit generator's
raw output and its documented state, so every seed keeps the draws it has now.
"""

from __future__ import annotations

import numpy as np

__all__ = ["MAX_DRAW", "draw_below"]

MAX_DRAW = 2**32
"""The largest ``n`` :func:`draw_below` takes (every draw the env makes is far below)."""

_MASK32 = 0xFFFFFFFF


def _next_uint32(bits: np.random.PCG64) -> int:
    """PCG64's next 32-bit output: the kept high half of the last 64-bit output, else
    the low half of a new one (keeping its high half), as NumPy's ``next_uint32`` does."""
    state = bits.state
    if state["has_uint32"]:
        state["has_uint32"] = 0
        bits.state = state
        return int(state["uinteger"])
    raw = int(bits.random_raw())
    state = bits.state
    state["has_uint32"] = 1
    state["uinteger"] = raw >> 32
    bits.state = state
    return raw & _MASK32


def draw_below(generator: np.random.Generator, n: int) -> int:
    """A uniform integer in ``[0, n)``: ``generator.integers(n)``, pinned.

    Equal to NumPy's ``Generator.integers(n)`` (and leaves the generator in the same
    state) for a PCG64 generator, Gymnasium's; another bit generator falls back to
    ``integers`` itself.

    Raises:
        ValueError: ``n`` is not from 1 to :data:`MAX_DRAW`.
    """
    if not 1 <= n <= MAX_DRAW:
        raise ValueError(f"draw_below: n={n} is not from 1 to {MAX_DRAW}")
    bits = generator.bit_generator
    if not isinstance(bits, np.random.PCG64):
        return int(generator.integers(n))
    if n == 1:
        return 0  # NumPy draws nothing for a one-value range
    scaled = _next_uint32(bits) * n
    leftover = scaled & _MASK32
    if leftover < n:
        threshold = (_MASK32 - (n - 1)) % n
        while leftover < threshold:  # reject the draws that would favour low values
            scaled = _next_uint32(bits) * n
            leftover = scaled & _MASK32
    return scaled >> 32
