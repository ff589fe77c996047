"""Lenient ``string`` answers: the reference as a phrase of a short answer.

``exact_match`` accepts the reference said in a short sentence; ``must_include`` wants
each item as a non-negated whole-word phrase; ``fuzzy_match`` compares by similarity.
"""

from __future__ import annotations

import bisect
import re
from typing import Any

from rapidfuzz import fuzz

from . import fuzzy
from .context import EvalContext, is_self_word
from .strict import items_of
from .text import (
    APPROXIMATELY,
    ASIDE,
    FILLER,
    NEGATIONS,
    WEEKDAY_ABBREVIATIONS,
    WEEKDAYS,
    clause_break,
    fold,
    has_negation,
    negated_in_clause,
    norm,
    phrase_spans,
    quantity_remark,
    same_inflection,
    same_text,
    segments,
    split_or,
    token_regex,
    tokens,
)
from .urls import URL_IN_TEXT
from .verdict import Verdict, fail, ok, show

_MAX_EXTRA_WORDS = 15
"""A short answer may have this many words besides the reference phrase."""
_SENTINEL = "qqrefqq"
CLAUSE_START = frozenset(
    {
        "which",
        "who",
        "whom",
        "whose",
        "that",
        "where",
        "when",
        "with",
        "costing",
        "costs",
        "priced",
        "at",
        "for",
        "because",
        "since",
        "as",
        "in",
        "on",
        "from",
        "by",
        "it",
        "its",
        "he",
        "she",
        "they",
        "this",
        "has",
        "had",
        "having",
        "created",
        "posted",
        "shipped",
        "delivered",
        "released",
        "merged",
        "opened",
        "closed",
        "updated",
        "joined",
        "published",
        "sold",
        "bought",
        "ordered",
        "placed",
        "via",
        "using",
        "under",
        "i",
        "you",
        "we",
        "if",
        "although",
        "though",
        "but",
        "so",
        "to",
        "of",
        "according",
        "based",
        "judging",
        "going",
        "source",
        "sources",
        "per",
    }
)


def _usernames(context: EvalContext | None) -> list[str]:
    return sorted(set(context.users.values())) if context is not None and context.users else []


def _token_pattern(token: str, inflect: bool) -> str:
    """Regex for one reference token; with ``inflect``, also its -d/-ed forms (a weekday's
    plural and abbreviations: "Wednesdays", "Wed")."""
    if not inflect or len(token) < 4:
        return token_regex(token)
    forms = {token, token + "d", token + "ed"}
    if token in WEEKDAYS:
        forms |= {token + "s", *WEEKDAY_ABBREVIATIONS[token]}
    if token.endswith("ed") and len(token) >= 6:
        forms |= {token[:-1], token[:-2]}
    elif token.endswith("d") and len(token) >= 5:
        forms.add(token[:-1])
    return "(?:" + "|".join(map(re.escape, sorted(forms, key=len, reverse=True))) + ")"


def _mark_reference(
    text: str, ref_tokens: list[str], inflect: bool = False, ref: str = ""
) -> str | None:
    """Folded ``text`` with each whole-word occurrence of the reference replaced by a
    sentinel word (``inflect``: up to a -d/-ed ending), or None if it does not occur.

    The punctuation ``ref`` opens or closes with ("(615) 555-0194") goes with it, so a
    bracket of the reference's own does not cut it off from a negation before it."""
    folded_ref = fold(ref).strip()
    lead = re.match(r"[^\w\s]*", folded_ref)
    trail = re.search(r"[^\w\s]*$", folded_ref)
    pattern = (
        r"(?<![^\W_])"
        + (f"(?:{re.escape(lead.group(0))})?" if lead and lead.group(0) else "")
        + r"[\W_]+".join(_token_pattern(t, inflect) for t in ref_tokens)
        + r"(?![^\W_])"
        + (f"(?:{re.escape(trail.group(0))})?" if trail and trail.group(0) else "")
    )
    folded = fold(text)
    marked, count = re.subn(pattern, f" {_SENTINEL} ", folded)
    return marked if count else None


