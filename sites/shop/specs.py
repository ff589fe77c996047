"""Product specification attributes: what each product type carries, drawn per world.

The storefront shows them as a product page's "More Information" table and filters
category and search pages by the filterable ones (layered navigation, with counts).
Generation draws every value from the catalogue's :class:`~webenv.sites.core.rng.Rng`,
so a seed gives the same specifications everywhere.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from datetime import date, timedelta

from ..core.db import get_db
from ..core.rng import Rng
from . import words

ATTRIBUTES: dict[str, tuple[str, bool]] = {
    code: (label, filterable) for code, label, filterable in words.SPEC_ATTRIBUTES
}
"""Attribute code -> (label, filterable), in display order."""

FILTERABLE: tuple[str, ...] = tuple(code for code, (_, on) in ATTRIBUTES.items() if on)
"""The attribute codes category and search pages filter by (query parameter = code)."""


@dataclass(frozen=True)
class Spec:
    """One attribute value of a product: ``code`` (``material``), display ``value``."""

    code: str
    value: str


def _grams(grams: int) -> str:
    if grams < 1000:
        return f"{grams} g"
    return f"{grams / 1000:.1f} kg".replace(".0 kg", " kg")


def _release_date(rng: Rng, before: date) -> str:
    return (before - timedelta(days=rng.randint(20, 1400))).isoformat()


def draw_specs(rng: Rng, subcategory: str, qualifier: str, created: date) -> list[Spec]:
    """The specification attributes of a new product, in display order.

    Args:
        rng: The generator's stream.
        subcategory: The product's leaf category (a key of ``words.SPEC_PROFILES``).
        qualifier: The qualifier in its name: a material qualifier is its material.
        created: When it was added to the catalogue (it was released before).
    """
    profile = words.SPEC_PROFILES[subcategory]
    specs: list[Spec] = []
    if qualifier in words.MATERIAL_QUALIFIERS:
        specs.append(Spec("material", qualifier))
    elif profile.materials:
        specs.append(Spec("material", rng.choice(profile.materials)))
    if profile.capacities:
        specs.append(Spec("capacity", rng.choice(profile.capacities)))
    if profile.packs:
        pack = rng.choice(profile.packs)
        specs.append(Spec("pack_size", "Single item" if pack == 1 else f"Pack of {pack}"))
    if profile.size_cm is not None:
        low, high = profile.size_cm
        sides = sorted(
            (rng.randint(low, high), rng.randint(max(1, low // 2), high), rng.randint(1, low)),
            reverse=True,
        )
        specs.append(Spec("dimensions", " x ".join(str(side) for side in sides) + " cm"))
    if profile.weight_g is not None:
        grams = rng.randint(*profile.weight_g)
        step = 10 if grams < 1000 else 100
        specs.append(Spec("weight", _grams(max(step, grams // step * step))))
    if profile.released:
        specs.append(Spec("release_date", _release_date(rng, created)))
    return specs


_QUANTITY = re.compile(r"(\d[\d,]*(?:\.\d+)?)\s*(ml|L|g|kg|mAh)\b")
_UNIT_FACTORS = {"ml": 1, "L": 1000, "g": 1, "kg": 1000, "mAh": 1}


@functools.lru_cache(maxsize=4096)
def value_order(text: str) -> tuple[float, str]:
    """Sort key of an attribute value: quantities by amount (``250 ml`` < ``1 L``,
    ``Single item`` < ``Pack of 4`` < ``Pack of 12``), other text alphabetically.

    Memoised by the text: each listing page sorts every value of its facets.
    """
    if text == "Single item":
        return (1.0, text)
    match = _QUANTITY.search(text)
    if match is not None:
        amount = float(match.group(1).replace(",", "")) * _UNIT_FACTORS[match.group(2)]
        return (amount, text)
    pack = re.fullmatch(r"Pack of (\d+)", text)
    if pack is not None:
        return (float(pack.group(1)), text)
    return (float("inf"), text)


def product_specs(product_id: int) -> list[tuple[str, str, str]]:
    """``(code, label, value)`` of a product's specification attributes, in display order."""
    return [
        (row[0], row[1], row[2])
        for row in get_db().execute(
            "SELECT a.code, a.label, s.value FROM product_specs s"
            " JOIN spec_attributes a ON a.code = s.attribute"
            " WHERE s.product_id = ? ORDER BY a.position",
            (product_id,),
        )
    ]
