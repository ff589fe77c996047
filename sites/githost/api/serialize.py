"""Rows as GitLab v4 JSON: users, projects, issues, merge requests, notes, labels, milestones.

Field names and shapes follow GitLab's API; timestamps are the world clock's, in
GitLab's ISO 8601 form (``2024-06-15T12:00:00.000Z``); ``web_url`` uses the site's
configured base URL.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from typing import Any

from flask import current_app, g

from ...core.db import RowLike, get_db
from .. import tracker
from ..tracker import ISSUE, MERGE_REQUEST, Kind


def base_url() -> str:
    """The site's base URL, e.g. ``http://git.test``."""
    return str(current_app.config["SITE_URLS"].get("githost", "http://git.test")).rstrip("/")


def moment(value: str | None) -> str | None:
    """A stored ``YYYY-MM-DD HH:MM:SS`` as ``YYYY-MM-DDTHH:MM:SS.000Z`` (None stays None)."""
    if not value:
        return None
    return f"{value.replace(' ', 'T')}.000Z" if len(value) > 10 else value


def user(row: RowLike) -> dict[str, Any]:
    """A user in GitLab's basic shape (``id``, ``username``, ``name``, ``state``...)."""
    return {
        "id": row["id"],
        "username": row["username"],
        "name": row["name"],
        "state": "active",
        "avatar_url": None,
        "web_url": f"{base_url()}/{row['username']}",
    }


def user_detail(row: sqlite3.Row, *, with_email: bool) -> dict[str, Any]:
    """A user with profile fields; ``email`` only for the user themself (``GET /user``)."""
    data = {
        **user(row),
        "created_at": moment(row["created_at"]),
        "bio": row["bio"],
        "website_url": row["website_url"],
        "status_message": row["status_message"],
    }
    if with_email:
        data["email"] = row["email"]
    return data


def users_by_id(ids: Iterable[int]) -> dict[int, sqlite3.Row]:
    """Users by id, for rendering authors and assignees of a page of rows."""
    wanted = sorted(set(ids))
    if not wanted:
        return {}
    marks = ", ".join("?" * len(wanted))
    rows = (
        get_db()
        .execute(f"SELECT id, username, name FROM users WHERE id IN ({marks})", wanted)
        .fetchall()
    )
    return {row["id"]: row for row in rows}


def namespace(row: RowLike) -> dict[str, Any]:
    """A project row's namespace (the row carries ``namespace_*`` columns)."""
    return {
        "id": row["namespace_id"],
        "name": row["namespace_name"],
        "path": row["namespace_path"],
        "kind": row["namespace_kind"],
        "full_path": row["namespace_path"],
        "parent_id": None,
        "avatar_url": None,
        "web_url": f"{base_url()}/{row['namespace_path']}",
    }


def projects(rows: list[sqlite3.Row]) -> list[dict[str, Any]]:
    """Projects (rows with :data:`~webenv.sites.githost.access.PROJECT_COLUMNS`), with
    their open issue and fork counts and topics read in one query each for the page."""
    if not rows:
        return []
    db = get_db()
    ids = [row["id"] for row in rows]
    marks = ", ".join("?" * len(ids))
    open_issues = dict(
        db.execute(
            f"SELECT project_id, COUNT(*) FROM issues WHERE project_id IN ({marks})"
            " AND state = 'opened' GROUP BY project_id",
            ids,
        ).fetchall()
    )
    forks = dict(
        db.execute(
            f"SELECT forked_from_id, COUNT(*) FROM projects WHERE forked_from_id IN ({marks})"
            " GROUP BY forked_from_id",
            ids,
        ).fetchall()
    )
    topics: dict[int, list[str]] = {}
    for project_id, name in db.execute(
        f"SELECT project_id, name FROM topics WHERE project_id IN ({marks})"
        " ORDER BY project_id, name",
        ids,
    ):
        topics.setdefault(project_id, []).append(name)
    return [
        _project(row, open_issues.get(row["id"], 0), forks.get(row["id"], 0), topics)
        for row in rows
    ]


def project(row: sqlite3.Row) -> dict[str, Any]:
    """One project (see :func:`projects`)."""
    return projects([row])[0]


