"""What issues and merge requests share: lists with filters, labels, assignees and comments.

Both kinds live in their own tables but are listed, labelled, assigned, milestoned
and discussed the same way; ``kind`` is ``"issue"`` or ``"merge_request"``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from flask import abort, flash, g, redirect, request, url_for
from werkzeug.wrappers import Response

from ..core.clock import now_text
from ..core.db import get_db
from . import access, forms, listing


@dataclass(frozen=True)
class Kind:
    """Table names and words for one kind of tracked item."""

    name: str
    table: str
    label_table: str
    assignee_table: str
    key: str
    endpoint: str
    noun: str
    symbol: str
    states: tuple[tuple[str, str], ...]


ISSUE = Kind(
    "issue",
    "issues",
    "issue_labels",
    "issue_assignees",
    "issue_id",
    "issues",
    "issue",
    "#",
    (("opened", "Open"), ("closed", "Closed"), ("all", "All")),
)
MERGE_REQUEST = Kind(
    "merge_request",
    "merge_requests",
    "mr_labels",
    "mr_assignees",
    "mr_id",
    "merge_requests",
    "merge request",
    "!",
    (("opened", "Open"), ("merged", "Merged"), ("closed", "Closed"), ("all", "All")),
)


@dataclass(frozen=True)
class People:
    """One list of people on an item: its assignees, or a merge request's reviewers.

    Attributes:
        table: The link table (item key, ``user_id``).
        key: The table's item column.
        title: The sidebar heading and filter label (``Assignee``, ``Reviewer``).
        one: One of them, for messages (``an assignee``).
        added: The system note's verb when someone is added (``assigned to``).
        removed: The system note's verb when someone is removed (``unassigned``).
        todo: The to-do the added person gets (``assigned``, ``review_requested``).
    """

    table: str
    key: str
    title: str
    one: str
    added: str
    removed: str
    todo: str


ISSUE_ASSIGNEES = People(
    ISSUE.assignee_table,
    ISSUE.key,
    "Assignee",
    "an assignee",
    "assigned to",
    "unassigned",
    "assigned",
)
MR_ASSIGNEES = People(
    MERGE_REQUEST.assignee_table,
    MERGE_REQUEST.key,
    "Assignee",
    "an assignee",
    "assigned to",
    "unassigned",
    "assigned",
)
REVIEWERS = People(
    "mr_reviewers",
    MERGE_REQUEST.key,
    "Reviewer",
    "a reviewer",
    "requested review from",
    "removed review request for",
    "review_requested",
)


def assignees(kind: Kind) -> People:
    """The assignee list of ``kind``."""
    return ISSUE_ASSIGNEES if kind is ISSUE else MR_ASSIGNEES


SORTS = {
    "created_desc": ("Created date (newest first)", "i.created_at DESC, i.iid DESC"),
    "created_asc": ("Created date (oldest first)", "i.created_at, i.iid"),
    "updated_desc": ("Last updated", "i.updated_at DESC, i.iid DESC"),
    "due_date": ("Due date", "i.due_date IS NULL, i.due_date, i.iid"),
    "title": ("Title", "lower(i.title), i.iid"),
}


def labels() -> list[sqlite3.Row]:
    """The current project's labels, by name."""
    return (
        get_db()
        .execute("SELECT * FROM labels WHERE project_id = ? ORDER BY name", (g.project["id"],))
        .fetchall()
    )


def milestones(active_only: bool = False) -> list[sqlite3.Row]:
    """The current project's milestones, soonest due first."""
    sql = "SELECT * FROM milestones WHERE project_id = ?"
    if active_only:
        sql += " AND state = 'active'"
    return (
        get_db()
        .execute(sql + " ORDER BY due_date IS NULL, due_date, title", (g.project["id"],))
        .fetchall()
    )


def members() -> list[sqlite3.Row]:
    """The current project's members (direct and through its group), by username."""
    return sorted(access.project_members(g.project["id"]), key=lambda row: row["username"])


