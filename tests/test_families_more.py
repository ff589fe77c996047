"""The second batch of task families (shop history, forum posting, Git-hosting setup):
every family played through ``WebEnv.step()`` on two world seeds (one held out), its
answers confirmed a second, independent way, and its variants and guards exercised."""

from __future__ import annotations

import importlib
from collections import Counter

import pytest

from webenv.families import families, generate_json, get_family, world_split
from webenv.families.registry import FAMILY_PACKAGE, context, draft
from webenv.families.verify import InstanceCheck, check_world

MODULES = (
    "shop.history",
    "shop.wishlist",
    "shop.compare",
    "forum.posting",
    "githost.setup",
    "githost.triage",
    "cross.catalog_posts",
)
FAMILY_IDS = [
    family.id
    for module in MODULES
    for family in importlib.import_module(f"{FAMILY_PACKAGE}.{module}").FAMILIES
]
WORLD_SEEDS = (2, 10003)
PER_FAMILY = 2
_CHECKS: dict[int, list[InstanceCheck]] = {}


def checks(world_seed: int) -> list[InstanceCheck]:
    """Every new family's instances on one world, played once per test module (cached)."""
    if world_seed not in _CHECKS:
        _CHECKS[world_seed] = check_world(FAMILY_IDS, world_seed, PER_FAMILY)
    return _CHECKS[world_seed]


def test_the_new_families_are_registered_and_one_world_is_held_out():
    assert set(FAMILY_IDS) <= set(families())
    assert len(FAMILY_IDS) == len(set(FAMILY_IDS)) >= 10
    assert {world_split(seed) for seed in WORLD_SEEDS} == {"train", "test"}


@pytest.mark.parametrize("world_seed", WORLD_SEEDS)
@pytest.mark.parametrize("family_id", FAMILY_IDS)
def test_new_family_instances_are_solved_confirmed_and_not_trivial(family_id, world_seed):
    results = [r for r in checks(world_seed) if r.family == family_id]
    assert len(results) == PER_FAMILY, f"{family_id} made too few instances on {world_seed}"
    for result in results:
        assert result.ok, f"{result.task_id}: {result.error}"
        low, high = get_family(family_id).length
        assert low <= result.steps <= high, f"{result.task_id}: {result.steps} actions"


@pytest.mark.parametrize(
    "family_id",
    [
        "shop.review-dearest-in-order",
        "githost.promote-role-members",
        "forum.delete-my-newest-in-forum",
    ],
)
def test_mixed_families_make_both_feasible_and_infeasible_instances(family_id):
    kinds = Counter(
        task["eval"].get("answer_type") == "infeasible"
        for seed in (0, 3, 10007)
        for task in (generate_json(family_id, seed, i) for i in range(40))
        if task
    )
    assert kinds[True] and kinds[False]


@pytest.mark.parametrize("family_id", [f for f in FAMILY_IDS if get_family(f).confirm is not None])
def test_confirm_depends_on_the_world_and_instance(family_id):
    """An independent recomputation that ignored its inputs would confirm anything: over
    instances on two worlds, confirm must give different answers somewhere."""
    family = get_family(family_id)
    answers = set()
    for world_seed in (0, 3):
        for instance in range(8):
            built = draft(family_id, world_seed, instance)
            if built is not None:
                ctx = context(family, world_seed, instance)
                answers.add(str(family.confirm(ctx, built.values)))
    assert len(answers) >= 2, f"{family_id}: confirm always says {answers}"


def test_solutions_of_the_new_families_are_long():
    lengths = sorted(r.steps for seed in WORLD_SEEDS for r in checks(seed))
    assert lengths[len(lengths) // 2] >= 6
    assert sum(n >= 10 for n in lengths) >= 0.2 * len(lengths)
