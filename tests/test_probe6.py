# ruff: noqa: E501 - the cases are a table: long SQL and URLs stay on one line
"""Probe round 6: other agents' routes to state changes and pages, written before reading the
state, URL, page and request checks.

Each case plays an episode through the public API (``reset(options=...)``, ``step``, the
``api [...]`` action and ``stop [...]``) and states the verdict a user expects from
``info["validation"]``: lenient, and where it matters strict. The routes are those other
agents take: the reference solution, the site's REST API, another form, another order of
steps, an extra harmless page; and the near misses: the wrong item, an extra unwanted change,
the change made then undone, the right change in the wrong place, a typo, a duplicate.

Policy decided here, before reading the rules:
- The outcome is judged, not the route: the same end state reached through the site's JSON
  API, a tool action or another form passes both modes (the task does not ask for a route
  unless it says so, as the "Using the forum's JSON API" tasks do).
- Whitespace at the ends of typed text is form trivia: lenient passes it. Runs of inner
  spaces likewise. A different word, a typo or a missing word is a different text.
- A duplicate (the same comment, message or submission twice) is a visible extra change
  other users see: wrong in both modes. An unrelated extra write the task did not forbid is
  not judged here (not pinned).
- A change made then undone is not done. A change in the wrong project, forum or product
  is wrong.
- A URL names the same page when its query parameters come in another order, with
  utm_* tracking parameters added, with a trailing slash or a fragment, or with the host in
  capitals; a parameter that changes what the page shows (another sort, another range,
  another page, another search) makes it another page.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

import gymnasium as gym
import pytest

from webenv.families import generate
from webenv.tasks import Task, bundled_tasks
from webenv.tools.solution import step_to_actions

T, F = True, False
N = None  # not pinned
REF = "REF"

FORUM = "http://forum.test"
GIT = "http://git.test"
GIT_API = f"{GIT}/api/v4"
SHOP = "http://shop.test"
WORLD = 1618
WORLD_2 = 2357

Plan = list[Any]


def api(method: str, url: str, body: dict | None = None) -> str:
    """An ``api [...]`` action."""
    if body is None and method == "GET":
        return f"api [{method}] [{url}]"
    if body is None:  # the sites refuse a write without a JSON content type (415)
        body = {}
    return f"api [{method}] [{url}] [{json.dumps(body)}]"


def goto(url: str) -> str:
    return f"goto [{url}]"


def ref_with(**replace: str) -> tuple[str, dict[str, str]]:
    """The reference solution with typed texts replaced (old text -> new text)."""
    return (REF, {k.replace("_", " "): v for k, v in replace.items()})


def ref_text(old: str, new: str) -> tuple[str, dict[str, str]]:
    return (REF, {old: new})


# -- envs ---------------------------------------------------------------------------------

ENV_IDS = {
    "forum": "WebForum-v0",
    "githost": "WebGit-v0",
    "shop": "WebShop-v0",
    "shop_admin": "WebShopAdmin-v0",
    "cross": "WebSuite-v0",
}


@cache
def _curated_env(site: str) -> gym.Env:
    return gym.make(ENV_IDS[site])


@cache
def _generated_env(site: str) -> gym.Env:
    return gym.make(ENV_IDS[site], tasks="gen", world_seeds=[WORLD, WORLD_2])


@cache
def _curated(task_id: str) -> Task:
    return next(t for t in bundled_tasks() if t.task_id == task_id)


def _site_of(task_id: str) -> str:
    return task_id.split("/")[0]


def _steps(env: gym.Env, task: Task, replace: dict[str, str], obs: dict) -> dict:
    for step in task.solution[:-1]:
        step = dict(step)
        for key in ("text", "option"):
            if key in step:
                for old, new in replace.items():
                    if step[key] == old:
                        step[key] = new
        for action in step_to_actions(step, obs["axtree"]):
            obs, *_ = env.step(action)
            assert not obs["last_action_error"], (action, obs["last_action_error"])
    return obs


def play(env: gym.Env, task: Task, plan: Plan) -> dict:
    """Reset to ``task``, play ``plan`` and stop; the validation info."""
    obs, _ = env.reset(options={"task_id": task.task_id})
    world = env.unwrapped.world
    for item in plan:
        if item == REF:
            obs = _steps(env, task, {}, obs)
            continue
        if isinstance(item, tuple) and item[0] == REF:
            obs = _steps(env, task, item[1], obs)
            continue
        if callable(item):
            item = item(world)
        actions = step_to_actions(item, obs["axtree"]) if isinstance(item, dict) else [item]
        for action in actions:
            obs, *_ = env.step(action)
            assert not obs["last_action_error"], (action, obs["last_action_error"])
            if action.startswith("api ["):  # the call itself went through (a case's own slip)
                assert " - 2" in obs["axtree"].splitlines()[0], obs["axtree"][:300]
    _, _, terminated, _, info = env.step("stop []")
    assert terminated
    return info["validation"]


def one(sql: str, site: str) -> Callable[[Any], Any]:
    """A value read from the live database (what an agent would read off a page)."""

    def read(world: Any) -> Any:
        return world.query(site, sql)[0][0]

    return read


def order_id(world: Any, number: str) -> int:
    return world.query("shop", f"SELECT id FROM orders WHERE number = '{number}'")[0][0]


def sku(world: Any, name: str) -> str:
    return world.query("shop", f"SELECT sku FROM products WHERE name = '{name}'")[0][0]


def queued(world: Any) -> int:
    return world.query(
        "shop",
        "SELECT id FROM review_queue WHERE user_id = (SELECT id FROM users WHERE username = "
        "'aaron.hall') AND product_id = (SELECT id FROM products WHERE name = 'Zentech Wireless Keyboard')",
    )[0][0]


# -- curated tasks ---------------------------------------------------------------------------

C = "Thanks for posting this, very helpful."
CASES: dict[str, list[tuple]] = {
    # task id: [(name, plan, lenient, strict, why)]
    "forum/comment-on-submission/0": [
        ("reference", [REF], T, T, "the reference solution"),
        ("api", [api("POST", f"{FORUM}/api/submissions/2392/comments", {"body": C})], T, T, "api"),
        (
            "api-padded",
            [api("POST", f"{FORUM}/api/submissions/2392/comments", {"body": C + "  "})],
            T,
            N,
            "trailing spaces",
        ),
        (
            "inner-spaces",
            [ref_text(C, "Thanks for posting this,  very helpful.")],
            T,
            N,
            "double inner space",
        ),
        (
            "extra-nav",
            [REF, goto(f"{FORUM}/f/homebrewing"), goto(f"{FORUM}/")],
            T,
            T,
            "browse after",
        ),
        ("typo", [ref_text(C, "Thanks for postign this, very helpful.")], F, F, "a typo"),
        (
            "missing-word",
            [ref_text(C, "Thanks for posting, very helpful.")],
            F,
            F,
            "a word missing",
        ),
        (
            "wrong-submission",
            [api("POST", f"{FORUM}/api/submissions/2388/comments", {"body": C})],
            F,
            F,
            "other thread",
        ),
        (
            "duplicate",
            [REF, api("POST", f"{FORUM}/api/submissions/2392/comments", {"body": C})],
            F,
            F,
            "posted twice",
        ),
        (
            "as-reply",
            [
                lambda w: api(
                    "POST",
                    f"{FORUM}/api/submissions/2392/comments",
                    {
                        "body": C,
                        "parent_id": w.query(
                            "forum",
                            "SELECT id FROM comments WHERE submission_id = 2392 ORDER BY id LIMIT 1",
                        )[0][0],
                    },
                )
            ],
            F,
            F,
            "a reply, not top-level",
        ),
        (
            "posted-then-deleted",
            [
                REF,
                lambda w: goto(
                    f"{FORUM}/f/homebrewing/2392/why-bottling-a-batch-is-harder-than-it/comment/"
                    + str(w.query("forum", "SELECT max(id) FROM comments WHERE user_id = 1")[0][0])
                ),
                {"do": "click", "role": "button", "name": "Delete"},
            ],
            F,
            F,
            "undone",
        ),
    ],
    "forum/comment-on-submission/1": [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                api(
                    "POST",
                    f"{FORUM}/api/submissions/2388/comments",
                    {"body": "I had the same question last year."},
                )
            ],
            T,
            T,
            "api",
        ),
        (
            "lowercase-start",
            [ref_text("I had the same question last year.", "i had the same question last year.")],
            N,
            F,
            "case",
        ),
        (
            "trailing-newline",
            [
                api(
                    "POST",
                    f"{FORUM}/api/submissions/2388/comments",
                    {"body": "I had the same question last year.\n"},
                )
            ],
            T,
            N,
            "trailing newline",
        ),
        (
            "changed-value",
            [ref_text("I had the same question last year.", "I had the same question last month.")],
            F,
            F,
            "another word",
        ),
    ],
    "forum/reply-to-comment/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                api(
                    "POST",
                    f"{FORUM}/api/submissions/2382/comments",
                    {"body": "Good point, I will try that.", "parent_id": 8159},
                )
            ],
            T,
            T,
            "api reply",
        ),
        (
            "api-padded",
            [
                api(
                    "POST",
                    f"{FORUM}/api/submissions/2382/comments",
                    {"body": " Good point, I will try that. ", "parent_id": 8159},
                )
            ],
            T,
            N,
            "padded",
        ),
        (
            "top-level",
            [
                api(
                    "POST",
                    f"{FORUM}/api/submissions/2382/comments",
                    {"body": "Good point, I will try that."},
                )
            ],
            F,
            F,
            "not a reply",
        ),
        (
            "reply-twice",
            [
                REF,
                api(
                    "POST",
                    f"{FORUM}/api/submissions/2382/comments",
                    {"body": "Good point, I will try that.", "parent_id": 8159},
                ),
            ],
            F,
            F,
            "duplicate reply",
        ),
    ],
    "forum/api-comment/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "direct-post",
            [
                api(
                    "POST",
                    f"{FORUM}/api/submissions/44/comments",
                    {"body": "Great question, following this thread."},
                )
            ],
            T,
            T,
            "no lookup first",
        ),
        (
            "padded",
            [
                api(
                    "POST",
                    f"{FORUM}/api/submissions/44/comments",
                    {"body": "Great question, following this thread. "},
                )
            ],
            T,
            N,
            "trailing space",
        ),
        (
            "wrong-thread",
            [
                api(
                    "POST",
                    f"{FORUM}/api/submissions/45/comments",
                    {"body": "Great question, following this thread."},
                )
            ],
            F,
            F,
            "other submission",
        ),
        (
            "duplicate",
            [
                REF,
                api(
                    "POST",
                    f"{FORUM}/api/submissions/44/comments",
                    {"body": "Great question, following this thread."},
                ),
            ],
            F,
            F,
            "twice",
        ),
    ],
    "forum/vote-submission/0": [
        ("reference", [REF], T, T, "reference"),
        ("api", [api("POST", f"{FORUM}/api/submissions/2374/vote", {"choice": 1})], T, T, "api"),
        ("tool", ['tool [vote_submission] [{"id": 2374, "choice": 1}]'], T, T, "tool action"),
        (
            "api-twice",
            [
                api("POST", f"{FORUM}/api/submissions/2374/vote", {"choice": 1}),
                api("POST", f"{FORUM}/api/submissions/2374/vote", {"choice": 1}),
            ],
            T,
            T,
            "idempotent",
        ),
        (
            "then-withdrawn",
            [REF, api("POST", f"{FORUM}/api/submissions/2374/vote", {"choice": 0})],
            F,
            F,
            "undone",
        ),
        (
            "downvote",
            [api("POST", f"{FORUM}/api/submissions/2374/vote", {"choice": -1})],
            F,
            F,
            "downvote",
        ),
        (
            "wrong-submission",
            [api("POST", f"{FORUM}/api/submissions/2392/vote", {"choice": 1})],
            F,
            F,
            "other",
        ),
        (
            "down-then-up",
            [
                api("POST", f"{FORUM}/api/submissions/2374/vote", {"choice": -1}),
                api("POST", f"{FORUM}/api/submissions/2374/vote", {"choice": 1}),
            ],
            T,
            T,
            "corrected",
        ),
    ],
    "forum/withdraw-upvote/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [api("POST", f"{FORUM}/api/submissions/2264/vote", {"choice": 0})],
            T,
            T,
            "api withdraw",
        ),
        (
            "downvote-instead",
            [api("POST", f"{FORUM}/api/submissions/2264/vote", {"choice": -1})],
            F,
            F,
            "a downvote is not withdrawing",
        ),
        (
            "withdraw-then-upvote",
            [REF, api("POST", f"{FORUM}/api/submissions/2264/vote", {"choice": 1})],
            F,
            F,
            "undone",
        ),
    ],
    "forum/upvote-comment/0": [
        ("reference", [REF], T, T, "reference"),
        ("api", [api("POST", f"{FORUM}/api/comments/8178/vote", {"choice": 1})], T, T, "api"),
        (
            "downvote",
            [api("POST", f"{FORUM}/api/comments/8178/vote", {"choice": -1})],
            F,
            F,
            "downvote",
        ),
        (
            "then-withdrawn",
            [REF, api("POST", f"{FORUM}/api/comments/8178/vote", {"choice": 0})],
            F,
            F,
            "undone",
        ),
        (
            "wrong-comment",
            [api("POST", f"{FORUM}/api/comments/8180/vote", {"choice": 1})],
            F,
            F,
            "other comment",
        ),
    ],
    "forum/api-upvote-submission/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "tool",
            ['tool [vote_submission] [{"id": 43, "choice": 1}]'],
            T,
            T,
            "the tool calls the api",
        ),
        (
            "downvote",
            [api("POST", f"{FORUM}/api/submissions/43/vote", {"choice": -1})],
            F,
            F,
            "downvote",
        ),
    ],
    "forum/subscribe-forum/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "extra-nav",
            [
                goto(f"{FORUM}/f/chess"),
                {"do": "click", "role": "button", "name": "Subscribe"},
                goto(f"{FORUM}/forums"),
            ],
            T,
            T,
            "another route",
        ),
        (
            "then-unsubscribed",
            [REF, {"do": "click", "role": "button", "name": "Unsubscribe"}],
            F,
            F,
            "undone",
        ),
    ],
    "forum/unsubscribe-forum/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "from-forum-page",
            [
                goto(f"{FORUM}/f/photography"),
                {"do": "click", "role": "button", "name": "Unsubscribe"},
            ],
            T,
            T,
            "forum page button",
        ),
        (
            "then-resubscribed",
            [
                REF,
                goto(f"{FORUM}/f/photography"),
                {"do": "click", "role": "button", "name": "Subscribe"},
            ],
            F,
            F,
            "undone",
        ),
    ],
    "forum/send-message/0": [
        (
            "double-space-subject",
            [ref_text("Group ride on Saturday", "Group ride  on Saturday")],
            T,
            F,
            "inner double space: lenient compares the filtered text as lenient compares values",
        ),
        (
            "lower-case-subject",
            [ref_text("Group ride on Saturday", "group ride on saturday")],
            T,
            F,
            "case only",
        ),
        (
            "other-word-subject",
            [ref_text("Group ride on Saturday", "Group ride on again")],
            F,
            F,
            "a different text",
        ),
        ("reference", [REF], T, T, "reference"),
        (
            "padded-body",
            [
                ref_text(
                    "Are you joining the gravel ride at 9?",
                    "Are you joining the gravel ride at 9?  ",
                )
            ],
            T,
            N,
            "trailing spaces",
        ),
        (
            "padded-subject",
            [ref_text("Group ride on Saturday", " Group ride on Saturday ")],
            T,
            N,
            "padded subject",
        ),
        (
            "typo-body",
            [
                ref_text(
                    "Are you joining the gravel ride at 9?", "Are you joining the gravel ride at 8?"
                )
            ],
            F,
            F,
            "changed time",
        ),
        (
            "typo-subject",
            [ref_text("Group ride on Saturday", "Group ride on Sunday")],
            F,
            F,
            "changed day",
        ),
        (
            "sent-twice",
            [
                REF,
                goto(f"{FORUM}/user/sara.morgan"),
                {"do": "click", "role": "link", "name": "Send a message"},
                {
                    "do": "type",
                    "role": "textbox",
                    "name": "Subject",
                    "text": "Group ride on Saturday",
                },
                {
                    "do": "type",
                    "role": "textbox",
                    "name": "Message",
                    "text": "Are you joining the gravel ride at 9?",
                },
                {"do": "click", "role": "button", "name": "Send message"},
            ],
            F,
            F,
            "duplicate message",
        ),
        (
            "second-wrong",
            [
                REF,
                goto(f"{FORUM}/user/sara.morgan"),
                {"do": "click", "role": "link", "name": "Send a message"},
                {
                    "do": "type",
                    "role": "textbox",
                    "name": "Subject",
                    "text": "Group ride on Saturday",
                },
                {
                    "do": "type",
                    "role": "textbox",
                    "name": "Message",
                    "text": "Ignore that, no ride.",
                },
                {"do": "click", "role": "button", "name": "Send message"},
            ],
            F,
            F,
            "a second message contradicts it",
        ),
    ],
    "forum/create-text-submission/0": [
        (
            "double-space-title",
            [ref_text("Best saddle for long gravel rides?", "Best saddle for long  gravel rides?")],
            T,
            F,
            "inner double space: lenient compares the filtered text as lenient compares values",
        ),
        (
            "lower-case-title",
            [ref_text("Best saddle for long gravel rides?", "best saddle for long gravel rides?")],
            T,
            F,
            "case only",
        ),
        (
            "other-word-title",
            [ref_text("Best saddle for long gravel rides?", "Best saddle for long gravel again")],
            F,
            F,
            "a different text",
        ),
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                api(
                    "POST",
                    f"{FORUM}/api/submissions",
                    {
                        "forum": "cycling",
                        "title": "Best saddle for long gravel rides?",
                        "body": "My current saddle hurts after two hours. What do you ride on long gravel days?",
                    },
                )
            ],
            T,
            T,
            "api",
        ),
        (
            "submit-page",
            [
                goto(f"{FORUM}/submit"),
                {"do": "select", "role": "combobox", "name": "Forum", "option": "Cycling"},
                {
                    "do": "type",
                    "role": "textbox",
                    "name": "Title",
                    "text": "Best saddle for long gravel rides?",
                },
                {
                    "do": "type",
                    "role": "textbox",
                    "name": "Body",
                    "text": "My current saddle hurts after two hours. What do you ride on long gravel days?",
                },
                {"do": "click", "role": "button", "name": "Create submission"},
            ],
            T,
            T,
            "the general submit form",
        ),
        (
            "padded-title",
            [ref_text("Best saddle for long gravel rides?", "Best saddle for long gravel rides? ")],
            T,
            N,
            "trailing space",
        ),
        (
            "typo-title",
            [ref_text("Best saddle for long gravel rides?", "Best sadle for long gravel rides?")],
            F,
            F,
            "typo",
        ),
        (
            "wrong-forum",
            [
                api(
                    "POST",
                    f"{FORUM}/api/submissions",
                    {
                        "forum": "coffee",
                        "title": "Best saddle for long gravel rides?",
                        "body": "My current saddle hurts after two hours. What do you ride on long gravel days?",
                    },
                )
            ],
            F,
            F,
            "wrong forum",
        ),
        (
            "duplicate",
            [
                REF,
                api(
                    "POST",
                    f"{FORUM}/api/submissions",
                    {
                        "forum": "cycling",
                        "title": "Best saddle for long gravel rides?",
                        "body": "My current saddle hurts after two hours. What do you ride on long gravel days?",
                    },
                ),
            ],
            F,
            F,
            "posted twice",
        ),
        (
            "as-link",
            [
                api(
                    "POST",
                    f"{FORUM}/api/submissions",
                    {
                        "forum": "cycling",
                        "title": "Best saddle for long gravel rides?",
                        "url": "https://example.com/saddles",
                    },
                )
            ],
            F,
            F,
            "a link post",
        ),
    ],
    "forum/create-link-submission/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                api(
                    "POST",
                    f"{FORUM}/api/submissions",
                    {
                        "forum": "photography",
                        "title": "A clear guide to exposure bracketing",
                        "url": "https://framelight.example/guides/exposure-bracketing",
                    },
                )
            ],
            T,
            T,
            "api",
        ),
        (
            "wrong-url",
            [
                api(
                    "POST",
                    f"{FORUM}/api/submissions",
                    {
                        "forum": "photography",
                        "title": "A clear guide to exposure bracketing",
                        "url": "https://framelight.example/guides/exposure",
                    },
                )
            ],
            F,
            F,
            "another link",
        ),
    ],
    "forum/edit-biography/0": [
        (
            "inner-double-space",
            [
                ref_text(
                    "Gravel rider, espresso nerd and amateur photographer in Portland.",
                    "Gravel rider,  espresso nerd and amateur photographer in Portland.",
                )
            ],
            T,
            N,
            "inner double space: state and page",
        ),
        (
            "lower-case",
            [
                ref_text(
                    "Gravel rider, espresso nerd and amateur photographer in Portland.",
                    "gravel rider, espresso nerd and amateur photographer in portland.",
                )
            ],
            T,
            F,
            "case only",
        ),
        ("reference", [REF], T, T, "reference"),
        (
            "padded",
            [
                ref_text(
                    "Gravel rider, espresso nerd and amateur photographer in Portland.",
                    "  Gravel rider, espresso nerd and amateur photographer in Portland.  ",
                )
            ],
            T,
            N,
            "padded",
        ),
        (
            "typo",
            [
                ref_text(
                    "Gravel rider, espresso nerd and amateur photographer in Portland.",
                    "Gravel rider, espresso nerd and amateur photographer in Portlnd.",
                )
            ],
            F,
            F,
            "typo",
        ),
        (
            "set-then-changed",
            [
                REF,
                goto(f"{FORUM}/user/mark.wilson"),
                {"do": "click", "role": "link", "name": "Edit biography"},
                {"do": "type", "role": "textbox", "name": "Biography", "text": "Something else."},
                {"do": "click", "role": "button", "name": "Save biography"},
            ],
            F,
            F,
            "overwritten",
        ),
        (
            "direct-settings-url",
            [
                goto(f"{FORUM}/settings/biography"),
                {
                    "do": "type",
                    "role": "textbox",
                    "name": "Biography",
                    "text": "Gravel rider, espresso nerd and amateur photographer in Portland.",
                },
                {"do": "click", "role": "button", "name": "Save biography"},
            ],
            T,
            T,
            "settings page directly",
        ),
    ],
    "forum/edit-forum-sidebar/0": [
        (
            "inner-double-space",
            [
                ref_text(
                    "Brew guides every Friday. Be kind to beginners and weigh your beans.",
                    "Brew guides every Friday.  Be kind to beginners and weigh your beans.",
                )
            ],
            T,
            N,
            "two spaces after a full stop",
        ),
        ("reference", [REF], T, T, "reference"),
        (
            "padded",
            [
                ref_text(
                    "Brew guides every Friday. Be kind to beginners and weigh your beans.",
                    "Brew guides every Friday. Be kind to beginners and weigh your beans.\n",
                )
            ],
            T,
            N,
            "trailing newline",
        ),
        (
            "direct-edit-url",
            [
                goto(f"{FORUM}/f/coffee/edit"),
                {
                    "do": "type",
                    "role": "textbox",
                    "name": "Sidebar",
                    "text": "Brew guides every Friday. Be kind to beginners and weigh your beans.",
                },
                {"do": "click", "role": "button", "name": "Save changes"},
            ],
            T,
            T,
            "edit page directly",
        ),
        (
            "typo",
            [
                ref_text(
                    "Brew guides every Friday. Be kind to beginners and weigh your beans.",
                    "Brew guides every Friday. Be kind to beginners.",
                )
            ],
            F,
            F,
            "truncated",
        ),
    ],
    "forum/lock-submission/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "then-unlocked",
            [REF, {"do": "click", "role": "button", "name": "Unlock submission"}],
            F,
            F,
            "undone",
        ),
    ],
    "forum/delete-own-comment/0": [
        ("reference", [REF], T, T, "reference"),
        ("extra-nav", [REF, goto(f"{FORUM}/")], T, T, "browse after"),
    ],
    "forum/create-forum/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "padded-description",
            [
                ref_text(
                    "Drawing cities on location: pens, watercolours and sketchbooks.",
                    "Drawing cities on location: pens, watercolours and sketchbooks. ",
                )
            ],
            T,
            N,
            "trailing space",
        ),
        ("typo-title", [ref_text("Urban Sketching", "Urban Sketchng")], F, F, "typo"),
    ],
    # ------------------------------------------------------------------------- Git host
    "githost/assign-to-me/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                api(
                    "PUT",
                    f"{GIT_API}/projects/northwind%2Fember-proxy/issues/24",
                    {"assignee_ids": [1]},
                )
            ],
            T,
            T,
            "api",
        ),
        (
            "direct-url",
            [
                goto(f"{GIT}/northwind/ember-proxy/-/issues/24"),
                {"do": "click", "role": "button", "name": "Assign to me"},
            ],
            T,
            T,
            "issue page directly",
        ),
        (
            "wrong-issue",
            [
                api(
                    "PUT",
                    f"{GIT_API}/projects/northwind%2Fember-proxy/issues/23",
                    {"assignee_ids": [1]},
                )
            ],
            F,
            F,
            "other issue",
        ),
        (
            "wrong-project",
            [
                api(
                    "PUT",
                    f"{GIT_API}/projects/northwind%2Ffalcon-proxy/issues/24",
                    {"assignee_ids": [1]},
                )
            ],
            F,
            F,
            "same number, other project",
        ),
        (
            "then-unassigned",
            [
                REF,
                api(
                    "PUT",
                    f"{GIT_API}/projects/northwind%2Fember-proxy/issues/24",
                    {"assignee_ids": ""},
                ),
            ],
            F,
            F,
            "undone",
        ),
    ],
    "githost/comment-and-close/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/northwind%2Fember-proxy/issues/1/notes",
                    {"body": "Fixed in the latest release."},
                ),
                api(
                    "PUT",
                    f"{GIT_API}/projects/northwind%2Fember-proxy/issues/1",
                    {"state_event": "close"},
                ),
            ],
            T,
            T,
            "api",
        ),
        (
            "close-first",
            [
                api(
                    "PUT",
                    f"{GIT_API}/projects/northwind%2Fember-proxy/issues/1",
                    {"state_event": "close"},
                ),
                api(
                    "POST",
                    f"{GIT_API}/projects/northwind%2Fember-proxy/issues/1/notes",
                    {"body": "Fixed in the latest release."},
                ),
            ],
            T,
            T,
            "other order",
        ),
        (
            "padded",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/northwind%2Fember-proxy/issues/1/notes",
                    {"body": "Fixed in the latest release. "},
                ),
                api(
                    "PUT",
                    f"{GIT_API}/projects/northwind%2Fember-proxy/issues/1",
                    {"state_event": "close"},
                ),
            ],
            T,
            N,
            "trailing space",
        ),
        (
            "not-closed",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/northwind%2Fember-proxy/issues/1/notes",
                    {"body": "Fixed in the latest release."},
                )
            ],
            F,
            F,
            "half done",
        ),
        (
            "closed-then-reopened",
            [
                REF,
                api(
                    "PUT",
                    f"{GIT_API}/projects/northwind%2Fember-proxy/issues/1",
                    {"state_event": "reopen"},
                ),
            ],
            F,
            F,
            "undone",
        ),
    ],
    "githost/create-label/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "title-case-name",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/lumen-web%2Fkestrel-cli/labels",
                    {"name": "Needs Triage", "color": "#ff8800", "description": "Not yet reviewed"},
                )
            ],
            T,
            F,
            "the typed name in other case: lenient as for any typed text, strict exact",
        ),
        (
            "other-name",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/lumen-web%2Fkestrel-cli/labels",
                    {"name": "needs review", "color": "#ff8800", "description": "Not yet reviewed"},
                )
            ],
            F,
            F,
            "another label",
        ),
        (
            "api",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/lumen-web%2Fkestrel-cli/labels",
                    {"name": "needs triage", "color": "#ff8800", "description": "Not yet reviewed"},
                )
            ],
            T,
            T,
            "api",
        ),
        (
            "upper-colour",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/lumen-web%2Fkestrel-cli/labels",
                    {"name": "needs triage", "color": "#FF8800", "description": "Not yet reviewed"},
                )
            ],
            T,
            N,
            "hex case is the same colour",
        ),
        (
            "wrong-colour",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/lumen-web%2Fkestrel-cli/labels",
                    {"name": "needs triage", "color": "#ff8080", "description": "Not yet reviewed"},
                )
            ],
            F,
            F,
            "other colour",
        ),
        (
            "wrong-project",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/northwind%2Ffalcon-proxy/labels",
                    {"name": "needs triage", "color": "#ff8800", "description": "Not yet reviewed"},
                )
            ],
            F,
            F,
            "other project",
        ),
        (
            "typo-name",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/lumen-web%2Fkestrel-cli/labels",
                    {"name": "needs triag", "color": "#ff8800", "description": "Not yet reviewed"},
                )
            ],
            F,
            F,
            "typo",
        ),
    ],
    "githost/create-milestone/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/northwind%2Ffalcon-proxy/milestones",
                    {"title": "v3.0", "due_date": "2024-09-30"},
                )
            ],
            T,
            T,
            "api",
        ),
        (
            "wrong-date",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/northwind%2Ffalcon-proxy/milestones",
                    {"title": "v3.0", "due_date": "2024-09-03"},
                )
            ],
            F,
            F,
            "other date",
        ),
    ],
    "githost/create-issue-labels/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/northwind%2Ffalcon-proxy/issues",
                    {"title": "Document the retry settings", "labels": "documentation,bug"},
                )
            ],
            T,
            T,
            "api, labels in another order",
        ),
        (
            "one-label",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/northwind%2Ffalcon-proxy/issues",
                    {"title": "Document the retry settings", "labels": "bug"},
                )
            ],
            F,
            F,
            "missing a label",
        ),
        (
            "extra-label",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/northwind%2Ffalcon-proxy/issues",
                    {"title": "Document the retry settings", "labels": "bug,documentation,feature"},
                )
            ],
            F,
            F,
            "an extra label",
        ),
        (
            "duplicate",
            [
                REF,
                api(
                    "POST",
                    f"{GIT_API}/projects/northwind%2Ffalcon-proxy/issues",
                    {"title": "Document the retry settings", "labels": "bug,documentation"},
                ),
            ],
            F,
            F,
            "two issues",
        ),
    ],
    "githost/create-mr/0": [
        (
            "double-space-title",
            [ref_text("Revive add events module", "Revive add  events module")],
            T,
            F,
            "inner double space: lenient compares the filtered text as lenient compares values",
        ),
        (
            "lower-case-title",
            [ref_text("Revive add events module", "revive add events module")],
            T,
            F,
            "case only",
        ),
        (
            "other-word-title",
            [ref_text("Revive add events module", "Revive add events again")],
            F,
            F,
            "a different text",
        ),
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/northwind%2Ffalcon-proxy/merge_requests",
                    {
                        "source_branch": "fix/add-events-module-with-sanitize-payload",
                        "target_branch": "main",
                        "title": "Revive add events module",
                    },
                )
            ],
            T,
            T,
            "api",
        ),
        (
            "api-default-target",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/northwind%2Ffalcon-proxy/merge_requests",
                    {
                        "source_branch": "fix/add-events-module-with-sanitize-payload",
                        "title": "Revive add events module",
                    },
                )
            ],
            T,
            T,
            "target defaults",
        ),
        (
            "opened-then-closed",
            [
                REF,
                lambda w: api(
                    "PUT",
                    f"{GIT_API}/projects/northwind%2Ffalcon-proxy/merge_requests/"
                    + str(
                        w.query(
                            "githost",
                            "SELECT max(iid) FROM merge_requests WHERE project_id = (SELECT p.id FROM projects p JOIN namespaces n ON n.id = p.namespace_id WHERE n.path = 'northwind' AND p.path = 'falcon-proxy')",
                        )[0][0]
                    ),
                    {"state_event": "close"},
                ),
            ],
            F,
            F,
            "undone",
        ),
    ],
    "githost/invite-member/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/northwind%2Fdrift-web/members",
                    {"username": "lucia.haddad", "access_level": 30},
                )
            ],
            T,
            T,
            "api",
        ),
        (
            "wrong-role",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/northwind%2Fdrift-web/members",
                    {"username": "lucia.haddad", "access_level": 20},
                )
            ],
            F,
            F,
            "Reporter",
        ),
        (
            "wrong-project",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/northwind%2Ffalcon-proxy/members",
                    {"username": "lucia.haddad", "access_level": 30},
                )
            ],
            F,
            F,
            "other project",
        ),
    ],
    "githost/change-role/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                lambda w: api(
                    "PUT",
                    f"{GIT_API}/projects/northwind%2Ffalcon-proxy/members/{w.user_id('githost', 'bruno.silva')}",
                    {"access_level": 40},
                )
            ],
            T,
            T,
            "api",
        ),
        (
            "owner-instead",
            [
                lambda w: api(
                    "PUT",
                    f"{GIT_API}/projects/northwind%2Ffalcon-proxy/members/{w.user_id('githost', 'bruno.silva')}",
                    {"access_level": 30},
                )
            ],
            F,
            F,
            "Developer",
        ),
    ],
    "githost/follow-user/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                lambda w: api(
                    "POST", f"{GIT_API}/users/{w.user_id('githost', 'samir.bauer')}/follow"
                )
            ],
            T,
            T,
            "api",
        ),
        (
            "then-unfollowed",
            [
                REF,
                lambda w: api(
                    "POST", f"{GIT_API}/users/{w.user_id('githost', 'samir.bauer')}/unfollow"
                ),
            ],
            F,
            F,
            "undone",
        ),
        (
            "wrong-user",
            [
                lambda w: api(
                    "POST", f"{GIT_API}/users/{w.user_id('githost', 'nora.castro')}/follow"
                )
            ],
            F,
            F,
            "other user",
        ),
    ],
    "githost/star-project/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "then-unstarred",
            [REF, {"do": "click", "role": "button", "name": "Unstar"}],
            F,
            F,
            "undone",
        ),
    ],
    "githost/close-milestone/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "then-reopened",
            [REF, {"do": "click", "role": "button", "name": "Reopen milestone"}],
            F,
            F,
            "undone",
        ),
    ],
    "githost/request-review/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                lambda w: api(
                    "PUT",
                    f"{GIT_API}/projects/northwind%2Ffalcon-proxy/merge_requests/9",
                    {"reviewer_ids": [w.user_id("githost", "samir.bauer")]},
                )
            ],
            T,
            T,
            "api",
        ),
        (
            "wrong-mr",
            [
                lambda w: api(
                    "PUT",
                    f"{GIT_API}/projects/northwind%2Ffalcon-proxy/merge_requests/8",
                    {"reviewer_ids": [w.user_id("githost", "samir.bauer")]},
                )
            ],
            F,
            F,
            "other MR",
        ),
    ],
    "githost/merge-mr/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [api("PUT", f"{GIT_API}/projects/northwind%2Ffalcon-proxy/merge_requests/8/merge", {})],
            T,
            T,
            "api",
        ),
        (
            "closed-instead",
            [
                api(
                    "PUT",
                    f"{GIT_API}/projects/northwind%2Ffalcon-proxy/merge_requests/8",
                    {"state_event": "close"},
                )
            ],
            F,
            F,
            "closed is not merged",
        ),
    ],
    # ------------------------------------------------------------------------- shop
    "shop/add-to-wishlist/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "then-removed",
            [
                REF,
                goto(f"{SHOP}/account/wishlist"),
                lambda w: {
                    "do": "click",
                    "role": "button",
                    "name": "Remove",
                    "nth": [
                        r[0]
                        for r in w.query(
                            "shop",
                            "SELECT p.name FROM wishlist_items i JOIN products p ON p.id = i.product_id WHERE i.user_id = (SELECT id FROM users WHERE username = 'emma.lopez') ORDER BY i.id",
                        )
                    ].index("Pulsar Magnetic Power Bank"),
                },
            ],
            F,
            F,
            "undone",
        ),
        ("then-viewed", [REF, goto(f"{SHOP}/account/wishlist")], T, T, "look at the list after"),
    ],
    "shop/remove-from-wishlist/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "removed-two",
            [REF, {"do": "click", "role": "button", "name": "Remove", "nth": 1}],
            F,
            F,
            "removed something else too",
        ),
    ],
    "shop/add-to-cart-options/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                lambda w: api(
                    "POST",
                    f"{SHOP}/rest/V1/carts/mine/items",
                    {
                        "cartItem": {
                            "sku": w.query("shop", "SELECT sku FROM products WHERE id = 126")[0][0],
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
            "api",
        ),
        ("wrong-size", [ref_text("M", "L")], F, F, "size L"),
        ("qty-3", [ref_text("2", "3")], F, F, "three"),
    ],
    "shop/cart-quantity/0": [
        ("reference", [REF], T, T, "reference"),
        ("qty-4", [ref_text("3", "4")], F, F, "four"),
    ],
    "shop/subscribe-newsletter/0": [
        ("reference", [REF], T, T, "reference"),
        ("extra-nav", [REF, goto(f"{SHOP}/")], T, T, "browse after"),
    ],
    "shop/change-last-name/0": [
        ("reference", [REF], T, T, "reference"),
        ("padded", [ref_text("Lopez-Garcia", " Lopez-Garcia ")], T, N, "padded"),
        ("typo", [ref_text("Lopez-Garcia", "Lopez-Gracia")], F, F, "typo"),
    ],
    "shop/add-address/0": [
        ("reference", [REF], T, T, "reference"),
        ("padded-street", [ref_text("12 Oak Road", "12 Oak Road ")], T, N, "trailing space"),
        ("lower-city", [ref_text("Denver", "denver")], T, F, "the typed city in lower case"),
        ("other-city", [ref_text("Denver", "Boulder")], F, F, "another city"),
        ("wrong-zip", [ref_text("80203", "80230")], F, F, "digits swapped"),
        ("added-twice", [REF, REF], F, F, "two copies of the address"),
    ],
    "shop/write-review/0": [
        ("reference", [REF], T, T, "reference"),
        ("padded-title", [ref_text("Sturdy cable", "Sturdy cable ")], T, N, "padded"),
        ("five-stars", [ref_text("4 stars", "5 stars")], F, F, "rating"),
    ],
    "shop/apply-coupon/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "lower-code",
            [ref_text("SAVE10", "save10")],
            T,
            N,
            "codes are case-insensitive if the shop accepts it",
        ),
    ],
    # ------------------------------------------------------------------------- shop admin
    "shop_admin/update-price/0": [
        ("reference", [REF], T, T, "reference"),
        ("one-decimal", [ref_text("44.50", "44.5")], T, T, "44.5 is 44.50"),
        ("wrong-price", [ref_text("44.50", "45.40")], F, F, "other price"),
        (
            "api",
            [
                lambda w: api(
                    "PUT",
                    f"{SHOP}/rest/V1/products/{sku(w, 'Aurea Brightening Serum')}",
                    {"product": {"price": 44.5}},
                )
            ],
            T,
            T,
            "api",
        ),
        (
            "api-wrong-product",
            [
                lambda w: api(
                    "PUT",
                    f"{SHOP}/rest/V1/products/{sku(w, 'Sage Lane Gentle Cleanser')}",
                    {"product": {"price": 44.5}},
                )
            ],
            F,
            F,
            "other product",
        ),
    ],
    "shop_admin/customer-email/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "padded",
            [ref_text("liam.allen@harbormail.example", " liam.allen@harbormail.example ")],
            T,
            N,
            "padded",
        ),
        (
            "typo",
            [ref_text("liam.allen@harbormail.example", "liam.alen@harbormail.example")],
            F,
            F,
            "typo",
        ),
    ],
    "shop_admin/rename-category/0": [
        ("reference", [REF], T, T, "reference"),
        ("padded", [ref_text("Desk Organization", "Desk Organization ")], T, N, "padded"),
    ],
    "githost/edit-description/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "inner-double-space",
            [
                ref_text(
                    "Lints feature flag definitions before they reach production.",
                    "Lints feature flag  definitions before they reach production.",
                )
            ],
            T,
            N,
            "inner double space: state and page",
        ),
        (
            "padded",
            [
                ref_text(
                    "Lints feature flag definitions before they reach production.",
                    "Lints feature flag definitions before they reach production. ",
                )
            ],
            T,
            N,
            "padded",
        ),
        (
            "typo",
            [
                ref_text(
                    "Lints feature flag definitions before they reach production.",
                    "Lints feature flag definitions before they reach prod.",
                )
            ],
            F,
            F,
            "shortened",
        ),
    ],
    "githost/edit-config/0": [
        ("reference", [REF], T, T, "reference"),
    ],
    "cross/cheapest-coffee-post/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "posted-then-deleted",
            [REF, {"do": "click", "role": "button", "name": "Delete submission"}],
            F,
            F,
            "undone",
        ),
        ("extra-nav", [REF, goto(f"{SHOP}/")], T, T, "back to the shop"),
    ],
    "cross/release-and-refund/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "posted-then-deleted",
            [REF, {"do": "click", "role": "button", "name": "Delete submission"}],
            F,
            F,
            "undone",
        ),
    ],
    "shop_admin/ship-order/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                lambda w: api(
                    "POST",
                    f"{SHOP}/rest/V1/order/{order_id(w, '100650')}/ship",
                    {"tracks": [{"title": "UPS", "track_number": "1Z999AA10123456784"}]},
                )
            ],
            T,
            T,
            "api",
        ),
        (
            "api-wrong-number",
            [
                lambda w: api(
                    "POST",
                    f"{SHOP}/rest/V1/order/{order_id(w, '100650')}/ship",
                    {"tracks": [{"title": "UPS", "track_number": "1Z999AA10123456748"}]},
                )
            ],
            F,
            F,
            "digits swapped",
        ),
        ("wrong-carrier", [ref_text("UPS", "FedEx")], F, F, "FedEx"),
        (
            "wrong-order",
            [
                lambda w: api(
                    "POST",
                    f"{SHOP}/rest/V1/order/{order_id(w, '100641')}/ship",
                    {"tracks": [{"title": "UPS", "track_number": "1Z999AA10123456784"}]},
                )
            ],
            F,
            F,
            "other order",
        ),
    ],
    "shop_admin/cancel-order/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [lambda w: api("POST", f"{SHOP}/rest/V1/orders/{order_id(w, '100651')}/cancel", {})],
            T,
            T,
            "api",
        ),
        (
            "also-another",
            [
                REF,
                lambda w: api("POST", f"{SHOP}/rest/V1/orders/{order_id(w, '100652')}/cancel", {}),
            ],
            F,
            F,
            "cancelled two",
        ),
    ],
    "shop_admin/invoice-order/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [lambda w: api("POST", f"{SHOP}/rest/V1/order/{order_id(w, '100652')}/invoice", {})],
            T,
            T,
            "api",
        ),
    ],
    "shop_admin/hold-with-comment/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                lambda w: api("POST", f"{SHOP}/rest/V1/orders/{order_id(w, '100649')}/hold", {}),
                lambda w: api(
                    "POST",
                    f"{SHOP}/rest/V1/orders/{order_id(w, '100649')}/comments",
                    {
                        "statusHistory": {
                            "comment": "Waiting for the customer to confirm the address.",
                            "is_customer_notified": 0,
                        }
                    },
                ),
            ],
            T,
            T,
            "api",
        ),
        (
            "api-comment-first",
            [
                lambda w: api(
                    "POST",
                    f"{SHOP}/rest/V1/orders/{order_id(w, '100649')}/comments",
                    {
                        "statusHistory": {
                            "comment": "Waiting for the customer to confirm the address.",
                            "is_customer_notified": 0,
                        }
                    },
                ),
                lambda w: api("POST", f"{SHOP}/rest/V1/orders/{order_id(w, '100649')}/hold", {}),
            ],
            T,
            T,
            "other order of steps",
        ),
        (
            "notified",
            [
                lambda w: api("POST", f"{SHOP}/rest/V1/orders/{order_id(w, '100649')}/hold", {}),
                lambda w: api(
                    "POST",
                    f"{SHOP}/rest/V1/orders/{order_id(w, '100649')}/comments",
                    {
                        "statusHistory": {
                            "comment": "Waiting for the customer to confirm the address.",
                            "is_customer_notified": 1,
                        }
                    },
                ),
            ],
            F,
            F,
            "the customer was notified",
        ),
        (
            "held-then-released",
            [
                REF,
                lambda w: api("POST", f"{SHOP}/rest/V1/orders/{order_id(w, '100649')}/unhold", {}),
            ],
            F,
            F,
            "undone",
        ),
    ],
    "shop_admin/approve-review/0": [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                lambda w: api(
                    "PUT",
                    f"{SHOP}/rest/V1/reviews/queued/{queued(w)}",
                    {"review": {"status": "Approved"}},
                )
            ],
            T,
            T,
            "api",
        ),
        (
            "not-approved",
            [
                lambda w: api(
                    "PUT",
                    f"{SHOP}/rest/V1/reviews/queued/{queued(w)}",
                    {"review": {"status": "Not Approved"}},
                )
            ],
            F,
            F,
            "rejected instead",
        ),
    ],
    "shop_admin/disable-product/0": [
        ("reference", [REF], T, T, "reference"),
    ],
}

# url_match: (name, url or plan, lenient, strict, why)
URLS: dict[str, list[tuple]] = {
    "forum/open-top-range/0": [
        (
            "trailing-ampersand",
            f"{FORUM}/f/books?sort=top&t=week&",
            T,
            N,
            "empty trailing separator",
        ),
        (
            "forum-name-case",
            f"{FORUM}/f/Books?sort=top&t=week",
            T,
            T,
            "the site redirects to the canonical name",
        ),
        ("exact", f"{FORUM}/f/books?sort=top&t=week", T, T, "reference"),
        ("reordered", f"{FORUM}/f/books?t=week&sort=top", T, N, "param order"),
        ("utm", f"{FORUM}/f/books?sort=top&t=week&utm_source=newsletter", T, N, "tracking"),
        ("fragment", f"{FORUM}/f/books?sort=top&t=week#submissions", T, N, "fragment"),
        ("upper-host", "http://FORUM.TEST/f/books?sort=top&t=week", T, N, "host case"),
        ("wrong-range", f"{FORUM}/f/books?sort=top&t=month", F, F, "month"),
        ("no-range", f"{FORUM}/f/books?sort=top", F, F, "range missing"),
        (
            "page-2",
            f"{FORUM}/f/books?sort=top&t=week&page=2",
            F,
            N,
            "another page (strict is WebArena: extra parameters pass)",
        ),
        ("other-forum", f"{FORUM}/f/music?sort=top&t=week", F, F, "other forum"),
    ],
    "forum/open-submission/0": [
        ("no-slug", f"{FORUM}/f/music/1699", T, T, "the site redirects to the slug"),
        ("wrong-slug", f"{FORUM}/f/music/1699/lessons", T, T, "the site redirects to the slug"),
        (
            "exact",
            f"{FORUM}/f/music/1699/lessons-from-two-weeks-of-learning-to-read",
            T,
            T,
            "reference",
        ),
        (
            "trailing-slash",
            f"{FORUM}/f/music/1699/lessons-from-two-weeks-of-learning-to-read/",
            T,
            N,
            "slash",
        ),
        (
            "fragment",
            f"{FORUM}/f/music/1699/lessons-from-two-weeks-of-learning-to-read#comments",
            T,
            N,
            "fragment",
        ),
        (
            "utm",
            f"{FORUM}/f/music/1699/lessons-from-two-weeks-of-learning-to-read?utm_medium=email",
            T,
            N,
            "tracking",
        ),
        (
            "wrong-id",
            f"{FORUM}/f/music/1698/lessons-from-two-weeks-of-learning-to-read",
            F,
            F,
            "other id",
        ),
    ],
    "forum/open-author-profile/0": [
        ("exact", f"{FORUM}/user/nathan.novak", T, T, "reference"),
        ("trailing-slash", f"{FORUM}/user/nathan.novak/", T, N, "slash"),
        ("other-user", f"{FORUM}/user/ianw76", F, F, "other user"),
        ("prefix-user", f"{FORUM}/user/nathan", F, F, "a prefix is not the user"),
    ],
    "shop/search-results/0": [
        (
            "padded-query",
            f"{SHOP}/search?q=+wok+",
            T,
            N,
            "spaces around the term: the site searches for wok",
        ),
        ("exact", f"{SHOP}/search?q=wok", T, T, "reference"),
        ("utm", f"{SHOP}/search?utm_source=x&q=wok", T, N, "tracking first"),
        ("other-query", f"{SHOP}/search?q=woks", F, F, "other search"),
        ("longer-query", f"{SHOP}/search?q=wok+pan", F, F, "other search"),
    ],
    "shop/category-sorted/0": [
        (
            "page-1",
            f"{SHOP}/category/speakers?sort=price_desc&page=1",
            T,
            N,
            "page 1 is the first page",
        ),
        (
            "page-2",
            f"{SHOP}/category/speakers?sort=price_desc&page=2",
            F,
            N,
            "another page (strict is WebArena: extra parameters pass)",
        ),
        (
            "filtered",
            f"{SHOP}/category/speakers?sort=price_desc&colour=Black",
            F,
            N,
            "a filter shows other products",
        ),
        ("exact", f"{SHOP}/category/speakers?sort=price_desc", T, T, "reference"),
        ("fragment", f"{SHOP}/category/speakers?sort=price_desc#products", T, N, "fragment"),
        ("wrong-sort", f"{SHOP}/category/speakers?sort=price_asc", F, F, "ascending"),
        ("no-sort", f"{SHOP}/category/speakers", F, F, "unsorted"),
        ("other-category", f"{SHOP}/category/headphones?sort=price_desc", F, F, "other category"),
    ],
    "shop/open-product/0": [
        ("exact", f"{SHOP}/product/zentech-magnetic-charger", T, T, "reference"),
        ("slash", f"{SHOP}/product/zentech-magnetic-charger/", T, N, "slash"),
        ("utm", f"{SHOP}/product/zentech-magnetic-charger?utm_campaign=spring", T, N, "tracking"),
        ("fragment", f"{SHOP}/product/zentech-magnetic-charger#reviews", T, N, "fragment"),
        ("prefix", f"{SHOP}/product/zentech-magnetic", F, F, "a prefix"),
    ],
    "shop/open-order/0": [
        ("exact", f"{SHOP}/account/orders/100569", T, T, "reference"),
        ("other", f"{SHOP}/account/orders/100596", F, F, "other order"),
        ("longer", f"{SHOP}/account/orders/1005690", F, F, "number with a digit more"),
    ],
    "githost/open-issue/0": [
        ("exact", f"{GIT}/orchard-data/delta-bot/-/issues/7", T, T, "reference"),
        ("slash", f"{GIT}/orchard-data/delta-bot/-/issues/7/", T, N, "slash"),
        ("note-fragment", f"{GIT}/orchard-data/delta-bot/-/issues/7#note_1", T, N, "fragment"),
        ("other", f"{GIT}/orchard-data/delta-bot/-/issues/70", F, F, "issue 70"),
        ("other-project", f"{GIT}/orchard-data/delta-web/-/issues/7", F, F, "other project"),
    ],
    "githost/compare-branches/0": [
        (
            "exact",
            f"{GIT}/northwind/falcon-proxy/-/compare?from=main&to=feature/create-the-client-module-merge-chunk-and",
            T,
            T,
            "reference",
        ),
        (
            "reordered",
            f"{GIT}/northwind/falcon-proxy/-/compare?to=feature/create-the-client-module-merge-chunk-and&from=main",
            T,
            N,
            "param order",
        ),
        (
            "encoded-slash",
            f"{GIT}/northwind/falcon-proxy/-/compare?from=main&to=feature%2Fcreate-the-client-module-merge-chunk-and",
            T,
            N,
            "percent-encoded slash",
        ),
        (
            "swapped",
            f"{GIT}/northwind/falcon-proxy/-/compare?from=feature/create-the-client-module-merge-chunk-and&to=main",
            F,
            F,
            "reversed",
        ),
    ],
    "githost/open-file-on-branch/0": [
        (
            "exact",
            f"{GIT}/northwind/falcon-worker/-/blob/chore/add-metrics-module-with-sort-invoice-and/README.md",
            T,
            T,
            "reference",
        ),
        (
            "default-branch",
            f"{GIT}/northwind/falcon-worker/-/blob/master/README.md",
            F,
            F,
            "another branch",
        ),
        (
            "line-fragment",
            f"{GIT}/northwind/falcon-worker/-/blob/chore/add-metrics-module-with-sort-invoice-and/README.md#L1",
            T,
            N,
            "line anchor",
        ),
    ],
}


# -- generated tasks on world 1618 ------------------------------------------------------------

OTHER_OPEN_ISSUE = (
    "SELECT iid FROM issues WHERE project_id = 38 AND state = 'opened' AND id != 888 LIMIT 1"
)
ORDER_100620 = "SELECT id FROM orders WHERE number = '100620'"

GEN: dict[tuple[str, int], list[tuple]] = {
    ("cross.comment-shop-price", 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [api("POST", f"{FORUM}/api/submissions/1033/comments", {"body": "$9.99"})],
            T,
            T,
            "api",
        ),
        (
            "api-usd",
            [api("POST", f"{FORUM}/api/submissions/1033/comments", {"body": "USD 9.99"})],
            T,
            N,
            "currency code",
        ),
        (
            "api-wrong",
            [api("POST", f"{FORUM}/api/submissions/1033/comments", {"body": "$9.89"})],
            F,
            F,
            "other price",
        ),
        (
            "posted-then-deleted",
            [
                api("POST", f"{FORUM}/api/submissions/1033/comments", {"body": "$9.99"}),
                lambda w: goto(
                    f"{FORUM}/f/"
                    + w.query(
                        "forum",
                        "SELECT f.name FROM submissions s JOIN forums f ON f.id = s.forum_id WHERE s.id = 1033",
                    )[0][0]
                    + "/1033"
                ),
                {"do": "click", "role": "button", "name": "Delete"},
            ],
            F,
            F,
            "undone",
        ),
    ],
    ("cross.message-order-total", 0): [
        ("reference", [REF], T, T, "reference"),
        ("sent-twice", [REF, goto(f"{SHOP}/"), REF], F, F, "duplicate"),
    ],
    ("forum.upvote-newest", 0): [
        ("reference", [REF], T, T, "reference"),
        ("api", [api("POST", f"{FORUM}/api/submissions/2335/vote", {"choice": 1})], T, T, "api"),
        ("extra-nav", [REF, goto(f"{FORUM}/f/boston"), goto(f"{FORUM}/")], T, T, "browse"),
        (
            "then-withdrawn",
            [REF, api("POST", f"{FORUM}/api/submissions/2335/vote", {"choice": 0})],
            F,
            F,
            "undone",
        ),
        (
            "also-another",
            [REF, api("POST", f"{FORUM}/api/submissions/2245/vote", {"choice": 1})],
            F,
            F,
            "upvoted two",
        ),
        (
            "downvote",
            [api("POST", f"{FORUM}/api/submissions/2335/vote", {"choice": -1})],
            F,
            F,
            "downvote",
        ),
    ],
    ("forum.upvote-most-discussed", 0): [
        ("reference", [REF], T, T, "reference"),
        ("tool", ['tool [vote_submission] [{"id": 2245, "choice": 1}]'], T, T, "tool"),
        (
            "downvote",
            [api("POST", f"{FORUM}/api/submissions/2245/vote", {"choice": -1})],
            F,
            F,
            "downvote",
        ),
    ],
    ("forum.delete-my-newest-in-forum", 0): [
        ("reference", [REF], T, T, "reference"),
        ("extra-nav", [REF, goto(f"{FORUM}/f/programming")], T, T, "browse"),
    ],
    ("forum.set-forum-sidebar", 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "padded",
            [
                ref_text(
                    "Weekly meetup every Saturday at noon. New members are always welcome.",
                    "Weekly meetup every Saturday at noon. New members are always welcome. ",
                )
            ],
            T,
            N,
            "padded",
        ),
        (
            "direct",
            [
                goto(f"{FORUM}/f/coffee/edit"),
                {
                    "do": "type",
                    "role": "textbox",
                    "name": "Sidebar",
                    "text": "Weekly meetup every Saturday at noon. New members are always welcome.",
                },
                {"do": "click", "role": "button", "name": "Save changes"},
            ],
            T,
            T,
            "edit page",
        ),
        (
            "typo",
            [
                ref_text(
                    "Weekly meetup every Saturday at noon. New members are always welcome.",
                    "Weekly meetup every Sunday at noon. New members are always welcome.",
                )
            ],
            F,
            F,
            "other day",
        ),
    ],
    ("forum.biography-subscribed-forum", 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "padded",
            [ref_text("Lurking in Photography", "Lurking in Photography  ")],
            T,
            N,
            "padded",
        ),
        (
            "wrong-forum",
            [ref_text("Lurking in Photography", "Lurking in Books")],
            F,
            F,
            "other forum",
        ),
    ],
    ("forum.swap-subscription", 0): [
        ("reference", [REF], T, T, "reference"),
        ("extra-nav", [REF, goto(f"{FORUM}/forums")], T, T, "browse"),
    ],
    ("forum.reply-top-comment", 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                lambda w: api(
                    "POST",
                    f"{FORUM}/api/submissions/{w.query('forum', 'SELECT submission_id FROM comments WHERE id = 6800')[0][0]}/comments",
                    {"body": "Good point, I had not thought of that.", "parent_id": 6800},
                )
            ],
            T,
            T,
            "api",
        ),
        (
            "top-level",
            [
                lambda w: api(
                    "POST",
                    f"{FORUM}/api/submissions/{w.query('forum', 'SELECT submission_id FROM comments WHERE id = 6800')[0][0]}/comments",
                    {"body": "Good point, I had not thought of that."},
                )
            ],
            F,
            F,
            "not a reply",
        ),
    ],
    ("forum.post-then-edit", 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "api-final-title",
            [
                api(
                    "POST",
                    f"{FORUM}/api/submissions",
                    {
                        "forum": "hiking",
                        "title": "Looking for advice before I start [Solved]",
                        "body": "I had the same experience. Happy to compare notes sometime.",
                    },
                )
            ],
            N,
            N,
            "final state directly (not pinned)",
        ),
    ],
    ("githost.close-named-issue", 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                lambda w: api(
                    "PUT",
                    f"{GIT_API}/projects/38/issues/{w.query('githost', 'SELECT iid FROM issues WHERE id = 888')[0][0]}",
                    {"state_event": "close"},
                )
            ],
            T,
            T,
            "api",
        ),
        (
            "then-reopened",
            [
                REF,
                lambda w: api(
                    "PUT",
                    f"{GIT_API}/projects/38/issues/{w.query('githost', 'SELECT iid FROM issues WHERE id = 888')[0][0]}",
                    {"state_event": "reopen"},
                ),
            ],
            F,
            F,
            "undone",
        ),
        (
            "closed-another-too",
            [
                REF,
                lambda w: api(
                    "PUT",
                    f"{GIT_API}/projects/38/issues/"
                    + str(w.query("githost", OTHER_OPEN_ISSUE)[0][0]),
                    {"state_event": "close"},
                ),
            ],
            F,
            F,
            "closed two",
        ),
    ],
    ("githost.star-top-group-project", 0): [
        ("reference", [REF], T, T, "reference"),
        ("extra-nav", [REF, goto(f"{GIT}/")], T, T, "browse"),
    ],
    ("githost.request-review", 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                lambda w: api(
                    "PUT",
                    f"{GIT_API}/projects/{w.query('githost', 'SELECT project_id FROM merge_requests WHERE id = 163')[0][0]}/merge_requests/{w.query('githost', 'SELECT iid FROM merge_requests WHERE id = 163')[0][0]}",
                    {"reviewer_ids": [15]},
                )
            ],
            T,
            T,
            "api",
        ),
        (
            "two-reviewers",
            [
                lambda w: api(
                    "PUT",
                    f"{GIT_API}/projects/{w.query('githost', 'SELECT project_id FROM merge_requests WHERE id = 163')[0][0]}/merge_requests/{w.query('githost', 'SELECT iid FROM merge_requests WHERE id = 163')[0][0]}",
                    {"reviewer_ids": [15, 1]},
                )
            ],
            F,
            F,
            "an extra reviewer",
        ),
    ],
    ("githost.due-date-my-oldest-issue", 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                lambda w: api(
                    "PUT",
                    f"{GIT_API}/projects/55/issues/{w.query('githost', 'SELECT iid FROM issues WHERE id = 1316')[0][0]}",
                    {"due_date": "2024-08-04"},
                )
            ],
            T,
            T,
            "api",
        ),
        (
            "wrong-day",
            [
                lambda w: api(
                    "PUT",
                    f"{GIT_API}/projects/55/issues/{w.query('githost', 'SELECT iid FROM issues WHERE id = 1316')[0][0]}",
                    {"due_date": "2024-04-08"},
                )
            ],
            F,
            F,
            "day and month swapped",
        ),
    ],
    ("githost.open-most-discussed-issue", 0): [
        ("reference", [REF], T, T, "reference"),
        ("slash", [goto(f"{GIT}/northwind/falcon-cli/-/issues/33/")], T, N, "slash"),
        ("other", [goto(f"{GIT}/northwind/falcon-cli/-/issues/34")], F, F, "other issue"),
    ],
    ("shop.wishlist-best-under-price", 0): [
        ("reference", [REF], T, T, "reference"),
        ("then-viewed", [REF, goto(f"{SHOP}/account/wishlist")], T, T, "look at the list after"),
    ],
    ("shop.cart-cheapest-of-three", 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                lambda w: api(
                    "POST",
                    f"{SHOP}/rest/V1/carts/mine/items",
                    {
                        "cartItem": {
                            "sku": w.query("shop", "SELECT sku FROM products WHERE id = 260")[0][0],
                            "qty": 4,
                        }
                    },
                )
            ],
            T,
            T,
            "api",
        ),
        ("qty-5", [ref_text("4", "5")], F, F, "five"),
    ],
    ("shop.open-nth-rated-product", 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "utm",
            [goto(f"{SHOP}/product/loom-thread-stretch-joggers?utm_source=x")],
            T,
            N,
            "tracking",
        ),
        ("prefix", [goto(f"{SHOP}/product/loom-thread-stretch")], F, F, "prefix"),
    ],
    ("shop.open-order-with-product", 0): [
        ("reference", [REF], T, T, "reference"),
        ("fragment", [goto(f"{SHOP}/account/orders/100436#items")], T, N, "fragment"),
    ],
    ("shop_admin.hold-order", 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                lambda w: api(
                    "POST",
                    f"{SHOP}/rest/V1/orders/" + str(w.query("shop", ORDER_100620)[0][0]) + "/hold",
                    {},
                )
            ],
            T,
            T,
            "api",
        ),
        (
            "then-unheld",
            [
                REF,
                lambda w: api(
                    "POST",
                    f"{SHOP}/rest/V1/orders/"
                    + str(w.query("shop", ORDER_100620)[0][0])
                    + "/unhold",
                    {},
                ),
            ],
            F,
            F,
            "undone",
        ),
    ],
}


def iid(world: Any, issue_id: int) -> int:
    return world.query("githost", f"SELECT iid FROM issues WHERE id = {issue_id}")[0][0]


def issue_put(issue_id: int, body: dict) -> Callable[[Any], str]:
    """A PUT on one issue (by its database id) through the v4 API, by project id."""

    def action(world: Any) -> str:
        project, number = world.query(
            "githost", f"SELECT project_id, iid FROM issues WHERE id = {issue_id}"
        )[0]
        return api("PUT", f"{GIT_API}/projects/{project}/issues/{number}", body)

    return action


def milestone_put(issue_id: int, project: int, title: str) -> Callable[[Any], str]:
    """Put one issue in the project's milestone ``title`` through the v4 API."""

    def action(world: Any) -> str:
        milestone = world.query(
            "githost",
            f"SELECT id FROM milestones WHERE project_id = {project} AND title = '{title}'",
        )[0][0]
        return issue_put(issue_id, {"milestone_id": milestone})(world)

    return action


