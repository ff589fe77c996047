"""Text normalization shared by the checks (strict cleaning and lenient folding)."""

from __future__ import annotations

import ast
import html
import json
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

_MARKS = str.maketrans({"™": " ", "®": " ", "©": " ", "℠": " "})
_QUOTES = str.maketrans(
    {
        "‘": "'",
        "’": "'",
        "‚": "'",
        "‛": "'",
        "′": "'",
        "`": "'",
        "´": "'",
        "“": '"',
        "”": '"',
        "„": '"',
        "«": '"',
        "»": '"',
        "″": '"',
    }
)
_NT = re.compile(r"(?<=[a-z])n't\b")
_WORD = re.compile(r"[^\W_]+")
_NON_WORD = re.compile(r"[\W_]+")
_OR = re.compile(r"\s*\|OR\|\s*")

NEGATIONS = frozenset(
    {
        "not",
        "no",
        "never",
        "neither",
        "nor",
        "none",
        "nothing",
        "nobody",
        "nowhere",
        "without",
        "cannot",
        "except",
        "excluding",
        "isnt",
        "wasnt",
        "arent",
        "dont",
        "doesnt",
        "didnt",
        "cant",
        "wont",
    }
)
"""Tokens that negate what follows (after ``n't`` is expanded to `` not``)."""

FILLER = frozenset(
    {
        "the",
        "a",
        "an",
        "answer",
        "answers",
        "final",
        "is",
        "are",
        "was",
        "were",
        "be",
        "it",
        "its",
        "this",
        "that",
        "these",
        "those",
        "there",
        "here",
        "i",
        "think",
        "believe",
        "my",
        "our",
        "result",
        "results",
        "value",
        "would",
        "should",
        "will",
        "as",
        "follows",
        "following",
        "of",
        "so",
        "ok",
        "okay",
        "sure",
        "well",
        "either",
        "both",
        "they",
        "them",
        "item",
        "items",
        "list",
        "called",
        "named",
        "titled",
        "s",
        "seems",
        "to",
        "found",
        "correct",
        "exactly",
        "just",
        "also",
        "only",
        "simply",
        "then",
        "thus",
        "hence",
        "therefore",
    }
)
"""Words that carry no competing content around a matched phrase."""


def strict_clean(text: str) -> str:
    """WebArena's ``clean_answer``: strip, drop one pair of surrounding quotes, lower-case."""
    text = str(text).strip()
    if (text.startswith("'") and text.endswith("'")) or (
        text.startswith('"') and text.endswith('"')
    ):
        text = text[1:-1]
    return text.lower()


def split_or(value: object) -> list[str]:
    """Split a reference item on ``|OR|`` into its alternatives (at least one)."""
    parts = [p for p in _OR.split(str(value)) if p.strip()]
    return parts or [str(value)]


@lru_cache(maxsize=65536)
def _fold(text: str) -> str:
    text = _ASCII_MARKS.sub(" ", text).translate(_MARKS).translate(_QUOTES)
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = text.casefold()
    return _NT.sub(" not", text)


_ASCII_MARKS = re.compile(r"(?<=[^\W_])\((?:tm|r)\)", re.IGNORECASE)
"""A trademark written in ASCII against its word ("Lumaflex(TM)", "Acme(R)")."""


_INVISIBLE = re.compile("[\u00ad\u200b\u200c\u200d\u2060\ufeff\ufe0f\u20e3]")
"""Characters that show nothing: soft hyphen, zero-width space and joiners, word joiner,
byte-order mark (copied from a page with the text: "$44\u200b.99" is "$44.99"); and the
emoji presentation selector and keycap frame of keycap digits ("6\ufe0f\u20e37\ufe0f\u20e3" is
"67")."""


def drop_invisible(text: str) -> str:
    """``text`` without the characters that show nothing (zero-width spaces and joiners,
    soft hyphens, a byte-order mark)."""
    return _INVISIBLE.sub("", text) if _INVISIBLE.search(text) else text


