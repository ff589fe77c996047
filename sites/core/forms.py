"""Validation of submitted text fields, shared by the sites' ``forms`` modules."""

from __future__ import annotations

import re
from collections.abc import Mapping

from .urls import parse_url

EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
_NO_CONTROLS = re.compile(r"^[^\x00-\x1f\x7f]*$")  # no control characters anywhere


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


def new_password(
    form: Mapping[str, str], errors: dict[str, str], name: str, confirm: str, label: str
) -> str:
    """Return a new password from ``name``, checked for length and against ``confirm``."""
    password = form.get(name, "")
    if len(password) < 8:
        errors[name] = f"{label} must be at least 8 characters."
    elif len(password) > 200:
        errors[name] = f"{label} must be at most 200 characters."
    elif form.get(confirm, "") != password:
        errors[confirm] = "The two passwords do not match."
    return password


def web_address(
    form: Mapping[str, str],
    name: str,
    label: str,
    errors: dict[str, str],
    *,
    required: bool,
    max_length: int = 2000,
) -> str:
    """Return a submitted http(s) address in its canonical form, recording a problem.

    The value is parsed with :func:`~webenv.sites.core.urls.parse_url`, as a browser
    would parse it; text that is not an absolute ``http://`` or ``https://`` URL with a
    valid host and port (brackets, bad ports, control characters, other schemes such as
    ``javascript:``) is a problem. An internationalised host is stored in punycode.

    Args:
        form: The submitted form.
        name: The field's name.
        label: The field's visible label, used in messages.
        errors: Field name -> message; a problem with this field is added.
        required: Whether an empty value is a problem.
        max_length: The longest value accepted (as typed and once canonical).

    Returns:
        The canonical URL, ``""`` when the field is empty, or the stripped text as typed
        when there is a problem (so the form can show it again).
    """
    value = text(form, name, label, errors, max_length=max_length, required=required)
    if not value or name in errors:
        return value
    url = parse_url(value)
    if url is None or not url.is_special or not _NO_CONTROLS.match(value):
        errors[name] = f"{label} must be a web address starting with http:// or https://."
        return value
    canonical = str(url)
    if len(canonical) > max_length:
        errors[name] = f"{label} must be at most {max_length:,} characters once encoded."
        return value
    return canonical
