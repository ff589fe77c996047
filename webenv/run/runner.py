"""``webenv run``: play an agent over a task selection and write the run's folder."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TextIO

from webenv import MAX_EPISODE_STEPS
from webenv.agents import AgentSpec, make_agent
from webenv.errors import OptionError
from webenv.options import number_option
from webenv.run.episode import EnvOptions, EpisodeRunner, close_agent
from webenv.run.outputs import (
    RUN_FILE,
    SUMMARY_FILE,
    EpisodeLog,
    read_records,
    read_run,
    rewrite_records,
    write_json,
)
from webenv.run.plan import EpisodeSpec, plan_episodes
from webenv.run.pools import run_here, run_processes, run_ray
from webenv.run.summary import summarize

SECRET_OPTIONS = ("api_key",)
"""Agent options never written to ``run.json``."""
IDENTITY = (
    "agent",
    "agent_options",
    "tasks",
    "world_seeds",
    "episodes",
    "seed",
    "max_steps",
    "backend",
    "max_obs_chars",
    "screenshots",
    "site_docs",
)
"""The ``run.json`` fields a resumed run must share with the run it continues."""
IDENTITY_DEFAULTS = {"site_docs": False}
"""What an identity field missing from an older ``run.json`` was (added later)."""


@dataclass(frozen=True)
class RunConfig:
    """One ``webenv run``.

    Attributes:
        agent: ``random``, ``oracle``, ``llm`` or ``module:Class``.
        tasks: The env's ``tasks=`` selection (a string, or task and family ids).
        out: The run's folder.
        agent_options: Keyword arguments for the agent's constructor.
        world_seeds: Worlds task families are generated on (None: the default world).
        episodes: Repeats per curated task; instances per family and world.
        workers: Parallel workers (0: this process, without crash isolation).
        ray: None for local processes; ``""`` for a local Ray instance, ``auto`` or an
            address for a cluster.
        backend: ``inprocess`` or ``chromium``.
        max_steps: Steps before an episode is cut off (the registered env ids' limit).
        max_obs_chars: The env's ``max_obs_chars``.
        screenshots: Record a screenshot per step (chromium only).
        site_docs: Make the env with ``site_docs=True``: each episode's reset info (which
            the agent gets in :attr:`~webenv.agents.TaskInfo.info`) carries the help
            pages of the task's sites.
        seed: The run's seed; every episode's seed derives from it.
        episode_timeout: Seconds an episode may take in a worker process or Ray actor
            before the worker is stopped and the episode failed (None: no limit;
            ``--workers`` >= 1).
        resume: Continue the run in ``out``, skipping episodes already recorded.
        retry_errors: With ``resume``, play again the episodes an error ended (an
            endpoint outage, a crashed worker) instead of skipping them.
    """

    agent: str
    tasks: str | tuple[str, ...]
    out: Path
    agent_options: dict[str, Any] = field(default_factory=dict)
    world_seeds: tuple[int, ...] | None = None
    episodes: int = 1
    workers: int = 1
    ray: str | None = None
    backend: str = "inprocess"
    max_steps: int = MAX_EPISODE_STEPS
    max_obs_chars: int = 60_000
    screenshots: bool = False
    site_docs: bool = False
    seed: int = 0
    resume: bool = False
    retry_errors: bool = False
    episode_timeout: float | None = None

    def __post_init__(self) -> None:
        # A folder given as a string (``out="runs/x"``) is a folder all the same.
        object.__setattr__(self, "out", Path(self.out))

    def description(self) -> dict[str, Any]:
        """``run.json``'s content (secrets left out)."""
        data = asdict(self)
        data["out"] = str(self.out)
        data["tasks"] = self.tasks if isinstance(self.tasks, str) else list(self.tasks)
        data["world_seeds"] = list(self.world_seeds) if self.world_seeds is not None else None
        data["agent_options"] = {
            key: value for key, value in self.agent_options.items() if key not in SECRET_OPTIONS
        }
        del data["resume"], data["retry_errors"]
        return data


@dataclass
class RunResult:
    """What a run produced: every episode record in plan order, and the summary."""

    records: list[dict[str, Any]]
    summary: dict[str, Any]
    played: int


def _check(config: RunConfig) -> None:
    if config.backend not in ("inprocess", "chromium"):
        raise OptionError(f"backend={config.backend!r} is not accepted; use inprocess or chromium")
    if config.workers < 0 or (config.ray is not None and config.workers < 1):
        raise OptionError(f"workers={config.workers} is not accepted; use 1 or more (0: no pool)")
    if config.episode_timeout is not None:
        number_option("episode_timeout", config.episode_timeout, 0, "seconds", above=True)
        if config.workers < 1:
            raise OptionError(
                f"episode_timeout={config.episode_timeout!r} is not accepted; it needs "
                "worker processes or Ray actors (--workers 1 or more)"
            )
    if config.retry_errors and not config.resume:
        raise OptionError("retry_errors goes with resume (--resume --retry-errors)")
    if config.max_steps < 1:
        raise OptionError(f"max_steps={config.max_steps} is not accepted; use 1 or more")
    if config.screenshots and config.backend != "chromium":
        raise OptionError(
            "screenshots need backend='chromium' (the in-process backend draws nothing)"
        )


