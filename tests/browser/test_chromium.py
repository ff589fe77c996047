"""The Chromium backend against the in-process one: same pages, same actions, same logs.

These tests need Debian's ``chromium`` (``make test`` installs it). Outside CI they skip,
loudly, when it is missing; in CI (``$CI`` set) a missing Chromium fails them.
"""

from __future__ import annotations

import contextlib
import gc
import http.client
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from tests.chromium import require_chromium
from webenv.actions import Action, ActionError
from webenv.browser.chromium import ChromiumBrowser, playwright_driver
from webenv.browser.chromium.proxy import STATIC_CACHE_CONTROL
from webenv.browser.chromium.scripts import ID_ATTR
from webenv.env import WebEnv
from webenv.tasks import select_tasks
from webenv.tools.solution import find_element, play_solution
from webenv.world import World

pytestmark = pytest.mark.chromium

TASK = "shop/order-total/0"
PAGES = (
    "http://shop.test/",
    "http://shop.test/category/electronics?sort=price_desc&page=2",
    "http://shop.test/search?q=mug",
    "http://shop.test/account/orders",
    "http://shop.test/account/newsletter",
    "http://shop.test/cart",
    "http://shop.test/account/addresses/new",
)


@pytest.fixture(scope="module")
def envs():
    """A Chromium env and an in-process env over the shop, reset to the same task."""
    require_chromium("the Chromium backend tests")
    chromium = WebEnv(tasks="shop", backend="chromium")
    inprocess = WebEnv(tasks="shop")
    yield chromium, inprocess
    chromium.close()
    inprocess.close()


def both(envs, action: str) -> tuple[dict, dict]:
    chromium, inprocess = envs
    return chromium.step(action)[0], inprocess.step(action)[0]


def reset_both(envs, task_id: str = TASK) -> tuple[dict, dict]:
    chromium, inprocess = envs
    return (
        chromium.reset(options={"task_id": task_id})[0],
        inprocess.reset(options={"task_id": task_id})[0],
    )


def assert_same(obs: tuple[dict, dict]) -> None:
    chromium, inprocess = obs
    assert chromium["last_action_error"] == inprocess["last_action_error"]
    assert chromium["url"].rstrip("/") == inprocess["url"].rstrip("/")
    assert chromium["axtree"] == inprocess["axtree"]


@pytest.mark.slow
def test_check_env_passes():
    """On one env id: the ids differ only in their task sets (the in-process lane checks all)."""
    require_chromium("the Chromium backend tests")
    env = gym.make("WebShop-v0", backend="chromium")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            check_env(env.unwrapped)
    finally:
        env.close()


@pytest.mark.parametrize("url", PAGES)
def test_pages_render_the_same_text_and_ids_as_in_process(envs, url):
    reset_both(envs)
    assert_same(both(envs, f"goto [{url}]"))


def test_actions_match_in_process_step_by_step(envs):
    """Every action kind, good and bad, gives the in-process observation and error."""
    obs = reset_both(envs)
    assert_same(obs)
    axtree = obs[1]["axtree"]
    search = find_element(axtree, {"role": "textbox", "name": "Search"})
    steps = [
        f"type [{search}] [ceramic mug] [0]",
        f"type [{search}] [mug] [1]",
        "go_back",
        "go_forward",
        "goto [http://shop.test/category/electronics]",
    ]
    for action in steps:
        assert_same(both(envs, action))
    obs = both(envs, "scroll [down]")
    assert_same(obs)
    sort = find_element(obs[1]["axtree"], {"role": "combobox", "name": "Sort by"})
    for action in (
        f"select [{sort}] [Price: high to low]",
        f"select [{sort}] [no such sort]",
        f"hover [{sort}]",
        f"type [{sort}] [x]",
        "click [999999]",
        "click [0]",
    ):
        assert_same(both(envs, action))
    obs = both(envs, "goto [http://shop.test/account/newsletter]")
    box = find_element(obs[1]["axtree"], {"role": "checkbox", "name": "Subscribe to newsletter"})
    for action in (f"check [{box}]", f"uncheck [{box}]", f"click [{box}]", f"check [{search}]"):
        assert_same(both(envs, action))
    save = find_element(obs[1]["axtree"], {"role": "button", "name": "Save"})
    assert_same(both(envs, f"click [{save}]"))
    obs = both(envs, "goto [http://shop.test/]")
    search = find_element(obs[1]["axtree"], {"role": "textbox", "name": "Search"})
    assert_same(both(envs, f"type [{search}] [blue shirt] [0]"))
    assert_same(both(envs, "press [Enter]"))
    for action in ("goto [https://example.com/]", "goto [http://localhost:1/]", "go_forward"):
        assert_same(both(envs, action))


