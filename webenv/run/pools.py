"""Where episodes are played: in this process, in local worker processes, or on Ray.

Each pool takes the episodes to play and yields one record per episode as it finishes
(in completion order). A worker that dies mid-episode (a crash, the OOM killer) fails
that episode with the cause recorded, and a new worker takes its place: the run goes on.
"""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import time
from collections import deque
from collections.abc import Iterator, Sequence
from multiprocessing.connection import Connection, wait
from typing import Any

from webenv.run.episode import EpisodeRunner
from webenv.run.plan import EpisodeSpec

READY = "ready"
"""What a worker process sends once its agent and env are built."""


def failed_record(spec: EpisodeSpec, agent: str, error: str) -> dict[str, Any]:
    """The record of an episode whose worker died before it could report."""
    return {
        "key": spec.key,
        "task_id": spec.task_id,
        "repeat": spec.repeat,
        "seed": spec.seed,
        "agent": agent,
        "steps": [],
        "ended": "error",
        "answer": None,
        "reward": 0.0,
        "lenient": False,
        "strict": False,
        "validation": None,
        "error": error,
        "seconds": 0.0,
        "prompt_tokens": 0,
        "completion_tokens": 0,
    }


def run_here(runner: EpisodeRunner, specs: Sequence[EpisodeSpec]) -> Iterator[dict[str, Any]]:
    """Play the episodes one after another in this process (``--workers 0``)."""
    try:
        for spec in specs:
            yield runner.run(spec)
    finally:
        runner.close()


def _serve(connection: Connection, runner: EpisodeRunner) -> None:
    """A worker process: get ready, then play each episode the parent sends until it
    sends None."""
    try:
        runner.prepare()
        connection.send(READY)
        while True:
            spec = connection.recv()
            if spec is None:
                break
            connection.send(runner.run(spec))
    except (EOFError, KeyboardInterrupt):
        pass  # the parent went away or was interrupted: nothing left to report to
    finally:
        runner.close()
        connection.close()


class _Worker:
    def __init__(self, context: Any, runner: EpisodeRunner) -> None:
        self.connection, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child, runner), daemon=True)
        self.process.start()
        child.close()
        self.spec: EpisodeSpec | None = None
        self.started = 0.0
        self.ready = False

    def outcome(self, episode_timeout: float | None) -> dict[str, Any] | str | None:
        """What happened since the last look: a finished episode's record; a string
        saying why the worker is gone (killed here when past ``episode_timeout``); or
        None (still working, or it just became ready)."""
        if self.connection.poll():
            try:
                message = self.connection.recv()
            except (EOFError, OSError):
                message = None
            if message == READY:
                self.ready = True
                return None
            if message is not None:
                self.spec = None
                return message
            reason = "the worker process died during the episode (exit code {code})"
        elif not self.process.is_alive():
            reason = "the worker process died during the episode (exit code {code})"
        elif self.spec is not None and _until_overdue([self.started], episode_timeout) == 0.0:
            self.process.kill()
            reason = (
                f"the episode took longer than {episode_timeout:g} s; "
                "its worker process was stopped"
            )
        else:
            return None
        self.process.join()
        self.connection.close()
        return reason.format(code=self.process.exitcode)

    def stop(self) -> None:
        with contextlib.suppress(OSError):  # already gone
            self.connection.send(None)
        self.process.join(timeout=10)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.connection.close()


def run_processes(
    runner: EpisodeRunner,
    specs: Sequence[EpisodeSpec],
    workers: int,
    episode_timeout: float | None = None,
) -> Iterator[dict[str, Any]]:
    """Play the episodes in ``workers`` local processes, each owning its env and agent.

    Workers are started with ``spawn`` (no inherited threads or open browsers), so an
    agent class must be importable by its ``module:Class`` name in a fresh interpreter.
    A worker builds its agent and env before it takes an episode, so the timeout counts
    the episode alone.

    Args:
        runner: What each worker builds (its agent and env options).
        specs: The episodes.
        workers: How many processes.
        episode_timeout: Seconds an episode may take; a worker past it is killed, its
            episode failed, and a new worker takes its place (None: no limit).

    Raises:
        OptionError: worker processes keep dying before they are ready.
    """
    context = mp.get_context("spawn")
    queue = deque(specs)
    pool = [_Worker(context, runner) for _ in range(min(workers, len(queue)))]
    early_deaths = 0
    try:
        while queue or any(worker.spec is not None for worker in pool):
            for worker in pool:
                if worker.ready and worker.spec is None and queue:
                    worker.spec = queue.popleft()
                    worker.started = time.monotonic()
                    worker.connection.send(worker.spec)
            watched = [w for w in pool if w.spec is not None or not w.ready]
            busy = [w.started for w in watched if w.spec is not None]
            timeout = _until_overdue(busy, episode_timeout)
            wait([w.connection for w in watched] + [w.process.sentinel for w in watched], timeout)
            for index, worker in enumerate(pool):
                if worker not in watched:
                    continue
                spec = worker.spec
                outcome = worker.outcome(episode_timeout)
                if outcome is None:
                    continue
                if isinstance(outcome, dict):
                    yield outcome
                    continue
                pool[index] = _Worker(context, runner)
                if spec is not None:
                    yield failed_record(spec, runner.agent_spec.name, outcome)
                    continue
                early_deaths += 1
                if early_deaths > 2 * len(pool):
                    from webenv.errors import OptionError

                    raise OptionError(f"worker processes keep dying while they start: {outcome}")
    finally:
        for worker in pool:
            worker.stop()


