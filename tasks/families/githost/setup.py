"""Git-hosting families that set things up: create a project and configure it, plan a
milestone for labelled issues, change every member with one role to another, count
someone's open, merged, closed or all merge requests."""

from __future__ import annotations

from datetime import timedelta
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
    sql_text,
    state_eval,
    stop,
    text_is,
    type_text,
)
from webenv.sites.core.clock import WORLD_NOW
from webenv.sites.githost.access import DEVELOPER, GUEST, MAINTAINER, REPORTER, ROLES
from webenv.sites.githost.dashboard import slugify
from webenv.task_files.families.githost._common import (
    PER_PAGE,
    USER,
    Project,
    my_projects,
    open_project,
    reachable,
    user_id,
)

_NAME_FIRST = ("Orbit", "Cedar", "Harbor", "Quill", "Prism", "Falcon", "Juniper", "Basalt")
_NAME_SECOND = ("Tools", "Relay", "Ledger", "Beacon", "Forge", "Atlas", "Sync", "Notes")
_NEW_LABELS = ("needs-triage", "blocked", "good first issue", "regression", "ux", "performance")
_COLOURS = ("#d9534f", "#5cb85c", "#f0ad4e", "#5843ad", "#428bca", "#8e44ad")
_VISIBILITY = {"private": "Private", "internal": "Internal", "public": "Public"}
_VISIBILITY_RADIO = {
    "private": "Private: only project members can see it",
    "internal": "Internal: any signed-in user can see it",
    "public": "Public: anyone can see it, without signing in",
}
_MILESTONES = ("Sprint 14", "Hardening", "Beta launch", "Release 3.0", "Polish pass")


def _writable(ctx: Context, min_role: int) -> list[Project]:
    """The user's unarchived projects with at least ``min_role`` that the dashboard reaches."""
    return [
        p
        for p in my_projects(ctx.data)
        if p.role >= min_role and not p.archived and reachable(ctx.data, p)
    ]


# --- create a project, invite a member, add a label --------------------------------------


def _create_project(ctx: Context) -> Draft | None:
    uid = user_id(ctx.data)
    namespaces = ctx.data.query(
        "githost",
        "SELECT id, path, kind FROM namespaces WHERE owner_id = ? UNION ALL SELECT n.id, n.path, "
        "n.kind FROM namespaces n JOIN group_members m ON m.namespace_id = n.id "
        "WHERE m.user_id = ? AND m.role >= ? ORDER BY kind DESC, path",
        (uid, uid, MAINTAINER),
    )
    namespace_id, namespace_path, kind = ctx.rng.choice(namespaces)
    name = f"{ctx.rng.choice(_NAME_FIRST)} {ctx.rng.choice(_NAME_SECOND)}"
    path = slugify(name)
    taken = ctx.data.value(
        "githost",
        "SELECT COUNT(*) FROM projects WHERE namespace_id = ? AND (path = ? OR name = ?)",
        (namespace_id, path, name),
    )
    if taken:
        return None
    others = ctx.data.query(
        "githost", "SELECT username FROM users WHERE id <> ? ORDER BY username", (uid,)
    )
    (member,) = ctx.rng.choice(others)
    role = ctx.rng.choice([ROLES[r] for r in sorted(ROLES) if r < MAINTAINER + 1])
    visibility = ctx.rng.choice(list(_VISIBILITY))
    label = ctx.rng.choice(_NEW_LABELS)
    colour = ctx.rng.choice(_COLOURS)
    option = f"{namespace_path} (group)" if kind == "group" else namespace_path
    steps = [
        click("New project"),
        type_text("Project name", name),
        select("Project namespace", option),
        click(_VISIBILITY_RADIO[visibility], role="radio"),
        button("Create project"),
        click("Members"),
        type_text("Username", member),
        select("Role", role),
        button("Invite"),
        click("Labels"),
        click("New label"),
        type_text("Title", label),
        type_text("Background color", colour),
        button("Create label"),
    ]
    where = f"namespace_id = {namespace_id} AND {text_is('name', name)}"
    return Draft(
        values={
            "name": name,
            "namespace": namespace_path,
            "visibility": _VISIBILITY[visibility].lower(),
            "member": member,
            "role": role,
            "label": label,
            "colour": colour,
        },
        eval=state_eval(
            "githost",
            [
                (f"SELECT visibility FROM projects WHERE {where}", visibility),
                (
                    "SELECT m.role FROM members m JOIN users u ON u.id = m.user_id WHERE "
                    f"u.username = {sql_text(member)} AND m.project_id = "
                    f"(SELECT id FROM projects WHERE {where})",
                    next(r for r, n in ROLES.items() if n == role),
                ),
                (
                    "SELECT lower(color) FROM labels WHERE name = "
                    f"{sql_text(label)} AND project_id = (SELECT id FROM projects WHERE {where})",
                    colour,
                ),
                (
                    f"SELECT COUNT(*) FROM projects WHERE namespace_id = {namespace_id}",
                    1
                    + ctx.data.value(
                        "githost",
                        "SELECT COUNT(*) FROM projects WHERE namespace_id = ?",
                        (namespace_id,),
                    ),
                ),
            ],
        ),
        solution=[*steps, stop()],
    )