def _project(
    row: sqlite3.Row, open_issues: int, forks: int, topics: dict[int, list[str]]
) -> dict[str, Any]:
    full_path = f"{row['namespace_path']}/{row['path']}"
    names = topics.get(row["id"], [])
    return {
        "id": row["id"],
        "description": row["description"],
        "name": row["name"],
        "name_with_namespace": f"{row['namespace_name']} / {row['name']}",
        "path": row["path"],
        "path_with_namespace": full_path,
        "created_at": moment(row["created_at"]),
        "default_branch": row["default_branch"],
        "topics": names,
        "tag_list": list(names),
        "http_url_to_repo": f"{base_url()}/{full_path}.git",
        "web_url": f"{base_url()}/{full_path}",
        "avatar_url": None,
        "forks_count": forks,
        "star_count": row["star_count"],
        "last_activity_at": moment(row["last_activity_at"]),
        "namespace": namespace(row),
        "visibility": row["visibility"],
        "archived": bool(row["archived"]),
        "open_issues_count": open_issues,
        "forked_from_project_id": row["forked_from_id"],
        "creator_id": row["creator_id"],
        "language": row["language"],
    }


def _project_path() -> str:
    return f"{g.project['namespace_path']}/{g.project['path']}"


def milestone(row: RowLike) -> dict[str, Any]:
    """A milestone of ``g.project``."""
    iid = (
        get_db()
        .execute(
            "SELECT COUNT(*) FROM milestones WHERE project_id = ? AND id <= ?",
            (row["project_id"], row["id"]),
        )
        .fetchone()[0]
    )
    return {
        "id": row["id"],
        "iid": iid,
        "project_id": row["project_id"],
        "title": row["title"],
        "description": row["description"],
        "state": row["state"],
        "created_at": moment(row["created_at"]),
        "updated_at": moment(row["created_at"]),
        "due_date": row["due_date"],
        "start_date": row["start_date"],
        "web_url": f"{base_url()}/{_project_path()}/-/milestones/{row['id']}",
    }


def label(row: RowLike) -> dict[str, Any]:
    """A label of ``g.project`` with its counts of open issues and merge requests."""
    counts = (
        get_db()
        .execute(
            "SELECT (SELECT COUNT(*) FROM issue_labels x JOIN issues i ON i.id = x.issue_id"
            " WHERE x.label_id = :id AND i.state = 'opened'),"
            " (SELECT COUNT(*) FROM issue_labels x JOIN issues i ON i.id = x.issue_id"
            " WHERE x.label_id = :id AND i.state = 'closed'),"
            " (SELECT COUNT(*) FROM mr_labels x JOIN merge_requests m ON m.id = x.mr_id"
            " WHERE x.label_id = :id AND m.state = 'opened')",
            {"id": row["id"]},
        )
        .fetchone()
    )
    return {
        "id": row["id"],
        "name": row["name"],
        "color": row["color"],
        "description": row["description"],
        "open_issues_count": counts[0],
        "closed_issues_count": counts[1],
        "open_merge_requests_count": counts[2],
        "is_project_label": True,
    }


def member(row: RowLike) -> dict[str, Any]:
    """A project member (``access_level`` is GitLab's: 10 Guest ... 50 Owner)."""
    return {
        **user(row),
        "access_level": row["role"],
        "created_at": moment(row["created_at"]),
        "expires_at": None,
    }


