"""The Gymnasium environment over the bundled sites."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from webenv.actions import MAX_ACTION_CHARS, Action, ActionError, parse_action
from webenv.browser.base import Browser
from webenv.recording import EpisodeRecorder
from webenv.tasks import Task, select_tasks
from webenv.validators import evaluate
from webenv.world import World

BACKENDS = ("inprocess", "chromium")
VALIDATOR_MODES = ("lenient", "strict")
MAX_URL_CHARS = 4_096
MAX_GOAL_CHARS = 4_096
MAX_TABS_CHARS = 8_192
MAX_ERROR_CHARS = 1_024


class BoundedText(spaces.Text):
    """A ``Text`` space that checks length only: any character is allowed.

    Gymnasium's ``Text`` accepts only ``[A-Za-z0-9]`` by default, which rejects every
    real page, URL and action. Sampling still draws from the default charset.
    """

    def __init__(self, max_length: int, *, min_length: int = 0) -> None:
        super().__init__(max_length, min_length=min_length)

    def contains(self, x: Any) -> bool:
        return isinstance(x, str) and self.min_length <= len(x) <= self.max_length

    def __repr__(self) -> str:
        return f"BoundedText({self.min_length}, {self.max_length})"

    def __eq__(self, other: Any) -> bool:
        return (isinstance(other, BoundedText) and self.min_length == other.min_length
                and self.max_length == other.max_length)


class WebEnv(gym.Env[dict[str, str], str]):
    """Web tasks on bundled sites, observed as accessibility-tree text.

    ## Description
    Each episode is one task: the world's sites are restored to their pristine state,
    the task's user is logged in, and the agent starts at the task's start URL. It acts
    with text actions until it answers or the step limit truncates the episode.

    ## Action Space
    ``BoundedText(10000)``: one action string in either grammar, e.g. ``click [12]``,
    ``type [7] [blue mug] [1]``, ``fill("7", "blue mug")``, ``goto [http://shop.test/]``,
    ``stop [42.50]``, ``send_msg_to_user("42.50")``, ``report_infeasible("why")``. A
    malformed or impossible action is a no-op step with ``last_action_error`` set.

    ## Observation Space
    ``Dict`` of ``BoundedText``: ``axtree`` (the page's accessibility tree, one node per
    line, ids in brackets, at most ``max_obs_chars``), ``url``, ``goal`` (the task
    intent), ``tabs`` (one line per tab) and ``last_action_error`` ("" if none).

    ## Rewards
    0 on every step but the last; when the agent answers, the validators' score in
    ``validator_mode`` (1.0 pass, 0.0 fail).

    ## Starting State
    The task's start page with its user logged in; the task is ``options["task_id"]`` or
    drawn from the env's task set with the seeded RNG.

    ## Episode End
    Terminates on ``stop [...]``, ``send_msg_to_user(...)`` or ``report_infeasible(...)``;
    truncates at ``max_episode_steps`` (50 for the registered ids).

    ## Info
    ``task_id``, ``intent``; at termination ``answer`` and ``validation`` (lenient and
    strict verdicts with every check's rule and explanation).

    ## Arguments
    - ``tasks``: task ids, a site (``"shop"``), ``"all"``, or a split (``"shop:test"``).
    - ``backend``: ``"inprocess"`` (default, no browser) or ``"chromium"``.
    - ``validator_mode``: ``"lenient"`` (default) or ``"strict"``; both are in ``info``.
    - ``max_obs_chars``: longest ``axtree`` text (default 60000); longer trees are cut at
      a line with a note.
    - ``render_mode``: ``"ansi"`` returns the observation text; ``"rgb_array"`` (chromium
      only) returns the active tab's viewport as an ``HxWx3`` ``uint8`` array.
    - ``screenshot``: (chromium only) add a ``screenshot`` key to the observation, the
      viewport as an ``HxWx3`` ``uint8`` ``Box``.
    - ``world_seed``: 0 is the canonical world the curated tasks are written for.
    - ``record_dir``: append every episode (actions, answer, both verdicts) to
      ``<record_dir>/episodes-<pid>.jsonl``.

    ## Version History
    - v0: first release.
    """

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4}

    def __init__(
        self,
        tasks: str | list[str] | None = "shop",
        backend: str = "inprocess",
        validator_mode: str = "lenient",
        max_obs_chars: int = 60_000,
        render_mode: str | None = None,
        world_seed: int = 0,
        record_dir: str | None = None,
        screenshot: bool = False,
    ) -> None:
        if backend not in BACKENDS:
            raise ValueError(f"backend {backend!r} is not one of {', '.join(BACKENDS)}")
        if validator_mode not in VALIDATOR_MODES:
            raise ValueError(f"validator_mode {validator_mode!r} is not one of "
                             f"{', '.join(VALIDATOR_MODES)}")
        # rgb_array exists only on chromium: the instance's metadata says what it renders.
        modes = ["ansi", "rgb_array"] if backend == "chromium" else ["ansi"]
        self.metadata = {**type(self).metadata, "render_modes": modes}
        if render_mode is not None and render_mode not in modes:
            raise ValueError(f"render_mode {render_mode!r} is not one of {', '.join(modes)}"
                             + (" (rgb_array needs backend='chromium')"
                                if render_mode == "rgb_array" else ""))
        if backend != "chromium" and screenshot:
            raise ValueError("screenshot=True needs backend='chromium' (the in-process "
                             "backend draws nothing)")
        if max_obs_chars < 100:
            raise ValueError("max_obs_chars must be at least 100")
        self.tasks: list[Task] = select_tasks(tasks)
        self.backend = backend
        self.validator_mode = validator_mode
        self.max_obs_chars = max_obs_chars
        self.render_mode = render_mode
        self.screenshot = screenshot
        sites = [site for task in self.tasks for site in task.sites]
        self.world = World(sites, seed=world_seed)
        self.browser: Browser = self._make_browser(backend)
        self.recorder = EpisodeRecorder(Path(record_dir), backend) if record_dir else None
        self.task: Task | None = None
        self._last_error = ""
        self._done = False
        self.action_space = BoundedText(MAX_ACTION_CHARS)
        observation: dict[str, spaces.Space] = {
            "axtree": BoundedText(max_obs_chars),
            "url": BoundedText(MAX_URL_CHARS),
            "goal": BoundedText(MAX_GOAL_CHARS),
            "tabs": BoundedText(MAX_TABS_CHARS),
            "last_action_error": BoundedText(MAX_ERROR_CHARS),
        }
        if screenshot:
            from webenv.browser.chromium import VIEWPORT

            observation["screenshot"] = spaces.Box(
                0, 255, (VIEWPORT["height"], VIEWPORT["width"], 3), dtype=np.uint8)
        self.observation_space = spaces.Dict(observation)

    def _make_browser(self, backend: str) -> Browser:
        if backend == "inprocess":
            from webenv.browser.inprocess import InProcessBrowser

            return InProcessBrowser(self.world)
        from webenv.browser.chromium import ChromiumBrowser  # type: ignore[import-not-found]

        return ChromiumBrowser(self.world)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, str], dict[str, Any]]:
        super().reset(seed=seed)
        task_id = (options or {}).get("task_id")
        if task_id is None:
            task = self.tasks[int(self.np_random.integers(len(self.tasks)))]
        else:
            matching = [t for t in self.tasks if t.task_id == task_id]
            if not matching:
                raise ValueError(f"task_id {task_id!r} is not in this env's task set "
                                 f"({len(self.tasks)} tasks)")
            task = matching[0]
        self.task = task
        self.world.reset()
        cookies = {site: self.world.login_cookie(site, user) for site, user in task.login.items()}
        self.browser.reset(task.start_url, cookies)
        self._last_error = ""
        self._done = False
        if self.recorder is not None:
            self.recorder.start(task.task_id, seed, self.browser.url)
        return self._observation(), {"task_id": task.task_id, "intent": task.intent}

    def step(self, action: str) -> tuple[dict[str, str], float, bool, bool, dict[str, Any]]:
        if self.task is None:
            raise RuntimeError("call reset() before step()")
        info: dict[str, Any] = {"task_id": self.task.task_id, "intent": self.task.intent}
        if self._done:
            self._last_error = "the episode has ended; call reset() to start another"
            return self._observation(), 0.0, True, False, info
        self._last_error = ""
        try:
            if not isinstance(action, str):
                raise ActionError(f"an action is a string, not {type(action).__name__}")
            parsed = parse_action(action)
            if parsed.kind == "stop":
                return self._finish(parsed, info)
            self.browser.execute(parsed)
        except ActionError as exc:
            self._last_error = str(exc)
        if self.recorder is not None:
            self.recorder.step(str(action), self.browser.url, self._last_error)
        return self._observation(), 0.0, False, False, info

    def _finish(self, action: Action, info: dict[str, Any]):
        assert self.task is not None
        self._done = True
        answer = action.text or ""
        context = self.world.eval_context(
            answer=answer,
            infeasible_reported=action.infeasible,
            url=self.browser.url,
            fetch_page=self.browser.document,
            users=self.task.login,
        )
        validation = evaluate(self.task.eval, context)
        info.update(answer=answer, infeasible=action.infeasible, validation=validation)
        reward = float(validation[self.validator_mode]["score"])
        if self.recorder is not None:
            self.recorder.step(action.to_str(), self.browser.url, "")
            self.recorder.finish(answer, action.infeasible, validation, reward)
        return self._observation(), reward, True, False, info

    def _observation(self) -> dict[str, Any]:
        assert self.task is not None
        obs: dict[str, Any] = {
            "axtree": self.browser.axtree_text(self.max_obs_chars)[: self.max_obs_chars],
            "url": self.browser.url[:MAX_URL_CHARS],
            "goal": self.task.intent[:MAX_GOAL_CHARS],
            "tabs": self.browser.tabs_text()[:MAX_TABS_CHARS],
            "last_action_error": self._last_error[:MAX_ERROR_CHARS],
        }
        if self.screenshot:
            obs["screenshot"] = self.browser.rgb_array()
        return obs

    def render(self) -> str | np.ndarray | None:
        if self.task is None:
            return None
        if self.render_mode == "rgb_array":
            return self.browser.rgb_array()
        if self.render_mode != "ansi":
            return None
        axtree = self.browser.axtree_text(self.max_obs_chars)[: self.max_obs_chars]
        return f"URL: {self.browser.url}\nGOAL: {self.task.intent}\n{axtree}"

    def close(self) -> None:
        recorder = getattr(self, "recorder", None)
        if recorder is not None:
            recorder.flush_unfinished()
        browser = getattr(self, "browser", None)
        if browser is not None:
            browser.close()
        world = getattr(self, "world", None)
        if world is not None:
            world.close()
        super().close()
