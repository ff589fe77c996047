"""The ``webenv study`` command group."""

from __future__ import annotations

import json
from pathlib import Path

import click

from webenv.clipaths import PathArgument
from webenv.tasks import TASK_GROUPS, select_tasks
from webenv.tools.study.output import (
    CORPUS_COLUMNS,
    PERTURB_COLUMNS,
    TRACE_COLUMNS,
    markdown_table,
    write_csv,
    write_perturb,
    write_traces,
)
from webenv.tools.study.statistics import (
    DEFAULT_CORPUS,
    read_corpus,
    read_episodes,
    read_labels,
    summarize_corpus,
    summarize_traces,
)
from webenv.tools.study.variants import run_perturb


@click.group()
def study() -> None:
    """Measure how often the validators are wrong (perturbations, recorded traces)."""


@study.command("perturb")
@click.option("--site", type=click.Choice(TASK_GROUPS), help="Only this site's tasks.")
@click.option(
    "--out",
    "out_dir",
    default="study-perturb",
    show_default=True,
    type=PathArgument(file_okay=False),
    help="Folder for CSV, JSON and PNG.",
)
@click.option("--no-chart", is_flag=True, help="Skip the PNG chart (no matplotlib needed).")
def perturb_command(site: str | None, out_dir: str, no_chart: bool) -> None:
    """Judge equivalent and near-miss variants of every reference answer in both modes."""
    try:
        tasks = select_tasks(site or "all")
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    rows = run_perturb(tasks)
    if not rows:
        raise click.ClickException("no task in the selection has a reference answer or URL")
    summary = write_perturb(rows, Path(out_dir), chart=not no_chart)
    click.echo(markdown_table(summary, PERTURB_COLUMNS))
    click.echo(
        f"\n{len(rows)} variants of {len({r.task_id for r in rows})} tasks; "
        f"wrote {out_dir}/perturb.csv, perturb.json" + ("" if no_chart else ", perturb.png")
    )


@study.command("corpus")
@click.argument("path", required=False, type=PathArgument(exists=True))
@click.option(
    "--out",
    "out_dir",
    default="study-corpus",
    show_default=True,
    type=PathArgument(file_okay=False),
    help="Folder for CSV and JSON.",
)
def corpus_command(path: str | None, out_dir: str) -> None:
    """Accept rates per class on a labelled answer corpus (default: the independent one,
    written to build/corpus by tests/validators/independent/build.py)."""
    if path is None and not DEFAULT_CORPUS.is_dir():
        raise click.ClickException(
            f"no corpus given and {DEFAULT_CORPUS} does not exist: in a source checkout, run "
            "`make webarena` and `python tests/validators/independent/build.py` first"
        )
    cases = read_corpus(path or DEFAULT_CORPUS)
    rows = summarize_corpus(cases)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    write_csv(out / "corpus.csv", rows, list(rows[0]))
    (out / "corpus.json").write_text(json.dumps(rows, indent=2) + "\n", "utf-8")
    click.echo(markdown_table(rows, CORPUS_COLUMNS))
    click.echo(f"\n{len(cases)} cases; wrote {out_dir}/corpus.csv, corpus.json")


@study.command("traces")
@click.argument("directory", type=PathArgument(exists=True, file_okay=False))
@click.option(
    "--labels",
    "labels_path",
    type=PathArgument(exists=True, dir_okay=False),
    help="CSV of human labels: task_id, episode, correct.",
)
@click.option(
    "--out",
    "out_dir",
    default="study-traces",
    show_default=True,
    type=PathArgument(file_okay=False),
    help="Folder for CSV, JSON and PNG.",
)
@click.option("--no-chart", is_flag=True, help="Skip the PNG chart (no matplotlib needed).")
def traces_command(directory: str, labels_path: str | None, out_dir: str, no_chart: bool) -> None:
    """Compare strict and lenient verdicts on recorded episodes (and with human labels)."""
    episodes = read_episodes(directory)
    labels = read_labels(labels_path) if labels_path else None
    result = summarize_traces(episodes, labels)
    write_traces(result, Path(out_dir), chart=not no_chart)
    click.echo(
        f"{result['episodes']} answered episodes: lenient passed "
        f"{result['lenient_passed']}, strict passed {result['strict_passed']}, "
        f"{len(result['disagreements'])} disagreements"
    )
    if result["disagreements"]:
        click.echo("")
        click.echo(
            markdown_table(
                result["disagreements"], ["task_id", "episode", "answer", "lenient", "strict"]
            )
        )
    if labels is not None:
        click.echo(f"\n{result['labelled']} episodes have a human label")
        rows = [
            {
                **r,
                **{
                    f"{m}_ci": "–"
                    if r[m] is None
                    else f"{100 * r[f'{m}_ci'][0]:.1f}–{100 * r[f'{m}_ci'][1]:.1f} %"
                    for m in ("precision", "recall", "agreement")
                },
            }
            for r in result["modes"]
        ]
        click.echo(markdown_table(rows, TRACE_COLUMNS))
    click.echo(f"\nwrote {out_dir}/traces.csv, traces.json" + ("" if no_chart else ", traces.png"))
