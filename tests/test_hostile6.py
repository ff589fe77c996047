"""Round 6 of hostile input: the scoring harness under hostile agents and servers.

Bad input gets a clear error and loses nothing: an agent that misbehaves fails its own
episode with a one-line reason, the other episodes and ``summary.json`` are fine, and
``--resume`` plays only what is missing. An OpenAI-compatible server that misbehaves is
retried a bounded number of times and never holds an episode past its timeout.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.fake_openai import FakeOpenAI
from webenv.agents import TaskInfo
from webenv.agents.llm import LLMAgent, LLMError
from webenv.cli import main
from webenv.run import RunConfig, run
from webenv.run.outputs import EPISODES_FILE, read_records
from webenv.tasks import get_task

TASK = "shop/order-total/0"
TASKS = ("shop/order-total/0", "shop/order-total/1")

AGENTS = """
import os
import sys
import time


class _Base:
    def reset(self, task_info):
        self.task_id = task_info.task.task_id

    def bad(self):
        return self.task_id == "shop/order-total/1"

    def act(self, obs, info):
        return "stop [x]"


class RaisesInInit:
    def __init__(self):
        raise ValueError("cannot start")

    def reset(self, task_info):
        pass

    def act(self, obs, info):
        return "stop [x]"


class RaisesInReset(_Base):
    def reset(self, task_info):
        super().reset(task_info)
        if self.bad():
            raise KeyError("reset broke")


class ReturnsNone(_Base):
    def act(self, obs, info):
        return None if self.bad() else "stop [x]"


class ReturnsBytes(_Base):
    def act(self, obs, info):
        return b"stop [x]" if self.bad() else "stop [x]"


class ReturnsHuge(_Base):
    def act(self, obs, info):
        return "stop [" + "x" * 10_000_000 + "]" if self.bad() else "stop [x]"


class ReturnsNul(_Base):
    def act(self, obs, info):
        return "stop [a\\x00b]" if self.bad() else "stop [x]"


class ReturnsSurrogate(_Base):
    def act(self, obs, info):
        return "stop [a\\udc80b]" if self.bad() else "stop [x]"


class ReturnsStrSubclass(_Base):
    def act(self, obs, info):
        class Evil(str):
            def __eq__(self, other):
                raise RuntimeError("evil eq")

            __hash__ = str.__hash__

        return Evil("stop [x]") if self.bad() else "stop [x]"


class Prints(_Base):
    def act(self, obs, info):
        print("AGENT NOISE ON STDOUT")
        sys.stdout.write("more noise\\n")
        return "stop [x]"


class Mutates(_Base):
    def act(self, obs, info):
        obs.clear()
        info.clear()
        return "stop [x]"


class Forever(_Base):
    def act(self, obs, info):
        return "scroll [down]"


class Exits(_Base):
    def act(self, obs, info):
        if self.bad():
            os._exit(7)
        return "stop [x]"


class SelfKill(_Base):
    def act(self, obs, info):
        if self.bad():
            os.kill(os.getpid(), 9)
        return "stop [x]"


class RaisesSystemExit(_Base):
    def act(self, obs, info):
        if self.bad():
            raise SystemExit(4)
        return "stop [x]"


class RaisesKeyboardInterrupt(_Base):
    def act(self, obs, info):
        if self.bad():
            raise KeyboardInterrupt
        return "stop [x]"


class BadMessage(_Base):
    def act(self, obs, info):
        if self.bad():
            class Weird(Exception):
                def __str__(self):
                    raise RuntimeError("no str")

            raise Weird()
        return "stop [x]"


class BadClose(_Base):
    def act(self, obs, info):
        return "stop [x]"

    def close(self):
        raise RuntimeError("close broke")


class BadLastStep(_Base):
    last_step = "not an AgentStep"

    def act(self, obs, info):
        return "stop [x]"


class RaisingLastStep(_Base):
    @property
    def last_step(self):
        if self.bad():
            raise RuntimeError("usage broke")
        return None


class RaisingWantsCandidates(_Base):
    @property
    def wants_candidates(self):
        raise RuntimeError("cannot say")


