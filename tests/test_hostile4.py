"""Hostile inputs, round 4: held-out cases written from the contract (a bad input gets a
clear error and loses nothing), before reading the code they exercise.

Each case checks that no exception escapes (but the documented error types of the Python
API), that the error names the problem, that the world's databases are unchanged when
the input was refused, that the next valid action still works, and that nothing tried
to reach the network.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import socket
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import httpx
import numpy as np
import pytest
from click.testing import CliRunner
from lxml import html

from tests.chromium import require_chromium
from tests.hubs import hub_digest, started_hub
from webenv.cli import main
from webenv.env import WebEnv
from webenv.errors import OptionError, TaskError
from webenv.serve import Hub
from webenv.tasks import load_task_file

START = "cross/bio-project-count/0"  # logged in on all three sites, starts on git.test
ISSUES = "http://git.test/api/v4/projects/northwind%2Ffalcon-proxy/issues"


def digest(env: WebEnv) -> str:
    """A digest of every site database of the env's world, as it is now."""
    h = hashlib.sha256()
    for name, database in sorted(env.world.databases.items()):
        h.update(name.encode())
        assert database.connection is not None
        h.update(database.connection.serialize())
    return h.hexdigest()


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[object]]:
    """Every outgoing connection attempt, refused and recorded (loopback included)."""
    attempts: list[object] = []

    def refuse(self: socket.socket, address: object) -> None:
        attempts.append(address)
        raise OSError("the hostile-input tests allow no network")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    yield attempts
    assert attempts == [], f"something tried to reach the network: {attempts}"


@pytest.fixture(scope="module")
def env() -> Iterator[WebEnv]:
    made = WebEnv(tasks="all")
    made.reset(options={"task_id": START})
    yield made
    made.close()


@pytest.fixture
def fresh(env: WebEnv) -> WebEnv:
    env.reset(options={"task_id": START})
    return env


def refused(env: WebEnv, action: object, *words: str) -> dict:
    """Step ``action``, which must be refused: an error naming ``words``, no write."""
    before, url = digest(env), env.browser.open_pages()
    obs, reward, terminated, truncated, _ = env.step(action)  # type: ignore[arg-type]
    error = obs["last_action_error"]
    assert error, f"{action!r} was accepted"
    assert "\n" not in error
    for word in words:
        assert word.lower() in error.lower(), error
    assert not terminated and not truncated and reward == 0.0
    assert digest(env) == before
    assert env.browser.open_pages() == url
    follow = env.step("goto [http://shop.test/]")[0]
    assert follow["last_action_error"] == "" and follow["url"] == "http://shop.test/"
    return obs


# -- actions: the grammar ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ("click [99999999999999999999]", ["too large"]),
        ("click [-3]", ["must be a number"]),
        ("click [2.5]", ["must be a number"]),
        ("click [0x1f]", ["must be a number"]),
        ("click [１４]", ["must be a number"]),  # fullwidth digits
        ("click [[14]]", ["must be a number"]),
        ("click [14", ["unbalanced"]),
        ("click [14]]", ["unexpected text"]),
        ("click [14] [15]", ["takes 1 argument"]),
        ('click("14", button="right")', ["no argument 'button'"]),
        ('click("14"); click("19")', ["one call"]),
        ('fill("49", f"x{1}")', ["literal"]),
        ('fill("49", "open)', ["unbalanced quotes"]),
        ("type [49] [a\x00b] [1]", ["U+0000"]),
        ("type [49] [a\ud800b] [1]", ["surrogate"]),
        ("type [9] [hello] [1]", ["not a text field"]),
        ("select [97] [No such option]", ["no option 'No such option'", "Most stars"]),
        ("select [14] [x]", ["not a combobox"]),
        ("press [Control+]", ["unknown key"]),
        ("press []", ["needs a key"]),
        ("scroll [sideways]", ["scroll direction"]),
        ("scroll(nan, 1)", ["literal"]),
        ("tab_focus [7]", ["no tab 7"]),
        ("tab_focus [-1]", ["non-negative"]),
        ("tab_focus [99999999999999999999999]", ["non-negative"]),
        (b"click [14]", ["string", "bytes"]),
        (None, ["string", "NoneType"]),
        (14, ["string", "int"]),
        ({"action": "click [14]"}, ["string", "dict"]),
        (["click [14]"], ["string", "list"]),
    ],
)
def test_malformed_actions_are_refused_with_a_reason(fresh, no_network, action, words):
    refused(fresh, action, *words)


