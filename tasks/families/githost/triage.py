"""Git-hosting triage families: hand someone's open issues over to a colleague, and find
the milestone with the most or fewest open, closed or total issues."""

from __future__ import annotations

from datetime import timedelta
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
from webenv.sites.core.clock import WORLD_NOW
from webenv.sites.githost.access import REPORTER
from webenv.sites.githost.tracker import SORTS
from webenv.task_files.families.githost._common import (
    USER,
    Project,
    my_projects,
    open_project,
    reachable,
    user_id,
)

# --- reassign every open issue of one member to another ------------------------------------


def _open_assigned(ctx: Context, project: Project) -> dict[str, list[tuple[int, int, str]]]:
    """username -> [(issue id, iid, title)] of the project's open issues assigned to them."""
    rows = ctx.data.query(
        "githost",
        "SELECT u.username, i.id, i.iid, i.title FROM issue_assignees a JOIN users u ON "
        "u.id = a.user_id JOIN issues i ON i.id = a.issue_id WHERE i.project_id = ? AND "
        "i.state = 'opened' ORDER BY i.created_at DESC, i.iid DESC",
        (project.id,),
    )
    found: dict[str, list[tuple[int, int, str]]] = {}
    for username, issue_id, iid, title in rows:
        found.setdefault(username, []).append((issue_id, iid, title))
    return found


def _reassign(ctx: Context) -> Draft | None:
    pool = [
        p
        for p in my_projects(ctx.data)
        if p.role >= REPORTER and not p.archived and reachable(ctx.data, p)
    ]
    if not pool:
        return None
    project = ctx.rng.choice(pool)
    assigned = _open_assigned(ctx, project)
    titles = [
        t
        for (t,) in ctx.data.query(
            "githost", "SELECT title FROM issues WHERE project_id = ?", (project.id,)
        )
    ]
    sources = [
        u
        for u, issues in sorted(assigned.items())
        if 1 <= len(issues) <= 3 and all(titles.count(t) == 1 for _, _, t in issues)
    ]
    if not sources:
        return None
    source = ctx.rng.choice(sources)
    issues = assigned[source]
    members = ctx.data.query(
        "githost",
        "SELECT u.id, u.username, u.name FROM members m JOIN users u ON u.id = m.user_id "
        "WHERE m.project_id = ? ORDER BY u.username",
        (project.id,),
    )
    ids = {i for i, _, _ in issues}
    targets = [
        m
        for m in members
        if m[1] != source and not any(i in ids for i, *_ in _issues_of(assigned, m[1]))
    ]
    if not targets:
        return None
    target_id, target, target_name = ctx.rng.choice(targets)
    source_id = ctx.data.value("githost", "SELECT id FROM users WHERE username = ?", (source,))
    steps = [*open_project(project)]
    for _, iid, title in issues:
        steps += [
            click("Issues"),
            type_text("Assignee", source),
            button("Apply"),
            click(title),
            select("Assignee", f"{target} ({target_name})"),
            button("Assign"),
            button(f"Unassign {source} from issue #{iid}"),
        ]
    listed = ", ".join(str(i) for i in sorted(ids))
    return Draft(
        answer=",".join(str(iid) for _, iid, _ in sorted(issues, key=lambda x: x[1])),
        values={"project": project.full_name, "source": source, "target": target},
        eval=state_eval(
            "githost",
            [
                (
                    f"SELECT COUNT(*) FROM issue_assignees WHERE user_id = {source_id} AND "
                    f"issue_id IN ({listed})",
                    0,
                ),
                (
                    f"SELECT COUNT(*) FROM issue_assignees WHERE user_id = {target_id} AND "
                    f"issue_id IN ({listed})",
                    len(ids),
                ),
                (
                    "SELECT COUNT(*) FROM issue_assignees a JOIN issues i ON i.id = a.issue_id "
                    f"WHERE i.project_id = {project.id} AND a.user_id = {source_id}",
                    ctx.data.value(
                        "githost",
                        "SELECT COUNT(*) FROM issue_assignees a JOIN issues i ON "
                        "i.id = a.issue_id WHERE i.project_id = ? AND a.user_id = ?",
                        (project.id, source_id),
                    )
                    - len(ids),
                ),
            ],
        ),
        solution=[*steps, stop()],
    )


