"""Best-first search with rollback: snapshots let an agent try actions and take them back.

The same policy is played two ways on held-out generated tasks (the ``gen:test``
families on the held-out worlds 10000+), with the same step budget:

- **greedy** (no rollback): on every page it takes the candidate its prior ranks first
  (never the same action twice on one page) until the value function says the task is
  done; then it answers once, with its best-ranked answer. No restores.
- **search** (rollback): best-first over saved states. It pops the most valuable state,
  restores it, expands the prior's next ``--branch`` candidates one after the other (each
  from the same restored state), scores every result with the value function and saves
  it; a dead end stays in the frontier and the search backs out to the next best state.
  At a done state it answers, and when the answer fails it restores and tries the next.

What each part may see:

- **prior** (both, not privileged): how many of the goal's words a candidate's element
  and typed text share, in page order (:func:`prior_scores`).
- **value function** (both, pluggable, :class:`ValueFunction`; the search ranks states
  with it, and both answer once it reaches :data:`DONE`):

  - ``oracle`` (default, **privileged**): the env's progress potential
    (``reward_mode="progress"``: the fraction of the task's subgoals that hold), its
    ties broken by how far along the reference solution's pages the state is
    (:class:`ReferencePathValue`). It reads the task's ground truth and stands in for a
    good learned critic or an LLM judge;
  - ``progress`` (**privileged**): the potential alone, ties broken by ``overlap``;
  - ``overlap`` (not privileged): the share of the goal's words the page shows.

- **answers** (both): a goal with a question mark is answered with a value the page
  shows (:func:`webenv.seen.read_page`), ranked by what the question asks for
  (:func:`answer_proposals`); other goals end with ``stop []``. With ``--answer-tries 1``
  the search answers once, like greedy. With more (the default, 8) it uses the
  validators' verdict as an **oracle**: a failed answer is restored and the next one is
  tried — a privileged use of rollback (a real agent does not see the verdict).

Environment steps count every ``env.step``, answers included; restores are not steps and
are reported separately.

    python examples/tree_search.py --worlds 1 --instances 1 --budget 200 \\
        --json benchmarks/results/search.json   # make bench-search
"""

from __future__ import annotations

import argparse
import heapq
import itertools
import json
import re
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import gymnasium as gym

import webenv  # noqa: F401  (registers the env ids)
from webenv.seen import read_page
from webenv.tools.solution import step_to_actions
from webenv.tools.study.statistics import wilson

ENV_ID = "webenv:WebSuite-v0"
FIRST_TEST_WORLD = 10_000
"""Worlds 10000 and up are held out from training."""
DONE = 1.0
"""The value at which a policy answers."""
TIE_BREAK = 0.5
"""How much of the way to the next subgoal the goal-word overlap may add to the progress."""

_LINE = re.compile(r"^\t*\[(\d+)\] (\S+) '([^']*)'", re.MULTILINE)
_TARGET = re.compile(r"\[(\d+)\]")
_TEXT = re.compile(r"\[(\d+)\] \[(.*)\] \[[01]\]$")
_WORD = re.compile(r"[a-z0-9]{3,}")
BUTTON_BONUS = 0.5
"""The prior's extra score for a button over a link with the same goal words."""
_STOPWORDS = frozenset(
    [
        "the",
        "and",
        "that",
        "with",
        "for",
        "from",
        "this",
        "what",
        "which",
        "who",
        "how",
        "many",
        "much",
        "are",
        "has",
        "have",
        "was",
        "did",
        "does",
        "give",
        "your",
        "my",
        "you",
        "its",
        "into",
    ]
)


# -- value functions ---------------------------------------------------------------------


class ValueFunction(Protocol):
    """Scores a state from its observation and info; :data:`DONE` means answer now."""

    name: str
    privileged: bool
    """Whether it reads the task's ground truth (not available to a real agent)."""

    def prepare(self, env: gym.Env) -> None:
        """Called once per task, after ``reset`` and before either policy plays it."""

    def __call__(self, obs: dict[str, Any], info: dict[str, Any]) -> float: ...


