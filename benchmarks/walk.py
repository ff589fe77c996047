"""A seeded random walk per site env, this tree against another checkout, side by side.

The walk uses only the public API (``gym.make``, ``reset``, ``step`` and the observation
text), so the same script drives any version of webenv::

    .venv/bin/python benchmarks/walk.py --compare /work/wt/old-17e21e9

Each measurement is one fresh worker process (``--worker``) of one tree's own Python
(``<tree>/.venv/bin/python``), so neither tree warms the other's caches. The trees take
turns, one walk each, ``--rounds`` times per site env and mode; the figures per tree are
the median steps/s over its rounds, by the wall clock and by the worker's CPU time
(steadier on a shared machine), and the ratios are this tree's medians over the other's.

The walk, seeded: every episode starts with ``reset(seed=k)`` (k cycling over 3 seeds)
and a ``goto`` of the site's home page (so both trees start from the same page whatever
their task sets); then each step clicks a random link (skipping log-out links), types a
word taken from the page's link names into its search box with Enter (the ``search``
mode only), or goes back; 50 steps an episode. Steps are timed after a warm-up episode
(templates compiled, worlds built or loaded). Two modes: ``links`` (links 80 %, back
20 %) and ``search`` (links 65 %, search 15 %, back 20 %), since a search may write to a
site's search log and so leave the world unlike its pristine state.

Prints a table (with this tree's median page-cache hit rate over the timed steps, when it
has a page cache) and writes ``benchmarks/results/walk.json``.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from machine import machine, write_report

RESULTS = Path(__file__).resolve().parent / "results"
ENVS = {
    "WebShop-v0": "http://shop.test/",
    "WebForum-v0": "http://forum.test/",
    "WebGit-v0": "http://git.test/",
}
MODES = {"links": (0.8, 0.0), "search": (0.65, 0.15)}
"""Mode -> (share of link clicks, share of searches); the rest are ``go_back``."""
EPISODE_STEPS = 50
SKIP = ("Log out", "Sign out")
LINK = re.compile(r"^\t*\[(\d+)\] link '([^']*)'", re.MULTILINE)
SEARCH_BOX = re.compile(r"^\t*\[(\d+)\] (?:searchbox|textbox) '([^']*)'", re.MULTILINE)
WORD = re.compile(r"[A-Za-z]{4,}")
FIGURES = ("steps_per_second", "steps_per_cpu_second")


def walk(env_id: str, steps: int, mode: str, seed: int = 0) -> dict[str, Any]:
    """Time ``steps`` steps of the walk on ``env_id`` in this process.

    Returns:
        ``steps_per_second`` (wall clock), ``steps_per_cpu_second`` (this process's CPU
        time, steadier on a loaded machine) and the count of each kind of action taken.
    """
    import gymnasium as gym

    import webenv  # noqa: F401  (registers the env ids)

    link_share, search_share = MODES[mode]
    home = ENVS[env_id]
    env = gym.make(env_id, max_episode_steps=10**9)
    rng = random.Random(seed)
    counts = {"goto": 0, "click": 0, "search": 0, "back": 0}

    def episode(count: int, index: int) -> None:
        env.reset(seed=index % 3)
        obs, *_ = env.step(f"goto [{home}]")
        counts["goto"] += 1
        for _ in range(count - 1):
            text = obs["axtree"]
            links = [(n, name) for n, name in LINK.findall(text) if name not in SKIP]
            boxes = [n for n, name in SEARCH_BOX.findall(text) if "search" in name.lower()]
            draw = rng.random()
            if links and draw < link_share:
                action = f"click [{rng.choice(links)[0]}]"
                counts["click"] += 1
            elif boxes and links and draw < link_share + search_share:
                words = WORD.findall(rng.choice(links)[1]) or ["test"]
                action = f"type [{boxes[0]}] [{rng.choice(words).lower()}] [1]"
                counts["search"] += 1
            else:
                action = "go_back"
                counts["back"] += 1
            obs, *_ = env.step(action)

    episode(EPISODE_STEPS, 0)  # warm-up, not timed
    counts = dict.fromkeys(counts, 0)
    cache = _page_cache()
    if cache is not None:
        cache.clear()
    done = 0
    started, cpu_started = time.perf_counter(), time.process_time()
    index = 0
    while done < steps:
        count = min(EPISODE_STEPS, steps - done)
        episode(count, index)
        done += count
        index += 1
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu_started
    env.close()
    return {
        "steps_per_second": steps / elapsed,
        "steps_per_cpu_second": steps / cpu,
        "steps": steps,
        "actions": counts,
        "cache_hit_rate": None if cache is None else cache.stats()["hit_rate"],
    }


def _page_cache() -> Any:
    """The in-process page cache of the webenv being walked (None in trees without one)."""
    try:
        from webenv.browser.pagecache import page_cache
    except ImportError:
        return None
    return page_cache


def run_worker(tree: Path, env_id: str, steps: int, mode: str) -> dict[str, Any]:
    """One walk in a fresh process of ``tree``'s Python (run from the tree's folder)."""
    python = tree / ".venv" / "bin" / "python"
    command = [str(python), str(Path(__file__).resolve()), "--worker", env_id]
    command += ["--steps", str(steps), "--mode", mode]
    done = subprocess.run(command, cwd=tree, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{tree}: walk on {env_id} failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def revision(tree: Path) -> str:
    done = subprocess.run(
        ["git", "-C", str(tree), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout.strip() or "?"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", type=Path, help="another checkout with its own .venv")
    parser.add_argument("--steps", type=int, default=500, help="timed steps per walk")
    parser.add_argument("--rounds", type=int, default=3, help="walks per tree, env and mode")
    parser.add_argument("--envs", nargs="+", default=list(ENVS), choices=list(ENVS))
    parser.add_argument("--modes", nargs="+", default=list(MODES), choices=list(MODES))
    parser.add_argument("--worker", metavar="ENV_ID", help=argparse.SUPPRESS)
    parser.add_argument("--mode", default="links", choices=list(MODES), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(walk(args.worker, args.steps, args.mode)))
        return 0

    here = Path(__file__).resolve().parent.parent
    trees = {"this": here}
    if args.compare is not None:
        trees["other"] = args.compare.resolve()
    commits = {name: revision(path) for name, path in trees.items()}  # as they run
    results: dict[str, Any] = {}
    for env_id in args.envs:
        for mode in args.modes:
            runs: dict[str, list[dict[str, Any]]] = {name: [] for name in trees}
            for round_ in range(args.rounds):
                # alternate which tree goes first, so neither always runs on a quieter machine
                order = list(trees) if round_ % 2 == 0 else list(reversed(trees))
                for name in order:
                    runs[name].append(run_worker(trees[name], env_id, args.steps, mode))
            row: dict[str, Any] = {
                name: {
                    figure: statistics.median(run[figure] for run in tree_runs)
                    for figure in FIGURES
                }
                | {"runs": tree_runs}
                for name, tree_runs in runs.items()
            }
            if "other" in trees:
                row["ratio"] = {
                    figure: row["this"][figure] / row["other"][figure] for figure in FIGURES
                }
            results[f"{env_id} {mode}"] = row

    report = {
        "machine": machine(),
        "trees": {
            name: {"path": str(path), "commit": commits[name]} for name, path in trees.items()
        },
        "steps": args.steps,
        "rounds": args.rounds,
        "walks": results,
    }
    print(f"this = {here} ({report['trees']['this']['commit']})")
    header = f"{'walk (median steps/s)':24} {'this':>7} {'this cpu':>9} {'hits':>5}"
    if "other" in trees:
        print(f"other = {trees['other']} ({report['trees']['other']['commit']})")
        header += f" {'other':>7} {'other cpu':>10} {'ratio':>6} {'cpu ratio':>10}"
    print(header)
    for key, row in results.items():
        this = row["this"]
        rates = [
            run["cache_hit_rate"] for run in this["runs"] if run.get("cache_hit_rate") is not None
        ]
        hits = f"{statistics.median(rates):5.0%}" if rates else f"{'-':>5}"
        line = (
            f"{key:24} {this['steps_per_second']:7.0f} {this['steps_per_cpu_second']:9.0f} {hits}"
        )
        if "other" in trees:
            other, ratio = row["other"], row["ratio"]
            line += (
                f" {other['steps_per_second']:7.0f} {other['steps_per_cpu_second']:10.0f}"
                f" {ratio['steps_per_second']:6.2f} {ratio['steps_per_cpu_second']:10.2f}"
            )
        print(line)
    RESULTS.mkdir(exist_ok=True)
    write_report(RESULTS / "walk.json", report)
    print(f"\nwrote {RESULTS / 'walk.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
