"""The page an ``api`` action shows: one HTML builder for both backends.

The response of a site API call is not shown as the site sent it (a browser would show
raw JSON differently in each backend) but as a small page webenv builds, so the
accessibility tree is the same text everywhere: the request line, the status, the
paging headers, and the body — JSON pretty-printed — cut at :data:`MAX_BODY_SHOWN`
characters with a "… N more characters" line.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from html import escape
from http import HTTPStatus

from webenv.errors import JSON_ERRORS

MAX_BODY_SHOWN = 8_000
"""Characters of the response body shown; the rest is counted, not shown."""

SHOWN_HEADERS = (
    "Content-Type",
    "Location",
    "X-Total",
    "X-Total-Pages",
    "X-Page",
    "X-Per-Page",
    "X-Next-Page",
    "X-Prev-Page",
)
"""Response headers the page lists, in this order, when the response has them."""

API_ACCEPT = "application/json"
"""The ``Accept`` header of every API call."""
API_CONTENT_TYPE = "application/json"
"""The ``Content-Type`` of a call with a body."""


@dataclass(frozen=True)
class ApiResponse:
    """What a site answered to an API call.

    Attributes:
        status: The HTTP status code.
        headers: Response headers, by name as sent (looked up case-insensitively).
        body: The response body.
    """

    status: int
    headers: Mapping[str, str] = field(default_factory=dict)
    body: bytes = b""

    def header(self, name: str) -> str | None:
        """The value of header ``name`` (any case), or None."""
        wanted = name.lower()
        return next((v for k, v in self.headers.items() if k.lower() == wanted), None)


def request_headers(body: bytes | None) -> dict[str, str]:
    """The headers an API call sends: ``Accept``, and ``Content-Type`` with a body."""
    headers = {"Accept": API_ACCEPT}
    if body is not None:
        headers["Content-Type"] = API_CONTENT_TYPE
    return headers


def _reason(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return ""


def shown_body(response: ApiResponse) -> str:
    """The response body as the page shows it: JSON pretty-printed, other text as sent."""
    text = response.body.decode("utf-8", errors="replace")
    content_type = (response.header("Content-Type") or "").split(";")[0].strip().lower()
    if content_type == "application/json" or content_type.endswith("+json"):
        try:
            return json.dumps(json.loads(text), indent=2, ensure_ascii=False)
        except JSON_ERRORS:
            return text
    return text


def render_api_page(method: str, url: str, response: ApiResponse) -> bytes:
    """The HTML page showing ``response`` to ``method url``."""
    status = f"{response.status} {_reason(response.status)}".rstrip()
    body = shown_body(response)
    more = len(body) - MAX_BODY_SHOWN
    if more > 0:
        body = body[:MAX_BODY_SHOWN]
    rows = [
        f"<li>{escape(name)}: {escape(value)}</li>"
        for name in SHOWN_HEADERS
        if (value := response.header(name))
    ]
    parts = [
        '<!doctype html><html lang="en"><head><meta charset="utf-8">',
        f"<title>API {escape(method)} {escape(url)} - {escape(status)}</title></head>",
        "<body><main>",
        f"<h1>{escape(method)} {escape(url)}</h1>",
        f"<p>Status: {escape(status)}</p>",
    ]
    if rows:
        parts.append('<ul aria-label="Response headers">' + "".join(rows) + "</ul>")
    if body.strip():
        parts.append(f"<pre>{escape(body)}</pre>")
    else:
        parts.append("<p>(empty body)</p>")
    if more > 0:
        parts.append(f"<p>… {more:,} more characters</p>")
    parts.append("</main></body></html>")
    return "".join(parts).encode()
