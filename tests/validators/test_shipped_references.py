"""Every shipped task's own reference answer and URL pass in both modes."""

from __future__ import annotations

import pytest

from webenv.tasks import bundled_tasks
from webenv.validators import EvalContext, EvalSpec, check_answer, check_url

ANSWER_TASKS = [t for t in bundled_tasks() if "string_match" in t.eval.eval_types]
URL_TASKS = [t for t in bundled_tasks() if "url_match" in t.eval.eval_types]


def reference_answer(spec: EvalSpec) -> str:
    assert spec.reference_answers is not None
    refs = dict(spec.reference_answers.approaches())
    if spec.answer_type == "infeasible":
        return "N/A"
    if "exact_match" in refs:
        value = refs["exact_match"]
        return ", ".join(value) if isinstance(value, list) else str(value).split("|OR|")[0]
    if "must_include" in refs:
        return " ".join(str(v).split("|OR|")[0] for v in refs["must_include"])
    return str(refs["fuzzy_match"][0])


@pytest.mark.parametrize("task", ANSWER_TASKS, ids=lambda t: t.task_id)
@pytest.mark.parametrize("mode", ["lenient", "strict"])
def test_reference_answer_passes(task, mode):
    verdict = check_answer(reference_answer(task.eval), task.eval, mode=mode)
    assert verdict.passed, verdict


@pytest.mark.parametrize("task", URL_TASKS, ids=lambda t: t.task_id)
@pytest.mark.parametrize("mode", ["lenient", "strict"])
def test_reference_url_passes(task, mode):
    url = str(task.eval.reference_url).split("|OR|")[0].strip()
    verdict = check_url(url, task.eval, mode=mode, context=EvalContext())
    assert verdict.passed, verdict
