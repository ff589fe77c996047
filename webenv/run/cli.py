"""The ``webenv run`` and ``webenv report`` commands."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from webenv import MAX_EPISODE_STEPS
from webenv.agents import BUILTIN_AGENTS
from webenv.agents.prompts import PROMPT_STYLES
from webenv.clipaths import PathArgument
from webenv.errors import JSON_ERRORS, OptionError, TaskError
from webenv.run.runner import RunConfig, run
from webenv.run.summary import markdown_table


def parse_world_seeds(text: str) -> tuple[int, ...]:
    """``A-B`` (inclusive), ``N``, or a comma-separated list of them, as world seeds.

    Raises:
        click.BadParameter: anything else, or a range whose end is below its start.
    """
    seeds: list[int] = []
    for part in text.split(","):
        low, dash, high = part.strip().partition("-")
        try:
            first, last = int(low), int(high if dash else low)
        except ValueError:
            raise click.BadParameter(
                f"expected A-B, N or a comma-separated list of them, got {text!r}",
                param_hint="--world-seeds",
            ) from None
        if first < 0 or last < first or last > 2**31 - 1:
            raise click.BadParameter(
                f"expected 0 <= A <= B < 2**31, got {part.strip()!r}", param_hint="--world-seeds"
            )
        if last - first >= 100_000:
            raise click.BadParameter(
                f"{part.strip()!r} names {last - first + 1} worlds; at most 100000",
                param_hint="--world-seeds",
            )
        seeds.extend(range(first, last + 1))
    return tuple(dict.fromkeys(seeds))


def parse_agent_options(items: Sequence[str]) -> dict[str, Any]:
    """``--agent-option KEY=VALUE`` items as keyword options (a JSON value, else the text)."""
    options: dict[str, Any] = {}
    for item in items:
        name, equals, value = item.partition("=")
        if not equals or not name.isidentifier():
            raise click.BadParameter(
                f"expected KEY=VALUE with KEY a Python name, got {item!r}",
                param_hint="--agent-option",
            )
        try:
            options[name] = json.loads(value)
        except JSON_ERRORS:
            options[name] = value
    return options


@click.command("run")
@click.option(
    "--agent",
    required=True,
    metavar="NAME",
    help=f"{', '.join(BUILTIN_AGENTS)} or module:Class (an importable agent class).",
)
@click.option(
    "--tasks",
    "selection",
    required=True,
    metavar="SEL",
    help="all, a site (shop), a split (shop:test), gen:test, or task/family ids (a,b,...).",
)
@click.option(
    "--world-seeds",
    metavar="A-B|N,...",
    help="Worlds task families are generated on (default: the split's first world).",
)
@click.option(
    "--episodes",
    type=click.IntRange(1, 10_000),
    default=1,
    show_default=True,
    help="Repeats per curated task; distinct instances per family and world.",
)
@click.option(
    "--workers",
    type=click.IntRange(0, 512),
    default=1,
    show_default=True,
    help="Parallel worker processes (or Ray actors); 0 plays in this process.",
)
@click.option(
    "--ray",
    "ray_address",
    is_flag=False,
    flag_value="local",
    default=None,
    metavar="[ADDRESS]",
    help="Run on Ray: alone, a local instance; 'auto' or an address, a cluster.",
)
@click.option(
    "--backend",
    type=click.Choice(["inprocess", "chromium"]),
    default="inprocess",
    show_default=True,
)
@click.option(
    "--out", type=PathArgument(file_okay=False, path_type=Path), required=True, help="Run folder."
)
@click.option(
    "--resume", is_flag=True, help="Continue the run in --out, skipping recorded episodes."
)
@click.option(
    "--retry-errors", is_flag=True, help="With --resume: play episodes an error ended again."
)
@click.option(
    "--max-steps",
    type=click.IntRange(1, 1000),
    default=MAX_EPISODE_STEPS,
    show_default=True,
    help="Steps before an episode is cut off and judged as it stands.",
)
@click.option("--seed", type=click.IntRange(0, 2**31 - 1), default=0, show_default=True)
@click.option(
    "--episode-timeout",
    type=click.FloatRange(0, min_open=True),
    metavar="SECONDS",
    help="Stop a worker (process or Ray actor) whose episode takes longer, failing that "
    "episode (with --workers).",
)
@click.option("--screenshots", is_flag=True, help="Record a screenshot per step (chromium).")
@click.option(
    "--site-docs",
    is_flag=True,
    help="Give the agent the sites' help pages (info['site_docs'] at each reset).",
)
@click.option(
    "--base-url", help="llm: the OpenAI-compatible endpoint, e.g. http://127.0.0.1:8000/v1."
)
@click.option("--model", help="llm: the model name.")
@click.option(
    "--api-key-env", metavar="NAME", help="llm: variable holding the key (default OPENAI_API_KEY)."
)
@click.option(
    "--prompt-style", type=click.Choice(PROMPT_STYLES), help="llm: prompt style (default webarena)."
)
@click.option("--obs-tokens", type=click.IntRange(100, 1_000_000), help="llm: AX text budget.")
@click.option("--temperature", type=click.FloatRange(0, 2), help="llm: sampling temperature.")
@click.option(
    "--agent-option",
    "agent_options",
    multiple=True,
    metavar="KEY=VALUE",
    help="A constructor argument for the agent (VALUE read as JSON if it parses); repeatable.",
)
@click.option("-q", "--quiet", is_flag=True, help="No progress bar.")
def run_command(
    agent: str,
    selection: str,
    world_seeds: str | None,
    episodes: int,
    workers: int,
    ray_address: str | None,
    backend: str,
    out: Path,
    resume: bool,
    retry_errors: bool,
    max_steps: int,
    seed: int,
    screenshots: bool,
    site_docs: bool,
    episode_timeout: float | None,
    agent_options: tuple[str, ...],
    quiet: bool,
    **llm: Any,
) -> None:
    """Score an agent over a task selection; writes OUT/episodes.jsonl and OUT/summary.json
    and prints a Markdown table of success rates with 95 % confidence intervals."""
    options = parse_agent_options(agent_options)
    given = {key: value for key, value in llm.items() if value is not None}
    if given and agent != "llm":
        flags = ", ".join("--" + key.replace("_", "-") for key in given)
        raise click.UsageError(f"{flags}: only for --agent llm")
    options.update(given)
    if agent == "llm" and not {"base_url", "model"} <= set(options):
        raise click.UsageError("--agent llm needs --base-url and --model")
    tasks: str | tuple[str, ...] = (
        tuple(part.strip() for part in selection.split(",") if part.strip())
        if any(mark in selection for mark in ",/.")  # task ids (a/b/0), family ids (a.b)
        else selection
    )
    config = RunConfig(
        agent=agent,
        tasks=tasks,
        out=out,
        agent_options=options,
        world_seeds=parse_world_seeds(world_seeds) if world_seeds is not None else None,
        episodes=episodes,
        workers=workers,
        ray=None if ray_address is None else ("" if ray_address == "local" else ray_address),
        backend=backend,
        max_steps=max_steps,
        screenshots=screenshots,
        site_docs=site_docs,
        episode_timeout=episode_timeout,
        seed=seed,
        resume=resume,
        retry_errors=retry_errors,
    )
    try:
        result = run(config, progress=not quiet)
    except (OptionError, TaskError) as exc:
        raise click.ClickException(str(exc)) from None
    summary = result.summary
    click.echo(markdown_table(summary))
    click.echo(
        f"\n{summary['episodes']} episodes ({result.played} played now, "
        f"{summary['errors']} ended by an error) -> {out}"
    )


@click.command("report")
@click.argument(
    "directories", nargs=-1, required=True, type=PathArgument(file_okay=False, path_type=Path)
)
@click.option(
    "--out",
    type=PathArgument(dir_okay=False, path_type=Path),
    help="The HTML file (default: report.html in the first run folder).",
)
def report_command(directories: tuple[Path, ...], out: Path | None) -> None:
    """Write an offline HTML report of one run (DIR/report.html), or compare several."""
    from webenv.run.report import write_report

    try:
        path = write_report(list(directories), out)
    except OptionError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"wrote {path}")
