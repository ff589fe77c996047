"""``state_match``: checking the sites' databases with read-only SQL."""

from __future__ import annotations

import math
import re
import sqlite3
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from contextvars import ContextVar
from decimal import Decimal, InvalidOperation
from typing import Any

from .context import EvalContext, is_self_word, user_for
from .numbers import find_amounts, find_numbers
from .spec import EvalSpec, StateEntry
from .text import same_phone
from .verdict import Verdict, check_entries, error, fail, ok, parsed_spec, show

_FORBIDDEN = re.compile(
    r"\b(?:insert|update|delete|drop|alter|create|attach|detach|pragma|vacuum|reindex|"
    r"analyze|begin|commit|rollback|savepoint|release|replace(?!\s*\())\b",
    re.IGNORECASE,
)


class UnsafeSql(ValueError):
    """The SQL is not a single read-only statement."""


def _code_only(sql: str) -> str:
    """``sql`` with string literals, quoted identifiers and comments blanked out."""
    out: list[str] = []
    i, n = 0, len(sql)
    closers = {"'": "'", '"': '"', "`": "`", "[": "]"}
    while i < n:
        c = sql[i]
        if c in closers:
            close = closers[c]
            j = i + 1
            while j < n:
                if sql[j] == close:
                    if close in "'\"`" and j + 1 < n and sql[j + 1] == close:
                        j += 2
                        continue
                    break
                j += 1
            if j >= n:
                raise UnsafeSql("unterminated quoted string")
            out.append(" ? ")
            i = j + 1
        elif sql.startswith("--", i):
            j = sql.find("\n", i)
            i = n if j < 0 else j
            out.append(" ")
        elif sql.startswith("/*", i):
            j = sql.find("*/", i + 2)
            if j < 0:
                raise UnsafeSql("unterminated comment")
            i = j + 2
            out.append(" ")
        else:
            out.append(c)
            i += 1
    return "".join(out)


def ensure_read_only(sql: str) -> str:
    """Return ``sql`` without a trailing ";" if it is one SELECT/WITH statement.

    Raises:
        UnsafeSql: For several statements, anything but SELECT/WITH, or a write keyword.
    """
    if not isinstance(sql, str) or not sql.strip():
        raise UnsafeSql("empty SQL")
    code = _code_only(sql).strip()
    while code.endswith(";"):
        code = code[:-1].rstrip()
    if ";" in code:
        raise UnsafeSql("several statements (';') are not allowed")
    first = re.match(r"[\s(]*([A-Za-z]+)", code)
    if not first or first.group(1).lower() not in ("select", "with"):
        raise UnsafeSql("only a SELECT or WITH query is allowed")
    if bad := _FORBIDDEN.search(code):
        raise UnsafeSql(f"write/administrative keyword {bad.group(0).upper()!r}")
    stripped = sql.strip()
    while stripped.endswith(";"):
        stripped = stripped[:-1].rstrip()
    return stripped


def check_state(
    spec: EvalSpec | Mapping[str, Any], context: EvalContext, *, mode: str = "lenient"
) -> Verdict:
    """``state_match``: does read-only SQL on a site's live database give the expected value?

    Each entry of ``spec["state"]`` has ``site``, ``sql`` and ``expected``. A scalar
    ``expected`` is compared with the first column of the single result row (no row
    reads as None); a list is compared with the rows (a list of lists) or with the
    first-column values. Strict compares ``str()`` forms in order; lenient compares
    numbers numerically, text case- and whitespace-insensitively (a phone number in any
    of its usual layouts: "(503) 555-0147" is "503-555-0147"), and lists in any order.
    ``"myself"``/``"me"`` in ``expected`` is the site's logged-in user. Text the agent
    typed that the SQL filters on is compared with ``same_text(column, 'text')``, which
    follows the mode too (:func:`same_text`); an amount typed as the whole text with
    ``same_amount(column, '$8.99')``, a number anywhere in it with
    ``mentions_number(column, '28.99')``.

    Args:
        spec: The task's ``eval`` spec (a dict is parsed; a bad one gives ``error:bad-spec``).
        context: Supplies ``query`` and the logged-in users.
        mode: ``"lenient"`` or ``"strict"``.

    Returns:
        The verdict; never raises.
    """
    parsed = parsed_spec(spec)
    if isinstance(parsed, Verdict):
        return parsed
    return check_entries(
        parsed.state,
        check="state_match",
        needs="state entries",
        label="state",
        entry=lambda item: _entry(item, context, mode),
        mode=mode,
    )


def _resolve_self(value: Any, site: str, context: EvalContext) -> Any:
    if isinstance(value, list):
        return [_resolve_self(v, site, context) for v in value]
    if isinstance(value, str) and is_self_word(value):
        return user_for(site, context) or value
    return value


def _number(value: Any) -> Decimal | None:
    if isinstance(value, bool):
        return Decimal(int(value))
    if isinstance(value, int | float | Decimal):
        if isinstance(value, float) and not math.isfinite(value):
            return None
        return Decimal(str(value))
    if isinstance(value, str):
        try:
            number = Decimal(value.strip().replace(",", ""))
        except InvalidOperation:
            return None
        return number if number.is_finite() else None
    return None


def _text(value: Any) -> str:
    text = unicodedata.normalize("NFKC", str(value))
    return " ".join(text.split()).casefold()


def _same_text_lenient(actual: Any, expected: Any) -> bool:
    """Lenient text equality: NFKC, whitespace collapsed, case folded; a phone number in
    another of its usual layouts is the same number."""
    return _text(actual) == _text(expected) or same_phone(str(actual), str(expected))


_MODE: ContextVar[str] = ContextVar("state_match_mode", default="strict")
"""The mode of the ``state_match`` query running in this thread (``same_text`` reads it)."""


