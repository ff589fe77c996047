"""The LLM agent: any OpenAI-compatible chat-completions endpoint (hosted APIs, vLLM,
llama.cpp's server, Ollama...), over ``httpx``.

Transient failures — HTTP 408, 409, 429 and 5xx, timeouts and connection errors — are
retried with exponential back-off (with jitter), waiting at least what ``Retry-After``
(seconds or an HTTP date) or ``retry-after-ms`` asks, up to ``max_retries`` times.
Other HTTP errors (a bad key, an unknown model) fail the episode at once with the
server's message. A reply without an action is not an error: the step sends an empty
action (the env answers with a one-line error the next prompt shows) and the step's
``note`` says so.
"""

from __future__ import annotations

import email.utils
import json
import math
import os
import random
import threading
import time
from collections.abc import Callable
from typing import Any

import httpx

from webenv.actions import ActionError
from webenv.agents.extract import extract_action
from webenv.agents.functions import action_functions, call_to_action
from webenv.agents.prompts import PROMPT_STYLES, build_messages, truncate_to_tokens
from webenv.agents.protocol import AgentStep, TaskInfo
from webenv.errors import JSON_ERRORS, OptionError, WebEnvError
from webenv.options import number_option
from webenv.sites.core.urls import parse_url

RETRY_STATUSES = frozenset({408, 409, 429})
"""Statuses retried besides every 5xx."""
NO_ACTION = ""
TOOL_MODES = ("text", "function")
"""How the agent offers and reads actions (the ``tools`` option)."""
MAX_REPLY_NOTE = 2_000
MAX_REPLY_BYTES = 8_000_000
"""The largest reply body read; a longer one is refused (and retried) unread."""
"""What the agent sends when the reply holds no action (the env reports it, no-op)."""


class LLMError(WebEnvError, RuntimeError):
    """The endpoint refused a request, or kept failing after every retry."""


def _retry_after(response: httpx.Response) -> float | None:
    """The wait a response asks for, in seconds (``retry-after-ms`` or ``Retry-After``)."""
    milliseconds = response.headers.get("retry-after-ms")
    if milliseconds is not None:
        try:
            return max(0.0, float(milliseconds) / 1000)
        except ValueError:
            pass
    value = response.headers.get("retry-after")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


def _tokens(value: Any) -> int:
    """A usage count from the reply: a whole, finite, non-negative number, else 0."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return 0
    if not math.isfinite(value) or value < 0:
        return 0
    return int(value)


class _ReplyTooLarge(Exception):
    """The reply body passed MAX_REPLY_BYTES."""


def _content(message: Any) -> str:
    """A chat message's text (a string, or a list of text parts)."""
    content = message.get("content") if isinstance(message, dict) else None
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(str(part.get("text", "")) for part in content if isinstance(part, dict))
    return ""


