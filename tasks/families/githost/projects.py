"""Git-hosting families over projects and groups: rank a group's projects by stars and
star the ones at a rank (the most starred, the third, the least, the top two or three)."""

from __future__ import annotations

from typing import Any

from webenv.families import Context, Draft, Family
from webenv.families.steps import button, click, state_eval, stop
from webenv.task_files.families.githost._common import user_id

# What to star, as (intent words, first rank, how many, from the top or the bottom).
_WHICH = (
    ("most starred project", 0, 1, True),
    ("second most starred project", 1, 1, True),
    ("third most starred project", 2, 1, True),
    ("least starred project", 0, 1, False),
    ("two most starred projects", 0, 2, True),
    ("three most starred projects", 0, 3, True),
)


def _ranked(listed: list[tuple[Any, ...]], first: int, count: int, top: bool) -> list[int] | None:
    """Indexes into ``listed`` (most stars first) of the wanted projects, or None when a
    tie at the edge of the wanted ranks makes the choice ambiguous."""
    order = list(range(len(listed))) if top else list(range(len(listed) - 1, -1, -1))
    wanted = order[first : first + count]
    if len(wanted) < count or len(listed) < first + count + 1:
        return None  # too few projects to have the rank and one past it
    stars = [listed[i][2] for i in order]
    if first and stars[first - 1] == stars[first]:
        return None
    if stars[first + count - 1] == stars[first + count]:
        return None
    return wanted


def _star_top_project(ctx: Context) -> Draft | None:
    """The group's projects at some rank by stars (as the group page lists them to the
    task user), starred."""
    uid = user_id(ctx.data)
    groups = ctx.data.query(
        "githost", "SELECT id, name FROM namespaces WHERE kind = 'group' ORDER BY id"
    )
    if not groups:
        return None
    group_id, group = ctx.rng.choice(groups)
    which, first, count, top = ctx.rng.choice(_WHICH)
    listed = ctx.data.query(
        "githost",
        "SELECT p.id, n.name || ' / ' || p.name, p.star_count FROM projects p JOIN "
        "namespaces n ON n.id = p.namespace_id WHERE p.namespace_id = ? AND (p.visibility IN "
        "('public', 'internal') OR p.id IN (SELECT project_id FROM members WHERE user_id = ?)) "
        "ORDER BY p.star_count DESC",
        (group_id, uid),
    )
    wanted = _ranked(listed, first, count, top)
    if wanted is None:
        return None
    starred = {
        project_id
        for (project_id,) in ctx.data.query(
            "githost", "SELECT project_id FROM stars WHERE user_id = ?", (uid,)
        )
    }
    targets = [listed[i] for i in wanted]
    if any(project_id in starred for project_id, _, _ in targets):
        return None  # already starred: the button would unstar it
    steps = [click("Groups"), click(group)]
    for index, (_, full_name, _) in enumerate(targets):
        if index:
            steps.append(click(group))  # the project page's breadcrumb back to the group
        steps += [click(full_name), button("Star")]
    checks = [
        (f"SELECT COUNT(*) FROM stars WHERE user_id = {uid} AND project_id = {project_id}", 1)
        for project_id, _, _ in targets
    ]
    checks.append((f"SELECT COUNT(*) FROM stars WHERE user_id = {uid}", len(starred) + count))
    return Draft(
        answer=sorted(full_name for _, full_name, _ in targets),
        values={"which": which, "group": group},
        eval=state_eval("githost", checks),
        solution=[*steps, stop()],
    )


def _confirm_star_top(ctx: Context, values: dict[str, Any]) -> list[str]:
    """The group's visible projects at the rank, ranked by star rows (not the stored
    count) in Python."""
    uid = user_id(ctx.data)
    stars = dict(
        ctx.data.query("githost", "SELECT project_id, COUNT(*) FROM stars GROUP BY project_id")
    )
    member_of = {
        row[0]
        for row in ctx.data.query(
            "githost", "SELECT project_id FROM members WHERE user_id = ?", (uid,)
        )
    }
    rows = ctx.data.query(
        "githost",
        "SELECT p.id, n.name || ' / ' || p.name, p.visibility FROM "
        "projects p JOIN namespaces n ON n.id = p.namespace_id WHERE "
        "n.kind = 'group' AND n.name = ?",
        (values["group"],),
    )
    _, first, count, top = next(w for w in _WHICH if w[0] == values["which"])
    visible = [r for r in rows if r[2] != "private" or r[0] in member_of]
    ranked = sorted(visible, key=lambda r: stars.get(r[0], 0), reverse=top)
    return sorted(r[1] for r in ranked[first : first + count])


FAMILIES = [
    Family(
        id="githost.star-top-group-project",
        sites=("githost",),
        skills=("compare",),
        intent_template="Star the {{which}} in the {{group}} group.",
        build=_star_top_project,
        confirm=_confirm_star_top,
        length=(5, 11),
        kind="state",
    ),
]
