"""The ``webenv`` command: demo, task listing and the solution checker."""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import click

from webenv.clipaths import PathArgument
from webenv.env import WebEnv
from webenv.errors import OptionError, WebEnvError
from webenv.families import Family, generate_json, generate_many, get_family, select_families
from webenv.families.verify import check_world
from webenv.run.cli import parse_world_seeds, report_command, run_command
from webenv.serve import serve
from webenv.tasks import (
    TASK_GROUPS,
    Task,
    TaskError,
    bundled_tasks,
    find_task,
    load_task_file,
    select_tasks,
)
from webenv.tools.parity import main as parity_main
from webenv.tools.solution import play_solution
from webenv.tools.study.cli import study
from webenv.tools.webarena import import_command
from webenv.validators import check_answer

DEMO_TASK = "shop/order-total/0"
# Other ways to write the demo task's answer, judged side by side after the episode.
DEMO_VARIANTS = ("50.94", "USD 50.94", "fifty dollars", "$50.49")


def _trim(text: str, lines: int) -> str:
    """The page's ``main`` landmark (site chrome skipped), cut to ``lines`` lines."""
    rows = text.splitlines()
    start = next(
        (i for i, row in enumerate(rows) if row.lstrip("\t").split(" ")[1:2] == ["main"]), 0
    )
    shown = rows[start : start + lines]
    skipped = f"    ... ({start} lines of site header)\n" if start else ""
    rest = len(rows) - start - len(shown)
    return skipped + "\n".join(shown) + (f"\n    ... ({rest} more lines)" if rest > 0 else "")


class _Commands(click.Group):
    """The command group: a :class:`webenv.errors.WebEnvError` a command lets through (a
    task file naming a user the world lacks, a refused option) ends it with its message
    and exit status 1, as a ``click.ClickException`` does, not with a traceback."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except WebEnvError as exc:
            raise click.ClickException(f"{type(exc).__name__}: {exc}") from None


@click.group(cls=_Commands)
@click.version_option(package_name="webenv")
def main() -> None:
    """webenv: an offline web-agent gym (shop, forum and Git-hosting sites)."""


@main.command()
@click.option(
    "--task", "task_id", default=DEMO_TASK, show_default=True, help="Bundled task to play."
)
@click.option("--lines", default=25, show_default=True, help="Observation lines to print.")
@click.option(
    "--answer", "variants", multiple=True, help="Also judge this answer in both modes (repeatable)."
)
def demo(task_id: str, lines: int, variants: tuple[str, ...]) -> None:
    """Play one task's reference solution on the in-process backend, printing each step."""
    try:
        tasks = select_tasks([task_id])
    except TaskError as exc:
        raise click.ClickException(str(exc)) from None
    env = WebEnv(tasks=[t.task_id for t in tasks])
    try:
        started = time.perf_counter()
        obs, info = env.reset(options={"task_id": task_id})
        click.echo(f"TASK  {info['task_id']}\nGOAL  {info['intent']}\nURL   {obs['url']}")
        click.echo(_trim(obs["axtree"], lines))

        def show(action: str, step_obs: dict[str, str]) -> None:
            click.echo(f"\nACTION  {action}\nURL     {step_obs['url']}")
            if step_obs["last_action_error"]:
                click.echo(f"ERROR   {step_obs['last_action_error']}")
            click.echo(_trim(step_obs["axtree"], lines))

        result = play_solution(env, tasks[0], on_step=show)
        elapsed = time.perf_counter() - started
    finally:
        env.close()
    click.echo("\nVERDICT")
    for mode in ("lenient", "strict"):
        if result.validation is None:
            click.echo(f"  {mode:8} passed=None score=None")
            continue
        judged = result.validation.mode(mode)
        click.echo(f"  {mode:8} passed={judged.passed} score={judged.score}")
        for check in judged.checks:
            click.echo(f"    {check.type}: [{check.rule}] {check.explanation}")
    click.echo(f"\n{result.steps} steps in {elapsed * 1000:.0f} ms (including reset)")
    if tasks[0].eval.answer_type and "string_match" in tasks[0].eval.eval_types:
        variants = variants or (DEMO_VARIANTS if task_id == DEMO_TASK else ())
        if variants:
            click.echo("\nOther answers, judged by both validators:")
        for answer in variants:
            row = [check_answer(answer, tasks[0].eval, mode=mode) for mode in ("lenient", "strict")]
            click.echo(
                f"  {answer!r:18} lenient={'pass' if row[0].passed else 'fail':4} "
                f"strict={'pass' if row[1].passed else 'fail':4}  ({row[0].explanation})"
            )
    if not result.solved:
        raise click.ClickException(f"the reference solution failed: {result.error}")


@main.group()
def tasks() -> None:
    """List and check task files."""


@tasks.command("list")
@click.option("--site", type=click.Choice(TASK_GROUPS), help="Only this site's tasks.")
def tasks_list(site: str | None) -> None:
    """List the bundled tasks: id, eval types and intent."""
    chosen = [t for t in bundled_tasks() if site is None or t.group == site]
    for task in chosen:
        kinds = ",".join(task.eval.eval_types)
        click.echo(f"{task.task_id}\t{kinds}\t{task.intent}")
    click.echo(f"{len(chosen)} tasks")


