"""What worlds, generated tasks and observations depend on besides the seed (round 8).

- SQLite's row order: a SELECT without ORDER BY has none guaranteed (an index, a plan or
  a version changes it). ``PRAGMA reverse_unordered_selects`` reverses it, so a world
  or a task that changes under it read an order it never asked for.
- NumPy: its policy keeps the PCG64 bit stream across versions, not the algorithms of
  ``Generator`` methods, so ``reset(seed=...)`` draws through
  :func:`webenv.seeding.draw_below`.
- Threads: envs in several threads share the cached worlds that families read.
- The process: ``PYTHONHASHSEED``, ``TZ``, the locale and the working directory change
  nothing (checked in subprocesses).
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import random
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils import seeding

import webenv  # noqa: F401 - registers the env ids
from webenv.families import families, registry
from webenv.families.model import Context, WorldData
from webenv.seeding import MAX_DRAW, draw_below
from webenv.sitedb import pristine_snapshot, site_module
from webenv.sites.core.rng import Rng

REPO = Path(__file__).resolve().parent.parent


def _reversed(conn: sqlite3.Connection) -> sqlite3.Connection:
    conn.execute("PRAGMA reverse_unordered_selects = ON")
    return conn


# -- SQLite's row order ---------------------------------------------------------------


@pytest.mark.parametrize("site", ["shop", "forum", "githost"])
def test_a_world_does_not_depend_on_the_order_of_unordered_selects(site):
    """The generator's own reads (the Git host's forks copy tags with INSERT ... SELECT)
    give the same database bytes when SQLite returns unordered rows the other way."""
    datagen = importlib.import_module(f"{site_module(site).__name__}.datagen")
    conn = _reversed(sqlite3.connect(":memory:"))
    try:
        datagen.generate(conn, 0)
        conn.commit()
        generated = conn.serialize()
    finally:
        conn.close()
    assert generated == pristine_snapshot(site, 0)


class _ReversedWorldData(WorldData):
    """A world's pristine data whose unordered SELECTs return their rows the other way."""

    def query(self, site, sql, params=()):
        if site not in self._connections:
            super().query(site, "SELECT 1")
            _reversed(self._connections[site])
        return super().query(site, sql, params)


@pytest.fixture(scope="module")
def reversed_worlds():
    made: dict[int, WorldData] = {}
    yield lambda seed: made.setdefault(seed, _ReversedWorldData(seed))
    for data in made.values():
        data.close()


@pytest.mark.parametrize("world_seed", [3, 10007])
def test_generated_tasks_do_not_depend_on_the_order_of_unordered_selects(
    reversed_worlds, world_seed
):
    """Every family's draft is the same when the world's unordered SELECTs come back the
    other way (shop.checkout-with-coupon drew its product and coupon from them)."""
    differ = []
    for family in families().values():
        for instance in (0, 1):
            expected = registry.draft(family.id, world_seed, instance)
            rng = Rng(f"{family.id}/{world_seed}/{instance}")
            context = Context(family.id, world_seed, instance, reversed_worlds(world_seed), rng)
            if family.build(context) != expected:
                differ.append(f"{family.id}/w{world_seed}-i{instance}")
    assert differ == []


# -- NumPy's Generator algorithms -----------------------------------------------------


def test_draw_below_is_numpys_integers_and_leaves_the_same_state():
    picker = random.Random(8)
    for _ in range(400):
        seed = picker.randrange(2**32)
        numpy_rng, pinned = seeding.np_random(seed)[0], seeding.np_random(seed)[0]
        for _ in range(6):
            edges = (1, 2, 3, 7, 100, 2**31 - 101, 2**31 + 1, MAX_DRAW - 1, MAX_DRAW)
            n = picker.choice([*edges, picker.randrange(1, MAX_DRAW)])
            assert draw_below(pinned, n) == int(numpy_rng.integers(n)), (seed, n)
        assert pinned.bit_generator.state == numpy_rng.bit_generator.state
        # the two stay in step with the Generator's other methods
        assert pinned.random() == numpy_rng.random()


