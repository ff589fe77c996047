"""webenv: an offline web-agent gym.

Importing the package registers the Gymnasium ids ``WebShop-v0``, ``WebForum-v0``,
``WebGit-v0`` and ``WebSuite-v0`` (those whose sites are bundled in this version).
"""

from gymnasium.envs.registration import register, registry

__version__ = "0.1.0"

MAX_EPISODE_STEPS = 50

ENV_IDS: dict[str, str] = {
    "WebShop-v0": "shop",
    "WebForum-v0": "forum",
    "WebGit-v0": "githost",
    "WebSuite-v0": "all",
}

for _env_id, _tasks in ENV_IDS.items():
    if _env_id not in registry:
        register(
            id=_env_id,
            entry_point="webenv.env:WebEnv",
            kwargs={"tasks": _tasks},
            max_episode_steps=MAX_EPISODE_STEPS,
        )
