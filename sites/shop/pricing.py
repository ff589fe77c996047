"""Money rules shared by the cart, checkout and the data generator.

All amounts are integer cents.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.db import RowLike

FREE_SHIPPING_THRESHOLD_CENTS = 5000
"""Standard shipping is free when the discounted subtotal reaches this."""


@dataclass(frozen=True)
class ShippingMethod:
    """A way to ship an order."""

    code: str
    name: str
    eta: str
    cents: int


SHIPPING_METHODS: dict[str, ShippingMethod] = {
    "standard": ShippingMethod("standard", "Standard shipping", "5-7 business days", 500),
    "express": ShippingMethod("express", "Express shipping", "1-2 business days", 1500),
}


def format_money(cents: int | None) -> str:
    """Format cents as dollars, e.g. ``123456`` -> ``$1,234.56`` and ``-500`` -> ``-$5.00``."""
    if cents is None:
        return ""
    sign = "-" if cents < 0 else ""
    dollars, rest = divmod(abs(int(cents)), 100)
    return f"{sign}${dollars:,}.{rest:02d}"


def shipping_cents(method: str, discounted_subtotal_cents: int) -> int:
    """Return the shipping cost of ``method`` for a (discounted) subtotal."""
    if method == "standard" and discounted_subtotal_cents >= FREE_SHIPPING_THRESHOLD_CENTS:
        return 0
    return SHIPPING_METHODS[method].cents


def discount_cents(coupon: RowLike | None, subtotal_cents: int) -> int:
    """Return what ``coupon`` takes off ``subtotal_cents`` (never more than the subtotal)."""
    if coupon is None:
        return 0
    if coupon["kind"] == "percent":
        amount = (subtotal_cents * coupon["amount"] + 50) // 100
    else:
        amount = coupon["amount"]
    return min(amount, subtotal_cents)


def coupon_problem(coupon: RowLike, subtotal_cents: int, now_text: str) -> str | None:
    """Return why ``coupon`` cannot be used now on ``subtotal_cents``, or None if it can."""
    if coupon["expires_at"] is not None and coupon["expires_at"] < now_text:
        return f"Coupon code {coupon['code']} has expired."
    if subtotal_cents < coupon["min_subtotal_cents"]:
        return (
            f"Coupon code {coupon['code']} requires a subtotal of at least "
            f"{format_money(coupon['min_subtotal_cents'])}."
        )
    return None


def describe_coupon(coupon: RowLike) -> str:
    """Return a short human description such as ``10% off`` or ``$5.00 off``."""
    if coupon["kind"] == "percent":
        return f"{coupon['amount']}% off"
    return f"{format_money(coupon['amount'])} off"
