"""Hostile inputs, round 8: the Chromium backend beside the in-process one, the
``webenv serve`` portal over real HTTP, and the wrappers; cases written from the contract
(a bad input gets a clear error and loses nothing) before reading the code they exercise.
Only the inputs that misbehaved are kept here, each with the fix's class in its name.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from urllib.parse import urlsplit

import gymnasium as gym
import httpx
import numpy as np
import pytest

from tests.chromium import require_chromium
from tests.hubs import hub_digest, started_hub
from webenv.env import WebEnv
from webenv.serve import Hub
from webenv.serve.security import RequestHandler
from webenv.wrappers import DiscreteActions

START = "cross/bio-project-count/0"  # logged in on all three sites, starts on git.test


@pytest.fixture(scope="module")
def inprocess() -> Iterator[WebEnv]:
    made = WebEnv(tasks="all")
    yield made
    made.close()


@pytest.fixture(scope="module")
def chromium() -> Iterator[WebEnv]:
    require_chromium("the Chromium hostile-input tests of round 8")
    made = WebEnv(tasks="all", backend="chromium")
    yield made
    made.close()


# -- a whole URL typed on a blank tab is that URL, not a host named after its scheme ------

BAD_WHOLE_URLS = [
    "http://shop.test:99999/",
    "HTTP://shop.test:-1",
    "https://shop.test:abc/",
    "http://[/",
    "http:/shop.test:99999/",
]


def _goto_on_a_blank_tab(env: WebEnv, url: str) -> str:
    env.reset(options={"task_id": START})
    assert env.step("goto [about:blank]")[0]["url"] == "about:blank"
    obs = env.step(f"goto [{url}]")[0]
    assert obs["url"] == "about:blank"
    assert env.step("goto [http://shop.test/]")[0]["url"] == "http://shop.test/"
    return obs["last_action_error"]


@pytest.mark.parametrize("url", BAD_WHOLE_URLS)
def test_a_bad_whole_url_on_a_blank_tab_is_quoted_as_typed_not_as_a_host_named_http(
    inprocess: WebEnv, url: str
) -> None:
    """On about:blank, ``http://shop.test:99999/`` was refused as
    ``'http://http//shop.test:99999/'`` (the scheme-less fallback prefixed ``http://`` to
    a URL that had a scheme and read ``http`` as the host); from any other page the same
    input said it was not a valid URL."""
    error = _goto_on_a_blank_tab(inprocess, url)
    assert error.startswith(f"cannot open {url!r}: it is not a valid URL"), error
    assert "http//" not in error and "https//" not in error


@pytest.mark.chromium
@pytest.mark.parametrize("url", BAD_WHOLE_URLS[:2])
def test_chromium_a_bad_whole_url_on_a_blank_tab_is_quoted_as_typed(
    chromium: WebEnv, inprocess: WebEnv, url: str
) -> None:
    error = _goto_on_a_blank_tab(chromium, url)
    assert error.startswith(f"cannot open {url!r}: it is not a valid URL"), error
    assert error == _goto_on_a_blank_tab(inprocess, url)


# -- DiscreteActions.candidate reads a slot as step does ----------------------------------


@pytest.mark.parametrize("index", [1.5, "1", None, [1], np.array([1]), True, 2.0])
def test_a_candidate_asked_for_by_what_is_not_a_slot_is_none_as_step_refuses_it(index) -> None:
    """``candidate(1.5)`` and ``candidate("1")`` raised TypeError from a list index or a
    comparison, where ``step`` with the same value is a no-op step naming the problem."""
    env = DiscreteActions(gym.make("WebShop-v0"))
    try:
        env.reset(seed=0)
        assert env.candidate(index) is None
        assert env.candidate(np.int64(1)) == env.candidate(1) is not None
        assert "not a slot number" in env.step(index)[0]["last_action_error"]
    finally:
        env.close()


# -- webenv serve: a client that trickles its request is cut off at a deadline ------------


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    with started_hub(tmp_path_factory) as served:
        yield served


def _trickle_until_closed(connection: socket.socket, byte: bytes, within: float) -> bool:
    """Send ``byte`` every 0.2 s; True once the server has shut the connection."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            connection.sendall(byte)
            if connection.recv(1, socket.MSG_DONTWAIT | socket.MSG_PEEK) == b"":
                return True
        except BlockingIOError:  # nothing to read: still open
            pass
        except OSError:  # reset or broken pipe: shut
            return True
        time.sleep(0.2)
    return False


@pytest.mark.parametrize(
    ("head", "trickled"),
    [
        (b"GET / HTTP/1.1\r\nHost: {netloc}\r\nX-Slow: ", b"a"),  # headers never end
        (
            b"POST /start HTTP/1.1\r\nHost: {netloc}\r\nContent-Length: 1000\r\n"
            b"Content-Type: application/x-www-form-urlencoded\r\n\r\ntask_id=",
            b"x",
        ),  # a body that never ends
    ],
    ids=["headers", "body"],
)
def test_a_request_trickled_a_byte_at_a_time_is_cut_off_at_its_deadline(
    hub: Hub, monkeypatch: pytest.MonkeyPatch, head: bytes, trickled: bytes
) -> None:
    """A client sending a byte every 0.2 s never stayed idle for the handler's ``timeout``,
    so it held its connection and thread for as long as it liked (slowloris)."""
    monkeypatch.setattr(RequestHandler, "request_deadline", 1)
    before = hub_digest(hub)
    address = urlsplit(hub.portal_url)
    started = time.monotonic()
    with socket.create_connection((address.hostname, address.port), timeout=5) as slow:
        slow.sendall(head.replace(b"{netloc}", address.netloc.encode()))
        assert httpx.get(hub.portal_url).status_code == 200  # served meanwhile
        assert _trickle_until_closed(slow, trickled, within=8)
    assert time.monotonic() - started < 5
    assert hub_digest(hub) == before


def test_a_sync_vector_env_goes_on_after_a_sub_env_refuses_a_reset_option():
    """What the README's vector section promises: the refused option reaches the caller,
    and a sync vector env resets and steps afterwards."""
    import gymnasium as gym

    from webenv.errors import OptionError

    envs = gym.make_vec("WebShop-v0", num_envs=2, vectorization_mode="sync")
    try:
        with pytest.raises(OptionError):
            envs.reset(seed=0, options={"task_id": "nope"})
        obs, _ = envs.reset(seed=0)
        obs, *_ = envs.step(["noop", "noop"])
        assert all(url.startswith("http://shop.test") for url in obs["url"])
    finally:
        envs.close()
