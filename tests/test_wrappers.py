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
from webenv.wrappers import BrowserGymObservation, DiscreteActions, TruncationVerdict

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


# -- BrowserGymObservation ----------------------------------------------------------------

BROWSERGYM_KEYS = {
    "chat_messages",
    "goal",
    "goal_object",
    "open_pages_urls",
    "open_pages_titles",
    "active_page_index",
    "url",
    "axtree_txt",
    "axtree_object",
    "focused_element_bid",
    "last_action",
    "last_action_error",
    "elapsed_time",
}


def _object_lines(tree: dict) -> list[str]:
    """``axtree_object`` rendered as the env renders its text (pre-order, tab per depth)."""
    nodes = {node["nodeId"]: node for node in tree["nodes"]}
    lines: list[str] = []

    def render(node_id: str, depth: int) -> None:
        node = nodes[node_id]
        line = "\t" * depth + f"[{node['browsergym_id']}] {node['role']['value']} "
        line += f"'{node['name']['value']}'"
        for prop in node["properties"]:
            value = prop["value"]["value"]
            line += f" {prop['name']}: " + (f"'{value}'" if isinstance(value, str) else str(value))
        lines.append(line)
        for child in node["childIds"]:
            render(child, depth + 1)

    render(tree["nodes"][0]["nodeId"], 0)
    return lines


def test_browsergym_observation_passes_check_env_with_warnings_as_errors():
    for env in (
        BrowserGymObservation(gym.make("WebShop-v0").unwrapped),
        BrowserGymObservation(DiscreteActions(gym.make("WebShop-v0").unwrapped, K)),
    ):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("error")
                warnings.filterwarnings("ignore", message=r".*is different from the unwrapped")
                check_env(env, skip_render_check=True)
        finally:
            env.close()


@pytest.fixture(scope="module")
def suite():
    env = BrowserGymObservation(gym.make("WebSuite-v0", tasks="gen:train", world_seeds=[2]))
    yield env
    env.close()


def test_browsergym_fields_on_a_multi_tab_episode(suite):
    obs, info = suite.reset(seed=4, options={"family": "forum.upvote-newest"})
    assert set(obs) == BROWSERGYM_KEYS and suite.observation_space.contains(obs)
    goal = info["intent"]
    assert obs["goal"] == goal and obs["goal_object"] == ({"type": "text", "text": goal},)
    assert [(m["role"], m["message"], float(m["timestamp"])) for m in obs["chat_messages"]] == [
        ("user", goal, 0.0)
    ]
    assert obs["open_pages_urls"] == (obs["url"],) and obs["active_page_index"].tolist() == [0]
    assert obs["last_action"] == "" and obs["elapsed_time"].tolist() == [0.0]
    first_title = obs["open_pages_titles"][0]
    assert first_title and obs["axtree_object"]["nodes"][0]["name"]["value"] == first_title
    # The structured tree is the text's tree: same ids, roles, names, properties, nesting.
    assert _object_lines(obs["axtree_object"]) == obs["axtree_txt"].splitlines()

    obs, *_ = suite.step("new_tab")
    obs, *_ = suite.step("goto [http://git.test/]")
    assert obs["last_action"] == "goto [http://git.test/]" and obs["last_action_error"] == ""
    assert obs["open_pages_urls"][0].startswith("http://forum.test/")
    assert obs["open_pages_urls"][1] == obs["url"] == "http://git.test/"
    assert obs["active_page_index"].tolist() == [1] and obs["elapsed_time"].tolist() == [2.0]
    assert obs["open_pages_titles"][0] == first_title and obs["open_pages_titles"][1]
    assert _object_lines(obs["axtree_object"]) == obs["axtree_txt"].splitlines()
    obs, *_ = suite.step("click [987654]")
    assert obs["last_action"] == "click [987654]" and "987654" in obs["last_action_error"]
    obs, *_ = suite.step("tab_focus [0]")
    assert obs["active_page_index"].tolist() == [0] and obs["url"] == obs["open_pages_urls"][0]
    assert len(obs["open_pages_urls"]) == 2 and suite.observation_space.contains(obs)
    obs, _, terminated, _, _ = suite.step('send_msg_to_user("done, 42")')
    assert terminated
    assert [(m["role"], m["message"]) for m in obs["chat_messages"]][1] == ("assistant", "done, 42")
    assert float(obs["chat_messages"][1]["timestamp"]) == 5.0