def same_text(actual: Any, expected: Any) -> int:
    """SQL ``same_text(column, 'typed text')``: 1 if the texts are equal in the check's mode.

    For text the agent typed that a task's SQL filters on (``WHERE same_text(title,
    'Group ride on Saturday')``): strict compares exactly, lenient as lenient compares
    selected values (NFKC, whitespace collapsed, case folded, a phone number in any
    layout). NULL equals nothing.
    """
    if actual is None or expected is None:
        return 0
    if _MODE.get() == "strict":
        return int(str(actual) == str(expected))
    return int(_same_text_lenient(actual, expected))


def mentions_number(text: Any, number: Any) -> int:
    """SQL ``mentions_number(column, '28.99')``: 1 if the text in ``column`` mentions the
    number (or amount) as a whole, whatever the words and punctuation around it, in both
    modes: "Order #100682", "It costs $28.99." and "6 dollars" mention 100682, 28.99 and
    6.00; "$128.99", "28.995" and "1006821" do not. NULL mentions nothing.
    """
    want = _number(number)
    if text is None or want is None:
        return 0
    return int(any(m.value == want for m in find_numbers(str(text), words=False)))


def same_amount(text: Any, written: Any) -> int:
    """SQL ``same_amount(column, '$8.99')``: 1 if the text in ``column`` gives just that
    amount. Strict: exactly as ``written``; lenient: the text's one amount has the value
    (a currency sign or word, a full stop or a few words around it aside: "8.99 dollars",
    "USD 8.99", "$8.99."), and a second amount ("$8.99 or $9.99") is not just that amount.
    """
    if text is None or written is None:
        return 0
    if _MODE.get() == "strict":
        return int(str(text) == str(written))
    want = [m.value for m in find_amounts(str(written))]
    got = [m.value for m in find_amounts(str(text))]
    return int(len(want) == 1 and got == want)


SQL_FUNCTIONS: dict[str, tuple[int, Callable[..., Any]]] = {
    "same_text": (2, same_text),
    "same_amount": (2, same_amount),
    "mentions_number": (2, mentions_number),
}
"""Functions ``state_match`` SQL may call beyond SQLite's: name -> (arguments, function).
A host registers them (:func:`register_sql_functions`) on the connections its
``EvalContext.query`` reads with."""


def register_sql_functions(conn: sqlite3.Connection) -> None:
    """Make :data:`SQL_FUNCTIONS` callable in ``conn``'s queries (once per connection)."""
    for name, (arguments, function) in SQL_FUNCTIONS.items():
        conn.create_function(name, arguments, function)


def query_mode(sql: str) -> str | None:
    """The mode the rows of ``sql`` depend on (it calls one of :data:`SQL_FUNCTIONS`), or None."""
    return _MODE.get() if any(name in sql for name in SQL_FUNCTIONS) else None


def values_equal(actual: Any, expected: Any, mode: str) -> bool:
    """Compare one database value with one expected value in ``mode``."""
    if mode == "strict":
        return str(actual) == str(expected)
    if actual is None or expected is None:
        return actual is None and expected is None
    a, e = _number(actual), _number(expected)
    if a is not None and e is not None:
        return math.isclose(float(a), float(e), rel_tol=1e-9, abs_tol=1e-9)
    return _same_text_lenient(actual, expected)


def _row_equal(actual: Sequence[Any], expected: Any, mode: str) -> bool:
    if isinstance(expected, list | tuple):
        return len(actual) == len(expected) and all(
            values_equal(a, e, mode) for a, e in zip(actual, expected, strict=True)
        )
    return bool(actual) and values_equal(actual[0], expected, mode)


def _entry(entry: StateEntry, context: EvalContext, mode: str) -> Verdict:
    site = entry.site
    try:
        sql = ensure_read_only(entry.sql)
    except UnsafeSql as exc:
        return error("unsafe-sql", f"refused {show(entry.sql)}: {exc}")
    token = _MODE.set(mode)
    try:
        rows = [tuple(r) for r in context.query(site, sql)]
    except Exception as exc:  # database errors are reported, not raised
        return error("query", f"{site}: {show(sql)} failed: {type(exc).__name__}: {exc}")
    finally:
        _MODE.reset(token)
    expected = _resolve_self(entry.expected, site, context)
    label = f"{site}: {show(sql, 80)}"
    if not isinstance(expected, list):
        if len(rows) > 1:
            return fail(
                "state:row-count",
                f"{label} returned {len(rows)} rows; expected one value {show(expected)}",
            )
        actual = rows[0][0] if rows and rows[0] else None
        if values_equal(actual, expected, mode):
            return ok("state:equal", f"{label} gave {show(actual)} == {show(expected)}")
        return fail("state:mismatch", f"{label} gave {show(actual)}, expected {show(expected)}")
    shown = show([r[0] if len(r) == 1 else r for r in rows], 120)
    if len(rows) != len(expected):
        return fail(
            "state:row-count",
            f"{label} returned {len(rows)} rows {shown}; expected "
            f"{len(expected)}: {show(expected, 120)}",
        )
    if mode == "strict":
        matched = all(_row_equal(r, e, mode) for r, e in zip(rows, expected, strict=True))
    else:
        remaining = list(rows)
        matched = True
        for item in expected:
            index = next((i for i, r in enumerate(remaining) if _row_equal(r, item, mode)), None)
            if index is None:
                matched = False
                break
            remaining.pop(index)
    if matched:
        order = "in order" if mode == "strict" else "in any order"
        return ok("state:equal", f"{label} rows {shown} == {show(expected, 120)} {order}")
    return fail("state:mismatch", f"{label} rows {shown} != {show(expected, 120)}")
