"""Gymnasium wrappers that make a :class:`~webenv.env.WebEnv` easy to train a policy on."""

from __future__ import annotations

import json
import multiprocessing as mp
import time
from types import ModuleType
from typing import Any, SupportsFloat, cast

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector.utils import (
    create_empty_array,
    create_shared_memory,
    read_from_shared_memory,
    write_to_shared_memory,
)
from gymnasium.wrappers import PassiveEnvChecker
from numpy.typing import NDArray

from webenv.actions import MAX_ACTION_CHARS
from webenv.axtree import AXNode
from webenv.browser.base import MAX_TABS
from webenv.env import BoundedText, SharedTextBatch
from webenv.errors import OptionError, WebEnvError
from webenv.options import integer_option, number_option

MASKED_ACTION_ERROR = (
    "action {index} is masked: this page offers {count} candidates (slots 0 to {last}); "
    "choose a slot whose action_mask is 1"
)

MAX_SLOTS = 65_536
"""Largest ``max_candidates``: every step builds a mask of that many bytes (the busiest
page offers about 300 candidates)."""


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
        max_candidates: ``K``, the number of slots (1 to :data:`MAX_SLOTS`).

    Raises:
        OptionError: ``max_candidates`` is not an integer from 1 to :data:`MAX_SLOTS`, or
            ``env`` is not a WebEnv.
    """

    def __init__(self, env: gym.Env, max_candidates: int = 256) -> None:
        slots = integer_option(
            "max_candidates", max_candidates, 1, "the number of action slots", MAX_SLOTS
        )
        if not hasattr(env.unwrapped, "candidates"):
            raise OptionError("DiscreteActions wraps a WebEnv (made by gym.make or WebEnv())")
        gym.utils.RecordConstructorArgs.__init__(self, max_candidates=slots)
        super().__init__(env)
        env.unwrapped.candidates = True
        self.max_candidates = slots
        self.action_space = spaces.Discrete(self.max_candidates)

    @property
    def _candidates(self) -> list[str]:
        """The slots' candidates, read from the env each time (so they follow
        ``env.unwrapped.restore_state`` too, which does not pass through this wrapper)."""
        return self.env.unwrapped.current_candidates[: self.max_candidates]  # type: ignore[attr-defined]

    def action_masks(self) -> NDArray[np.int8]:
        """1 for each slot that holds a candidate on the current page, else 0."""
        mask = np.zeros(self.max_candidates, dtype=np.int8)
        mask[: len(self._candidates)] = 1
        return mask

    def _with_mask(self, info: dict[str, Any]) -> dict[str, Any]:
        info["action_mask"] = self.action_masks()
        return info

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, str], dict[str, Any]]:
        obs, info = self.env.reset(seed=seed, options=options)
        return obs, self._with_mask(info)

    def step(self, action: Any) -> tuple[dict[str, str], float, bool, bool, dict[str, Any]]:
        # Gymnasium types a wrapper's inner env with the wrapper's own action type.
        inner = cast("gym.Env[dict[str, str], str]", self.env)
        index = _slot(action)
        candidates = self._candidates
        if index is not None and 0 <= index < len(candidates):
            obs, reward, terminated, truncated, info = inner.step(candidates[index])
            return obs, float(reward), terminated, truncated, self._with_mask(info)
        # A masked slot: a no-op step (an action string that parses to nothing) so the
        # env counts it, then the error is replaced by one that names the slot.
        obs, reward, terminated, truncated, info = inner.step(f"masked slot {index}")
        if terminated:  # the episode had ended: the env's error says to reset
            return obs, float(reward), terminated, truncated, self._with_mask(info)
        count = len(candidates)
        obs = dict(obs)
        obs["last_action_error"] = (
            MASKED_ACTION_ERROR.format(index=index, count=count, last=count - 1)
            if index is not None
            else f"action {str(action)[:40]!r} is not a slot number; choose an integer "
            f"from 0 to {self.max_candidates - 1} whose action_mask is 1"
        )
        return obs, float(reward), terminated, truncated, self._with_mask(info)

    def candidate(self, index: Any) -> str | None:
        """The candidate string slot ``index`` stands for on this page, or None if masked
        or not a slot number (read as :meth:`step` reads an action)."""
        slot = _slot(index)
        candidates = self._candidates
        return candidates[slot] if slot is not None and 0 <= slot < len(candidates) else None


def _slot(action: Any) -> int | None:
    """``action`` as a slot number (an integer, or a 0-d integer array), else None."""
    try:
        value = np.asarray(action)
    except Exception:  # an object numpy cannot hold is not a slot
        return None
    return int(value) if value.ndim == 0 and value.dtype.kind in "iu" else None


def _rearm_env_checker(env: gym.Env[Any, Any]) -> None:
    """Let Gymnasium's ``PassiveEnvChecker`` check the next reset again after a first
    reset that raised (say an ``OptionError`` for a bad ``task_id``).

    The checker marks its first reset checked before calling it, so when that call
    raises it keeps no reset data and its first ``step`` then fails with a ``TypeError``
    inside Gymnasium: a refused option would break every later step of the env.
    """
    while isinstance(env, gym.Wrapper):
        if isinstance(env, PassiveEnvChecker) and not env.checked_step:
            env.checked_reset = False
        env = env.env


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

    def reset(self, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        try:
            return self.env.reset(**kwargs)
        except Exception:
            _rearm_env_checker(self.env)
            raise

    def step(self, action: Any) -> tuple[Any, SupportsFloat, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.env.step(action)
        if truncated and not terminated and "validation" not in info:
            end = getattr(self.env.unwrapped, "end_unanswered", None)
            if end is not None:  # verdict, and progress mode's terminal potential of 0
                extra, additions = end()
                info = {**info, **additions}
                reward = float(reward) + extra
        return obs, reward, terminated, truncated, info


# -- BrowserGym-style observations -------------------------------------------------------

MAX_TITLE_CHARS = 1_024
"""Longest page title in ``open_pages_titles`` (longer ones are cut)."""
MAX_CHAT_MESSAGES = 2
"""``chat_messages`` holds the user's goal and, once the agent answers, its answer."""
CHAT_ROLES = ("user", "assistant", "infeasible")
MAX_ELAPSED_SECONDS = 1e12
"""The clock's bound in ``elapsed_time`` and chat timestamps (finite, as ``check_env`` asks)."""


