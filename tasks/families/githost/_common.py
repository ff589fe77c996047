"""Queries the Git-hosting families share: the task user's projects and how to reach them."""

from __future__ import annotations

from dataclasses import dataclass
from weakref import WeakKeyDictionary

from webenv.families import DEFAULT_LOGINS, WorldData
from webenv.families.steps import click, type_text
from webenv.sites.githost.access import DEVELOPER, REPORTER
from webenv.sites.githost.listing import PER_PAGE

USER = DEFAULT_LOGINS["githost"]
__all__ = ["DEVELOPER", "PER_PAGE", "REPORTER", "USER"]


@dataclass(frozen=True)
class Project:
    """A project the task user is a member of."""

    id: int
    path: str
    name: str
    description: str
    namespace: str
    namespace_path: str
    role: int
    archived: int

    @property
    def full_name(self) -> str:
        """``'Kestrel Cloud / Jade API'``, as project lists show it."""
        return f"{self.namespace} / {self.name}"


def user_id(data: WorldData) -> int:
    """The task user's id."""
    return int(data.value("githost", "SELECT id FROM users WHERE username = ?", (USER,)))


# Per world: the task user's projects (read from the pristine data, which never changes);
# nearly every family filters them through ``reachable``, which needs them all again.
_MY_PROJECTS: WeakKeyDictionary[WorldData, tuple[Project, ...]] = WeakKeyDictionary()


def my_projects(data: WorldData) -> list[Project]:
    """Projects the task user is a member of, by id."""
    cached = _MY_PROJECTS.get(data)
    if cached is None:
        cached = _MY_PROJECTS[data] = tuple(_query_my_projects(data))
    return list(cached)


def _query_my_projects(data: WorldData) -> list[Project]:
    rows = data.query(
        "githost",
        "SELECT p.id, p.path, p.name, p.description, n.name, n.path, "
        "m.role, p.archived FROM projects p JOIN namespaces n ON "
        "n.id = p.namespace_id JOIN members m ON m.project_id = p.id "
        "WHERE m.user_id = ? ORDER BY p.id",
        (user_id(data),),
    )
    return [Project(*row) for row in rows]


def reachable(data: WorldData, project: Project) -> bool:
    """Whether filtering "Your projects" by the project's name lists it on the first page
    under a link no other listed project shares."""
    needle = project.name.casefold()
    matches = [
        p
        for p in my_projects(data)
        if needle in p.name.casefold()
        or needle in p.description.casefold()
        or needle in p.namespace_path.casefold()
    ]
    return len(matches) <= PER_PAGE and sum(p.full_name == project.full_name for p in matches) == 1


def open_project(project: Project) -> list[dict]:
    """Steps from the dashboard to a project's overview: filter "Your projects" by name."""
    return [
        type_text("Filter by name", project.name, role="searchbox", enter=True),
        click(project.full_name),
    ]


def branch_head(data: WorldData, project_id: int, ref: str) -> str | None:
    """The commit sha a branch or tag of the project points to (None when there is none)."""
    return data.value(
        "githost",
        "SELECT commit_sha FROM refs WHERE project_id = ? AND name = ? ORDER BY kind LIMIT 1",
        (project_id, ref),
    )


def history(data: WorldData, project_id: int, head: str) -> list[tuple[str, str, str, str]]:
    """``(sha, author name, author email, created_at)`` of every commit reachable from
    ``head`` (both parents followed, as ``git log``), newest first as the Commits page
    lists them; found by a recursive SQL walk."""
    return data.query(
        "githost",
        "WITH RECURSIVE reach(sha) AS (SELECT ? UNION SELECT p.sha FROM reach r JOIN commits c "
        "ON c.project_id = ? AND c.sha = r.sha JOIN commits p ON p.project_id = c.project_id "
        "AND p.sha IN (c.parent_sha, c.parent2_sha)) "
        "SELECT c.sha, c.author_name, c.author_email, c.created_at FROM reach r JOIN commits c "
        "ON c.project_id = ? AND c.sha = r.sha ORDER BY c.created_at DESC, c.id DESC",
        (head, project_id, project_id),
    )


def merge_shas(data: WorldData, project_id: int) -> set[str]:
    """The shas of the project's merge commits (which the Contributors page leaves out)."""
    return {
        sha
        for (sha,) in data.query(
            "githost",
            "SELECT sha FROM commits WHERE project_id = ? AND parent2_sha IS NOT NULL",
            (project_id,),
        )
    }


def walk_history(data: WorldData, project_id: int, head: str) -> dict[str, tuple[str, str]]:
    """``sha -> (author name, created_at)`` of the commits reachable from ``head``, walked
    in Python from the commit rows (the independent route confirmations take)."""
    commits = {
        sha: (author, created, parents)
        for sha, author, created, *parents in data.query(
            "githost",
            "SELECT sha, author_name, created_at, parent_sha, parent2_sha FROM commits "
            "WHERE project_id = ?",
            (project_id,),
        )
    }
    seen: dict[str, tuple[str, str]] = {}
    stack = [head]
    while stack:
        sha = stack.pop()
        if sha in seen or sha not in commits:
            continue
        author, created, parents = commits[sha]
        seen[sha] = (author, created)
        stack.extend(parent for parent in parents if parent)
    return seen


def project_named(data: WorldData, full_name: str) -> Project:
    """One of the task user's projects by its display name (``'Group / Name'``)."""
    return next(p for p in my_projects(data) if p.full_name == full_name)


def author_filter_keeps(author: str, name: str, email: str) -> bool:
    """Whether the Commits page's Author filter, given ``author``, keeps a commit by
    ``name`` <``email``> (a case-insensitive part of the name, or the email's user part)."""
    needle = author.lower()
    return needle in name.lower() or needle == email.split("@")[0]
