"""Action candidates: what is offered, that each offer executes, and reference solutions."""

from __future__ import annotations

import random

import pytest

from webenv.actions import parse_action
from webenv.candidates import goal_values, number_values, page_candidates, solution_misses
from webenv.env import WebEnv
from webenv.errors import OptionError
from webenv.families import families, generate_many
from webenv.sites.core.urls import parse_url
from webenv.tasks import Task

WORLD = 3


@pytest.fixture(scope="module")
def env():
    env = WebEnv(tasks="gen", candidates=True, world_seeds=[WORLD])
    yield env
    env.close()


def _task(**fields) -> Task:
    base = {"task_id": "t", "sites": ("shop",), "start_url": "__SHOP__", "intent": "", "eval": {}}
    return Task(**{**base, **fields})  # type: ignore[arg-type]


def test_goal_values_are_slots_quotes_path_parts_and_logins_in_order():
    task = _task(
        intent='Close "Crash on start" in A / B, then say "done".',
        instantiation_dict={"project": "A / B", "n": 3, "tags": ["x", "  y  z "], "flag": True},
        login={"githost": "alex.chen"},
    )
    assert goal_values(task) == [
        "A / B", "3", "x", "y z", "Crash on start", "done", "B", "A", "alex.chen",
    ]  # fmt: skip
    assert number_values(goal_values(task))[:2] == ["3", "1"]


def test_off_by_default_and_option_checked():
    plain = WebEnv(tasks="gen", world_seeds=[WORLD])
    try:
        _, info = plain.reset(seed=0)
        assert "candidates" not in info
        _, _, _, _, info = plain.step("scroll [down]")
        assert "candidates" not in info
    finally:
        plain.close()
    with pytest.raises(OptionError, match="candidates="):
        WebEnv(tasks="gen", candidates="yes")  # type: ignore[arg-type]


def test_candidates_are_deterministic_canonical_and_start_with_stop(env):
    _, first = env.reset(seed=5)
    _, again = env.reset(seed=5)
    assert first["candidates"] == again["candidates"]
    assert first["candidates"] == page_candidates(env.browser, env.task)
    assert first["candidates"][0] == "stop []"
    for text in first["candidates"]:
        assert parse_action(text).to_str() == text
    assert len(set(first["candidates"])) == len(first["candidates"])


def test_state_decides_check_or_uncheck_history_and_tabs(env):
    env.reset(seed=1)
    _, _, _, _, info = env.step("new_tab")
    assert {"tab_focus [0]", "close_tab"} <= set(info["candidates"])
    assert "go_back" not in info["candidates"]
    _, _, _, _, info = env.step("tab_focus [0]")
    link = next(c for c in info["candidates"] if c.startswith("click "))
    _, _, _, _, info = env.step(link)
    assert "go_back" in info["candidates"] and "go_forward" not in info["candidates"]
    _, _, _, _, info = env.step("go_back")
    assert "go_forward" in info["candidates"]


def test_checkbox_offers_follow_its_state(env):
    env.reset(options={"family": "shop.spend-in-month", "instance": 0})
    _, _, _, _, info = env.step("goto [http://shop.test/account/newsletter]")
    tree = env.browser.axtree_text()
    boxes = [c for c in info["candidates"] if c.split(" ", 1)[0] in ("check", "uncheck")]
    assert boxes, tree
    action = boxes[0]
    target = action[action.index("[") + 1 : action.index("]")]
    assert f"[{target}] checkbox " in tree
    _, _, _, _, info = env.step(action)
    flipped = "uncheck" if action.startswith("check") else "check"
    assert f"{flipped} [{target}]" in info["candidates"]
    assert action not in info["candidates"]


def test_random_walk_every_candidate_taken_executes(env):
    """A random walk over the three sites: each chosen candidate runs without error."""
    rng = random.Random(7)
    hosts: set[str] = set()
    pages = episode = 0
    while pages < 150:
        _, info = env.reset(seed=episode)
        episode += 1
        for _ in range(8):
            url = parse_url(env.browser.url)
            hosts.add(url.host if url is not None and url.host else "blank")
            action = rng.choice(info["candidates"])
            obs, _, terminated, truncated, info = env.step(action)
            pages += 1
            assert obs["last_action_error"] == "", (info["task_id"], action)
            if terminated or truncated:
                break
    assert {"shop.test", "forum.test", "git.test"} <= hosts


def test_every_candidate_of_a_page_executes_from_the_same_state(env):
    """Each candidate of a few pages, from a state restored by replaying the walk."""
    rng = random.Random(3)
    for seed in (2, 11):
        _, info = env.reset(seed=seed)
        prefix = [rng.choice(info["candidates"][1:])]
        _, _, _, _, info = env.step(prefix[0])
        offered = info["candidates"]
        for action in rng.sample(offered, min(15, len(offered))):
            env.reset(seed=seed)
            for step in prefix:
                env.step(step)
            obs, *_ = env.step(action)
            assert obs["last_action_error"] == "", action


@pytest.mark.parametrize(
    "family",
    [
        "shop.cancel-order",
        "shop.nth-cheapest-rated",
        "forum.post-then-edit",
        "forum.edit-my-comment",
        "githost.create-project-configure",
        "githost.close-named-issue",
    ],
)
def test_reference_solution_steps_are_candidates(env, family):
    assert family in families()
    (task,) = generate_many(family, WORLD, 1)
    assert solution_misses(env, task) == []


def test_a_value_from_another_site_is_reported_missing(env):
    """Cross-site families type what another site showed: not in the goal, so missed."""
    (task,) = generate_many("cross.message-order-total", WORLD, 1)
    misses = solution_misses(env, task)
    assert len(misses) == 1 and "type [" in misses[0]


@pytest.mark.chromium
@pytest.mark.slow
def test_same_candidates_on_both_backends():
    """One walk, replayed on Chromium: the same candidates on every page."""
    from webenv.browser.chromium import chromium_executable

    if chromium_executable() is None:
        pytest.skip("Chromium is not installed (apt install chromium, or set WEBENV_CHROMIUM)")
    envs = [
        WebEnv(tasks="gen", candidates=True, world_seeds=[WORLD], backend=backend)
        for backend in ("inprocess", "chromium")
    ]
    try:
        rng = random.Random(11)
        for seed in (0, 6, 9):
            infos = [env.reset(seed=seed)[1] for env in envs]
            for _ in range(5):
                assert infos[0]["candidates"] == infos[1]["candidates"], infos[0]["task_id"]
                action = rng.choice(infos[0]["candidates"][1:])
                results = [env.step(action) for env in envs]
                assert [r[0]["last_action_error"] for r in results] == ["", ""], action
                infos = [r[4] for r in results]
    finally:
        for env in envs:
            env.close()
