"""Distances in free text ("2.0km", "1,400 m", "3 miles"), read as metres.

One unit table; a number counts as a distance only with a unit right after it, so "748"
alone is no distance and "748 km" is never "748m".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from .numbers import find_numbers

METRES = {
    "km": Decimal(1000),
    "kilometer": Decimal(1000),
    "kilometre": Decimal(1000),
    "m": Decimal(1),
    "meter": Decimal(1),
    "metre": Decimal(1),
    "cm": Decimal("0.01"),
    "centimeter": Decimal("0.01"),
    "centimetre": Decimal("0.01"),
    "mm": Decimal("0.001"),
    "millimeter": Decimal("0.001"),
    "millimetre": Decimal("0.001"),
    "mi": Decimal("1609.344"),
    "mile": Decimal("1609.344"),
    "ft": Decimal("0.3048"),
    "foot": Decimal("0.3048"),
    "feet": Decimal("0.3048"),
    "yd": Decimal("0.9144"),
    "yard": Decimal("0.9144"),
    "in": Decimal("0.0254"),
    "inch": Decimal("0.0254"),
    "inches": Decimal("0.0254"),
}
"""Metres per unit; plurals ("kilometers", "miles") are the singular plus "s"."""
_CANONICAL = {
    "kilometer": "km",
    "kilometre": "km",
    "meter": "m",
    "metre": "m",
    "centimeter": "cm",
    "centimetre": "cm",
    "millimeter": "mm",
    "millimetre": "mm",
    "mile": "mi",
    "foot": "ft",
    "feet": "ft",
    "yard": "yd",
    "inch": "in",
    "inches": "in",
}
_UNIT = re.compile(
    r"\s?(" + "|".join(sorted(METRES, key=len, reverse=True)) + r")(s?)(?![^\W\d_])\.?",
    re.IGNORECASE,
)
_SPELLED_ONLY = frozenset({"in"})
"""Unit abbreviations that are also common words: only read when glued to the number."""


@dataclass(frozen=True)
class Distance:
    """A length: ``amount`` in ``unit`` (canonical abbreviation), with its precision."""

    amount: Decimal
    unit: str
    decimals: int

    @property
    def metres(self) -> Decimal:
        """The length in metres."""
        return self.amount * METRES[self.unit]

    def __str__(self) -> str:
        return f"{format(self.amount.normalize(), 'f')} {self.unit}"


def find_distances(text: str) -> list[Distance]:
    """Distinct distances stated in ``text`` (a number followed by a length unit)."""
    found: list[Distance] = []
    for mention in find_numbers(str(text), words=True):
        match = _UNIT.match(text, mention.end)
        if match is None:
            continue
        unit = match.group(1).lower()
        if unit in _SPELLED_ONLY and match.group(0)[:1].isspace():
            continue
        if match.group(2) and len(unit) <= 2:
            continue  # "5 ms", "3 ins": not a length unit
        distance = Distance(mention.value, _CANONICAL.get(unit, unit), mention.decimals)
        if all(d.metres != distance.metres for d in found):
            found.append(distance)
    return found


def same_distance(answer: Distance, ref: Distance) -> str | None:
    """``"equal"``, ``"rounded"`` (the answer, in the reference's unit, rounds to it) or
    None."""
    if answer.metres == ref.metres:
        return "equal"
    in_ref_unit = answer.metres / METRES[ref.unit]
    quantum = Decimal(1).scaleb(-ref.decimals)
    if abs(in_ref_unit - ref.amount) < quantum / 2 and (
        answer.unit != ref.unit or answer.decimals > ref.decimals
    ):
        return "rounded"
    return None