@tasks.command("check")
@click.option("--site", type=click.Choice(TASK_GROUPS), help="Only this site's tasks.")
@click.option("--file", "path", type=PathArgument(dir_okay=False), help="Check tasks in this file.")
@click.option("--task", "task_ids", multiple=True, help="Only this task id (repeatable).")
@click.option(
    "--backend",
    type=click.Choice(["inprocess", "chromium"]),
    default="inprocess",
    show_default=True,
)
@click.option("-v", "--verbose", is_flag=True, help="Print every task, not only failures.")
@click.option("--generated", is_flag=True, help="Check task families' generated instances.")
@click.option(
    "--world-seeds",
    default="0-1",
    show_default=True,
    metavar="A-B",
    help="With --generated: the world seeds (A-B or N).",
)
@click.option(
    "--per-family",
    type=click.IntRange(1, 1000),
    default=2,
    show_default=True,
    help="With --generated: distinct instances per family and world.",
)
def tasks_check(
    site: str | None,
    path: str | None,
    task_ids: tuple[str, ...],
    backend: str,
    verbose: bool,
    generated: bool,
    world_seeds: str,
    per_family: int,
) -> None:
    """Play every selected task's reference solution through step() and validate it.

    With --generated, play instances of the task families instead (--site, --world-seeds,
    --per-family), each also confirmed independently and failed by an idle agent.
    """
    if generated:
        if path or task_ids or backend != "inprocess":
            raise click.UsageError("--generated takes --site, --world-seeds and --per-family only")
        _check_generated(site, world_seeds, per_family, verbose)
        return
    try:
        chosen: list[Task] = load_task_file(path) if path else list(bundled_tasks())
        for task_id in task_ids:  # a mistyped id was skipped, and the rest "all solved"
            find_task(chosen, task_id, path)
    except TaskError as exc:
        raise click.ClickException(str(exc)) from None
    if site:
        chosen = [t for t in chosen if t.group == site]
    if task_ids:
        chosen = [t for t in chosen if t.task_id in task_ids]
    if not chosen:
        raise click.ClickException("no tasks selected")
    env = WebEnv(tasks=chosen, backend=backend)
    solved = 0
    started = time.perf_counter()
    try:
        for task in chosen:
            result = play_solution(env, task)
            solved += result.solved
            if verbose or not result.solved:
                status = "ok  " if result.solved else "FAIL"
                detail = f" ({result.steps} steps)" if result.solved else f": {result.error}"
                click.echo(f"{status} {task.task_id}{detail}")
    finally:
        env.close()
    click.echo(f"checked in {time.perf_counter() - started:.1f} s")
    click.echo(f"{solved}/{len(chosen)} tasks solved")
    if solved != len(chosen):
        sys.exit(1)


def _families(family_id: str | None, site: str | None, split: str | None) -> list[Family]:
    try:
        if family_id:
            return [get_family(family_id)]
        return select_families(
            f"{site}:gen:{split}"
            if site and split
            else f"{site}:gen"
            if site
            else f"gen:{split}"
            if split
            else "gen"
        )
    except TaskError as exc:
        raise click.ClickException(str(exc)) from None


def _check_generated(site: str | None, world_seeds: str, per_family: int, verbose: bool) -> None:
    seeds = parse_world_seeds(world_seeds)
    family_ids = [f.id for f in _families(None, site, None)]
    solved = total = 0
    started = time.perf_counter()
    for seed in seeds:
        for check in check_world(family_ids, seed, per_family):
            total += 1
            solved += check.ok
            if verbose or not check.ok:
                status = "ok  " if check.ok else "FAIL"
                detail = f" ({check.steps} steps)" if check.ok else f": {check.error}"
                click.echo(f"{status} {check.task_id}{detail}")
    click.echo(
        f"checked {len(family_ids)} families on {len(seeds)} worlds in "
        f"{time.perf_counter() - started:.1f} s"
    )
    click.echo(f"{solved}/{total} tasks solved")
    if solved != total or total == 0:
        sys.exit(1)


@tasks.command("families")
@click.option("--site", type=click.Choice(TASK_GROUPS), help="Only this site's families.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object for machines.")
@click.option(
    "--samples",
    type=click.IntRange(1, 100),
    default=5,
    show_default=True,
    help="Instances per family (world 0) the solution-length statistics use.",
)
def tasks_families(site: str | None, as_json: bool, samples: int) -> None:
    """List the task families: id, sites, split, skills and solution lengths."""
    rows: list[dict[str, Any]] = []
    for family in _families(None, site, None):
        lengths = [len(task.solution) for task in generate_many(family.id, 0, samples)]
        rows.append(
            {
                "id": family.id,
                "sites": list(family.sites),
                "split": family.split,
                "kind": family.kind,
                "skills": list(family.skills),
                "expected_length": list(family.length),
                "solution_length": {
                    "samples": len(lengths),
                    "min": min(lengths, default=None),
                    "median": statistics.median(lengths) if lengths else None,
                    "max": max(lengths, default=None),
                },
            }
        )
    if as_json:
        click.echo(json.dumps({"families": rows, "count": len(rows)}, indent=2))
        return
    for row in rows:
        stats = row["solution_length"]
        length = f"{stats['min']}/{stats['median']}/{stats['max']}" if stats["samples"] else "-"
        click.echo(
            f"{row['id']}\t{','.join(row['sites'])}\t{row['split']}\t"
            f"{','.join(row['skills'])}\tsteps min/median/max {length}"
        )
    train = sum(row["split"] == "train" for row in rows)
    click.echo(f"{len(rows)} families ({train} train, {len(rows) - train} test)")


