"""Forum family that creates then fills: make a new forum and cross-post into it the title
of my most recent submission in another forum."""

from __future__ import annotations

from typing import Any

from webenv.families import Context, Draft, Family
from webenv.families.steps import (
    button,
    click,
    select,
    sql_text,
    state_eval,
    stop,
    text_is,
    type_text,
)
from webenv.task_files.families.forum._common import (
    PER_PAGE,
    USER,
    forums,
    user_id,
)

# (URL name, title, description) of the forums an instance may create.
_NEW_FORUMS = (
    ("crossposts", "Crossposts", "Posts shared from other forums."),
    ("weekend_notes", "Weekend Notes", "Notes from weekend projects and trips."),
    ("best_of", "Best Of", "Threads worth reading twice."),
    ("reading_list", "Reading List", "Things to come back to."),
    ("side_projects", "Side Projects", "What we build when nobody is asking."),
)
_CROSSPOST_BODY = "Cross-posted from the {forum} forum."


def _mine(ctx: Context) -> list[tuple[int, str, int]]:
    """(id, title, forum id) of my listed submissions, newest first (my submissions page)."""
    return ctx.data.query(
        "forum",
        "SELECT id, title, forum_id FROM submissions WHERE user_id = ? AND deleted = 0 "
        "ORDER BY created_at DESC, id DESC",
        (user_id(ctx.data),),
    )


def _crosspost(ctx: Context) -> Draft | None:
    mine = _mine(ctx)
    if not mine:
        return None
    by_id = {f.id: f for f in forums(ctx.data)}
    source = by_id[ctx.rng.choice(sorted({forum_id for _, _, forum_id in mine}))]
    index = next(i for i, row in enumerate(mine) if row[2] == source.id)
    title = mine[index][1]
    name, new_title, description = ctx.rng.choice(_NEW_FORUMS)
    taken = {f.name for f in by_id.values()} | {f.title.casefold() for f in by_id.values()}
    if name in taken or new_title.casefold() in taken:
        return None  # this world already has such a forum
    body = _CROSSPOST_BODY.format(forum=source.title)
    uid = user_id(ctx.data)
    # The forum is made first, so the title is read just before it is typed.
    steps = [
        click("Forums"),
        click("Create a forum"),
        type_text("Name", name),
        type_text("Title", new_title),
        type_text("Description", description),
        button("Create forum"),
        click(USER),
        click(f"All submissions by {USER}"),
        *[click("Next page") for _ in range(index // PER_PAGE)],
        click(title),
        click("Submit"),
        select("Forum", new_title),
        type_text("Title", title),
        type_text("Body", body),
        button("Create submission"),
    ]
    return Draft(
        answer=title,
        values={
            "name": name,
            "title": new_title,
            "description": description,
            "forum": source.title,
            "body": body,
        },
        eval=state_eval(
            "forum",
            [
                (
                    f"SELECT COUNT(*) FROM forums WHERE name = {sql_text(name)} AND "
                    f"{text_is('title', new_title)} AND "
                    f"{text_is('description', description)} AND created_by = {uid}",
                    1,
                ),
                (
                    "SELECT COUNT(*) FROM submissions s JOIN forums f ON f.id = s.forum_id "
                    f"WHERE f.name = {sql_text(name)} AND s.user_id = {uid} AND "
                    f"s.kind = 'text' AND {text_is('s.title', title)} AND "
                    f"{text_is('s.body', body)}",
                    1,
                ),
                (f"SELECT COUNT(*) FROM submissions WHERE user_id = {uid}", len(mine) + 1),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_crosspost(ctx: Context, values: dict[str, Any]) -> str:
    """My newest submission in the source forum, picked in Python from its rows."""
    uid = user_id(ctx.data)
    rows = ctx.data.query(
        "forum",
        "SELECT s.id, s.title, s.created_at, s.user_id, s.deleted FROM submissions s "
        "JOIN forums f ON f.id = s.forum_id WHERE f.title = ?",
        (values["forum"],),
    )
    return max((r for r in rows if r[3] == uid and not r[4]), key=lambda r: (r[2], r[0]))[1]


FAMILIES = [
    Family(
        id="forum.create-forum-crosspost",
        sites=("forum",),
        skills=("form-fill",),
        intent_template='Create a forum with the URL name "{{name}}", the title "{{title}}" '
        'and the description "{{description}}". Then post a text submission in it with the '
        "same title as my most recent submission in the {{forum}} forum and the body "
        '"{{body}}"',
        build=_crosspost,
        confirm=_confirm_crosspost,
        length=(15, 17),
        kind="state",
    ),
]
