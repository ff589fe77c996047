"""The labelled corpus: lenient accepts >= 98 % of equivalent answers and no wrong one.

Run with ``pytest -s`` to see the rates of both modes per answer type.
"""

from __future__ import annotations

from collections import Counter

from webenv.validators import ANSWER_TYPES, check_answer

from .corpus import CASES


def _rates() -> tuple[Counter, list[dict]]:
    counts: Counter = Counter()
    misses: list[dict] = []
    for case in CASES:
        kind = case["spec"]["answer_type"]
        for mode in ("lenient", "strict"):
            verdict = check_answer(case["answer"], case["spec"], mode=mode)
            label = "good" if case["expected"] else "bad"
            counts[(mode, label, "accepted" if verdict.passed else "rejected")] += 1
            counts[(mode, kind, label, verdict.passed)] += 1
            if mode == "lenient" and verdict.passed != case["expected"]:
                misses.append({**case, "rule": verdict.rule})
    return counts, misses


def _count(counts: Counter, mode: str, kind: str, label: str, passed: bool) -> int:
    if kind == "all":
        return counts[(mode, label, "accepted" if passed else "rejected")]
    return counts[(mode, kind, label, passed)]


def _summary(counts: Counter) -> str:
    lines = ["mode     type        equivalents accepted   wrong accepted"]
    for mode in ("lenient", "strict"):
        for kind in ("all", *ANSWER_TYPES):
            good_ok = _count(counts, mode, kind, "good", True)
            good = good_ok + _count(counts, mode, kind, "good", False)
            bad_ok = _count(counts, mode, kind, "bad", True)
            bad = bad_ok + _count(counts, mode, kind, "bad", False)
            if not good and not bad:
                continue
            lines.append(
                f"{mode:8} {kind:11} {good_ok:4}/{good:<4} "
                f"({100 * good_ok / max(good, 1):5.1f} %)   "
                f"{bad_ok:3}/{bad:<4} ({100 * bad_ok / max(bad, 1):5.1f} %)"
            )
    return "\n".join(lines)


def test_corpus_is_large_and_balanced():
    assert len(CASES) >= 400
    good = sum(c["expected"] for c in CASES)
    assert 0.4 <= good / len(CASES) <= 0.65
    kinds = {c["spec"]["answer_type"] for c in CASES}
    assert kinds == set(ANSWER_TYPES)
    for case in CASES:
        assert set(case) == {"answer", "spec", "expected", "note"} and case["note"]


def test_lenient_rates_on_the_corpus():
    counts, misses = _rates()
    summary = _summary(counts)
    print("\n" + summary)
    good = counts[("lenient", "good", "accepted")] + counts[("lenient", "good", "rejected")]
    accepted = counts[("lenient", "good", "accepted")]
    false_accepts = [m for m in misses if not m["expected"]]
    detail = "\n".join(
        f"  {m['expected']!s:5} {m['answer']!r} vs {m['spec']['reference_answers']} [{m['rule']}]"
        for m in misses
    )
    assert not false_accepts, f"lenient accepted wrong answers:\n{detail}\n{summary}"
    assert accepted / good >= 0.98, f"lenient rejected too many equivalents:\n{detail}\n{summary}"


def test_strict_is_never_more_lenient_than_lenient_on_wrong_answers():
    # Strict (WebArena) semantics accept some wrong answers through substring matching;
    # the corpus records how many, and lenient must accept none of those either.
    for case in CASES:
        if not case["expected"]:
            assert not check_answer(case["answer"], case["spec"], mode="lenient").passed