def fold(text: str) -> str:
    """Lower-case, strip accents (NFKD), drop ™/®/© (and "(TM)"/"(R)" against a word),
    unify quotes, expand ``n't``."""
    return _fold(str(text))


SPELLINGS = {
    "cancelled": "canceled",
    "cancelling": "canceling",
    "colour": "color",
    "colours": "colors",
    "favourite": "favorite",
    "favourites": "favorites",
    "grey": "gray",
    "centre": "center",
    "centres": "centers",
    "theatre": "theater",
    "metre": "meter",
    "metres": "meters",
    "kilometre": "kilometer",
    "kilometres": "kilometers",
    "saint": "st",
    "catalogue": "catalog",
    "jewellery": "jewelry",
    "organisation": "organization",
    "organiser": "organizer",
    "organisers": "organizers",
    "labelled": "labeled",
    "travelling": "traveling",
}
"""Spelling variants (British/American, "Saint"/"St") folded to one form in tokens."""


_SPELLED: dict[str, set[str]] = {}
for _variant, _form in SPELLINGS.items():
    _SPELLED.setdefault(_form, {_form}).add(_variant)


_DIGIT_LETTER = re.compile(r"(?<=\d)(?=[^\W\d_])|(?<=[^\W\d_])(?=\d)")


def token_regex(token: str) -> str:
    """A regex for one token as it may be written in folded text (any spelling variant)."""
    forms = _SPELLED.get(token)
    if not forms:
        parts = _DIGIT_LETTER.split(token)
        return r"[\s-]?".join(map(re.escape, parts))  # "457km" also as "457 km"
    return "(?:" + "|".join(map(re.escape, sorted(forms, key=len, reverse=True))) + ")"


def tokens(text: str) -> list[str]:
    """Folded word tokens; punctuation and whitespace separate tokens; spelling variants
    ("cancelled", "Saint") are folded to one form ("canceled", "st")."""
    return [SPELLINGS.get(t, t) for t in _WORD.findall(fold(text))]


def norm(text: str) -> str:
    """Lenient normal form: folded tokens joined by single spaces."""
    return " ".join(tokens(text))


def squash(text: str) -> str:
    """Folded text with every non-word character removed ("T-Shirt" -> "tshirt")."""
    return _NON_WORD.sub("", fold(text))


ARTICLES = frozenset({"the", "a", "an"})


def _drop_article(toks: list[str]) -> list[str]:
    return toks[1:] if len(toks) > 1 and toks[0] in ARTICLES else toks


def same_text(a: str, b: str) -> bool:
    """Lenient string equality: normal forms equal (ignoring one leading article) or
    squashed forms equal, both non-empty."""
    ta, tb = tokens(a), tokens(b)
    if ta and (ta == tb or _drop_article(ta) == _drop_article(tb)):
        return True
    if "and" in ta + tb and [t for t in ta if t != "and"] == [t for t in tb if t != "and"]:
        return bool(ta)  # "Coffee & Tea" is "Coffee and Tea"
    sa = squash(a)
    return bool(sa) and sa == squash(b) and _same_dotted_numbers(a, b)


_PHONE = re.compile(r"\+?(?:1[\s.-]?)?(?:\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}")
"""A North American phone number in one of its usual layouts: "(503) 555-0147",
"503-555-0147", "503.555.0147", "+1 503 555 0147", "5035550147"."""


def same_phone(a: str, b: str) -> bool:
    """Both texts are phone numbers (:data:`_PHONE`) with the same digits, whatever the
    layout; a leading country code 1 aside."""
    if not (_PHONE.fullmatch(a.strip()) and _PHONE.fullmatch(b.strip())):
        return False
    digits = [re.sub(r"\D", "", t)[-10:] for t in (a, b)]
    return digits[0] == digits[1]


def _breaks(text: str) -> tuple[set[int], set[int]]:
    """Where ``squash(text)`` was cut: every offset a separator was removed at, and those
    where the separator was a dot between digits (a version's or a decimal's)."""
    folded = fold(text)
    cuts, dots, removed = set(), set(), 0
    for match in _NON_WORD.finditer(folded):
        start, end = match.span()
        removed += end - start
        if start == 0 or end == len(folded):
            continue
        at = end - removed
        cuts.add(at)
        if match.group(0) == "." and folded[start - 1].isdigit() and folded[end].isdigit():
            dots.add(at)
    return cuts, dots