@dataclass
class ProgressValue:
    """The env's progress potential: the fraction of the task's subgoals that hold.

    Privileged: the subgoals come from the task's eval block and reference solution.
    Between two subgoals the page's goal-word overlap (:class:`GoalOverlapValue`) adds up
    to :data:`TIE_BREAK` of the way to the next. Needs ``reward_mode="progress"``.
    """

    name: str = "progress"
    privileged: bool = True

    def prepare(self, env: gym.Env) -> None:
        """Nothing to prepare: the env computes the potential."""

    def __call__(self, obs: dict[str, Any], info: dict[str, Any]) -> float:
        potential = float(info["reward_components"]["potential"])
        if potential >= DONE:
            return potential
        # Between subgoals (often one per task: its answer page) the potential is flat;
        # the page's goal-word overlap breaks the ties, staying below the next subgoal.
        return potential + (1.0 - potential) * TIE_BREAK * GoalOverlapValue()(obs, info)


@dataclass
class GoalOverlapValue:
    """The share of the goal's content words that the page shows (not privileged)."""

    name: str = "overlap"
    privileged: bool = False

    def prepare(self, env: gym.Env) -> None:
        """Nothing to prepare: it reads the goal and the page."""

    def __call__(self, obs: dict[str, Any], info: dict[str, Any]) -> float:
        goal = goal_words(obs["goal"])
        if not goal:
            return 0.0
        return len(goal & goal_words(obs["axtree"] + " " + obs["url"])) / len(goal)


@dataclass
class ReferencePathValue:
    """The progress potential, with the ties between subgoals broken by how far along the
    reference solution's pages the agent is.

    Privileged twice over: :meth:`prepare` plays the task's reference solution on a
    snapshot (its steps are not counted, the env is restored after it) to list the URLs it
    passes through; a state on the k-th of n such pages adds ``k / (n + 1)`` of the way
    to the next subgoal. The densest of the three, it stands in for a good learned critic.
    """

    name: str = "oracle"
    privileged: bool = True
    pages: list[str] = field(default_factory=list)

    def prepare(self, env: gym.Env) -> None:
        """Play the reference solution on a snapshot, note its pages, restore."""
        base = env.unwrapped
        start = base.save_state()  # type: ignore[attr-defined]
        obs = base.restore_state(start)[0]  # type: ignore[attr-defined]
        self.pages = [obs["url"]]
        for step in base.task.solution:  # type: ignore[attr-defined]
            if step["do"] in ("stop", "report_infeasible"):
                break
            for action in step_to_actions(step, obs["axtree"]):
                obs = base.step(action)[0]
            if obs["url"] not in self.pages:
                self.pages.append(obs["url"])
        base.restore_state(start)  # type: ignore[attr-defined]

    def __call__(self, obs: dict[str, Any], info: dict[str, Any]) -> float:
        potential = float(info["reward_components"]["potential"])
        if potential >= DONE or obs["url"] not in self.pages:
            return potential
        along = (self.pages.index(obs["url"]) + 1) / (len(self.pages) + 1)
        return potential + (1.0 - potential) * along


VALUES: dict[str, type[ValueFunction]] = {
    "oracle": ReferencePathValue,
    "progress": ProgressValue,
    "overlap": GoalOverlapValue,
}
"""The value functions by name (each class makes a fresh value per task)."""


def goal_words(text: str) -> set[str]:
    """The stems (first five letters) of ``text``'s content words: three letters or more,
    no stop words, so that "order" and "orders" match."""
    return {word[:5] for word in _WORD.findall(text.lower()) if word not in _STOPWORDS}


# -- the policy: candidate prior and answers --------------------------------------------


