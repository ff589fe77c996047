"""The studies' output: Markdown tables, CSV, JSON and PNG charts, written deterministically."""

from __future__ import annotations

import csv
import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

import click

from webenv.tools.study.statistics import summarize_perturb
from webenv.tools.study.variants import Judged
from webenv.validators import MODES

CORPUS_COLUMNS = [
    "class",
    "right",
    "lenient_right_accepted",
    "lenient_wrong_accepted",
    "wrong",
    "strict_right_accepted",
    "strict_wrong_accepted",
]


def _fmt(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{100 * value:.1f} %"
    return str(value)


def markdown_table(rows: list[dict[str, Any]], columns: list[str]) -> str:
    """A GitHub-flavoured Markdown table of ``rows`` restricted to ``columns``."""
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    for row in rows:
        lines.append("| " + " | ".join(_fmt(row.get(c)) for c in columns) + " |")
    return "\n".join(lines)


def write_csv(path: Path, rows: list[dict[str, Any]], columns: list[str]) -> None:
    """Write ``rows`` as CSV with ``columns`` (lists are joined with ';')."""
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(columns)
        for row in rows:
            writer.writerow(
                [
                    ";".join(map(str, v)) if isinstance(v, list) else "" if v is None else v
                    for v in (row.get(c) for c in columns)
                ]
            )


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise click.ClickException(
            "the PNG chart needs matplotlib: pip install 'webenv[study]' (or pass --no-chart)"
        ) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def bar_chart(
    path: Path, labels: list[str], series: dict[str, list[float]], title: str, ylabel: str
) -> None:
    """A grouped bar chart saved as PNG (no timestamp metadata)."""
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(max(6.0, 0.9 * len(labels) + 2), 4.0), dpi=100)
    width = 0.8 / max(1, len(series))
    for i, (name, values) in enumerate(series.items()):
        xs = [x + (i - (len(series) - 1) / 2) * width for x in range(len(labels))]
        axes.bar(xs, [100 * v for v in values], width=width, label=name)
    axes.set_xticks(range(len(labels)))
    axes.set_xticklabels(labels, rotation=30, ha="right")
    axes.set_ylabel(ylabel)
    axes.set_ylim(0, 100)
    axes.set_title(title)
    axes.legend(loc="upper left", fontsize="small")
    figure.tight_layout()
    figure.savefig(path, format="png", metadata={"Software": None})
    plt.close(figure)


PERTURB_COLUMNS = [
    "validator",
    "answer_type",
    "mode",
    "tasks",
    "equivalent",
    "false_negatives",
    "fn_rate",
    "wrong",
    "false_positives",
    "fp_rate",
]


def write_perturb(rows: list[Judged], out: Path, chart: bool = True) -> list[dict[str, Any]]:
    """Write ``perturb.csv``, ``perturb.json`` (summary and every variant) and
    ``perturb.png``; return the summary."""
    out.mkdir(parents=True, exist_ok=True)
    summary = summarize_perturb(rows)
    write_csv(out / "perturb.csv", summary, PERTURB_COLUMNS)
    payload = {"summary": summary, "variants": [asdict(r) for r in rows]}
    (out / "perturb.json").write_text(
        json.dumps(payload, indent=1, ensure_ascii=False) + "\n", "utf-8"
    )
    if chart:
        kinds = [r for r in summary if r["mode"] == "lenient"]
        labels = [
            f"{r['validator']}/{r['answer_type']}" if r["validator"] != "all" else "all"
            for r in kinds
        ]
        series = {}
        for mode in MODES:
            by_label = {(r["validator"], r["answer_type"]): r for r in summary if r["mode"] == mode}
            key = [(r["validator"], r["answer_type"]) for r in kinds]
            series[f"{mode} false negatives"] = [by_label[k]["fn_rate"] or 0.0 for k in key]
            series[f"{mode} false positives"] = [by_label[k]["fp_rate"] or 0.0 for k in key]
        bar_chart(
            out / "perturb.png",
            labels,
            series,
            "Validator errors on perturbed reference answers",
            "% of variants",
        )
    return summary


TRACE_COLUMNS = [
    "mode",
    "tp",
    "fp",
    "fn",
    "tn",
    "precision",
    "precision_ci",
    "recall",
    "recall_ci",
    "agreement",
    "agreement_ci",
]


def write_traces(result: dict[str, Any], out: Path, chart: bool = True) -> None:
    """Write ``traces.csv`` (per-mode quality, or the disagreements without labels),
    ``traces.json`` and ``traces.png``."""
    out.mkdir(parents=True, exist_ok=True)
    if result["modes"]:
        write_csv(out / "traces.csv", result["modes"], TRACE_COLUMNS)
    else:
        write_csv(
            out / "traces.csv",
            result["disagreements"],
            ["task_id", "episode", "answer", "lenient", "strict"],
        )
    (out / "traces.json").write_text(
        json.dumps(result, indent=1, ensure_ascii=False) + "\n", "utf-8"
    )
    if not chart:
        return
    if result["modes"]:
        labels = ["precision", "recall", "agreement"]
        series = {r["mode"]: [r[m] or 0.0 for m in labels] for r in result["modes"]}
        title = f"Validators against {result.get('labelled', 0)} human labels"
    else:
        total = max(1, result["episodes"])
        labels = ["passed", "disagree"]
        series = {
            "lenient": [result["lenient_passed"] / total, len(result["disagreements"]) / total],
            "strict": [result["strict_passed"] / total, len(result["disagreements"]) / total],
        }
        title = f"Verdicts on {result['episodes']} recorded episodes"
    bar_chart(out / "traces.png", labels, series, title, "%")