@pytest.mark.parametrize(
    "url",
    [
        "javascript:alert(1)",
        "data:text/html,<script>alert(1)</script>",
        "file:///etc/passwd",
        "view-source:http://shop.test/",
        "ftp://shop.test/",
        "https://shop.test/",
        "http://shop.test:8080/",
        "http://[::1]/",
        "http://127.0.0.1/",
        "http://0x7f000001/",
        "http://localhost:8001/",
        "http://shöp.test/",
        "http://shop.test.evil.com/",
        "//evil.com/",
        "http://shop.test:99999/",
        "http://",
    ],
)
def test_urls_off_the_sites_are_refused_and_reach_nothing(fresh, no_network, url):
    refused(fresh, f"goto [{url}]", "cannot open")


def test_a_url_past_the_limit_is_refused_with_the_limit(fresh, no_network):
    refused(fresh, f"goto [http://shop.test/{'a' * 9_000}]", "URL too long", "2000")


@pytest.mark.parametrize(
    ("url", "landed"),
    [
        ("HTTP://SHOP.TEST/", "http://shop.test/"),
        ("http://a@shop.test/", "http://shop.test/"),
        ("http:\\\\shop.test\\", "http://shop.test/"),
        ("http://shop.test\\@evil.com/", "http://shop.test/@evil.com/"),
        ("http://shop.test/static/../../../etc/passwd", "http://shop.test/etc/passwd"),
        ("http://shop.test/%zz", "http://shop.test/%zz"),
        ("http://shop.test/%00", "http://shop.test/%00"),
        ("http://shop.test/%c0%af", "http://shop.test/%c0%af"),
    ],
)
def test_odd_site_urls_are_normalised_like_a_browser_and_stay_on_the_site(
    fresh, no_network, url, landed
):
    before = digest(fresh)
    obs = fresh.step(f"goto [{url}]")[0]
    assert obs["last_action_error"] == ""
    assert obs["url"] == landed
    assert "root:x:0:0" not in obs["axtree"]
    assert digest(fresh) == before


def test_the_last_tab_closed_leaves_a_blank_tab_that_still_works(fresh, no_network):
    for _ in range(3):
        obs = fresh.step("close_tab")[0]
        assert obs["last_action_error"] == "" and obs["url"] == "about:blank"
    assert fresh.step("go_back")[0]["last_action_error"]
    assert fresh.step("goto [http://shop.test/]")[0]["url"] == "http://shop.test/"


def test_a_numpy_string_action_is_a_string(fresh, no_network):
    obs = fresh.step(np.str_("goto [http://forum.test/]"))[0]
    assert obs["last_action_error"] == "" and obs["url"] == "http://forum.test/"


# -- actions: the API ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        "api [GET] [http://shop.test/rest/V1/products?searchCriteria[pageSize]=2]",
        'api("GET", "http://shop.test/rest/V1/products?searchCriteria[pageSize]=2")',
    ],
)
def test_an_api_url_may_hold_brackets_in_both_grammars(fresh, no_network, action):
    """Magento's searchCriteria[...] parameters (docs/api.md) are written with brackets:
    the WebArena grammar refused them with "api needs a URL in brackets"."""
    obs = fresh.step(action)[0]
    assert obs["last_action_error"] == ""
    assert obs["url"] == "http://shop.test/rest/V1/products?searchCriteria%5BpageSize%5D=2"
    assert "Status: 200 OK" in obs["axtree"]


def test_an_api_write_after_a_bracketed_url_sends_its_body(fresh, no_network):
    before = digest(fresh)
    obs = fresh.step(f'api [POST] [{ISSUES}?x[y]=1] [{{"title": "brackets [ok]"}}]')[0]
    assert obs["last_action_error"] == ""
    assert "201 Created" in obs["axtree"] and "brackets [ok]" in obs["axtree"]
    assert digest(fresh) != before


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ("api [GET] [http://shop.test/rest/V1/products?a[b=1]", ["unbalanced"]),
        ("api [FROB] [http://git.test/api/v4/projects]", ["bad API method", "GET"]),
        ("api [PATCH] [http://git.test/api/v4/projects]", ["bad API method"]),
        (f'api [POST] [{ISSUES}] [{{"title": ]', ["not JSON"]),
        (f'api [POST] [{ISSUES}] ["x"]', ["JSON object"]),
        (f'api [POST] [{ISSUES}] [{{"title": NaN}}]', ["NaN"]),
        (f'api [POST] [{ISSUES}] [{{"title": "\\u0000"}}]', ["U+0000"]),
        ("api [GET] [http://git.test/api/v4/projects] [{}]", ["GET sends no body"]),
        ("api [GET] [http://evil.com/api]", ["cannot open"]),
        ("api [GET] [javascript:alert(1)]", ["cannot open"]),
        ('api("GET")', ["missing url"]),
        ("tool [nope] [{}]", ["unknown tool"]),
        ("tool [search_issues] [[]]", ["JSON object"]),
        ('tool [search_issues] [{"project": "acme/web", "extra": 1}]', ["no parameter 'extra'"]),
        (
            'tool [comment_on_issue] [{"project": "../../x", "iid": 1, "body": "x"}]',
            ["'..'"],
        ),
        (
            'tool [comment_on_issue] [{"project": "northwind/falcon-proxy", "iid": 1.5, '
            '"body": "x"}]',
            ["integer"],
        ),
    ],
)
def test_malformed_api_and_tool_calls_are_refused(fresh, no_network, action, words):
    refused(fresh, action, *words)