def test_trees_are_memoised_per_document_and_never_for_one_acted_on(envs):
    """A document loaded again is mapped from the memo; one an action ran on never is."""
    chromium, _ = envs
    browser = chromium.browser
    reset_both(envs)
    form = "http://shop.test/account/addresses/new"
    assert_same(both(envs, f"goto [{form}]"))
    assert_same(both(envs, "goto [http://shop.test/]"))
    hits = browser.memo.hits
    again = both(envs, f"goto [{form}]")
    assert_same(again)
    assert browser.memo.hits == hits + 1
    street = find_element(again[1]["axtree"], {"role": "textbox", "name": "Street address"})
    typed = both(envs, f"type [{street}] [1 Memo Street] [0]")
    assert_same(typed)
    assert "value: '1 Memo Street'" in typed[0]["axtree"]
    # Unmarked, the typed-into document has the DOM it was loaded with (a typed value is
    # not an attribute); read again from its DOM (as after a failed read), it is
    # Chromium's own tree, with the value, not the memo's tree of that DOM loaded afresh.
    tab = browser.tabs[browser.active]
    tab.page.evaluate(
        f"document.querySelectorAll('[{ID_ATTR}]').forEach(e => e.removeAttribute('{ID_ATTR}'))"
    )
    tab.dom = tab.tree = None
    assert browser.axtree_text() == typed[0]["axtree"]
    # So is a same-document navigation of it (the typed value stays).
    chromium.step(f"goto [{form}#street]")
    assert "value: '1 Memo Street'" in browser.axtree_text()
    # Loaded afresh, the document is pristine again (and mapped from the memo).
    hits = browser.memo.hits
    fresh = both(envs, f"goto [{form}]")
    assert_same(fresh)
    assert "1 Memo Street" not in fresh[0]["axtree"]
    assert browser.memo.hits == hits + 1


def test_the_memo_changes_no_observation(envs):
    """The same seeded walk with the memo off and on: the same steps and pages."""
    chromium, _ = envs
    memo = chromium.browser.memo
    size = memo.size
    memo.size = 0
    try:
        off = _walk(chromium, 24, seed=3)
    finally:
        memo.size = size
    on = _walk(chromium, 24, seed=3)
    assert on == off
    hits = memo.hits
    assert _walk(chromium, 24, seed=3) == off
    assert memo.hits > hits


@pytest.mark.parametrize("key", ["<unknown key>", "291", "Shift+", "Enterr", "\u00e9", "Clear"])
def test_an_unknown_key_is_refused_before_anything_happens(envs, key):
    """Issue 9's Chromium fuzz: ``press("291", "<unknown key>")`` focused, then failed."""
    obs = reset_both(envs)
    search = find_element(obs[1]["axtree"], {"role": "textbox", "name": "Search"})
    for env in envs:
        browser = env.unwrapped.browser
        before = browser.axtree_text()
        with pytest.raises(ActionError, match=r"^unknown key '.*': press takes a key name"):
            browser.execute(Action("press", target=search, text=key))
        assert browser.axtree_text() == before


def test_key_names_and_combinations_are_pressed_alike(envs):
    """Key names in any case are Playwright's keys on Chromium, and accepted in-process."""
    obs = reset_both(envs)
    search = find_element(obs[1]["axtree"], {"role": "textbox", "name": "Search"})
    for key in ("control+a", "ESCAPE", "ArrowLeft", "shift+Home"):
        for env in envs:
            env.unwrapped.browser.execute(Action("press", target=search, text=key))
        chromium, inprocess = (env.unwrapped.browser.axtree_text() for env in envs)
        assert chromium == inprocess and "focused: True" in chromium
    assert_same(both(envs, "press [return]"))


