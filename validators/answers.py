"""``string_match``: checking the agent's final answer against reference answers."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rapidfuzz import fuzz

from .context import EvalContext, is_self_word
from .dates import Duration, Month, find_dates, find_durations, find_months, parse_date
from .numbers import NUMBER_WORDS, Mention, find_amounts, find_numbers, to_cents
from .text import (
    FILLER,
    NEGATIONS,
    find_phrase,
    fold,
    has_negation,
    negated_at,
    norm,
    only_filler,
    same_inflection,
    same_text,
    segments,
    split_or,
    strict_clean,
    tokens,
)
from .urls import NormalUrl, normalize_url, urls_in_text
from .verdict import Verdict, combine, error, fail, ok, show

ANSWER_TYPES = (
    "string", "number", "currency", "date", "month", "duration", "list", "boolean", "url",
    "infeasible",
)
APPROACHES = ("exact_match", "must_include", "fuzzy_match")
MODES = ("lenient", "strict")

_MAX_ANSWER = 20_000
"""Answers are truncated to this many characters before checking."""
_MAX_EXTRA_WORDS = 15
"""A short answer may have this many words besides the reference phrase."""
_FUZZY_THRESHOLD = 90
_SENTINEL = "qqrefqq"
_CLAUSE_START = frozenset(
    {"which", "who", "whom", "whose", "that", "where", "when", "with", "costing", "costs",
     "priced", "at", "for", "because", "since", "as", "in", "on", "from", "by", "it", "its",
     "he", "she", "they", "this", "has", "had", "having", "created", "posted", "sold",
     "bought", "ordered", "placed", "via", "using", "under", "i", "you", "we", "if",
     "although", "though", "but", "so", "to", "of"}
)


def check_answer(
    answer: str, spec: dict, *, mode: str = "lenient", context: EvalContext | None = None
) -> Verdict:
    """``string_match``: does ``answer`` match the task's reference answers?

    Strict mode is WebArena's (clean = strip, drop surrounding quotes, lower-case;
    ``exact_match`` equality, ``must_include``/``fuzzy_match`` substrings). Lenient
    mode normalizes by ``spec["answer_type"]`` and never accepts an answer that names
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
        spec: The task's ``eval`` object.
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
    answer: Any, spec: dict, mode: str, context: EvalContext | None
) -> Verdict:
    if mode not in MODES:
        return error("bad-mode", f"unknown mode {mode!r}; accepted: lenient, strict")
    if not isinstance(spec, dict):
        return error("bad-spec", f"eval spec must be an object, got {type(spec).__name__}")
    answer_type = spec.get("answer_type") or "string"
    if answer_type not in ANSWER_TYPES:
        return error("bad-spec", f"unknown answer_type {answer_type!r}")
    refs = spec.get("reference_answers") or {}
    if not isinstance(refs, dict):
        return error("bad-spec", "reference_answers must be an object")
    text = "" if answer is None else str(answer)[:_MAX_ANSWER]
    reported = bool(context is not None and context.infeasible_reported)
    if answer_type == "infeasible" or _is_na(refs):
        return _infeasible(text, reported, mode)
    if reported:
        return fail(
            "infeasible:unexpected",
            "the agent reported the task infeasible, but it has a reference answer",
        )
    approaches = [(k, refs[k]) for k in APPROACHES if refs.get(k) is not None]
    if not approaches:
        return error("bad-spec", "reference_answers has none of exact_match/must_include/"
                                 "fuzzy_match")
    if not text.strip():
        return fail("answer:missing", "no answer was given")
    verdicts = []
    for approach, value in approaches:
        if mode == "strict":
            verdicts.append(_strict(text, approach, value))
        elif answer_type == "string":
            verdicts.append(_string(text, approach, value, context))
        elif answer_type == "list":
            verdicts.append(_list(text, approach, value))
        else:
            verdicts.append(_typed(_KINDS[answer_type], text, approach, value, context))
    return combine(verdicts, label="string_match")