class JSONCoded:
    """A space whose values a vector env's shared memory holds as JSON text.

    Gymnasium cannot put a ``Sequence`` or a free-form dict in an ``AsyncVectorEnv``'s
    shared memory. A JSON-coded space serialises each value (at most
    ``max_json_chars`` characters of compact JSON, which the producer guarantees) into a
    fixed block of Unicode code points, through the same encoding
    :class:`webenv.env.BoundedText` uses; reading decodes it again.
    """

    max_json_chars: int

    def to_json(self, value: Any) -> str:
        """``value`` as compact JSON."""
        return json.dumps(self._jsonable(value), separators=(",", ":"), ensure_ascii=False)

    def from_json(self, text: str) -> Any:
        """The value :meth:`to_json` wrote."""
        return self._unjsonable(json.loads(text))

    def _jsonable(self, value: Any) -> Any:
        return value

    def _unjsonable(self, data: Any) -> Any:
        return data


class BoundedSequence(JSONCoded, spaces.Sequence):
    """A ``Sequence`` (values are tuples) of at most ``max_items`` items, JSON-coded.

    Args:
        feature_space: The space of each item.
        max_items: The most items a value holds.
        max_json_chars: The longest compact JSON of a value (what a vector env reserves).
    """

    def __init__(self, feature_space: spaces.Space[Any], max_items: int, max_json_chars: int):
        super().__init__(feature_space)
        self.max_items = max_items
        self.max_json_chars = max_json_chars

    def contains(self, x: Any) -> bool:
        return isinstance(x, tuple) and len(x) <= self.max_items and super().contains(x)

    def sample(self, mask: Any = None, probability: Any = None) -> tuple[Any, ...]:
        if mask is None and probability is None:
            mask = (int(self.np_random.integers(self.max_items + 1)), None)
        return super().sample(mask=mask, probability=probability)

    def _jsonable(self, value: Any) -> Any:
        return self.to_jsonable([value])[0]

    def _unjsonable(self, data: Any) -> Any:
        return self.from_jsonable([data])[0]

    def __repr__(self) -> str:
        return f"BoundedSequence({self.feature_space}, max_items={self.max_items})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, BoundedSequence)
            and super().__eq__(other)
            and (self.max_items, self.max_json_chars) == (other.max_items, other.max_json_chars)
        )

    def __hash__(self) -> int:
        return hash((BoundedSequence, self.max_items, self.max_json_chars))