def filter_conditions(
    kind: Kind,
    *,
    project_id: int | None,
    search: str = "",
    author: str = "",
    assignee: str = "",
    reviewer: str = "",
    labels: list[str] | None = None,
    milestone: str = "",
) -> tuple[list[str], list[Any]]:
    """The SQL conditions (on alias ``i``) and params of an issue or merge request filter.

    Args:
        kind: Issues or merge requests.
        project_id: Only this project's items (None: any project; the caller adds
            the visibility condition).
        search: Words that must each be in the title or description.
        author: The author's username.
        assignee: An assignee's username, or ``None`` for unassigned items.
        reviewer: A reviewer's username, or ``None`` for items without reviewers
            (merge requests only).
        labels: Label names the item must all have.
        milestone: The milestone's title, or ``None`` for items without one.
    """
    where: list[str] = []
    params: list[Any] = []
    if project_id is not None:
        where.append("i.project_id = ?")
        params.append(project_id)
    for term in search.split()[:10]:
        where.append("(i.title LIKE ? ESCAPE '\\' OR i.description LIKE ? ESCAPE '\\')")
        params += [listing.like(term)] * 2
    if author:
        where.append("i.author_id = (SELECT id FROM users WHERE username = ?)")
        params.append(author.lstrip("@").lower())
    for people, username in ((assignees(kind), assignee), (REVIEWERS, reviewer)):
        if username == "None":
            where.append(f"i.id NOT IN (SELECT {people.key} FROM {people.table})")
        elif username:
            where.append(
                f"i.id IN (SELECT a.{people.key} FROM {people.table} a JOIN users u"
                " ON u.id = a.user_id WHERE u.username = ?)"
            )
            params.append(username.lstrip("@").lower())
    for name in (labels or [])[:10]:
        where.append(
            f"i.id IN (SELECT x.{kind.key} FROM {kind.label_table} x JOIN labels l ON"
            " l.id = x.label_id WHERE l.project_id = i.project_id AND l.name = ?)"
        )
        params.append(name)
    if milestone == "None":
        where.append("i.milestone_id IS NULL")
    elif milestone:
        where.append(
            "i.milestone_id IN (SELECT id FROM milestones WHERE project_id = i.project_id"
            " AND title = ?)"
        )
        params.append(milestone)
    return where, params


def list_items(kind: Kind) -> dict[str, Any]:
    """Filter, sort and paginate the current project's issues or merge requests.

    Query arguments (GitLab's): ``state``, ``search``, ``author_username``,
    ``assignee_username`` and, for merge requests, ``reviewer_username`` (usernames;
    ``None`` for items without any), ``label`` (a label name), ``milestone`` (a title
    or ``None``), ``sort`` and ``page``.
    """
    args = request.args
    states = dict(kind.states)
    state = args.get("state", "opened")
    state = state if state in states else "opened"
    sort = args.get("sort", "created_desc")
    sort = sort if sort in SORTS and (sort != "due_date" or kind is ISSUE) else "created_desc"
    names = ["search", "author_username", "assignee_username", "label", "milestone"]
    if kind is MERGE_REQUEST:
        names.append("reviewer_username")
    filters = {name: args.get(name, "").strip()[:100] for name in names}
    where, params = filter_conditions(
        kind,
        project_id=g.project["id"],
        search=filters["search"],
        author=filters["author_username"],
        assignee=filters["assignee_username"],
        reviewer=filters.get("reviewer_username", ""),
        labels=[filters["label"]] if filters["label"] else [],
        milestone=filters["milestone"],
    )
    base = " AND ".join(where)
    counts = {value: 0 for value in states}
    for value, count in get_db().execute(
        f"SELECT i.state, COUNT(*) FROM {kind.table} i WHERE {base} GROUP BY i.state", params
    ):
        counts[value] = count
    counts["all"] = sum(count for value, count in counts.items() if value != "all")
    if state != "all":
        where.append("i.state = ?")
        params.append(state)
    page = listing.paginate(
        f"{kind.table} i JOIN users a ON a.id = i.author_id LEFT JOIN milestones m ON"
        f" m.id = i.milestone_id WHERE {' AND '.join(where)}",
        params,
        SORTS[sort][1],
        "i.*, a.username AS author_username, a.name AS author_name, m.title AS milestone_title,"
        f" (SELECT COUNT(*) FROM notes n WHERE n.target_type = '{kind.name}' AND"
        " n.target_id = i.id AND n.system = 0) AS comment_count",
    )
    ids = [row["id"] for row in page.rows]
    return {
        "page": page,
        "state": state,
        "states": kind.states,
        "counts": counts,
        "sort": sort,
        "sorts": {k: v for k, v in SORTS.items() if k != "due_date" or kind is ISSUE},
        "filters": filters,
        "item_labels": labels_of(kind, ids),
        "item_assignees": assignees_of(kind, ids),
        "item_reviewers": people_of(REVIEWERS, ids) if kind is MERGE_REQUEST else {},
        "labels": labels(),
        "milestones": milestones(),
        "kind": kind,
    }


