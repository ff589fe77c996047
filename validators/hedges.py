"""The one guard against hedged answers ("Jane Smith or Adam Garcia", "6 or 7").

An answer that passed a lenient check is split at its disjunctions ("or", a spaced
slash, "and/or", ", maybe ...", a correction: "X... actually Y"); when it has several
alternatives, each is checked alone. The answer is a hedge, and fails, when one
alternative that states a competing candidate fails on its own, or when no alternative
passes on its own (it only passed by listing several); so does an answer offered without
commitment ("Maybe X", "X; it could also be Y"), and one that rejects the value it
names ("12 is wrong") is negated. Disjunctions inside the reference itself ("Pots or
Pans") are not split. An answer that corrects itself ("$49.99, no wait, $44.99") is
judged by what it settles on (:func:`corrected`). Every lenient path (strings, lists,
typed scalars, infeasible) goes through :func:`guard_hedges`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from .text import ASIDE, fold, quantity_remark
from .verdict import Verdict, fail, show

_CORRECTION = (
    r"\s*(?:[,;.!?…]+|\s[-–—])\s*(?:no\s*,?\s*)?(?:actually|sorry|wait|i\s+meant?|correction|"
    r"scratch\s+that|make\s+that)\b\s*[,:!]?\s+(?:(?:it\s+is|it's|its)\s+)?"
    r"(?!(?:it|this|that|there|they|he|she|i|we|you|which|who|the\s+\w+\s+(?:is|was|has))\b)"
)
"""A correction ("X, no wait, Y", "X — sorry, I meant Y", "X. Actually, scratch that: Y"):
what follows replaces what precedes."""
_DISJUNCTION = re.compile(
    r"\s*\band\s*/\s*or\s+"  # "A and/or B" offers A, B or both
    r"|(?:\s+|\s*\(\s*)or\s+(?!(?:more|less|fewer|so|above|below|over|under|higher|lower|"
    r"later|earlier|greater|longer|shorter|rather)\b|not\s*(?:$|[.,;:!?)]))"
    r"|\s+/\s+(?!(?:5|10|100)\b)"
    r"|\s*(?:[,;(?.!:]|\n)\s*(?:or\s+)?(?:maybe|perhaps|possibly|alternatively)\s+"
    r"|\s+(?:vs\.?|versus)\s+"
    r"|\s*[,;(]?\s*(?:\(\s*)?(?:(?:it\s+is|it's|which\s+is|is)\s+)?(?:tied|level|joint|equal)"
    r"(?:\s+first)?\s+with\s+(?:the\s+)?"
    r"|" + _CORRECTION,
    re.IGNORECASE,
)
_CORRECTIONS = re.compile(_CORRECTION, re.IGNORECASE)


def corrected(text: str) -> str | None:
    """What an answer that corrects itself finally says: the text after its last
    correction ("$49.99, no wait, $44.99" -> "$44.99"); None when it makes none."""
    ends = [m.end() for m in _CORRECTIONS.finditer(text)]
    return text[ends[-1] :] if ends and text[ends[-1] :].strip() else None


_UNSURE = re.compile(
    r"^\W*(?:maybe|perhaps|possibly|probably|presumably|(?:most\s+|very\s+)?likely)\b|"
    r"\b(?:could|might|may)\s+also\s+be\b|\bnot\s+sure\s+(?:if|whether)\b|"
    r"[(\[]\s*(?:maybe|perhaps|possibly|probably|presumably|not\s+sure)\s*\??\s*[)\]]|"
    r"\bor\s+(?:(?:maybe|perhaps|possibly)\s+)?(?:(?:some|any)thing|whatever|thereabouts|"
    r"(?:something\s+)?similar)\b",
    re.IGNORECASE,
)
"""An answer offered without commitment ("Maybe X", "Probably X", "X (maybe)", "X; it
could also be Y", "X or something", "X, or maybe something else", "X or thereabouts")."""
_UNSURE_OF_VALUE = re.compile(
    r"\b(?:maybe|perhaps|possibly|probably|presumably|(?:most\s+)?likely)\W*$|"
    r"(?:\bnot|n['’]t)\s+(?:be\s+)?(?:(?:very|too|quite|entirely|completely|totally|100\s*%)\s+)?"
    r"(?:sure|certain)\b|\b(?:unsure|uncertain)\b|"
    r"\bi(?:\s+would|['’]d)?\s+(?:guess|suppose)\b|\b(?:my\s+(?:best\s+)?|at\s+a\s+)guess\b|"
    r"\bif\s+i\s+(?:counted|read\s+(?:it|that|them)|remember|recall)\s+(?:it\s+)?"
    r"(?:right|correctly)\b|\b(?:if|unless)\s+i['’]?\s*(?:am|m)\s+(?:not\s+)?mistaken\b|"
    r"^\W*(?:(?:it|that|this|the\s+answer)(?:\s+is)?\s+)?may\s+be\b|\b(?:could|might)\s+be\b|"
    r"\bif\s+i\s+(?:had|have)\s+to\s+guess\b|^[^\S\n]*[^\s?]+(?:[^\S\n]+[^\s?]+){0,3}[^\S\n]*\?\s*$",
    re.IGNORECASE,
)
"""An answer that states a value but disowns it: "12 maybe", "12? not sure", "I'm not
certain, but 12", "12 I guess", "X, I suppose", "my guess is 12", "12, if I counted
right", "X, if I'm not mistaken", "it could be 12", "they might be X and Y", a short
answer asked back as a question ("225?"). Not applied to
infeasibility claims ("I'm not sure it exists" is the claim)."""
_DISOWNED = re.compile(
    r"^[^,;:()\n]{1,80}?\s+(?:is|was|seems|looks)\s+(?:(?:definitely|clearly|probably|likely)\s+)?"
    r"(?:wrong|incorrect|false|mistaken|not\s+(?:right|correct|it|(?:the|an?|my|your|our)\s+"
    r"(?:right\s+|correct\s+)?[a-z]+(?:\s+[a-z]+){0,2}))\W*$",
    re.IGNORECASE,
)
"""An answer that states a value only to reject it: "12 is wrong", "Processing is not
the answer", "$44.99 is not the price" (not applied to yes/no answers, where "that is
false" is the answer)."""
_EITHER = re.compile(r"^\s*either\s+", re.IGNORECASE)
_RETRACTED = re.compile(
    r"\b(?:(?:earlier|at\s+first|first|initially|originally|previously)\s*,?\s+i|"
    r"i\s+(?:had\s+)?(?:earlier|first|initially|originally|previously))\s+(?:had\s+)?"
    r"(?:thought|said|guessed|believed|assumed|wrote|answered)\b"
    r"(?:(?!,?\s*\b(?:but|however|yet|though)\b)[^.;!?\n)\]])*",
    re.IGNORECASE,
)
"""A value the answer takes back: "Red Mug. (Earlier I thought Blue Mug.)", "I first said
12, but it is 14" — a value named only there is not the answer."""


def _protected_spans(text: str, protected: Iterable[str]) -> list[tuple[int, int]]:
    folded = fold(text)
    if len(folded) != len(text):
        folded = text.lower()
    spans = []
    for phrase in protected:
        needle = str(phrase).strip().lower()
        if not needle or not _DISJUNCTION.search(needle):
            continue
        start = folded.find(needle)
        while start >= 0:
            spans.append((start, start + len(needle)))
            start = folded.find(needle, start + 1)
    return spans


def alternatives(
    text: str,
    protected: Iterable[str] = (),
    *,
    slash: bool = True,
    evidence: Iterable[tuple[int, int]] = (),
) -> list[str]:
    """The alternatives an answer offers, split at disjunctions outside ``protected``
    phrases (the reference strings); one element when the answer offers one. With
    ``slash=False`` a spaced slash joins list items rather than alternatives; a "vs"
    inside an ``evidence`` span (a bracketed comparison) splits nothing."""
    spans = _protected_spans(text, protected)
    evidence = list(evidence)
    parts, pos = [], 0
    for match in _DISJUNCTION.finditer(text):
        if any(s < match.end() and match.start() < e for s, e in spans):
            continue
        if _VERSUS.fullmatch(match.group(0)) and any(
            s < match.start() and match.end() < e for s, e in evidence
        ):
            continue
        if not slash and match.group(0).strip() == "/":
            continue
        parts.append(text[pos : match.start()])
        pos = match.end()
    parts.append(text[pos:])
    parts = [_EITHER.sub("", p).strip(" \t\n.,;:()") for p in parts]
    return [p for p in parts if p]


_VERSUS = re.compile(r"\s+(?:vs\.?|versus)\s+", re.IGNORECASE)
"""The "vs" of a comparison, one of the disjunctions."""
_PIECE_BREAK = re.compile(r"[(),;:]")


def _figure_against_figure(parts: list[str], index: int) -> bool:
    """Whether ``parts[index]`` is a figure set against a figure beside it ("4.5 stars vs
    3.8", "1,234 vs 567"): the two figures compete with each other, not with a name. A
    figure offered against a name ("Mist or 260.69") is a rival."""
    if not quantity_remark(parts[index]):
        return False
    before = _PIECE_BREAK.split(parts[index - 1])[-1] if index > 0 else ""
    after = _PIECE_BREAK.split(parts[index + 1])[0] if index + 1 < len(parts) else ""
    return any(piece.strip() and quantity_remark(piece) for piece in (before, after))


def _compared(
    text: str, check: Callable[[str], Verdict], protected: Iterable[str]
) -> list[tuple[int, int]]:
    """The bracketed comparisons that back an answer stated outside them ("Photography
    (Monday vs Thursday)", "$44.99 dearer ($59.98 vs $14.99)"): asides with a "vs" that
    name no reference, when the answer without its asides passes alone."""
    asides = [m for m in ASIDE.finditer(text) if _VERSUS.search(m.group(0))]
    references = [fold(str(p)).strip() for p in protected if str(p).strip()]
    asides = [m for m in asides if not any(r in fold(m.group(0)) for r in references)]
    if not asides or not check(ASIDE.sub(" ", text)).passed:
        return []
    return [m.span() for m in asides]


def guard_hedges(
    text: str,
    verdict: Verdict,
    check: Callable[[str], Verdict],
    is_candidate: Callable[[str], bool],
    protected: Iterable[str],
    prefix: str,
    *,
    slash: bool = True,
) -> Verdict:
    """Turn a passing ``verdict`` into a ``<prefix>:hedge`` failure if ``text`` hedges.

    Args:
        text: The answer.
        verdict: The verdict of the lenient check on the whole answer.
        check: The same lenient check, applied to one alternative.
        is_candidate: Whether an alternative states a competing answer (a value of the
            answer type, a name, "N/A"...) rather than a side remark.
        protected: Reference strings whose own disjunctions are not split.
        prefix: The rule prefix (the answer type).
        slash: Whether a spaced slash separates alternatives (not in list answers).

    Returns:
        ``verdict`` itself, or the hedge failure.
    """
    if not verdict.passed:
        return verdict
    if (
        prefix not in ("boolean", "infeasible")
        and _DISOWNED.match(text)
        and not any(_DISOWNED.match(str(p)) for p in protected)
    ):
        return fail(f"{prefix}:negated", f"{show(text)} rejects the value it names")
    retracted = _RETRACTED.search(text)
    if (
        retracted
        and prefix not in ("boolean", "infeasible")
        and not any(_RETRACTED.search(str(p)) for p in protected)
        and not check(_RETRACTED.sub(" ", text)).passed
    ):
        return fail(
            f"{prefix}:negated",
            f"{show(text)} names the value only as one it takes back "
            f"({show(retracted.group(0).strip())})",
        )
    unsure = _UNSURE.search(text)
    if unsure is None and prefix != "infeasible":
        unsure = _UNSURE_OF_VALUE.search(text)
    if unsure and not any(
        _UNSURE.search(str(p)) or _UNSURE_OF_VALUE.search(str(p)) for p in protected
    ):
        return fail(
            f"{prefix}:hedge",
            f"{show(text)} is offered without commitment ({show(unsure.group(0).strip())})",
        )
    parts = alternatives(text, protected, slash=slash, evidence=_compared(text, check, protected))
    if len(parts) < 2:
        return verdict
    results = [(part, check(part).passed) for part in parts]
    # Beside a reference without digits, two figures compared are evidence, not rivals.
    figures_evidence = not any(c.isdigit() for p in protected for c in str(p))
    rivals = [
        part
        for index, (part, passed) in enumerate(results)
        if not passed
        and is_candidate(part)
        and not (figures_evidence and _figure_against_figure(parts, index))
    ]
    if rivals:
        return fail(
            f"{prefix}:hedge",
            f"{show(text)} offers {show(rivals[0])} as an alternative to the answer",
        )
    if not any(passed for _, passed in results) and sum(map(is_candidate, parts)) >= 2:
        return fail(
            f"{prefix}:hedge",
            f"{show(text)} passes only by offering {len(parts)} alternatives together",
        )
    return verdict
