"""Lenient ``list`` answers: items split at their boundaries and matched one by one."""

from __future__ import annotations

import re
from typing import Any

from .numbers import NUMBER_WORDS, Mention, find_amounts, find_numbers, to_cents
from .phrases import CLAUSE_START, SURNAME_FIRST, check_string, extra_items, includes
from .text import (
    ASIDE,
    NEGATIONS,
    NOT_A_REMARK,
    find_phrase,
    negated_at,
    only_filler,
    quantity_remark,
    same_text,
    segments,
    split_or,
    tokens,
)
from .verdict import Verdict, error, fail, ok, show


def _pure_number(text: str) -> Mention | None:
    mentions = find_amounts(text)
    if len(mentions) != 1:
        return None
    others = [
        t
        for t in tokens(text)
        if not t.isdigit()
        and t not in NUMBER_WORDS
        and t not in {"usd", "dollars", "dollar", "eur", "gbp", "cents", "cent"}
    ]
    return None if others else mentions[0]


_DASH_REMARK = re.compile(r"\s[-–—]\s")
"""A spaced dash after an item, before a remark ("David M. - checked on the site")."""


_ALL_NAMED = re.compile(
    r"^\W*(?:(?:nobody|no\s*one|none|nothing|no\s+others?)\s+(?:else|other|more)|"
    r"that(?:['’]s|\s+is)\s+(?:all|it))\W*$",
    re.IGNORECASE,
)
"""A closing piece that says the list is complete ("and nobody else", "that's all")."""


def _remark_clause(piece: str) -> bool:
    """Whether a piece after the items is a clause about them that names nothing else
    ("according to the site", "source: the reviews page", "and nobody else"; not "with
    Victor J.")."""
    text = piece.strip()
    if _ALL_NAMED.match(text):
        return True
    return tokens(text)[0] in CLAUSE_START and not NOT_A_REMARK.search(text[1:])


def _item_match(alternatives: list[str], piece: str) -> bool:
    if _bare_item_match(alternatives, piece):
        return True
    # An item said with a remark in brackets ("Julian W. (4 stars)") is the item, unless
    # the piece negates something ("Julian W. (not Emma L.)") or an aside names another
    # candidate or hedges ("Emma L. (also possibly Victor J.)").
    asides = [m.group(1) if m.group(1) is not None else m.group(2) for m in ASIDE.finditer(piece)]
    head, *remark = _DASH_REMARK.split(ASIDE.sub(" ", piece), maxsplit=1)
    asides += remark  # "David M. - checked on the site": a remark after a dash
    if not asides or any(NOT_A_REMARK.search(aside) for aside in asides):
        return False
    return not any(t in NEGATIONS for t in tokens(piece)) and _bare_item_match(alternatives, head)


def _bare_item_match(alternatives: list[str], piece: str) -> bool:
    piece_tokens = tokens(piece)
    for alt in alternatives:
        if same_text(alt, piece):
            return True
        ref_tokens = tokens(alt)
        starts = find_phrase(piece_tokens, ref_tokens)
        if starts:
            start = starts[0]
            rest = piece_tokens[:start] + piece_tokens[start + len(ref_tokens) :]
            if only_filler(rest) and not negated_at(piece_tokens, start):
                return True
        a, b = _pure_number(alt), _pure_number(piece)
        if a is not None and b is not None and to_cents(a.value) == to_cents(b.value):
            return True
    return False


_LEAD_END = frozenset(
    {"are", "is", "were", "was", "by", "has", "have", "had", "namely", "shows", "show"}
)
"""The word a lead-in clause ends with before the first item ("The moderators are X");
not "include": "the moderators include X and Y" need not name them all."""
_OPEN_END = re.compile(r"(?:\.{3,}|…)\W*$")
"""A list that trails off ("X, Y, ..."): more items than it names."""
_TAIL_START = frozenset(
    {"are", "were", "have", "had", "both", "each", "all", "together", "moderate", "approved"}
)
"""The word a closing clause starts with after the last item ("... and Y are the moderators")."""
_ARTICLES = frozenset({"the", "a", "an"})