def test_draw_below_rejects_a_range_it_does_not_pin():
    generator = seeding.np_random(0)[0]
    for n in (0, -1, MAX_DRAW + 1):
        with pytest.raises(ValueError, match="not from 1 to"):
            draw_below(generator, n)
    other = np.random.Generator(np.random.MT19937(5))
    assert draw_below(other, 10) == int(np.random.Generator(np.random.MT19937(5)).integers(10))


class _OtherIntegers(np.random.Generator):
    """A Generator whose ``integers`` is another (equally valid) algorithm, as a NumPy
    release may bring: the bit stream is the same, the numbers drawn from it differ."""

    def integers(self, low, high=None, *args, **kwargs):  # type: ignore[override]
        n = low if high is None else high - low
        return (super().integers(low, high, *args, **kwargs) + 1) % n


ENV_CONFIGS = [
    ("WebShop-v0", {}),
    ("WebSuite-v0", {}),
    ("WebShop-v0", {"tasks": "gen", "world_seeds": range(100)}),
]


def _drawn_ids(env_id: str, kwargs: dict, seeds: range) -> list[str]:
    env = gym.make(env_id, **kwargs)
    try:
        return [env.reset(seed=seed)[1]["task_id"] for seed in seeds] + [
            env.reset()[1]["task_id"] for _ in range(2)
        ]
    finally:
        env.close()


@pytest.mark.parametrize(("env_id", "kwargs"), ENV_CONFIGS)
def test_reset_draws_do_not_depend_on_numpys_integers(monkeypatch, env_id, kwargs):
    expected = _drawn_ids(env_id, kwargs, range(8))

    numpys = seeding.np_random

    def other_numpy(seed=None):
        generator, used = numpys(seed)
        return _OtherIntegers(generator.bit_generator), used

    monkeypatch.setattr(seeding, "np_random", other_numpy)
    assert _drawn_ids(env_id, kwargs, range(8)) == expected


def test_reset_draws_are_pinned():
    """The tasks these seeds draw, on every machine and with any NumPy: a change here
    changes every recorded episode that was started with reset(seed=...)."""
    assert _drawn_ids("WebShop-v0", {}, range(3))[:3] == [
        "shop/review-nickname/0",
        "shop/order-item-count/0",
        "shop/reorder/0",
    ]
    gen = {"tasks": "gen", "world_seeds": range(100)}
    assert _drawn_ids("WebShop-v0", gen, range(3))[:3] == [
        "shop/shop.spend-in-month/w63-i1097657199",
        "shop/shop.nth-cheapest-rated/w51-i1621709825",
        "shop/shop.spend-in-month/w26-i234731690",
    ]


# -- threads ----------------------------------------------------------------------------


def _run_python(code: str, env: dict[str, str] | None = None, cwd: Path | None = None):
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        cwd=cwd,
    )


def test_a_world_closed_by_the_cache_while_another_thread_reads_it():
    """``world_data``'s cache closes a world another thread's family may be reading; a
    query and a close never overlap (they did, and the process died of a segfault), so
    run in a subprocess."""
    result = _run_python(
        """
        import threading
        from webenv.families.model import WorldData

        data = WorldData(0)
        sql = "SELECT id, name, description FROM products ORDER BY id"
        expected = data.query("shop", sql)
        done = threading.Event()

        def close_again_and_again():
            while not done.is_set():
                data.close()

        closer = threading.Thread(target=close_again_and_again)
        closer.start()
        try:
            for _ in range(200):
                assert data.query("shop", sql) == expected
        finally:
            done.set()
            closer.join()
        print("ok")
        """
    )
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr[-2000:]