def _same_dotted_numbers(a: str, b: str) -> bool:
    """Squashed forms may differ in separators, but not across a dot between digits:
    "v0.30" is not "v0.3.0" (nor "4.30" "43.0"), while "615.555.0194" is "(615) 555-0194"."""
    (cuts_a, dots_a), (cuts_b, dots_b) = _breaks(a), _breaks(b)
    return dots_a <= cuts_b and dots_b <= cuts_a


WEEKDAY_ABBREVIATIONS = {
    "monday": ("mon",),
    "tuesday": ("tue", "tues"),
    "wednesday": ("wed",),
    "thursday": ("thu", "thur", "thurs"),
    "friday": ("fri",),
    "saturday": ("sat",),
    "sunday": ("sun",),
}
"""Day names and their common abbreviations ("Wed", "Thurs")."""
WEEKDAYS = frozenset(WEEKDAY_ABBREVIATIONS)
"""Day names, whose plural says the same day ("on Wednesdays": every Wednesday)."""


def _inflected(a: str, b: str) -> bool:
    if a == b:
        return True
    short, long = sorted((a, b), key=len)
    if short in WEEKDAYS:
        return long == short + "s"
    if long in WEEKDAYS:
        return short in WEEKDAY_ABBREVIATIONS[long]
    return len(short) >= 4 and long in (short + "d", short + "ed")


def same_inflection(a: str, b: str) -> bool:
    """Equal up to a past-tense "-d"/"-ed" ending ("Complete" vs "Completed"), a
    weekday's plural ("Wednesdays") or its abbreviation ("Wed")."""
    ta, tb = tokens(a), tokens(b)
    return bool(ta) and len(ta) == len(tb) and all(map(_inflected, ta, tb))


def find_phrase(haystack: list[str], needle: list[str]) -> list[int]:
    """Start indices where ``needle`` occurs as a contiguous token run in ``haystack``."""
    n = len(needle)
    if n == 0 or n > len(haystack):
        return []
    return [i for i in range(len(haystack) - n + 1) if haystack[i : i + n] == needle]


def negated_at(toks: list[str], start: int, window: int = 3) -> bool:
    """Whether a negation token occurs in the ``window`` tokens before ``start``."""
    return any(t in NEGATIONS for t in toks[max(0, start - window) : start])


_CLAUSE_BREAK = re.compile(r"[,;.:!?()\[\]{}\n]|\s[-–—]\s")
clause_break = _CLAUSE_BREAK
"""What ends a clause: punctuation, brackets, spaced dashes (see :func:`clause_around`)."""


def clause_around(text: str, start: int, end: int) -> str:
    """The clause of ``text`` holding the span ``start:end`` (clause breaks: punctuation,
    brackets, spaced dashes), the span itself included."""
    breaks = [m for m in _CLAUSE_BREAK.finditer(text)]
    left = max((m.end() for m in breaks if m.end() <= start), default=0)
    right = min((m.start() for m in breaks if m.start() >= end), default=len(text))
    return text[left:right]


def negated_in_clause(before: str, window: int = 3) -> bool:
    """Whether the text just ``before`` a phrase negates it: a negation among the last
    ``window`` words of the same clause (a comma, bracket or full stop ends the scope, so
    "(Cable Not Included), Anker Charger" does not negate the charger)."""
    clause = _CLAUSE_BREAK.split(before)[-1]
    return any(t in NEGATIONS for t in tokens(clause)[-window:])


def phrase_spans(text: str, phrase_tokens: list[str]) -> list[tuple[int, int]]:
    """Spans in ``fold(text)`` where the tokens occur as whole words, in order, separated
    only by punctuation or spaces."""
    if not phrase_tokens:
        return []
    pattern = r"(?<![^\W_])" + r"[\W_]+".join(map(token_regex, phrase_tokens)) + r"(?![^\W_])"
    return [m.span() for m in re.finditer(pattern, fold(text))]


