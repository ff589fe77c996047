"""Task files: schema, clear errors for malformed files, templates, selection."""

from __future__ import annotations

import copy
import json

import pytest

from webenv.tasks import (
    TaskError,
    bundled_tasks,
    instantiate,
    load_task_file,
    parse_task,
    select_tasks,
    task_schema,
)

VALID = {
    "task_id": "shop/example/0",
    "sites": ["shop"],
    "login": {"shop": "emma.lopez"},
    "start_url": "__SHOP__/",
    "intent_template": "How much did I spend on {{category}} in {{month}}?",
    "instantiation_dict": {"category": "Grocery", "month": "March 2024"},
    "eval": {
        "eval_types": ["string_match"],
        "answer_type": "currency",
        "reference_answers": {"exact_match": "83.47"},
    },
    "solution": [{"do": "stop", "answer": "83.47"}],
}


def test_valid_task_parses_and_instantiates_its_template():
    task = parse_task(copy.deepcopy(VALID), "x.json")
    assert task.intent == "How much did I spend on Grocery in March 2024?"
    assert task.group == "shop" and task.split in ("train", "test")


def broken(path: list, value):
    data = copy.deepcopy(VALID)
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            broken(["eval", "answer_type"], "money"),
            "eval.answer_type: 'money' is not one of 'string', 'number', 'currency'",
        ),
        (broken(["sites"], ["mall"]), "sites.0: 'mall' is not one of 'shop'"),
        (broken(["task_id"], KeyError), "(top level): 'task_id' is a required property"),
        (broken(["eval", "reference_answers"], KeyError), "'reference_answers' is a required"),
        (broken(["eval", "eval_types"], ["llm_judge"]), "eval.eval_types.0: 'llm_judge'"),
        (broken(["start_url"], "https://evil.example/"), "start_url: 'https://evil.example/'"),
        (broken(["instantiation_dict"], {"category": "Grocery"}), "no value for '{{month}}'"),
        (broken(["login"], {"forum": "bob"}), "login.forum: its site 'forum' is not listed"),
        (broken(["login"], {"shop_admn": "admin"}), "login: 'shop_admn' is not one of"),
        (broken(["solution"], [{"do": "dance"}]), "solution.0.do: 'dance' is not one of"),
        (broken(["colour"], "red"), "Additional properties are not allowed ('colour'"),
        # what the agent is shown must fit, whole, in the goal observation and on a page
        (broken(["intent_template"], "x" * 4097), "intent: 4097 characters; the goal"),
        (broken(["instantiation_dict", "month"], "March\x00"), "intent: holds U+0000 at"),
        (broken(["instantiation_dict", "month"], "\x1b[31mMarch"), "intent: holds U+001B at"),
        (broken(["instantiation_dict", "month"], "March\ud800"), "intent: holds U+D800 at"),
        (broken(["start_url"], "__SHOP__/\x07"), "start_url: holds U+0007 at position 9"),
        (broken(["start_url"], "__SHOP__/\udfff"), "start_url: holds U+DFFF at position 9"),
    ],
)
def test_malformed_task_names_file_field_and_expectation(data, message):
    with pytest.raises(TaskError) as excinfo:
        parse_task(data, "tasks/shop/12.json")
    assert str(excinfo.value).startswith("tasks/shop/12.json: ")
    assert message in str(excinfo.value)


def test_file_errors_name_the_path(tmp_path):
    bad_json = tmp_path / "bad.json"
    bad_json.write_text("{not json")
    with pytest.raises(TaskError, match=r"bad.json: not valid JSON"):
        load_task_file(bad_json)
    with pytest.raises(TaskError, match=r"missing.json: cannot read"):
        load_task_file(tmp_path / "missing.json")
    listed = tmp_path / "list.json"
    listed.write_text(json.dumps([VALID, broken(["sites"], [])]))
    with pytest.raises(TaskError, match=r"list.json\[1\]: sites: \[\] should be non-empty"):
        load_task_file(listed)


def test_instantiate_fills_every_slot():
    assert instantiate("{{a}} and {{ b }}", {"a": 1, "b": "two"}) == "1 and two"
    with pytest.raises(TaskError):
        instantiate("{{missing}}", {})


