"""Deterministic generation of the Git-hosting site's world.

``generate(conn, seed)`` creates the tables from ``schema.sql`` and fills them: 110
users, 12 groups, 70+ projects (a few of them forks) with real repositories (files
in Python, JavaScript, Go and Rust, a README, a licence, CI and docs; a history of
commits, feature branches merged through merge commits, and release tags), labels,
milestones, 1,500+ issues and 400+ merge requests with comments and approvals, stars,
members with roles, to-dos and an activity feed, spread over the two years before
:data:`~webenv.sites.core.clock.WORLD_NOW`. Every random draw comes from
:class:`~webenv.sites.core.rng.Rng`, so a seed gives byte-identical databases on every
Python version. Seed 0 is the canonical world curated tasks are written against.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from importlib import resources
from operator import itemgetter
from string import Template
from typing import Any

from ..core import images
from ..core.auth import DEMO_PASSWORD, hash_password
from ..core.clock import WORLD_NOW, stamp
from ..core.rng import Rng
from ..core.slugs import slugify
from . import words
from .codegen import ProjectFiles
from .repo import RepoWriter

DEMO_USERNAME = "alex.chen"
"""The default task user (``users.id`` 1)."""

USER_COUNT = 110
HISTORY_DAYS = 730

GUEST, REPORTER, DEVELOPER, MAINTAINER, OWNER = 10, 20, 30, 40, 50
ROLE_NAMES = {
    GUEST: "Guest",
    REPORTER: "Reporter",
    DEVELOPER: "Developer",
    MAINTAINER: "Maintainer",
    OWNER: "Owner",
}

# alex.chen's place in the world: group -> role (others are drawn at random).
DEMO_GROUP_ROLES = {
    "northwind": MAINTAINER,
    "kestrel-cloud": DEVELOPER,
    "lumen-web": REPORTER,
    "open-harbor": GUEST,
    "copperleaf": DEVELOPER,
}
DEMO_PROJECTS = 4
OTHER_USER_PROJECTS = 10
FORKS = 8


def fill(template: str, values: dict[str, str]) -> str:
    """Fill a ``$placeholder`` template, leaving unknown placeholders alone."""
    return Template(template).safe_substitute(values)


@dataclass
class _User:
    id: int
    username: str
    name: str
    created_at: datetime

    @property
    def email(self) -> str:
        return f"{self.username}@example.com"


@dataclass
class _Project:
    id: int
    namespace_id: int
    path: str
    name: str
    description: str
    visibility: str
    language: words.Language
    domain: tuple[str, str]
    created_at: datetime
    end: datetime
    creator_id: int
    members: dict[int, int]
    default_branch: str = "main"
    topics: list[str] = field(default_factory=list)
    files: ProjectFiles | None = None
    mr_specs: list[dict] = field(default_factory=list)
    last_activity: datetime | None = None


class _World:
    """Rows collected while generating, inserted at the end."""

    def __init__(self) -> None:
        self.events: list[tuple[Any, ...]] = []
        self.todos: list[tuple[Any, ...]] = []
        self.notes: list[tuple[Any, ...]] = []

    def event(
        self,
        project_id: int,
        author_id: int,
        action: str,
        moment: datetime,
        target_type: str = "",
        target_id: int | None = None,
        title: str = "",
    ) -> None:
        self.events.append(
            (stamp(moment), project_id, author_id, action, target_type, target_id, title)
        )


def _moment(rng: Rng, start: datetime, end: datetime) -> datetime:
    """A moment between start and end, at a plausible working hour when the span allows."""
    span = int((end - start).total_seconds())
    if span <= 0:
        return start
    if span < 86400 * 2:
        return start + timedelta(seconds=rng.randint(0, span - 1))
    day = start + timedelta(days=rng.randint(0, span // 86400 - 1))
    moment = datetime(
        day.year, day.month, day.day, rng.randint(8, 19), rng.randint(0, 59), rng.randint(0, 59)
    )
    return min(max(moment, start), end)


# --- people and namespaces --------------------------------------------------------------


def _users(rng: Rng) -> list[_User]:
    users = [_User(1, DEMO_USERNAME, "Alex Chen", WORLD_NOW - timedelta(days=1100))]
    seen = {("Alex", "Chen")}
    while len(users) < USER_COUNT:
        first, last = rng.choice(words.FIRST_NAMES), rng.choice(words.LAST_NAMES)
        if (first, last) in seen:
            continue
        seen.add((first, last))
        created = WORLD_NOW - timedelta(days=rng.randint(760, 1500))
        users.append(_User(len(users) + 1, f"{first}.{last}".lower(), f"{first} {last}", created))
    return users


def _groups(rng: Rng, users: list[_User]) -> tuple[list[tuple], dict[str, dict[int, int]]]:
    """Return group namespace rows and each group's members (user id -> role)."""
    rows, members = [], {}
    for index, (path, name, description) in enumerate(words.GROUPS):
        namespace_id = USER_COUNT + index + 1
        created = WORLD_NOW - timedelta(days=rng.randint(740, 900))
        rows.append((namespace_id, path, name, "group", None, description, stamp(created)))
        chosen = rng.sample(users[1:], rng.randint(8, 16))
        roles = {chosen[0].id: OWNER}
        for user in chosen[1:]:
            roles[user.id] = rng.weighted((MAINTAINER, DEVELOPER, REPORTER, GUEST), (2, 5, 2, 1))
        if path in DEMO_GROUP_ROLES:
            roles[1] = DEMO_GROUP_ROLES[path]
        members[path] = roles
    return rows, members


