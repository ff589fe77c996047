"""Browsing and changing a repository: files, history, commits, branches, tags, compare and
contributors."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask import Response as FlaskResponse
from flask import abort, flash, g, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ..core import paging
from ..core.clock import now_text
from ..core.db import get_db
from . import access, forms, listing, repo

bp = access.project_blueprint("repository", __name__)

BLOB_LINES_PER_PAGE = 500
DIFF_LINES_PER_PAGE = 600


def _resolve(rest: str) -> repo.Resolved:
    resolved = repo.resolve(get_db(), g.project["id"], rest)
    if resolved is None:
        abort(
            404,
            f"There is no branch, tag or commit matching '{rest.split('/')[0]}' in this"
            " repository.",
        )
    return resolved


def _refs() -> tuple[list[str], list[str]]:
    db = get_db()
    tags = [
        row[0]
        for row in db.execute(
            "SELECT name FROM refs WHERE project_id = ? AND kind = 'tag' ORDER BY created_at DESC,"
            " name",
            (g.project["id"],),
        )
    ]
    return repo.branch_names(db, g.project["id"]), tags


def _crumbs(path: str) -> list[tuple[str, str]]:
    """Return (name, path so far) for each folder of ``path``."""
    parts = [part for part in path.split("/") if part]
    return [(part, "/".join(parts[: index + 1])) for index, part in enumerate(parts)]


@bp.route("/-/tree/<path:rest>")
def tree(rest: str) -> Response | str:
    """List a folder of the repository at a branch, tag or commit."""
    db = get_db()
    resolved = _resolve(rest)
    snapshot = repo.tree_files(db, resolved.commit["tree_id"])
    if resolved.path in snapshot:
        return redirect(url_for("repository.blob", rest=f"{resolved.ref}/{resolved.path}"))
    folders, files = repo.list_tree(snapshot, resolved.path)
    if resolved.path and not folders and not files:
        abort(404, f"There is no folder '{resolved.path}' at {resolved.ref}.")
    last = repo.last_commits(
        db, g.project["id"], resolved.commit["sha"], resolved.path, folders + files
    )
    branches, tags = _refs()
    return render_template(
        "githost/repo/tree.html",
        resolved=resolved,
        folders=folders,
        files=files,
        last=last,
        crumbs=_crumbs(resolved.path),
        branches=branches,
        tags=tags,
    )


def _file(rest: str) -> tuple[repo.Resolved, str]:
    db = get_db()
    resolved = _resolve(rest)
    snapshot = repo.tree_files(db, resolved.commit["tree_id"])
    if resolved.path not in snapshot:
        abort(404, f"There is no file '{resolved.path}' at {resolved.ref}.")
    return resolved, repo.blob_content(db, snapshot[resolved.path])


@bp.route("/-/refs/switch")
def switch_ref() -> Response:
    """Go to the same folder (or history, or contributors) on another branch or tag."""
    view = request.args.get("view", "")
    view = view if view in ("tree", "commits", "graphs") else "tree"
    ref = request.args.get("ref", "")[:255].strip("/")
    path = request.args.get("path", "")[:1000].strip("/")
    if not ref:
        abort(400, "Choose a branch or tag.")
    return redirect(url_for(f"repository.{view}", rest=f"{ref}/{path}" if path else ref))


@bp.route("/-/blob/<path:rest>")
def blob(rest: str) -> Response | str:
    """Show a file with line numbers (500 lines per page)."""
    db = get_db()
    resolved = _resolve(rest)
    snapshot = repo.tree_files(db, resolved.commit["tree_id"])
    if resolved.path not in snapshot:
        if any(path.startswith(resolved.path + "/") for path in snapshot):
            return redirect(url_for("repository.tree", rest=rest))
        abort(404, f"There is no file '{resolved.path}' at {resolved.ref}.")
    content = repo.blob_content(db, snapshot[resolved.path])
    lines = repo.split_lines(content)
    page = listing.paginate_list(lines, BLOB_LINES_PER_PAGE)
    last = repo.last_commits(
        db,
        g.project["id"],
        resolved.commit["sha"],
        resolved.path.rsplit("/", 1)[0] if "/" in resolved.path else "",
        [resolved.path.rsplit("/", 1)[-1]],
    )
    return render_template(
        "githost/repo/blob.html",
        resolved=resolved,
        page=page,
        line_count=len(lines),
        size=len(content.encode("utf-8")),
        crumbs=_crumbs(resolved.path),
        last=next(iter(last.values()), None),
        can_edit=_can_push(resolved),
    )


@bp.route("/-/raw/<path:rest>")
def raw(rest: str) -> FlaskResponse:
    """Return a file's text as ``text/plain``."""
    _resolved, content = _file(rest)
    return FlaskResponse(content, mimetype="text/plain")


