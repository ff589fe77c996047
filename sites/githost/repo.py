"""The repository content model: blobs, trees, commits, refs, history, diffs and merges.

Every project's repository is stored like Git stores it, in SQLite:

* ``blobs`` hold file contents once, keyed by a Git-style blob sha;
* ``trees`` are full snapshots, ``tree_entries`` map each path to a blob;
* ``commits`` point at a tree and at their parents (a second parent for merges);
* ``refs`` name branches and tags.

Shas are sha1 digests of the content and metadata, so the same history always gets
the same shas. A commit's diff is computed with :mod:`difflib` from its tree and its
first parent's, so it is always consistent with both. The generator and the web
views write through the same :class:`RepoWriter`.
"""

from __future__ import annotations

import difflib
import hashlib
import re
import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

SHA_PREFIX = re.compile(r"^[0-9a-f]{7,40}$")
DIFF_CONTEXT = 3
MAX_DIFF_LINES = 400
"""A file diff longer than this is cut short (the file view has the whole text)."""


def blob_sha(content: str) -> str:
    """Return the Git blob sha of ``content``."""
    data = content.encode("utf-8")
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def tree_sha(entries: Mapping[str, str]) -> str:
    """Return a sha identifying a snapshot (path -> blob sha)."""
    text = "".join(f"{path}\0{entries[path]}\n" for path in sorted(entries))
    return hashlib.sha1(b"tree " + text.encode("utf-8")).hexdigest()


def commit_sha(
    tree: str, parents: Iterable[str], author: str, email: str, moment: str, message: str
) -> str:
    """Return the sha of a commit from its tree, parents, author, time and message."""
    lines = [
        f"tree {tree}",
        *(f"parent {parent}" for parent in parents),
        f"author {author} <{email}> {moment}",
        "",
        message,
    ]
    return hashlib.sha1("\n".join(lines).encode("utf-8")).hexdigest()


def normalize_content(text: str) -> str:
    """Return file text with LF line ends, no leading blank lines and one final newline."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\n")
    return text if not text or text.endswith("\n") else text + "\n"


def split_lines(content: str) -> list[str]:
    """Split file content into lines without their line ends."""
    if not content:
        return []
    lines = content.split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


class RepoWriter:
    """Writes blobs, trees and commits, reusing rows that already exist.

    Args:
        conn: The site database.
    """

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self._blob_ids: dict[str, int] = {}
        self._blob_shas: dict[int, str] = {}
        self._tree_ids: dict[str, int] = {}
        self._tree_files: dict[int, dict[str, int]] = {}

    def blob(self, content: str) -> int:
        """Return the id of the blob holding ``content``, storing it if new."""
        sha = blob_sha(content)
        blob_id = self._blob_ids.get(sha)
        if blob_id is None:
            row = self.conn.execute("SELECT id FROM blobs WHERE sha = ?", (sha,)).fetchone()
            if row is None:
                cursor = self.conn.execute(
                    "INSERT INTO blobs (sha, size, content) VALUES (?, ?, ?)",
                    (sha, len(content.encode("utf-8")), content),
                )
                blob_id = int(cursor.lastrowid or 0)
            else:
                blob_id = int(row[0])
            self._blob_ids[sha] = blob_id
            self._blob_shas[blob_id] = sha
        return blob_id

    def _blob_sha(self, blob_id: int) -> str:
        sha = self._blob_shas.get(blob_id)
        if sha is None:
            sha = self.conn.execute("SELECT sha FROM blobs WHERE id = ?", (blob_id,)).fetchone()[0]
            self._blob_shas[blob_id] = sha
        return sha

    def tree(self, files: Mapping[str, int]) -> tuple[int, str]:
        """Return ``(id, sha)`` of the tree mapping each path to a blob id, storing it if new."""
        sha = tree_sha({path: self._blob_sha(blob_id) for path, blob_id in files.items()})
        tree_id = self._tree_ids.get(sha)
        if tree_id is None:
            row = self.conn.execute("SELECT id FROM trees WHERE sha = ?", (sha,)).fetchone()
            if row is None:
                tree_id = int(
                    self.conn.execute("INSERT INTO trees (sha) VALUES (?)", (sha,)).lastrowid or 0
                )
                self.conn.executemany(
                    "INSERT INTO tree_entries (tree_id, path, blob_id) VALUES (?, ?, ?)",
                    [(tree_id, path, files[path]) for path in sorted(files)],
                )
            else:
                tree_id = int(row[0])
            self._tree_ids[sha] = tree_id
            self._tree_files[tree_id] = dict(files)
        return tree_id, sha

    def tree_files(self, tree_id: int) -> dict[str, int]:
        """Return a tree's path -> blob id mapping."""
        files = self._tree_files.get(tree_id)
        if files is None:
            files = tree_files(self.conn, tree_id)
            self._tree_files[tree_id] = files
        return dict(files)

    def commit(
        self,
        project_id: int,
        files: Mapping[str, int],
        parents: list[str],
        author: tuple[int | None, str, str],
        message: str,
        moment: str,
    ) -> str:
        """Store a commit of the snapshot ``files`` and return its sha.

        Args:
            project_id: The project whose repository gets the commit.
            files: The full snapshot: path -> blob id.
            parents: Parent shas (none for a root commit, two for a merge).
            author: ``(user id or None, name, email)``.
            message: The commit message.
            moment: The commit time as stored.
        """
        tree_id, tree = self.tree(files)
        sha = commit_sha(tree, parents, author[1], author[2], moment, message)
        self.conn.execute(
            "INSERT OR IGNORE INTO commits (project_id, sha, tree_id, parent_sha, parent2_sha,"
            " author_id, author_name, author_email, message, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                project_id,
                sha,
                tree_id,
                parents[0] if parents else None,
                parents[1] if len(parents) > 1 else None,
                author[0],
                author[1],
                author[2],
                message,
                moment,
            ),
        )
        return sha


