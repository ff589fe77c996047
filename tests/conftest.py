"""Shared by every test: generated worlds are kept in a store of the test runs' own.

The suite never writes to the user's ``~/.cache/webenv``; its store lives in the temp
folder, shared by the xdist workers and by later runs (files are named by generator
version, so a changed generator is never served an old world).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

os.environ.setdefault("WEBENV_CACHE_DIR", str(Path(tempfile.gettempdir()) / "webenv-test-worlds"))