@bp.route("/-/commits/<path:rest>")
def commits(rest: str) -> str:
    """The history of a branch, tag or commit, optionally of one file or folder."""
    resolved = _resolve(rest)
    rows = repo.path_history(get_db(), g.project["id"], resolved.commit["sha"], resolved.path)
    author = request.args.get("author", "").strip()[:100]
    if author:
        rows = [
            row
            for row in rows
            if author.lower() in row["author_name"].lower()
            or author.lower() == (row["author_email"].split("@")[0])
        ]
    page = listing.paginate_list(rows)
    branches, tags = _refs()
    return render_template(
        "githost/repo/commits.html",
        resolved=resolved,
        page=page,
        author=author,
        branches=branches,
        tags=tags,
    )


def _diff_pages(diffs: list[repo.FileDiff]) -> list[list[repo.FileDiff]]:
    pages: list[list[repo.FileDiff]] = [[]]
    lines = 0
    for diff in diffs:
        if pages[-1] and lines + diff.line_count > DIFF_LINES_PER_PAGE:
            pages.append([])
            lines = 0
        pages[-1].append(diff)
        lines += diff.line_count
    return pages


def diff_page(diffs: list[repo.FileDiff]) -> tuple[list[repo.FileDiff], int, int]:
    """Return the files shown on this ``?page=`` of a diff, the page and the page count."""
    pages = _diff_pages(diffs)
    number = paging.page_number(request.args)
    if number > len(pages):
        abort(404, f"Page {number} does not exist; there are {len(pages)} pages.")
    return pages[number - 1], number, len(pages)


@bp.route("/-/commit/<sha>")
def commit(sha: str) -> str:
    """Show a commit: message, author, parents and its diff against the first parent."""
    db = get_db()
    row = repo.get_commit(db, g.project["id"], sha)
    if row is None:
        abort(404, f"There is no commit {sha[:40]} in this repository.")
    parent = repo.get_commit(db, g.project["id"], row["parent_sha"]) if row["parent_sha"] else None
    diffs = repo.diff_trees(db, parent["tree_id"] if parent else None, row["tree_id"])
    shown, page, pages = diff_page(diffs)
    branches = [
        r[0]
        for r in db.execute(
            "SELECT name FROM refs WHERE project_id = ? AND commit_sha = ? ORDER BY kind, name",
            (g.project["id"], row["sha"]),
        )
    ]
    return render_template(
        "githost/repo/commit.html",
        commit=row,
        diffs=diffs,
        shown=shown,
        page=page,
        pages=pages,
        ref_names=branches,
        additions=sum(d.additions for d in diffs),
        deletions=sum(d.deletions for d in diffs),
    )


@bp.route("/-/compare")
def compare() -> tuple[str, int] | str:
    """Compare two branches or tags: the commits and changes in ``to`` since ``from``."""
    db = get_db()
    branches, tags = _refs()
    names = set(branches) | set(tags)
    source = request.args.get("from", "")[:255]
    target = request.args.get("to", "")[:255]
    context: dict[str, Any] = {
        "branches": branches,
        "tags": tags,
        "source": source,
        "target": target,
        "commits": None,
        "diffs": [],
        "shown": [],
        "page": 1,
        "pages": 1,
        "error": "",
    }
    if not source or not target:
        context["source"] = source or g.project["default_branch"]
        return render_template("githost/repo/compare.html", **context)
    missing = [name for name in (source, target) if name not in names]
    if missing:
        context["error"] = f"There is no branch or tag named {missing[0]}."
        return render_template("githost/repo/compare.html", **context), 404
    old = repo.resolve(db, g.project["id"], source)
    new = repo.resolve(db, g.project["id"], target)
    assert old is not None and new is not None
    base = repo.merge_base(db, g.project["id"], old.commit["sha"], new.commit["sha"])
    context["commits"] = repo.commits_between(db, g.project["id"], base, new.commit["sha"])
    base_row = repo.get_commit(db, g.project["id"], base) if base else None
    context["diffs"] = repo.diff_trees(
        db, base_row["tree_id"] if base_row else None, new.commit["tree_id"]
    )
    context["shown"], context["page"], context["pages"] = diff_page(context["diffs"])
    context["can_open_mr"] = target in branches and source in branches and source != target
    return render_template("githost/repo/compare.html", **context)


