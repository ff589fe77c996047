"""The agent protocol and the built-in agents: random, oracle, lexical, module:Class loading, and
the LLM agent end to end against a scripted OpenAI-compatible server on 127.0.0.1."""

from __future__ import annotations

import email.utils
import re
import time
from typing import Any

import pytest

from tests.fake_openai import FakeOpenAI
from webenv.agents import (
    Agent,
    AgentSpec,
    OracleAgent,
    RandomAgent,
    TaskInfo,
    make_agent,
)
from webenv.agents.extract import extract_action
from webenv.agents.lexical import LexicalAgent, retrieve, words
from webenv.agents.llm import LLMAgent, LLMError
from webenv.agents.prompts import SITE_DOCS_HEADING, build_messages, truncate_to_tokens
from webenv.env import WebEnv
from webenv.errors import OptionError, SolutionError
from webenv.sites.core.help import section_text, site_docs_text
from webenv.tasks import get_task

TASK = "shop/order-total/0"  # string_match; reference answer $50.94


@pytest.fixture(autouse=True)
def no_real_key(monkeypatch: pytest.MonkeyPatch) -> None:
    """A developer's real key never goes to the fake server."""
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)


@pytest.fixture(scope="module")
def env():
    made = WebEnv(tasks=["shop/order-total/0", "shop/add-address/0"], candidates=True)
    yield made
    made.close()


def _play(env: WebEnv, agent: Any, task_id: str, seed: int = 0, steps: int = 30):
    obs, info = env.reset(seed=seed, options={"task_id": task_id})
    agent.reset(TaskInfo(env.task, seed, f"{task_id}#0", info))
    actions = []
    for _ in range(steps):
        action = agent.act(obs, info)
        actions.append(action)
        obs, _reward, terminated, _, info = env.step(action)
        if terminated:
            return actions, info
    return actions, info


def test_the_oracle_solves_tasks_through_the_solution_player(env):
    for task_id in ("shop/order-total/0", "shop/add-address/0"):
        actions, info = _play(env, OracleAgent(), task_id)
        assert info["validation"]["lenient"]["passed"], task_id
        assert info["validation"]["strict"]["passed"], task_id
        assert actions[-1].startswith("send_msg_to_user(")


def test_the_oracle_says_when_the_page_lacks_the_solutions_element(env):
    agent = OracleAgent()
    obs, info = env.reset(options={"task_id": TASK})
    agent.reset(TaskInfo(env.task, 0, "k", info))
    obs = {**obs, "axtree": "[1] RootWebArea 'Empty'"}
    with pytest.raises(SolutionError, match="no link named"):
        agent.act(obs, info)


def test_the_random_agent_is_uniform_over_candidates_and_seeded(env):
    first, _ = _play(env, RandomAgent(), TASK, seed=3, steps=8)
    again, _ = _play(env, RandomAgent(), TASK, seed=3, steps=8)
    other, _ = _play(env, RandomAgent(), TASK, seed=4, steps=8)
    assert first == again
    assert first != other
    agent = RandomAgent()
    agent.reset(TaskInfo(get_task(TASK), 1, "k"))
    picks = {agent.act({}, {"candidates": ["a", "b", "c"]}) for _ in range(200)}
    assert picks == {"a", "b", "c"}
    with pytest.raises(SolutionError, match="candidates=True"):
        agent.act({}, {})


def test_agents_load_by_name_and_module_class(tmp_path, monkeypatch):
    assert isinstance(make_agent(AgentSpec("oracle")), OracleAgent)
    assert isinstance(make_agent(AgentSpec("random")), Agent)
    (tmp_path / "my_agents.py").write_text(
        "class Echo:\n"
        "    def __init__(self, word='stop [x]'):\n        self.word = word\n"
        "    def reset(self, task_info):\n        pass\n"
        "    def act(self, obs, info):\n        return self.word\n"
        "class NoAct:\n    def reset(self, task_info):\n        pass\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    agent = make_agent(AgentSpec("my_agents:Echo", {"word": "go_back"}))
    assert agent.act({}, {}) == "go_back"
    for name, options, message in [
        ("nope", {}, "random, oracle, lexical, llm or module:Class"),
        ("no_such_module_xyz:Agent", {}, "cannot import"),
        ("my_agents:Missing", {}, "has no 'Missing'"),
        ("my_agents:NoAct", {}, "lacks reset"),
        ("my_agents:Echo", {"colour": 1}, "options"),
        ("llm", {"model": "m"}, "options"),
    ]:
        with pytest.raises(OptionError, match=message):
            make_agent(AgentSpec(name, options))


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        (
            "Let me look. In summary, the next action I will perform is ```click [1234]```",
            "click [1234]",
        ),
        ('Thinking...\n```python\nfill("7", "blue mug")\n```', 'fill("7", "blue mug")'),
        ("```\nclick [3]\n```\nOn second thought:\n```\nstop [$50.94]\n```", "stop [$50.94]"),
        ("Action: type [5] [hello world] [1]", "type [5] [hello world] [1]"),
        ('**Action:** `select_option("12", "Price")`', 'select_option("12", "Price")'),
        ("I will click [12] now.", "click [12]"),
        ("click [3] first, then click [4]", "click [4]"),
        ("Then I should go_back.", "go_back"),
        ('The answer: send_msg_to_user("a (b)") done', 'send_msg_to_user("a (b)")'),
        ("```\nnot an action\n```\nso: scroll [down]", "scroll [down]"),
        ("I have no idea what to do.", None),
        ("Stop here and think.", None),
        ("```\nclick\n```", None),
        ("", None),
    ],
)
def test_actions_are_extracted_from_free_text(reply, expected):
    assert extract_action(reply) == expected


