"""The forum and the Git host driven through env.step(), as an agent sees them."""

from __future__ import annotations

import re

import pytest

from webenv.env import WebEnv
from webenv.tools.solution import find_element


@pytest.fixture(scope="module")
def forum():
    env = WebEnv(tasks="forum")
    yield env
    env.close()


@pytest.fixture(scope="module")
def git():
    env = WebEnv(tasks="githost")
    yield env
    env.close()


def start(env: WebEnv, url: str) -> dict[str, str]:
    env.reset(options={"task_id": env.tasks[0].task_id})
    obs, *_ = env.step(f"goto [{url}]")
    assert obs["last_action_error"] == ""
    return obs


def act(env: WebEnv, obs: dict[str, str], verb: str, role: str, name: str, *args: str):
    target = find_element(obs["axtree"], {"role": role, "name": name})
    text = " ".join([f"{verb} [{target}]", *(f"[{a}]" for a in args)])
    obs, *_ = env.step(text)
    assert obs["last_action_error"] == "", obs["last_action_error"]
    return obs


def points(axtree: str, title: str) -> int:
    lines = axtree.splitlines()
    at = next(i for i, line in enumerate(lines) if f"link '{title}'" in line)
    for line in lines[at:]:
        found = re.search(r"StaticText '(-?\d+) points?", line)
        if found:
            return int(found.group(1))
    raise AssertionError(f"no score after {title!r}")


def _first_title(axtree: str) -> str:
    """The first submission a forum listing offers an upvote on (someone else's)."""
    found = re.search(r"button 'Upvote submission: (.+)'", axtree)
    assert found, axtree
    return found.group(1)


def test_forum_vote_changes_score_and_can_be_withdrawn(forum):
    obs = start(forum, "http://forum.test/f/books")
    title = _first_title(obs["axtree"])
    before = points(obs["axtree"], title)
    obs = act(forum, obs, "click", "button", f"Upvote submission: {title}")
    assert points(obs["axtree"], title) == before + 1
    obs = act(forum, obs, "click", "button", f"Remove upvote from submission: {title}")
    assert points(obs["axtree"], title) == before
    votes = forum.world.query(
        "forum",
        "SELECT count(*) FROM submission_votes v JOIN submissions s ON s.id = "
        "v.submission_id WHERE s.title = ? AND v.user_id = 1",
        (title,),
    )
    assert votes == [(0,)]


def test_forum_reply_edit_and_delete_own_comment(forum):
    obs = start(forum, "http://forum.test/f/books")
    obs = act(forum, obs, "click", "link", _first_title(obs["axtree"]))
    obs = act(forum, obs, "type", "textbox", "Comment", "A <b>first</b> thought.", "0")
    obs = act(forum, obs, "click", "button", "Post comment")
    assert "StaticText 'A <b>first</b> thought.'" in obs["axtree"]  # escaped, shown as text
    edit = find_element(obs["axtree"], {"role": "link", "name": "Edit", "nth": 0})
    obs, *_ = forum.step(f"click [{edit}]")
    obs = act(forum, obs, "type", "textbox", "Comment", "A second thought.", "0")
    obs = act(forum, obs, "click", "button", "Save changes")
    assert "A second thought." in obs["axtree"] and "edited" in obs["axtree"]
    obs = act(forum, obs, "click", "button", "Delete")
    assert "[deleted]" in obs["axtree"]


def test_forum_other_users_content_is_forbidden(forum):
    rows = forum.world.query(
        "forum",
        "SELECT c.id FROM comments c JOIN submissions s ON s.id = c.submission_id "
        "WHERE c.user_id != 1 AND c.deleted = 0 AND c.removed = 0 AND s.deleted = 0 "
        "ORDER BY c.id LIMIT 1",
    )
    obs = start(forum, f"http://forum.test/comments/{rows[0][0]}/edit")
    assert obs["axtree"].startswith("[0] RootWebArea '403 Forbidden")
    assert forum.world.request_log[-1]["status"] == 403


