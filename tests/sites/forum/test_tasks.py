"""The forum's bundled tasks: enough of every kind, well-formed, about the canonical world."""

from __future__ import annotations

from webenv.tasks import bundled_tasks

FORUM = [task for task in bundled_tasks() if task.group == "forum"]


def test_enough_forum_tasks_of_every_kind() -> None:
    assert len(FORUM) >= 40
    kinds = {kind for task in FORUM for kind in task.eval.eval_types}
    assert kinds == {"string_match", "url_match", "program_html", "state_match", "request_match"}
    assert sum(task.eval.answer_type == "infeasible" for task in FORUM) >= 3


def test_forum_task_ids_and_logins() -> None:
    for task in FORUM:
        template, number = task.task_id.split("/")[1:]
        assert number.isdigit()
        assert f"/{template}.json[" in task.source, (task.task_id, task.source)
        assert task.sites == ("forum",) and task.login == {"forum": "mark.wilson"}
        assert task.start_url.startswith("__FORUM__/")
        assert task.solution[-1]["do"] in ("stop", "report_infeasible")
