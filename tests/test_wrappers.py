"""DiscreteActions over candidates, and verdicts on truncated episodes."""

from __future__ import annotations

import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from gymnasium.wrappers import TimeLimit

import webenv  # noqa: F401 - registers the ids
from webenv.env import WebEnv
from webenv.errors import OptionError
from webenv.wrappers import DiscreteActions, TruncationVerdict

K = 64


@pytest.fixture(scope="module")
def discrete():
    env = DiscreteActions(gym.make("WebShop-v0"), max_candidates=K)
    yield env
    env.close()


def test_passes_check_env_with_warnings_as_errors():
    """Every warning is an error but the one check_env gives any wrapper for being one."""
    env = DiscreteActions(gym.make("WebShop-v0").unwrapped, max_candidates=K)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            warnings.filterwarnings("ignore", message=r".*is different from the unwrapped")
            check_env(env, skip_render_check=True)
    finally:
        env.close()


def test_space_mask_and_slots(discrete):
    assert discrete.action_space == gym.spaces.Discrete(K)
    assert discrete.unwrapped.candidates is True
    _, info = discrete.reset(seed=0)
    mask = info["action_mask"]
    assert mask.dtype == np.int8 and mask.shape == (K,)
    count = min(len(info["candidates"]), K)
    assert mask.sum() == count and mask[:count].all()
    assert np.array_equal(discrete.action_masks(), mask)
    slot = next(i for i, c in enumerate(info["candidates"][:K]) if c.startswith("click "))
    obs, _, terminated, _, info = discrete.step(np.int64(slot))
    assert obs["last_action_error"] == "" and not terminated
    assert np.array_equal(info["action_mask"], discrete.action_masks())


def test_a_masked_slot_is_a_no_op_with_a_clear_error():
    wide = DiscreteActions(gym.make("WebShop-v0"), max_candidates=1024)
    try:
        _, info = wide.reset(seed=0)
        url = wide.unwrapped.browser.url
        free = int(np.flatnonzero(info["action_mask"] == 0)[0])
        obs, reward, terminated, truncated, info = wide.step(free)
        assert f"action {free} is masked" in obs["last_action_error"]
        assert (reward, terminated, truncated) == (0.0, False, False)
        assert wide.unwrapped.browser.url == url
        assert info["action_mask"].sum() > 0
        for bad in ("click [3]", 2.0, True, np.array([1, 2]), -1):
            obs, *_ = wide.step(bad)
            assert obs["last_action_error"].startswith("action "), bad
            assert wide.unwrapped.browser.url == url
        obs, *_ = wide.step(np.array(1))  # a 0-d integer array is a slot
        assert obs["last_action_error"] == ""
    finally:
        wide.close()


def test_slot_zero_is_stop_and_ends_with_a_verdict(discrete):
    _, info = discrete.reset(seed=4)
    assert info["candidates"][0] == "stop []"
    _, _, terminated, _, info = discrete.step(0)
    assert terminated and "validation" in info
    assert info["action_mask"].sum() == 0


def test_bad_arguments_are_one_line_errors():
    with pytest.raises(OptionError, match="max_candidates=0"):
        DiscreteActions(gym.make("WebShop-v0"), max_candidates=0)
    with pytest.raises(OptionError, match="wraps a WebEnv"):
        DiscreteActions(gym.make("CartPole-v1"))


def test_async_vector_env_with_two_workers():
    envs = gym.make_vec(
        "WebShop-v0",
        num_envs=2,
        vectorization_mode="async",
        wrappers=[lambda env: DiscreteActions(env, max_candidates=K)],
    )
    try:
        _, infos = envs.reset(seed=0)
        masks = np.stack(envs.call("action_masks"))
        assert masks.shape == (2, K) and masks.dtype == np.int8
        assert np.array_equal(infos["action_mask"], masks)
        actions = np.array([int(np.flatnonzero(m)[-1]) for m in masks])
        _, _, _, _, infos = envs.step(actions)
        assert np.array_equal(np.stack(envs.call("action_masks")), infos["action_mask"])
    finally:
        envs.close()


def test_truncation_carries_a_verdict_with_no_answer():
    env = gym.make("WebShop-v0", max_episode_steps=2)
    try:
        env.reset(seed=0)
        _, _, terminated, truncated, info = env.step("scroll [down]")
        assert not truncated and "validation" not in info
        _, reward, terminated, truncated, info = env.step("scroll [down]")
        assert truncated and not terminated and reward == 0.0
        assert info["answer"] is None
        rules = {c["type"]: c["rule"] for c in info["validation"]["lenient"]["checks"]}
        assert rules.get("string_match", "no-answer") == "no-answer"
        assert info["validation"]["strict"]["checks"]
    finally:
        env.close()


def test_truncated_state_task_is_judged_on_the_final_state():
    """A state task left undone fails by its state check, not by a missing answer."""
    env = TruncationVerdict(TimeLimit(WebEnv(tasks="gen", world_seeds=[3]), 1))
    try:
        env.reset(options={"family": "shop.cancel-order", "instance": 0})
        _, _, _, truncated, info = env.step("scroll [down]")
        checks = info["validation"]["lenient"]["checks"]
        assert truncated and checks and all(c["type"] != "string_match" for c in checks)
        assert not info["validation"]["lenient"]["passed"]
    finally:
        env.close()


def test_registered_ids_truncate_at_fifty_and_max_episode_steps_changes_it():
    env = gym.make("WebShop-v0")
    longer = gym.make("WebShop-v0", max_episode_steps=60)
    try:
        assert env.spec is not None and env.spec.max_episode_steps == 50
        assert isinstance(env, TruncationVerdict)
        longer.reset(options={"task_id": "shop/order-total/0"})
        results = [longer.step("scroll [down]") for _ in range(60)]
        assert [r[3] for r in results].index(True) == 59
        assert "validation" in results[59][4] and "validation" not in results[50][4]
    finally:
        env.close()
        longer.close()


def test_the_validators_fail_only_answer_checks_of_a_truncated_episode():
    from webenv.validators import EvalContext, evaluate

    spec = {
        "eval_types": ["string_match", "url_match"],
        "answer_type": "string",
        "reference_answers": {"exact_match": "x"},
        "reference_url": "http://shop.test/cart",
    }
    context = EvalContext(answer=None, url="http://shop.test/cart", truncated=True)
    for mode in ("lenient", "strict"):
        rules = {c.type: (c.rule, c.passed) for c in evaluate(spec, context).mode(mode).checks}
        assert rules["string_match"] == ("no-answer", False)
        assert rules["url_match"][1] is True
    answered = EvalContext(answer="x", url="http://shop.test/cart")
    assert evaluate(spec, answered).passed("lenient")
