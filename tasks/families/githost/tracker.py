"""Git-hosting families over issues and merge requests: filter and count, act on the first
of a sorted list, create and configure, look up who merged."""

from __future__ import annotations

from typing import Any

from webenv.families import Context, Draft, Family
from webenv.families.steps import (
    answer_eval,
    button,
    check,
    click,
    infeasible,
    infeasible_eval,
    select,
    state_eval,
    stop,
    text_is,
    type_text,
)
from webenv.sites.githost.tracker import SORTS
from webenv.task_files.families.githost._common import (
    DEVELOPER,
    PER_PAGE,
    REPORTER,
    USER,
    Project,
    my_projects,
    open_project,
    reachable,
    user_id,
)


def _project(ctx: Context, min_role: int = 0) -> Project | None:
    """A random project of the user's that the dashboard filter reaches (with at least
    ``min_role``, and not archived when the task writes)."""
    pool = [
        p
        for p in my_projects(ctx.data)
        if p.role >= min_role and not (min_role and p.archived) and reachable(ctx.data, p)
    ]
    return ctx.rng.choice(pool) if pool else None


def _labels(ctx: Context, project: Project) -> list[tuple[int, str]]:
    return ctx.data.query(
        "githost", "SELECT id, name FROM labels WHERE project_id = ? ORDER BY name", (project.id,)
    )


# --- count open issues with a label and a milestone ------------------------------------


def _count_issues(ctx: Context) -> Draft | None:
    project = _project(ctx)
    if project is None:
        return None
    rows = ctx.data.query(
        "githost",
        "SELECT l.name, m.title, COUNT(*) FROM issues i JOIN issue_labels x ON "
        "x.issue_id = i.id JOIN labels l ON l.id = x.label_id JOIN milestones m ON "
        "m.id = i.milestone_id WHERE i.project_id = ? AND i.state = 'opened' "
        "GROUP BY l.name, m.title ORDER BY l.name, m.title",
        (project.id,),
    )
    if not rows:
        return None
    label, milestone, count = ctx.rng.choice(rows)
    steps = [
        *open_project(project),
        click("Issues"),
        select("Label", label),
        select("Milestone", milestone),
        button("Apply"),
    ]
    answer = str(count)
    return Draft(
        values={"project": project.full_name, "label": label, "milestone": milestone},
        eval=answer_eval(answer, "number"),
        solution=[*steps, stop(answer)],
        answer=answer,
    )


def _confirm_count(ctx: Context, values: dict[str, Any]) -> str:
    """Recount in Python from the label and milestone rows."""
    project = next(p for p in my_projects(ctx.data) if p.full_name == values["project"])
    issues = {
        row[0]: row[1:]
        for row in ctx.data.query(
            "githost",
            "SELECT id, state, milestone_id FROM issues WHERE project_id = ?",
            (project.id,),
        )
    }
    milestone = ctx.data.value(
        "githost",
        "SELECT id FROM milestones WHERE project_id = ? AND title = ?",
        (project.id, values["milestone"]),
    )
    label = ctx.data.value(
        "githost",
        "SELECT id FROM labels WHERE project_id = ? AND name = ?",
        (project.id, values["label"]),
    )
    labelled = {
        row[0]
        for row in ctx.data.query(
            "githost", "SELECT issue_id FROM issue_labels WHERE label_id = ?", (label,)
        )
    }
    return str(
        sum(
            1
            for issue_id, (state, ms) in issues.items()
            if state == "opened" and ms == milestone and issue_id in labelled
        )
    )


# --- close the oldest open issue with a label ------------------------------------------


# The list sort that puts the wanted issue first, and the SQL direction of its creation time.
_WHICH_ISSUE = {"oldest": ("created_asc", "ASC"), "newest": ("created_desc", "DESC")}


def _close_oldest(ctx: Context) -> Draft | None:
    project = _project(ctx, DEVELOPER)
    if project is None:
        return None
    labels = _labels(ctx, project)
    if not labels:
        return None
    label_id, label = ctx.rng.choice(labels)
    which = ctx.rng.choice(list(_WHICH_ISSUE))
    order = _WHICH_ISSUE[which][1]
    rows = ctx.data.query(
        "githost",
        "SELECT i.id, i.title, i.created_at FROM issues i JOIN "
        "issue_labels x ON x.issue_id = i.id WHERE x.label_id = ? AND "
        f"i.state = 'opened' ORDER BY i.created_at {order}, i.iid {order}",
        (label_id,),
    )
    if len(rows) < 2 or rows[0][2] == rows[1][2] or [r[1] for r in rows].count(rows[0][1]) > 1:
        return None  # nothing to choose between, a tie for oldest, or an ambiguous title
    issue_id, title, _ = rows[0]
    closed = ctx.data.value(
        "githost",
        "SELECT COUNT(*) FROM issues WHERE project_id = ? AND state = 'closed'",
        (project.id,),
    )
    steps = [
        *open_project(project),
        click("Issues"),
        select("Label", label),
        select("Sort by", SORTS[_WHICH_ISSUE[which][0]][0]),
        button("Apply"),
        click(title),
        button("Close issue"),
    ]
    return Draft(
        answer=title,
        values={"which": which, "project": project.full_name, "label": label},
        eval=state_eval(
            "githost",
            [
                (f"SELECT state FROM issues WHERE id = {issue_id}", "closed"),
                (
                    f"SELECT COUNT(*) FROM issues WHERE project_id = {project.id} "
                    "AND state = 'closed'",
                    closed + 1,
                ),
            ],
        ),
        solution=[*steps, stop()],
    )