def has_negation(toks: Iterable[str]) -> bool:
    """Whether any token is a negation."""
    return any(t in NEGATIONS for t in toks)


@dataclass(frozen=True)
class Segment:
    """A piece of an answer between list separators."""

    start: int
    end: int
    text: str


_SEPARATOR = re.compile(
    r"[,;|\n\r•·]|\s(?:&|\+)\s|\s+/\s*|\s*/\s+|\b(?:and|or|plus|as well as)\b",
    re.IGNORECASE,
)
APPROXIMATELY = re.compile(
    r"\b(?:about|around|approximately|approx|roughly|nearly|almost|ca|circa|estimated|"
    r"close\s+to|something\s+like|on\s+the\s+order\s+of)\b\.?|\bc\.|[~≈]|"
    r"\(?\s*\b(?:or\s+so|more\s+or\s+less|give\s+or\s+take|est(?:imated?)?)\b\.?\s*\)?",
    re.IGNORECASE,
)
"""The words of an estimate, before or after the value: what an estimated reference or a
measurement may carry ("about 14 minutes", "2 km or so")."""


_QUANTITY_REMARK = re.compile(
    r"^\W*(?:[$€£]\s*)?\d[\d,.]*%?(?:\s+(?:[a-z][\w'-]*|[$€£]?\d[\d,.]*%?)){0,4}\W*$"
)


def quantity_remark(piece: str) -> bool:
    """Whether a piece of an answer is only a number and a few lower-case words ("14
    commits", "1,234 karma", "4.5 stars vs 3.8", "567"): a figure said beside a name,
    never a rival name (for a reference without digits). The piece may be what is left
    of a number a thousands comma split ("234 karma")."""
    return _QUANTITY_REMARK.match(piece) is not None


_BULLET = re.compile(r"^\s*(?:[-*+>]|\(?\d{1,2}[.)])\s+")


_INLINE_ENUMERATION = re.compile(r"(?:^|\s)1[.)]\s+\S.*?\s2[.)]\s+\S", re.DOTALL)
_SEPARATOR_OR_NUMBER = re.compile(_SEPARATOR.pattern + r"|\s(?=\d{1,2}[.)]\s)", re.IGNORECASE)
"""With an inline enumeration ("1. Blue Mug 2. Red Mug"), each number starts an item."""


def segments(text: str) -> list[Segment]:
    """Split an answer on commas, semicolons, newlines, bullets, "and"/"or", "&".

    Each segment keeps its span in ``text`` so neighbours can be re-joined when a
    reference item itself contains a separator ("Pots and Pans").
    """
    result: list[Segment] = []
    pos = 0
    separators = _SEPARATOR
    if _INLINE_ENUMERATION.search(text):
        separators = _SEPARATOR_OR_NUMBER
    for match in separators.finditer(text):
        result.append(Segment(pos, match.start(), text[pos : match.start()]))
        pos = match.end()
    result.append(Segment(pos, len(text), text[pos:]))
    cleaned = []
    for seg in result:
        piece = _BULLET.sub("", seg.text)
        if tokens(piece):
            cleaned.append(Segment(seg.start, seg.end, piece))
    return cleaned


_PREAMBLE = re.compile(
    r"^\s*(?:(?:based\s+on|according\s+to|looking\s+at|after\s+(?:checking|reviewing|"
    r"looking\s+at))\b[^,:;\n]{0,100}[,:]\s*)?"
    r"(?:(?:so|thus|therefore|hence|ok|okay),?\s+)?"
    r"(?:(?:the|my)\s+(?:final\s+)?(?:answer|result)s?\s*(?:is|are|would\s+be|was|:|=)"
    r"\s*:?\s*)?",
    re.IGNORECASE,
)


