"""The Gymnasium contract: registration, check_env, resets, bad input, vector envs."""

from __future__ import annotations

import subprocess
import sys
import warnings
from pathlib import Path

import gymnasium as gym
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import webenv
from webenv.env import WebEnv
from webenv.tools.solution import find_element

TASK = "shop/order-total/0"


@pytest.fixture(scope="module")
def env():
    env = gym.make("WebShop-v0")
    yield env
    env.close()


@pytest.mark.parametrize("env_id", sorted(webenv.ENV_IDS))
def test_check_env_passes_without_warnings(env_id):
    env = gym.make(env_id)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)
    env.close()


def test_env_id_resolves_without_importing_webenv_first():
    code = (
        "import gymnasium as gym; env = gym.make('webenv:WebShop-v0'); "
        "obs, info = env.reset(seed=1); print(info['task_id'].split('/')[0]); env.close()"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "shop"


def test_same_seed_same_observations(env):
    first, info_a = env.reset(seed=7)
    link = find_element(first["axtree"], {"role": "link", "name_contains": ""})
    after_a = env.step(f"click [{link}]")[0]
    second, info_b = env.reset(seed=7)
    after_b = env.step(f"click [{link}]")[0]
    assert (first, info_a, after_a) == (second, info_b, after_b)


def test_observation_fields(env):
    obs, info = env.reset(options={"task_id": TASK})
    assert set(obs) == {"axtree", "url", "goal", "tabs", "last_action_error"}
    assert obs["url"].startswith("http://shop.test/")
    assert obs["goal"] == info["intent"] and info["task_id"] == TASK
    assert obs["axtree"].startswith("[0] RootWebArea '")
    assert obs["last_action_error"] == ""
    assert env.observation_space.contains(obs)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("dance [3]", "unknown action"),
        ("click [999999]", "no element with id [999999]"),
        ("goto [https://example.com/]", "only this env's sites"),
        ("", "empty"),
    ],
)
def test_bad_action_is_a_noop_step_with_an_error(env, action, message):
    obs, _ = env.reset(options={"task_id": TASK})
    after, reward, terminated, truncated, _ = env.step(action)
    assert message in after["last_action_error"].lower() or message in after["last_action_error"]
    assert (after["axtree"], after["url"]) == (obs["axtree"], obs["url"])
    assert (reward, terminated, truncated) == (0.0, False, False)


def test_non_string_action_is_an_error_not_a_crash(env):
    env.reset(options={"task_id": TASK})
    obs, *_ = env.step(12)  # type: ignore[arg-type]
    assert "string" in obs["last_action_error"]


def test_answer_terminates_with_both_verdicts(env):
    env.reset(options={"task_id": TASK})
    _, reward, terminated, truncated, info = env.step("stop [certainly not the answer]")
    assert terminated and not truncated and reward == 0.0
    assert set(info["validation"]) == {"lenient", "strict"}
    for mode in ("lenient", "strict"):
        verdict = info["validation"][mode]
        assert verdict["passed"] is False
        check = verdict["checks"][0]
        assert {"type", "passed", "score", "rule", "explanation"} <= set(check)
    obs, *_ = env.step("click [1]")
    assert "episode has ended" in obs["last_action_error"]


def test_step_limit_truncates():
    env = gym.make("WebShop-v0", max_episode_steps=3)
    env.reset(options={"task_id": TASK})
    results = [env.step("scroll [down]") for _ in range(3)]
    assert [r[3] for r in results] == [False, False, True]
    env.close()


def test_reset_restores_the_world_and_envs_share_nothing():
    a, b = WebEnv(tasks=[TASK]), WebEnv(tasks=[TASK])
    try:
        for e in (a, b):
            e.reset(options={"task_id": TASK})
        conn = a.world.database("shop").connection
        assert conn is not None
        conn.execute("DELETE FROM reviews")
        conn.commit()
        assert a.world.query("shop", "SELECT count(*) FROM reviews")[0][0] == 0
        assert b.world.query("shop", "SELECT count(*) FROM reviews")[0][0] > 0
        a.reset(options={"task_id": TASK})
        assert a.world.query("shop", "SELECT count(*) FROM reviews") == b.world.query(
            "shop", "SELECT count(*) FROM reviews"
        )
        assert a.world.request_log == [r for r in a.world.request_log if r["method"] == "GET"]
    finally:
        a.close()
        b.close()


