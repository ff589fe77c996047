"""``string_match``: checking the agent's final answer against reference answers.

This module only dispatches; each concern has its own module: :mod:`.strict`
(WebArena's semantics), :mod:`.infeasible`, :mod:`.phrases` (lenient strings),
:mod:`.lists`, :mod:`.kinds` (typed scalars) and :mod:`.hedges` (the one guard against
answers that name several candidates, applied on every lenient path).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from .context import EvalContext
from .hedges import corrected, guard_hedges
from .infeasible import check_infeasible, is_na, says_infeasible
from .infer import scalar_kind
from .kinds import KINDS, UNTYPED_AMOUNT, check_typed
from .lists import check_list
from .phrases import check_string
from .spec import MODES, EvalSpec, ReferenceAnswers
from .strict import check_strict, items_of
from .text import (
    FILLER,
    drop_invisible,
    join_paths,
    segments,
    split_or,
    strip_echo,
    strip_name_prefixes,
    strip_preamble,
    tokens,
)
from .verdict import Verdict, combine, error, fail, ok, parsed_spec

_REMARK_START = frozenset(
    {
        "at",
        "something",
        "anything",
        "whatever",
        "similar",
        "thereabouts",
        "whichever",
        "otherwise",
        "vice",
    }
)
"""First words of a side remark after "or" ("or at least ...", "or something"), not a
competing answer."""
_MAX_ANSWER = 20_000
"""Answers are truncated to this many characters before checking."""


def check_answer(
    answer: str | None,
    spec: EvalSpec | Mapping[str, Any],
    *,
    mode: str = "lenient",
    context: EvalContext | None = None,
) -> Verdict:
    """``string_match``: does ``answer`` match the task's reference answers?

    Strict mode is WebArena's (clean = strip, drop surrounding quotes, lower-case;
    ``exact_match`` equality, ``must_include``/``fuzzy_match`` substrings). Lenient
    mode normalizes by the spec's ``answer_type`` and never accepts an answer that names
    the reference alongside competing values, negates it, or states it only as a bound
    ("more than 12", "not $5").

    Examples:
        >>> spec = {"eval_types": ["string_match"], "answer_type": "currency",
        ...         "reference_answers": {"exact_match": "$83.47"}}
        >>> check_answer("83 dollars and 47 cents", spec).passed
        True
        >>> check_answer("83 dollars and 47 cents", spec, mode="strict").passed
        False
        >>> check_answer("$83.48", spec).rule
        'currency:mismatch'
        >>> check_answer("$83.47 or $90", spec).rule
        'currency:ambiguous'
        >>> spec = {"answer_type": "list",
        ...         "reference_answers": {"exact_match": ["Blue Mug", "Red Mug"]}}
        >>> check_answer("- red mug\\n- Blue Mug", spec).rule
        'list:equal'
        >>> check_answer("Blue Mug, Red Mug, Green Mug", spec).rule
        'list:extra-item'

    Args:
        answer: The agent's final answer (any string; ``None`` counts as no answer).
        spec: The task's ``eval`` spec; a dict is parsed (a bad one gives
            ``error:bad-spec``).
        mode: ``"lenient"`` or ``"strict"``.
        context: The episode (for ``infeasible_reported`` and the logged-in users).

    Returns:
        The verdict; never raises.
    """
    try:
        return _check_answer(answer, spec, mode, context)
    except Exception as exc:  # a check must never raise
        return error("exception", f"string_match crashed: {type(exc).__name__}: {exc}")


def _check_answer(
    answer: Any, spec: EvalSpec | Mapping[str, Any], mode: str, context: EvalContext | None
) -> Verdict:
    if mode not in MODES:
        return error("bad-mode", f"unknown mode {mode!r}; accepted: lenient, strict")
    parsed = parsed_spec(spec)
    if isinstance(parsed, Verdict):
        return parsed
    answer_type = parsed.answer_type or "string"
    references = parsed.reference_answers or ReferenceAnswers()
    refs = references.to_dict()
    text = "" if answer is None else str(answer)[:_MAX_ANSWER]
    reported = bool(context is not None and context.infeasible_reported)
    if answer_type == "infeasible" or is_na(refs):
        verdict = check_infeasible(text, reported, mode)
        if mode == "strict" or reported:
            return verdict
        return guard_hedges(
            text,
            verdict,
            lambda part: check_infeasible(part, False, mode),
            _candidate("infeasible", None, context),
            (),
            "infeasible",
        )
    if reported:
        return fail(
            "infeasible:unexpected",
            "the agent reported the task infeasible, but it has a reference answer",
        )
    approaches = references.approaches()
    if not approaches:
        return error(
            "bad-spec", "reference_answers has none of exact_match/must_include/fuzzy_match"
        )
    if not text.strip():
        return fail("answer:missing", "no answer was given")
    verdicts = []
    for approach, value in approaches:
        if mode == "strict":
            verdicts.append(check_strict(text, approach, value))
        else:
            verdicts.append(_lenient(answer_type, text, approach, value, context))
    return combine(verdicts, label="string_match")


def check_page_text(text: str, approach: str, value: Any, mode: str) -> Verdict:
    """``program_html``'s content check: page text against one approach's reference.

    Strict mode is WebArena's; lenient mode is the ``string`` comparison without the
    answer-only guards (hedges, extra items, values read as typed answers): a page shows
    other content besides the reference. An element whose exact content is to be one
    amount of money ("$44.50") is read as an amount, as a typed answer is: "$44.5" shows
    it, "€44.50" or a second price beside it does not.
    """
    if not text.strip():
        return fail("answer:missing", "no text to check")
    try:
        if mode == "strict":
            return check_strict(text, approach, value)
        if approach == "exact_match" and _value_kind(value) == "currency":
            return check_typed(KINDS["currency"], text, approach, value, None)
        return check_string(text, approach, value, None, answer=False)
    except Exception as exc:  # a check must never raise
        return error("exception", f"content check crashed: {type(exc).__name__}: {exc}")


def _lenient(
    answer_type: str, text: str, approach: str, value: Any, context: EvalContext | None
) -> Verdict:
    protected = [alt for item in items_of(value) for alt in [item, *split_or(item)]]
    text = strip_name_prefixes(drop_invisible(text), protected)
    if context is not None:
        text = strip_echo(text, context.intent)
    if answer_type != "list":  # there a spaced slash joins items
        text = join_paths(text, protected)

    def judged(answer: str) -> Verdict:
        """The lenient verdict on ``answer`` with its hedges and rivals guarded."""
        return guard_hedges(
            answer,
            _lenient_once(answer_type, answer, approach, value, context),
            lambda part: _lenient_once(answer_type, part, approach, value, context),
            _candidate(answer_type, value, context),
            protected,
            answer_type,
            slash=answer_type != "list",
        )

    stripped = strip_preamble(text)
    verdict = judged(stripped)
    if not verdict.passed and (final := corrected(stripped)) is not None:
        # "$49.99, no wait, $44.99": the value it settles on is the answer, when it passes
        # alone; a correction to a rival ("$44.99, no wait, $49.99") still fails.
        settled = judged(final)
        if settled.passed:
            return ok(settled.rule, f"after its correction, {settled.explanation}")
    if verdict.passed and stripped != text:  # what was stripped may hedge too
        tentative = strip_preamble(text, keep_tentative=True)
        if tentative != stripped:  # "60\n\nNote: maybe 61" offers a rival in its working
            offered = judged(tentative)
            if offered.rule.endswith((":ambiguous", ":hedge")):
                return offered
        return guard_hedges(
            text,
            verdict,
            lambda part: verdict,
            lambda part: False,
            protected,
            answer_type,
            slash=answer_type != "list",
        )
    return verdict


def _candidate(answer_type: str, value: Any, context: EvalContext | None) -> Callable[[str], bool]:
    """Whether one alternative of a hedged answer states a competing answer."""

    def wordy(part: str) -> bool:
        content = [t for t in tokens(part) if t not in FILLER]
        return bool(content) and content[0] not in _REMARK_START

    if answer_type in ("string", "list", "infeasible"):
        return lambda part: says_infeasible(part) or wordy(part)
    kind = KINDS[answer_type]
    hint = next(
        (
            h
            for item in items_of(value)
            for alt in split_or(item)
            if (h := kind.parse_ref(alt, context)) is not None
        ),
        None,
    )
    return lambda part: (
        says_infeasible(part) or wordy(part) or bool(kind.extract(part, hint, context))
    )


def _value_kind(value: Any) -> str | None:
    """The typed kind of a ``string`` reference that is really one value ("6", "$3.50",
    "7 min", "3/2/22", "Yes"), or None."""
    items = items_of(value)
    if len(items) != 1:
        return None
    kinds = {scalar_kind(alt) for alt in split_or(items[0])}
    kind = kinds.pop() if len(kinds) == 1 else "string"
    return None if kind == "string" else kind


def _lenient_once(
    answer_type: str, text: str, approach: str, value: Any, context: EvalContext | None
) -> Verdict:
    if answer_type == "string":
        kind = _value_kind(value)
        if kind is None:
            return check_string(text, approach, _with_bare_version(value), context)
        verdict = check_typed(KINDS[kind], text, approach, value, context)
        if not verdict.passed and kind == "number":
            money = check_typed(UNTYPED_AMOUNT, text, approach, value, context)
            return money if money.passed else verdict
        return verdict
    if answer_type == "list":
        verdict = check_list(text, approach, value)
        if _amounts(value) and _DECIMAL_COMMA.search(text):
            # "36,99 $ – 362,99 $": its commas split no items, so only the values count
            return _amounts_read(text, approach, value, context, None)
        if verdict.passed or not _amounts(value):
            return verdict
        if verdict.rule != "list:missing-item" or approach != "exact_match":
            return verdict
        if any(not any(c.isdigit() for c in seg.text) for seg in segments(text)):
            return verdict  # a piece without an amount ("..., falcon_ian") is an extra item
        return _amounts_read(text, approach, value, context, verdict)
    return check_typed(KINDS[answer_type], text, approach, value, context)


_DECIMAL_COMMA = re.compile(r"\d,\d{2}(?!\d)")
"""A decimal comma ("36,99"), which the list splitter would take for a separator."""


def _amounts_read(
    text: str, approach: str, value: Any, context: EvalContext | None, verdict: Verdict | None
) -> Verdict:
    """A list of amounts read as values, each item once and nothing else: it may be
    written as a range ("$6.99 to $23.99", "lowest $6.99, highest $23.99") or with decimal
    commas ("36,99 $ – 362,99 $"); ``verdict`` (the list reading's) when that fails too,
    or the currency reading's failure without one."""
    for kind in ("number", "currency"):
        typed = check_typed(KINDS[kind], text, approach, value, context)
        if typed.passed:
            rule = "list:equal" if approach == "exact_match" else "list:all-included"
            return ok(rule, typed.explanation)
    return verdict or fail(f"list:{typed.rule.partition(':')[2]}", typed.explanation)


_VERSION_TAG = re.compile(r"^\s*v(\d+(?:\.\d+)+)\s*$", re.IGNORECASE)
"""A version tag written with its "v" ("v0.3.0"): the same version without it ("0.3.0")."""


def _with_bare_version(value: Any) -> Any:
    """A version-tag reference with its bare number as an alternative ("v0.3.0 |OR|
    0.3.0"); any other reference unchanged."""
    if isinstance(value, str) and (tag := _VERSION_TAG.match(value)):
        return f"{value} |OR| {tag.group(1)}"
    return value


def _amounts(value: Any) -> bool:
    """Whether a list reference is two or more numbers or amounts ("6.99", "$23.99")."""
    items = items_of(value)
    kinds = {scalar_kind(alt) for item in items for alt in split_or(item)}
    return len(items) > 1 and kinds <= {"number", "currency"}