ASIDE = re.compile(r"\(([^()]*)\)|\[([^\[\]]*)\]")
"""A bracketed aside, its text in group 1 (round brackets) or 2 (square brackets)."""
NOT_A_REMARK = re.compile(r"[A-Z]|\b(?:or|and|also|plus|too)\b")
"""What an aside holding another candidate has: a name (a capital letter: "(Victor J.)")
or a word that adds one ("(and ...)", "(also ...)"); a hedge ("(maybe)") is the hedge
guard's to fail."""
_PARAGRAPH = re.compile(r"\n\s*\n")
_EXPLANATION = re.compile(
    r"^\W*(?:i|i've|i'm|i\s+found|this|these|it|source|sources|note|found|according|based|"
    r"checked|after|they|both|each|he|she|explanation|reasoning|because)\b",
    re.IGNORECASE,
)
_TENTATIVE = re.compile(
    r"\b(?:maybe|perhaps|possibly|probably|might|could(?!\s*(?:not|n['’]t))|may\s+be|"
    r"alternatively|not\s+sure|unsure|uncertain|argu(?:e|ed|ably)|"
    r"if\s+(?:you|we|one)\s+(?:also\s+)?(?:include|count|exclude|add)\w*)\b",
    re.IGNORECASE,
)
"""Working that may offer another value tentatively or on another reading ("Note: maybe
61", "61 if you include the cancelled one"): what :func:`strip_preamble` keeps with
``keep_tentative``."""


_TABLE_HEAD = re.compile(
    r"^[ \t]*\|?[^\n|]*(?:\|[^\n|]*)+\|?[ \t]*\n"
    r"[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*(?:\n|$)",
    re.MULTILINE,
)
"""A markdown table's header row and the rule under it ("| Order | Total |\n|---|---|"):
column names, not content."""


_NAME_PREFIX = re.compile(r"(?<![\w/])/?[uf]/(?=[^\W\d_])", re.IGNORECASE)
"""The forum's prefix of a user or forum name ("u/elenaa19", "/f/books")."""


def strip_name_prefixes(text: str, references: Iterable[str]) -> str:
    """``text`` without the forum's prefixes of user and forum names ("u/elenaa19" is the
    user elenaa19), unless a reference writes one itself."""
    if "/" not in text or any(_NAME_PREFIX.search(str(r)) for r in references):
        return text
    return _NAME_PREFIX.sub("", text)


_ANSWER_TAG = re.compile(
    r"<(answer|final_answer|final-answer|output|result)>(.*?)</\1>", re.IGNORECASE | re.DOTALL
)
"""An answer wrapped in a tag, as LLM agents write it ("<think>...</think><answer>X</answer>");
read when it is the only one and ends the text."""
_ONE_ELEMENT = re.compile(r"^\s*<([a-z][\w-]*)>([^<]*(?:<(?!/?\1>)[^<]*)*)</\1>\s*$", re.I)
"""An answer that is one XML element of any name, its text in group 2."""
_ANSWER_LINE = re.compile(
    r"^[ \t>#*_-]*(?:final\s+)?answer\s*(?:\*\*|__)?\s*[:=]", re.IGNORECASE | re.MULTILINE
)
"""A line that opens with an answer label ("Final answer: 67", "**Answer:** 67")."""
WORKING_LABELS = frozenset(
    {
        "reason",
        "reasoning",
        "explanation",
        "justification",
        "rationale",
        "confidence",
        "source",
        "sources",
        "evidence",
        "note",
        "notes",
        "steps",
        "thought",
        "thoughts",
        "url",
    }
)
"""Labels of an answer's working, not the answer: lines after the answer line ("Answer:
29\nExplanation: ...") and keys of a JSON answer ('"reason": ...', '"confidence": 0.9')."""
_WORKING_LINE = re.compile(
    r"\n[ \t>#*_-]*(?:" + "|".join(sorted(WORKING_LABELS)) + r")\s*(?:\*\*|__)?\s*:",
    re.IGNORECASE,
)
"""A labelled line of working after the answer line ("Answer: 29\nExplanation: I counted
20 on page 1 and 9 on page 2")."""
_FENCE_INFO = re.compile(r"^([ \t]*(?:```|~~~))[ \t]*[\w+#.-]+[ \t]*$", re.MULTILINE)
"""A code fence's language tag ("```python", "```json"): no content."""