_US_STATES = frozenset(
    [
        "alabama",
        "al",
        "alaska",
        "ak",
        "arizona",
        "az",
        "arkansas",
        "ar",
        "california",
        "ca",
        "colorado",
        "co",
        "connecticut",
        "ct",
        "delaware",
        "de",
        "florida",
        "fl",
        "georgia",
        "ga",
        "hawaii",
        "hi",
        "idaho",
        "id",
        "illinois",
        "il",
        "indiana",
        "in",
        "iowa",
        "ia",
        "kansas",
        "ks",
        "kentucky",
        "ky",
        "louisiana",
        "la",
        "maine",
        "me",
        "maryland",
        "md",
        "massachusetts",
        "ma",
        "michigan",
        "mi",
        "minnesota",
        "mn",
        "mississippi",
        "ms",
        "missouri",
        "mo",
        "montana",
        "mt",
        "nebraska",
        "ne",
        "nevada",
        "nv",
        "ohio",
        "oh",
        "oklahoma",
        "ok",
        "oregon",
        "or",
        "pennsylvania",
        "pa",
        "tennessee",
        "tn",
        "texas",
        "tx",
        "utah",
        "ut",
        "vermont",
        "vt",
        "virginia",
        "va",
        "washington",
        "wa",
        "wisconsin",
        "wi",
        "wyoming",
        "wy",
        "dc",
        "usa",
        "us",
    ]
)
_TWO_WORD_STATES = frozenset(
    {
        "new hampshire",
        "new jersey",
        "new mexico",
        "new york",
        "north carolina",
        "north dakota",
        "rhode island",
        "south carolina",
        "south dakota",
        "west virginia",
        "united states",
        "district of columbia",
    }
)
_GENERIC_AFTER = frozenset(
    {
        "shipping",
        "delivery",
        "status",
        "order",
        "orders",
        "product",
        "products",
        "brand",
        "code",
        "coupon",
        "category",
        "method",
        "option",
        "city",
        "store",
        "shop",
        "item",
    }
)


_ZIP = re.compile(r"(?:^|\s)\d{5}(?:\s\d{4})?$")
"""A ZIP code after a state ("GA 30303", "CT 06516-3890")."""


def _qualifier(segment: str) -> bool:
    """Whether a list segment is a place qualifier ("TX", "Texas", "USA", "GA 30303")
    rather than a competing answer."""
    text = _ZIP.sub("", " ".join(tokens(segment))).strip()
    return not text or text in _US_STATES or text in _TWO_WORD_STATES


_RUNNER_UP = frozenset({"followed", "ahead", "beating"})
"""First words of a clause that ranks another below the answer ("X (9), followed by Y
(7)", "X, ahead of Y"): a runner-up, not a rival."""


_CODE = re.compile(r"(?<![\w.-])[a-z0-9]+(?:[-_.][a-z0-9]+)*(?![\w-])", re.IGNORECASE)


def _code(text: str) -> bool:
    """Whether ``text`` is a code: letters and digits in one token of six or more
    characters ("1ZBT59EGYUBGUK1WA9", "EL-60710", "v0.3.0")."""
    return (
        len(text) >= 6
        and any(c.isdigit() for c in text)
        and any(c.isalpha() for c in text)
        and _CODE.fullmatch(text) is not None
    )


def _competitor(
    marked: str,
    ref_len: int,
    remarks: frozenset[tuple[str, ...]] = frozenset(),
    *,
    code: bool = False,
    digits: bool = False,
    letters: bool = False,
) -> str | None:
    """A list segment besides the reference's that looks like a competing answer
    (``remarks``: the tokens of the answer's figures said beside it, which are not; nor
    is a runner-up ranked below the reference after it). A clause about the reference
    ("shipped 2024-05-03") is no rival, unless the reference is a code and the clause
    holds another ("..., shipped with 1Z9CCCZLUDG6CRXLJG"). Figures that end a remark in
    brackets after a reference without digits ("X (commit 3f2a1c9, 2024-03-02)") are
    part of the remark; after a reference with digits (``digits``), a figure in brackets
    said with a word ("(2 items)"), or any figure when the reference has ``letters`` too
    (a username: "davidt63 (karma 1,024)"), is too."""
    seen_reference = False
    for seg in segments(marked):
        toks = tokens(seg.text)
        if _SENTINEL in toks:
            seen_reference = True
            continue
        in_aside = seen_reference and marked.count("(", 0, seg.start) > marked.count(
            ")", 0, seg.start
        )
        if in_aside and not digits and all(any(c.isdigit() for c in t) for t in toks):
            continue  # figures ending a remark in brackets: "X (commit 3f2a1c9, 2024-03-02)"
        if (
            in_aside
            and digits
            and quantity_remark(seg.text)
            and (letters or any(c.isalpha() for c in seg.text))
        ):
            continue  # a figure said of it: "davidt63 (karma 1,024)", "100576 (2 items)"
        content = [t for t in toks if t not in FILLER]
        if code and any(_code(m.group(0)) for m in _CODE.finditer(seg.text)):
            return seg.text.strip()
        if not content or content[0] in CLAUSE_START or toks[0] in CLAUSE_START:
            continue
        if toks[0] in NEGATIONS:
            continue  # "X, not Y": an exclusion, not a rival
        if seen_reference and toks[0] in _RUNNER_UP:
            continue  # "X (9), followed by Y (7)"
        if seen_reference and _qualifier(seg.text):
            continue
        if tuple(toks) in remarks:
            continue  # "Alex Chen, 14 commits": evidence beside a name, not a rival
        if len(_content_outside_asides(seg.text) or content) <= max(4, 2 * ref_len):
            return seg.text.strip()
    return None


