"""Forum families about forum sidebars: compare two forums' weekly-thread days read from
their sidebars, and set the sidebar of a forum I moderate."""

from __future__ import annotations

import re
from typing import Any

from webenv.families import Context, Draft, Family
from webenv.families.steps import answer_eval, button, click, sql_text, state_eval, stop, type_text
from webenv.sites.forum.words import WEEKDAYS
from webenv.task_files.families.forum._common import Forum, forums, open_forum, user_id

THREAD = "Weekly thread: every "

SIDEBARS = (
    "Welcome! Read the rules before posting and search for your question first.",
    "Weekly meetup every Saturday at noon. New members are always welcome.",
    "Be kind, stay on topic and credit the original author of anything you share.",
    "Beginners' questions belong in the pinned thread. Photos of your setup are encouraged.",
    "No self-promotion. Report spam to the moderators instead of replying to it.",
)
"""Sidebar texts the state family asks for (each one line, as a person would type it)."""

# --- which of two forums holds its weekly thread earlier in the week ------------------------


def _thread_days(ctx: Context) -> dict[int, str]:
    """Forum id -> the weekday its sidebar's weekly thread is on, cut out by SQL."""
    start = f"instr(sidebar, {sql_text(THREAD)}) + {len(THREAD)}"
    rows = ctx.data.query(
        "forum",
        f"SELECT id, substr(sidebar, {start}, instr(substr(sidebar, {start}), ' ') - 1)"
        f" FROM forums WHERE instr(sidebar, {sql_text(THREAD)}) > 0",
    )
    return {forum_id: day for forum_id, day in rows if day in WEEKDAYS}


def _earlier_thread(ctx: Context) -> Draft | None:
    days = _thread_days(ctx)
    pool = [forum for forum in forums(ctx.data) if forum.id in days]
    if len(pool) < 2:
        return None
    first, second = ctx.rng.sample(pool, 2)
    if days[first.id] == days[second.id]:
        return None  # the same day: no earlier one
    earlier = min((first, second), key=lambda forum: WEEKDAYS.index(days[forum.id]))
    return Draft(
        values={"first": first.title, "second": second.title},
        eval=answer_eval(earlier.title, "string"),
        solution=[*open_forum(first), *open_forum(second), stop(earlier.title)],
        answer=earlier.title,
    )


def _confirm_earlier_thread(ctx: Context, values: dict[str, Any]) -> str:
    """The earlier forum from the sidebars' text, matched in Python rather than cut by SQL."""
    pattern = re.compile(re.escape(THREAD) + "(" + "|".join(WEEKDAYS) + r")\b")
    order = {}
    for title in (values["first"], values["second"]):
        sidebar = ctx.data.value("forum", "SELECT sidebar FROM forums WHERE title = ?", (title,))
        match = pattern.search(sidebar)
        assert match, f"no weekly thread in the sidebar of {title}"
        order[title] = WEEKDAYS.index(match.group(1))
    return min(order, key=order.__getitem__)


# --- set the sidebar of a forum I moderate ---------------------------------------------------


def _moderated(ctx: Context) -> list[Forum]:
    mine = {
        forum_id
        for (forum_id,) in ctx.data.query(
            "forum", "SELECT forum_id FROM moderators WHERE user_id = ?", (user_id(ctx.data),)
        )
    }
    return [forum for forum in forums(ctx.data) if forum.id in mine]


def _set_sidebar(ctx: Context) -> Draft | None:
    pool = _moderated(ctx)
    if not pool:
        return None
    forum = ctx.rng.choice(pool)
    text = ctx.rng.choice(SIDEBARS)
    current = ctx.data.value("forum", "SELECT sidebar FROM forums WHERE id = ?", (forum.id,))
    if current == text:
        return None
    name = sql_text(forum.name)
    return Draft(
        values={"forum": forum.title, "sidebar": text},
        eval=state_eval(
            "forum",
            [
                (f"SELECT sidebar FROM forums WHERE name = {name}", text),
                (f"SELECT title FROM forums WHERE name = {name}", forum.title),
            ],
        ),
        solution=[
            *open_forum(forum),
            click("Edit forum"),
            type_text("Sidebar", text),
            button("Save changes"),
            stop(),
        ],
        answer=forum.title,
    )


FAMILIES = [
    Family(
        id="forum.earlier-weekly-thread",
        sites=("forum",),
        skills=("compare",),
        intent_template="The sidebars of the {{first}} and {{second}} forums announce a weekly "
        "thread. Which of the two forums holds it earlier in the week, counting from Monday? "
        "Answer with the forum's title.",
        build=_earlier_thread,
        confirm=_confirm_earlier_thread,
        length=(5, 5),
        kind="info",
    ),
    Family(
        id="forum.set-forum-sidebar",
        sites=("forum",),
        skills=("form-fill",),
        intent_template="Set the sidebar of the {{forum}} forum, which I moderate, to "
        '"{{sidebar}}".',
        build=_set_sidebar,
        confirm=None,
        length=(6, 6),
        kind="state",
    ),
]
