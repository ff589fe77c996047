"""Best-first search with rollback: snapshots let an agent try an action and take it back.

The same policy is run two ways on held-out generated tasks (test families on test
worlds):

- **greedy** (no rollback): at every page it takes the action its prior ranks first
  among the page's candidates (never the same action twice on one page) until the
  value function says the task is done, the episode ends or the step budget is spent;
- **search** (rollback): a best-first search. From the most promising saved state it
  restores, tries the prior's top ``--branch`` candidates one after the other (each from
  the same restored state), scores each result with the value function and saves it;
  dead ends are left in the frontier and the search backs out to the next best state.

The **prior** is a cheap text heuristic: how many of the goal's words the candidate's
target element and typed text share (no learning). The **value function** is pluggable
(``--value``); the default is the env's progress potential (``reward_mode="progress"``:
the fraction of the task's subgoals that hold), a privileged oracle that keeps the demo
self-contained; a learned critic or an LLM judge would take its place. Both runs stop
with ``stop []`` once the value reaches 1, so only families judged on state or URL take
part (an answer would have to be written, which candidates leave to the agent).

Environment steps count every ``env.step`` (restores are free: they are not steps).

    python examples/tree_search.py --episodes 30 --budget 60
"""

from __future__ import annotations

import argparse
import heapq
import itertools
import json
import re
import statistics
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import gymnasium as gym

import webenv  # noqa: F401  (registers the env ids)
from webenv.families import families
from webenv.tools.solution import step_to_actions

_LINE = re.compile(r"^\t*\[(\d+)\] (\S+) '([^']*)'", re.MULTILINE)
_TARGET = re.compile(r"\[(\d+)\]")
_TEXT = re.compile(r"\[(\d+)\] \[(.*)\] \[[01]\]$")
_WORD = re.compile(r"[a-z0-9]{3,}")

Value = Callable[[dict[str, Any], dict[str, Any]], float]


def progress_value(obs: dict[str, Any], info: dict[str, Any]) -> float:
    """The env's progress potential: the fraction of the task's subgoals that hold."""
    return float(info["reward_components"]["potential"])


def reference_pages(env: gym.Env) -> list[str]:
    """The URLs the task's reference solution passes through, found on a snapshot.

    Privileged (it plays the reference solution, then restores the episode), like the
    progress potential; the steps it takes are not counted.
    """
    base = env.unwrapped
    start = base.save_state()
    obs = base.restore_state(start)[0]
    pages = [obs["url"]]
    for step in base.task.solution:
        if step["do"] in ("stop", "report_infeasible"):
            break
        for action in step_to_actions(step, obs["axtree"]):
            obs, *_ = env.step(action)
        if obs["url"] not in pages:
            pages.append(obs["url"])
    base.restore_state(start)
    return pages


def oracle_value(pages: list[str]) -> Value:
    """Progress potential first; then how far along the reference pages the agent is."""

    def value(obs: dict[str, Any], info: dict[str, Any]) -> float:
        along = pages.index(obs["url"]) + 1 if obs["url"] in pages else 0
        return progress_value(obs, info) + along / (len(pages) + 1) / 2

    return value


def prior_scores(obs: dict[str, Any], candidates: list[str]) -> list[tuple[float, str]]:
    """Each candidate (but ``stop``) with the number of goal words its element shares."""
    goal = set(_WORD.findall(obs["goal"].lower()))
    names = {int(n): f"{role} {name}" for n, role, name in _LINE.findall(obs["axtree"])}
    scored = []
    for index, action in enumerate(candidates):
        if action.startswith("stop"):
            continue
        target = _TARGET.search(action)
        words = names.get(int(target.group(1)), "") if target else action
        typed = _TEXT.search(action)
        if typed:
            # A goal phrase typed and sent ranks with the best links; typing without Enter,
            # appending to what the field shows or clearing it, last.
            exact = typed.group(2) and typed.group(2).lower() in obs["goal"].lower()
            score = (4.0 if action.endswith("[1]") else 1.0) if exact else -3.0
            scored.append((score - index * 1e-4, action))
            continue
        bonus = -1.0 if action.startswith(("go_", "tab_", "new_tab", "close_tab")) else 0.0
        overlap = len(goal & set(_WORD.findall(words.lower())))
        # Earlier candidates win ties (page order).
        scored.append((overlap + bonus - index * 1e-4, action))
    scored.sort(reverse=True)
    return scored


@dataclass
class Outcome:
    solved: bool
    steps: int


def _finish(env: gym.Env, steps: int) -> Outcome:
    """Answer with ``stop []`` and read the verdict."""
    _, _, _, _, info = env.step("stop []")
    return Outcome(bool(info["validation"]["lenient"]["passed"]), steps + 1)