class AXTreeObjectSpace(JSONCoded, spaces.Space[dict[str, Any]]):
    """The space of ``axtree_object`` values: Chrome DevTools' ``getFullAXTree`` shape.

    A value is ``{"nodes": [node, ...]}``, the root first and then the tree in pre-order;
    each node has ``nodeId`` (a string), ``browsergym_id`` (the same id, the one actions
    name), ``role`` and ``name`` (``{"type": ..., "value": str}``), ``properties`` (a list
    of ``{"name": str, "value": {"type": ..., "value": ...}}``), ``childIds`` (strings),
    ``ignored`` (False) and, except for the root, ``parentId``. Its compact JSON is at
    most ``max_json_chars`` characters.
    """

    def __init__(self, max_json_chars: int, seed: int | np.random.Generator | None = None):
        super().__init__(None, None, seed)
        self.max_json_chars = max_json_chars

    @property
    def is_np_flattenable(self) -> bool:
        return False

    def contains(self, x: Any) -> bool:
        if not isinstance(x, dict) or set(x) != {"nodes"} or not isinstance(x["nodes"], list):
            return False
        ids = set()
        for node in x["nodes"]:
            if not (
                isinstance(node, dict)
                and isinstance(node.get("nodeId"), str)
                and isinstance(node.get("role"), dict)
                and isinstance(node["role"].get("value"), str)
                and isinstance(node.get("name"), dict)
                and isinstance(node["name"].get("value"), str)
                and isinstance(node.get("properties"), list)
                and isinstance(node.get("childIds"), list)
            ):
                return False
            ids.add(node["nodeId"])
        if any(child not in ids for node in x["nodes"] for child in node["childIds"]):
            return False
        return len(self.to_json(x)) <= self.max_json_chars

    def sample(self, mask: Any = None, probability: Any = None) -> dict[str, Any]:
        """A random tree: a root with up to five links and buttons under it."""
        if mask is not None or probability is not None:
            raise ValueError("AXTreeObjectSpace.sample takes no mask or probability")
        count = int(self.np_random.integers(6))
        children = [
            _cdp_node(
                index + 1,
                str(self.np_random.choice(["link", "button", "StaticText"])),
                f"item {index + 1}",
                {},
                [],
                0,
            )
            for index in range(count)
        ]
        root = _cdp_node(0, "RootWebArea", "sample", {}, [child["nodeId"] for child in children])
        return {"nodes": [root, *children]}

    def __repr__(self) -> str:
        return f"AXTreeObjectSpace(max_json_chars={self.max_json_chars})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, AXTreeObjectSpace) and self.max_json_chars == other.max_json_chars

    def __hash__(self) -> int:
        return hash((AXTreeObjectSpace, self.max_json_chars))


