"""Files, raw view, history, commit diffs, compare, branches, tags and editing files."""

from __future__ import annotations

import sqlite3

import pytest
from flask.testing import FlaskClient
from lxml import html

from webenv.sites.githost import markup, repo

OWNED = "alex.chen/quartz-lint"
MAINTAINED = "northwind/falcon-proxy"


def apply_hunks(old: str, hunks: list[repo.Hunk]) -> str:
    """Apply a file's diff hunks to its old text, checking every context and deleted line."""
    lines = repo.split_lines(old)
    result: list[str] = []
    position = 0
    for hunk in hunks:
        start = hunk.old_start - 1 if hunk.old_count else hunk.old_start
        result += lines[position:start]
        position = start
        for line in hunk.lines:
            if line.kind in ("context", "del"):
                assert lines[position] == line.text, (hunk.header, line)
                position += 1
            if line.kind in ("context", "add"):
                result.append(line.text)
    result += lines[position:]
    return "\n".join(result) + "\n" if result else ""


def test_parent_tree_plus_diff_gives_child_tree(conn: sqlite3.Connection, facts) -> None:
    conn.row_factory = sqlite3.Row
    for full_path in (OWNED, MAINTAINED):
        project_id = facts.project_id(full_path)
        commits = conn.execute(
            "SELECT * FROM commits WHERE project_id = ? ORDER BY id", (project_id,)
        ).fetchall()
        assert len(commits) >= 20
        by_sha = {row["sha"]: row for row in commits}
        for commit in commits:
            parent = by_sha.get(commit["parent_sha"])
            before = repo.tree_files(conn, parent["tree_id"]) if parent else {}
            after = repo.tree_files(conn, commit["tree_id"])
            diffs = repo.diff_trees(
                conn, parent["tree_id"] if parent else None, commit["tree_id"], limit_lines=None
            )
            rebuilt = {path: repo.blob_content(conn, blob) for path, blob in before.items()}
            for diff in diffs:
                new_text = apply_hunks(rebuilt.get(diff.path, ""), diff.hunks)
                if diff.status == "deleted":
                    assert new_text == ""
                    del rebuilt[diff.path]
                else:
                    rebuilt[diff.path] = new_text
            expected = {path: repo.blob_content(conn, blob) for path, blob in after.items()}
            assert rebuilt == expected, commit["sha"]


def test_shas_are_content_addresses(conn: sqlite3.Connection) -> None:
    for sha, content in conn.execute("SELECT sha, content FROM blobs LIMIT 50"):
        assert repo.blob_sha(content) == sha


def test_tree_lists_folders_files_and_last_commits(client: FlaskClient) -> None:
    response = client.get(f"/{MAINTAINED}/-/tree/main")
    assert response.status_code == 200
    tree = html.fromstring(response.data)
    names = [a.text_content() for a in tree.cssselect("table.tree tbody tr td:first-child a")]
    assert "README.md" in names and "src/" in names
    assert all(row.cssselect("td:nth-child(2) a") for row in tree.cssselect("table.tree tbody tr"))
    sub = client.get(f"/{MAINTAINED}/-/tree/main/src")
    assert sub.status_code == 200 and b"falcon_proxy/" in sub.data


def _changed_entries(conn, rows: list[sqlite3.Row], folder: str) -> dict[str, set[str]]:
    """Commit sha -> the entries of ``folder`` whose files (paths and blobs) differ from
    those of every parent, straight from the definition (every tree read in full)."""
    trees = {row["sha"]: repo.tree_files(conn, row["tree_id"]) for row in rows}
    prefix = f"{folder}/" if folder else ""

    def entries(sha: str) -> dict[str, set[tuple[str, int]]]:
        grouped: dict[str, set[tuple[str, int]]] = {}
        for path, blob in trees.get(sha, {}).items():
            if path.startswith(prefix):
                grouped.setdefault(path[len(prefix) :].split("/")[0], set()).add((path, blob))
        return grouped

    changed = {}
    for row in rows:
        mine = entries(row["sha"])
        parents = [entries(sha) for sha in (row["parent_sha"], row["parent2_sha"]) if sha] or [{}]
        names = mine.keys() | {name for parent in parents for name in parent}
        changed[row["sha"]] = {
            name for name in names if all(parent.get(name) != mine.get(name) for parent in parents)
        }
    return changed


