"""Chromium backend speed next to the in-process backend, on the pages of ``run.py``.

Measures through the public API (``gym.make``, ``reset``, ``step``), for both backends in
one run: step latency (median, p95) of ``goto``, ``click`` and ``type`` on real shop pages,
reset latency, sustained steps per second over the ``run.py`` goto+type loop, and a
seeded random link walk (:func:`walk_round`). Targets for Chromium: >= 10 steps/s and
reset <= 300 ms.

``--compare TREE`` instead runs the link walk side by side against another checkout of
webenv (e.g. an older commit, with its own ``.venv``): one worker process per tree, each
on its own venv's Python and only the public API (``gym.make``, ``reset``, ``step``,
``obs["axtree"]``), driven in alternating rounds so that load from other processes falls
on both alike. It reports steps/s, median step and median reset of each, the CPU that all
of a worker's processes (Python, Playwright's driver, every Chromium process) spent per
step, and the ratios; the CPU ratio moves least with the machine's load.

Prints a table and writes ``benchmarks/results/chromium.json`` (``chromium-compare.json``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import gymnasium as gym
from machine import machine, write_report

# Only the standard library and Gymnasium at the top: the --worker mode runs on another
# tree's Python, whose webenv may lack this tree's modules.

RESULTS = Path(__file__).resolve().parent / "results"
TARGET_STEPS_PER_SECOND = 10.0
TARGET_RESET_MS = 300.0

WALK_ENV = "webenv:WebShop-v0"
WALK_SKIP = ("Log out", "Sign out")
WALK_WORDS = ("mug", "blue shirt", "lamp", "coffee", "headphones", "garden", "book")
LINK = re.compile(r"\[(\d+)\] link '([^']*)'")
SEARCH = re.compile(r"\[(\d+)\] (?:searchbox|textbox) 'Search[^']*'")


def walk_round(
    env: gym.Env, rng: random.Random, steps: int, seed: int
) -> tuple[float, list[float]]:
    """One round of the seeded link walk: a timed reset, then ``steps`` timed steps.

    Each step clicks a random link of the page (70 %, never a log-out), searches for a
    word (10 %, where the page has a search box, else a link) or goes back (20 %).

    Returns:
        The reset's seconds and each step's seconds.
    """
    started = time.perf_counter()
    obs, _ = env.reset(seed=seed)
    reset = time.perf_counter() - started
    samples = []
    for _ in range(steps):
        draw = rng.random()
        links = [n for n, name in LINK.findall(obs["axtree"]) if name not in WALK_SKIP]
        search = SEARCH.search(obs["axtree"])
        if draw < 0.1 and search:
            action = f"type [{search.group(1)}] [{rng.choice(WALK_WORDS)}] [1]"
        elif draw < 0.8 and links:
            action = f"click [{rng.choice(links)}]"
        else:
            action = "go_back"
        started = time.perf_counter()
        obs, *_ = env.step(action)
        samples.append(time.perf_counter() - started)
    return reset, samples


def tree_cpu_seconds(pid: int) -> float:
    """CPU seconds (user + system) spent so far by ``pid``, its live descendants and their
    reaped children.

    Read from ``/proc`` (0.0 where there is none), so it counts Playwright's driver and
    every Chromium process as well as the Python process.
    """
    proc = Path("/proc")
    if not proc.is_dir():
        return 0.0
    children: dict[int, list[int]] = {}
    ticks: dict[int, int] = {}
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()  # after the command name
        children.setdefault(int(fields[1]), []).append(int(entry.name))
        # utime + stime, and cutime + cstime: the processes that ended (a renderer per
        # navigation, in some versions) and were reaped are counted in their parent's.
        ticks[int(entry.name)] = sum(int(field) for field in fields[11:15])
    total, stack = 0, [pid]
    while stack:
        current = stack.pop()
        total += ticks.get(current, 0)
        stack.extend(children.get(current, []))
    return total / os.sysconf("SC_CLK_TCK")


def worker(env_id: str, seed: int) -> int:
    """Serve walk rounds on this Python's webenv: one JSON line in, one out, per round.

    Each input line is ``{"steps": N, "seed": S}``; the answer is ``{"reset": seconds,
    "steps": [seconds, ...], "cpu": seconds}`` (``cpu``: :func:`tree_cpu_seconds` over the
    round, its reset included). The first reset (launching Chromium, loading the worlds)
    is done before the first answer, which is ``{"ready": true}``.
    """
    env = gym.make(env_id, backend="chromium", max_episode_steps=10**9)
    rng = random.Random(seed)
    try:
        env.reset(seed=seed)
        print(json.dumps({"ready": True}), flush=True)
        for line in sys.stdin:
            request = json.loads(line)
            cpu = tree_cpu_seconds(os.getpid())
            reset, samples = walk_round(env, rng, request["steps"], request["seed"])
            cpu = tree_cpu_seconds(os.getpid()) - cpu
            print(json.dumps({"reset": reset, "steps": samples, "cpu": cpu}), flush=True)
    finally:
        env.close()
    return 0


class Worker:
    """A walk worker process on one tree's venv Python."""

    def __init__(self, tree: Path, env_id: str, seed: int) -> None:
        self.tree = tree
        python = tree / ".venv" / "bin" / "python"
        if not python.exists():
            raise SystemExit(f"{python} is missing: run 'make install' in {tree}")
        environ = {**os.environ, "WEBENV_CACHE_DIR": str(tree / ".worldcache")}
        self.process = subprocess.Popen(
            [str(python), str(Path(__file__).resolve()), "--worker", env_id, "--seed", str(seed)],
            cwd=tree,
            env=environ,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.resets: list[float] = []
        self.steps: list[float] = []
        self.cpu = 0.0
        self._answer()

    def _answer(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"the worker on {self.tree} ended (exit {self.process.wait()})")
        return json.loads(line)

    def round(self, steps: int, seed: int) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"steps": steps, "seed": seed}) + "\n")
        self.process.stdin.flush()
        answer = self._answer()
        self.resets.append(answer["reset"])
        self.steps.extend(answer["steps"])
        self.cpu += answer.get("cpu", 0.0)

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(60)

    def figures(self) -> dict[str, float]:
        return {
            "steps": len(self.steps),
            "steps_per_second": len(self.steps) / sum(self.steps),
            "median_step_ms": statistics.median(self.steps) * 1000,
            "resets": len(self.resets),
            "median_reset_ms": statistics.median(self.resets) * 1000,
            "cpu_ms_per_step": self.cpu / len(self.steps) * 1000,
        }