# --- infeasible ---------------------------------------------------------------

_INFEASIBLE_PHRASES = [
    p.split()
    for p in (
        "n a", "na", "not possible", "impossible", "infeasible", "unachievable",
        "not feasible", "not achievable", "cannot", "can not", "ca not", "unable", "not able",
        "not available", "unavailable", "does not exist", "do not exist", "doesnt exist",
        "not exist", "no such", "not found", "could not find", "nonexistent", "non existent",
        "there is no", "there are no", "no answer", "not applicable", "not supported",
        "unsupported", "no way", "none", "nothing", "no results", "no result", "not allowed",
        "not permitted",
    )
]


def _is_na(refs: dict) -> bool:
    for key in ("fuzzy_match", "exact_match"):
        value = refs.get(key)
        if isinstance(value, list) and len(value) == 1:
            value = value[0]
        if isinstance(value, str) and value.strip().upper() == "N/A":
            return True
    return False


def says_infeasible(text: str) -> bool:
    """Whether free text states that the task cannot be done ("N/A", "not possible"...)."""
    toks = tokens(text)
    return any(find_phrase(toks, phrase) for phrase in _INFEASIBLE_PHRASES)


def _infeasible(text: str, reported: bool, mode: str) -> Verdict:
    if reported:
        return ok("infeasible:reported", "the task is infeasible and the agent reported it")
    if mode == "strict":
        if strict_clean(text) == "n/a":
            return ok("infeasible:n/a", "the task is infeasible and the answer is 'N/A'")
        return fail("infeasible:not-stated",
                    f"the task is infeasible; answer {show(text)} is not 'N/A'")
    if says_infeasible(text):
        return ok("infeasible:stated", f"the task is infeasible and {show(text)} says so")
    return fail("infeasible:not-stated",
                f"the task is infeasible but {show(text)} does not say it cannot be done")


# --- strict (WebArena) --------------------------------------------------------

def _items(value: Any) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def _strict_include(ref: str, pred: str, tokenize: bool) -> bool:
    if tokenize and len(ref) == 1:
        # WebArena tokenizes the answer for a single one-character reference.
        return ref in re.findall(r"\w+|[^\w\s]", pred)
    return ref in pred


def _strict(text: str, approach: str, value: Any) -> Verdict:
    pred = strict_clean(text)
    if approach == "exact_match":
        ref = ", ".join(_items(value)) if isinstance(value, list) else str(value)
        alternatives = split_or(ref)
        for alt in alternatives:
            if strict_clean(alt) == pred:
                return ok("exact_match:equal", f"{show(pred)} == {show(strict_clean(alt))}")
        refs = " | ".join(strict_clean(a) for a in alternatives)
        return fail("exact_match:mismatch", f"{show(pred)} != {show(refs)}")
    items = _items(value)
    tokenize = approach == "must_include" and len(items) == 1
    missing = [
        item for item in items
        if not any(_strict_include(strict_clean(a), pred, tokenize) for a in split_or(item))
    ]
    if missing:
        return fail(f"{approach}:missing", f"{show(missing)} not in {show(pred)}")
    return ok(f"{approach}:substring", f"all of {show(items)} in {show(pred)}")


# --- lenient strings ----------------------------------------------------------

def _usernames(context: EvalContext | None) -> list[str]:
    return sorted(set(context.users.values())) if context is not None and context.users else []


def _token_pattern(token: str, inflect: bool) -> str:
    """Regex for one reference token; with ``inflect``, also its -d/-ed forms."""
    if not inflect or len(token) < 4:
        return re.escape(token)
    forms = {token, token + "d", token + "ed"}
    if token.endswith("ed") and len(token) >= 6:
        forms |= {token[:-1], token[:-2]}
    elif token.endswith("d") and len(token) >= 5:
        forms.add(token[:-1])
    return "(?:" + "|".join(map(re.escape, sorted(forms, key=len, reverse=True))) + ")"