def initial_commit(
    conn: sqlite3.Connection,
    project_id: int,
    files: Mapping[str, str],
    author: tuple[int | None, str, str],
    moment: str,
    branch: str = "main",
) -> str:
    """Give an empty repository its first commit of ``files`` (path -> text) on ``branch``.

    Returns:
        The commit's sha.
    """
    writer = RepoWriter(conn)
    snapshot = {path: writer.blob(normalize_content(text)) for path, text in files.items()}
    sha = writer.commit(project_id, snapshot, [], author, "Initial commit", moment)
    conn.execute(
        "INSERT INTO refs VALUES (?, 'branch', ?, ?, '', ?)", (project_id, branch, sha, moment)
    )
    return sha


# --- reading ------------------------------------------------------------------------------


def tree_files(conn: sqlite3.Connection, tree_id: int) -> dict[str, int]:
    """Return a tree's path -> blob id mapping."""
    return {
        row[0]: row[1]
        for row in conn.execute(
            "SELECT path, blob_id FROM tree_entries WHERE tree_id = ?", (tree_id,)
        )
    }


def blob_content(conn: sqlite3.Connection, blob_id: int) -> str:
    """Return a blob's text."""
    return conn.execute("SELECT content FROM blobs WHERE id = ?", (blob_id,)).fetchone()[0]


def require_commit(conn: sqlite3.Connection, project_id: int, sha: str | None) -> sqlite3.Row:
    """The project's commit ``sha``, which the caller knows exists (a ref's or a merge
    request's recorded commit).

    Raises:
        LookupError: there is no such commit (the database is inconsistent).
    """
    row = get_commit(conn, project_id, sha) if sha else None
    if row is None:
        raise LookupError(f"project {project_id} has no commit {sha!r}")
    return row


