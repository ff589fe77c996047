"""Random walks over action candidates: every executed candidate must run without error.

Usage: ``python benchmarks/candidates.py [--pages 2000] [--seed 0] [--per-page N]
[--worlds W] [--depth D] [--solutions]``.

Walks generated tasks of all three sites (``tasks="gen"`` on world seeds ``0..W-1``),
taking a uniformly random candidate on each page; with ``--per-page N`` it first runs N
more random candidates of the page, each from the same state restored by resetting to the
same task and replaying the walk so far. An episode ends at ``stop`` or after ``D``
steps. Prints the pages visited, the candidates seen (in all, the mean and the most on
one page) and every candidate that produced ``last_action_error``; exits 1 if any did.

``--solutions`` instead plays every family's reference solution on worlds 1 and 12 and
lists each step that was not among the candidates when it was taken.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from typing import Any

from webenv.candidates import solution_misses
from webenv.env import WebEnv
from webenv.families import families, generate_many
from webenv.sites.core.urls import parse_url


def walk(
    pages: int, seed: int, depth: int = 12, per_page: int = 0, worlds: int = 20
) -> tuple[Counter[str], list[str]]:
    """Visit ``pages`` pages; return counts (pages, candidates, hosts) and failures.

    On each page the walk takes one random candidate; with ``per_page`` it first tries
    that many other random candidates, each from the same state restored by resetting
    to the same task and replaying the walk so far.
    """
    rng = random.Random(seed)
    env = WebEnv(tasks="gen", candidates=True, world_seeds=range(worlds))
    counts: Counter[str] = Counter()
    failures: list[str] = []

    def run(action: str, task_id: str) -> tuple[Any, ...]:
        result = env.step(action)
        counts["executed"] += 1
        if result[0]["last_action_error"]:
            failures.append(f"{task_id} {action!r}: {result[0]['last_action_error']}")
        return result

    try:
        episode = 0
        while counts["pages"] < pages:
            reset_seed = seed * 100_000 + episode
            _, info = env.reset(seed=reset_seed)
            episode += 1
            prefix: list[str] = []
            for _ in range(depth):
                candidates = info["candidates"]
                task_id = info["task_id"]
                counts["pages"] += 1
                counts["candidates"] += len(candidates)
                counts["most candidates on a page"] = max(
                    counts["most candidates on a page"], len(candidates)
                )
                url = parse_url(env.browser.url)
                counts[f"host:{url.host if url is not None and url.host else 'blank'}"] += 1
                for extra in rng.sample(candidates, min(per_page, len(candidates))):
                    env.reset(seed=reset_seed)
                    for step in prefix:
                        env.step(step)
                    run(extra, task_id)
                    counts["executed from a restored state"] += 1
                if per_page:
                    env.reset(seed=reset_seed)
                    for step in prefix:
                        env.step(step)
                action = rng.choice(candidates)
                prefix.append(action)
                _, _, terminated, truncated, info = run(action, task_id)
                if terminated or truncated or counts["pages"] >= pages:
                    break
    finally:
        env.close()
    return counts, failures


def solutions(world_seeds: tuple[int, ...] = (1, 12)) -> tuple[int, list[str]]:
    """Play one instance of every family per world; return the count and the misses."""
    env = WebEnv(tasks="gen", candidates=True, world_seeds=list(world_seeds))
    misses: list[str] = []
    played = 0
    try:
        for family in families():
            for world_seed in world_seeds:
                for task in generate_many(family, world_seed, 1):
                    played += 1
                    misses += [f"{task.task_id} {miss}" for miss in solution_misses(env, task)]
    finally:
        env.close()
    return played, misses


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--depth", type=int, default=12)
    parser.add_argument("--per-page", type=int, default=0)
    parser.add_argument("--worlds", type=int, default=20)
    parser.add_argument("--solutions", action="store_true")
    args = parser.parse_args()
    if args.solutions:
        played, misses = solutions()
        print(f"instances played: {played}; steps not among the candidates: {len(misses)}")
        for miss in misses:
            print("MISS", miss)
        return 1 if misses else 0
    counts, failures = walk(args.pages, args.seed, args.depth, args.per_page, args.worlds)
    for key, value in sorted(counts.items()):
        print(f"{key}: {value}")
    print(f"mean candidates per page: {counts['candidates'] / max(counts['pages'], 1):.1f}")
    for failure in failures:
        print("FAIL", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