def _mark_reference(text: str, ref_tokens: list[str], inflect: bool = False) -> str | None:
    """Folded ``text`` with each whole-word occurrence of the reference replaced by a
    sentinel word (``inflect``: up to a -d/-ed ending), or None if it does not occur."""
    pattern = (r"(?<![^\W_])" + r"[\W_]+".join(_token_pattern(t, inflect) for t in ref_tokens)
               + r"(?![^\W_])")
    folded = fold(text)
    marked, count = re.subn(pattern, f" {_SENTINEL} ", folded)
    return marked if count else None


_US_STATES = frozenset(
    """alabama al alaska ak arizona az arkansas ar california ca colorado co connecticut ct
    delaware de florida fl georgia ga hawaii hi idaho id illinois il indiana in iowa ia kansas
    ks kentucky ky louisiana la maine me maryland md massachusetts ma michigan mi minnesota mn
    mississippi ms missouri mo montana mt nebraska ne nevada nv ohio oh oklahoma ok oregon or
    pennsylvania pa tennessee tn texas tx utah ut vermont vt virginia va washington wa
    wisconsin wi wyoming wy dc usa us""".split()
)
_TWO_WORD_STATES = frozenset(
    {"new hampshire", "new jersey", "new mexico", "new york", "north carolina", "north dakota",
     "rhode island", "south carolina", "south dakota", "west virginia", "united states",
     "district of columbia"}
)
_GENERIC_AFTER = frozenset(
    {"shipping", "delivery", "status", "order", "orders", "product", "products", "brand",
     "code", "coupon", "category", "method", "option", "city", "store", "shop", "item"}
)


def _qualifier(segment: str) -> bool:
    """Whether a list segment is a place qualifier ("TX", "Texas", "USA") rather than a
    competing answer."""
    text = " ".join(tokens(segment))
    return text in _US_STATES or text in _TWO_WORD_STATES


def _competitor(marked: str, ref_len: int) -> str | None:
    """A list segment besides the reference's that looks like a competing answer."""
    seen_reference = False
    for seg in segments(marked):
        toks = tokens(seg.text)
        if _SENTINEL in toks:
            seen_reference = True
            continue
        content = [t for t in toks if t not in FILLER]
        if not content or content[0] in _CLAUSE_START or toks[0] in _CLAUSE_START:
            continue
        if seen_reference and _qualifier(seg.text):
            continue
        if len(content) <= max(4, 2 * ref_len):
            return seg.text.strip()
    return None


_NAME_AFTER = re.compile(r"[ \t]*[-–]?[ \t]*(\w+)")


def _extended(text: str, alt: str) -> bool:
    """Whether the reference occurs only as the start of a longer name: directly followed
    by a number ("The Hobbit 2") or a capitalized word ("Saltmarsh Wok Lid")."""
    ref_tokens = tokens(alt)
    pattern = (r"(?<![^\W_])" + r"[\W_]+".join(_token_pattern(t, True) for t in ref_tokens)
               + r"(?![^\W_])")
    upper = text.upper() == text
    found = False
    for match in re.finditer(pattern, fold(text)):
        found = True
        after = _NAME_AFTER.match(text, match.end())
        if after is None or text[match.end() : after.start(1)].strip() not in ("", "-"):
            return False
        word = after.group(1)
        if word.isdigit() or word.upper() in ("II", "III", "IV"):
            continue
        if (not upper and word[:1].isupper() and fold(word) not in FILLER
                and fold(word) not in _GENERIC_AFTER):
            continue
        return False
    return found


