"""``step()`` never raises: hostile arguments for every action kind of both grammars, and
hostile content stored through the sites' forms and then clicked.

The short version of ``benchmarks/fuzz.py`` (which holds the one set of hostile
generators); the long run is ``python benchmarks/fuzz.py``.
"""

from __future__ import annotations

import importlib.util
import re
import sys
import zlib
from pathlib import Path

import gymnasium as gym
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import webenv
from webenv.actions import ActionKind

_PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "fuzz.py"
_SPEC = importlib.util.spec_from_file_location("webenv_benchmarks_fuzz", _PATH)
assert _SPEC is not None and _SPEC.loader is not None
fuzz = importlib.util.module_from_spec(_SPEC)
sys.modules[_SPEC.name] = fuzz
_SPEC.loader.exec_module(fuzz)


@pytest.fixture(scope="module", params=sorted(webenv.ENV_IDS))
def env(request):
    env = gym.make(request.param, max_episode_steps=10**6)
    yield env
    env.close()


def _fail_on_exceptions(tally) -> None:
    if tally.exceptions:
        action, message, trace = tally.exceptions[0]
        raise AssertionError(f"{message}\n  action: {action!r}\n{trace}")


@settings(
    max_examples=25,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_hostile_walks_never_raise(env, data):
    tally = fuzz.Tally()
    fuzz.walk(env, fuzz.HypothesisDraw(data), tally, max_steps=8)
    _fail_on_exceptions(tally)


@pytest.fixture(scope="module")
def shop():
    env = gym.make("WebShop-v0", max_episode_steps=10**6)
    yield env
    env.close()


@pytest.mark.parametrize("grammar", fuzz.GRAMMARS)
@pytest.mark.parametrize("kind", list(ActionKind))
def test_every_action_kind_with_hostile_arguments(shop, kind, grammar):
    """A fixed, seeded sample for each kind and grammar, so none is left to chance."""
    draw = fuzz.RandomDraw(zlib.crc32(f"{kind} {grammar}".encode()))
    tally = fuzz.Tally()
    obs, _ = shop.reset(seed=0)
    for _ in range(15):
        action = fuzz.draw_action(draw, fuzz.read_page(obs["axtree"]), kind=kind, grammar=grammar)
        obs, ended = fuzz.checked_step(shop, action, obs, tally)
        if ended:
            obs, _ = shop.reset(seed=0)
    _fail_on_exceptions(tally)
    if grammar != "garbled":  # the arguments were hostile: most are refused
        assert sum(tally.errors.values()) > 0


@pytest.mark.parametrize(
    "action",
    [
        "goto [http://[::1]",
        "goto [http://[]",
        'goto("http://]/")',
        "goto [http://[x/]",
        "goto [https://[:65535/]",
        "goto [http://user@[::1:80/]",
        "goto [javascript://a@b@[x/]",
        "goto [//[/]",
        "goto [//]/]",
        "goto [[::1]]",
        "goto [http://shop.test:99999/]",
        "goto [http://shop.test:-1/]",
        "goto [http://shop.test:abc/]",
        "goto [http://bücher.test/]",
        "goto [http://shop.test\t/]",
        "goto [http://%00/]",
        "goto [http:\\\\shop.test\\cart]",
        "goto [http://a@b@shop.test/]",
        "goto [data:text/html,<a href='http://[x/'>x</a>]",
        "goto [__SHOP__:99999/]",
    ],
)
def test_known_bad_urls_are_action_errors(shop, action):
    obs, _ = shop.reset(seed=0)
    tally = fuzz.Tally()
    fuzz.checked_step(shop, action, obs, tally)
    _fail_on_exceptions(tally)


# -- hostile stored content -------------------------------------------------------------------

STORED_URLS = [
    "http://[x/",
    "http://[::1",
    "https://]/",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<b>x</b>",
    "http://shop.test:99999/",
    "http://shop.test:abc/",
    "http://bücher.test/",
    "http://user:pw@shop.test/cart",
    "http://shop.test/%zz",
    "HTTP://SHOP.TEST:80/cart",
    "http://a b/",
    "http:\\\\shop.test\\cart",
    "//[/",
]
STORED_TITLES = [
    "a [b] c",
    "x'] [y",
    "\u202eevil",
    "é☃𝄞 [1]",
    "<b>bold</b>",
    "' OR 1=1 --",
    "]",
    "a" * 200,
]


def _main_links(axtree: str) -> list[str]:
    """Ids of the links in the page's ``main`` landmark (the site's chrome is skipped)."""
    main = re.search(
        r"^\t*\[\d+\] main .*?(?=^\t*\[\d+\] contentinfo |\Z)", axtree, re.MULTILINE | re.DOTALL
    )
    return re.findall(r"^\t*\[(\d+)\] link ", main.group() if main else "", re.MULTILINE)


def _click_every_link(env, url: str, tally) -> None:
    """From ``url``, click each link in the page's main part (from ``url`` each time)."""
    obs, *_ = env.step(f"goto [{url}]")
    for link in _main_links(obs["axtree"]):
        obs, *_ = env.step(f"goto [{url}]")
        before = obs
        obs, _ = fuzz.checked_step(env, f"click [{link}]", before, tally)
        obs, _ = fuzz.checked_step(env, f'click("{link}")', obs, tally)
        fuzz.checked_step(env, "go_back", obs, tally)


@pytest.fixture(scope="module")
def forum():
    env = gym.make("WebForum-v0", max_episode_steps=10**6)
    yield env
    env.close()


def _field(axtree: str, role: str, name: str) -> str:
    match = re.search(rf"^\t*\[(\d+)\] {role} '{re.escape(name)}'", axtree, re.MULTILINE)
    assert match, f"no {role} {name!r} on the page"
    return match.group(1)


@pytest.mark.parametrize(("url", "title"), list(zip(STORED_URLS, STORED_TITLES * 2, strict=False)))
def test_links_stored_through_the_forum_form_are_clicked_safely(forum, url, title):
    forum.reset(seed=0)
    tally = fuzz.Tally()
    obs, *_ = forum.step("goto [http://forum.test/submit]")
    form = obs["axtree"]
    for action in (
        f"select [{_field(form, 'combobox', 'Forum')}] [Cooking]",
        f"type [{_field(form, 'textbox', 'Title')}] [{title}] [0]",
        f"type [{_field(form, 'textbox', 'URL')}] [{url}] [0]",
        f"click [{_field(form, 'button', 'Create submission')}]",
    ):
        obs, _ = fuzz.checked_step(forum, action, obs, tally)
    _click_every_link(forum, obs["url"], tally)
    _fail_on_exceptions(tally)


def test_links_stored_before_validation_are_clicked_safely(forum):
    """Bad URLs already in a site's database (written by an older version or by hand)."""
    forum.reset(seed=0)
    world = forum.unwrapped.world
    database = world.database("forum").connection
    first = world.query("forum", "SELECT max(id) FROM submissions")[0][0] + 1
    for offset, url in enumerate(STORED_URLS):
        database.execute(
            "INSERT INTO submissions (id, forum_id, user_id, kind, title, url, body, hot, "
            "created_at) SELECT ?, forum_id, user_id, 'link', ?, ?, '', hot, created_at "
            "FROM submissions WHERE id = 1",
            (first + offset, STORED_TITLES[offset % len(STORED_TITLES)], url),
        )
    database.commit()
    tally = fuzz.Tally()
    for offset in range(len(STORED_URLS)):
        _click_every_link(forum, f"http://forum.test/f/denver/{first + offset}", tally)
    forum.reset(seed=0)  # the world is restored for the other tests
    _fail_on_exceptions(tally)


@pytest.fixture(scope="module")
def git():
    env = gym.make("WebGit-v0", max_episode_steps=10**6)
    yield env
    env.close()


@pytest.mark.parametrize("title", [*STORED_TITLES, "[12] link 'x'", "\\'", "click [1]"])
def test_names_stored_through_the_githost_form_are_found_and_clicked(git, title):
    git.reset(seed=0)
    tally = fuzz.Tally()
    project = "http://git.test/northwind/falcon-proxy"
    obs, *_ = git.step(f"goto [{project}/-/issues/new]")
    form = obs["axtree"]
    for action in (
        f"type [{_field(form, 'textbox', 'Title')}] [{title}] [0]",
        f"type [{_field(form, 'textbox', 'Description')}] [{title}\n{title}] [0]",
        f"click [{_field(form, 'button', 'Create issue')}]",
    ):
        obs, _ = fuzz.checked_step(git, action, obs, tally)
    assert obs["last_action_error"] == "" and "/-/issues/" in obs["url"]
    obs, *_ = git.step(f"goto [{project}/-/issues?sort=created_desc]")
    # The new issue is listed under its hostile name, and clicking that name opens it.
    names = re.findall(r"^\t*\[(\d+)\] link '(.*)'$", obs["axtree"], re.MULTILINE)
    matching = [node for node, name in names if title.strip() and title.strip() in name]
    if title.strip():
        assert matching, f"no link named {title!r} in the issue list"
    for node in matching[:1]:
        obs, _ = fuzz.checked_step(git, f"click [{node}]", obs, tally)
        assert obs["last_action_error"] == ""
    _click_every_link(git, obs["url"], tally)
    _fail_on_exceptions(tally)