def test_browsergym_focus_and_infeasible_answer(suite):
    obs, _ = suite.reset(seed=1, options={"family": "forum.upvote-newest"})
    field = next(
        line.split("]")[0].strip("\t[")
        for line in obs["axtree_txt"].splitlines()
        if "textbox" in line or "searchbox" in line
    )
    obs, *_ = suite.step(f"type [{field}] [cats] [0]")
    focused = [
        n
        for n in obs["axtree_object"]["nodes"]
        if {"name": "focused", "value": {"type": "booleanOrUndefined", "value": True}}
        in n["properties"]
    ]
    assert obs["focused_element_bid"] == field == focused[0]["nodeId"]
    obs, *_ = suite.step('report_infeasible("no such post")')
    assert obs["chat_messages"][-1]["role"] == "infeasible"


def test_browsergym_last_action_through_discrete_actions():
    wide = 1024  # more slots than a page has candidates, so the next page masks some
    env = BrowserGymObservation(DiscreteActions(gym.make("WebShop-v0"), wide))
    try:
        _, info = env.reset(seed=0)
        slot = min(len(info["candidates"]), wide) - 1
        chosen = info["candidates"][slot]
        obs, _, _, _, info = env.step(slot)
        assert obs["last_action"] == chosen and obs["last_action_error"] == ""
        masked = int(np.flatnonzero(info["action_mask"] == 0)[0])
        obs, *_ = env.step(masked)
        assert obs["last_action_error"] and obs["last_action"] == str(masked)
    finally:
        env.close()


def test_axtree_object_is_cut_to_its_budget_and_stays_a_tree():
    env = BrowserGymObservation(gym.make("WebShop-v0"), max_axtree_object_chars=2_000)
    try:
        obs, _ = env.reset(seed=0)
        tree = obs["axtree_object"]
        space = env.observation_space["axtree_object"]
        assert len(space.to_json(tree)) <= 2_000 and space.contains(tree)
        assert 1 < len(tree["nodes"]) < len(obs["axtree_txt"].splitlines())
        assert _object_lines(tree) == obs["axtree_txt"].splitlines()[: len(tree["nodes"])]
    finally:
        env.close()


def test_browsergym_bad_arguments_are_one_line_errors():
    with pytest.raises(OptionError, match="max_axtree_object_chars=10"):
        BrowserGymObservation(gym.make("WebShop-v0"), max_axtree_object_chars=10)
    with pytest.raises(OptionError, match="seconds_per_step=0"):
        BrowserGymObservation(gym.make("WebShop-v0"), seconds_per_step=0)
    with pytest.raises(OptionError, match="wall_clock"):
        BrowserGymObservation(gym.make("WebShop-v0"), wall_clock="yes")  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="wraps a WebEnv"):
        BrowserGymObservation(gym.make("CartPole-v1"))


def test_json_coded_spaces_survive_shared_memory_with_any_character():
    from gymnasium.vector.utils import (
        create_shared_memory,
        read_from_shared_memory,
        write_to_shared_memory,
    )

    env = BrowserGymObservation(gym.make("WebShop-v0"))
    try:
        space = env.observation_space
        odd = 'a"\\\x00\x1f\u2028 é 😀 \ud800'
        values = {
            "open_pages_urls": (odd, "http://shop.test/"),
            "chat_messages": ({"role": "user", "timestamp": np.array(1.5), "message": odd * 3},),
            "axtree_object": {
                "nodes": [
                    {
                        "nodeId": "0",
                        "browsergym_id": "0",
                        "ignored": False,
                        "role": {"type": "role", "value": "RootWebArea"},
                        "name": {"type": "computedString", "value": odd},
                        "properties": [
                            {"name": "focused", "value": {"type": "number", "value": 2}}
                        ],
                        "childIds": [],
                    }
                ]
            },
        }
        for key, value in values.items():
            assert space[key].contains(value)
            memory = create_shared_memory(space[key], n=2)
            view = read_from_shared_memory(space[key], memory, n=2)
            write_to_shared_memory(space[key], 1, value, memory)
            back = view[1]
            assert space[key].contains(back)
            assert gym.utils.env_checker.data_equivalence(back, value)
    finally:
        env.close()


def _sync_observations(env_id: str, seed: int, actions: list, wrap) -> list[dict]:
    env = wrap(gym.make(env_id))
    try:
        observations = [env.reset(seed=seed)[0]]
        observations += [env.step(action)[0] for action in actions]
        return observations
    finally:
        env.close()


def test_async_vector_env_with_browsergym_observations_matches_single_envs():
    def wrap(env):
        return BrowserGymObservation(DiscreteActions(env, max_candidates=K))

    envs = gym.make_vec("WebShop-v0", num_envs=2, vectorization_mode="async", wrappers=[wrap])
    try:
        batches = [envs.reset(seed=7)[0]]
        masks = np.stack(envs.call("action_masks"))
        actions = [int(np.flatnonzero(mask)[-1]) for mask in masks]
        batches.append(envs.step(np.array(actions))[0])
    finally:
        envs.close()
    for index in range(2):
        expected = _sync_observations("WebShop-v0", 7 + index, [actions[index]], wrap)
        for batch, single in zip(batches, expected, strict=True):
            got = {key: batch[key][index] for key in single}
            assert gym.utils.env_checker.data_equivalence(got, single), index
    assert batches[1]["last_action"][0] and batches[1]["elapsed_time"].tolist() == [[1.0], [1.0]]


