"""The training example runs end to end (a few iterations on a handful of tasks)."""

from __future__ import annotations

import json

import gymnasium as gym
import numpy as np
import pytest

from tests.example_scripts import load_example


@pytest.fixture(scope="module")
def example():
    yield from load_example("train_policy")


@pytest.mark.slow  # trains and evaluates in vector envs of worker processes: 10-70 s here
def test_training_loop_runs_end_to_end(example, tmp_path):
    out, png = tmp_path / "rl.json", tmp_path / "curve.png"
    code = example.main(
        [
            "--train-tasks=shop.cancel-order",
            "--test-tasks=shop.cart-cheapest-of-three",
            "--train-worlds=1",
            "--demo-instances=1",
            "--accuracy-worlds=1",
            "--test-worlds=1",
            "--bc-steps=3",
            "--eval-every-bc=3",
            "--dagger-rounds=1",
            "--dagger-bc-steps=1",
            "--no-repeat",
            "--rl-iterations=1",
            "--rl-episodes-per-env=1",
            "--eval-every-rl=1",
            "--workers=1",
            "--eval-episodes=1",
            "--max-steps=6",
            "--quiet",
            f"--out={out}",
            f"--plot={png}",
        ]
    )
    assert code == 0
    result = json.loads(out.read_text())
    # The command that reproduces the run, with the arguments it was given.
    assert result["command"].startswith("python examples/train_policy.py --train-tasks=")
    assert result["command"].endswith(f"--plot={png}")
    assert result["demonstrations"]["episodes"] == 1 and result["demonstrations"]["steps"] >= 3
    assert result["demonstrations"]["complete"] == 1
    assert [point["stage"] for point in result["curve"]] == ["init", "bc", "dagger", "rl"]
    # The DAgger round played the demonstrated task and labelled the states it visited.
    (dagger,) = result["dagger_rounds"]
    assert dagger["episodes"] == 1 and 0 < dagger["on_path"] + dagger["back"] <= dagger["states"]
    assert len(result["train_success_per_rl_iteration"]) == 1
    for name, family in (
        ("worlds", "shop.cancel-order"),
        ("families", "shop.cart-cheapest-of-three"),
    ):
        held_out = result["held_out"][name]
        assert held_out["episodes"] == 1 and held_out["families"] == 1
        assert held_out["tasks"] == [family]
        # The reference solution solves the task, and it is all candidates.
        assert held_out["oracle"] == 1.0 and held_out["candidate_ceiling"] == 1.0
        assert 0.0 <= held_out["random"] <= 1.0 and 0.0 <= held_out["final"] <= 1.0
        assert all(0.0 <= point[name] <= 1.0 for point in result["curve"])
        accuracy = held_out["step_accuracy"]
        assert accuracy["reference_steps"] >= 3 and 0.0 < accuracy["random"] < 0.5
        assert 0.0 <= accuracy["final"] <= 1.0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_expert_candidates_merge_fill_and_enter_and_stop_at_a_miss(example):
    steps = [
        ({}, ["stop []", "click [3]", "type [7] [blue mug] [1]"], 'fill("7", "blue mug")'),
        ({}, ["stop []"], "press [Enter]"),
        ({}, ["stop []", "check [9]"], "click [9]"),
        ({}, ["stop []"], 'send_msg_to_user("42")'),
    ]
    assert example.expert_candidates(steps) == ([(0, 2), (2, 1), (3, 0)], True)
    missing = [({}, ["stop []", "click [3]"], 'fill("7", "computed answer")'), *steps[1:]]
    assert example.expert_candidates(missing) == ([], False)


