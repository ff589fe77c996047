"""Varied and coherent generated data, product specifications and the world scale knob."""

from __future__ import annotations

import itertools
import re
import sqlite3

import gymnasium as gym
import pytest

from webenv.errors import OptionError, WorldError
from webenv.sitedb import MAX_WORLD_SCALE, pristine_snapshot
from webenv.sites.forum import words as forum_words
from webenv.sites.shop.datagen import generate as generate_shop
from webenv.tools.variety import TARGET, variety
from webenv.world import World

OTHER_SEED = 3
IDENTIFIER = re.compile(
    r"[A-Za-z_][\w.]*(?:/[\w.]+)+|\b[a-z]+_[a-z_]+\b|\b[a-z]+[A-Z]\w*\b|\b[A-Z][a-z]+[A-Z]\w*\b"
)
"""What names code in a title: a file path, a snake_case, camelCase or PascalCase name."""


def _world(site: str, seed: int) -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:")
    conn.deserialize(pristine_snapshot(site, seed))
    return conn


@pytest.mark.parametrize("seed", [0, OTHER_SEED])
def test_generated_text_is_distinct(seed: int) -> None:
    found = {result.measure: result for result in variety(seed)}
    for measure in ("issue titles", "review bodies", "comment bodies"):
        assert found[measure].total > 1000, measure
        assert found[measure].ratio >= TARGET, (measure, found[measure])


@pytest.mark.parametrize("seed", [0, OTHER_SEED])
def test_titles_are_unique_within_each_project(seed: int) -> None:
    conn = _world("githost", seed)
    for table in ("issues", "merge_requests"):
        rows = conn.execute(f"SELECT project_id, title FROM {table}").fetchall()
        assert len(set(rows)) == len(rows), table


def test_titles_name_files_and_functions_of_their_repository() -> None:
    conn = _world("githost", 0)
    code: dict[int, str] = {}
    for project_id, path, content in conn.execute(
        "SELECT DISTINCT c.project_id, e.path, b.content FROM refs r"
        " JOIN commits c ON c.project_id = r.project_id AND c.sha = r.commit_sha"
        " JOIN tree_entries e ON e.tree_id = c.tree_id JOIN blobs b ON b.id = e.blob_id"
    ):
        code[project_id] = code.get(project_id, "") + f"\n{path}\n{content}"
    # A merge request may name code its unmerged, deleted branch added.
    for table, share in (("issues", 0.95), ("merge_requests", 0.7)):
        rows = conn.execute(f"SELECT project_id, title FROM {table}").fetchall()
        named = sum(
            any(word in code[project] for word in IDENTIFIER.findall(title))
            for project, title in rows
        )
        assert named / len(rows) >= share, table


@pytest.mark.parametrize("seed", [0, OTHER_SEED])
def test_reviews_never_mention_photos(seed: int) -> None:
    conn = _world("shop", seed)
    for table in ("reviews", "review_queue"):
        bodies = [row[0] for row in conn.execute(f"SELECT body FROM {table}")]
        # (a picture frame is a product, not a photo of one)
        mentions = re.compile(r"\bphotos?\b|\bpictures\b|\bimages?\b|\bpictured\b", re.I)
        assert not [body for body in bodies if mentions.search(body)]


def test_reviews_talk_about_the_products_attributes() -> None:
    conn = _world("shop", 0)
    rows = conn.execute(
        "SELECT r.body, s.attribute, s.value FROM reviews r"
        " JOIN product_specs s ON s.product_id = r.product_id"
        " WHERE s.attribute IN ('material', 'capacity', 'weight')"
    ).fetchall()
    mentioned = {body for body, _, value in rows if value.lower() in body.lower()}
    assert len(mentioned) > 300
    # and never an attribute the product lacks: a capacity only where it has one
    for (body,) in conn.execute(
        "SELECT body FROM reviews r WHERE NOT EXISTS (SELECT 1 FROM product_specs s"
        " WHERE s.product_id = r.product_id AND s.attribute = 'capacity')"
    ):
        assert " capacity" not in body, body