def _cdp_value(value: object) -> dict[str, object]:
    if isinstance(value, bool):
        return {"type": "booleanOrUndefined", "value": value}
    if isinstance(value, int | float):
        return {"type": "number", "value": value}
    if value in ("true", "false", "mixed"):
        return {"type": "tristate", "value": value}
    return {"type": "string", "value": str(value)}


def _cdp_node(
    node_id: int,
    role: str,
    name: str,
    properties: dict[str, object],
    child_ids: list[str],
    parent_id: int | None = None,
) -> dict[str, Any]:
    node: dict[str, Any] = {
        "nodeId": str(node_id),
        "browsergym_id": str(node_id),
        "ignored": False,
        "role": {"type": "role", "value": role},
        "name": {"type": "computedString", "value": name},
        "properties": [{"name": key, "value": _cdp_value(v)} for key, v in properties.items()],
        "childIds": child_ids,
    }
    if parent_id is not None:
        node["parentId"] = str(parent_id)
    return node


def axtree_object(root: AXNode, max_json_chars: int) -> dict[str, Any]:
    """The AX tree under ``root`` in Chrome DevTools' ``getFullAXTree`` shape.

    Nodes are listed in pre-order until the next one would make the compact JSON longer
    than ``max_json_chars``; the rest are left out (and out of their parents'
    ``childIds``), as the text observation is cut at ``max_obs_chars``.
    """
    nodes: list[dict[str, Any]] = []
    used = len('{"nodes":[]}')
    stack: list[tuple[AXNode, int | None]] = [(root, None)]
    while stack:
        node, parent = stack.pop()
        entry = _cdp_node(
            node.node_id,
            node.role,
            node.name,
            node.properties,
            [str(child.node_id) for child in node.children],
            parent,
        )
        cost = len(json.dumps(entry, separators=(",", ":"), ensure_ascii=False)) + 1
        if used + cost > max_json_chars:
            break
        used += cost
        nodes.append(entry)
        stack.extend((child, node.node_id) for child in reversed(node.children))
    if stack:  # cut short: drop the ids of the nodes left out
        kept = {entry["nodeId"] for entry in nodes}
        for entry in nodes:
            entry["childIds"] = [child for child in entry["childIds"] if child in kept]
    return {"nodes": nodes}