class Slow(_Base):
    def act(self, obs, info):
        if self.bad():
            time.sleep(60)
        return "stop [x]"


NOT_A_CLASS = 42


def a_function():
    return "stop [x]"
"""


@pytest.fixture
def agents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    folder = tmp_path / "agents"
    folder.mkdir()
    (folder / "hostile6_agents.py").write_text(AGENTS)
    (folder / "hostile6_broken.py").write_text("import no_such_module_anywhere\n")
    (folder / "hostile6_syntax.py").write_text("def (:\n")
    monkeypatch.syspath_prepend(str(folder))
    return "hostile6_agents"


def _run(agent: str, out: Path, **options: Any):
    options.setdefault("workers", 0)
    options.setdefault("max_steps", 3)
    return run(RunConfig(agent, TASKS, out, **options), progress=False)


def _one_line(text: str | None) -> bool:
    return bool(text) and "\n" not in text and "Traceback" not in text and len(text) < 2_000


def _check_failed_only_second(result: Any, out: Path) -> dict[str, Any]:
    by_task = {r["task_id"]: r for r in result.records}
    assert list(by_task) == list(TASKS)
    assert by_task[TASKS[0]]["ended"] == "answered", by_task[TASKS[0]]["error"]
    bad = by_task[TASKS[1]]
    assert bad["ended"] == "error" and not bad["lenient"]
    assert _one_line(bad["error"]), bad["error"]
    summary = json.loads((out / "summary.json").read_text())
    assert summary["episodes"] == 2 and summary["errors"] == 1
    assert len(read_records(out)) == 2
    return bad


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("RaisesInReset", "reset"),
        ("ReturnsNone", "None"),
        ("ReturnsBytes", "bytes"),
        ("RaisesSystemExit", "SystemExit"),
        ("BadMessage", "Weird"),
    ],
)
def test_a_misbehaving_agent_fails_only_its_episode_in_process(tmp_path, agents, name, reason):
    out = tmp_path / "run"
    bad = _check_failed_only_second(_run(f"{agents}:{name}", out), out)
    assert reason in bad["error"]


@pytest.mark.parametrize(
    "name", ["ReturnsHuge", "ReturnsNul", "ReturnsSurrogate", "ReturnsStrSubclass"]
)
def test_an_odd_action_string_is_a_step_error_or_an_episode_error_and_records_are_json(
    tmp_path, agents, name
):
    """A huge, NUL-bearing or unpaired-surrogate action: the env refuses it as an action
    error (or the episode fails), and the record written is valid UTF-8 JSON."""
    out = tmp_path / "run"
    result = _run(f"{agents}:{name}", out)
    assert [r["task_id"] for r in result.records] == list(TASKS)
    raw = (out / EPISODES_FILE).read_bytes()
    raw.decode("utf-8")  # strict: no lone surrogates written
    assert len(raw) < 5_000_000  # a 10 MB action is not copied into the record whole
    lines = raw.splitlines()
    assert len(lines) == 2 and all(json.loads(line) for line in lines)
    assert json.loads((out / "summary.json").read_text())["episodes"] == 2


def test_an_agent_whose_keyboard_interrupt_is_its_own_fails_that_episode(tmp_path, agents):
    out = tmp_path / "run"
    try:
        result = _run(f"{agents}:RaisesKeyboardInterrupt", out)
    except KeyboardInterrupt:
        # Acceptable: treated as the user's Ctrl-C; the finished episode is kept.
        assert len(read_records(out)) == 1
        return
    _check_failed_only_second(result, out)


def test_an_agent_that_prints_does_not_corrupt_the_outputs(tmp_path, agents, capfd):
    out = tmp_path / "run"
    result = _run(f"{agents}:Prints", out, workers=1)
    assert all(r["ended"] == "answered" for r in result.records)
    assert len(read_records(out)) == 2
    json.loads((out / "summary.json").read_text())


def test_an_agent_that_mutates_its_observation_does_not_change_the_record(tmp_path, agents):
    out = tmp_path / "run"
    result = _run(f"{agents}:Mutates", out)
    for record in result.records:
        assert record["ended"] == "answered", record["error"]
        assert record["steps"][0]["observation"]["axtree"].startswith("[")


def test_an_agent_that_repeats_itself_is_cut_off_at_max_steps(tmp_path, agents):
    out = tmp_path / "run"
    result = _run(f"{agents}:Forever", out, max_steps=3)
    for record in result.records:
        assert len(record["steps"]) == 3 and record["ended"] != "answered"
    assert json.loads((out / "summary.json").read_text())["episodes"] == 2


def test_agents_that_cannot_be_built_are_one_line_errors(tmp_path, agents):
    for spec in (
        f"{agents}:RaisesInInit",
        f"{agents}:NOT_A_CLASS",
        f"{agents}:NoSuchClass",
        "hostile6_broken:Agent",
        "hostile6_syntax:Agent",
        "no_such_module_h6:Agent",
        f"{agents}:",
        ":Agent",
        f"{agents}:a_function",
    ):
        result = CliRunner().invoke(
            main, ["run", "--agent", spec, "--tasks", TASK, "--workers", "0", "-q",
                   "--max-steps", "2", "--out", str(tmp_path / "x")]
        )  # fmt: skip
        text = result.output
        assert result.exception is None or isinstance(result.exception, SystemExit), (
            spec,
            repr(result.exception),
        )
        if result.exit_code != 0:
            assert "Traceback" not in text and text.strip(), (spec, text)
            assert len(text.strip().splitlines()) <= 3, (spec, text)
        else:
            (record,) = read_records(tmp_path / "x")
            assert record["ended"] == "error" and _one_line(record["error"]), (spec, record)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["Exits", "SelfKill"])
def test_a_worker_that_dies_fails_that_episode_and_resume_recovers(tmp_path, agents, name):
    out = tmp_path / "run"
    result = _run(f"{agents}:{name}", out, workers=2)
    bad = _check_failed_only_second(result, out)
    assert "died" in bad["error"]
    again = _run(f"{agents}:{name}", out, workers=1, resume=True)
    assert again.played == 0 and len(read_records(out)) == 2


@pytest.mark.slow
def test_a_worker_killed_from_outside_mid_episode_is_reported_and_resume_recovers(tmp_path, agents):
    out = tmp_path / "run"
    killed: list[int] = []

    def killer() -> None:
        # Kill the first worker child found asleep inside the slow episode.
        deadline = time.time() + 20
        me = os.getpid()
        while time.time() < deadline and not killed:
            for pid_dir in Path("/proc").iterdir():
                if not pid_dir.name.isdigit():
                    continue
                try:
                    stat = (pid_dir / "stat").read_text()
                except OSError:
                    continue
                try:
                    command = (pid_dir / "cmdline").read_bytes()
                except OSError:
                    continue
                if (
                    int(stat.rsplit(")", 1)[1].split()[1]) == me
                    and b"spawn_main" in command  # a worker, not the resource tracker
                ):
                    time.sleep(1.5)
                    try:
                        os.kill(int(pid_dir.name), signal.SIGKILL)
                        killed.append(int(pid_dir.name))
                    except ProcessLookupError:
                        pass
                    break
            time.sleep(0.1)

    thread = threading.Thread(target=killer, daemon=True)
    thread.start()
    result = _run(f"{agents}:Slow", out, workers=1, episode_timeout=15)
    thread.join()
    assert killed
    assert [r["task_id"] for r in result.records] == list(TASKS)
    for line in (out / EPISODES_FILE).read_text().splitlines():
        json.loads(line)
    summary = json.loads((out / "summary.json").read_text())
    assert summary["episodes"] == 2
    failed = [r for r in result.records if r["ended"] == "error"]
    assert failed and all(_one_line(r["error"]) for r in failed)
    again = _run(
        f"{agents}:Slow", out, workers=1, episode_timeout=2, resume=True, retry_errors=True
    )
    assert again.played == len(failed) and len(read_records(out)) == 2


def test_an_agent_property_that_raises_is_the_agents_error_not_the_harness(tmp_path, agents):
    bad = _check_failed_only_second(
        _run(f"{agents}:RaisingLastStep", tmp_path / "last"), tmp_path / "last"
    )
    assert bad["error"].startswith("agent.last_step raised RuntimeError"), bad["error"]
    out = tmp_path / "wants"
    result = _run(f"{agents}:RaisingWantsCandidates", out)
    assert [r["ended"] for r in result.records] == ["error", "error"]
    for record in result.records:
        assert record["error"].startswith("agent.wants_candidates raised RuntimeError")
        assert _one_line(record["error"])
    assert len(read_records(out)) == 2


def test_close_and_last_step_that_misbehave_lose_nothing(tmp_path, agents):
    for name in ("BadClose", "BadLastStep"):
        out = tmp_path / name
        try:
            result = _run(f"{agents}:{name}", out)
        except Exception as error:
            pytest.fail(f"{name}: {error!r}")
        assert len(result.records) == 2 and len(read_records(out)) == 2
        assert (out / "summary.json").exists()


# --- the LLM agent against hostile servers -------------------------------------------


def _llm(base_url: str, **options: Any) -> LLMAgent:
    options.setdefault("timeout", 0.5)
    options.setdefault("max_retries", 1)
    options.setdefault("backoff", 0)
    agent = LLMAgent(base_url=base_url, model="m", **options)
    agent.reset(TaskInfo(get_task(TASK), 0, "k"))
    return agent


def _act_bounded(agent: LLMAgent, limit: float) -> tuple[str | None, BaseException | None, float]:
    start = time.monotonic()
    try:
        action = agent.act({"axtree": "[5] link 'A'", "url": "u", "goal": "g"}, {})
        return action, None, time.monotonic() - start
    except BaseException as error:
        return None, error, time.monotonic() - start


class RawServer:
    """A server whose handler writes raw bytes: ``handler(sock)`` per connection."""

    def __init__(self, handler: Any) -> None:
        self.handler = handler
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.base_url = f"http://127.0.0.1:{self.sock.getsockname()[1]}/v1"
        self.connections = 0
        self._stop = False

    def _serve(self) -> None:
        while not self._stop:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.connections += 1
            threading.Thread(target=self._handle, args=(conn,), daemon=True).start()

    def _handle(self, conn: socket.socket) -> None:
        try:
            conn.settimeout(5)
            data = b""
            while b"\r\n\r\n" not in data:
                chunk = conn.recv(65536)
                if not chunk:
                    return
                data += chunk
            self.handler(conn)
        except OSError:
            pass
        finally:
            with contextlib.suppress(OSError):
                conn.close()

    def __enter__(self) -> RawServer:
        threading.Thread(target=self._serve, daemon=True).start()
        return self

    def __exit__(self, *args: Any) -> None:
        self._stop = True
        self.sock.close()


def _reply(body: bytes, content_type: str = "application/json", status: str = "200 OK") -> bytes:
    return (
        f"HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    ).encode() + body


def _choices(content: Any) -> bytes:
    return json.dumps(
        {"choices": [{"message": {"role": "assistant", "content": content}}]}
    ).encode()


@pytest.mark.parametrize(
    "body",
    [
        b'{"choices": [',  # truncated JSON
        b"{}",  # no choices
        b'{"choices": []}',
        b'{"choices": null}',
        b'{"choices": [null]}',
        b'{"choices": [{"message": null}]}',
        b'{"choices": [{}]}',
        b'{"choices": "nope"}',
        b"[1, 2]",
        b'"a string"',
        b"null",
        b'{"choices": [{"message": {"content": 42}}]}',
        b'{"choices": [{"message": {"content": ["a", "b"]}}]}',
        b'{"choices": [{"message": {"content": {"x": 1}}}]}',
        b'{"choices": [{"message": {"content": "click [5]"}}], "usage": "lots"}',
        b'{"choices": [{"message": {"content": "click [5]"}}], "usage": {"prompt_tokens": "x"}}',
        b'{"choices": [{"message": {"content": "click [5]"}}], "usage": {"prompt_tokens": -5}}',
        b'{"choices": [{"message": {"content": "click [5]"}}], "usage": {"prompt_tokens": 1e400}}',
        b'{"choices": [{"message": {"content": "click [5]"}}], "usage": {"prompt_tokens": 1.5}}',
        _choices(None),
        _choices(""),
        '{"choices": [{"message": {"content": "click [5] \u00e9"}}]}'.encode("latin-1"),
        b'{"choices": [{"message": {"content": "click [5] \\ud800"}}]}',
        b'{"choices": [{"message": {"content": "click [5] \\u0000"}}]}',
        json.dumps(
            {
                "choices": [
                    {
                        "message": {
                            "role": "assistant",
                            "content": None,
                            "tool_calls": [
                                {
                                    "type": "function",
                                    "function": {"name": "click", "arguments": "{"},
                                }
                            ],
                        }
                    }
                ]
            }
        ).encode(),
        json.dumps({"choices": [{"message": {"tool_calls": "nope", "content": None}}]}).encode(),
        json.dumps({"choices": [{"message": {"tool_calls": [None, 3], "content": None}}]}).encode(),
    ],
)
def test_a_malformed_reply_is_an_action_or_an_llm_error_never_a_crash(body):
    with RawServer(lambda conn: conn.sendall(_reply(body))) as server:
        agent = _llm(server.base_url)
        action, error, seconds = _act_bounded(agent, 5)
    assert seconds < 5
    if error is not None:
        assert isinstance(error, LLMError), repr(error)
        assert _one_line(str(error)), str(error)
    else:
        assert isinstance(action, str)
        step = agent.last_step
        if step is not None:
            for field in ("prompt_tokens", "completion_tokens"):
                value = getattr(step, field, 0)
                assert value is None or (isinstance(value, int) and value >= 0), (field, value)
            json.dumps(step.__dict__ if hasattr(step, "__dict__") else {}, allow_nan=False)


@pytest.mark.parametrize("content_type", ["text/html", "text/plain; charset=latin-1", ""])
def test_a_wrong_content_type_with_a_json_body_or_html_is_handled(content_type):
    for body in (_choices("click [5]"), b"<html><body>Bad gateway</body></html>"):
        with RawServer(lambda conn, b=body: conn.sendall(_reply(b, content_type))) as server:
            agent = _llm(server.base_url)
            _action, error, seconds = _act_bounded(agent, 5)
        assert seconds < 5
        assert error is None or (isinstance(error, LLMError) and _one_line(str(error))), repr(error)


RETRY_AFTER = ["garbage", "-5", "1e309", "nan", "inf", "99999999999999999999", "86400", "",
               "0x10", "Wed, 21 Oct 2999 07:28:00 GMT", "Wed, 21 Oct 1999 07:28:00 GMT",
               "\uff11"]  # fmt: skip


def test_retry_after_that_is_garbage_or_huge_never_waits_past_a_bound():
    script = []
    for value in RETRY_AFTER:
        for status, header in ((429, "Retry-After"), (503, "retry-after-ms")):
            script += [{"status": status, "headers": {header: value}}, {"reply": "```click [5]```"}]
    with FakeOpenAI(script) as server:
        agent = _llm(server.base_url, max_backoff=0.05)
        for value in RETRY_AFTER:
            for header in ("Retry-After", "retry-after-ms"):
                action, error, seconds = _act_bounded(agent, 5)
                assert seconds < 1, (header, value, seconds)
                assert error is None, (header, value, repr(error))
                assert action == "click [5]"


def test_500_without_a_body_and_503_with_html_are_retried_then_a_clear_error():
    for entry in ({"status": 500, "body": None}, {"status": 503, "body": "<html>down</html>"}):
        with FakeOpenAI([entry]) as server:
            agent = _llm(server.base_url, max_retries=2)
            _action, error, seconds = _act_bounded(agent, 5)
        assert isinstance(error, LLMError) and _one_line(str(error)), repr(error)
        assert str(entry["status"]) in str(error) and seconds < 3


def test_a_hung_connection_and_a_slow_trickle_end_within_the_timeout():
    stop = threading.Event()

    def hang(conn: socket.socket) -> None:
        stop.wait(10)

    def trickle(conn: socket.socket) -> None:
        body = _choices("click [5]")
        head = _reply(body)[: -len(body)]
        conn.sendall(head)
        for byte in body:  # one byte every 0.2 s: each read is quick, the whole is not
            if stop.is_set():
                return
            conn.sendall(bytes([byte]))
            time.sleep(0.2)

    def trickle_headers(conn: socket.socket) -> None:
        for byte in b"HTTP/1.1 200 OK\r\nX-Slow: " + b"a" * 1000:
            if stop.is_set():
                return
            conn.sendall(bytes([byte]))
            time.sleep(0.2)

    try:
        for handler in (hang, trickle, trickle_headers):
            with RawServer(handler) as server:
                agent = _llm(server.base_url, timeout=0.5, max_retries=1)
                _action, error, seconds = _act_bounded(agent, 10)
            # Two attempts of 0.5 s each, plus slack: never the trickle's 10 s or more.
            assert seconds < 3.5, (handler.__name__, seconds)
            assert isinstance(error, LLMError) and _one_line(str(error)), repr(error)
    finally:
        stop.set()


def test_a_100_mb_body_is_refused_without_reading_it_all():
    sent = [0]

    def huge(conn: socket.socket) -> None:
        size = 100_000_000
        conn.sendall(
            b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
            + f"Content-Length: {size}\r\n\r\n".encode()
            + b'{"choices": [{"message": {"content": "'
        )
        chunk = b"x" * 1_000_000
        for _ in range(100):
            conn.sendall(chunk)
            sent[0] += len(chunk)

    def huge_chunked(conn: socket.socket) -> None:
        conn.sendall(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n")
        chunk = b"x" * 1_000_000
        for _ in range(100):
            conn.sendall(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
            sent[0] += len(chunk)

    for handler in (huge, huge_chunked):
        sent[0] = 0
        with RawServer(handler) as server:
            agent = _llm(server.base_url, timeout=2, max_retries=0)
            _action, error, seconds = _act_bounded(agent, 10)
        assert isinstance(error, LLMError) and _one_line(str(error)), repr(error)
        assert seconds < 5, (handler.__name__, seconds)
        assert sent[0] < 60_000_000, (handler.__name__, sent[0])


def test_a_server_that_fails_every_episode_gives_a_run_with_clear_errors(tmp_path):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            body = b'{"choices": '
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}/v1"
        out = tmp_path / "run"
        options = {"base_url": base, "model": "m", "timeout": 0.5, "max_retries": 1, "backoff": 0}
        start = time.monotonic()
        result = _run("llm", out, agent_options=options)
        assert time.monotonic() - start < 15
        assert all(r["ended"] == "error" and _one_line(r["error"]) for r in result.records)
        assert json.loads((out / "summary.json").read_text())["errors"] == 2
        run_json = (out / "run.json").read_text()
        assert "sk-" not in run_json
    finally:
        server.shutdown()
        server.server_close()


# --- demos and recordings ------------------------------------------------------------


@pytest.mark.parametrize("count", ["0", "-1", "-0", "1e3", "99999999999999999999999", "abc", ""])
def test_demos_counts_that_are_not_positive_numbers_are_one_line_errors(tmp_path, count):
    out = tmp_path / "d.jsonl"
    result = CliRunner().invoke(
        main, ["demos", "--tasks", "gen:train", "--count", count, "--out", str(out)]
    )
    assert result.exit_code != 0
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert "Traceback" not in result.output and result.output.strip()
    assert not out.exists()


def test_demos_a_huge_count_is_refused_or_bounded_quickly(tmp_path):
    out = tmp_path / "d.jsonl"
    start = time.monotonic()
    result = CliRunner().invoke(
        main,
        ["demos", "--tasks", "shop.items-in-month", "--world-seeds", "0", "--count",
         "1000000000", "--out", str(out)],
    )  # fmt: skip
    assert time.monotonic() - start < 15, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert "Traceback" not in result.output


@pytest.fixture
def read_only(tmp_path: Path):
    """A folder nothing can be written in: a chmod 500 folder, or /sys for root."""
    if os.geteuid() == 0:
        yield Path("/sys")
        return
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    yield folder
    folder.chmod(0o700)


def test_demos_into_a_read_only_folder_is_a_message(read_only):
    start = time.monotonic()
    result = CliRunner().invoke(
        main,
        ["demos", "--tasks", "shop.items-in-month", "--world-seeds", "0", "--count", "1",
         "--out", str(read_only / "h6.jsonl")],
    )  # fmt: skip
    assert result.exit_code != 0
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert "Traceback" not in result.output and "h6.jsonl" in result.output
    assert time.monotonic() - start < 10


def test_a_record_dir_that_is_read_only_is_a_clear_error(read_only):
    from webenv.env import WebEnv
    from webenv.errors import WebEnvError

    with pytest.raises((WebEnvError, ValueError, OSError)) as caught:
        env = WebEnv(tasks=[TASK], record_dir=str(read_only / "h6rec"), record_obs=True)
        try:
            env.reset(options={"task_id": TASK})
            env.step("stop [x]")
        finally:
            env.close()
    assert "h6rec" in str(caught.value) and "\n" not in str(caught.value)


def test_a_truncated_recording_is_read_back_without_its_broken_line(tmp_path):
    from webenv.env import WebEnv

    folder = tmp_path / "rec"
    env = WebEnv(tasks=[TASK], record_dir=str(folder), record_obs=True)
    for _ in range(2):
        env.reset(options={"task_id": TASK})
        env.step("stop [x]")
    env.close()
    (path,) = folder.glob("episodes-*.jsonl")
    lines = path.read_bytes().splitlines()
    assert len(lines) == 2
    path.write_bytes(lines[0] + b"\n" + lines[1][: len(lines[1]) // 2])
    result = CliRunner().invoke(main, ["study", "traces", str(folder)])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert "Traceback" not in result.output


def test_a_run_whose_episodes_file_ends_in_garbage_resumes_and_reports(tmp_path, agents):
    out = tmp_path / "run"
    _run(f"{agents}:Prints", out)
    path = out / EPISODES_FILE
    first = path.read_bytes().splitlines()[0]
    for tail in (b"\x00" * 100, b"\xff\xfe garbage", b'{"key": ', b"[]", b"null", b"42"):
        path.write_bytes(first + b"\n" + tail)
        records = read_records(out)
        assert len(records) == 1, tail
        again = _run(f"{agents}:Prints", out, resume=True)
        assert again.played == 1, tail
        assert len(read_records(out)) == 2
        result = CliRunner().invoke(main, ["report", str(out)])
        assert result.exit_code == 0, (tail, result.output)


def test_a_run_folder_given_as_a_string_is_a_folder(tmp_path, agents):
    out = str(tmp_path / "as-text")
    result = run(
        RunConfig(f"{agents}:Prints", TASKS[:1], out, workers=0, max_steps=2), progress=False
    )
    assert result.records[0]["ended"] == "answered" and len(read_records(Path(out))) == 1


@pytest.mark.parametrize("unit", ["click the button please ", "click [", "click ] ", "`a", "```\n"])
def test_a_reply_of_megabytes_is_searched_for_an_action_in_bounded_time(unit):
    from webenv.agents.extract import extract_action

    start = time.monotonic()
    assert extract_action(unit * 300_000) is None
    assert extract_action(unit * 300_000 + "\nAction: click [5]") == "click [5]"
    assert time.monotonic() - start < 8, unit  # it was quadratic: 100 KB took 12 s


@pytest.mark.parametrize("arguments", [5, [1, 2], "[[1, 2]]", "7", '"12"', "null", True])
def test_tool_call_arguments_that_are_not_an_object_are_an_unusable_call(arguments):
    from webenv.actions import ActionError
    from webenv.agents.functions import call_to_action

    if arguments in ("null",):  # JSON null: no arguments, as None
        with pytest.raises(ActionError, match="takes 1 argument"):
            call_to_action("click", arguments)
        return
    with pytest.raises(ActionError, match="not a JSON object"):
        call_to_action("click", arguments)  # type: ignore[arg-type]
