"""Generated tasks in the env: selections, world seeds drawn per reset, pinned options,
curated tasks tied to world 0, world switching, the bounded snapshot cache and the CLI."""

from __future__ import annotations

import json
import textwrap

import gymnasium as gym
import pytest
from click.testing import CliRunner

import webenv
import webenv.env as env_module
from webenv import sitedb
from webenv.cli import main
from webenv.errors import OptionError, TaskError
from webenv.families import (
    TEST_WORLD_SEEDS,
    TRAIN_WORLD_SEEDS,
    families,
    generate,
    select_families,
)
from webenv.tasks import parse_task
from webenv.tools.solution import play_solution
from webenv.world import World

CURATED = "shop/order-total/0"
SEEDS = [0, 3]


@pytest.fixture(scope="module")
def shop_gen():
    env = gym.make("WebShop-v0", tasks="gen:train", world_seeds=SEEDS)
    yield env.unwrapped
    env.close()


def test_gen_train_draws_train_families_on_the_given_worlds_deterministically(shop_gen):
    train = {f.id for f in select_families("shop:gen:train")}
    seen = set()
    for seed in range(6):
        obs, info = shop_gen.reset(seed=seed)
        assert info["family"] in train and info["world_seed"] in SEEDS
        assert shop_gen.world.seed == info["world_seed"]
        assert all(db.seed == info["world_seed"] for db in shop_gen.world.databases.values())
        again_obs, again = shop_gen.reset(seed=seed)
        assert again == info and again_obs == obs
        task = generate(info["family"], info["world_seed"], info["instance"])
        assert task is not None and task.intent == info["intent"] == obs["goal"]
        seen.add(info["world_seed"])
    assert seen == set(SEEDS)  # both worlds are drawn


def test_the_played_world_is_the_world_the_task_was_generated_on(shop_gen):
    for world_seed in (3, 0, 3):
        _, info = shop_gen.reset(
            options={"family": "shop.spend-in-month", "world_seed": world_seed}
        )
        result = play_solution(shop_gen, shop_gen.task)
        assert result.solved, result.error
        assert info["world_seed"] == world_seed


def test_pinned_options_and_generated_task_ids(shop_gen):
    family = "shop.cancel-order"
    instance = next(i for i in range(50) if generate(family, 3, i) is not None)
    _, info = shop_gen.reset(options={"family": family, "world_seed": 3, "instance": instance})
    assert (info["family"], info["world_seed"], info["instance"]) == (family, 3, instance)
    _, again = shop_gen.reset(options={"task_id": info["task_id"]})
    assert again == info


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"family": "forum.nope"}, "not one of this env's"),
        ({"family": "cross.message-product-price"}, "not one of this env's"),
        ({"world_seed": -1}, r"options\['world_seed'\]=-1"),
        ({"instance": "3"}, r"options\['instance'\]='3'"),
        ({"task_id": CURATED, "instance": 1}, "not both"),
        ({"seed": 1}, "unknown reset option 'seed'"),
        # a generated id names its seeds in range and in one spelling, as the options do
        ({"task_id": "shop/shop.cancel-order/w99999999999-i1"}, "not in this env's task set"),
        ({"task_id": "shop/shop.cancel-order/w3-i2147483648"}, "not in this env's task set"),
        ({"task_id": "shop/shop.cancel-order/w03-i1"}, "not in this env's task set"),
        # a family-only env says what its ids look like (it listed "0 tasks: ")
        ({"task_id": "shop/nope"}, r"task families, whose tasks' ids read like 'shop/shop\."),
    ],
)
def test_bad_reset_options_are_one_line_errors(shop_gen, options, message):
    with pytest.raises(OptionError, match=message):
        shop_gen.reset(options=options)


def test_failed_generations_retry_the_next_instance_then_give_up(shop_gen, monkeypatch):
    calls: list[int] = []
    real = env_module.generate

    def first_fails(family_id, world_seed, instance, scale=1):
        calls.append(instance)
        return None if len(calls) == 1 else real(family_id, world_seed, instance, scale)

    monkeypatch.setattr(env_module, "generate", first_fails)
    _, info = shop_gen.reset(seed=4, options={"world_seed": 0})
    assert calls[1] == calls[0] + 1 and info["instance"] == calls[1]

    monkeypatch.setattr(env_module, "generate", lambda *args: None)
    with pytest.raises(TaskError, match=r"could not instantiate on world 0: instances \d+-\d+"):
        shop_gen.reset(seed=4, options={"world_seed": 0})
    with pytest.raises(OptionError, match="has no instance 7 on world 0"):
        shop_gen.reset(options={"family": "shop.cancel-order", "world_seed": 0, "instance": 7})
    monkeypatch.undo()
    _, info = shop_gen.reset(seed=4)  # the env still works after the errors
    assert info["family"]