# --- create an issue with assignee, label and milestone ---------------------------------


def _create_issue(ctx: Context) -> Draft | None:
    project = _project(ctx, REPORTER)
    if project is None:
        return None
    labels = _labels(ctx, project)
    milestones = ctx.data.query(
        "githost",
        "SELECT title FROM milestones WHERE project_id = ? AND state = 'active' ORDER BY title",
        (project.id,),
    )
    members = ctx.data.query(
        "githost",
        "SELECT u.username, u.name FROM members m JOIN users u "
        "ON u.id = m.user_id WHERE m.project_id = ? ORDER BY u.username",
        (project.id,),
    )
    titles = ctx.data.query(
        "githost",
        "SELECT DISTINCT title FROM issues WHERE title NOT IN "
        "(SELECT title FROM issues WHERE project_id = ?) ORDER BY title",
        (project.id,),
    )
    if not (labels and milestones and members and titles):
        return None
    _, label = ctx.rng.choice(labels)
    (milestone,) = ctx.rng.choice(milestones)
    username, name = ctx.rng.choice(members)
    (title,) = ctx.rng.choice(titles)
    steps = [
        *open_project(project),
        click("Issues"),
        click("New issue"),
        type_text("Title", title),
        select("Assignee", f"{username} ({name})"),
        check(label),
        select("Milestone", milestone),
        button("Create issue"),
    ]
    summary = f"opened|{milestone}|{label}|{username}"
    return Draft(
        values={
            "project": project.full_name,
            "title": title,
            "label": label,
            "milestone": milestone,
            "assignee": name,
        },
        eval=state_eval(
            "githost",
            [
                (
                    "SELECT i.state || '|' || m.title || '|' || (SELECT group_concat(l.name) FROM "
                    "issue_labels x JOIN labels l ON l.id = x.label_id "
                    "WHERE x.issue_id = i.id) || '|' "
                    "|| (SELECT group_concat(u.username) FROM issue_assignees a JOIN users u ON "
                    "u.id = a.user_id WHERE a.issue_id = i.id) FROM issues i JOIN milestones m ON "
                    f"m.id = i.milestone_id WHERE i.project_id = {project.id} AND "
                    f"{text_is('i.title', title)}",
                    summary,
                )
            ],
        ),
        solution=[*steps, stop()],
    )


# --- who merged a merge request ---------------------------------------------------------


def _merged_by(ctx: Context) -> Draft | None:
    project = _project(ctx)
    if project is None:
        return None
    rows = ctx.data.query(
        "githost",
        "SELECT m.title, u.name FROM merge_requests m JOIN users u "
        "ON u.id = m.merged_by_id WHERE m.project_id = ? AND m.state = 'merged' "
        "ORDER BY m.iid",
        (project.id,),
    )
    if not rows:
        return None
    title, name = ctx.rng.choice(rows)
    same_title = ctx.data.value(
        "githost",
        "SELECT COUNT(*) FROM merge_requests WHERE project_id = ? AND title = ?",
        (project.id, title),
    )
    if same_title != 1 or len(rows) > 20:
        return None
    steps = [
        *open_project(project),
        click("Merge requests"),
        click(f"Merged {len(rows)}"),
        click(title),
    ]
    return Draft(
        values={"project": project.full_name, "title": title},
        eval=answer_eval(name, "string"),
        solution=[*steps, stop(name)],
        answer=name,
    )


def _confirm_merged_by(ctx: Context, values: dict[str, Any]) -> str:
    """Who merged it, from the "merged" event in the project's activity log."""
    rows = ctx.data.query(
        "githost",
        "SELECT u.name FROM events e JOIN projects p ON p.id = e.project_id "
        "JOIN namespaces n ON n.id = p.namespace_id JOIN users u ON u.id = e.author_id "
        "WHERE e.action = 'merged' AND e.target_type = 'merge_request' AND "
        "n.name || ' / ' || p.name = ? AND e.target_title = ?",
        (values["project"], values["title"]),
    )
    return rows[0][0] if len(rows) == 1 else f"{len(rows)} merge events"


