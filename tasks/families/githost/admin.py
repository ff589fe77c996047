"""Git-hosting families that administer a project, as WebArena asks of GitLab: change a
project's description, visibility and topic list (infeasible without the Maintainer role),
and close every open issue carrying a label."""

from __future__ import annotations

from typing import Any

from webenv.families import Context, Draft, Family
from webenv.families.steps import (
    button,
    click,
    infeasible,
    infeasible_eval,
    select,
    state_eval,
    stop,
    type_text,
)
from webenv.sites.githost.access import MAINTAINER, ROLES
from webenv.task_files.families.githost._common import (
    REPORTER,
    USER,
    my_projects,
    open_project,
    reachable,
)

_VISIBILITY_OPTION = {
    "private": "Private: only project members can see it",
    "internal": "Internal: any signed-in user can see it",
    "public": "Public: anyone can see it, without signing in",
}

# --- change a project's description, visibility and topics -----------------------------------


def _topics(ctx: Context, project_id: int) -> list[str]:
    return [
        name
        for (name,) in ctx.data.query(
            "githost", "SELECT name FROM topics WHERE project_id = ? ORDER BY name", (project_id,)
        )
    ]


def _update_settings(ctx: Context) -> Draft | None:
    feasible = ctx.rng.chance(0.75)
    pool = [
        p
        for p in my_projects(ctx.data)
        if not p.archived and (p.role >= MAINTAINER) == feasible and reachable(ctx.data, p)
    ]
    if not pool:
        return None
    project = ctx.rng.choice(pool)
    current = ctx.data.query(
        "githost", "SELECT description, visibility FROM projects WHERE id = ?", (project.id,)
    )[0]
    descriptions = [
        d
        for (d,) in ctx.data.query(
            "githost",
            "SELECT DISTINCT description FROM projects WHERE description <> '' ORDER BY 1",
        )
        if d != current[0]
    ]
    have = _topics(ctx, project.id)
    new_topics = [
        t
        for (t,) in ctx.data.query("githost", "SELECT DISTINCT name FROM topics ORDER BY name")
        if t not in have
    ]
    if not descriptions or not new_topics:
        return None
    description = ctx.rng.choice(descriptions)
    visibility = ctx.rng.choice([v for v in _VISIBILITY_OPTION if v != current[1]])
    topic = ctx.rng.choice(new_topics)
    # The new list keeps the project's topics, drops one of them now and then, and adds
    # one; the intent quotes it whole, as the Topics field takes it.
    kept = [t for t in have if not (len(have) > 1 and t == have[-1] and ctx.rng.chance(0.5))]
    topics = sorted({*kept, topic})
    values = {
        "project": project.full_name,
        "description": description,
        "visibility": visibility,
        "topics": ", ".join(topics),
    }
    if not feasible:
        role = ROLES[project.role]
        return Draft(
            values=values,
            eval=infeasible_eval(),
            answer="N/A",
            solution=[
                *open_project(project),
                click("Members"),
                infeasible(
                    f"I am a {role} in this project; changing its settings needs the "
                    "Maintainer role."
                ),
            ],
        )
    steps = [
        *open_project(project),
        click("Settings"),
        type_text("Project description", description),
        select("Project visibility", _VISIBILITY_OPTION[visibility]),
        type_text("Topics (comma-separated)", ", ".join(topics)),
        button("Save changes"),
    ]
    return Draft(
        values=values,
        eval=state_eval(
            "githost",
            [
                (
                    "SELECT description || '|' || visibility FROM projects "
                    f"WHERE id = {project.id}",
                    f"{description}|{visibility}",
                ),
                (
                    "SELECT group_concat(name, ',') FROM (SELECT name FROM topics WHERE "
                    f"project_id = {project.id} ORDER BY name)",
                    ",".join(topics),
                ),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_update_settings(ctx: Context, values: dict[str, Any]) -> str | None:
    """Feasible exactly when my membership row grants Maintainer or more."""
    rows = ctx.data.query(
        "githost",
        "SELECT m.role, n.name, p.name FROM members m JOIN users u ON u.id = m.user_id "
        "JOIN projects p ON p.id = m.project_id JOIN namespaces n ON n.id = p.namespace_id "
        "WHERE u.username = ?",
        (USER,),
    )
    role = next(r for r, group, name in rows if f"{group} / {name}" == values["project"])
    return None if role >= MAINTAINER else "N/A"


# --- close every open issue with a label ------------------------------------------------------


def _close_all_labelled(ctx: Context) -> Draft | None:
    pool = [
        p
        for p in my_projects(ctx.data)
        if p.role >= REPORTER and not p.archived and reachable(ctx.data, p)
    ]
    if not pool:
        return None
    project = ctx.rng.choice(pool)
    choices = []
    for label_id, label in ctx.data.query(
        "githost", "SELECT id, name FROM labels WHERE project_id = ? ORDER BY name", (project.id,)
    ):
        issues = ctx.data.query(
            "githost",
            "SELECT i.id, i.title FROM issues i JOIN issue_labels x ON x.issue_id = i.id "
            "WHERE x.label_id = ? AND i.state = 'opened' ORDER BY i.created_at DESC, i.iid DESC",
            (label_id,),
        )
        titles = [t for _, t in issues]
        if 2 <= len(issues) <= 4 and len(set(titles)) == len(titles):
            choices.append((label_id, label, issues))
    if not choices:
        return None
    label_id, label, issues = ctx.rng.choice(choices)
    closed = ctx.data.value(
        "githost",
        "SELECT COUNT(*) FROM issues WHERE project_id = ? AND state = 'closed'",
        (project.id,),
    )
    filtered = [click("Issues"), select("Label", label), button("Apply")]
    steps = [*open_project(project), *filtered]
    for index, (_, title) in enumerate(issues):
        if index:
            steps += filtered
        steps += [click(title), button("Close issue")]
    return Draft(
        values={"project": project.full_name, "label": label},
        answer=len(issues),
        eval=state_eval(
            "githost",
            [
                (
                    "SELECT COUNT(*) FROM issues i JOIN issue_labels x ON x.issue_id = i.id "
                    f"WHERE x.label_id = {label_id} AND i.state = 'opened'",
                    0,
                ),
                (
                    f"SELECT COUNT(*) FROM issues WHERE project_id = {project.id} "
                    "AND state = 'closed'",
                    closed + len(issues),
                ),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_close_all(ctx: Context, values: dict[str, Any]) -> int:
    """The open issues carrying the label, counted in Python over the label rows."""
    project = next(p for p in my_projects(ctx.data) if p.full_name == values["project"])
    names = dict(
        ctx.data.query("githost", "SELECT id, name FROM labels WHERE project_id = ?", (project.id,))
    )
    tagged = {
        issue
        for issue, label in ctx.data.query("githost", "SELECT issue_id, label_id FROM issue_labels")
        if names.get(label) == values["label"]
    }
    states = ctx.data.query(
        "githost", "SELECT id, state FROM issues WHERE project_id = ?", (project.id,)
    )
    return sum(state == "opened" and issue in tagged for issue, state in states)


FAMILIES = [
    Family(
        id="githost.update-project-settings",
        sites=("githost",),
        skills=("search", "form-fill"),
        intent_template='Change the description of the {{project}} project to "{{description}}", '
        'make it {{visibility}} and set its topics to "{{topics}}".',
        build=_update_settings,
        confirm=_confirm_update_settings,
        length=(5, 10),
        kind="mixed",
    ),
    Family(
        id="githost.close-all-labelled-issues",
        sites=("githost",),
        skills=("search", "filter"),
        intent_template="Close every open issue labelled {{label}} in the {{project}} project.",
        build=_close_all_labelled,
        confirm=_confirm_close_all,
        split="test",
        length=(14, 24),
        kind="state",
    ),
]
