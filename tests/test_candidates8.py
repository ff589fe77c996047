"""Held-out checks of the RL interface (issue 12): candidates, parity, progress rewards
and ``DiscreteActions`` on world seeds and pages the other tests never visit."""

from __future__ import annotations

import importlib.util
import math
import sys
import warnings
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import webenv  # noqa: F401 - registers the ids
from webenv.candidates import solution_misses
from webenv.env import WebEnv
from webenv.families import families, generate, generate_many
from webenv.tools.solution import find_element, step_to_actions
from webenv.wrappers import DiscreteActions

_PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "candidates.py"
_SPEC = importlib.util.spec_from_file_location("webenv_benchmarks_candidates", _PATH)
assert _SPEC is not None and _SPEC.loader is not None
sweep = importlib.util.module_from_spec(_SPEC)
sys.modules[_SPEC.name] = sweep
_SPEC.loader.exec_module(sweep)

NEW_WORLDS = sweep.HELD_OUT_WORLDS


@pytest.fixture(scope="module")
def env():
    env = WebEnv(tasks="gen", candidates=True, world_seeds=list(NEW_WORLDS))
    yield env
    env.close()


def test_appending_to_a_multiline_text_keeps_its_line_breaks(env):
    """The tree shows a textarea's value whitespace-collapsed; the value offered with a goal
    value appended is the field's own, line breaks kept (the edited comment of this task
    has two paragraphs)."""
    task = generate("forum.edit-my-comment", 77777, 0)
    assert task is not None
    typed = next(step for step in task.solution if step["do"] == "type")
    assert "\n\n" in typed["text"]
    assert solution_misses(env, task) == []
    obs, info = env.reset(options={"task_id": task.task_id})
    for step in task.solution[: task.solution.index(typed)]:
        for action in step_to_actions(step, obs["axtree"]):
            obs, _, _, _, info = env.step(action)
    target = find_element(obs["axtree"], typed)
    original = typed["text"].removesuffix(" (Edit: updated after testing)")
    appended = [c for c in info["candidates"] if c.startswith(f"type [{target}] [{original} ")]
    assert len(appended) >= 3  # each goal value appended
    assert f"type [{target}] [{typed['text']}] [0]" in appended


@pytest.mark.chromium
def test_both_backends_give_a_multiline_fields_value_alike():
    """The field's value with its line breaks comes from each backend's DOM: the same
    candidates on the edit page in both."""
    from tests.chromium import require_chromium

    require_chromium("the candidates parity test")
    task = generate("forum.edit-my-comment", 77777, 0)
    assert task is not None
    typed = next(step for step in task.solution if step["do"] == "type")
    envs = [
        WebEnv(tasks="gen", candidates=True, world_seeds=[77777], backend=backend)
        for backend in ("inprocess", "chromium")
    ]
    try:
        infos = []
        for one in envs:
            obs, info = one.reset(options={"task_id": task.task_id})
            for step in task.solution[: task.solution.index(typed)]:
                for action in step_to_actions(step, obs["axtree"]):
                    obs, _, _, _, info = one.step(action)
            target = find_element(obs["axtree"], typed)
            facts = one.browser.element_facts(target)
            assert facts is not None and "\n\n" in facts.value
            infos.append(info)
        assert infos[0]["candidates"] == infos[1]["candidates"]
    finally:
        for one in envs:
            one.close()


def test_discrete_actions_pass_check_env_on_held_out_worlds():
    for env_id in ("WebSuite-v0", "WebGit-v0"):
        env = DiscreteActions(
            gym.make(env_id, tasks="gen", world_seeds=[9001, 424242]), max_candidates=128
        )
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("error")
                warnings.filterwarnings("ignore", message=r".*is different from the unwrapped")
                check_env(env, skip_render_check=True)
        finally:
            env.close()


def test_masks_follow_the_candidates_along_a_held_out_solution():
    """Slot i is candidate i on every page of a back-office solution on a new world."""
    env = DiscreteActions(WebEnv(tasks="gen", world_seeds=[31415]), max_candidates=64)
    try:
        (task,) = generate_many("shop_admin.hold-order", 31415, 1)
        obs, info = env.reset(options={"task_id": task.task_id})
        for step in task.solution[:-1]:
            for action in step_to_actions(step, obs["axtree"]):
                offered = env.unwrapped.current_candidates[:64]
                expected = np.zeros(64, dtype=np.int8)
                expected[: len(offered)] = 1
                for mask in (info["action_mask"], env.action_masks()):
                    assert mask.dtype == np.int8 and (mask == expected).all()
                assert info["candidates"][:64] == offered
                slot = offered.index(action) if action in offered else None
                if slot is None:  # a goto or a check written as a click
                    obs, _, _, _, info = env.unwrapped.step(action)
                    info["action_mask"] = env.action_masks()
                else:
                    obs, _, _, _, info = env.step(slot)
                assert obs["last_action_error"] == "", action
    finally:
        env.close()


@pytest.mark.slow
def test_every_family_on_a_new_world_offers_its_steps_and_sums_its_progress_rewards(env):
    """Issue 12's done-when on world 424242: reference steps are candidates, and progress
    rewards along the reference solution sum to the sparse reward (1.0)."""
    progress = WebEnv(tasks="gen", reward_mode="progress", world_seeds=[424242])
    try:
        for family in sorted(families()):
            (task,) = generate_many(family, 424242, 1)
            assert solution_misses(env, task) == [], task.task_id
            obs, info = progress.reset(options={"task_id": task.task_id})
            total, terminated = 0.0, False
            for step in task.solution:
                for action in step_to_actions(step, obs["axtree"]):
                    obs, reward, terminated, _, info = progress.step(action)
                    total += float(reward)
                    if terminated:
                        break
                if terminated:
                    break
            assert terminated, task.task_id
            sparse = info["reward_components"]["verdict"]
            assert math.isclose(total, sparse, abs_tol=1e-9) and sparse == 1.0, task.task_id
    finally:
        progress.close()


@pytest.mark.slow
def test_held_out_walk_executes_candidates_from_saved_states_and_replays_alike():
    """The short version of ``benchmarks/candidates.py --held-out``: every site and the
    back office, candidates run from a saved state, each episode replayed."""
    counts, failures = sweep.held_out_walk(pages=60, seed=3, per_page=8)
    assert failures == []
    assert counts["executed from a saved state"] >= 400
    assert counts["episodes replayed"] >= 6
    hosts = {"shop.test", "shop.test/admin", "forum.test", "git.test"}
    assert {f"host:{host}" for host in hosts} <= set(counts)
