"""Validation of submitted form fields with messages people can act on."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date

TITLE_LIMIT = 255
TEXT_LIMIT = 10_000
FILE_LIMIT = 200_000
NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 ._-]*$")
PATH = re.compile(r"^[a-z0-9][a-z0-9._-]*$")
BRANCH = re.compile(r"^(?!/)(?!.*//)(?!.*\.\.)[A-Za-z0-9._/-]+(?<!/)$")
COLOR = re.compile(r"^#[0-9a-fA-F]{6}$")


def text(
    form: Mapping[str, str],
    name: str,
    label: str,
    errors: dict[str, str],
    *,
    max_length: int = TITLE_LIMIT,
    required: bool = True,
    strip: bool = True,
) -> str:
    """Return a text field's value, recording a problem in ``errors``.

    Args:
        form: The submitted form.
        name: The field's name.
        label: The field's visible label, used in messages.
        errors: Field name -> message; a problem with this field is added.
        max_length: The longest value accepted.
        required: Whether an empty value is a problem.
        strip: Whether to strip surrounding whitespace.
    """
    value = form.get(name, "")
    if strip:
        value = value.strip()
    if required and not value.strip():
        errors[name] = f"{label} is required."
    elif len(value) > max_length:
        errors[name] = (
            f"{label} must be at most {max_length:,} characters; you entered {len(value):,}."
        )
        value = value[:max_length]
    return value


def choice(form: Mapping[str, str], name: str, label: str, options: Mapping[str, object] | tuple,
           errors: dict[str, str], *, required: bool = True) -> str:
    """Return a select or radio value that must be one of ``options``."""
    value = form.get(name, "")
    if not value and not required:
        return ""
    if value not in options:
        errors[name] = f"Choose a {label.lower()} from the list."
        return ""
    return value


def parse_date(form: Mapping[str, str], name: str, label: str,
               errors: dict[str, str]) -> str | None:
    """Return an optional ``YYYY-MM-DD`` date field, recording a problem if malformed."""
    value = form.get(name, "").strip()
    if not value:
        return None
    try:
        if len(value) != 10:
            raise ValueError(value)
        return date.fromisoformat(value).isoformat()
    except ValueError:
        errors[name] = f"{label} must be a date like 2024-06-30."
        return None


def page_number(args: Mapping[str, str]) -> int:
    """Return the ``page`` query argument as a positive int (1 when absent or invalid)."""
    text_value = args.get("page", "1")
    if text_value.isascii() and text_value.isdigit() and 0 < len(text_value) < 7:
        return max(1, int(text_value))
    return 1
