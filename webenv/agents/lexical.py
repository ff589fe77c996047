"""The ``lexical`` agent: a model-free baseline that can read the sites' help pages.

It chooses among the env's action candidates (``info["candidates"]``) by word overlap
with the goal. When the env gives site docs (``WebEnv(site_docs=True)``,
``webenv run --site-docs``), it also retrieves the few help passages that share the most
words with the goal and adds the interface names they mention (the **bold** names and
link texts of the help Markdown: menu items, links, buttons and fields) to what it looks
for, so a goal about "orders" leads it to **My Account** and **My Orders** although the
goal names neither. Nothing else differs with and without docs, which is what makes it a
fair probe of what the docs are worth.

What it does each step, in order:

1. Each candidate is scored by the words of the element it acts on (the name the
   accessibility tree gives it; for ``select`` the option's label): every word also in
   the goal counts 1; for a link, every word of a retrieved interface name counts
   :data:`DOC_WEIGHT` and a link named exactly like a retrieved name gets
   :data:`NAME_BONUS` (the docs say where things are, so they steer navigation; what to
   press or fill on a page is left to the goal's words); the sum is divided by the
   square root of the element's word count, so long names do not win by length; in a
   link's name a word of the current page's title counts only :data:`HERE_WEIGHT` (the
   page already shows it). Only the goal's own values are typed
   (:func:`webenv.candidates.goal_values`: slot values, quoted phrases...): a ``type``
   scores the overlap of the field's name with the :data:`CONTEXT_WORDS` goal words
   before the value ("coupon code SAVE15" puts SAVE15 in **Coupon Code**), plus
   :data:`VALUE_BONUS`. A button on a page where the agent typed adds
   :data:`SUBMIT_BONUS`.
2. An action already taken on the same page, an element clicked before (by role and
   name, on any page), a value already typed into a field of that name, tab and history
   moves, and signing out are never chosen; typing with Enter outside a search field
   loses :data:`ENTER_PENALTY`, so a form is filled before it is sent.
3. It answers ``stop []`` when no candidate scores at least :data:`MIN_SCORE`, after a
   form was submitted (a button pressed after typing on its page, or a button named
   with a goal word: "Fork", "Assign to me", "Subscribe"), or after :data:`MAX_ACTIONS`
   actions. It never writes an answer text, so it can only succeed on tasks judged by
   the state, the URL or the page, not on questions.

Words are lower-cased ``[a-z0-9]`` runs with a plural or verb ending and a final "e"
cut (``orders`` -> ``order``, ``assigned`` -> ``assign``, ``named`` and ``name`` ->
``nam``), minus a short stop list.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from webenv.actions import ActionError, ActionKind, parse_action
from webenv.agents.protocol import TaskInfo
from webenv.candidates import goal_values
from webenv.errors import SolutionError

DOC_WEIGHT = 0.6
"""What a word of a retrieved interface name is worth beside a goal word (1)."""
NAME_BONUS = 0.8
"""Added when an element's whole name is one of the retrieved interface names."""
VALUE_BONUS = 0.3
"""Added to typing one of the goal's values."""
CONTEXT_WORDS = 4
"""Goal words before a value that say which field it belongs in ("coupon code SAVE15")."""
SUBMIT_BONUS = 0.6
"""Added to a button on a page where the agent has typed (submitting what it filled)."""
HERE_WEIGHT = 0.25
"""What a word of the current page's title is worth in a link's name: the page already
shows it, so the link likely leads where the agent is."""
MIN_SCORE = 0.5
"""Below this, nothing on the page is worth doing: the agent stops."""
MAX_ACTIONS = 15
"""Actions before the agent stops on its own."""
PASSAGES = 3
"""Help passages retrieved for a goal."""
ENTER_PENALTY = 0.05
"""Taken off typing with Enter outside a search field, so a form is filled before it is
sent."""
SIGN_OUT = frozenset({"log out", "sign out"})
"""Element names the agent never clicks (signing out ends the task's session)."""
STOP_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "to",
        "in",
        "on",
        "at",
        "for",
        "from",
        "by",
        "with",
        "and",
        "or",
        "is",
        "are",
        "was",
        "be",
        "it",
        "its",
        "this",
        "that",
        "my",
        "me",
        "i",
        "you",
        "your",
        "all",
        "any",
        "as",
        "into",
        "than",
        "then",
        "there",
        "their",
        "them",
        "what",
        "which",
        "who",
        "how",
        "many",
        "much",
        "do",
        "does",
        "did",
        "not",
        "no",
        "yes",
        "if",
        "so",
        "also",
    ]
)

