"""The machine's store of generated worlds: same bytes as generating, never stale or fatal."""

from __future__ import annotations

import importlib
import os
from collections import OrderedDict

import pytest

from webenv import sitedb, worldstore

SEED = 4242  # a world no other test uses


@pytest.fixture
def store(tmp_path, monkeypatch):
    """An empty store in ``tmp_path`` and an empty in-process cache for every site."""
    monkeypatch.setenv("WEBENV_CACHE_DIR", str(tmp_path / "worlds"))
    for site in ("shop", "forum", "githost"):
        monkeypatch.setitem(sitedb._SNAPSHOTS, site, OrderedDict())
    return tmp_path / "worlds"


def _generator(site: str):
    return importlib.import_module(f"webenv.sites.{site}.datagen")


def _count_generations(monkeypatch, site: str) -> list[int]:
    calls: list[int] = []
    datagen = _generator(site)
    original = datagen.generate

    def counted(conn, seed, *, scale=1):
        calls.append(seed)
        return original(conn, seed, scale=scale)

    monkeypatch.setattr(datagen, "generate", counted)
    return calls


def test_a_world_generated_once_is_loaded_by_a_later_process(store, monkeypatch):
    calls = _count_generations(monkeypatch, "shop")
    generated = sitedb.pristine_snapshot("shop", SEED)
    assert calls == [SEED]
    (stored,) = store.glob("shop-4242-*.sqlite.z")
    sitedb._SNAPSHOTS["shop"].clear()  # as a new process: nothing in memory
    assert sitedb.pristine_snapshot("shop", SEED) == generated
    assert calls == [SEED]  # loaded, not generated again
    assert not list(store.glob(".partial-*"))
    assert stored.name.endswith(
        f"-{worldstore.generator_version(sitedb.site_module('shop'))}.sqlite.z"
    )


def test_a_damaged_file_is_regenerated_and_replaced(store, monkeypatch):
    generated = sitedb.pristine_snapshot("shop", SEED)
    (stored,) = store.glob("shop-4242-*")
    data = bytearray(stored.read_bytes())
    data[len(data) // 2] ^= 0xFF
    stored.write_bytes(bytes(data))
    sitedb._SNAPSHOTS["shop"].clear()
    calls = _count_generations(monkeypatch, "shop")
    assert sitedb.pristine_snapshot("shop", SEED) == generated
    assert calls == [SEED]
    sitedb._SNAPSHOTS["shop"].clear()
    assert worldstore.load(sitedb.site_module("shop"), SEED) == generated  # rewritten whole


def test_a_file_of_another_generator_version_is_never_loaded(store, monkeypatch):
    module = sitedb.site_module("shop")
    store.mkdir(parents=True)
    (store / f"shop-{SEED}-0000000000000000.sqlite.z").write_bytes(b"stale")
    calls = _count_generations(monkeypatch, "shop")
    sitedb.pristine_snapshot("shop", SEED)
    assert calls == [SEED]
    assert worldstore.generator_version(module) != "0000000000000000"


def test_the_version_follows_the_generator_source(tmp_path):
    package = tmp_path / "site"
    package.mkdir()
    (package / "datagen.py").write_text("ROWS = 1\n")
    (tmp_path / "core").mkdir()
    first = worldstore._digest(package)
    (package / "datagen.py").write_text("ROWS = 2\n")
    worldstore._digest.cache_clear()
    assert worldstore._digest(package) != first
    (tmp_path / "core" / "rng.py").write_text("# shared code changes too\n")
    before = worldstore._digest(package)
    worldstore._digest.cache_clear()
    (tmp_path / "core" / "rng.py").write_text("# changed\n")
    assert worldstore._digest(package) != before
    worldstore._digest.cache_clear()


def test_an_empty_setting_turns_the_store_off(tmp_path, monkeypatch):
    monkeypatch.setenv("WEBENV_CACHE_DIR", "")
    monkeypatch.setitem(sitedb._SNAPSHOTS, "shop", OrderedDict())
    monkeypatch.chdir(tmp_path)
    assert worldstore.store_dir() is None
    sitedb.pristine_snapshot("shop", SEED)
    assert list(tmp_path.iterdir()) == []


def test_the_default_store_is_in_the_user_cache(monkeypatch, tmp_path):
    monkeypatch.delenv("WEBENV_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert worldstore.store_dir() == tmp_path / "webenv" / "worlds"


def test_an_unusable_store_is_ignored(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("WEBENV_CACHE_DIR", str(blocker / "worlds"))
    monkeypatch.setitem(sitedb._SNAPSHOTS, "shop", OrderedDict())
    assert sitedb.pristine_snapshot("shop", SEED)[:16] == b"SQLite format 3\0"


def test_the_store_keeps_the_most_recently_used_worlds_within_its_size(store, monkeypatch):
    module = sitedb.site_module("shop")
    for seed in (1, 2, 3):
        worldstore.store(module, seed, os.urandom(300_000))  # incompressible: ~300 kB each
        os.utime(next(store.glob(f"shop-{seed}-*")), (seed, seed))  # used in seed order
    assert worldstore.load(module, 1) is not None  # 1 is now the most recently used
    monkeypatch.setenv("WEBENV_CACHE_MB", "0.7")
    worldstore.store(module, 4, os.urandom(300_000))
    kept = sorted(int(path.name.split("-")[1]) for path in store.glob("shop-*"))
    assert kept == [1, 4]


def test_scales_are_stored_apart(store, monkeypatch):
    calls = _count_generations(monkeypatch, "shop")
    canonical = sitedb.pristine_snapshot("shop", SEED)
    larger = sitedb.pristine_snapshot("shop", SEED, 2)
    assert canonical != larger and calls == [SEED, SEED]
    sitedb._SNAPSHOTS["shop"].clear()  # as a new process: both load from the store
    assert sitedb.pristine_snapshot("shop", SEED, 2) == larger
    assert sitedb.pristine_snapshot("shop", SEED) == canonical
    assert calls == [SEED, SEED]
    assert len(list(store.glob(f"shop-{SEED}x2-*.sqlite.z"))) == 1
