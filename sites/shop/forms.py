"""Validation of submitted form fields with messages people can act on."""

from __future__ import annotations

from collections.abc import Mapping

from ..core.forms import text as text  # the views call forms.text

MAX_QUANTITY = 99
LONG_TEXT_LIMIT = 5000


def quantity(form: Mapping[str, str], errors: dict[str, str], name: str = "quantity") -> int:
    """Return the submitted quantity, recording a problem unless it is 1-99."""
    raw = form.get(name, "").strip()
    if raw.isascii() and raw.isdigit() and len(raw) < 10 and 1 <= int(raw) <= MAX_QUANTITY:
        return int(raw)
    errors[name] = f"Quantity must be a whole number from 1 to {MAX_QUANTITY}."
    return 0
