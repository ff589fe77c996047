"""Builders for reference-solution steps and eval blocks, so families read like recipes.

Steps name elements by role and accessible name, exactly as curated tasks do; the
solution player resolves them on the live page.
"""

from __future__ import annotations

from typing import Any

from webenv.validators.dates import ORDINAL_WORDS

ORDINALS = ORDINAL_WORDS[:15]
"""The ordinals a step may name ("the fourth newest"), "first" to "fifteenth"."""


def click(name: str, role: str = "link", nth: int = 0) -> dict[str, Any]:
    """Click the ``nth`` element with this role and exact name."""
    step: dict[str, Any] = {"do": "click", "role": role, "name": name}
    if nth:
        step["nth"] = nth
    return step


def button(name: str) -> dict[str, Any]:
    """Click a button."""
    return click(name, role="button")


def type_text(
    name: str, text: str, *, role: str = "textbox", enter: bool = False
) -> dict[str, Any]:
    """Fill a field (and press Enter when ``enter``)."""
    return {"do": "type", "role": role, "name": name, "text": text, "enter": enter}


def search(text: str, field: str = "Search") -> dict[str, Any]:
    """Type into the site's search box and submit."""
    return type_text(field, text, enter=True)


def select(name: str, option: str) -> dict[str, Any]:
    """Choose an option of a combobox."""
    return {"do": "select", "role": "combobox", "name": name, "option": option}


def check(name: str) -> dict[str, Any]:
    """Tick a checkbox."""
    return {"do": "check", "role": "checkbox", "name": name}


def stop(answer: str = "") -> dict[str, Any]:
    """End the episode with an answer (empty for tasks judged on state)."""
    return {"do": "stop", "answer": answer}


def infeasible(reason: str) -> dict[str, Any]:
    """End the episode reporting the task infeasible."""
    return {"do": "report_infeasible", "answer": reason}


def ordinal(n: int) -> str:
    """``1 -> 'first'`` (1-based)."""
    return ORDINALS[n - 1]


def money(cents: int) -> str:
    """Cents as a plain dollar amount: ``8347 -> '83.47'``."""
    return f"{cents // 100}.{cents % 100:02d}"


def answer_eval(answer: str | list[str] | int, answer_type: str) -> dict[str, Any]:
    """An eval block judged on the agent's answer."""
    return {
        "eval_types": ["string_match"],
        "answer_type": answer_type,
        "reference_answers": {"exact_match": answer},
    }


def infeasible_eval() -> dict[str, Any]:
    """An eval block for a task the agent must report infeasible."""
    return {
        "eval_types": ["string_match"],
        "answer_type": "infeasible",
        "reference_answers": {"fuzzy_match": "N/A"},
    }


def state_eval(site: str, checks: list[tuple[str, Any]]) -> dict[str, Any]:
    """An eval block judged on read-only SQL over ``site``'s database after the episode."""
    return {
        "eval_types": ["state_match"],
        "state": [{"site": site, "sql": sql, "expected": expected} for sql, expected in checks],
    }


def sql_text(value: str) -> str:
    """``value`` as an SQL string literal."""
    return "'" + value.replace("'", "''") + "'"


def text_is(column: str, value: str) -> str:
    """SQL that holds when ``column`` is the text ``value`` the agent typed, compared in
    the check's mode: exactly in strict mode, as lenient compares text (case, spacing and
    Unicode forms aside) in lenient mode (``state_match``'s ``same_text``)."""
    return f"same_text({column}, {sql_text(value)})"


def amount_is(column: str, written: str) -> str:
    """SQL that holds when ``column`` gives just the amount ``written`` ("$8.99"), compared
    in the check's mode: exactly in strict mode, by value in lenient mode ("8.99 dollars",
    "$8.99."; ``state_match``'s ``same_amount``)."""
    return f"same_amount({column}, {sql_text(written)})"


def mentions_number(column: str, number: str) -> str:
    """SQL that holds when the text in ``column`` mentions ``number`` as a whole, whatever
    the words or punctuation around it: "Order 100682", "#100682", "Order: 100682." all
    mention 100682; "1006821" does not (``state_match``'s ``mentions_number``)."""
    return f"mentions_number({column}, {sql_text(number)})"
