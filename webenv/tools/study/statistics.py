"""The studies' numbers: perturbation error rates, trace agreement with Wilson intervals,
and per-class accept rates on a labelled corpus.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from webenv.errors import JSON_ERRORS
from webenv.files import read_file_bytes, read_file_text
from webenv.tools.study.variants import Judged
from webenv.validators import MODES, EvalContext, check_answer


def summarize_perturb(rows: list[Judged]) -> list[dict[str, Any]]:
    """Per validator, answer type and mode (plus an ``all`` row per mode): counts of
    equivalent and wrong variants, false negatives and false positives, and their rates."""
    groups: dict[tuple[str, str], list[Judged]] = {}
    for row in rows:
        groups.setdefault((row.validator, row.answer_type), []).append(row)
        groups.setdefault(("all", "all"), []).append(row)
    table = []
    for (validator, kind), members in sorted(
        groups.items(), key=lambda g: (g[0] == ("all", "all"), g[0])
    ):
        for mode in MODES:
            good = [r for r in members if r.equivalent]
            bad = [r for r in members if not r.equivalent]
            fn = sum(not getattr(r, mode) for r in good)
            fp = sum(getattr(r, mode) for r in bad)
            table.append(
                {
                    "validator": validator,
                    "answer_type": kind,
                    "mode": mode,
                    "tasks": len({r.task_id for r in members}),
                    "equivalent": len(good),
                    "false_negatives": fn,
                    "fn_rate": round(fn / len(good), 4) if good else None,
                    "wrong": len(bad),
                    "false_positives": fp,
                    "fp_rate": round(fp / len(bad), 4) if bad else None,
                }
            )
    return table


# --- traces -------------------------------------------------------------------


def wilson(successes: int, total: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval (95 % by default) for a proportion; (0, 1) when empty."""
    if total <= 0:
        return 0.0, 1.0
    p = successes / total
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def read_episodes(directory: str | Path) -> list[dict[str, Any]]:
    """Answered episodes from every ``*.jsonl`` file under ``directory``, sorted by
    (task_id, episode). Malformed lines are skipped."""
    episodes = []
    for path in sorted(Path(directory).rglob("*.jsonl")):
        for line in read_file_bytes(path).splitlines():
            try:
                record = json.loads(line)  # a line that is not UTF-8 is a ValueError too
            except JSON_ERRORS:
                continue
            if isinstance(record, dict) and record.get("ended") == "answered":
                episodes.append(record)
    return sorted(episodes, key=lambda e: (str(e.get("task_id")), str(e.get("episode"))))


def read_labels(path: str | Path) -> dict[tuple[str, str], bool]:
    """Human labels from a CSV with columns ``task_id, episode, correct`` (1/0, yes/no,
    true/false).

    Raises:
        click.ClickException: the file lacks a column or has an unreadable label.
    """
    labels: dict[tuple[str, str], bool] = {}
    try:
        text = read_file_text(path)
    except UnicodeDecodeError as exc:
        raise click.ClickException(
            f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})"
        ) from None
    with io.StringIO(text, newline="") as handle:
        reader = csv.DictReader(handle)
        try:
            missing = {"task_id", "episode", "correct"} - set(reader.fieldnames or [])
            if missing:
                raise click.ClickException(
                    f"{path}: missing column(s) {', '.join(sorted(missing))}"
                )
            for number, row in enumerate(reader, start=2):
                value = str(row["correct"]).strip().lower()
                if value not in ("1", "0", "yes", "no", "true", "false", "y", "n"):
                    raise click.ClickException(
                        f"{path}:{number}: correct={row['correct']!r} is not 1/0, yes/no or "
                        "true/false"
                    )
                labels[(row["task_id"].strip(), row["episode"].strip())] = value in (
                    "1",
                    "yes",
                    "true",
                    "y",
                )
        except csv.Error as exc:  # a field over csv's size limit, a stray quote
            raise click.ClickException(f"{path}: not CSV ({exc})") from None
    return labels


