"""Strict mode: WebArena's own ``string_match`` semantics, unchanged."""

from __future__ import annotations

import re
from typing import Any

from .text import split_or, strict_clean
from .verdict import Verdict, fail, ok, show


def items_of(value: Any) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def _strict_include(ref: str, pred: str, tokenize: bool) -> bool:
    if tokenize and len(ref) == 1:
        # WebArena tokenizes the answer for a single one-character reference.
        return ref in re.findall(r"\w+|[^\w\s]", pred)
    return ref in pred


def webarena_pred(text: str) -> str:
    """The answer as WebArena compares it: ``clean_answer`` applied twice (its evaluator
    cleans the answer, then each match cleans it again), so '"'Blue Mug'"' loses both
    pairs of quotes."""
    return strict_clean(strict_clean(text))


def check_strict(text: str, approach: str, value: Any) -> Verdict:
    pred = webarena_pred(text)
    if approach == "exact_match":
        ref = ", ".join(items_of(value)) if isinstance(value, list) else str(value)
        alternatives = split_or(ref)
        for alt in alternatives:
            if strict_clean(alt) == pred:
                return ok("exact_match:equal", f"{show(pred)} == {show(strict_clean(alt))}")
        refs = " | ".join(strict_clean(a) for a in alternatives)
        return fail("exact_match:mismatch", f"{show(pred)} != {show(refs)}")
    items = items_of(value)
    tokenize = approach == "must_include" and len(items) == 1
    missing = [
        item
        for item in items
        if not any(_strict_include(strict_clean(a), pred, tokenize) for a in split_or(item))
    ]
    if missing:
        return fail(f"{approach}:missing", f"{show(missing)} not in {show(pred)}")
    return ok(f"{approach}:substring", f"all of {show(items)} in {show(pred)}")