_DASH_REMARK = re.compile(r"\s[-–—]\s")


def _content_outside_asides(piece: str) -> list[str]:
    """The content words of ``piece`` outside brackets and before a spaced dash: a rival is
    as long as its name, whatever remark follows it ("Kai Weber (checked on the site)",
    "Kai Weber - checked on the site")."""
    head = _DASH_REMARK.split(ASIDE.sub(" ", piece), maxsplit=1)[0]
    return [t for t in tokens(head) if t not in FILLER]


_NAME_AFTER = re.compile(r"[ \t]*[-–]?[ \t]*(\w+)")
_GLUED_AFTER = re.compile(r"[-./_+][^\W_]")
_GLUED_BEFORE = re.compile(r"[^\W_][-./_+]$")


def _extended(text: str, alt: str) -> bool:
    """Whether the reference occurs only as part of a longer name: directly followed by a
    number ("The Hobbit 2") or a capitalized word ("Saltmarsh Wok Lid"), or joined to
    more letters or digits by a dash, dot, slash or underscore ("v0.3.0-rc1")."""
    ref_tokens = tokens(alt)
    pattern = (
        r"(?<![^\W_])" + r"[\W_]+".join(_token_pattern(t, True) for t in ref_tokens) + r"(?![^\W_])"
    )
    upper = text.upper() == text
    found = False
    for match in re.finditer(pattern, fold(text)):
        found = True
        if _GLUED_AFTER.match(text, match.end()) or _GLUED_BEFORE.search(
            text, max(0, match.start() - 2), match.start()
        ):
            continue  # one longer code or word: "v0.3.0-rc1", "v0.3.0.1", "EL-60710-B"
        after = _NAME_AFTER.match(text, match.end())
        if after is None or text[match.end() : after.start(1)].strip() not in ("", "-"):
            return False
        word = after.group(1)
        if word.isdigit() or word.upper() in ("II", "III", "IV"):
            continue
        if (
            not upper
            and word[:1].isupper()
            and fold(word) not in FILLER
            and fold(word) not in _GENERIC_AFTER
        ):
            continue
        return False
    return found


_BUT = re.compile(r"\bbut\b")


def _negated_clause(marked: str) -> bool:
    """Whether a clause holding the marked reference has a negation ("not the Wok",
    "the Wok is not it"); a negation in another clause ("X, not Y") does not count, nor
    one on the other side of a "but" ("not Developer but Reporter", "Reporter but not
    Developer"). Each clause is read once, so an answer naming the reference often stays
    linear."""
    return any(
        _SENTINEL in part and has_negation(t for t in tokens(part) if t != _SENTINEL)
        for clause in clause_break.split(marked)
        for part in _BUT.split(clause)
    )


_PLACE_AFTER = re.compile(
    r"\s+(?:away\s+)?(?:from|to|of)\s+(?:the\s+)?[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*){0,3}\W*$"
)


def _figure_remark(piece: str) -> bool:
    """Whether ``piece`` is only a figure said of the answer: a :func:`quantity_remark`
    ("14 commits"), also when estimated ("about 14 commits") or measured from a place
    ("457 km from Boston", "about 3 miles away from Fenway Park")."""
    bare = _PLACE_AFTER.sub("", APPROXIMATELY.sub(" ", piece), count=1)
    return quantity_remark(piece) or quantity_remark(bare)