def test_last_commits_and_path_history_match_their_definition(
    client: FlaskClient, auth, post, conn, facts
) -> None:
    auth.login()
    content = client.get(f"/{MAINTAINED}/-/raw/main/config.yml").get_data(as_text=True)
    edit = {"content": content + "# edited\n", "commit_message": "Tune", "branch_name": "main"}
    assert post(f"/{MAINTAINED}/-/edit/main/config.yml", edit).status_code == 302
    conn.row_factory = sqlite3.Row
    project_id, head = facts.project_id(MAINTAINED), facts.head(MAINTAINED)
    rows = repo.history(conn, project_id, head)
    assert any(row["parent2_sha"] for row in rows)  # merges are covered
    files = repo.tree_files(conn, rows[0]["tree_id"])
    folders = {""} | {path.rsplit("/", 1)[0] for path in files if "/" in path}
    for memo in ("cold", "warm"):
        if memo == "cold":
            repo.CHANGES.clear()
        for folder in sorted(folders):
            changed = _changed_entries(conn, rows, folder)
            subfolders, folder_files = repo.list_tree(files, folder)
            names = subfolders + folder_files
            expected = {
                name: next(row["sha"] for row in rows if name in changed[row["sha"]])
                for name in names
            }
            got = repo.last_commits(conn, project_id, head, folder, names)
            assert {name: row["sha"] for name, row in got.items()} == expected
            for name in names:
                path = f"{folder}/{name}" if folder else name
                history = repo.path_history(conn, project_id, head, path)
                assert [row["sha"] for row in history] == [
                    row["sha"] for row in rows if name in changed[row["sha"]]
                ], path
    last = repo.last_commits(conn, project_id, head, "", ["config.yml", "README.md"])
    assert last["config.yml"]["sha"] == head != last["README.md"]["sha"]
    page = client.get(f"/{MAINTAINED}/-/tree/main").get_data(as_text=True)
    assert f'/-/commit/{head}">Tune</a>' in page


def test_blob_shows_numbered_lines_and_raw_is_plain_text(client: FlaskClient, conn, facts) -> None:
    raw = client.get(f"/{MAINTAINED}/-/raw/main/config.yml")
    assert raw.status_code == 200 and raw.mimetype == "text/plain"
    assert raw.get_data(as_text=True).startswith("# Runtime settings of falcon_proxy.")
    page = client.get(f"/{MAINTAINED}/-/blob/main/config.yml")
    tree = html.fromstring(page.data)
    assert tree.get_element_by_id("L1").text_content().strip() == "1"
    assert "log_level:" in tree.cssselect("pre.code")[0].text_content()


def test_blob_of_a_folder_redirects_and_missing_paths_404(client: FlaskClient) -> None:
    assert client.get(f"/{MAINTAINED}/-/blob/main/src").status_code == 302
    assert client.get(f"/{MAINTAINED}/-/blob/main/nope.txt").status_code == 404
    assert client.get(f"/{MAINTAINED}/-/tree/no-such-branch").status_code == 404
    assert client.get(f"/{MAINTAINED}/-/raw/main/nope").status_code == 404


def test_refs_with_slashes_and_tags_resolve(client: FlaskClient, conn, facts) -> None:
    project_id = facts.project_id(MAINTAINED)
    branch = conn.execute(
        "SELECT name FROM refs WHERE project_id = ? AND kind = 'branch' AND"
        " name LIKE '%/%' LIMIT 1",
        (project_id,),
    ).fetchone()[0]
    assert client.get(f"/{MAINTAINED}/-/tree/{branch}").status_code == 200
    assert client.get(f"/{MAINTAINED}/-/blob/{branch}/README.md").status_code == 200
    tag = conn.execute(
        "SELECT name FROM refs WHERE project_id = ? AND kind = 'tag' LIMIT 1", (project_id,)
    ).fetchone()[0]
    assert client.get(f"/{MAINTAINED}/-/raw/{tag}/README.md").status_code == 200


