"""Validation of submitted form fields with messages people can act on."""

from __future__ import annotations

from collections.abc import Mapping

MAX_QUANTITY = 99
LONG_TEXT_LIMIT = 5000


def text(
    form: Mapping[str, str],
    name: str,
    label: str,
    errors: dict[str, str],
    *,
    max_length: int = 200,
    required: bool = True,
) -> str:
    """Return the stripped value of a text field, recording a problem in ``errors``.

    Args:
        form: The submitted form.
        name: The field's name.
        label: The field's visible label, used in messages.
        errors: Field name -> message; a problem with this field is added.
        max_length: The longest value accepted.
        required: Whether an empty value is a problem.
    """
    value = form.get(name, "").strip()
    if required and not value:
        errors[name] = f"{label} is required."
    elif len(value) > max_length:
        errors[name] = (
            f"{label} must be at most {max_length:,} characters; you entered {len(value):,}."
        )
        value = value[:max_length]
    return value


def quantity(form: Mapping[str, str], errors: dict[str, str], name: str = "quantity") -> int:
    """Return the submitted quantity, recording a problem unless it is 1-99."""
    raw = form.get(name, "").strip()
    if raw.isascii() and raw.isdigit() and 1 <= int(raw) <= MAX_QUANTITY:
        return int(raw)
    errors[name] = f"Quantity must be a whole number from 1 to {MAX_QUANTITY}."
    return 0
