"""Lifecycle misuse: each gives one clear error at the call, never an incidental one."""

from __future__ import annotations

import gymnasium as gym
import pytest
from gymnasium.error import ClosedEnvironmentError, ResetNeeded

from webenv.env import WebEnv
from webenv.errors import OptionError

TASK = "shop/order-total/0"


@pytest.fixture(scope="module")
def env():
    env = WebEnv(tasks="shop")
    yield env
    env.close()


def _one_line(exc: pytest.ExceptionInfo[BaseException]) -> str:
    message = str(exc.value)
    assert message and "\n" not in message
    return message


def test_step_before_reset_needs_reset():
    env = WebEnv(tasks=[TASK])
    try:
        with pytest.raises(ResetNeeded, match=r"reset\(\) before step\(\)"):
            env.step("click [1]")
    finally:
        env.close()


@pytest.mark.parametrize("call", ["step", "reset", "render"])
def test_calls_after_close_raise_closed_environment_error(call):
    env = WebEnv(tasks=[TASK], render_mode="ansi")
    env.reset(options={"task_id": TASK})
    env.close()
    env.close()  # still safe twice
    with pytest.raises(ClosedEnvironmentError, match="closed WebEnv") as exc:
        if call == "step":
            env.step("click [1]")
        elif call == "reset":
            env.reset()
        else:
            env.render()
    _one_line(exc)


def test_close_before_reset_and_twice_is_safe():
    env = WebEnv(tasks=[TASK])
    env.close()
    env.close()


@pytest.mark.parametrize(
    ("options", "pattern"),
    [
        ("x", r"options='x' is not accepted; use None or a dict with the keys 'task_id'"),
        (["task_id"], "use None or a dict"),
        ({"taskid": TASK}, r"unknown reset option 'taskid'; accepted keys: 'task_id'"),
        ({"task_id": TASK, "seed": 1}, "unknown reset option 'seed'"),
        ({"task_id": 3}, r"options\['task_id'\]=3 is not accepted"),
        ({"task_id": "shop/no-such-task/0"}, r"task_id 'shop/no-such-task/0' is not in this env's"),
        ({"task_id": "forum/x/0"}, "webenv tasks list"),
    ],
)
def test_bad_reset_options_are_option_errors(env, options, pattern):
    env.reset(options={"task_id": TASK})
    before = env.task
    with pytest.raises(OptionError, match=pattern) as exc:
        env.reset(options=options)
    _one_line(exc)
    assert env.task is before  # nothing changed: the env still runs its episode
    obs, *_ = env.step("scroll [down]")
    assert obs["last_action_error"] == ""


def test_options_none_and_empty_dict_draw_a_task(env):
    assert env.reset(seed=1, options={})[1]["task_id"] == env.reset(seed=1)[1]["task_id"]
    assert env.reset(options={"task_id": None})[1]["task_id"].startswith("shop/")


@pytest.mark.parametrize(
    ("kwargs", "pattern"),
    [
        ({"world_seed": "x"}, r"world_seed='x' is not accepted; use the world's generation seed"),
        ({"world_seed": -1}, "world_seed=-1"),
        ({"world_seed": 1.5}, "world_seed=1.5"),
        ({"world_seed": True}, "world_seed=True"),
        ({"max_obs_chars": "x"}, r"max_obs_chars='x' is not accepted.*from 100 to 10_000_000"),
        ({"max_obs_chars": 10**12}, "max_obs_chars=1000000000000"),
        ({"max_obs_chars": -5}, "max_obs_chars=-5"),
        ({"max_obs_chars": 99}, "max_obs_chars=99"),
        (
            {"backend": "firefox"},
            r"backend='firefox' is not accepted; use one of 'inprocess', "
            "'chromium'",
        ),
        ({"backend": None}, "backend=None"),
        ({"validator_mode": "loose"}, r"validator_mode='loose'.*'lenient', 'strict'"),
        ({"render_mode": "human"}, r"render_mode='human'.*'ansi' or None"),
        ({"render_mode": "rgb_array"}, "needs backend='chromium'"),
        ({"screenshot": True}, "needs backend='chromium'"),
        ({"screenshot": "yes"}, "screenshot='yes'"),
        ({"tasks": 5}, "tasks=5 is not accepted"),
        ({"record_dir": 5}, "record_dir=5 is not accepted"),
        ({"record_dir": "/proc/webenv-runs"}, "record_dir='/proc/webenv-runs': cannot make"),
        ({"bogus": 1}, r"unknown option\(s\) 'bogus'; the options are tasks, backend,"),
        ({"taks": "shop", "seed": 0}, r"unknown option\(s\) 'seed', 'taks'"),
    ],
)
def test_bad_constructor_arguments_are_option_errors(kwargs, pattern):
    with pytest.raises(OptionError, match=pattern) as exc:
        WebEnv(tasks=[TASK], **kwargs) if "tasks" not in kwargs else WebEnv(**kwargs)
    _one_line(exc)


def test_unknown_task_in_the_task_set_is_a_task_error():
    from webenv.errors import TaskError

    with pytest.raises(TaskError, match="unknown task_id 'shop/nope/0'"):
        WebEnv(tasks=["shop/nope/0"])


def test_gym_make_passes_the_same_checks():
    with pytest.raises(OptionError, match="max_obs_chars"):
        gym.make("WebShop-v0", max_obs_chars="big")


@pytest.mark.parametrize("seed", [-1, 1.5, "0", True, [1], float("nan")])
def test_bad_reset_seeds_are_option_errors(env, seed):
    env.reset(options={"task_id": TASK})
    before = env.task
    with pytest.raises(OptionError, match=r"seed=.* is not accepted; use the seed of") as exc:
        env.reset(seed=seed)
    _one_line(exc)
    assert env.task is before
    assert env.step("scroll [down]")[0]["last_action_error"] == ""


def test_numpy_and_huge_seeds_are_seeds(env):
    import numpy as np

    assert env.reset(seed=np.int64(3))[1]["task_id"] == env.reset(seed=3)[1]["task_id"]
    env.reset(seed=2**70)  # numpy's generator takes any non-negative integer


@pytest.mark.parametrize(
    "options", [{"task_id": "shop/nope/0"}, {"bogus": 1}, "x", {"world_seed": -1}]
)
def test_a_first_reset_refused_leaves_a_gym_made_env_usable(options):
    # Gymnasium's PassiveEnvChecker marks its first reset checked before calling it; a
    # refused first reset left it without reset data, and every step then failed inside
    # Gymnasium with a TypeError. TruncationVerdict re-arms it.
    env = gym.make("WebShop-v0")
    try:
        with pytest.raises(OptionError):
            env.reset(options=options)
        with pytest.raises(OptionError):
            env.reset(seed=-1)
        obs, _ = env.reset(options={"task_id": TASK})
        obs, *_ = env.step("goto [http://shop.test/]")
        assert obs["last_action_error"] == ""
        obs, *_ = env.step("scroll [down]")
        assert obs["last_action_error"] == ""
    finally:
        env.close()