def get_commit(conn: sqlite3.Connection, project_id: int, sha: str) -> sqlite3.Row | None:
    """Return the project's commit with ``sha`` (or a unique prefix of 7+ characters)."""
    if not SHA_PREFIX.match(sha):
        return None
    if len(sha) == 40:
        return conn.execute(
            "SELECT * FROM commits WHERE project_id = ? AND sha = ?", (project_id, sha)
        ).fetchone()
    rows = conn.execute(
        "SELECT * FROM commits WHERE project_id = ? AND sha >= ? AND sha < ? LIMIT 2",
        (project_id, sha, sha + "g"),
    ).fetchall()
    return rows[0] if len(rows) == 1 else None


def branch_names(conn: sqlite3.Connection, project_id: int) -> list[str]:
    """Return the project's branch names, sorted."""
    return [
        row[0]
        for row in conn.execute(
            "SELECT name FROM refs WHERE project_id = ? AND kind = 'branch' ORDER BY name",
            (project_id,),
        )
    ]


def branch_head(conn: sqlite3.Connection, project_id: int, name: str) -> str | None:
    """Return the sha a branch points at, or None when there is no such branch."""
    row = conn.execute(
        "SELECT commit_sha FROM refs WHERE project_id = ? AND kind = 'branch' AND name = ?",
        (project_id, name),
    ).fetchone()
    return row[0] if row else None


@dataclass
class Resolved:
    """A ref (branch, tag or commit sha) and the path that followed it in a URL."""

    ref: str
    kind: str
    commit: sqlite3.Row
    path: str


def resolve(conn: sqlite3.Connection, project_id: int, rest: str) -> Resolved | None:
    """Split ``<ref>/<path>`` into its ref and path; ref names may contain slashes.

    The longest branch or tag name that is a prefix of ``rest`` wins (as in GitLab);
    otherwise the first segment may be a commit sha.
    """
    rest = rest.strip("/")
    candidates = []
    parts = rest.split("/")
    for end in range(len(parts), 0, -1):
        candidates.append(("/".join(parts[:end]), "/".join(parts[end:])))
    names = [name for name, _ in candidates]
    marks = ", ".join("?" * len(names))
    rows = conn.execute(
        f"SELECT kind, name, commit_sha FROM refs WHERE project_id = ? AND name IN ({marks})"
        " ORDER BY length(name) DESC, kind",
        [project_id, *names],
    ).fetchall()
    if rows:
        kind, name, sha = rows[0]
        commit = get_commit(conn, project_id, sha)
        if commit is not None:
            path = rest[len(name) :].strip("/")
            return Resolved(name, kind, commit, path)
    commit = get_commit(conn, project_id, parts[0])
    if commit is not None:
        return Resolved(parts[0], "commit", commit, "/".join(parts[1:]))
    return None


def project_commits(conn: sqlite3.Connection, project_id: int) -> dict[str, sqlite3.Row]:
    """Return every commit of a project by sha (a few hundred at most)."""
    return {
        row["sha"]: row
        for row in conn.execute(
            "SELECT id, sha, tree_id, parent_sha, parent2_sha, author_id, "
            "author_name, author_email,"
            " message, created_at FROM commits WHERE project_id = ?",
            (project_id,),
        )
    }


def ancestors(commits: Mapping[str, sqlite3.Row], head: str | None) -> set[str]:
    """Return the shas reachable from ``head`` (itself included)."""
    seen: set[str] = set()
    stack = [head] if head else []
    while stack:
        sha = stack.pop()
        if sha in seen or sha not in commits:
            continue
        seen.add(sha)
        row = commits[sha]
        stack.extend(parent for parent in (row["parent_sha"], row["parent2_sha"]) if parent)
    return seen


def _newest_first(commits: Mapping[str, sqlite3.Row], shas: Iterable[str]) -> list[sqlite3.Row]:
    return sorted(
        (commits[sha] for sha in shas), key=lambda row: (row["created_at"], row["id"]), reverse=True
    )


def history(conn: sqlite3.Connection, project_id: int, head: str) -> list[sqlite3.Row]:
    """Return the commits reachable from ``head``, newest first."""
    commits = project_commits(conn, project_id)
    return _newest_first(commits, ancestors(commits, head))