def prior_scores(obs: dict[str, Any], candidates: Sequence[str]) -> list[tuple[float, str]]:
    """Each candidate but ``stop`` with its prior score, best first.

    The score is the number of goal words (by stem) the target element's role and name
    share, and for typing, the typed text's: a whole goal phrase typed and sent scores a
    point more, typing a text the goal does not contain scores -3; buttons (which submit
    what was chosen) gain :data:`BUTTON_BONUS`, history and tab actions lose a point.
    Earlier candidates win ties (page order).
    """
    goal = goal_words(obs["goal"])
    names = {int(n): f"{role} {name}" for n, role, name in _LINE.findall(obs["axtree"])}
    scored = []
    for index, action in enumerate(candidates):
        if action.startswith("stop"):
            continue
        typed = _TEXT.search(action)
        if typed:
            text = typed.group(2)
            if text and text.lower() in obs["goal"].lower():
                score = len(goal & goal_words(text)) + (1.0 if action.endswith("[1]") else 0.0)
            else:
                score = -3.0
        else:
            target = _TARGET.search(action)
            words = names.get(int(target.group(1)), "") if target else action
            score = float(len(goal & goal_words(words)))
            if words.startswith("button "):
                score += BUTTON_BONUS
            if action.startswith(("go_", "tab_", "new_tab", "close_tab")):
                score -= 1.0
        scored.append((score - index * 1e-4, action))
    scored.sort(key=lambda pair: -pair[0])
    return scored


def needs_answer(goal: str) -> bool:
    """Whether the goal asks a question (then ``stop`` must carry an answer)."""
    return "?" in goal


def answer_proposals(obs: dict[str, Any]) -> list[str]:
    """Answers the page offers, most plausible first (``[""]`` when none is asked for).

    Values come from :func:`webenv.seen.read_page` (texts, money, numbers, dates the page
    shows outside the site chrome). A "how many" question prefers numbers, a price or
    total prefers money, "when" prefers dates, "who" prefers user names; values the goal
    already contains come last.
    """
    goal = obs["goal"]
    if not needs_answer(goal):
        return [""]
    page = read_page(obs["url"], obs["axtree"])
    lower = goal.lower()
    money = [t for t in page.texts if t.startswith("$")]
    texts = [t for t in page.texts if not t.startswith("$")]
    if "how many" in lower:
        groups = [list(page.numbers), money, texts, list(page.dates)]
    elif any(w in lower for w in ("price", "cost", "total", "spend", "spent", "much")):
        groups = [money, list(page.numbers), texts, list(page.dates)]
    elif lower.startswith("when") or " date" in lower:
        groups = [list(page.dates), texts, list(page.numbers)]
    elif lower.startswith("who") or " who " in lower:
        groups = [list(page.handles), texts, list(page.numbers)]
    else:
        groups = [texts, money, list(page.numbers), list(page.dates)]
    ranked: list[str] = []
    for value in itertools.chain.from_iterable(groups):
        if value not in ranked:
            ranked.append(value)
    return sorted(ranked, key=lambda value: _contains(lower, value.lower()))


def _contains(text: str, phrase: str) -> bool:
    """Whether ``phrase`` occurs in ``text`` as whole words ("3" is not in "100123")."""
    return re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", text) is not None


# -- the two ways to play it -------------------------------------------------------------


@dataclass
class Outcome:
    """How one policy did on one task."""

    solved: bool
    steps: int
    restores: int = 0
    answers: int = 0
    seconds: float = 0.0


def _answer(env: gym.Env, answer: str) -> bool:
    """Answer with ``stop [answer]`` (one env step); whether the lenient verdict passed."""
    info = env.step(f"stop [{answer}]")[4]
    return bool(info["validation"]["lenient"]["passed"])


def greedy(
    env: gym.Env, obs: dict[str, Any], info: dict[str, Any], value: ValueFunction, budget: int
) -> Outcome:
    """The prior's top untried action on each page; one answer; no way back."""
    tried: dict[str, set[str]] = {}
    steps = 0
    while steps < budget:
        if value(obs, info) >= DONE:
            return Outcome(_answer(env, answer_proposals(obs)[0]), steps + 1, answers=1)
        page = tried.setdefault(obs["url"] + obs["axtree"], set())
        choices = [a for _, a in prior_scores(obs, info["candidates"]) if a not in page]
        if not choices:
            break
        page.add(choices[0])
        obs, _, terminated, truncated, info = env.step(choices[0])
        steps += 1
        if terminated or truncated:
            break
    return Outcome(False, steps)


@dataclass(order=True)
class _Node:
    priority: tuple[float, float, int]
    state: Any = field(compare=False)
    obs: dict[str, Any] = field(compare=False)
    info: dict[str, Any] = field(compare=False)
    tried: int = field(default=0, compare=False)
    """How many of the state's ranked actions were expanded already."""
    idle: int = field(default=0, compare=False)
    """How many actions in a row led here without leaving the page's URL."""


