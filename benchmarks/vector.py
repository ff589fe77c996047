"""Vector-env throughput: env-steps per second for 1, 2 and 4 workers (``make bench``).

Each configuration is ``gym.make_vec("webenv:WebSuite-v0", tasks="gen:train",
candidates=True, vectorization_mode="async")`` wrapped in
:class:`webenv.wrappers.DiscreteActions` (and, for the ``browsergym`` variant, in
:class:`webenv.wrappers.BrowserGymObservation`), stepping a random valid action (a random
slot whose ``action_mask`` is 1) in every sub-env. Episodes end at 20 steps or on
``stop []``, and reset on the same step (so resets, world switches and candidate lists are
all in the measured cost, as in training). The worlds used are built before timing.

Env-steps/s counts sub-env steps (``workers`` per vector step). The ratio to one worker is
the scaling figure; absolute numbers move 2-3x between machines and loads, so compare
within one run. Prints a table and writes ``benchmarks/results/vector.json``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
from machine import machine, write_report

import webenv  # noqa: F401 - registers the env ids
from webenv.wrappers import BrowserGymObservation, DiscreteActions

RESULTS = Path(__file__).resolve().parent / "results"
WORLDS = [1, 2]
MAX_CANDIDATES = 256
EPISODE_STEPS = 20


def _discrete(env: gym.Env) -> gym.Env:
    return DiscreteActions(env, max_candidates=MAX_CANDIDATES)


def _browsergym(env: gym.Env) -> gym.Env:
    return BrowserGymObservation(DiscreteActions(env, max_candidates=MAX_CANDIDATES))


WRAPPERS = {"discrete": _discrete, "browsergym": _browsergym}


def measure(workers: int, variant: str, seconds: float, seed: int = 0) -> dict[str, Any]:
    """Env-steps/s of ``workers`` async sub-envs taking random valid actions."""
    envs = gym.make_vec(
        "webenv:WebSuite-v0",
        num_envs=workers,
        vectorization_mode="async",
        vector_kwargs={"autoreset_mode": gym.vector.AutoresetMode.SAME_STEP},
        wrappers=[WRAPPERS[variant]],
        tasks="gen:train",
        candidates=True,
        world_seeds=WORLDS,
        max_episode_steps=EPISODE_STEPS,
    )
    rng = np.random.default_rng(seed)
    try:
        _, infos = envs.reset(seed=seed)
        # Warm up: every worker builds both worlds (a world is built once per process).
        for world in WORLDS:
            _, infos = envs.reset(seed=seed, options={"world_seed": world})
        steps = episodes = errors = 0
        started = time.perf_counter()
        while time.perf_counter() - started < seconds:
            masks = infos["action_mask"]
            actions = np.array([rng.choice(np.flatnonzero(mask)) for mask in masks])
            obs, _, terminated, truncated, infos = envs.step(actions)
            steps += workers
            episodes += int(np.sum(terminated | truncated))
            errors += sum(bool(error) for error in obs["last_action_error"])
        elapsed = time.perf_counter() - started
    finally:
        envs.close()
    return {
        "workers": workers,
        "variant": variant,
        "env_steps": steps,
        "episodes": episodes,
        "action_errors": errors,
        "seconds": round(elapsed, 2),
        "env_steps_per_s": round(steps / elapsed, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="timed seconds per run")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--variants", nargs="+", default=list(WRAPPERS), choices=list(WRAPPERS))
    parser.add_argument("--out", type=Path, default=RESULTS / "vector.json")
    args = parser.parse_args(argv)
    runs = []
    print(f"{'variant':<11} {'workers':>7} {'env-steps/s':>12} {'vs 1 worker':>12} {'errors':>7}")
    for variant in args.variants:
        single = None
        for workers in args.workers:
            run = measure(workers, variant, args.seconds)
            single = single or run["env_steps_per_s"]
            run["vs_one_worker"] = round(run["env_steps_per_s"] / single, 2)
            runs.append(run)
            print(
                f"{variant:<11} {workers:>7} {run['env_steps_per_s']:>12.1f} "
                f"{run['vs_one_worker']:>11.2f}x {run['action_errors']:>7}"
            )
    report = {
        "machine": machine(),
        "tasks": "gen:train",
        "worlds": WORLDS,
        "episode_steps": EPISODE_STEPS,
        "runs": runs,
    }
    write_report(args.out, report)
    print(f"\nwrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
