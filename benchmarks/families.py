"""Task families verified at scale: play generated instances through ``WebEnv.step()``.

For every family, plays ``--per-family`` instances spread over the world seeds in
``--worlds`` (each instance: reference solution solved leniently and strictly, answer
confirmed by the family's independent route, an idle agent fails), and measures how
fast instances are generated, how many of the tried instance seeds a world supports,
how many distinct instances (intent and eval) the families yield, and the reference
solutions' lengths.

Distinct instances are counted world by world (``--distinct-tries`` instance seeds per
family and world, generated but not played); the table's last column, the mean distinct
instances per world, shows which families yield few. ``--per-family 0`` only counts.

Prints a table and writes ``benchmarks/results/families.json``.

    python benchmarks/families.py --worlds 100-109 --per-family 20
    python benchmarks/families.py --worlds 100-199 --per-family 0 --distinct-tries 30
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from webenv.families import families, generate_json, select_families
from webenv.families.model import world_data
from webenv.families.verify import InstanceCheck, check_world
from webenv.world import pristine_snapshot


def _seeds(text: str) -> list[int]:
    low, _, high = text.partition("-")
    try:
        first, last = int(low), int(high or low)
    except ValueError:
        raise SystemExit(f"--worlds: expected A-B or N, got {text!r}") from None
    if first < 0 or last < first:
        raise SystemExit(f"--worlds: expected 0 <= A <= B, got {text!r}")
    return list(range(first, last + 1))


class _Distinct:
    """Counts distinct instances (intent and eval) over worlds, one world at a time (so a
    world's data is generated once for playing and counting)."""

    def __init__(self, family_ids: list[str], tries: int) -> None:
        self.family_ids = family_ids
        self.tries = tries
        self.keys: dict[str, set[str]] = defaultdict(set)
        self.made = self.tried = 0
        self.elapsed = 0.0

    def add_world(self, seed: int) -> None:
        """Generate ``tries`` instance seeds of every family on world ``seed`` (no playing)."""
        started = time.perf_counter()
        for family_id in self.family_ids:
            for instance in range(self.tries):
                self.tried += 1
                data = generate_json(family_id, seed, instance)
                if data is None:
                    continue
                self.made += 1
                # Distinct = distinct intent and eval (answer): the same question with the
                # same answer on two worlds counts once.
                key = json.dumps([data["intent"], data["eval"]], sort_keys=True)
                self.keys[family_id].add(key)
        self.elapsed += time.perf_counter() - started

    def summary(self, worlds: int) -> dict[str, object]:
        """Totals, and per family the distinct count and its mean per world."""
        per_family = {f: len(self.keys.get(f, ())) for f in self.family_ids}
        return {
            "tried": self.tried,
            "generated": self.made,
            "supported_share": self.made / self.tried if self.tried else 0,
            "tasks_per_s": self.made / self.elapsed if self.elapsed else 0.0,
            "distinct": sum(per_family.values()),
            "distinct_per_family": per_family,
            "distinct_per_family_per_world": {
                f: n / worlds if worlds else 0.0 for f, n in per_family.items()
            },
        }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--worlds", default="100-109", help="world seeds A-B (default 100-109)")
    parser.add_argument(
        "--per-family",
        type=int,
        default=20,
        help="instances played per family in total (default 20; 0 counts distinct "
        "instances only, without playing)",
    )
    parser.add_argument("--select", default="gen", help="families: gen, gen:test, shop:gen...")
    parser.add_argument(
        "--distinct-tries",
        type=int,
        default=100,
        help="instance seeds tried per family and world for the distinct count",
    )
    parser.add_argument("--out", default="benchmarks/results/families.json")
    args = parser.parse_args(argv)
    seeds = _seeds(args.worlds)
    family_ids = [f.id for f in select_families(args.select)]
    per_world = math.ceil(args.per_family / len(seeds))
    counter = _Distinct(family_ids, args.distinct_tries)

    world_build: dict[str, list[float]] = defaultdict(list)
    results: list[InstanceCheck] = []
    play_time = 0.0
    for seed in seeds:
        for site in ("shop", "forum", "githost"):
            started = time.perf_counter()
            pristine_snapshot(site, seed)
            world_build[site].append(time.perf_counter() - started)
        world_data(seed)
        started = time.perf_counter()
        if per_world:
            results += check_world(family_ids, seed, per_world)
        play_time += time.perf_counter() - started
        counter.add_world(seed)
        done = sum(r.ok for r in results)
        print(
            f"world {seed}: {done}/{len(results)} ok so far, "
            f"{sum(len(v) for v in counter.keys.values())} distinct instances",
            file=sys.stderr,
            flush=True,
        )

    by_family: dict[str, list[InstanceCheck]] = defaultdict(list)
    for result in results:
        by_family[result.family].append(result)
    distinct = counter.summary(len(seeds))
    per_world_distinct: Any = distinct["distinct_per_family_per_world"]
    print(f"{'family':42} {'split':5} {'ok/played':>9} {'steps':>9} {'distinct/world':>14}")
    for family_id in family_ids:
        rows = by_family.get(family_id, [])
        steps = [r.steps for r in rows]
        span = f"{min(steps)}-{max(steps)}" if steps else "-"
        print(
            f"{family_id:42} {families()[family_id].split:5} "
            f"{sum(r.ok for r in rows):>4}/{len(rows):<4} {span:>9} "
            f"{per_world_distinct[family_id]:>14.1f}"
        )
    failures = [r for r in results if not r.ok]
    for failure in failures[:20]:
        print(f"FAIL {failure.task_id}: {failure.error}")
    lengths = [r.steps for r in results]
    summary = {
        "worlds": [seeds[0], seeds[-1]],
        "families": len(family_ids),
        "played": len(results),
        "ok": len(results) - len(failures),
        "solved": sum(r.solved for r in results),
        "confirmed": sum(r.confirmed for r in results),
        "idle_fails": sum(r.idle_fails for r in results),
        "short_families": [f for f in family_ids if len(by_family.get(f, [])) < args.per_family],
        "median_steps": statistics.median(lengths) if lengths else 0,
        "share_10_plus": sum(n >= 10 for n in lengths) / len(lengths) if lengths else 0,
        "play_s_per_instance": play_time / len(results) if results else 0,
        "world_build_s_median": {s: statistics.median(v) for s, v in world_build.items()},
        "generation": distinct,
    }
    print(
        f"\n{summary['ok']}/{summary['played']} instances ok (solved {summary['solved']}, "
        f"confirmed {summary['confirmed']}, idle agent failed {summary['idle_fails']}) over "
        f"{len(seeds)} worlds, {len(family_ids)} families"
    )
    print(
        f"solution length: median {summary['median_steps']}, "
        f"{summary['share_10_plus']:.0%} at 10 or more actions"
    )
    print(
        f"generation: {distinct['generated']}/{distinct['tried']} instance seeds supported "
        f"({distinct['supported_share']:.0%}), {distinct['tasks_per_s']:.0f} tasks/s, "
        f"{distinct['distinct']} distinct instances over {len(seeds)} worlds "
        f"({args.distinct_tries} seeds tried per family and world)"
    )
    print(
        "world build (s, median per site): "
        + ", ".join(f"{s} {v:.2f}" for s, v in summary["world_build_s_median"].items())
    )
    if summary["short_families"]:
        print("families with fewer instances than asked: " + ", ".join(summary["short_families"]))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(summary, indent=2) + "\n", "utf-8")
    return 0 if not failures and not summary["short_families"] else 1


if __name__ == "__main__":
    sys.exit(main())