# --- open the most discussed open issue --------------------------------------------------


_ISSUE_STATES = {"open": "opened", "closed": "closed"}
_ORDER = {"most": "DESC", "fewest": "ASC"}


def _discussed(
    ctx: Context, project: Project, state: str, extreme: str
) -> tuple[int, str, int] | None:
    """(iid, title, issues listed) of the project's issue in ``state`` with the ``most``
    or ``fewest`` comments, when the first page of that state's list shows them all and
    the pick is unique."""
    rows = ctx.data.query(
        "githost",
        "SELECT i.iid, i.title, (SELECT COUNT(*) FROM notes n WHERE n.target_type = "
        "'issue' AND n.target_id = i.id AND n.system = 0) AS comments FROM issues i WHERE "
        "i.project_id = ? AND i.state = ? ORDER BY comments " + _ORDER[extreme],
        (project.id, _ISSUE_STATES[state]),
    )
    if not 2 <= len(rows) <= PER_PAGE or rows[0][2] == rows[1][2]:
        return None  # too few, more than one page, or a tie for the pick
    if [r[1] for r in rows].count(rows[0][1]) > 1:
        return None
    return rows[0][0], rows[0][1], len(rows)


def _open_most_discussed(ctx: Context) -> Draft | None:
    state = ctx.rng.choice(list(_ISSUE_STATES))
    extreme = ctx.rng.choice(list(_ORDER))
    pool = [
        p
        for p in my_projects(ctx.data)
        if reachable(ctx.data, p) and _discussed(ctx, p, state, extreme) is not None
    ]
    if not pool:
        return None
    project = ctx.rng.choice(pool)
    pick = _discussed(ctx, project, state, extreme)
    assert pick is not None  # the pool holds only projects with a clear pick
    iid, title, listed = pick
    tab = [] if state == "open" else [click(f"Closed {listed}")]
    steps = [*open_project(project), click("Issues"), *tab, click(title)]
    return Draft(
        values={"state": state, "extreme": extreme, "project": project.full_name},
        eval={
            "eval_types": ["url_match"],
            "reference_url": f"__GIT__/{project.namespace_path}/{project.path}/-/issues/{iid}",
        },
        solution=[*steps, stop()],
        answer=iid,
    )


def _project_issues(ctx: Context, full_name: str) -> list[tuple[Any, ...]]:
    """(id, iid, title, state, created_at) of every issue of a project, by display name."""
    return ctx.data.query(
        "githost",
        "SELECT i.id, i.iid, i.title, i.state, i.created_at FROM "
        "issues i JOIN projects p ON p.id = i.project_id JOIN namespaces n ON "
        "n.id = p.namespace_id WHERE n.name || ' / ' || p.name = ?",
        (full_name,),
    )


def _confirm_close_oldest(ctx: Context, values: dict[str, Any]) -> str:
    """The oldest (newest) open issue carrying the label, found in Python over the label
    rows."""
    label_rows = ctx.data.query(
        "githost",
        "SELECT x.issue_id, l.name FROM issue_labels x JOIN labels l ON l.id = x.label_id",
    )
    labelled = {issue for issue, name in label_rows if name == values["label"]}
    open_issues = [
        r for r in _project_issues(ctx, values["project"]) if r[3] == "opened" and r[0] in labelled
    ]
    pick = min if values["which"] == "oldest" else max
    return pick(open_issues, key=lambda r: (r[4], r[1]))[2]


def _confirm_most_discussed(ctx: Context, values: dict[str, Any]) -> int:
    """The issue in the state with the most (fewest) non-system notes, counted in Python."""
    notes = ctx.data.query(
        "githost", "SELECT target_id FROM notes WHERE target_type = 'issue' AND system = 0"
    )
    counts: dict[int, int] = {}
    for (target,) in notes:
        counts[target] = counts.get(target, 0) + 1
    state = _ISSUE_STATES[values["state"]]
    issues = [r for r in _project_issues(ctx, values["project"]) if r[3] == state]
    pick = max if values["extreme"] == "most" else min
    return pick(issues, key=lambda r: counts.get(r[0], 0))[1]


# --- close a named issue (infeasible without the Reporter role) ------------------------


def _search_terms_match(ctx: Context, project: Project, title: str) -> int:
    """How many open issues the issue search lists for ``title`` (every word in the title
    or the description, case-insensitively)."""
    rows = ctx.data.query(
        "githost",
        "SELECT title, description FROM issues WHERE project_id = ? AND state = 'opened'",
        (project.id,),
    )
    words = [w.casefold() for w in title.split()[:10]]
    return sum(all(w in t.casefold() or w in d.casefold() for w in words) for t, d in rows)


