"""Infeasible tasks: does an answer say the task cannot be done?"""

from __future__ import annotations

import re

from .strict import webarena_pred
from .text import ASIDE, find_phrase, fold, tokens
from .verdict import Verdict, fail, ok, show

_INCIDENTAL_TEXT = (
    "none",
    "nothing",
    "there is no",
    "there are no",
    "no longer",
    "no results",
    "no result",
    "not available",
    "unavailable",
    "do not have",
    "does not have",
    "did not have",
    "have no",
    "has no",
    "had no",
    "there is not",
    "there are not",
    "there was not",
    "there were not",
    "not shown",
    "not displayed",
    "not visible",
    "does not show",
    "do not show",
    "does not display",
    "do not display",
    "need to be",
    "needs to be",
    "not listed",
    "0 results",
    "zero results",
    "0 matches",
    "no matches",
    "expired",
    "invalid",
    "not valid",
    "there s no",
    "there s not",
    "not sold",
    "not in the catalog",
    "not in the catalogue",
    "not in the store",
    "not in the shop",
)
"""Phrases that say something is missing, which a report of work done may say too ("Done,
nothing else to do"); the others in :data:`_INFEASIBLE_PHRASES` say the task itself cannot
be done."""
_INCIDENTAL = frozenset(tuple(p.split()) for p in _INCIDENTAL_TEXT)
_INFEASIBLE_PHRASES = [
    p.split()
    for p in (
        "n a",
        "na",
        "not possible",
        "impossible",
        "infeasible",
        "unachievable",
        "not feasible",
        "not achievable",
        "cannot",
        "can not",
        "ca not",
        "unable",
        "not able",
        "does not exist",
        "do not exist",
        "doesnt exist",
        "not exist",
        "no such",
        "not found",
        "could not find",
        "nonexistent",
        "non existent",
        "no answer",
        "not applicable",
        "not supported",
        "unsupported",
        "no way",
        "not allowed",
        "not permitted",
        "permission denied",
        "access denied",
        "access is denied",
        "not authorized",
        "not authorised",
        "unauthorized",
        "unauthorised",
        "forbidden",
        "insufficient permissions",
        "insufficient permission",
        "not appear to exist",
        "not seem to exist",
        "does not sell",
        "do not sell",
        "does not carry",
        "do not carry",
        "does not let",
        "do not let",
        "did not let",
        "does not allow",
        "do not allow",
        "did not allow",
        "does not offer",
        "does not provide",
        "no option",
        "could not be located",
        "could not be found",
        "cannot be found",
        "can not be found",
        "not be located",
        "not be found",
        "not located",
        *_INCIDENTAL_TEXT,
    )
]
_DONE = re.compile(
    r"^\W*(?:all\s+)?(?:done|completed?|finished)\b|\bsuccessfully\b|"
    r"\b(?:task|it|that)\s+(?:is|has\s+been)\s+(?:done|completed)\b|"
    r"\bi(?:\s+have|['’]ve)?\s+(?:now\s+)?(?:canceled|cancelled|deleted|locked|created|updated|"
    r"changed|set|added|posted|closed|subscribed|sent|bought|purchased|placed|reviewed|moved|"
    r"removed|submitted|saved|promoted|approved|merged|edited|replied|invited|assigned)\b"
    r"(?!\s+(?:nothing|none|no)\b)",
    re.IGNORECASE,
)
"""An answer that reports the task done ("Done.", "I canceled the order", "... successfully")."""
_NOT_DONE = re.compile(
    r"\b(?:could|can|did|was|were|would)\s*(?:not|n['’]t)\b|\bcannot\b|\bunable\b|"
    r"\bfailed\b|\bnot\s+(?:done|completed|possible)\b",
    re.IGNORECASE,
)
"""What undoes a report of work done: "Done: there is no such address, so I could not set it"."""

_VALUE_GIVEN = re.compile(
    r"\b(?:the\s+)?(?:answer|result|total|count)\s+(?:is|would\s+be|=)\s*:?\s*"
    r"(?!n\s*/?\s*a\b|none\b|nothing\b|not\b|no\b|unavailable\b|unknown\b|impossible\b)"
    r"[$€£]?\d[\d,.]*|"
    r"\b(?:but|however|though|although|yet)\b[^.;:!?]{0,60}?\b(?:you\s+have|there\s+(?:is|are)|"
    r"it\s+is|it's|costs?|is|are|was|were)\s+(?:about\s+|only\s+)?[$€£]?\d[\d,.]*"
)
"""An infeasibility claim that still states a value ("None are negative, the answer is 5",
"Access denied, but you have 120 points")."""


def is_na(refs: dict) -> bool:
    for key in ("fuzzy_match", "exact_match"):
        value = refs.get(key)
        if isinstance(value, list) and len(value) == 1:
            value = value[0]
        if isinstance(value, str) and value.strip().upper() == "N/A":
            return True
    return False


def _infeasibility_phrases(text: str) -> list[tuple[str, ...]]:
    """The phrases of :data:`_INFEASIBLE_PHRASES` that ``text`` says."""
    toks = tokens(text)
    return [tuple(phrase) for phrase in _INFEASIBLE_PHRASES if find_phrase(toks, phrase)]


def says_infeasible(text: str) -> bool:
    """Whether free text states that the task cannot be done ("N/A", "not possible"...)."""
    return bool(_infeasibility_phrases(text))


def check_infeasible(text: str, reported: bool, mode: str) -> Verdict:
    if reported:
        return ok("infeasible:reported", "the task is infeasible and the agent reported it")
    if mode == "strict":
        if webarena_pred(text) == "n/a":
            return ok("infeasible:n/a", "the task is infeasible and the answer is 'N/A'")
        return fail(
            "infeasible:not-stated", f"the task is infeasible; answer {show(text)} is not 'N/A'"
        )
    if (value := _VALUE_GIVEN.search(fold(text))) is not None:
        return fail(
            "infeasible:value-given",
            f"the task is infeasible but {show(text)} gives an answer ({show(value.group(0))})",
        )
    said = _infeasibility_phrases(text)
    outside = ASIDE.sub(" ", text)  # "You have 0 points (there is no such program)"
    if said and tokens(outside) and not _infeasibility_phrases(outside):
        return fail(
            "infeasible:not-stated",
            f"the task is infeasible but {show(text)} says so only in brackets, beside its answer",
        )
    if said:
        done = _DONE.search(text)
        if done and not _NOT_DONE.search(text) and _INCIDENTAL.issuperset(said):
            return fail(
                "infeasible:claims-done",
                f"the task is infeasible but {show(text)} reports it done "
                f"({show(done.group(0).strip())})",
            )
        return ok("infeasible:stated", f"the task is infeasible and {show(text)} says so")
    return fail(
        "infeasible:not-stated",
        f"the task is infeasible but {show(text)} does not say it cannot be done",
    )
