"""Back-office fixtures: the shop's site fixtures (the staff helpers are in ../conftest.py)."""

from __future__ import annotations

import pytest

from ...conftest import SITES, Site


@pytest.fixture
def site() -> Site:
    """The back office is the shop's."""
    return SITES["shop"]