def _framed_match(alternatives: list[str], piece: str, *, lead: bool, tail: bool) -> bool:
    """Whether ``piece`` is an item inside the sentence that frames the list: the first
    piece after a lead-in clause ("The moderators are falcon_ian"), the last one before a
    closing clause ("pine_beth are the moderators"). Neither clause may hold a negation."""
    piece_tokens = tokens(piece)
    for alt in alternatives:
        ref_tokens = tokens(alt)
        for start in find_phrase(piece_tokens, ref_tokens) if ref_tokens else []:
            before = piece_tokens[:start]
            after = piece_tokens[start + len(ref_tokens) :]
            if any(t in NEGATIONS for t in before + after):
                continue
            words = [t for t in before if t not in _ARTICLES]
            if lead and words and words[-1] in _LEAD_END and only_filler(after):
                return True
            if tail and after and after[0] in _TAIL_START and only_filler(before):
                return True
    return False


_DASH_LEAD = re.compile(r"^[^\n]*?\b(?:[a-z]+s|are|is|were|was)\s[-–—]\s")
"""A lead-in ended by a spaced dash, whose last word names the items (a lower-case
plural: "Space moderators - X, Y") or is a verb; an item before a dash ("Ember Whisk -
X, Y") is no lead-in."""


def _lead_in(text: str) -> tuple[str, str]:
    """The lead-in clause before the items ("The Music moderators:") and the rest; an
    empty lead-in when the answer has none."""
    head, sep, tail = text.partition(":")
    if sep and tokens(tail) and len(tokens(head)) <= 10 and "//" not in tail[:2]:
        return head, tail
    if (lead := _DASH_LEAD.match(text)) and len(tokens(lead.group(0))) <= 10:
        return lead.group(0), text[lead.end() :]
    return "", text


def _strip_preamble(text: str) -> str:
    return _lead_in(text)[1]


_COUNTED = re.compile(r"\s*(?:\)|[^\W\d_]|$)")
"""What follows a count in a lead-in: a noun ("3 items"), a closing bracket
("Moderators (3)"), or its end ("Top 3")."""


def _stated_count(text: str, items: list[list[str]]) -> int | None:
    """How many items the lead-in of a list answer says it has ("3 items: A, B", "Two
    customers share it: X and Y", "Moderators (3): ..."), or None when it says no number
    or several, or is no lead-in: it names an item or opens a bracket ("Amelia H. (5
    stars: ...)")."""
    head = _lead_in(text)[0]
    head_tokens = tokens(head)
    if head.count("(") != head.count(")") or any(
        find_phrase(head_tokens, tokens(alt)) for item in items for alt in item
    ):
        return None
    counts = [
        m
        for m in find_numbers(head)
        if m.currency is None
        and not m.label
        and m.value == m.value.to_integral()
        and 0 <= m.value < 1000  # not a year ("Orders billed in 2024:")
        and _COUNTED.match(head, m.end)
    ]
    return int(counts[0].value) if len(counts) == 1 else None


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


_LAST_WORD = re.compile(r"[^\W_]+(?=\W*$)")


def _without_shared_noun(body: str, items: list[list[str]]) -> str | None:
    """``body`` without the noun said after every item ("the front view, the back view and
    the top view" lists front, back and top), when no reference item has that word; None
    when the items share no such noun."""
    segs = segments(body)
    ends = [_LAST_WORD.search(seg.text) for seg in segs]
    if len(segs) < 2 or any(end is None for end in ends):
        return None
    words = {tokens(end.group(0))[0] for end in ends if end and tokens(end.group(0))}
    reference = {t for item in items for alt in item for t in tokens(alt)}
    if len(words) != 1 or words & reference or len(tokens(segs[0].text)) < 2:
        return None
    cut, pos = [], 0
    for seg, end in zip(segs, ends, strict=True):
        assert end is not None
        cut += [body[pos : seg.start + end.start()], body[seg.start + end.end() : seg.end]]
        pos = seg.end
    return "".join(cut) + body[pos:]


def _match_list(text: str, items: list[list[str]], inclusive: bool) -> Verdict:
    verdict = _match_body(text, _strip_preamble(text), items, inclusive)
    if not verdict.passed and (plain := _without_shared_noun(text, items)) is not None:
        verdict = _match_list(plain, items, inclusive)
    if verdict.passed or _strip_preamble(text) == text:
        return verdict
    # What looked like a lead-in may end the list instead ("X, Y; source: the page"):
    # the whole answer, read as a list, is stricter than its tail.
    whole = _match_body(text, text, items, inclusive)
    return whole if whole.passed else verdict