def test_tabs_match_in_process(envs):
    reset_both(envs)
    for action in (
        "new_tab",
        "goto [http://shop.test/cart]",
        "tab_focus [0]",
        "tab_focus [5]",
        "tab_focus [1]",
        "close_tab",
        "close_tab",
        "go_back",
    ):
        chromium, inprocess = both(envs, action)
        assert chromium["tabs"] == inprocess["tabs"].replace("http://shop.test", "http://shop.test")
        assert_same((chromium, inprocess))


def test_request_log_has_the_in_process_shape(envs):
    chromium, inprocess = envs
    logs = []
    for env in (chromium, inprocess):
        obs, _ = env.reset(options={"task_id": TASK})
        obs, *_ = env.step("goto [http://shop.test/account/newsletter]")
        box = find_element(obs["axtree"], {"role": "checkbox", "name": "Subscribe to newsletter"})
        env.step(f"check [{box}]")
        save = find_element(obs["axtree"], {"role": "button", "name": "Save"})
        env.step(f"click [{save}]")
        env.step("goto [http://shop.test/search?q=blue%20mug&page=1]")
        logs.append(list(env.world.request_log))
    for entry in logs[0]:
        assert set(entry) == {"method", "url", "form", "status"}
    strip = [
        [{**e, "form": {k: v for k, v in e["form"].items() if "csrf" not in k}} for e in log]
        for log in logs
    ]
    assert strip[0] == strip[1]
    assert any(e["method"] == "POST" and e["form"].get("newsletter") == "1" for e in logs[0])


def test_reset_isolates_state(envs):
    chromium, _ = envs
    obs, _ = chromium.reset(options={"task_id": TASK})
    obs, *_ = chromium.step("goto [http://shop.test/account/newsletter]")
    box = find_element(obs["axtree"], {"role": "checkbox", "name": "Subscribe to newsletter"})
    chromium.step(f"click [{box}]")
    save = find_element(obs["axtree"], {"role": "button", "name": "Save"})
    chromium.step(f"click [{save}]")
    chromium.step("new_tab")
    changed = chromium.world.query(
        "shop", "SELECT newsletter FROM users WHERE username = ?", ("emma.lopez",)
    )
    obs, _ = chromium.reset(options={"task_id": TASK})
    pristine = chromium.world.query(
        "shop", "SELECT newsletter FROM users WHERE username = ?", ("emma.lopez",)
    )
    assert changed != pristine
    assert obs["tabs"].count("\n") == 0
    assert len(chromium.world.request_log) == 1


def test_reset_after_a_used_episode_starts_like_a_new_browser(envs):
    """Reset keeps the browser context and its first tab (no new renderer), but nothing of
    the last episode: one tab, only the task's cookies, no history, nothing hovered."""
    chromium, inprocess = envs
    chromium.reset(options={"task_id": TASK})
    browser = chromium.unwrapped.browser
    context = browser.page.context
    cookies = sorted((c["name"], c["domain"], c["value"]) for c in context.cookies())
    obs, *_ = chromium.step("goto [http://shop.test/search?q=mug]")
    button = find_element(obs["axtree"], {"role": "button", "name": "Search"})
    box = find_element(obs["axtree"], {"role": "textbox", "name": "Search"})
    chromium.step(f"type [{box}] [lamp] [0]")
    chromium.step(f"hover [{button}]")
    assert browser.page.evaluate("() => document.querySelectorAll(':hover').length") > 0
    chromium.step("new_tab")
    chromium.step("goto [http://shop.test/cart]")
    context.add_cookies([{"name": "left", "value": "over", "domain": "shop.test", "path": "/"}])
    for _ in range(2):
        obs, _ = chromium.reset(options={"task_id": TASK})
        expected, _ = inprocess.reset(options={"task_id": TASK})
        assert browser.page.context is context and len(context.pages) == 1
        assert_same((obs, expected))
        assert obs["tabs"] == expected["tabs"]
        assert sorted((c["name"], c["domain"], c["value"]) for c in context.cookies()) == cookies
        assert browser.page.evaluate("() => document.querySelectorAll(':hover').length") == 0
        assert browser.history_moves() == (False, False)
        assert len(chromium.world.request_log) == 1
        back, *_ = chromium.step("go_back")
        assert back["last_action_error"] == inprocess.step("go_back")[0]["last_action_error"]