def test_the_same_episodes_in_threads_observe_the_same():
    import threading

    def episode(env_id: str, out: dict, key: object) -> None:
        env = gym.make(env_id, candidates=True)
        trace = []
        obs, info = env.reset(seed=11)
        trace.append((obs, info["candidates"]))
        for step in range(6):
            choices = [c for c in info["candidates"] if not c.startswith(("stop", "send"))]
            if not choices:
                break
            obs, _, terminated, truncated, info = env.step(choices[(7 * step + 3) % len(choices)])
            trace.append((obs, info["candidates"]))
            if terminated or truncated:
                break
        env.close()
        out[key] = trace

    ids = ["WebShop-v0", "WebForum-v0", "WebGit-v0"]
    alone: dict = {}
    for env_id in ids:
        episode(env_id, alone, env_id)
    together: dict = {}
    threads = [
        threading.Thread(target=episode, args=(env_id, together, (env_id, n)))
        for n in range(2)
        for env_id in ids
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(together) == 2 * len(ids)
    for (env_id, _), trace in together.items():
        assert trace == alone[env_id], env_id


# -- the process ------------------------------------------------------------------------

_DIGESTS = """
import hashlib, json, locale, sqlite3, sys

try:
    locale.setlocale(locale.LC_ALL, "")  # as a program embedding the env may do
except locale.Error:
    pass
import gymnasium as gym
import webenv
from webenv.families import families, generate_json
from webenv.sitedb import pristine_snapshot

def digest(value):
    return hashlib.sha256(value if isinstance(value, bytes) else
                          json.dumps(value).encode()).hexdigest()[:16]

out = {"locale": locale.setlocale(locale.LC_ALL)}
for site in ("shop", "forum", "githost"):
    out[site] = digest(pristine_snapshot(site, 4711))
out["tasks"] = digest([generate_json(f, 4711, i) for f in families() for i in (0, 1)])
for env_id in ("WebShop-v0", "WebForum-v0", "WebGit-v0"):
    env = gym.make(env_id, candidates=True)
    obs, info = env.reset(seed=5)
    trace = [obs, info["candidates"]]
    for step in range(4):
        choices = [c for c in info["candidates"] if not c.startswith(("stop", "send"))]
        obs, *_, info = env.step(choices[(5 * step + 2) % len(choices)])
        trace += [obs, info["candidates"]]
    env.close()
    out[env_id] = digest(trace)
print(json.dumps(out))
"""

PROCESS_VARIANTS = [
    {"PYTHONHASHSEED": "0", "TZ": "UTC", "LC_ALL": "C"},
    {"PYTHONHASHSEED": "1", "TZ": "America/Los_Angeles", "LC_ALL": "de_DE.UTF-8"},
    {"PYTHONHASHSEED": "random", "TZ": "Pacific/Chatham", "LC_ALL": "tr_TR.UTF-8"},
    {"PYTHONHASHSEED": "4242", "TZ": "Asia/Kolkata", "LANG": "C.UTF-8"},
]


@pytest.mark.slow
def test_worlds_tasks_and_observations_do_not_depend_on_the_process(tmp_path):
    """A world of each site, every family's tasks on it and a few steps of each site's env,
    generated afresh (no world store) under other hash seeds, time zones, locales (those
    the machine has; a missing one falls back to C) and working directories."""
    runs = []
    for index, variant in enumerate(PROCESS_VARIANTS):
        env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "TZ"))}
        env.update(variant, WEBENV_CACHE_DIR="")
        cwd = tmp_path / f"cwd{index}"
        cwd.mkdir()
        runs.append((env, cwd))
    digests = []
    for pair in (runs[:2], runs[2:]):  # two at a time: as many as the machine has cores
        started = [
            subprocess.Popen(
                [sys.executable, "-c", _DIGESTS],
                env=env,
                cwd=cwd,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for env, cwd in pair
        ]
        for process in started:
            stdout, stderr = process.communicate(timeout=300)
            assert process.returncode == 0, stderr[-2000:]
            found = json.loads(stdout.strip().splitlines()[-1])
            found.pop("locale")
            digests.append(found)
    assert all(found == digests[0] for found in digests[1:]), digests
    # The subprocesses generated what this process has, from its world store.
    assert digests[0]["shop"] == hashlib.sha256(pristine_snapshot("shop", 4711)).hexdigest()[:16]
