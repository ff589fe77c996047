"""Git-hosting families over the repository pages: how many commits someone made to the
default branch as the Contributors page counts them (merge commits left out), and tagging
the commit of the project's newest tag under a new name (New tag form).
"""

from __future__ import annotations

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


# --- tag the newest tag's commit --------------------------------------------------------------

TAG_NAMES = ("stable", "latest-release", "production", "current")


def _tag_newest(ctx: Context) -> Draft | None:
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
        "SELECT name, commit_sha, created_at FROM refs WHERE project_id = ? AND kind = 'tag'"
        " ORDER BY created_at DESC, name DESC",
        (project.id,),
    )
    if not tags:
        return None
    newest, sha, created = tags[0]
    if len(tags) > 1 and tags[1][2][:10] == created[:10]:
        return None  # the Tags page shows dates only: a same-day tie is not visible
    tag = ctx.rng.choice(TAG_NAMES)
    if any(name == tag for name, _, _ in tags):
        return None
    steps = [
        *open_project(project),
        click("Tags"),
        click("New tag"),
        type_text("Tag name", tag),
        type_text("Create from", newest),
        button("Create tag"),
    ]
    return Draft(
        answer=newest,
        values={"project": project.full_name, "tag": tag},
        eval=state_eval(
            "githost",
            [
                (
                    f"SELECT commit_sha FROM refs WHERE project_id = {project.id} AND kind = 'tag'"
                    f" AND name = {sql_text(tag)}",
                    sha,
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
        id="githost.tag-newest-tag-commit",
        sites=("githost",),
        skills=("sort", "form-fill"),
        intent_template='In the {{project}} project, create a tag named "{{tag}}" on the same '
        "commit as the project's newest tag.",
        build=_tag_newest,
        confirm=None,
        length=(9, 9),
        kind="state",
    ),
]
