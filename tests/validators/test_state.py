"""state_match on an in-memory SQLite database."""

from __future__ import annotations

import pytest

from webenv.validators import check_state, evaluate
from webenv.validators.state import UnsafeSql, ensure_read_only, register_sql_functions


def spec(*entries: dict) -> dict:
    return {"eval_types": ["state_match"], "state": list(entries)}


def state(sql: str, expected, site: str = "shop") -> dict:
    return {"site": site, "sql": sql, "expected": expected}


@pytest.mark.parametrize(
    ("sql", "expected", "lenient", "strict"),
    [
        ("SELECT count(*) FROM reviews WHERE rating >= 4", 2, True, True),
        ("SELECT count(*) FROM reviews WHERE rating >= 4", "2", True, True),
        ("SELECT count(*) FROM reviews WHERE rating >= 4", 2.0, True, False),
        ("SELECT count(*) FROM reviews WHERE rating >= 4", 3, False, False),
        ("SELECT product FROM reviews WHERE id = 1", "blue mug", True, False),
        ("SELECT product FROM reviews WHERE id = 1", "Blue Mug", True, True),
        ("SELECT product FROM reviews WHERE id = 1", "Red Mug", False, False),
        ("SELECT title FROM reviews WHERE id = 1", "great mug", True, False),
        ("SELECT title FROM reviews WHERE id = 99", None, True, True),
        ("SELECT title FROM reviews WHERE id = 99", "", False, False),
        (
            "SELECT u.username FROM reviews r JOIN users u ON u.id = r.user_id WHERE r.id = 3",
            "myself",
            True,
            True,
        ),
        (
            "SELECT u.username FROM reviews r JOIN users u ON u.id = r.user_id WHERE r.id = 2",
            "me",
            False,
            False,
        ),
        ("SELECT product FROM reviews ORDER BY id", ["Blue Mug", "Red Mug", "Tea Pot"], True, True),
        (
            "SELECT product FROM reviews ORDER BY id",
            ["tea pot", "Blue Mug", "Red Mug"],
            True,
            False,
        ),
        ("SELECT product FROM reviews ORDER BY id", ["Blue Mug", "Red Mug"], False, False),
        (
            "SELECT product, rating FROM reviews ORDER BY id",
            [["Red Mug", 3], ["Blue Mug", 5], ["Tea Pot", 4]],
            True,
            False,
        ),
        (
            "SELECT product, rating FROM reviews ORDER BY id",
            [["Blue Mug", 5], ["Red Mug", 3], ["Tea Pot", 4]],
            True,
            True,
        ),
        (
            "SELECT product, rating FROM reviews ORDER BY id",
            [["Blue Mug", 5], ["Red Mug", 4], ["Tea Pot", 4]],
            False,
            False,
        ),
        ("WITH r AS (SELECT * FROM reviews) SELECT count(*) FROM r;", 3, True, True),
        ("SELECT count(*) FROM reviews WHERE title LIKE '%;%' -- no ; here", 0, True, True),
    ],
)
def test_state_values(make_context, sql, expected, lenient, strict):
    context = make_context()
    for mode, want in (("lenient", lenient), ("strict", strict)):
        verdict = check_state(spec(state(sql, expected)), context, mode=mode)
        assert verdict.passed is want, (mode, verdict)
        assert verdict.rule in ("state:equal", "state:mismatch", "state:row-count"), verdict


def test_scalar_expected_with_several_rows(make_context):
    verdict = check_state(spec(state("SELECT id FROM reviews", 1)), make_context())
    assert (verdict.passed, verdict.rule) == (False, "state:row-count")


@pytest.mark.parametrize(
    "sql",
    [
        "DELETE FROM reviews",
        "UPDATE reviews SET rating = 1",
        "SELECT 1; DROP TABLE reviews",
        "SELECT 1; SELECT 2",
        "INSERT INTO users VALUES (3, 'x')",
        "WITH x AS (SELECT 1) DELETE FROM reviews",
        "PRAGMA writable_schema = 1",
        "ATTACH DATABASE 'x.db' AS x",
        "SELECT 'unterminated",
        "",
    ],
)
def test_unsafe_sql_is_refused(make_context, db, sql):
    verdict = check_state(spec(state(sql, 1)), make_context())
    assert (verdict.passed, verdict.rule) == (False, "error:unsafe-sql"), verdict
    assert db.execute("SELECT count(*) FROM reviews").fetchone()[0] == 3
    with pytest.raises(UnsafeSql):
        ensure_read_only(sql)


def test_read_only_allows_literals_and_functions():
    assert ensure_read_only("SELECT replace(title, 'a', 'b') FROM reviews;").endswith("reviews")
    assert ensure_read_only("select 'delete; update' as x")
    assert ensure_read_only("SELECT updated_at FROM t")


@pytest.mark.parametrize(
    ("entry", "rule"),
    [
        (state("SELECT nope FROM reviews", 1), "error:query"),
        (state("SELECT 1", 1, site="forum"), "error:query"),
        ({"site": "shop", "sql": "SELECT 1"}, "error:bad-spec"),
    ],
)
def test_state_errors(make_context, entry, rule):
    verdict = check_state(spec(entry), make_context())
    assert (verdict.passed, verdict.rule) == (False, rule), verdict