# --- create a milestone and put every open issue with a label in it ----------------------


def _milestone_for_label(ctx: Context) -> Draft | None:
    pool = _writable(ctx, REPORTER)
    if not pool:
        return None
    project = ctx.rng.choice(pool)
    milestone = ctx.rng.choice(_MILESTONES)
    if ctx.data.value(
        "githost",
        "SELECT COUNT(*) FROM milestones WHERE project_id = ? AND title = ?",
        (project.id, milestone),
    ):
        return None
    rows = ctx.data.query(
        "githost",
        "SELECT l.name, i.id, i.title FROM labels l JOIN issue_labels x ON x.label_id = l.id "
        "JOIN issues i ON i.id = x.issue_id WHERE l.project_id = ? AND i.state = 'opened' "
        "ORDER BY l.name, i.created_at DESC, i.iid DESC",
        (project.id,),
    )
    by_label: dict[str, list[tuple[int, str]]] = {}
    for name, issue_id, title in rows:
        by_label.setdefault(name, []).append((issue_id, title))
    titles = [
        t
        for (t,) in ctx.data.query(
            "githost", "SELECT title FROM issues WHERE project_id = ?", (project.id,)
        )
    ]
    choices = [
        name
        for name, issues in sorted(by_label.items())
        if 2 <= len(issues) <= 3 and all(titles.count(t) == 1 for _, t in issues)
    ]
    if not choices:
        return None
    label = ctx.rng.choice(choices)
    issues = by_label[label]
    due = (WORLD_NOW.date() + timedelta(days=ctx.rng.randint(14, 90))).isoformat()
    steps = [
        *open_project(project),
        click("Milestones"),
        click("New milestone"),
        type_text("Title", milestone),
        type_text("Due date", due),
        button("Create milestone"),
    ]
    for _, title in issues:
        steps += [
            click("Issues"),
            select("Label", label),
            button("Apply"),
            click(title),
            select("Milestone", milestone),
            button("Set milestone"),
        ]
    ids = ", ".join(str(i) for i, _ in issues)
    return Draft(
        answer=",".join(sorted(title for _, title in issues)),
        values={"project": project.full_name, "milestone": milestone, "due": due, "label": label},
        eval=state_eval(
            "githost",
            [
                (
                    "SELECT state || '|' || due_date FROM milestones WHERE project_id = "
                    f"{project.id} AND {text_is('title', milestone)}",
                    f"active|{due}",
                ),
                (
                    "SELECT COUNT(*) FROM issues i JOIN milestones m ON m.id = i.milestone_id "
                    f"WHERE i.id IN ({ids}) AND {text_is('m.title', milestone)} "
                    f"AND m.project_id = {project.id}",
                    len(issues),
                ),
                (
                    "SELECT COUNT(*) FROM issues i JOIN milestones m ON m.id = i.milestone_id "
                    f"WHERE m.project_id = {project.id} AND {text_is('m.title', milestone)}",
                    len(issues),
                ),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_milestone_for_label(ctx: Context, values: dict[str, Any]) -> str:
    """The open issues carrying the label, joined in Python from the label, link and
    issue rows read separately."""
    project = next(p for p in my_projects(ctx.data) if p.full_name == values["project"])
    label_id = ctx.data.value(
        "githost",
        "SELECT id FROM labels WHERE project_id = ? AND name = ?",
        (project.id, values["label"]),
    )
    linked = {
        issue_id
        for issue_id, lid in ctx.data.query(
            "githost", "SELECT issue_id, label_id FROM issue_labels"
        )
        if lid == label_id
    }
    issues = ctx.data.query(
        "githost", "SELECT id, title, state FROM issues WHERE project_id = ?", (project.id,)
    )
    return ",".join(sorted(t for i, t, state in issues if i in linked and state == "opened"))


# --- promote every member of a role one step up -------------------------------------------


def _members_with(ctx: Context, project: Project, role: int) -> list[str]:
    """Usernames of the project's members with exactly ``role``, as the members page
    lists them (by username)."""
    rows = ctx.data.query(
        "githost",
        "SELECT u.username FROM members m JOIN users u ON u.id = m.user_id "
        "WHERE m.project_id = ? AND m.role = ? ORDER BY u.username",
        (project.id, role),
    )
    return [username for (username,) in rows]


def _promote(ctx: Context) -> Draft | None:
    feasible = ctx.rng.chance(0.7)
    role = ctx.rng.choice((GUEST, REPORTER, DEVELOPER))
    target = ctx.rng.choice([r for r in (GUEST, REPORTER, DEVELOPER, MAINTAINER) if r != role])
    pool = [
        p
        for p in my_projects(ctx.data)
        if reachable(ctx.data, p)
        and not p.archived
        and (p.role >= MAINTAINER) == feasible
        and 1 <= len(_members_with(ctx, p, role)) <= 3
    ]
    if not pool:
        return None
    project = ctx.rng.choice(pool)
    usernames = _members_with(ctx, project, role)
    values = {"project": project.full_name, "role": ROLES[role], "target": ROLES[target]}
    steps = [*open_project(project), click("Members")]
    if not feasible:
        reason = (
            f"I am only a {ROLES[project.role]} of {project.full_name} and cannot change roles."
        )
        return Draft(
            values=values,
            eval=infeasible_eval(),
            solution=[*steps, infeasible(reason)],
            answer="N/A",
        )
    for username in usernames:
        steps += [
            select(f"Role of {username}", ROLES[target]),
            button(f"Change role of {username}"),
        ]
    counts = dict(
        ctx.data.query(
            "githost",
            "SELECT role, COUNT(*) FROM members WHERE project_id = ? GROUP BY role",
            (project.id,),
        )
    )
    return Draft(
        answer=",".join(usernames),
        values=values,
        eval=state_eval(
            "githost",
            [
                (
                    f"SELECT COUNT(*) FROM members WHERE project_id = {project.id} "
                    f"AND role = {role}",
                    0,
                ),
                (
                    f"SELECT COUNT(*) FROM members WHERE project_id = {project.id} "
                    f"AND role = {target}",
                    counts.get(target, 0) + len(usernames),
                ),
                (
                    "SELECT group_concat(username) FROM (SELECT u.username FROM members m "
                    f"JOIN users u ON u.id = m.user_id WHERE m.project_id = {project.id} "
                    f"AND m.role = {target} ORDER BY u.username)",
                    ",".join(sorted(usernames + _members_with(ctx, project, target))),
                ),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_promote(ctx: Context, values: dict[str, Any]) -> str | None:
    """Recompute in Python from every member row: the user's own role decides
    feasibility, then the members holding the named role."""
    uid = user_id(ctx.data)
    project = next(p for p in my_projects(ctx.data) if p.full_name == values["project"])
    rows = ctx.data.query(
        "githost",
        "SELECT m.user_id, u.username, m.role FROM members m JOIN users u "
        "ON u.id = m.user_id WHERE m.project_id = ?",
        (project.id,),
    )
    mine = next(r[2] for r in rows if r[0] == uid)
    if mine < MAINTAINER:
        return "N/A"
    role = next(r for r, n in ROLES.items() if n == values["role"])
    return ",".join(sorted(r[1] for r in rows if r[2] == role))


# --- how many merge requests someone opened in a project ---------------------------------


# Which merge requests are counted: intent words -> (the states, the list tab that shows
# them: its label before the count, None for the default Open tab).
_MR_SETS = {
    "merge requests, in any state,": (("opened", "merged", "closed"), "All"),
    "open merge requests": (("opened",), None),
    "merged merge requests": (("merged",), "Merged"),
    "closed (not merged) merge requests": (("closed",), "Closed"),
}


def _author_mrs(ctx: Context) -> Draft | None:
    pool = [p for p in my_projects(ctx.data) if reachable(ctx.data, p)]
    if not pool:
        return None
    project = ctx.rng.choice(pool)
    which = ctx.rng.choice(list(_MR_SETS))
    states, tab = _MR_SETS[which]
    marks = ", ".join("?" * len(states))
    rows = ctx.data.query(
        "githost",
        "SELECT u.username, u.name, COUNT(*) FROM merge_requests m JOIN users u ON "
        f"u.id = m.author_id WHERE m.project_id = ? AND m.state IN ({marks}) "
        "GROUP BY u.id ORDER BY u.username",
        (project.id, *states),
    )
    least = 2 if len(states) > 1 else 1
    rows = [r for r in rows if r[2] >= least and r[0] != USER]
    if not rows:
        return None
    username, _, count = ctx.rng.choice(rows)
    listed = ctx.data.value(
        "githost",
        f"SELECT COUNT(*) FROM merge_requests WHERE project_id = ? AND state IN ({marks})",
        (project.id, *states),
    )
    if count > PER_PAGE:
        return None
    answer = str(count)
    steps = [
        *open_project(project),
        click("Merge requests"),
        *([click(f"{tab} {listed}")] if tab else []),
        type_text("Author", username),
        button("Apply"),
    ]
    return Draft(
        values={"which": which, "project": project.full_name, "username": username},
        eval=answer_eval(answer, "number"),
        solution=[*steps, stop(answer)],
        answer=answer,
    )


def _confirm_author_mrs(ctx: Context, values: dict[str, Any]) -> str:
    """Count the author's "opened" merge-request events in the activity log whose merge
    request is now in a counted state."""
    states, _ = _MR_SETS[values["which"]]
    state_of = dict(ctx.data.query("githost", "SELECT id, state FROM merge_requests"))
    targets = ctx.data.query(
        "githost",
        "SELECT e.target_id FROM events e JOIN projects p ON p.id = e.project_id JOIN "
        "namespaces n ON n.id = p.namespace_id JOIN users u ON u.id = e.author_id "
        "WHERE e.action = 'opened' AND e.target_type = 'merge_request' AND "
        "n.name || ' / ' || p.name = ? AND u.username = ?",
        (values["project"], values["username"]),
    )
    return str(sum(state_of.get(target) in states for (target,) in targets))


FAMILIES = [
    Family(
        id="githost.create-project-configure",
        sites=("githost",),
        skills=("form-fill",),
        intent_template="Create a project called {{name}} in the {{namespace}} namespace "
        "with {{visibility}} visibility, invite {{member}} to it as {{role}}, and add a label "
        "{{label}} with colour {{colour}}.",
        build=_create_project,
        confirm=None,
        length=(14, 16),
        kind="state",
    ),
    Family(
        id="githost.milestone-for-label",
        sites=("githost",),
        skills=("filter", "form-fill"),
        intent_template="In {{project}}, create a milestone {{milestone}} due {{due}} and add "
        "every open issue labelled {{label}} to it.",
        build=_milestone_for_label,
        confirm=_confirm_milestone_for_label,
        split="test",
        length=(17, 30),
        kind="state",
    ),
    Family(
        id="githost.promote-role-members",
        sites=("githost",),
        skills=("filter", "form-fill"),
        intent_template="In {{project}}, change every {{role}} to {{target}}.",
        build=_promote,
        confirm=_confirm_promote,
        length=(4, 11),
        kind="mixed",
    ),
    Family(
        id="githost.count-author-mrs",
        sites=("githost",),
        skills=("filter", "aggregate"),
        intent_template="How many {{which}} has @{{username}} opened in {{project}}?",
        build=_author_mrs,
        confirm=_confirm_author_mrs,
        length=(6, 8),
        kind="info",
    ),
]


# --- create a label, then put it on the newest open issues --------------------------------


def _label_newest(ctx: Context) -> Draft | None:
    label = ctx.rng.choice(_NEW_LABELS)
    colour = ctx.rng.choice(_COLOURS)
    n = ctx.rng.randint(2, 3)
    pool = _writable(ctx, REPORTER)
    for project in ctx.rng.sample(pool, len(pool)):  # the first project that fits
        built = _label_newest_in(ctx, project, label, colour, n)
        if built is not None:
            return built
    return None


def _label_newest_in(
    ctx: Context, project: Project, label: str, colour: str, n: int
) -> Draft | None:
    if ctx.data.value(
        "githost",
        "SELECT COUNT(*) FROM labels WHERE project_id = ? AND lower(name) = lower(?)",
        (project.id, label),
    ):
        return None
    rows = ctx.data.query(
        "githost",
        "SELECT id, title, created_at FROM issues WHERE project_id = ? AND state = 'opened' "
        "ORDER BY created_at DESC, iid DESC",
        (project.id,),
    )
    if len(rows) <= n or rows[n - 1][2] == rows[n][2]:
        return None  # too few open issues, or a tie at the cut
    chosen = rows[:n]
    titles = [
        t
        for (t,) in ctx.data.query(
            "githost", "SELECT title FROM issues WHERE project_id = ?", (project.id,)
        )
    ]
    if any(titles.count(title) > 1 for _, title, _ in chosen):
        return None
    steps = [
        *open_project(project),
        click("Labels"),
        click("New label"),
        type_text("Title", label),
        type_text("Background color", colour),
        button("Create label"),
    ]
    for _, title, _ in chosen:
        steps += [click("Issues"), click(title), check(label), button("Update labels")]
    ids = ", ".join(str(i) for i, _, _ in chosen)
    where = f"project_id = {project.id} AND name = {sql_text(label)}"
    return Draft(
        answer=",".join(sorted(title for _, title, _ in chosen)),
        values={
            "project": project.full_name,
            "label": label,
            "colour": colour,
            "count": ("two", "three")[n - 2],
        },
        eval=state_eval(
            "githost",
            [
                (f"SELECT lower(color) FROM labels WHERE {where}", colour),
                (
                    "SELECT COUNT(*) FROM issue_labels x JOIN issues i ON i.id = x.issue_id "
                    f"WHERE x.label_id = (SELECT id FROM labels WHERE {where})",
                    n,
                ),
                (
                    "SELECT COUNT(*) FROM issue_labels WHERE issue_id IN "
                    f"({ids}) AND label_id = (SELECT id FROM labels WHERE {where})",
                    n,
                ),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_label_newest(ctx: Context, values: dict[str, Any]) -> str:
    """The newest open issues, sorted in Python from the project's issue rows."""
    project = next(p for p in my_projects(ctx.data) if p.full_name == values["project"])
    rows = ctx.data.query(
        "githost",
        "SELECT title, created_at, iid, state FROM issues WHERE project_id = ?",
        (project.id,),
    )
    newest = sorted((r for r in rows if r[3] == "opened"), key=lambda r: (r[1], r[2]), reverse=True)
    return ",".join(sorted(r[0] for r in newest[: ("two", "three").index(values["count"]) + 2]))


FAMILIES.append(
    Family(
        id="githost.label-newest-issues",
        sites=("githost",),
        skills=("sort", "form-fill"),
        intent_template="In {{project}}, create a label {{label}} with colour {{colour}} and "
        "add it to the {{count}} newest open issues.",
        build=_label_newest,
        confirm=_confirm_label_newest,
        length=(17, 21),
        kind="state",
    )
)