def _follows(rng: Rng, users: list[_User]) -> list[tuple]:
    """Who follows whom: most people follow a few others, alex.chen more often than most."""
    rows = []
    weights = [4.0 if user.id == 1 else 1.0 for user in users]
    for user in users:
        count = 5 if user.id == 1 else rng.weighted((0, 1, 2, 3, 5), (3, 3, 2, 2, 1))
        chosen: set[int] = set()
        for _ in range(count * 3):
            if len(chosen) >= count:
                break
            other = rng.weighted(users, weights)
            if other.id != user.id:
                chosen.add(other.id)
        for other_id in sorted(chosen):
            start = max(user.created_at, users[other_id - 1].created_at)
            rows.append((user.id, other_id, stamp(_moment(rng, start, WORLD_NOW))))
    return rows


ACRONYMS = frozenset({"api", "cli", "sdk"})


def _project_name(rng: Rng, used: set[str]) -> tuple[str, str, str]:
    for attempt in range(500):
        prefix = rng.choice(words.PROJECT_PREFIXES)
        kind, _template = rng.choice(words.PROJECT_KINDS)
        path = f"{prefix}-{kind}"
        label = kind.upper() if kind in ACRONYMS else kind.capitalize()
        name = f"{prefix.capitalize()} {label}"
        if attempt >= 200:  # a large world uses up the plain names: a numbered edition
            path, name = f"{path}-{attempt - 198}", f"{name} {attempt - 198}"
        if path not in used:
            used.add(path)
            return path, name, kind
    raise RuntimeError("ran out of project names")  # pragma: no cover


def _new_project(
    rng: Rng,
    project_id: int,
    namespace_id: int,
    creator: int,
    members: dict[int, int],
    used: set[str],
    visibility: str,
) -> _Project:
    path, name, kind = _project_name(rng, used)
    template = dict(words.PROJECT_KINDS)[kind]
    domain = rng.choice(words.DOMAINS)
    description = Template(template).substitute(domain=domain[0], domains=domain[1])
    language = rng.weighted(words.LANGUAGES, words.LANGUAGE_WEIGHTS)
    created = WORLD_NOW - timedelta(
        days=rng.randint(90, HISTORY_DAYS - 5), hours=rng.randint(0, 23)
    )
    if rng.chance(0.8):
        end = WORLD_NOW - timedelta(hours=rng.randint(2, 24 * 20))
    else:
        end = WORLD_NOW - timedelta(days=rng.randint(40, 200))
    if end <= created + timedelta(days=30):
        end = min(WORLD_NOW - timedelta(hours=3), created + timedelta(days=60))
    project = _Project(
        project_id,
        namespace_id,
        path,
        name,
        description,
        visibility,
        language,
        domain,
        created,
        end,
        creator,
        dict(members),
    )
    project.default_branch = "master" if rng.chance(0.12) else "main"
    project.topics = sorted(set(rng.sample(words.TOPICS, rng.randint(1, 3))))
    return project


def _visibility(rng: Rng) -> str:
    return rng.weighted(("public", "internal", "private"), (6, 2, 2))


# --- repositories -----------------------------------------------------------------------