def test_world_query_is_read_only(env):
    import sqlite3

    env.reset(options={"task_id": TASK})
    world = env.unwrapped.world
    with pytest.raises(sqlite3.DatabaseError):
        world.query("shop", "DELETE FROM orders")
    with pytest.raises(sqlite3.DatabaseError):
        world.query("shop", "UPDATE users SET newsletter = 1")
    recursive = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 3) "
    assert world.query("shop", recursive + "SELECT count(*) FROM n") == [(3,)]


def test_render_ansi():
    env = gym.make("WebShop-v0", render_mode="ansi")
    env.reset(options={"task_id": TASK})
    assert "RootWebArea" in env.render()
    env.close()


def test_close_is_safe_twice():
    env = gym.make("WebShop-v0")
    env.reset(seed=0)
    env.close()
    env.close()


def _vector_run(envs, actions):
    try:
        first = envs.reset(seed=3)
        return first, envs.step(actions)
    finally:
        envs.close()


# Text outside Gymnasium's default charset in every field: brackets, accents, a snowman,
# a character outside the BMP; the second env's go_back fails with an error message.
VECTOR_ACTIONS = ["goto [http://shop.test/search?q=[mug]+é☃𝄞]", "go_back"]


@pytest.fixture(scope="module")
def sync_run():
    return _vector_run(
        gym.vector.SyncVectorEnv([lambda: gym.make("WebShop-v0")] * 2), VECTOR_ACTIONS
    )


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(
            lambda: gym.vector.AsyncVectorEnv([lambda: gym.make("WebShop-v0")] * 2),
            id="AsyncVectorEnv-defaults",
        ),
        pytest.param(
            lambda: gym.make_vec("WebShop-v0", num_envs=2, vectorization_mode="async"),
            id="make_vec-async",
        ),
        pytest.param(
            lambda: gym.make_vec("WebShop-v0", num_envs=2, vectorization_mode="sync"),
            id="make_vec-sync",
        ),
        pytest.param(
            lambda: gym.vector.AsyncVectorEnv(
                [lambda: gym.make("WebShop-v0")] * 2, shared_memory=False
            ),
            id="no-shared-memory",
        ),
    ],
)
def test_vector_envs_match_sync_observations(make, sync_run):
    (obs, infos), (after, rewards, terminated, _truncated, _) = _vector_run(make(), VECTOR_ACTIONS)
    (sync_obs, sync_infos), sync_after = sync_run
    assert obs == sync_obs and infos["task_id"].tolist() == sync_infos["task_id"].tolist()
    assert after == sync_after[0]
    assert "[mug]" in after["url"][0] or "%5Bmug%5D" in after["url"][0]
    assert "there is no page to go back" in after["last_action_error"][1]
    assert list(terminated) == [False, False] and list(rewards) == [0.0, 0.0]


def test_async_vector_env_without_copy_reads_live_text():
    envs = gym.vector.AsyncVectorEnv([lambda: gym.make("WebShop-v0")] * 2, copy=False)
    try:
        obs, _ = envs.reset(seed=3)
        assert list(obs["last_action_error"]) == ["", ""]
        envs.step(["go_back", "go_back"])  # obs is the live view: it now shows the errors
        assert all("no page to go back" in error for error in obs["last_action_error"])
    finally:
        envs.close()


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.one_of(
        st.text(max_size=80),
        st.builds(
            lambda verb, n, text: f"{verb} [{n}] [{text}]",
            st.sampled_from(["click", "type", "select", "check", "hover", "goto", "press"]),
            st.integers(-5, 2000),
            st.text(max_size=30),
        ),
    )
)
def test_no_action_string_crashes_step(env, action):
    if env.unwrapped.task is None:
        env.reset(options={"task_id": TASK})
    obs, _reward, terminated, truncated, _info = env.step(action)
    assert env.observation_space.contains(obs)
    if terminated or truncated:
        env.reset(options={"task_id": TASK})


