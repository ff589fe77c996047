"""Git-hosting families over projects and groups: compare projects, act on the winner."""

from __future__ import annotations

from typing import Any

from webenv.families import Context, Draft, Family
from webenv.families.steps import button, click, state_eval, stop
from webenv.task_files.families.githost._common import user_id


def _star_top_project(ctx: Context) -> Draft | None:
    """The most-starred project a group page lists (to the task user), starred."""
    uid = user_id(ctx.data)
    groups = ctx.data.query(
        "githost", "SELECT id, name FROM namespaces WHERE kind = 'group' ORDER BY id"
    )
    if not groups:
        return None
    group_id, group = ctx.rng.choice(groups)
    listed = ctx.data.query(
        "githost",
        "SELECT p.id, n.name || ' / ' || p.name, p.star_count FROM projects p JOIN "
        "namespaces n ON n.id = p.namespace_id WHERE p.namespace_id = ? AND (p.visibility IN "
        "('public', 'internal') OR p.id IN (SELECT project_id FROM members WHERE user_id = ?)) "
        "ORDER BY p.star_count DESC",
        (group_id, uid),
    )
    if len(listed) < 2 or listed[0][2] == listed[1][2]:
        return None  # nothing to compare, or a tie for the most stars
    project_id, full_name, _ = listed[0]
    if ctx.data.value(
        "githost",
        "SELECT COUNT(*) FROM stars WHERE user_id = ? AND project_id = ?",
        (uid, project_id),
    ):
        return None  # already starred: the button would unstar it
    mine = ctx.data.value("githost", "SELECT COUNT(*) FROM stars WHERE user_id = ?", (uid,))
    steps = [click("Groups"), click(group), click(full_name), button("Star")]
    return Draft(
        answer=full_name,
        values={"group": group},
        eval=state_eval(
            "githost",
            [
                (
                    f"SELECT COUNT(*) FROM stars WHERE user_id = {uid} "
                    f"AND project_id = {project_id}",
                    1,
                ),
                (f"SELECT COUNT(*) FROM stars WHERE user_id = {uid}", mine + 1),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_star_top(ctx: Context, values: dict[str, Any]) -> str:
    """The group's visible project with the most star rows (not the stored count)."""
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
    visible = [r for r in rows if r[2] != "private" or r[0] in member_of]
    return max(visible, key=lambda r: stars.get(r[0], 0))[1]


FAMILIES = [
    Family(
        id="githost.star-top-group-project",
        sites=("githost",),
        skills=("compare",),
        intent_template="Star the project with the most stars in the {{group}} group.",
        build=_star_top_project,
        confirm=_confirm_star_top,
        length=(5, 5),
        kind="state",
    ),
]
