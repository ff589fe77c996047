"""The Gymnasium environment over the bundled sites."""

from __future__ import annotations

import copy
import inspect
import multiprocessing as mp
import os
import sys
from collections.abc import Sequence
from ctypes import c_int32
from dataclasses import dataclass
from multiprocessing.sharedctypes import SynchronizedArray
from pathlib import Path
from types import ModuleType
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.error import ClosedEnvironmentError, ResetNeeded
from gymnasium.spaces.utils import flatten, unflatten
from gymnasium.vector.utils import (
    create_shared_memory,
    read_from_shared_memory,
    write_to_shared_memory,
)
from numpy.typing import NDArray

from webenv.actions import MAX_ACTION_CHARS, Action, ActionError, ActionKind, parse_action
from webenv.browser.base import Browser
from webenv.candidates import page_candidates
from webenv.errors import OptionError, ShadowedPackage, TaskError, echo
from webenv.families import (
    MAX_SEED,
    Family,
    default_world_seeds,
    generate,
    generated_from,
    select_sources,
    task_id_for,
)
from webenv.modalities import action_modality
from webenv.options import integer_option
from webenv.recording import EpisodeRecorder
from webenv.rewards import REWARD_MODES, ProgressShaping, task_subgoals
from webenv.seeding import draw_below
from webenv.seen import SeenPage, remember
from webenv.sitedb import MAX_WORLD_SCALE
from webenv.sites import LOGIN_KEYS
from webenv.sites.core.help import help_keys, site_docs_text
from webenv.tasks import CURATED_WORLD_SEED, MAX_INTENT_CHARS, Task
from webenv.validators import (
    Check,
    EvalContext,
    Evaluation,
    check_modalities,
    evaluate,
    with_check,
)
from webenv.world import World, WorldState


def check_not_shadowed() -> None:
    """Raise :class:`ShadowedPackage` if ``webenv`` was imported from a stray folder.

    A folder named ``webenv/`` without ``__init__.py`` in the working directory is found
    before an editable install, and Python imports it as an empty namespace package: the
    env ids are never registered. The modules inside the real package still load, so this
    check runs when they do and says what happened.
    """
    package = sys.modules.get("webenv")
    if package is not None and getattr(package, "__file__", None) is None:
        folders = [str(folder) for folder in getattr(package, "__path__", [])]
        raise ShadowedPackage(folders, str(Path(__file__).resolve().parent))


check_not_shadowed()

BACKENDS = ("inprocess", "chromium")
VALIDATOR_MODES = ("lenient", "strict")
MAX_URL_CHARS = 4_096
MAX_GOAL_CHARS = MAX_INTENT_CHARS
MAX_TABS_CHARS = 8_192
MAX_ERROR_CHARS = 1_024
MAX_OBS_CHARS = 10_000_000
"""Largest ``max_obs_chars`` (a vector env's shared memory holds 4 bytes per character)."""


@dataclass(frozen=True)
class EpisodeState:
    """A saved episode (:meth:`WebEnv.save_state`): restore it any number of times."""

    world: WorldState
    browser: Any
    task: Task
    last_error: str
    done: bool
    shaping: ProgressShaping | None
    """The progress-reward bookkeeping (potential, shaping paid), or None in sparse mode."""
    components: dict[str, Any] | None
    info: dict[str, Any]
    """The info the last reset or step returned (a restore returns it again)."""
    seen: tuple[SeenPage, ...] = ()
    """The pages whose values the candidates offer (:mod:`webenv.seen`); empty unless
    ``candidates=True``."""
    modalities: frozenset[str] = frozenset()
    """The modalities the episode's actions used so far (:mod:`webenv.modalities`)."""
    steps: int = 0
    """The episode's steps so far (:attr:`WebEnv.episode_steps`)."""
    last_action: str = ""
    """The last step's action (:attr:`WebEnv.last_action`)."""
    answer: tuple[str, bool, int] | None = None
    """The episode's answer (:attr:`WebEnv.episode_answer`)."""

    @property
    def nbytes(self) -> int:
        """Memory held by the saved databases (pages and the log are shared or small)."""
        return self.world.nbytes


class BoundedText(spaces.Text):
    """A ``Text`` space that checks length only: any character is allowed.

    Gymnasium's ``Text`` accepts only ``[A-Za-z0-9]`` by default, which rejects every
    real page, URL and action. Sampling still draws from the default charset.
    """

    def __init__(self, max_length: int, *, min_length: int = 0) -> None:
        super().__init__(max_length, min_length=min_length)

    def contains(self, x: Any) -> bool:
        return isinstance(x, str) and self.min_length <= len(x) <= self.max_length

    def __repr__(self) -> str:
        return f"BoundedText({self.min_length}, {self.max_length})"

    def __eq__(self, other: Any) -> bool:
        return (
            isinstance(other, BoundedText)
            and self.min_length == other.min_length
            and self.max_length == other.max_length
        )

    def __hash__(self) -> int:
        return hash((BoundedText, self.min_length, self.max_length))


# Gymnasium flattens a ``Text`` value (and so writes it to an ``AsyncVectorEnv``'s shared
# memory) as indexes into its character set, which fails on any character outside it.
# A ``BoundedText`` is encoded as Unicode code points plus one, with 0 as padding, so
# every string the space contains survives the round trip.


def _encode_text(space: BoundedText, x: str) -> NDArray[np.int32]:
    codes = np.zeros(space.max_length, dtype=np.int32)
    codes[: len(x)] = np.frombuffer(x.encode("utf-32-le", "surrogatepass"), dtype="<u4") + 1
    return codes


def _decode_text(codes: NDArray[np.int32]) -> str:
    used = codes[codes > 0] - 1
    return used.astype("<u4").tobytes().decode("utf-32-le", "surrogatepass")


@flatten.register(BoundedText)
def _flatten_bounded_text(space: BoundedText, x: str) -> NDArray[np.int32]:  # type: ignore[misc]
    return _encode_text(space, x)


@unflatten.register(BoundedText)
def _unflatten_bounded_text(space: BoundedText, x: NDArray[np.int32]) -> str:  # type: ignore[misc]
    return _decode_text(np.asarray(x, dtype=np.int32))


