"""``webenv run``: the runner over local processes (and Ray), its outputs, resuming, and
episodes that fail without failing the run."""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.fake_openai import FakeOpenAI
from webenv.cli import main
from webenv.env import WebEnv
from webenv.errors import OptionError, TaskError
from webenv.run import RunConfig, plan_episodes, run
from webenv.run.outputs import EPISODES_FILE, read_records
from webenv.run.summary import GROUPINGS
from webenv.tasks import get_task, select_tasks

# Shop tasks only (a worker builds only the sites its tasks use): string, state and
# program checks, and a held-out task family on a held-out world.
SUBSET = (
    "shop/order-total/0",
    "shop/add-address/0",
    "shop/order-total/1",
    "shop.items-in-month",
)

AGENTS = '''
import os


class Flaky:
    """Raises on one task, kills its worker on another, else answers."""

    def reset(self, task_info):
        self.task_id = task_info.task.task_id

    def act(self, obs, info):
        if self.task_id == "shop/add-address/0":
            raise RuntimeError("the agent broke on purpose")
        if self.task_id == "shop/order-total/1":
            os._exit(3)
        return "stop [nothing]"


class Sleepy:
    """Hangs on one task."""

    def reset(self, task_info):
        self.task_id = task_info.task.task_id

    def act(self, obs, info):
        if self.task_id == "shop/order-total/1":
            import time

            time.sleep(600)
        return "stop [nothing]"


class Typo:
    def reset(self, task_info):
        pass

    def act(self, obs, info):
        return 42
'''


@pytest.fixture
def agents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    folder = tmp_path / "agents"
    folder.mkdir()
    (folder / "harness_test_agents.py").write_text(AGENTS)
    monkeypatch.syspath_prepend(str(folder))
    return "harness_test_agents"