# --- branches and tags ------------------------------------------------------------------------


@bp.route("/-/branches", methods=("GET", "POST"))
def branches() -> Response | tuple[str, int] | str:
    """List branches; Developers can create one from a branch, tag or commit."""
    db = get_db()
    errors: dict[str, str] = {}
    if request.method == "POST":
        access.require(access.DEVELOPER, "create branches")
        access.require_writable("create branches")
        name = forms.text(request.form, "branch_name", "Branch name", errors, max_length=100)
        if name and "branch_name" not in errors and forms.ref_name_problem(name):
            errors["branch_name"] = "Branch name " + forms.ref_name_problem(name)
        elif name and repo.branch_head(db, g.project["id"], name):
            errors["branch_name"] = f"Branch {name} already exists."
        start = forms.text(request.form, "ref", "Create from", errors, max_length=255)
        resolved = repo.resolve(db, g.project["id"], start) if start else None
        if start and (resolved is None or resolved.path):
            errors["ref"] = f"There is no branch, tag or commit named {start}."
        if not errors and resolved is not None:
            db.execute(
                "INSERT INTO refs VALUES (?, 'branch', ?, ?, '', ?)",
                (g.project["id"], name, resolved.commit["sha"], now_text()),
            )
            access.record_event(g.project["id"], "pushed new", "branch", None, name)
            db.commit()
            flash(f"Branch {name} was created.", "success")
            return redirect(url_for("repository.tree", rest=name))
    query = request.args.get("search", "").strip()[:100]
    sql = (
        "refs r JOIN commits c ON c.project_id = r.project_id AND c.sha = r.commit_sha"
        " WHERE r.project_id = ? AND r.kind = 'branch'"
    )
    params: list = [g.project["id"]]
    if query:
        sql += " AND r.name LIKE ? ESCAPE '\\'"
        params.append(listing.like(query))
    default = g.project["default_branch"].replace("'", "''")
    page = listing.paginate(
        sql,
        params,
        f"r.name = '{default}' DESC, c.created_at DESC, r.name",
        "r.name, r.commit_sha, c.message, c.author_name, c.created_at",
    )
    status = 400 if errors else 200
    return render_template(
        "githost/repo/branches.html", page=page, query=query, errors=errors, form=request.form
    ), status


@bp.route("/-/branches/<path:name>/delete", methods=("POST",))
def delete_branch(name: str) -> Response:
    """Delete a branch other than the default branch."""
    access.require(access.DEVELOPER, "delete branches")
    access.require_writable("delete branches")
    db = get_db()
    if not repo.branch_head(db, g.project["id"], name):
        abort(404, f"There is no branch {name}.")
    if name == g.project["default_branch"]:
        flash("The default branch cannot be deleted.", "error")
        return redirect(url_for("repository.branches"))
    db.execute(
        "DELETE FROM refs WHERE project_id = ? AND kind = 'branch' AND name = ?",
        (g.project["id"], name),
    )
    access.record_event(g.project["id"], "deleted", "branch", None, name)
    db.commit()
    flash(f"Branch {name} was deleted.", "success")
    return redirect(url_for("repository.branches"))


@bp.route("/-/tags")
def tags() -> str:
    """List tags, newest first."""
    page = listing.paginate(
        "refs r JOIN commits c ON c.project_id = r.project_id AND c.sha = r.commit_sha"
        " WHERE r.project_id = ? AND r.kind = 'tag'",
        [g.project["id"]],
        "r.created_at DESC, r.name DESC",
        "r.name, r.commit_sha, r.message AS tag_message, r.created_at, c.message",
    )
    return render_template("githost/repo/tags.html", page=page, can_push=_can_push_tags())


def _can_push_tags() -> bool:
    return g.role >= access.DEVELOPER and not g.project["archived"]


def _require_push_tags(action: str) -> None:
    access.require(access.DEVELOPER, action)
    access.require_writable(action)