def _phrase_verdict(text: str, alternatives: list[str]) -> tuple[Verdict | None, str]:
    """Reference-as-phrase acceptance for exact_match; returns (pass verdict, failure rule)."""
    reason = ""
    for inflect in (False, True):
        for alt in alternatives:
            ref_tokens = tokens(alt)
            if not ref_tokens:
                continue
            marked = _mark_reference(text, ref_tokens, inflect)
            if marked is None:
                continue
            rest = [t for t in tokens(marked) if t != _SENTINEL]
            if has_negation(rest) and not has_negation(ref_tokens):
                reason = reason or "negated"
                continue
            if len(rest) > _MAX_EXTRA_WORDS:
                reason = reason or "too-long"
                continue
            if _competitor(marked, len(ref_tokens)) is not None:
                reason = "ambiguous"
                continue
            if _extended(text, alt):
                reason = reason or "extended"
                continue
            how = "an inflected phrase" if inflect else "a phrase"
            return ok("string:phrase", f"reference {show(alt)} is {how} of the short answer "
                                       f"{show(text)}"), ""
        if reason:
            break
    return None, reason


def _string(text: str, approach: str, value: Any, context: EvalContext | None) -> Verdict:
    users = _usernames(context)
    self_answer = is_self_word(text)
    if approach == "exact_match":
        ref = ", ".join(_items(value)) if isinstance(value, list) else str(value)
        alternatives = split_or(ref)
        for alt in alternatives:
            if same_text(alt, text):
                return ok("string:equal", f"{show(text)} equals {show(alt)} after normalization")
            if self_answer and any(same_text(alt, u) for u in users):
                return ok("string:myself", f"{show(text)} means the logged-in user {show(alt)}")
        for alt in alternatives:
            if same_inflection(alt, text):
                return ok("string:inflection", f"{show(text)} equals {show(alt)} up to a "
                                               f"-d/-ed ending")
        verdict, reason = _phrase_verdict(text, alternatives)
        if verdict is not None:
            return verdict
        refs = " | ".join(alternatives)
        if reason == "negated":
            return fail("string:negated", f"{show(text)} names {show(refs)} but negates it")
        if reason == "ambiguous":
            return fail("string:ambiguous",
                        f"{show(text)} names {show(refs)} alongside other candidates")
        if reason == "extended":
            return fail("string:extended",
                        f"{show(text)} names {show(refs)} only as part of a longer name")
        if reason == "too-long":
            return fail("string:too-long",
                        f"{show(text)} contains {show(refs)} but is too long to be that answer")
        similarity = max(fuzz.ratio(norm(a), norm(text)) for a in alternatives)
        return fail("string:mismatch",
                    f"{show(text)} != {show(refs)} (similarity {similarity:.0f})")
    if approach == "must_include":
        return _must_include(text, _items(value), users)
    return _fuzzy(text, _items(value), users)


def _includes(text: str, alternatives: list[str], users: list[str]) -> str:
    """'yes', 'negated' or 'no': is one alternative a non-negated whole-word phrase?"""
    answer_tokens = tokens(text)
    negated = False
    for alt in alternatives:
        if is_self_word(text) and any(same_text(alt, u) for u in users):
            return "yes"
        ref_tokens = tokens(alt)
        starts = find_phrase(answer_tokens, ref_tokens)
        if not ref_tokens and not alt.strip():
            return "yes"
        if any(not negated_at(answer_tokens, s) for s in starts):
            return "yes"
        negated = negated or bool(starts)
    return "negated" if negated else "no"


def _must_include(text: str, items: list[str], users: list[str]) -> Verdict:
    results = {item: _includes(text, split_or(item), users) for item in items}
    negated = [i for i, r in results.items() if r == "negated"]
    missing = [i for i, r in results.items() if r == "no"]
    if negated:
        return fail("string:negated", f"{show(text)} negates {show(negated)}")
    if missing:
        return fail("string:missing-item", f"{show(missing)} not found in {show(text)}")
    return ok("string:all-included", f"all of {show(items)} appear in {show(text)}")