def test_expert_label_follows_the_reference_on_its_pages_and_goes_back_off_them(example):
    from collections import Counter

    home, orders, order = "http://shop.test/", "http://shop.test/orders", "http://shop.test/o/3"
    reference = [
        (home, "click [4]"),  # My orders
        (orders, "type [9] [Smith] [0]"),  # a form of two fields and its button
        (orders, "type [10] [2024] [0]"),
        (orders, "click [11]"),
        (order, "click [20]"),  # Cancel
        (order, "stop []"),
    ]
    page = ["stop []", "go_back", "click [4]", "click [5]"]
    # On the path, in step with the reference: its next step.
    assert example.expert_label(reference, home, page, Counter()) == 2
    # Off the path (the policy opened another link): back.
    assert example.expert_label(reference, "http://shop.test/help", page, Counter()) == 1
    # Back on the home page after the detour: the reference's step again.
    taken = Counter({(home, "click [5]"): 1})
    assert example.expert_label(reference, home, page, taken) == 2
    # A form filled in another order: the field left, then its button.
    form = ["stop []", "go_back", "type [9] [Smith] [0]", "type [10] [2024] [0]", "click [11]"]
    taken = Counter({(home, "click [4]"): 1, (orders, "type [10] [2024] [0]"): 1})
    assert example.expert_label(reference, orders, form, taken) == 2
    taken[orders, "type [9] [Smith] [0]"] += 1
    assert example.expert_label(reference, orders, form, taken) == 4
    # Reached by another route, the page's reference step still applies; stopping early
    # is labelled with the step left.
    assert example.expert_label(reference, order, ["stop []", "click [20]"], Counter()) == 1
    done = Counter({(order, "click [20]"): 1})
    assert example.expert_label(reference, order, ["stop []", "click [20]"], done) == 0
    # No label: every reference step of the page taken, the step not offered, no way back.
    assert (
        example.expert_label(reference, order, ["stop []"], done + Counter({(order, "stop []"): 1}))
        is None
    )
    assert example.expert_label(reference, home, ["stop []", "go_back"], Counter()) is None
    assert example.expert_label(reference, "http://shop.test/help", ["stop []"], Counter()) is None


def test_choose_fresh_does_not_take_an_action_twice_on_the_same_page_state(example):
    obs = {"goal": "g", "url": "http://forum.test/", "axtree": "[1] RootWebArea 'Home'"}
    candidates = ["stop []", "click [4]", "click [6]"]
    x = example.Features(
        np.zeros((3, 1)), np.array([0, 1, 2]), np.array([0, 1, 2]), np.zeros(1, np.int64)
    )
    policy = example.CandidatePolicy(n_dense=1)
    policy.params["w"][:3] = [0.0, 2.0, 1.0]  # click [4] first, then click [6]
    rng, done = np.random.default_rng(0), set()
    choose = example.greedy(policy)
    assert example.choose_fresh(choose, x, candidates, done, obs, rng) == 1
    assert example.choose_fresh(choose, x, candidates, done, obs, rng) == 2
    # The page changed (a value typed, say): the same action is new there.
    changed = {**obs, "axtree": obs["axtree"] + "\n\t[4] link 'More'"}
    assert example.choose_fresh(choose, x, candidates, done, changed, rng) == 1


def test_features_read_the_page_and_the_goal(example):
    obs = {
        "goal": "Upvote the newest submission in Cooking",
        "url": "http://forum.test/f/cooking",
        "axtree": "[1] RootWebArea 'Cooking'\n\t[4] link 'Cooking'\n\t[5] StaticText 'Hi'"
        "\n\t[6] button 'Upvote' pressed: False\n\t[8] link 'Gardening'",
        "last_action_error": "",
    }
    elements = example.page_elements(obs["axtree"])
    assert elements[6].role == "button" and elements[6].name == "Upvote"
    assert elements[6].props == " pressed: False" and "Hi" in elements[6].context
    memory = example.EpisodeMemory()
    candidates = ["stop []", "click [4]", "click [6]", "click [8]"]
    features, described = example.candidate_features(obs, candidates, memory)
    rows = features.dense
    assert rows.shape == (4, example.N_DENSE) and np.isfinite(rows).all()
    assert [kind for kind, _ in described] == ["stop", "click", "click", "click"]
    overlap = len(example.KINDS) + len(example.ROLES)
    assert rows[1, overlap] == 1.0 and rows[3, overlap] == 0.0  # 'Cooking' is in the goal
    assert set(features.owner) == {0, 1, 2, 3} and features.index.max() < 2**example.HASH_BITS
    memory.remember(obs["url"], "click [8]", *described[3])
    again, _ = example.candidate_features(obs, candidates, memory)
    assert again.dense[3, overlap + 9] == 1.0 and again.dense[1, overlap + 9] == 0.0
    # The same control again, on the page it led to, is the last step redone.
    assert again.dense[3, overlap + 52] == 1.0 and again.dense[1, overlap + 52] == 0.0