@pytest.mark.parametrize(
    "body",
    [
        '{"title": 12345678901234567890123}',
        '{"title": "x", "description": {"nested": 1}}',
        "[1, 2]",
    ],
)
def test_api_bodies_the_site_refuses_are_a_400_that_writes_nothing(fresh, no_network, body):
    before = digest(fresh)
    obs = fresh.step(f"api [POST] [{ISSUES}] [{body}]")[0]
    assert obs["last_action_error"] == ""
    assert "400 Bad Request" in obs["axtree"]
    assert digest(fresh) == before


# -- save_state / restore_state ------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("world", None),
        ("world", "junk"),
        ("browser", None),
        ("browser", -1),
        ("task", None),
        ("task", "shop/order-total/0"),
        ("last_error", None),
        ("done", "yes"),
        ("shaping", "junk"),
        ("components", 3),
        ("info", None),
        ("seen", None),
        ("modalities", ["api"]),
        ("steps", None),
        ("steps", -1),
        ("steps", "3"),
        ("last_action", 5),
        ("answer", "42"),
    ],
)
def test_a_tampered_state_is_refused_before_anything_is_restored(fresh, no_network, field, value):
    """A state whose fields are not what save_state() made raised AttributeError,
    TypeError or AssertionError, some after the world and tabs were already restored, and
    some were taken: every later step then raised."""
    saved = fresh.save_state()
    fresh.step(f'api [POST] [{ISSUES}] [{{"title": "after the save"}}]')
    after, url = digest(fresh), fresh.browser.open_pages()
    with pytest.raises(OptionError, match=field):
        fresh.restore_state(dataclasses.replace(saved, **{field: value}))
    assert digest(fresh) == after and fresh.browser.open_pages() == url
    assert fresh.step("goto [http://forum.test/]")[0]["last_action_error"] == ""
    obs, _ = fresh.restore_state(saved)
    assert obs["url"] == "http://git.test/"
    assert fresh.step("goto [http://shop.test/]")[0]["last_action_error"] == ""


def test_a_tampered_world_state_is_refused(fresh, no_network):
    saved = fresh.save_state()
    world = saved.world
    for bad in (
        dataclasses.replace(world, seed=-1),
        dataclasses.replace(world, seed=True),
        dataclasses.replace(world, databases=dict.fromkeys(world.databases, "text")),
        dataclasses.replace(world, request_log=None),
    ):
        with pytest.raises(OptionError, match="restore_state"):
            fresh.restore_state(dataclasses.replace(saved, world=bad))
    tabs = saved.browser
    for bad_browser in (
        dataclasses.replace(tabs, active=5),
        dataclasses.replace(tabs, active=-1),
        dataclasses.replace(tabs, tabs=()),
    ):
        with pytest.raises(OptionError, match="tab"):
            fresh.restore_state(dataclasses.replace(saved, browser=bad_browser))
    assert fresh.step("goto [http://shop.test/]")[0]["last_action_error"] == ""


@pytest.mark.parametrize("token", [None, b"", "token", 5, {}, object()])
def test_what_is_not_a_state_is_refused(fresh, token):
    with pytest.raises(OptionError, match="restore_state"):
        fresh.restore_state(token)  # type: ignore[arg-type]