def create_tag(form: Mapping[str, str]) -> tuple[dict[str, str], str]:
    """Tag a branch, tag or commit of ``g.project`` from the new-tag form (no commit).

    The form has ``tag_name``, ``ref`` ("Create from") and an optional ``message``
    (an annotated tag's message; empty for a lightweight tag).

    Returns:
        ``(errors, tag name)``; nothing is written when there are errors.
    """
    _require_push_tags("create tags")
    db = get_db()
    errors: dict[str, str] = {}
    name = forms.text(form, "tag_name", "Tag name", errors, max_length=100)
    if name and "tag_name" not in errors:
        problem = forms.ref_name_problem(name)
        if problem:
            errors["tag_name"] = f"Tag name invalid: a tag name {problem}"
        elif db.execute(
            "SELECT 1 FROM refs WHERE project_id = ? AND kind = 'tag' AND name = ?",
            (g.project["id"], name),
        ).fetchone():
            errors["tag_name"] = f"Tag {name} already exists."
    start = forms.text(form, "ref", "Create from", errors, max_length=255)
    resolved = repo.resolve(db, g.project["id"], start) if start else None
    if start and (resolved is None or resolved.path):
        errors["ref"] = f"Target {start} is invalid: there is no branch, tag or commit so named."
    message = forms.text(form, "message", "Message", errors, max_length=2000, required=False)
    if errors or resolved is None:
        return errors, ""
    db.execute(
        "INSERT INTO refs VALUES (?, 'tag', ?, ?, ?, ?)",
        (g.project["id"], name, resolved.commit["sha"], message, now_text()),
    )
    access.record_event(g.project["id"], "pushed new", "tag", None, name)
    return errors, name


@bp.route("/-/tags/new", methods=("GET", "POST"))
def new_tag() -> Response | tuple[str, int] | str:
    """The New tag form (Developers and up): a name, where to create it from and a message."""
    _require_push_tags("create tags")
    if request.method == "GET":
        form = {"ref": request.args.get("ref", "")[:255] or g.project["default_branch"]}
        return render_template("githost/repo/new_tag.html", form=form, errors={})
    errors, name = create_tag(request.form)
    if errors:
        return render_template("githost/repo/new_tag.html", form=request.form, errors=errors), 400
    get_db().commit()
    flash(f"Tag {name} was created.", "success")
    return redirect(url_for("repository.tags"))


@bp.route("/-/tags/<path:name>/delete", methods=("POST",))
def delete_tag(name: str) -> Response:
    """Delete a tag (Developers and up)."""
    _require_push_tags("delete tags")
    db = get_db()
    deleted = db.execute(
        "DELETE FROM refs WHERE project_id = ? AND kind = 'tag' AND name = ?",
        (g.project["id"], name),
    ).rowcount
    if not deleted:
        abort(404, f"There is no tag {name}.")
    access.record_event(g.project["id"], "deleted", "tag", None, name)
    db.commit()
    flash(f"Tag {name} was deleted.", "success")
    return redirect(url_for("repository.tags"))


# --- contributors -------------------------------------------------------------------------


@dataclass(frozen=True)
class Contributor:
    """One author's commits on a branch (merge commits not counted)."""

    name: str
    email: str
    commits: int


def contributors(head: str) -> list[Contributor]:
    """Return who authored the non-merge commits reachable from ``head``, most commits first.

    Authors are told apart by name and email, as Git does; ties go by name.
    """
    counts: Counter[tuple[str, str]] = Counter(
        (row["author_name"], row["author_email"])
        for row in repo.history(get_db(), g.project["id"], head)
        if not row["parent2_sha"]
    )
    return sorted(
        (Contributor(name, email, count) for (name, email), count in counts.items()),
        key=lambda person: (-person.commits, person.name.lower(), person.email),
    )


@bp.route("/-/graphs/<path:rest>")
def graphs(rest: str) -> str:
    """The Contributors page of a branch or tag: commits per author, most first."""
    resolved = _resolve(rest)
    if resolved.path:
        abort(404, f"There is no branch or tag named {rest}.")
    people = contributors(resolved.commit["sha"])
    branches, tags = _refs()
    return render_template(
        "githost/repo/contributors.html",
        resolved=resolved,
        contributors=people,
        total=sum(person.commits for person in people),
        branches=branches,
        tags=tags,
    )