@create_shared_memory.register(BoundedText)
def _create_bounded_text_memory(
    space: BoundedText, n: int = 1, ctx: ModuleType = mp
) -> SynchronizedArray[c_int32]:
    return ctx.Array(np.dtype(np.int32).char, n * space.max_length)


class SharedTextBatch(Sequence[str]):
    """A live view of ``n`` strings in an ``AsyncVectorEnv``'s shared memory.

    ``AsyncVectorEnv`` reads its shared observation memory once, when it starts, and
    hands out (a deep copy of) that object after every step, so text must be decoded
    when it is used, not when it is read. A deep copy (what ``AsyncVectorEnv`` returns
    with its default ``copy=True``) is a plain ``tuple`` of ``str``, like
    ``SyncVectorEnv``'s.
    """

    def __init__(self, codes: NDArray[np.int32]) -> None:
        self._codes = codes

    def __len__(self) -> int:
        return len(self._codes)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return tuple(self)[index]
        return _decode_text(self._codes[index])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and tuple(self) == tuple(other)

    __hash__ = None  # type: ignore[assignment]

    def __deepcopy__(self, memo: dict[int, Any]) -> tuple[str, ...]:
        return tuple(self)

    def __repr__(self) -> str:
        return repr(tuple(self))


@read_from_shared_memory.register(BoundedText)
def _read_bounded_text(
    space: BoundedText, shared_memory: SynchronizedArray[c_int32], n: int = 1
) -> SharedTextBatch:
    data = np.frombuffer(shared_memory.get_obj(), dtype=np.int32)  # type: ignore[call-overload]
    return SharedTextBatch(data.reshape((n, space.max_length)))


@write_to_shared_memory.register(BoundedText)
def _write_bounded_text(
    space: BoundedText, index: int, values: str, shared_memory: SynchronizedArray[c_int32]
) -> None:
    size = space.max_length
    destination = np.frombuffer(shared_memory.get_obj(), dtype=np.int32)  # type: ignore[call-overload]
    np.copyto(destination[index * size : (index + 1) * size], _encode_text(space, values))


RESET_OPTIONS = ("task_id", "family", "world_seed", "instance")
"""The keys ``reset(options=...)`` accepts."""
MAX_INSTANCE_TRIES = 64
"""Instance seeds a reset tries (the drawn one, then the next ones) before it gives up
on a family that cannot instantiate on the drawn world."""


def _world_seeds(value: object) -> Sequence[int] | None:
    """``world_seeds`` as a non-empty sequence of seeds (None: the default)."""
    if value is None:
        return None
    meaning = (
        f"world_seeds={{}} is not accepted; use a world seed (an integer from 0 to "
        f"{MAX_SEED:_}), a range or a non-empty list of them"
    )
    if isinstance(value, range):
        if len(value) == 0 or value[0] < 0 or value[-1] < 0 or max(value[0], value[-1]) > MAX_SEED:
            raise OptionError(meaning.format(echo(value)))
        return value
    items: list[Any] = [value] if not isinstance(value, list | tuple) else list(value)
    if not items or any(
        isinstance(v, bool) or not isinstance(v, int | np.integer) or v < 0 or v > MAX_SEED
        for v in items
    ):
        raise OptionError(meaning.format(echo(value)))
    return tuple(dict.fromkeys(int(v) for v in items))


def task_world_seed(task: Task) -> int:
    """The world a fixed task must be played on: the one it was generated on, or world 0
    for a curated task."""
    return task.world_seed if task.world_seed is not None else CURATED_WORLD_SEED


def _choice(name: str, value: object, accepted: tuple[str, ...], extra: str = "") -> None:
    if not isinstance(value, str) or value not in accepted:
        raise OptionError(
            f"{name}={echo(value)} is not accepted; use one of "
            f"{', '.join(map(repr, accepted))}{extra}"
        )


def _refuse_unknown(unknown: dict[str, Any]) -> None:
    """An ``OptionError`` naming the constructor options, for any keyword it does not take
    (``gym.make(id, **kwargs)`` passes them through; a ``TypeError`` would not say which)."""
    if unknown:
        accepted = [name for name in inspect.signature(WebEnv).parameters if name != "unknown"]
        raise OptionError(
            f"unknown option(s) {', '.join(map(echo, sorted(unknown)))}; "
            f"the options are {', '.join(accepted)}"
        )