_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")


def _bare_figure(piece: str) -> bool:
    """A :func:`quantity_remark` without a word: a number alone ("14", "$5.00")."""
    return quantity_remark(piece) and not any(c.isalpha() for c in piece)


def _figures(text: str, ref: str) -> frozenset[tuple[str, ...]]:
    """The tokens of each piece of ``text`` that is only a figure ("14 commits", "4.5
    stars", "about 457 km from Boston"), when the reference ``ref`` has no digits (a figure
    cannot rival it). Bare numbers are remarks only alone: "Alex Chen, 14" (or "1,234")
    says a count, while "Alex Chen, 100069, 100377" lists other candidates."""
    if any(c.isdigit() for c in ref):
        return frozenset()
    pieces = [s.text for s in segments(text) if _figure_remark(s.text)]
    bare = [s for s in segments(_THOUSANDS.sub("", text)) if _bare_figure(s.text)]
    if len(bare) > 1:
        pieces = [piece for piece in pieces if not _bare_figure(piece)]
    return frozenset(tuple(tokens(piece)) for piece in pieces)


_OUTDONE = re.compile(
    r"(?:\bthan|\bover|\binstead\s+of|\bahead\s+of|\bbeats?|\bbeat|\boutranks?|"
    r"\boutscores?|\boutsells?|\btops|>)\s+(?:the\s+|an?\s+)?" + _SENTINEL + r"\b"
)
_SENTENCE_BREAK = re.compile(r"[.;!?\n]\s")


def _only_outdone(marked: str) -> bool:
    """Whether the reference is named only as what another candidate is compared against
    ("W has a better rating than R", "W over R", "W (4.5) > R (3.8)"): each mention
    follows "than", "over", "instead of", "beats", ">" ... with a rival named before it in
    its sentence, and none is the subject of the comparison."""
    found = False
    starts = [0, *(m.end() for m in _SENTENCE_BREAK.finditer(marked))]
    for match in re.finditer(_SENTINEL, marked):
        start = starts[bisect.bisect_right(starts, match.start()) - 1]
        sentence = marked[start : match.end()]
        outdone = _OUTDONE.search(sentence)
        if outdone is None or outdone.end() != len(sentence):
            return False  # a mention that is no comparison's object
        before = [t for t in tokens(sentence[: outdone.start()]) if t not in FILLER]
        if not before or _SENTINEL in before:
            return False
        found = True
    return found


def _phrase_verdict(text: str, alternatives: list[str]) -> tuple[Verdict | None, str]:
    """Reference-as-phrase acceptance for exact_match; returns (pass verdict, failure rule)."""
    reason = ""
    for inflect in (False, True):
        for alt in alternatives:
            ref_tokens = tokens(alt)
            if not ref_tokens:
                continue
            marked = _mark_reference(text, ref_tokens, inflect, alt)
            if marked is None:
                continue
            rest = [t for t in tokens(marked) if t != _SENTINEL]
            if _negated_clause(marked) and not has_negation(ref_tokens):
                reason = reason or "negated"
                continue
            if _only_outdone(marked):
                reason = reason or "outdone"
                continue
            if len(rest) > _MAX_EXTRA_WORDS:
                reason = reason or "too-long"
                continue
            rival = _competitor(
                marked,
                len(ref_tokens),
                _figures(text, alt),
                code=_code(alt),
                digits=any(c.isdigit() for c in alt),
                letters=any(c.isalpha() for c in alt),
            )
            if rival is not None:
                reason = "ambiguous"
                continue
            if _extended(text, alt):
                reason = reason or "extended"
                continue
            how = "an inflected phrase" if inflect else "a phrase"
            return ok(
                "string:phrase", f"reference {show(alt)} is {how} of the short answer {show(text)}"
            ), ""
        if reason:
            break
    return None, reason


SURNAME_FIRST = re.compile(
    r"^\s*([^\W\d][\w'.-]*(?:\s+[^\W\d][\w'.-]*)?),\s*"
    r"([^\W\d][\w'.-]*(?:\s+[^\W\d][\w'.-]*)?)\s*\.?\s*$"
)
"""A name written surname first: "Wilson, Mark", "Linder-Norén, Erik"."""


