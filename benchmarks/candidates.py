"""Random walks over action candidates: every executed candidate must run without error.

Usage: ``python benchmarks/candidates.py [--pages 2000] [--seed 0] [--per-page N]
[--worlds W] [--depth D] [--solutions] [--held-out [--world-seeds 9001,...]
[--instances 3]]``.

Walks generated tasks of all three sites (``tasks="gen"`` on world seeds ``0..W-1``),
taking a uniformly random candidate on each page; with ``--per-page N`` it first runs N
more random candidates of the page, each from the same state restored by resetting to the
same task and replaying the walk so far. An episode ends at ``stop`` or after ``D``
steps. Prints the pages visited, the candidates seen (in all, the mean and the most on
one page) and every candidate that produced ``last_action_error``; exits 1 if any did.

``--solutions`` instead plays every family's reference solution on worlds 1 and 12 and
lists each step that was not among the candidates when it was taken.

``--held-out`` is the sweep of held-out world seeds (``--world-seeds``, default 9001,
31415, 424242 and 77777): episodes take the sites in turn (the back office included),
each a random family of the site; the walk picks a kind of action first, then one of its
candidates (so it types, selects, goes back and opens tabs, not mostly types), executes
*every* candidate of each page from ``save_state`` (``--per-page N``: N of them), and
replays each episode to check that its pages offer the same candidates in the same order.
With ``--solutions`` it plays ``--instances`` instances of every family on those worlds.
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

HELD_OUT_WORLDS = (9001, 31415, 424242, 77777)
"""World seeds no test plays (``--held-out``)."""
KIND_WEIGHTS = {"click": 4.0, "type": 3.0, "select": 1.5, "go_forward": 0.5, "tab_focus": 0.5}
"""How often the held-out walk picks each kind of action (others 1; ``new_tab`` and tool
calls less, ``stop`` never: the walk ends at its depth)."""
KIND_WEIGHTS.update({"new_tab": 0.3, "close_tab": 0.5, "tool": 0.2, "stop": 0.0})


def _page_label(url_text: str) -> str:
    """``host:...`` for the counts: the site's host, the back office apart."""
    url = parse_url(url_text)
    host = url.host if url is not None and url.host else "blank"
    if host == "shop.test" and url is not None and url.path.startswith("/admin"):
        host += "/admin"
    return f"host:{host}"


def held_out_walk(
    pages: int,
    seed: int,
    world_seeds: tuple[int, ...] = HELD_OUT_WORLDS,
    depth: int = 10,
    per_page: int | None = None,
) -> tuple[Counter[str], list[str]]:
    """Visit ``pages`` pages on ``world_seeds``; return the counts and the failures.

    Every candidate of each page (``per_page``: that many, drawn) is executed from the
    page's :meth:`~webenv.env.WebEnv.save_state`; each episode is replayed from its reset
    and any page whose candidates differ from the walk's is a failure too.
    """
    rng = random.Random(seed)
    env = WebEnv(tasks="gen", candidates=True, world_seeds=list(world_seeds))
    by_site: dict[str, list[str]] = {}
    for family in sorted(families()):
        by_site.setdefault(family.split(".", 1)[0], []).append(family)
    sites = sorted(by_site)
    counts: Counter[str] = Counter()
    failures: list[str] = []
    try:
        episode = 0
        while counts["pages"] < pages:
            options = {
                "family": rng.choice(by_site[sites[episode % len(sites)]]),
                "world_seed": rng.choice(world_seeds),
            }
            reset_seed = seed * 100_000 + episode
            episode += 1
            _, info = env.reset(seed=reset_seed, options=options)
            walked: list[str] = []
            offered = [info["candidates"]]
            for _ in range(depth):
                candidates = info["candidates"]
                counts["pages"] += 1
                counts["candidates"] += len(candidates)
                counts["most candidates on a page"] = max(
                    counts["most candidates on a page"], len(candidates)
                )
                counts[_page_label(env.browser.url)] += 1
                token, url = env.save_state(), env.browser.url
                chosen = (
                    candidates
                    if per_page is None
                    else rng.sample(candidates, min(per_page, len(candidates)))
                )
                for action in chosen:
                    obs, *_ = env.step(action)
                    counts["executed from a saved state"] += 1
                    if obs["last_action_error"]:
                        failures.append(
                            f"{info['task_id']} {url} after {walked!r}: {action!r}: "
                            f"{obs['last_action_error']}"
                        )
                    env.restore_state(token)
                kinds: dict[str, list[str]] = {}
                for action in candidates:
                    kinds.setdefault(action.split(" ", 1)[0], []).append(action)
                names = [kind for kind in sorted(kinds) if KIND_WEIGHTS.get(kind, 1.0) > 0]
                if not names:
                    break
                kind = rng.choices(names, [KIND_WEIGHTS.get(k, 1.0) for k in names])[0]
                action = rng.choice(kinds[kind])
                walked.append(action)
                counts[f"walked:{kind}"] += 1
                obs, _, terminated, truncated, info = env.step(action)
                if obs["last_action_error"]:
                    failures.append(
                        f"{info['task_id']} walk {action!r}: {obs['last_action_error']}"
                    )
                offered.append(info.get("candidates", []))
                if terminated or truncated or counts["pages"] >= pages:
                    break
            _, info = env.reset(seed=reset_seed, options=options)
            replayed = [info["candidates"]]
            replayed += [env.step(action)[4].get("candidates", []) for action in walked]
            counts["episodes replayed"] += 1
            for number, (first, again) in enumerate(zip(offered, replayed, strict=True)):
                if first != again:
                    failures.append(
                        f"{options} after {walked[:number]!r}: other candidates on a replay"
                    )
                    break
    finally:
        env.close()
    return counts, failures


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


def solutions(world_seeds: tuple[int, ...] = (1, 12), instances: int = 1) -> tuple[int, list[str]]:
    """Play ``instances`` instances of every family per world; return the count and the
    misses."""
    env = WebEnv(tasks="gen", candidates=True, world_seeds=list(world_seeds))
    misses: list[str] = []
    played = 0
    try:
        for family in families():
            for world_seed in world_seeds:
                for task in generate_many(family, world_seed, instances):
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
    parser.add_argument("--per-page", type=int, default=None)
    parser.add_argument("--worlds", type=int, default=20)
    parser.add_argument("--solutions", action="store_true")
    parser.add_argument("--held-out", action="store_true")
    parser.add_argument("--world-seeds", default=",".join(map(str, HELD_OUT_WORLDS)))
    parser.add_argument("--instances", type=int, default=3)
    args = parser.parse_args()
    world_seeds = tuple(int(seed) for seed in args.world_seeds.split(","))
    if args.solutions:
        played, misses = solutions(world_seeds, args.instances) if args.held_out else solutions()
        print(f"instances played: {played}; steps not among the candidates: {len(misses)}")
        for miss in misses:
            print("MISS", miss)
        return 1 if misses else 0
    if args.held_out:
        counts, failures = held_out_walk(
            args.pages, args.seed, world_seeds, args.depth, args.per_page
        )
    else:
        counts, failures = walk(args.pages, args.seed, args.depth, args.per_page or 0, args.worlds)
    for key, value in sorted(counts.items()):
        print(f"{key}: {value}")
    print(f"mean candidates per page: {counts['candidates'] / max(counts['pages'], 1):.1f}")
    for failure in failures:
        print("FAIL", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