class _RepoBuilder:
    """Builds one project's history with a :class:`RepoWriter`."""

    def __init__(
        self,
        rng: Rng,
        writer: RepoWriter,
        project: _Project,
        users: dict[int, _User],
        world: _World,
    ) -> None:
        self.rng = rng
        self.writer = writer
        self.project = project
        self.users = users
        self.world = world
        self.refs: list[tuple] = []
        self.branch_names: set[str] = set()
        self.mr_titles: set[str] = set()
        self.last_commit = project.created_at
        self._blob_cache: dict[str, int] = {}

    def snapshot(self, files: ProjectFiles) -> dict[str, int]:
        cache = self._blob_cache
        result = {}
        for path, content in files.files.items():
            blob_id = cache.get(content)
            if blob_id is None:
                blob_id = cache[content] = self.writer.blob(content)
            result[path] = blob_id
        return result

    def commit(
        self,
        files: ProjectFiles | dict[str, int],
        parents: list[str],
        author_id: int,
        message: str,
        moment: datetime,
        branch: str,
    ) -> str:
        user = self.users[author_id]
        snapshot = files if isinstance(files, dict) else self.snapshot(files)
        sha = self.writer.commit(
            self.project.id,
            snapshot,
            parents,
            (user.id, user.name, user.email),
            message,
            stamp(moment),
        )
        self.world.event(self.project.id, author_id, "pushed to", moment, "branch", None, branch)
        self.last_commit = max(self.last_commit, moment)
        return sha

    def branch_name(self, message: str) -> str:
        prefix = self.rng.choice(words.BRANCH_PREFIXES)
        base = f"{prefix}/{slugify(message)[:40].strip('-')}"
        name, number = base, 2
        while name in self.branch_names:
            name, number = f"{base}-{number}", number + 1
        self.branch_names.add(name)
        return name

    def mr_title(self, message: str) -> str:
        """The title of a merge request whose first commit says ``message``: that message,
        unless another merge request of the project has it already."""
        title, number = message, 1
        while title in self.mr_titles:
            title = f"{message} (follow-up)" if number == 1 else f"{message} (follow-up {number})"
            number += 1
        self.mr_titles.add(title)
        return title

    def developers(self) -> list[int]:
        return sorted(uid for uid, role in self.project.members.items() if role >= DEVELOPER)

    def pick_author(self, boost_demo: float = 3.0) -> int:
        devs = self.developers()
        weights = [boost_demo if uid == 1 else 1.0 for uid in devs]
        return self.rng.weighted(devs, weights)

    def build(self) -> None:
        rng, project = self.rng, self.project
        holder = project.name if rng.chance(0.5) else self.users[project.creator_id].name
        files = ProjectFiles(
            rng,
            project.language,
            _package(project),
            project.name,
            project.description,
            project.domain,
            holder,
            project.created_at.year,
        )
        main = project.default_branch
        head = self.commit(
            files, [], project.creator_id, "Initial commit", project.created_at, main
        )
        span_start, span_end = project.created_at + timedelta(hours=2), project.end
        n_direct = rng.randint(14, 26)
        n_merged = rng.randint(3, 6)
        n_open = rng.randint(1, 3)
        n_closed = rng.randint(0, 2)
        n_release = rng.randint(2, 5)
        kinds = ["direct"] * n_direct + ["merged"] * n_merged + ["release"] * n_release
        rng.shuffle(kinds)
        span = (span_end - span_start).total_seconds()
        times = sorted(span_start + timedelta(seconds=rng.uniform(0, span)) for _ in kinds)
        schedule = list(zip(times, kinds, strict=True))
        for _ in range(n_open):
            moment = span_end - timedelta(seconds=rng.uniform(0, min(span, 86400 * 40)))
            schedule.append((moment, "open"))
        for _ in range(n_closed):
            schedule.append((span_start + timedelta(seconds=rng.uniform(0, span * 0.9)), "closed"))
        schedule.sort(key=lambda item: (item[0], item[1]))
        releases = 0
        for index, (moment, kind) in enumerate(schedule):
            following = [t for t, k in schedule[index + 1 :] if k not in ("open", "closed")]
            window_end = following[0] if following else span_end
            if kind == "direct":
                message = files.random_op(rng)
                head = self.commit(files, [head], self.pick_author(1.5), message, moment, main)
            elif kind == "release":
                releases += 1
                major = files.version[0] == 0 and releases >= 3 and rng.chance(0.6)
                message, tag = files.op_release(rng, major=major)
                author = self.pick_author(1.0)
                head = self.commit(files, [head], author, message, moment, main)
                self.refs.append((project.id, "tag", tag, head, f"Release {tag}", stamp(moment)))
                self.world.event(project.id, author, "created tag", moment, "tag", None, tag)
            elif kind == "merged":
                head, files = self._merged_mr(files, head, moment, window_end)
            else:
                self._side_branch(files, head, moment, kind)
        self.refs.append((project.id, "branch", main, head, "", stamp(self.last_commit)))
        project.files = files

    def _branch_commits(
        self,
        branch: ProjectFiles,
        base: str,
        author: int,
        start: datetime,
        end: datetime,
        isolated: bool,
    ) -> tuple[str, str, str, int]:
        """Commit 1-4 changes on a new branch; return (name, head, first message, count)."""
        rng = self.rng
        count = rng.randint(1, 4)
        head, first, name = base, "", ""
        step = (end - start) / (count + 2)
        for number in range(count):
            if isolated:
                if number == 0:
                    message = branch.op_add_module(rng, reserve=True)
                elif rng.chance(0.5):
                    message = branch.op_add_function(rng, only=branch.last_module)
                else:
                    message = branch.op_add_test(rng, only=branch.last_module)
            else:
                message = branch.random_op(rng)
            if not first:
                first, name = message, self.branch_name(message)
            head = self.commit(branch, [head], author, message, start + step * (number + 1), name)
        return name, head, first, count

    def _merged_mr(
        self, files: ProjectFiles, head: str, start: datetime, end: datetime
    ) -> tuple[str, ProjectFiles]:
        rng, project = self.rng, self.project
        author = self.pick_author()
        branch = files.copy()
        name, source, first, count = self._branch_commits(branch, head, author, start, end, False)
        title = self.mr_title(first)
        merged_at = start + (end - start) * ((count + 1.5) / (count + 2))
        mergers = [
            uid for uid, role in project.members.items() if role >= MAINTAINER and uid != author
        ] or self.developers()
        merger = rng.choice(sorted(mergers))
        message = (
            f"Merge branch '{name}' into '{project.default_branch}'\n\n{title}\n\n"
            f"See merge request !{len(project.mr_specs) + 1}"
        )
        merge = self.commit(
            branch, [head, source], merger, message, merged_at, project.default_branch
        )
        if rng.chance(0.25):
            self.refs.append((project.id, "branch", name, source, "", stamp(merged_at)))
        project.mr_specs.append(
            {
                "state": "merged",
                "author": author,
                "source_branch": name,
                "title": title,
                "created_at": start + (end - start) / (count + 2),
                "merged_at": merged_at,
                "source_sha": source,
                "base_sha": head,
                "merge_commit_sha": merge,
                "merger": merger,
                "commits": count,
            }
        )
        return merge, branch

    def _side_branch(self, files: ProjectFiles, head: str, moment: datetime, kind: str) -> None:
        rng, project = self.rng, self.project
        author = self.pick_author(4.0 if kind == "open" else 1.0)
        branch = files.copy()
        end = min(moment + timedelta(hours=rng.randint(4, 96)), WORLD_NOW - timedelta(hours=1))
        if end <= moment:
            end = moment + timedelta(minutes=30)
        name, source, first, count = self._branch_commits(branch, head, author, moment, end, True)
        title = self.mr_title(first)
        spec = {
            "state": "opened" if kind == "open" else "closed",
            "author": author,
            "source_branch": name,
            "title": title,
            "created_at": end - (end - moment) / 3,
            "commits": count,
            "base_sha": head,
            "source_sha": source,
        }
        if kind == "closed":
            spec["closed_at"] = end + timedelta(days=rng.randint(1, 20))
            if rng.chance(0.5):
                self.refs.append((project.id, "branch", name, source, "", stamp(end)))
        else:
            self.refs.append((project.id, "branch", name, source, "", stamp(end)))
        project.mr_specs.append(spec)