_WORD = re.compile(r"[a-z0-9]+")
_AX_LINE = re.compile(r"^\t*\[(\d+)\] (\S+) '(.*?)'(?: [\w-]+: .*)?$")
_BOLD = re.compile(r"\*\*([^*]+)\*\*")
_LINK_TEXT = re.compile(r"\[([^\]\n]+)\]\([^)\s]*\)")


def _stem(word: str) -> str:
    for ending in ("ing", "ed", "es", "s"):
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            word = word[: -len(ending)]
            break
    return word[:-1] if word.endswith("e") and len(word) > 3 else word


def words(text: str) -> list[str]:
    """The agent's words of ``text``: lower-cased, stemmed, stop words left out."""
    return [_stem(w) for w in _WORD.findall(text.lower()) if w not in STOP_WORDS]


@dataclass(frozen=True)
class Passage:
    """A line of the help text and what it names.

    Attributes:
        words: Its words (with its section's heading's, for context).
        names: The interface names it mentions (bold text and link texts).
    """

    words: frozenset[str]
    names: tuple[str, ...]


def passages(docs: str) -> list[Passage]:
    """The help text cut into passages: one per list item or paragraph line, each with
    the words of the heading it sits under (page comments are skipped)."""
    found: list[Passage] = []
    heading: list[str] = []
    for raw in docs.splitlines():
        line = raw.strip()
        if not line or line.startswith("<!--"):
            continue
        if line.startswith("#"):
            heading = words(line)
            continue
        names = tuple(name.strip() for name in [*_BOLD.findall(line), *_LINK_TEXT.findall(line)])
        found.append(Passage(frozenset(words(line)) | frozenset(heading), names))
    return found


def retrieve(goal: str, docs: str, count: int = PASSAGES) -> list[Passage]:
    """The ``count`` passages of ``docs`` sharing the most goal words (each weighted by
    its rarity among the passages, as in TF-IDF); none when no passage shares a word."""
    found = passages(docs)
    wanted = set(words(goal))
    spread = Counter(word for passage in found for word in passage.words & wanted)
    scored = []
    for index, passage in enumerate(found):
        score = sum(math.log(1 + len(found) / spread[word]) for word in passage.words & wanted)
        if score > 0:
            scored.append((-score, index, passage))
    return [passage for _, _, passage in sorted(scored)[:count]]


def _elements(axtree: str) -> dict[int, tuple[str, str]]:
    """AX id -> (role, name) for every node of the observation."""
    elements: dict[int, tuple[str, str]] = {}
    for line in axtree.splitlines():
        match = _AX_LINE.match(line)
        if match:
            elements[int(match.group(1))] = (match.group(2), match.group(3))
    return elements


def _value_contexts(goal: str, values: list[str]) -> dict[str, set[str]]:
    """Each goal value (lower-cased) -> the words of the goal just before it (the value
    itself when it is not in the goal text, e.g. the signed-in username)."""
    lowered = goal.lower()
    contexts: dict[str, set[str]] = {}
    for value in values:
        key = value.lower()
        where = lowered.find(key)
        before = words(goal[:where])[-CONTEXT_WORDS:] if where >= 0 else []
        contexts[key] = set(before) if before else set(words(value))
    return contexts


