"""The one Chromium check of the test suite: outside CI a missing browser skips, in CI
(``$CI`` set) it fails, loudly either way."""

from __future__ import annotations

import os

import pytest

from webenv.browser.chromium import chromium_executable


def require_chromium(what: str = "the Chromium tests") -> None:
    """Skip (fail in CI) unless Debian's Chromium is there.

    Args:
        what: The tests that did not run, for the message.
    """
    if chromium_executable() is None:
        message = (
            f"CHROMIUM IS MISSING: {what} did NOT run. Install Debian's 'chromium' "
            "(make test does) or set WEBENV_CHROMIUM."
        )
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
