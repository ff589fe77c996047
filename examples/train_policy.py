"""Train a small web-agent policy on generated tasks, with numpy only.

The policy chooses among the page's action candidates (``candidates=True`` and
:class:`webenv.wrappers.DiscreteActions`): it scores every candidate with a linear model
(plus a small hidden layer over the dense features) over generic features (what kind of
action it is, the role of the element it acts on, how many words of its name, its section
heading, its surroundings and its text appear in the goal — the goal's template words
apart from the words a world fills in —, its place in its list against the place the goal
asks for — "the fourth newest" —, what the goal calls a typed value against the field's
name, whether it was already taken or its option is already selected, how much of what
the goal asks about the page shows, how well the sites' help pages that mention the
element match the goal...) and picks by softmax.
Words are compared singular and through a small table of site vocabulary
(:data:`SYNONYMS`: "inbox" is under Messages, "cheapest" is a low price). The help pages
(``site_docs=True``, :class:`SiteDocs`) are the site knowledge that carries to a
template never demonstrated: "**Forums**: the list of every forum with its description
and subscribers" points a goal about subscribers to Forums rather than All, on any forum
task. Candidates offer no answer text (``stop []``), so an **answer head** does the
rest: when the policy stops, it chooses the answer among the values the page shows (each
element's name and the numbers, dates and phrases in it, or no answer), scored by the
value's shape (a count, money, a date, a handle) and its label against the goal's words
("how much", "who", "when"); :class:`AnswerText` lets ``stop []`` carry it. Nothing in
the features names a site, a page or a task family, so what both learn can carry over to
families they never saw.

Training, all through the public API (``gym.make`` / ``gym.make_vec`` → wrappers):

1. **Demonstrations** (:func:`collect_demonstrations`): the reference solutions of the
   ``gen:train`` families are played on training worlds, and each step is written down as
   the index of the candidate it corresponds to.
2. **Behaviour cloning**: the policy is fitted to choose the expert's candidate, and the
   answer head the reference answer (or no answer, after a task that changes things).
3. **DAgger** (``--dagger-rounds``, :func:`relabelled_rollouts`; off by default): the
   cloned policy plays ``gen:train`` tasks on training worlds, and each state it visits is
   labelled from that task's reference solution (:func:`expert_label`: on a page of the
   reference path, the reference step not taken there yet; off it, ``go_back``); the
   policy is cloned again on the demonstrations and these labels together, which shows
   it the states its own mistakes lead to and how to recover from them. Rounds can play
   instances no demonstration showed (``--dagger-instances``), leave the off-path states
   unlabelled (``--dagger-on-path-only``: a page off the path may be a valid other
   route), or have each K-th of the families played by a policy cloned without them
   (``--dagger-folds``: the mistakes of a template never seen).
4. **RL fine-tuning**: REINFORCE with a batch-mean baseline on episodes of ``gen:train``
   tasks played by the policy in an ``AsyncVectorEnv``, with the env's own reward (1 when
   the validators pass), while the cloning loss keeps it near the expert.

Evaluation runs the greedy policy (with ``--no-repeat``, never taking an action again on
an unchanged page) on **held-out** tasks: the ``gen:test`` families (no
template seen in training) on the held-out worlds 10000+ (no world seen in training). Each
evaluation plays the same tasks (the vector env's seeded draws), and so do the two
reference lines: a uniformly random choice among the candidates, and the reference
solutions (the oracle). Some answers are not on any page (a sum, a difference): the
summary reports the share of evaluation tasks whose reference solution can be played as
candidates ending with an answer the page shows (the ceiling for this policy).

Run it as ``make bench-rl`` (writes ``benchmarks/results/rl.json`` and
``docs/learning_curve.png``) or ``python examples/train_policy.py --help``.
"""

from __future__ import annotations

import argparse
import functools
import json
import re
import shlex
import sys
import time
import zlib
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import gymnasium as gym
import numpy as np

import webenv  # registers the env ids
import webenv.errors
from webenv.actions import ActionKind, parse_action
from webenv.tools.solution import play_solution
from webenv.wrappers import DiscreteActions

ENV_ID = "webenv:WebSuite-v0"
FIRST_TEST_WORLD = 10_000
"""Worlds 10000 and up are held out: training uses worlds below it."""

# -- features ----------------------------------------------------------------------------

KINDS = (
    "stop",
    "go_back",
    "go_forward",
    "tab",
    "click",
    "check",
    "uncheck",
    "select",
    "type_enter",
    "type",
    "type_clear",
    "type_append",
)
ROLES = (
    "link",
    "button",
    "textbox",
    "searchbox",
    "combobox",
    "listbox",
    "checkbox",
    "radio",
    "tab",
    "menuitem",
    "spinbutton",
    "switch",
)
STOPWORDS = frozenset(
    {
        *("a", "an", "the", "of", "in", "on", "at", "to", "for", "from", "by", "with"),
        *("and", "or", "is", "are", "was", "my", "me", "i", "it", "its", "this", "that"),
        *("which", "what", "who", "whose", "how", "many", "much", "give", "tell", "then"),
        *("than", "as", "be", "their", "there"),
    }
)
_LINE = re.compile(r"^(\t*)\[(\d+)\] (\S+) '(.*?)'(?=(?: [a-z_-]+: |$))(.*)$")
_TOKEN = re.compile(r"[a-z0-9]+")


SYNONYMS = {
    "inbox": ("message",),
    "purchase": ("order",),
    "bought": ("order",),
    "spend": ("order",),
    "spent": ("order",),
    "mr": ("merge", "request"),
    "cheapest": ("price", "low"),
    "dearest": ("price", "high"),
    "priciest": ("price", "high"),
    "highest": ("top", "high"),
    "best": ("top", "high"),
    "rated": ("rating",),
    "newest": ("new",),
    "latest": ("new",),
    "recent": ("new",),
    "oldest": ("old",),
}
"""A small table of site vocabulary: a goal's word also stands for the words a page uses
for the same thing ("inbox" is under Messages, "cheapest" is a low price). Nothing in it
names a task family."""


def word_forms(word: str) -> tuple[str, ...]:
    """``word`` without a plural ending (``issues`` and ``issue`` meet, so do ``addresses``
    and ``address``), plus its synonyms."""
    if word.endswith(("sses", "shes", "ches", "xes")):
        word = word[:-2]
    elif len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us")):
        word = word[:-1]
    return (word, *SYNONYMS.get(word, ()))


def tokens(text: str) -> set[str]:
    """The content words of ``text`` (lower case, singular, with their synonyms from
    :data:`SYNONYMS`, stop words left out)."""
    return {
        form
        for word in _TOKEN.findall(text.lower())
        if word not in STOPWORDS
        for form in word_forms(word)
    }


def plain(words: set[str]) -> set[str]:
    """The words without digits (ids, dates, prices and versions differ between worlds)."""
    return {word for word in words if not any(ch.isdigit() for ch in word)}


def template_tokens(goal: str) -> set[str]:
    """The goal's words that come from its template, not from the world: lower-case words
    outside quotes (the first word of the sentence counts as lower-case)."""
    unquoted = re.sub(r"[\"“][^\"”]*[\"”]", " ", goal)
    words = unquoted.split()
    kept = [w for i, w in enumerate(words) if i == 0 or not w[:1].isupper()]
    return plain(tokens(" ".join(kept)))


def stems(words: set[str]) -> set[str]:
    """Five-letter prefixes: ``upvote``/``upvoted``, ``subscribe``/``subscribed`` meet."""
    return {word[:5] for word in words}


@dataclass
class PageElement:
    """What the AX text says about one element: role, name, nearby text and where it sits.

    ``path`` joins the roles of its ancestors: the links of one list's items share a path
    that the page's navigation links do not, so an element's rank among the elements of
    its path is its place in that list ("the third newest"). ``section`` is the last
    heading before it, ``selected`` the selected option of a combobox or listbox.
    """

    role: str
    name: str
    props: str
    context: str
    path: str = ""
    section: str = ""
    selected: str = ""


def page_elements(axtree: str) -> dict[int, PageElement]:
    """Id -> element for every line of the AX text; ``context`` joins the names of the
    element's ancestors and of the three lines before it (a row's title, a field's label)."""
    elements: dict[int, PageElement] = {}
    ancestors: list[str] = []
    roles: list[str] = []
    parents: list[PageElement] = []
    recent: list[str] = []
    section = ""
    for line in axtree.splitlines():
        match = _LINE.match(line)
        if match is None:
            continue
        depth = len(match.group(1))
        role, name, props = match.group(3), match.group(4), match.group(5)
        del ancestors[depth:]
        del roles[depth:]
        del parents[depth:]
        if role == "heading":
            section = name
        if role == "option" and "selected: True" in props and parents:
            parents[-1].selected = name
        context = " ".join([*ancestors[-2:], *recent[-3:]])
        element = PageElement(role, name, props, context, "/".join(roles), section)
        elements[int(match.group(2))] = element
        ancestors.append(name)
        roles.append(role)
        parents.append(element)
        if name:
            recent.append(name)
    return elements


ORDINALS = {
    word: rank
    for rank, words in enumerate(
        (
            ("first", "1st"),
            ("second", "2nd"),
            ("third", "3rd"),
            ("fourth", "4th"),
            ("fifth", "5th"),
            ("sixth", "6th"),
            ("seventh", "7th"),
            ("eighth", "8th"),
            ("ninth", "9th"),
            ("tenth", "10th"),
        ),
        start=1,
    )
    for word in words
}
NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_SUPERLATIVE = re.compile(r"^(?:[a-z]+est|most|top|latest|last|least)$")


def goal_ranks(goal: str) -> tuple[int, int]:
    """The place and the count a goal asks for, read from its wording (0 when it names none).

    "the fourth newest" is place 4; "the newest" place 1; "the 3 cheapest" count 3.
    """
    words = _TOKEN.findall(goal.lower())
    place = count = 0
    for i, word in enumerate(words):
        if word in ORDINALS:
            place = place or ORDINALS[word]
        elif _SUPERLATIVE.match(word):
            before = words[i - 1] if i else ""
            if before.isdigit() or before in NUMBER_WORDS:
                count = count or (int(before) if before.isdigit() else NUMBER_WORDS[before])
            else:
                place = place or 1
    return place, count