# -- reset options -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"task_id": 5},
        {"task_id": ["a"]},
        {"task_id": "shop/order-total/0\x00"},
        {"task_id": "x" * 100_000},
        {"world_seed": -1},
        {"world_seed": 2**70},
        {"world_seed": "0"},
        {"world_seed": 1.5},
        {"world_seed": True},
        {"instance": -1},
        {"instance": 2**64},
        {"family": 5},
        {"Task_id": START},
        {1: 2},
    ],
)
def test_bad_reset_options_are_one_line_option_errors_and_keep_the_episode(env, options):
    env.reset(options={"task_id": START})
    before = digest(env)
    with pytest.raises(OptionError) as caught:
        env.reset(options=options)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 2_000
    assert digest(env) == before
    assert env.step("goto [http://shop.test/]")[0]["last_action_error"] == ""


# -- task files ----------------------------------------------------------------------------

GOOD_TASK = {
    "task_id": "shop/hostile4/0",
    "sites": ["shop"],
    "login": {"shop": "emma.lopez"},
    "start_url": "__SHOP__/",
    "intent": "Say a.",
    "eval": {
        "eval_types": ["string_match"],
        "answer_type": "string",
        "reference_answers": {"exact_match": "a"},
        "reference_url": "",
        "program_html": [],
        "state": [],
        "requests": [],
    },
}


def test_a_task_file_naming_a_key_twice_is_refused(tmp_path):
    """json keeps the last of two equal keys silently: the file's first task_id vanished."""
    path = tmp_path / "twice.json"
    path.write_text(json.dumps(GOOD_TASK)[:-1] + ', "task_id": "shop/hostile4/dup"}')
    with pytest.raises(TaskError, match="'task_id' appears twice"):
        load_task_file(path)
    result = CliRunner().invoke(main, ["tasks", "check", "--file", str(path)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "appears twice" in result.output


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"\xef\xbb\xbf" + json.dumps(GOOD_TASK).encode(), "BOM"),
        (json.dumps(GOOD_TASK).replace("Say a.", "caf\u00e9").encode("latin-1"), "utf-8"),
        (b"[" * 100_000 + b"]" * 100_000, "recursion"),
        (b"", "Expecting value"),
        (json.dumps(GOOD_TASK).encode()[:40], "Expecting value"),
    ],
)
def test_unreadable_task_files_name_the_path(tmp_path, content, words):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(TaskError, match=words) as caught:
        load_task_file(path)
    assert str(path) in str(caught.value)


def _state_task(tmp_path: Path, sql: str) -> WebEnv:
    task = dict(
        GOOD_TASK,
        eval=dict(
            GOOD_TASK["eval"],
            eval_types=["state_match"],
            state=[{"site": "shop", "sql": sql, "expected": 1}],
        ),
    )
    path = tmp_path / "state.json"
    path.write_text(json.dumps(task))
    return WebEnv(tasks=load_task_file(path))


@pytest.mark.parametrize(
    "sql",
    [
        "SELECT zeroblob(1000000000)",  # 9 GB and over a minute before
        "SELECT length(randomblob(2000000000))",
        "SELECT replace(zeroblob(20000000), x'00', 'ab')",
    ],
)
def test_a_state_check_cannot_make_a_huge_value(tmp_path, no_network, sql):
    made = _state_task(tmp_path, sql)
    try:
        made.reset(options={"task_id": GOOD_TASK["task_id"]})
        before = digest(made)
        started = time.monotonic()
        *_, terminated, _, info = made.step("stop [a]")
        assert time.monotonic() - started < 10
        assert terminated
        check = info["validation"]["lenient"]["checks"][0]
        assert check["rule"] == "error:query", check
        assert "too big" in check["explanation"], check
        assert digest(made) == before
    finally:
        made.close()


def test_read_only_queries_are_bounded_in_bytes_and_leave_the_sites_limit(env):
    database = env.world.databases["shop"]
    assert database.connection is not None
    limit = database.connection.getlimit(sqlite3.SQLITE_LIMIT_LENGTH)
    many = (
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT 8) "
        "SELECT zeroblob(10000000) FROM n"
    )
    with pytest.raises(sqlite3.OperationalError, match="MB of text and blobs"):
        database.query(many)
    with pytest.raises(sqlite3.OperationalError, match="too big"):
        database.query("SELECT zeroblob(100000000)")
    assert database.connection.getlimit(sqlite3.SQLITE_LIMIT_LENGTH) == limit
    assert database.query("SELECT length(zeroblob(1000))") == [(1000,)]


# -- the command line ----------------------------------------------------------------------


def _fails_cleanly(args: list[str], *words: str, code: int = 1) -> str:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == code, result.output
    assert isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    for word in words:
        assert word in result.output, result.output
    return result.output