def check_string(
    text: str, approach: str, value: Any, context: EvalContext | None, *, answer: bool = True
) -> Verdict:
    """Lenient ``string`` check of ``text`` against one approach's reference ``value``.

    With ``answer=False`` the text is page content, not an answer: other items on the
    page are expected, so pieces besides the reference items are not counted as extra.
    """
    users = _usernames(context)
    self_answer = is_self_word(text)
    if approach == "exact_match":
        ref = ", ".join(items_of(value)) if isinstance(value, list) else str(value)
        alternatives = split_or(ref)
        for alt in alternatives:
            if same_text(alt, text):
                return ok("string:equal", f"{show(text)} equals {show(alt)} after normalization")
            if self_answer and any(same_text(alt, u) for u in users):
                return ok("string:myself", f"{show(text)} means the logged-in user {show(alt)}")
            if (m := SURNAME_FIRST.match(text)) and same_text(alt, f"{m[2]} {m[1]}"):
                return ok(
                    "string:name-order", f"{show(text)} is the name {show(alt)}, surname first"
                )
        for alt in alternatives:
            if same_inflection(alt, text):
                return ok(
                    "string:inflection",
                    f"{show(text)} equals {show(alt)} up to an ending (-d/-ed, or a weekday's -s)",
                )
        verdict, reason = _phrase_verdict(text, alternatives)
        if verdict is not None:
            return verdict
        refs = " | ".join(alternatives)
        if reason == "negated":
            return fail("string:negated", f"{show(text)} names {show(refs)} but negates it")
        if reason == "outdone":
            return fail(
                "string:outdone",
                f"{show(text)} names {show(refs)} only as what another is compared against",
            )
        if reason == "ambiguous":
            return fail(
                "string:ambiguous", f"{show(text)} names {show(refs)} alongside other candidates"
            )
        if reason == "extended":
            return fail(
                "string:extended", f"{show(text)} names {show(refs)} only as part of a longer name"
            )
        if reason == "too-long":
            return fail(
                "string:too-long",
                f"{show(text)} contains {show(refs)} but is too long to be that answer",
            )
        similarity = max(fuzz.ratio(norm(a), norm(text)) for a in alternatives)
        return fail(
            "string:mismatch", f"{show(text)} != {show(refs)} (similarity {similarity:.0f})"
        )
    if approach == "must_include":
        return _must_include(text, items_of(value), users, answer)
    return _fuzzy(text, items_of(value), users, answer)


_SIGNED_NUMBER = re.compile(r"[-−+]?\d[\d,]*(?:\.\d+)?")
_MINUS_BEFORE = re.compile(r"(?:(?<![^\W_])-|−\s*|\b(?:minus|negative)\s+)$")
_SOUTH_OR_WEST_AFTER = re.compile(r"\s*°?\s*[sw]\b")


def _sign_agrees(alt: str, folded: str, span: tuple[int, int]) -> bool:
    """Whether the figure at ``span`` of ``folded`` (the folded answer) has the sign of the
    reference ``alt``, when that is a number. Phrases match word by word, which drops a
    minus, but "79.939" does not state "-79.939", nor "-40.442" state "40.442". A minus
    touches its figure ("-79.939", or "−" or "minus" before it; "Score - 5" is a dash), and
    a negative reference is also stated by a bearing after it ("79.939° W", "12.5 S"), as
    coordinates are written. A reference that is not a number always agrees."""
    reference = alt.strip()
    if not _SIGNED_NUMBER.fullmatch(reference):
        return True
    start, end = span
    negative = bool(_MINUS_BEFORE.search(folded[:start]))
    if reference[0] in "-−":
        return negative or bool(_SOUTH_OR_WEST_AFTER.match(folded, end))
    return not negative


def _inside_url(alt: str, folded: str, span: tuple[int, int]) -> bool:
    """Whether ``span`` of ``folded`` lies inside a URL (as :data:`~.urls.URL_IN_TEXT`
    finds them) while the reference ``alt`` is no URL, host or path: a post's address that
    spells its title ("…/the-hobbit-to-my-daughter") does not state the title "The
    Hobbit"."""
    if "/" in alt or URL_IN_TEXT.search(alt):
        return False
    start, end = span
    return any(m.start() <= start and end <= m.end() for m in URL_IN_TEXT.finditer(folded))