def compare(other: Path, env_id: str, rounds: int, steps: int, seed: int) -> int:
    """The link walk on this tree and on ``other``, in alternating rounds."""
    here = Path(__file__).resolve().parent.parent
    started = time.perf_counter()
    workers = {"this": Worker(here, env_id, seed), "other": Worker(other, env_id, seed)}
    try:
        for index in range(rounds):
            # Alternate which goes first, so neither always runs right after the other.
            order = ("this", "other") if index % 2 == 0 else ("other", "this")
            for name in order:
                workers[name].round(steps, index % 3)
    finally:
        for worker_ in workers.values():
            worker_.close()
    this, old = workers["this"].figures(), workers["other"].figures()
    ratios = {
        "steps_per_second": this["steps_per_second"] / old["steps_per_second"],
        "median_step": this["median_step_ms"] / old["median_step_ms"],
        "median_reset": this["median_reset_ms"] / old["median_reset_ms"],
        # as a speed-up, like steps/s: the other tree's CPU per step over this tree's
        "cpu_per_step": old["cpu_ms_per_step"] / max(this["cpu_ms_per_step"], 1e-9),
    }
    print(f"Chromium link walk, {env_id}, {rounds} rounds x {steps} steps, seed {seed}")
    print(
        f"{'tree':40} {'steps/s':>8} {'median step':>12} {'median reset':>13} "
        f"{'cpu/step':>9}   (ms)"
    )
    for name, figures in (("this: " + str(here), this), ("other: " + str(other), old)):
        print(
            f"{name[:40]:40} {figures['steps_per_second']:8.1f} "
            f"{figures['median_step_ms']:12.1f} {figures['median_reset_ms']:13.1f} "
            f"{figures['cpu_ms_per_step']:9.1f}"
        )
    print(
        f"{'ratio (this / other; cpu: other / this)':40} {ratios['steps_per_second']:8.2f} "
        f"{ratios['median_step']:12.2f} {ratios['median_reset']:13.2f} "
        f"{ratios['cpu_per_step']:9.2f}"
    )
    print(f"load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    report = {
        "machine": machine(),
        "env": env_id,
        "rounds": rounds,
        "steps_per_round": steps,
        "seed": seed,
        "trees": {"this": str(here), "other": str(other)},
        "this": this,
        "other": old,
        "ratios": ratios,
        "load_average": os.getloadavg(),
    }
    out = RESULTS / "chromium-compare.json"
    write_report(out, report)
    print(f"\nwrote {out} in {time.perf_counter() - started:.0f} s")
    return 0