class BrowserGymObservation(
    gym.ObservationWrapper[dict[str, Any], Any, dict[str, Any]], gym.utils.RecordConstructorArgs
):
    """Observations with the keys BrowserGym agents read, so they run with little glue.

    ## Observation Space
    A ``Dict``:

    - ``chat_messages``: the chat as BrowserGym keeps it, a tuple of ``{"role",
      "timestamp", "message"}``: the user's goal (role ``user``, at time 0) and, once the
      agent answers, its answer (role ``assistant``, or ``infeasible`` for
      ``report_infeasible``).
    - ``goal`` (the intent) and ``goal_object`` (``({"type": "text", "text": goal},)``).
    - ``open_pages_urls``, ``open_pages_titles``: one entry per tab, in tab order.
    - ``active_page_index``: ``Box`` of shape ``(1,)``, the active tab's index.
    - ``url``: the active tab's URL.
    - ``axtree_txt``: the env's accessibility-tree text (ids in brackets).
    - ``axtree_object``: the same tree as structured nodes (:func:`axtree_object`; the
      shape BrowserGym's ``flatten_axtree_to_str`` reads), built from the browser's tree
      model, at most ``max_axtree_object_chars`` of JSON.
    - ``focused_element_bid``: the id of the focused element, or "".
    - ``last_action``: the action string last executed ("" after reset; through
      :class:`DiscreteActions`, the candidate the slot stood for).
    - ``last_action_error``: the env's error for it ("" if none).
    - ``elapsed_time``: ``Box`` of shape ``(1,)``, seconds since reset. By default a
      simulated clock that advances ``seconds_per_step`` per step, so the same seed and
      actions give the same observations (``check_env`` requires it);
      ``wall_clock=True`` measures real time, as BrowserGym does.
    - ``screenshot``: the env's, when it has one (``backend="chromium"``, ``screenshot=True``).

    Every text and sequence lives in a vector env's shared memory, so
    ``gym.make_vec(..., vectorization_mode="async")`` works as is.

    Args:
        env: A :class:`~webenv.env.WebEnv`, possibly wrapped (also by
            :class:`DiscreteActions`).
        max_axtree_object_chars: The longest ``axtree_object`` JSON (default: eight times
            the env's ``max_obs_chars``).
        wall_clock: Measure ``elapsed_time`` in real seconds.
        seconds_per_step: The simulated clock's tick (ignored with ``wall_clock``).

    Raises:
        OptionError: ``env`` is not a WebEnv, or an argument is out of range.
    """

    def __init__(
        self,
        env: gym.Env,
        max_axtree_object_chars: int | None = None,
        wall_clock: bool = False,
        seconds_per_step: float = 1.0,
    ) -> None:
        unwrapped = env.unwrapped
        if not hasattr(unwrapped, "browser") or not hasattr(unwrapped, "max_obs_chars"):
            raise OptionError("BrowserGymObservation wraps a WebEnv (made by gym.make or WebEnv())")
        if max_axtree_object_chars is None:
            max_axtree_object_chars = 8 * int(unwrapped.max_obs_chars)
        max_axtree_object_chars = integer_option(
            "max_axtree_object_chars",
            max_axtree_object_chars,
            1_000,
            "the longest axtree_object JSON in characters, or None",
            MAX_AXTREE_OBJECT_CHARS,
        )
        if not isinstance(wall_clock, bool):
            raise OptionError(f"wall_clock={wall_clock!r} is not accepted; use True or False")
        seconds_per_step = number_option(
            "seconds_per_step", seconds_per_step, 0, "the simulated clock's tick", above=True
        )
        gym.utils.RecordConstructorArgs.__init__(
            self,
            max_axtree_object_chars=int(max_axtree_object_chars),
            wall_clock=wall_clock,
            seconds_per_step=float(seconds_per_step),
        )
        super().__init__(env)
        self.max_axtree_object_chars = int(max_axtree_object_chars)
        self.wall_clock = wall_clock
        self.seconds_per_step = float(seconds_per_step)
        inner = env.observation_space
        assert isinstance(inner, spaces.Dict)
        text = {key: inner[key] for key in ("axtree", "url", "goal", "last_action_error")}
        url_chars = cast("BoundedText", text["url"]).max_length
        goal_chars = cast("BoundedText", text["goal"]).max_length
        self._url_chars = url_chars
        self._message_chars = max(goal_chars, MAX_ACTION_CHARS)
        message = spaces.Dict(
            {
                "role": BoundedText(max(map(len, CHAT_ROLES))),
                "timestamp": spaces.Box(0.0, MAX_ELAPSED_SECONDS, shape=(), dtype=np.float64),
                "message": BoundedText(self._message_chars),
            }
        )
        goal_part = spaces.Dict({"type": BoundedText(4), "text": BoundedText(goal_chars)})
        json_slack = 64  # quotes, commas, brackets and keys around each item, generously

        def items_json(count: int, chars: int) -> int:
            # A character may be written as a 6-character JSON escape (\u001f).
            return 2 + count * (6 * chars + json_slack)

        self.observation_space = spaces.Dict(
            {
                "chat_messages": BoundedSequence(
                    message,
                    MAX_CHAT_MESSAGES,
                    items_json(MAX_CHAT_MESSAGES, self._message_chars),
                ),
                "goal": text["goal"],
                "goal_object": BoundedSequence(goal_part, 1, items_json(1, goal_chars)),
                "open_pages_urls": BoundedSequence(
                    BoundedText(url_chars), MAX_TABS, items_json(MAX_TABS, url_chars)
                ),
                "open_pages_titles": BoundedSequence(
                    BoundedText(MAX_TITLE_CHARS),
                    MAX_TABS,
                    items_json(MAX_TABS, MAX_TITLE_CHARS),
                ),
                "active_page_index": spaces.Box(0, MAX_TABS - 1, shape=(1,), dtype=np.int64),
                "url": text["url"],
                "axtree_txt": text["axtree"],
                "axtree_object": AXTreeObjectSpace(self.max_axtree_object_chars),
                "focused_element_bid": BoundedText(20),
                "last_action": BoundedText(MAX_ACTION_CHARS),
                "last_action_error": text["last_action_error"],
                "elapsed_time": spaces.Box(0.0, MAX_ELAPSED_SECONDS, shape=(1,), dtype=np.float64),
                # The viewport (backend="chromium", screenshot=True), as BrowserGym's.
                **({"screenshot": inner["screenshot"]} if "screenshot" in inner.spaces else {}),
            }
        )
        self._last_action = ""
        self._last_step: tuple[int, str] = (0, "")
        self._started = 0.0
        self._answer_time: tuple[tuple[str, bool, int], float] | None = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        obs, info = self.env.reset(seed=seed, options=options)
        self._last_action = ""
        self._last_step = (0, "")
        self._started = time.monotonic()
        self._answer_time = None
        return self.observation(obs), info

    def step(self, action: Any) -> tuple[dict[str, Any], SupportsFloat, bool, bool, dict[str, Any]]:
        shown = self._action_text(action)
        obs, reward, terminated, truncated, info = self.env.step(action)
        episode = self._episode()
        self._last_action = shown
        self._last_step = (episode.episode_steps, episode.last_action)
        return self.observation(obs), reward, terminated, truncated, info

    def _episode(self) -> Any:
        """The WebEnv: the episode's steps, last action and answer are read from it, so
        they follow ``env.unwrapped.restore_state`` too (which bypasses this wrapper)."""
        return self.env.unwrapped

    def _action_text(self, action: Any) -> str:
        """The action string ``action`` stands for (a slot's candidate, through
        :class:`DiscreteActions`)."""
        if not isinstance(action, str) and self.env.has_wrapper_attr("candidate"):
            index = _slot(action)
            if index is not None:
                chosen = self.env.get_wrapper_attr("candidate")(index)
                if chosen is not None:
                    return str(chosen)[:MAX_ACTION_CHARS]
        return str(action)[:MAX_ACTION_CHARS]

    def _elapsed(self, steps: int | None = None) -> float:
        """Seconds since reset (simulated: at step ``steps``, by default the current one)."""
        if self.wall_clock:
            return min(max(0.0, time.monotonic() - self._started), MAX_ELAPSED_SECONDS)
        if steps is None:
            steps = self._episode().episode_steps
        return min(steps * self.seconds_per_step, MAX_ELAPSED_SECONDS)

    def _message(self, role: str, text: str, timestamp: float) -> dict[str, Any]:
        return {
            "role": role,
            "timestamp": np.array(timestamp, dtype=np.float64),
            "message": text[: self._message_chars],
        }

    def _chat(self, goal: str) -> list[dict[str, Any]]:
        """The goal, and the answer once the episode has one (at the step it came)."""
        chat = [self._message("user", goal, 0.0)]
        answer = self._episode().episode_answer
        if answer is not None:
            if self.wall_clock:  # the clock's reading when this wrapper first saw it
                if self._answer_time is None or self._answer_time[0] != answer:
                    self._answer_time = (answer, self._elapsed())
                when = self._answer_time[1]
            else:
                when = self._elapsed(answer[2])
            role = "infeasible" if answer[1] else "assistant"
            chat.append(self._message(role, answer[0], when))
        return chat[:MAX_CHAT_MESSAGES]

    def observation(self, observation: dict[str, Any]) -> dict[str, Any]:
        """The BrowserGym-style observation for the env's ``observation``."""
        browser = self.env.unwrapped.browser  # type: ignore[attr-defined]
        url_chars = self._url_chars
        pages = browser.open_pages()[:MAX_TABS]
        tree = browser.axtree()
        focused = next(
            (str(node.node_id) for node in tree.root.iter() if node.properties.get("focused")),
            "",
        )
        goal = observation["goal"]
        episode = self._episode()
        # After a restore the env's last action is the one to show (not this wrapper's).
        last_action = (
            self._last_action
            if self._last_step == (episode.episode_steps, episode.last_action)
            else episode.last_action[:MAX_ACTION_CHARS]
        )
        return {
            "chat_messages": tuple(self._chat(goal)),
            "goal": goal,
            "goal_object": ({"type": "text", "text": goal},),
            "open_pages_urls": tuple(url[:url_chars] for url, _ in pages),
            "open_pages_titles": tuple(title[:MAX_TITLE_CHARS] for _, title in pages),
            "active_page_index": np.array(
                [min(browser.active, MAX_TABS - 1) if pages else 0], dtype=np.int64
            ),
            "url": observation["url"],
            "axtree_txt": observation["axtree"],
            "axtree_object": axtree_object(tree.root, self.max_axtree_object_chars),
            "focused_element_bid": focused,
            "last_action": last_action,
            "last_action_error": observation["last_action_error"],
            "elapsed_time": np.array([self._elapsed()], dtype=np.float64),
            **({"screenshot": observation["screenshot"]} if "screenshot" in observation else {}),
        }