class WebEnv(gym.Env[dict[str, str], str]):
    """Web tasks on bundled sites, observed as accessibility-tree text.

    ## Description
    Each episode is one task: the world's sites are restored to their pristine state,
    the task's user is logged in, and the agent starts at the task's start URL. It acts
    with text actions until it answers or the step limit truncates the episode.

    ## Action Space
    ``BoundedText(10000)``: one action string in either grammar, e.g. ``click [12]``,
    ``type [7] [blue mug] [1]``, ``fill("7", "blue mug")``, ``goto [http://shop.test/]``,
    ``stop [42.50]``, ``send_msg_to_user("42.50")``, ``report_infeasible("why")``. A
    malformed or impossible action is a no-op step with ``last_action_error`` set.

    ## Observation Space
    ``Dict`` of ``BoundedText``: ``axtree`` (the page's accessibility tree, one node per
    line, ids in brackets, at most ``max_obs_chars``), ``url``, ``goal`` (the task
    intent), ``tabs`` (one line per tab) and ``last_action_error`` ("" if none).

    ## Rewards
    ``reward_mode="sparse"`` (default): 0 on every step but the last; when the agent
    answers, the validators' score in ``validator_mode`` (1.0 pass, 0.0 fail).
    ``reward_mode="progress"``: that verdict plus potential-based shaping,
    ``Phi(next) - Phi(current)`` with ``Phi`` the fraction of the task's subgoals that hold
    (0 at the start and once the episode ends), so an episode's rewards sum to its sparse
    reward (:mod:`webenv.rewards`). Generated tasks get subgoals from the framework (the
    pages the reference solution answers on or posts a form from, each part of a required
    state change) plus any they declare; a task without subgoals (the curated tasks) gets
    sparse rewards. The first episode of a task in progress mode replays its reference
    solution once in process to find its pages (cached per task).

    ## Starting State
    The task's start page with its user logged in, on the world the task belongs to
    (curated tasks: world 0; generated tasks: their world seed; the world's site
    databases are switched when the seed changes). ``options`` may pin ``task_id`` (a
    curated id or a generated one such as ``shop/shop.cancel-order/w3-i1``), or any of
    ``family``, ``world_seed`` and ``instance``; the rest is drawn with the seeded RNG.
    A drawn instance the world cannot support is retried with the next instance seed
    (at most ``MAX_INSTANCE_TRIES``).

    ## Episode End
    Terminates on ``stop [...]``, ``send_msg_to_user(...)`` or ``report_infeasible(...)``;
    truncates at ``max_episode_steps`` (Gymnasium's ``TimeLimit``; 50 for the registered
    ids, ``gym.make(id, max_episode_steps=N)`` to change it). The registered ids add
    :class:`webenv.wrappers.TruncationVerdict` outside ``TimeLimit``, which puts a verdict
    on the truncating step through :meth:`judge_unanswered`.

    ## Info
    ``task_id``, ``intent``, ``world_seed``; ``family`` and ``instance`` for generated
    tasks; at termination ``answer`` and ``validation`` (lenient and
    strict verdicts with every check's rule and explanation). On a truncating step
    (through ``TruncationVerdict``), ``answer`` is None and ``validation`` judges the final
    state: state and URL checks as usual, answer checks fail with rule ``no-answer``; the
    sparse reward stays 0 (progress mode adds ``-potential``). With
    ``reward_mode="progress"``: ``reward_components`` on reset and every step (``mode``:
    ``progress``, or ``sparse`` with a ``note`` for a task without subgoals; ``verdict``,
    the sparse reward; ``shaping``; ``potential`` after the step; ``subgoals``, the names
    that hold), and ``subgoals`` at reset (the episode's subgoal names). With
    ``candidates=True``,
    ``candidates``: the page's executable actions (:mod:`webenv.candidates`; empty once
    the episode has ended). With ``site_docs=True``, ``site_docs`` at reset: the help
    pages of the task's sites and back offices as Markdown (:mod:`webenv.sites.core.help`;
    the same files the sites' ``/help`` pages render, at most
    :data:`~webenv.sites.core.help.MAX_SITE_DOCS_CHARS` characters).

    ## Arguments
    - ``tasks``: curated tasks — task ids, a site (``"shop"``), ``"all"``, or a split
      (``"shop:test"``; curated tasks are split by template) — or generated tasks:
      ``"gen"``, ``"gen:train"``, ``"gen:test"`` (the families of the env's ``sites``),
      ``"shop:gen"``, ``"shop:gen:test"``, or family ids in the list.
    - ``world_seeds``: the worlds families are instantiated on (an int, a ``range`` or a
      list); each reset draws one, and an instance seed, with the seeded RNG. Default:
      the held-out worlds ``10000-19999`` when every family is a test family, else the
      training worlds ``0-9999``. Curated tasks are tied to world 0: any other seed
      without families is an :class:`~webenv.errors.OptionError`. Worlds are built on
      first use and kept in a bounded per-process snapshot cache.
    - ``world_seed``: the one-seed form of ``world_seeds`` (kept for compatibility).
    - ``world_scale``: the worlds' size multiplier (1 to ``MAX_WORLD_SCALE``, default 1):
      10 plays worlds with ten times as many products, submissions (and comments) and
      projects (and issues), for studies of long lists and search. Curated tasks are
      written against size 1, so a larger scale needs task families (their instances
      are generated on the scaled world).
    - ``sites``: the sites (or back office, ``"shop_admin"``) the env id is for; scopes
      ``"gen"``, ``"gen:train"`` and ``"gen:test"`` to the families that happen there
      (default: everywhere).
    - ``backend``: ``"inprocess"`` (default, no browser) or ``"chromium"``.
    - ``validator_mode``: ``"lenient"`` (default) or ``"strict"``; both are in ``info``.
    - ``max_obs_chars``: longest ``axtree`` text (default 60000); longer trees are cut at
      a line with a note.
    - ``render_mode``: ``"ansi"`` returns the observation text; ``"rgb_array"`` (chromium
      only) returns the active tab's viewport as an ``HxWx3`` ``uint8`` array.
    - ``screenshot``: (chromium only) add a ``screenshot`` key to the observation, the
      viewport as an ``HxWx3`` ``uint8`` ``Box``.
    - ``candidates``: add ``info["candidates"]`` (default False: nothing is computed).
    - ``site_docs``: add ``info["site_docs"]`` at reset, the task's sites' help text
      (default False).
    - ``reward_mode``: ``"sparse"`` (default) or ``"progress"`` (see Rewards).
    - ``record_dir``: append every episode (actions, rewards, answer, both verdicts) to
      ``<record_dir>/episodes-<pid>.jsonl`` (format ``webenv-episode/1``,
      ``docs/episode-format.md``).
    - ``record_obs``: with ``record_dir``, also record the observation the reset and each
      step produced (and the candidates when ``candidates=True``). Default False: nothing
      is copied.

    ## Errors
    ``step`` never raises for a bad action (see Action Space). Misuse raises at the call,
    with one line saying what was wrong and what is accepted: ``step`` before ``reset``
    raises ``gymnasium.error.ResetNeeded``; ``step``, ``reset`` or ``render`` after
    ``close`` raise ``gymnasium.error.ClosedEnvironmentError`` (``close`` itself is safe
    to call twice); an unknown constructor argument value, ``reset`` options that are not
    a dict, an unknown options key, a task id or family outside the env's task set, or a
    curated task on a world seed other than 0 raise :class:`webenv.errors.OptionError`; a
    ``tasks`` selection naming an unknown task, family or group raises
    :class:`webenv.errors.TaskError`, and so does a reset whose drawn family cannot
    instantiate on the drawn world within ``MAX_INSTANCE_TRIES`` instance seeds. A reset
    that fails once its task is chosen (a task file logging in a user the world lacks)
    leaves no episode: ``step`` and ``save_state`` raise ``ResetNeeded`` until a reset
    succeeds. A Chromium env called from another thread than the one that made it raises
    :class:`webenv.errors.WrongThread` (the in-process backend works from any thread).

    ## Version History
    - v0: first release; task families (``tasks="gen:train"``, ``world_seeds``, the
      ``family``/``world_seed``/``instance`` reset options) added without changing the
      curated tasks' behaviour on world 0; ``reward_mode="progress"`` and
      ``record_obs`` added, sparse rewards unchanged; ``world_scale`` added (default 1
      keeps every world as it was); ``site_docs`` added (the sites' help pages, and a Help
      link at the end of every page's footer).
    """

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4}  # noqa: RUF012 - gym.Env's

    def __init__(
        self,
        tasks: str | Sequence[str | Task] | None = "shop",
        backend: str = "inprocess",
        validator_mode: str = "lenient",
        max_obs_chars: int = 60_000,
        render_mode: str | None = None,
        world_seed: int | None = None,
        record_dir: str | None = None,
        screenshot: bool = False,
        world_seeds: int | range | list[int] | None = None,
        sites: list[str] | tuple[str, ...] | None = None,
        candidates: bool = False,
        reward_mode: str = "sparse",
        record_obs: bool = False,
        world_scale: int = 1,
        site_docs: bool = False,
        **unknown: Any,
    ) -> None:
        _refuse_unknown(unknown)
        _choice("backend", backend, BACKENDS)
        _choice("validator_mode", validator_mode, VALIDATOR_MODES)
        _choice("reward_mode", reward_mode, REWARD_MODES)
        # rgb_array exists only on chromium: the instance's metadata says what it renders.
        modes = ("ansi", "rgb_array") if backend == "chromium" else ("ansi",)
        self.metadata = {**type(self).metadata, "render_modes": list(modes)}
        if render_mode is not None:
            _choice(
                "render_mode",
                render_mode,
                modes,
                " or None"
                + (" (rgb_array needs backend='chromium')" if render_mode == "rgb_array" else ""),
            )
        for name, flag in (
            ("screenshot", screenshot),
            ("candidates", candidates),
            ("site_docs", site_docs),
            ("record_obs", record_obs),
        ):
            if not isinstance(flag, bool):
                raise OptionError(f"{name}={echo(flag)} is not accepted; use True or False")
        if record_obs and record_dir is None:
            raise OptionError(
                "record_obs=True records observations into the episode recording; "
                "give record_dir too"
            )
        if backend != "chromium" and screenshot:
            raise OptionError(
                "screenshot=True needs backend='chromium' (the in-process backend draws nothing)"
            )
        max_obs_chars = integer_option(
            "max_obs_chars",
            max_obs_chars,
            100,
            "the longest axtree text in characters",
            MAX_OBS_CHARS,
        )
        if world_seed is not None:
            world_seed = integer_option(
                "world_seed",
                world_seed,
                0,
                "the world's generation seed; 0 is the canonical world",
                MAX_SEED,
            )
            if world_seeds is not None:
                raise OptionError("give world_seeds or world_seed (its one-seed form), not both")
            world_seeds = world_seed
        seeds = _world_seeds(world_seeds)
        world_scale = integer_option(
            "world_scale",
            world_scale,
            1,
            "the worlds' size multiplier; 1 is the canonical size",
            MAX_WORLD_SCALE,
        )
        if tasks is not None and not isinstance(tasks, str | list | tuple):
            raise OptionError(
                f"tasks={echo(tasks)} is not accepted; use task ids or family ids "
                "(a list), a site such as 'shop', 'all', a split such as "
                "'shop:test', or generated tasks such as 'gen:train'"
            )
        if sites is not None and (
            not isinstance(sites, list | tuple)
            or not sites
            or any(site not in LOGIN_KEYS for site in sites)
        ):
            raise OptionError(
                f"sites={echo(sites)} is not accepted; use a list of "
                f"{', '.join(map(repr, LOGIN_KEYS))}, or None for all"
            )
        if record_dir is not None and not isinstance(record_dir, str | os.PathLike):
            raise OptionError(
                f"record_dir={echo(record_dir)} is not accepted; use a folder path or None"
            )
        self._closed = False
        fixed, chosen = select_sources(tasks, sites)  # TaskError: names nothing known
        self.tasks: list[Task] = fixed
        self.families: list[Family] = chosen
        fixed_worlds = {task_world_seed(task) for task in fixed}
        if seeds is not None and not chosen and not set(seeds) <= fixed_worlds:
            raise OptionError(
                f"world_seeds={world_seeds!r}: this env's tasks are tied to world(s) "
                f"{', '.join(map(str, sorted(fixed_worlds)))} (curated tasks to world "
                f"{CURATED_WORLD_SEED}); other world seeds need task families, e.g. "
                "tasks='gen:train'"
            )
        if world_scale != 1 and fixed:
            raise OptionError(
                f"world_scale={world_scale}: curated tasks are written against the "
                "canonical size (world_scale=1); a larger world plays task families, "
                "whose instances are generated on it, e.g. tasks='gen:train'"
            )
        self.world_scale = world_scale
        self.world_seeds: Sequence[int] = (
            seeds if seeds is not None else default_world_seeds(chosen)
        )
        self.backend = backend
        self.validator_mode = validator_mode
        self.max_obs_chars = max_obs_chars
        self.render_mode = render_mode
        self.screenshot = screenshot
        self.candidates = candidates
        self.site_docs = site_docs
        self.reward_mode = reward_mode
        self.record_obs = record_obs
        self._shaping: ProgressShaping | None = None
        self._components: dict[str, Any] | None = None
        hosted = [site for task in self.tasks for site in task.sites]
        hosted += [site for family in self.families for site in family.sites]
        first_world = task_world_seed(self.tasks[0]) if self.tasks else self.world_seeds[0]
        # Before the world and the browser: a folder that cannot be made leaks neither.
        try:
            self.recorder = EpisodeRecorder(Path(record_dir), backend) if record_dir else None
        except OSError as exc:
            raise OptionError(
                f"record_dir={record_dir!r}: cannot make the folder ({exc.strerror})"
            ) from None
        self.world = World(hosted, seed=first_world, scale=world_scale)
        self.browser: Browser = self._make_browser(backend)
        self.task: Task | None = None
        self._last_error = ""
        self._done = False
        self._last_info: dict[str, Any] = {}
        self._seen: tuple[SeenPage, ...] = ()
        self._modalities_used: frozenset[str] = frozenset()
        self._steps = 0
        self._last_action = ""
        self._answer: tuple[str, bool, int] | None = None
        self.action_space = BoundedText(MAX_ACTION_CHARS)
        observation: dict[str, spaces.Space] = {
            "axtree": BoundedText(max_obs_chars),
            "url": BoundedText(MAX_URL_CHARS),
            "goal": BoundedText(MAX_GOAL_CHARS),
            "tabs": BoundedText(MAX_TABS_CHARS),
            "last_action_error": BoundedText(MAX_ERROR_CHARS),
        }
        if screenshot:
            from webenv.browser.chromium import VIEWPORT

            observation["screenshot"] = spaces.Box(
                0, 255, (VIEWPORT["height"], VIEWPORT["width"], 3), dtype=np.uint8
            )
        self.observation_space = spaces.Dict(observation)  # type: ignore[assignment]

    def _make_browser(self, backend: str) -> Browser:
        if backend == "inprocess":
            from webenv.browser.inprocess import InProcessBrowser

            return InProcessBrowser(self.world)
        from webenv.browser.chromium import ChromiumBrowser

        # Images only where pixels are asked for (about a third of a shop step's CPU).
        pictures = self.screenshot or self.render_mode == "rgb_array"
        return ChromiumBrowser(self.world, pictures=pictures)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, str], dict[str, Any]]:
        self._check_usable("reset")
        pins = self._reset_options(options)
        if seed is not None:
            seed = integer_option("seed", seed, 0, "the seed of the env's random draws")
        super().reset(seed=seed)
        task = self._choose(pins)
        try:
            obs, info = self._start(task, seed)
        except BaseException:
            # The world may be half reset (a task file naming a user the world lacks): no
            # episode runs until a reset succeeds, rather than the old one on a new task.
            self.task = None
            raise
        return obs, info

    def _start(self, task: Task, seed: int | None) -> tuple[dict[str, str], dict[str, Any]]:
        """Start ``task``'s episode: its world reset, its user logged in, its start page."""
        self.world.switch_seed(task_world_seed(task))
        self.task = task
        # Progress mode replays the reference solution once per task (then cached) to find
        # its pages, on this world, before the world is reset for the episode.
        found = task_subgoals(task, self.world) if self.reward_mode == "progress" else None
        self.world.reset()
        cookies = self.world.login_cookies(task.login)
        self.browser.reset(task.start_url, cookies)
        self._last_error = ""
        self._done = False
        self._seen = ()
        self._modalities_used = frozenset()
        self._steps, self._last_action, self._answer = 0, "", None
        info = self._info(task)
        if self.site_docs:
            info["site_docs"] = site_docs_text(help_keys(task.sites, task.login))
        self._shaping = None
        if found is not None:
            self._shaping = ProgressShaping(found, self._subgoal_context, self.validator_mode)
            self._components = self._shaping.start()
            info.update(
                reward_components=self._components,
                subgoals=[goal.name for goal in self._shaping.subgoals],
            )
        obs, info = self._observation(), self._with_candidates(info)
        if self.recorder is not None:
            self.recorder.start(
                task.task_id,
                seed,
                self.browser.url,
                intent=task.intent,
                world_seed=task_world_seed(task),
                family=task.family,
                instance=task.instance,
                reward_mode=self.reward_mode,
                validator_mode=self.validator_mode,
                subgoals=info.get("subgoals"),
                obs=obs if self.record_obs else None,
                candidates=info.get("candidates") if self.record_obs else None,
            )
        return obs, info

    def _subgoal_context(self, needs_log: bool) -> EvalContext:
        """The validators' view of the current state, for judging subgoals (with the
        request log only when ``needs_log``: copying it costs)."""
        assert self.task is not None
        return self.world.eval_context(
            answer=None,
            infeasible_reported=False,
            url=self.browser.url,
            fetch_page=self.browser.document,
            users=self.task.login,
            requests=None if needs_log else (),
        )

    def _reward(self, verdict: float, info: dict[str, Any], *, terminal: bool) -> float:
        """The step's reward in ``reward_mode`` (components into ``info`` in progress mode)."""
        if self._shaping is None:
            return verdict
        reward, self._components = self._shaping.step(verdict, terminal=terminal)
        info["reward_components"] = self._components
        return reward

    def _with_candidates(self, info: dict[str, Any]) -> dict[str, Any]:
        """``info`` with the page's action candidates when the env offers them (none once
        the episode has ended)."""
        if self.candidates:
            assert self.task is not None
            self._seen = remember(self._seen, self.browser.url, self.browser.axtree_text())
            info["candidates"] = (
                [] if self._done else page_candidates(self.browser, self.task, self._seen[:-1])
            )
        self._last_info = info  # what save_state() keeps
        return info

    def _info(self, task: Task) -> dict[str, Any]:
        info: dict[str, Any] = {
            "task_id": task.task_id,
            "intent": task.intent,
            "world_seed": task_world_seed(task),
        }
        if task.family is not None:
            info.update(family=task.family, instance=task.instance)
        return info

    def _reset_options(self, options: object) -> dict[str, Any]:
        """``reset``'s options, checked (an empty dict to draw everything)."""
        if options is None:
            return {}
        if not isinstance(options, dict):
            raise OptionError(
                f"options={echo(options)} is not accepted; use None or a dict with "
                f"the keys {', '.join(map(repr, RESET_OPTIONS))}"
            )
        unknown = [key for key in options if key not in RESET_OPTIONS]
        if unknown:
            raise OptionError(
                f"unknown reset option {echo(unknown[0])}; accepted keys: "
                f"{', '.join(map(repr, RESET_OPTIONS))}"
            )
        pins = {key: value for key, value in options.items() if value is not None}
        task_id = pins.get("task_id")
        if task_id is not None and not isinstance(task_id, str):
            raise OptionError(
                f"options['task_id']={echo(task_id)} is not accepted; use a task id "
                "string such as 'shop/order-total/0', or None to draw one"
            )
        family = pins.get("family")
        if family is not None and (
            not isinstance(family, str) or family not in {f.id for f in self.families}
        ):
            ids = [f.id for f in self.families]
            shown = ", ".join(map(repr, ids[:3])) + (", ..." if len(ids) > 3 else "")
            raise OptionError(
                f"options['family']={echo(family)} is not one of this env's "
                f"{len(ids)} families ({shown or 'none: use tasks=' + repr('gen')}"
                "); `webenv tasks families` lists them"
            )
        for key in ("world_seed", "instance"):
            if key in pins:
                pins[key] = integer_option(
                    f"options[{key!r}]",
                    pins[key],
                    0,
                    "a world seed" if key == "world_seed" else "an instance seed",
                    MAX_SEED,
                )
        if task_id is not None and ("family" in pins or "instance" in pins):
            raise OptionError("options: give a task_id, or a family and instance, not both")
        return pins

    def _choose(self, pins: dict[str, Any]) -> Task:
        """The episode's task: pinned by ``pins`` or drawn with the seeded RNG."""
        world_seed: int | None = pins.get("world_seed")
        if "task_id" in pins:
            task = self._task(pins["task_id"])
            if world_seed is not None and world_seed != task_world_seed(task):
                raise OptionError(self._tied(task, world_seed))
            return task
        if "family" in pins:
            family = next(f for f in self.families if f.id == pins["family"])
        else:
            fixed = [
                t for t in self.tasks if world_seed is None or task_world_seed(t) == world_seed
            ]
            if "instance" in pins and not self.families:
                raise OptionError(
                    "options['instance'] pins a family's instance seed; this "
                    "env has no task families (use tasks='gen', ...)"
                )
            count = (0 if "instance" in pins else len(fixed)) + len(self.families)
            if count == 0:
                worlds = ", ".join(sorted({str(task_world_seed(t)) for t in self.tasks}))
                raise OptionError(
                    f"options['world_seed']={world_seed}: this env's tasks are "
                    f"tied to world(s) {worlds}"
                    f" (curated tasks to world {CURATED_WORLD_SEED}); task "
                    "families generate tasks for any world: tasks='gen:train'"
                )
            index = draw_below(self.np_random, count)
            if "instance" not in pins and index < len(fixed):
                return fixed[index]
            family = self.families[index - (0 if "instance" in pins else len(fixed))]
        if world_seed is None:
            world_seed = int(self.world_seeds[draw_below(self.np_random, len(self.world_seeds))])
        return self._generate(family, world_seed, pins.get("instance"))

    def _generate(self, family: Family, world_seed: int, instance: int | None) -> Task:
        """One instance of ``family`` on ``world_seed``: the pinned instance, or a drawn one
        (and the next ones, when the world cannot support it)."""
        if instance is not None:
            task = generate(family.id, world_seed, instance, self.world_scale)
            if task is None:
                raise OptionError(
                    f"family {family.id} has no instance {instance} on world "
                    f"{world_seed} (the world cannot support it); pin another "
                    "instance or leave it to the env"
                )
            return task
        first = draw_below(self.np_random, MAX_SEED - MAX_INSTANCE_TRIES)
        for candidate in range(first, first + MAX_INSTANCE_TRIES):
            task = generate(family.id, world_seed, candidate, self.world_scale)
            if task is not None:
                return task
        raise TaskError(
            f"family {family.id} could not instantiate on world {world_seed}: "
            f"instances {first}-{first + MAX_INSTANCE_TRIES - 1} all need data "
            "this world lacks"
        )

    @staticmethod
    def _tied(task: Task, world_seed: int) -> str:
        kind = "a curated task" if task.world_seed is None else "a generated task"
        return (
            f"task {task.task_id!r} is {kind} tied to world {task_world_seed(task)}; it "
            f"cannot be played on world seed {world_seed} (task families generate tasks "
            "for any world: tasks='gen:train', options={'family': ...})"
        )

    def _task(self, task_id: str) -> Task:
        for task in self.tasks:
            if task.task_id == task_id:
                return task
        origin = generated_from(task_id)
        if origin is not None and origin[0] in {f.id for f in self.families}:
            made = generate(*origin, self.world_scale)
            if made is None:
                raise OptionError(
                    f"task_id {task_id!r}: family {origin[0]} has no instance "
                    f"{origin[2]} on world {origin[1]}"
                )
            return made
        ids = [task.task_id for task in self.tasks]
        shown = ", ".join(map(repr, ids[:3])) + (", ..." if len(ids) > 3 else "")
        held = [f"{len(ids)} curated tasks" + (f": {shown}" if ids else "")]
        if self.families:
            example = task_id_for(self.families[0], 0, 0)
            held.append(
                f"{len(self.families)} task families, whose tasks' ids read like {example!r}"
            )
        raise OptionError(
            f"task_id {echo(task_id)} is not in this env's task set ({'; '.join(held)}); "
            "`webenv tasks list` shows the ids"
        )

    def step(self, action: str) -> tuple[dict[str, str], float, bool, bool, dict[str, Any]]:
        self._check_usable("step")
        if self.task is None:
            raise ResetNeeded(
                "call reset() before step() (no episode is running: none has started, or "
                "the last reset() failed)"
            )
        info = self._info(self.task)
        self._steps += 1
        self._last_action = str(action)
        if self._done:
            self._last_error = "the episode has ended; call reset() to start another"
            if self._shaping is not None:
                info["reward_components"] = self._shaping.start()
            return self._observation(), 0.0, True, False, self._with_candidates(info)
        self._last_error = ""
        try:
            if not isinstance(action, str):
                raise ActionError(f"an action is a string, not {type(action).__name__}")
            parsed = parse_action(action)
            if parsed.kind == ActionKind.STOP:
                return self._finish(parsed, info)
            self.browser.execute(parsed)
            modality = action_modality(parsed)
            if modality is not None:
                self._modalities_used |= {modality}
        except ActionError as exc:
            self._last_error = str(exc)
        reward = self._reward(0.0, info, terminal=False)
        obs, info = self._observation(), self._with_candidates(info)
        self._record(str(action), reward, obs, info)
        return obs, reward, False, False, info

    def _record(
        self, action: str, reward: float, obs: dict[str, Any], info: dict[str, Any]
    ) -> None:
        """Add the step to the episode recording, if the env records."""
        if self.recorder is not None:
            self.recorder.step(
                action,
                self.browser.url,
                self._last_error,
                reward=reward,
                components=info.get("reward_components"),
                obs=obs if self.record_obs else None,
                candidates=info.get("candidates") if self.record_obs else None,
            )

    def judge_unanswered(self) -> dict[str, Any]:
        """The verdict on the current state of an episode that ends without an answer.

        For a time limit that truncates the episode (:class:`webenv.wrappers.TruncationVerdict`
        calls it; the registered ids have that wrapper). State and URL checks judge the
        current state; answer checks fail with rule ``no-answer``. The episode is over
        afterwards: further steps are no-ops until :meth:`reset`.

        Returns:
            ``info["validation"]``'s form: both modes with every check.

        Raises:
            gymnasium.error.ResetNeeded: no episode is running.
        """
        return self.end_unanswered()[1]["validation"]

    def end_unanswered(self) -> tuple[float, dict[str, Any]]:
        """End an episode without an answer: its verdict, and the reward that ends it.

        What :meth:`judge_unanswered` does, plus what a time limit must add to the
        truncating step: in ``reward_mode="progress"`` the terminal potential is 0, so
        the step's reward gains ``-potential`` (the episode's rewards then sum to 0, the
        sparse reward of an unanswered episode) and its ``reward_components`` are
        corrected. :class:`webenv.wrappers.TruncationVerdict` applies both.

        Returns:
            ``(extra reward, info additions)``: the extra reward is 0.0 in sparse mode;
            the additions are ``answer`` (None) and ``validation``, and
            ``reward_components`` in progress mode.

        Raises:
            gymnasium.error.ResetNeeded: no episode is running.
        """
        if self.task is None:
            raise ResetNeeded("judge_unanswered() before reset(): no episode to judge")
        if self._done:
            evaluation = self._evaluate(None, infeasible=False)
            return 0.0, {"answer": None, "validation": evaluation.to_dict()}
        self._done = True
        evaluation = self._evaluate(None, infeasible=False)
        additions: dict[str, Any] = {
            "answer": None,
            "validation": evaluation.to_dict(),
            "modalities_used": sorted(self._modalities_used),
        }
        extra = 0.0
        if self._shaping is not None:
            extra, self._components = self._shaping.end(self._components)
            additions["reward_components"] = self._components
        if self.recorder is not None:
            self.recorder.truncate(evaluation, extra, self._components)
        return extra, additions

    def _evaluate(self, answer: str | None, *, infeasible: bool) -> Evaluation:
        """The validators' verdict on the current state (``answer`` None: truncated)."""
        assert self.task is not None
        context = self.world.eval_context(
            answer=answer,
            infeasible_reported=infeasible,
            url=self.browser.url,
            fetch_page=self.browser.document,
            users=self.task.login,
            truncated=answer is None,
            intent=self.task.intent,
        )
        evaluation = evaluate(self.task.eval, context)
        modalities = self.task.modalities
        if modalities:
            verdict = check_modalities(modalities.require, modalities.forbid, self._modalities_used)
            evaluation = with_check(evaluation, Check("modalities", verdict))
        return evaluation

    def _finish(self, action: Action, info: dict[str, Any]):
        assert self.task is not None
        self._done = True
        answer = action.text or ""
        self._answer = (answer, action.infeasible, self._steps)
        evaluation = self._evaluate(answer, infeasible=action.infeasible)
        info.update(
            answer=answer,
            infeasible=action.infeasible,
            validation=evaluation.to_dict(),
            modalities_used=sorted(self._modalities_used),
        )
        verdict = evaluation.score(self.validator_mode)
        reward = self._reward(verdict, info, terminal=True)
        obs, info = self._observation(), self._with_candidates(info)
        if self.recorder is not None:
            self._record(action.to_str(), reward, obs, info)
            self.recorder.finish(answer, action.infeasible, evaluation, verdict)
        return obs, reward, True, False, info

    def _observation(self) -> dict[str, Any]:
        assert self.task is not None
        obs: dict[str, Any] = {
            "axtree": self.browser.axtree_text(self.max_obs_chars)[: self.max_obs_chars],
            "url": self.browser.url[:MAX_URL_CHARS],
            "goal": self.task.intent[:MAX_GOAL_CHARS],
            "tabs": self.browser.tabs_text()[:MAX_TABS_CHARS],
            "last_action_error": self._last_error[:MAX_ERROR_CHARS],
        }
        if self.screenshot:
            obs["screenshot"] = self.browser.rgb_array()
        return obs

    def save_state(self) -> EpisodeState:
        """A token that :meth:`restore_state` puts this episode back to, exactly.

        It holds every site database (nothing for a pristine one), the request log, the
        browser's tabs with their histories, pages and cookies (on Chromium: each tab's
        history and URL, and the cookies; unsubmitted form input is not kept), the task,
        the episode's bookkeeping and, with ``candidates=True``, the values seen on its
        pages (:mod:`webenv.seen`), so the candidates after a restore are the same.
        Tokens are plain objects: drop them to free them.

        Raises:
            gymnasium.error.ResetNeeded: no episode has started.
        """
        self._check_usable("save_state")
        if self.task is None:
            raise ResetNeeded("save_state() before reset(); call reset() first")
        return EpisodeState(
            self.world.save_state(),
            self.browser.save_state(),
            self.task,
            self._last_error,
            self._done,
            None if self._shaping is None else self._shaping.copy(self._subgoal_context),
            self._components,
            copy.deepcopy(self._last_info),
            self._seen,
            self._modalities_used,
            self._steps,
            self._last_action,
            self._answer,
        )

    def restore_state(self, state: EpisodeState) -> tuple[dict[str, Any], dict[str, Any]]:
        """Put the episode back as :meth:`save_state` found it; not a step.

        The state may come from another env of the same sites and backend (a clone):
        this env's world switches to the state's world seed first.

        Returns:
            The observation and info at the save (the observation byte-identical).

        Raises:
            OptionError: the state is not an :class:`EpisodeState` of these sites and
                this backend, holds a field that :meth:`save_state` did not make (checked
                before anything is restored: a refused state changes nothing), or was
                saved on a world of another ``world_scale`` or by an env of another
                ``reward_mode``.
        """
        self._check_usable("restore_state")
        if not isinstance(state, EpisodeState):
            raise OptionError(
                f"restore_state() takes a state saved by an env of the sites "
                f"{', '.join(self.world.sites)}; got {type(state).__name__}"
            )
        problem = self._state_problem(state)
        if problem is not None:
            # Checked before anything is restored: a refused state leaves the episode as is.
            raise OptionError(
                f"restore_state(): {problem}; pass a state from save_state() unchanged"
            )
        if state.world.scale != self.world.scale:
            raise OptionError(
                f"restore_state(): the state was saved on a world of scale "
                f"{state.world.scale}; this env plays world_scale={self.world.scale}"
            )
        saved_mode = "sparse" if state.shaping is None else "progress"
        if saved_mode != self.reward_mode:
            raise OptionError(
                f"restore_state(): the state was saved by an env of reward_mode="
                f"{saved_mode!r}; this env's is {self.reward_mode!r}"
            )
        self.world.switch_seed(state.world.seed)
        self.world.restore_state(state.world)
        self.browser.restore_state(state.browser)
        self.task = state.task
        self._last_error = state.last_error
        self._done = state.done
        shaping = state.shaping
        self._shaping = None if shaping is None else shaping.copy(self._subgoal_context)
        self._components = state.components
        self._last_info = copy.deepcopy(state.info)
        self._seen = state.seen
        self._modalities_used = state.modalities
        self._steps, self._last_action, self._answer = state.steps, state.last_action, state.answer
        if self.candidates and "candidates" not in self._last_info:
            # Saved by an env without candidates: this env offers them, so find them.
            self._with_candidates(self._last_info)
        elif not self.candidates:
            self._last_info.pop("candidates", None)
        return self._observation(), copy.deepcopy(self._last_info)

    def _state_problem(self, state: EpisodeState) -> str | None:
        """What in ``state`` is not what :meth:`save_state` makes, or None."""
        problem = self.world.state_problem(state.world) or self.browser.state_problem(state.browser)
        if problem is not None:
            return problem
        fields: tuple[tuple[str, object, type | tuple[type, ...]], ...] = (
            ("task", state.task, Task),
            ("last_error", state.last_error, str),
            ("done", state.done, bool),
            ("shaping", state.shaping, (ProgressShaping, type(None))),
            ("components", state.components, (dict, type(None))),
            ("info", state.info, dict),
            ("seen", state.seen, tuple),
            ("modalities", state.modalities, frozenset),
            ("last_action", state.last_action, str),
            ("answer", state.answer, (tuple, type(None))),
        )
        for name, value, expected in fields:
            if not isinstance(value, expected):
                return f"its {name} is a {type(value).__name__}"
        if isinstance(state.steps, bool) or not isinstance(state.steps, int) or state.steps < 0:
            return f"its steps is {state.steps!r}, not a count"
        return None

    @property
    def episode_steps(self) -> int:
        """The steps taken since :meth:`reset` (a restore brings back the count saved)."""
        return self._steps

    @property
    def last_action(self) -> str:
        """The action the last step was given ("" after :meth:`reset`)."""
        return self._last_action

    @property
    def episode_answer(self) -> tuple[str, bool, int] | None:
        """``(answer, infeasible, step)`` once the episode was ended by ``stop`` or
        ``report_infeasible`` (``step``: its number in the episode), else None."""
        return self._answer

    @property
    def current_candidates(self) -> list[str]:
        """The current page's action candidates: ``info["candidates"]`` of the last
        :meth:`reset`, :meth:`step` or :meth:`restore_state` (empty before a reset, once
        the episode has ended, or without ``candidates=True``). Wrappers read them here,
        so a restore is seen without going through them."""
        return list(self._last_info.get("candidates", ()))

    def _check_usable(self, call: str) -> None:
        """Raise before ``call`` changes anything if the env is closed or the calling thread
        cannot drive its browser (Chromium's runs on the thread that started it)."""
        if self._closed:
            raise ClosedEnvironmentError(f"{call}() on a closed WebEnv; make a new env")
        self.browser.check_thread(call)

    def render(self) -> str | np.ndarray | None:
        self._check_usable("render")
        if self.task is None:
            return None
        if self.render_mode == "rgb_array":
            return self.browser.rgb_array()
        if self.render_mode != "ansi":
            return None
        axtree = self.browser.axtree_text(self.max_obs_chars)[: self.max_obs_chars]
        return f"URL: {self.browser.url}\nGOAL: {self.task.intent}\n{axtree}"

    def __reduce_ex__(self, protocol: Any) -> Any:
        """Refuse ``copy.copy``, ``copy.deepcopy`` and pickling, which all come here.

        A shallow copy shared the original's world and browser (closing either broke the
        other with an ``IndexError``), and a deep copy or a pickle failed on a lock deep
        inside; an episode is cloned with a token instead.
        """
        raise TypeError(
            "a WebEnv cannot be copied or pickled (its sites and browser are live); to clone "
            "an episode, pass env.unwrapped.save_state() to restore_state() of another env "
            "of the same sites, or make a new env"
        )

    def close(self) -> None:
        """Release the browser and the world; safe to call more than once."""
        if getattr(self, "_closed", False):
            return
        self._closed = True
        recorder = getattr(self, "recorder", None)
        if recorder is not None:
            recorder.flush_unfinished()
        browser = getattr(self, "browser", None)
        if browser is not None:
            browser.close()
        world = getattr(self, "world", None)
        if world is not None:
            world.close()
        super().close()