def _package(project: _Project) -> str:
    if project.language.name in ("Python", "Rust"):
        return project.path.replace("-", "_")
    return project.path


# --- issues, merge requests and the rest -------------------------------------------------


def _context(rng: Rng, project: _Project) -> dict[str, str]:
    files = project.files
    assert files is not None
    modules = sorted(files.modules)
    module = rng.choice(modules)
    function = rng.choice(files.modules[module].functions)
    constant = rng.choice(words.CONSTANTS)
    topic = rng.choice(words.DOC_TOPICS)[1].lower()
    feature = rng.choice(files.features).lower()
    name = files.source_name(function.name)
    return {
        "fn": name,
        "Fn": name[:1].upper() + name[1:],
        "module": module,
        "Module": module.capitalize(),
        "field": function.field,
        "noun": function.noun,
        "const": constant[0],
        "value": str(constant[1]),
        "feature": feature,
        "topic": topic,
        "domain": project.domain[0],
        "domains": project.domain[1],
        "Domains": project.domain[1].capitalize(),
        "path": files.module_path(module),
        "test_path": files.test_path(module),
        "package": files.package,
    }


def _recent(moment: datetime) -> bool:
    """Whether a to-do about ``moment`` would plausibly still be pending."""
    return moment >= WORLD_NOW - timedelta(days=120)


def _comment_authors(rng: Rng, project: _Project, users: list[_User]) -> list[int]:
    members = sorted(project.members)
    if project.visibility == "private":
        return members
    return members + [rng.choice(users).id for _ in range(3)]