MAX_AXTREE_OBJECT_CHARS = 80_000_000
"""Largest ``max_axtree_object_chars`` (a vector env's shared memory holds 4 bytes each)."""


# -- JSON-coded spaces in a vector env's shared memory ------------------------------------


def _carrier(space: JSONCoded) -> BoundedText:
    return BoundedText(space.max_json_chars)


class SharedJSONBatch(SharedTextBatch):
    """A live view of ``n`` JSON-coded values in an ``AsyncVectorEnv``'s shared memory;
    a deep copy is a plain tuple of the values (see :class:`webenv.env.SharedTextBatch`)."""

    def __init__(self, codes: NDArray[np.int32], space: JSONCoded) -> None:
        super().__init__(codes)
        self._space = space

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return tuple(self)[index]
        return self._space.from_json(super().__getitem__(index))


@create_shared_memory.register(BoundedSequence)
@create_shared_memory.register(AXTreeObjectSpace)
def _create_json_memory(
    space: BoundedSequence | AXTreeObjectSpace, n: int = 1, ctx: ModuleType = mp
) -> Any:
    return create_shared_memory(_carrier(space), n=n, ctx=ctx)


@read_from_shared_memory.register(BoundedSequence)
@read_from_shared_memory.register(AXTreeObjectSpace)
def _read_json(
    space: BoundedSequence | AXTreeObjectSpace, shared_memory: Any, n: int = 1
) -> SharedJSONBatch:
    data = np.frombuffer(shared_memory.get_obj(), dtype=np.int32)
    return SharedJSONBatch(data.reshape((n, space.max_json_chars)), space)


@write_to_shared_memory.register(BoundedSequence)
@write_to_shared_memory.register(AXTreeObjectSpace)
def _write_json(
    space: BoundedSequence | AXTreeObjectSpace, index: int, value: Any, shared_memory: Any
) -> None:
    text = space.to_json(value)
    if len(text) > space.max_json_chars:
        raise WebEnvError(
            f"an observation value of {len(text)} JSON characters does not fit its space "
            f"({space!r}); raise the wrapper's limit"
        )
    write_to_shared_memory(_carrier(space), index, text, shared_memory)  # type: ignore[arg-type]


@create_empty_array.register(AXTreeObjectSpace)
def _empty_axtree_objects(
    space: AXTreeObjectSpace, n: int = 1, fn: Any = np.zeros
) -> tuple[dict[str, Any], ...]:
    return tuple({"nodes": []} for _ in range(n))
