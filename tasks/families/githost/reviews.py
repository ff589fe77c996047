"""Git-hosting families over merge-request reviews: find the open merge request that
changes a file and comment on it (WebArena's "find the MR that touches <file> and ...")."""

from __future__ import annotations

from typing import Any

from webenv.families import Context, Draft, Family
from webenv.families.steps import button, click, state_eval, stop, text_is, type_text
from webenv.task_files.families.githost._common import (
    PER_PAGE,
    Project,
    branch_head,
    history,
    my_projects,
    open_project,
    project_named,
    reachable,
    user_id,
    walk_history,
)

_COMMENTS = (
    "Please add a test for this change before we merge it.",
    "Could you rebase this onto the target branch?",
    "Looks good to me, thanks!",
    "Can you add a changelog entry for this?",
    "I will review this in detail tomorrow.",
    "Please split the refactoring into its own merge request.",
    "Does this need a migration note in the docs?",
    "Nice work. One more reviewer, please.",
)


def _tree_files(ctx: Context, project_id: int, sha: str) -> dict[str, int]:
    """path -> blob id of a commit's snapshot."""
    return dict(
        ctx.data.query(
            "githost",
            "SELECT e.path, e.blob_id FROM commits c JOIN tree_entries e ON e.tree_id = c.tree_id "
            "WHERE c.project_id = ? AND c.sha = ?",
            (project_id, sha),
        )
    )


def _changed(old: dict[str, int], new: dict[str, int]) -> set[str]:
    return {path for path in old.keys() | new.keys() if old.get(path) != new.get(path)}


def _open_mr_changes(ctx: Context, project: Project) -> list[tuple[int, int, str, set[str]]]:
    """(id, iid, title, changed paths) of each open merge request, its changes taken as
    the Changes tab shows them: the source head against the newest commit both branches
    reach."""
    found = []
    for mr_id, iid, title, source, target in ctx.data.query(
        "githost",
        "SELECT id, iid, title, source_branch, target_branch FROM merge_requests "
        "WHERE project_id = ? AND state = 'opened' ORDER BY iid",
        (project.id,),
    ):
        source_sha = branch_head(ctx.data, project.id, source)
        target_sha = branch_head(ctx.data, project.id, target)
        if source_sha is None or target_sha is None:
            continue
        in_target = {row[0] for row in history(ctx.data, project.id, target_sha)}
        base = next(
            (row[0] for row in history(ctx.data, project.id, source_sha) if row[0] in in_target),
            None,
        )
        old = _tree_files(ctx, project.id, base) if base else {}
        found.append((mr_id, iid, title, _changed(old, _tree_files(ctx, project.id, source_sha))))
    return found


def _comment_on_mr(ctx: Context) -> Draft | None:
    pool = [p for p in my_projects(ctx.data) if not p.archived and reachable(ctx.data, p)]
    if not pool:
        return None
    project = ctx.rng.choice(pool)
    mrs = _open_mr_changes(ctx, project)
    titles = [title for _, _, title, _ in mrs]
    if not 2 <= len(mrs) <= PER_PAGE or len(set(titles)) != len(titles):
        return None  # nothing to search among, more than a page, or ambiguous titles
    touched: dict[str, list[int]] = {}
    for index, (*_, paths) in enumerate(mrs):
        for path in paths:
            touched.setdefault(path, []).append(index)
    unique = sorted(path for path, owners in touched.items() if len(owners) == 1)
    if not unique:
        return None
    path = ctx.rng.choice(unique)
    mr_id, _, title, paths = mrs[touched[path][0]]
    comment = ctx.rng.choice(_COMMENTS)
    uid = user_id(ctx.data)
    mine = ctx.data.value("githost", "SELECT COUNT(*) FROM notes WHERE author_id = ?", (uid,))
    steps = [
        *open_project(project),
        click("Merge requests"),
        click(title),
        click(f"Changes {len(paths)}"),
        click("Overview"),
        type_text("Comment", comment),
        button("Comment"),
    ]
    return Draft(
        values={"project": project.full_name, "file": path, "comment": comment},
        answer=title,
        eval=state_eval(
            "githost",
            [
                (
                    "SELECT COUNT(*) FROM notes WHERE target_type = 'merge_request' AND "
                    f"target_id = {mr_id} AND author_id = {uid} AND system = 0 AND "
                    f"{text_is('body', comment)}",
                    1,
                ),
                (f"SELECT COUNT(*) FROM notes WHERE author_id = {uid}", mine + 1),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_comment_on_mr(ctx: Context, values: dict[str, Any]) -> str:
    """The open merge request whose source head differs from the merge base at the file,
    found by walking both branches in Python and comparing the file's blob."""
    project = project_named(ctx.data, values["project"])
    blobs = dict(
        ((sha, path), blob)
        for sha, path, blob in ctx.data.query(
            "githost",
            "SELECT c.sha, e.path, e.blob_id FROM commits c JOIN tree_entries e ON "
            "e.tree_id = c.tree_id WHERE c.project_id = ? AND e.path = ?",
            (project.id, values["file"]),
        )
    )
    hits = []
    for title, source, target in ctx.data.query(
        "githost",
        "SELECT title, source_branch, target_branch FROM merge_requests "
        "WHERE project_id = ? AND state = 'opened'",
        (project.id,),
    ):
        source_sha = branch_head(ctx.data, project.id, source)
        target_sha = branch_head(ctx.data, project.id, target)
        if source_sha is None or target_sha is None:
            continue
        mine = walk_history(ctx.data, project.id, source_sha)
        common = mine.keys() & walk_history(ctx.data, project.id, target_sha).keys()
        base = max(common, key=lambda sha: mine[sha][1], default=None)
        if blobs.get((source_sha, values["file"])) != blobs.get((base, values["file"])):
            hits.append(title)
    return hits[0] if len(hits) == 1 else f"{len(hits)} merge requests"


FAMILIES = [
    Family(
        id="githost.comment-on-mr-touching-file",
        sites=("githost",),
        skills=("search", "compare", "form-fill"),
        intent_template="In the {{project}} project, find the open merge request that changes "
        '{{file}} and comment "{{comment}}" on it.',
        build=_comment_on_mr,
        confirm=_confirm_comment_on_mr,
        split="test",
        length=(10, 10),
        kind="state",
    ),
]
