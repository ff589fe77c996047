"""What is specific to the history, administration and review families of the Git host
(the generic checks cover every family in ``test_families.py``): periods, widened slots,
the subscriber ranking helper and reference steps among the candidates."""

from __future__ import annotations

import importlib
from collections import Counter

import pytest

from webenv.candidates import solution_misses
from webenv.env import WebEnv
from webenv.families import generate_json, generate_many
from webenv.families.registry import FAMILY_PACKAGE

MODULES = ("githost.history", "githost.admin", "githost.reviews")
FAMILY_IDS = [
    family.id
    for module in MODULES
    for family in importlib.import_module(f"{FAMILY_PACKAGE}.{module}").FAMILIES
]
history = importlib.import_module(f"{FAMILY_PACKAGE}.githost.history")


@pytest.mark.parametrize(
    ("period", "bounds"),
    [
        ("in February 2024", ("2024-02-01", "2024-03-01")),
        ("in December 2023", ("2023-12-01", "2024-01-01")),
        ("in 2023", ("2023-01-01", "2024-01-01")),
        ("since March 2024", ("2024-03-01", "9999")),
        ("of all time", ("", "9999")),
    ],
)
def test_period_phrases_read_back_to_their_bounds(period, bounds):
    assert history._period_bounds(period) == bounds


def test_history_families_ask_about_months_years_and_spans():
    """The period slot varies in kind (a month, a year, since a month, all time), and
    commit counts include periods the author made no commit in."""
    periods: Counter[str] = Counter()
    answers = set()
    for seed in (0, 5):
        for instance in range(40):
            for family_id in ("githost.commits-in-period", "githost.top-contributor"):
                task = generate_json(family_id, seed, instance)
                if task:
                    words = task["instantiation_dict"]["period"].split()
                    periods[words[0] if words[0] != "in" else f"in/{len(words)}"] += 1
                    if family_id == "githost.commits-in-period":
                        answers.add(task["eval"]["reference_answers"]["exact_match"])
    assert {"in/2", "in/3", "since", "of"} <= set(periods)
    assert "0" in answers and len(answers) >= 5


@pytest.fixture(scope="module")
def candidates_env():
    env = WebEnv(tasks=FAMILY_IDS, candidates=True, world_seeds=[3])
    yield env
    env.close()


@pytest.mark.parametrize("family_id", FAMILY_IDS)
def test_reference_solution_steps_are_candidates(candidates_env, family_id):
    """Every typed text comes from the goal, so a policy choosing among candidates can
    take each reference step."""
    task = next(t for t in generate_many(family_id, 3, 6) if t.eval.answer_type != "infeasible")
    assert solution_misses(candidates_env, task) == []


_common = importlib.import_module(f"{FAMILY_PACKAGE}.forum._common")


@pytest.mark.parametrize(
    ("which", "expected"),
    [
        ("most", ("d", 9)),
        ("second most", ("c", 7)),
        ("third most", None),  # b and e tie at 5
        ("fewest", ("a", 1)),
        ("second fewest", None),
    ],
)
def test_by_subscribers_picks_the_rank_and_refuses_ties(which, expected):
    rows = [("a", 1), ("b", 5), ("c", 7), ("d", 9), ("e", 5)]
    assert _common.by_subscribers(rows, which) == expected


def test_by_subscribers_needs_one_row_past_the_rank():
    assert _common.by_subscribers([("a", 1), ("b", 2)], "second most") is None
    assert _common.by_subscribers([("a", 1), ("b", 2), ("c", 3)], "second most") == ("b", 2)


# Families widened to yield more distinct instances per world (issue 11's 100,000 over 100
# worlds): the slots that used to be fixed (or two-valued) now take many values.
WIDENED = {
    "githost.star-top-group-project": (("which",), 5),
    "githost.open-most-discussed-issue": (("state", "extreme"), 4),
    "githost.approve-oldest-mr-by-author": (("which",), 3),
    "githost.promote-role-members": (("role", "target"), 7),
    "githost.close-oldest-labelled-issue": (("which",), 2),
    "githost.busiest-milestone": (("which", "counted", "extreme"), 8),
    "githost.count-author-mrs": (("which",), 4),
    "forum.swap-subscription": (("drop_by", "add_by"), 8),
    "forum.biography-subscribed-forum": (("which", "lead", "among"), 16),
    "forum.top-author-points-in-forum": (("rank", "period"), 5),
    "forum.subscribe-top-author-favourite": (("rank", "period"), 5),
    "forum.edit-my-comment": (("which",), 6),
    "forum.delete-my-newest-in-forum": (("which",), 2),
}


@pytest.mark.parametrize(("family_id", "widened"), sorted(WIDENED.items()))
def test_widened_families_vary_their_slots(family_id, widened):
    slots, least = widened
    seen = {
        tuple(task["instantiation_dict"][slot] for slot in slots)
        for seed in (2, 7)
        for instance in range(40)
        if (task := generate_json(family_id, seed, instance)) is not None
    }
    assert len(seen) >= least, f"{family_id}: {sorted(seen)}"