# --- editing files ------------------------------------------------------------------------------


def _can_push(resolved: repo.Resolved) -> bool:
    return resolved.kind == "branch" and g.role >= access.DEVELOPER and not g.project["archived"]


def _commit_files(
    resolved: repo.Resolved, changes: Mapping[str, str | None], message: str, branch: str
) -> str:
    """Commit ``changes`` on top of ``resolved`` to ``branch``; return the new sha.

    Args:
        resolved: The branch the change starts from.
        changes: Path -> new content, or None to delete the file (a rename is both).
        message: The commit message.
        branch: The branch to move (or create) to the new commit.
    """
    db = get_db()
    writer = repo.RepoWriter(db)
    files = writer.tree_files(resolved.commit["tree_id"])
    for path, content in changes.items():
        if content is None:
            files.pop(path, None)
        else:
            files[path] = writer.blob(content)
    user = g.user
    sha = writer.commit(
        g.project["id"],
        files,
        [resolved.commit["sha"]],
        (user["id"], user["name"], user["email"]),
        message,
        now_text(),
    )
    if repo.branch_head(db, g.project["id"], branch):
        db.execute(
            "UPDATE refs SET commit_sha = ? WHERE project_id = ? AND kind = 'branch' AND name = ?",
            (sha, g.project["id"], branch),
        )
    else:
        db.execute(
            "INSERT INTO refs VALUES (?, 'branch', ?, ?, '', ?)",
            (g.project["id"], branch, sha, now_text()),
        )
    access.record_event(g.project["id"], "pushed to", "branch", None, branch)
    return sha


PATH_RULE = "may contain letters, digits, spaces, '.', '_', '-' and '/' between folders."


def _path_problem(label: str, value: str, folder: str) -> tuple[str, str]:
    """Return ``(path, problem)`` for a file path typed relative to ``folder``."""
    parts = [part for part in value.split("/") if part]
    if (
        not parts
        or any(part in (".", "..") for part in parts)
        or not all(forms.NAME.match(part) for part in parts)
    ):
        return "", f"{label} {PATH_RULE}"
    return "/".join([folder, *parts] if folder else parts), ""


def _path_taken(snapshot: Mapping[str, int], path: str) -> str:
    """Why a new file cannot go at ``path`` in ``snapshot`` ("" when it can)."""
    if path in snapshot or any(p.startswith(path + "/") for p in snapshot):
        return f"A file or folder named {path} already exists."
    parents = ("/".join(path.split("/")[:i]) for i in range(1, path.count("/") + 1))
    if any(parent in snapshot for parent in parents):
        return "A parent folder of that path is a file."
    return ""


def _commit_fields(form: Mapping[str, str], errors: dict[str, str]) -> tuple[str, str]:
    """The commit message and target branch every file change asks for."""
    message = forms.text(form, "commit_message", "Commit message", errors, max_length=1000)
    branch = forms.text(form, "branch_name", "Target branch", errors, max_length=100)
    if branch and "branch_name" not in errors and forms.ref_name_problem(branch):
        errors["branch_name"] = "Branch name " + forms.ref_name_problem(branch)
    return message, branch


def _edit_form(resolved: repo.Resolved, new: bool) -> tuple[dict[str, str], str, str, str, str]:
    """Validate an edit or new-file form; return (errors, path, content, message, branch).

    A new file's ``file_name`` is relative to the folder; an edited file's ``file_path``
    is the whole path, and changing it renames (moves) the file.
    """
    errors: dict[str, str] = {}
    form = request.form
    path = resolved.path
    field, label, folder = ("file_name", "File name", resolved.path)
    if not new:
        field, label, folder = "file_path", "File path", ""
    if new or field in form:
        value = forms.text(form, field, label, errors, max_length=255)
        if value and field not in errors:
            path, problem = _path_problem(label, value, folder)
            if problem:
                errors[field] = problem
    if path and field not in errors and path != resolved.path:
        snapshot = repo.tree_files(get_db(), resolved.commit["tree_id"])
        if not new:
            snapshot.pop(resolved.path, None)
        taken = _path_taken(snapshot, path)
        if taken:
            errors[field] = taken
    content = forms.text(
        form,
        "content",
        "File content",
        errors,
        max_length=forms.FILE_LIMIT,
        required=False,
        strip=False,
    )
    message, branch = _commit_fields(form, errors)
    return errors, path, repo.normalize_content(content), message, branch