def test_all_entries_must_pass(make_context):
    good = state("SELECT count(*) FROM users", 2)
    bad = state("SELECT count(*) FROM users", 5)
    context = make_context()
    assert check_state(spec(good, good), context).passed
    verdict = check_state(spec(good, bad), context)
    assert not verdict.passed and verdict.score == 0.0
    assert check_state({"state": []}, context).rule == "error:bad-spec"


@pytest.mark.parametrize(
    ("typed", "lenient", "strict"),
    [
        ("Great  mug", True, True),
        ("Great mug", True, False),
        ("great MUG ", True, False),
        ("Ｇｒｅａｔ mug", True, False),
        ("Great mugs", False, False),
        ("", False, False),
    ],
)
def test_same_text_filters_typed_text_in_the_checks_mode(make_context, db, typed, lenient, strict):
    """``same_text(column, 'typed')`` in a query follows the mode, also when evaluate()
    reads each query once for both modes."""
    register_sql_functions(db)
    literal = "'" + typed.replace("'", "''") + "'"
    entry = state(f"SELECT rating FROM reviews WHERE same_text(title, {literal})", 5)
    context = make_context()
    for mode, want in (("lenient", lenient), ("strict", strict)):
        assert check_state(spec(entry), context, mode=mode).passed is want, mode
    result = evaluate(spec(entry), context)
    assert (result.lenient.passed, result.strict.passed) == (lenient, strict)


def test_same_text_is_false_for_null(make_context, db):
    register_sql_functions(db)
    entry = state("SELECT count(*) FROM reviews WHERE same_text(NULL, title)", 0)
    assert check_state(spec(entry), make_context(), mode="lenient").passed


@pytest.mark.parametrize(
    ("stored", "expected", "lenient", "strict"),
    [
        ("608-555-0176", "(608) 555-0176", True, False),
        ("608.555.0176", "(608) 555-0176", True, False),
        ("+1 608 555 0176", "(608) 555-0176", True, False),
        ("(608) 555-0176", "(608) 555-0176", True, True),
        ("(608) 555-0177", "(608) 555-0176", False, False),
        ("608-555-017", "(608) 555-0176", False, False),
        ("2024-06-03", "20240603", False, False),
        ("HK-55501", "HK55501", False, False),
    ],
)
def test_a_phone_number_in_another_layout_is_the_same_number(
    make_context, db, stored, expected, lenient, strict
):
    """A phone number the agent typed in another of its usual layouts is the number the
    task asked for (lenient), as the answer check reads it; other digits are not."""
    register_sql_functions(db)
    literal = "'" + stored.replace("'", "''") + "'"
    context = make_context()
    for sql in (f"SELECT {literal}", f"SELECT same_text({literal}, '{expected}')"):
        want = expected if sql.startswith("SELECT '") else 1
        for mode, passed in (("lenient", lenient), ("strict", strict)):
            assert check_state(spec(state(sql, want)), context, mode=mode).passed is passed, (
                sql,
                mode,
            )


@pytest.mark.parametrize(
    ("typed", "lenient", "strict"),
    [
        ("$8.99", True, True),
        ("$8.99.", True, False),
        ("8.99 dollars", True, False),
        ("USD 8.99", True, False),
        ("$8.99 or $9.99", False, False),
        ("$18.99", False, False),
        ("$8.98", False, False),
        ("", False, False),
    ],
)
def test_same_amount_reads_a_typed_amount_in_the_checks_mode(
    make_context, db, typed, lenient, strict
):
    """``same_amount(column, '$8.99')``: strict exactly as written, lenient by value when
    the text gives that one amount."""
    register_sql_functions(db)
    literal = "'" + typed.replace("'", "''") + "'"
    entry = state(f"SELECT same_amount({literal}, '$8.99')", 1)
    result = evaluate(spec(entry), make_context())
    assert (result.lenient.passed, result.strict.passed) == (lenient, strict)


@pytest.mark.parametrize(
    ("typed", "number", "mentioned"),
    [
        ("Order #100682", "100682", True),
        ("Order: 100682.", "100682", True),
        ("It costs $28.99 at Harbor Goods.", "28.99", True),
        ("6 dollars", "6.00", True),
        ("$128.99", "28.99", False),
        ("$1,028.99", "28.99", False),
        ("28.995", "28.99", False),
        ("Order 1006821", "100682", False),
    ],
)
def test_mentions_number_finds_a_whole_number_in_text(make_context, db, typed, number, mentioned):
    """``mentions_number(column, '28.99')`` in both modes: the number with any words
    around it, not a longer number it is part of."""
    register_sql_functions(db)
    literal = "'" + typed.replace("'", "''") + "'"
    entry = state(f"SELECT mentions_number({literal}, '{number}')", 1)
    result = evaluate(spec(entry), make_context())
    assert (result.lenient.passed, result.strict.passed) == (mentioned, mentioned)
