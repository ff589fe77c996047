"""Hostile inputs, round 5: held-out cases written from the contract (a bad input gets a
clear error and loses nothing), before reading the code they exercise.

Angles: Gym API and wrapper misuse (odd seeds, odd slot actions, sizes), envs in threads,
files named on the command line that are not regular files (a FIFO, a device), run
folders whose records were cut short or tampered with read back by ``webenv report``,
hostile text typed into forms and hostile HTTP requests to ``webenv serve``.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urljoin

import gymnasium as gym
import httpx
import numpy as np
import pytest
from click.testing import CliRunner
from gymnasium.error import ClosedEnvironmentError, ResetNeeded
from lxml import html

from tests.chromium import require_chromium
from tests.hubs import hub_digest, started_hub
from webenv.cli import main
from webenv.env import WebEnv
from webenv.errors import OptionError, TaskError, WorldError, WrongThread
from webenv.serve import Hub, ServeError
from webenv.tasks import load_task_file, parse_task
from webenv.wrappers import BrowserGymObservation, DiscreteActions

START = "cross/bio-project-count/0"  # logged in on all three sites


def digest(env: WebEnv) -> str:
    h = hashlib.sha256()
    for name, database in sorted(env.world.databases.items()):
        h.update(name.encode())
        assert database.connection is not None
        h.update(database.connection.serialize())
    return h.hexdigest()


@pytest.fixture(scope="module")
def env() -> Iterator[WebEnv]:
    made = WebEnv(tasks="all")
    made.reset(options={"task_id": START})
    yield made
    made.close()


# -- the Gym API, misused ------------------------------------------------------------------


def test_calls_before_reset_are_reset_needed_and_calls_after_close_are_closed_errors():
    made = gym.make("WebShop-v0")
    with pytest.raises(ResetNeeded):
        made.step("scroll [down]")
    with pytest.raises(ResetNeeded):
        made.unwrapped.step("scroll [down]")
    with pytest.raises(ResetNeeded):
        made.unwrapped.save_state()  # type: ignore[attr-defined]
    made.reset(seed=0)
    state = made.unwrapped.save_state()  # type: ignore[attr-defined]
    made.close()
    made.close()  # twice is fine
    for call in (
        lambda: made.step("scroll [down]"),
        lambda: made.reset(seed=0),
        lambda: made.unwrapped.render(),
        lambda: made.unwrapped.restore_state(state),  # type: ignore[attr-defined]
    ):
        with pytest.raises(ClosedEnvironmentError):
            call()


@pytest.mark.parametrize("seed", [np.int64(7), np.uint32(7), np.int8(7)])
def test_a_numpy_integer_seed_is_that_integer(env, seed):
    obs, info = env.reset(seed=seed)
    again, again_info = env.reset(seed=7)
    assert info["task_id"] == again_info["task_id"] and obs == again


@pytest.mark.parametrize("seed", [True, False, -1, np.int32(-5), 3.0, "3", np.array(3), [3]])
def test_odd_seeds_are_option_errors_that_keep_the_episode(env, seed):
    env.reset(options={"task_id": START})
    before = digest(env)
    with pytest.raises(OptionError, match="seed"):
        env.reset(seed=seed)
    assert digest(env) == before
    assert env.step("goto [http://shop.test/]")[0]["last_action_error"] == ""


def test_a_seed_past_64_bits_draws_the_same_task_every_time(env):
    first = env.reset(seed=2**70)[1]["task_id"]
    assert env.reset(seed=2**70)[1]["task_id"] == first


@pytest.fixture(scope="module")
def discrete() -> Iterator[DiscreteActions]:
    made = DiscreteActions(gym.make("WebShop-v0"), max_candidates=16)
    made.reset(seed=0)
    yield made
    made.close()


@pytest.mark.parametrize(
    "action", [16, -1, 2**70, 1.0, 1.5, float("nan"), True, np.True_, [1], np.array([1]), "1", None]
)
def test_a_slot_that_is_not_one_is_a_no_op_step_with_a_reason(discrete, action):
    discrete.reset(seed=0)
    obs, reward, terminated, truncated, info = discrete.step(action)
    assert obs["last_action_error"] and "\n" not in obs["last_action_error"]
    assert "slot" in obs["last_action_error"]
    assert reward == 0.0 and not terminated and not truncated
    assert info["action_mask"].dtype == np.int8


@pytest.mark.parametrize("action", [np.int64(1), np.uint8(1), np.array(1)])
def test_a_numpy_integer_slot_is_that_slot(discrete, action):
    discrete.reset(seed=0)
    expected = discrete.step(1)[0]
    discrete.reset(seed=0)
    assert discrete.step(action)[0] == expected


@pytest.mark.parametrize("size", [0, -1, 1.5, True, "5", 2**40, 2**70])
def test_a_number_of_slots_out_of_range_is_an_option_error(size):
    with pytest.raises(OptionError, match="max_candidates"):
        DiscreteActions(gym.make("WebShop-v0"), max_candidates=size)  # type: ignore[arg-type]


@pytest.mark.parametrize("selection", ["shop:", "all:", "gen:"])
def test_a_task_selection_with_an_empty_split_is_refused(selection):
    with pytest.raises(TaskError, match="split"):
        WebEnv(tasks=selection)


@pytest.mark.parametrize("wrapper", [DiscreteActions, BrowserGymObservation])
def test_a_wrapper_over_a_vector_env_says_what_it_wraps(wrapper):
    vector = gym.make_vec("WebShop-v0", num_envs=2, vectorization_mode="sync")
    try:
        with pytest.raises(OptionError, match="wraps a WebEnv"):
            wrapper(vector)
    finally:
        vector.close()


# -- threads -------------------------------------------------------------------------------


def _walk(made: WebEnv, seed: int, steps: int = 25) -> list[tuple[str, str, str]]:
    obs, _ = made.reset(seed=seed)
    seen = [(obs["url"], obs["axtree"], "")]
    for i in range(steps):
        links = re.findall(r"\[(\d+)\] link", obs["axtree"])
        action = f"click [{links[(seed * 7 + i * 13) % len(links)]}]" if links else "go_back"
        obs, _, terminated, truncated, _ = made.step(action)
        seen.append((obs["url"], obs["axtree"], obs["last_action_error"]))
        if terminated or truncated:
            obs, _ = made.reset(seed=seed + i)
    return seen


def test_two_envs_in_two_threads_see_what_they_see_alone():
    alone = [_walk(WebEnv(tasks="all"), seed) for seed in (1, 2)]
    together: list[object] = [None, None]

    def play(k: int) -> None:
        together[k] = _walk(WebEnv(tasks="all"), k + 1)

    threads = [threading.Thread(target=play, args=(k,)) for k in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert together == alone


def test_one_env_stepped_from_two_threads_stays_usable(env):
    env.reset(options={"task_id": START})
    failures: list[str] = []

    def hammer(site: str) -> None:
        try:
            for _ in range(30):
                env.step(f"goto [http://{site}.test/]")
        except Exception as exc:  # anything but a clear error is a failure
            if "thread" not in str(exc):
                failures.append(f"{type(exc).__name__}: {exc}")

    threads = [threading.Thread(target=hammer, args=(s,)) for s in ("shop", "forum")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    env.reset(options={"task_id": START})
    obs = env.step("goto [http://git.test/]")[0]
    assert obs["last_action_error"] == "" and obs["url"] == "http://git.test/"
    assert env.step("go_back")[0]["last_action_error"] == ""


# -- form fields ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "' OR 1=1; DROP TABLE products; --",
        "\u202eevil\u202c.exe",
        "😀👩\u200d👩\u200d👧 mug",
        "\ufeff\u0301",
        "\U0010ffff",
        "{{7*7}} %s %n",
    ],
)
def test_hostile_search_text_is_searched_for_as_text(env, text):
    env.reset(options={"task_id": START})
    obs = env.step("goto [http://shop.test/]")[0]
    box = re.search(r"\[(\d+)\] textbox 'Search'", obs["axtree"])
    assert box is not None
    obs = env.step(f"type [{box.group(1)}] [{text}] [1]")[0]
    assert obs["last_action_error"] == ""
    assert obs["url"].startswith("http://shop.test/search?q=")
    products = env.world.databases["shop"].connection.execute("SELECT count(*) FROM products")
    assert products.fetchone()[0] > 0


def test_a_megabyte_typed_is_refused_with_the_limit(env):
    env.reset(options={"task_id": START})
    obs = env.step("goto [http://shop.test/]")[0]
    box = re.search(r"\[(\d+)\] textbox 'Search'", obs["axtree"])
    assert box is not None
    obs = env.step(f"type [{box.group(1)}] [{'x' * 1_000_000}] [1]")[0]
    assert "limit" in obs["last_action_error"]
    assert env.step("goto [http://shop.test/]")[0]["last_action_error"] == ""


# -- files named on the command line that are not regular files ----------------------------


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Path]:
    """A FIFO; if something opens it to read, a watchdog ends that read after 3 s (the
    test then fails on the time it took instead of hanging the suite)."""
    path = tmp_path / "tasks.jsonl"
    os.mkfifo(path)
    stop = threading.Event()

    def watchdog() -> None:
        if stop.wait(3):
            return
        while not stop.is_set():
            with contextlib.suppress(OSError):  # no reader yet
                os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))  # EOF for the reader
            stop.wait(0.1)

    thread = threading.Thread(target=watchdog, daemon=True)
    thread.start()
    yield path
    stop.set()
    thread.join()


def _fails_quickly(args: list[str], *words: str) -> str:
    started = time.monotonic()
    result = CliRunner().invoke(main, args)
    assert time.monotonic() - started < 3, f"{args} waited on a file that is not a file"
    assert result.exit_code == 1, result.output
    assert isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    for word in words:
        assert word in result.output, result.output
    return result.output


def test_a_fifo_as_a_task_file_is_refused_at_once(fifo):
    _fails_quickly(["tasks", "check", "--file", str(fifo)], str(fifo), "not a regular file")


def test_a_fifo_as_a_config_to_import_is_refused_at_once(fifo, tmp_path):
    _fails_quickly(
        ["tasks", "import", "--format", "webarena", str(fifo), "--out", str(tmp_path / "o")],
        "not a regular file",
    )


def test_a_fifo_as_a_labels_file_is_refused_at_once(fifo, tmp_path):
    runs = tmp_path / "runs"
    runs.mkdir()
    _fails_quickly(
        ["study", "traces", str(runs), "--labels", str(fifo), "--out", str(tmp_path / "s")],
        "not a regular file",
    )


def test_a_fifo_as_a_corpus_is_refused_at_once(fifo):
    _fails_quickly(["study", "corpus", str(fifo)], str(fifo))


def test_a_fifo_among_traces_is_refused_at_once(fifo, tmp_path):
    _fails_quickly(
        ["study", "traces", str(fifo.parent), "--out", str(tmp_path / "s")], "not a regular file"
    )


def test_a_device_as_a_task_file_is_refused_at_once():
    _fails_quickly(["tasks", "check", "--file", "/dev/zero"], "/dev/zero", "not a regular file")


# -- run folders read back by `webenv report` ----------------------------------------------


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("run") / "oracle"
    args = ["run", "--agent", "oracle", "--tasks", "shop/order-total/0", "--out", str(out), "-q"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    return out


def _record(run_dir: Path) -> dict:
    return json.loads((run_dir / "episodes.jsonl").read_text("utf-8").splitlines()[0])


def _copy_run(run_dir: Path, tmp_path: Path, lines: list[str]) -> Path:
    copy = tmp_path / "copy"
    copy.mkdir()
    for name in ("run.json", "summary.json"):
        (copy / name).write_bytes((run_dir / name).read_bytes())
    (copy / "episodes.jsonl").write_text("".join(line + "\n" for line in lines), "utf-8")
    return copy


def _report_data(folder: Path) -> dict:
    result = CliRunner().invoke(main, ["report", str(folder)])
    assert result.exit_code == 0, result.output
    page = (folder / "report.html").read_text("utf-8")
    match = re.search(
        r'<script type="application/json" id="report-data">(.*?)</script>', page, re.S
    )
    assert match is not None
    payload = match.group(1)
    # A browser ends or re-enters script data on "</" and "<!--": the payload has no "<".
    assert "<" not in payload
    return json.loads(payload, parse_constant=lambda c: pytest.fail(f"{c} is not JSON"))


@pytest.mark.parametrize(
    "change",
    [
        {"steps": "x"},
        {"steps": ["a", 1, None]},
        {"steps": [{"observation": [1]}]},
        {"steps": [{"observation": {"axtree": 5, "url": None}, "action": {"a": 1}}]},
        {"steps": {"0": {}}},
        {"reward": "lots", "validation": "x", "task_id": 5},
    ],
)
def test_a_record_of_the_wrong_shape_still_gives_a_report(run_dir, tmp_path, change):
    record = {**_record(run_dir), **change}
    data = _report_data(_copy_run(run_dir, tmp_path, [json.dumps(record)]))
    assert len(data["runs"][0]["episodes"]) == 1


@pytest.mark.parametrize("picture", ["/etc/hostname", "../../../../../../../../etc/hostname"])
def test_a_screenshot_outside_the_run_folder_is_not_read(run_dir, tmp_path, picture):
    record = _record(run_dir)
    record["steps"][0]["screenshot"] = picture
    data = _report_data(_copy_run(run_dir, tmp_path, [json.dumps(record)]))
    steps = data["runs"][0]["episodes"][0]["steps"]
    assert "screenshot" not in steps[0]


def test_numbers_that_are_not_json_still_give_a_page_that_parses(run_dir, tmp_path):
    line = json.dumps({**_record(run_dir), "agent_seconds": float("nan"), "cost": float("inf")})
    assert "NaN" in line
    _report_data(_copy_run(run_dir, tmp_path, [line]))


@pytest.mark.parametrize("text", ["<!--<script>", "</script><script>alert(1)</script>"])
def test_page_text_that_looks_like_markup_stays_inside_the_report_data(run_dir, tmp_path, text):
    record = _record(run_dir)
    record["steps"][0]["observation"]["axtree"] += f"\n[999] StaticText '{text}'"
    data = _report_data(_copy_run(run_dir, tmp_path, [json.dumps(record)]))
    assert any(text in tree for tree in data["trees"])


def test_a_truncated_record_is_skipped_by_the_report(run_dir, tmp_path):
    line = json.dumps(_record(run_dir))
    data = _report_data(_copy_run(run_dir, tmp_path, [line, line[: len(line) // 2]]))
    assert len(data["runs"][0]["episodes"]) == 1


# -- webenv serve over real HTTP -----------------------------------------------------------


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    with started_hub(tmp_path_factory) as served:
        yield served


def _raw(hub: Hub, request: bytes) -> bytes:
    host, port = hub.sites["shop"].base_url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(request.replace(b"HOST", f"{host}:{port}".encode()))
        out = b""
        while chunk := sock.recv(65536):
            out += chunk
    return out


def _status(response: bytes) -> int:
    match = re.match(rb"HTTP/1\.[01] (\d{3})", response)
    assert match is not None, response[:200]
    return int(match.group(1))


@pytest.mark.parametrize(
    ("request_bytes", "statuses"),
    [
        (b"HEAD / HTTP/1.1\r\nHost: HOST\r\nConnection: close\r\n\r\n", {200}),
        (b"OPTIONS * HTTP/1.1\r\nHost: HOST\r\nConnection: close\r\n\r\n", {200, 204, 405}),
        (b"PUT /cart HTTP/1.1\r\nHost: HOST\r\nContent-Length: 3\r\n\r\nabc", {404, 405}),
        (b"DELETE /cart HTTP/1.1\r\nHost: HOST\r\nConnection: close\r\n\r\n", {404, 405}),
        (b"TRACE / HTTP/1.1\r\nHost: HOST\r\nConnection: close\r\n\r\n", {405}),
        (b"GET / HTTP/1.1\r\nHost: HOST\r\nX-Big: " + b"a" * 70_000 + b"\r\n\r\n", {431}),
        (b"GET / HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n", {400}),
        (b"GET http://evil.example/ HTTP/1.1\r\nHost: HOST\r\nConnection: close\r\n\r\n", {400}),
        (
            b"POST /cart/add HTTP/1.1\r\nHost: HOST\r\nTransfer-Encoding: chunked\r\n"
            b"Content-Type: application/x-www-form-urlencoded\r\nConnection: close\r\n\r\n"
            b"a\r\nquantity=1\r\n0\r\n\r\n",
            {400, 411},
        ),
        (
            b"POST /cart/add HTTP/1.1\r\nHost: HOST\r\nContent-Type: ;;;==\r\n"
            b"Content-Length: 3\r\nConnection: close\r\n\r\nabc",
            {400},
        ),
        (
            b"POST /cart/add HTTP/1.1\r\nHost: HOST\r\nContent-Length: -5\r\n"
            b"Connection: close\r\n\r\n",
            {400},
        ),
        (
            b'GET /account HTTP/1.1\r\nHost: HOST\r\nCookie: session=\xff\xfe;;;=;a="\x01\r\n'
            b"Connection: close\r\n\r\n",
            {302, 303},
        ),
        (
            b"GET /static/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd HTTP/1.1\r\nHost: HOST\r\n"
            b"Connection: close\r\n\r\n",
            {400, 404},
        ),
        (
            b"GET /static/%EF%BC%8E%EF%BC%8E/__init__.py HTTP/1.1\r\nHost: HOST\r\n"
            b"Connection: close\r\n\r\n",
            {400, 404},
        ),
        (b"GET /\xff\xfe/ HTTP/1.1\r\nHost: HOST\r\nConnection: close\r\n\r\n", {400, 404}),
    ],
)
def test_odd_requests_get_a_4xx_and_write_nothing(hub, request_bytes, statuses):
    before = hub_digest(hub)
    response = _raw(hub, request_bytes)
    assert _status(response) in statuses, response[:300]
    assert b"root:" not in response and b"import " not in response
    assert hub_digest(hub) == before
    assert httpx.get(hub.sites["shop"].base_url + "/", timeout=30).status_code == 200


@pytest.mark.parametrize(
    "text",
    [
        "a\x00b",
        "\u202eevil\u202c",
        "<script>alert(1)</script><b onmouseover=x>hi</b>",
        "😀 great mug",
        "x" * 1_000_000,
    ],
)
def test_a_hostile_review_is_refused_or_stored_as_text(hub, text):
    base = hub.sites["shop"].base_url
    with httpx.Client(follow_redirects=True, timeout=60) as client:
        client.get(hub.sites["shop"].login_link({"shop": "emma.lopez"}, "/"))
        page = client.get(f"{base}/product/summit-cork-dumbbell-set")
        form = next(
            f for f in html.document_fromstring(page.text).forms if "reviews" in (f.action or "")
        )
        fields = {k: v or "" for k, v in form.form_values()}
        for name in fields:
            if name not in ("csrf_token", "rating"):
                fields[name] = text
        fields.setdefault("rating", "5")
        response = client.post(urljoin(str(page.url), form.action or ""), data=fields)
    assert response.status_code < 500
    assert "<script>alert(1)" not in response.text and "<b onmouseover" not in response.text


def test_a_record_of_the_wrong_shape_is_summarized_when_the_summary_is_missing(run_dir, tmp_path):
    change = {"steps": "x", "eval_types": 5, "prompt_tokens": "many", "seconds": [1]}
    folder = _copy_run(run_dir, tmp_path, [json.dumps({**_record(run_dir), **change})])
    (folder / "summary.json").unlink()
    data = _report_data(folder)
    assert data["runs"][0]["summary"]["episodes"] == 1


# -- task files that parse but cannot be played --------------------------------------------

TASK = {
    "task_id": "shop/hostile5/0",
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


@pytest.mark.parametrize("start", ["__FORUM__/", "http://git.test/explore"])
def test_a_start_page_on_a_site_the_task_does_not_list_is_refused_at_load(tmp_path, start):
    path = tmp_path / "task.json"
    path.write_text(json.dumps({**TASK, "start_url": start}), "utf-8")
    with pytest.raises(TaskError, match=r"start_url.*not listed in 'sites'"):
        load_task_file(path)


def test_a_reset_that_fails_midway_leaves_no_half_started_episode(tmp_path):
    good = parse_task(TASK, "good")
    bad = parse_task({**TASK, "task_id": "shop/hostile5/1", "login": {"shop": "no.one"}}, "bad")
    made = WebEnv(tasks=[good, bad])
    try:
        made.reset(options={"task_id": good.task_id})
        made.step("goto [http://shop.test/account]")
        with pytest.raises(WorldError, match=r"no\.one"):
            made.reset(options={"task_id": bad.task_id})
        with pytest.raises(ResetNeeded, match="reset"):
            made.step("stop [a]")  # was judged against the task that failed to start
        with pytest.raises(ResetNeeded):
            made.save_state()
        obs, info = made.reset(options={"task_id": good.task_id})
        assert info["task_id"] == good.task_id and obs["url"] == "http://shop.test/"
        assert made.step("stop [a]")[1] == 1.0
    finally:
        made.close()


def test_a_report_that_cannot_be_written_is_a_message(run_dir):
    result = CliRunner().invoke(main, ["report", str(run_dir), "--out", "/dev/full"])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.output
    assert "/dev/full: cannot write the report" in result.output


# -- Chromium ------------------------------------------------------------------------------


@pytest.mark.chromium
def test_a_chromium_env_called_from_another_thread_says_so_and_changes_nothing():
    require_chromium("the Chromium thread test")
    made = WebEnv(tasks="all", backend="chromium")
    try:
        made.reset(options={"task_id": START})
        made.step("goto [http://shop.test/]")
        state = made.save_state()
        caught: list[BaseException] = []

        def other() -> None:
            for call in (
                lambda: made.step("goto [http://forum.test/]"),
                lambda: made.reset(options={"task_id": START}),
                made.save_state,
                lambda: made.restore_state(state),
            ):
                try:
                    call()
                except BaseException as exc:  # the error itself is what is checked
                    caught.append(exc)

        thread = threading.Thread(target=other)
        thread.start()
        thread.join(60)
        assert [type(exc) for exc in caught] == [WrongThread] * 4, caught
        assert "thread" in str(caught[0]) and "\n" not in str(caught[0])
        assert made.episode_steps == 1
        obs = made.step("goto [http://git.test/]")[0]
        assert obs["last_action_error"] == "" and made.episode_steps == 2
    finally:
        made.close()


def test_a_database_folder_that_cannot_be_made_is_a_serve_error(fifo, tmp_path):
    for where in (fifo, tmp_path / "file" / "sub"):
        (tmp_path / "file").write_text("")
        with pytest.raises(ServeError, match="cannot make the folder"):
            Hub("127.0.0.1", 0, sites=["shop"], db_dir=where, quiet=True)


def test_a_host_that_is_not_an_address_is_blamed_not_the_port():
    with pytest.raises(ServeError, match=r"--host 999\.1\.1\.1: not an address"):
        Hub("999.1.1.1", 0, sites=["shop"], public_host="localhost", quiet=True)


# -- numbers that are not numbers ----------------------------------------------------------


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -1.0, True, "1"])
@pytest.mark.parametrize("name", ["temperature", "timeout", "backoff"])
def test_an_llm_agent_number_that_is_not_finite_is_an_option_error(name, value):
    from webenv.agents.llm import LLMAgent

    with pytest.raises(OptionError, match=name):
        LLMAgent("http://127.0.0.1:9/v1", "m", **{name: value})


@pytest.mark.parametrize("value", [float("nan"), float("inf"), 0.0])
def test_a_simulated_tick_that_is_not_finite_is_an_option_error(value):
    with pytest.raises(OptionError, match="seconds_per_step"):
        BrowserGymObservation(gym.make("WebShop-v0"), seconds_per_step=value)


@pytest.mark.parametrize("value", ["nan", "inf"])
def test_an_episode_timeout_that_is_not_finite_is_a_message(tmp_path, value):
    args = ["run", "--agent", "random", "--tasks", "shop/order-total/0", "--workers", "1"]
    result = CliRunner().invoke(
        main,
        [*args, "--out", str(tmp_path / "o"), "-q", "--episode-timeout", value],
    )
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.output
    assert "episode_timeout" in result.output and "finite" in result.output


def test_a_labels_file_csv_cannot_read_is_a_message(tmp_path):
    runs = tmp_path / "runs"
    runs.mkdir()
    labels = tmp_path / "labels.csv"
    labels.write_text("task_id,episode,correct\n" + "a" * 200_000 + ",0,1\n", "utf-8")
    result = CliRunner().invoke(
        main, ["study", "traces", str(runs), "--labels", str(labels), "--out", str(tmp_path / "s")]
    )
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.output
    assert f"{labels}: not CSV" in result.output