def test_curated_tasks_are_tied_to_world_zero():
    with pytest.raises(OptionError, match="tied to world"):
        gym.make("WebShop-v0", world_seeds=3)
    with pytest.raises(OptionError, match="tied to world"):
        gym.make("WebShop-v0", tasks=[CURATED], world_seeds=range(1, 4))
    env = gym.make("WebShop-v0", tasks=[CURATED, "shop.spend-in-month"], world_seeds=[0])
    try:
        with pytest.raises(OptionError, match="curated task tied to world 0"):
            env.reset(options={"task_id": CURATED, "world_seed": 3})
        # Pinned to world 3, only the family can be drawn.
        for seed in range(3):
            _, info = env.reset(seed=seed, options={"world_seed": 3})
            assert info["family"] == "shop.spend-in-month" and info["world_seed"] == 3
        _, info = env.reset(options={"task_id": CURATED})
        assert info["world_seed"] == 0 and env.unwrapped.world.seed == 0
    finally:
        env.close()
    curated_only = gym.make("WebShop-v0")
    try:
        with pytest.raises(OptionError, match="tied to world"):
            curated_only.reset(options={"world_seed": 3})
    finally:
        curated_only.close()


def test_selections_and_default_world_seeds():
    shop = gym.make("WebShop-v0", tasks="gen")
    test = gym.make("WebShop-v0", tasks="gen:test")
    suite = gym.make("WebSuite-v0", tasks="gen")
    admin = gym.make("WebShopAdmin-v0", tasks="gen")
    try:
        assert {f.group for f in shop.unwrapped.families} == {"shop"}
        assert {f.group for f in admin.unwrapped.families} == {"shop_admin"}
        groups = {"shop", "shop_admin", "forum", "githost", "cross"}
        assert {f.group for f in suite.unwrapped.families} == groups
        assert {f.split for f in test.unwrapped.families} == {"test"}
        assert test.unwrapped.world_seeds == TEST_WORLD_SEEDS
        assert shop.unwrapped.world_seeds == TRAIN_WORLD_SEEDS
        assert not set(TRAIN_WORLD_SEEDS) & set(TEST_WORLD_SEEDS)
    finally:
        for env in (shop, test, suite, admin):
            env.close()
    ids = list(families())[:2]
    listed = env_module.WebEnv(tasks=ids, world_seeds=range(5, 7))
    try:
        assert [f.id for f in listed.families] == ids and listed.world_seeds == range(5, 7)
    finally:
        listed.close()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"world_seeds": []}, "world_seeds=\\[\\] is not accepted"),
        ({"world_seeds": range(0)}, "world_seeds=range\\(0, 0\\)"),
        ({"world_seeds": [1, -2]}, "world_seeds=\\[1, -2\\]"),
        ({"world_seeds": "3"}, "world_seeds='3'"),
        ({"world_seeds": [True]}, "world_seeds=\\[True\\]"),
        ({"world_seeds": [2**31]}, "world_seeds=\\[2147483648\\] .* from 0 to 2_147_483_647"),
        ({"world_seeds": 1, "world_seed": 1}, "not both"),
        ({"sites": ["mars"]}, "sites=\\['mars'\\]"),
    ],
)
def test_bad_constructor_arguments(kwargs, message):
    with pytest.raises(OptionError, match=message):
        env_module.WebEnv(**{"tasks": "gen:train", **kwargs})


@pytest.mark.parametrize(
    ("tasks", "message"),
    [
        ("gen:dev", "split must be train or test"),
        ("mars:gen", "unknown group 'mars'"),
        (["shop.nope"], "unknown family 'shop.nope'"),
        ([CURATED, "shop/nope/0"], "unknown task_id 'shop/nope/0'"),
    ],
)
def test_selections_naming_nothing_known_are_task_errors(tasks, message):
    with pytest.raises(TaskError, match=message):
        env_module.WebEnv(tasks=tasks)


def test_world_switch_loads_the_other_seed_only_where_needed():
    world = World(["shop"], seed=0)
    fresh = World(["shop"], seed=3)
    sql = "SELECT id, username FROM users ORDER BY id LIMIT 5"
    try:
        database, app = world.databases["shop"], world.apps["shop"]
        zero = world.query("shop", sql)
        world.switch_seed(0)  # already there: nothing is reloaded
        assert world.databases["shop"].seed == 0 and world.query("shop", sql) == zero
        world.switch_seed(3)
        assert world.seed == 3 and database.seed == 3 and world.apps["shop"] is app
        assert world.query("shop", sql) == fresh.query("shop", sql) != zero
        user = fresh.query("shop", "SELECT username FROM users LIMIT 1")[0][0]
        assert world.login_cookies({"shop": user}) == fresh.login_cookies({"shop": user})
        world.reset()  # resets restore the new seed's world
        assert world.query("shop", sql) == fresh.query("shop", sql)
        with pytest.raises(webenv.errors.WorldError, match="expected an integer >= 0"):
            world.switch_seed(-1)
    finally:
        world.close()
        fresh.close()