def test_static_files_are_fetched_once(envs):
    """The sites' stylesheet is served cacheable: after the first page, one request a page."""
    chromium, _ = envs
    chromium.reset(options={"task_id": TASK})
    proxy = chromium.unwrapped.browser.proxy
    chromium.step(f"goto [{PAGES[1]}]")
    before = proxy.requests
    for url in PAGES[2:5]:
        obs, *_ = chromium.step(f"goto [{url}]")
        assert not obs["last_action_error"]
    assert proxy.requests - before == 3


def test_a_revalidated_static_file_stays_cacheable(envs):
    """A conditional request for the stylesheet gets a 304 that keeps it immutable, so one
    revalidation never turns into one more request on every page."""
    chromium, _ = envs
    proxy = chromium.browser.proxy
    target = "http://shop.test/static/shop.css"
    answers = []
    for headers in ({}, None):
        conn = http.client.HTTPConnection("127.0.0.1", proxy.port, timeout=5)
        try:
            if headers is None:  # the revalidation, with the validator the first answer gave
                headers = {"If-None-Match": answers[0].getheader("ETag")}
            conn.request("GET", target, headers={"Host": "shop.test", **headers})
            response = conn.getresponse()
            response.read()
            answers.append(response)
        finally:
            conn.close()
    assert [answer.status for answer in answers] == [200, 304]
    for answer in answers:
        assert answer.getheader("Cache-Control") == STATIC_CACHE_CONTROL


def test_images_are_fetched_only_when_pixels_are_asked_for(envs):
    """Without screenshots a page's photos are neither fetched nor drawn; the text is the same."""
    chromium, _ = envs
    drawn = WebEnv(tasks="shop", backend="chromium", screenshot=True)
    try:
        texts, requests = [], []
        for env in (chromium, drawn):
            env.reset(options={"task_id": TASK})
            proxy = env.browser.proxy
            before = proxy.requests
            obs, *_ = env.step("goto [http://shop.test/category/electronics]")
            requests.append(proxy.requests - before)
            texts.append(obs["axtree"])
    finally:
        drawn.close()
    assert re.search(r"\] image '[^']+'", texts[0])  # the photos, named by their alt text
    assert texts[0] == texts[1]
    assert requests[0] == 1  # the document alone
    assert requests[1] > 10  # and its photos


def test_unknown_hosts_never_leave_the_machine(envs):
    chromium, _ = envs
    proxy = chromium.browser.proxy
    for method, target in (
        ("GET", "http://example.com/"),
        ("CONNECT", "example.com:443"),
        ("GET", "/"),
    ):
        conn = http.client.HTTPConnection("127.0.0.1", proxy.port, timeout=5)
        try:
            conn.request(
                method,
                target,
                headers={"Host": target.split("/")[2] if "//" in target else "127.0.0.1"},
            )
            response = conn.getresponse()
            response.read()
            assert response.status == 403
        finally:
            conn.close()


def test_rgb_array_and_screenshot_observation():
    require_chromium("the Chromium backend tests")
    env = WebEnv(tasks="shop", backend="chromium", render_mode="rgb_array", screenshot=True)
    try:
        obs, _ = env.reset(options={"task_id": TASK})
        frame = env.render()
        assert isinstance(frame, np.ndarray) and frame.dtype == np.uint8
        assert frame.shape == (720, 1280, 3) and frame.std() > 0
        assert env.observation_space["screenshot"].contains(obs["screenshot"])
    finally:
        env.close()
    with pytest.raises(ValueError, match="chromium"):
        WebEnv(tasks="shop", render_mode="rgb_array")