def items(kind: Kind, rows: list[sqlite3.Row]) -> list[dict[str, Any]]:
    """Issues or merge requests (rows of their table, any projects) as GitLab shows them."""
    if not rows:
        return []
    ids = [row["id"] for row in rows]
    labels = tracker.labels_of(kind, ids)
    assignees = tracker.assignees_of(kind, ids)
    reviewers = tracker.people_of(tracker.REVIEWERS, ids) if kind is MERGE_REQUEST else {}
    db = get_db()
    marks = ", ".join("?" * len(ids))
    note_counts = dict(
        db.execute(
            "SELECT target_id, COUNT(*) FROM notes WHERE target_type = ? AND system = 0 AND"
            f" target_id IN ({marks}) GROUP BY target_id",
            [kind.name, *ids],
        ).fetchall()
    )
    people = users_by_id(
        [row["author_id"] for row in rows]
        + [row["merged_by_id"] for row in rows if kind is MERGE_REQUEST and row["merged_by_id"]]
    )
    milestone_ids = sorted({row["milestone_id"] for row in rows if row["milestone_id"]})
    milestones = {
        m["id"]: m
        for m in db.execute(
            f"SELECT * FROM milestones WHERE id IN ({', '.join('?' * len(milestone_ids))})",
            milestone_ids,
        ).fetchall()
    }
    projects = {
        p["id"]: f"{p['ns']}/{p['path']}"
        for p in db.execute(
            "SELECT p.id, p.path, n.path AS ns FROM projects p JOIN namespaces n ON"
            f" n.id = p.namespace_id WHERE p.id IN ({', '.join('?' * len(rows))})",
            [row["project_id"] for row in rows],
        ).fetchall()
    }
    out = []
    for row in rows:
        item_assignees = [user(a) for a in assignees.get(row["id"], [])]
        full_path = projects[row["project_id"]]
        section = "issues" if kind is ISSUE else "merge_requests"
        data: dict[str, Any] = {
            "id": row["id"],
            "iid": row["iid"],
            "project_id": row["project_id"],
            "title": row["title"],
            "description": row["description"],
            "state": row["state"],
            "created_at": moment(row["created_at"]),
            "updated_at": moment(row["updated_at"]),
            "closed_at": moment(row["closed_at"]),
            "labels": [lab["name"] for lab in labels.get(row["id"], [])],
            "milestone": (
                _milestone_in(milestones[row["milestone_id"]], full_path)
                if row["milestone_id"] in milestones
                else None
            ),
            "author": user(people[row["author_id"]]),
            "assignees": item_assignees,
            "assignee": item_assignees[0] if item_assignees else None,
            "user_notes_count": note_counts.get(row["id"], 0),
            "web_url": f"{base_url()}/{full_path}/-/{section}/{row['iid']}",
            "references": {
                "short": f"{kind.symbol}{row['iid']}",
                "relative": f"{kind.symbol}{row['iid']}",
                "full": f"{full_path}{kind.symbol}{row['iid']}",
            },
        }
        if kind is ISSUE:
            data["due_date"] = row["due_date"]
            data["type"] = "ISSUE"
        else:
            data.update(
                source_branch=row["source_branch"],
                target_branch=row["target_branch"],
                merged_at=moment(row["merged_at"]),
                merged_by=user(people[row["merged_by_id"]]) if row["merged_by_id"] else None,
                merge_commit_sha=row["merge_commit_sha"],
                sha=row["source_sha"],
                reviewers=[user(r) for r in reviewers.get(row["id"], [])],
            )
        out.append(data)
    return out


def _milestone_in(row: sqlite3.Row, full_path: str) -> dict[str, Any]:
    return {
        "id": row["id"],
        "project_id": row["project_id"],
        "title": row["title"],
        "description": row["description"],
        "state": row["state"],
        "due_date": row["due_date"],
        "start_date": row["start_date"],
        "web_url": f"{base_url()}/{full_path}/-/milestones/{row['id']}",
    }


def note(row: RowLike, kind: Kind, iid: int) -> dict[str, Any]:
    """A comment or system note (the row carries ``username`` and ``name``)."""
    return {
        "id": row["id"],
        "type": None,
        "body": row["body"],
        "author": user({"id": row["author_id"], "username": row["username"], "name": row["name"]}),
        "created_at": moment(row["created_at"]),
        "updated_at": moment(row["created_at"]),
        "system": bool(row["system"]),
        "noteable_id": row["target_id"],
        "noteable_type": "Issue" if kind is ISSUE else "MergeRequest",
        "noteable_iid": iid,
        "project_id": row["project_id"],
    }


def ssh_key(row: RowLike) -> dict[str, Any]:
    """An SSH key."""
    return {
        "id": row["id"],
        "title": row["title"],
        "key": row["key"],
        "fingerprint": row["fingerprint"],
        "created_at": moment(row["created_at"]),
        "expires_at": None,
    }