def test_hidden_layer_gradient_matches_finite_differences(example):
    rng = np.random.default_rng(0)
    n = 6
    x = example.Features(
        rng.random((n, example.N_DENSE)),
        rng.integers(0, 2**example.HASH_BITS, 12),
        rng.integers(0, n, 12),
        np.array([0, 4]),
    )
    policy = example.CandidatePolicy(hidden=4, seed=1)
    policy.params["u"] = rng.normal(size=4)
    dscores = rng.normal(size=n)
    grads = policy.gradient(x, dscores)
    for key in ("W", "b", "u", "v"):
        flat = policy.params[key].reshape(-1)
        at = int(rng.integers(flat.size))
        before = flat[at]
        flat[at] = before + 1e-6
        up = float(dscores @ policy.scores(x))
        flat[at] = before - 1e-6
        down = float(dscores @ policy.scores(x))
        flat[at] = before
        assert np.isclose((up - down) / 2e-6, grads[key].reshape(-1)[at], rtol=1e-4, atol=1e-6)


def test_policy_softmax_is_per_page_and_cloning_learns_the_choice(example):
    def page(n: int, hot: int) -> object:
        dense = np.zeros((n, example.N_DENSE))
        dense[hot, 0] = 1.0
        return example.Features(
            dense, np.arange(n, dtype=np.int64), np.arange(n, dtype=np.int64), np.zeros(1, int)
        )

    demos = example.DemonstrationSet(
        [example.Demonstration(page(3, 2), 2), example.Demonstration(page(5, 4), 4)]
    )
    policy = example.CandidatePolicy()
    p = policy.probabilities(demos.features)
    assert np.allclose(p, [1 / 3] * 3 + [1 / 5] * 5)
    # Ties are broken at random: an untrained policy scores what a uniform choice does.
    assert np.isclose(example.expert_accuracy(policy, demos), (1 / 3 + 1 / 5) / 2)
    losses = [example.behaviour_cloning_step(policy, demos, 0.1) for _ in range(20)]
    assert losses[-1] < losses[0] / 2
    p = policy.probabilities(demos.features)
    assert p[2] > 0.9 and p[7] > 0.9 and example.expert_accuracy(policy, demos) == 1.0


def test_goal_ranks_read_places_and_counts(example):
    assert example.goal_ranks("Upvote the fourth newest submission in Pets.") == (4, 0)
    assert example.goal_ranks("Add the 3 cheapest Books rated 4 stars to my cart.") == (0, 3)
    assert example.goal_ranks("Open my most recent order.") == (1, 0)
    assert example.goal_ranks("Cancel order 100220.") == (0, 0)


def test_rank_features_count_places_within_one_list(example):
    obs = {
        "goal": "Upvote the second newest submission in Pets",
        "url": "http://forum.test/f/pets?sort=new",
        "axtree": "[1] RootWebArea 'Pets'\n\t[2] navigation ''\n\t\t[3] button 'Log out'"
        "\n\t[4] list ''\n\t\t[5] listitem ''\n\t\t\t[6] button 'Upvote submission: A'"
        "\n\t\t[7] listitem ''\n\t\t\t[8] button 'Upvote submission: B'"
        "\n\t\t[9] listitem ''\n\t\t\t[10] button 'Upvote submission: C'",
        "last_action_error": "",
    }
    elements = example.page_elements(obs["axtree"])
    assert elements[6].path == elements[10].path != elements[3].path
    candidates = ["stop []", "click [3]", "click [6]", "click [8]", "click [10]"]
    features, _ = example.candidate_features(obs, candidates, example.EpisodeMemory())
    at_place = len(example.KINDS) + len(example.ROLES) + 27
    # Only the second button of the list is at the goal's place; the lone button is no list.
    assert list(features.dense[:, at_place]) == [0.0, 0.0, 0.0, 1.0, 0.0]
    assert list(features.dense[:, at_place + 1]) == [0.0, 0.0, 1.0, 0.0, 0.0]


