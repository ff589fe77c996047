"""What a task family is: metadata, the draft a family builds, and the context it builds from.

A family's ``build`` reads one world's pristine databases (through :class:`Context`),
draws its parameters with the instance's own :class:`~webenv.sites.core.rng.Rng`, and
returns a :class:`Draft` — the instantiation values, the eval block and a reference
solution — or ``None`` when this world cannot support the instance. The registry
(:mod:`webenv.families.registry`) turns a draft into a complete task.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from webenv.lru import LRU
from webenv.sites import BACK_OFFICES
from webenv.sites.core.rng import Rng
from webenv.world import pristine_snapshot

SKILLS = (
    "search",
    "filter",
    "sort",
    "paginate",
    "aggregate",
    "compare",
    "form-fill",
    "multi-tab",
    "cross-site",
)
FAMILY_SPLITS = ("train", "test")
KINDS = ("info", "state", "navigation", "infeasible", "mixed")


class WorldData:
    """Read-only access to the pristine databases of one world (seed and scale).

    The connections are private copies of the same serialized snapshots an env restores
    on reset, so what a family reads is exactly what the played world starts from.

    Thread-safe: envs in several threads generate tasks on the same cached worlds, and
    the cache closes a world another thread may be reading (:func:`world_data`), so a
    query and :meth:`close` never overlap (closing a connection SQLite is reading from
    crashes the process).
    """

    def __init__(self, seed: int, scale: int = 1) -> None:
        self.seed = seed
        self.scale = scale
        self._connections: dict[str, sqlite3.Connection] = {}
        self._lock = threading.Lock()

    def query(self, site: str, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Rows of read-only ``sql`` on ``site``'s pristine database."""
        with self._lock:
            conn = self._connections.get(site)
            if conn is None:
                conn = sqlite3.connect(":memory:", check_same_thread=False)
                conn.deserialize(pristine_snapshot(site, self.seed, self.scale))
                conn.execute("PRAGMA query_only = ON")
                self._connections[site] = conn
            return [tuple(row) for row in conn.execute(sql, params).fetchall()]

    def close(self) -> None:
        """Close the connections once no query is running (a later query reopens them)."""
        with self._lock:
            for conn in self._connections.values():
                conn.close()
            self._connections.clear()

    def value(self, site: str, sql: str, params: tuple[Any, ...] = ()) -> Any:
        """The first column of the first row of ``sql`` (None when there is no row)."""
        rows = self.query(site, sql, params)
        return rows[0][0] if rows else None


def like_pattern(term: str) -> str:
    """A LIKE pattern (with ``ESCAPE '\\'``) matching ``term`` anywhere, escaped as the
    sites' searches escape it."""
    return "%" + term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


WORLD_DATA_CACHE_SIZE = 4
_WORLD_DATA: LRU[tuple[int, int], WorldData] = LRU(
    WORLD_DATA_CACHE_SIZE, evicted=lambda data: data.close()
)


def world_data(seed: int, scale: int = 1) -> WorldData:
    """The cached :class:`WorldData` of world ``seed`` at ``scale`` (a bounded per-process
    cache; the least recently used world's connections are closed when it is evicted)."""
    return _WORLD_DATA.get_or_make((seed, scale), lambda: WorldData(seed, scale))


@dataclass
class Context:
    """Everything a family's ``build`` may use: the world's data and the instance's RNG."""

    family_id: str
    world_seed: int
    instance: int
    data: WorldData
    rng: Rng


@dataclass
class Draft:
    """What a family's ``build`` returns for one instance.

    Attributes:
        values: the intent template's slot values (``instantiation_dict``).
        eval: the task's ``eval`` block.
        solution: reference solution steps (role/name, as in curated tasks).
        answer: the expected answer in the family's own terms, which ``confirm``
            recomputes a second, independent way; for state and navigation tasks, the
            target the task acts on (a product, an issue), or None when the intent
            names it outright.
        start_url: where the task starts; the first site's home page by default.
        login: site -> username; each site's task user by default.
        subgoals: declared subgoals in the task JSON form (``{"name", "eval"}``, see
            :class:`webenv.tasks.Subgoal`), for ``reward_mode="progress"``. The framework
            derives subgoals for every generated task (:mod:`webenv.rewards`); a declared
            one is added to them, and replaces a derived one of the same name.
    """

    values: dict[str, Any]
    eval: dict[str, Any]
    solution: list[dict[str, Any]]
    answer: Any = None
    start_url: str | None = None
    login: dict[str, str] | None = None
    subgoals: list[dict[str, Any]] | None = None


@dataclass(frozen=True)
class Family:
    """A task family: an intent template plus code that instantiates it on any world.

    Attributes:
        id: stable id, ``<site or cross>.<name>`` (``shop.spend-in-month``).
        sites: the sites its tasks use.
        skills: what solving it takes (a subset of :data:`SKILLS`).
        intent_template: the intent with ``{{slot}}`` placeholders.
        build: ``Context -> Draft | None``.
        confirm: ``(Context, values) -> answer``: recomputes the draft's ``answer`` from
            the world by an independent route (other tables — vote, star and comment rows
            instead of stored counts — or Python instead of SQL); ``"N/A"`` for an
            infeasible instance, None for a feasible state change whose target the intent
            names. Optional for state and navigation families, whose checks are also
            confirmed by failing for an idle agent and passing after the solution.
        split: ``train`` or ``test`` (held-out families).
        length: the expected reference-solution length in env actions, ``(min, max)``.
        kind: what decides success: ``info`` (an answer), ``state`` (the sites' data
            afterwards), ``navigation`` (the final URL), ``infeasible``, or ``mixed``
            (feasible state changes and infeasible variants).
    """

    id: str
    sites: tuple[str, ...]
    skills: tuple[str, ...]
    intent_template: str
    build: Callable[[Context], Draft | None]
    confirm: Callable[[Context, dict[str, Any]], Any] | None
    split: str = "train"
    length: tuple[int, int] = (1, 50)
    kind: str = "info"

    def __post_init__(self) -> None:
        group, _, name = self.id.partition(".")
        offices = [office for office, spec in BACK_OFFICES.items() if spec.site in self.sites]
        if not name or group not in (*self.sites, *offices, "cross"):
            raise ValueError(
                f"family id {self.id!r}: expected '<site>.<name>', '<back office>.<name>' "
                "(shop_admin, on its site) or 'cross.<name>'"
            )
        if (group == "cross") != (len(self.sites) > 1):
            raise ValueError(f"family {self.id}: only cross-site families use 'cross.'")
        unknown = set(self.skills) - set(SKILLS)
        if unknown:
            raise ValueError(
                f"family {self.id}: unknown skills {sorted(unknown)}; accepted: {', '.join(SKILLS)}"
            )
        if self.split not in FAMILY_SPLITS:
            raise ValueError(f"family {self.id}: split {self.split!r} is not train or test")
        if self.kind not in KINDS:
            raise ValueError(f"family {self.id}: unknown kind {self.kind!r}")
        if self.kind in ("info", "mixed") and self.confirm is None:
            raise ValueError(f"family {self.id}: an answer family needs a 'confirm'")

    @property
    def group(self) -> str:
        """``cross`` for cross-site families, a back office's name (``shop_admin``) for
        its families, else the site name."""
        return self.id.partition(".")[0]

    @property
    def areas(self) -> tuple[str, ...]:
        """Where its tasks happen, as login keys: its back office, or its sites (an env
        id's ``sites`` scope ``gen`` selections by these)."""
        return (self.group,) if self.group in BACK_OFFICES else self.sites