HISTORY_LENGTHS: dict[tuple[int, str], int] = {}
"""(project id, head sha) -> commits reachable from the head, for :func:`history_length`."""
MAX_HISTORY_LENGTHS = 4096


def history_length(conn: sqlite3.Connection, project_id: int, head: str) -> int:
    """Return how many commits are reachable from ``head``: ``len(history(...))``, memoised.

    Exact: a commit's sha covers its parents' shas, so it names its whole history, and
    a write only ever adds commits (and moves refs, which changes ``head``).
    """
    key = (project_id, head)
    count = HISTORY_LENGTHS.get(key)
    if count is None:
        count = len(history(conn, project_id, head))
        if len(HISTORY_LENGTHS) >= MAX_HISTORY_LENGTHS:
            HISTORY_LENGTHS.clear()
        HISTORY_LENGTHS[key] = count
    return count


def commits_between(
    conn: sqlite3.Connection, project_id: int, base: str | None, head: str
) -> list[sqlite3.Row]:
    """Return the commits reachable from ``head`` but not from ``base``, newest first."""
    commits = project_commits(conn, project_id)
    return _newest_first(commits, ancestors(commits, head) - ancestors(commits, base))


def merge_base(conn: sqlite3.Connection, project_id: int, a: str, b: str) -> str | None:
    """Return the newest common ancestor of two commits, or None."""
    commits = project_commits(conn, project_id)
    common = ancestors(commits, a) & ancestors(commits, b)
    if not common:
        return None
    return _newest_first(commits, common)[0]["sha"]


def is_ancestor(conn: sqlite3.Connection, project_id: int, old: str, new: str) -> bool:
    """Return whether ``old`` is reachable from ``new``."""
    return old in ancestors(project_commits(conn, project_id), new)


CHANGES: dict[tuple[str, str | None], frozenset[str]] = {}
"""(commit sha, parent sha) -> the paths whose file differs between the parent's snapshot
and the commit's (parent None: against no files, for a root commit or a parent the
project lacks), for :func:`_changes`."""
MAX_CHANGES = 32768


def _changes(
    conn: sqlite3.Connection, commits: Mapping[str, sqlite3.Row], rows: Iterable[sqlite3.Row]
) -> dict[str, list[frozenset[str]]]:
    """Return, for each commit of ``rows`` by sha, the paths it changed against each parent.

    Memoised in :data:`CHANGES`: a commit's sha covers its tree's paths and blob shas and
    its parents' shas, so what it changed is the same in every world and never goes stale.
    """
    keys = {
        row["sha"]: [
            (row["sha"], parent if parent in commits else None)
            for parent in (row["parent_sha"], row["parent2_sha"])
            if parent
        ]
        or [(row["sha"], None)]
        for row in rows
    }
    missing = {key for pairs in keys.values() for key in pairs if key not in CHANGES}
    if missing:
        trees = {sha: commits[sha]["tree_id"] for key in missing for sha in key if sha}
        snapshots = _snapshots(conn, trees.values())
        if len(CHANGES) + len(missing) > MAX_CHANGES:
            CHANGES.clear()
        empty: dict[str, int] = {}
        for sha, parent in missing:
            mine = snapshots[trees[sha]]
            before = snapshots[trees[parent]] if parent else empty
            CHANGES[sha, parent] = frozenset(path for path, _ in mine.items() ^ before.items())
    return {sha: [CHANGES[key] for key in pairs] for sha, pairs in keys.items()}


def _snapshots(conn: sqlite3.Connection, tree_ids: Iterable[int]) -> dict[int, dict[str, int]]:
    """Return each tree's path -> blob id mapping."""
    ids = sorted(set(tree_ids))
    snapshots: dict[int, dict[str, int]] = {tree_id: {} for tree_id in ids}
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        marks = ", ".join("?" * len(chunk))
        sql = f"SELECT tree_id, path, blob_id FROM tree_entries WHERE tree_id IN ({marks})"
        for tree_id, entry, blob_id in conn.execute(sql, chunk):
            snapshots[tree_id][entry] = blob_id
    return snapshots