def _fuzzy(text: str, items: list[str], users: list[str]) -> Verdict:
    answer_norm = norm(text)
    answer_tokens = answer_norm.split()
    for item in items:
        best, why = 0.0, "mismatch"
        for alt in split_or(item):
            if same_text(alt, text) or (is_self_word(text) and any(same_text(alt, u)
                                                                   for u in users)):
                best, why = 100.0, ""
                break
            ref_tokens = tokens(alt)
            ratio = fuzz.token_set_ratio(" ".join(ref_tokens), answer_norm)
            if ratio < _FUZZY_THRESHOLD:
                best = max(best, ratio)
                continue
            if ({t for t in answer_tokens if t in NEGATIONS} - set(ref_tokens)
                    or has_negation(ref_tokens) != has_negation(answer_tokens)):
                why = "negated"
                continue
            if len(answer_tokens) > 3 * len(ref_tokens) + 20:
                why = "too-long"
                continue
            best, why = ratio, ""
            break
        if why == "negated":
            return fail("string:negated", f"{show(text)} resembles {show(item)} but negates it")
        if why == "too-long":
            return fail("string:too-long", f"{show(text)} is too long to match {show(item)}")
        if why:
            return fail("string:fuzzy-mismatch", f"{show(text)} vs {show(item)}: token-set "
                                                 f"similarity {best:.0f} < {_FUZZY_THRESHOLD}")
    return ok("string:fuzzy", f"{show(text)} matches {show(items)} (token-set similarity "
                              f">= {_FUZZY_THRESHOLD})")


# --- lenient lists ------------------------------------------------------------

def _pure_number(text: str) -> Mention | None:
    mentions = find_amounts(text)
    if len(mentions) != 1:
        return None
    others = [t for t in tokens(text) if not t.isdigit() and t not in NUMBER_WORDS
              and t not in {"usd", "dollars", "dollar", "eur", "gbp", "cents", "cent"}]
    return None if others else mentions[0]


def _item_match(alternatives: list[str], piece: str) -> bool:
    piece_tokens = tokens(piece)
    for alt in alternatives:
        if same_text(alt, piece):
            return True
        ref_tokens = tokens(alt)
        starts = find_phrase(piece_tokens, ref_tokens)
        if starts:
            start = starts[0]
            rest = piece_tokens[:start] + piece_tokens[start + len(ref_tokens):]
            if only_filler(rest) and not negated_at(piece_tokens, start):
                return True
        a, b = _pure_number(alt), _pure_number(piece)
        if a is not None and b is not None and to_cents(a.value) == to_cents(b.value):
            return True
    return False


def _strip_preamble(text: str) -> str:
    head, sep, tail = text.partition(":")
    if sep and tokens(tail) and len(tokens(head)) <= 10 and "//" not in tail[:2]:
        return tail
    return text


def _list_items(approach: str, value: Any) -> list[list[list[str]]]:
    """Candidate reference lists; each a list of items; each item its alternatives."""
    if isinstance(value, list):
        return [[split_or(v) for v in value]]
    if approach == "exact_match":
        return [[[seg.text.strip()] for seg in segments(alt)] for alt in split_or(value)]
    return [[split_or(seg.text.strip()) for seg in segments(str(value))]]


def _match_run(alternatives: list[str], body: str, segs: list[Any], used: list[bool]) -> bool:
    """Match a reference item against 2-5 consecutive unused segments (re-joined from the
    original text, so items containing a separator, like "Pots and Pans", still match)."""
    firsts = {t[0] for t in map(tokens, alternatives) if t}
    for j in range(len(segs)):
        if used[j] or not firsts.intersection(tokens(segs[j].text)):
            continue
        for k in range(j + 1, min(j + 5, len(segs))):
            if any(used[j : k + 1]):
                break
            if _item_match(alternatives, body[segs[j].start : segs[k].end]):
                used[j : k + 1] = [True] * (k + 1 - j)
                return True
    return False