def _table_row(body: str, pos: int) -> int:
    """Where the markdown table row holding offset ``pos`` starts, or -1 off a table."""
    start = body.rfind("\n", 0, pos) + 1
    return start if body[start:].lstrip(" \t").startswith("|") else -1


def _table_column(body: str, pos: int) -> int:
    """Which cell of its markdown table row offset ``pos`` is in (-1 off a table)."""
    start = _table_row(body, pos)
    return (
        -1
        if start < 0
        else body.count("|", start, pos) - body[start:].lstrip(" \t").startswith("|")
    )


def _about_an_item(
    body: str, seg: Any, rows: set[int], columns: set[int], *, figures: bool
) -> bool:
    """Whether ``seg`` is a cell about an item in the item's table row: a figure (where
    the reference has none), or a cell naming nothing in a column without items."""
    if _table_row(body, seg.start) not in rows:
        return False
    if figures and quantity_remark(seg.text):
        return True
    return _table_column(body, seg.start) not in columns and not NOT_A_REMARK.search(seg.text)


def _match_body(text: str, body: str, items: list[list[str]], inclusive: bool) -> Verdict:
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
        if not found and len(segs) > 1:
            for j in (0, len(segs) - 1):
                if not used[j] and _framed_match(
                    alternatives, segs[j].text, lead=j == 0, tail=j == len(segs) - 1
                ):
                    used[j] = found = True
                    break
        if not found:
            found = _match_run(alternatives, body, segs, used)
        if not found and inclusive and includes(text, alternatives, []) == "yes":
            found = True
        if found:
            matched.append(alternatives)
        else:
            missing.append(alternatives[0])
    # A figure in a table row of a matched item is a column about it ("| Wok | $39.99 |"),
    # where the reference has no figures; so is a cell of such a row, in a column that
    # holds no item, that names nothing ("| Ryan Clark | ryan@example.com |").
    figures = not any(c.isdigit() for item in items for alt in item for c in alt)
    rows = {r for j, seg in enumerate(segs) if used[j] and (r := _table_row(body, seg.start)) >= 0}
    columns = {_table_column(body, seg.start) for j, seg in enumerate(segs) if used[j]}
    extra = [
        seg.text.strip()
        for j, seg in enumerate(segs)
        if not used[j]
        and not only_filler(tokens(seg.text))
        and not _remark_clause(seg.text)
        and not any(_item_match(m, seg.text) for m in matched)
        and not _about_an_item(body, seg, rows, columns, figures=figures)
    ]
    wanted = [i[0] for i in items]
    if missing:
        return fail("list:missing-item", f"{show(missing)} missing from {show(text)}")
    if (not inclusive or len(items) > 1) and _OPEN_END.search(body):
        return fail(
            "list:extra-item", f"{show(text)} trails off: it has items beyond {show(wanted)}"
        )
    if extra and not inclusive:
        return fail(
            "list:extra-item", f"{show(text)} has items beyond {show(wanted)}: {show(extra)}"
        )
    if (
        inclusive
        and len(items) > 1
        and (rivals := extra_items(body, [alt for item in items for alt in item]))
    ):
        return fail(
            "list:extra-item", f"{show(text)} has items beyond {show(wanted)}: {show(rivals)}"
        )
    if inclusive:
        return ok("list:all-included", f"all of {show(wanted)} are in {show(text)}")
    return ok("list:equal", f"{show(text)} has exactly the items {show(wanted)}")


_BULLET_LINE = re.compile(r"^([ \t]*)(?:[-*+•]|\d{1,2}[.)]|[a-z][.)])[ \t]+(.*)$")