def slot_words(goal: str, text: str) -> set[str]:
    """The two words before ``text`` in the goal ("subject 'Order total'" gives
    ``subject``): what the goal calls the value, to pair with the field's name."""
    at = goal.lower().find(text.lower()) if text else -1
    if at < 0:
        return set()
    return plain(set(_TOKEN.findall(goal[:at].lower())[-2:]))


def text_shape(text: str) -> str:
    """A coarse shape of typed or chosen text: digits, a path-like ``a / b``, a handle
    (``eli.ali``), a capitalised name, a sentence..."""
    if not text:
        return "empty"
    if re.fullmatch(r"[\d.,$ ]+", text):
        return "number"
    if " / " in text:
        return "slash"
    if re.fullmatch(r"[\w.-]+", text) and re.search(r"[._-]", text):
        return "handle"
    words = text.split()
    if len(words) > 6:
        return "sentence"
    if all(word[:1].isupper() for word in words if word[:1].isalpha()):
        return "title"
    return f"words{min(len(words), 4)}"


# -- site knowledge: the help pages ------------------------------------------------------

_MENTION = re.compile(r"\*\*([^*\n]+)\*\*|\[([^\]\n]+)\]\([^)\s]*\)")
_DOC_PAGE = re.compile(r"^<!-- \w+://([^/\s]+)\S* -->$")


def doc_name(text: str) -> str:
    """A control's name as the help pages and the page can both write it: lower case,
    without counts, punctuation or icons ("Issues 12" and "**Issues**" meet)."""
    return " ".join(re.findall(r"[a-z]+", text.lower()))


@dataclass(eq=False)  # hashed by identity, for the relevance cache
class SiteDocs:
    """The sites' help text (``info["site_docs"]`` of ``WebEnv(site_docs=True)``) as
    passages, to say which control a goal needs on a template no demonstration showed.

    A line of a help page (a bullet, a paragraph) mentions controls as the page labels
    them: its bold words and link texts. Each line is a passage (with its page and section
    headings), and so is each mention with the words around it (the few before it, those
    up to the next mention), all read as word stems. ``names`` maps a control's
    :func:`doc_name` and the host the page documents to its (line, mention) passages.
    "**Forums**: the list of every forum with its description and subscribers" tells a
    goal about subscribers to open Forums, on any template, without naming a task family.
    """

    passages: list[set[str]]
    idf: dict[str, float]
    names: dict[tuple[str, str], list[tuple[int, int]]]

    @staticmethod
    @functools.lru_cache(maxsize=32)
    def parse(text: str) -> SiteDocs:
        """The passages of a help text (parsed once per distinct text)."""
        passages: list[set[str]] = []
        names: dict[tuple[str, str], list[tuple[int, int]]] = {}
        lines: list[int] = []
        host, headings = "", ["", ""]
        for raw in text.splitlines():
            line = raw.strip()
            page = _DOC_PAGE.match(line)
            if page is not None:
                host, headings = page.group(1), ["", ""]
                continue
            level = len(line) - len(line.lstrip("#"))
            if level:
                title = line[level:].strip()
                headings = [title, ""] if level == 1 else [headings[0], title]
                continue
            mentions = list(_MENTION.finditer(line))
            if not mentions:
                continue
            at = len(passages)
            lines.append(at)
            passages.append(stems(tokens(" ".join([*headings, _MENTION.sub(r"\1\2", line)]))))
            ends = [0, *(m.end() for m in mentions[:-1])]  # of the mention before
            starts = [*(m.start() for m in mentions[1:]), len(line)]  # of the one after
            for mention, start, end in zip(mentions, ends, starts, strict=True):
                label = mention.group(1) or mention.group(2)
                before = line[start : mention.start()].split()[-6:]
                after = line[mention.end() : end]
                names.setdefault((host, doc_name(label)), []).append((at, len(passages)))
                passages.append(stems(tokens(" ".join([*before, label, after]))))
        # Document frequency over lines (a mention's words are also its line's).
        frequency: dict[str, int] = {}
        for at in lines:
            for word in passages[at]:
                frequency[word] = frequency.get(word, 0) + 1
        idf = {word: float(np.log((1 + len(lines)) / n)) for word, n in frequency.items()}
        return SiteDocs(passages, idf, names)

    @functools.lru_cache(maxsize=256)  # noqa: B019 (few docs texts, each parsed once)
    def relevance(self, goal: str) -> np.ndarray:
        """Each passage's idf-weighted cosine similarity with the goal's words."""
        goal_words = stems(tokens(goal))
        goal_norm = np.sqrt(sum(self.idf.get(w, 0.0) ** 2 for w in goal_words)) or 1.0
        scores = np.zeros(len(self.passages))
        for i, words in enumerate(self.passages):
            shared = sum(self.idf[w] ** 2 for w in words & goal_words)
            if shared:
                norm = np.sqrt(sum(self.idf[w] ** 2 for w in words))
                scores[i] = shared / (goal_norm * norm)
        return scores

    def match(self, goal: str, url: str, name: str) -> tuple[float, float, bool]:
        """How well the best line and the best mention of the control ``name`` on ``url``'s
        site match the goal, and whether the help mentions it at all."""
        host = url.split("://", 1)[-1].split("/", 1)[0]
        found = self.names.get((host, doc_name(name)))
        if not found:
            return 0.0, 0.0, False
        relevance = self.relevance(goal)
        line = max(relevance[at] for at, _ in found)
        mention = max(relevance[at] for _, at in found)
        return float(line), float(mention), True


@dataclass
class EpisodeMemory:
    """What the policy remembers of its episode: actions taken (per page) and their kinds,
    and the sites' help it was given at reset (``docs``)."""

    taken: set[tuple[str, str]] = field(default_factory=set)
    names: set[str] = field(default_factory=set)
    steps: int = 0
    last_kind: str = ""
    last_role: str = ""
    typed: bool = False
    docs: SiteDocs | None = None
    touched: set[str] = field(default_factory=set)
    pressed: set[str] = field(default_factory=set)
    last_candidate: str = ""
    last_name: str = ""
    texts: set[str] = field(default_factory=set)

    def remember(self, url: str, candidate: str, kind: str, element: PageElement | None) -> None:
        self.taken.add((url, candidate))
        # The words the episode has acted on so far: the names it clicked, the text it
        # typed or chose, the pages it was on (for "what the goal names is not done yet").
        self.touched |= tokens(url.split("://", 1)[-1]) | tokens(_parse(candidate).text or "")
        if element is not None and element.name:
            self.names.add(element.name)
            self.touched |= tokens(element.name)
            if element.role == "button":
                self.pressed |= stems(tokens(element.name))
        self.steps += 1
        self.last_kind = kind
        self.last_role = element.role if element is not None else ""
        self.last_candidate = candidate
        self.last_name = element.name if element is not None else ""
        self.texts.add(_parse(candidate).text or "")
        self.typed = self.typed or kind.startswith("type")


def episode_memory(site_docs: object = None) -> EpisodeMemory:
    """A fresh memory for an episode, holding the help text its reset gave (if any)."""
    return EpisodeMemory(docs=SiteDocs.parse(site_docs) if isinstance(site_docs, str) else None)


_parse = functools.lru_cache(maxsize=1 << 16)(parse_action)
"""``parse_action``, cached: the same candidates come back on every page of a site."""


def _kind(candidate: str, element: PageElement | None) -> tuple[str, int | None, str]:
    """The candidate's feature kind, its target id and its text (typed or chosen)."""
    action = _parse(candidate)
    kind = str(action.kind)
    text = action.text or ""
    if action.kind == ActionKind.TYPE:
        if not text:
            kind = "type_clear"
        elif element is not None and "value: '" in element.props and " " in text:
            kind = "type_append"
        else:
            kind = "type_enter" if action.press_enter else "type"
    elif action.kind in (ActionKind.TAB_FOCUS, ActionKind.NEW_TAB, ActionKind.CLOSE_TAB):
        kind = "tab"
    return kind, action.target, text


N_DENSE = len(KINDS) + len(ROLES) + 63
"""Dense features per candidate (see :func:`candidate_features`)."""
DOCS = len(KINDS) + len(ROLES) + 41
"""Where the help-page features start (line and mention match, mentioned, relative match,
best on the page)."""
ACTS_ON = len(KINDS) + len(ROLES) + 47
"""Where "acts on the goal's pending words" sits (and the page-relative features after)."""
HASH_BITS = 18
"""Hashed sparse features live in ``2**HASH_BITS`` weights."""


@dataclass
class Features:
    """The features of a list of candidates (one page, or many pages stacked).

    Attributes:
        dense: ``(n, N_DENSE)`` generic features (kind, role, overlaps with the goal...).
        index: Hashed sparse features: word pairs such as (goal word, element name word)
            or (page URL word, action kind), each a weight index...
        owner: ...and the candidate row it belongs to.
        offsets: Where each page's candidates start (one page: ``[0]``).
    """

    dense: np.ndarray
    index: np.ndarray
    owner: np.ndarray
    offsets: np.ndarray

    def __len__(self) -> int:
        return len(self.dense)

    def select(self, rows: Sequence[int]) -> Features:
        """The features of some candidates of one page, in the order of ``rows``."""
        keep = np.asarray(rows, dtype=np.int64)
        renumber = np.full(len(self), -1, dtype=np.int64)
        renumber[keep] = np.arange(len(keep))
        kept = renumber[self.owner] >= 0
        return Features(
            self.dense[keep],
            self.index[kept],
            renumber[self.owner[kept]],
            np.zeros(1, dtype=np.int64),
        )

    @staticmethod
    def stack(parts: Sequence[Features]) -> Features:
        """Many pages' features as one batch (``offsets`` marks the pages)."""
        sizes = np.array([len(part) for part in parts], dtype=np.int64)
        starts = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
        return Features(
            np.concatenate([part.dense for part in parts]),
            np.concatenate([part.index for part in parts]),
            np.concatenate([part.owner + start for part, start in zip(parts, starts, strict=True)]),
            starts,
        )


def goal_progress(
    goal: str, template_words: set[str], memory: EpisodeMemory
) -> tuple[set[str], set[str], set[str]]:
    """The goal's world words (names, titles, values: not its template), those of them the
    episode has not clicked, typed or visited yet, and the stems of the goal's first word
    (its verb: "close", "approve")."""
    world_words = tokens(goal) - template_words
    first = _TOKEN.findall(goal.lower())[:1]
    return world_words, world_words - memory.touched, stems(tokens(" ".join(first)))