def test_prompts_follow_both_styles_and_cut_the_tree_to_its_budget():
    obs = {
        "axtree": "\n".join(f"[{i}] link 'Item {i}'" for i in range(2000)),
        "url": "http://shop.test/",
        "goal": "Find the mug",
        "tabs": "",
        "last_action_error": "no element 99",
    }
    system, user = build_messages("webarena", obs, ["click [3]"], obs_tokens=100)
    assert "```click [1234]```" in system["content"]
    assert "type [id] [text]" in system["content"]  # from describe_actions("webarena")
    assert "OBJECTIVE: Find the mug" in user["content"]
    assert "PREVIOUS ACTION: click [3]" in user["content"]
    assert "no element 99" in user["content"]
    assert "more lines cut to fit the 100-token budget" in user["content"]
    assert len(user["content"]) < 1_000
    _, user = build_messages("browsergym", obs, ["click [3]"], obs_tokens=100)
    assert "fill(bid, value)" in user["content"]  # from describe_actions("browsergym")
    assert "# History of past actions\nclick [3]" in user["content"]
    assert truncate_to_tokens("short", 10) == "short"
    with pytest.raises(OptionError, match="prompt_style"):
        build_messages("chat", obs, [], obs_tokens=10)


def _llm(server: Any, **options: Any) -> LLMAgent:
    waits: list[float] = []
    agent = LLMAgent(server.base_url, "test-model", sleep=waits.append, **options)
    agent.waits = waits  # type: ignore[attr-defined]
    return agent


def test_the_llm_agent_retries_transient_errors_and_honours_retry_after():
    date = email.utils.formatdate(time.time() + 30, usegmt=True)
    script = [
        {"status": 429, "headers": {"Retry-After": "7"}},
        {"status": 503},
        {"status": 429, "headers": {"retry-after-ms": "2500"}},
        {"status": 429, "headers": {"Retry-After": date}},
        {"close": True},
        {"reply": "In summary, the next action I will perform is ```click [5]```"},
    ]
    with FakeOpenAI(script) as server:
        agent = _llm(server, backoff=0.01, max_backoff=100)
        agent.reset(TaskInfo(get_task(TASK), 0, "k"))
        action = agent.act({"axtree": "[5] link 'A'", "url": "u", "goal": "g"}, {})
    assert action == "click [5]"
    step = agent.last_step
    assert step is not None and step.attempts == 6
    waits = agent.waits  # type: ignore[attr-defined]
    assert waits[0] == 7  # Retry-After in seconds
    assert waits[1] < 1  # plain back-off
    assert waits[2] == 2.5  # retry-after-ms
    assert 20 < waits[3] <= 30  # an HTTP date
    assert step.prompt_tokens > 0 and step.completion_tokens == 7
    assert [r["body"]["model"] for r in server.requests] == ["test-model"] * 6


def test_the_llm_agent_times_out_slow_replies_and_gives_up_after_its_retries():
    with FakeOpenAI([{"delay": 2, "reply": "click [1]"}, {"reply": "stop [1]"}]) as server:
        agent = _llm(server, timeout=0.3, backoff=0)
        agent.reset(TaskInfo(get_task(TASK), 0, "k"))
        assert agent.act({"axtree": ""}, {}) == "stop [1]"
        assert agent.last_step is not None and agent.last_step.attempts == 2
    with FakeOpenAI([{"status": 500}]) as server:
        agent = _llm(server, max_retries=2, backoff=0)
        with pytest.raises(LLMError, match="HTTP 500 on all 3 attempts"):
            agent.act({"axtree": ""}, {})
    with FakeOpenAI([{"status": 401, "body": {"error": {"message": "bad key"}}}]) as server:
        agent = _llm(server)
        with pytest.raises(LLMError, match=r"HTTP 401.*bad key"):
            agent.act({"axtree": ""}, {})
        assert len(server.requests) == 1  # not retried


