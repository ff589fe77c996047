"""Git-hosting families over a repository's history, as WebArena asks of GitLab: how many
commits someone made in a month or a year, who contributed most, how many commits one ref
has that another lacks, and opening an issue for the top contributor.

Every answer is read off the Commits or Compare page (newest first, 20 per page); the
reference solutions page through the history as far as the question needs.
"""

from __future__ import annotations

import math
from collections import Counter
from datetime import date
from typing import Any

from webenv.families import Context, Draft, Family
from webenv.families.steps import (
    answer_eval,
    button,
    click,
    select,
    state_eval,
    stop,
    text_is,
    type_text,
)
from webenv.task_files.families.githost._common import (
    PER_PAGE,
    REPORTER,
    Project,
    author_filter_keeps,
    branch_head,
    history,
    merge_shas,
    my_projects,
    open_project,
    project_named,
    reachable,
    walk_history,
)

MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
# The most Commits pages a reference solution reads (100 commits).
MAX_PAGES = 5

Commit = tuple[str, str, str, str]  # sha, author name, author email, created_at


def _default_branch(ctx: Context, project: Project) -> str:
    return str(
        ctx.data.value("githost", "SELECT default_branch FROM projects WHERE id = ?", (project.id,))
    )


def _default_history(ctx: Context, project: Project) -> list[Commit]:
    head = branch_head(ctx.data, project.id, _default_branch(ctx, project))
    return history(ctx.data, project.id, head) if head else []


def _pages_to_read(rows: list[Commit], start: str) -> int:
    """How many Commits pages show every commit on or after ``start`` and the first one
    before it (so the reader sees where the period ends)."""
    newer = sum(created >= start for *_, created in rows)
    return min(math.ceil((newer + 1) / PER_PAGE), math.ceil(len(rows) / PER_PAGE))


def _next_pages(count: int) -> list[dict[str, Any]]:
    return [click("Next page") for _ in range(count - 1)]


# --- periods: a month, a year, or since a month ----------------------------------------------


def _month_label(ym: str) -> str:
    """``'2024-02' -> 'February 2024'``."""
    year, month = ym.split("-")
    return f"{MONTHS[int(month) - 1]} {year}"


