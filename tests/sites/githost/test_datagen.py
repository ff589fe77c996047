"""The generated world: determinism, volumes, size and the canonical facts tasks rely on."""

from __future__ import annotations

import sqlite3

import pytest

from webenv.sites.core.auth import DEMO_PASSWORD, verify_password
from webenv.sites.core.clock import WORLD_NOW
from webenv.sites.githost.datagen import generate


def _generate(seed: int) -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:")
    generate(conn, seed)
    return conn


def test_same_seed_gives_identical_bytes(world_bytes: bytes) -> None:
    assert _generate(0).serialize() == world_bytes


def test_other_seed_gives_other_world(world_bytes: bytes) -> None:
    conn = _generate(1)
    assert conn.serialize() != world_bytes
    assert conn.execute("SELECT COUNT(*) FROM projects").fetchone()[0] >= 60


def test_generate_is_small(world_bytes: bytes) -> None:
    # Generation time is measured in benchmarks/, never asserted here.
    assert len(world_bytes) < 20 * 1024 * 1024


def test_generate_replaces_existing_tables(conn: sqlite3.Connection) -> None:
    conn.execute("DELETE FROM issues WHERE id > 10")
    conn.commit()
    generate(conn, 0)
    assert conn.execute("SELECT COUNT(*) FROM issues").fetchone()[0] >= 1500


@pytest.mark.parametrize(
    ("query", "minimum"),
    [
        ("SELECT COUNT(*) FROM users", 100),
        ("SELECT COUNT(*) FROM namespaces WHERE kind = 'group'", 10),
        ("SELECT COUNT(*) FROM projects", 60),
        ("SELECT COUNT(*) FROM projects WHERE forked_from_id IS NOT NULL", 5),
        ("SELECT COUNT(*) FROM issues", 1500),
        ("SELECT COUNT(*) FROM merge_requests", 400),
        ("SELECT COUNT(*) FROM merge_requests WHERE state = 'merged'", 200),
        ("SELECT COUNT(*) FROM merge_requests WHERE state = 'opened'", 50),
        ("SELECT COUNT(*) FROM notes WHERE system = 0", 3000),
        ("SELECT COUNT(*) FROM labels", 300),
        ("SELECT COUNT(*) FROM milestones", 100),
        ("SELECT COUNT(*) FROM stars", 100),
        ("SELECT COUNT(*) FROM refs WHERE kind = 'tag'", 100),
        ("SELECT COUNT(*) FROM commits WHERE parent2_sha IS NOT NULL", 200),
        ("SELECT COUNT(DISTINCT language) FROM projects", 4),
    ],
)
def test_volumes(conn: sqlite3.Connection, query: str, minimum: int) -> None:
    assert conn.execute(query).fetchone()[0] >= minimum


def test_most_projects_have_twenty_commits_on_the_default_branch(conn: sqlite3.Connection) -> None:
    from webenv.sites.githost import repo

    conn.row_factory = sqlite3.Row
    rich = 0
    projects = conn.execute("SELECT id, default_branch FROM projects").fetchall()
    for project in projects:
        head = repo.branch_head(conn, project["id"], project["default_branch"])
        rich += len(repo.history(conn, project["id"], head)) >= 20
    assert rich >= 0.8 * len(projects)


def test_every_project_has_readme_license_and_several_languages(conn: sqlite3.Connection) -> None:
    rows = conn.execute(
        "SELECT p.id, group_concat(e.path, '|') FROM projects p JOIN refs r ON r.project_id = p.id"
        " AND r.kind = 'branch' AND r.name = p.default_branch JOIN commits c ON"
        " c.project_id = p.id AND c.sha = r.commit_sha JOIN tree_entries e ON"
        " e.tree_id = c.tree_id GROUP BY p.id"
    ).fetchall()
    assert len(rows) == conn.execute("SELECT COUNT(*) FROM projects").fetchone()[0]
    for _, paths in rows:
        names = paths.split("|")
        assert {"README.md", "LICENSE", ".gitlab-ci.yml", "config.yml"} <= set(names)
        extensions = {name.rsplit(".", 1)[-1] for name in names if "." in name}
        assert len(extensions & {"py", "js", "go", "rs"}) == 1
        assert {"md", "yml"} <= extensions