def test_git_issue_created_assigned_to_me_and_closed(git):
    obs = start(git, "http://git.test/alex.chen/quartz-lint/-/issues/new")
    obs = act(git, obs, "type", "textbox", "Title", "Crash on empty config", "0")
    obs = act(git, obs, "check", "checkbox", "bug")
    obs = act(git, obs, "click", "button", "Create issue")
    assert obs["url"].startswith("http://git.test/alex.chen/quartz-lint/-/issues/")
    obs = act(git, obs, "click", "button", "Assign to me")
    obs = act(git, obs, "click", "button", "Close issue")
    rows = git.world.query(
        "githost",
        "SELECT i.state, (SELECT count(*) FROM issue_assignees a WHERE "
        "a.issue_id = i.id AND a.user_id = 1) FROM issues i "
        "WHERE i.title = 'Crash on empty config'",
    )
    assert rows == [("closed", 1)]


def test_git_guest_cannot_merge(git):
    rows = git.world.query(
        "githost",
        "SELECT n.path || '/' || p.path, m.iid FROM merge_requests m "
        "JOIN projects p ON p.id = m.project_id JOIN namespaces n ON n.id = p.namespace_id "
        "WHERE n.path = 'open-harbor' AND m.state = 'opened' ORDER BY m.id LIMIT 1",
    )
    project, iid = rows[0]
    obs = start(git, f"http://git.test/{project}/-/merge_requests/{iid}")
    assert "button 'Merge'" not in obs["axtree"]
    before = len(git.world.request_log)
    obs, *_ = git.step(f"goto [http://git.test/{project}/-/merge_requests/{iid}/merge]")
    assert git.world.request_log[before]["status"] in (403, 405)
    state = git.world.query(
        "githost",
        "SELECT m.state FROM merge_requests m JOIN projects p ON "
        "p.id = m.project_id JOIN namespaces n ON n.id = "
        "p.namespace_id WHERE n.path || '/' || p.path = ? AND "
        "m.iid = ?",
        (project, iid),
    )
    assert state == [("opened",)]


def test_git_api_answers_as_the_signed_in_user_and_with_a_token_until_revoked(git):
    obs = start(git, "http://git.test/api/v4/user")
    assert '"username":"alex.chen"' in obs["axtree"]
    obs = start(git, "http://git.test/-/user_settings/personal_access_tokens")
    obs = act(git, obs, "type", "textbox", "Token name", "agent", "0")
    obs = act(git, obs, "check", "checkbox", "api: full read and write access to the API")
    obs = act(git, obs, "click", "button", "Create personal access token")
    found = re.search(r"glpat-[A-Za-z0-9_-]{20}", obs["axtree"])
    assert found, obs["axtree"]
    token = found.group(0)
    api = f"http://git.test/api/v4/projects?membership=true&per_page=1&private_token={token}"
    obs, *_ = git.step(f"goto [{api}]")
    assert '"path_with_namespace"' in obs["axtree"]
    obs, *_ = git.step("goto [http://git.test/-/user_settings/personal_access_tokens]")
    assert token not in obs["axtree"]
    obs = act(git, obs, "click", "button", "Revoke agent")
    obs, *_ = git.step(f"goto [{api}]")
    assert "401 Unauthorized" in obs["axtree"]


def test_in_process_page_loads_fetch_no_pictures():
    """Images are in the AX tree by their alt text; the in-process backend never requests them."""
    env = WebEnv(tasks="shop")
    try:
        obs = start(env, "http://shop.test/product/ember-porcelain-coffee-mug")
        assert "image 'Grey porcelain coffee mug, front view'" in obs["axtree"]
        act(env, obs, "click", "link", "Red porcelain coffee mug, side view")
        urls = [entry["url"] for entry in env.world.request_log]
        assert urls and not any("/media/" in url for url in urls), urls
    finally:
        env.close()


def test_a_counts_answer_is_judged_with_the_tasks_intent(git):
    """The env hands the validators the task's intent: "How many branches ...?" makes a
    figure said with another noun a remark beside the count, not a rival count."""
    for answer, passed in (("7 branches, 3 tags", True), ("3 branches, 7 tags", False)):
        git.reset(options={"task_id": "githost/branch-count/0"})
        *_, info = git.step(f"stop [{answer}]")
        assert info["validation"]["lenient"]["passed"] is passed, answer
        assert info["validation"]["strict"]["passed"] is False
