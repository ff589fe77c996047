"""The ``api`` and ``tool`` actions, task modalities, tool candidates, and the LLM agent's
function calling (issue #18 items 3-4)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.fake_openai import FakeOpenAI
from webenv.actions import (
    MAX_BODY_CHARS,
    ActionError,
    ActionKind,
    describe_actions,
    parse_action,
)
from webenv.actions.tools import all_tools, check_call, find_tool, uses_api
from webenv.agents.functions import action_functions, call_to_action
from webenv.browser.apipage import MAX_BODY_SHOWN
from webenv.cli import main
from webenv.env import WebEnv
from webenv.errors import TaskError
from webenv.modalities import action_modality
from webenv.run.outputs import read_records
from webenv.run.summary import episode_modality, summarize
from webenv.tasks import bundled_tasks, parse_task

API_TASK = "forum/api-forum-subscribers/0"  # require api; answer 60
UI_ONLY_TASK = "forum/ui-only-subscribe/0"  # forbid api


# -- grammar ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("api [GET] [http://forum.test/api/forums]", "api [GET] [http://forum.test/api/forums]"),
        ("API [get] [__FORUM__/api/forums?sort=new]", "api [GET] [__FORUM__/api/forums?sort=new]"),
        (
            'api [post] [http://forum.test/api/submissions/1/vote] [{"choice":1}]',
            'api [POST] [http://forum.test/api/submissions/1/vote] [{"choice": 1}]',
        ),
        (
            'api("PUT", "http://forum.test/api/x", \'{"a": "b]"}\')',
            'api [PUT] [http://forum.test/api/x] [{"a": "b]"}]',
        ),
        (
            'api("POST", "http://forum.test/api/x", {"title": "t", "n": [1, None]})',
            'api [POST] [http://forum.test/api/x] [{"title": "t", "n": [1, null]}]',
        ),
        ("api [DELETE] [http://forum.test/api/x]", "api [DELETE] [http://forum.test/api/x]"),
        (
            'tool [open_forum] [{"name": "books"}]',
            'tool [open_forum] [{"name": "books", "sort": "hot"}]',
        ),
        (
            'tool("open_forum", {"name": "books", "sort": "new"})',
            'tool [open_forum] [{"name": "books", "sort": "new"}]',
        ),
        ("tool [open_my_orders]", "tool [open_my_orders] [{}]"),
        (
            'tool [vote_submission] [{"id": "12"}]',
            'tool [vote_submission] [{"id": 12, "choice": 1}]',
        ),
    ],
)
def test_api_and_tool_actions_parse_print_and_round_trip(text: str, canonical: str):
    action = parse_action(text)
    assert action.to_str() == canonical
    assert parse_action(action.to_str()) == action


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "api [PATCH] [http://forum.test/api/x]",
            "bad API method 'PATCH': use GET, POST, PUT, DELETE",
        ),
        ("api [GET] [http://forum.test/api/x] [{}]", "a GET sends no body"),
        ("api [POST] [http://forum.test/api/x] [{title: 1}]", "api body is not JSON"),
        ('api [POST] [http://forum.test/api/x] ["just text"]', "api body must be a JSON object"),
        (
            "api [POST] [http://forum.test/api/x] [" + '{"a": "' + "x" * MAX_BODY_CHARS + '"}]',
            "api body too long",
        ),
        ("api [GET]", "api needs a URL in brackets"),
        ("api", "api takes 2 or 3 arguments"),
        ("api [GET] [http://forum.test/a b]", "contains whitespace"),
        ('api("GET")', "api takes 2 to 3 arguments"),
        ("tool [nope]", "unknown tool 'nope'; tools: "),
        ("tool [open_forum]", "tool open_forum needs the parameter 'name'"),
        (
            'tool [open_forum] [{"name": "books", "sort": "best"}]',
            "sort must be one of hot, new, top",
        ),
        ('tool [open_forum] [{"forum": "books"}]', "tool open_forum has no parameter 'forum'"),
        ('tool [vote_submission] [{"id": "twelve"}]', "id must be an integer"),
        ('tool [open_forum] [["books"]]', "tool parameters must be a JSON object"),
        ('tool("open_forum", {(1, 2): 3})', "a value JSON cannot express"),
        ('api("POST", "http://forum.test/x", {"a": {1, 2}})', "a value JSON cannot express"),
        ("api [POST] [http://forum.test/x] [[NaN]]", "a value JSON cannot express"),
        ('api("POST", "http://forum.test/x", {"a": x})', "literal strings, numbers"),
        ('tool [search] [{"query": "' + "q" * 600 + '"}]', "query is too long"),
        # a value placed in a URL's path may not climb out of its place
        ('tool [open_forum] [{"name": "../../admin"}]', "tool open_forum: name='../../admin'"),
        ('tool [open_user] [{"username": ".."}]', "with no empty, '.' or '..' parts"),
        ('tool [search_issues] [{"project": "//evil.example/x"}]', "project='//evil.example/x'"),
        ('tool("list_issues_api", {"project": "northwind/./x"})', "project='northwind/./x'"),
        ('tool [open_merge_requests] [{"project": "a/b/"}]', "project='a/b/' is not accepted"),
    ],
)
def test_bad_api_and_tool_actions_are_one_line_errors(text: str, message: str):
    with pytest.raises(ActionError) as caught:
        parse_action(text)
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_tools_are_declared_per_site_with_valid_templates():
    tools = all_tools()
    assert {"open_my_orders", "search_products", "search_issues", "open_merge_requests"} <= set(
        tools
    )
    assert {"open_forum", "search"} <= set(tools)
    for tool in tools.values():
        assert tool.description and tool.schema()["type"] == "object"
    assert find_tool("vote_submission").uses_api and not find_tool("open_forum").uses_api
    _, args = check_call("search_issues", {"project": "acme/web site", "label": "bug & fix"})
    goto = find_tool("search_issues").expand(args)
    assert goto.kind == ActionKind.GOTO
    assert (
        goto.text == "__GIT__/acme/web%20site/-/issues?state=opened&label=bug%20%26%20fix&search="
    )


def test_describe_actions_lists_the_sites_tools_only_when_asked():
    plain = describe_actions("webarena")
    assert "api [method] [url] [body]" in plain and "open_forum(" not in plain
    forum = describe_actions("browsergym", ["forum"])
    assert "open_forum(name: string, sort: hot|new|top = 'hot') [forum; opens a page]" in forum
    assert "vote_submission(" in forum and "open_my_orders" not in forum


# -- the api action in the env -------------------------------------------------------


@pytest.fixture(scope="module")
def env():
    made = WebEnv(tasks="forum", candidates=True)
    yield made
    made.close()


def test_an_api_get_shows_status_paging_headers_and_the_json(env):
    env.reset(options={"task_id": API_TASK})
    obs, _, terminated, _, _ = env.step(
        "api [GET] [__FORUM__/api/forums/books/submissions?sort=new&per_page=3]"
    )
    assert obs["last_action_error"] == "" and not terminated
    assert obs["url"] == "http://forum.test/api/forums/books/submissions?sort=new&per_page=3"
    tree = obs["axtree"]
    assert (
        "heading 'GET http://forum.test/api/forums/books/submissions?sort=new&per_page=3'" in tree
    )
    assert "StaticText 'Status: 200 OK'" in tree
    assert "StaticText 'X-Per-Page: 3'" in tree and "StaticText 'X-Next-Page: 2'" in tree
    assert '"forum": "books"' in tree
    assert "API GET" in obs["tabs"]
    back, _ = env.unwrapped.browser.history_moves()
    assert back  # the response page is a history entry
    logged = env.world.request_log.since(0)[-1]
    assert (logged.method, logged.status) == ("GET", 200)


def test_an_api_write_changes_the_database_and_is_logged_with_its_fields(env):
    env.reset(options={"task_id": API_TASK})
    obs, *_ = env.step('api [POST] [http://forum.test/api/submissions/43/vote] [{"choice": -1}]')
    assert "Status: 200 OK" in obs["axtree"]
    rows = env.world.query(
        "forum", "SELECT value FROM submission_votes WHERE user_id = 1 AND submission_id = 43"
    )
    assert rows == [(-1,)]
    logged = env.world.request_log.since(0)[-1]
    assert (logged.method, logged.form, logged.status) == ("POST", {"choice": "-1"}, 200)


def test_errors_and_non_json_answers_are_shown_not_action_errors(env):
    env.reset(options={"task_id": API_TASK})
    obs, *_ = env.step('api [POST] [http://forum.test/api/submissions/43/vote] [{"choice": 7}]')
    assert obs["last_action_error"] == "" and "Status: 400 Bad Request" in obs["axtree"]
    obs, *_ = env.step("api [GET] [http://forum.test/f/books]")
    assert obs["last_action_error"] == "" and "Content-Type: text/html" in obs["axtree"]


def test_a_long_body_is_cut_with_a_count_of_what_is_left(env):
    env.reset(options={"task_id": API_TASK})
    obs, *_ = env.step("api [GET] [http://forum.test/api/submissions?per_page=100]")
    assert "more characters" in obs["axtree"]
    document = env.unwrapped.browser.document()
    shown = document.findtext(".//pre")
    assert len(shown) == MAX_BODY_SHOWN


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("api [GET] [http://example.com/api]", "only this env's sites are reachable"),
        ("api [GET] [http://shop.test/rest/V1/products]", "only this env's sites are reachable"),
        ("api [GET] [http://forum.test:99999/]", "not a valid URL"),
        (
            "tool [open_my_orders]",
            "tool open_my_orders works on the shop site, which this env does not host",
        ),
    ],
)
def test_unreachable_calls_are_action_errors_that_change_nothing(env, action, message):
    env.reset(options={"task_id": API_TASK})
    before = len(env.world.request_log.since(0))
    obs, *_ = env.step(action)
    assert message in obs["last_action_error"]
    assert obs["url"] == "http://forum.test/" and len(env.world.request_log.since(0)) == before


def test_a_tool_opens_its_page_or_calls_its_api(env):
    env.reset(options={"task_id": API_TASK})
    obs, *_ = env.step('tool [open_forum] [{"name": "books", "sort": "new"}]')
    assert obs["url"] == "http://forum.test/f/books?sort=new" and obs["last_action_error"] == ""
    obs, *_ = env.step('tool("list_forum_submissions", {"name": "books"})')
    assert obs["url"].startswith("http://forum.test/api/forums/books/submissions?sort=hot&page=1")
    assert "X-Total:" in obs["axtree"]


def test_actions_count_as_api_or_ui_use():
    assert action_modality(parse_action("api [GET] [http://forum.test/api/forums]")) == "api"
    assert action_modality(parse_action('tool [vote_submission] [{"id": 1}]')) == "api"
    assert action_modality(parse_action('tool [open_forum] [{"name": "books"}]')) == "ui"
    assert action_modality(parse_action("click [3]")) == "ui"
    assert action_modality(parse_action("tab_focus [0]")) is None
    assert action_modality(parse_action("stop [x]")) is None
    assert uses_api(parse_action('tool [vote_submission] [{"id": 1}]'))


# -- modalities -----------------------------------------------------------------------


def checks(info: dict) -> dict[str, dict]:
    return {check["type"]: check for check in info["validation"]["lenient"]["checks"]}


def test_a_required_api_passes_when_used_and_fails_with_its_rule_when_not(env):
    env.reset(options={"task_id": API_TASK})
    env.step("api [GET] [http://forum.test/api/forums/books]")
    *_, reward, terminated, _, info = env.step("stop [60]")
    assert terminated and reward == 1.0 and info["modalities_used"] == ["api"]
    assert checks(info)["modalities"]["passed"]
    env.reset(options={"task_id": API_TASK})
    env.step("goto [http://forum.test/f/books]")
    *_, reward, _, _, info = env.step("stop [60]")
    assert reward == 0.0 and checks(info)["string_match"]["passed"]
    verdict = checks(info)["modalities"]
    assert not verdict["passed"] and verdict["rule"] == "modality-required"
    assert not info["validation"]["strict"]["passed"]


def test_a_forbidden_api_fails_the_task_even_when_the_state_is_right(env):
    env.reset(options={"task_id": UI_ONLY_TASK})
    env.step("api [GET] [http://forum.test/api/forums/aquariums]")
    obs, *_ = env.step('tool [open_forum] [{"name": "aquariums"}]')
    button = next(line for line in obs["axtree"].splitlines() if "button 'Subscribe'" in line)
    env.step(f"click [{button.split(']')[0].split('[')[1]}]")
    *_, reward, _, _, info = env.step("stop []")
    assert checks(info)["state_match"]["passed"] and reward == 0.0
    assert checks(info)["modalities"]["rule"] == "modality-forbidden"


def test_the_modalities_used_survive_save_and_restore(env):
    env.reset(options={"task_id": API_TASK})
    token = env.save_state()
    env.step("api [GET] [http://forum.test/api/forums/books]")
    env.restore_state(token)
    *_, info = env.step("stop [60]")
    assert info["modalities_used"] == [] and not checks(info)["modalities"]["passed"]


@pytest.mark.parametrize(
    ("modalities", "message"),
    [
        ({"require": ["api"], "forbid": ["api"]}, "'api' is both required and forbidden"),
        ({"require": ["web"]}, "modalities.require"),
        ({}, "modalities"),
    ],
)
def test_bad_modalities_are_rejected_with_the_field(modalities, message):
    raw = json.loads(json.dumps(next(t for t in _raw_tasks() if t["task_id"] == API_TASK)))
    raw["modalities"] = modalities
    with pytest.raises(TaskError, match=message):
        parse_task(raw, "x.json")


def _raw_tasks() -> list[dict]:
    folder = Path(__file__).parents[1] / "tasks" / "forum"
    return json.loads((folder / "api-forum-subscribers.json").read_text())


def test_curated_tasks_require_and_forbid_the_api():
    tasks = {t.task_id: t for t in bundled_tasks()}
    required = [t for t in tasks.values() if "api" in t.modalities.require]
    assert len(required) >= 3 and all(t.sites == ("forum",) for t in required)
    assert "api" in tasks[UI_ONLY_TASK].modalities.forbid


# -- candidates ----------------------------------------------------------------------


def test_tool_candidates_execute_and_respect_a_forbidden_api(env):
    _, info = env.reset(options={"task_id": API_TASK})
    tools = [c for c in info["candidates"] if c.startswith("tool [")]
    assert 'tool [open_forum] [{"name": "books", "sort": "hot"}]' in tools
    assert any(c.startswith("tool [vote_submission]") for c in tools)
    assert not any("open_my_orders" in c for c in tools)  # a shop tool, not this task's site
    for candidate in tools:
        env.reset(options={"task_id": API_TASK})
        obs, *_ = env.step(candidate)
        assert obs["last_action_error"] == "", candidate
    _, info = env.reset(options={"task_id": UI_ONLY_TASK})
    offered = [c for c in info["candidates"] if c.startswith("tool [")]
    assert offered and not any(uses_api(parse_action(c)) for c in offered)


# -- the run summary ------------------------------------------------------------------


def test_the_summary_reports_success_by_modality():
    def record(actions: list[tuple[str, str]], passed: bool) -> dict:
        steps = [{"action": action, "error": error} for action, error in actions]
        return {"lenient": passed, "strict": passed, "ended": "answered", "steps": steps}

    api = record([("api [GET] [http://forum.test/api/forums]", ""), ("stop [1]", "")], True)
    failed_api = record(
        [("api [GET] [http://nowhere.test/]", "cannot open"), ("stop [1]", "")], False
    )
    ui = record([("click [3]", ""), ("stop [1]", "")], False)
    assert [episode_modality(r) for r in (api, failed_api, ui)] == ["api", "ui", "ui"]
    by = summarize([api, failed_api, ui])["by"]["modality"]
    assert by["api"]["episodes"] == 1 and by["api"]["lenient"]["rate"] == 1.0
    assert by["ui"]["episodes"] == 2 and by["ui"]["lenient"]["passed"] == 0


TOOL_AGENT = '''
class ToolUser:
    """Solves the API tasks with tools and api actions, whatever the page shows."""

    PLANS = {
        "forum/api-forum-subscribers/0": [
            "api [GET] [http://forum.test/api/forums/books]",
            "stop [60]",
        ],
        "forum/api-upvote-submission/1": [
            'tool [list_forum_submissions] [{"name": "boston"}]',
            'tool [vote_submission] [{"id": 45, "choice": -1}]',
            "stop []",
        ],
        "forum/ui-only-subscribe/0": ['tool [open_forum] [{"name": "aquariums"}]', "stop []"],
    }

    def reset(self, task_info):
        self.plan = list(self.PLANS[task_info.task.task_id])

    def act(self, obs, info):
        return self.plan.pop(0)
'''


def test_webenv_run_with_a_tool_using_agent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    (tmp_path / "tool_agents.py").write_text(TOOL_AGENT)
    monkeypatch.syspath_prepend(str(tmp_path))
    tasks = ("forum/api-forum-subscribers/0", "forum/api-upvote-submission/1", UI_ONLY_TASK)
    out = tmp_path / "out"
    result = CliRunner().invoke(
        main,
        [
            *("run", "--agent", "tool_agents:ToolUser", "--tasks", ",".join(tasks)),
            *("--workers", "0", "-q", "--out", str(out)),
        ],
    )
    assert result.exit_code == 0, result.output
    records = {r["task_id"]: r for r in read_records(out)}
    assert records["forum/api-forum-subscribers/0"]["lenient"]
    assert records["forum/api-upvote-submission/1"]["strict"]
    assert not records[UI_ONLY_TASK]["lenient"]  # opened the forum but did not subscribe
    assert all(not step["error"] for r in records.values() for step in r["steps"])
    summary = json.loads((out / "summary.json").read_text())
    assert summary["by"]["modality"]["api"]["episodes"] == 2
    assert summary["by"]["modality"]["ui"]["episodes"] == 1


# -- the LLM agent's function calling -------------------------------------------------


def test_functions_cover_the_actions_and_the_sites_tools():
    functions = {f["function"]["name"]: f["function"] for f in action_functions(["forum"])}
    assert {
        "click",
        "type",
        "goto",
        "api",
        "stop",
        "tool_open_forum",
        "tool_vote_submission",
    } <= set(functions)
    assert "tool" not in functions and "tool_open_my_orders" not in functions
    assert functions["click"]["parameters"]["required"] == ["id"]
    assert functions["api"]["parameters"]["properties"]["method"]["enum"] == [
        "GET",
        "POST",
        "PUT",
        "DELETE",
    ]
    assert functions["tool_open_forum"]["parameters"]["required"] == ["name"]
    for function in functions.values():
        assert function["description"] and function["parameters"]["type"] == "object"


@pytest.mark.parametrize(
    ("name", "arguments", "action"),
    [
        ("click", '{"id": 12}', "click [12]"),
        ("type", {"id": 7, "text": "blue mug", "press_enter": False}, "type [7] [blue mug] [0]"),
        ("stop", "{}", "stop"),
        ("stop", '{"answer": "$4.00"}', "stop [$4.00]"),
        (
            "api",
            {"method": "POST", "url": "http://forum.test/api/x", "body": {"a": 1}},
            'api [POST] [http://forum.test/api/x] [{"a": 1}]',
        ),
        (
            "tool_open_forum",
            '{"name": "books"}',
            'tool [open_forum] [{"name": "books", "sort": "hot"}]',
        ),
    ],
)
def test_a_function_call_reads_back_into_an_action(name, arguments, action):
    assert call_to_action(name, arguments) == action


@pytest.mark.parametrize(
    ("name", "arguments", "message"),
    [
        ("fly", "{}", "unknown function 'fly'"),
        ("click", "{oops", "not JSON"),
        ("click", "[" * 5_000 + "]" * 5_000, "not JSON"),  # deeper than Python's recursion
        ("click", '{"id": 1' + "0" * 5_000 + "}", "not JSON"),  # over the int digit limit
        ("click", '{"id": 1, "x": 2}', "click has no argument 'x'"),
        ("click", '{"id": "twelve"}', "element id must be a number"),
        ("tool_open_forum", "{}", "needs the parameter 'name'"),
    ],
)
def test_bad_function_calls_are_action_errors(name, arguments, message):
    with pytest.raises(ActionError, match=message):
        call_to_action(name, arguments)


def test_the_llm_agent_offers_functions_and_reads_tool_calls(monkeypatch: pytest.MonkeyPatch):
    from webenv.agents.llm import LLMAgent
    from webenv.agents.protocol import TaskInfo

    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    task = next(t for t in bundled_tasks() if t.task_id == API_TASK)
    script = [
        {"tool_calls": [("api", {"method": "GET", "url": "http://forum.test/api/forums/books"})]},
        {"tool_calls": [("tool_open_forum", {"nam": "books"})]},
        {"reply": "No call this time: ```stop [60]```"},
    ]
    with FakeOpenAI(script) as server:
        agent = LLMAgent(server.base_url, "m", tools="function", backoff=0)
        agent.reset(TaskInfo(task, 0, "k"))
        obs = {"axtree": "[1] RootWebArea ''", "url": "http://forum.test/", "goal": task.intent}
        assert agent.act(obs, {}) == "api [GET] [http://forum.test/api/forums/books]"
        assert agent.act(obs, {}) == ""
        assert "unusable tool call" in agent.last_step.note
        assert agent.act(obs, {}) == "stop [60]"
        agent.close()
        body = server.requests[0]["body"]
    names = {tool["function"]["name"] for tool in body["tools"]}
    assert "tool_vote_submission" in names and "click" in names
    assert "open_forum(name: string" in body["messages"][0]["content"]
    with pytest.raises(Exception, match="tools='x' is not accepted"):
        LLMAgent("http://127.0.0.1:1/v1", "m", tools="x")
