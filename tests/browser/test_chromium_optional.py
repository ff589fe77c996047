"""The Chromium backend is optional: without Playwright it says what to install."""

from __future__ import annotations

import subprocess
import sys

import pytest

PROBE = """
import sys
sys.modules[{blocked!r}] = None  # as if the package were not installed
import webenv
from webenv.env import WebEnv
assert not any(m.startswith("webenv.browser.chromium") for m in sys.modules)
try:
    WebEnv(tasks="shop", backend="chromium", **{kwargs})
except webenv.BrowserStackMissing as exc:
    assert isinstance(exc, ImportError) and isinstance(exc, webenv.WebEnvError)
    print(exc)
else:
    raise SystemExit("no error")
"""


@pytest.mark.parametrize(
    ("blocked", "kwargs"),
    [("playwright", {}), ("playwright", {"screenshot": True}), ("playwright.sync_api", {})],
)
def test_missing_playwright_names_the_extra(blocked, kwargs):
    out = subprocess.run(
        [sys.executable, "-c", PROBE.format(blocked=blocked, kwargs=kwargs)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    message = out.stdout.strip()
    assert "'playwright'" in message and "pip install 'webenv[chromium]'" in message, message


def test_importing_the_backend_module_does_not_need_a_browser():
    """The package imports (Playwright present) without starting a driver or a Chromium."""
    code = (
        "import sys, webenv.browser.chromium as c\n"
        "from webenv.browser.chromium.driver import _Driver\n"
        "assert _Driver.playwright is None\n"
        "assert callable(c.ChromiumBrowser) and callable(c.chromium_executable)\n"
    )
    pytest.importorskip("playwright")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