WIDENING_PENALTY = 0.01
"""What a state's priority loses each time it comes back for its next actions."""
IDLE_PENALTY = 0.02
"""What a state's priority loses per action in a row that stayed on the same URL: a form
can need a few (select, then Apply), but chains of edits would swamp the frontier."""


class Search:
    """Best-first search over saved states with progressive widening.

    Attributes:
        steps: env steps taken so far (answers included).
        restores: ``restore_state`` calls so far.
    """

    def __init__(self, env: gym.Env, value: ValueFunction, branch: int, answer_tries: int):
        self.env = env
        self.base = env.unwrapped
        self.value = value
        self.branch = branch
        self.answer_tries = answer_tries
        self.steps = 0
        self.restores = 0
        self.answers = 0

    def restore(self, state: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        """Put the env back to ``state`` (counted, not a step)."""
        self.restores += 1
        obs, info = self.base.restore_state(state)  # type: ignore[attr-defined]
        return obs, info

    def _try_answers(self, node: _Node, budget: int) -> bool | None:
        """Answer from ``node``: True if an answer passed, False if the search must end
        (no more tries allowed), None to keep searching elsewhere."""
        for answer in answer_proposals(node.obs)[: self.answer_tries]:
            if self.steps >= budget:
                return False
            self.restore(node.state)
            self.steps += 1
            self.answers += 1
            if _answer(self.env, answer):
                return True
            if self.answers >= self.answer_tries:
                return False
        return None

    def run(self, obs: dict[str, Any], info: dict[str, Any], budget: int) -> Outcome:
        """Search from the current state (``obs``, ``info``) within ``budget`` env steps."""
        order = itertools.count()
        save = self.base.save_state  # type: ignore[attr-defined]
        frontier = [_Node((-self.value(obs, info), 0.0, next(order)), save(), obs, info)]
        seen = {obs["url"] + obs["axtree"]}
        while frontier and self.steps < budget:
            node = heapq.heappop(frontier)
            if self.value(node.obs, node.info) >= DONE:
                verdict = self._try_answers(node, budget)
                if verdict is not None:
                    return self._outcome(verdict)
                continue
            ranked = prior_scores(node.obs, node.info["candidates"])
            batch = ranked[node.tried : node.tried + self.branch]
            for score, action in batch:
                if self.steps >= budget:
                    break
                self.restore(node.state)
                obs, _, terminated, truncated, info = self.env.step(action)
                self.steps += 1
                key = obs["url"] + obs["axtree"]
                if terminated or truncated or key in seen:
                    continue
                seen.add(key)
                idle = node.idle + 1 if obs["url"] == node.obs["url"] else 0
                priority = (IDLE_PENALTY * idle - self.value(obs, info), -score, next(order))
                heapq.heappush(frontier, _Node(priority, save(), obs, info, idle=idle))
            node.tried += len(batch)
            if node.tried < len(ranked):
                value_now, prior, _ = node.priority
                node.priority = (value_now + WIDENING_PENALTY, prior, next(order))
                heapq.heappush(frontier, node)
        return self._outcome(False)

    def _outcome(self, solved: bool) -> Outcome:
        return Outcome(solved, self.steps, self.restores, self.answers)


def search(
    env: gym.Env,
    obs: dict[str, Any],
    info: dict[str, Any],
    value: ValueFunction,
    budget: int,
    branch: int = 4,
    answer_tries: int = 8,
) -> Outcome:
    """Play one task with :class:`Search` from the env's current state."""
    return Search(env, value, branch, answer_tries).run(obs, info, budget)


# -- the benchmark -----------------------------------------------------------------------


def held_out_tasks(env: gym.Env, worlds: int, instances: int) -> list[dict[str, Any]]:
    """The held-out tasks: every held-out family on ``worlds`` held-out worlds, with
    ``instances`` reset seeds each (the env draws the instance a world supports)."""
    families = sorted(f.id for f in env.unwrapped.families)  # type: ignore[attr-defined]
    return [
        {"family": family, "world_seed": FIRST_TEST_WORLD + world, "seed": instance}
        for family in families
        for world in range(worlds)
        for instance in range(instances)
    ]


def summarize(outcomes: Sequence[Outcome]) -> dict[str, Any]:
    """Success rate with its 95 % Wilson interval, steps per solved task, restores, time."""
    solved = [o for o in outcomes if o.solved]
    low, high = wilson(len(solved), len(outcomes))
    return {
        "tasks": len(outcomes),
        "solved": len(solved),
        "success_rate": len(solved) / len(outcomes) if outcomes else 0.0,
        "wilson_95": [low, high],
        "env_steps_per_solved": statistics.mean(o.steps for o in solved) if solved else None,
        "env_steps_total": sum(o.steps for o in outcomes),
        "restores_total": sum(o.restores for o in outcomes),
        "answers_total": sum(o.answers for o in outcomes),
        "seconds_total": sum(o.seconds for o in outcomes),
    }


def markdown(report: dict[str, Any]) -> str:
    """The report's comparison as a Markdown table."""
    lines = [
        "| policy | solved | success (95 % Wilson) | env steps per solved task | restores | "
        "wall time (s) |",
        "|---|---|---|---|---|---|",
    ]
    for name, row in report["runs"].items():
        low, high = row["wilson_95"]
        steps = row["env_steps_per_solved"]
        lines.append(
            f"| {name} | {row['solved']}/{row['tasks']} | {row['success_rate']:.2f} "
            f"({low:.2f}-{high:.2f}) | {'-' if steps is None else f'{steps:.1f}'} | "
            f"{row['restores_total']} | {row['seconds_total']:.1f} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run greedy and search on the same held-out tasks and print the comparison."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--worlds", type=int, default=1, help="held-out worlds (10000 on)")
    parser.add_argument("--instances", type=int, default=1, help="instances per family/world")
    parser.add_argument("--families", nargs="*", help="only these held-out families")
    parser.add_argument("--budget", type=int, default=200, help="env steps per task")
    parser.add_argument("--branch", type=int, default=4, help="actions expanded per state")
    parser.add_argument("--answer-tries", type=int, default=8, help="answers the search may try")
    parser.add_argument("--value", choices=sorted(VALUES), default="oracle")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)

    env = gym.make(
        ENV_ID,
        tasks=args.families or "gen:test",
        world_seeds=range(FIRST_TEST_WORLD, FIRST_TEST_WORLD + args.worlds),
        candidates=True,
        reward_mode="progress",
        max_episode_steps=100 * args.budget,  # the budget ends a task, not TimeLimit
    )
    results: dict[str, list[Outcome]] = {"greedy": [], "search": []}
    rows = []
    try:
        for options in held_out_tasks(env, args.worlds, args.instances):
            row: dict[str, Any] = {"options": options}
            seed = options["seed"]
            pins = {key: options[key] for key in ("family", "world_seed")}
            env.reset(seed=seed, options=pins)
            value = VALUES[args.value]()
            value.prepare(env)
            for name, outcomes in results.items():
                obs, info = env.reset(seed=seed, options=pins)
                started = time.perf_counter()
                if name == "greedy":
                    outcome = greedy(env, obs, info, value, args.budget)
                else:
                    outcome = search(
                        env, obs, info, value, args.budget, args.branch, args.answer_tries
                    )
                outcome.seconds = time.perf_counter() - started
                outcomes.append(outcome)
                row[name] = outcome.__dict__
            row["task_id"] = info["task_id"]
            rows.append(row)
            print(
                f"{info['task_id']:60} greedy {int(row['greedy']['solved'])} "
                f"search {int(row['search']['solved'])} ({row['search']['steps']} steps)",
                flush=True,
            )
    finally:
        env.close()

    report: dict[str, Any] = {
        "value": args.value,
        "value_privileged": VALUES[args.value].privileged,
        "answer_tries": args.answer_tries,
        "budget": args.budget,
        "branch": args.branch,
        "worlds": list(range(FIRST_TEST_WORLD, FIRST_TEST_WORLD + args.worlds)),
        "runs": {name: summarize(outcomes) for name, outcomes in results.items()},
    }
    print()
    print(markdown(report))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({**report, "tasks": rows}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
