"""Shop-only fixtures; the shared ones are in ``tests/sites/conftest.py``."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from flask import Flask


@pytest.fixture
def runner(app: Flask) -> CliRunner:
    """A CLI runner for the shop's commands."""
    return app.test_cli_runner()