def summarize_traces(
    episodes: list[dict[str, Any]], labels: dict[tuple[str, str], bool] | None
) -> dict[str, Any]:
    """Disagreements between the modes and, with labels, each mode's quality."""
    disagreements = [
        {
            "task_id": e.get("task_id"),
            "episode": e.get("episode"),
            "answer": e.get("answer"),
            "lenient": bool(e.get("lenient")),
            "strict": bool(e.get("strict")),
        }
        for e in episodes
        if bool(e.get("lenient")) != bool(e.get("strict"))
    ]
    result: dict[str, Any] = {
        "episodes": len(episodes),
        "lenient_passed": sum(bool(e.get("lenient")) for e in episodes),
        "strict_passed": sum(bool(e.get("strict")) for e in episodes),
        "disagreements": disagreements,
        "modes": [],
    }
    if labels is None:
        return result
    labelled = [
        (e, labels[(str(e.get("task_id")), str(e.get("episode")))])
        for e in episodes
        if (str(e.get("task_id")), str(e.get("episode"))) in labels
    ]
    result["labelled"] = len(labelled)
    for mode in MODES:
        tp = sum(bool(e.get(mode)) and truth for e, truth in labelled)
        fp = sum(bool(e.get(mode)) and not truth for e, truth in labelled)
        fn = sum(not e.get(mode) and truth for e, truth in labelled)
        tn = sum(not e.get(mode) and not truth for e, truth in labelled)
        row: dict[str, Any] = {"mode": mode, "tp": tp, "fp": fp, "fn": fn, "tn": tn}
        for name, hits, total in (
            ("precision", tp, tp + fp),
            ("recall", tp, tp + fn),
            ("agreement", tp + tn, len(labelled)),
        ):
            low, high = wilson(hits, total)
            row[name] = round(hits / total, 4) if total else None
            row[f"{name}_ci"] = [round(low, 4), round(high, 4)]
        result["modes"].append(row)
    return result


# --- labelled corpus ----------------------------------------------------------

DEFAULT_CORPUS = Path("build") / "corpus"
"""Where ``python tests/validators/independent/build.py`` writes the independent corpus."""


def read_corpus(path: str | Path) -> list[dict[str, Any]]:
    """Labelled cases from a JSONL file, or from every ``*.jsonl`` file in a folder.

    Raises:
        click.ClickException: no file, no case at all, a line that is not a JSON object,
            or a case without ``spec``, ``answer`` and a boolean ``expected``; the message
            names the line.
    """
    path = Path(path)
    files = sorted(path.glob("*.jsonl")) if path.is_dir() else [path]
    if not files or not all(f.is_file() for f in files):
        raise click.ClickException(f"{path}: no JSONL corpus there")
    cases = []
    for file in files:
        for lineno, line in enumerate(read_file_bytes(file).splitlines(), 1):
            if not line.strip():
                continue
            try:
                case = json.loads(line)  # a line that is not UTF-8 is a ValueError too
            except JSON_ERRORS as exc:
                reason = str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__
                raise click.ClickException(f"{file}:{lineno}: not JSON ({reason})") from None
            if (
                not isinstance(case, dict)
                or not isinstance(case.get("spec"), dict)
                or not isinstance(case.get("expected"), bool)
                or "answer" not in case
            ):
                raise click.ClickException(
                    f"{file}:{lineno}: a case needs spec (object), answer and expected (bool)"
                )
            cases.append(case)
    if not cases:
        raise click.ClickException(f"{path}: the corpus has no cases (no non-blank line)")
    return cases


def summarize_corpus(
    cases: list[dict[str, Any]], check: Callable[..., Any] = check_answer
) -> list[dict[str, Any]]:
    """Accept rates per class (and ``all``) in both modes.

    Args:
        cases: Labelled cases (``spec``, ``answer``, ``expected``, optional ``class`` and
            ``intent``: the task's question, which the env hands the validators too).
        check: The answer checker (``check_answer``; another version to compare).

    Returns:
        One row per class, ``all`` first: counts of right and wrong cases and, per mode,
        the share of right answers accepted and of wrong answers accepted (None without
        cases of that label).
    """
    counts: dict[str, dict[str, int]] = {}
    for case in cases:
        intent = case.get("intent")
        context = EvalContext(
            answer=case["answer"], intent=intent if isinstance(intent, str) else ""
        )
        for cls in ("all", str(case.get("class") or "unclassified")):
            row = counts.setdefault(cls, {})
            label = "right" if case["expected"] else "wrong"
            row[label] = row.get(label, 0) + 1
            for mode in MODES:
                passed = check(case["answer"], case["spec"], mode=mode, context=context).passed
                key = f"{mode}_{label}_accepted"
                row[key] = row.get(key, 0) + int(passed)
    rows = []
    for cls in sorted(counts, key=lambda c: (c != "all", c)):
        row = counts[cls]
        out: dict[str, Any] = {
            "class": cls,
            "right": row.get("right", 0),
            "wrong": row.get("wrong", 0),
        }
        for mode in MODES:
            for label in ("right", "wrong"):
                total = row.get(label, 0)
                key = f"{mode}_{label}_accepted"
                out[key] = row.get(key, 0) / total if total else None
                out[f"{key}_count"] = row.get(key, 0)
        rows.append(out)
    return rows