def _issues_of(
    assigned: dict[str, list[tuple[int, int, str]]], username: str
) -> list[tuple[int, int, str]]:
    return assigned.get(username, [])


def _confirm_reassign(ctx: Context, values: dict[str, Any]) -> str:
    """The iids of the source's open issues: every assignment row of theirs in the
    project, filtered and sorted in Python."""
    project = next(p for p in my_projects(ctx.data) if p.full_name == values["project"])
    rows = ctx.data.query(
        "githost",
        "SELECT i.iid, i.state FROM issues i JOIN issue_assignees a ON a.issue_id = i.id "
        "JOIN users u ON u.id = a.user_id WHERE i.project_id = ? AND u.username = ?",
        (project.id, values["source"]),
    )
    return ",".join(str(iid) for iid, state in sorted(rows) if state == "opened")


# --- which milestone has the most open issues ---------------------------------------------


# Which milestones: the intent's words, the milestone state they cover (None: all) and the
# tab of the Milestones page that lists them (None: the default Open tab).
_MILESTONE_SETS = {
    "open milestones": ("active", None),
    "closed milestones": ("closed", "Closed"),
    "milestones, open or closed,": (None, "All"),
}
# What is counted: the intent's words -> the issue states counted.
_ISSUE_COUNTS = {
    "open issues": ("opened",),
    "closed issues": ("closed",),
    "issues in total": ("opened", "closed"),
}
_EXTREME = {"most": max, "fewest": min}


def _busiest_milestone(ctx: Context) -> Draft | None:
    pool = [p for p in my_projects(ctx.data) if reachable(ctx.data, p)]
    if not pool:
        return None
    project = ctx.rng.choice(pool)
    which = ctx.rng.choice(list(_MILESTONE_SETS))
    counted = ctx.rng.choice(list(_ISSUE_COUNTS))
    extreme = ctx.rng.choice(list(_EXTREME))
    state, tab = _MILESTONE_SETS[which]
    states = _ISSUE_COUNTS[counted]
    rows = ctx.data.query(
        "githost",
        "SELECT m.title, (SELECT COUNT(*) FROM issues i WHERE i.milestone_id = m.id AND "
        f"i.state IN ({', '.join('?' * len(states))})) AS n FROM milestones m "
        "WHERE m.project_id = ? AND m.state = coalesce(?, m.state) ORDER BY n "
        + ("DESC" if extreme == "most" else "ASC"),
        (*states, project.id, state),
    )
    if len(rows) < 2 or rows[0][1] == rows[1][1] or (extreme == "most" and rows[0][1] == 0):
        return None  # nothing to compare, a tie, or no issues at all
    answer = rows[0][0]
    steps = [*open_project(project), click("Milestones")]
    if tab is not None:
        steps.append(click(tab))
    return Draft(
        values={
            "which": which,
            "project": project.full_name,
            "extreme": extreme,
            "counted": counted,
        },
        eval=answer_eval(answer, "string"),
        solution=[*steps, stop(answer)],
        answer=answer,
    )


def _confirm_busiest(ctx: Context, values: dict[str, Any]) -> str:
    """Count issues per milestone in Python from the issue rows."""
    project = next(p for p in my_projects(ctx.data) if p.full_name == values["project"])
    state, _ = _MILESTONE_SETS[values["which"]]
    milestones = {
        mid: title
        for mid, title, milestone_state in ctx.data.query(
            "githost",
            "SELECT id, title, state FROM milestones WHERE project_id = ?",
            (project.id,),
        )
        if state is None or milestone_state == state
    }
    counts = dict.fromkeys(milestones, 0)
    for milestone_id, issue_state in ctx.data.query(
        "githost", "SELECT milestone_id, state FROM issues WHERE project_id = ?", (project.id,)
    ):
        if milestone_id in counts and issue_state in _ISSUE_COUNTS[values["counted"]]:
            counts[milestone_id] += 1
    return milestones[_EXTREME[values["extreme"]](counts, key=counts.__getitem__)]