def _period_bounds(period: str) -> tuple[str, str]:
    """``[start, end)`` timestamps of a period phrase (``in February 2024``, ``in 2023``,
    ``since March 2024``, ``of all time``), parsed back from the words the intent shows."""
    words = period.split()
    if words[0] == "of":
        return "", "9999"
    if len(words) == 2:  # "in 2023"
        year = int(words[1])
        return f"{year}-01-01", f"{year + 1}-01-01"
    month = MONTHS.index(words[1]) + 1
    year = int(words[2])
    start = date(year, month, 1).isoformat()
    if words[0] == "since":
        return start, "9999"
    end = date(year + month // 12, month % 12 + 1, 1).isoformat()
    return start, end


def _periods(rows: list[Commit], *, since: bool, all_time: bool) -> list[str]:
    """Period phrases within the span of ``rows`` (months, years, optionally ``since`` a
    month and ``of all time``)."""
    months = sorted({created[:7] for *_, created in rows})
    if not months:
        return []
    first, last = months[0], months[-1]
    span = []
    year, month = int(first[:4]), int(first[5:7])
    while f"{year:04d}-{month:02d}" <= last:
        span.append(f"{year:04d}-{month:02d}")
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    phrases = [f"in {_month_label(ym)}" for ym in span]
    phrases += [f"in {y}" for y in sorted({ym[:4] for ym in span})]
    if since:
        phrases += [f"since {_month_label(ym)}" for ym in span[1:]]
    if all_time:
        phrases.append("of all time")
    return phrases


def _in_period(rows: list[Commit], period: str) -> list[Commit]:
    start, end = _period_bounds(period)
    return [row for row in rows if start <= row[3] < end]


# --- how many commits did someone make in a period -------------------------------------------


def _commits_in_period(ctx: Context) -> Draft | None:
    pool = [p for p in my_projects(ctx.data) if reachable(ctx.data, p)]
    if not pool:
        return None
    project = ctx.rng.choice(pool)
    rows = _default_history(ctx, project)
    authors = sorted({name for _, name, _, _ in rows})
    if not authors:
        return None
    author = ctx.rng.choice(authors)
    mine = [row for row in rows if row[1] == author]
    if sum(author_filter_keeps(author, n, e) for _, n, e, _ in rows) != len(mine):
        return None  # the Author filter would also keep someone else's commits
    period = ctx.rng.choice(_periods(rows, since=True, all_time=False))
    start, _ = _period_bounds(period)
    pages = _pages_to_read(mine, start)
    if pages > MAX_PAGES:
        return None
    answer = str(len(_in_period(mine, period)))
    steps = [
        *open_project(project),
        click("Commits"),
        type_text("Author", author, role="searchbox"),
        button("Filter"),
        *_next_pages(pages),
    ]
    return Draft(
        values={"author": author, "project": project.full_name, "period": period},
        eval=answer_eval(answer, "number"),
        solution=[*steps, stop(answer)],
        answer=answer,
    )


def _confirm_commits_in_period(ctx: Context, values: dict[str, Any]) -> str:
    """Walk the default branch in Python and compare dates as :class:`date` objects."""
    project = project_named(ctx.data, values["project"])
    head = branch_head(ctx.data, project.id, _default_branch(ctx, project))
    assert head is not None
    start, end = _period_bounds(values["period"])
    low = date.fromisoformat(start[:10]) if start else date.min
    high = date.fromisoformat(end[:10]) if end != "9999" else date.max
    return str(
        sum(
            author == values["author"] and low <= date.fromisoformat(created[:10]) < high
            for author, created in walk_history(ctx.data, project.id, head).values()
        )
    )


# --- who made the most commits --------------------------------------------------------------


def _top_author(rows: list[Commit]) -> str | None:
    """The author of the most of ``rows``, or None on a tie or with no rows."""
    ranked = Counter(name for _, name, _, _ in rows).most_common(2)
    if not ranked or (len(ranked) == 2 and ranked[0][1] == ranked[1][1]):
        return None
    return ranked[0][0]


def _top_contributor_pick(
    ctx: Context, pool: list[Project]
) -> tuple[Project, str, str, int] | None:
    """(project, period, top author, pages to read) for a random project and period with
    a clear top author that a few Commits pages show."""
    if not pool:
        return None
    project = ctx.rng.choice(pool)
    rows = _default_history(ctx, project)
    periods = [
        p
        for p in _periods(rows, since=True, all_time=True)
        if p.split()[0] != "in" or len(p.split()) == 2
    ]  # a single month is too few commits to rank
    if not periods:
        return None
    period = ctx.rng.choice(periods)
    in_period = _in_period(rows, period)
    top = _top_author(in_period)
    merges = merge_shas(ctx.data, project.id)
    if top != _top_author([row for row in in_period if row[0] not in merges]):
        return None  # the Contributors page, which leaves out merge commits, ranks differently
    start, _ = _period_bounds(period)
    pages = _pages_to_read(rows, start) if start else math.ceil(len(rows) / PER_PAGE)
    if top is None or pages > MAX_PAGES:
        return None
    return project, period, top, pages


def _top_contributor(ctx: Context) -> Draft | None:
    picked = _top_contributor_pick(
        ctx, [p for p in my_projects(ctx.data) if reachable(ctx.data, p)]
    )
    if picked is None:
        return None
    project, period, top, pages = picked
    steps = [*open_project(project), click("Commits"), *_next_pages(pages)]
    return Draft(
        values={"project": project.full_name, "period": period},
        eval=answer_eval(top, "string"),
        solution=[*steps, stop(top)],
        answer=top,
    )


def _confirm_top(ctx: Context, project: Project, period: str) -> str:
    head = branch_head(ctx.data, project.id, _default_branch(ctx, project))
    assert head is not None
    start, end = _period_bounds(period)
    counts = Counter(
        author
        for author, created in walk_history(ctx.data, project.id, head).values()
        if start <= created < end
    )
    return max(counts, key=lambda name: counts[name])


def _confirm_top_contributor(ctx: Context, values: dict[str, Any]) -> str:
    """Count authors in Python over the walked history."""
    return _confirm_top(ctx, project_named(ctx.data, values["project"]), values["period"])


# --- open an issue assigned to the top contributor -------------------------------------------


def _members_by_name(ctx: Context, project: Project) -> dict[str, tuple[int, str, int]]:
    """Display name -> (user id, username, how many members share the name)."""
    rows = ctx.data.query(
        "githost",
        "SELECT u.id, u.username, u.name FROM members m JOIN users u ON u.id = m.user_id "
        "WHERE m.project_id = ?",
        (project.id,),
    )
    shared = Counter(name for _, _, name in rows)
    return {name: (uid, username, shared[name]) for uid, username, name in rows}


def _issue_for_top(ctx: Context) -> Draft | None:
    pool = [
        p
        for p in my_projects(ctx.data)
        if p.role >= REPORTER and not p.archived and reachable(ctx.data, p)
    ]
    picked = _top_contributor_pick(ctx, pool)
    if picked is None:
        return None
    project, period, top, pages = picked
    member = _members_by_name(ctx, project).get(top)
    if member is None or member[2] != 1:
        return None  # the top author cannot be assigned, or two members share the name
    uid, username, _ = member
    titles = ctx.data.query(
        "githost",
        "SELECT DISTINCT title FROM issues WHERE title NOT IN "
        "(SELECT title FROM issues WHERE project_id = ?) ORDER BY title",
        (project.id,),
    )
    if not titles:
        return None
    (title,) = ctx.rng.choice(titles)
    count = ctx.data.value(
        "githost", "SELECT COUNT(*) FROM issues WHERE project_id = ?", (project.id,)
    )
    steps = [
        *open_project(project),
        click("Commits"),
        *_next_pages(pages),
        click("Issues"),
        click("New issue"),
        type_text("Title", title),
        select("Assignee", f"{username} ({top})"),
        button("Create issue"),
    ]
    return Draft(
        values={"project": project.full_name, "title": title, "period": period},
        answer=top,
        eval=state_eval(
            "githost",
            [
                (
                    "SELECT i.state || '|' || (SELECT group_concat(a.user_id) FROM "
                    "issue_assignees a WHERE a.issue_id = i.id) FROM issues i WHERE "
                    f"i.project_id = {project.id} AND {text_is('i.title', title)}",
                    f"opened|{uid}",
                ),
                (f"SELECT COUNT(*) FROM issues WHERE project_id = {project.id}", count + 1),
            ],
        ),
        solution=[*steps, stop()],
    )


def _confirm_issue_for_top(ctx: Context, values: dict[str, Any]) -> str:
    """The top author counted in Python (the assignee the state check expects)."""
    return _confirm_top(ctx, project_named(ctx.data, values["project"]), values["period"])


# --- how many commits does one ref have that another lacks ------------------------------------


def _commits_between(ctx: Context) -> Draft | None:
    pool = [p for p in my_projects(ctx.data) if reachable(ctx.data, p)]
    if not pool:
        return None
    project = ctx.rng.choice(pool)
    default = _default_branch(ctx, project)
    refs = ctx.data.query(
        "githost",
        "SELECT name, commit_sha, kind FROM refs WHERE project_id = ? AND (kind = 'tag' OR "
        "name = ?) ORDER BY kind, name",
        (project.id, default),
    )
    if len(refs) < 2:
        return None
    reach = {name: {row[0] for row in history(ctx.data, project.id, sha)} for name, sha, _ in refs}
    pairs = [
        (old, new)
        for old, old_sha, _ in refs
        for new, new_sha, _ in refs
        if old != new and old_sha != new_sha and old_sha in reach[new]
    ]
    if not pairs:
        return None
    older, newer = ctx.rng.choice(pairs)
    answer = str(len(reach[newer] - reach[older]))
    steps = [
        *open_project(project),
        click("Compare"),
        select("Source (from)", older),
        select("Target (to)", newer),
        button("Compare"),
    ]
    return Draft(
        values={"project": project.full_name, "older": older, "newer": newer},
        eval=answer_eval(answer, "number"),
        solution=[*steps, stop(answer)],
        answer=answer,
    )


def _confirm_commits_between(ctx: Context, values: dict[str, Any]) -> str:
    """Both refs' histories walked in Python; the commits only the newer one reaches."""
    project = project_named(ctx.data, values["project"])
    new_head = branch_head(ctx.data, project.id, values["newer"])
    old_head = branch_head(ctx.data, project.id, values["older"])
    assert new_head is not None and old_head is not None
    newer = walk_history(ctx.data, project.id, new_head)
    older = walk_history(ctx.data, project.id, old_head)
    return str(len(newer.keys() - older.keys()))


FAMILIES = [
    Family(
        id="githost.commits-in-period",
        sites=("githost",),
        skills=("search", "filter", "paginate", "aggregate"),
        intent_template="How many commits did {{author}} make to the default branch of the "
        "{{project}} project {{period}}?",
        build=_commits_in_period,
        confirm=_confirm_commits_in_period,
        length=(7, 11),
    ),
    Family(
        id="githost.top-contributor",
        sites=("githost",),
        skills=("paginate", "aggregate", "compare"),
        intent_template="Who made the most commits to the default branch of the {{project}} "
        "project {{period}}?",
        build=_top_contributor,
        confirm=_confirm_top_contributor,
        length=(5, 9),
    ),
    Family(
        id="githost.issue-for-top-contributor",
        sites=("githost",),
        skills=("paginate", "aggregate", "form-fill"),
        intent_template='In the {{project}} project, open an issue titled "{{title}}" and '
        "assign it to whoever made the most commits to the default branch {{period}}.",
        build=_issue_for_top,
        confirm=_confirm_issue_for_top,
        split="test",
        length=(10, 14),
        kind="state",
    ),
    Family(
        id="githost.commits-between-refs",
        sites=("githost",),
        skills=("compare", "aggregate"),
        intent_template="In the {{project}} project, how many commits are in {{newer}} that "
        "are not in {{older}}?",
        build=_commits_between,
        confirm=_confirm_commits_between,
        length=(8, 8),
    ),
]
