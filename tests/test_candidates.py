"""Action candidates: what is offered, that each offer executes, and reference solutions."""

from __future__ import annotations

import random

import pytest

from webenv.actions import parse_action
from webenv.candidates import (
    field_values,
    goal_prefixes,
    goal_values,
    number_values,
    page_candidates,
    solution_misses,
)
from webenv.env import WebEnv
from webenv.errors import OptionError
from webenv.families import families, generate_many
from webenv.seen import read_page
from webenv.sites.core.urls import parse_url
from webenv.tasks import Task
from webenv.tools.solution import step_to_actions

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


HELD_OUT_WORLD = 10_003


@pytest.mark.parametrize("family", sorted(families()))
def test_reference_solution_steps_are_candidates(env, family):
    """Done-when of issue 12: on a training and a held-out world, every reference step of
    every family (answers aside) is among the candidates when it is taken."""
    tasks = [*generate_many(family, WORLD, 1), *generate_many(family, HELD_OUT_WORLD, 1)]
    assert tasks, family
    for task in tasks:
        assert solution_misses(env, task) == [], task.task_id


def test_a_value_is_offered_once_a_page_showed_it(env):
    """The order total is typed on the forum: offered only after the order page showed it,
    never on the page that shows it, and forgotten at the next reset."""
    (task,) = generate_many("cross.message-order-total", WORLD, 1)
    typed = next(s for s in task.solution if s["do"] == "type" and s["text"].startswith("$"))
    total = typed["text"]
    _, info = env.reset(options={"task_id": task.task_id})
    assert not any(f"[{total}]" in c for c in info["candidates"])
    for step in task.solution[: task.solution.index(typed)]:
        info = _play(env, step)
    assert any(c.endswith(f"[{total}] [0]") for c in info["candidates"])
    _, info = env.reset(options={"task_id": task.task_id})
    assert not any(f"[{total}]" in c for c in info["candidates"])


def _play(env, step) -> dict:
    """Take one reference-solution step; return the last info."""
    info: dict = {}
    for action in step_to_actions(step, env.browser.axtree_text()):
        obs, _, _, _, info = env.step(action)
        assert obs["last_action_error"] == "", action
    return info


def test_restored_episode_offers_the_same_candidates(env):
    """save_state keeps the values seen: after a restore, and after the same next step, the
    candidates are the ones the saved episode had."""
    (task,) = generate_many("cross.comment-shop-price", WORLD, 1)
    _, info = env.reset(options={"task_id": task.task_id})
    for step in task.solution[:-3]:
        info = _play(env, step)
    saved, before = env.save_state(), info["candidates"]
    link = next(c for c in before if c.startswith("click "))
    _, _, _, _, after = env.step(link)
    env.reset(seed=0)
    _, restored = env.restore_state(saved)
    assert restored["candidates"] == before
    _, _, _, _, again = env.step(link)
    assert again["candidates"] == after["candidates"]


def test_field_kinds_and_prefixes_decide_the_values_offered():
    order = read_page(
        "http://shop.test/account/orders/1",
        "[0] RootWebArea 'Your order | Harbor Goods'\n"
        "\t[1] banner ''\n\t\t[2] link 'Harbor Goods'\n"
        "\t[3] main ''\n"
        "\t\t[4] heading 'Order #100220'\n"
        "\t\t[5] cell 'Kestrel Smart Speakers'\n"
        "\t\t[6] StaticText 'Grand total: $1,110.48 · placed Mar 4, 2024 by @emma.lopez'\n"
        "\t\t[7] link '3 comments'\n"
        "\t\t[8] button 'Cancel order'\n"
        "\t\t\t[9] StaticText 'Cancel'\n"
        "\t[10] contentinfo ''\n\t\t[11] link 'Community forum'",
    )
    assert order.host == "shop.test"
    # Chrome, counts, sentences and controls give no text; the title gives its page part.
    assert order.texts == (
        "Your order", "Order #100220", "100220", "Kestrel Smart Speakers", "$1,110.48",
    )  # fmt: skip
    assert order.numbers == ("100220", "1110.48", "3")
    assert order.dates == ("2024-03-04",)
    assert order.handles == ("emma.lopez",)
    forum = read_page("http://forum.test/", "[0] RootWebArea 'Home'\n\t[1] link 'Sunday ride'")
    task = _task(intent='Post "Order " and then "Price: $" with it.')
    values = field_values(task, (order, forum), "forum.test")
    # The shop's last page comes first on the forum: it was read on the other site. Each
    # prefix is completed by each text ("Price: $" only by dollar amounts, without "$").
    seen = ["Your order", "Order #100220", "100220", "Kestrel Smart Speakers", "$1,110.48"]
    seen += ["Home", "Sunday ride"]
    assert values.text == [
        "Order", "Price: $", *seen, *[f"Order {text}" for text in seen], "Price: $1,110.48",
    ]  # fmt: skip
    assert values.goal == ["Order", "Price: $"]
    # What only pages gave is offered without Enter; the counts 1-9 are the goal's kind.
    assert values.seen == {*values.text[2:], "1110.48", "2024-03-04", "emma.lopez"}
    assert values.number[:3] == ["100220", "1110.48", "3"] and values.number[-1] == "9"
    assert values.date == ["Order", "Price: $", "2024-03-04"]
    assert values.username == ["Order", "Price: $", "emma.lopez"]
    assert goal_prefixes(task) == ["Order ", "Price: $"]


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