FAMILIES = [
    Family(
        id="githost.reassign-open-issues",
        sites=("githost",),
        skills=("filter", "form-fill"),
        intent_template="In {{project}}, hand every open issue assigned to {{source}} over to "
        "{{target}}: assign them to {{target}} and unassign {{source}}.",
        build=_reassign,
        confirm=_confirm_reassign,
        length=(11, 25),
        kind="state",
    ),
    Family(
        id="githost.busiest-milestone",
        sites=("githost",),
        skills=("compare", "aggregate"),
        intent_template="Of the {{which}} in {{project}}, which one has the {{extreme}} "
        "{{counted}}?",
        build=_busiest_milestone,
        confirm=_confirm_busiest,
        length=(5, 6),
        kind="info",
    ),
]


# --- set a due date on my oldest open issue in a project ----------------------------------


def _my_oldest_open(ctx: Context, project: Project) -> tuple[int, str, str | None] | None:
    """(issue id, title, due date) of my oldest open issue in the project, when it is
    clearly the oldest of at least two and its title is unique there."""
    rows = ctx.data.query(
        "githost",
        "SELECT i.id, i.title, i.created_at, i.due_date FROM issues i JOIN issue_assignees a "
        "ON a.issue_id = i.id WHERE a.user_id = ? AND i.project_id = ? AND "
        "i.state = 'opened' ORDER BY i.created_at, i.iid",
        (user_id(ctx.data), project.id),
    )
    if len(rows) < 2 or rows[0][2] == rows[1][2]:
        return None  # nothing to choose between, or a tie for the oldest
    same = ctx.data.value(
        "githost",
        "SELECT COUNT(*) FROM issues WHERE project_id = ? AND title = ?",
        (project.id, rows[0][1]),
    )
    return (rows[0][0], rows[0][1], rows[0][3]) if same == 1 else None


def _due_my_oldest(ctx: Context) -> Draft | None:
    pool = [
        p
        for p in my_projects(ctx.data)
        if p.role >= REPORTER
        and not p.archived
        and reachable(ctx.data, p)
        and _my_oldest_open(ctx, p) is not None
    ]
    if not pool:
        return None
    project = ctx.rng.choice(pool)
    oldest = _my_oldest_open(ctx, project)
    assert oldest is not None  # the pool holds only projects with a clear oldest issue
    issue_id, title, due = oldest
    date = (WORLD_NOW.date() + timedelta(days=ctx.rng.randint(3, 60))).isoformat()
    if date == due:
        return None
    steps = [
        *open_project(project),
        click("Issues"),
        type_text("Assignee", USER),
        select("Sort by", SORTS["created_asc"][0]),
        button("Apply"),
        click(title),
        type_text("Due date", date),
        button("Set due date"),
    ]
    return Draft(
        answer=title,
        values={"project": project.full_name, "date": date},
        eval=state_eval(
            "githost",
            [
                (f"SELECT due_date FROM issues WHERE id = {issue_id}", date),
                (
                    f"SELECT COUNT(*) FROM issues WHERE project_id = {project.id} "
                    f"AND due_date = '{date}'",
                    1
                    + ctx.data.value(
                        "githost",
                        "SELECT COUNT(*) FROM issues WHERE project_id = ? AND due_date = ?",
                        (project.id, date),
                    ),
                ),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_due_my_oldest(ctx: Context, values: dict[str, Any]) -> str:
    """My oldest open issue there, picked in Python from the project's issue rows and my
    assignment rows read separately."""
    uid = user_id(ctx.data)
    project = next(p for p in my_projects(ctx.data) if p.full_name == values["project"])
    mine = {
        issue_id
        for (issue_id,) in ctx.data.query(
            "githost", "SELECT issue_id FROM issue_assignees WHERE user_id = ?", (uid,)
        )
    }
    issues = ctx.data.query(
        "githost",
        "SELECT id, title, created_at, iid, state FROM issues WHERE project_id = ?",
        (project.id,),
    )
    open_mine = [i for i in issues if i[0] in mine and i[4] == "opened"]
    return min(open_mine, key=lambda i: (i[2], i[3]))[1]


FAMILIES.append(
    Family(
        id="githost.due-date-my-oldest-issue",
        sites=("githost",),
        skills=("filter", "sort", "form-fill"),
        intent_template="In {{project}}, set the due date of the oldest open issue assigned "
        "to me to {{date}}.",
        build=_due_my_oldest,
        confirm=_confirm_due_my_oldest,
        length=(11, 11),
        kind="state",
    )
)