def greedy(env: gym.Env, obs: dict, info: dict, value: Value, budget: int) -> Outcome:
    """The prior's top untried action at each page; no way back."""
    tried: dict[str, set[str]] = {}
    for steps in range(budget):
        if progress_value(obs, info) >= 1.0:
            return _finish(env, steps)
        page = tried.setdefault(obs["url"] + obs["axtree"], set())
        choices = [a for _, a in prior_scores(obs, info["candidates"]) if a not in page]
        if not choices:
            return Outcome(False, steps)
        page.add(choices[0])
        obs, _, terminated, truncated, info = env.step(choices[0])
        if terminated or truncated:
            return Outcome(False, steps + 1)
    return Outcome(False, budget)


@dataclass(order=True)
class _Node:
    priority: tuple[float, float, int]
    state: Any = field(compare=False)
    obs: dict = field(compare=False)
    info: dict = field(compare=False)
    tried: int = field(default=0, compare=False)
    """How many of the state's ranked actions were expanded already."""


WIDENING_PENALTY = 0.01
"""What a state's priority loses each time it comes back for its next actions."""


def search(env: gym.Env, obs: dict, info: dict, value: Value, budget: int, branch: int) -> Outcome:
    """Best-first over saved states with progressive widening.

    A popped state expands its next ``branch`` actions in the prior's order, each from
    the restored state, then goes back into the frontier (a little less promising) for
    the actions after those: a dead end is left and a good state is widened later.
    """
    base = env.unwrapped
    order = itertools.count()
    frontier = [_Node((-value(obs, info), 0.0, next(order)), base.save_state(), obs, info)]
    seen = {obs["url"] + obs["axtree"]}
    steps = 0
    while frontier and steps < budget:
        node = heapq.heappop(frontier)
        if progress_value(node.obs, node.info) >= 1.0:
            base.restore_state(node.state)
            return _finish(env, steps)
        ranked = prior_scores(node.obs, node.info["candidates"])
        batch = ranked[node.tried : node.tried + branch]
        for score, action in batch:
            if steps >= budget:
                break
            base.restore_state(node.state)
            obs, _, terminated, truncated, info = env.step(action)
            steps += 1
            key = obs["url"] + obs["axtree"]
            if terminated or truncated or key in seen:
                continue
            seen.add(key)
            # Most valuable first; among equals, what the prior liked best.
            heapq.heappush(
                frontier,
                _Node((-value(obs, info), -score, next(order)), base.save_state(), obs, info),
            )
        node.tried += len(batch)
        if node.tried < len(ranked):
            value_now, prior, _ = node.priority
            node.priority = (value_now + WIDENING_PENALTY, prior, next(order))
            heapq.heappush(frontier, node)
    return Outcome(False, steps)


def held_out_families() -> list[str]:
    """Test families judged on state or URL (an answer would have to be written)."""
    return sorted(
        family.id
        for family in families().values()
        if family.split == "test" and family.kind in ("state", "navigation")
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=30, help="held-out tasks to play")
    parser.add_argument("--budget", type=int, default=60, help="env steps per task")
    parser.add_argument("--branch", type=int, default=4, help="actions tried per state")
    parser.add_argument("--first-world", type=int, default=10_000, help="held-out worlds")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)

    chosen = held_out_families()
    env = gym.make(
        "WebSuite-v0",
        tasks=chosen,
        world_seeds=range(args.first_world, args.first_world + args.episodes),
        candidates=True,
        reward_mode="progress",
        max_episode_steps=10 * args.budget,  # the budget ends an episode, not TimeLimit
    )
    results: dict[str, list[Outcome]] = {"greedy": [], "search": []}
    tasks = []
    try:
        for episode in range(args.episodes):
            options = {
                "family": chosen[episode % len(chosen)],
                "world_seed": args.first_world + episode,
            }
            for name in results:
                obs, info = env.reset(seed=episode, options=options)
                value = oracle_value(reference_pages(env))
                if name == "greedy":
                    outcome = greedy(env, obs, info, value, args.budget)
                else:
                    outcome = search(env, obs, info, value, args.budget, args.branch)
                results[name].append(outcome)
            tasks.append(info["task_id"])
            print(
                f"{info['task_id']:55} greedy {results['greedy'][-1]} "
                f"search {results['search'][-1]}",
                flush=True,
            )
    finally:
        env.close()

    report: dict[str, Any] = {"episodes": args.episodes, "budget": args.budget, "runs": {}}
    print(f"\n{'policy':8} {'solved':>8} {'rate':>6} {'env steps per solved task':>27}")
    for name, outcomes in results.items():
        solved = [o for o in outcomes if o.solved]
        steps = statistics.mean(o.steps for o in solved) if solved else float("nan")
        report["runs"][name] = {
            "solved": len(solved),
            "success_rate": len(solved) / len(outcomes),
            "steps_per_solved": steps,
        }
        print(
            f"{name:8} {len(solved):>4}/{len(outcomes):<3} {len(solved) / len(outcomes):6.2f} "
            f"{steps:27.1f}"
        )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({**report, "tasks": tasks}, out, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