def run_ray(
    runner: EpisodeRunner,
    specs: Sequence[EpisodeSpec],
    workers: int,
    address: str | None,
    episode_timeout: float | None = None,
) -> Iterator[dict[str, Any]]:
    """Play the episodes on ``workers`` Ray actors, each owning its env and agent.

    Args:
        runner: What each actor builds (its agent and env options).
        specs: The episodes.
        workers: How many actors.
        address: A Ray cluster's address, ``auto``, or None to start (or join the
            already started) local instance.
        episode_timeout: Seconds an episode may take; an actor past it is killed, its
            episode failed and a new actor started (None: no limit).

    Raises:
        OptionError: Ray is not installed (``pip install 'webenv[ray]'``).
    """
    try:
        import ray
        from ray.exceptions import RayActorError, RayTaskError
    except ImportError:
        from webenv.errors import OptionError

        raise OptionError("--ray needs Ray: pip install 'webenv[ray]'") from None
    if not ray.is_initialized():
        ray.init(address=address or None, include_dashboard=False, log_to_driver=False)
    actor_class: Any = ray.remote(num_cpus=1, max_restarts=0)(EpisodeRunner)
    queue = deque(specs)
    actors: list[Any] = [None] * min(workers, len(queue))
    # An actor gets episodes once it has built its agent and env, so an episode's time
    # is its own, not its actor's start.
    preparing: dict[Any, int] = {}  # an actor's prepare() -> its slot
    ready: set[int] = set()
    running: dict[Any, tuple[int, EpisodeSpec, float]] = {}

    def start(slot: int) -> None:
        if actors[slot] is not None:
            ray.kill(actors[slot], no_restart=True)
        actors[slot] = actor_class.remote(**_runner_arguments(runner))
        ready.discard(slot)
        preparing[actors[slot].prepare.remote()] = slot

    for slot in range(len(actors)):
        start(slot)
    try:
        while queue or running:
            busy = {slot for slot, _, _ in running.values()}
            for slot in sorted(ready - busy):
                if queue:
                    spec = queue.popleft()
                    running[actors[slot].run.remote(spec)] = (slot, spec, time.monotonic())
            timeout = _until_overdue([t for _, _, t in running.values()], episode_timeout)
            done, _ = ray.wait([*running, *preparing], num_returns=1, timeout=timeout)
            for reference in done:
                if reference in preparing:
                    # A failure to prepare (the actor died) shows in its first episode.
                    ready.add(preparing.pop(reference))
                    continue
                slot, spec, _ = running.pop(reference)
                try:
                    yield ray.get(reference)
                except (RayActorError, RayTaskError) as exc:
                    reason = " ".join(str(exc).split())[:300]
                    yield failed_record(
                        spec, runner.agent_spec.name, f"the Ray worker failed: {reason}"
                    )
                    start(slot)
            for reference, (slot, spec, started) in list(running.items()):
                if _until_overdue([started], episode_timeout) == 0.0:
                    del running[reference]
                    start(slot)
                    yield failed_record(
                        spec,
                        runner.agent_spec.name,
                        f"the episode took longer than {episode_timeout:g} s; "
                        "its Ray worker was stopped",
                    )
    finally:
        for actor in actors:
            with contextlib.suppress(Exception):  # a dead actor has nothing to close
                ray.get(actor.close.remote(), timeout=30)
            ray.kill(actor, no_restart=True)


def _until_overdue(starts: list[float], episode_timeout: float | None) -> float | None:
    """Seconds until the first of the episodes started at ``starts`` (monotonic clock)
    is past ``episode_timeout``: 0.0 when one is, None without a limit or an episode."""
    if episode_timeout is None or not starts:
        return None
    return max(0.0, min(starts) + episode_timeout - time.monotonic())


def _runner_arguments(runner: EpisodeRunner) -> dict[str, Any]:
    return {
        "agent_spec": runner.agent_spec,
        "env_options": runner.env_options,
        "max_steps": runner.max_steps,
        "record_dir": runner.record_dir,
    }