def test_schema_ships_with_the_package():
    schema = task_schema()
    assert schema["title"] == "webenv task"


def test_bundled_tasks_are_valid_and_unique():
    tasks = bundled_tasks()
    assert len({t.task_id for t in tasks}) == len(tasks)
    for task in tasks:
        assert task.solution, f"{task.task_id} has no reference solution"


def test_selection():
    shop = select_tasks("shop")
    assert shop and all(t.group == "shop" for t in shop)
    train, test = select_tasks("shop:train"), select_tasks("shop:test")
    assert len(train) + len(test) == len(shop)
    assert select_tasks([shop[0].task_id]) == [shop[0]]
    with pytest.raises(TaskError, match="unknown task selection 'mall'"):
        select_tasks("mall")
    with pytest.raises(TaskError, match="unknown task_id"):
        select_tasks(["shop/nope/0"])


@pytest.mark.parametrize(
    "start_url",
    [
        "http://[x/",
        "http://[::1",
        "http://shop.test:99999/",
        "javascript:alert(1)",
        "shop/",
        "",
        "http://exa mple.com/",
        "__SHOP__:abc/",
    ],
)
def test_bad_start_url_is_a_task_error_naming_file_and_field(start_url):
    data = {**copy.deepcopy(VALID), "start_url": start_url}
    with pytest.raises(TaskError, match=r"^bad\.json: start_url: "):
        parse_task(data, "bad.json")


def test_start_url_with_placeholder_or_site_url_loads():
    for start_url in ("__SHOP__/", "__GIT__/northwind/falcon-proxy", "http://shop.test/cart"):
        data = {**copy.deepcopy(VALID), "sites": ["shop", "githost"], "start_url": start_url}
        assert parse_task(data).start_url == start_url


def test_load_tasks_reads_a_file_or_a_folder(tmp_path):
    from webenv.tasks import load_tasks

    (tmp_path / "sub").mkdir()
    second = {**copy.deepcopy(VALID), "task_id": "shop/example/1"}
    (tmp_path / "a.json").write_text(json.dumps(VALID))
    (tmp_path / "sub" / "b.json").write_text(json.dumps([second]))
    assert [t.task_id for t in load_tasks(tmp_path)] == ["shop/example/0", "shop/example/1"]
    assert [t.task_id for t in load_tasks(tmp_path / "a.json")] == ["shop/example/0"]
    (tmp_path / "sub" / "c.json").write_text(json.dumps(VALID))
    with pytest.raises(TaskError, match="is also used in"):
        load_tasks(tmp_path)
    with pytest.raises(TaskError, match="no such task file"):
        load_tasks(tmp_path / "missing.json")


def test_a_state_check_on_a_site_the_task_does_not_host_is_refused():
    state = {"site": "forum", "sql": "SELECT 1", "expected": [[1]]}
    bad = copy.deepcopy(VALID)
    bad["eval"] = {"eval_types": ["state_match"], "state": [state]}
    with pytest.raises(TaskError, match=r"eval\.state\[0\]\.site: 'forum' is not listed"):
        parse_task(bad)
    goal = copy.deepcopy(VALID)
    goal["subgoals"] = [
        {"name": "posted", "eval": {"eval_types": ["state_match"], "state": [state]}}
    ]
    with pytest.raises(TaskError, match=r"subgoals\[0\]\.eval\.state\[0\]\.site: 'forum'"):
        parse_task(goal)
    assert parse_task({**copy.deepcopy(bad), "sites": ["shop", "forum"]}).eval.state


def test_one_task_file_may_not_repeat_an_id(tmp_path):
    """What `webenv tasks check --file` loads is refused as a folder of the same tasks is."""
    (tmp_path / "twice.json").write_text(json.dumps([VALID, VALID]))
    with pytest.raises(TaskError, match=r"twice\.json\[1\]: task_id: 'shop/example/0' is also"):
        load_task_file(tmp_path / "twice.json")


# --- generated-task fields and the curated split -----------------------------------------


