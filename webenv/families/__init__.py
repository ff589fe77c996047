"""Task families: intent templates plus code that instantiates them on any world seed.

``generate(family_id, world_seed, instance)`` returns a complete :class:`~webenv.tasks.Task`
(or None when that world cannot support the instance), deterministic in its three
arguments. Families are split into train and test, and so are world seeds
(:data:`TEST_WORLD_SEEDS`), so a test instance shares neither template nor world with
training.
"""

from webenv.families.model import SKILLS, Context, Draft, Family, WorldData, world_data
from webenv.families.registry import (
    TEST_WORLD_SEEDS,
    draft,
    families,
    family_split,
    generate,
    generate_json,
    generate_many,
    generated_from,
    get_family,
    select_families,
    world_split,
)

__all__ = [
    "SKILLS", "TEST_WORLD_SEEDS", "Context", "Draft", "Family", "WorldData", "draft",
    "families", "family_split", "generate", "generate_json", "generate_many",
    "generated_from", "get_family", "select_families", "world_data", "world_split",
]