def _process_table() -> dict[int, tuple[int, str, str]]:
    """pid -> (parent pid, state, command line) from /proc."""
    table = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                command = cmdline.read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        table[int(entry)] = (int(fields[1]), fields[0], command)
    return table


def _descendants(pid: int) -> set[int]:
    table = _process_table()
    out, stack = set(), [pid]
    while stack:
        parent = stack.pop()
        for child, (ppid, _, _) in table.items():
            if ppid == parent and child not in out:
                out.add(child)
                stack.append(child)
    return out


def _wait_gone(pids: set[int], seconds: float = 10.0) -> set[int]:
    """The pids still present (zombies included) after waiting up to ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        table = _process_table()
        left = {pid for pid in pids if pid in table}
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.1)


def test_close_is_safe_twice_and_leaves_no_process():
    require_chromium("the Chromium backend tests")
    playwright_driver()  # the driver serves the whole process; browsers must not linger
    before = _descendants(os.getpid())
    world = World(["shop"])
    browser = ChromiumBrowser(world)
    browser.reset("http://shop.test/", {})
    started = _descendants(os.getpid()) - before
    assert any("chromium" in _process_table().get(pid, (0, "", ""))[2] for pid in started)
    browser.close()
    browser.close()
    world.close()
    assert _wait_gone(started) == set()


@pytest.mark.slow
def test_no_process_survives_a_sigkilled_env():
    require_chromium("the Chromium backend tests")
    code = (
        "import sys\nfrom webenv.env import WebEnv\n"
        "env = WebEnv(tasks='shop', backend='chromium')\nenv.reset(seed=0)\n"
        "print('ready', flush=True)\nsys.stdin.read()\n"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout.readline().strip() == "ready"
        spawned = _descendants(child.pid)
        table = _process_table()
        assert any("chromium" in table[pid][2] for pid in spawned if pid in table)
        os.kill(child.pid, signal.SIGKILL)
        child.wait(10)
        assert _wait_gone(spawned) == set()
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        child.stdin.close()
        child.stdout.close()


@pytest.mark.parametrize(
    "task_id", ["shop/subscribe-newsletter/0", "shop/add-to-cart-options/0", "shop/order-total/0"]
)
def test_shop_tasks_are_solved_on_chromium(envs, task_id):
    chromium, _ = envs
    (task,) = select_tasks([task_id])
    result = play_solution(chromium, task)
    assert result.solved, result.error


LINK_LINE = re.compile(r"^\s*\[(\d+)\] link '([^']*)'", re.MULTILINE)


def _walk(env, steps: int, seed: int) -> list[tuple[str, str, str]]:
    """A link walk with history steps, chosen from each observation by a seeded RNG.

    Returns (action, url, axtree) per step; a different observation changes the walk.
    """
    rng = random.Random(seed)
    obs, _ = env.reset(options={"task_id": TASK})
    out = []
    for step in range(steps):
        links = [int(n) for n, name in LINK_LINE.findall(obs["axtree"]) if name != "Log out"]
        # every history step has a page to go to
        action = ("click", "click", "go_back", "go_back", "go_forward", "go_forward")[step % 6]
        if action == "click":
            action = f"click [{rng.choice(links)}]" if links else "go_back"
        obs, *_ = env.step(action)
        out.append((action, obs["url"], obs["axtree"]))
    return out


@contextlib.contextmanager
def _cpu_hogs(count: int = 2, seconds: float = 120.0):
    """``count`` busy-looping subprocesses, each ending by itself after ``seconds``."""
    code = f"import time\nend = time.monotonic() + {seconds}\nwhile time.monotonic() < end: pass\n"
    hogs = [subprocess.Popen([sys.executable, "-c", code]) for _ in range(count)]
    try:
        yield
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()


@pytest.mark.slow
def test_history_walk_under_cpu_load_reads_each_page_once_loaded(envs):
    """Issue 9.6: under CPU load a page was read before it was ready (only its root line)."""
    chromium, inprocess = envs
    with _cpu_hogs():
        first = _walk(chromium, 30, seed=7)
        second = _walk(chromium, 30, seed=7)
    actions = [step[0] for step in first]
    assert actions.count("go_back") >= 10 and actions.count("go_forward") >= 10
    for index, (a, b) in enumerate(zip(first, second, strict=True)):
        assert a == b, f"step {index} ({a[0]}) differs between two runs under load"
        assert a[2].count("\n") > 5, f"step {index} ({a[0]}) read an unloaded page:\n{a[2]}"
    assert first == _walk(inprocess, 30, seed=7)


def _use_and_drop_env() -> tuple[set[int], object]:
    """Start a Chromium env, use it and drop it without close(); its processes and proxy.

    (In a function of its own: a frame's cached ``f_locals``, which Playwright's call-site
    capture creates, would otherwise keep a reference after ``del``.)
    """
    before = _descendants(os.getpid())
    env = WebEnv(tasks="shop", backend="chromium")
    env.reset(options={"task_id": TASK})
    env.step("goto [http://shop.test/cart]")
    started = _descendants(os.getpid()) - before
    assert any("chromium" in _process_table().get(pid, (0, "", ""))[2] for pid in started)
    return started, env.browser.proxy


@pytest.mark.slow
def test_a_dropped_env_ends_its_browser():
    """Issue 9.8: an env collected without close() kept its Chromium until exit."""
    require_chromium("the Chromium backend tests")
    playwright_driver()
    started, proxy = _use_and_drop_env()
    gc.collect()
    assert _wait_gone(started) == set()
    assert proxy._server is None  # the loopback proxy is closed too


RULES_PAGE = """<!DOCTYPE html><html><head><title>Rules</title><style>.x{color:red}</style>
<script>var a = 1;</script></head><body>
<p>text <b>bold</b> <span hidden>gone <i>deep</i></span></p>
<div aria-hidden="TRUE"><a href="/a">aria hidden</a></div>
<div aria-hidden="false"><a href="/b">shown</a></div>
<input type="hidden" name="h"><input type="Hidden" name="h2"><input name="t">
<textarea>value text</textarea>
<dialog><button>in closed dialog</button></dialog><dialog open><button>open</button></dialog>
<details><summary>more <b>x</b></summary><p>closed <a href="/c">content</a></p></details>
<details open><summary>less</summary><p>open content</p></details>
<div style="display: none"><a href="/d">styled</a></div>
<div style="VISIBILITY:hidden"><a href="/e">invisible</a></div>
<select><option>one</option><optgroup label="g"><option>two</option></optgroup></select>
<datalist><option>dl</option></datalist>
<map><area href="/g"></map> &nbsp; <!-- comment --> tail\u00a0 <em>\u2003</em>
</body></html>"""


def test_page_scripts_apply_the_python_rules(envs):
    """CDP's DOM numbered in Python and inspect.js, fed the rules' JSON, number and hide
    elements as webenv.axtree.

    (The page avoids what HTML5 and lxml parse differently: template, noscript.)
    """
    from lxml import html as lxml_html

    from webenv.axtree import assign_ids, is_hidden

    chromium, _ = envs
    chromium.reset(options={"task_id": TASK})
    browser = chromium.unwrapped.browser
    browser.page.set_content(RULES_PAGE)
    # set_content keeps the document node, so the tab's DOM map is dropped by hand.
    browser.tabs[browser.active].dom = None
    browser.tabs[browser.active].tree = None
    elements = assign_ids(lxml_html.document_fromstring(RULES_PAGE))
    marked_js = (
        "() => Array.from(document.querySelectorAll('[data-webenv-id]'),"
        " el => Number(el.getAttribute('data-webenv-id')))"
    )
    # Inspecting marks the element and its <select> for Playwright, and nothing else.
    option = next(nid for nid, el in elements.items() if el.tag == "option" and el.text == "two")
    select = next(nid for nid, el in elements.items() if el.tag == "select")
    first = browser.element_facts(option)
    assert first is not None and first.select_id == select and first.option_index == 1
    assert sorted(browser.page.evaluate(marked_js)) == [select, option]
    facts = {nid: browser.element_facts(nid) for nid in elements}
    assert {nid: info.tag for nid, info in facts.items() if info} == {
        nid: el.tag for nid, el in elements.items()
    }
    expected = {nid: is_hidden(el) for nid, el in elements.items()}
    assert {nid: info.hidden for nid, info in facts.items() if info} == expected
    assert sum(expected.values()) >= 20 and not all(expected.values())
    assert browser.element_facts(max(elements) + 1) is None


@pytest.mark.slow
def test_actions_wait_for_slow_navigations(envs, monkeypatch):
    """Issue 9.6, deterministically: a page slower than the action timeout is still awaited.

    The shop answers /cart and /search after longer than Playwright's action timeout; a
    click or an Enter that navigates there must give the loaded page (as in-process), not
    an error and the page being left.
    """
    import webenv.browser.chromium.browser as chromium_module

    chromium, _inprocess = envs
    monkeypatch.setattr(chromium_module, "ACTION_TIMEOUT_MS", 600)
    app = chromium.world.apps["shop"]
    wsgi_app = app.wsgi_app

    def slow(environ, start_response):
        if environ.get("PATH_INFO") in ("/cart", "/search"):
            time.sleep(1.2)
        return wsgi_app(environ, start_response)

    monkeypatch.setattr(app, "wsgi_app", slow)
    obs = reset_both(envs)
    cart = find_element(obs[1]["axtree"], {"role": "link", "name": "My Cart"})
    search = find_element(obs[1]["axtree"], {"role": "textbox", "name": "Search"})
    for action in (
        f"click [{cart}]",
        "go_back",
        "go_forward",
        "go_back",
        f"type [{search}] [mug] [1]",
        "go_back",
    ):
        obs = both(envs, action)
        assert obs[0]["last_action_error"] == "", action
        assert_same(obs)
    assert obs[0]["url"].rstrip("/") == "http://shop.test"


def test_a_browser_finalized_in_another_thread_is_released_by_the_driver_thread():
    """A collection in another thread (sync Playwright is bound to its own) defers the close."""
    require_chromium("the Chromium backend tests")
    playwright_driver()
    before = _descendants(os.getpid())
    world = World(["shop"])
    browser = ChromiumBrowser(world)
    started = _descendants(os.getpid()) - before
    try:
        worker = threading.Thread(target=browser._finalizer)
        worker.start()
        worker.join(10)
        assert not browser._finalizer.alive
        assert _wait_gone(started, 1.0) == started  # not closed from the wrong thread
        playwright_driver()  # the next use in the driver's thread releases it
        assert _wait_gone(started) == set()
    finally:
        browser.close()
        world.close()


class _FakeFrame:
    def __init__(self) -> None:
        self.url = "about:blank"


class _FakePage:
    """Just enough of a Playwright page to drive _Loading's event handlers by hand."""

    def __init__(self) -> None:
        self.main_frame = _FakeFrame()
        self.handlers: dict[str, object] = {}

    def on(self, event: str, handler) -> None:
        self.handlers[event] = handler

    def emit(self, event: str, arg) -> None:
        self.handlers[event](arg)


