"""Task families: intent templates plus code that instantiates them on any world seed.

``generate(family_id, world_seed, instance)`` returns a complete :class:`~webenv.tasks.Task`
(or None when that world cannot support the instance), deterministic in its three
arguments: parameters are drawn from that world's pristine data with an RNG seeded by
``"<family>/<world seed>/<instance>"``, and the answers are computed from the same data.

Split rules (no leakage between training and evaluation):

- **Families**: each family is ``train`` or ``test`` (``Family.split``); a held-out
  family's template never appears in training.
- **Worlds**: seeds in :data:`TEST_WORLD_SEEDS` (10000-19999) are held out; train on any
  other seed (:func:`world_split`). A test instance is a test family on a test world.

Subgoals for ``reward_mode="progress"`` need no family code: the framework derives them
for every generated task (:mod:`webenv.rewards`); a family may add or replace some with
``Draft.subgoals``.

Family definitions live in ``tasks/families/<site>/*.py`` (a ``FAMILIES`` list per module);
:mod:`webenv.families.verify` plays generated instances through ``WebEnv.step()``.
"""

from webenv.families.model import (
    SKILLS,
    Context,
    Draft,
    Family,
    WorldData,
    like_pattern,
    world_data,
)
from webenv.families.registry import (
    DEFAULT_LOGINS,
    MAX_SEED,
    TEST_WORLD_SEEDS,
    TRAIN_WORLD_SEEDS,
    default_world_seeds,
    draft,
    families,
    family_split,
    generate,
    generate_json,
    generate_many,
    generated_from,
    get_family,
    is_family_selection,
    select_families,
    select_sources,
    task_id_for,
    world_split,
)

__all__ = [
    "DEFAULT_LOGINS",
    "MAX_SEED",
    "SKILLS",
    "TEST_WORLD_SEEDS",
    "TRAIN_WORLD_SEEDS",
    "Context",
    "Draft",
    "Family",
    "WorldData",
    "default_world_seeds",
    "draft",
    "families",
    "family_split",
    "generate",
    "generate_json",
    "generate_many",
    "generated_from",
    "get_family",
    "is_family_selection",
    "like_pattern",
    "select_families",
    "select_sources",
    "task_id_for",
    "world_data",
    "world_split",
]