class LexicalAgent:
    """Chooses the candidate whose element's words best match the goal (and, with site
    docs, the help passages retrieved for the goal); see :mod:`webenv.agents.lexical`.

    Deterministic: the same task, page and docs give the same action.
    """

    wants_candidates = True

    def __init__(self) -> None:
        self._goal: frozenset[str] = frozenset()
        self._query: dict[str, float] = {}
        self._goal_query: dict[str, float] = {}
        self._names: set[str] = set()
        self._values: dict[str, set[str]] = {}
        self._tried: set[tuple[str, str]] = set()
        self._clicked: set[tuple[str, str]] = set()
        self._typed: set[tuple[str, str]] = set()
        self._typed_on = ""
        self._submitted = False
        self._actions = 0
        self.docs_used = False

    def reset(self, task_info: TaskInfo) -> None:
        """Read the goal and, when the env gave them, retrieve the help passages for it."""
        goal = task_info.task.intent
        self._goal = frozenset(words(goal))
        self._goal_query = dict.fromkeys(self._goal, 1.0)
        self._query = dict(self._goal_query)
        self._names = set()
        docs = task_info.info.get("site_docs")
        self.docs_used = isinstance(docs, str) and bool(docs)
        if isinstance(docs, str):
            for passage in retrieve(goal, docs):
                for name in passage.names:
                    self._names.add(name.lower())
                    for word in words(name):
                        self._query.setdefault(word, DOC_WEIGHT)
        self._values = _value_contexts(goal, goal_values(task_info.task))
        self._tried = set()
        self._clicked = set()
        self._typed = set()
        self._typed_on = ""
        self._submitted = False
        self._actions = 0

    def _score(
        self,
        action: str,
        elements: dict[int, tuple[str, str]],
        url: str,
        here: frozenset[str] = frozenset(),
    ) -> float:
        try:
            parsed = parse_action(action)
        except ActionError:
            return 0.0
        if parsed.target is None or parsed.target not in elements:
            return 0.0  # stop, tabs, history: not chosen for their words
        role, name = elements[parsed.target]
        if name.lower() in SIGN_OUT or (role, name) in self._clicked:
            return 0.0
        text = name
        bonus = 0.0
        if parsed.kind is ActionKind.TYPE:
            value = (parsed.text or "").lower()
            if value not in self._values or (name.lower(), value) in self._typed:
                return 0.0  # only the goal's own values, each once per field name
            field = set(words(name))
            if parsed.press_enter and role != "searchbox" and "search" not in field:
                bonus -= ENTER_PENALTY
            if not field:
                return VALUE_BONUS + bonus
            # The field's name against the goal words just before the value.
            overlap = len(field & self._values[value]) / math.sqrt(len(field))
            return overlap + VALUE_BONUS + bonus
        elif parsed.kind is ActionKind.SELECT:
            text = parsed.text or ""
        elif role == "button" and self._typed_on == url:
            bonus += SUBMIT_BONUS
        # The docs say where things are: they steer navigation (links), while what to
        # press or tick on a page is for the goal's own words to decide.
        navigates = role == "link"
        if navigates and name.lower() in self._names:
            bonus += NAME_BONUS
        found = words(text)
        if not found:
            return bonus
        query = self._query if navigates else self._goal_query
        overlap = sum(
            query.get(word, 0.0) * (HERE_WEIGHT if navigates and word in here else 1)
            for word in set(found)
        )
        return overlap / math.sqrt(len(set(found))) + bonus

    def act(self, obs: dict[str, Any], info: dict[str, Any]) -> str:
        """The best-scoring candidate, or ``stop []`` (see the module's rules).

        Raises:
            SolutionError: the env gave no ``candidates`` (made without
                ``candidates=True``).
        """
        candidates = info.get("candidates")
        if candidates is None:
            raise SolutionError(
                "the lexical agent needs info['candidates']; make the env with candidates=True"
            )
        url = str(obs.get("url", ""))
        if self._submitted or self._actions >= MAX_ACTIONS:
            return "stop []"
        elements = _elements(str(obs.get("axtree", "")))
        title = next((name for role, name in elements.values() if role == "RootWebArea"), "")
        here = frozenset(words(title))
        best, best_score = "", MIN_SCORE
        for action in candidates:
            if (url, action) in self._tried:
                continue
            score = self._score(action, elements, url, here)
            if score > best_score:
                best, best_score = action, score
        if not best:
            return "stop []"
        self._tried.add((url, best))
        self._actions += 1
        parsed = parse_action(best)
        role, name = elements.get(parsed.target or -1, ("", ""))
        if parsed.kind is ActionKind.TYPE:
            self._typed.add((name.lower(), (parsed.text or "").lower()))
            self._typed_on = url
        else:
            self._clicked.add((role, name))
            acts_on_goal = bool(set(words(name)) & self._goal)
            if role == "button" and (self._typed_on == url or acts_on_goal):
                self._submitted = True
        return best