def path_history(
    conn: sqlite3.Connection, project_id: int, head: str, path: str
) -> list[sqlite3.Row]:
    """Return the commits reachable from ``head`` that changed ``path`` (a file or folder).

    Like ``git log -- path``: a merge commit counts only when the path differs from
    every parent, so a merged change is credited to the commit that made it.
    """
    commits = project_commits(conn, project_id)
    rows = _newest_first(commits, ancestors(commits, head))
    folder = path.strip("/")
    if not folder:
        return rows
    prefix = folder + "/"
    changes = _changes(conn, commits, rows)
    return [
        row
        for row in rows
        if all(
            any(changed == folder or changed.startswith(prefix) for changed in paths)
            for paths in changes[row["sha"]]
        )
    ]


def last_commits(
    conn: sqlite3.Connection, project_id: int, head: str, folder: str, names: Iterable[str]
) -> dict[str, sqlite3.Row]:
    """Return, for each entry ``name`` of ``folder``, the newest commit that changed it.

    A commit changed an entry when the entry's files (paths and blobs) differ from those
    of every parent, that is when one of its paths is among those the commit changed
    against each parent (:func:`_changes`).
    """
    commits = project_commits(conn, project_id)
    rows = _newest_first(commits, ancestors(commits, head))
    folder = folder.strip("/")
    prefix = folder + "/" if folder else ""
    cut = len(prefix)
    wanted = set(names)
    found: dict[str, sqlite3.Row] = {}
    if not wanted:
        return found
    changes = _changes(conn, commits, rows)
    for row in rows:
        changed: set[str] | None = None
        for paths in changes[row["sha"]]:
            touched = {
                path[cut:].split("/", 1)[0]
                for path in paths
                if path.startswith(prefix) or path == folder
            }
            changed = touched if changed is None else changed & touched
        if changed:
            for name in wanted - set(found):
                if name in changed:
                    found[name] = row
            if len(found) == len(wanted):
                break
    return found


def list_tree(files: Mapping[str, int], folder: str) -> tuple[list[str], list[str]]:
    """Return the sub-folders and files directly inside ``folder`` of a snapshot."""
    prefix = folder.strip("/") + "/" if folder.strip("/") else ""
    folders: set[str] = set()
    names: list[str] = []
    for path in files:
        if not path.startswith(prefix):
            continue
        rest = path[len(prefix) :]
        if "/" in rest:
            folders.add(rest.split("/", 1)[0])
        else:
            names.append(rest)
    return sorted(folders), sorted(names)


# --- diffs --------------------------------------------------------------------------------


@dataclass
class DiffLine:
    """One line of a hunk: ``kind`` is ``context``, ``add`` or ``del``."""

    kind: str
    old_no: int | None
    new_no: int | None
    text: str


@dataclass
class Hunk:
    """A run of changed lines with context, like a unified diff's ``@@`` block."""

    old_start: int
    old_count: int
    new_start: int
    new_count: int
    lines: list[DiffLine] = field(default_factory=list)

    @property
    def header(self) -> str:
        """The ``@@ -a,b +c,d @@`` header."""
        return f"@@ -{self.old_start},{self.old_count} +{self.new_start},{self.new_count} @@"


@dataclass
class FileDiff:
    """The change of one file between two snapshots."""

    path: str
    status: str
    hunks: list[Hunk]
    additions: int
    deletions: int
    truncated: bool = False

    @property
    def line_count(self) -> int:
        """The number of diff lines shown."""
        return sum(len(hunk.lines) for hunk in self.hunks)


