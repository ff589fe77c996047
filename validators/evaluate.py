"""Running every check a task names, in both modes."""

from __future__ import annotations

from typing import Any

from .answers import check_answer
from .context import EvalContext
from .program_html import check_program_html
from .request_log import check_requests
from .state import check_state
from .urls import check_url
from .verdict import Verdict, error

EVAL_TYPES = ("string_match", "url_match", "program_html", "state_match", "request_match")


def run_check(eval_type: str, spec: dict, context: EvalContext, mode: str) -> Verdict:
    """Run one named check in one mode; unknown types give an error verdict."""
    if eval_type == "string_match":
        return check_answer(context.answer, spec, mode=mode, context=context)
    if eval_type == "url_match":
        return check_url(context.url, spec, mode=mode, context=context)
    if eval_type == "program_html":
        return check_program_html(spec, context, mode=mode)
    if eval_type == "state_match":
        return check_state(spec, context, mode=mode)
    if eval_type == "request_match":
        return check_requests(spec, context, mode=mode)
    return error("unknown-eval-type", f"unknown eval type {eval_type!r}; accepted: "
                                      f"{', '.join(EVAL_TYPES)}")


def evaluate(spec: dict, context: EvalContext) -> dict[str, Any]:
    """Run every check in ``spec["eval_types"]`` in lenient and strict mode.

    Args:
        spec: The task's ``eval`` object.
        context: The episode's final state.

    Returns:
        ``{"lenient": {...}, "strict": {...}}``; each mode has ``passed`` (every check
        passed), ``score`` (the product of the check scores) and ``checks``, a list of
        ``{"type": <eval type>, **verdict.to_dict()}``. Never raises.
    """
    types: Any = spec.get("eval_types") if isinstance(spec, dict) else None
    if isinstance(types, str):
        types = [types]
    result: dict[str, Any] = {}
    for mode in ("lenient", "strict"):
        checks: list[dict[str, Any]] = []
        if not types or not isinstance(types, list):
            verdict = error("bad-spec", "the eval spec names no eval_types")
            checks.append({"type": "none", **verdict.to_dict()})
        for eval_type in types or []:
            try:
                verdict = run_check(str(eval_type), spec, context, mode)
            except Exception as exc:  # evaluation must never raise
                verdict = error("exception", f"{eval_type} crashed: {type(exc).__name__}: {exc}")
            checks.append({"type": str(eval_type), **verdict.to_dict()})
        score = 1.0
        for check in checks:
            score *= check["score"]
        result[mode] = {
            "passed": all(c["passed"] for c in checks),
            "score": score,
            "checks": checks,
        }
    return result
