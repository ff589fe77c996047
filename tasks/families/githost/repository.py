"""Git-hosting families over the repository pages: how many commits someone made to the
default branch as the Contributors page counts them (merge commits left out), and tagging
the default branch with the release after the project's newest tag (New tag form).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from webenv.families import Context, Draft, Family
from webenv.families.steps import answer_eval, button, click, sql_text, state_eval, stop, type_text
from webenv.task_files.families.githost._common import (
    DEVELOPER,
    Project,
    branch_head,
    history,
    merge_shas,
    my_projects,
    open_project,
    reachable,
    walk_history,
)

VERSION = re.compile(r"^v(\d+)\.(\d+)\.(\d+)$")


def _default_branch(ctx: Context, project: Project) -> str:
    return str(
        ctx.data.value("githost", "SELECT default_branch FROM projects WHERE id = ?", (project.id,))
    )


# --- commits per contributor ------------------------------------------------------------------


def _contributor_commits(ctx: Context) -> Draft | None:
    pool = [p for p in my_projects(ctx.data) if reachable(ctx.data, p)]
    if not pool:
        return None
    project = ctx.rng.choice(pool)
    head = branch_head(ctx.data, project.id, _default_branch(ctx, project))
    if head is None:
        return None
    merges = merge_shas(ctx.data, project.id)
    authors = Counter(
        (name, email)
        for sha, name, email, _ in history(ctx.data, project.id, head)
        if sha not in merges
    )
    names = Counter(name for name, _ in authors)
    # A name with two emails is two rows on the Contributors page: "how many" is unclear.
    candidates = sorted((name, count) for (name, _), count in authors.items() if names[name] == 1)
    if not candidates:
        return None
    author, count = ctx.rng.choice(candidates)
    answer = str(count)
    return Draft(
        values={"author": author, "project": project.full_name},
        eval=answer_eval(answer, "number"),
        solution=[*open_project(project), click("Contributors"), stop(answer)],
        answer=answer,
    )


def _confirm_contributor_commits(ctx: Context, values: dict[str, Any]) -> str:
    """Walk the default branch in Python, leaving out commits with two parents."""
    project = next(p for p in my_projects(ctx.data) if p.full_name == values["project"])
    head = branch_head(ctx.data, project.id, _default_branch(ctx, project))
    assert head is not None
    two_parents = {
        sha
        for sha, second in ctx.data.query(
            "githost", "SELECT sha, parent2_sha FROM commits WHERE project_id = ?", (project.id,)
        )
        if second
    }
    walked = walk_history(ctx.data, project.id, head)
    return str(
        sum(
            author == values["author"] and sha not in two_parents
            for sha, (author, _) in walked.items()
        )
    )


# --- tag the next release -----------------------------------------------------------------


def _next_release(ctx: Context) -> Draft | None:
    pool = [
        p
        for p in my_projects(ctx.data)
        if p.role >= DEVELOPER and not p.archived and reachable(ctx.data, p)
    ]
    if not pool:
        return None
    project = ctx.rng.choice(pool)
    tags = ctx.data.query(
        "githost",
        "SELECT name, created_at FROM refs WHERE project_id = ? AND kind = 'tag'"
        " ORDER BY created_at DESC, name DESC",
        (project.id,),
    )
    newest = VERSION.match(tags[0][0]) if tags else None
    if newest is None:
        return None
    if len(tags) > 1 and tags[1][1][:10] == tags[0][1][:10]:
        return None  # the Tags page shows dates only: a same-day tie is not visible
    major, minor, patch = (int(part) for part in newest.groups())
    bump = ctx.rng.choice(("minor", "patch"))
    tag = f"v{major}.{minor + 1}.0" if bump == "minor" else f"v{major}.{minor}.{patch + 1}"
    if any(name == tag for name, _ in tags):
        return None
    branch = _default_branch(ctx, project)
    head = branch_head(ctx.data, project.id, branch)
    if head is None:
        return None
    steps = [
        *open_project(project),
        click("Tags"),
        click("New tag"),
        type_text("Tag name", tag),
        button("Create tag"),
    ]
    return Draft(
        answer=tag,
        values={"project": project.full_name, "bump": bump},
        eval=state_eval(
            "githost",
            [
                (
                    f"SELECT commit_sha FROM refs WHERE project_id = {project.id} AND kind = 'tag'"
                    f" AND name = {sql_text(tag)}",
                    head,
                ),
                (
                    f"SELECT COUNT(*) FROM refs WHERE project_id = {project.id} AND kind = 'tag'",
                    len(tags) + 1,
                ),
            ],
        ),
        solution=[*steps, stop()],
    )


FAMILIES = [
    Family(
        id="githost.contributor-commits",
        sites=("githost",),
        skills=("aggregate",),
        intent_template="Not counting merge commits, how many commits has {{author}} made to "
        "the default branch of the {{project}} project?",
        build=_contributor_commits,
        confirm=_confirm_contributor_commits,
        length=(5, 5),
    ),
    Family(
        id="githost.tag-next-release",
        sites=("githost",),
        skills=("sort", "form-fill"),
        intent_template="In the {{project}} project, tag the default branch with the next "
        "{{bump}} release after the project's newest tag (tags are named vMAJOR.MINOR.PATCH; "
        "the next minor release of v1.2.3 is v1.3.0, the next patch release is v1.2.4).",
        build=_next_release,
        confirm=None,
        length=(8, 8),
        kind="state",
    ),
]