def diff_text(old: str, new: str) -> list[Hunk]:
    """Return the hunks that turn ``old`` into ``new`` (line based, 3 lines of context)."""
    a, b = split_lines(old), split_lines(new)
    if a == b:
        return []
    hunks = []
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for group in matcher.get_grouped_opcodes(DIFF_CONTEXT):
        i1, j1 = group[0][1], group[0][3]
        i2, j2 = group[-1][2], group[-1][4]
        hunk = Hunk(i1 + 1 if i2 > i1 else i1, i2 - i1, j1 + 1 if j2 > j1 else j1, j2 - j1)
        for tag, a1, a2, b1, b2 in group:
            if tag == "equal":
                hunk.lines += [
                    DiffLine("context", a1 + k + 1, b1 + k + 1, a[a1 + k]) for k in range(a2 - a1)
                ]
                continue
            hunk.lines += [DiffLine("del", a1 + k + 1, None, a[a1 + k]) for k in range(a2 - a1)]
            hunk.lines += [DiffLine("add", None, b1 + k + 1, b[b1 + k]) for k in range(b2 - b1)]
        hunks.append(hunk)
    return hunks


def diff_trees(
    conn: sqlite3.Connection,
    old_tree: int | None,
    new_tree: int,
    limit_lines: int | None = MAX_DIFF_LINES,
) -> list[FileDiff]:
    """Return the file diffs between two snapshots, by path.

    Args:
        conn: The site database.
        old_tree: The older tree's id, or None for a root commit.
        new_tree: The newer tree's id.
        limit_lines: Cut a file's hunks after this many lines (None keeps all).
    """
    old = tree_files(conn, old_tree) if old_tree is not None else {}
    new = tree_files(conn, new_tree)
    return diff_snapshots(conn, old, new, limit_lines)


def changed_paths(old: Mapping[str, int], new: Mapping[str, int]) -> list[str]:
    """Return the paths added, deleted or modified from snapshot ``old`` to ``new``, sorted:
    one per file diff of :func:`diff_snapshots`."""
    return sorted(path for path in set(old) | set(new) if old.get(path) != new.get(path))


def diff_snapshots(
    conn: sqlite3.Connection,
    old: Mapping[str, int],
    new: Mapping[str, int],
    limit_lines: int | None = MAX_DIFF_LINES,
) -> list[FileDiff]:
    """Return the file diffs between two path -> blob id snapshots."""
    paths = changed_paths(old, new)
    wanted = {old[p] for p in paths if p in old} | {new[p] for p in paths if p in new}
    contents: dict[int, str] = {}
    ids = sorted(wanted)
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        marks = ", ".join("?" * len(chunk))
        contents.update(
            conn.execute(f"SELECT id, content FROM blobs WHERE id IN ({marks})", chunk).fetchall()
        )
    diffs = []
    for path in paths:
        before = contents[old[path]] if path in old else ""
        after = contents[new[path]] if path in new else ""
        status = "added" if path not in old else "deleted" if path not in new else "modified"
        hunks = diff_text(before, after)
        additions = sum(line.kind == "add" for hunk in hunks for line in hunk.lines)
        deletions = sum(line.kind == "del" for hunk in hunks for line in hunk.lines)
        diff = FileDiff(path, status, hunks, additions, deletions)
        if limit_lines is not None and diff.line_count > limit_lines:
            kept, shown = [], 0
            for hunk in hunks:
                if shown + len(hunk.lines) > limit_lines:
                    break
                kept.append(hunk)
                shown += len(hunk.lines)
            diff.hunks, diff.truncated = kept, True
        diffs.append(diff)
    return diffs


# --- merging ------------------------------------------------------------------------------


def three_way_merge(
    base: Mapping[str, int], ours: Mapping[str, int], theirs: Mapping[str, int]
) -> tuple[dict[str, int], list[str]]:
    """Merge two snapshots that share ``base``, file by file.

    A file changed on one side only takes that side; a file changed identically on both
    sides is kept; a file changed differently on both sides is a conflict.

    Returns:
        ``(merged snapshot, conflicting paths)``.
    """
    merged: dict[str, int] = {}
    conflicts: list[str] = []
    for path in sorted(set(base) | set(ours) | set(theirs)):
        b, o, t = base.get(path), ours.get(path), theirs.get(path)
        if o == t or t == b:
            result = o
        elif o == b:
            result = t
        else:
            conflicts.append(path)
            result = o
        if result is not None:
            merged[path] = result
    return merged, conflicts
