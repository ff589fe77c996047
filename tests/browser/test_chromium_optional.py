"""The Chromium backend is optional: without Playwright it says what to install."""

from __future__ import annotations

import subprocess
import sys

# One interpreter for every case (a failed import of the package is retried on the next).
PROBE = """
import sys
import webenv
from webenv.env import WebEnv

for blocked, kwargs in [("playwright", {}), ("playwright", {"screenshot": True}),
                        ("playwright.sync_api", {})]:
    saved = {name: sys.modules.pop(name) for name in list(sys.modules)
             if name.split(".")[0] == "playwright"}
    sys.modules[blocked] = None  # as if the package were not installed
    try:
        WebEnv(tasks="shop", backend="chromium", **kwargs)
    except webenv.BrowserStackMissing as exc:
        assert isinstance(exc, ImportError) and isinstance(exc, webenv.WebEnvError)
        assert "webenv.browser.chromium" not in sys.modules  # a later import tries again
        print(exc)
    else:
        raise SystemExit(f"no error with {blocked} missing")
    finally:
        del sys.modules[blocked]
        sys.modules.update(saved)
"""


def test_missing_playwright_names_the_extra():
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    messages = out.stdout.strip().splitlines()
    assert len(messages) == 3, out.stdout
    for message in messages:
        assert "'playwright'" in message and "pip install 'webenv[chromium]'" in message, message