@functools.lru_cache(maxsize=1 << 20)
def _hash(text: str) -> int:
    # crc32, not hash(): Python randomises str hashes per process. Keys repeat from page
    # to page, hence the cache.
    return zlib.crc32(text.encode()) & ((1 << HASH_BITS) - 1)


def page_relative(rows: np.ndarray) -> None:
    """Fill in the features that compare a candidate with the others of its page."""
    # The help's match against the page's best: the control the help points to for this
    # goal, among the ones this page offers.
    doc_match = rows[:, DOCS] + rows[:, DOCS + 1]
    if doc_match.size and doc_match.max() > 0:
        rows[:, DOCS + 3] = doc_match / doc_match.max()
        rows[:, DOCS + 4] = doc_match == doc_match.max()
    # What the goal names that some candidate of this page still acts on: stopping or
    # submitting now leaves it undone. And each candidate's word overlaps against the
    # page's best.
    acting = rows[:, ACTS_ON]
    if acting.size and acting.max() > 0:
        stop_rows = rows[:, KINDS.index("stop")] > 0
        rows[stop_rows, ACTS_ON + 7] = acting.max()
        buttons = rows[:, len(KINDS) + ROLES.index("button")] > 0
        rows[buttons, ACTS_ON + 10] = acting[buttons] < acting.max()
        rows[:, ACTS_ON + 11] = acting == acting.max()
    for column, relative in ((0, ACTS_ON + 12), (4, ACTS_ON + 13)):
        overlap = rows[:, len(KINDS) + len(ROLES) + column]
        if overlap.size and overlap.max() > 0:
            rows[:, relative] = overlap == overlap.max()


def candidate_features(
    obs: dict[str, str], candidates: Sequence[str], memory: EpisodeMemory
) -> tuple[Features, list[tuple[str, PageElement | None]]]:
    """The features of each candidate, plus (kind, element) of each for the memory.

    Page-level facts (steps taken, the last action, the URL) enter crossed with the
    action kind, since a softmax over candidates ignores what is the same for all of them.
    Words enter as hashed pairs: (goal word, name word) learns that "reply" goes with
    "Messages" on any site; (URL word, kind) and (URL word, name word) learn where a page
    leads, all without naming a task family.
    """
    goal = obs["goal"]
    goal_words = tokens(goal)
    goal_stems = stems(goal_words)
    quoted = {q.lower() for q in re.findall(r"[\"“']([^\"”']{2,})[\"”']", goal)}
    url_words = tokens(obs["url"].split("://", 1)[-1].split("?", 1)[0])
    # Word pairs use only words a world does not change: the goal's template words (its
    # lower-case words; names, titles and places are capitalised or contain digits), an
    # element's words that the goal does not name, and the URL's host and last path part.
    template_words = template_tokens(goal)
    path = obs["url"].split("://", 1)[-1].split("?", 1)[0].rstrip("/").split("/")
    route_words = plain(tokens(path[0]) | tokens(path[-1]))
    url_overlap = len(url_words & goal_words) / max(1, len(goal_words))
    question = 1.0 if goal.rstrip().endswith("?") else 0.0
    elements = page_elements(obs["axtree"])
    template_stems = stems(template_words)
    # How much of what the goal's template asks about the page shows (for stopping).
    page_words = stems({word for element in elements.values() for word in tokens(element.name)})
    page_coverage = len(template_stems & page_words) / max(1, len(template_stems))
    place, count = goal_ranks(goal)
    pending_goal, pending, verb = goal_progress(goal, template_words, memory)
    pending_share = len(pending) / max(1, len(pending_goal))
    verb_pressed = float(bool(verb) and verb <= memory.pressed)
    pending_quotes = float(any(not (tokens(q) <= memory.touched) for q in quoted))
    parsed = [_kind(candidate, None) for candidate in candidates]
    # Rank of each candidate among those of its kind whose elements share role and path
    # (one list's rows), in page order; and among those not yet taken on this page.
    groups: dict[tuple[str, str, str], list[int]] = {}
    for row, (kind, target, _) in enumerate(parsed):
        element = elements.get(target) if target is not None else None
        if element is not None:
            groups.setdefault((kind, element.role, element.path), []).append(row)
    rank = np.zeros(len(candidates), dtype=np.int64)
    fresh_rank = np.full(len(candidates), -1, dtype=np.int64)
    group_size = np.ones(len(candidates), dtype=np.int64)
    for members in groups.values():
        members.sort(key=lambda r: parsed[r][1] or 0)
        fresh = 0
        for position, member in enumerate(members):
            rank[member] = position
            group_size[member] = len(members)
            if (obs["url"], candidates[member]) not in memory.taken:
                fresh_rank[member] = fresh
                fresh += 1
    names_seen: dict[str, int] = {}
    rows = np.zeros((len(candidates), N_DENSE), dtype=np.float64)
    index: list[int] = []
    owner: list[int] = []
    described: list[tuple[str, PageElement | None]] = []
    count = max(1, len(candidates))
    for row, candidate in enumerate(candidates):
        kind, target, text = parsed[row]
        element = elements.get(target) if target is not None else None
        if element is not None:
            kind, _, text = _kind(candidate, element)
        described.append((kind, element))
        f = rows[row]
        if kind in KINDS:
            f[KINDS.index(kind)] = 1.0
        base = len(KINDS)
        role = element.role if element is not None else ""
        if role in ROLES:
            f[base + ROLES.index(role)] = 1.0
        base += len(ROLES)
        name = element.name if element is not None else ""
        name_words = tokens(name)
        shared = name_words & goal_words
        stem_shared = stems(name_words) & goal_stems
        context_words = tokens(element.context) if element is not None else set()
        text_words = tokens(text)
        seen = names_seen.get(name, 0)
        names_seen[name] = seen + 1
        is_stop = 1.0 if kind == "stop" else 0.0
        f[base + 0] = len(shared) / max(1, len(name_words))
        f[base + 1] = min(len(shared), 4) / 4
        f[base + 2] = len(stem_shared) / max(1, len(name_words))
        f[base + 3] = 1.0 if len(name) >= 3 and name.lower() in goal.lower() else 0.0
        f[base + 4] = len(context_words & goal_words) / max(1, len(goal_words))
        f[base + 5] = min(len(context_words & goal_words), 4) / 4
        f[base + 6] = len(text_words & goal_words) / max(1, len(text_words)) if text else 0.0
        f[base + 7] = 1.0 if text and text.lower() in quoted else 0.0
        f[base + 8] = min(len(text_words), 8) / 8
        f[base + 9] = 1.0 if (obs["url"], candidate) in memory.taken else 0.0
        f[base + 10] = 1.0 if name and name in memory.names else 0.0
        f[base + 11] = row / count
        f[base + 12] = 1.0 if seen == 0 else 0.0
        f[base + 13] = 1.0 if not name_words else 0.0
        f[base + 14] = is_stop * min(memory.steps, 20) / 20
        f[base + 15] = is_stop * (memory.last_kind in ("click", "type_enter", "select"))
        f[base + 16] = is_stop * (memory.last_role == "button")
        f[base + 17] = is_stop * memory.typed
        f[base + 18] = is_stop * url_overlap
        f[base + 19] = is_stop * (memory.steps == 0)
        f[base + 20] = (kind in ("go_back", "go_forward")) * (memory.steps == 0)
        f[base + 21] = (kind in ("type", "type_enter")) * memory.typed
        f[base + 22] = (role == "button") * memory.typed
        f[base + 23] = (role == "button") * len(stem_shared) / max(1, len(name_words))
        f[base + 24] = (role == "link") * f[base + 4]
        f[base + 25] = 1.0 if obs["last_action_error"] else 0.0
        f[base + 26] = is_stop * question
        listed = group_size[row] > 1
        f[base + 27] = listed * (place > 0) * (rank[row] == place - 1)
        f[base + 28] = listed * (rank[row] == 0)
        f[base + 29] = listed * (fresh_rank[row] == 0)
        f[base + 30] = listed * (count > 0) * (rank[row] < count)
        f[base + 31] = listed * (count > 0) * (fresh_rank[row] == 0)
        f[base + 32] = listed * min(rank[row], 10) / 10
        f[base + 33] = 1.0 if text and text in goal else 0.0
        f[base + 34] = 1.0 if text and any(text in q and text != q for q in quoted) else 0.0
        f[base + 35] = (kind == "select") * len(text_words & goal_words) / max(1, len(text_words))
        # Template words ("issues", "merge requests") say where to go; a name that matches
        # the goal only through its world words ("Northwind") is often just a breadcrumb.
        template_shared = stems(name_words) & template_stems
        f[base + 36] = len(template_shared) / max(1, len(name_words))
        f[base + 37] = 1.0 if stem_shared and not template_shared else 0.0
        f[base + 38] = (kind == "select") * (element is not None and text == element.selected)
        f[base + 39] = is_stop * page_coverage
        section_words = tokens(element.section) if element is not None else set()
        f[base + 40] = len(section_words & goal_words) / max(1, len(section_words))
        if memory.docs is not None and kind not in ("stop", "go_back", "go_forward", "tab"):
            # What the help says of this control (an option is named by its text).
            line, mention, mentioned = memory.docs.match(
                goal, obs["url"], text if kind == "select" else name
            )
            f[base + 41], f[base + 42], f[base + 43] = line, mention, float(mentioned)
        # What the goal names that the episode has not acted on yet: stopping with some
        # left is early, and a candidate that acts on them is a step towards the goal.
        acts_on = (name_words | text_words) & pending
        f[base + 46] = is_stop * pending_share
        f[base + 47] = (not is_stop) * len(acts_on) / max(1, len(pending_goal))
        f[base + 48] = is_stop * pending_quotes
        # Whether a button the episode pressed says what the goal's verb asks ("Close
        # issue" for "Close every open issue..."): a task that changes things is done then.
        f[base + 49] = is_stop * verb_pressed
        f[base + 50] = is_stop * (1 - verb_pressed) * (1 - question)
        f[base + 51] = (role == "button") * (stems(name_words) >= verb) * bool(verb)
        # Doing the last step again (the same control, on the page it led to).
        f[base + 52] = (not is_stop) * (candidate == memory.last_candidate)
        f[base + 53] = (not is_stop) * bool(name) * (name == memory.last_name)
        f[base + 55] = (role == "button") * pending_share
        f[base + 56] = (role == "button") * pending_quotes
        # Typing or choosing a text the episode already typed or chose.
        f[base + 61] = bool(text) and text in memory.texts
        f[base + 62] = bool(text) and bool(text_words) and text_words <= memory.touched
        words = sorted(plain(name_words - goal_words))[:6]
        keys = [f"k{kind}r{role}l{memory.last_kind}"]
        keys += [f"n{kind}|{word}" for word in words]
        keys += [f"g{word}|{goal_word}" for word in words for goal_word in template_words]
        # (Not for stop: a goal word's pull towards stopping is the same on every page.)
        keys += [f"q{kind}|{goal_word}" for goal_word in template_words if not is_stop]
        keys += [f"u{kind}|{word}" for word in route_words]
        keys += [f"v{url_word}|{word}" for url_word in route_words for word in words]
        keys += [f"t{kind}|{word}" for word in sorted(text_words & template_words)[:4]]
        if text:
            field_words = sorted(plain(name_words))[:4] or [role]
            shape = text_shape(text)
            keys += [f"s{slot}|{fw}" for slot in slot_words(goal, text) for fw in field_words]
            keys += [f"x{shape}|{kind}|{fw}" for fw in field_words]
            option_words = sorted(plain(text_words - goal_words))[:4]
            keys += [f"o{gw}|{ow}" for gw in template_words for ow in option_words]
        if group_size[row] > 1:
            keys += [f"r{kind}|{role}|{min(rank[row], 5)}|{place}|{count}"]
            keys += [f"f{kind}|{role}|{min(fresh_rank[row], 5)}|{count}"]
        for key in keys:
            index.append(_hash(key))
            owner.append(row)
    page_relative(rows)
    features = Features(
        rows,
        np.array(index, dtype=np.int64),
        np.array(owner, dtype=np.int64),
        np.zeros(1, dtype=np.int64),
    )
    return features, described


