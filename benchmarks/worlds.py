"""World generation per site and scale, and how varied the generated text is (``make bench``).

For each site and world scale (1 and 10 by default) one fresh process generates world 0
(its data generator on an in-memory database, no world store) and reports the seconds,
the process's peak resident memory over its resident memory before generating, the
database's size, and the distinct/total ratios of the site's generated texts
(:data:`webenv.tools.variety.MEASURES`: issue and merge-request titles, review bodies,
comment and submission bodies). Prints a table and writes ``benchmarks/results/worlds.json``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import resource
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from machine import machine, write_report

RESULTS = Path(__file__).resolve().parent / "results"
SITES = ("shop", "forum", "githost")


def _rss_mb() -> float:
    with open("/proc/self/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def measure_one(site: str, scale: int, seed: int) -> dict[str, Any]:
    """Generate one world in this process and measure it."""
    from webenv.sitedb import site_module
    from webenv.tools.variety import MEASURES, texts

    datagen = importlib.import_module(f"{site_module(site).__name__}.datagen")
    conn = sqlite3.connect(":memory:")
    before = _rss_mb()
    started = time.perf_counter()
    datagen.generate(conn, seed, scale=scale)
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    ratios = {}
    for measure in MEASURES:
        if measure.site == site:
            found = texts(conn, measure)
            ratios[measure.name] = {
                "distinct": len(set(found)),
                "total": len(found),
                "ratio": round(len(set(found)) / len(found), 4) if found else 1.0,
            }
    return {
        "site": site,
        "scale": scale,
        "seed": seed,
        "seconds": round(seconds, 2),
        "memory_mb": round(peak - before, 1),
        "database_mb": round(len(conn.serialize()) / 2**20, 1),
        "distinct": ratios,
    }


def _run_child(site: str, scale: int, seed: int) -> dict[str, Any]:
    child = subprocess.run(
        [sys.executable, __file__, "--one", site, str(scale), "--seed", str(seed)],
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, Any] = json.loads(child.stdout)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sites", nargs="+", default=list(SITES), choices=SITES)
    parser.add_argument("--scales", type=int, nargs="+", default=[1, 10])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=RESULTS / "worlds.json")
    parser.add_argument("--one", nargs=2, metavar=("SITE", "SCALE"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:
        print(json.dumps(measure_one(args.one[0], int(args.one[1]), args.seed)))
        return 0
    runs = []
    print(f"{'site':<8} {'scale':>5} {'seconds':>8} {'memory MB':>10} {'db MB':>6}  distinct/total")
    for site in args.sites:
        for scale in args.scales:
            run = _run_child(site, scale, args.seed)
            runs.append(run)
            shares = ", ".join(
                f"{name} {count['ratio']:.3f} ({count['distinct']}/{count['total']})"
                for name, count in run["distinct"].items()
            )
            print(
                f"{site:<8} {scale:>5} {run['seconds']:>8.2f} {run['memory_mb']:>10.1f} "
                f"{run['database_mb']:>6.1f}  {shares}"
            )
    by_key = {(run["site"], run["scale"]): run for run in runs}
    growth = {
        site: {
            f"x{scale}": {
                "seconds": round(by_key[site, scale]["seconds"] / by_key[site, 1]["seconds"], 2),
                "memory": round(
                    by_key[site, scale]["memory_mb"] / max(by_key[site, 1]["memory_mb"], 0.1), 2
                ),
            }
            for scale in args.scales
            if scale != 1 and (site, 1) in by_key
        }
        for site in args.sites
    }
    for site, ratios in growth.items():
        for scale, ratio in ratios.items():
            print(
                f"{site}: {scale} takes {ratio['seconds']}x the time, {ratio['memory']}x the memory"
            )
    report = {
        "machine": machine(),
        "runs": runs,
        "growth_over_scale_1": growth,
    }
    write_report(args.out, report)
    print(f"\nwrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