def test_snapshot_cache_is_a_bounded_lru_that_keeps_world_zero(tmp_path, monkeypatch):
    package = tmp_path / "fakesite_lru"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "datagen.py").write_text(
        textwrap.dedent("""
        CALLS = []

        def generate(conn, seed):
            CALLS.append(seed)
            conn.execute("CREATE TABLE t (seed INTEGER)")
            conn.execute("INSERT INTO t VALUES (?)", (seed,))
    """)
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    import importlib

    fake = importlib.import_module("fakesite_lru")
    datagen = importlib.import_module("fakesite_lru.datagen")
    monkeypatch.setattr(sitedb, "site_module", lambda name: fake)
    monkeypatch.setattr(sitedb, "SNAPSHOT_CACHE_WORLDS", 2)
    monkeypatch.setenv("WEBENV_CACHE_DIR", "")  # count generations, not loads from disk
    monkeypatch.setitem(sitedb._SNAPSHOTS, "fake", sitedb.OrderedDict())
    for seed in (0, 1, 2, 1, 3, 4):
        sitedb.pristine_snapshot("fake", seed)
    assert datagen.CALLS == [0, 1, 2, 3, 4]  # the second touch of 1 was a cache hit
    assert sitedb.cached_snapshot_seeds("fake") == (0, 3, 4)  # LRU of 2, plus world 0
    sitedb.pristine_snapshot("fake", 1)
    assert datagen.CALLS[-1] == 1  # evicted, so generated again


# --- CLI -----------------------------------------------------------------------------------


def test_cli_families_json_lists_every_family_with_its_metadata():
    result = CliRunner().invoke(main, ["tasks", "families", "--json", "--samples", "1"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)["families"]
    assert [row["id"] for row in rows] == list(families())
    for row in rows:
        assert row["split"] in ("train", "test") and row["skills"] and row["sites"]
        assert row["solution_length"]["samples"] == 1
        assert row["solution_length"]["min"] >= 1
    site = CliRunner().invoke(main, ["tasks", "families", "--site", "forum"])
    assert site.exit_code == 0 and all(
        line.startswith("forum.") for line in site.output.splitlines()[:-1]
    )


def test_cli_generate_writes_schema_valid_files_recording_their_origin(tmp_path):
    out = tmp_path / "gen"
    result = CliRunner().invoke(
        main,
        [
            "tasks",
            "generate",
            "--family",
            "shop.spend-in-month",
            "--world-seed",
            "3",
            "--count",
            "2",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    files = sorted(out.glob("*.json"))
    assert len(files) == 2
    for path in files:
        task = parse_task(json.loads(path.read_text()), str(path))
        assert (task.family, task.world_seed) == ("shop.spend-in-month", 3)
        assert task.instance is not None and f"-i{task.instance}." in path.name
    check = CliRunner().invoke(main, ["tasks", "check", "--file", str(files[0])])
    assert check.exit_code == 0 and "1/1 tasks solved" in check.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--world-seed", "0", "--count", "1"], "choose families with"),
        (
            [
                "--family",
                "shop.spend-in-month",
                "--split",
                "test",
                "--world-seed",
                "0",
                "--count",
                "1",
            ],
            "do not combine",
        ),
        (["--family", "shop.nope", "--world-seed", "0", "--count", "1"], "unknown family"),
    ],
)
def test_cli_generate_rejects_bad_selections(tmp_path, args, message):
    result = CliRunner().invoke(main, ["tasks", "generate", *args, "--out", str(tmp_path)])
    assert result.exit_code != 0 and message in result.output


def test_cli_check_generated_plays_every_family_of_a_site():
    result = CliRunner().invoke(
        main,
        [
            "tasks",
            "check",
            "--generated",
            "--site",
            "shop",
            "--world-seeds",
            "3-3",
            "--per-family",
            "1",
        ],
    )
    assert result.exit_code == 0, result.output
    count = len(select_families("shop:gen"))
    assert result.output.strip().splitlines()[-1] == f"{count}/{count} tasks solved"
    bad = CliRunner().invoke(main, ["tasks", "check", "--generated", "--world-seeds", "5-2"])
    assert bad.exit_code != 0 and "0 <= A <= B" in bad.output


def test_a_live_database_resets_from_its_own_snapshot_after_eviction(monkeypatch):
    world = World(["shop"], seed=3)
    try:
        database = world.databases["shop"]
        reviews = world.query("shop", "SELECT count(*) FROM reviews")
        with world.lock:
            database.connection.execute("DELETE FROM reviews")
            database.connection.commit()

        def evicted(site, seed=0):
            raise AssertionError("reset regenerated the world")

        monkeypatch.setattr(sitedb, "pristine_snapshot", evicted)
        world.reset()
        assert world.query("shop", "SELECT count(*) FROM reviews") == reviews
    finally:
        world.close()