def test_words_meet_across_plurals_and_site_vocabulary(example):
    assert example.tokens("Issues") == example.tokens("issue") == {"issue"}
    assert example.tokens("Addresses") == {"address"} and example.tokens("status") == {"status"}
    assert "message" in example.tokens("the oldest message in my inbox")
    assert example.tokens("Messages") <= example.tokens("my inbox")
    assert {"price", "low"} <= example.tokens("the cheapest Velo product")
    assert "the" not in example.tokens("the Books")


def test_features_tell_template_words_sections_and_selected_options_apart(example):
    obs = {
        "goal": "Close every open issue labelled bug in the Northwind / Hollow CLI project.",
        "url": "http://git.test/northwind/hollow-cli/-/issues",
        "axtree": "[1] RootWebArea 'Issues'\n\t[2] link 'Northwind'\n\t[3] link 'Issues'"
        "\n\t[4] heading 'Filter issues'\n\t[5] combobox 'Label' expanded: False"
        "\n\t\t[6] option 'Any' selected: False\n\t\t[7] option 'bug' selected: True"
        "\n\t[8] heading 'Milestones'\n\t[9] link 'Backlog'",
        "last_action_error": "",
    }
    elements = example.page_elements(obs["axtree"])
    assert elements[5].selected == "bug" and elements[5].section == "Filter issues"
    assert elements[9].section == "Milestones" and elements[2].section == ""
    candidates = ["stop []", "click [2]", "click [3]", "select [5] [bug]", "select [5] [Any]"]
    features, _ = example.candidate_features(obs, candidates, example.EpisodeMemory())
    base = len(example.KINDS) + len(example.ROLES)
    rows = features.dense
    # 'Issues' is a template word of the goal; 'Northwind' only a word the world filled in.
    assert rows[2, base + 36] == 1.0 and rows[1, base + 36] == 0.0
    assert rows[1, base + 37] == 1.0 and rows[2, base + 37] == 0.0
    # Choosing the option already selected changes nothing.
    assert list(rows[3:, base + 38]) == [1.0, 0.0]
    assert rows[3, base + 40] > 0.0 and rows[2, base + 40] == 0.0
    assert 0.0 < rows[0, base + 39] <= 1.0 and rows[1, base + 39] == 0.0


def test_site_docs_point_a_goal_to_the_control_the_help_names(example):
    docs = example.SiteDocs.parse(
        "<!-- http://forum.test/help/reading -->\n# Reading and finding posts\n\n"
        "## Where the posts are\n\n"
        "- **Forums**: the list of every forum with its description and subscribers.\n"
        "- **All**: the submissions of every forum.\n"
        "- [Messages](http://forum.test/messages) in the header shows your inbox.\n"
        "<!-- http://git.test/help/issues -->\n# Issues\n\n- Click **Milestones**.\n"
    )
    goal = "Subscribe to the forum with the most subscribers."
    forums = docs.match(goal, "http://forum.test/f/pets", "Forums 12")
    every = docs.match(goal, "http://forum.test/", "All")
    assert forums[2] and every[2] and forums[0] > every[0] > 0.0
    assert forums[1] > every[1] > 0.0  # the words around the mention say it best
    assert docs.match(goal, "http://forum.test/", "Messages")[2]  # a link's text names it too
    assert docs.match(goal, "http://forum.test/", "Gardening") == (0.0, 0.0, False)
    assert docs.match(goal, "http://git.test/", "Forums") == (0.0, 0.0, False)  # another site
    assert docs.match(goal, "http://git.test/", "Milestones") == (0.0, 0.0, True)  # no shared word
    obs = {
        "goal": goal,
        "url": "http://forum.test/",
        "axtree": "[1] RootWebArea 'Agora'\n\t[2] link 'Forums'\n\t[3] link 'All'"
        "\n\t[4] link 'Gardening'",
        "last_action_error": "",
    }
    candidates = ["stop []", "click [2]", "click [3]", "click [4]"]
    assert example.episode_memory(None).docs is None  # an env without site_docs=True
    assert isinstance(example.episode_memory("# Help").docs, example.SiteDocs)
    features, _ = example.candidate_features(obs, candidates, example.EpisodeMemory(docs=docs))
    helped = features.dense[:, example.DOCS : example.DOCS + 5]
    relative = (every[0] + every[1]) / (forums[0] + forums[1])
    assert np.allclose(helped[1], [forums[0], forums[1], 1.0, 1.0, 1.0])
    assert np.allclose(helped[2], [every[0], every[1], 1.0, relative, 0.0])
    assert not helped[0].any() and not helped[3].any()
    plain, _ = example.candidate_features(obs, candidates, example.EpisodeMemory())
    assert not plain.dense[:, example.DOCS : example.DOCS + 5].any()


