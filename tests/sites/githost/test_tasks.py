"""The bundled Git-hosting tasks: enough of every kind, all written against alex.chen."""

from __future__ import annotations

from webenv.tasks import bundled_tasks


def test_enough_githost_tasks_of_every_kind() -> None:
    tasks = [task for task in bundled_tasks() if task.group == "githost"]
    assert len(tasks) >= 40
    kinds = {kind for task in tasks for kind in task.eval.eval_types}
    assert kinds == {"string_match", "url_match", "program_html", "state_match", "request_match"}
    assert sum(task.eval.answer_type == "infeasible" for task in tasks) >= 3
    assert all(task.login == {"githost": "alex.chen"} for task in tasks)
    assert all(task.start_url.startswith("__GIT__/") for task in tasks)
    ids = [task.task_id for task in tasks]
    assert len(ids) == len(set(ids))