class _FakeRequest:
    def __init__(self, page: _FakePage, url: str, redirected_from=None) -> None:
        self.frame, self.url, self.redirected_from = page.main_frame, url, redirected_from

    def is_navigation_request(self) -> bool:
        return True


class _FakeResponse:
    def __init__(self, request: _FakeRequest, status: int = 200, headers=None) -> None:
        self.request, self.status, self.headers = request, status, headers or {}


@pytest.mark.parametrize("order", ["commit-first", "response-first"])
def test_navigation_tracking_ends_each_navigation_once(order):
    """The wait's bookkeeping: pending from the first request to commit, failure or no-document."""
    from webenv.browser.chromium.loading import Loading

    page = _FakePage()
    loading = Loading(page)
    first = _FakeRequest(page, "http://shop.test/a")
    page.emit("request", first)
    hop = _FakeRequest(page, "http://shop.test/b", redirected_from=first)
    page.emit("request", hop)  # a redirect: still one navigation
    assert list(loading.pending) == [hop]

    def commit(url):
        page.main_frame.url = url
        page.emit("framenavigated", page.main_frame)

    if order == "commit-first":  # events can come in either order
        commit(hop.url)
        page.emit("response", _FakeResponse(hop))
    else:
        page.emit("response", _FakeResponse(hop))
        assert loading.pending  # the document has not committed yet
        commit(hop.url)
    page.emit("requestfinished", hop)
    assert not loading.pending and loading.commits == 1 and loading.complete == -1
    page.emit("load", page)
    assert loading.complete == loading.commits

    empty = _FakeRequest(page, "http://shop.test/empty")
    page.emit("request", empty)
    page.emit("response", _FakeResponse(empty, 204))
    assert loading.pending
    page.emit("requestfinished", empty)  # no document will come
    download = _FakeRequest(page, "http://shop.test/file")
    page.emit("request", download)
    page.emit("response", _FakeResponse(download, 200, {"content-disposition": "attachment"}))
    page.emit("requestfinished", download)
    failed = _FakeRequest(page, "http://shop.test/x")
    page.emit("request", failed)
    page.emit("requestfailed", failed)
    assert not loading.pending and loading.commits == 1