# -- answers -----------------------------------------------------------------------------

_NUMBER = re.compile(r"(?<![\w.])\$?\d[\d,]*(?:\.\d+)?(?![\w.])")
_DATE = re.compile(
    r"\b(?:[A-Z][a-z]{2,8}\.? \d{1,2}, \d{4}|\d{4}-\d{2}-\d{2}|[A-Z][a-z]{2,8} \d{4})\b"
)
_PIECES = re.compile(r" [·|•—–] | - |: |\(|\)")
ANSWER_SHAPES = ("number", "money", "date", "handle", "title", "words")
N_ANSWER = 1 + len(ANSWER_SHAPES) + 13
"""Dense features per answer value (see :func:`answer_features`)."""


@dataclass
class AnswerValue:
    """A text the page shows that could be the answer: an element's name or a piece of it.

    Attributes:
        text: The answer text ("" for no answer, as actions that change things end).
        element: The element whose name holds it (None for the empty answer).
        part: Whether it is a piece of the name (a number, a date, a phrase), not all of it.
    """

    text: str
    element: PageElement | None = None
    part: bool = False


def answer_values(axtree: str, limit: int = 600) -> list[AnswerValue]:
    """The empty answer, then each element's name and the numbers, dates and phrases in
    it, once each, in page order (at most ``limit``)."""
    values = [AnswerValue("")]
    seen = {""}
    for element in page_elements(axtree).values():
        name = element.name.strip()
        if not name or len(name) > 120:
            continue
        pieces = [name]
        pieces += [m.group().lstrip("$") for m in _NUMBER.finditer(name)]
        pieces += [m.group() for m in _DATE.finditer(name)]
        pieces += [piece.strip() for piece in _PIECES.split(name)]
        for piece in pieces:
            if piece and piece not in seen and len(values) < limit:
                seen.add(piece)
                values.append(AnswerValue(piece, element, piece != name))
    return values


def answer_shape(text: str) -> str:
    """The kind of value ``text`` looks like (one of :data:`ANSWER_SHAPES`)."""
    if _DATE.fullmatch(text):
        return "date"
    if re.fullmatch(r"\$\d[\d,]*(?:\.\d+)?|\d[\d,]*\.\d\d", text):
        return "money"
    if re.fullmatch(r"\d[\d,]*(?:\.\d+)?", text):
        return "number"
    if re.fullmatch(r"[\w.-]+", text) and re.search(r"[a-z][._-]?[a-z0-9]", text):
        return "handle" if re.search(r"[._]", text) or text.islower() else "title"
    words = text.split()
    if len(words) <= 6 and all(w[:1].isupper() or not w[:1].isalpha() for w in words):
        return "title"
    return "words"


def normalise_answer(text: str) -> str:
    """``text`` as a comparable key: case, ``$``, thousands separators and ``.00`` aside."""
    key = text.strip().lower().replace("$", "").replace(",", "")
    try:
        return repr(float(key))
    except ValueError:
        return " ".join(key.split())


def answer_features(goal: str, values: Sequence[AnswerValue]) -> Features:
    """The features of each answer value against the goal: its shape (a count, money, a
    date, a handle, a name...) crossed with the goal's template words ("how much", "who",
    "when"), the words of its label and surroundings, and whether the goal already says it
    (an answer rarely repeats the question)."""
    goal_words = tokens(goal)
    template_words = template_tokens(goal) | ({"?"} if goal.rstrip().endswith("?") else set())
    question = 1.0 if goal.rstrip().endswith("?") else 0.0
    rows = np.zeros((len(values), N_ANSWER), dtype=np.float64)
    index: list[int] = []
    owner: list[int] = []
    shape_counts: dict[str, int] = {}
    count = max(1, len(values))
    for row, value in enumerate(values):
        f = rows[row]
        if not value.text:
            f[0] = 1.0
            f[1 + len(ANSWER_SHAPES)] = question
            keys = [f"Aempty|{word}" for word in template_words]
        else:
            element = value.element
            assert element is not None
            shape = answer_shape(value.text)
            seen = shape_counts.get(shape, 0)
            shape_counts[shape] = seen + 1
            f[1 + ANSWER_SHAPES.index(shape)] = 1.0
            words = tokens(value.text)
            name_words = tokens(element.name)
            context_words = tokens(element.context)
            base = 2 + len(ANSWER_SHAPES)
            f[base + 0] = float(value.part)
            f[base + 1] = 1.0 if value.text.lower() in goal.lower() else 0.0
            f[base + 2] = len(words & goal_words) / max(1, len(words))
            f[base + 3] = len(context_words & goal_words) / max(1, len(goal_words))
            f[base + 4] = len(name_words & goal_words) / max(1, len(goal_words))
            f[base + 5] = row / count
            f[base + 6] = 1.0 if seen == 0 else 0.0
            f[base + 7] = 1.0 if element.role == "StaticText" else 0.0
            f[base + 8] = 1.0 if element.role == "link" else 0.0
            f[base + 9] = 1.0 if element.role in ("heading", "columnheader") else 0.0
            f[base + 10] = 1.0 if element.role in ("cell", "gridcell") else 0.0
            label = sorted(plain(name_words - words))[:6]
            around = sorted(plain(context_words - words))[:6]
            keys = [f"A{shape}|{word}" for word in template_words]
            keys += [f"B{element.role}|{shape}|{value.part}"]
            keys += [f"C{word}|{shape}" for word in around]
            keys += [f"D{word}|{goal_word}" for word in around for goal_word in template_words]
            keys += [f"E{word}|{shape}" for word in label]
            keys += [f"F{word}|{goal_word}" for word in label for goal_word in template_words]
        for key in keys:
            index.append(_hash(key))
            owner.append(row)
    return Features(
        rows,
        np.array(index, dtype=np.int64),
        np.array(owner, dtype=np.int64),
        np.zeros(1, dtype=np.int64),
    )


def answer_choice(values: Sequence[AnswerValue], reference: str) -> int | None:
    """The index of the value that is the reference answer, or None if the page has none."""
    wanted = normalise_answer(reference)
    return next((i for i, v in enumerate(values) if normalise_answer(v.text) == wanted), None)