class LLMAgent:
    """Prompts a chat model with the page and reads one action from each reply.

    Args:
        base_url: The endpoint's base URL, e.g. ``http://127.0.0.1:8000/v1`` (requests
            go to ``<base_url>/chat/completions``).
        model: The model name the server knows.
        api_key_env: The environment variable holding the API key. Default: use
            ``OPENAI_API_KEY`` if it is set, else send no key (local servers need none).
        prompt_style: ``webarena`` or ``browsergym`` (:mod:`webenv.agents.prompts`).
        obs_tokens: The AX text's token budget in the prompt.
        docs_tokens: The token budget of the sites' help text in the system prompt, when
            the env gives it (``WebEnv(site_docs=True)``, ``webenv run --site-docs``).
        temperature: Sampling temperature.
        max_tokens: The completion's token limit.
        timeout: Seconds one request may take, its whole reply read, before it is retried.
        max_retries: Retries of one step's request after the first attempt.
        backoff: The first retry's wait in seconds; doubled each retry, capped at
            ``max_backoff``.
        max_backoff: The longest wait between attempts (also caps ``Retry-After``).
        sleep: How to wait (tests pass a recorder).
        tools: ``"text"`` (default): the action is read from the reply's text.
            ``"function"``: the actions and the task's site tools are also offered as
            OpenAI function-calling tools (``tools=[{"type": "function", ...}]``,
            :mod:`webenv.agents.functions`) and the reply's first ``tool_calls`` entry is
            read back into the action; a reply without one is read as text.

    Raises:
        OptionError: a base URL that is not http(s), an unknown prompt style, a named
            key variable that is not set, or a bad number.
    """

    def __init__(
        self,
        base_url: str,
        model: str,
        *,
        api_key_env: str | None = None,
        prompt_style: str = "webarena",
        obs_tokens: int = 4_000,
        docs_tokens: int = 12_000,
        temperature: float = 0.0,
        max_tokens: int = 512,
        timeout: float = 60.0,
        max_retries: int = 6,
        backoff: float = 1.0,
        max_backoff: float = 60.0,
        sleep: Callable[[float], None] = time.sleep,
        tools: str = "text",
    ) -> None:
        url = parse_url(base_url)
        if url is None or url.scheme not in ("http", "https"):
            raise OptionError(
                f"base_url={base_url!r} is not accepted; use an http(s) URL such as "
                "http://127.0.0.1:8000/v1"
            )
        if not isinstance(model, str) or not model:
            raise OptionError("model is required: the model name the endpoint serves")
        if prompt_style not in PROMPT_STYLES:
            raise OptionError(
                f"prompt_style={prompt_style!r} is not accepted; use one of "
                f"{', '.join(PROMPT_STYLES)}"
            )
        if tools not in TOOL_MODES:
            raise OptionError(
                f"tools={tools!r} is not accepted; use one of {', '.join(TOOL_MODES)}"
            )
        for name, value in (
            ("obs_tokens", obs_tokens),
            ("docs_tokens", docs_tokens),
            ("max_tokens", max_tokens),
        ):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise OptionError(f"{name}={value!r} is not accepted; use an integer >= 1")
        if isinstance(max_retries, bool) or not isinstance(max_retries, int) or max_retries < 0:
            raise OptionError(f"max_retries={max_retries!r} is not accepted; use an integer >= 0")
        for name, number in (
            ("timeout", timeout),
            ("backoff", backoff),
            ("max_backoff", max_backoff),
        ):
            number_option(name, number, 0, "seconds")
        number_option("temperature", temperature, 0, "the sampling temperature", 2)
        key = None
        if api_key_env is not None:
            key = os.environ.get(api_key_env)
            if not key:
                raise OptionError(
                    f"api_key_env={api_key_env!r}: that environment variable is not set"
                )
        else:
            key = os.environ.get("OPENAI_API_KEY") or None
        self.url = str(url).rstrip("/") + "/chat/completions"
        self.model = model
        self.prompt_style = prompt_style
        self.tools = tools
        self._sites: tuple[str, ...] = ()
        self.obs_tokens = obs_tokens
        self.docs_tokens = docs_tokens
        self.temperature = float(temperature)
        self.max_tokens = max_tokens
        self.max_retries = max_retries
        self.backoff = float(backoff)
        self.max_backoff = float(max_backoff)
        self._sleep = sleep
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        self.timeout = float(timeout)
        self._client = httpx.Client(timeout=timeout, headers=headers)
        self._history: list[str] = []
        self._docs = ""
        self._rng = random.Random(0)
        self.last_step: AgentStep | None = None

    def reset(self, task_info: TaskInfo) -> None:
        """Forget the previous episode's actions; keep the episode's site docs (if the
        env gave them) for the system prompt; seed the back-off jitter."""
        self._history = []
        docs = task_info.info.get("site_docs")
        self._docs = truncate_to_tokens(docs, self.docs_tokens) if isinstance(docs, str) else ""
        self._rng = random.Random(task_info.seed)
        self._sites = tuple(task_info.task.sites)
        self.last_step = None

    def act(self, obs: dict[str, Any], info: dict[str, Any]) -> str:
        """Ask the model for the next action.

        Raises:
            LLMError: the endpoint refused the request or failed every retry.
        """
        messages = build_messages(
            self.prompt_style,
            obs,
            self._history,
            obs_tokens=self.obs_tokens,
            site_docs=self._docs,
            sites=self._sites,
        )
        step = AgentStep()
        self.last_step = step
        started = time.perf_counter()
        try:
            data = self._complete(messages, step)
        finally:
            step.latency = time.perf_counter() - started
        choices = data.get("choices")
        first = choices[0] if isinstance(choices, list) and choices else None
        message = first.get("message") if isinstance(first, dict) else None
        step.reply = _content(message)
        calls = message.get("tool_calls") if isinstance(message, dict) else None
        if self.tools == "function" and isinstance(calls, list) and calls:
            return self._called(calls[0], step)
        action = extract_action(step.reply)
        if action is None:
            step.note = "no action found in the reply"
            self._history.append("(no action: the reply held none)")
            return NO_ACTION
        self._history.append(action)
        return action

    def _called(self, call: Any, step: AgentStep) -> str:
        """The action of one ``tool_calls`` entry (NO_ACTION, with a note, if it is bad)."""
        function = call.get("function") if isinstance(call, dict) else None
        name = function.get("name") if isinstance(function, dict) else None
        arguments = function.get("arguments") if isinstance(function, dict) else None
        step.reply = step.reply or json.dumps({"tool_call": function})[:MAX_REPLY_NOTE]
        try:
            if not isinstance(name, str):
                raise ActionError("the tool call names no function")
            action = call_to_action(name, arguments)
        except ActionError as exc:
            step.note = f"unusable tool call: {exc}"
            self._history.append(f"(no action: {step.note})")
            return NO_ACTION
        self._history.append(action)
        return action

    def _complete(self, messages: list[dict[str, str]], step: AgentStep) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": self.model,
            "messages": messages,
            "temperature": self.temperature,
            "max_tokens": self.max_tokens,
        }
        if self.tools == "function":
            body["tools"] = action_functions(self._sites)
        failure = ""
        asked: float | None = None  # what the last reply's Retry-After asked for
        for attempt in range(self.max_retries + 1):
            if attempt:
                self._sleep(self._wait(attempt, asked))
            asked = None
            step.attempts += 1
            try:
                response = self._post(body)
            except httpx.TimeoutException as exc:
                failure = f"timed out ({type(exc).__name__})"
                continue
            except httpx.TransportError as exc:
                failure = f"connection failed ({type(exc).__name__}: {exc})"
                continue
            except _ReplyTooLarge:
                failure = f"the reply is larger than {MAX_REPLY_BYTES:,} bytes"
                continue
            if response.status_code in RETRY_STATUSES or response.status_code >= 500:
                asked = _retry_after(response)
                failure = f"HTTP {response.status_code}"
                continue
            if response.status_code >= 400:
                raise LLMError(
                    f"{self.url} answered HTTP {response.status_code}: "
                    f"{' '.join(response.text.split())[:300]}"
                )
            try:
                data = response.json()
            except JSON_ERRORS:
                failure = "the reply is not JSON"
                continue
            if not isinstance(data, dict) or not isinstance(data.get("choices"), list):
                failure = "the reply has no 'choices'"
                continue
            usage: dict[str, Any] = data["usage"] if isinstance(data.get("usage"), dict) else {}
            step.prompt_tokens += _tokens(usage.get("prompt_tokens"))
            step.completion_tokens += _tokens(usage.get("completion_tokens"))
            return data
        raise LLMError(f"{self.url}: {failure} on all {self.max_retries + 1} attempts")

    def _post(self, body: dict[str, Any]) -> httpx.Response:
        """One request, read whole within ``timeout`` seconds and MAX_REPLY_BYTES.

        httpx's timeout bounds each read, so a server trickling a byte at a time would
        hold the step forever; the request runs on a daemon thread that is left behind
        (it stops at its next read past the deadline) when the whole takes too long.
        """
        deadline = time.monotonic() + self.timeout
        outcome: list[Any] = []

        def request() -> None:
            try:
                with self._client.stream("POST", self.url, json=body) as response:
                    size = 0
                    chunks = []
                    for chunk in response.iter_bytes():
                        size += len(chunk)
                        if size > MAX_REPLY_BYTES:
                            raise _ReplyTooLarge
                        if time.monotonic() > deadline:
                            raise httpx.ReadTimeout("the reply took too long")
                        chunks.append(chunk)
                outcome.append(
                    httpx.Response(
                        response.status_code,
                        headers=response.headers,
                        content=b"".join(chunks),
                    )
                )
            except Exception as exc:
                outcome.append(exc)

        thread = threading.Thread(target=request, name="webenv-llm-request", daemon=True)
        thread.start()
        thread.join(max(0.0, deadline - time.monotonic()))
        if not outcome:
            raise httpx.ReadTimeout(f"no whole reply within {self.timeout:g} s")
        if isinstance(outcome[0], Exception):
            raise outcome[0]
        return outcome[0]

    def _wait(self, attempt: int, asked: float | None) -> float:
        """Seconds before retry ``attempt`` (1-based): exponential with jitter, at least
        what the server asked, at most ``max_backoff``."""
        delay = self.backoff * 2 ** (attempt - 1) * (0.5 + self._rng.random() / 2)
        if asked is not None:
            delay = max(delay, asked)
        return min(delay, self.max_backoff)

    def close(self) -> None:
        """Close the HTTP client."""
        self._client.close()
