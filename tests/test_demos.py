"""``webenv demos``: expert trajectories in the episode record format that replay exactly."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from webenv.cli import main
from webenv.demos import demo_tasks
from webenv.env import WebEnv
from webenv.errors import OptionError, TaskError
from webenv.families import select_families
from webenv.recording import FORMAT, OBSERVATION_KEYS

ARGS = ["--tasks", "gen:train", "--world-seeds", "0-1", "--count", "3", "--candidates"]


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    folder = tmp_path_factory.mktemp("demos")
    outputs = []
    for name in ("a.jsonl", "b.jsonl"):
        out = folder / name
        result = CliRunner().invoke(main, ["demos", *ARGS, "--out", str(out)])
        assert result.exit_code == 0, result.output
        assert "3 trajectories written" in result.output
        outputs.append(out.read_bytes())
    return outputs


def test_demos_are_deterministic_and_in_the_documented_format(written):
    first, second = written
    assert first == second
    records = [json.loads(line) for line in first.decode().splitlines()]
    assert [r["episode"] for r in records] == ["0", "1", "2"]
    train = [f.id for f in select_families("gen:train")]
    assert [r["family"] for r in records] == train[:3]
    for record in records:
        assert record["format"] == FORMAT and record["ended"] == "answered"
        assert record["lenient"] and record["strict"] and record["reward"] == 1.0
        assert record["reward_mode"] == "progress" and record["subgoals"]
        assert record["return"] == pytest.approx(1.0, abs=1e-9)
        assert set(OBSERVATION_KEYS) | {"candidates"} == set(record["start"])
        for step in record["steps"]:
            assert step["error"] == "" and set(step["obs"]) == set(record["start"])
            parts = step["reward_components"]
            assert step["reward"] == pytest.approx(parts["verdict"] + parts["shaping"])


def test_recorded_actions_replay_to_the_same_observations_and_verdicts(written):
    records = [json.loads(line) for line in written[0].decode().splitlines()]
    env = WebEnv(tasks="gen", candidates=True, reward_mode="progress")
    try:
        for record in records:
            obs, info = env.reset(options={"task_id": record["task_id"]})
            assert {k: obs[k] for k in OBSERVATION_KEYS} == {
                k: record["start"][k] for k in OBSERVATION_KEYS
            }
            assert info["candidates"] == record["start"]["candidates"]
            for step in record["steps"]:
                obs, reward, terminated, _, info = env.step(step["action"])
                assert {k: obs[k] for k in OBSERVATION_KEYS} == {
                    k: step["obs"][k] for k in OBSERVATION_KEYS
                }
                assert info["candidates"] == step["obs"]["candidates"]
                assert reward == step["reward"]
                assert info["reward_components"] == step["reward_components"]
            assert terminated and info["validation"] == record["validation"]
    finally:
        env.close()


def test_demo_tasks_take_turns_over_families_then_worlds():
    chosen = demo_tasks(["shop.cancel-order", "shop.spend-in-month"], 5, [0, 1])
    assert [(t.family, t.world_seed) for t in chosen] == [
        ("shop.cancel-order", 0),
        ("shop.spend-in-month", 0),
        ("shop.cancel-order", 1),
        ("shop.spend-in-month", 1),
        ("shop.cancel-order", 0),
    ]
    assert len({t.intent for t in chosen}) == 5
    assert [t.task_id for t in demo_tasks("shop", 2)] == [t.task_id for t in demo_tasks("shop", 2)]
    with pytest.raises(OptionError, match="count=0"):
        demo_tasks("gen:train", 0)
    with pytest.raises(TaskError):
        demo_tasks("nowhere:gen", 1)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--tasks", "nowhere:gen", "--count", "1"], "unknown group"),
        (["--count", "1", "--world-seeds", "5-2"], "0 <= A <= B"),
        (["--count", "0"], "0 is not in the range"),
    ],
)
def test_bad_demos_arguments_are_one_line_errors(tmp_path, args, message):
    result = CliRunner().invoke(main, ["demos", *args, "--out", str(tmp_path / "x.jsonl")])
    assert result.exit_code != 0 and message in result.output
    assert not (tmp_path / "x.jsonl").exists()