_PATH_SLASH = re.compile(r"(?<=[^\W\d_])\s+/\s+(?=[^\W\d_])")
_WORD_BEFORE = re.compile(r"[^\W\d_]+$")
_WORD_AFTER = re.compile(r"[^\W\d_]+")


def join_paths(text: str, references: Iterable[str]) -> str:
    """``text`` with the Git host's project paths written as one name: a spaced slash
    between two capitalized words ("Alex Chen / Juniper Lint") loses its spaces, so it
    separates neither alternatives nor list pieces (and "Blue Mug / Red Mug" names one
    longer thing than the reference), unless a reference writes one itself."""
    if " /" not in text or any(_PATH_SLASH.search(str(r)) for r in references):
        return text

    def join(match: re.Match[str]) -> str:
        before = _WORD_BEFORE.search(text, 0, match.start())
        after = _WORD_AFTER.match(text, match.end())
        titled = before and after and before.group(0).istitle() and after.group(0).istitle()
        return "/" if titled else match.group(0)

    return _PATH_SLASH.sub(join, text)


_HTML_BLOCK = re.compile(r"</?(?:p|div|br|li|ul|ol|tr|table|tbody|thead)\b[^<>]{0,80}>", re.I)
_HTML_INLINE = re.compile(r"</?(?:b|strong|em|i|u|code|span|mark|td|th)\b[^<>]{0,80}>", re.I)
"""HTML markup around an answer ("<b>Austin</b>", "<ul><li>X</li>..."): blocks end lines."""


_FENCED = re.compile(r"^\s*(?:```|~~~)[\w+#.-]*[ \t]*\n(.*?)\n[ \t]*(?:```|~~~)\s*$", re.DOTALL)