@bp.route("/-/edit/<path:rest>", methods=("GET", "POST"))
def edit(rest: str) -> Response | tuple[str, int] | str:
    """Edit a file on a branch, optionally renaming it, and commit the change."""
    access.require(access.DEVELOPER, "edit files")
    access.require_writable("edit files")
    resolved, current = _file(rest)
    if resolved.kind != "branch":
        abort(400, "Files can only be edited on a branch, not on a tag or commit.")
    if request.method == "GET":
        form = {
            "file_path": resolved.path,
            "content": current,
            "commit_message": f"Update {resolved.path.split('/')[-1]}",
            "branch_name": resolved.ref,
        }
        return render_template(
            "githost/repo/edit.html", resolved=resolved, form=form, errors={}, new=False
        )
    errors, path, content, message, branch = _edit_form(resolved, new=False)
    if not errors and content == current and branch == resolved.ref and path == resolved.path:
        errors["content"] = "You have not changed the file; there is nothing to commit."
    if errors:
        return render_template(
            "githost/repo/edit.html", resolved=resolved, form=request.form, errors=errors, new=False
        ), 400
    changes: dict[str, str | None] = {resolved.path: None} if path != resolved.path else {}
    changes[path] = content
    _commit_files(resolved, changes, message, branch)
    get_db().commit()
    flash("Your changes have been committed successfully.", "success")
    return redirect(url_for("repository.blob", rest=f"{branch}/{path}"))


@bp.route("/-/new/<path:rest>", methods=("GET", "POST"))
def new_file(rest: str) -> Response | tuple[str, int] | str:
    """Create a file in a folder of a branch and commit it."""
    access.require(access.DEVELOPER, "create files")
    access.require_writable("create files")
    resolved = _resolve(rest)
    if resolved.kind != "branch":
        abort(400, "Files can only be created on a branch, not on a tag or commit.")
    if request.method == "GET":
        form = {
            "content": "",
            "commit_message": "Add new file",
            "branch_name": resolved.ref,
            "file_name": "",
        }
        return render_template(
            "githost/repo/edit.html", resolved=resolved, form=form, errors={}, new=True
        )
    errors, path, content, message, branch = _edit_form(resolved, new=True)
    if errors:
        return render_template(
            "githost/repo/edit.html", resolved=resolved, form=request.form, errors=errors, new=True
        ), 400
    _commit_files(resolved, {path: content}, message, branch)
    get_db().commit()
    flash("The file has been successfully created.", "success")
    return redirect(url_for("repository.blob", rest=f"{branch}/{path}"))


@bp.route("/-/delete/<path:rest>", methods=("GET", "POST"))
def delete_file(rest: str) -> Response | tuple[str, int] | str:
    """Delete a file from a branch with a commit (to that branch or a new one)."""
    access.require(access.DEVELOPER, "delete files")
    access.require_writable("delete files")
    resolved, _content = _file(rest)
    if resolved.kind != "branch":
        abort(400, "Files can only be deleted on a branch, not on a tag or commit.")
    if request.method == "GET":
        form = {
            "commit_message": f"Delete {resolved.path.split('/')[-1]}",
            "branch_name": resolved.ref,
        }
        return render_template("githost/repo/delete.html", resolved=resolved, form=form, errors={})
    errors: dict[str, str] = {}
    message, branch = _commit_fields(request.form, errors)
    if errors:
        return render_template(
            "githost/repo/delete.html", resolved=resolved, form=request.form, errors=errors
        ), 400
    _commit_files(resolved, {resolved.path: None}, message, branch)
    db = get_db()
    db.commit()
    flash("The file has been successfully deleted.", "success")
    head = repo.require_commit(db, g.project["id"], repo.branch_head(db, g.project["id"], branch))
    remaining = repo.tree_files(db, head["tree_id"])
    folder = resolved.path.rsplit("/", 1)[0] if "/" in resolved.path else ""
    while folder and not any(path.startswith(folder + "/") for path in remaining):
        folder = folder.rsplit("/", 1)[0] if "/" in folder else ""
    return redirect(url_for("repository.tree", rest=f"{branch}/{folder}" if folder else branch))