def test_schema_records_family_world_seed_and_instance():
    data = {**copy.deepcopy(VALID), "family": "shop.spend-in-month", "world_seed": 7, "instance": 3}
    task = parse_task(data)
    assert (task.family, task.world_seed, task.instance) == ("shop.spend-in-month", 7, 3)
    assert task.generated
    assert not parse_task(copy.deepcopy(VALID)).generated


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"world_seed": -1}, "world_seed: -1 is less than the minimum of 0"),
        ({"world_seed": "7"}, "world_seed: '7' is not of type 'integer'"),
        ({"family": "shop.x", "world_seed": 1, "instance": -2}, "instance: -2 is less than"),
        ({"family": 5, "world_seed": 1, "instance": 0}, "family: 5 is not of type 'string'"),
        ({"family": "shop.x"}, "'world_seed' is a dependency of 'family'"),
        ({"instance": 3}, "'family' is a dependency of 'instance'"),
    ],
)
def test_schema_rejects_bad_generation_fields(change, message):
    with pytest.raises(TaskError, match=message):
        parse_task({**copy.deepcopy(VALID), **change}, "x.json")


def test_curated_split_keeps_every_template_on_one_side():
    by_template: dict[str, set[str]] = {}
    for task in bundled_tasks():
        by_template.setdefault(task.template_id, set()).add(task.split)
    assert all(len(sides) == 1 for sides in by_template.values())
    multi = [t for t in by_template if sum(x.template_id == t for x in bundled_tasks()) > 1]
    assert multi  # the rule is exercised on templates with several instances
    for group in ("shop", "forum", "githost", "cross"):
        sides = {
            split
            for tid, splits in by_template.items()
            if tid.startswith(group + "/")
            for split in splits
        }
        assert sides == {"train", "test"}, group


def test_every_group_has_a_test_selection_including_cross():
    for group in ("shop", "forum", "githost", "cross"):
        test = select_tasks(f"{group}:test")
        train = select_tasks(f"{group}:train")
        assert test and train
        assert not {t.template_id for t in test} & {t.template_id for t in train}


def test_split_templates_is_stratified_deterministic_and_stable():
    from webenv.tasks import split_templates

    templates = [f"g/t{i}" for i in range(20)] + [f"h/t{i}" for i in range(5)] + ["solo/t"]
    held = split_templates(templates)
    assert held == split_templates(reversed(templates))
    assert sum(t.startswith("g/") for t in held) == 4
    assert sum(t.startswith("h/") for t in held) == 1
    assert "solo/t" not in held  # a lone template stays in train
    grown = split_templates([*templates, "g/t20"])
    assert len(held - grown) <= 1  # a new template moves at most one across the line


def test_template_id_strips_only_a_trailing_instance_number():
    task = parse_task({**copy.deepcopy(VALID), "task_id": "shop/order-total/2"})
    assert task.template_id == "shop/order-total"
    assert parse_task({**copy.deepcopy(VALID), "task_id": "shop/x/y"}).template_id == "shop/x/y"


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("[" * 100_000 + "]" * 100_000, "maximum recursion depth"),  # RecursionError
        ('{"task_id": 1' + "0" * 5_000 + "}", "integer string conversion"),  # ValueError
        (b"\xff\xfe{}", "utf-8"),
    ],
)
def test_task_file_json_that_python_cannot_read_is_a_task_error(tmp_path, text, why):
    path = tmp_path / "hostile.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    with pytest.raises(TaskError, match=rf"hostile\.json: not valid JSON: .*{why}"):
        load_task_file(path)


def test_tasks_check_reports_a_login_the_world_lacks_without_a_traceback(tmp_path):
    from click.testing import CliRunner

    from webenv.cli import main

    task = {**copy.deepcopy(VALID), "login": {"shop": "nobody"}}
    (tmp_path / "t.json").write_text(json.dumps(task))
    result = CliRunner().invoke(main, ["tasks", "check", "--file", str(tmp_path / "t.json")])
    assert result.exit_code == 1
    assert "Error: WorldError: site 'shop' has no user 'nobody'" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_an_intent_as_long_as_the_goal_observation_and_tab_newline_text_load():
    data = {**copy.deepcopy(VALID), "intent_template": "x" * 4096, "instantiation_dict": {}}
    assert len(parse_task(data, "x.json").intent) == 4096
    data = {
        **copy.deepcopy(VALID),
        "intent_template": "Line one\n\tline two",
        "instantiation_dict": {},
    }
    assert parse_task(data, "x.json").intent == "Line one\n\tline two"