@pytest.mark.parametrize(
    "raw", [b"[" * 100_000 + b"]" * 100_000, b'{"choices": ' + b"9" * 5_000 + b"}", b"<html>"]
)
def test_a_reply_that_is_not_json_it_can_read_is_retried_then_an_llm_error(raw):
    """Too deep, a number past Python's digit limit, or no JSON at all: the reply is
    refused like any unreadable one, never an exception from the JSON decoder."""
    with FakeOpenAI([{"raw": raw}]) as server:
        agent = _llm(server, max_retries=1, backoff=0)
        with pytest.raises(LLMError, match="not JSON"):
            agent.act({"axtree": ""}, {})
        assert len(server.requests) == 2


def test_the_llm_agent_sends_the_key_from_the_named_variable(monkeypatch):
    monkeypatch.setenv("MY_KEY", "sk-test")
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with FakeOpenAI([{"reply": "```go_back```"}]) as server:
        agent = _llm(server, api_key_env="MY_KEY")
        agent.act({"axtree": ""}, {})
        anonymous = _llm(server)
        anonymous.act({"axtree": ""}, {})
    assert [r["auth"] for r in server.requests] == ["Bearer sk-test", None]
    with pytest.raises(OptionError, match="NOT_SET_ANYWHERE"):
        LLMAgent("http://127.0.0.1:1/v1", "m", api_key_env="NOT_SET_ANYWHERE")
    with pytest.raises(OptionError, match="http"):
        LLMAgent("ftp://example/v1", "m")


def test_a_reply_without_an_action_is_a_no_op_step(env):
    with FakeOpenAI([{"reply": "Hmm, I am not sure."}, {"reply": "```stop [$50.94]```"}]) as server:
        agent = _llm(server)
        actions, info = _play(env, agent, TASK)
    assert actions == ["", "stop [$50.94]"]
    assert info["validation"]["lenient"]["passed"]
    second_prompt = server.requests[1]["body"]["messages"][1]["content"]
    assert "THE PREVIOUS ACTION FAILED: empty action" in second_prompt


def test_prompts_end_the_system_message_with_the_site_docs_when_given():
    obs = {"axtree": "[1] link 'My Account'", "url": "http://shop.test/", "goal": "g"}
    for style in ("webarena", "browsergym"):
        system, _ = build_messages(style, obs, [], obs_tokens=100)
        assert SITE_DOCS_HEADING not in system["content"]
        system, user = build_messages(style, obs, [], obs_tokens=100, site_docs="# Shop help\nX")
        assert system["content"].endswith("\n\n# Shop help\nX")
        assert SITE_DOCS_HEADING in system["content"] and "# Shop help" not in user["content"]


def test_the_llm_agent_puts_the_site_docs_of_the_reset_into_its_system_prompt():
    with_docs = WebEnv(tasks=[TASK], site_docs=True)
    without = WebEnv(tasks=[TASK])
    try:
        with FakeOpenAI([{"reply": "```stop [$50.94]```"}]) as server:
            _play(with_docs, _llm(server), TASK)
            _play(with_docs, _llm(server, docs_tokens=50), TASK)
            _play(without, _llm(server), TASK)
    finally:
        with_docs.close()
        without.close()
    full, cut, none = (request["body"]["messages"][0]["content"] for request in server.requests)
    assert SITE_DOCS_HEADING in full and section_text("shop") in full
    assert "more lines cut to fit the 50-token budget" in cut and len(cut) < len(full)
    assert SITE_DOCS_HEADING not in none and "Harbor Goods help" not in none


def test_docs_retrieval_finds_the_passages_that_name_where_things_are():
    docs = site_docs_text(("shop",))
    (first, *_) = retrieve("Where is the tracking number of my shipment?", docs)
    assert "Tracking number" in first.names
    assert retrieve("zzz qqq", docs) == []
    assert words("Assigned orders, shipping") == ["assign", "order", "shipp"]


def test_the_lexical_agent_follows_the_docs_to_a_menu_the_goal_does_not_name():
    """ "Create a cart price rule" names no menu; the back office's help says Marketing."""
    task_id = "shop_admin/create-percent-rule/0"
    first = {}
    for docs in (False, True):
        made = WebEnv(tasks=[task_id], candidates=True, site_docs=docs)
        obs, info = made.reset(seed=0)
        agent = make_agent(AgentSpec("lexical"))
        agent.reset(TaskInfo(made.task, 0, f"{task_id}#0", info))
        action = agent.act(obs, info)
        again = make_agent(AgentSpec("lexical"))
        again.reset(TaskInfo(made.task, 0, f"{task_id}#0", info))
        assert again.act(obs, info) == action  # deterministic
        first[docs] = (action, obs["axtree"])
        made.close()
    assert first[False][0] == "stop []"  # nothing on the dashboard matches the goal
    action, axtree = first[True]
    target = re.search(r"\[(\d+)\]", action)
    assert target and f"[{target.group(1)}] link 'Marketing'" in axtree
    with pytest.raises(SolutionError, match="candidates=True"):
        LexicalAgent().act({"url": "", "axtree": ""}, {})