def _match_list(text: str, items: list[list[str]], inclusive: bool) -> Verdict:
    body = _strip_preamble(text)
    segs = segments(body)
    used = [False] * len(segs)
    missing: list[str] = []
    matched: list[list[str]] = []
    for alternatives in items:
        found = False
        for j, seg in enumerate(segs):
            if not used[j] and _item_match(alternatives, seg.text):
                used[j] = found = True
                break
        if not found:
            found = _match_run(alternatives, body, segs, used)
        if not found and inclusive and _includes(text, alternatives, []) == "yes":
            found = True
        if found:
            matched.append(alternatives)
        else:
            missing.append(alternatives[0])
    extra = [
        seg.text.strip() for j, seg in enumerate(segs)
        if not used[j] and not only_filler(tokens(seg.text))
        and not any(_item_match(m, seg.text) for m in matched)
    ]
    wanted = [i[0] for i in items]
    if missing:
        return fail("list:missing-item", f"{show(missing)} missing from {show(text)}")
    if extra and not inclusive:
        return fail("list:extra-item", f"{show(text)} has items beyond {show(wanted)}: "
                                       f"{show(extra)}")
    if inclusive:
        return ok("list:all-included", f"all of {show(wanted)} are in {show(text)}")
    return ok("list:equal", f"{show(text)} has exactly the items {show(wanted)}")


def _list(text: str, approach: str, value: Any) -> Verdict:
    inclusive = approach != "exact_match"
    candidates = _list_items(approach, value)
    verdicts = [_match_list(text, items, inclusive) for items in candidates if items]
    if not verdicts:
        return error("bad-reference", f"empty reference list {show(value)}")
    return next((v for v in verdicts if v.passed), verdicts[0])


# --- lenient typed scalars ----------------------------------------------------

@dataclass(frozen=True)
class _Kind:
    """How one answer type reads, compares and prints its values."""

    name: str
    parse_ref: Callable[[str, EvalContext | None], Any]
    extract: Callable[[str, Any, EvalContext | None], list[Any]]
    equal: Callable[[Any, Any], str | None]
    show: Callable[[Any], str] = str


@dataclass(frozen=True)
class _Num:
    value: Any  # Decimal
    decimals: int

    def __str__(self) -> str:
        return format(self.value.normalize(), "f")


def _distinct(values: list[Any], key: Callable[[Any], Any] = lambda v: v) -> list[Any]:
    seen, result = set(), []
    for value in values:
        k = key(value)
        if k not in seen:
            seen.add(k)
            result.append(value)
    return result


def _num_ref(text: str, context: EvalContext | None) -> _Num | None:
    found = _distinct([_Num(m.value, m.decimals) for m in find_numbers(text)],
                      key=lambda n: n.value)
    return found[0] if len(found) == 1 else None


def _num_extract(text: str, hint: Any, context: EvalContext | None) -> list[_Num]:
    return _distinct([_Num(m.value, m.decimals) for m in find_numbers(text)],
                     key=lambda n: n.value)


def _num_equal(answer: _Num, ref: _Num) -> str | None:
    a, r = float(answer.value), float(ref.value)
    if math.isclose(a, r, rel_tol=1e-9, abs_tol=1e-9):
        return "equal"
    if answer.decimals > ref.decimals >= 1:
        if round(answer.value, ref.decimals) == ref.value:
            return "rounded"
    return None


def _money_ref(text: str, context: EvalContext | None) -> tuple[Any, str | None] | None:
    found = _distinct([(to_cents(m.value), m.currency) for m in find_amounts(text)],
                      key=lambda v: v[0])
    return found[0] if len(found) == 1 else None


def _money_extract(text: str, hint: Any, context: EvalContext | None) -> list[Any]:
    return _distinct([(to_cents(m.value), m.currency) for m in find_amounts(text)])


def _money_equal(answer: Any, ref: Any) -> str | None:
    if answer[0] != ref[0]:
        return None
    if answer[1] and ref[1] and answer[1] != ref[1]:
        return None
    return "equal"


