"""The result of one validator check."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any, TypeVar

from webenv.errors import TaskError

from .spec import EvalSpec, parse_eval_spec

T = TypeVar("T")

_MAX_EXPLANATION = 300


@dataclass(frozen=True)
class Verdict:
    """The outcome of one check.

    Attributes:
        passed: Whether the check passed.
        score: 1.0 or 0.0 (a product of sub-scores where checks combine).
        rule: Short id of what decided, e.g. ``"currency:equal"``, ``"url:path-mismatch"``,
            ``"error:query"``.
        explanation: One human-readable line: what was compared and why it passed or failed.
    """

    passed: bool
    score: float
    rule: str
    explanation: str

    def to_dict(self) -> dict[str, Any]:
        """Return the verdict as a plain JSON-serialisable dict."""
        return asdict(self)


def ok(rule: str, explanation: str) -> Verdict:
    """A passing verdict with score 1.0."""
    return Verdict(True, 1.0, rule, one_line(explanation))


def fail(rule: str, explanation: str) -> Verdict:
    """A failing verdict with score 0.0."""
    return Verdict(False, 0.0, rule, one_line(explanation))


def error(kind: str, explanation: str) -> Verdict:
    """A failing verdict for a check that could not run (rule ``error:<kind>``)."""
    return fail(f"error:{kind}", explanation)


def one_line(text: str) -> str:
    """Collapse whitespace to one line and bound its length."""
    text = " ".join(str(text).split())
    if len(text) > _MAX_EXPLANATION:
        text = text[: _MAX_EXPLANATION - 1] + "…"
    return text


def show(value: Any, limit: int = 60) -> str:
    """A short ``repr`` of a value for explanations."""
    text = repr(value)
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return text


def combine(verdicts: list[Verdict], *, label: str = "") -> Verdict:
    """Combine sub-verdicts: all must pass; the score is their product.

    Args:
        verdicts: Sub-verdicts, at least one.
        label: Prefix for the combined rule when several verdicts all pass
            (``"<label>:all"``); ignored for a single verdict.

    Returns:
        The single verdict itself, the first failing one (score = product), or a summary.
    """
    if len(verdicts) == 1:
        return verdicts[0]
    score = 1.0
    for verdict in verdicts:
        score *= verdict.score
    failing = [(i, v) for i, v in enumerate(verdicts) if not v.passed]
    if failing:
        index, first = failing[0]
        extra = f" (+{len(failing) - 1} more failing)" if len(failing) > 1 else ""
        return Verdict(False, score, first.rule, one_line(f"[{index}] {first.explanation}{extra}"))
    rules = sorted({v.rule for v in verdicts})
    rule = rules[0] if len(rules) == 1 else f"{label or 'all'}:all"
    text = "; ".join(f"[{i}] {v.explanation}" for i, v in enumerate(verdicts))
    return Verdict(True, score, rule, one_line(text))


def parsed_spec(spec: Any) -> EvalSpec | Verdict:
    """``spec`` as an :class:`EvalSpec` (parsing a dict), or a ``bad-spec`` error verdict."""
    try:
        return parse_eval_spec(spec)
    except TaskError as exc:
        return error("bad-spec", str(exc))


def check_entries(
    entries: Sequence[T] | None,
    *,
    check: str,
    needs: str,
    label: str,
    entry: Callable[[T], Verdict],
    mode: str,
) -> Verdict:
    """Run ``entry`` on every parsed entry and combine the verdicts; never raises.

    The shared frame of the list-shaped checks (``program_html``, ``state``,
    ``requests``): mode validation, one verdict per entry, and a crash turned into an
    error verdict.

    Args:
        entries: The spec's entries for this check (``None`` when the spec has none).
        check: The check's name in messages, e.g. ``"state_match"``.
        needs: What a non-empty list holds, e.g. ``"state entries"``.
        label: The label :func:`combine` gives failing entries.
        entry: Checks one entry in ``mode``.
        mode: ``"lenient"`` or ``"strict"``.
    """
    try:
        if mode not in ("lenient", "strict"):
            return error("bad-mode", f"unknown mode {mode!r}; accepted: lenient, strict")
        if not entries:
            return error("bad-spec", f"{check} needs a non-empty list of {needs}")
        return combine([entry(item) for item in entries], label=label)
    except Exception as exc:  # a check must never raise
        return error("exception", f"{check} crashed: {type(exc).__name__}: {exc}")
