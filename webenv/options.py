"""Checks of numeric options (constructor arguments, reset options, run settings): one
place says what a bad value is and how the error reads."""

from __future__ import annotations

import math

import numpy as np

from webenv.errors import OptionError, echo


def integer_option(
    name: str, value: object, minimum: int, meaning: str, maximum: int | None = None
) -> int:
    """``value`` as an int if it is an integer (a numpy one too, never a bool) within the
    bounds; otherwise an :class:`OptionError` naming ``name``, the bounds and ``meaning``."""
    if (
        isinstance(value, bool)
        or not isinstance(value, int | np.integer)
        or value < minimum
        or (maximum is not None and value > maximum)
    ):
        bounds = f">= {minimum}" if maximum is None else f"from {minimum} to {maximum:_}"
        raise OptionError(
            f"{name}={echo(value)} is not accepted; use {meaning} (an integer {bounds})"
        )
    return int(value)


def number_option(
    name: str,
    value: object,
    minimum: float,
    meaning: str,
    maximum: float | None = None,
    *,
    above: bool = False,
) -> float:
    """``value`` as a float if it is a finite number (never a bool) from ``minimum`` (or
    above it, with ``above``) to ``maximum``; otherwise an :class:`OptionError`. NaN and
    infinity are refused: NaN passes every ``<`` check, and ``inf`` seconds overflowed."""
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float | np.integer | np.floating)
        or not math.isfinite(value)
        or (value <= minimum if above else value < minimum)
        or (maximum is not None and value > maximum)
    ):
        low = f"> {minimum:g}" if above else f">= {minimum:g}"
        bounds = low if maximum is None else f"{low} and <= {maximum:g}"
        raise OptionError(
            f"{name}={echo(value)} is not accepted; use {meaning} (a finite number {bounds})"
        )
    return float(value)
