"""Random walks over action candidates: every executed candidate must run without error.

Usage: ``python benchmarks/candidates.py [--pages 2000] [--seed 0] [--solutions]``.
``--solutions`` instead plays every family's reference solution on worlds 1 and 12 and
lists each step that was not among the candidates when it was taken. Otherwise walks
generated
tasks of all three sites (``tasks="gen"``), choosing a uniformly random candidate on each
page; an episode ends at ``stop`` or after ``--depth`` steps. Prints the pages visited,
the candidates seen and every candidate that produced ``last_action_error``; exits 1 if
any did.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter

from webenv.candidates import solution_misses
from webenv.env import WebEnv
from webenv.families import families, generate_many
from webenv.sites.core.urls import parse_url


def walk(pages: int, seed: int, depth: int = 12) -> tuple[Counter[str], list[str]]:
    """Visit ``pages`` pages; return counts (pages, candidates, per site) and failures."""
    rng = random.Random(seed)
    env = WebEnv(tasks="gen", candidates=True, world_seeds=range(0, 20))
    counts: Counter[str] = Counter()
    failures: list[str] = []
    try:
        episode = 0
        while counts["pages"] < pages:
            _, info = env.reset(seed=seed * 100_000 + episode)
            episode += 1
            for _ in range(depth):
                candidates = info["candidates"]
                counts["pages"] += 1
                counts["candidates"] += len(candidates)
                url = parse_url(env.browser.url)
                counts[f"host:{url.host if url is not None and url.host else 'blank'}"] += 1
                action = rng.choice(candidates)
                obs, _, terminated, truncated, info = env.step(action)
                counts["executed"] += 1
                if obs["last_action_error"]:
                    failures.append(f"{info['task_id']} {action!r}: {obs['last_action_error']}")
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
    parser.add_argument("--solutions", action="store_true")
    args = parser.parse_args()
    if args.solutions:
        played, misses = solutions()
        print(f"instances played: {played}; steps not among the candidates: {len(misses)}")
        for miss in misses:
            print("MISS", miss)
        return 1 if misses else 0
    counts, failures = walk(args.pages, args.seed, args.depth)
    for key, value in sorted(counts.items()):
        print(f"{key}: {value}")
    for failure in failures:
        print("FAIL", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
