"""Validation of submitted form fields with messages people can act on."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date
from functools import partial

from ..core import forms

TITLE_LIMIT = 255
TEXT_LIMIT = 10_000
FILE_LIMIT = 200_000
NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 ._-]*$")
PATH = re.compile(r"^[a-z0-9][a-z0-9._-]*$")
BRANCH = re.compile(r"^(?!/)(?!.*//)(?!.*\.\.)[A-Za-z0-9._/-]+(?<!/)$")
COLOR = re.compile(r"^#[0-9a-fA-F]{6}$")


text = partial(forms.text, max_length=TITLE_LIMIT)
"""The core :func:`~webenv.sites.core.forms.text`, at most ``TITLE_LIMIT`` long by default."""


def display_name(form: Mapping[str, str], name: str, label: str, errors: dict[str, str]) -> str:
    """Return a project or group name: required, at most 100 characters, :data:`NAME`'s rule."""
    value = text(form, name, label, errors, max_length=100)
    if value and name not in errors and not NAME.match(value):
        errors[name] = (
            f"{label} must start with a letter or digit and contain only"
            " letters, digits, spaces, '.', '_' or '-'."
        )
    return value


def choice(
    form: Mapping[str, str],
    name: str,
    label: str,
    options: Mapping[str, object] | tuple,
    errors: dict[str, str],
    *,
    required: bool = True,
) -> str:
    """Return a select or radio value that must be one of ``options``."""
    value = form.get(name, "")
    if not value and not required:
        return ""
    if value not in options:
        errors[name] = f"Choose a {label.lower()} from the list."
        return ""
    return value


def parse_date(
    form: Mapping[str, str], name: str, label: str, errors: dict[str, str]
) -> str | None:
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