def _prepare(config: RunConfig) -> dict[str, dict[str, Any]]:
    """Create or check the run folder; the records already there (when resuming)."""
    out = config.out
    if out.exists() and not out.is_dir():
        raise OptionError(f"--out {out}: not a folder")
    previous = read_run(out) if out.is_dir() else None
    if previous is not None and not config.resume:
        raise OptionError(
            f"--out {out} already holds a run; add --resume to continue it or choose another folder"
        )
    if previous is not None:
        now = config.description()
        changed = [
            key for key in IDENTITY if previous.get(key, IDENTITY_DEFAULTS.get(key)) != now.get(key)
        ]
        if changed:
            raise OptionError(
                f"--resume: {out} was run with other {', '.join(changed)} "
                f"({', '.join(f'{k}={previous.get(k)!r}' for k in changed)}); "
                "resume with the same options or choose another folder"
            )
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OptionError(f"{out}: cannot create the folder: {exc.strerror}") from None
    write_json(out / RUN_FILE, config.description())
    if previous is None:
        return {}
    return {
        record["key"]: record
        for record in read_records(out)
        if not (config.retry_errors and record.get("ended") == "error")
    }


def run(
    config: RunConfig,
    *,
    progress: bool = True,
    stream: TextIO | None = None,
    on_record: Callable[[dict[str, Any]], None] | None = None,
) -> RunResult:
    """Play ``config``'s episodes and write ``episodes.jsonl`` and ``summary.json``.

    Args:
        config: What to run.
        progress: Show a progress bar (ETA, running success rates) on ``stream``.
        stream: Where the progress bar goes (default stderr).
        on_record: Called with each finished episode's record.

    Returns:
        Every record in plan order (resumed ones included) and the summary.

    Raises:
        OptionError: bad options, an agent that cannot be built, or ``out`` holding
            another run.
        TaskError: the task selection names nothing known.
    """
    _check(config)
    specs = plan_episodes(
        config.tasks, world_seeds=config.world_seeds, episodes=config.episodes, seed=config.seed
    )
    agent_spec = AgentSpec(config.agent, dict(config.agent_options))
    probe = make_agent(agent_spec)  # fail fast on a bad agent, before any worker starts
    close_agent(probe)
    done = _prepare(config)
    todo = [spec for spec in specs if spec.key not in done]
    runner = EpisodeRunner(
        agent_spec,
        EnvOptions(
            tasks=config.tasks,
            world_seeds=config.world_seeds,
            backend=config.backend,
            max_obs_chars=config.max_obs_chars,
            screenshots=config.screenshots,
            site_docs=config.site_docs,
        ),
        config.max_steps,
        record_dir=str(config.out),
    )
    log = EpisodeLog(config.out)
    results = dict(done)
    try:
        for record in _progress(_pool(config, runner, todo), len(todo), progress, stream):
            log.append(record)
            results[record["key"]] = record
            if on_record is not None:
                on_record(record)
    finally:
        log.close()
    ordered = [results[spec.key] for spec in specs if spec.key in results]
    rewrite_records(config.out, ordered)
    summary = summarize(ordered)
    summary["agent"] = config.agent
    summary["site_docs"] = config.site_docs
    summary["tasks"] = config.tasks if isinstance(config.tasks, str) else list(config.tasks)
    write_json(config.out / SUMMARY_FILE, summary)
    return RunResult(ordered, summary, played=len(todo))


def _pool(
    config: RunConfig, runner: EpisodeRunner, todo: list[EpisodeSpec]
) -> Iterator[dict[str, Any]]:
    if not todo:
        return iter(())
    if config.ray is not None:
        return run_ray(runner, todo, config.workers, config.ray or None, config.episode_timeout)
    if config.workers == 0:
        return run_here(runner, todo)
    return run_processes(runner, todo, config.workers, config.episode_timeout)


def _progress(
    records: Iterator[dict[str, Any]], total: int, show: bool, stream: TextIO | None
) -> Iterator[dict[str, Any]]:
    """``records`` passed through, with a tqdm bar: ETA and running success rates."""
    from tqdm import tqdm

    bar = tqdm(
        total=total,
        unit="ep",
        desc="episodes",
        disable=not show,
        file=stream if stream is not None else sys.stderr,
        dynamic_ncols=True,
    )
    passed = {"lenient": 0, "strict": 0}
    seen = 0
    try:
        for record in records:
            seen += 1
            for mode in passed:
                passed[mode] += bool(record.get(mode))
            bar.set_postfix(
                lenient=f"{100 * passed['lenient'] / seen:.0f}%",
                strict=f"{100 * passed['strict'] / seen:.0f}%",
                refresh=False,
            )
            bar.update(1)
            yield record
    finally:
        bar.close()
