"""The third batch of task families (mostly cross-site): every family played through
``WebEnv.step()`` on a held-out world (``tests/test_families.py`` already plays every
family on worlds 0 and 5), its answers confirmed a second, independent way, and what is
specific to each checked: where it starts, which site it acts on, and its guards."""

from __future__ import annotations

import importlib
import re
import sqlite3

import pytest

from webenv.families import DEFAULT_LOGINS, families, generate_json, get_family, world_split
from webenv.families.registry import FAMILY_PACKAGE, context, draft
from webenv.families.verify import InstanceCheck, check_world
from webenv.world import SITES, pristine_snapshot

MODULES = ("cross.forum_shop", "forum.people", "forum.crosspost", "githost.refs")
FAMILY_IDS = [
    family.id
    for module in MODULES
    for family in importlib.import_module(f"{FAMILY_PACKAGE}.{module}").FAMILIES
]
HELD_OUT_WORLD = 10003
PER_FAMILY = 2
_CHECKS: list[InstanceCheck] = []


def checks() -> list[InstanceCheck]:
    """Every new family's instances on the held-out world, played once per module."""
    if not _CHECKS:
        _CHECKS.extend(check_world(FAMILY_IDS, HELD_OUT_WORLD, PER_FAMILY))
    return _CHECKS


def test_the_new_families_are_registered_on_a_held_out_world():
    assert set(FAMILY_IDS) <= set(families())
    assert len(FAMILY_IDS) == len(set(FAMILY_IDS)) >= 4
    assert world_split(HELD_OUT_WORLD) == "test"
    assert {get_family(f).split for f in FAMILY_IDS} == {"train", "test"}


@pytest.mark.parametrize("family_id", FAMILY_IDS)
def test_new_family_instances_are_solved_confirmed_and_not_trivial(family_id):
    results = [r for r in checks() if r.family == family_id]
    assert len(results) == PER_FAMILY, f"{family_id} made too few instances"
    for result in results:
        assert result.ok, f"{result.task_id}: {result.error}"
        low, high = get_family(family_id).length
        assert low <= result.steps <= high, f"{result.task_id}: {result.steps} actions"


@pytest.mark.parametrize("family_id", [f for f in FAMILY_IDS if f.startswith("cross.")])
def test_cross_site_tasks_start_on_the_site_read_first_and_act_on_the_other(family_id):
    """Read-on-the-forum families start on the forum's home page and are judged on the
    shop's data (and the other way round); no solution jumps to a URL."""
    family = get_family(family_id)
    read, act = family.sites
    for instance in range(6):
        task = generate_json(family_id, 4, instance)
        if task is None:
            continue
        assert task["start_url"] == f"{SITES[read].placeholder}/"
        assert {check["site"] for check in task["eval"]["state"]} == {act}
        assert all(step["do"] != "goto" for step in task["solution"])
        assert "cross-site" in family.skills


@pytest.mark.parametrize("family_id", FAMILY_IDS)
def test_generation_is_deterministic_and_varies(family_id):
    made = [generate_json(family_id, 7, i) for i in range(12)]
    assert made == [generate_json(family_id, 7, i) for i in range(12)]
    intents = {task["intent"] for task in made if task}
    assert len(intents) >= 3, f"{family_id}: {intents}"


@pytest.mark.parametrize("family_id", FAMILY_IDS)
def test_confirm_depends_on_the_world_and_instance(family_id):
    """An independent recomputation that ignored its inputs would confirm anything: over
    instances on two worlds, confirm must give different answers somewhere, and always the
    draft's own."""
    family = get_family(family_id)
    assert family.confirm is not None
    answers = set()
    for world_seed in (1, 10011):
        for instance in range(8):
            built = draft(family_id, world_seed, instance)
            if built is not None:
                again = family.confirm(context(family, world_seed, instance), built.values)
                assert again == built.answer, f"{family_id} w{world_seed} i{instance}"
                answers.add(str(again))
    assert len(answers) >= 2, f"{family_id}: confirm always says {answers}"


def test_cart_quantity_comes_from_the_forum_and_fits_one_cart_line():
    quantities = set()
    for world_seed in (0, 10003):
        for instance in range(15):
            built = draft("cross.cart-qty-from-forum-comments", world_seed, instance)
            if built is None:
                continue
            (cart_check, _) = built.eval["state"]
            assert cart_check["expected"] == built.answer
            assert 1 <= built.answer <= 99
            quantities.add(built.answer)
    assert len(quantities) >= 3


@pytest.mark.parametrize(
    ("body", "counts"),
    [("Order {n}", 1), ("#{n}", 1), ("order #{n}", 1), ("{n}", 1), ("Order {m}", 0)],
)
def test_the_order_number_reply_accepts_the_number_however_written(body, counts):
    """The reply's check reads the number out of the comment, whatever the wording around
    it, and rejects another number."""
    task = generate_json("cross.reply-my-post-order-number", 0, 0)
    assert task is not None
    check = task["eval"]["state"][0]
    sid = re.search(r"submission_id = (\d+)", check["sql"])
    number = re.search(r"= '(\d+)'", check["sql"])
    assert sid is not None and number is not None
    conn = sqlite3.connect(":memory:")
    conn.deserialize(pristine_snapshot("forum", 0))
    assert conn.execute(check["sql"]).fetchone()[0] == 0
    conn.execute(
        "INSERT INTO comments (submission_id, user_id, body, created_at) "
        "SELECT ?, id, ?, '' FROM users WHERE username = ?",
        (int(sid[1]), body.format(n=number[1], m=int(number[1]) + 1), DEFAULT_LOGINS["forum"]),
    )
    assert conn.execute(check["sql"]).fetchone()[0] == counts


def test_solutions_of_the_new_families_are_long():
    lengths = sorted(r.steps for r in checks())
    assert lengths[len(lengths) // 2] >= 6
    assert sum(n >= 10 for n in lengths) >= 0.2 * len(lengths)