def test_history_spans_two_years_before_now(conn: sqlite3.Connection) -> None:
    first, last = conn.execute("SELECT MIN(created_at), MAX(created_at) FROM commits").fetchone()
    assert first < "2022-09-01" and last <= WORLD_NOW.strftime("%Y-%m-%d %H:%M:%S")
    first, last = conn.execute("SELECT MIN(created_at), MAX(created_at) FROM issues").fetchone()
    assert first < "2022-10-01" and last.startswith("2024-06")


def test_blobs_are_deduplicated(conn: sqlite3.Connection) -> None:
    assert conn.execute("SELECT COUNT(*) - COUNT(DISTINCT content) FROM blobs").fetchone()[0] == 0


def test_visibility_mix(conn: sqlite3.Connection) -> None:
    counts = dict(conn.execute("SELECT visibility, COUNT(*) FROM projects GROUP BY 1").fetchall())
    assert counts["public"] > counts["internal"] > 0 and counts["private"] > 0


def test_demo_user(conn: sqlite3.Connection) -> None:
    user = conn.execute(
        "SELECT id, name, password_hash FROM users WHERE username = 'alex.chen'"
    ).fetchone()
    assert user[:2] == (1, "Alex Chen") and verify_password(user[2], DEMO_PASSWORD)
    roles = {row[0] for row in conn.execute("SELECT role FROM members WHERE user_id = 1")}
    assert roles == {10, 20, 30, 40, 50}
    owned = conn.execute("SELECT COUNT(*) FROM projects WHERE namespace_id = 1").fetchone()[0]
    assert owned >= 4
    assigned = conn.execute(
        "SELECT COUNT(*) FROM issue_assignees a JOIN issues i ON i.id = a.issue_id"
        " WHERE a.user_id = 1 AND i.state = 'opened'"
    ).fetchone()[0]
    assert assigned >= 10
    authored = conn.execute(
        "SELECT COUNT(*) FROM merge_requests WHERE author_id = 1 AND state = 'opened'"
    ).fetchone()[0]
    assert authored >= 3
    todos = conn.execute(
        "SELECT COUNT(*) FROM todos WHERE user_id = 1 AND state = 'pending'"
    ).fetchone()[0]
    assert todos >= 5


def test_every_user_can_log_in_with_the_demo_password(conn: sqlite3.Connection) -> None:
    rows = conn.execute("SELECT password_hash FROM users WHERE id IN (2, 50, 110)").fetchall()
    assert all(verify_password(row[0], DEMO_PASSWORD) for row in rows)


def test_counters_match_rows(conn: sqlite3.Connection) -> None:
    assert (
        conn.execute(
            "SELECT COUNT(*) FROM projects p WHERE star_count !="
            " (SELECT COUNT(*) FROM stars s WHERE s.project_id = p.id)"
        ).fetchone()[0]
        == 0
    )
    assert (
        conn.execute(
            "SELECT COUNT(*) FROM issues WHERE (state = 'closed') != (closed_at IS NOT NULL)"
        ).fetchone()[0]
        == 0
    )


def test_merged_requests_point_at_real_merge_commits(conn: sqlite3.Connection) -> None:
    bad = conn.execute(
        "SELECT COUNT(*) FROM merge_requests m LEFT JOIN commits c ON c.project_id = m.project_id"
        " AND c.sha = m.merge_commit_sha WHERE m.state = 'merged' AND (c.id IS NULL OR"
        " c.parent2_sha != m.source_sha)"
    ).fetchone()[0]
    assert bad == 0


def test_open_requests_have_their_source_branch(conn: sqlite3.Connection) -> None:
    missing = conn.execute(
        "SELECT COUNT(*) FROM merge_requests m WHERE m.state = 'opened' AND NOT EXISTS (SELECT 1"
        " FROM refs r WHERE r.project_id = m.project_id AND r.kind = 'branch'"
        " AND r.name = m.source_branch)"
    ).fetchone()[0]
    assert missing == 0


def test_init_db_command(tmp_path) -> None:
    from webenv.sites.githost import create_app

    path = tmp_path / "githost.sqlite"
    app = create_app({"DATABASE": str(path)})
    result = app.test_cli_runner().invoke(args=["init-db", "--seed", "0"])
    assert "Generated world seed 0" in result.output
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM projects").fetchone()[0] >= 60
    conn.close()