def _money_show(value: Any) -> str:
    return f"{value[0]}" + (f" {value[1]}" if value[1] else "")


def _date_ref(text: str, context: EvalContext | None) -> Any:
    return parse_date(text)


def _date_extract(text: str, hint: Any, context: EvalContext | None) -> list[Any]:
    return find_dates(text)


def _same(answer: Any, ref: Any) -> str | None:
    return "equal" if answer == ref else None


def _month_ref(text: str, context: EvalContext | None) -> Month | None:
    found = find_months(text, need_year=False)
    return found[0] if len(found) == 1 else None


def _month_extract(text: str, hint: Any, context: EvalContext | None) -> list[Month]:
    return find_months(text, need_year=False)


def _month_equal(answer: Month, ref: Month) -> str | None:
    if answer.month != ref.month:
        return None
    return "equal" if ref.year is None or answer.year == ref.year else None


def _duration_ref(text: str, context: EvalContext | None) -> Duration | None:
    found = find_durations(text)
    return found[0] if len(found) == 1 and found[0].unit else None


def _duration_extract(text: str, hint: Any, context: EvalContext | None) -> list[Duration]:
    return find_durations(text, default_unit=getattr(hint, "unit", None))


def _duration_equal(answer: Duration, ref: Duration) -> str | None:
    if answer.seconds != ref.seconds:
        return None
    return "unit-assumed" if answer.assumed else "equal"


_YES = frozenset({"yes", "true", "correct", "right", "yep", "yeah", "yup", "affirmative",
                  "indeed", "certainly", "definitely", "absolutely"})
_NO = frozenset({"no", "false", "incorrect", "wrong", "nope", "nah", "negative"})
_HEDGES = re.compile(
    r"\b(?:not\s+(?:sure|certain|clear)|unsure|uncertain|unknown|unclear|"
    r"(?:do|did|does)\s+not\s+know|no\s+idea|can\s*not\s+(?:tell|say|determine)|"
    r"could\s+not\s+(?:tell|determine)|maybe|perhaps|possibly|probably)\b"
)
_FLIPPERS = NEGATIONS - {"no", "none"}
_CLAUSE = re.compile(r"[.,;:!?\n]+|\bbut\b|\bhowever\b")


def find_booleans(text: str) -> list[bool]:
    """Yes/no values stated in ``text``; a negation just before a polar word flips it.

    With no polar word, a negation ("it is not in stock") reads as "no"; a text with
    neither, or a hedge ("not sure", "I don't know", "maybe"), reads as nothing.
    """
    whole = tokens(text)
    if _HEDGES.search(" ".join(whole)):
        return []  # "not sure", "I don't know": no answer either way
    if whole in (["y"], ["n"]):
        return [whole == ["y"]]
    values: list[bool] = []
    for clause in _CLAUSE.split(fold(text)):
        toks = tokens(clause)
        for i, tok in enumerate(toks):
            if tok in _YES or tok in _NO:
                value = tok in _YES
                if any(t in _FLIPPERS for t in toks[max(0, i - 3) : i]):
                    value = not value
                values.append(value)
    if not values and has_negation(whole):
        values.append(False)
    return _distinct(values)


def _bool_ref(text: str, context: EvalContext | None) -> bool | None:
    found = find_booleans(text)
    return found[0] if len(found) == 1 else None


def _bool_extract(text: str, hint: Any, context: EvalContext | None) -> list[bool]:
    return find_booleans(text)


def _bool_show(value: bool) -> str:
    return "yes" if value else "no"


def _url_ref(text: str, context: EvalContext | None) -> NormalUrl | None:
    return normalize_url(text, context) if text.strip() else None


def _url_extract(text: str, hint: Any, context: EvalContext | None) -> list[NormalUrl]:
    base = f"http://{hint.host}" if isinstance(hint, NormalUrl) and hint.host else ""
    return _distinct([normalize_url(u, context, base=base) for u in urls_in_text(text)])