def labels_of(kind: Kind, ids: list[int]) -> dict[int, list[sqlite3.Row]]:
    """Return each item's labels."""
    if not ids:
        return {}
    marks = ", ".join("?" * len(ids))
    rows = (
        get_db()
        .execute(
            f"SELECT x.{kind.key} AS item_id, l.* FROM {kind.label_table} x JOIN labels l ON"
            f" l.id = x.label_id WHERE x.{kind.key} IN ({marks}) ORDER BY l.name",
            ids,
        )
        .fetchall()
    )
    return listing.rows_by(rows, "item_id")


def people_of(people: People, ids: list[int]) -> dict[int, list[sqlite3.Row]]:
    """Return each item's assignees or reviewers."""
    if not ids:
        return {}
    marks = ", ".join("?" * len(ids))
    rows = (
        get_db()
        .execute(
            f"SELECT x.{people.key} AS item_id, u.id, u.username, u.name FROM {people.table} x"
            f" JOIN users u ON u.id = x.user_id WHERE x.{people.key} IN ({marks}) "
            "ORDER BY u.username",
            ids,
        )
        .fetchall()
    )
    return listing.rows_by(rows, "item_id")


def assignees_of(kind: Kind, ids: list[int]) -> dict[int, list[sqlite3.Row]]:
    """Return each item's assignees."""
    return people_of(assignees(kind), ids)


def get_item(kind: Kind, iid: int) -> sqlite3.Row:
    """Return the current project's issue or merge request ``iid`` or abort with 404."""
    row = (
        get_db()
        .execute(
            f"SELECT i.*, a.username AS author_username, a.name AS author_name FROM {kind.table} i"
            " JOIN users a ON a.id = i.author_id WHERE i.project_id = ? AND i.iid = ?",
            (g.project["id"], iid),
        )
        .fetchone()
    )
    if row is None:
        abort(404, f"There is no {kind.noun} {kind.symbol}{iid} in this project.")
    return row


def notes(kind: Kind, item_id: int) -> list[sqlite3.Row]:
    """Return an item's comments and system notes, oldest first."""
    return (
        get_db()
        .execute(
            "SELECT n.*, u.username, u.name FROM notes n JOIN users u ON u.id = n.author_id"
            " WHERE n.target_type = ? AND n.target_id = ? ORDER BY n.created_at, n.id",
            (kind.name, item_id),
        )
        .fetchall()
    )


def sidebar(kind: Kind, item: sqlite3.Row) -> dict[str, Any]:
    """Return what the details sidebar of an item shows."""
    db = get_db()
    milestone = (
        db.execute("SELECT * FROM milestones WHERE id = ?", (item["milestone_id"],)).fetchone()
        if item["milestone_id"]
        else None
    )
    return {
        "item_labels": labels_of(kind, [item["id"]]).get(item["id"], []),
        "item_assignees": assignees_of(kind, [item["id"]]).get(item["id"], []),
        "item_reviewers": (
            people_of(REVIEWERS, [item["id"]]).get(item["id"], []) if kind is MERGE_REQUEST else []
        ),
        "milestone": milestone,
        "labels": labels(),
        "milestones": milestones(),
        "members": members(),
        "notes": notes(kind, item["id"]),
        "can_manage": g.role >= access.REPORTER and not g.project["archived"],
        "can_comment": g.user is not None and not g.project["archived"],
        "can_edit": g.user is not None
        and not g.project["archived"]
        and (g.role >= access.REPORTER or item["author_id"] == g.user["id"]),
        "kind": kind,
    }


