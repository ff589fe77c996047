"""Held-out checks of the RL interface (issue 12): candidates, parity, progress rewards
and ``DiscreteActions`` on world seeds and pages the other tests never visit."""

from __future__ import annotations

import pytest

from webenv.candidates import solution_misses
from webenv.env import WebEnv
from webenv.families import generate
from webenv.tools.solution import find_element, step_to_actions

NEW_WORLDS = (9001, 31415, 424242, 77777)


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