_KINDS: dict[str, _Kind] = {
    "number": _Kind("number", _num_ref, _num_extract, _num_equal),
    "currency": _Kind("currency", _money_ref, _money_extract, _money_equal, _money_show),
    "date": _Kind("date", _date_ref, _date_extract, _same, lambda d: d.isoformat()),
    "month": _Kind("month", _month_ref, _month_extract, _month_equal),
    "duration": _Kind("duration", _duration_ref, _duration_extract, _duration_equal),
    "boolean": _Kind("boolean", _bool_ref, _bool_extract, _same, _bool_show),
    "url": _Kind("url", _url_ref, _url_extract, _same),
}


_QUANTITIES = frozenset({"number", "currency", "date", "month", "duration"})
_VALUE_START = (r"(?:[$€£¥]|us\$|usd|eur|gbp|\d|\.\d|"
                r"(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                r"twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|a\s+dozen)\b|"
                r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)")
_QUALIFIED = re.compile(
    r"(?:\bnot|\bnever|\bmore\s+than|\bless\s+than|\bfewer\s+than|\bgreater\s+than|"
    r"\bat\s+least|\bat\s+most|\bup\s+to|\bover|\bunder|\bbelow|\babove|"
    r"\bbefore|\bafter|\bother\s+than|\brather\s+than|\binstead\s+of)"
    r"\s+(?:(?:exactly|quite|just|only|the|on|in|an?)\s+)?" + _VALUE_START
)
_QUALIFIED_AFTER = re.compile(
    r"\d\s*(?:\+(?!\s*\d)|or\s+(?:more|less|fewer|greater|higher|lower|above|below|"
    r"over|under|so)\b|(?:and|or)\s+(?:up|down|above|below|over|under)\b)"
)
"""A value stated as a bound or negated ("not 12", "more than $5", "before March 2024",
"5 or more", "5+")."""


def _typed(
    kind: _Kind, text: str, approach: str, value: Any, context: EvalContext | None
) -> Verdict:
    groups: list[list[Any]] = []
    for item in _items(value):
        parsed = []
        for alt in split_or(item):
            ref = kind.parse_ref(alt, context)
            if ref is None:
                return error("bad-reference", f"cannot read reference {show(alt)} as one "
                                              f"{kind.name}")
            parsed.append(ref)
        groups.append(parsed)
    values = kind.extract(text, groups[0][0], context)
    wanted = " and ".join(" | ".join(kind.show(r) for r in g) for g in groups)
    if not values:
        return fail(f"{kind.name}:unparsed", f"no {kind.name} found in {show(text)} "
                                             f"(expected {wanted})")
    found = ", ".join(kind.show(v) for v in values)
    hows: list[str] = []
    for group in groups:
        how = next((h for v in values for r in group if (h := kind.equal(v, r))), None)
        if how is None:
            return fail(f"{kind.name}:mismatch", f"answer {show(text)} reads as {found}; "
                                                 f"expected {wanted}")
        hows.append(how)
    extra = [v for v in values if not any(kind.equal(v, r) for g in groups for r in g)]
    if extra:
        others = ", ".join(kind.show(v) for v in extra)
        return fail(f"{kind.name}:ambiguous", f"answer {show(text)} gives {wanted} but also "
                                              f"{others}")
    folded = fold(text)
    if kind.name in _QUANTITIES and (q := _QUALIFIED.search(folded)
                                     or _QUALIFIED_AFTER.search(folded)):
        if not any(_QUALIFIED.search(fold(alt)) for item in _items(value)
                   for alt in split_or(item)):
            return fail(f"{kind.name}:qualified", f"answer {show(text)} gives {wanted} only "
                                                  f"as {show(q.group(0).strip())}, not as the "
                                                  f"value")
    how = next((h for h in hows if h != "equal"), "equal")
    return ok(f"{kind.name}:{how}", f"answer {show(text)} reads as {found} == {wanted}")
