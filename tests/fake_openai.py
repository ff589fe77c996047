"""A scripted OpenAI-compatible chat-completions server on 127.0.0.1 for the LLM tests.

Each POST to ``/v1/chat/completions`` takes the next entry of the script; when the script
runs out, the last entry repeats. An entry is a dict:

- ``reply``: the assistant's text (HTTP 200 with a usage block);
- ``tool_calls``: ``[(name, arguments), ...]`` — the assistant calls these functions
  (OpenAI's ``tool_calls``, arguments as a JSON string; ``reply`` may be absent);
- ``status`` (+ ``headers``, ``body``): an error reply;
- ``delay``: seconds to sleep before answering (a slow reply);
- ``close``: drop the connection without an answer.
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class FakeOpenAI:
    """The server; ``with FakeOpenAI(script) as server: server.base_url``."""

    def __init__(self, script: list[dict[str, Any]]) -> None:
        self.script = list(script)
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # keep test output quiet
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                with fake._lock:
                    fake.requests.append(
                        {"path": self.path, "body": body, "auth": self.headers.get("Authorization")}
                    )
                    index = len(fake.requests) - 1
                    entry = fake.script[min(index, len(fake.script) - 1)]
                if entry.get("delay"):
                    time.sleep(entry["delay"])
                if entry.get("close"):
                    self.close_connection = True
                    self.connection.shutdown(2)
                    return
                if self.path != "/v1/chat/completions":
                    self._send(404, {"error": {"message": f"no route {self.path}"}})
                    return
                if "raw" in entry:  # a reply body as given, JSON or not
                    self._send(200, None, raw=entry["raw"])
                    return
                if "status" in entry:
                    self._send(
                        entry["status"],
                        entry.get("body", {"error": {"message": "x"}}),
                        entry.get("headers", {}),
                    )
                    return
                prompt = sum(len(m["content"]) for m in body["messages"]) // 4
                message: dict[str, Any] = {"role": "assistant", "content": entry.get("reply")}
                if "tool_calls" in entry:
                    message["tool_calls"] = [
                        {
                            "id": f"call_{index}_{number}",
                            "type": "function",
                            "function": {"name": name, "arguments": json.dumps(arguments)},
                        }
                        for number, (name, arguments) in enumerate(entry["tool_calls"])
                    ]
                self._send(
                    200,
                    {
                        "id": f"chatcmpl-{index}",
                        "object": "chat.completion",
                        "model": body.get("model"),
                        "choices": [
                            {
                                "index": 0,
                                "finish_reason": "tool_calls" if "tool_calls" in entry else "stop",
                                "message": message,
                            }
                        ],
                        "usage": {
                            "prompt_tokens": prompt,
                            "completion_tokens": 7,
                            "total_tokens": prompt + 7,
                        },
                    },
                )

            def _send(
                self,
                status: int,
                payload: Any,
                headers: dict[str, str] | None = None,
                raw: bytes | None = None,
            ) -> None:
                data = json.dumps(payload).encode() if raw is None else raw
                try:
                    self.send_response(status)
                    for key, value in (headers or {}).items():
                        self.send_header(key, value)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client timed out and left

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def __enter__(self) -> FakeOpenAI:
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._server.shutdown()
        self._server.server_close()