def test_large_file_is_paged(client: FlaskClient, auth, post, conn, facts) -> None:
    auth.login()
    content = "".join(f"line {n}\n" for n in range(1, 1201))
    response = post(
        f"/{OWNED}/-/new/main",
        {
            "file_name": "big.txt",
            "content": content,
            "commit_message": "Add big file",
            "branch_name": "main",
        },
    )
    assert response.status_code == 302
    first = html.fromstring(client.get(f"/{OWNED}/-/blob/main/big.txt").data)
    assert len(first.cssselect("span.ln")) == 500
    assert first.cssselect('a[rel="next"]')
    third = html.fromstring(client.get(f"/{OWNED}/-/blob/main/big.txt?page=3").data)
    assert third.cssselect("span.ln")[0].get("id") == "L1001"


def test_commit_history_and_file_history(client: FlaskClient, conn, facts) -> None:
    conn.row_factory = sqlite3.Row
    project_id = facts.project_id(MAINTAINED)
    head = facts.head(MAINTAINED)
    every = repo.history(conn, project_id, head)
    page = html.fromstring(client.get(f"/{MAINTAINED}/-/commits/main").data)
    assert len(page.cssselect("ol.commit-list > li")) == 20
    assert f"{len(every)} commits on main" in page.text_content()
    readme = repo.path_history(conn, project_id, head, "README.md")
    assert 0 < len(readme) < len(every)
    for row in readme:
        assert row["parent2_sha"] is None
    file_page = client.get(f"/{MAINTAINED}/-/commits/main/README.md").get_data(as_text=True)
    assert f"{len(readme)} commit" in file_page
    assert readme[0]["message"].split("\n")[0] in file_page


def test_commit_page_shows_message_and_diff(client: FlaskClient, conn, facts) -> None:
    sha = conn.execute(
        "SELECT sha FROM commits WHERE project_id = ? AND"
        " message LIKE 'Add % module with %'"
        " LIMIT 1",
        (facts.project_id(MAINTAINED),),
    ).fetchone()[0]
    response = client.get(f"/{MAINTAINED}/-/commit/{sha[:10]}")
    assert response.status_code == 200
    tree = html.fromstring(response.data)
    assert tree.cssselect("h1")[0].text_content() == f"Commit {sha[:8]}"
    assert tree.cssselect("pre.diff span.add")
    assert any("added" in h.text_content() for h in tree.cssselect("h3.diff-path"))
    assert client.get(f"/{MAINTAINED}/-/commit/{'0' * 40}").status_code == 404
    assert client.get(f"/{MAINTAINED}/-/commit/zzz").status_code == 404


def test_compare_two_branches(client: FlaskClient, conn, facts) -> None:
    project_id = facts.project_id(MAINTAINED)
    branch = conn.execute(
        "SELECT source_branch FROM merge_requests WHERE project_id = ? AND state = 'opened'"
        " LIMIT 1",
        (project_id,),
    ).fetchone()[0]
    response = client.get(f"/{MAINTAINED}/-/compare", query_string={"from": "main", "to": branch})
    assert response.status_code == 200
    tree = html.fromstring(response.data)
    assert tree.cssselect("ol.commit-list li") and tree.cssselect("section.file-diff")
    reverse = client.get(f"/{MAINTAINED}/-/compare", query_string={"from": branch, "to": branch})
    assert b"There are no commits to show" in reverse.data
    missing = client.get(f"/{MAINTAINED}/-/compare", query_string={"from": "main", "to": "x"})
    assert missing.status_code == 404 and b"no branch or tag named x" in missing.data