def measure(backend: str, rounds: int, resets: int, seconds: float) -> dict:
    """Step, reset and throughput figures of ``run.py``'s loops on one backend.

    The loops visit the same pages again and again, so the in-process page cache and the
    Chromium tree memo are off, as in ``run.py``: every page is rendered and read afresh
    (the link walk, :func:`measure_walk`, runs with both on).
    """
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import run as inprocess_bench  # benchmarks/run.py: the same pages and loops

    from webenv.browser import pagecache
    from webenv.browser.chromium import tab

    saved = pagecache.PAGE_CACHE_PAGES, tab.MEMO_DOCUMENTS
    pagecache.PAGE_CACHE_PAGES = tab.MEMO_DOCUMENTS = 0
    try:
        env = inprocess_bench.make("WebShop-v0", backend=backend)
        try:
            pages = inprocess_bench.resolve_pages(env)
            inprocess_bench.bench_steps(env, pages, 1)  # warm up
            steps = inprocess_bench.bench_steps(env, pages, rounds)
            reset = inprocess_bench.bench_reset(env, resets)
            throughput = inprocess_bench.bench_throughput(env, pages, seconds)
        finally:
            env.close()
    finally:
        pagecache.PAGE_CACHE_PAGES, tab.MEMO_DOCUMENTS = saved
    return {"steps": steps, "reset": reset, "steps_per_second": throughput}


def measure_walk(env_id: str, rounds: int, steps: int, seed: int) -> dict[str, float]:
    """The link walk on this process's webenv (Chromium), after one untimed reset."""
    env = gym.make(env_id, backend="chromium", max_episode_steps=10**9)
    rng = random.Random(seed)
    resets: list[float] = []
    samples: list[float] = []
    try:
        env.reset(seed=seed)
        for index in range(rounds):
            reset, times = walk_round(env, rng, steps, index % 3)
            resets.append(reset)
            samples.extend(times)
    finally:
        env.close()
    return {
        "steps_per_second": len(samples) / sum(samples),
        "median_step_ms": statistics.median(samples) * 1000,
        "median_reset_ms": statistics.median(resets) * 1000,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=8, help="rounds over the page list")
    parser.add_argument("--resets", type=int, default=15)
    parser.add_argument("--seconds", type=float, default=8.0, help="throughput loop length")
    parser.add_argument(
        "--compare", type=Path, metavar="TREE", help="only the link walk, side by side with TREE"
    )
    parser.add_argument("--walk-env", default=WALK_ENV, help="env id of the link walk")
    parser.add_argument("--walk-rounds", type=int, default=6, help="link walk: resets")
    parser.add_argument("--walk-steps", type=int, default=25, help="link walk: steps per reset")
    parser.add_argument("--seed", type=int, default=0, help="seed of the link walk")
    parser.add_argument("--worker", metavar="ENV_ID", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return worker(args.worker, args.seed)
    from webenv.browser.chromium import chromium_executable

    if chromium_executable() is None:
        print(
            "Chromium is missing (apt-get install chromium, or set WEBENV_CHROMIUM): "
            "skipping the Chromium benchmark",
            file=sys.stderr,
        )
        return 1
    if args.compare is not None:
        return compare(
            args.compare.resolve(), args.walk_env, args.walk_rounds, args.walk_steps, args.seed
        )

    started = time.perf_counter()
    results = {
        backend: measure(backend, args.rounds, args.resets, args.seconds)
        for backend in ("inprocess", "chromium")
    }
    chromium = results["chromium"]
    walk = measure_walk(args.walk_env, args.walk_rounds, args.walk_steps, args.seed)
    report = {
        "machine": machine(),
        "targets": {
            "chromium_steps_per_second": TARGET_STEPS_PER_SECOND,
            "chromium_reset_ms": TARGET_RESET_MS,
        },
        "met": {
            "steps_per_second": chromium["steps_per_second"] >= TARGET_STEPS_PER_SECOND,
            "reset": chromium["reset"]["median_ms"] <= TARGET_RESET_MS,
        },
        **results,
        "link_walk": walk,
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
    print(
        f"link walk ({args.walk_env}, {args.walk_rounds} x {args.walk_steps} steps): "
        f"chromium {walk['steps_per_second']:.1f} steps/s, median step "
        f"{walk['median_step_ms']:.1f} ms, median reset {walk['median_reset_ms']:.1f} ms"
    )
    out = RESULTS / "chromium.json"
    write_report(out, report)
    print(f"\nwrote {out} in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