def test_run_into_a_folder_that_cannot_be_made_is_a_message(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    _fails_cleanly(
        ["run", "--agent", "oracle", "--tasks", "shop/order-total/0", "--out", f"{blocker}/x"],
        "cannot create the folder",
    )


def test_study_files_that_are_not_utf8_are_messages(tmp_path):
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_bytes(b'{"answer": "x"}\n\xff\xfe\n')
    _fails_cleanly(["study", "corpus", str(corpus)], f"{corpus}:1")
    corpus.write_bytes(b"\xff\xfe\n")
    _fails_cleanly(["study", "corpus", str(corpus)], f"{corpus}:1", "not JSON")
    runs = tmp_path / "runs"
    runs.mkdir()
    (runs / "episodes.jsonl").write_bytes(b"\xff\n")
    labels = tmp_path / "labels.csv"
    labels.write_bytes(b"task_id,episode,correct\n\xff,0,1\n")
    _fails_cleanly(["study", "traces", str(runs), "--labels", str(labels)], "not UTF-8")


def test_resume_skips_a_line_that_is_not_utf8(tmp_path):
    out = tmp_path / "run"
    args = ["run", "--agent", "oracle", "--tasks", "shop/order-total/0", "--out", str(out), "-q"]
    assert CliRunner().invoke(main, args).exit_code == 0
    with (out / "episodes.jsonl").open("ab") as handle:
        handle.write(b"\xff\xfe half a line\n")
    result = CliRunner().invoke(main, [*args, "--resume"])
    assert result.exit_code == 0, result.output
    assert "0 played now" in result.output


@pytest.mark.parametrize("pages", ["0", "-3"])
def test_parity_refuses_a_count_of_pages_below_one(pages):
    _fails_cleanly(["parity", "--pages", pages], "--pages", code=2)


@pytest.mark.parametrize("host", ["evil host", "a/b", "x@y"])
def test_serve_refuses_a_public_host_links_cannot_use(host):
    _fails_cleanly(["serve", "--port", "0", "--public-host", host], "not a host name")


# -- the sites over real HTTP (webenv serve) -----------------------------------------------


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    with started_hub(tmp_path_factory, ("shop", "githost")) as served:
        yield served


@pytest.fixture(scope="module")
def shopper(hub: Hub) -> Iterator[httpx.Client]:
    with httpx.Client(follow_redirects=False, timeout=30) as client:
        assert client.get(hub.sites["shop"].login_link({"shop": "emma.lopez"}, "/")).is_redirect
        yield client


def _cart_form(hub: Hub, client: httpx.Client) -> tuple[str, dict[str, str]]:
    base = hub.sites["shop"].base_url
    page = client.get(f"{base}/product/summit-cork-dumbbell-set")
    form = next(f for f in html.document_fromstring(page.text).forms if "quantity" in f.fields)
    return urljoin(base + "/", form.action), {k: v or "" for k, v in form.form_values()}


@pytest.mark.parametrize(
    "quantity",
    [
        "-5",
        "0",
        "1e309",
        "99999999999999999999",
        "abc",
        "",
        "1\x00",
        "２",
        "2.5",
        "NaN",
        "9" * 5000,
    ],
)
def test_hostile_quantities_are_a_400_that_writes_nothing(hub, shopper, quantity):
    action, fields = _cart_form(hub, shopper)
    before = hub_digest(hub)
    response = shopper.post(action, data={**fields, "quantity": quantity})
    assert response.status_code == 400
    assert hub_digest(hub) == before


@pytest.mark.parametrize(
    ("content", "content_type"),
    [
        (b"--xx\r\ngarbage", "multipart/form-data; boundary=xx"),
        (b"--xx\r\ngarbage", "multipart/form-data"),
        (b'{"quantity": 1}', "application/json"),
        (b"quantity=1", "text/plain"),
        (b"quantity=\xff\xfe&product_id=255", "application/x-www-form-urlencoded"),
    ],
)
def test_bodies_of_the_wrong_shape_are_a_400_that_writes_nothing(
    hub, shopper, content, content_type
):
    action, fields = _cart_form(hub, shopper)
    before = hub_digest(hub)
    token = f"csrf_token={fields['csrf_token']}&".encode()
    body = (
        content if content_type.startswith(("multipart", "application/json")) else token + content
    )
    response = shopper.post(action, content=body, headers={"content-type": content_type})
    assert response.status_code == 400
    assert hub_digest(hub) == before


def test_an_oversize_body_is_a_413(hub, shopper):
    action, fields = _cart_form(hub, shopper)
    before = hub_digest(hub)
    response = shopper.post(action, data={**fields, "junk": "x" * (30 * 1024 * 1024)})
    assert response.status_code == 413
    assert hub_digest(hub) == before


@pytest.mark.parametrize(
    "path",
    [
        "/static/../../etc/passwd",
        "/static/%2e%2e/%2e%2e/etc/passwd",
        "/static/..%2f..%2f..%2fetc%2fpasswd",
        "/static/..%5c..%5c__init__.py",
        "/static/%252e%252e/__init__.py",
        "/static/x%00.css",
        "/%2e%2e/%2e%2e/etc/passwd",
    ],
)
def test_static_files_do_not_leave_their_folder(hub, shopper, path):
    response = shopper.get(hub.sites["shop"].base_url + path)
    assert response.status_code in (404, 400)
    assert b"root:" not in response.content and b"import " not in response.content


NEXT_VARIANTS = [
    "//evil.com",
    "/\\evil.com",
    "\\/evil.com",
    "https:evil.com",
    "%2F%2Fevil.com",
    "/%2F/evil.com",
    "/\t/evil.com",
    "/\n/evil.com",
    " //evil.com",
    "///evil.com",
    "//evil.com@127.0.0.1",
    "HTTP://evil.com",
    "javascript:alert(1)",
    "/%5Cevil.com",
    "//\u3002evil.com",
]


def _same_site(location: str, base: str) -> bool:
    """Whether a browser following ``location`` from ``base`` stays on its host."""
    cleaned = location.replace("\t", "").replace("\n", "").replace("\r", "").replace("\\", "/")
    target = urlsplit(urljoin(base + "/x/", cleaned))
    return target.scheme in ("http", "https") and target.netloc == urlsplit(base).netloc


@pytest.mark.parametrize("target", NEXT_VARIANTS)
def test_login_next_never_leaves_the_site(hub, target):
    base = hub.sites["githost"].base_url
    with httpx.Client(follow_redirects=False, timeout=30) as client:
        page = client.get(f"{base}/users/sign_in", params={"next": target})
        form = next(f for f in html.document_fromstring(page.text).forms if "password" in f.fields)
        fields = {k: v or "" for k, v in form.form_values()}
        fields.update(username="alex.chen", password="webenv-demo")
        response = client.post(urljoin(str(page.url), form.action or ""), data=fields)
    assert response.is_redirect
    assert _same_site(response.headers["location"], base), response.headers["location"]


@pytest.mark.parametrize("target", NEXT_VARIANTS)
def test_a_form_next_never_leaves_the_site(hub, shopper, target):
    base = hub.sites["shop"].base_url
    home = shopper.get(base + "/")
    form = next(f for f in html.document_fromstring(home.text).forms if "next" in f.fields)
    fields = {k: v or "" for k, v in form.form_values()}
    response = shopper.post(urljoin(base + "/", form.action), data={**fields, "next": target})
    assert response.status_code < 500
    if response.is_redirect:
        assert _same_site(response.headers["location"], base), response.headers["location"]


def test_markup_posted_to_a_site_is_escaped_on_its_page(hub):
    base = hub.sites["githost"].base_url
    hostile = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    with httpx.Client(follow_redirects=True, timeout=30) as client:
        client.get(hub.sites["githost"].login_link({"githost": "alex.chen"}, "/"))
        created = client.post(
            f"{base}/api/v4/projects/northwind%2Ffalcon-proxy/issues",
            json={"title": hostile, "description": hostile},
        )
        assert created.status_code == 201
        page = client.get(created.json()["web_url"].replace("http://git.test", base))
    assert page.status_code == 200
    assert "<script>alert" not in page.text and "<img src=x" not in page.text
    assert "&lt;script&gt;" in page.text


# -- Chromium ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def chromium() -> Iterator[WebEnv]:
    require_chromium("the Chromium hostile-input tests")
    made = WebEnv(tasks="all", backend="chromium")
    made.reset(options={"task_id": START})
    yield made
    made.close()


@pytest.mark.chromium
def test_a_state_of_the_other_backend_is_refused_and_changes_nothing(chromium, env):
    """An in-process state restored into a Chromium env raised ValueError after its tabs
    were closed (the env was left on about:blank), and the reverse raised AttributeError."""
    chromium.reset(options={"task_id": START})
    env.reset(options={"task_id": START})
    chromium.step("goto [http://shop.test/]")
    with pytest.raises(OptionError, match="backend"):
        chromium.restore_state(env.save_state())
    assert chromium.step("goto [http://forum.test/]")[0]["url"] == "http://forum.test/"
    with pytest.raises(OptionError, match="backend"):
        env.restore_state(chromium.save_state())
    assert env.step("goto [http://forum.test/]")[0]["url"] == "http://forum.test/"


@pytest.mark.chromium
@pytest.mark.parametrize(
    ("action", "words"),
    [
        ("goto [about:config]", ["cannot open"]),
        ("goto [chrome://settings]", ["cannot open"]),
        ("goto [http://127.0.0.1:9222/json]", ["cannot open"]),
        ("goto [data:text/html,<script>alert(1)</script>]", ["cannot open"]),
        ("goto [blob:http://shop.test/x]", ["cannot open"]),
        ("api [GET] [http://shop.test/rest/V1/products?a[b=1]", ["unbalanced"]),
        ("click [99999999999999999999]", ["too large"]),
        ("select [0] [x]", ["not a combobox"]),
    ],
)
def test_chromium_refuses_what_inprocess_refuses(chromium, action, words):
    chromium.reset(options={"task_id": START})
    refused(chromium, action, *words)


@pytest.mark.chromium
@pytest.mark.parametrize(
    "action",
    [
        "scroll(1e309, 5)",
        "scroll(0, 99999999999999999999999)",
        "press [Control+Shift+Alt+Meta+x]",
        "press [Control+w]",
        "press [Alt+F4]",
        "api [GET] [http://shop.test/rest/V1/products?searchCriteria[pageSize]=2]",
    ],
)
def test_chromium_survives_odd_scrolls_keys_and_api_urls(chromium, action):
    chromium.reset(options={"task_id": START})
    before = digest(chromium)
    obs = chromium.step(action)[0]
    assert obs["last_action_error"] == ""
    assert obs["tabs"].count("\n") == 0  # no key combination opened or closed a tab
    assert digest(chromium) == before
    assert chromium.step("goto [http://shop.test/]")[0]["url"] == "http://shop.test/"


# -- line breaks in typed text: the same in both backends ----------------------------------

LINE_BREAKS = [
    ("line1\nline2", "line1+line2"),
    ("a\r\nb", "a+b"),
    ("a\n\nb", "a++b"),
    ("\nlead", "+lead"),
    ("a\rb", "a+b"),
    ("tail\n\n", "tail"),
    ("a\tb", "a%09b"),
]


TITLE, DESCRIPTION, CREATE = "textbox 'Title'", "textbox 'Description'", "button 'Create issue'"


def _typed_into_search(made: WebEnv, text: str) -> str:
    made.reset(options={"task_id": START})
    obs = made.step(f"type [49] [{text}] [1]")[0]
    assert obs["last_action_error"] == ""
    return obs["url"].removeprefix("http://git.test/search?q=")


def _issue_from_the_form(made: WebEnv, title: str, description: str) -> tuple[str, str]:
    made.reset(options={"task_id": START})
    obs = made.step("goto [http://git.test/northwind/falcon-proxy/-/issues/new]")[0]
    ids = {
        name: line.split("]")[0].strip().lstrip("[")
        for line in obs["axtree"].splitlines()
        for name in (TITLE, DESCRIPTION, CREATE)
        if name in line
    }
    made.step(f"type [{ids[TITLE]}] [{title}] [0]")
    made.step(f"type [{ids[DESCRIPTION]}] [{description}] [0]")
    obs = made.step(f"click [{ids[CREATE]}]")[0]
    assert obs["last_action_error"] == "" and "/-/issues/" in obs["url"]
    rows = made.world.databases["githost"].query(
        "SELECT title, description FROM issues ORDER BY id DESC LIMIT 1"
    )
    return rows[0]


@pytest.mark.parametrize(("text", "query"), LINE_BREAKS)
def test_line_breaks_typed_into_a_one_line_field_become_spaces(env, no_network, text, query):
    """Chromium drops trailing line breaks and turns the others into spaces; the in-process
    backend kept them (q=line1%0Aline2 against Chromium's q=line1+line2)."""
    assert _typed_into_search(env, text) == query


def test_a_textarea_sends_its_line_breaks_as_crlf(env, no_network):
    """Browsers send a textarea's line breaks as CRLF; the in-process backend sent a lone
    CR or LF as typed, so the stored text differed from Chromium's."""
    assert _issue_from_the_form(env, "Line\nbreaks", "a\rb\r\nc\nd") == (
        "Line breaks",
        "a\r\nb\r\nc\r\nd",
    )


@pytest.mark.chromium
@pytest.mark.parametrize(("text", "query"), LINE_BREAKS)
def test_chromium_line_breaks_in_a_one_line_field(chromium, text, query):
    assert _typed_into_search(chromium, text) == query


@pytest.mark.chromium
def test_chromium_textarea_line_breaks(chromium):
    assert _issue_from_the_form(chromium, "Line\nbreaks", "a\rb\r\nc\nd") == (
        "Line breaks",
        "a\r\nb\r\nc\r\nd",
    )


MAX_LENGTH_CASES = [("😀" * 8, "😀" * 5), ("e\u0301" * 8, "e\u0301" * 5), ("a" * 16, "a" * 10)]


def _due_date_after_typing(made: WebEnv, text: str) -> str:
    """The value the Git host's due date field (maxlength 10) shows after ``text``."""
    made.reset(options={"task_id": START})
    obs = made.step("goto [http://git.test/northwind/falcon-proxy/-/issues/new]")[0]
    line = next(line for line in obs["axtree"].splitlines() if "textbox 'Due date'" in line)
    field = line.split("]")[0].strip().lstrip("[")
    obs = made.step(f"type [{field}] [{text}] [0]")[0]
    line = next(line for line in obs["axtree"].splitlines() if "textbox 'Due date'" in line)
    return line.split("value: ", 1)[1][1:-1]


@pytest.mark.parametrize(("text", "kept"), MAX_LENGTH_CASES)
def test_maxlength_counts_utf16_code_units(env, no_network, text, kept):
    """An emoji is two code units of a maxlength in a browser: Chromium keeps 5 of 8 in a
    maxlength="10" field, the in-process backend kept all 8."""
    assert _due_date_after_typing(env, text) == kept


@pytest.mark.chromium
@pytest.mark.parametrize(("text", "kept"), MAX_LENGTH_CASES)
def test_chromium_maxlength_counts_utf16_code_units(chromium, text, kept):
    assert _due_date_after_typing(chromium, text) == kept


@pytest.mark.parametrize("url", ["/projects", "?q=1", "#top", "../x", "//evil.com/", "\\\\evil"])
def test_a_relative_url_on_a_blank_tab_says_it_is_relative(fresh, no_network, url):
    """It was taken as a host typed without http:// ("cannot open 'http://projects/'")."""
    fresh.step("close_tab")
    before = digest(fresh)
    obs = fresh.step(f"goto [{url}]")[0]
    assert "relative URL" in obs["last_action_error"] and obs["url"] == "about:blank"
    assert digest(fresh) == before
    assert fresh.step("goto [shop.test/]")[0]["url"] == "http://shop.test/"
    assert fresh.step("goto [/cart]")[0]["last_action_error"] == ""  # relative to a page


# -- envs share nothing; markup typed into a form is text ----------------------------------


def test_a_write_a_logout_and_a_restore_stay_in_their_own_env(no_network):
    first, second = WebEnv(tasks="all"), WebEnv(tasks="all")
    listing = "goto [http://git.test/northwind/falcon-proxy/-/issues?sort=created_date]"
    try:
        for made in (first, second):
            made.reset(options={"task_id": START})
        untouched = digest(second)
        first.step(f'api [POST] [{ISSUES}] [{{"title": "ONLY-IN-FIRST"}}]')
        assert "ONLY-IN-FIRST" in first.step(listing)[0]["axtree"]
        assert "ONLY-IN-FIRST" not in second.step(listing)[0]["axtree"]
        assert digest(second) == untouched
        saved = first.save_state()
        obs = first.step("goto [http://git.test/]")[0]
        sign_out = next(line for line in obs["axtree"].splitlines() if "button 'Sign out'" in line)
        first.step(f"click [{sign_out.split(']')[0].strip().lstrip('[')}]")
        assert "Sign out" not in first.step("goto [http://git.test/]")[0]["axtree"]
        assert "Sign out" in second.step("goto [http://git.test/]")[0]["axtree"]
        second.restore_state(saved)  # a clone: the first env's episode, in the second
        assert "ONLY-IN-FIRST" in second.step(listing)[0]["axtree"]
        assert "Sign out" not in first.step("goto [http://git.test/]")[0]["axtree"]
    finally:
        first.close()
        second.close()


def test_markup_typed_into_a_form_is_shown_as_text(env, no_network):
    hostile = '<b>bold</b><img src=x alt="INJECTED" onerror=alert(1)>'
    title, _ = _issue_from_the_form(env, hostile, "<script>alert(1)</script>")
    assert title == hostile
    listing = "goto [http://git.test/northwind/falcon-proxy/-/issues?sort=created_date]"
    axtree = env.step(listing)[0]["axtree"]
    assert "<b>bold</b>" in axtree and "image 'INJECTED'" not in axtree
