"""Lenient rates on the independent corpus (tests/validators/independent, written by
someone who did not see the validators): >= 99 % of right answers accepted and <= 0.5 %
of wrong ones. ``webenv study corpus`` prints the same numbers per class."""

from __future__ import annotations

import pytest

from webenv.validators import EvalContext, check_answer

from .independent import load_cases


@pytest.mark.slow
def test_lenient_rates_on_the_independent_corpus(webarena_tasks):
    cases = load_cases()
    right = [c for c in cases if c["expected"]]
    wrong = [c for c in cases if not c["expected"]]
    assert len(right) > 1000 and len(wrong) > 1000

    def passed(case: dict) -> bool:  # judged as the env judges: with the task's intent
        context = EvalContext(answer=case["answer"], intent=case.get("intent", ""))
        return check_answer(case["answer"], case["spec"], context=context).passed

    rejected = [c for c in right if not passed(c)]
    accepted = [c for c in wrong if passed(c)]
    detail = "\n".join(
        f"  {c['class']}: {c['answer'][:80]!r} expected {c['expected']}"
        for c in (rejected + accepted)[:40]
    )
    assert len(rejected) <= 0.01 * len(right), (
        f"{len(rejected)}/{len(right)} right answers rejected:\n{detail}"
    )
    assert len(accepted) <= 0.005 * len(wrong), (
        f"{len(accepted)}/{len(wrong)} wrong answers accepted:\n{detail}"
    )