def touch(kind: Kind, item: sqlite3.Row) -> None:
    """Set an item's ``updated_at`` to now."""
    get_db().execute(
        f"UPDATE {kind.table} SET updated_at = ? WHERE id = ?", (now_text(), item["id"])
    )


def system_note(kind: Kind, item: sqlite3.Row, body: str) -> None:
    """Record a system note (``closed``, ``assigned to @x``...) on an item."""
    get_db().execute(
        "INSERT INTO notes (project_id, target_type, target_id, author_id, body, system,"
        " created_at) VALUES (?, ?, ?, ?, ?, 1, ?)",
        (g.project["id"], kind.name, item["id"], g.user["id"], body, now_text()),
    )


class Invalid(Exception):
    """A submitted value an action cannot use; the message says what is accepted.

    The form views flash it and go back to the item; the API answers 400 with it.
    """


def back(kind: Kind, item: sqlite3.Row) -> Response:
    """Redirect to the item's page."""
    return redirect(url_for(f"{kind.endpoint}.show", iid=item["iid"]))


def form_action(kind: Kind, item: sqlite3.Row, action: Callable[[], str]) -> Response:
    """Run a sidebar form's action: commit and flash its message, or flash why it failed."""
    try:
        message = action()
    except Invalid as problem:
        flash(str(problem), "error")
        return back(kind, item)
    get_db().commit()
    flash(message, "success")
    return back(kind, item)


def require_manage(kind: Kind) -> None:
    """Abort unless the user may change labels, assignees and milestones (Reporter+)."""
    access.require(access.REPORTER, f"change the labels, assignees or milestone of a {kind.noun}")
    access.require_writable(f"change {kind.noun}s")


def add_comment(kind: Kind, item: sqlite3.Row, body: str) -> None:
    """Store a comment by the current user and notify mentioned users (does not commit)."""
    db = get_db()
    db.execute(
        "INSERT INTO notes (project_id, target_type, target_id, author_id, body, system,"
        " created_at) VALUES (?, ?, ?, ?, ?, 0, ?)",
        (g.project["id"], kind.name, item["id"], g.user["id"], body, now_text()),
    )
    access.mention_todos(body, g.project["id"], kind.name, item["id"])
    access.record_event(g.project["id"], "commented on", kind.name, item["id"], item["title"])
    touch(kind, item)


def require_comment(action: str = "comment") -> None:
    """Abort unless the current user may comment in ``g.project`` (signed in, not archived)."""
    access.require_user(action)
    access.require_writable(action)


def comment_errors(form: Mapping[str, str]) -> tuple[str, dict[str, str]]:
    """Validate the comment form's ``body``."""
    errors: dict[str, str] = {}
    body = forms.text(form, "body", "Comment", errors, max_length=forms.TEXT_LIMIT)
    return body, errors


def set_labels(kind: Kind, item: sqlite3.Row, label_ids: list[str]) -> str:
    """Replace an item's labels with the chosen ones (unknown ids are ignored; no commit)."""
    require_manage(kind)
    db = get_db()
    valid = {str(row["id"]): row["name"] for row in labels()}
    chosen = sorted({value for value in label_ids if value in valid}, key=int)
    before = {row["id"] for row in labels_of(kind, [item["id"]]).get(item["id"], [])}
    db.execute(f"DELETE FROM {kind.label_table} WHERE {kind.key} = ?", (item["id"],))
    db.executemany(
        f"INSERT INTO {kind.label_table} VALUES (?, ?)",
        [(item["id"], int(value)) for value in chosen],
    )
    added = [valid[v] for v in chosen if int(v) not in before]
    removed = [valid[str(v)] for v in sorted(before) if str(v) not in chosen]
    if added or removed:
        parts = []
        if added:
            parts.append("added " + ", ".join(f"~{name}" for name in added))
        if removed:
            parts.append("removed " + ", ".join(f"~{name}" for name in removed))
        system_note(
            kind, item, " and ".join(parts) + (" label" if len(added + removed) == 1 else " labels")
        )
        touch(kind, item)
    return "Labels updated."


