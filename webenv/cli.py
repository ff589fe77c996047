"""The ``webenv`` command: demo, task listing and the solution checker."""

from __future__ import annotations

import sys
import time

import click

from webenv.env import WebEnv
from webenv.serve import serve
from webenv.tasks import TASK_GROUPS, Task, TaskError, bundled_tasks, load_task_file, select_tasks
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
    start = next((i for i, row in enumerate(rows) if row.lstrip("\t").split(" ")[1:2] == ["main"]),
                 0)
    shown = rows[start:start + lines]
    skipped = f"    ... ({start} lines of site header)\n" if start else ""
    rest = len(rows) - start - len(shown)
    return skipped + "\n".join(shown) + (f"\n    ... ({rest} more lines)" if rest > 0 else "")


@click.group()
@click.version_option(package_name="webenv")
def main() -> None:
    """webenv: an offline web-agent gym (shop, forum and Git-hosting sites)."""


@main.command()
@click.option("--task", "task_id", default=DEMO_TASK, show_default=True,
              help="Bundled task to play.")
@click.option("--lines", default=25, show_default=True, help="Observation lines to print.")
@click.option("--answer", "variants", multiple=True,
              help="Also judge this answer in both modes (repeatable).")
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
            click.echo(f"  {answer!r:18} lenient={'pass' if row[0].passed else 'fail':4} "
                       f"strict={'pass' if row[1].passed else 'fail':4}  ({row[0].explanation})")
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
@click.option("--file", "path", type=click.Path(dir_okay=False), help="Check tasks in this file.")
@click.option("--task", "task_ids", multiple=True, help="Only this task id (repeatable).")
@click.option("--backend", type=click.Choice(["inprocess", "chromium"]), default="inprocess",
              show_default=True)
@click.option("-v", "--verbose", is_flag=True, help="Print every task, not only failures.")
def tasks_check(site: str | None, path: str | None, task_ids: tuple[str, ...], backend: str,
                verbose: bool) -> None:
    """Play every selected task's reference solution through step() and validate it."""
    try:
        chosen: list[Task] = load_task_file(path) if path else list(bundled_tasks())
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


tasks.add_command(import_command)
main.add_command(study)
main.add_command(serve)
main.add_command(parity_main)

if __name__ == "__main__":
    main()