def test_threads_stay_on_one_subject() -> None:
    """A text submission's title, body and every comment name its subject: one thing and
    one activity of its forum's vocabulary (each text names at least one of the two)."""
    conn = _world("forum", 0)
    topics = {topic.name: topic for topic in forum_words.TOPICS}
    comments: dict[int, list[str]] = {}
    for submission_id, body in conn.execute(
        "SELECT submission_id, body FROM comments WHERE deleted = 0 AND removed = 0"
    ):
        comments.setdefault(submission_id, []).append(body)
    rows = conn.execute(
        "SELECT s.id, f.name, s.title, s.body FROM submissions s JOIN forums f"
        " ON f.id = s.forum_id WHERE s.kind = 'text'"
    ).fetchall()
    coherent = 0
    for submission_id, forum, title, body in rows:
        topic = topics[forum]
        thread = [title, body, *comments.get(submission_id, [])]
        coherent += any(
            all(thing in text or activity in text for text in thread)
            for thing, activity in itertools.product(topic.things, topic.activities)
        )
    assert coherent / len(rows) >= 0.95


def test_same_seed_and_scale_give_identical_databases() -> None:
    dumps = []
    for _ in range(2):
        conn = sqlite3.connect(":memory:")
        generate_shop(conn, OTHER_SEED, scale=2, back_office=False)
        dumps.append("\n".join(conn.iterdump()))
    assert dumps[0] == dumps[1]


# -- the scale knob ---------------------------------------------------------------------


def test_scale_multiplies_products_and_keeps_the_canonical_ones() -> None:
    canonical, larger = sqlite3.connect(":memory:"), sqlite3.connect(":memory:")
    generate_shop(canonical, 0)
    generate_shop(larger, 0, scale=3)
    count = canonical.execute("SELECT COUNT(*) FROM products").fetchone()[0]
    assert larger.execute("SELECT COUNT(*) FROM products").fetchone()[0] == 3 * count
    first = "SELECT id, name, sku, price_cents FROM products WHERE id <= ? ORDER BY id"
    assert (
        larger.execute(first, (count,)).fetchall() == canonical.execute(first, (count,)).fetchall()
    )
    names = [row[0] for row in larger.execute("SELECT name FROM products")]
    assert len(set(names)) == len(names)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("site_name", "table"),
    [
        ("shop", "products"),
        ("forum", "submissions"),
        ("githost", "projects WHERE forked_from_id IS NULL"),
    ],
)
def test_every_site_scales_by_its_factor(site_name: str, table: str) -> None:
    # Scale 3 on every site (benchmarks/worlds.py generates scale 10 in `make bench`).
    counts = []
    for scale in (1, 3):
        conn = sqlite3.connect(":memory:")
        conn.deserialize(pristine_snapshot(site_name, 0, scale))
        counts.append(conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])
    assert counts[1] == 3 * counts[0]


def test_world_and_store_keep_scales_apart() -> None:
    world = World(["shop"], seed=OTHER_SEED, scale=2)
    try:
        canonical = _world("shop", OTHER_SEED).execute("SELECT COUNT(*) FROM products")
        products = world.query("shop", "SELECT COUNT(*) FROM products")[0][0]
        assert products == 2 * canonical.fetchone()[0]
        world.reset()
        assert world.query("shop", "SELECT COUNT(*) FROM products")[0][0] == products
    finally:
        world.close()
    for bad in (0, MAX_WORLD_SCALE + 1, 1.5, True):
        with pytest.raises(WorldError, match="world scale"):
            World(["shop"], scale=bad)  # type: ignore[arg-type]


def test_env_world_scale_option() -> None:
    with pytest.raises(OptionError, match="curated tasks"):
        gym.make("webenv:WebShop-v0", world_scale=2)
    with pytest.raises(OptionError, match="world_scale"):
        gym.make("webenv:WebShop-v0", tasks="gen:train", world_scale=0)
    env = gym.make("webenv:WebShop-v0", tasks="gen:train", world_scale=2, world_seeds=OTHER_SEED)
    try:
        env.reset(seed=1)
        world = env.unwrapped.world
        assert world.scale == 2
        rows = world.query("shop", "SELECT COUNT(*) FROM products")[0][0]
        assert (
            rows
            == 2 * _world("shop", OTHER_SEED).execute("SELECT COUNT(*) FROM products").fetchone()[0]
        )
    finally:
        env.close()
