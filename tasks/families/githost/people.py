"""Git-hosting families over merge-request reviewers: count the open merge requests of a
project that await my review (the list's Reviewer filter), and ask a member to review one
(the sidebar's Reviewer)."""

from __future__ import annotations

from typing import Any

from webenv.families import Context, Draft, Family
from webenv.families.steps import (
    answer_eval,
    button,
    click,
    select,
    state_eval,
    stop,
    type_text,
)
from webenv.task_files.families.githost._common import (
    PER_PAGE,
    REPORTER,
    USER,
    Project,
    my_projects,
    open_project,
    project_named,
    reachable,
    user_id,
)


def _open_mrs(ctx: Context, project: Project) -> list[tuple[int, int, str]]:
    """(id, iid, title) of the project's open merge requests, newest first as listed."""
    return ctx.data.query(
        "githost",
        "SELECT id, iid, title FROM merge_requests WHERE project_id = ? AND state = 'opened'"
        " ORDER BY created_at DESC, iid DESC",
        (project.id,),
    )


def _reviewers(ctx: Context, mr_id: int) -> set[int]:
    return {
        row[0]
        for row in ctx.data.query(
            "githost", "SELECT user_id FROM mr_reviewers WHERE mr_id = ?", (mr_id,)
        )
    }


# --- how many open merge requests await my review -------------------------------------------


def _my_review_count(ctx: Context) -> Draft | None:
    uid = user_id(ctx.data)
    pool = []
    for project in my_projects(ctx.data):
        if not reachable(ctx.data, project):
            continue
        count = sum(uid in _reviewers(ctx, mr_id) for mr_id, _, _ in _open_mrs(ctx, project))
        if count:
            pool.append((project, count))
    if not pool:
        return None
    project, count = ctx.rng.choice(pool)
    answer = str(count)
    steps = [
        *open_project(project),
        click("Merge requests"),
        type_text("Reviewer", USER, enter=True),
    ]
    return Draft(
        values={"project": project.full_name},
        eval=answer_eval(answer, "number"),
        solution=[*steps, stop(answer)],
        answer=answer,
    )


def _confirm_my_review_count(ctx: Context, values: dict[str, Any]) -> str:
    """Count in Python over every merge request and reviewer row of the project."""
    project = project_named(ctx.data, values["project"])
    uid = user_id(ctx.data)
    reviewed = {
        mr_id
        for mr_id, user in ctx.data.query("githost", "SELECT mr_id, user_id FROM mr_reviewers", ())
        if user == uid
    }
    return str(
        sum(
            state == "opened" and mr_id in reviewed
            for mr_id, state in ctx.data.query(
                "githost",
                "SELECT id, state FROM merge_requests WHERE project_id = ?",
                (project.id,),
            )
        )
    )


# --- ask a member to review a merge request ------------------------------------------------


def _request_review(ctx: Context) -> Draft | None:
    pool = [
        p
        for p in my_projects(ctx.data)
        if p.role >= REPORTER and not p.archived and reachable(ctx.data, p)
    ]
    if not pool:
        return None
    project = ctx.rng.choice(pool)
    mrs = _open_mrs(ctx, project)
    titles = [title for _, _, title in mrs]
    if not mrs or len(mrs) > PER_PAGE or len(set(titles)) != len(titles):
        return None  # nothing to review, more than a page, or ambiguous titles
    mr_id, iid, title = ctx.rng.choice(mrs)
    uid = user_id(ctx.data)
    taken = _reviewers(ctx, mr_id)
    members = [
        (member_id, username, name)
        for member_id, username, name in ctx.data.query(
            "githost",
            "SELECT u.id, u.username, u.name FROM members m JOIN users u ON u.id = m.user_id"
            " WHERE m.project_id = ? ORDER BY u.username",
            (project.id,),
        )
        if member_id != uid and member_id not in taken
    ]
    if not members:
        return None
    member_id, username, name = ctx.rng.choice(members)
    steps = [
        *open_project(project),
        click("Merge requests"),
        click(title),
        select("Reviewer", f"{username} ({name})"),
        button("Request review"),
    ]
    return Draft(
        values={"project": project.full_name, "title": title, "user": username},
        answer=f"!{iid}",
        eval=state_eval(
            "githost",
            [
                (
                    f"SELECT COUNT(*) FROM mr_reviewers WHERE mr_id = {mr_id} AND"
                    f" user_id = {member_id}",
                    1,
                ),
                (f"SELECT COUNT(*) FROM mr_reviewers WHERE mr_id = {mr_id}", len(taken) + 1),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_request_review(ctx: Context, values: dict[str, Any]) -> str:
    """The open merge request of that title, found among all the project's merge requests."""
    project = project_named(ctx.data, values["project"])
    hits = [
        f"!{iid}"
        for iid, title, state in ctx.data.query(
            "githost",
            "SELECT iid, title, state FROM merge_requests WHERE project_id = ?",
            (project.id,),
        )
        if title == values["title"] and state == "opened"
    ]
    return hits[0] if len(hits) == 1 else f"{len(hits)} merge requests"


FAMILIES = [
    Family(
        id="githost.my-review-requests",
        sites=("githost",),
        skills=("search", "filter", "aggregate"),
        intent_template="How many open merge requests in the {{project}} project am I a "
        "reviewer on?",
        build=_my_review_count,
        confirm=_confirm_my_review_count,
        length=(6, 8),
    ),
    Family(
        id="githost.request-review",
        sites=("githost",),
        skills=("search", "form-fill"),
        intent_template="In the {{project}} project, ask {{user}} to review the merge request "
        '"{{title}}".',
        build=_request_review,
        confirm=_confirm_request_review,
        split="test",
        length=(7, 9),
        kind="state",
    ),
]
