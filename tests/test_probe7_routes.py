# ruff: noqa: E501 - the cases are a table: long SQL and texts stay on one line
"""Probe round 7: other agents' routes on held-out world seeds and uncovered tasks, written
before reading the validators.

Each case plays an episode through the public API (``gym.make``, ``reset(options=...)``,
``step``, the ``api [...]`` action, ``stop [...]`` / ``report_infeasible(...)``) and states
the verdict a user expects from ``info["validation"]``: lenient, and where it matters strict
(``N`` = not pinned). The tasks are those probe6 left out: 71 generated families on three
world seeds no test uses (9001, 31415, 424242) and about forty curated tasks.

Policy decided here, before reading the rules (probe6's policy stands and is extended):
- The outcome is judged, not the route: the same end state reached through the site's JSON
  API, by pressing Enter in a form's text box instead of clicking its button, by typing a
  commit SHA instead of the tag that names it, or with the steps in another order, passes
  both modes.
- Typed text is compared leniently (case, runs of spaces, spaces at the ends) wherever the
  task asks for a text to be typed, whether the task's SQL filters on it or reads it back:
  a name, street, title, description or message typed in another case passes lenient and
  fails strict. A phone number typed in another common layout is the same number (lenient).
- A different word, a typo, a missing word, extra words the task's "just"/"exactly" rules
  out, the right text in the wrong field, or the change on the wrong item is wrong in both
  modes. Done twice (a duplicate message, submission, review, address) is wrong; done then
  undone is not done; a partial change (two of three) is not done.
- Answers: the reference value with extra harmless words ("The total is 12.", "$15.00 in
  total", "It is Fitness.") passes lenient; the same value in another case or with a
  currency sign passes lenient. A different value, or a hedge that names the right value and
  a wrong one ("12 or 13", "A or B"), fails both modes. A list answer missing a member, or
  with a wrong extra member, fails. An infeasible task passes when reported infeasible and
  fails when answered with a made-up value.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import gymnasium as gym
import pytest

from tests.test_probe6 import ENV_IDS, FORUM, GIT, GIT_API, SHOP, api, goto
from webenv.families import families, generate
from webenv.tasks import Task, bundled_tasks
from webenv.tools.solution import step_to_actions

T, F = True, False
N = None  # not pinned
REF = "REF"
AGAIN = "AGAIN"  # back to the start page, then the reference solution once more
BACK = "BACK"  # back to the start page
SEEDS = (9001, 31415, 424242)
SHOP_REST = f"{SHOP}/rest/V1"

Plan = list[Any]


@dataclass(frozen=True, eq=False)
class Ref:
    """The reference solution (without its final answer), edited.

    ``text``/``option``: typed texts / chosen options (and checkboxes) replaced (old ->
    new); ``enter``: the
    name of a text box in which Enter is pressed instead of clicking the button after it;
    ``swap``: two field names whose typed texts trade places; ``drop``: step names left out;
    ``upto``: only the first steps; ``lookups``: whether ``text`` also replaces what is
    typed into a search or filter box (:data:`LOOKUP_FIELDS`).
    """

    text: dict[str, str] = field(default_factory=dict)
    option: dict[str, str] = field(default_factory=dict)
    enter: str | None = None
    swap: tuple[str, str] | None = None
    drop: tuple[str, ...] = ()
    upto: int | None = None
    lookups: bool = True

    def steps(self, task: Task) -> list[dict]:
        steps = [dict(s) for s in task.solution[:-1][: self.upto] if s.get("name") not in self.drop]
        if self.swap:
            a, b = (next(s for s in steps if s.get("name") == n) for n in self.swap)
            a["text"], b["text"] = b["text"], a["text"]
        for step in steps:
            if not self.lookups and step.get("name") in LOOKUP_FIELDS:
                continue
            if step.get("text") in self.text:
                step["text"] = self.text[step["text"]]
            if step.get("option") in self.option:
                step["option"] = self.option[step["option"]]
            if step["do"] in ("check", "uncheck") and step.get("name") in self.option:
                step["name"] = self.option[step["name"]]  # a checkbox labelled with the text
        if self.enter is not None:
            at = max(
                i for i, s in enumerate(steps) if s["do"] == "type" and s["name"] == self.enter
            )
            steps[at]["enter"] = True
            assert steps[at + 1]["do"] == "click", steps[at + 1]
            del steps[at + 1]
        return steps


def text(old: str, new: str) -> Ref:
    return Ref(text={old: new})


def answer(value: str) -> str:
    return f"stop [{value}]"


def infeasible(why: str) -> str:
    return f'report_infeasible("{why}")'


# -- envs and playing ---------------------------------------------------------------------


@cache
def _curated_env(site: str) -> gym.Env:
    return gym.make(ENV_IDS[site])


@cache
def _generated_env(site: str) -> gym.Env:
    return gym.make(ENV_IDS[site], tasks="gen", world_seeds=list(SEEDS))


@cache
def _curated(task_id: str) -> Task:
    return next(t for t in bundled_tasks() if t.task_id == task_id)


@cache
def _generated(family: str, world: int, instance: int) -> Task:
    task = generate(family, world, instance)
    assert task is not None, (family, world, instance)
    return task


def _reference(task: Task) -> Plan:
    """The reference solution with its own final step."""
    last = task.solution[-1]
    final = (
        infeasible(last["answer"]) if last["do"] == "report_infeasible" else answer(last["answer"])
    )
    return [Ref(), final]


def play(env: gym.Env, task: Task, plan: Plan) -> dict:
    """Reset to ``task``, play ``plan`` (a final ``stop``/``report_infeasible`` or an empty
    ``stop []``) and return the validation info."""
    obs, _ = env.reset(options={"task_id": task.task_id})
    world = env.unwrapped.world
    start = obs["url"]
    final = "stop []"
    if plan and isinstance(plan[-1], str) and plan[-1].startswith(("stop [", "report_infeasible(")):
        *plan, final = plan
    elif plan and plan[-1] == REF:  # the reference's own answer
        *plan, final = [*plan[:-1], *_reference(task)]
    for item in plan:
        if item == REF:
            item = Ref()
        if item == AGAIN:
            items = [goto(start), *Ref().steps(task)]
        elif item == BACK:
            items = [goto(start)]
        else:
            items = item.steps(task) if isinstance(item, Ref) else [item]
        for one in items:
            if callable(one):
                one = one(world)
            actions = step_to_actions(one, obs["axtree"]) if isinstance(one, dict) else [one]
            for action in actions:
                obs, *_ = env.step(action)
                assert not obs["last_action_error"], (action, obs["last_action_error"])
                if action.startswith("api ["):  # the call itself went through (a case's own slip)
                    assert " - 2" in obs["axtree"].splitlines()[0], obs["axtree"][:300]
    _, _, terminated, _, info = env.step(final)
    assert terminated
    return info["validation"]


def q(site: str, sql: str) -> Callable[[Any], Any]:
    """The first value of ``sql`` on the live site (what an agent reads off a page)."""
    return lambda world: world.query(site, sql)[0][0]


def api_with(
    method: str,
    url: str,
    body: Callable[[Any], dict] | dict | None = None,
    **lookups: Callable[[Any], Any],
) -> Callable[[Any], str]:
    """An ``api [...]`` action whose URL placeholders (``{name}``) and body are read live."""

    def action(world: Any) -> str:
        values = {k: f(world) for k, f in lookups.items()}
        data = body(world) if callable(body) else body
        return api(method, url.format(**values), data)

    return action


def click(name: str, role: str = "button", **more: Any) -> dict:
    return {"do": "click", "role": role, "name": name, **more}


def link(name: str, **more: Any) -> dict:
    return click(name, role="link", **more)


# -- answer variants, one rule per answer type (decided before reading the rules) ----------


def _clicks(task: Task) -> list[str]:
    return [s["name"] for s in task.solution if s["do"] == "click" and s.get("role") == "link"]


def _typed(task: Task) -> list[str]:
    return [s["text"] for s in task.solution if s["do"] == "type"]


# A wrong candidate another agent might give, per family (the other side of a comparison).
OTHER: dict[str, Callable[[Task], str | None]] = {
    "forum.compare-moderator-karma": lambda t: next(
        c for c in (_clicks(t)[2], _clicks(t)[5]) if c != t.eval.reference_answers.exact_match
    ),
    "forum.compare-top-authors-comment-karma": lambda t: next(
        c for c in (_clicks(t)[4], _clicks(t)[9]) if c != t.eval.reference_answers.exact_match
    ),
    "forum.earlier-weekly-thread": lambda t: next(
        c for c in (_clicks(t)[1], _clicks(t)[3]) if c != t.eval.reference_answers.exact_match
    ),
    "shop.compare-ratings": lambda t: next(
        c for c in _typed(t) if c != t.eval.reference_answers.exact_match
    ),
    "shop.extreme-order-in-year": lambda t: str(int(t.eval.reference_answers.exact_match) + 1),
}


def _money(value: float) -> str:
    return f"{value:,.2f}"


def answer_variants(task: Task) -> Iterator[tuple[str, Plan, bool | None, bool | None]]:
    """(name, plan, lenient, strict) for one answer task."""
    yield "reference", _reference(task), T, T
    ref = task.eval.reference_answers
    kind = task.eval.answer_type
    if kind == "infeasible":
        yield "reported-briefly", [infeasible("This cannot be done.")], T, T
        yield "made-up-answer", [answer("Done")], F, F
        return
    if kind == "number":
        n = int(ref.exact_match)
        yield "with-words", [answer(f"The answer is {n}.")], T, N
        yield "with-unit", [answer(f"{n} in total")], T, N
        yield "off-by-one", [answer(str(n + 1))], F, F
        yield "hedged", [answer(f"{n} or {n + 1}")], F, F
        return
    if kind == "currency":
        value = float(ref.exact_match.replace("$", "").replace(",", ""))
        yield "dollar-sign", [answer(f"${_money(value)}")], T, N
        yield "sentence", [answer(f"It came to ${_money(value)} in total.")], T, N
        yield "bare-number", [answer(f"{value:.2f}")], T, N
        yield "cent-off", [answer(f"${_money(value + 0.01)}")], F, F
        yield "hedged", [answer(f"${_money(value)} or ${_money(value + 1)}")], F, F
        return
    if kind == "list" and ref.must_include:
        items = list(ref.must_include)
        yield "and-joined", [answer(" and ".join(items))], T, N
        yield "dollar-range", [answer(" - ".join(f"${x}" for x in items))], T, N
        yield "one-missing", [answer(items[0])], F, F
        return
    if kind == "list":
        items = list(ref.exact_match)
        yield "sentence", [answer(f"Only {' and '.join(items)}.")], T, N
        yield "wrong-extra", [answer(", ".join([*items, "Zed Q."]))], F, F
        return
    value = ref.exact_match
    if value.lower() != value:
        yield "lower-case", [answer(value.lower())], T, N
    yield "sentence", [answer(f"It is {value}.")], T, N
    other = OTHER.get(task.family, lambda t: None)(task)
    if other:
        yield "other-candidate", [answer(other)], F, F
        yield "hedged", [answer(f"{value} or {other}")], F, F


def _first_instance(family: str, world: int) -> int | None:
    return next((i for i in range(8) if generate(family, world, i) is not None), None)


ANSWER_FAMILIES = (
    "forum.author-submission-count",
    "forum.compare-moderator-karma",
    "forum.compare-top-authors-comment-karma",
    "forum.earlier-weekly-thread",
    "forum.top-author-forum-count",
    "forum.top-author-points-in-forum",
    "githost.busiest-milestone",
    "githost.commits-between-refs",
    "githost.commits-by-author-on-branch",
    "githost.commits-in-period",
    "githost.contributor-commits",
    "githost.count-author-mrs",
    "githost.count-issues-label-milestone",
    "githost.my-review-requests",
    "githost.top-contributor",
    "githost.who-merged",
    "shop.brand-cheapest-in-category",
    "shop.compare-ratings",
    "shop.count-in-price-band",
    "shop.count-orders-status-year",
    "shop.extreme-order-in-year",
    "shop.items-in-month",
    "shop.nth-cheapest-rated",
    "shop.nth-in-sorted-search",
    "shop.order-costs-in-period",
    "shop.price-gap",
    "shop.price-range-in-category",
    "shop.reviewers-mentioning-word",
    "shop.spend-in-month",
    "shop.spend-on-brand",
    "shop_admin.order-grand-total",
    # mixed families: answer on some seeds (infeasible draws), state on others
    "shop.checkout-with-coupon",
    "shop.cancel-order",
    "shop.default-address-in-city",
    "forum.lock-submission",
)


def _answer_params() -> list[Any]:
    params = []
    for family in ANSWER_FAMILIES:
        for world in SEEDS:
            instance = _first_instance(family, world)
            if instance is None:
                continue
            task = _generated(family, world, instance)
            if task.eval.eval_types != ("string_match",):
                continue
            for name, plan, lenient, strict in answer_variants(task):
                key = ("gen", f"{family}#{world}#{instance}")
                params.append(
                    pytest.param(*key, plan, lenient, strict, id=f"{family}@{world}:{name}")
                )
    return params


# -- every family's state tasks on the new seeds: typed-text variants, one rule -----------------

LOOKUP_FIELDS = frozenset(
    {"Search", "Filter by name", "Search by keyword", "Author", "Reviewer", "ID", "Name", "SKU"}
    | {"Min price", "Max price", "Username", "To", "Branch or tag"}
)
"""Text boxes whose text finds something (a search, a filter, a recipient) rather than
being written into the site."""


def _written(task: Task) -> list[str]:
    """Multi-word texts the reference types into the site (the last one typed into each
    field: a later edit wins) that the task's SQL reads back (in a filter or in the
    expected value)."""
    checked = " ".join(f"{e.sql} {e.expected}" for e in task.eval.state or ())
    last = {s["name"]: s["text"] for s in task.solution if s["do"] == "type"}
    return [
        value
        for name, value in last.items()
        if name not in LOOKUP_FIELDS
        and " " in value.strip()
        and value.replace("'", "''") in checked
    ]


def _typo(value: str) -> str:
    """``value`` with one letter dropped from its longest word."""
    word = max(re.findall(r"[A-Za-z]{5,}", value) or [value], key=len)
    return value.replace(word, word[:-2] + word[-1], 1)


def written(old: str, new: str) -> Ref:
    """``new`` typed where the reference writes ``old`` (not in a search box), and picked
    as ``new`` wherever the reference later picks ``old`` from a list."""
    return Ref(text={old: new}, option={old: new.strip()}, lookups=False)  # as the site shows it


def state_variants(task: Task) -> Iterator[tuple[str, Plan, bool | None, bool | None]]:
    """(name, plan, lenient, strict) for one state task on a held-out seed."""
    yield "reference", [REF], T, T
    if "url_match" not in task.eval.eval_types:  # else the page is the outcome
        yield "browsed-back-to-start", [REF, BACK], T, T
    for k, value in enumerate(_written(task)[:2]):
        if value.lower() != value:
            yield f"lower-case-{k}", [written(value, value.lower())], T, F
        yield f"padded-{k}", [written(value, f"  {value} ")], T, N
        if _typo(value) != value:
            yield f"typo-{k}", [written(value, _typo(value))], F, F


def _state_params() -> list[Any]:
    params = []
    for family in families():
        for world in SEEDS:
            instance = next(
                (
                    i
                    for i in range(8)
                    if (t := generate(family, world, i)) is not None and t.eval.answer_type is None
                ),
                None,
            )
            if instance is None:
                continue
            task = _generated(family, world, instance)
            for name, plan, lenient, strict in state_variants(task):
                key = ("gen", f"{family}#{world}#{instance}")
                params.append(
                    pytest.param(
                        *key, plan, lenient, strict, id=f"{family}@{world}#{instance}:{name}"
                    )
                )
    return params


# -- generated state tasks on the new seeds: (family, world, instance) -> cases ---------------

MSG = "SELECT MAX(id) FROM messages WHERE sender_id = 1"

GEN: dict[tuple[str, int, int], list[tuple]] = {
    ("cross.cart-qty-from-forum-comments", 9001, 1): [
        ("reference", [REF], T, T, "reference"),
        ("enter-in-quantity", [Ref(enter="Quantity")], T, T, "Enter submits the add-to-cart form"),
        ("one-short", [text("11", "10")], F, F, "ten, not eleven"),
        ("added-twice", [REF, AGAIN], F, F, "22 in the cart"),
        (
            "rest-api",
            [
                api_with(
                    "POST",
                    f"{SHOP_REST}/carts/mine/items",
                    lambda w: {
                        "cartItem": {
                            "sku": q("shop", "SELECT sku FROM products WHERE id = 338")(w),
                            "qty": 11,
                        }
                    },
                )
            ],
            T,
            T,
            "the Magento cart API",
        ),
    ],
    ("cross.message-wishlist-pick", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "lower-case-body",
            [text("Northway Tapered Cargo Trousers", "northway tapered cargo trousers")],
            T,
            F,
            "case of a typed name",
        ),
        (
            "padded-body",
            [text("Northway Tapered Cargo Trousers", "  Northway Tapered Cargo Trousers ")],
            T,
            N,
            "spaces at the ends",
        ),
        (
            "extra-words",
            [text("Northway Tapered Cargo Trousers", "Northway Tapered Cargo Trousers, please!")],
            F,
            F,
            "'just the name'",
        ),
        (
            "fields-swapped",
            [Ref(swap=("Subject", "Message"))],
            F,
            F,
            "subject and text trade places",
        ),
        ("sent-twice", [REF, AGAIN], F, F, "duplicate message"),
        ("wrong-recipient", [text("daniel.taylor", "tara.singh")], F, F, "another user"),
    ],
    ("cross.message-wishlist-pick", 31415, 0): [
        ("reference", [REF], T, T, "reference"),
        ("padded-subject", [text("Gift idea", "Gift idea  ")], T, N, "trailing spaces"),
        (
            "typo",
            [text("Little Farm Wholegrain Pancake Mix", "Little Farm Wholegrain Pancake Mx")],
            F,
            F,
            "typo",
        ),
    ],
    ("cross.post-better-rated-product", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "lower-title",
            [text("Playwell Travel Word Game", "playwell travel word game")],
            T,
            F,
            "case",
        ),
        (
            "other-product",
            [
                api(
                    "POST",
                    f"{FORUM}/api/submissions",
                    {
                        "forum": "programming",
                        "title": "Brightbox Deluxe Card Game",
                        "body": "Rated higher than the alternative I looked at. Anyone here tried it?",
                    },
                )
            ],
            F,
            F,
            "the worse-rated one",
        ),
        (
            "wrong-forum",
            [Ref(option={"Programming": "Gardening"})],
            F,
            F,
            "posted in another forum",
        ),
        (
            "body-typo",
            [
                text(
                    "Rated higher than the alternative I looked at. Anyone here tried it?",
                    "Rated higher than the alternative I looked at. Anyone here tried it",
                )
            ],
            F,
            F,
            "a missing character",
        ),
        (
            "forum-api",
            [
                api(
                    "POST",
                    f"{FORUM}/api/submissions",
                    {
                        "forum": "programming",
                        "title": "Playwell Travel Word Game",
                        "body": "Rated higher than the alternative I looked at. Anyone here tried it?",
                    },
                )
            ],
            T,
            T,
            "the forum's JSON API",
        ),
        ("posted-twice", [REF, AGAIN], F, F, "duplicate"),
    ],
    ("cross.post-latest-order-product", 31415, 0): [
        ("reference", [REF], T, T, "reference with & in the title"),
        (
            "inner-spaces",
            [
                text(
                    "I had the same experience. Happy to compare notes sometime.",
                    "I had the same experience.  Happy to compare notes sometime.",
                )
            ],
            T,
            N,
            "double space",
        ),
        (
            "ampersand-as-and",
            [text("Hearth & Co Copper Frying Pan", "Hearth and Co Copper Frying Pan")],
            F,
            N,
            "not the product's exact name",
        ),
    ],
    ("cross.post-nth-dearest-product", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        ("lower-body", [text("Price: $127.49", "price: $127.49")], T, F, "case"),
        ("wrong-price", [text("Price: $127.49", "Price: $127.99")], F, F, "another price"),
        ("price-in-title", [Ref(swap=("Title", "Body"))], F, F, "right texts, wrong fields"),
    ],
    ("cross.post-wishlist-newest-price", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "padded-title",
            [text("My wish list so far", "My wish list so far ")],
            T,
            N,
            "trailing space",
        ),
        ("wrong-price", [text("Latest: $4.49", "Latest: $4.50")], F, F, "another price"),
    ],
    ("cross.reply-my-post-order-number", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        # After reading the rules: the family reads the number out of the comment in both
        # modes, whatever the wording around it (tests/test_families_extra.py pins "#{n}"
        # and "{n}"), so strict is not pinned for wording variants.
        ("lower-case", [text("Order 100682", "order 100682")], T, N, "case"),
        ("hash", [text("Order 100682", "Order #100682")], T, N, "'#' before the number"),
        ("full-stop", [text("Order 100682", "Order 100682.")], T, N, "a full stop at the end"),
        ("colon", [text("Order 100682", "Order: 100682")], T, N, "a colon after Order"),
        ("number-only", [text("Order 100682", "100682")], N, N, "the word Order missing"),
        ("wrong-number", [text("Order 100682", "Order 100681")], F, F, "another order"),
        ("posted-twice", [REF, AGAIN], F, F, "duplicate comment"),
    ],
    ("cross.review-titled-after-forum-thread", 9001, 1): [
        ("reference", [REF], T, T, "reference"),
        (
            "lower-title",
            [
                text(
                    "Does anyone else struggle with painting miniatures?",
                    "does anyone else struggle with painting miniatures?",
                )
            ],
            T,
            F,
            "case",
        ),
        ("five-stars", [Ref(option={"4 stars": "5 stars"})], F, F, "wrong rating"),
        ("fields-swapped", [Ref(swap=("Summary", "Review"))], F, F, "title and body swapped"),
        # a second review of the same product is refused by the site (no form), so no duplicate
        (
            "inner-spaces",
            [
                text(
                    "Bought on a forum recommendation; solid, though not perfect.",
                    "Bought on a forum recommendation;  solid, though not perfect.",
                )
            ],
            T,
            N,
            "double space",
        ),
    ],
    ("cross.tell-moderator-cheapest", 9001, 2): [
        ("reference", [REF], T, T, "reference"),
        (
            "lower-body",
            [text("Verdant Repairing Shampoo", "verdant repairing shampoo")],
            T,
            F,
            "case",
        ),
        ("subject-typo", [text("Cheapest in Hair Care", "Cheapest in Hair Cair")], F, F, "typo"),
    ],
    ("cross.tell-moderator-order-status", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        ("lower-status", [text("Shipped", "shipped")], T, F, "case"),
        ("wrong-status", [text("Shipped", "Complete")], F, F, "another status"),
    ],
    ("cross.wishlist-within-forum-score", 9001, 1): [
        ("reference", [REF], T, T, "reference"),
        (
            "added-then-removed",
            [REF, link("My Account"), link("My Wish List"), click("Remove")],
            N,
            F,
            "undone (the list may hold others)",
        ),
    ],
    ("forum.create-forum-crosspost", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "lower-post-title",
            [
                text(
                    "Recommendations for an alpine lake under $200?",
                    "recommendations for an alpine lake under $200?",
                )
            ],
            T,
            F,
            "case of the copied title",
        ),
        (
            "padded-description",
            [text("Things to come back to.", " Things to come back to.  ")],
            T,
            N,
            "spaces",
        ),
        (
            "post-in-source-forum",
            [Ref(option={"Reading List": "Hiking"})],
            F,
            F,
            "posted in the wrong forum",
        ),
        (
            "description-typo",
            [text("Things to come back to.", "Things to come bak to.")],
            F,
            F,
            "typo",
        ),
    ],
    ("forum.lock-submission", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        ("browse-away-after", [REF, goto(f"{FORUM}/")], T, T, "browse away after"),
        ("locked-then-unlocked", [REF, click("Unlock submission")], F, F, "undone"),
    ],
    ("forum.lock-submission", 31415, 0): [
        ("reference", [REF], T, T, "title with $ and ?"),
    ],
    ("forum.open-top-commenter-profile", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "profile-comments-tab",
            [goto(f"{FORUM}/user/seanh94?utm_source=probe")],
            T,
            N,
            "tracking parameter",
        ),
        ("other-user", [goto(f"{FORUM}/user/mark.wilson")], F, F, "another profile"),
    ],
    ("forum.open-top-commenter-profile", 424242, 0): [
        ("reference", [REF], T, T, "reference"),
        ("direct", [goto(f"{FORUM}/user/chene83")], T, T, "typed URL"),
        ("trailing-slash", [goto(f"{FORUM}/user/chene83/")], T, N, "trailing slash"),
    ],
    ("forum.subscribe-moderator-forums", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "other-order",
            [link("Forums"), click("Subscribe to Baking"), click("Subscribe to Austin")],
            T,
            T,
            "the two in the other order, no browsing",
        ),
        ("one-missed", [Ref(drop=("Subscribe to Baking",))], F, F, "one of two"),
    ],
    ("forum.subscribe-moderator-forums", 31415, 0): [
        ("reference", [REF], T, T, "reference"),
        ("one-missed", [Ref(drop=("Subscribe to Movies",))], F, F, "one of two new"),
    ],
    ("forum.subscribe-top-author-favourite", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "subscribed-then-left",
            [REF, click("Unsubscribe from Language Learning")],
            F,
            F,
            "undone",
        ),
    ],
    ("githost.approve-oldest-mr-by-author", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                api_with(
                    "POST",
                    f"{GIT_API}/projects/{{p}}/merge_requests/{{iid}}/approve",
                    p=q("githost", "SELECT project_id FROM merge_requests WHERE id = 16"),
                    iid=q("githost", "SELECT iid FROM merge_requests WHERE id = 16"),
                )
            ],
            T,
            T,
            "the v4 approve endpoint",
        ),
        (
            "approved-then-withdrawn",
            [
                api_with(
                    "POST",
                    f"{GIT_API}/projects/{{p}}/merge_requests/{{iid}}/approve",
                    p=q("githost", "SELECT project_id FROM merge_requests WHERE id = 16"),
                    iid=q("githost", "SELECT iid FROM merge_requests WHERE id = 16"),
                ),
                api_with(
                    "POST",
                    f"{GIT_API}/projects/{{p}}/merge_requests/{{iid}}/unapprove",
                    p=q("githost", "SELECT project_id FROM merge_requests WHERE id = 16"),
                    iid=q("githost", "SELECT iid FROM merge_requests WHERE id = 16"),
                ),
            ],
            F,
            F,
            "undone",
        ),
    ],
    ("githost.branch-from-tag", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "from-sha",
            [text("v0.3.0", "bc284d7a10aa2e8598922592ffb10afff964a2c0")],
            T,
            T,
            "the tag's commit by SHA",
        ),
        ("enter-in-name", [Ref(enter="Create from")], T, T, "Enter submits"),
        ("from-main", [text("v0.3.0", "main")], F, F, "the branch, not the tag (main moved on)"),
        ("name-typo", [text("backport-v0.3.0", "backport-v0.3")], F, F, "another branch name"),
    ],
    ("githost.close-all-labelled-issues", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                api_with(
                    "PUT",
                    f"{GIT_API}/projects/1/issues/{{iid}}",
                    {"state_event": "close"},
                    iid=q(
                        "githost",
                        f"SELECT i.iid FROM issues i JOIN issue_labels x ON x.issue_id = i.id WHERE x.label_id = 4 AND i.state = 'opened' ORDER BY i.id LIMIT 1 OFFSET {k}",
                    ),
                )
                for k in (0, 0, 0)
            ],
            T,
            T,
            "three PUTs, each closing the first still open",
        ),
        (
            "two-of-three",
            [
                api_with(
                    "PUT",
                    f"{GIT_API}/projects/1/issues/{{iid}}",
                    {"state_event": "close"},
                    iid=q(
                        "githost",
                        "SELECT i.iid FROM issues i JOIN issue_labels x ON x.issue_id = i.id WHERE x.label_id = 4 AND i.state = 'opened' ORDER BY i.id LIMIT 1",
                    ),
                )
                for _ in (0, 0)
            ],
            F,
            F,
            "one left open",
        ),
        (
            "closed-then-one-reopened",
            [
                REF,
                api_with(
                    "PUT",
                    f"{GIT_API}/projects/1/issues/{{iid}}",
                    {"state_event": "reopen"},
                    iid=q(
                        "githost",
                        "SELECT i.iid FROM issues i JOIN issue_labels x ON x.issue_id = i.id WHERE x.label_id = 4 AND i.project_id = 1 ORDER BY i.updated_at DESC, i.id DESC LIMIT 1",
                    ),
                ),
            ],
            F,
            F,
            "partly undone",
        ),
    ],
    ("githost.close-oldest-labelled-issue", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                api_with(
                    "PUT",
                    f"{GIT_API}/projects/4/issues/{{iid}}",
                    {"state_event": "close"},
                    iid=q("githost", "SELECT iid FROM issues WHERE id = 87"),
                )
            ],
            T,
            T,
            "api",
        ),
        (
            "newest-instead",
            [
                api_with(
                    "PUT",
                    f"{GIT_API}/projects/4/issues/{{iid}}",
                    {"state_event": "close"},
                    iid=q(
                        "githost",
                        "SELECT i.iid FROM issues i JOIN issue_labels x ON x.issue_id = i.id JOIN labels l ON l.id = x.label_id WHERE i.project_id = 4 AND l.name = 'performance' AND i.state = 'opened' ORDER BY i.created_at DESC, i.id DESC LIMIT 1",
                    ),
                )
            ],
            F,
            F,
            "the newest one",
        ),
    ],
    ("githost.comment-on-mr-touching-file", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                api_with(
                    "POST",
                    f"{GIT_API}/projects/1/merge_requests/{{iid}}/notes",
                    {"body": "Nice work. One more reviewer, please."},
                    iid=q("githost", "SELECT iid FROM merge_requests WHERE id = 5"),
                )
            ],
            T,
            T,
            "api",
        ),
        (
            "lower-case",
            [
                text(
                    "Nice work. One more reviewer, please.", "nice work. one more reviewer, please."
                )
            ],
            T,
            F,
            "case",
        ),
        ("commented-twice", [REF, AGAIN], F, F, "duplicate"),
        (
            "other-mr",
            [
                api_with(
                    "POST",
                    f"{GIT_API}/projects/1/merge_requests/{{iid}}/notes",
                    {"body": "Nice work. One more reviewer, please."},
                    iid=q(
                        "githost",
                        "SELECT iid FROM merge_requests WHERE project_id = 1 AND id != 5 AND state = 'opened' LIMIT 1",
                    ),
                )
            ],
            F,
            F,
            "another merge request",
        ),
    ],
    ("githost.create-project-configure", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        ("upper-colour", [text("#428bca", "#428BCA")], T, N, "hex case"),
        ("developer", [Ref(option={"Reporter": "Developer"})], F, F, "wrong role"),
        (
            "lower-name",
            [text("Harbor Forge", "harbor forge")],
            T,
            F,
            "case of the typed project name",
        ),
        (
            "private",
            [Ref(drop=("Internal: any signed-in user can see it",))],
            F,
            F,
            "default visibility kept",
        ),
    ],
    ("githost.invite-last-commenter", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [api("POST", f"{GIT_API}/projects/55/members", {"user_id": 80, "access_level": 10})],
            T,
            T,
            "api",
        ),
        (
            "api-by-username",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/55/members",
                    {"username": "lucia.weber", "access_level": 10},
                )
            ],
            T,
            T,
            "api by username",
        ),
        ("reporter", [Ref(option={"Guest": "Reporter"})], F, F, "wrong role"),
    ],
    ("githost.issue-for-top-contributor", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/18/issues",
                    {"title": "Cache the results of sanitize_rule", "assignee_ids": [96]},
                )
            ],
            T,
            T,
            "api",
        ),
        (
            "lower-title",
            [text("Cache the results of sanitize_rule", "cache the results of sanitize_rule")],
            T,
            F,
            "case",
        ),
        (
            "enter-in-title-then-assign",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/18/issues",
                    {"title": "Cache the results of sanitize_rule"},
                ),
                api_with(
                    "PUT",
                    f"{GIT_API}/projects/18/issues/{{iid}}",
                    {"assignee_ids": [96]},
                    iid=q("githost", "SELECT MAX(iid) FROM issues WHERE project_id = 18"),
                ),
            ],
            T,
            T,
            "created, then assigned (edit after create)",
        ),
        (
            "typo-then-renamed",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/18/issues",
                    {"title": "Cache the results of sanitize_rul", "assignee_ids": [96]},
                ),
                api_with(
                    "PUT",
                    f"{GIT_API}/projects/18/issues/{{iid}}",
                    {"title": "Cache the results of sanitize_rule"},
                    iid=q("githost", "SELECT MAX(iid) FROM issues WHERE project_id = 18"),
                ),
            ],
            T,
            T,
            "the title fixed after creating",
        ),
        (
            "created-twice",
            [
                REF,
                api(
                    "POST",
                    f"{GIT_API}/projects/18/issues",
                    {"title": "Cache the results of sanitize_rule", "assignee_ids": [96]},
                ),
            ],
            F,
            F,
            "duplicate issue",
        ),
        (
            "wrong-assignee",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/18/issues",
                    {"title": "Cache the results of sanitize_rule", "assignee_ids": [1]},
                )
            ],
            F,
            F,
            "assigned to me",
        ),
    ],
    ("githost.milestone-due-like-issues", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/58/milestones",
                    {"title": "Release prep", "due_date": "2024-06-03"},
                )
            ],
            T,
            T,
            "api",
        ),
        ("enter-in-due", [Ref(enter="Due date")], T, T, "Enter submits"),
        (
            "day-off",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/58/milestones",
                    {"title": "Release prep", "due_date": "2024-06-04"},
                )
            ],
            F,
            F,
            "a day late",
        ),
        (
            "lower-title",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/58/milestones",
                    {"title": "release prep", "due_date": "2024-06-03"},
                )
            ],
            T,
            F,
            "case",
        ),
    ],
    ("githost.promote-role-members", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                api_with(
                    "PUT",
                    f"{GIT_API}/projects/54/members/{{u}}",
                    {"access_level": 20},
                    u=lambda w: w.user_id("githost", "dmitri.yamamoto"),
                )
            ],
            T,
            T,
            "api",
        ),
        ("guest", [Ref(option={"Reporter": "Guest"})], F, F, "demoted too far"),
    ],
    ("githost.star-more-starred", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "direct",
            [goto(f"{GIT}/kestrel-cloud/relay-lint"), click("Star")],
            T,
            T,
            "no comparison browsing",
        ),
        (
            "both",
            [REF, goto(f"{GIT}/copperleaf/juniper-cli"), click("Star")],
            F,
            F,
            "starred the other too",
        ),
        (
            "other",
            [goto(f"{GIT}/copperleaf/juniper-cli"), click("Star")],
            F,
            F,
            "the fewer-starred one",
        ),
        ("starred-then-unstarred", [REF, click("Unstar")], F, F, "undone"),
    ],
    ("githost.tag-newest-tag-commit", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "from-sha",
            [text("v1.0.0", "6ed42f6cfccdcdadfd41c2bc0fc06144f98be9a1")],
            T,
            T,
            "the commit by SHA",
        ),
        ("enter-in-from", [Ref(enter="Create from")], T, T, "Enter submits"),
    ],
    ("githost.update-project-settings", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "topics-reordered",
            [
                text(
                    "backend, networking, performance, tooling",
                    "tooling, performance, networking, backend",
                )
            ],
            T,
            T,
            "topics are a set",
        ),
        (
            "topics-no-spaces",
            [
                text(
                    "backend, networking, performance, tooling",
                    "backend,networking,performance,tooling",
                )
            ],
            T,
            T,
            "separator spacing",
        ),
        (
            "lower-description",
            [
                text(
                    "The web dashboard for browsing and editing forecasts.",
                    "the web dashboard for browsing and editing forecasts.",
                )
            ],
            T,
            F,
            "case of typed description",
        ),
        (
            "padded-description",
            [
                text(
                    "The web dashboard for browsing and editing forecasts.",
                    "The web dashboard for browsing and editing forecasts.  ",
                )
            ],
            T,
            N,
            "trailing spaces",
        ),
        (
            "topic-missing",
            [text("backend, networking, performance, tooling", "backend, networking, performance")],
            F,
            F,
            "three of four",
        ),
        ("visibility-kept", [Ref(drop=("Project visibility",))], F, F, "not made internal"),
    ],
    ("shop.cancel-order", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "direct-url",
            [goto(f"{SHOP}/account/orders/100682"), click("Cancel order")],
            T,
            T,
            "typed URL",
        ),
    ],
    ("shop.cart-cheapest-in-colour", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        ("wrong-colour", [Ref(option={"White": "Charcoal"})], F, F, "another colour"),
        ("added-twice", [REF, AGAIN], F, F, "quantity 2"),
    ],
    ("shop.cart-n-cheapest-rated", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "rest-api",
            [
                api_with(
                    "POST",
                    f"{SHOP_REST}/carts/mine/items",
                    lambda w, i=i: {
                        "cartItem": {
                            "sku": q("shop", f"SELECT sku FROM products WHERE id = {i}")(w),
                            "qty": 1,
                        }
                    },
                )
                for i in (295, 298, 306)
            ],
            T,
            T,
            "three REST adds",
        ),
        (
            "two-only",
            [
                api_with(
                    "POST",
                    f"{SHOP_REST}/carts/mine/items",
                    lambda w, i=i: {
                        "cartItem": {
                            "sku": q("shop", f"SELECT sku FROM products WHERE id = {i}")(w),
                            "qty": 1,
                        }
                    },
                )
                for i in (295, 298)
            ],
            F,
            F,
            "two of three",
        ),
    ],
    ("shop.checkout-with-coupon", 31415, 3): [
        ("reference", [REF], T, T, "reference"),
        ("no-coupon", [Ref(drop=("Apply coupon",))], F, F, "coupon typed, never applied"),
    ],
    ("shop.default-address-in-city", 31415, 0): [
        ("reference", [REF], T, T, "reference"),
        ("phone-dashes", [text("(608) 555-0176", "608-555-0176")], T, F, "another phone layout"),
        ("not-default", [Ref(drop=("Use as my default address",))], F, F, "phone only"),
        ("wrong-phone", [text("(608) 555-0176", "(608) 555-0177")], F, F, "another number"),
    ],
    ("shop.new-default-address", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        ("lower-name", [text("Alexander Nguyen", "alexander nguyen")], T, F, "case"),
        (
            "street-double-space",
            [text("8078 Forest Way", "8078  Forest Way")],
            T,
            N,
            "inner spaces",
        ),
        ("lower-street", [text("8078 Forest Way", "8078 forest way")], T, F, "case of the street"),
        ("phone-dashes", [text("(614) 555-0142", "614-555-0142")], T, F, "phone layout"),
        ("not-default", [Ref(drop=("Use as my default address",))], F, F, "not default"),
        ("added-twice", [REF, AGAIN], F, F, "two copies"),
        ("zip-typo", [text("43218", "43219")], F, F, "wrong ZIP"),
    ],
    ("shop.review-dearest-in-order", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        ("lower-title", [text("Just okay", "just okay")], T, F, "case"),
        ("three-stars", [Ref(option={"2 stars": "3 stars"})], F, F, "rating"),
        ("padded-title", [text("Just okay", " Just okay ")], T, N, "spaces"),
        ("fields-swapped", [Ref(swap=("Summary", "Review"))], F, F, "swapped"),
    ],
    ("shop.review-latest-of-brand", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "padded-body",
            [
                text(
                    "I would recommend it to a friend without hesitation.",
                    "I would recommend it to a friend without hesitation.   ",
                )
            ],
            T,
            N,
            "spaces",
        ),
        (
            "body-word-missing",
            [
                text(
                    "I would recommend it to a friend without hesitation.",
                    "I would recommend it to a friend.",
                )
            ],
            F,
            F,
            "missing words",
        ),
    ],
    ("shop.wishlist-brand-in-category", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        ("one-missing", [Ref(upto=6)], F, F, "one of two"),
    ],
    ("shop.wishlist-move-and-prune", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "only-moved",
            [link("My Account"), link("My Wish List"), click("Move to cart")],
            F,
            F,
            "half done",
        ),
    ],
    ("cross.comment-shop-price", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        ("full-stop", [text("$8.99", "$8.99.")], T, N, "a full stop after the price"),
        ("dollars-word", [text("$8.99", "8.99 dollars")], T, F, "not written like $12.34"),
        ("no-sign", [text("$8.99", "8.99")], T, F, "not written like $12.34"),
        ("other-price", [text("$8.99", "$8.98")], F, F, "another price"),
        ("longer-number", [text("$8.99", "$18.99")], F, F, "a price the reference is part of"),
    ],
    ("cross.message-order-total", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        ("full-stop", [text("$18.99", "$18.99.")], T, N, "a full stop"),
        ("other-total", [text("$18.99", "$81.99")], F, F, "digits swapped"),
        ("longer-number", [text("$18.99", "$118.99")], F, F, "a total the reference is part of"),
    ],
    ("shop.account-email-newsletter", 9001, 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "email-capitals",
            [written("hannah.adams@post.example", "Hannah.Adams@post.example")],
            T,
            F,
            "an address's case",
        ),
        (
            "other-domain",
            [written("hannah.adams@post.example", "hannah.adams@post.example.org")],
            F,
            F,
            "another address",
        ),
    ],
    ("shop_admin.hold-order", 31415, 0): [
        ("reference", [REF], T, T, "reference on a new seed"),
    ],
}


# -- curated tasks probe6 did not cover ----------------------------------------------------------

CUR: dict[str, list[tuple]] = {
    "forum/create-forum-sidebar/0": [
        ("reference", [REF], T, T, "reference"),
        ("lower-title", [text("Tea Time", "tea time")], T, F, "case"),
        (
            "padded-sidebar",
            [
                text(
                    "Share your favourite leaves and how you brew them. No coffee debates.",
                    "Share your favourite leaves and how you brew them. No coffee debates.  ",
                )
            ],
            T,
            N,
            "spaces",
        ),
        (
            "sidebar-typo",
            [
                text(
                    "Share your favourite leaves and how you brew them. No coffee debates.",
                    "Share your favorite leaves and how you brew them. No coffee debates.",
                )
            ],
            F,
            F,
            "spelling changed",
        ),
        ("swapped", [Ref(swap=("Description", "Sidebar"))], F, F, "fields swapped"),
    ],
    "forum/edit-forum-sidebar/1": [
        ("reference", [REF], T, T, "reference"),
        (
            "inner-spaces",
            [
                text(
                    "Group ride every Sunday at 8 am from the Hawthorne Bridge. Lights required.",
                    "Group ride every Sunday at 8 am from the Hawthorne Bridge.  Lights required.",
                )
            ],
            T,
            N,
            "double space",
        ),
        (
            "lower-first",
            [
                text(
                    "Group ride every Sunday at 8 am from the Hawthorne Bridge. Lights required.",
                    "group ride every Sunday at 8 am from the Hawthorne Bridge. Lights required.",
                )
            ],
            T,
            F,
            "case",
        ),
        (
            "word-changed",
            [
                text(
                    "Group ride every Sunday at 8 am from the Hawthorne Bridge. Lights required.",
                    "Group ride every Saturday at 8 am from the Hawthorne Bridge. Lights required.",
                )
            ],
            F,
            F,
            "another day",
        ),
    ],
    "forum/reply-to-comment/1": [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                api(
                    "POST",
                    f"{FORUM}/api/submissions/2367/comments",
                    {"body": "Could you share where you read this?", "parent_id": 8180},
                )
            ],
            T,
            T,
            "api",
        ),
        (
            "lower-case",
            [text("Could you share where you read this?", "could you share where you read this?")],
            T,
            F,
            "case",
        ),
        (
            "top-level",
            [
                api(
                    "POST",
                    f"{FORUM}/api/submissions/2367/comments",
                    {"body": "Could you share where you read this?"},
                )
            ],
            F,
            F,
            "not a reply",
        ),
    ],
    "forum/reply-to-comment/2": [
        ("reference", [REF], T, T, "reference"),
        (
            "padded",
            [
                api(
                    "POST",
                    f"{FORUM}/api/submissions/2394/comments",
                    {"body": "  Agreed, that matches my experience.", "parent_id": 8268},
                )
            ],
            T,
            N,
            "padded",
        ),
        ("replied-twice", [REF, AGAIN], F, F, "duplicate"),
        (
            "twice-then-one-deleted",
            [
                REF,
                AGAIN,
                lambda w: goto(
                    f"{FORUM}/f/coffee/2394/the-best-advice-you-ever-got-about-brewing/comment/{w.query('forum', 'SELECT MAX(id) FROM comments WHERE user_id = 1')[0][0]}"
                ),
                click("Delete"),
            ],
            T,
            T,
            "the duplicate removed again: one reply left",
        ),
    ],
    "forum/send-message/1": [
        ("reference", [REF], T, T, "reference"),
        (
            "lower-body",
            [
                text(
                    "We are playing on Friday, want to come?",
                    "we are playing on Friday, want to come?",
                )
            ],
            T,
            F,
            "case",
        ),
        ("sent-twice", [REF, AGAIN], F, F, "duplicate"),
        ("swapped", [Ref(swap=("Subject", "Message"))], F, F, "swapped"),
        (
            "enter-in-subject-first",
            [
                goto(f"{FORUM}/messages/compose"),
                {"do": "type", "role": "textbox", "name": "To", "text": "daniel.perez"},
                {
                    "do": "type",
                    "role": "textbox",
                    "name": "Message",
                    "text": "We are playing on Friday, want to come?",
                },
                {
                    "do": "type",
                    "role": "textbox",
                    "name": "Subject",
                    "text": "Board game night",
                    "enter": True,
                },
            ],
            T,
            T,
            "compose page, fields in another order, Enter",
        ),
    ],
    "forum/send-message/2": [
        ("reference", [REF], T, T, "reference"),
        (
            "padded-body",
            [text("The curry was a hit with my family.", "The curry was a hit with my family. ")],
            T,
            N,
            "trailing space",
        ),
        (
            "word-missing",
            [text("The curry was a hit with my family.", "The curry was a hit with family.")],
            F,
            F,
            "missing word",
        ),
    ],
    "forum/create-text-submission/1": [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                api(
                    "POST",
                    f"{FORUM}/api/submissions",
                    {
                        "forum": "coffee",
                        "title": "Finally dialed in my new grinder",
                        "body": "Two weeks of tweaking and the shots are sweet at last. Grind finer than you think.",
                    },
                )
            ],
            T,
            T,
            "api",
        ),
        (
            "inner-spaces",
            [
                text(
                    "Two weeks of tweaking and the shots are sweet at last. Grind finer than you think.",
                    "Two weeks of tweaking and the shots are sweet at last.  Grind finer than you think.",
                )
            ],
            T,
            N,
            "double space",
        ),
        (
            "lower-title",
            [text("Finally dialed in my new grinder", "finally dialed in my new grinder")],
            T,
            F,
            "case",
        ),
        ("posted-twice", [REF, AGAIN], F, F, "duplicate"),
        (
            "typo-then-edited",
            [
                Ref(
                    text={
                        "Two weeks of tweaking and the shots are sweet at last. Grind finer than you think.": "Two weeks of tweaking and the shots are sweet at last."
                    }
                ),
                lambda w: goto(
                    f"{FORUM}/f/coffee/{w.query('forum', 'SELECT MAX(id) FROM submissions WHERE user_id = 1')[0][0]}/edit"
                ),
                {
                    "do": "type",
                    "role": "textbox",
                    "name": "Body",
                    "text": "Two weeks of tweaking and the shots are sweet at last. Grind finer than you think.",
                },
                click("Save changes"),
            ],
            T,
            T,
            "posted with a sentence missing, then edited to the asked text",
        ),
    ],
    "forum/create-link-submission/1": [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                api(
                    "POST",
                    f"{FORUM}/api/submissions",
                    {
                        "forum": "programming",
                        "title": "Notes on writing readable SQL",
                        "url": "https://devjournal.example/2024/readable-sql",
                    },
                )
            ],
            T,
            T,
            "api",
        ),
        (
            "url-typo",
            [
                text(
                    "https://devjournal.example/2024/readable-sql",
                    "https://devjournal.example/2024/readable-sq",
                )
            ],
            F,
            F,
            "another URL",
        ),
        (
            "lower-title",
            [text("Notes on writing readable SQL", "notes on writing readable sql")],
            T,
            F,
            "case",
        ),
    ],
    "forum/edit-biography/1": [
        ("reference", [REF], T, T, "reference"),
        (
            "lower-case",
            [
                text(
                    "I build bikes, brew coffee and read too many mysteries.",
                    "i build bikes, brew coffee and read too many mysteries.",
                )
            ],
            T,
            F,
            "case",
        ),
        (
            "edited-then-reverted",
            [
                REF,
                Ref(
                    text={
                        "I build bikes, brew coffee and read too many mysteries.": "Just here for the bikes."
                    }
                ),
            ],
            F,
            F,
            "changed again",
        ),
    ],
    "forum/remove-comment/0": [
        ("reference", [REF], T, T, "reference"),
    ],
    "forum/vote-submission/1": [
        ("reference", [REF], T, T, "reference"),
        ("api", [api("POST", f"{FORUM}/api/submissions/2359/vote", {"choice": -1})], T, T, "api"),
        (
            "upvote",
            [api("POST", f"{FORUM}/api/submissions/2359/vote", {"choice": 1})],
            F,
            F,
            "up, not down",
        ),
        (
            "then-withdrawn",
            [REF, api("POST", f"{FORUM}/api/submissions/2359/vote", {"choice": 0})],
            F,
            F,
            "undone",
        ),
    ],
    "forum/image-post-reuse/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "lower-title",
            [text("Same harbour, different light", "same harbour, different light")],
            T,
            F,
            "case",
        ),
    ],
    "forum/comment-score/0": [
        ("reference", [REF], T, T, "reference"),
        ("points", [answer("10 points")], T, N, "with unit"),
        ("wrong", [answer("11")], F, F, "another score"),
    ],
    "forum/my-karma/0": [
        ("with-words", [answer("Your total karma is 225.")], T, N, "sentence"),
        ("wrong", [answer("224")], F, F, "off by one"),
    ],
    "forum/user-join-date/0": [
        ("iso", [answer("2020-07-19")], T, N, "ISO date"),
        ("day-first", [answer("19 July 2020")], T, N, "day first"),
        ("day-off", [answer("July 18, 2020")], F, F, "a day early"),
    ],
    "forum/latest-message-sender/0": [
        ("at-sign", [answer("@elenaa19")], T, N, "with @"),
        ("sentence", [answer("It was elenaa19.")], T, N, "sentence"),
        ("wrong", [answer("mark.wilson")], F, F, "another user"),
    ],
    "githost/create-tag/0": [
        ("reference", [REF], T, T, "reference"),
        ("lower-message", [text("Release 0.4.0", "release 0.4.0")], T, F, "case"),
        ("message-missing", [Ref(drop=("Message",))], F, F, "lightweight tag"),
    ],
    "githost/delete-file/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "lower-message",
            [text("Remove the CI configuration", "remove the CI configuration")],
            T,
            F,
            "case",
        ),
        (
            "message-typo",
            [text("Remove the CI configuration", "Remove CI configuration")],
            F,
            F,
            "word missing",
        ),
    ],
    "githost/create-group/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                api(
                    "POST", f"{GIT_API}/groups", {"name": "Data Platform", "path": "data-platform"}
                ),
                api_with(
                    "POST",
                    f"{GIT_API}/groups/data-platform/members",
                    lambda w: {"user_id": w.user_id("githost", "nora.castro"), "access_level": 30},
                ),
            ],
            T,
            T,
            "api",
        ),
        ("reporter", [Ref(option={"Developer": "Reporter"})], F, F, "wrong role"),
    ],
    "githost/create-from-template/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "lower-name",
            [text("Weather Station", "weather station")],
            T,
            F,
            "case of the typed name",
        ),
    ],
    "githost/milestone-due/0": [
        ("long-date", [answer("February 10, 2024")], T, N, "written out"),
        ("wrong", [answer("2024-02-11")], F, F, "a day late"),
    ],
    "githost/config-port/0": [
        ("with-word", [answer("port 9000")], T, N, "with word"),
        ("wrong", [answer("9001")], F, F, "another port"),
    ],
    "githost/star-count/0": [
        ("with-word", [answer("18 stars")], T, N, "unit"),
        ("wrong", [answer("17")], F, F, "off by one"),
    ],
    "shop/add-address/0": [
        ("reference", [REF], T, T, "reference"),
        ("lower-city", [text("Denver", "denver")], T, F, "case of the typed city"),
        ("lower-street", [text("12 Oak Road", "12 oak road")], T, F, "case of the street"),
        ("phone-dashes", [text("(303) 555-0100", "303-555-0100")], T, F, "phone layout"),
        ("added-twice", [REF, AGAIN], F, F, "two copies"),
        ("wrong-zip", [text("80203", "80204")], F, F, "ZIP"),
    ],
    "shop/edit-default-street/0": [
        ("reference", [REF], T, T, "reference"),
        ("lower-street", [text("77 Harbor Street", "77 harbor street")], T, F, "case"),
        ("street-typo", [text("77 Harbor Street", "77 Harbour Street")], F, F, "another spelling"),
    ],
    "shop/contact-us/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "padded",
            [
                text(
                    "Do you sell gift cards for birthdays?",
                    "  Do you sell gift cards for birthdays?  ",
                )
            ],
            T,
            N,
            "spaces",
        ),
        ("sent-twice", [REF, AGAIN], F, F, "duplicate"),
        (
            "lower-case",
            [
                text(
                    "Do you sell gift cards for birthdays?", "do you sell gift cards for birthdays?"
                )
            ],
            T,
            F,
            "case",
        ),
    ],
    "shop/review-nickname/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "lower-summary",
            [text("Fits everything", "fits everything")],
            T,
            F,
            "case of the summary",
        ),
        ("four-stars", [Ref(option={"5 stars": "4 stars"})], F, F, "rating"),
    ],
    "shop/order-total/0": [
        ("bare", [answer("50.94")], T, N, "no sign"),
        ("usd", [answer("$50.94 USD")], T, N, "currency code"),
        ("wrong", [answer("$50.49")], F, F, "digits swapped"),
    ],
    "shop/order-shipping-method/0": [
        ("lower", [answer("express")], T, N, "case"),
        ("with-words", [answer("Express shipping")], T, N, "extra word"),
        ("wrong", [answer("Standard")], F, F, "the other one"),
    ],
    "shop/add-to-cart-options/0": [
        (
            "one-at-a-time",
            [text("2", "1"), text("2", "1")],
            T,
            T,
            "added one, then one more: two in the cart",
        ),
        (
            "two-by-rest",
            [
                api_with(
                    "POST",
                    f"{SHOP_REST}/carts/mine/items",
                    lambda w: {
                        "cartItem": {
                            "sku": q("shop", "SELECT sku FROM products WHERE id = 126")(w),
                            "qty": 2,
                            "product_option": {
                                "extension_attributes": {
                                    "configurable_item_options": [
                                        {"option_id": "size", "option_value": "M"},
                                        {"option_id": "colour", "option_value": "Grey"},
                                    ]
                                }
                            },
                        }
                    },
                )
            ],
            T,
            T,
            "the Magento cart API",
        ),
        ("three", [text("2", "3")], F, F, "three"),
    ],
    "githost/invite-member/0": [
        (
            "reporter-then-promoted",
            [
                Ref(option={"Developer": "Reporter"}),
                api_with(
                    "PUT",
                    f"{GIT_API}/projects/3/members/{{u}}",
                    {"access_level": 30},
                    u=lambda w: w.user_id("githost", "lucia.haddad"),
                ),
            ],
            T,
            T,
            "invited as Reporter, then made Developer",
        ),
        (
            "developer-then-demoted",
            [
                REF,
                api_with(
                    "PUT",
                    f"{GIT_API}/projects/3/members/{{u}}",
                    {"access_level": 20},
                    u=lambda w: w.user_id("githost", "lucia.haddad"),
                ),
            ],
            F,
            F,
            "changed away again",
        ),
    ],
    "shop_admin/add-product/0": [
        ("reference", [REF], T, T, "reference"),
        ("price-no-cents", [text("24.00", "24")], T, T, "the same price"),
        (
            "padded-description",
            [
                text(
                    "A washed linen apron with two deep pockets.",
                    "A washed linen apron with two deep pockets.  ",
                )
            ],
            T,
            N,
            "spaces",
        ),
        (
            "lower-name",
            [text("Harbor Linen Apron", "harbor linen apron")],
            T,
            F,
            "case of the typed name",
        ),
        ("wrong-quantity", [text("50", "5")], F, F, "stock"),
    ],
    "shop_admin/rename-sku/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "double-space",
            [text("Marlowe Stackable Desk Pen Holder", "Marlowe Stackable  Desk Pen Holder")],
            T,
            N,
            "inner spaces",
        ),
        (
            "lower-case",
            [text("Marlowe Stackable Desk Pen Holder", "marlowe stackable desk pen holder")],
            T,
            F,
            "case",
        ),
        (
            "word-missing",
            [text("Marlowe Stackable Desk Pen Holder", "Marlowe Stackable Pen Holder")],
            F,
            F,
            "unchanged name",
        ),
    ],
    "shop_admin/rename-page/0": [
        ("reference", [REF], T, T, "reference"),
        ("and-spelled", [text("Shipping & Returns", "Shipping and Returns")], F, F, "unchanged"),
        ("lower-case", [text("Shipping & Returns", "shipping & returns")], T, F, "case"),
    ],
    "shop_admin/product-description/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "padded",
            [
                text(
                    "A 120-piece metal model kit for ages 12 and up. Comes with a small screwdriver.",
                    " A 120-piece metal model kit for ages 12 and up. Comes with a small screwdriver. ",
                )
            ],
            T,
            N,
            "spaces",
        ),
        (
            "number-changed",
            [
                text(
                    "A 120-piece metal model kit for ages 12 and up. Comes with a small screwdriver.",
                    "A 100-piece metal model kit for ages 12 and up. Comes with a small screwdriver.",
                )
            ],
            F,
            F,
            "another number",
        ),
    ],
    "shop_admin/order-shipping-address/0": [
        ("reference", [REF], T, T, "reference"),
        ("lower-city", [text("Portland", "portland")], T, F, "case"),
        ("zip-short", [text("04101", "4101")], F, F, "leading zero lost"),
    ],
    "shop_admin/order-billing-phone/0": [
        ("reference", [REF], T, T, "reference"),
        ("phone-dashes", [text("(555) 010-4477", "555-010-4477")], T, F, "phone layout"),
        (
            "wrong-address",
            [
                link("Sales"),
                {"do": "type", "role": "textbox", "name": "ID", "text": "100651"},
                click("Apply Filters"),
                link("View order 100651"),
                link("Edit shipping address"),
                {"do": "type", "role": "textbox", "name": "Phone", "text": "(555) 010-4477"},
                click("Save Order Address"),
            ],
            F,
            F,
            "the shipping phone changed",
        ),
    ],
    "shop_admin/create-fixed-rule/0": [
        ("reference", [REF], T, T, "reference"),
        ("cents-typed", [text("60", "60.00")], T, T, "the same amount"),
        ("wrong-minimum", [text("60", "50")], F, F, "minimum"),
    ],
    "shop_admin/add-colour/0": [
        ("reference", [REF], T, T, "reference"),
        ("no-spaces", [text("Green, Blue, Black", "Green,Blue,Black")], T, T, "list spacing"),
        (
            "other-order",
            [text("Green, Blue, Black", "Black, Green, Blue")],
            T,
            T,
            "order of options",
        ),
        ("replaced", [text("Green, Blue, Black", "Black")], F, F, "current colours dropped"),
    ],
    "shop_admin/order-comment-notify/0": [
        ("reference", [REF], T, T, "reference"),
        ("not-notified", [Ref(drop=("Notify Customer by Email",))], F, F, "no email"),
        (
            "lower-comment",
            [
                text(
                    "Your parcel leaves our warehouse on Monday.",
                    "your parcel leaves our warehouse on Monday.",
                )
            ],
            T,
            F,
            "case",
        ),
    ],
    "shop_admin/move-customer-group/0": [
        ("reference", [REF], T, T, "reference"),
        ("retailer", [Ref(option={"Wholesale": "Retailer"})], F, F, "wrong group"),
    ],
    "shop_admin/brand-stock-update/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "two-of-three",
            [Ref(drop=("Select Playwell Glow-in-the-Dark Puzzle Cube",))],
            F,
            F,
            "partial",
        ),
    ],
    "shop_admin/sku-out-of-stock/0": [
        ("reference", [REF], T, T, "reference"),
        ("five-left", [text("0", "5")], F, F, "another quantity"),
    ],
    "shop_admin/customer-phone/0": [
        ("dashes", [answer("615-555-0194")], T, N, "phone layout"),
        ("wrong", [answer("(615) 555-0149")], F, F, "digits swapped"),
    ],
    "shop_admin/lifetime-sales/0": [
        ("no-comma", [answer("92758.89")], T, N, "no thousands separator"),
        ("wrong", [answer("$92,758.98")], F, F, "digits swapped"),
    ],
    "cross/comment-sku/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                api_with(
                    "POST",
                    f"{GIT_API}/projects/{{p}}/issues/1/notes",
                    {"body": "EL-60710"},
                    p=q(
                        "githost",
                        "SELECT p.id FROM projects p JOIN namespaces n ON n.id = p.namespace_id WHERE n.path = 'alex.chen' AND p.path = 'quartz-lint'",
                    ),
                )
            ],
            T,
            T,
            "api",
        ),
        ("lower-sku", [text("EL-60710", "el-60710")], T, N, "case"),
        ("wrong-sku", [text("EL-60710", "EL-60701")], F, F, "digits swapped"),
    ],
    "cross/release-announcement/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "lower-title",
            [text("falcon-proxy v1.1.0 released", "Falcon-proxy v1.1.0 released")],
            T,
            F,
            "case",
        ),
        (
            "old-tag",
            [text("falcon-proxy v1.1.0 released", "falcon-proxy v1.0.0 released")],
            F,
            F,
            "older tag",
        ),
    ],
    "cross/issue-from-top-submission/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                api_with(
                    "POST",
                    f"{GIT_API}/projects/{{p}}/issues",
                    {"title": "Any tips for debugging production issues?"},
                    p=q(
                        "githost",
                        "SELECT p.id FROM projects p JOIN namespaces n ON n.id = p.namespace_id WHERE n.path = 'alex.chen' AND p.path = 'quartz-lint'",
                    ),
                )
            ],
            T,
            T,
            "api",
        ),
        ("enter-in-title", [Ref(enter="Title")], T, T, "Enter submits"),
    ],
    "cross/friend-address/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "lower-street",
            [text("500 Main Street", "500 main street")],
            T,
            F,
            "case of the typed street",
        ),
        ("wrong-city", [text("Portland", "Seattle")], F, F, "not the city in the biography"),
    ],
    "cross/conditional-star/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "other-project",
            [goto(f"{GIT}/northwind/ember-proxy"), click("Star")],
            F,
            F,
            "the else branch",
        ),
        ("both", [REF, goto(f"{GIT}/northwind/ember-proxy"), click("Star")], F, F, "starred both"),
    ],
    "cross/cheapest-coffee-post/0": [
        (
            "dollars-word",
            [
                text(
                    "The cheapest one is the Green Acre Decaf Ground Coffee at $6.00.",
                    "The cheapest one is the Green Acre Decaf Ground Coffee, 6 dollars.",
                )
            ],
            T,
            N,
            "the price in words",
        ),
        (
            "longer-price",
            [
                text(
                    "The cheapest one is the Green Acre Decaf Ground Coffee at $6.00.",
                    "The cheapest one is the Green Acre Decaf Ground Coffee at $16.00.",
                )
            ],
            F,
            F,
            "a price the reference is part of",
        ),
    ],
    "cross/release-and-refund/0": [
        (
            "longer-amount",
            [
                text(
                    "falcon-proxy v1.1.0 is out, and order 100642 came to $50.94.",
                    "falcon-proxy v1.1.0 is out, and order 100642 came to $150.94.",
                )
            ],
            F,
            F,
            "a total the reference is part of",
        ),
    ],
    "cross/message-product-price/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "price-only",
            [text("The Saltmarsh Non-Stick Wok costs $28.99 at Harbor Goods.", "$28.99")],
            T,
            T,
            "just the price",
        ),
        (
            "longer-price",
            [
                text(
                    "The Saltmarsh Non-Stick Wok costs $28.99 at Harbor Goods.",
                    "The Saltmarsh Non-Stick Wok costs $128.99 at Harbor Goods.",
                )
            ],
            F,
            F,
            "a price the reference is part of",
        ),
        (
            "more-cents",
            [
                text(
                    "The Saltmarsh Non-Stick Wok costs $28.99 at Harbor Goods.", "It costs $28.995."
                )
            ],
            F,
            F,
            "another amount",
        ),
    ],
    "cross/refund-issue/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "amount-only",
            [text("The grand total of order 100642 was $50.94.", "$50.94")],
            T,
            T,
            "just the amount",
        ),
        (
            "wrong-amount",
            [
                text(
                    "The grand total of order 100642 was $50.94.",
                    "The grand total of order 100642 was $50.49.",
                )
            ],
            F,
            F,
            "another amount",
        ),
        (
            "longer-amount",
            [
                text(
                    "The grand total of order 100642 was $50.94.",
                    "The grand total of order 100642 was $150.94.",
                )
            ],
            F,
            F,
            "an amount the reference is part of",
        ),
    ],
    "cross/restock-milestone/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                api_with(
                    "POST",
                    f"{GIT_API}/projects/{{p}}/milestones",
                    {"title": "Restock", "due_date": "2024-06-14"},
                    p=q(
                        "githost",
                        "SELECT p.id FROM projects p JOIN namespaces n ON n.id = p.namespace_id WHERE n.path = 'alex.chen' AND p.path = 'quartz-lint'",
                    ),
                )
            ],
            T,
            T,
            "api",
        ),
        ("day-off", [text("2024-06-14", "2024-06-13")], F, F, "a day early"),
    ],
    "cross/message-open-issues/0": [
        ("reference", [REF], T, T, "reference"),
        ("padded", [text("11", " 11 ")], T, N, "spaces"),
        ("wrong", [text("11", "12")], F, F, "another count"),
    ],
}


# -- the parametrisation ----------------------------------------------------------------------


def _params() -> list[Any]:
    params = _answer_params() + _state_params()
    for (family, world, instance), cases in GEN.items():
        for name, plan, lenient, strict, _why in cases:
            key = f"{family}#{world}#{instance}"
            params.append(
                pytest.param("gen", key, plan, lenient, strict, id=f"{family}@{world}:{name}")
            )
    for task_id, cases in CUR.items():
        for name, plan, lenient, strict, _why in cases:
            params.append(
                pytest.param("curated", task_id, plan, lenient, strict, id=f"{task_id}:{name}")
            )
    return params


@pytest.fixture(scope="module", autouse=True)
def _close_envs():
    yield
    for factory in (_curated_env, _generated_env):
        for site in ENV_IDS:
            factory(site).close()
    _curated_env.cache_clear()
    _generated_env.cache_clear()


@pytest.mark.parametrize(("kind", "key", "plan", "lenient", "strict"), _params())
def test_outcome_verdict(
    kind: str, key: str, plan: Plan, lenient: bool | None, strict: bool | None
) -> None:
    if kind == "curated":
        task = _curated(key)
        env = _curated_env(key.split("/")[0])
    else:
        family, world, instance = key.split("#")
        task = _generated(family, int(world), int(instance))
        env = _generated_env(family.split(".")[0])
    validation = play(env, task, plan)
    got = (validation["lenient"]["passed"], validation["strict"]["passed"])
    if lenient is not None:
        assert got[0] == lenient, validation["lenient"]
    if strict is not None:
        assert got[1] == strict, validation["strict"]