class _Tracker:
    """Generates labels, milestones, issues and merge requests for all projects."""

    def __init__(self, rng: Rng, text_rng: Rng, users: list[_User], world: _World) -> None:
        self.rng = rng
        self.text_rng = text_rng
        self.issue_titles: dict[int, set[str]] = {}
        self.users = users
        self.world = world
        self.labels: list[tuple] = []
        self.milestones: list[tuple] = []
        self.issues: list[tuple] = []
        self.issue_labels: list[tuple] = []
        self.issue_assignees: list[tuple] = []
        self.mrs: list[tuple] = []
        self.mr_labels: list[tuple] = []
        self.mr_assignees: list[tuple] = []
        self.mr_reviewers: list[tuple] = []
        self.approvals: list[tuple] = []

    def project(self, project: _Project) -> None:
        rng = self.rng
        chosen = list(words.LABELS[:3]) + rng.sample(words.LABELS[3:], rng.randint(3, 7))
        label_ids = []
        for name, colour, description in sorted(chosen):
            self.labels.append((len(self.labels) + 1, project.id, name, colour, description))
            label_ids.append(len(self.labels))
        milestone_ids: list[tuple[int, datetime]] = []
        titles = rng.sample(words.MILESTONE_TITLES, rng.randint(2, 4))
        start = project.created_at + timedelta(days=10)
        for title in titles:
            begin = _moment(rng, start, WORLD_NOW - timedelta(days=30))
            due = begin + timedelta(days=rng.choice((30, 45, 60, 90)))
            state = (
                "closed" if due < WORLD_NOW - timedelta(days=20) and rng.chance(0.7) else ("active")
            )
            self.milestones.append(
                (
                    len(self.milestones) + 1,
                    project.id,
                    title,
                    rng.choice(words.MILESTONE_DESCRIPTIONS),
                    state,
                    begin.strftime("%Y-%m-%d"),
                    due.strftime("%Y-%m-%d"),
                    stamp(begin - timedelta(days=3)),
                )
            )
            milestone_ids.append((len(self.milestones), due))
        self._issues(project, label_ids, milestone_ids)
        self._merge_requests(project, label_ids, milestone_ids)

    def _mention(
        self,
        project: _Project,
        body: str,
        target_type: str,
        target_id: int,
        author: int,
        moment: datetime,
        open_: bool,
    ) -> str:
        rng = self.rng
        if not rng.chance(0.12):
            return body
        candidates = sorted(uid for uid in project.members if uid != author)
        if not candidates:
            return body
        weights = [6.0 if uid == 1 else 1.0 for uid in candidates]
        mentioned = rng.weighted(candidates, weights)
        username = self.users[mentioned - 1].username
        self.world.todos.append(
            (
                mentioned,
                project.id,
                target_type,
                target_id,
                "mentioned",
                author,
                "pending" if open_ and _recent(moment) and rng.chance(0.8) else "done",
                stamp(moment),
            )
        )
        return f"@{username} {body[:1].lower()}{body[1:]}"

    def _comments(
        self,
        project: _Project,
        target_type: str,
        target_id: int,
        start: datetime,
        end: datetime,
        count: int,
        values: dict[str, str],
        open_: bool,
    ) -> datetime:
        rng = self.rng
        last = start
        authors = _comment_authors(rng, project, self.users)
        moments = sorted(_moment(rng, start, end) for _ in range(count))
        for moment in moments:
            author = rng.choice(authors)
            body = fill(rng.choice(words.COMMENTS), values)
            body = self._mention(project, body, target_type, target_id, author, moment, open_)
            self.world.notes.append(
                (project.id, target_type, target_id, author, body, 0, stamp(moment))
            )
            self.world.event(project.id, author, "commented on", moment, target_type, target_id)
            last = max(last, moment)
        return last

    def _issue_title(
        self, project: _Project, template: str, values: dict[str, str]
    ) -> tuple[str, dict[str, str]]:
        """A title no other issue of ``project`` has, and the context it was filled from.

        The first try fills ``template`` with ``values``; retries draw from the tracker's
        text stream, so they never shift the rest of the world.
        """
        taken = self.issue_titles.setdefault(project.id, set())
        title = fill(template, values)
        for attempt in range(200):
            if title not in taken:
                break
            if attempt % 4 == 3:
                values = _context(self.text_rng, project)
            title = fill(self.text_rng.choice(words.ISSUE_TITLES), values)
        else:  # pragma: no cover - projects have far fewer issues than titles
            raise RuntimeError(f"cannot make a new issue title in {project.path}")
        taken.add(title)
        return title, values

    def _issues(
        self, project: _Project, label_ids: list[int], milestone_ids: list[tuple[int, datetime]]
    ) -> None:
        rng = self.rng
        count = rng.randint(12, 36)
        start = project.created_at + timedelta(days=2)
        moments = sorted(_moment(rng, start, WORLD_NOW - timedelta(hours=2)) for _ in range(count))
        members = sorted(project.members)
        reporters = sorted(uid for uid, role in project.members.items() if role >= REPORTER)
        for iid, created in enumerate(moments, start=1):
            issue_id = len(self.issues) + 1
            values = _context(rng, project)
            title, values = self._issue_title(project, rng.choice(words.ISSUE_TITLES), values)
            body = fill(rng.choice(words.ISSUE_BODIES), values)
            author = rng.choice(
                members
                + [rng.choice(self.users).id] * (0 if project.visibility == "private" else 1)
            )
            age = (WORLD_NOW - created).days
            closed = rng.chance(min(0.85, 0.15 + age / 500))
            closed_at = (
                _moment(
                    rng,
                    created + timedelta(hours=3),
                    min(
                        WORLD_NOW - timedelta(hours=1),
                        created + timedelta(days=rng.randint(1, 120)),
                    ),
                )
                if closed
                else None
            )
            milestone, due_date = None, None
            if milestone_ids and rng.chance(0.45):
                milestone, due = rng.choice(milestone_ids)
                if rng.chance(0.3):
                    due_date = (due - timedelta(days=rng.randint(0, 20))).strftime("%Y-%m-%d")
            elif rng.chance(0.1):
                due_date = (created + timedelta(days=rng.randint(7, 60))).strftime("%Y-%m-%d")
            end = closed_at or WORLD_NOW - timedelta(hours=1)
            last = self._comments(
                project,
                "issue",
                issue_id,
                created + timedelta(minutes=20),
                end,
                rng.weighted((0, 1, 2, 3, 5), (3, 3, 2, 2, 1)),
                values,
                not closed,
            )
            for label in sorted(
                set(rng.sample(label_ids, rng.weighted((0, 1, 2, 3), (2, 5, 3, 1))))
            ):
                self.issue_labels.append((issue_id, label))
            assignees: set[int] = set()
            if reporters and rng.chance(0.7):
                weights = [1.5 if uid == 1 else 1.0 for uid in reporters]
                assignees.add(rng.weighted(reporters, weights))
                if rng.chance(0.15):
                    assignees.add(rng.choice(reporters))
            for user_id in sorted(assignees):
                self.issue_assignees.append((issue_id, user_id))
                if user_id != author:
                    self.world.todos.append(
                        (
                            user_id,
                            project.id,
                            "issue",
                            issue_id,
                            "assigned",
                            author,
                            "pending"
                            if not closed and _recent(created) and rng.chance(0.85)
                            else "done",
                            stamp(created + timedelta(minutes=5)),
                        )
                    )
            self.world.event(project.id, author, "opened", created, "issue", issue_id, title)
            if closed_at is not None:
                closer = rng.choice(sorted(assignees) or reporters or [author])
                self.world.notes.append(
                    (project.id, "issue", issue_id, closer, "closed", 1, stamp(closed_at))
                )
                self.world.event(project.id, closer, "closed", closed_at, "issue", issue_id, title)
            updated = max(last, closed_at or created)
            self.issues.append(
                (
                    issue_id,
                    project.id,
                    iid,
                    title,
                    body,
                    "closed" if closed else "opened",
                    author,
                    milestone,
                    due_date,
                    stamp(created),
                    stamp(updated),
                    stamp(closed_at) if closed_at else None,
                )
            )
            project.last_activity = max(project.last_activity or created, updated)

    def _merge_requests(
        self, project: _Project, label_ids: list[int], milestone_ids: list[tuple[int, datetime]]
    ) -> None:
        rng = self.rng
        specs = sorted(project.mr_specs, key=lambda spec: spec["created_at"])
        members = sorted(project.members)
        developers = sorted(uid for uid, role in project.members.items() if role >= DEVELOPER)
        issue_count = sum(1 for row in self.issues if row[1] == project.id)
        for iid, spec in enumerate(specs, start=1):
            mr_id = len(self.mrs) + 1
            values = _context(rng, project)
            values["issue"] = str(rng.randint(1, max(1, issue_count)))
            title = spec["title"]
            if spec["state"] == "opened" and rng.chance(0.2):
                title = "Draft: " + title
            body = fill(rng.choice(words.MR_BODIES), values)
            created: datetime = spec["created_at"]
            state = spec["state"]
            finished = spec.get("merged_at") or spec.get("closed_at")
            end = finished or WORLD_NOW - timedelta(hours=1)
            last = self._comments(
                project,
                "merge_request",
                mr_id,
                created + timedelta(minutes=10),
                end,
                rng.weighted((0, 1, 2, 4), (3, 3, 2, 1)),
                values,
                state == "opened",
            )
            reviewers = [uid for uid in developers if uid != spec["author"]]
            approvers: list[int] = []
            if reviewers and (state == "merged" or rng.chance(0.4)):
                approvers = sorted(
                    set(rng.sample(reviewers, min(len(reviewers), rng.randint(1, 2))))
                )
            for uid in approvers:
                moment = _moment(rng, created, end)
                self.approvals.append((mr_id, uid, stamp(moment)))
                self.world.event(project.id, uid, "approved", moment, "merge_request", mr_id, title)
            assignees = {spec["author"]} if rng.chance(0.7) else set()
            # Whoever approved was asked for a review, and so is an open MR's requested reviewer.
            requested = set(approvers)
            if reviewers and state == "opened" and rng.chance(0.5):
                weights = [5.0 if uid == 1 else 1.0 for uid in reviewers]
                reviewer = rng.weighted(reviewers, weights)
                assignees.add(reviewer)
                requested.add(reviewer)
                self.world.todos.append(
                    (
                        reviewer,
                        project.id,
                        "merge_request",
                        mr_id,
                        "review_requested",
                        spec["author"],
                        "pending" if _recent(created) and rng.chance(0.85) else "done",
                        stamp(created + timedelta(minutes=2)),
                    )
                )
            for uid in sorted(assignees):
                self.mr_assignees.append((mr_id, uid))
            for uid in sorted(requested):
                self.mr_reviewers.append((mr_id, uid))
            for label in sorted(set(rng.sample(label_ids, rng.randint(0, 2)))):
                self.mr_labels.append((mr_id, label))
            milestone = (
                rng.choice(milestone_ids)[0] if milestone_ids and rng.chance(0.3) else (None)
            )
            self.world.event(
                project.id, spec["author"], "opened", created, "merge_request", mr_id, title
            )
            merged_at = spec.get("merged_at")
            closed_at = spec.get("closed_at")
            if merged_at:
                self.world.notes.append(
                    (
                        project.id,
                        "merge_request",
                        mr_id,
                        spec["merger"],
                        "merged",
                        1,
                        stamp(merged_at),
                    )
                )
                self.world.event(
                    project.id, spec["merger"], "merged", merged_at, "merge_request", mr_id, title
                )
            if closed_at:
                closer = rng.choice([spec["author"], *developers])
                self.world.notes.append(
                    (project.id, "merge_request", mr_id, closer, "closed", 1, stamp(closed_at))
                )
                self.world.event(
                    project.id, closer, "closed", closed_at, "merge_request", mr_id, title
                )
            updated = max(last, finished or created)
            frozen = state != "opened"
            self.mrs.append(
                (
                    mr_id,
                    project.id,
                    iid,
                    title,
                    body,
                    state,
                    spec["author"],
                    spec["source_branch"],
                    project.default_branch,
                    spec["source_sha"] if frozen else None,
                    spec["base_sha"] if frozen else None,
                    spec.get("merge_commit_sha"),
                    milestone,
                    spec.get("merger"),
                    stamp(created),
                    stamp(updated),
                    stamp(merged_at) if merged_at else None,
                    stamp(closed_at) if closed_at else None,
                )
            )
            project.last_activity = max(project.last_activity or created, updated)
        del members