def _close_named(ctx: Context) -> Draft | None:
    feasible = ctx.rng.chance(0.6)
    pool = [p for p in my_projects(ctx.data) if not p.archived and (p.role >= REPORTER) == feasible]
    if not pool:
        return None
    project = ctx.rng.choice(pool)
    uid = user_id(ctx.data)
    rows = ctx.data.query(
        "githost",
        "SELECT id, title, author_id FROM issues WHERE "
        "project_id = ? AND state = 'opened' ORDER BY iid",
        (project.id,),
    )
    rows = [r for r in rows if feasible or r[2] != uid]  # authors may close their own
    if not rows or not reachable(ctx.data, project):
        return None
    issue_id, title, _ = ctx.rng.choice(rows)
    if (
        sum(r[1] == title for r in rows) > 1
        or not 1 <= _search_terms_match(ctx, project, title) <= PER_PAGE
    ):
        return None
    steps = [
        *open_project(project),
        click("Issues"),
        type_text("Search", title, role="searchbox", enter=True),
        click(title),
    ]
    values = {"project": project.full_name, "title": title}
    if not feasible:
        reason = "I am only a Guest in this project, so I cannot close other people's issues."
        return Draft(
            values=values,
            eval=infeasible_eval(),
            answer="N/A",
            solution=[*steps, infeasible(reason)],
        )
    return Draft(
        values=values,
        solution=[*steps, button("Close issue"), stop()],
        eval=state_eval(
            "githost",
            [
                (f"SELECT state FROM issues WHERE id = {issue_id}", "closed"),
                (
                    f"SELECT COUNT(*) FROM issues WHERE project_id = {project.id} AND "
                    "state = 'closed'",
                    ctx.data.value(
                        "githost",
                        "SELECT COUNT(*) FROM issues WHERE project_id = ? AND state = 'closed'",
                        (project.id,),
                    )
                    + 1,
                ),
            ],
        ),
    )


def _confirm_close_named(ctx: Context, values: dict[str, Any]) -> str | None:
    """Feasible exactly when the user's membership row grants Reporter or more."""
    role = ctx.data.value(
        "githost",
        "SELECT m.role FROM members m JOIN users u ON "
        "u.id = m.user_id JOIN projects p ON p.id = m.project_id JOIN "
        "namespaces n ON n.id = p.namespace_id WHERE u.username = ? AND "
        "n.name || ' / ' || p.name = ?",
        (USER, values["project"]),
    )
    return None if role is not None and role >= REPORTER else "N/A"


FAMILIES = [
    Family(
        id="githost.count-issues-label-milestone",
        sites=("githost",),
        skills=("search", "filter", "aggregate"),
        intent_template="How many open issues in the {{project}} project are labelled "
        "{{label}} and scheduled for the {{milestone}} milestone?",
        build=_count_issues,
        confirm=_confirm_count,
        length=(8, 8),
    ),
    Family(
        id="githost.close-oldest-labelled-issue",
        sites=("githost",),
        skills=("search", "filter", "sort"),
        intent_template="Close the {{which}} open issue labelled {{label}} in the {{project}} "
        "project.",
        build=_close_oldest,
        confirm=_confirm_close_oldest,
        length=(10, 10),
        kind="state",
    ),
    Family(
        id="githost.create-configured-issue",
        sites=("githost",),
        skills=("search", "form-fill"),
        intent_template='In the {{project}} project, create an issue titled "{{title}}", '
        "labelled {{label}}, in the {{milestone}} milestone and assigned to "
        "{{assignee}}.",
        build=_create_issue,
        confirm=None,
        split="test",
        length=(11, 11),
        kind="state",
    ),
    Family(
        id="githost.who-merged",
        sites=("githost",),
        skills=("search", "filter"),
        intent_template='Who merged the merge request "{{title}}" in the {{project}} project?',
        build=_merged_by,
        confirm=_confirm_merged_by,
        length=(7, 7),
    ),
    Family(
        id="githost.open-most-discussed-issue",
        sites=("githost",),
        skills=("search", "compare"),
        intent_template="Open the {{state}} issue with the {{extreme}} comments in the {{project}} "
        "project.",
        build=_open_most_discussed,
        confirm=_confirm_most_discussed,
        length=(6, 7),
        kind="navigation",
    ),
    Family(
        id="githost.close-named-issue",
        sites=("githost",),
        skills=("search",),
        intent_template='Close the issue "{{title}}" in the {{project}} project.',
        build=_close_named,
        confirm=_confirm_close_named,
        length=(8, 9),
        kind="mixed",
    ),
]