def test_save_and_restore_state_on_chromium(envs):
    """Issue 18.1: a restore reloads each tab at its place, with the saved cookies and world."""
    chromium, inprocess = envs
    for env in (chromium, inprocess):
        env.reset(options={"task_id": TASK})
    walk = [
        "goto [http://shop.test/category/electronics]",
        "new_tab",
        "goto [http://shop.test/cart]",
        "tab_focus [0]",
    ]
    for action in walk:
        saved_obs, *_ = chromium.step(action)
        expected, *_ = inprocess.step(action)
        assert saved_obs == expected
    state = chromium.save_state()
    chromium.step("goto [http://shop.test/account/orders]")
    chromium.step("close_tab")
    restored, _ = chromium.restore_state(state)
    assert restored == saved_obs
    assert chromium.step("go_back")[0] == inprocess.step("go_back")[0]  # history came back too


@pytest.fixture(scope="module")
def forum_envs():
    """A Chromium env and an in-process env over the forum (for the api action)."""
    require_chromium("the Chromium backend tests")
    chromium = WebEnv(tasks="forum", backend="chromium")
    inprocess = WebEnv(tasks="forum")
    yield chromium, inprocess
    chromium.close()
    inprocess.close()


def test_api_actions_show_the_same_page_and_log_the_same_requests(forum_envs):
    """The api action on Chromium: the tab's cookies (the logged-in user), the same response
    page (byte-identical AX text), history, request log and database write as in-process."""
    chromium, inprocess = forum_envs
    reset_both(forum_envs, "forum/api-comment/0")
    marks = [len(env.world.request_log.since(0)) for env in forum_envs]
    for action in (
        "api [GET] [http://forum.test/api/forums/knitting/submissions?sort=new&per_page=2]",
        'api [POST] [__FORUM__/api/submissions/44/comments] [{"body": "Via the API."}]',
        'api [POST] [http://forum.test/api/submissions/44/vote] [{"choice": 9}]',
        'tool [vote_submission] [{"id": 44, "choice": -1}]',
        "api [GET] [http://forum.test/api/users/nobody]",
        "api [GET] [http://example.com/]",
    ):
        obs = both(forum_envs, action)
        assert_same(obs)
        assert obs[0]["tabs"] == obs[1]["tabs"], action
    logs = [
        [(r.method, r.url, r.form, r.status) for r in env.world.request_log.since(0)[mark:]]
        for env, mark in zip(forum_envs, marks, strict=True)
    ]
    assert logs[0] == logs[1]
    assert (
        "POST",
        "http://forum.test/api/submissions/44/comments",
        {"body": "Via the API."},
        201,
    ) in logs[0]
    sql = "SELECT user_id, body FROM comments WHERE submission_id = 44 ORDER BY id DESC LIMIT 1"
    assert (
        chromium.world.query("forum", sql)
        == inprocess.world.query("forum", sql)
        == [(1, "Via the API.")]
    )
    votes = "SELECT value FROM submission_votes WHERE user_id = 1 AND submission_id = 44"
    assert chromium.world.query("forum", votes) == [(-1,)]
