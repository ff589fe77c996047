"""Validation of submitted form fields with messages people can act on."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial

from ..core import forms

TITLE_LIMIT = 300
BODY_LIMIT = 10000
COMMENT_LIMIT = 10000
BIOGRAPHY_LIMIT = 1000
FORUM_TITLE_LIMIT = 100
DESCRIPTION_LIMIT = 500
SIDEBAR_LIMIT = 1500
URL_LIMIT = 2000
SUBJECT_LIMIT = 200
MESSAGE_LIMIT = 5000


text = partial(forms.text, unix_newlines=True)
"""The core :func:`~webenv.sites.core.forms.text`, with CR LF line ends made LF."""


def url(
    form: Mapping[str, str], name: str, label: str, errors: dict[str, str], *, required: bool
) -> str:
    """Return a submitted web address (canonical), recording a problem unless it is http(s)."""
    return forms.web_address(form, name, label, errors, required=required, max_length=URL_LIMIT)