GEN_2: dict[tuple[str, int], list[tuple]] = {
    ("githost.label-newest-issues", 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/20/labels",
                    {"name": "regression", "color": "#5843ad"},
                ),
                *(issue_put(i, {"add_labels": "regression"}) for i in (538, 537, 536)),
            ],
            T,
            T,
            "api",
        ),
        (
            "api-upper-colour",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/20/labels",
                    {"name": "regression", "color": "#5843AD"},
                ),
                *(issue_put(i, {"add_labels": "regression"}) for i in (538, 537, 536)),
            ],
            T,
            N,
            "hex case",
        ),
        (
            "one-missed",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/20/labels",
                    {"name": "regression", "color": "#5843ad"},
                ),
                *(issue_put(i, {"add_labels": "regression"}) for i in (538, 537)),
            ],
            F,
            F,
            "two of three",
        ),
        (
            "one-too-many",
            [
                REF,
                lambda w: issue_put(
                    w.query(
                        "githost",
                        "SELECT id FROM issues WHERE project_id = 20 AND id NOT IN (538, 537, 536) LIMIT 1",
                    )[0][0],
                    {"add_labels": "regression"},
                )(w),
            ],
            F,
            F,
            "a fourth issue",
        ),
    ],
    ("githost.create-configured-issue", 1): [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                lambda w: api(
                    "POST",
                    f"{GIT_API}/projects/57/issues",
                    {
                        "title": "Add logging to resolve_session",
                        "labels": "good first issue",
                        "milestone_id": w.query(
                            "githost",
                            "SELECT id FROM milestones WHERE project_id = 57 AND title = 'v1.0'",
                        )[0][0],
                        "assignee_ids": [w.user_id("githost", "wei.haddad")],
                    },
                )
            ],
            T,
            T,
            "api in one call",
        ),
        (
            "api-no-milestone",
            [
                lambda w: api(
                    "POST",
                    f"{GIT_API}/projects/57/issues",
                    {
                        "title": "Add logging to resolve_session",
                        "labels": "good first issue",
                        "assignee_ids": [w.user_id("githost", "wei.haddad")],
                    },
                )
            ],
            F,
            F,
            "no milestone",
        ),
    ],
    ("githost.reassign-open-issues", 0): [
        ("reference", [REF], T, T, "reference"),
        ("api", [issue_put(i, {"assignee_ids": [30]}) for i in (581, 596, 601)], T, T, "api"),
        (
            "kept-old",
            [issue_put(i, {"assignee_ids": [30, 12]}) for i in (581, 596, 601)],
            F,
            F,
            "old assignee kept",
        ),
        (
            "one-left",
            [issue_put(i, {"assignee_ids": [30]}) for i in (581, 596)],
            F,
            F,
            "one not handed over",
        ),
    ],
    ("githost.milestone-for-label", 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "api",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/4/milestones",
                    {"title": "Hardening", "due_date": "2024-07-28"},
                ),
                *(milestone_put(i, 4, "Hardening") for i in (117, 102)),
            ],
            T,
            T,
            "api",
        ),
        (
            "one-missed",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/4/milestones",
                    {"title": "Hardening", "due_date": "2024-07-28"},
                ),
                milestone_put(117, 4, "Hardening"),
            ],
            F,
            F,
            "one issue",
        ),
        (
            "wrong-due",
            [
                api(
                    "POST",
                    f"{GIT_API}/projects/4/milestones",
                    {"title": "Hardening", "due_date": "2024-07-27"},
                ),
                *(milestone_put(i, 4, "Hardening") for i in (117, 102)),
            ],
            F,
            F,
            "a day early",
        ),
    ],
    ("forum.reply-inbox-message", 0): [
        ("reference", [REF], T, T, "reference"),
        ("extra-nav", [REF, goto(f"{FORUM}/messages")], T, T, "browse"),
    ],
    ("forum.message-top-commenter", 0): [
        ("reference", [REF], T, T, "reference"),
        ("sent-twice", [REF, REF], F, F, "duplicate"),
    ],
    ("forum.edit-my-comment", 0): [
        ("reference", [REF], T, T, "reference"),
        ("then-viewed", [REF, goto(f"{FORUM}/")], T, T, "browse after"),
    ],
    ("shop.account-email-newsletter", 0): [
        ("reference", [REF], T, T, "reference"),
        (
            "padded-email",
            [ref_text("leo.clark@example.net", " leo.clark@example.net ")],
            T,
            N,
            "padded",
        ),
        ("typo-email", [ref_text("leo.clark@example.net", "leo.clarke@example.net")], F, F, "typo"),
    ],
}