def add_person(kind: Kind, item: sqlite3.Row, user_id_text: str, people: People) -> str:
    """Add an assignee or reviewer (a project member; no commit).

    Raises:
        Invalid: ``user_id_text`` is not a member's id.
    """
    require_manage(kind)
    db = get_db()
    member = next((row for row in members() if str(row["id"]) == user_id_text), None)
    if member is None:
        raise Invalid(f"Choose {people.one} from the project's members.")
    exists = db.execute(
        f"SELECT 1 FROM {people.table} WHERE {people.key} = ? AND user_id = ?",
        (item["id"], member["id"]),
    ).fetchone()
    if not exists:
        db.execute(f"INSERT INTO {people.table} VALUES (?, ?)", (item["id"], member["id"]))
        system_note(kind, item, f"{people.added} @{member['username']}")
        access.add_todo(member["id"], g.project["id"], kind.name, item["id"], people.todo)
        touch(kind, item)
    if people is REVIEWERS:
        return f"Requested a review from {member['name']}."
    return f"Assigned to {member['name']}."


def remove_person(kind: Kind, item: sqlite3.Row, user_id_text: str, people: People) -> str:
    """Remove an assignee or reviewer (no commit); 404 when that user is not one."""
    require_manage(kind)
    db = get_db()
    row = db.execute(
        f"SELECT u.id, u.username, u.name FROM {people.table} x JOIN users u ON"
        f" u.id = x.user_id WHERE x.{people.key} = ? AND u.id = ?",
        (item["id"], int(user_id_text) if user_id_text.isdigit() else 0),
    ).fetchone()
    if row is None:
        abort(404, f"That user is not {people.one} of this {kind.noun}.")
    db.execute(
        f"DELETE FROM {people.table} WHERE {people.key} = ? AND user_id = ?",
        (item["id"], row["id"]),
    )
    system_note(kind, item, f"{people.removed} @{row['username']}")
    touch(kind, item)
    if people is REVIEWERS:
        return f"{row['name']} is no longer a reviewer."
    return f"{row['name']} is no longer assigned."


def set_people(kind: Kind, item: sqlite3.Row, people: People, user_ids: list[int]) -> None:
    """Make ``user_ids`` the item's assignees or reviewers, one change at a time (no commit).

    Raises:
        Invalid: One of ``user_ids`` is not a project member.
    """
    before = [row["id"] for row in people_of(people, [item["id"]]).get(item["id"], [])]
    for user_id in before:
        if user_id not in user_ids:
            remove_person(kind, item, str(user_id), people)
    for user_id in user_ids:
        if user_id not in before:
            add_person(kind, item, str(user_id), people)


def assign(kind: Kind, item: sqlite3.Row, user_id_text: str) -> str:
    """Add an assignee (a project member; no commit); see :func:`add_person`."""
    return add_person(kind, item, user_id_text, assignees(kind))


def unassign(kind: Kind, item: sqlite3.Row, user_id_text: str) -> str:
    """Remove an assignee (no commit); see :func:`remove_person`."""
    return remove_person(kind, item, user_id_text, assignees(kind))


def set_milestone(kind: Kind, item: sqlite3.Row, milestone_id: str) -> str:
    """Set (or with an empty value, remove) an item's milestone (no commit).

    Raises:
        Invalid: ``milestone_id`` is not one of the project's milestones.
    """
    require_manage(kind)
    db = get_db()
    chosen = next((row for row in milestones() if str(row["id"]) == milestone_id), None)
    if milestone_id and chosen is None:
        raise Invalid("Choose a milestone from the list.")
    db.execute(
        f"UPDATE {kind.table} SET milestone_id = ? WHERE id = ?",
        (chosen["id"] if chosen else None, item["id"]),
    )
    system_note(
        kind, item, f"changed milestone to %{chosen['title']}" if chosen else "removed milestone"
    )
    touch(kind, item)
    return f"Milestone set to {chosen['title']}." if chosen else "Milestone removed."