# --- forks -----------------------------------------------------------------------------


def _fork(conn: sqlite3.Connection, source: _Project, fork: _Project, moment: datetime) -> None:
    """Copy the source's history as of ``moment`` into ``fork``."""
    commits = {
        row[1]: row
        for row in conn.execute(
            "SELECT id, sha, tree_id, parent_sha, parent2_sha, author_id, "
            "author_name, author_email,"
            " message, created_at FROM commits WHERE project_id = ?",
            (source.id,),
        )
    }
    head = conn.execute(
        "SELECT commit_sha FROM refs WHERE project_id = ? AND kind = 'branch' AND name = ?",
        (source.id, source.default_branch),
    ).fetchone()[0]
    when = stamp(moment)
    while commits[head][9] > when and commits[head][3]:
        head = commits[head][3]
    reachable: set[str] = set()
    stack = [head]
    while stack:
        sha = stack.pop()
        if sha in reachable:
            continue
        reachable.add(sha)
        stack += [parent for parent in commits[sha][3:5] if parent]
    rows = sorted((commits[sha] for sha in reachable), key=lambda row: row[0])
    conn.executemany(
        "INSERT INTO commits (project_id, sha, tree_id, parent_sha, parent2_sha, author_id,"
        " author_name, author_email, message, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(fork.id, *row[1:]) for row in rows],
    )
    conn.execute(
        "INSERT INTO refs VALUES (?, 'branch', ?, ?, '', ?)",
        (fork.id, source.default_branch, head, when),
    )
    conn.execute(
        "INSERT INTO refs SELECT ?, kind, name, commit_sha, message, created_at FROM refs"
        " WHERE project_id = ? AND kind = 'tag' AND created_at <= ? ORDER BY name",
        (fork.id, source.id, when),
    )


