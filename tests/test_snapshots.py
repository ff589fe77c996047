"""Mid-episode snapshots: WebEnv.save_state / restore_state put an episode back exactly."""

from __future__ import annotations

import random

import pytest

from webenv.env import WebEnv
from webenv.errors import OptionError

SITE_TASKS = ("shop", "forum", "githost")


def _walk_with_saves(env: WebEnv, rng: random.Random, steps: int):
    """A random walk over the candidates (stop left out), saving before every step.

    Returns (state, observation, info at the save, action taken, observation after it).
    """
    points = []
    obs, info = env.reset(seed=rng.randrange(1000))
    for _ in range(steps):
        choices = [c for c in info["candidates"] if not c.startswith("stop")]
        action = rng.choice(choices)
        state = env.save_state()
        after, _, terminated, truncated, next_info = env.step(action)
        points.append((state, obs, info, action, after, next_info))
        obs, info = after, next_info
        if terminated or truncated:
            obs, info = env.reset(seed=rng.randrange(1000))
    return points


def _check_points(env: WebEnv, points, rng: random.Random) -> int:
    """Restore every point in random order: the saved observation, then the same step."""
    order = list(range(len(points)))
    rng.shuffle(order)
    for index in order:
        state, obs, info, action, after, next_info = points[index]
        restored, restored_info = env.restore_state(state)
        assert restored == obs, f"point {index}: observation differs after restore"
        assert restored_info == info, f"point {index}: info differs after restore"
        replayed, *_, replayed_info = env.step(action)
        assert replayed == after, f"point {index}: {action!r} went elsewhere after restore"
        assert replayed_info == next_info
        assert env.restore_state(state)[0] == obs, f"point {index}: a second restore differs"
    return len(order)


ROUND_TRIP_POINTS = 40
"""Points each site env's round-trip test checks: the first of its walk."""
WALK_POINTS = 130
"""Each walk's length; the slow test checks the rest of every walk."""


@pytest.fixture(scope="module")
def walks():
    """One env per task set and its seeded random walk, saved before every step.

    The walk is extended on demand and never depends on which test asked first, so the
    round-trip tests check its first points and the slow test the ones after them.
    """
    made: dict[str, tuple[WebEnv, random.Random, list]] = {}

    def walk(tasks: str, steps: int) -> tuple[WebEnv, list]:
        if tasks not in made:
            made[tasks] = (WebEnv(tasks=tasks, candidates=True), random.Random(tasks), [])
        env, rng, points = made[tasks]
        if len(points) < steps:
            points += _walk_with_saves(env, rng, steps - len(points))
        return env, points[:steps]

    yield walk
    for env, _, _ in made.values():
        env.close()


@pytest.mark.parametrize("tasks", SITE_TASKS)
def test_save_and_restore_round_trip_on_a_random_walk(walks, tasks):
    env, points = walks(tasks, ROUND_TRIP_POINTS)
    rng = random.Random(f"order-{tasks}")
    assert _check_points(env, points, rng) == ROUND_TRIP_POINTS


@pytest.mark.slow
def test_five_hundred_restore_points_over_every_site_env(walks):
    """The points after the round-trip tests' on each site env's walk, and an all-sites
    env's walk: with those tests, 520 points in the full suite."""
    checked = 0
    for tasks in (*SITE_TASKS, "all"):
        skip = ROUND_TRIP_POINTS if tasks in SITE_TASKS else 0
        env, points = walks(tasks, WALK_POINTS)
        checked += _check_points(env, points[skip:], random.Random(f"many-{tasks}"))
    assert checked + ROUND_TRIP_POINTS * len(SITE_TASKS) >= 500


def test_a_restore_undoes_writes_and_typing():
    env = WebEnv(tasks="shop")
    try:
        obs, _ = env.reset(options={"task_id": "shop/subscribe-newsletter/0"})
        start = env.save_state()
        assert start.nbytes == 0  # a pristine world keeps no copy
        for step in env.task.solution[:-1]:
            from webenv.tools.solution import step_to_actions

            for action in step_to_actions(step, env.browser.axtree_text()):
                env.step(action)
        assert env.world.pristine_state() is None  # the newsletter form wrote
        written = env.save_state()
        assert written.nbytes > 0
        assert env.restore_state(start)[0] == obs
        assert env.world.pristine_state() is not None
        after = env.restore_state(written)[0]
        assert after["url"] != obs["url"] or after["axtree"] != obs["axtree"]
        assert env.world.pristine_state() is None
    finally:
        env.close()