def test_async_vector_env_with_candidates_in_info():
    envs = gym.make_vec("WebShop-v0", num_envs=2, vectorization_mode="async", candidates=True)
    try:
        _, infos = envs.reset(seed=0)
        chosen = [candidates[-1] for candidates in infos["candidates"]]
        observations, _, _, _, infos = envs.step(np.array(chosen, dtype=object))
        assert list(observations["last_action_error"]) == ["", ""]
        assert all(isinstance(c, list) and c for c in infos["candidates"])
    finally:
        envs.close()


@pytest.mark.chromium
def test_browsergym_observation_on_chromium_reads_its_tree_and_screenshot():
    env = BrowserGymObservation(gym.make("WebShop-v0", backend="chromium", screenshot=True))
    try:
        obs, _ = env.reset(seed=0)
        assert env.observation_space.contains(obs)
        assert obs["screenshot"].ndim == 3 and obs["screenshot"].dtype == np.uint8
        assert _object_lines(obs["axtree_object"]) == obs["axtree_txt"].splitlines()
        assert obs["open_pages_urls"] == (obs["url"],) and obs["open_pages_titles"][0]
    finally:
        env.close()


def test_slots_follow_a_restore_that_bypasses_the_wrapper(discrete):
    """``env.unwrapped.restore_state`` does not pass through DiscreteActions; a slot after
    it stood for the candidate of the page left behind (it ran another action)."""
    _, info = discrete.reset(seed=0)
    state = discrete.unwrapped.save_state()
    start = list(info["candidates"][:K])
    link = next(i for i, c in enumerate(start) if c.startswith("click "))
    _, _, _, _, moved = discrete.step(link)
    assert moved["candidates"][:K] != start
    _, restored = discrete.unwrapped.restore_state(state)
    assert restored["candidates"][:K] == start
    assert discrete.action_masks().sum() == len(start)
    slot = next(
        i for i, c in enumerate(start) if c.startswith("type ") and c != moved["candidates"][i]
    )
    assert discrete.candidate(slot) == start[slot]
    executed = []
    inner_step = discrete.unwrapped.step
    discrete.unwrapped.step = lambda action: executed.append(action) or inner_step(action)
    try:
        discrete.step(slot)
    finally:
        del discrete.unwrapped.step
    assert executed == [start[slot]]


def test_a_slot_after_the_episode_ended_says_to_reset(discrete):
    """Every slot is masked once the episode has ended; the error said 'this page offers
    0 candidates (slots 0 to -1)' instead of the env's call to reset."""
    _, info = discrete.reset(seed=0)
    stop = info["candidates"].index("stop []")
    _, _, terminated, _, _ = discrete.step(stop)
    assert terminated
    for action in (0, -1, 1.5):
        obs, reward, terminated, _, info = discrete.step(action)
        assert terminated and reward == 0.0 and info["action_mask"].sum() == 0
        assert obs["last_action_error"] == "the episode has ended; call reset() to start another"


def test_browsergym_observations_follow_a_restore_that_bypasses_the_wrapper():
    """The wrapper counted steps and kept the chat itself, so after
    ``env.unwrapped.restore_state`` the clock ran on from the abandoned branch and the
    chat still held its answer."""
    env = BrowserGymObservation(gym.make("WebShop-v0", max_episode_steps=100))
    try:
        env.reset(seed=0)
        base = env.unwrapped
        start = base.save_state()
        env.step("goto [http://shop.test/]")
        after_one = base.save_state()
        env.step("scroll [down]")
        obs, *_ = env.step("stop [42]")
        assert len(obs["chat_messages"]) == 2 and obs["elapsed_time"].tolist() == [3.0]
        raw, _ = base.restore_state(start)
        obs = env.observation(raw)
        assert [m["role"] for m in obs["chat_messages"]] == ["user"]
        assert obs["elapsed_time"].tolist() == [0.0] and obs["last_action"] == ""
        obs, *_ = env.step("scroll [down]")
        assert obs["elapsed_time"].tolist() == [1.0] and len(obs["chat_messages"]) == 1
        obs = env.observation(base.restore_state(after_one)[0])
        assert obs["last_action"] == "goto [http://shop.test/]"
        assert obs["elapsed_time"].tolist() == [1.0]
        obs, *_ = env.step("stop [7]")
        assert [(m["role"], m["message"], float(m["timestamp"])) for m in obs["chat_messages"]][
            1
        ] == ("assistant", "7", 2.0)
    finally:
        env.close()