@tasks.command("generate")
@click.option("--family", "family_id", help="One family id.")
@click.option("--site", type=click.Choice(TASK_GROUPS), help="Every family of this site.")
@click.option("--split", type=click.Choice(["train", "test"]), help="Every family of a split.")
@click.option(
    "--world-seed",
    type=click.IntRange(0, 2**31 - 1),
    required=True,
    help="The world to generate on.",
)
@click.option(
    "--count", type=click.IntRange(1, 100_000), required=True, help="Distinct instances per family."
)
@click.option(
    "--out",
    type=PathArgument(file_okay=False, path_type=Path),
    required=True,
    help="Folder for the task JSON files (created).",
)
def tasks_generate(
    family_id: str | None,
    site: str | None,
    split: str | None,
    world_seed: int,
    count: int,
    out: Path,
) -> None:
    """Write generated tasks as schema-valid JSON files, one per task."""
    if family_id and (site or split):
        raise click.UsageError(
            "--family names one family; do not combine it with --site or --split"
        )
    if not (family_id or site or split):
        raise click.UsageError("choose families with --family, --site or --split")
    chosen = _families(family_id, site, split)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise click.ClickException(f"{out}: cannot create the folder: {exc.strerror}") from None
    written = 0
    for family in chosen:
        tasks_made = generate_many(family.id, world_seed, count)
        for task in tasks_made:
            assert task.instance is not None
            data = generate_json(family.id, world_seed, task.instance)
            path = out / f"{family.id}-w{world_seed}-i{task.instance}.json"
            path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", "utf-8")
            written += 1
        if len(tasks_made) < count:
            click.echo(
                f"{family.id}: only {len(tasks_made)} distinct instances on world {world_seed}",
                err=True,
            )
    click.echo(f"{written} tasks from {len(chosen)} families written to {out}")


@main.command()
@click.option(
    "--tasks",
    "selection",
    default="gen:train",
    show_default=True,
    help="Task selection, as the env's tasks= (gen:train, shop:gen, shop, a family id...).",
)
@click.option(
    "--world-seeds",
    metavar="A-B",
    help="The worlds families are played on (A-B or N; default: the split's worlds).",
)
@click.option(
    "--count", type=click.IntRange(1, 1_000_000), required=True, help="Trajectories to write."
)
@click.option(
    "--out",
    type=PathArgument(dir_okay=False, path_type=Path),
    required=True,
    help="The JSONL file to write (replaced).",
)
@click.option("--candidates", is_flag=True, help="Record each observation's action candidates.")
@click.option(
    "--backend",
    type=click.Choice(["inprocess", "chromium"]),
    default="inprocess",
    show_default=True,
)
def demos(
    selection: str,
    world_seeds: str | None,
    count: int,
    out: Path,
    candidates: bool,
    backend: str,
) -> None:
    """Write expert trajectories (reference solutions) for imitation learning.

    One episode record per line, format webenv-episode/1 (docs/episode-format.md):
    observations, actions, candidates, rewards with their sparse and progress components,
    and both verdicts. Deterministic for fixed arguments.
    """
    from webenv.demos import demo_tasks, write_demos

    seeds = parse_world_seeds(world_seeds) if world_seeds is not None else None
    # Ids (a task id has a '/', a family id a '.') may be given comma-separated.
    parts = [part.strip() for part in selection.split(",") if part.strip()]
    items = parts if len(parts) > 1 or "/" in selection or "." in selection else selection
    try:
        chosen = demo_tasks(items, count, seeds)
        if len(chosen) < count:
            click.echo(f"the selection holds only {len(chosen)} tasks", err=True)
        run = write_demos(chosen, out, backend=backend, candidates=candidates)
    except (TaskError, OptionError) as exc:
        raise click.ClickException(str(exc)) from None
    except OSError as exc:
        raise click.ClickException(f"{out}: cannot write: {exc.strerror}") from None
    for task_id, error in run.failed:
        click.echo(f"FAIL {task_id}: {error}", err=True)
    click.echo(f"{run.written} trajectories written to {out}")
    if run.failed:
        sys.exit(1)


tasks.add_command(import_command)
main.add_command(study)
main.add_command(serve)
main.add_command(parity_main)
main.add_command(run_command)
main.add_command(report_command)

if __name__ == "__main__":
    main()
