"""Success rates with 95 % Wilson intervals, overall and per group, and their Markdown."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from webenv.actions import ActionError, parse_action
from webenv.modalities import action_modality
from webenv.tools.study.statistics import wilson
from webenv.validators import MODES

GROUPINGS = ("site", "family", "eval_type", "difficulty", "modality")
"""What ``summary.json`` breaks success down by (an episode with several eval types
counts in each). ``modality`` is ``api`` for an episode that called a site API (an
``api`` action or an API-backed tool that executed) and ``ui`` for the others."""


def _rates(records: list[dict[str, Any]]) -> dict[str, Any]:
    total = len(records)
    row: dict[str, Any] = {"episodes": total}
    for mode in MODES:
        passed = sum(bool(r.get(mode)) for r in records)
        low, high = wilson(passed, total)
        row[mode] = {
            "passed": passed,
            "rate": round(passed / total, 4) if total else None,
            "ci95": [round(low, 4), round(high, 4)],
        }
    return row


def episode_modality(record: dict[str, Any]) -> str:
    """``"api"`` when one of the episode's actions that executed called a site API, else
    ``"ui"``."""
    for step in record.get("steps") or []:
        if step.get("error"):
            continue
        try:
            action = parse_action(str(step.get("action", "")))
        except ActionError:
            continue
        if action_modality(action) == "api":
            return "api"
    return "ui"


def _keys(record: dict[str, Any], grouping: str) -> list[str]:
    if grouping == "modality":
        return [episode_modality(record)]
    if grouping == "eval_type":
        return [str(t) for t in record.get("eval_types") or ["unknown"]]
    return [str(record.get(grouping) or "unknown")]


def summarize(records: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """``summary.json``'s content for a run's episode records.

    Returns:
        ``episodes``, ``errors`` (episodes an agent or worker failure ended),
        ``success_rate`` (per mode: ``passed``, ``rate``, ``ci95``), ``by`` (per grouping
        of :data:`GROUPINGS`, per value, the same plus ``episodes``), and totals:
        ``steps``, ``prompt_tokens``, ``completion_tokens``, ``seconds``.
    """
    records = list(records)
    overall = _rates(records)
    by: dict[str, dict[str, Any]] = {}
    for grouping in GROUPINGS:
        members: dict[str, list[dict[str, Any]]] = {}
        for record in records:
            for key in _keys(record, grouping):
                members.setdefault(key, []).append(record)
        by[grouping] = {key: _rates(members[key]) for key in sorted(members)}
    return {
        "episodes": len(records),
        "errors": sum(r.get("ended") == "error" for r in records),
        "success_rate": {mode: overall[mode] for mode in MODES},
        "by": by,
        "steps": sum(len(r.get("steps") or []) for r in records),
        "prompt_tokens": sum(int(r.get("prompt_tokens") or 0) for r in records),
        "completion_tokens": sum(int(r.get("completion_tokens") or 0) for r in records),
        "seconds": round(sum(float(r.get("seconds") or 0) for r in records), 3),
    }


def _cell(rate: dict[str, Any]) -> str:
    if rate["rate"] is None:
        return "-"
    low, high = rate["ci95"]
    return f"{100 * rate['rate']:.1f} % [{100 * low:.1f}, {100 * high:.1f}]"


def markdown_table(summary: dict[str, Any], groupings: Iterable[str] = GROUPINGS) -> str:
    """The summary as a Markdown table: overall, then one row per group value."""
    lines = [
        "| group | value | episodes | lenient (95 % CI) | strict (95 % CI) |",
        "|---|---|---:|---|---|",
    ]
    overall = summary["success_rate"]
    lines.append(
        f"| **all** | | {summary['episodes']} | {_cell(overall['lenient'])} "
        f"| {_cell(overall['strict'])} |"
    )
    for grouping in groupings:
        for value, row in summary["by"].get(grouping, {}).items():
            lines.append(
                f"| {grouping} | {value} | {row['episodes']} | {_cell(row['lenient'])} "
                f"| {_cell(row['strict'])} |"
            )
    return "\n".join(lines)
