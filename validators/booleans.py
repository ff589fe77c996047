"""Yes/no answers: polarity read with its scope."""

from __future__ import annotations

import re

from .text import NEGATIONS, fold, has_negation, tokens

_YES = frozenset(
    {
        "yes",
        "true",
        "correct",
        "right",
        "yep",
        "yeah",
        "yup",
        "affirmative",
        "indeed",
        "certainly",
        "definitely",
        "absolutely",
    }
)
_NO = frozenset({"no", "false", "incorrect", "wrong", "nope", "nah", "negative"})
_HEDGES = re.compile(
    r"\b(?:not\s+(?:sure|certain|clear)|unsure|uncertain|unknown|unclear|"
    r"(?:do|did|does)\s+not\s+know|no\s+(?:idea|clue)|can\s*not\s+(?:tell|say|determine)|"
    r"could\s+not\s+(?:tell|determine)|maybe|perhaps|possibly|probably)\b"
)
_INABILITY = re.compile(
    r"\b(?:could|can|did|was|were)\s+not\s+(?:find|locate|see|access|determine|tell|open|"
    r"load|be\s+found|be\s+located)|\bunable\b|\bno\s+(?:clue|idea)\b"
)
_FLIPPERS = NEGATIONS - {"no", "none"}
_CLAUSE = re.compile(r"[.,;:!?\n]+|\bbut\b|\bhowever\b")


def find_booleans(text: str) -> list[bool]:
    """Yes/no values stated in ``text``; a negation just before a polar word flips it.

    "I think so" and "I believe so" say yes ("I don't think so": no). With no polar
    word, a negation ("it is not in stock") reads as "no"; a text with
    neither, or a hedge ("not sure", "I don't know", "maybe"), reads as nothing.
    """
    whole = tokens(text)
    if whole[:2] == ["n", "a"] or whole[:1] == ["na"]:
        return []  # "N/A: ..." reports the task infeasible; it is not "no"
    if _HEDGES.search(" ".join(whole)):
        return []  # "not sure", "I don't know": no answer either way
    if whole in (["y"], ["n"]):
        return [whole == ["y"]]
    values: list[bool] = []
    for clause in _CLAUSE.split(fold(text)):
        toks = tokens(clause)
        for i, tok in enumerate(toks):
            so = tok == "so" and toks[i - 1 : i] in (["think"], ["believe"])  # "I believe so"
            if tok in _YES or tok in _NO or so:
                value = tok in _YES or so
                if any(t in _FLIPPERS for t in toks[max(0, i - 3) : i]) or (
                    value and toks[i + 1 : i + 2] == ["not"]
                ):
                    value = not value  # "not true"; "absolutely not"
                values.append(value)
    if not values and has_negation(whole) and not _INABILITY.search(" ".join(whole)):
        values.append(False)  # "it is not in stock"; but "I could not find it" says nothing
    return list(dict.fromkeys(values))
