"""Git-hosting families over the repository, reviews and planning: branch off a tag found
on the Tags page, approve an author's oldest, newest or last updated open merge request,
create a milestone due with the project's open issues, count one author's commits on a
branch, invite an issue's latest commenter to the project, and star the more starred of
two projects."""

from __future__ import annotations

from datetime import date
from typing import Any

from webenv.families import Context, Draft, Family
from webenv.families.steps import (
    answer_eval,
    button,
    click,
    select,
    sql_text,
    state_eval,
    stop,
    text_is,
    type_text,
)
from webenv.sites.githost.access import GUEST, MAINTAINER, ROLES
from webenv.sites.githost.forms import BRANCH
from webenv.sites.githost.tracker import SORTS
from webenv.task_files.families.githost._common import (
    DEVELOPER,
    PER_PAGE,
    REPORTER,
    Project,
    author_filter_keeps,
    history,
    my_projects,
    open_project,
    reachable,
    user_id,
    walk_history,
)


def _writable_project(ctx: Context) -> Project | None:
    """A project I can push to and review in (Developer or more, not archived) that the
    dashboard filter reaches."""
    pool = [
        p
        for p in my_projects(ctx.data)
        if p.role >= DEVELOPER and not p.archived and reachable(ctx.data, p)
    ]
    return ctx.rng.choice(pool) if pool else None


# --- create a branch from the newest or oldest tag ------------------------------------------

_BRANCH_PREFIXES = ("release/", "hotfix/", "backport-", "support/")
_WHICH_TAG = ("most recently created", "oldest")


