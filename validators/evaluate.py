"""Running every check a task names, in both modes."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from .answers import check_answer
from .context import EvalContext
from .program_html import check_program_html
from .request_log import check_requests
from .spec import MODES, EvalSpec
from .state import check_state, query_mode
from .urls import check_url
from .verdict import Verdict, error, fail, parsed_spec


@dataclass(frozen=True)
class Check:
    """One named check's verdict in one mode.

    Attributes:
        type: The eval type, e.g. ``"url_match"`` (``"none"`` when the spec itself is bad).
        verdict: What the check decided.
    """

    type: str
    verdict: Verdict

    @property
    def passed(self) -> bool:
        """Whether the check passed."""
        return self.verdict.passed

    @property
    def score(self) -> float:
        """The check's score."""
        return self.verdict.score

    @property
    def rule(self) -> str:
        """The rule that decided."""
        return self.verdict.rule

    @property
    def explanation(self) -> str:
        """The verdict's one-line explanation."""
        return self.verdict.explanation

    def to_dict(self) -> dict[str, Any]:
        """``{"type": ..., **verdict.to_dict()}``."""
        return {"type": self.type, **self.verdict.to_dict()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Check:
        """The inverse of :meth:`to_dict`.

        Raises:
            ValueError: ``data`` is not a check's JSON form.
        """
        try:
            verdict = Verdict(
                bool(data["passed"]),
                float(data["score"]),
                str(data["rule"]),
                str(data["explanation"]),
            )
            return cls(str(data["type"]), verdict)
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a check: {type(exc).__name__}: {exc}") from None


@dataclass(frozen=True)
class ModeResult:
    """Every check of a task in one mode.

    Attributes:
        checks: One :class:`Check` per eval type, in the spec's order.
    """

    checks: tuple[Check, ...]

    @property
    def passed(self) -> bool:
        """Whether every check passed."""
        return all(check.passed for check in self.checks)

    @property
    def score(self) -> float:
        """The product of the check scores."""
        score = 1.0
        for check in self.checks:
            score *= check.score
        return score

    def failed(self) -> list[Check]:
        """The checks that did not pass."""
        return [check for check in self.checks if not check.passed]

    def to_dict(self) -> dict[str, Any]:
        """``{"passed": ..., "score": ..., "checks": [...]}``."""
        return {
            "passed": self.passed,
            "score": self.score,
            "checks": [check.to_dict() for check in self.checks],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ModeResult:
        """The inverse of :meth:`to_dict` (``passed`` and ``score`` are recomputed).

        Raises:
            ValueError: ``data`` is not a mode result's JSON form.
        """
        checks = data.get("checks") if isinstance(data, Mapping) else None
        if not isinstance(checks, list):
            raise ValueError("not a mode result: it needs a list of checks")
        return cls(tuple(Check.from_dict(check) for check in checks))


def with_check(evaluation: Evaluation, check: Check) -> Evaluation:
    """``evaluation`` with one more check, the same in both modes (e.g. the modalities)."""
    return Evaluation(
        ModeResult((*evaluation.lenient.checks, check)),
        ModeResult((*evaluation.strict.checks, check)),
    )


@dataclass(frozen=True)
class Evaluation:
    """A task judged in lenient and strict mode; what :func:`evaluate` returns.

    Attributes:
        lenient: The lenient mode's checks.
        strict: The strict mode's checks (WebArena's semantics).
    """

    lenient: ModeResult
    strict: ModeResult

    def mode(self, mode: str) -> ModeResult:
        """The result in ``mode`` (``"lenient"`` or ``"strict"``).

        Raises:
            ValueError: ``mode`` is neither.
        """
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}; accepted: {', '.join(MODES)}")
        return self.lenient if mode == "lenient" else self.strict

    def passed(self, mode: str) -> bool:
        """Whether every check passed in ``mode``."""
        return self.mode(mode).passed

    def score(self, mode: str) -> float:
        """The product of the check scores in ``mode``."""
        return self.mode(mode).score

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``{"lenient": {...}, "strict": {...}}``, each as
        :meth:`ModeResult.to_dict`."""
        return {"lenient": self.lenient.to_dict(), "strict": self.strict.to_dict()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Evaluation:
        """The inverse of :meth:`to_dict`, e.g. for ``info["validation"]`` or a recording.

        Raises:
            ValueError: ``data`` is not an evaluation's JSON form.
        """
        if not isinstance(data, Mapping) or not all(mode in data for mode in MODES):
            raise ValueError("not an evaluation: it needs 'lenient' and 'strict'")
        return cls(ModeResult.from_dict(data["lenient"]), ModeResult.from_dict(data["strict"]))


def run_check(eval_type: str, spec: EvalSpec, context: EvalContext, mode: str) -> Verdict:
    """Run one named check in one mode."""
    if eval_type == "string_match" and context.truncated:
        return fail("no-answer", "the episode was truncated before the agent answered")
    if eval_type == "string_match":
        return check_answer(context.answer, spec, mode=mode, context=context)
    if eval_type == "url_match":
        return check_url(context.url, spec, mode=mode, context=context)
    if eval_type == "program_html":
        return check_program_html(spec, context, mode=mode)
    if eval_type == "state_match":
        return check_state(spec, context, mode=mode)
    return check_requests(spec, context, mode=mode)


Query = Callable[[str, str], list[tuple]]


def _once_per_evaluation(query: Query) -> Query:
    """``query``, run once per ``(site, sql)``: both modes judge the same final state, so a
    state check's rows (or its error) are read once, not once per mode (a slow query costs
    its time, or its deadline, once). SQL whose rows follow the mode (``same_text``) is
    read once per mode."""
    seen: dict[tuple[str, str, str | None], list[tuple] | Exception] = {}

    def once(site: str, sql: str) -> list[tuple]:
        key = (site, sql, query_mode(sql))
        if key not in seen:
            try:
                seen[key] = list(query(site, sql))
            except Exception as exc:  # the same error for both modes
                seen[key] = exc
        rows = seen[key]
        if isinstance(rows, Exception):
            raise rows
        return list(rows)

    return once


def evaluate(spec: EvalSpec | Mapping[str, Any], context: EvalContext) -> Evaluation:
    """Run every check the spec's ``eval_types`` names, in lenient and strict mode.

    Args:
        spec: The task's ``eval`` spec; a dict is parsed first.
        context: The episode's final state.

    Returns:
        The :class:`Evaluation`. Never raises: a spec that does not parse, or names no
        eval type, gives one failing check of type ``"none"`` (rule ``error:bad-spec``);
        a check that crashes gives an ``error:exception`` verdict.
    """
    parsed = parsed_spec(spec)
    if not isinstance(parsed, Verdict) and not parsed.eval_types:
        parsed = error("bad-spec", "the eval spec names no eval_types")
    context = replace(context, query=_once_per_evaluation(context.query))
    results: list[ModeResult] = []
    for mode in MODES:
        if isinstance(parsed, Verdict):
            results.append(ModeResult((Check("none", parsed),)))
            continue
        checks = []
        for eval_type in parsed.eval_types:
            try:
                verdict = run_check(eval_type, parsed, context, mode)
            except Exception as exc:  # evaluation must never raise
                verdict = error("exception", f"{eval_type} crashed: {type(exc).__name__}: {exc}")
            checks.append(Check(eval_type, verdict))
        results.append(ModeResult(tuple(checks)))
    return Evaluation(*results)
