"""What a request read and wrote (webenv.tablestate), on a schema with a view, a trigger
and foreign-key actions (the bundled sites have none of these, so a schema of its own)."""

from __future__ import annotations

import sqlite3

import pytest

from webenv.tablestate import TableState, TrackedConnection, analyzer_for

SCHEMA = """
CREATE TABLE parents (id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE children (id INTEGER PRIMARY KEY,
    parent_id INTEGER REFERENCES parents (id) ON DELETE CASCADE, name TEXT);
CREATE TABLE toys (id INTEGER PRIMARY KEY,
    child_id INTEGER REFERENCES children (id) ON DELETE SET NULL);
CREATE TABLE audit (note TEXT);
CREATE TABLE settings (value TEXT);
CREATE TABLE unrelated (value TEXT);
CREATE VIEW family AS SELECT p.name AS parent, c.name AS child
    FROM parents p JOIN children c ON c.parent_id = p.id;
CREATE TRIGGER parents_log AFTER INSERT ON parents
    BEGIN INSERT INTO audit SELECT value FROM settings; END;
"""


@pytest.fixture
def conn() -> TrackedConnection:
    conn = sqlite3.connect(":memory:", factory=TrackedConnection)
    conn.execute("PRAGMA foreign_keys=ON")
    conn.executescript(SCHEMA)
    conn.analyzer = analyzer_for(conn)
    return conn


def touched(conn: TrackedConnection, sql: str, params: tuple = ()) -> tuple[set, set, bool]:
    conn.recorded = []
    try:
        conn.execute(sql, params).fetchall()
    finally:
        recorded, conn.recorded = conn.recorded, None
    reads = set().union(*(s.reads for s in recorded))
    writes = set().union(*(s.writes for s in recorded))
    return reads, writes, any(s.opaque for s in recorded)


def test_a_view_reads_its_base_tables(conn):
    reads, writes, opaque = touched(conn, "SELECT * FROM family WHERE parent = ?", ("Ann",))
    assert {"parents", "children"} <= reads and not writes and not opaque


def test_count_star_and_exists_read_their_tables(conn):
    assert "parents" in touched(conn, "SELECT count(*) FROM parents")[0]
    assert "toys" in touched(conn, "SELECT EXISTS (SELECT 1 FROM toys)")[0]


def test_a_cte_reads_the_tables_inside_it(conn):
    sql = (
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3),"
        " named AS (SELECT name FROM children) SELECT * FROM n, named"
    )
    reads, writes, opaque = touched(conn, sql)
    assert "children" in reads and not writes and not opaque


def test_a_trigger_reads_and_writes_count_as_the_statements(conn):
    reads, writes, _ = touched(conn, "INSERT INTO parents (name) VALUES (?)", ("Ann",))
    assert {"parents", "audit"} <= writes
    assert "settings" in reads


def test_foreign_key_actions_count_as_writes_of_the_child_tables(conn):
    conn.execute("INSERT INTO parents (id, name) VALUES (1, 'Ann')")
    conn.execute("INSERT INTO children (id, parent_id, name) VALUES (1, 1, 'Bo')")
    conn.execute("INSERT INTO toys (id, child_id) VALUES (1, 1)")
    _, writes, _ = touched(conn, "DELETE FROM parents WHERE id = 1")
    assert {"parents", "children", "toys"} <= writes
    assert conn.execute("SELECT count(*) FROM children").fetchone()[0] == 0  # it cascaded


@pytest.mark.parametrize(
    "sql",
    ["SELECT random()", "SELECT hex(randomblob(4))", "PRAGMA user_version", "CREATE TABLE t (x)"],
)
def test_what_the_analysis_cannot_follow_is_opaque(conn, sql):
    assert touched(conn, sql)[2]


def test_cursors_executemany_and_scripts_are_seen(conn):
    conn.recorded = []
    conn.cursor().execute("SELECT name FROM children").fetchall()
    conn.executemany("INSERT INTO unrelated VALUES (?)", [("a",), ("b",)])
    assert [(set(s.reads), set(s.writes)) for s in conn.recorded] == [
        ({"children"}, set()),
        (set(), {"unrelated"}),
    ]
    conn.executescript("SELECT 1;")
    assert conn.recorded[-1].opaque
    conn.recorded = None


def test_temporary_objects_leave_the_schema_unanalysed(conn):
    conn.execute("CREATE TEMP TABLE scratch (x)")
    assert analyzer_for(conn) is None


def test_equal_write_histories_give_equal_tokens_and_others_differ():
    first, second, other = TableState(), TableState(), TableState()
    for state in (first, second):
        state.wrote({"audit", "parents"}, b"POST /parents name=Ann")
        state.wrote({"audit"}, b"POST /audit")
    other.wrote({"audit", "parents"}, b"POST /parents name=Bo")
    other.wrote({"audit"}, b"POST /audit")
    assert first.tokens == second.tokens
    assert first.tokens["parents"] != first.tokens["audit"]  # taken at each one's last write
    assert other.tokens["parents"] != first.tokens["parents"]
    assert other.tokens["audit"] != first.tokens["audit"]
    assert "children" not in first.tokens  # never written: pristine