def _detail(line: str, figures: bool) -> bool:
    """Whether a sub-bullet's text is a detail of its item, not another item: a figure
    ("$24.99, in stock", "1,240 karma"; where the reference has figures too, one said
    with a word or a sign: "10% off", not "100510"), or a clause about it ("joined in
    2019", "with a lid"); never with a name (a capital letter) or a word that adds one
    ("and", "also")."""
    toks = tokens(line)
    figure = any(c.isdigit() for c in line) and (
        figures or (quantity_remark(line) and not _pure_number(line))
    )
    return (figure or (bool(toks) and toks[0] in CLAUSE_START)) and not NOT_A_REMARK.search(line)


def _without_details(text: str, candidates: list[list[list[str]]]) -> str:
    """``text`` without the sub-bullets that detail a bullet ("- Wok\n  - $39.99, in
    stock"): lines bulleted deeper than the bullet above them that are :func:`_detail`."""
    figures = not any(
        c.isdigit() for items in candidates for item in items for alt in item for c in alt
    )
    kept: list[str] = []
    parent: int | None = None  # the indentation of the last bullet kept
    for line in text.split("\n"):
        bullet = _BULLET_LINE.match(line)
        if bullet is None:
            kept.append(line)
            parent = None if line.strip() else parent
            continue
        depth = len(bullet.group(1).expandtabs(4))
        if parent is not None and depth > parent and _detail(bullet.group(2), figures):
            continue
        kept.append(line)
        parent = depth
    return "\n".join(kept)


def _surnames_first(text: str) -> str | None:
    """The names of an answer that lists them surname first between semicolons ("Clark,
    Ryan; Wright, Ryan") in their usual order, one per line; None when it does not."""
    pieces = text.split(";")
    names = [SURNAME_FIRST.match(piece) for piece in pieces]
    if len(pieces) < 2 or not all(names):
        return None
    return "\n".join(f"{m[2]} {m[1]}" for m in names if m)


_SPACE_OR_SLASH = re.compile(r"[\s/]+")


def _spaced_items(text: str, candidates: list[list[list[str]]]) -> str | None:
    """The pieces of an answer that writes one-word items with only spaces or slashes
    between them ("@cedar_lucy @jonah.carter", "🏷️ SAVE10 🏷️ WELCOME5", "front/back/top"),
    one per line; None when it has separators or a reference item is several words."""
    alts = [alt for items in candidates for item in items for alt in item]
    if len(segments(text)) != 1 or any(_SPACE_OR_SLASH.search(alt.strip()) for alt in alts):
        return None
    pieces = [p for p in _SPACE_OR_SLASH.split(text) if tokens(p)]
    return "\n".join(pieces) if len(pieces) > 1 else None


def check_list(text: str, approach: str, value: Any) -> Verdict:
    """Lenient ``list`` check: every item present (each alternative of ``|OR|``), and
    for ``exact_match`` no other item; a one-item list is checked as one string answer
    ("Only Jonas Rahman approved it." names the one approver)."""
    inclusive = approach != "exact_match"
    candidates = _list_items(approach, value)
    candidates = [items for items in candidates if items]
    verdicts = [_match_list(text, items, inclusive) for items in candidates]
    # Other readings, taken only when they pass: without the sub-bullets that detail an
    # item ("- falcon_ian\n  - joined 2019\n- pine_beth"), one-word items with only spaces
    # or slashes between them ("SAVE10 WELCOME5 SUMMER20", "front/back/top"), and names
    # surname first between semicolons ("Clark, Ryan; Wright, Ryan").
    for reading in (
        _without_details(text, candidates),
        _spaced_items(text, candidates),
        _surnames_first(text),
    ):
        if any(v.passed for v in verdicts) or reading is None or reading == text:
            continue
        read = [_match_list(reading, items, inclusive) for items in candidates]
        if any(v.passed for v in read):
            text, verdicts = reading, read
    if not verdicts:
        return error("bad-reference", f"empty reference list {show(value)}")
    best = next((v for v in verdicts if v.passed), verdicts[0])
    if best.passed and not inclusive:
        matched = candidates[verdicts.index(best)]
        count, size = _stated_count(text, matched), len(matched)
        if count is not None and count != size:
            return fail(
                "list:count-mismatch",
                f"{show(text)} says it lists {count} items, but the reference has {size}",
            )
    if not best.passed and isinstance(value, list) and len(value) == 1:
        single = check_string(text, approach, value[0], None)
        if single.passed:
            return single
    return best
