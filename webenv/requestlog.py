"""The one request log: what every site answered, as ``request_match`` checks read it.

The in-process browser, the Chromium backend's loopback servers and ``webenv serve``
all append here, in one entry shape: ``{"method", "url", "form", "status"}`` with the
canonical URL (``http://shop.test/cart``) and the form fields as :func:`log_form`
gives them. The log is thread-safe (server threads append while the env reads),
bounded, and numbers its entries so ``webenv serve`` can judge the requests made since
a task started.
"""

from __future__ import annotations

import io
import json
import threading
from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, overload

from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Request

from webenv.errors import JSON_ERRORS
from webenv.sites import site_for_url
from webenv.sites.core import api

LOG_LIMIT = 50_000
"""Entries kept; older ones are dropped first."""

MAX_LOGGED_BODY = 2 * 1024 * 1024
"""Request bodies over this many bytes log no form fields."""

BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
"""Methods whose body's fields are logged: form posts and API writes."""


def log_form(fields: MultiDict) -> dict[str, Any]:
    """Form fields as a request-log entry holds them: one value as a string, several as a list."""
    return {name: (values[0] if len(values) == 1 else values) for name, values in fields.lists()}


def log_json(body: bytes | None, limit: int = MAX_LOGGED_BODY) -> dict[str, Any]:
    """A JSON request body's fields in :func:`log_form` shape, as :func:`read_form` logs an
    API write (the in-process ``api`` action has the body, not a WSGI environ).

    A body that is not a JSON object, or is over ``limit`` bytes, logs no fields.
    """
    if not body or len(body) > limit:
        return {}
    try:
        data = json.loads(body.decode("utf-8"))
    except JSON_ERRORS:
        return {}
    return log_form(api.form_fields(data)) if isinstance(data, dict) else {}


def read_form(environ: dict[str, Any], limit: int = MAX_LOGGED_BODY) -> dict[str, Any]:
    """A WSGI request's form fields in :func:`log_form` shape; the body stays readable.

    A JSON object body (an API write) gives its fields as the API reads them
    (:func:`webenv.sites.core.api.form_fields`). Bodies over ``limit`` bytes and
    malformed ones log no fields (the app still sees them), nor do requests whose
    method sends no body (GET, HEAD, OPTIONS).
    """
    if str(environ.get("REQUEST_METHOD", "GET")).upper() not in BODY_METHODS:
        return {}
    try:
        length = int(environ.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return {}
    if length <= 0 or length > limit:
        return {}
    body = environ["wsgi.input"].read(length)
    environ["wsgi.input"] = io.BytesIO(body)
    request = Request(dict(environ, **{"wsgi.input": io.BytesIO(body)}))
    try:
        if request.mimetype == api.JSON_TYPE:
            return log_json(body, limit)
        return log_form(request.form)
    except Exception:  # a malformed body is the app's problem, not the log's
        return {}
    finally:
        request.close()  # a multipart body's files are spooled to temporary files


@dataclass(frozen=True)
class LoggedRequest:
    """One request a site answered.

    Attributes:
        seq: Its number in the log (1 for the first entry ever).
        site: The site that answered (``shop``), or ``""`` for another host.
        method: The HTTP method, upper-case.
        url: The canonical URL, e.g. ``http://shop.test/cart?x=1``.
        form: The form fields (:func:`log_form`).
        status: The HTTP status code.
        mimetype: The response's content type without parameters (``""`` if unknown).
    """

    seq: int
    site: str
    method: str
    url: str
    form: dict[str, Any]
    status: int
    mimetype: str = ""

    def as_log_entry(self) -> dict[str, Any]:
        """The entry shape validators read."""
        return {"method": self.method, "url": self.url, "form": self.form, "status": self.status}


class RequestLog:
    """A bounded, thread-safe log of answered requests.

    Reads like a list of entry dicts (``len``, indexing, iteration, ``==`` with a list);
    :meth:`since` and :meth:`last_page` give the numbered records.

    Args:
        limit: How many entries to keep.
    """

    def __init__(self, limit: int = LOG_LIMIT) -> None:
        self._lock = threading.Lock()
        self._records: deque[LoggedRequest] = deque(maxlen=limit)
        self._seq = 0

    def append(self, entry: Mapping[str, Any], mimetype: str = "") -> None:
        """Log one answered request given as an entry dict (``method``, ``url``, ``form``,
        ``status``); the site is read from the URL's host."""
        url = str(entry["url"])
        spec = site_for_url(url)
        with self._lock:
            self._seq += 1
            self._records.append(
                LoggedRequest(
                    self._seq,
                    spec.name if spec is not None else "",
                    str(entry["method"]),
                    url,
                    dict(entry.get("form") or {}),
                    int(entry["status"]),
                    mimetype,
                )
            )

    def record(
        self, method: str, url: str, form: dict[str, Any], status: int, mimetype: str = ""
    ) -> None:
        """Log one answered request."""
        self.append({"method": method, "url": url, "form": form, "status": status}, mimetype)

    def save(self) -> tuple[int, tuple[LoggedRequest, ...]]:
        """The log's numbering and kept entries, for :meth:`restore`."""
        with self._lock:
            return self._seq, tuple(self._records)

    def restore(self, saved: tuple[int, tuple[LoggedRequest, ...]]) -> None:
        """Put the log back as :meth:`save` found it (entries are immutable: shared)."""
        with self._lock:
            self._seq = saved[0]
            self._records.clear()
            self._records.extend(saved[1])

    def clear(self) -> None:
        """Forget every entry (the numbering goes on)."""
        with self._lock:
            self._records.clear()

    @property
    def seq(self) -> int:
        """The number of the newest entry (0 when nothing was logged)."""
        with self._lock:
            return self._seq

    def since(self, seq: int, sites: Iterable[str] | None = None) -> list[LoggedRequest]:
        """The records after ``seq``, oldest first, optionally only for ``sites``."""
        wanted = None if sites is None else set(sites)
        with self._lock:
            return [
                r for r in self._records if r.seq > seq and (wanted is None or r.site in wanted)
            ]

    def last_page(self, seq: int, sites: Iterable[str]) -> str | None:
        """The canonical URL of the last HTML page one of ``sites`` served after ``seq``."""
        for record in reversed(self.since(seq, sites)):
            if record.method == "GET" and record.status == 200 and record.mimetype == "text/html":
                return record.url
        return None

    def entries(self) -> list[dict[str, Any]]:
        """Every kept entry as a dict, oldest first."""
        with self._lock:
            return [r.as_log_entry() for r in self._records]

    def __len__(self) -> int:
        with self._lock:
            return len(self._records)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self.entries())

    @overload
    def __getitem__(self, index: int) -> dict[str, Any]: ...
    @overload
    def __getitem__(self, index: slice) -> list[dict[str, Any]]: ...
    def __getitem__(self, index: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        return self.entries()[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, RequestLog):
            return self.entries() == other.entries()
        if isinstance(other, list):
            return self.entries() == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"RequestLog({self.entries()!r})"