def test_a_state_clones_into_another_env_of_the_same_sites():
    source, target = WebEnv(tasks="forum", candidates=True), WebEnv(tasks="forum")
    try:
        source.reset(seed=3)
        source.step("goto [http://forum.test/forums]")
        obs, *_ = source.step("new_tab")
        obs, *_ = source.step("goto [http://forum.test/f/programming]")
        target.reset(seed=7)
        cloned, info = target.restore_state(source.save_state())
        assert cloned == obs
        assert info["task_id"] == source.task.task_id
        assert target.step("tab_focus [0]")[0] == source.step("tab_focus [0]")[0]
    finally:
        source.close()
        target.close()


def test_a_foreign_or_missing_state_is_refused_clearly():
    env = WebEnv(tasks="shop")
    other = WebEnv(tasks="forum")
    try:
        from gymnasium.error import ResetNeeded

        with pytest.raises(ResetNeeded, match="reset"):
            env.save_state()
        env.reset(seed=0)
        other.reset(seed=0)
        with pytest.raises(OptionError, match="restore_state"):
            env.restore_state("not a state")
        with pytest.raises(OptionError, match="shop"):
            env.restore_state(other.save_state())
    finally:
        env.close()
        other.close()


def test_a_restore_brings_back_the_progress_reward_bookkeeping():
    env = WebEnv(tasks="gen", world_seeds=[3], candidates=True, reward_mode="progress")
    try:
        rng = random.Random("progress")
        points = _walk_with_saves(env, rng, 30)
        assert _check_points(env, points, rng) == 30
        # The potential at a point comes back with it: the replayed step pays the same.
        state, _, _, action, _, next_info = points[-1]
        env.restore_state(state)
        assert env.step(action)[1] == pytest.approx(
            next_info["reward_components"]["verdict"] + next_info["reward_components"]["shaping"]
        )
    finally:
        env.close()


def test_a_state_of_another_world_scale_is_refused_and_changes_nothing():
    """A scale-1 state restored into a world_scale=2 env was taken: the env kept its
    scale-2 databases (twice the products) under the scale-1 task generated for it."""
    small, large = WebEnv(tasks="gen:train"), WebEnv(tasks="gen:train", world_scale=2)
    try:
        small.reset(seed=0, options={"family": "shop.price-gap", "world_seed": 7, "instance": 0})
        large.reset(seed=0)
        task, url = large.task, large.browser.url
        with pytest.raises(OptionError, match="scale 1; this env plays world_scale=2"):
            large.restore_state(small.save_state())
        assert large.task is task and large.browser.url == url
        with pytest.raises(OptionError, match="scale 2; this env plays world_scale=1"):
            small.restore_state(large.save_state())
    finally:
        small.close()
        large.close()


def test_a_state_of_another_reward_mode_is_refused():
    """A progress env restored from a sparse env's state silently stopped shaping (no
    reward_components), and a sparse env from a progress state started shaping."""
    sparse, progress = WebEnv(tasks="shop"), WebEnv(tasks="shop", reward_mode="progress")
    try:
        sparse.reset(seed=0)
        progress.reset(seed=0)
        with pytest.raises(OptionError, match="reward_mode='sparse'; this env's is 'progress'"):
            progress.restore_state(sparse.save_state())
        with pytest.raises(OptionError, match="reward_mode='progress'; this env's is 'sparse'"):
            sparse.restore_state(progress.save_state())
        progress.restore_state(progress.save_state())
        assert "reward_components" in progress.step("click [10]")[4]
    finally:
        sparse.close()
        progress.close()


def test_a_clone_offers_candidates_as_its_own_env_does():
    """A state from an env without candidates restored into one with them returned no
    candidates (DiscreteActions then masked every slot), and the other way round it
    returned candidates the env does not offer."""
    plain, offering = WebEnv(tasks="shop"), WebEnv(tasks="shop", candidates=True)
    try:
        plain.reset(seed=0)
        _, fresh = offering.reset(seed=0)
        _, info = offering.restore_state(plain.save_state())
        assert info["candidates"] == fresh["candidates"] == offering.current_candidates
        _, info = plain.restore_state(offering.save_state())
        assert "candidates" not in info
    finally:
        plain.close()
        offering.close()
