"""The rollback search example: it solves a held-out task, restores exactly, and its greedy
baseline never rolls back."""

from __future__ import annotations

import json

import gymnasium as gym
import pytest

from tests.example_scripts import load_example

FAMILY = "shop_admin.order-grand-total"
"""A held-out family with a short reference solution and an answer to write."""
WORLD = 10_000


@pytest.fixture(scope="module")
def example():
    yield from load_example("tree_search")


@pytest.fixture
def env(example):
    env = gym.make(
        example.ENV_ID,
        tasks=[FAMILY],
        world_seeds=[WORLD],
        candidates=True,
        reward_mode="progress",
        max_episode_steps=10_000,
    )
    yield env
    env.close()


def _reset(env):
    return env.reset(seed=0, options={"family": FAMILY, "world_seed": WORLD})


def test_search_solves_a_held_out_task_with_rollback(example, env):
    _reset(env)
    value = example.ReferencePathValue()
    value.prepare(env)
    assert len(value.pages) >= 2
    obs, info = _reset(env)
    assert value(obs, info) < example.DONE
    outcome = example.search(env, obs, info, value, budget=60)
    assert outcome.solved
    assert 0 < outcome.steps <= 60
    assert outcome.restores > 0
    assert outcome.answers >= 1


def test_the_restore_path_gives_back_identical_observations(example, env):
    obs, info = _reset(env)
    search = example.Search(env, example.ProgressValue(), branch=2, answer_tries=1)
    state = env.unwrapped.save_state()
    changed = 0
    for action in [a for _, a in example.prior_scores(obs, info["candidates"])][:3]:
        moved = env.step(action)[0]
        changed += moved != obs
        back, back_info = search.restore(state)
        assert back == obs
        assert back_info["candidates"] == info["candidates"]
        assert back_info["reward_components"] == info["reward_components"]
    assert changed > 0
    assert search.restores == 3


def test_greedy_never_restores(example, env, monkeypatch):
    obs, info = _reset(env)
    calls = []

    def forbidden(*args):
        calls.append(args)
        raise AssertionError("greedy restored a state")

    monkeypatch.setattr(env.unwrapped, "restore_state", forbidden)
    monkeypatch.setattr(env.unwrapped, "save_state", forbidden)
    outcome = example.greedy(env, obs, info, example.ProgressValue(), budget=15)
    assert outcome.restores == 0
    assert calls == []
    assert 0 < outcome.steps <= 15


def test_answers_come_from_the_page_and_fit_the_question(example):
    axtree = (
        "[1] RootWebArea 'Order #100123 | Shop'\n"
        "\t[2] heading 'Order #100123'\n"
        "\t[3] StaticText 'Grand Total: $41.97'\n"
        "\t[4] StaticText 'Placed on Mar 4, 2024, 3 items'\n"
    )
    obs = {"goal": "What is the grand total of my order 100123?", "url": "http://shop.test/"}
    proposals = example.answer_proposals({**obs, "axtree": axtree})
    assert proposals[0] == "$41.97"
    assert "2024-03-04" in proposals
    assert proposals[-1] == "100123"  # the goal's own number comes last
    assert example.answer_proposals({**obs, "goal": "Cancel order 1.", "axtree": axtree}) == [""]


def test_prior_prefers_goal_words_and_skips_stop(example):
    axtree = "[5] link 'My Orders'\n[6] link 'Gift Cards'\n[7] textbox 'Search'\n"
    obs = {"goal": "Open my earliest order.", "axtree": axtree, "url": "http://shop.test/"}
    ranked = example.prior_scores(
        obs, ["stop []", "click [6]", "click [5]", "type [7] [zebra] [1]", "go_back"]
    )
    assert [action for _, action in ranked] == [
        "click [5]",
        "click [6]",
        "go_back",
        "type [7] [zebra] [1]",
    ]


def test_main_compares_both_policies_on_the_same_tasks(example, tmp_path, capsys):
    out = tmp_path / "search.json"
    argv = ["--families", FAMILY, "--worlds=1", "--instances=1", "--budget=40", "--json", str(out)]
    assert example.main(argv) == 0
    report = json.loads(out.read_text())
    assert report["value"] == "oracle" and report["value_privileged"] is True
    assert set(report["runs"]) == {"greedy", "search"}
    assert report["runs"]["greedy"]["restores_total"] == 0
    assert report["runs"]["search"]["solved"] == 1
    assert report["tasks"][0]["options"]["family"] == FAMILY
    low, high = report["runs"]["search"]["wilson_95"]
    assert 0.0 < low <= 1.0 <= high + 1e-9
    assert "| search | 1/1 |" in capsys.readouterr().out