def _json_text(value: object) -> str:
    """A parsed JSON value as answer text: a list's items on lines, an object's keys as
    labelled lines."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "\n".join(_json_text(v) for v in value)
    if isinstance(value, dict):
        return "\n".join(f"{k}: {_json_text(v)}".replace("\n", ", ") for k, v in value.items())
    return "" if value is None else str(value)


def unwrap_json(text: str, *, keep_tentative: bool = False) -> str:
    """The answer inside a JSON (or Python literal) answer, fenced or not: a string's text,
    a list's items one per line, the value of an object's only key once the keys holding
    working ("reason", "confidence") are left out; other objects as "key: value" lines, so
    no value hides in brackets ('{"answer": "$44.99", "alternatives": ["$49.99"]}' names
    two prices). ``text`` when it is no such literal."""
    fenced = _FENCED.match(text)
    body = (fenced.group(1) if fenced else text).strip()
    if not body or body[0] not in "[{\"'":
        return text
    try:
        value = json.loads(body)
    except (ValueError, RecursionError):
        try:
            value = ast.literal_eval(body)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            return text
    if isinstance(value, dict):
        kept = {
            k: v
            for k, v in value.items()
            if str(k).lower() not in WORKING_LABELS
            or (keep_tentative and str(k).lower() != "confidence" and _TENTATIVE.search(str(v)))
        }
        if not kept:
            return text
        value = next(iter(kept.values())) if len(kept) == 1 else kept
    if not isinstance(value, (str, int, float, list, dict)):
        return text
    unwrapped = _json_text(value)
    return unwrapped if unwrapped.strip() else text


_LATEX_BOX = re.compile(r"\\(?:boxed|fbox|text|textbf|textit|mathrm|mathbf|mbox)\s*\{([^{}]*)\}")
_LATEX_ESCAPE = re.compile(r"\\([$_%&#])")
_LATEX_MATH = re.compile(r"^\s*(?:\$\$?|\\\(|\\\[)(.*?)(?:\$\$?|\\\)|\\\])\s*$", re.DOTALL)


def unwrap_latex(text: str) -> str:
    """``text`` without LaTeX around its answer, as math-tuned agents write it:
    ``\\boxed{...}`` and ``\\text{...}`` (kept: what they hold), escapes (``\\$``,
    ``\\_``), a braced comma (``92{,}758``) and math delimiters around a boxed answer
    (``$\\boxed{67}$``, ``\\(44.99\\)``)."""
    unboxed = text.replace("{,}", ",")
    while (inner := _LATEX_BOX.sub(r"\1", unboxed)) != unboxed:
        unboxed = inner
    math = _LATEX_MATH.match(unboxed)
    if math and (unboxed != text.replace("{,}", ",") or text.lstrip().startswith("\\")):
        unboxed = math.group(1)
    return _LATEX_ESCAPE.sub(r"\1", unboxed)


def strip_preamble(text: str, *, keep_tentative: bool = False) -> str:
    """``text`` without JSON around it (:func:`unwrap_json`), without an agent-style
    lead-in ("Based on the page, the answer is: "),
    without HTML markup and entities, without the working before a single answer line or a closing
    answer tag ("Step 1: ...\nAnswer: 67", "<think>...</think><answer>67</answer>") and
    a labelled line of working after that line ("\nExplanation: ..."), without the tags
    of an answer that is one XML element ("<role>Reporter</role>"), without a code
    fence's language tag ("```json"), without the header of a
    markdown table ("| Username |\n|---|"), and without trailing paragraphs that explain
    how it was found ("\n\nI found this on ..."); unchanged when nothing would remain.
    With ``keep_tentative``, working that offers a value tentatively (:data:`_TENTATIVE`:
    "\n\nNote: maybe 61") is kept, so that the rival check can see what it offers."""
    body = unwrap_json(text, keep_tentative=keep_tentative)
    if "<" in body:
        body = _HTML_INLINE.sub("", _HTML_BLOCK.sub("\n", body))
    if "&" in body and ";" in body:
        body = html.unescape(body)  # "Loom &amp; Thread"
    if "<" in body and len(tags := list(_ANSWER_TAG.finditer(body))) == 1:
        if not body[tags[0].end() :].strip():  # the tag ends the answer
            body = tags[0].group(2)
    elif len(labels := list(_ANSWER_LINE.finditer(body))) == 1:
        body = body[labels[0].start() :]
        if (working := _WORKING_LINE.search(body)) and not (
            keep_tentative and _TENTATIVE.search(body, working.start())
        ):
            body = body[: working.start()]
    if "\\" in body:
        body = unwrap_latex(body)
    while "<" in body and (element := _ONE_ELEMENT.match(body)):
        body = element.group(2)  # "<role>Reporter</role>", "<date>2024-05-20</date>"
    if "```" in body or "~~~" in body:
        body = _FENCE_INFO.sub(r"\1", body)
    body = _TABLE_HEAD.sub("", body) if "-" in body else body
    paragraphs = _PARAGRAPH.split(body)
    if len(paragraphs) > 1 and all(
        _EXPLANATION.match(p) and not (keep_tentative and _TENTATIVE.search(p))
        for p in paragraphs[1:]
    ):
        body = paragraphs[0]
    preamble = _PREAMBLE.match(body)
    rest = body[preamble.end() :] if preamble else body
    return rest if rest.strip() else text


_SENTENCE_END = re.compile(r"(?<=[.?!])\s+")


def strip_echo(text: str, intent: str) -> str:
    """``text`` without the question it starts by repeating ("Who are the moderators of the
    Music forum? falcon_ian and pine_beth"); unchanged when it does not, or when nothing
    would remain."""
    answer = text.lstrip()
    sentences = _SENTENCE_END.split(intent.strip())
    for n in range(len(sentences), 0, -1):  # the whole intent, or its first sentences
        question = " ".join(sentences[:n]).lower()
        if len(question.split()) >= 3 and answer.lower().startswith(question):
            rest = answer[len(question) :]
            return rest if rest.strip() else text
    return text


def only_filler(toks: Iterable[str]) -> bool:
    """Whether every token is a filler word (or there are none)."""
    return all(t in FILLER for t in toks)