def test_web_edit_creates_a_real_commit(client: FlaskClient, auth, post, conn, facts) -> None:
    auth.login()
    before = facts.head(MAINTAINED)
    form = html.fromstring(client.get(f"/{MAINTAINED}/-/edit/main/README.md").data)
    content = form.get_element_by_id("content").text
    response = post(
        f"/{MAINTAINED}/-/edit/main/README.md",
        {
            "content": content + "\nEdited on the web.\n",
            "commit_message": "Mention web edits",
            "branch_name": "main",
        },
    )
    assert response.status_code == 302
    after = facts.head(MAINTAINED)
    assert after != before
    conn.row_factory = sqlite3.Row
    commit = repo.get_commit(conn, facts.project_id(MAINTAINED), after)
    assert commit["parent_sha"] == before and commit["message"] == "Mention web edits"
    assert commit["author_id"] == 1
    diffs = repo.diff_trees(
        conn, repo.get_commit(conn, commit["project_id"], before)["tree_id"], commit["tree_id"]
    )
    assert [d.path for d in diffs] == ["README.md"] and diffs[0].additions == 2
    raw = client.get(f"/{MAINTAINED}/-/raw/main/README.md").get_data(as_text=True)
    assert raw.endswith("Edited on the web.\n")
    page = client.get(f"/{MAINTAINED}/-/commits/main").get_data(as_text=True)
    assert "Mention web edits" in page


def test_web_edit_to_a_new_branch(client: FlaskClient, auth, post, facts) -> None:
    auth.login()
    before = facts.head(MAINTAINED)
    response = post(
        f"/{MAINTAINED}/-/edit/main/config.yml",
        {"content": "port: 1\n", "commit_message": "Tiny config", "branch_name": "tiny-config"},
    )
    assert response.headers["Location"].endswith("/-/blob/tiny-config/config.yml")
    assert facts.head(MAINTAINED) == before
    assert facts.head(MAINTAINED, "tiny-config") != before


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({"commit_message": ""}, "Commit message is required"),
        ({"content": "x" * 200_001}, "File content must be at most 200,000 characters"),
        ({"branch_name": "bad..name"}, "Branch name may contain"),
        ({"commit_message": "m" * 1001}, "Commit message must be at most 1,000 characters"),
    ],
)
def test_web_edit_rejects_bad_input(client: FlaskClient, auth, post, form, message) -> None:
    auth.login()
    data = {"content": "new\n", "commit_message": "Change", "branch_name": "main", **form}
    response = post(f"/{MAINTAINED}/-/edit/main/README.md", data)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)


def test_unchanged_edit_is_rejected(client: FlaskClient, auth, post) -> None:
    auth.login()
    content = client.get(f"/{MAINTAINED}/-/raw/main/README.md").get_data(as_text=True)
    response = post(
        f"/{MAINTAINED}/-/edit/main/README.md",
        {"content": content, "commit_message": "Nothing", "branch_name": "main"},
    )
    assert response.status_code == 400 and b"nothing to commit" in response.data


def test_new_file(client: FlaskClient, auth, post, facts) -> None:
    auth.login()
    response = post(
        f"/{OWNED}/-/new/main/docs",
        {
            "file_name": "faq.md",
            "content": "# FAQ\n",
            "commit_message": "Add FAQ",
            "branch_name": "main",
        },
    )
    assert response.headers["Location"].endswith("/-/blob/main/docs/faq.md")
    assert client.get(f"/{OWNED}/-/raw/main/docs/faq.md").data == b"# FAQ\n"
    clash = post(
        f"/{OWNED}/-/new/main",
        {"file_name": "README.md", "content": "x", "commit_message": "m", "branch_name": "main"},
    )
    assert clash.status_code == 400 and b"already exists" in clash.data
    evil = post(
        f"/{OWNED}/-/new/main",
        {"file_name": "../x", "content": "x", "commit_message": "m", "branch_name": "main"},
    )
    assert evil.status_code == 400


