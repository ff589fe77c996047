"""What is specific to the cross-site, people and refs families (the generic checks —
played, confirmed, deterministic, varied — cover every family in ``test_families.py``):
where they start, which site they act on, and their guards."""

from __future__ import annotations

import importlib
import re
import sqlite3

import pytest

from webenv.families import DEFAULT_LOGINS, generate_json, get_family
from webenv.families.registry import FAMILY_PACKAGE, draft
from webenv.validators.state import register_sql_functions
from webenv.world import SITES, pristine_snapshot

MODULES = ("cross.forum_shop", "forum.people", "forum.crosspost", "githost.refs")
FAMILY_IDS = [
    family.id
    for module in MODULES
    for family in importlib.import_module(f"{FAMILY_PACKAGE}.{module}").FAMILIES
]


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
    [
        ("Order {n}", 1),
        ("#{n}", 1),
        ("order #{n}", 1),
        ("{n}", 1),
        ("Order: {n}.", 1),
        ("Order no. {n}, thanks", 1),
        ("Order {m}", 0),
        ("Order {n}1", 0),
        ("Order 1{n}", 0),
    ],
)
def test_the_order_number_reply_accepts_the_number_however_written(body, counts):
    """The reply's check reads the number out of the comment, whatever the wording or
    punctuation around it, and rejects another number (also one the number is part of)."""
    task = generate_json("cross.reply-my-post-order-number", 0, 0)
    assert task is not None
    check = task["eval"]["state"][0]
    sid = re.search(r"submission_id = (\d+)", check["sql"])
    number = re.search(r"'(\d+)'", check["sql"])
    assert sid is not None and number is not None
    conn = sqlite3.connect(":memory:")
    conn.deserialize(pristine_snapshot("forum", 0))
    register_sql_functions(conn)  # as the env's reads have
    assert conn.execute(check["sql"]).fetchone()[0] == 0
    conn.execute(
        "INSERT INTO comments (submission_id, user_id, body, created_at) "
        "SELECT ?, id, ?, '' FROM users WHERE username = ?",
        (int(sid[1]), body.format(n=number[1], m=int(number[1]) + 1), DEFAULT_LOGINS["forum"]),
    )
    assert conn.execute(check["sql"]).fetchone()[0] == counts
