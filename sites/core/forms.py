"""Validation of submitted text fields, shared by the sites' ``forms`` modules."""

from __future__ import annotations

import re
from collections.abc import Mapping

EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


def text(
    form: Mapping[str, str],
    name: str,
    label: str,
    errors: dict[str, str],
    *,
    max_length: int = 200,
    required: bool = True,
    strip: bool = True,
    unix_newlines: bool = False,
) -> str:
    """Return a text field's value, recording a problem in ``errors``.

    An over-long value is recorded as a problem and returned cut to ``max_length``.

    Args:
        form: The submitted form.
        name: The field's name.
        label: The field's visible label, used in messages.
        errors: Field name -> message; a problem with this field is added.
        max_length: The longest value accepted.
        required: Whether an empty (or all-whitespace) value is a problem.
        strip: Whether to strip surrounding whitespace.
        unix_newlines: Whether to turn ``\\r\\n`` line ends into ``\\n`` first.
    """
    value = form.get(name, "")
    if unix_newlines:
        value = value.replace("\r\n", "\n")
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


def email(form: Mapping[str, str], errors: dict[str, str]) -> str:
    """Return the ``email`` field, recording a problem unless it looks like an address."""
    value = text(form, "email", "Email", errors, max_length=254)
    if "email" not in errors and not EMAIL.match(value):
        errors["email"] = "Email must be an address like name@example.com."
    return value


def new_password(form: Mapping[str, str], errors: dict[str, str], name: str, confirm: str,
                 label: str) -> str:
    """Return a new password from ``name``, checked for length and against ``confirm``."""
    password = form.get(name, "")
    if len(password) < 8:
        errors[name] = f"{label} must be at least 8 characters."
    elif len(password) > 200:
        errors[name] = f"{label} must be at most 200 characters."
    elif form.get(confirm, "") != password:
        errors[confirm] = "The two passwords do not match."
    return password