class AnswerText(gym.Wrapper):
    """Lets the candidate ``stop []`` carry an answer: set ``pending_answer`` (through a
    vector env, ``envs.set_attr("pending_answer", texts)``) and the next ``stop []`` is sent
    as ``send_msg_to_user(answer)``. Goes inside :class:`DiscreteActions`, which still
    picks the slot."""

    def __init__(self, env: gym.Env) -> None:
        super().__init__(env)
        self.pending_answer = ""

    def reset(self, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        self.pending_answer = ""
        return self.env.reset(**kwargs)

    def step(self, action: Any) -> tuple[Any, Any, bool, bool, dict[str, Any]]:
        if action == "stop []" and self.pending_answer:
            action = f"send_msg_to_user({json.dumps(self.pending_answer)})"
        self.pending_answer = ""
        return self.env.step(action)


# -- the policy --------------------------------------------------------------------------


class CandidatePolicy:
    """A softmax over options (candidates, or answer values): dense weights plus
    hashed-pair weights, and optionally a small hidden layer over the dense features.

    ``score(c) = v · dense(c) + sum of w[i] over c's hashed features`` (plus
    ``u · tanh(W dense(c) + b)`` with ``hidden`` units, which lets generic features
    combine: "stop" with "something on this page still acts on the goal"); the
    probability of a candidate is the softmax of the scores over its page's candidates.
    Trained with Adam on any loss whose gradient with respect to the scores is given.
    """

    def __init__(
        self, n_dense: int = N_DENSE, l2: float = 1e-4, hidden: int = 0, seed: int = 0
    ) -> None:
        self.l2 = l2
        self.params = {"v": np.zeros(n_dense), "w": np.zeros(1 << HASH_BITS)}
        if hidden:
            rng = np.random.default_rng(seed)
            self.params["W"] = rng.normal(0, 1 / np.sqrt(n_dense), (n_dense, hidden))
            self.params["b"] = np.zeros(hidden)
            self.params["u"] = rng.normal(0, 1 / np.sqrt(hidden), hidden)
        self._adam = {k: (np.zeros_like(p), np.zeros_like(p)) for k, p in self.params.items()}
        self._t = 0

    def scores(self, x: Features) -> np.ndarray:
        sparse = np.bincount(x.owner, weights=self.params["w"][x.index], minlength=len(x))
        scores = x.dense @ self.params["v"] + sparse
        if "W" in self.params:
            scores += np.tanh(x.dense @ self.params["W"] + self.params["b"]) @ self.params["u"]
        return scores

    def probabilities(self, x: Features) -> np.ndarray:
        """The softmax of the scores within each page of ``x``."""
        if len(x) == 0:
            return np.zeros(0)
        scores = self.scores(x)
        page = np.repeat(np.arange(len(x.offsets)), np.diff(np.append(x.offsets, len(x))))
        exp = np.exp(scores - np.maximum.reduceat(scores, x.offsets)[page])
        return exp / np.add.reduceat(exp, x.offsets)[page]

    def gradient(self, x: Features, dscores: np.ndarray) -> dict[str, np.ndarray]:
        """The parameters' gradient of ``sum(dscores * scores(x))``."""
        grads = {
            "v": x.dense.T @ dscores,
            "w": np.bincount(x.index, weights=dscores[x.owner], minlength=1 << HASH_BITS),
        }
        if "W" in self.params:
            hidden = np.tanh(x.dense @ self.params["W"] + self.params["b"])
            grads["u"] = hidden.T @ dscores
            pre = np.outer(dscores, self.params["u"]) * (1 - hidden**2)
            grads["W"] = x.dense.T @ pre
            grads["b"] = pre.sum(axis=0)
        return grads

    def apply(self, grads: dict[str, np.ndarray], lr: float) -> None:
        """One Adam step that descends ``grads`` (plus weight decay ``l2``)."""
        self._t += 1
        for key, grad in grads.items():
            grad = grad + self.l2 * self.params[key]
            m, v = self._adam[key]
            m[...] = 0.9 * m + 0.1 * grad
            v[...] = 0.999 * v + 0.001 * grad**2
            m_hat = m / (1 - 0.9**self._t)
            v_hat = v / (1 - 0.999**self._t)
            self.params[key] -= lr * m_hat / (np.sqrt(v_hat) + 1e-8)

    def cross_entropy_gradient(
        self, x: Features, choices: np.ndarray, weights: np.ndarray
    ) -> tuple[dict[str, np.ndarray], float]:
        """Gradient of ``sum(weights * -log p(choice))`` over the pages of ``x`` (choices
        index into each page's candidates), and the weighted mean loss."""
        p = self.probabilities(x)
        rows = x.offsets + choices
        dscores = p * np.repeat(weights, np.diff(np.append(x.offsets, len(x))))
        dscores[rows] -= weights
        loss = float(np.sum(-np.log(p[rows] + 1e-12) * np.abs(weights)))
        return self.gradient(x, dscores), loss / max(1e-12, float(np.sum(np.abs(weights))))


# -- demonstrations ----------------------------------------------------------------------


@dataclass
class Demonstration:
    """One expert step: the candidates' features, the expert's choice among them, and the
    task family it comes from."""

    features: Features
    choice: int
    family: str = ""


class _Recorder(gym.Wrapper):
    """Keeps each step's candidates and observation, and the action taken from them."""

    def reset(self, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        obs, info = self.env.reset(**kwargs)
        self.steps: list[tuple[dict[str, str], list[str], str]] = []
        self._state = (obs, list(info["candidates"]))
        return obs, info

    def step(self, action: Any) -> tuple[Any, Any, bool, bool, dict[str, Any]]:
        self.steps.append((*self._state, action))
        obs, reward, terminated, truncated, info = self.env.step(action)
        self._state = (obs, list(info.get("candidates", [])))
        return obs, reward, terminated, truncated, info


def expert_candidates(
    steps: list[tuple[dict[str, str], list[str], str]],
) -> tuple[list[tuple[int, int]], bool]:
    """The candidate index of each reference action, as long as one matches.

    A ``fill`` followed by ``press [Enter]`` is the candidate ``type [id] [text] [1]``; a
    click on a checkbox is its ``check``/``uncheck`` candidate; an answer is ``stop []``.

    Returns:
        ``(step, candidate index)`` for the leading steps that are candidates (cut at the
        first reference action that is not one, e.g. typing a computed answer; a merged
        Enter has no pair), and whether every step is a candidate.
    """
    chosen: list[tuple[int, int]] = []
    index = 0
    while index < len(steps):
        _, candidates, action = steps[index]
        parsed = parse_action(action)
        merge = False
        following = parse_action(steps[index + 1][2]) if index + 1 < len(steps) else None
        if parsed.kind == ActionKind.STOP:
            wanted = ["stop []"]
        elif parsed.kind == ActionKind.TYPE:
            enter = parsed.press_enter or (
                following is not None
                and following.kind == ActionKind.PRESS
                and following.target is None
                and following.text == "Enter"
            )
            wanted = [f"type [{parsed.target}] [{parsed.text}] [{int(enter)}]"]
            merge = enter and not parsed.press_enter
        elif parsed.kind == ActionKind.CLICK:
            wanted = [f"{verb} [{parsed.target}]" for verb in ("click", "check", "uncheck")]
        else:
            wanted = [parsed.to_str()]
        hit = next((candidates.index(c) for c in wanted if c in candidates), None)
        if hit is None:
            return chosen, False
        chosen.append((index, hit))
        index += 2 if parsed.kind == ActionKind.TYPE and merge else 1
    return chosen, True


def _reference_episodes(
    env: _Recorder, world_seeds: Sequence[int], instances: int, first_instance: int = 0
) -> Iterator[tuple[dict[str, Any], dict[str, Any], list[tuple[int, int]], bool]]:
    """Play the reference solution of every family of ``env`` on each world (``instances``
    instance seeds each, from ``first_instance``) and yield, per episode, the reset's
    keyword arguments (resetting with them again gives the same task on a fresh world),
    the reset's info, and what :func:`expert_candidates` says of the recorded steps
    (``env.steps``)."""
    families = [family.id for family in env.unwrapped.families]  # type: ignore[attr-defined]
    for world in world_seeds:
        for family in families:
            for instance in range(first_instance, first_instance + instances):
                reset = {
                    "seed": world * 1_000 + instance,
                    "options": {"family": family, "world_seed": world},
                }
                try:
                    _, info = env.reset(**reset)
                except webenv.errors.WebEnvError:  # cannot instantiate on this world
                    continue
                play_solution(env, env.unwrapped.task)  # type: ignore[attr-defined]
                chosen, complete = expert_candidates(env.steps)
                yield reset, info, chosen, complete


def _recording_env(
    split: str | list[str], world_seeds: Sequence[int], site_docs: bool
) -> _Recorder:
    return _Recorder(
        gym.make(
            ENV_ID,
            tasks=split,
            candidates=True,
            world_seeds=list(world_seeds),
            site_docs=site_docs,
        )
    )


def collect_demonstrations(
    split: str | list[str],
    world_seeds: Sequence[int],
    instances: int,
    max_candidates: int,
    site_docs: bool = True,
) -> tuple[list[Demonstration], list[Demonstration], dict[str, int]]:
    """Expert steps from playing reference solutions: one place to swap the source.

    Plays the reference solution of every family in ``split`` on each world (``instances``
    instance seeds each) and replays the candidate-matching prefix through the features
    the policy sees, with the policy's own episode memory. Where the solution ends, the
    step is ``stop []`` and the answer head learns what it said: the page value that is
    the reference answer, or the empty answer after a task that changes things. An
    answer the page does not show (a sum, a difference) or a report of infeasibility
    cannot be chosen, so that episode teaches no ending.

    Returns:
        The action steps, the answer steps, and counts: ``episodes``, ``steps``,
        ``complete`` (reference solutions that are entirely candidates), ``answers``
        (endings the answer head can learn) and ``unanswerable``.
    """
    env = _recording_env(split, world_seeds, site_docs)
    demos: list[Demonstration] = []
    answer_demos: list[Demonstration] = []
    stats = {"episodes": 0, "steps": 0, "complete": 0, "answers": 0, "unanswerable": 0}
    try:
        for reset, info, chosen, complete in _reference_episodes(env, world_seeds, instances):
            stats["episodes"] += 1
            stats["complete"] += complete
            memory = episode_memory(info.get("site_docs"))
            for position, choice in chosen:
                obs, candidates, action = env.steps[position]
                if choice >= max_candidates:
                    break
                ending = parse_action(action)
                if ending.kind == ActionKind.STOP:
                    values = answer_values(obs["axtree"])
                    answer = None if ending.infeasible else ending.text or ""
                    right = answer_choice(values, answer) if answer is not None else None
                    if right is None:
                        stats["unanswerable"] += 1
                        break
                    answer_demos.append(Demonstration(answer_features(obs["goal"], values), right))
                    stats["answers"] += 1
                shown = candidates[:max_candidates]
                rows, described = candidate_features(obs, shown, memory)
                demos.append(Demonstration(rows, choice, reset["options"]["family"]))
                kind, element = described[choice]
                memory.remember(obs["url"], shown[choice], kind, element)
                stats["steps"] += 1
    finally:
        env.close()
    return demos, answer_demos, stats


def expert_label(
    reference: Sequence[tuple[str, str]],
    url: str,
    candidates: Sequence[str],
    taken: Counter[tuple[str, str]],
) -> int | None:
    """The expert's choice at a state the policy reached (DAgger's relabelling rule), from
    the reference solution only: ``reference`` is its (page URL, candidate) per step,
    ``taken`` counts the (page URL, candidate) the policy took so far in the episode.

    On a page of the reference path the label is the earliest reference step on that page
    that the policy has not taken there yet (a form's fields filled in another order still
    lead to the fields left, a list's rows to the next row the reference opens; reaching
    the page by another route is fine). On a page off the path it is ``go_back`` (which
    leads back towards the path, one page at a time). None where neither applies: the
    reference's step is not among the candidates, every reference step on this page is
    taken, or there is no going back.
    """
    used: Counter[tuple[str, str]] = Counter()
    on_path = False
    for page, candidate in reference:
        if page != url:
            continue
        on_path = True
        used[page, candidate] += 1
        if used[page, candidate] > taken[page, candidate]:
            return candidates.index(candidate) if candidate in candidates else None
    if on_path:
        return None
    back = [i for i, c in enumerate(candidates) if _parse(c).kind == ActionKind.GO_BACK]
    return back[0] if back else None


def relabelled_rollouts(
    choose: Chooser,
    split: str | list[str],
    world_seeds: Sequence[int],
    instances: int,
    max_candidates: int,
    max_steps: int,
    site_docs: bool = True,
    seed: int = 0,
    no_repeat: bool = False,
    first_instance: int = 0,
    off_path: bool = True,
) -> tuple[list[Demonstration], dict[str, int]]:
    """DAgger's data: the policy plays the training tasks, each visited state labelled by
    :func:`expert_label` from the task's reference solution.

    The tasks are those :func:`collect_demonstrations` plays (same worlds and families of
    ``split``; instance seeds from ``first_instance``, so a round can play instances no
    demonstration showed), where the reference solution is entirely candidates. Each
    episode plays up to ``max_steps`` of the policy's choices (``choose``), with its own
    episode memory, so the features are those the policy sees at evaluation; the
    reference is only read for the labels (privileged at training time, never at
    evaluation). ``no_repeat`` is :func:`run_episodes`'s; without ``off_path``, the states
    off the reference path are left unlabelled (a page off it may be a valid other route).

    Returns:
        The labelled steps, and counts: ``episodes``, ``states`` (visited), ``on_path``
        (labelled with a reference step), ``back`` (labelled ``go_back``) and ``agreed``
        (the policy's choice was the label).
    """
    env = _recording_env(split, world_seeds, site_docs)
    rng = np.random.default_rng(seed)
    labelled: list[Demonstration] = []
    stats = {"episodes": 0, "states": 0, "on_path": 0, "back": 0, "agreed": 0}
    try:
        for reset, _, chosen, complete in _reference_episodes(
            env, world_seeds, instances, first_instance
        ):
            if not complete:  # off the candidate prefix, "off the path" would be wrong
                continue
            reference = [(env.steps[p][0]["url"], env.steps[p][1][c]) for p, c in chosen]
            obs, info = env.reset(**reset)
            memory = episode_memory(info.get("site_docs"))
            taken: Counter[tuple[str, str]] = Counter()
            done: set[tuple[int, str]] = set()
            stats["episodes"] += 1
            for _ in range(max_steps):
                candidates = list(info.get("candidates", []))[:max_candidates]
                if not candidates:
                    break
                rows, described = candidate_features(obs, candidates, memory)
                label = expert_label(reference, obs["url"], candidates, taken)
                if no_repeat:
                    choice = choose_fresh(choose, rows, candidates, done, obs, rng)
                else:
                    choice = choose(rows, rng)
                stats["states"] += 1
                on_path = any(page == obs["url"] for page, _ in reference)
                if label is not None and (on_path or off_path):
                    labelled.append(Demonstration(rows, label, reset["options"]["family"]))
                    stats["on_path" if on_path else "back"] += 1
                    stats["agreed"] += choice == label
                memory.remember(obs["url"], candidates[choice], *described[choice])
                taken[obs["url"], candidates[choice]] += 1
                obs, _, terminated, truncated, info = env.step(candidates[choice])
                if terminated or truncated:
                    break
    finally:
        env.close()
    return labelled, stats


class DemonstrationSet:
    """All demonstrations stacked once, for full-batch cloning steps."""

    def __init__(self, demos: Sequence[Demonstration]) -> None:
        self.demos = list(demos)
        empty = np.zeros(0, dtype=np.int64)
        self.features = (
            Features.stack([demo.features for demo in demos])
            if demos
            else Features(np.zeros((0, 0)), empty, empty, empty)
        )
        self.choices = np.array([demo.choice for demo in demos], dtype=np.int64)

    def __len__(self) -> int:
        return len(self.demos)


def behaviour_cloning_step(policy: CandidatePolicy, demos: DemonstrationSet, lr: float) -> float:
    """One full-batch Adam step on the cross-entropy of the expert's choices; the loss."""
    if not len(demos):
        return 0.0
    weights = np.full(len(demos), 1 / max(1, len(demos)))
    grads, loss = policy.cross_entropy_gradient(demos.features, demos.choices, weights)
    policy.apply(grads, lr)
    return loss


def expert_accuracy(policy: CandidatePolicy, demos: DemonstrationSet) -> float:
    """How often the policy's top candidate is the expert's (ties broken at random, so
    an untrained policy scores what a uniform choice does)."""
    if not len(demos):
        return 0.0
    x = demos.features
    scores = policy.scores(x)
    page = np.repeat(np.arange(len(x.offsets)), np.diff(np.append(x.offsets, len(x))))
    top = scores >= np.maximum.reduceat(scores, x.offsets)[page]
    ties = np.add.reduceat(top.astype(np.float64), x.offsets)
    return float(np.mean(top[x.offsets + demos.choices] / ties))


# -- rollouts in a vector env ------------------------------------------------------------

Chooser = Callable[[Features, np.random.Generator], int]


def choose_fresh(
    choose: Chooser,
    x: Features,
    candidates: Sequence[str],
    done: set[tuple[int, str]],
    obs: dict[str, str],
    rng: np.random.Generator,
) -> int:
    """``choose``'s pick among the candidates not taken before on this very page state
    (the same URL and AX text: the same action there would do the same again), or among
    all when every one was. Records the pick in ``done`` (the episode's)."""
    state = hash((obs["url"], obs["axtree"]))
    fresh = [i for i, candidate in enumerate(candidates) if (state, candidate) not in done]
    if 0 < len(fresh) < len(candidates):
        choice = fresh[choose(x.select(fresh), rng)]
    else:
        choice = choose(x, rng)
    done.add((state, candidates[choice]))
    return choice


def greedy(policy: CandidatePolicy) -> Chooser:
    return lambda x, rng: int(np.argmax(policy.scores(x)))


def sampled(policy: CandidatePolicy) -> Chooser:
    return lambda x, rng: int(rng.choice(len(x), p=policy.probabilities(x)))


def uniform(x: Features, rng: np.random.Generator) -> int:
    return int(rng.integers(len(x)))


def task_selection(text: str) -> str | list[str]:
    """A ``tasks=`` value from the command line: a split such as ``gen:train``, or family
    ids separated by commas (``shop.cancel-order,forum.upvote-newest``)."""
    return [part.strip() for part in text.split(",") if part.strip()] if "." in text else text


def make_vector_env(
    split: str | list[str],
    world_seeds: range,
    workers: int,
    max_candidates: int,
    max_steps: int,
    reward_mode: str = "sparse",
    site_docs: bool = True,
) -> gym.vector.VectorEnv:
    """``workers`` envs of ``split`` tasks in an AsyncVectorEnv, each a DiscreteActions env
    over an :class:`AnswerText` env (so ``stop []`` can carry an answer).

    Same-step autoreset: a finished episode's last info is in ``infos["final_info"]`` and
    the returned observation already starts the next episode.
    """
    return gym.make_vec(
        ENV_ID,
        num_envs=workers,
        vectorization_mode="async" if workers > 1 else "sync",
        vector_kwargs={"autoreset_mode": gym.vector.AutoresetMode.SAME_STEP},
        wrappers=[lambda env: DiscreteActions(AnswerText(env), max_candidates=max_candidates)],
        tasks=split,
        candidates=True,
        world_seeds=world_seeds,
        max_episode_steps=max_steps,
        reward_mode=reward_mode,
        site_docs=site_docs,
    )


@dataclass
class Episode:
    """A finished episode: its task, its reward (the sum of its steps' rewards, which is
    the validators' verdict in both reward modes), and each step's (features, choice) and
    reward when kept."""

    task_id: str
    family: str
    reward: float
    steps: list[tuple[Features, int]]
    rewards: list[float] = field(default_factory=list)


def _info_at(infos: dict[str, Any], key: str, i: int) -> object:
    """Sub-env ``i``'s ``key`` in a vector env's infos, or None where it has none."""
    if key not in infos or not infos.get(f"_{key}", np.ones(i + 1, dtype=bool))[i]:
        return None
    return infos[key][i]


def run_episodes(
    envs: gym.vector.VectorEnv,
    choose: Chooser,
    episodes_per_env: int,
    seed: int,
    *,
    answer: Chooser | None = None,
    keep_steps: bool = False,
    no_repeat: bool = False,
) -> list[Episode]:
    """Play ``episodes_per_env`` episodes in each sub-env, choosing with ``choose``.

    When the chosen candidate is ``stop []``, ``answer`` (if given) picks the answer among
    the page's :func:`answer_values`, and the env's :class:`AnswerText` sends it.
    With ``no_repeat``, an action already taken on the same page state is not chosen
    again (:func:`choose_fresh`).
    The env draws each episode's task with its seeded RNG, so for a given ``seed`` every
    policy plays the same tasks.
    """
    rng = np.random.default_rng(seed)
    obs, infos = envs.reset(seed=seed)
    n = envs.num_envs
    memories = [episode_memory(_info_at(infos, "site_docs", i)) for i in range(n)]
    trails: list[list[tuple[Features, int]]] = [[] for _ in range(n)]
    paid: list[list[float]] = [[] for _ in range(n)]
    tasks = [(str(infos["task_id"][i]), str(infos["family"][i])) for i in range(n)]
    finished: list[list[Episode]] = [[] for _ in range(n)]
    done: list[set[tuple[int, str]]] = [set() for _ in range(n)]
    while any(len(done) < episodes_per_env for done in finished):
        actions = np.zeros(n, dtype=np.int64)
        pending = [""] * n
        chose = [False] * n
        for i in range(n):
            single = {key: obs[key][i] for key in ("axtree", "url", "goal", "last_action_error")}
            candidates = list(infos["candidates"][i])[: int(infos["action_mask"][i].sum())]
            if not candidates:
                continue
            rows, described = candidate_features(single, candidates, memories[i])
            if no_repeat:
                choice = choose_fresh(choose, rows, candidates, done[i], single, rng)
            else:
                choice = choose(rows, rng)
            actions[i] = choice
            chose[i] = True
            if keep_steps:
                trails[i].append((rows, choice))
            memories[i].remember(single["url"], candidates[choice], *described[choice])
            if answer is not None and candidates[choice] == "stop []":
                values = answer_values(single["axtree"])
                pending[i] = values[answer(answer_features(single["goal"], values), rng)].text
        if any(pending):
            # Both vector envs have set_attr; the VectorEnv base class does not declare it.
            vector = cast("gym.vector.SyncVectorEnv | gym.vector.AsyncVectorEnv", envs)
            vector.set_attr("pending_answer", pending)
        obs, rewards, terminated, truncated, infos = envs.step(actions)
        for i in range(n):
            if chose[i]:  # rewards line up with the kept steps
                paid[i].append(float(rewards[i]))
            if terminated[i] or truncated[i]:
                if len(finished[i]) < episodes_per_env:
                    total = float(np.sum(paid[i]))
                    finished[i].append(Episode(*tasks[i], total, trails[i], paid[i]))
                memories[i] = episode_memory(_info_at(infos, "site_docs", i))
                done[i] = set()
                trails[i] = []
                paid[i] = []
                tasks[i] = (str(infos["task_id"][i]), str(infos["family"][i]))
    return [episode for done in finished for episode in done]


def reinforce_step(
    policy: CandidatePolicy,
    episodes: Sequence[Episode],
    demos: DemonstrationSet,
    lr: float,
    gamma: float,
    bc_weight: float,
) -> None:
    """One REINFORCE update (each step's discounted reward-to-go, minus the batch mean)
    plus the behaviour-cloning loss weighted by ``bc_weight``."""
    steps = []
    for episode in episodes:
        to_go = 0.0
        rewards_to_go: list[float] = []
        for reward in reversed(episode.rewards[: len(episode.steps)]):
            to_go = reward + gamma * to_go
            rewards_to_go.append(to_go)
        rewards_to_go.reverse()
        steps += [
            (rows, choice, ret)
            for (rows, choice), ret in zip(episode.steps, rewards_to_go, strict=True)
        ]
    grads: dict[str, np.ndarray] = {}
    if steps:
        returns = np.array([ret for _, _, ret in steps])
        advantages = (returns - returns.mean()) / len(steps)
        if np.any(advantages):
            batch = Features.stack([rows for rows, _, _ in steps])
            choices = np.array([choice for _, choice, _ in steps], dtype=np.int64)
            grads, _ = policy.cross_entropy_gradient(batch, choices, advantages)
    if len(demos) and bc_weight > 0:
        weights = np.full(len(demos), bc_weight / len(demos))
        cloning, _ = policy.cross_entropy_gradient(demos.features, demos.choices, weights)
        grads = {key: grads.get(key, 0) + grad for key, grad in cloning.items()}
    if grads:
        policy.apply(grads, lr)


# -- the whole run -----------------------------------------------------------------------


def _task(env: gym.Env, task_id: str) -> Any:
    """The task ``task_id`` names (the env resets to it; its ``task`` attribute is public)."""
    env.reset(options={"task_id": task_id})
    return env.unwrapped.task  # type: ignore[attr-defined]


def oracle_success(task_ids: Sequence[str], split: str | list[str], worlds: range) -> float:
    """The share of these tasks that their reference solutions solve."""
    env = gym.make(ENV_ID, tasks=split, world_seeds=worlds)
    try:
        results = [play_solution(env, _task(env, task_id)) for task_id in task_ids]
    finally:
        env.close()
    return float(np.mean([result.solved for result in results])) if results else 0.0


@dataclass
class EvaluationSet:
    """Held-out tasks the policy is scored on, with their reference lines."""

    name: str
    tasks: str | list[str]
    envs: gym.vector.VectorEnv
    demos: DemonstrationSet
    answers: DemonstrationSet
    random: float = 0.0
    task_ids: list[str] = field(default_factory=list)


def uniform_accuracy(demos: DemonstrationSet) -> float:
    """How often a uniform choice among a step's options is the expert's."""
    if not len(demos):
        return 0.0
    sizes = np.diff(np.append(demos.features.offsets, len(demos.features)))
    return float(np.mean(1 / sizes))


def dagger_round(
    args: argparse.Namespace, policy: CandidatePolicy, demos: Sequence[Demonstration], round_: int
) -> tuple[list[Demonstration], dict[str, int]]:
    """One DAgger round's labelled states (:func:`relabelled_rollouts`) on the training
    tasks, and their counts.

    With ``--dagger-folds K > 1``, each K-th of the training families is played by a policy
    cloned afresh on the other families' ``demos`` only, so the states are those a
    template never seen leads to; else all by ``policy``. Round ``r`` plays the instance
    seeds from ``demo_instances + (r - 1) * dagger_instances`` (tasks no demonstration
    showed), or the demonstrations' own tasks with ``--dagger-instances 0``.
    """
    families = sorted({demo.family for demo in demos})
    folds = [families[j :: args.dagger_folds] for j in range(min(args.dagger_folds, len(families)))]
    labelled: list[Demonstration] = []
    stats: dict[str, int] = {}
    for fold in folds if args.dagger_folds > 1 else [args.train_tasks]:
        player = policy
        if args.dagger_folds > 1:
            player = CandidatePolicy(l2=args.l2, hidden=args.hidden, seed=args.seed)
            rest = DemonstrationSet([demo for demo in demos if demo.family not in fold])
            for _ in range(args.bc_steps):
                behaviour_cloning_step(player, rest, args.bc_lr)
        found, counts = relabelled_rollouts(
            greedy(player) if args.dagger_choice == "greedy" else sampled(player),
            fold,
            range(1, 1 + args.train_worlds),
            args.dagger_instances or args.demo_instances,
            args.max_candidates,
            args.max_steps,
            args.site_docs,
            seed=args.seed * 1_000 + round_,
            no_repeat=args.no_repeat,
            first_instance=(
                args.demo_instances + (round_ - 1) * args.dagger_instances
                if args.dagger_instances
                else 0
            ),
            off_path=args.dagger_off_path,
        )
        labelled += found
        stats = {key: stats.get(key, 0) + n for key, n in counts.items()}
    return labelled, stats


def train(args: argparse.Namespace) -> dict[str, Any]:
    """Collect demonstrations, clone, fine-tune with RL, evaluating on held-out tasks.

    Two held-out sets, both on worlds 10000+ (never trained on): ``worlds`` plays the
    training families there (new data, same templates), ``families`` the test families
    (new templates too).
    """
    started = time.perf_counter()
    log = print if not args.quiet else (lambda *a, **k: None)
    train_worlds = range(1, 1 + args.train_worlds)
    test_worlds = range(FIRST_TEST_WORLD, FIRST_TEST_WORLD + args.test_worlds)
    steps, endings, demo_stats = collect_demonstrations(
        args.train_tasks, train_worlds, args.demo_instances, args.max_candidates, args.site_docs
    )
    log(f"demonstrations: {demo_stats} ({time.perf_counter() - started:.0f} s)")
    demos, answer_demos = DemonstrationSet(steps), DemonstrationSet(endings)
    policy = CandidatePolicy(l2=args.l2, hidden=args.hidden, seed=args.seed)
    answer_head = CandidatePolicy(N_ANSWER)
    # Each set also has reference trajectories on its held-out worlds: how often the
    # policy's top choice is the expert's (step accuracy) measures imitation there.
    sets = []
    for name, tasks in (("worlds", args.train_tasks), ("families", args.test_tasks)):
        reference_steps, reference_endings, _ = collect_demonstrations(
            tasks, test_worlds[: args.accuracy_worlds], 1, args.max_candidates, args.site_docs
        )
        sets.append(
            EvaluationSet(
                name,
                tasks,
                make_vector_env(
                    tasks,
                    test_worlds,
                    args.workers,
                    args.max_candidates,
                    args.max_steps,
                    site_docs=args.site_docs,
                ),
                DemonstrationSet(reference_steps),
                DemonstrationSet(reference_endings),
            )
        )
    train_envs = make_vector_env(
        args.train_tasks,
        train_worlds,
        args.workers,
        args.max_candidates,
        args.max_steps,
        args.reward_mode,
        args.site_docs,
    )
    per_env = max(1, args.eval_episodes // args.workers)
    curve: list[dict[str, Any]] = []

    def evaluate(stage: str, step: int) -> None:
        point: dict[str, Any] = {"stage": stage, "step": step}
        for held_out in sets:
            episodes = run_episodes(
                held_out.envs,
                greedy(policy),
                per_env,
                args.eval_seed,
                answer=greedy(answer_head),
                no_repeat=args.no_repeat,
            )
            point[held_out.name] = float(np.mean([e.reward for e in episodes]))
            point[f"{held_out.name}_step_accuracy"] = expert_accuracy(policy, held_out.demos)
            point[f"{held_out.name}_answer_accuracy"] = expert_accuracy(
                answer_head, held_out.answers
            )
        curve.append(point)
        log(
            f"{stage:>4} step {step:4d}: success on held-out worlds {point['worlds']:.3f}, "
            f"families {point['families']:.3f}; step accuracy "
            f"{point['worlds_step_accuracy']:.3f}, {point['families_step_accuracy']:.3f}; "
            f"answer accuracy {point['worlds_answer_accuracy']:.3f}, "
            f"{point['families_answer_accuracy']:.3f}"
        )

    train_success: list[float] = []
    dagger_stats: list[dict[str, int]] = []
    try:
        for held_out in sets:
            episodes = run_episodes(held_out.envs, uniform, per_env, args.eval_seed, answer=uniform)
            held_out.random = float(np.mean([e.reward for e in episodes]))
            held_out.task_ids = [e.task_id for e in episodes]
            log(
                f"random over candidates, held-out {held_out.name}: {held_out.random:.3f} "
                f"on {len(episodes)} tasks"
            )
        evaluate("init", 0)
        step = 0
        for epoch in range(1, args.bc_steps + 1):
            loss = behaviour_cloning_step(policy, demos, args.bc_lr)
            behaviour_cloning_step(answer_head, answer_demos, args.bc_lr)
            step += 1
            if epoch % args.eval_every_bc == 0 or epoch == args.bc_steps:
                log(f"  bc loss {loss:.3f}, expert accuracy {expert_accuracy(policy, demos):.3f}")
                evaluate("bc", step)
        relabelled: list[Demonstration] = []
        for round_ in range(1, args.dagger_rounds + 1):
            labelled, dagger = dagger_round(args, policy, [*steps, *relabelled], round_)
            relabelled += labelled
            dagger_stats.append(dagger)
            demos = DemonstrationSet([*steps, *relabelled])
            log(f"  dagger round {round_}: {dagger}, {len(demos)} steps to clone")
            for _ in range(args.dagger_bc_steps):
                loss = behaviour_cloning_step(policy, demos, args.bc_lr)
                step += 1
            log(f"  bc loss {loss:.3f}, expert accuracy {expert_accuracy(policy, demos):.3f}")
            evaluate("dagger", step)
        for iteration in range(1, args.rl_iterations + 1):
            episodes = run_episodes(
                train_envs,
                sampled(policy),
                args.rl_episodes_per_env,
                args.seed * 1_000 + iteration,
                answer=greedy(answer_head),
                keep_steps=True,
                no_repeat=args.no_repeat,
            )
            train_success.append(float(np.mean([e.reward for e in episodes])))
            reinforce_step(policy, episodes, demos, args.rl_lr, args.gamma, args.bc_weight)
            step += 1
            log(f"  rl iteration {iteration}: train success {train_success[-1]:.3f}")
            if iteration % args.eval_every_rl == 0 or iteration == args.rl_iterations:
                evaluate("rl", step)
    finally:
        for held_out in sets:
            held_out.envs.close()
        train_envs.close()
    held_out_results = {}
    for held_out in sets:
        oracle = (
            oracle_success(held_out.task_ids, held_out.tasks, test_worlds)
            if args.oracle
            else float("nan")
        )
        reachable = _candidate_reachable(
            held_out.task_ids, held_out.tasks, test_worlds, args.max_candidates
        )
        held_out_results[held_out.name] = {
            "tasks": held_out.tasks,
            "episodes": len(held_out.task_ids),
            "families": len({task_id.split("/")[1] for task_id in held_out.task_ids}),
            "random": held_out.random,
            "oracle": oracle,
            "candidate_ceiling": reachable,
            "final": curve[-1][held_out.name],
            "best": max(point[held_out.name] for point in curve),
            "step_accuracy": {
                "reference_steps": len(held_out.demos),
                "random": uniform_accuracy(held_out.demos),
                "untrained": curve[0][f"{held_out.name}_step_accuracy"],
                "final": curve[-1][f"{held_out.name}_step_accuracy"],
            },
            "answer_accuracy": {
                "reference_endings": len(held_out.answers),
                "random": uniform_accuracy(held_out.answers),
                "untrained": curve[0][f"{held_out.name}_answer_accuracy"],
                "final": curve[-1][f"{held_out.name}_answer_accuracy"],
            },
        }
        log(
            f"held-out {held_out.name}: policy {curve[-1][held_out.name]:.3f}, random "
            f"{held_out.random:.3f}, oracle {oracle:.3f}, candidate ceiling {reachable:.3f}"
        )
    result = {
        "arguments": vars(args),
        "demonstrations": demo_stats,
        "held_out": held_out_results,
        "dagger_rounds": dagger_stats,
        "train_success_per_rl_iteration": train_success,
        "curve": curve,
        "seconds": round(time.perf_counter() - started, 1),
    }
    log(f"{result['seconds']} s")
    return result


def _candidate_reachable(
    task_ids: Sequence[str], split: str | list[str], worlds: range, max_candidates: int
) -> float:
    """The share of tasks whose reference solution, played as candidates and ending with
    an answer the page shows (what this policy can choose), passes."""
    env = _Recorder(gym.make(ENV_ID, tasks=split, candidates=True, world_seeds=worlds))
    passed = []
    try:
        for task_id in task_ids:
            play_solution(env, _task(env, task_id))
            reference = env.steps
            chosen, _ = expert_candidates(reference)
            _, info = env.reset(options={"task_id": task_id})
            reward = 0.0
            for position, choice in chosen:
                candidates = info["candidates"][:max_candidates]
                if choice >= len(candidates):
                    break
                obs, _, action = reference[position]
                ending = parse_action(action)
                if ending.kind == ActionKind.STOP:
                    values = answer_values(obs["axtree"])
                    right = answer_choice(values, ending.text or "")
                    if ending.infeasible or right is None:
                        break
                    answer = values[right].text
                    step = f"send_msg_to_user({json.dumps(answer)})" if answer else "stop []"
                else:
                    step = candidates[choice]
                _, reward, terminated, truncated, info = env.step(step)
                if terminated or truncated:
                    break
            passed.append(float(reward))
    finally:
        env.close()
    return float(np.mean(passed)) if passed else 0.0


def plot(result: dict[str, Any], path: Path) -> None:
    """Held-out success (with random, oracle and candidate-ceiling lines) and held-out
    step accuracy (with the random line), side by side, as a small PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    curve = result["curve"]
    steps = [point["step"] for point in curve]
    fig, (success, accuracy) = plt.subplots(1, 2, figsize=(9.0, 3.4), dpi=100)
    styles = {
        "worlds": ("tab:blue", "training families, held-out worlds"),
        "families": ("tab:red", "held-out families and worlds"),
    }
    for name, (colour, label) in styles.items():
        held_out = result["held_out"][name]
        success.plot(steps, [p[name] for p in curve], marker="o", color=colour, label=label)
        success.axhline(held_out["candidate_ceiling"], color=colour, ls="-.", lw=0.8)
        success.axhline(held_out["random"], color=colour, ls="--", lw=0.8)
        accuracy.plot(steps, [p[f"{name}_step_accuracy"] for p in curve], marker="o", color=colour)
        accuracy.plot(
            steps,
            [p[f"{name}_answer_accuracy"] for p in curve],
            marker="s",
            ms=4,
            ls=":",
            color=colour,
        )
        accuracy.axhline(held_out["step_accuracy"]["random"], color=colour, ls="--", lw=0.8)
    success.plot([], [], color="grey", ls="--", lw=0.8, label="random over candidates")
    success.plot([], [], color="grey", ls="-.", lw=0.8, label="candidate ceiling")
    oracle = result["held_out"]["families"]["oracle"]
    if not np.isnan(oracle):
        success.axhline(oracle, color="green", ls=":", label="oracle (reference solutions)")
    bc_end = max((point["step"] for point in curve if point["stage"] != "rl"), default=0)
    accuracy.plot([], [], color="grey", marker="o", label="action steps")
    accuracy.plot([], [], color="grey", marker="s", ms=4, ls=":", label="answers")
    accuracy.plot([], [], color="grey", ls="--", lw=0.8, label="random action")
    accuracy.legend(fontsize=6.5, loc="lower right")
    for ax, title in (
        (success, "held-out task success (greedy)"),
        (accuracy, "held-out choices that match the reference"),
    ):
        ax.axvline(bc_end, color="black", lw=0.5)
        ax.text(bc_end, 0.92, " BC | RL", fontsize=7)
        ax.set_xlabel("training step (BC epochs, then RL iterations)", fontsize=8)
        ax.set_title(title, fontsize=9)
        ax.set_ylim(-0.02, 1.05)
    success.legend(fontsize=6.5, loc="center right")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add = parser.add_argument
    add("--train-tasks", type=task_selection, default="gen:train", help="split or family ids")
    add("--test-tasks", type=task_selection, default="gen:test", help="held-out split or ids")
    add("--train-worlds", type=int, default=4, help="training worlds 1..N (demos and RL)")
    add("--test-worlds", type=int, default=4, help="held-out worlds 10000..10000+N-1")
    add("--demo-instances", type=int, default=2, help="instances per family and world")
    add("--bc-steps", type=int, default=150, help="behaviour-cloning epochs (full batch)")
    add("--bc-lr", type=float, default=0.05)
    add("--l2", type=float, default=1e-4, help="the policy's weight decay")
    add("--hidden", type=int, default=16, help="hidden units over the dense features (0: linear)")
    add(
        "--dagger-rounds",
        type=int,
        default=0,
        help="DAgger rounds after cloning: the policy plays the training tasks, each state it "
        "visits is labelled from the reference solution (its next step, or go_back off the "
        "path), and the policy is cloned again on demonstrations and labels together",
    )
    add(
        "--dagger-instances",
        type=int,
        default=0,
        help="instances per family and world that each DAgger round plays, new ones each "
        "round (0: the demonstrations' own tasks)",
    )
    add(
        "--dagger-folds",
        type=int,
        default=1,
        help="with K > 1, DAgger's rollouts of each K-th of the training families are played "
        "by a policy cloned (--bc-steps epochs) on the other families only",
    )
    add(
        "--dagger-on-path-only",
        dest="dagger_off_path",
        action="store_false",
        help="label only DAgger states on the reference path (none go_back)",
    )
    add("--dagger-bc-steps", type=int, default=75, help="cloning epochs after each DAgger round")
    add(
        "--dagger-choice",
        choices=("greedy", "sampled"),
        default="greedy",
        help="how the policy chooses in DAgger rollouts",
    )
    add(
        "--no-repeat",
        action="store_true",
        help="never take an action again on the same page state (same URL and AX text), "
        "in evaluation, DAgger and RL rollouts",
    )
    add("--rl-iterations", type=int, default=10)
    add("--rl-episodes-per-env", type=int, default=8, help="episodes per worker per iteration")
    add("--rl-lr", type=float, default=0.003)
    add("--gamma", type=float, default=0.95, help="discount of rewards per step")
    add(
        "--reward-mode",
        choices=("sparse", "progress"),
        default="progress",
        help="RL training reward (held-out success is always the validators' verdict)",
    )
    add("--bc-weight", type=float, default=0.5, help="cloning loss kept during RL")
    add("--workers", type=int, default=2, help="AsyncVectorEnv workers")
    add("--max-candidates", type=int, default=256)
    add("--max-steps", type=int, default=25, help="episode step limit")
    add("--eval-episodes", type=int, default=60, help="episodes per held-out set")
    add("--eval-every-bc", type=int, default=75)
    add("--accuracy-worlds", type=int, default=2, help="held-out worlds with reference steps")
    add("--eval-every-rl", type=int, default=5)
    add("--eval-seed", type=int, default=12345)
    add("--seed", type=int, default=0)
    add(
        "--no-site-docs",
        dest="site_docs",
        action="store_false",
        help="leave out the sites' help pages (info['site_docs']) from the features",
    )
    add("--no-oracle", dest="oracle", action="store_false", help="skip the oracle line")
    add("--out", type=Path, default=None, help="write the results JSON here")
    add("--plot", type=Path, default=None, help="write the learning curve PNG here")
    add("--quiet", action="store_true")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    given = sys.argv[1:] if argv is None else list(argv)
    result = {"command": shlex.join(["python", "examples/train_policy.py", *given])}
    result |= train(args)
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(result, indent=2, default=str) + "\n")
    if args.plot is not None:
        plot(result, args.plot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