def _insert_projects(
    conn: sqlite3.Connection, projects: list[_Project], fork_of: dict[int, int]
) -> None:
    """Insert project rows with their members (counts and activity are updated later)."""
    conn.executemany(
        "INSERT INTO projects VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?, ?, 'merge')",
        [
            (
                p.id,
                p.namespace_id,
                p.path,
                p.name,
                p.description,
                p.visibility,
                p.default_branch,
                p.language.name,
                fork_of.get(p.id),
                p.creator_id,
                stamp(p.created_at),
                stamp(p.created_at),
            )
            for p in projects
        ],
    )
    conn.executemany(
        "INSERT INTO members VALUES (?, ?, ?, ?)",
        [
            (p.id, uid, role, stamp(p.created_at))
            for p in projects
            for uid, role in sorted(p.members.items())
        ],
    )


# --- the whole world --------------------------------------------------------------------


def generate(conn: sqlite3.Connection, seed: int = 0, *, scale: int = 1) -> None:  # noqa: C901 - one generation step per table, in order
    """Create the Git-hosting site's tables and fill them with the world of ``seed``.

    Args:
        conn: An empty (or disposable) database; existing githost tables are dropped.
        seed: The world seed; 0 is the canonical world tasks are written against.
        scale: Size multiplier: ``scale`` times as many projects (and so issues and
            merge requests).
    """
    rng = Rng(f"githost:{seed}")
    people_rng, project_rng, repo_rng = (
        rng.fork("people"),
        rng.fork("projects"),
        rng.fork("repositories"),
    )
    tracker_rng, social_rng = rng.fork("tracker"), rng.fork("social")
    title_rng, scale_rng = rng.fork("titles"), rng.fork("scale")
    conn.executescript(resources.files(__package__).joinpath("schema.sql").read_text())
    world = _World()

    users = _users(people_rng)
    by_id = {user.id: user for user in users}
    group_rows, group_members = _groups(people_rng, users)
    conn.executemany(
        "INSERT INTO users (id, username, password_hash, name, email, bio, created_at,"
        " session_generation) VALUES (?, ?, ?, ?, ?, ?, ?, 0)",
        [
            (
                user.id,
                user.username,
                hash_password(DEMO_PASSWORD, user.username),
                user.name,
                user.email,
                "" if user.id == 1 else people_rng.choice(words.BIOS),
                stamp(user.created_at),
            )
            for user in users
        ],
    )
    conn.executemany(
        "INSERT INTO namespaces (id, path, name, kind, owner_id, description, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (user.id, user.username, user.name, "user", user.id, "", stamp(user.created_at))
            for user in users
        ]
        + group_rows,
    )
    conn.executemany(
        "INSERT INTO group_members VALUES (?, ?, ?, ?)",
        [
            (row[0], uid, role, row[6])
            for row in group_rows
            for uid, role in sorted(group_members[row[1]].items())
        ],
    )

    # Projects: 4-5 per group, a few personal ones (4 of them alex.chen's).
    used: set[str] = set()
    projects: list[_Project] = []
    for row in group_rows:
        namespace_id, path = row[0], row[1]
        members = group_members[path]
        owners = sorted(uid for uid, role in members.items() if role == OWNER)
        for _ in range(project_rng.randint(4, 5)):
            project = _new_project(
                project_rng,
                len(projects) + 1,
                namespace_id,
                project_rng.choice(owners),
                members,
                used,
                _visibility(project_rng),
            )
            for user in project_rng.sample(users[1:], project_rng.randint(0, 2)):
                project.members.setdefault(
                    user.id, project_rng.weighted((DEVELOPER, REPORTER, GUEST), (3, 2, 1))
                )
            projects.append(project)
    owners = [1] * DEMO_PROJECTS + [
        user.id for user in project_rng.sample(users[1:], OTHER_USER_PROJECTS)
    ]
    for index, owner in enumerate(owners):
        members = {owner: OWNER}
        for user in project_rng.sample(users[1:], project_rng.randint(1, 4)):
            if user.id != owner:
                members[user.id] = project_rng.weighted(
                    (MAINTAINER, DEVELOPER, REPORTER), (1, 3, 1)
                )
        if owner != 1 and index < DEMO_PROJECTS + 3:
            members[1] = (DEVELOPER, MAINTAINER, REPORTER)[index - DEMO_PROJECTS]
        visibility = (
            ("public", "private", "internal", "public")[index]
            if owner == 1
            else (_visibility(project_rng))
        )
        projects.append(
            _new_project(project_rng, len(projects) + 1, owner, owner, members, used, visibility)
        )
    canonical = len(projects)
    for _ in range(canonical * (scale - 1)):
        # A larger world keeps the canonical projects (ids included) and adds ``scale - 1``
        # times as many, drawn from its own stream, in the groups and personal namespaces.
        template = projects[scale_rng.randint(0, canonical - 1)]
        members = dict(template.members)
        owner_ids = sorted(uid for uid, role in members.items() if role == OWNER)
        projects.append(
            _new_project(
                scale_rng,
                len(projects) + 1,
                template.namespace_id,
                scale_rng.choice(owner_ids or sorted(members)),
                members,
                used,
                _visibility(scale_rng),
            )
        )

    _insert_projects(conn, projects, {})
    writer = RepoWriter(conn)
    all_refs: list[tuple] = []
    for project in projects:
        builder = _RepoBuilder(repo_rng.fork(project.path), writer, project, by_id, world)
        builder.build()
        all_refs += builder.refs
        project.last_activity = builder.last_commit
    conn.executemany("INSERT INTO refs VALUES (?, ?, ?, ?, ?, ?)", all_refs)

    tracker = _Tracker(tracker_rng, title_rng, users, world)
    for project in projects:
        tracker.project(project)

    # Forks of popular public projects into personal namespaces.
    public = [
        project
        for project in projects
        if project.visibility == "public" and project.namespace_id > USER_COUNT
    ]
    forks: list[tuple[_Project, _Project, datetime]] = []
    fork_owners = [1] + [user.id for user in social_rng.sample(users[1:], FORKS - 1)]
    for source, owner in zip(social_rng.sample(public, FORKS), fork_owners, strict=True):
        moment = _moment(
            social_rng,
            max(source.created_at + timedelta(days=20), WORLD_NOW - timedelta(days=200)),
            WORLD_NOW - timedelta(days=2),
        )
        fork = _Project(
            len(projects) + 1,
            owner,
            source.path,
            source.name,
            source.description,
            "public",
            source.language,
            source.domain,
            moment,
            moment,
            owner,
            {owner: OWNER},
            source.default_branch,
            list(source.topics),
        )
        fork.last_activity = moment
        _insert_projects(conn, [fork], {fork.id: source.id})
        _fork(conn, source, fork, moment)
        world.event(fork.id, owner, "created", moment, "project", fork.id, fork.name)
        projects.append(fork)
        forks.append((source, fork, moment))
    fork_of = {fork.id: source.id for source, fork, _ in forks}

    for project in projects:
        if project.id not in fork_of:
            world.event(
                project.id,
                project.creator_id,
                "created",
                project.created_at,
                "project",
                project.id,
                project.name,
            )

    # Stars: every user stars a few projects they can see; popular ones more often.
    popularity = {project.id: social_rng.random() ** 2 * 10 + 0.2 for project in projects}
    stars: list[tuple] = []
    for user in users:
        visible = [p for p in projects if p.visibility != "private" or user.id in p.members]
        count = 6 if user.id == 1 else social_rng.weighted((0, 1, 2, 4, 7), (2, 3, 3, 2, 1))
        chosen: set[int] = set()
        for _ in range(count * 3):
            if len(chosen) >= count:
                break
            chosen.add(social_rng.weighted(visible, [popularity[p.id] for p in visible]).id)
        for project_id in sorted(chosen):
            project = projects[project_id - 1]
            moment = _moment(social_rng, max(project.created_at, user.created_at), WORLD_NOW)
            stars.append((user.id, project_id, stamp(moment)))
    star_counts: dict[int, int] = {}
    for _, project_id, _ in stars:
        star_counts[project_id] = star_counts.get(project_id, 0) + 1

    conn.executemany(
        "UPDATE projects SET star_count = ?, last_activity_at = ? WHERE id = ?",
        [
            (star_counts.get(p.id, 0), stamp(max(p.last_activity or p.end, p.created_at)), p.id)
            for p in projects
        ],
    )
    conn.executemany(
        "INSERT INTO topics VALUES (?, ?)", [(p.id, topic) for p in projects for topic in p.topics]
    )
    conn.executemany("INSERT INTO stars VALUES (?, ?, ?)", stars)
    conn.executemany("INSERT INTO labels VALUES (?, ?, ?, ?, ?)", tracker.labels)
    conn.executemany("INSERT INTO milestones VALUES (?, ?, ?, ?, ?, ?, ?, ?)", tracker.milestones)
    conn.executemany(
        "INSERT INTO issues VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", tracker.issues
    )
    conn.executemany("INSERT INTO issue_labels VALUES (?, ?)", tracker.issue_labels)
    conn.executemany("INSERT INTO issue_assignees VALUES (?, ?)", tracker.issue_assignees)
    conn.executemany("INSERT INTO merge_requests VALUES (" + ", ".join("?" * 18) + ")", tracker.mrs)
    conn.executemany("INSERT INTO mr_labels VALUES (?, ?)", tracker.mr_labels)
    conn.executemany("INSERT INTO mr_assignees VALUES (?, ?)", tracker.mr_assignees)
    conn.executemany("INSERT INTO mr_reviewers VALUES (?, ?)", tracker.mr_reviewers)
    conn.executemany("INSERT INTO mr_approvals VALUES (?, ?, ?)", tracker.approvals)
    conn.executemany(
        "INSERT INTO notes (project_id, target_type, target_id, author_id, body, system,"
        " created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        sorted(world.notes, key=itemgetter(6, 1, 2)),
    )
    conn.executemany(
        "INSERT INTO todos (user_id, project_id, target_type, target_id, action, author_id,"
        " state, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        sorted(world.todos, key=itemgetter(7, 0, 3)),
    )
    conn.executemany(
        "INSERT INTO events (created_at, project_id, author_id, action, target_type, target_id,"
        " target_title) VALUES (?, ?, ?, ?, ?, ?, ?)",
        sorted(world.events, key=itemgetter(0, 1, 2)),
    )
    conn.executemany(
        "INSERT INTO follows VALUES (?, ?, ?)", _follows(Rng(f"githost-follows:{seed}"), users)
    )
    _avatars(conn, seed)
    conn.commit()


def _avatars(conn: sqlite3.Connection, seed: int) -> None:
    """Give every user and project an avatar colour, from a random stream of their own."""
    rng = Rng(f"githost-images:{seed}")
    for table, owner in (("avatars", "users"), ("project_avatars", "projects")):
        ids = [row[0] for row in conn.execute(f"SELECT id FROM {owner} ORDER BY id")]
        conn.executemany(
            f"INSERT INTO {table} VALUES (?, ?)",
            [(row_id, rng.choice(images.AVATAR_COLOURS)) for row_id in ids],
        )
