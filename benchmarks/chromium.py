"""Chromium backend speed next to the in-process backend, on the pages of ``run.py``.

Measures through the public API (``gym.make``, ``reset``, ``step``), for both backends in
one run: step latency (median, p95) of ``goto``, ``click`` and ``type`` on real shop pages,
reset latency, and sustained steps per second over the ``run.py`` goto+type loop.
Targets for Chromium: >= 10 steps/s and reset <= 300 ms.

Prints a table and writes ``benchmarks/results/chromium.json``.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import run as inprocess_bench

import webenv  # noqa: F401  (registers the env ids)
from webenv.browser.chromium import chromium_executable

RESULTS = Path(__file__).resolve().parent / "results"
TARGET_STEPS_PER_SECOND = 10.0
TARGET_RESET_MS = 300.0


def measure(backend: str, rounds: int, resets: int, seconds: float) -> dict:
    env = inprocess_bench.make("WebShop-v0", backend=backend)
    try:
        pages = inprocess_bench.resolve_pages(env)
        inprocess_bench.bench_steps(env, pages, 1)  # warm up
        steps = inprocess_bench.bench_steps(env, pages, rounds)
        reset = inprocess_bench.bench_reset(env, resets)
        throughput = inprocess_bench.bench_throughput(env, pages, seconds)
    finally:
        env.close()
    return {"steps": steps, "reset": reset, "steps_per_second": throughput}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=8, help="rounds over the page list")
    parser.add_argument("--resets", type=int, default=15)
    parser.add_argument("--seconds", type=float, default=8.0, help="throughput loop length")
    args = parser.parse_args()
    if chromium_executable() is None:
        print(
            "Chromium is missing (apt-get install chromium, or set WEBENV_CHROMIUM): "
            "skipping the Chromium benchmark",
            file=sys.stderr,
        )
        return 1

    started = time.perf_counter()
    results = {
        backend: measure(backend, args.rounds, args.resets, args.seconds)
        for backend in ("inprocess", "chromium")
    }
    chromium = results["chromium"]
    report = {
        "machine": {
            "python": sys.version.split()[0],
            "platform": platform.platform(),
            "processor": platform.processor() or platform.machine(),
        },
        "targets": {
            "chromium_steps_per_second": TARGET_STEPS_PER_SECOND,
            "chromium_reset_ms": TARGET_RESET_MS,
        },
        "met": {
            "steps_per_second": chromium["steps_per_second"] >= TARGET_STEPS_PER_SECOND,
            "reset": chromium["reset"]["median_ms"] <= TARGET_RESET_MS,
        },
        **results,
    }

    print(
        f"{'measure':22} {'chromium median':>16} {'p95':>9} {'in-process median':>18} "
        f"{'p95':>8}   (ms)"
    )
    for kind in ("goto", "click", "type", "type+enter"):
        row = [results[b]["steps"][kind] for b in ("chromium", "inprocess")]
        print(
            f"{'step: ' + kind:22} {row[0]['median_ms']:16.1f} {row[0]['p95_ms']:9.1f} "
            f"{row[1]['median_ms']:18.2f} {row[1]['p95_ms']:8.2f}"
        )
    row = [results[b]["reset"] for b in ("chromium", "inprocess")]
    print(
        f"{'reset':22} {row[0]['median_ms']:16.1f} {row[0]['p95_ms']:9.1f} "
        f"{row[1]['median_ms']:18.2f} {row[1]['p95_ms']:8.2f}   chromium target <= "
        f"{TARGET_RESET_MS:.0f} ms"
    )
    print()
    print(f"{'page (goto)':22} {'chromium median':>16} {'in-process median':>28}")
    for page, row in chromium["steps"]["per_page_goto"].items():
        other = results["inprocess"]["steps"]["per_page_goto"][page]
        print(f"{page:22} {row['median_ms']:16.1f} {other['median_ms']:28.2f}")
    print()
    print(
        f"steps per second (goto+type loop): chromium {chromium['steps_per_second']:.1f} "
        f"(target >= {TARGET_STEPS_PER_SECOND:.0f}), in-process "
        f"{results['inprocess']['steps_per_second']:.0f}"
    )
    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / "chromium.json"
    out.write_text(json.dumps(report, indent=2))
    print(f"\nwrote {out} in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
