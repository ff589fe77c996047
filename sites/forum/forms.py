"""Validation of submitted form fields with messages people can act on."""

from __future__ import annotations

import re
from collections.abc import Mapping

TITLE_LIMIT = 300
BODY_LIMIT = 10000
COMMENT_LIMIT = 10000
BIOGRAPHY_LIMIT = 1000
URL_LIMIT = 2000
SUBJECT_LIMIT = 200
MESSAGE_LIMIT = 5000
_URL = re.compile(r"^https?://[^\s/$.?#][^\s]*$", re.IGNORECASE)


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
    value = form.get(name, "").replace("\r\n", "\n").strip()
    if required and not value:
        errors[name] = f"{label} is required."
    elif len(value) > max_length:
        errors[name] = (
            f"{label} must be at most {max_length:,} characters; you entered {len(value):,}."
        )
        value = value[:max_length]
    return value


def url(form: Mapping[str, str], name: str, label: str, errors: dict[str, str],
        *, required: bool) -> str:
    """Return a submitted web address, recording a problem unless it is http(s)."""
    value = text(form, name, label, errors, max_length=URL_LIMIT, required=required)
    if value and name not in errors and not _URL.match(value):
        errors[name] = f"{label} must be a web address starting with http:// or https://."
    return value