def test_answer_values_and_the_reference_choice(example):
    axtree = (
        "[1] RootWebArea 'Order 100214'\n\t[5] heading 'Order 100214'"
        "\n\t[20] StaticText 'Total: $1,041.97'\n\t[21] link 'aaron.king'"
        "\n\t[22] StaticText 'Placed on Mar 3, 2024 (3 items)'"
    )
    values = example.answer_values(axtree)
    texts = [value.text for value in values]
    assert texts[0] == "" and values[0].element is None
    assert {"Order 100214", "100214", "1,041.97", "aaron.king", "Mar 3, 2024", "3"} <= set(texts)
    assert len(texts) == len(set(texts))
    assert texts[example.answer_choice(values, "$1041.97")] == "1,041.97"
    assert example.answer_choice(values, "") == 0
    assert example.answer_choice(values, "never shown") is None
    shapes = {v.text: example.answer_shape(v.text) for v in values if v.text}
    assert shapes["1,041.97"] == "money" and shapes["3"] == "number"
    assert shapes["Mar 3, 2024"] == "date" and shapes["aaron.king"] == "handle"
    features = example.answer_features("How much was my order 100214?", values)
    assert features.dense.shape == (len(values), example.N_ANSWER)
    assert features.dense[0, 0] == 1.0 and np.isfinite(features.dense).all()
    said = 2 + len(example.ANSWER_SHAPES) + 1  # the goal already says it
    assert features.dense[texts.index("100214"), said] == 1.0
    assert features.dense[texts.index("1,041.97"), said] == 0.0


class _Echo(gym.Env):
    """Records the actions it is sent."""

    observation_space = gym.spaces.Discrete(1)
    action_space = gym.spaces.Discrete(1)

    def __init__(self) -> None:
        self.sent: list[str] = []

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        return 0, {}

    def step(self, action):
        self.sent.append(action)
        return 0, 0.0, False, False, {}


def test_answer_text_sends_the_pending_answer_with_the_next_stop_only(example):
    inner = _Echo()
    env = example.AnswerText(inner)
    env.reset()
    env.set_wrapper_attr("pending_answer", 'Mar 3, 2024 "late"')
    env.step("click [4]")  # another action drops the pending answer
    env.step("stop []")
    env.set_wrapper_attr("pending_answer", "42")
    env.step("stop []")
    assert inner.sent == ["click [4]", "stop []", 'send_msg_to_user("42")']
    env.set_wrapper_attr("pending_answer", "stale")
    env.reset()
    env.step("stop []")
    assert inner.sent[-1] == "stop []"


def test_answer_head_learns_a_reference_answer_from_a_demonstration(example):
    steps, endings, stats = example.collect_demonstrations(["shop.nth-cheapest-rated"], [1], 1, 256)
    assert stats["answers"] == len(endings) == 1 and stats["unanswerable"] == 0
    assert len(steps) == stats["steps"] >= 3
    head = example.CandidatePolicy(example.N_ANSWER)
    answers = example.DemonstrationSet(endings)
    for _ in range(30):
        example.behaviour_cloning_step(head, answers, 0.1)
    assert example.expert_accuracy(head, answers) == 1.0