@cache
def _generated(family: str, instance: int, world: int = WORLD) -> Task:
    task = generate(family, world, instance)
    assert task is not None, family
    return task


def _param(
    kind: str, key: str, plan: Plan, lenient: bool | None, strict: bool | None, name: str
) -> Any:
    return pytest.param(kind, key, plan, lenient, strict, id=name)


def _params() -> list[Any]:
    params = []
    for task_id, cases in CASES.items():
        for name, plan, lenient, strict, _why in cases:
            params.append(_param("curated", task_id, plan, lenient, strict, f"{task_id}:{name}"))
    for task_id, cases in URLS.items():
        for name, url, lenient, strict, _why in cases:
            params.append(
                _param("curated", task_id, [goto(url)], lenient, strict, f"{task_id}:{name}")
            )
    for (family, instance), cases in GEN.items():
        for name, plan, lenient, strict, _why in cases:
            params.append(
                _param("gen", f"{family}#{instance}", plan, lenient, strict, f"{family}:{name}")
            )
    for (family, instance), cases in GEN_2.items():
        for name, plan, lenient, strict, _why in cases:
            key = f"{family}#{instance}#{WORLD_2}"
            params.append(_param("gen", key, plan, lenient, strict, f"{family}@{WORLD_2}:{name}"))
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
        env = _curated_env(_site_of(key))
    else:
        family, instance, *world = key.split("#")
        task = _generated(family, int(instance), int(world[0]) if world else WORLD)
        env = _generated_env(family.split(".")[0])
    validation = play(env, task, plan)
    got = (validation["lenient"]["passed"], validation["strict"]["passed"])
    if lenient is not None:
        assert got[0] == lenient, validation["lenient"]
    if strict is not None:
        assert got[1] == strict, validation["strict"]
