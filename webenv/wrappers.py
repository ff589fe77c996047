"""Gymnasium wrappers that make a :class:`~webenv.env.WebEnv` easy to train a policy on."""

from __future__ import annotations

from typing import Any, SupportsFloat, cast

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from webenv.errors import OptionError

MASKED_ACTION_ERROR = (
    "action {index} is masked: this page offers {count} candidates (slots 0 to {last}); "
    "choose a slot whose action_mask is 1"
)


class DiscreteActions(
    gym.Wrapper[dict[str, str], np.int64, dict[str, str], str], gym.utils.RecordConstructorArgs
):
    """Choose among the page's action candidates by index: a ``Discrete(K)`` action space.

    Slot ``i`` is ``info["candidates"][i]`` (see :mod:`webenv.candidates`); pages with
    more than ``K`` candidates offer the first ``K``. ``info["action_mask"]`` (a numpy
    ``int8`` array of length ``K``) is 1 for the slots in use, and :meth:`action_masks`
    returns the same mask, as sb3-contrib's ``MaskablePPO`` expects (through a vector env
    it calls ``env_method("action_masks")``). Choosing a masked slot is a no-op step whose
    ``last_action_error`` says so. The wrapped env is switched to ``candidates=True``.

    Args:
        env: A :class:`~webenv.env.WebEnv`, possibly wrapped (e.g. by ``gym.make``).
        max_candidates: ``K``, the number of slots (at least 1).

    Raises:
        OptionError: ``max_candidates`` is not an integer >= 1, or ``env`` is not a WebEnv.
    """

    def __init__(self, env: gym.Env, max_candidates: int = 256) -> None:
        if (
            isinstance(max_candidates, bool)
            or not isinstance(max_candidates, int | np.integer)
            or max_candidates < 1
        ):
            raise OptionError(
                f"max_candidates={max_candidates!r} is not accepted; use the number of "
                "action slots (an integer >= 1)"
            )
        if not hasattr(env.unwrapped, "candidates"):
            raise OptionError("DiscreteActions wraps a WebEnv (made by gym.make or WebEnv())")
        gym.utils.RecordConstructorArgs.__init__(self, max_candidates=int(max_candidates))
        super().__init__(env)
        env.unwrapped.candidates = True
        self.max_candidates = int(max_candidates)
        self.action_space = spaces.Discrete(self.max_candidates)
        self._candidates: list[str] = []

    def action_masks(self) -> NDArray[np.int8]:
        """1 for each slot that holds a candidate on the current page, else 0."""
        mask = np.zeros(self.max_candidates, dtype=np.int8)
        mask[: min(len(self._candidates), self.max_candidates)] = 1
        return mask

    def _remember(self, info: dict[str, Any]) -> dict[str, Any]:
        self._candidates = list(info.get("candidates", []))[: self.max_candidates]
        info["action_mask"] = self.action_masks()
        return info

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, str], dict[str, Any]]:
        obs, info = self.env.reset(seed=seed, options=options)
        return obs, self._remember(info)

    def step(self, action: Any) -> tuple[dict[str, str], float, bool, bool, dict[str, Any]]:
        # Gymnasium types a wrapper's inner env with the wrapper's own action type.
        inner = cast("gym.Env[dict[str, str], str]", self.env)
        index = _slot(action)
        if index is not None and 0 <= index < len(self._candidates):
            obs, reward, terminated, truncated, info = inner.step(self._candidates[index])
            return obs, float(reward), terminated, truncated, self._remember(info)
        # A masked slot: a no-op step (an action string that parses to nothing) so the
        # env counts it, then the error is replaced by one that names the slot.
        obs, reward, terminated, truncated, info = inner.step(f"masked slot {index}")
        count = len(self._candidates)
        obs = dict(obs)
        obs["last_action_error"] = (
            MASKED_ACTION_ERROR.format(index=index, count=count, last=count - 1)
            if index is not None
            else f"action {str(action)[:40]!r} is not a slot number; choose an integer "
            f"from 0 to {self.max_candidates - 1} whose action_mask is 1"
        )
        return obs, float(reward), terminated, truncated, self._remember(info)

    def candidate(self, index: int) -> str | None:
        """The candidate string slot ``index`` stands for on this page, or None if masked."""
        return self._candidates[index] if 0 <= index < len(self._candidates) else None


def _slot(action: Any) -> int | None:
    """``action`` as a slot number (an integer, or a 0-d integer array), else None."""
    try:
        value = np.asarray(action)
    except Exception:  # an object numpy cannot hold is not a slot
        return None
    return int(value) if value.ndim == 0 and value.dtype.kind in "iu" else None


class TruncationVerdict(gym.Wrapper[Any, Any, Any, Any], gym.utils.RecordConstructorArgs):
    """Puts a verdict on the step that truncates an episode without an answer.

    Gymnasium's ``TimeLimit`` truncates outside the env, which cannot see the limit; this
    wrapper sits outside it (the registered ids add it through ``additional_wrappers``,
    so ``gym.make(id, max_episode_steps=N)`` keeps working) and, on a step that is
    truncated but not terminated, adds ``info["answer"] = None`` and
    ``info["validation"]`` from :meth:`webenv.env.WebEnv.end_unanswered` (in
    ``reward_mode="progress"`` also the reward that takes the potential to 0). Wrap an env
    made another way the same: ``TruncationVerdict(TimeLimit(WebEnv(...), N))``.
    """

    def __init__(self, env: gym.Env[Any, Any]) -> None:
        gym.utils.RecordConstructorArgs.__init__(self)
        gym.Wrapper.__init__(self, env)

    def step(self, action: Any) -> tuple[Any, SupportsFloat, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.env.step(action)
        if truncated and not terminated and "validation" not in info:
            end = getattr(self.env.unwrapped, "end_unanswered", None)
            if end is not None:  # verdict, and progress mode's terminal potential of 0
                extra, additions = end()
                info = {**info, **additions}
                reward = float(reward) + extra
        return obs, reward, terminated, truncated, info