def _branch_from_tag(ctx: Context) -> Draft | None:
    project = _writable_project(ctx)
    if project is None:
        return None
    tags = ctx.data.query(
        "githost",
        "SELECT name, commit_sha, created_at FROM refs WHERE project_id = ? AND kind = 'tag' "
        "ORDER BY created_at DESC, name DESC",
        (project.id,),
    )
    which = ctx.rng.choice(_WHICH_TAG)
    if len(tags) < 2:
        return None  # with one tag "newest" and "oldest" say nothing
    index = 0 if which == _WHICH_TAG[0] else len(tags) - 1
    neighbour = tags[1] if index == 0 else tags[-2]
    name, sha, created = tags[index]
    if neighbour[2][:10] == created[:10]:
        return None  # the Tags page shows dates only: a same-day tie is not visible
    branch = f"{ctx.rng.choice(_BRANCH_PREFIXES)}{name}"
    branches = {
        n
        for (n,) in ctx.data.query(
            "githost",
            "SELECT name FROM refs WHERE project_id = ? AND kind = 'branch'",
            (project.id,),
        )
    }
    if branch in branches or not BRANCH.match(branch):
        return None
    steps = [
        *open_project(project),
        click("Tags"),
        *[click("Next page") for _ in range(index // PER_PAGE)],
        click("Branches"),
        type_text("Branch name", branch),
        type_text("Create from", name),
        button("Create branch"),
    ]
    return Draft(
        answer=name,
        values={"project": project.full_name, "which": which, "branch": branch},
        eval=state_eval(
            "githost",
            [
                (
                    f"SELECT commit_sha FROM refs WHERE project_id = {project.id} AND "
                    f"kind = 'branch' AND name = {sql_text(branch)}",
                    sha,
                ),
                (
                    f"SELECT COUNT(*) FROM refs WHERE project_id = {project.id} "
                    "AND kind = 'branch'",
                    len(branches) + 1,
                ),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_branch_from_tag(ctx: Context, values: dict[str, Any]) -> str:
    """The tag picked in Python from every ref row of the project (found by its full name)."""
    project = next(p for p in my_projects(ctx.data) if p.full_name == values["project"])
    rows = ctx.data.query("githost", "SELECT project_id, kind, name, created_at FROM refs")
    tags = sorted((r[3], r[2]) for r in rows if r[0] == project.id and r[1] == "tag")
    return (tags[-1] if values["which"] == _WHICH_TAG[0] else tags[0])[1]


# --- approve the oldest open merge request by an author ------------------------------------


# Which of an author's open merge requests: the list sort that puts it first, and whether
# the sort key is the creation (else the last update) time, newest first.
_WHICH_MR = {
    "oldest": ("created_asc", "created_at", False),
    "newest": ("created_desc", "created_at", True),
    "most recently updated": ("updated_desc", "updated_at", True),
}


def _approve_oldest(ctx: Context) -> Draft | None:
    project = _writable_project(ctx)
    if project is None:
        return None
    uid = user_id(ctx.data)
    which = ctx.rng.choice(list(_WHICH_MR))
    sort, column, newest = _WHICH_MR[which]
    order = "DESC" if newest else "ASC"
    rows = ctx.data.query(
        "githost",
        f"SELECT m.id, m.title, u.username, m.{column} FROM merge_requests m JOIN users u "
        "ON u.id = m.author_id WHERE m.project_id = ? AND m.state = 'opened' AND u.id <> ? "
        f"ORDER BY m.{column} {order}, m.iid {order}",
        (project.id, uid),
    )
    if not rows:
        return None
    author = ctx.rng.choice(sorted({r[2] for r in rows}))
    theirs = [r for r in rows if r[2] == author]
    mr_id, title, _, moment = theirs[0]
    if len(theirs) > 1 and theirs[1][3] == moment:
        return None  # two of theirs at the same moment: "the oldest" would be ambiguous
    approved = ctx.data.query("githost", "SELECT mr_id FROM mr_approvals WHERE user_id = ?", (uid,))
    if (mr_id,) in approved or sum(r[1] == title for r in theirs[:PER_PAGE]) > 1:
        return None  # approved already, or a title the listing shows twice
    steps = [
        *open_project(project),
        click("Merge requests"),
        type_text("Author", author),
        select("Sort by", SORTS[sort][0]),
        button("Apply"),
        click(title),
        button("Approve"),
    ]
    return Draft(
        answer=title,
        values={"project": project.full_name, "which": which, "author": author},
        eval=state_eval(
            "githost",
            [
                (f"SELECT COUNT(*) FROM mr_approvals WHERE user_id = {uid} AND mr_id = {mr_id}", 1),
                (f"SELECT COUNT(*) FROM mr_approvals WHERE user_id = {uid}", len(approved) + 1),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_approve_oldest(ctx: Context, values: dict[str, Any]) -> str:
    """The author's open merge requests in the project, ranked in Python by the time the
    intent names."""
    project = next(p for p in my_projects(ctx.data) if p.full_name == values["project"])
    names = dict(ctx.data.query("githost", "SELECT id, username FROM users"))
    rows = ctx.data.query(
        "githost",
        "SELECT iid, title, state, author_id, created_at, updated_at FROM merge_requests "
        "WHERE project_id = ?",
        (project.id,),
    )
    theirs = [r for r in rows if r[2] == "opened" and names[r[3]] == values["author"]]
    _, column, newest = _WHICH_MR[values["which"]]
    index = 4 if column == "created_at" else 5
    pick = max if newest else min
    return pick(theirs, key=lambda r: (r[index], r[0]))[1]


# --- create a milestone due when the project's open issues are first or last due -----------

_MILESTONE_TITLES = ("Stabilisation", "Hardening sprint", "Bug bash", "Cleanup", "Release prep")
_WHICH_DUE = {"earliest": min, "latest": max}


def _milestone_due(ctx: Context) -> Draft | None:
    pool = [
        p
        for p in my_projects(ctx.data)
        if p.role >= REPORTER and not p.archived and reachable(ctx.data, p)
    ]
    if not pool:
        return None
    project = ctx.rng.choice(pool)
    dues = [
        due
        for (due,) in ctx.data.query(
            "githost",
            "SELECT due_date FROM issues WHERE project_id = ? AND state = 'opened' AND "
            "due_date IS NOT NULL",
            (project.id,),
        )
    ]
    which = ctx.rng.choice(sorted(_WHICH_DUE))
    if not dues or len(dues) > PER_PAGE:
        return None  # nothing due, or the dated issues do not fit on the first page
    due = _WHICH_DUE[which](dues)
    title = ctx.rng.choice(_MILESTONE_TITLES)
    milestones = {
        t
        for (t,) in ctx.data.query(
            "githost", "SELECT title FROM milestones WHERE project_id = ?", (project.id,)
        )
    }
    if title in milestones:
        return None
    steps = [
        *open_project(project),
        click("Issues"),
        select("Sort by", SORTS["due_date"][0]),
        button("Apply"),
        click("Milestones"),
        click("New milestone"),
        type_text("Title", title),
        type_text("Due date", due),
        button("Create milestone"),
    ]
    return Draft(
        answer=due,
        values={"project": project.full_name, "title": title, "which": which},
        eval=state_eval(
            "githost",
            [
                (
                    f"SELECT due_date FROM milestones WHERE project_id = {project.id} AND "
                    f"{text_is('title', title)}",
                    due,
                ),
                (
                    f"SELECT COUNT(*) FROM milestones WHERE project_id = {project.id}",
                    len(milestones) + 1,
                ),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_milestone_due(ctx: Context, values: dict[str, Any]) -> str:
    """The due dates of the project's open issues, compared as dates in Python."""
    project = next(p for p in my_projects(ctx.data) if p.full_name == values["project"])
    rows = ctx.data.query("githost", "SELECT project_id, state, due_date FROM issues")
    dates = [
        date.fromisoformat(due)
        for pid, state, due in rows
        if pid == project.id and state == "opened" and due
    ]
    return _WHICH_DUE[values["which"]](dates).isoformat()


# --- how many commits on a branch did one person author ------------------------------------


def _commits_by_author(ctx: Context) -> Draft | None:
    pool = [p for p in my_projects(ctx.data) if reachable(ctx.data, p)]
    if not pool:
        return None
    project = ctx.rng.choice(pool)
    branches = ctx.data.query(
        "githost",
        "SELECT name, commit_sha FROM refs WHERE project_id = ? AND kind = 'branch' ORDER BY name",
        (project.id,),
    )
    if not branches:
        return None
    branch, head = ctx.rng.choice(branches)
    rows = [(name, email) for _, name, email, _ in history(ctx.data, project.id, head)]
    author = ctx.rng.choice(sorted({name for name, _ in rows}))
    exact = sum(name == author for name, _ in rows)
    matched = sum(author_filter_keeps(author, name, email) for name, email in rows)
    if matched != exact:
        return None  # the page's Author filter would also match someone else
    steps = [
        *open_project(project),
        click("Commits"),
        select("Branch or tag", branch),
        button("Switch"),
        type_text("Author", author, role="searchbox"),
        button("Filter"),
    ]
    answer = str(exact)
    return Draft(
        values={"project": project.full_name, "branch": branch, "author": author},
        eval=answer_eval(answer, "number"),
        solution=[*steps, stop(answer)],
        answer=answer,
    )


def _confirm_commits_by_author(ctx: Context, values: dict[str, Any]) -> str:
    """Walk the branch's history in Python from its head through both parents."""
    project = next(p for p in my_projects(ctx.data) if p.full_name == values["project"])
    head = ctx.data.value(
        "githost",
        "SELECT commit_sha FROM refs WHERE project_id = ? AND kind = 'branch' AND name = ?",
        (project.id, values["branch"]),
    )
    assert head is not None
    walked = walk_history(ctx.data, project.id, head)
    return str(sum(author == values["author"] for author, _ in walked.values()))


# --- invite the latest commenter on the oldest open issue with a label ---------------------

_INVITE_ROLES = (GUEST, REPORTER, DEVELOPER)


def _invitable(ctx: Context, project: Project) -> list[tuple[str, str, int, str, int]]:
    """(label, issue title, commenter id, commenter username, member count) for each label
    of the project whose oldest open issue was last commented on by a non-member, under a
    title no other open issue with the label shares."""
    members = {
        uid
        for (uid,) in ctx.data.query(
            "githost", "SELECT user_id FROM members WHERE project_id = ?", (project.id,)
        )
    }
    found = []
    for label_id, label in ctx.data.query(
        "githost", "SELECT id, name FROM labels WHERE project_id = ? ORDER BY name", (project.id,)
    ):
        issues = ctx.data.query(
            "githost",
            "SELECT i.id, i.title FROM issues i JOIN issue_labels x ON x.issue_id = i.id "
            "WHERE x.label_id = ? AND i.state = 'opened' ORDER BY i.created_at, i.iid",
            (label_id,),
        )
        if not issues or sum(t == issues[0][1] for _, t in issues) > 1:
            continue
        last = ctx.data.query(
            "githost",
            "SELECT u.id, u.username FROM notes n JOIN users u ON u.id = n.author_id WHERE "
            "n.target_type = 'issue' AND n.target_id = ? AND n.system = 0 "
            "ORDER BY n.created_at DESC, n.id DESC LIMIT 1",
            (issues[0][0],),
        )
        if last and last[0][0] not in members:
            found.append((label, issues[0][1], last[0][0], last[0][1], len(members)))
    return found


def _invite_commenter(ctx: Context) -> Draft | None:
    pool = [
        p
        for p in my_projects(ctx.data)
        if p.role >= MAINTAINER and not p.archived and reachable(ctx.data, p)
    ]
    choices = [(p, *item) for p in pool for item in _invitable(ctx, p)]
    if not choices:
        return None
    project, label, title, commenter_id, username, member_count = ctx.rng.choice(choices)
    role = ctx.rng.choice(_INVITE_ROLES)
    steps = [
        *open_project(project),
        click("Issues"),
        select("Label", label),
        select("Sort by", SORTS["created_asc"][0]),
        button("Apply"),
        click(title),
        click("Members"),
        type_text("Username", username),
        select("Role", ROLES[role]),
        button("Invite"),
    ]
    return Draft(
        answer=username,
        values={"project": project.full_name, "label": label, "role": ROLES[role]},
        eval=state_eval(
            "githost",
            [
                (
                    f"SELECT role FROM members WHERE project_id = {project.id} AND "
                    f"user_id = {commenter_id}",
                    role,
                ),
                (
                    f"SELECT COUNT(*) FROM members WHERE project_id = {project.id}",
                    member_count + 1,
                ),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_invite_commenter(ctx: Context, values: dict[str, Any]) -> str:
    """The issue and its last comment found in Python from the label, issue and note rows."""
    project = next(p for p in my_projects(ctx.data) if p.full_name == values["project"])
    label_id = ctx.data.value(
        "githost",
        "SELECT id FROM labels WHERE project_id = ? AND name = ?",
        (project.id, values["label"]),
    )
    tagged = {
        i
        for (i,) in ctx.data.query(
            "githost", "SELECT issue_id FROM issue_labels WHERE label_id = ?", (label_id,)
        )
    }
    issues = ctx.data.query(
        "githost",
        "SELECT id, iid, state, created_at FROM issues WHERE project_id = ?",
        (project.id,),
    )
    issue = min(
        (r for r in issues if r[0] in tagged and r[2] == "opened"), key=lambda r: (r[3], r[1])
    )
    notes = ctx.data.query(
        "githost",
        "SELECT id, author_id, system, created_at FROM notes WHERE target_type = 'issue' AND "
        "target_id = ?",
        (issue[0],),
    )
    last = max((n for n in notes if not n[2]), key=lambda n: (n[3], n[0]))
    return ctx.data.value("githost", "SELECT username FROM users WHERE id = ?", (last[1],))


# --- star whichever of two of my projects has more stars -----------------------------------


def _star_more_starred(ctx: Context) -> Draft | None:
    uid = user_id(ctx.data)
    starred = {
        pid
        for (pid,) in ctx.data.query(
            "githost", "SELECT project_id FROM stars WHERE user_id = ?", (uid,)
        )
    }
    pool = [p for p in my_projects(ctx.data) if p.id not in starred and reachable(ctx.data, p)]
    if len(pool) < 2:
        return None
    first, second = ctx.rng.sample(pool, 2)
    counts = dict(
        ctx.data.query(
            "githost",
            "SELECT id, star_count FROM projects WHERE id IN (?, ?)",
            (first.id, second.id),
        )
    )
    if counts[first.id] == counts[second.id]:
        return None  # a tie
    better = first if counts[first.id] > counts[second.id] else second
    steps = [*open_project(first), click("Projects"), *open_project(second)]
    if better is first:
        steps += [click("Projects"), *open_project(first)]
    steps.append(button("Star"))
    return Draft(
        answer=better.full_name,
        values={"first": first.full_name, "second": second.full_name},
        eval=state_eval(
            "githost",
            [
                (
                    f"SELECT COUNT(*) FROM stars WHERE user_id = {uid} AND project_id = "
                    f"{better.id}",
                    1,
                ),
                (f"SELECT COUNT(*) FROM stars WHERE user_id = {uid}", len(starred) + 1),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_star_more_starred(ctx: Context, values: dict[str, Any]) -> str:
    """Stars counted from the star rows (not the stored counts) in Python."""
    ids = {p.full_name: p.id for p in my_projects(ctx.data)}
    rows = ctx.data.query("githost", "SELECT project_id FROM stars")
    count = {name: sum(1 for (pid,) in rows if pid == ids[name]) for name in values.values()}
    return max(count, key=count.__getitem__)


FAMILIES = [
    Family(
        id="githost.branch-from-tag",
        sites=("githost",),
        skills=("sort", "form-fill"),
        intent_template='In the {{project}} project, create a branch named "{{branch}}" from '
        "the project's {{which}} tag.",
        build=_branch_from_tag,
        confirm=_confirm_branch_from_tag,
        length=(8, 9),
        kind="state",
    ),
    Family(
        id="githost.approve-oldest-mr-by-author",
        sites=("githost",),
        skills=("filter", "sort"),
        intent_template="In the {{project}} project, approve the {{which}} open merge request "
        "opened by {{author}}.",
        build=_approve_oldest,
        confirm=_confirm_approve_oldest,
        split="test",
        length=(10, 10),
        kind="state",
    ),
    Family(
        id="githost.milestone-due-like-issues",
        sites=("githost",),
        skills=("sort", "form-fill"),
        intent_template='In the {{project}} project, create a milestone titled "{{title}}" '
        "whose due date is the {{which}} due date among the project's open issues.",
        build=_milestone_due,
        confirm=_confirm_milestone_due,
        length=(12, 12),
        kind="state",
    ),
    Family(
        id="githost.commits-by-author-on-branch",
        sites=("githost",),
        skills=("filter",),
        intent_template="How many commits on the {{branch}} branch of the {{project}} project "
        "were authored by {{author}}?",
        build=_commits_by_author,
        confirm=_confirm_commits_by_author,
        length=(9, 9),
        kind="info",
    ),
    Family(
        id="githost.invite-last-commenter",
        sites=("githost",),
        skills=("filter", "sort", "form-fill"),
        intent_template="In the {{project}} project, find the oldest open issue labelled "
        "{{label}} and invite the person who commented on it most recently to the project as "
        "a {{role}}.",
        build=_invite_commenter,
        confirm=_confirm_invite_commenter,
        split="test",
        length=(13, 13),
        kind="state",
    ),
    Family(
        id="githost.star-more-starred",
        sites=("githost",),
        skills=("compare",),
        intent_template="Which of my projects {{first}} and {{second}} has more stars? Star "
        "that one, and leave the other as it is.",
        build=_star_more_starred,
        confirm=_confirm_star_more_starred,
        length=(9, 13),
        kind="state",
    ),
]