def test_episodes_are_recorded_to_jsonl(tmp_path):
    import json

    env = gym.make("WebShop-v0", record_dir=str(tmp_path))
    env.reset(options={"task_id": TASK})
    env.step("click [999999]")
    env.step("stop [$50.94]")
    env.reset(options={"task_id": TASK})
    env.step("scroll [down]")
    env.close()
    lines = [
        json.loads(line)
        for path in tmp_path.glob("episodes-*.jsonl")
        for line in path.read_text().splitlines()
    ]
    assert [r["ended"] for r in lines] == ["answered", "unfinished"]
    answered = lines[0]
    assert answered["task_id"] == TASK and answered["answer"] == "$50.94"
    assert answered["lenient"] is True and answered["strict"] is True
    assert answered["steps"][0]["error"].startswith("no element with id")
    assert answered["validation"]["lenient"]["checks"][0]["rule"] == "currency:equal"


def test_public_api_is_exported_and_import_stays_cheap():
    code = (
        "import sys, webenv\n"
        "heavy = [m for m in ('webenv.env', 'webenv.browser', 'webenv.browser.chromium', "
        "'playwright', 'PIL', 'flask', 'lxml', 'webenv.validators', 'dateparser') "
        "if m in sys.modules]\n"
        "assert not heavy, heavy\n"
        "from webenv import *\n"
        "import webenv.errors as errors\n"
        "assert WebEnv.__module__ == 'webenv.env' and ActionKind.CLICK == 'click'\n"
        "assert callable(parse_action) and callable(load_tasks) and callable(check_answer)\n"
        "assert describe_actions().startswith('Actions')\n"
        "assert OptionError is errors.OptionError and issubclass(TaskError, WebEnvError)\n"
        "assert 'playwright' not in sys.modules\n"
        "print(webenv.__version__)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    from importlib.metadata import version

    assert out.stdout.strip() == version("webenv") == webenv.__version__
    for name in webenv.__all__:
        assert hasattr(webenv, name), name
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        webenv.nope  # noqa: B018


def test_py_typed_ships_with_the_package():
    from importlib import resources

    assert resources.files("webenv").joinpath("py.typed").is_file()


SHADOW_PROBE = """
import sys
import gymnasium as gym
import webenv
if getattr(webenv, "__file__", None) is not None:  # a regular install: the package wins
    gym.make("WebShop-v0").close()
    print("installed package used")
    sys.exit(0)
import webenv.env  # the stray folder shadows an editable install: this must explain
"""


def _dev_install() -> bool:
    """Whether this venv is the Makefile's (its editable install has the package link)."""
    import sysconfig

    return Path(sysconfig.get_path("purelib"), "webenv-package-link.pth").is_file()


def test_a_stray_webenv_folder_in_the_working_directory_is_explained(tmp_path):
    (tmp_path / "webenv").mkdir()
    (tmp_path / "webenv" / "notes.txt").write_text("not a package")
    probe = subprocess.run(
        [sys.executable, "-c", SHADOW_PROBE], cwd=tmp_path, capture_output=True, text=True
    )
    if _dev_install():  # the package link puts the real package first: plain use works
        assert probe.returncode == 0, probe.stderr
    if probe.returncode == 0:
        assert probe.stdout.strip() == "installed package used"
    else:
        last = probe.stderr.strip().splitlines()[-1]
        assert last.startswith(
            "webenv.errors.ShadowedPackage: 'import webenv' found "
            f"{tmp_path / 'webenv'}, a folder without __init__.py"
        ), last
        assert "rename or move that folder" in last
    module = subprocess.run(
        [sys.executable, "-m", "webenv", "tasks", "list", "--site", "shop"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    if probe.returncode:
        assert module.returncode != 0 and "ShadowedPackage" in module.stderr
        assert str(tmp_path / "webenv") in module.stderr
    else:
        assert module.returncode == 0 and "shop/order-total/0" in module.stdout


def test_python_dash_m_webenv_runs_the_command(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "webenv", "--version"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    assert webenv.__version__ in out.stdout