@pytest.fixture(scope="module")
def ray_agents(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A local Ray instance (started once for the module's Ray tests) whose actors can
    import the test agents (``harness_test_agents``)."""
    ray = pytest.importorskip("ray")
    folder = tmp_path_factory.mktemp("ray_agents")
    (folder / "harness_test_agents.py").write_text(AGENTS)
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(folder))
        path = os.pathsep.join(filter(None, [str(folder), os.environ.get("PYTHONPATH")]))
        patch.setenv("PYTHONPATH", path)  # what the actors' processes inherit
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        try:
            yield "harness_test_agents"
        finally:
            ray.shutdown()


def _subset_ids() -> list[str]:
    return [spec.task_id for spec in plan_episodes(list(SUBSET), world_seeds=[10_000])]


@pytest.mark.slow  # starts worker processes
def test_the_oracle_solves_every_task_on_two_workers(tmp_path):
    out = tmp_path / "oracle"
    result = run(RunConfig("oracle", SUBSET, out, world_seeds=(10_000,), workers=2), progress=False)
    records = result.records
    assert [r["task_id"] for r in records] == _subset_ids()  # plan order, not finish order
    assert all(r["lenient"] and r["strict"] and r["ended"] == "answered" for r in records), [
        (r["task_id"], r["error"]) for r in records if not r["lenient"]
    ]
    summary = json.loads((out / "summary.json").read_text())
    assert summary["episodes"] == len(records) == 4
    assert summary["success_rate"]["lenient"]["rate"] == 1.0
    assert summary["success_rate"]["strict"]["ci95"][0] > 0.5
    assert set(summary["by"]) == set(GROUPINGS)
    assert set(summary["by"]["site"]) == {"shop"}
    assert set(summary["by"]["family"]) == {"curated", "shop.items-in-month"}
    assert {"string_match", "state_match"} <= set(summary["by"]["eval_type"])
    generated = next(r for r in records if r["family"] == "shop.items-in-month")
    assert generated["world_seed"] == 10_000 and generated["split"] == "test"
    step = records[0]["steps"][0]
    assert set(step["observation"]) == {"axtree", "url", "tabs", "last_action_error"}
    assert step["observation"]["axtree"].startswith("[")
    assert {"action", "error", "reward", "agent_seconds", "env_seconds", "prompt_tokens"} <= set(
        step
    )
    assert records[0]["validation"]["lenient"]["checks"][0]["explanation"]


@pytest.mark.slow  # starts worker processes
def test_results_do_not_depend_on_the_workers(tmp_path):
    common: dict[str, Any] = {"max_steps": 6, "seed": 11}
    here = run(RunConfig("random", SUBSET[:3], tmp_path / "a", workers=0, **common), progress=False)
    pool = run(RunConfig("random", SUBSET[:3], tmp_path / "b", workers=2, **common), progress=False)

    def trace(records: list[dict[str, Any]]) -> list[Any]:
        return [
            (r["key"], [s["action"] for s in r["steps"]], r["lenient"], r["strict"])
            for r in records
        ]

    assert trace(here.records) == trace(pool.records)
    assert len({tuple(t[1]) for t in trace(here.records)}) > 1


@pytest.mark.slow  # starts and kills worker processes
def test_a_failing_agent_or_a_dead_worker_fails_only_that_episode(tmp_path, agents):
    tasks = ("shop/order-total/0", "shop/add-address/0", "shop/order-total/1", "shop/order-total/2")
    result = run(RunConfig(f"{agents}:Flaky", tasks, tmp_path / "run", workers=2), progress=False)
    by_task = {r["task_id"]: r for r in result.records}
    assert [r["task_id"] for r in result.records] == list(tasks)
    broke = by_task["shop/add-address/0"]
    assert broke["ended"] == "error" and not broke["lenient"]
    assert "agent.act raised RuntimeError" in broke["error"]
    assert "the agent broke on purpose" in broke["error"]
    died = by_task["shop/order-total/1"]
    assert died["ended"] == "error"
    assert "worker process died" in died["error"] and "exit code 3" in died["error"]
    for task in ("shop/order-total/0", "shop/order-total/2"):
        assert by_task[task]["ended"] == "answered"  # the replacement worker carried on
    assert result.summary["errors"] == 2
    # Resuming with --retry-errors plays the two failed episodes again, and only them.
    again = run(
        RunConfig(
            f"{agents}:Flaky", tasks, tmp_path / "run", workers=1, resume=True, retry_errors=True
        ),
        progress=False,
    )
    assert again.played == 2
    assert [r["key"] for r in again.records] == [r["key"] for r in result.records]
    assert "broke on purpose" in again.records[1]["error"]
    with pytest.raises(OptionError, match="--resume --retry-errors"):
        run(RunConfig("oracle", tasks, tmp_path / "x", retry_errors=True), progress=False)
    typo = run(RunConfig(f"{agents}:Typo", tasks[:1], tmp_path / "typo", workers=0), progress=False)
    assert "returned a int, not a str" in typo.records[0]["error"]


def test_a_run_resumes_where_it_stopped(tmp_path):
    out = tmp_path / "run"
    config = RunConfig("oracle", SUBSET, out, world_seeds=(10_000,), workers=0)
    first = run(config, progress=False)
    lines = (out / EPISODES_FILE).read_text().splitlines()
    # A run killed mid-write: the last episode lost, half a line left behind.
    (out / EPISODES_FILE).write_text("\n".join(lines[:2]) + "\n" + lines[2][:50])
    with pytest.raises(OptionError, match="--resume"):
        run(config, progress=False)
    resumed = run(
        RunConfig("oracle", SUBSET, out, world_seeds=(10_000,), workers=0, resume=True),
        progress=False,
    )
    assert resumed.played == 2
    assert [r["key"] for r in resumed.records] == [r["key"] for r in first.records]
    assert len(read_records(out)) == 4
    assert len((out / EPISODES_FILE).read_text().splitlines()) == 4
    again = run(
        RunConfig("oracle", SUBSET, out, world_seeds=(10_000,), workers=0, resume=True),
        progress=False,
    )
    assert again.played == 0 and again.summary["success_rate"]["lenient"]["rate"] == 1.0
    with pytest.raises(OptionError, match="other agent"):
        run(RunConfig("random", SUBSET, out, world_seeds=(10_000,), resume=True), progress=False)


def test_bad_options_are_one_line_errors(tmp_path):
    with pytest.raises(TaskError):
        run(RunConfig("oracle", "no-such-site", tmp_path / "a"), progress=False)
    with pytest.raises(OptionError, match="task families"):
        run(RunConfig("oracle", "shop", tmp_path / "b", world_seeds=(5,)), progress=False)
    with pytest.raises(OptionError, match="module:Class"):
        run(RunConfig("nobody", "shop", tmp_path / "c"), progress=False)
    with pytest.raises(OptionError, match="chromium"):
        run(RunConfig("oracle", "shop", tmp_path / "d", screenshots=True), progress=False)
    assert not (tmp_path / "c").exists()  # nothing written for a run that cannot start
    cli = CliRunner()
    result = cli.invoke(
        main,
        [
            "run",
            "--agent",
            "oracle",
            "--tasks",
            "shop",
            "--out",
            str(tmp_path / "e"),
            "--model",
            "m",
        ],
    )
    assert result.exit_code == 2 and "--model: only for --agent llm" in result.output
    result = cli.invoke(
        main, ["run", "--agent", "llm", "--tasks", "shop", "--out", str(tmp_path / "e")]
    )
    assert result.exit_code == 2 and "needs --base-url and --model" in result.output
    result = cli.invoke(
        main,
        [
            "run",
            "--agent",
            "oracle",
            "--tasks",
            "gen:test",
            "--out",
            str(tmp_path / "e"),
            "--world-seeds",
            "9-3",
        ],
    )
    assert result.exit_code == 2 and "A <= B" in result.output


def test_the_command_prints_the_table_and_generated_worlds_follow_world_seeds(tmp_path):
    out = tmp_path / "cli"
    result = CliRunner().invoke(
        main,
        [
            "run",
            "--agent",
            "oracle",
            "--tasks",
            "shop.items-in-month,shop/order-total/0",
            "--world-seeds",
            "10000,10002",
            "--episodes",
            "2",
            "--workers",
            "0",
            "-q",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "| **all** | | 6 | 100.0 % [61.0, 100.0] | 100.0 % [61.0, 100.0] |" in result.output
    records = read_records(out)
    assert sorted(r["key"] for r in records if r["family"] == "curated") == [
        "shop/order-total/0#0",
        "shop/order-total/0#1",
    ]
    generated = [r for r in records if r["family"] != "curated"]
    assert sorted(r["world_seed"] for r in generated) == [10_000, 10_000, 10_002, 10_002]
    assert len({r["task_id"] for r in generated}) == 4  # distinct instances


def test_the_llm_agent_completes_a_run_through_transient_errors(tmp_path, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)  # a real key stays out of the test
    script = [
        {"reply": "I am thinking about it, no decision yet."},
        {"status": 429, "headers": {"Retry-After": "0"}},
        {"status": 502},
        {"delay": 2, "reply": "too late"},
        {
            "reply": "The total is shown. In summary, the next action I will perform is "
            "```stop [$50.94]```"
        },
    ]
    with FakeOpenAI(script) as server:
        result = CliRunner().invoke(
            main,
            [
                "run",
                "--agent",
                "llm",
                "--base-url",
                server.base_url,
                "--model",
                "fake-1",
                "--tasks",
                "shop/order-total/0",
                "--workers",
                "1",
                "-q",
                "--prompt-style",
                "browsergym",
                "--agent-option",
                "timeout=0.5",
                "--agent-option",
                "backoff=0",
                "--out",
                str(tmp_path / "llm"),
            ],
        )
    assert result.exit_code == 0, result.output
    (record,) = read_records(tmp_path / "llm")
    assert record["lenient"] and record["strict"], record["error"]
    first, second = record["steps"]
    assert first["action"] == "" and first["note"] == "no action found in the reply"
    assert first["error"].startswith("empty action")
    assert second["action"] == "stop [$50.94]" and second["attempts"] == 4
    assert second["prompt_tokens"] > 0 and second["completion_tokens"] == 7
    assert record["prompt_tokens"] == first["prompt_tokens"] + second["prompt_tokens"]
    assert second["latency"] > 0 and "In summary" in second["reply"]
    # An endpoint that fails every retry ends the episode, with the attempts recorded.
    with FakeOpenAI([{"status": 503}]) as down_server:
        run(
            RunConfig(
                "llm",
                ("shop/order-total/0",),
                tmp_path / "down",
                workers=0,
                agent_options={
                    "base_url": down_server.base_url,
                    "model": "m",
                    "max_retries": 2,
                    "backoff": 0,
                },
            ),
            progress=False,
        )
    (down,) = read_records(tmp_path / "down")
    assert down["ended"] == "error" and "HTTP 503 on all 3 attempts" in down["error"]
    assert down["failed_act"]["attempts"] == 3 and down["steps"] == []
    config = json.loads((tmp_path / "llm" / "run.json").read_text())
    assert config["agent_options"]["model"] == "fake-1"
    assert "# Action Space" in server.requests[0]["body"]["messages"][1]["content"]


@pytest.mark.slow
def test_ray_actors_give_the_same_results_as_local_workers(tmp_path, ray_agents):
    common: dict[str, Any] = {"max_steps": 5, "seed": 2, "world_seeds": (10_000,)}
    local = run(
        RunConfig("random", SUBSET, tmp_path / "local", workers=2, **common), progress=False
    )
    oracle_local = run(
        RunConfig("oracle", SUBSET, tmp_path / "ol", workers=2, world_seeds=(10_000,)),
        progress=False,
    )
    remote = run(
        RunConfig("random", SUBSET, tmp_path / "ray", workers=2, ray="", **common),
        progress=False,
    )
    oracle = run(
        RunConfig("oracle", SUBSET, tmp_path / "or", workers=2, ray="", world_seeds=(10_000,)),
        progress=False,
    )

    def outcome(records: list[dict[str, Any]]) -> list[Any]:
        return [
            (r["key"], [s["action"] for s in r["steps"]], r["lenient"], r["strict"])
            for r in records
        ]

    assert outcome(remote.records) == outcome(local.records)
    assert outcome(oracle.records) == outcome(oracle_local.records)
    assert oracle.summary["success_rate"]["lenient"]["rate"] == 1.0


def test_the_summary_groups_by_site_family_eval_type_and_difficulty():
    from webenv.run import markdown_table, summarize

    def record(site: str, family: str, types: list[str], level: str, passed: bool, strict: bool):
        return {
            "site": site,
            "family": family,
            "eval_types": types,
            "difficulty": level,
            "lenient": passed,
            "strict": strict,
            "ended": "answered",
            "steps": [{}],
            "prompt_tokens": 3,
            "completion_tokens": 1,
            "seconds": 0.5,
        }

    records = [
        record("shop", "curated", ["string_match"], "easy", True, True),
        record("shop", "curated", ["string_match", "state_match"], "hard", True, False),
        record("forum", "forum.reply-top-comment", ["state_match"], "medium", False, False),
        {**record("cross", "curated", ["state_match"], "hard", False, False), "ended": "error"},
    ]
    summary = summarize(records)
    assert summary["episodes"] == 4 and summary["errors"] == 1
    assert summary["success_rate"]["lenient"]["passed"] == 2
    assert summary["success_rate"]["strict"]["rate"] == 0.25
    low, high = summary["success_rate"]["lenient"]["ci95"]
    assert 0.14 < low < 0.16 and 0.84 < high < 0.86  # Wilson, 2 of 4
    assert summary["by"]["site"]["shop"]["lenient"]["rate"] == 1.0
    assert summary["by"]["eval_type"]["state_match"]["episodes"] == 3  # counted per type
    assert summary["by"]["difficulty"]["hard"]["strict"]["passed"] == 0
    assert summary["by"]["family"]["forum.reply-top-comment"]["episodes"] == 1
    assert summary["prompt_tokens"] == 12 and summary["steps"] == 4
    table = markdown_table(summary)
    assert "| site | shop | 2 | 100.0 % [34.2, 100.0] | 50.0 % [9.4, 90.5] |" in table
    assert summarize([])["success_rate"]["lenient"]["rate"] is None


@pytest.mark.slow  # starts and kills worker processes
def test_an_episode_past_its_timeout_fails_and_the_run_goes_on(tmp_path, agents):
    tasks = ("shop/order-total/0", "shop/order-total/1", "shop/order-total/2")
    result = run(
        RunConfig(f"{agents}:Sleepy", tasks, tmp_path / "run", workers=1, episode_timeout=2),
        progress=False,
    )
    ended = {r["task_id"]: (r["ended"], r["error"]) for r in result.records}
    assert ended["shop/order-total/0"] == ("answered", None)
    assert ended["shop/order-total/1"][0] == "error"
    assert "took longer than 2 s" in ended["shop/order-total/1"][1]
    assert ended["shop/order-total/2"] == ("answered", None)  # a fresh worker played it
    with pytest.raises(OptionError, match="worker processes or Ray actors"):
        run(RunConfig("oracle", tasks, tmp_path / "x", workers=0, episode_timeout=2))


@pytest.mark.slow  # starts Ray
def test_ray_actors_contain_an_agent_that_raises_dies_or_hangs(tmp_path, ray_agents):
    """What worker processes contain, Ray actors contain too: an agent that raises fails
    its episode; one that kills its actor, or hangs past the episode timeout, fails its
    episode and a new actor plays the rest."""
    flaky = run(
        RunConfig(
            f"{ray_agents}:Flaky",
            SUBSET,
            tmp_path / "flaky",
            workers=2,
            ray="",
            world_seeds=(10_000,),
        ),
        progress=False,
    )
    tasks = ("shop/order-total/0", "shop/order-total/1", "shop/order-total/2")
    sleepy = run(
        RunConfig(
            f"{ray_agents}:Sleepy", tasks, tmp_path / "sleepy", workers=1, ray="", episode_timeout=3
        ),
        progress=False,
    )
    ended = {r["task_id"]: (r["ended"], r["error"] or "") for r in flaky.records}
    assert ended["shop/add-address/0"][0] == "error"
    assert "the agent broke on purpose" in ended["shop/add-address/0"][1]
    assert ended["shop/order-total/1"][0] == "error"
    assert "Ray worker failed" in ended["shop/order-total/1"][1]
    assert ended["shop/order-total/0"][0] == "answered"
    assert len(flaky.records) == len(_subset_ids())
    slept = {r["task_id"]: (r["ended"], r["error"]) for r in sleepy.records}
    assert slept["shop/order-total/0"] == ("answered", None)
    assert slept["shop/order-total/1"][0] == "error"
    assert "took longer than 3 s" in slept["shop/order-total/1"][1]
    assert slept["shop/order-total/2"] == ("answered", None)  # a new actor played it


def test_the_progress_bar_shows_the_running_success_rates(tmp_path):
    import io

    stream = io.StringIO()
    run(RunConfig("oracle", SUBSET[:2], tmp_path / "run", workers=0), stream=stream)
    shown = stream.getvalue()
    assert "2/2" in shown and "lenient=100%" in shown and "strict=100%" in shown
    assert "<00:00" in shown or "<?" in shown  # tqdm's remaining-time (ETA) field


def test_site_docs_reach_the_agent_through_webenv_run_and_are_recorded(tmp_path):
    """The lexical agent follows the back office's help to Marketing only with --site-docs."""
    task = "shop_admin/create-percent-rule/0"
    runs = {}
    for flag in ([], ["--site-docs"]):
        out = tmp_path / ("with" if flag else "without")
        args = ["run", "--agent", "lexical", "--tasks", task, "--workers", "0", "-q"]
        result = CliRunner().invoke(main, [*args, *flag, "--out", str(out)])
        assert result.exit_code == 0, result.output
        (record,) = read_records(out)
        runs[bool(flag)] = record
        assert json.loads((out / "run.json").read_text())["site_docs"] is bool(flag)
        assert json.loads((out / "summary.json").read_text())["site_docs"] is bool(flag)
    assert [step["action"] for step in runs[False]["steps"]] == ["stop []"]
    first = runs[True]["steps"][0]
    target = first["action"].removeprefix("click [").removesuffix("]")
    assert f"[{target}] link 'Marketing'" in first["observation"]["axtree"]
    assert runs[True]["steps"][1]["observation"]["url"].endswith("/admin/marketing/price-rules")
    # A resumed run keeps its docs setting.
    resume = ["run", "--agent", "lexical", "--tasks", task, "--resume", "-q"]
    again = CliRunner().invoke(main, [*resume, "--out", str(tmp_path / "with")])
    assert again.exit_code != 0 and "site_docs" in again.output


def test_the_llm_agent_gets_the_site_docs_through_webenv_run(tmp_path, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with FakeOpenAI([{"reply": "```stop [$50.94]```"}]) as server:
        agent = ["run", "--agent", "llm", "--base-url", server.base_url, "--model", "m"]
        tasks = ["--tasks", "shop/order-total/0", "--workers", "0", "-q", "--site-docs"]
        result = CliRunner().invoke(main, [*agent, *tasks, "--out", str(tmp_path / "llm")])
    assert result.exit_code == 0, result.output
    system = server.requests[0]["body"]["messages"][0]["content"]
    assert "# Site documentation" in system and "# Harbor Goods help" in system
    assert "[My Orders](http://shop.test/account/orders)" not in system  # index, not orders
    assert "(http://shop.test/help/orders)" in system


def test_a_task_family_or_world_listed_twice_is_played_once():
    """A task id, family id or world seed listed twice gave two episodes under one key
    ('shop/add-address/0#0' twice in episodes.jsonl, counted twice in the summary)."""
    specs = plan_episodes(
        ["shop/add-address/0", "shop.price-gap", "shop/add-address/0", "shop.price-gap"],
        world_seeds=[3, 3],
    )
    keys = [spec.key for spec in specs]
    assert keys == ["shop/add-address/0#0", "shop/shop.price-gap/w3-i0#0"]
    env = WebEnv(tasks=["shop/add-address/0", "shop/add-address/0"])
    try:
        assert [t.task_id for t in env.tasks] == ["shop/add-address/0"]
    finally:
        env.close()


def test_two_different_tasks_under_one_id_are_refused():
    task = get_task("shop/add-address/0")
    other = dataclasses.replace(task, intent=task.intent + " Quickly.")
    with pytest.raises(TaskError, match="two different tasks have the id 'shop/add-address/0'"):
        select_tasks([task, other])
    assert select_tasks([task, task, "shop/add-address/0"]) == [task]