def test_branches_create_and_delete(client: FlaskClient, auth, post, conn, facts) -> None:
    auth.login()
    page = html.fromstring(client.get(f"/{MAINTAINED}/-/branches").data)
    first = page.cssselect("table.data tbody tr td a")[0].text_content()
    assert first == "main"
    response = post(f"/{MAINTAINED}/-/branches", {"branch_name": "release/2024", "ref": "main"})
    assert response.status_code == 302
    assert facts.head(MAINTAINED, "release/2024") == facts.head(MAINTAINED)
    duplicate = post(f"/{MAINTAINED}/-/branches", {"branch_name": "release/2024", "ref": "main"})
    assert duplicate.status_code == 400 and b"already exists" in duplicate.data
    bad_ref = post(f"/{MAINTAINED}/-/branches", {"branch_name": "x", "ref": "nope"})
    assert bad_ref.status_code == 400
    assert post(f"/{MAINTAINED}/-/branches/release/2024/delete").status_code == 302
    assert not conn.execute("SELECT 1 FROM refs WHERE name = 'release/2024'").fetchone()
    post(f"/{MAINTAINED}/-/branches/main/delete")
    assert facts.head(MAINTAINED)


def test_tags_are_listed_newest_first(client: FlaskClient, conn, facts) -> None:
    names = [
        row[0]
        for row in conn.execute(
            "SELECT name FROM refs WHERE project_id = ? AND kind = 'tag' ORDER BY created_at DESC",
            (facts.project_id(MAINTAINED),),
        )
    ]
    tree = html.fromstring(client.get(f"/{MAINTAINED}/-/tags").data)
    assert [a.text_content() for a in tree.cssselect("tbody tr td:first-child a")] == names


def test_switch_ref_redirects(client: FlaskClient) -> None:
    response = client.get(
        f"/{MAINTAINED}/-/refs/switch", query_string={"view": "tree", "ref": "main", "path": "src"}
    )
    assert response.headers["Location"].endswith(f"/{MAINTAINED}/-/tree/main/src")


def test_three_way_merge() -> None:
    base = {"a": 1, "b": 2, "c": 3}
    merged, conflicts = repo.three_way_merge(
        base, {"a": 1, "b": 5, "c": 3, "d": 7}, {"a": 9, "b": 2}
    )
    assert merged == {"a": 9, "b": 5, "d": 7} and conflicts == []
    _, conflicts = repo.three_way_merge(base, {"a": 2}, {"a": 3})
    assert conflicts == ["a"]


def test_file_diffs_markup_escapes_and_aligns(app) -> None:
    hunk = repo.Hunk(
        1, 1, 1, 2, [repo.DiffLine("del", 1, None, "<a>"), repo.DiffLine("add", None, 1, "&")]
    )
    hunk.lines.append(repo.DiffLine("context", 12345, 2, ""))
    diffs = [
        repo.FileDiff('x"<y>.txt', "modified", [hunk], 1, 1, True),
        repo.FileDiff("e", "added", [], 0, 0),
    ]
    with app.test_request_context("/"):
        assert markup.file_diffs(diffs) == (
            '<section class="file-diff" aria-label="Changes to x&#34;&lt;y&gt;.txt">\n'
            '  <h3 class="diff-path">x&#34;&lt;y&gt;.txt'
            ' <span class="diff-status">(modified, +1 -1)</span></h3>\n'
            '  <pre class="diff"><code><span class="hunk">@@ -1,1 +1,2 @@</span>\n'
            '<span class="del">   1      -&lt;a&gt;</span>\n'
            '<span class="add">        1 +&amp;</span>\n'
            '<span class="context">12345    2  </span>\n'
            "</code></pre>\n"
            '<p class="notice">This diff is too large to show in full; view the file instead.</p>'
            "</section>\n"
            '<section class="file-diff" aria-label="Changes to e">\n'
            '  <h3 class="diff-path">e <span class="diff-status">(added, +0 -0)</span></h3>\n'
            '  <p class="empty">Empty file.</p>\n'
            "</section>\n"
        )
