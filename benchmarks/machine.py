"""What every benchmark script records with its figures: the machine, and the JSON file.

The scripts run as ``python benchmarks/<name>.py``, so this module imports as ``machine``.
"""

from __future__ import annotations

import json
import os
import platform
import sys
from pathlib import Path
from typing import Any


def machine() -> dict[str, Any]:
    """The Python version, platform, processor and core count the figures come from."""
    return {
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "cores": os.cpu_count(),
    }


def write_report(path: Path, report: dict[str, Any]) -> None:
    """Write ``report`` as indented JSON to ``path`` (its folder made if needed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, indent=2) + "\n")