def includes(text: str, alternatives: list[str], users: list[str]) -> str:
    """'yes', 'negated' or 'no': is one alternative a non-negated whole-word phrase?"""
    folded = fold(text)
    negated = False
    for alt in alternatives:
        if is_self_word(text) and any(same_text(alt, u) for u in users):
            return "yes"
        ref_tokens = tokens(alt)
        if not ref_tokens and not alt.strip():
            return "yes"
        spans = [
            span
            for span in phrase_spans(text, ref_tokens)
            if _sign_agrees(alt, folded, span) and not _inside_url(alt, folded, span)
        ]
        if any(not negated_in_clause(folded[:start]) for start, _ in spans):
            return "yes"
        negated = negated or bool(spans)
    return "negated" if negated else "no"


def extra_items(text: str, items: list[str], *, fuzzy_items: bool = False) -> list[str]:
    """Pieces of a list-shaped answer that name something besides the reference items.

    The answer is split at list separators; a piece is extra when it contains none of the
    items (nor is contained in one) and reads as an item: it has content words, does not
    start a clause ("which...", "because..."), is no longer than the longest item plus two
    words, and is not a place qualifier ("TX") unless the items are places themselves.
    With ``fuzzy_items``, a piece that fuzzily matches an item is not extra either.
    """
    alternatives = [alt for item in items for alt in split_or(item)]
    longest = max((len(tokens(a)) for a in alternatives), default=1)
    folded_refs = [norm(a) for a in alternatives]
    places = any(_qualifier(a) for a in alternatives)
    extra = []
    for seg in segments(text):
        toks = tokens(seg.text)
        content = [t for t in toks if t not in FILLER]
        if not content or toks[0] in CLAUSE_START or content[0] in CLAUSE_START:
            continue
        if len(_content_outside_asides(seg.text) or content) > longest + 2 or (
            _qualifier(seg.text) and not places
        ):
            continue
        piece = " ".join(toks)
        if any(f" {r} " in f" {piece} " or f" {piece} " in f" {r} " for r in folded_refs):
            continue
        if any(includes(seg.text, [a], []) == "yes" for a in alternatives):
            continue  # the item written otherwise ("457 km" for "457km")
        if fuzzy_items and any(not fuzzy.compare(a, seg.text)[0] for a in alternatives):
            continue
        extra.append(seg.text.strip())
    return extra


def _must_include(text: str, items: list[str], users: list[str], answer: bool) -> Verdict:
    results = {item: includes(text, split_or(item), users) for item in items}
    negated = [i for i, r in results.items() if r == "negated"]
    missing = [i for i, r in results.items() if r == "no"]
    if negated:
        return fail("string:negated", f"{show(text)} negates {show(negated)}")
    if missing:
        return fail("string:missing-item", f"{show(missing)} not found in {show(text)}")
    if answer and len(items) > 1 and (extra := extra_items(text, items)):
        return fail("string:extra-item", f"{show(text)} lists {show(extra)} besides {show(items)}")
    return ok("string:all-included", f"all of {show(items)} appear in {show(text)}")


def _fuzzy(text: str, items: list[str], users: list[str], answer: bool) -> Verdict:
    answer_tokens = tokens(text)
    if answer and len(items) > 1 and (extra := extra_items(text, items, fuzzy_items=True)):
        return fail("string:extra-item", f"{show(text)} lists {show(extra)} besides {show(items)}")
    reference_words = sum(len(tokens(item)) for item in items)
    if len(answer_tokens) > 3 * reference_words + 20:
        return fail("string:too-long", f"{show(text)} is too long to match {show(items)}")
    for item in items:
        best, why = 0.0, "mismatch"
        for alt in split_or(item):
            if same_text(alt, text) or (
                is_self_word(text) and any(same_text(alt, u) for u in users)
            ):
                best, why = 100.0, ""
                break
            why, similarity = fuzzy.compare(alt, text)
            best = max(best, similarity)
            if not why:
                break
        if why == "negated":
            return fail("string:negated", f"{show(text)} resembles {show(item)} but negates it")
        if why == "value":
            return fail(
                "string:value-mismatch", f"{show(text)} does not state the values of {show(item)}"
            )
        if why:
            return fail(
                "string:fuzzy-mismatch",
                f"{show(text)} vs {show(item)}: word similarity {best:.0f} < {fuzzy.THRESHOLD}",
            )
    return ok(
        "string:fuzzy",
        f"{show(text)} matches {show(items)} (values equal, word similarity >= {fuzzy.THRESHOLD})",
    )
