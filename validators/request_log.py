"""``request_match``: checking the env's log of HTTP requests."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from .context import EvalContext, expand, is_self_word, site_of_url, user_for
from .spec import EvalSpec, RequestEntry
from .urls import normalize_url
from .verdict import Verdict, check_entries, fail, ok, parsed_spec, show


def check_requests(
    spec: EvalSpec | Mapping[str, Any], context: EvalContext, *, mode: str = "lenient"
) -> Verdict:
    """``request_match``: did the agent send the expected requests?

    Each entry of ``spec["requests"]`` (``method``, ``url``, optional ``form``, ``status``
    and ``alternatives``: the same write by another route, each shaped like an entry)
    must be matched by at least one logged request, for it or one alternative: same method
    (case-insensitive); the same URL (strict: the exact string after placeholder
    expansion; lenient: normalized as in ``url_match``, query order ignored); every listed
    form field (strict: exact; lenient: case/whitespace-insensitive, lists in any order);
    and the status (``"2xx"``, ``"3xx"``, an int; by default any status below 400).
    ``"myself"`` in a form value is the site's logged-in user.

    Args:
        spec: The task's ``eval`` spec (a dict is parsed; a bad one gives ``error:bad-spec``).
        context: Supplies ``requests``, the logged-in users and the placeholder map.
        mode: ``"lenient"`` or ``"strict"``.

    Returns:
        The verdict; never raises.
    """
    parsed = parsed_spec(spec)
    if isinstance(parsed, Verdict):
        return parsed
    return check_entries(
        parsed.requests,
        check="request_match",
        needs="requests",
        label="request",
        entry=lambda item: _entry(item, context, mode),
        mode=mode,
    )


def _norm_value(value: Any) -> str:
    text = unicodedata.normalize("NFKC", str(value))
    return " ".join(text.split()).casefold()


def _same_scalar(logged: Any, expected: Any) -> bool:
    a, b = _norm_value(logged), _norm_value(expected)
    if a == b:
        return True
    try:
        return Decimal(a) == Decimal(b)
    except (InvalidOperation, ValueError):
        return False


def field_matches(logged: Any, expected: Any, mode: str) -> bool:
    """Compare a logged form value (str or list of str) with an expected value."""
    if mode == "strict":
        if isinstance(expected, list):
            return isinstance(logged, list) and [str(e) for e in expected] == logged
        if isinstance(logged, list):
            return logged == [str(expected)]
        return logged == str(expected)
    if isinstance(expected, list):
        values = logged if isinstance(logged, list) else [logged]
        return Counter(map(_norm_value, values)) == Counter(map(_norm_value, expected))
    if isinstance(logged, list):
        return any(_same_scalar(v, expected) for v in logged)
    return _same_scalar(logged, expected)


def status_matches(status: Any, expected: Any) -> bool:
    """Whether a logged status satisfies ``"2xx"``-style, integer or default (< 400)."""
    match = re.match(r"\s*(\d{3})", str(status))
    if not match:
        return False
    code = int(match.group(1))
    if expected is None or expected == "":
        return code < 400
    text = str(expected).strip().lower()
    if re.fullmatch(r"[1-5]xx", text):
        return code // 100 == int(text[0])
    if text.isdigit():
        return code == int(text)
    return False


def _resolve_self(value: Any, site: str | None, context: EvalContext) -> Any:
    if isinstance(value, list):
        return [_resolve_self(v, site, context) for v in value]
    if isinstance(value, str) and is_self_word(value):
        return user_for(site, context) or value
    return value


def _problems(
    request: Any, method: str, url: str, form: dict, status: Any, mode: str, context: EvalContext
) -> list[str]:
    if not isinstance(request, dict):
        return ["not a request record"]
    problems = []
    logged_method = str(request.get("method", "")).upper()
    if logged_method != method:
        problems.append(f"method {logged_method}")
    logged_url = str(request.get("url", ""))
    if mode == "strict":
        same_url = logged_url == url
    else:
        same_url = normalize_url(logged_url, context) == normalize_url(url, context)
    if not same_url:
        problems.append(f"url {logged_url!r}")
    logged_form = request.get("form") or {}
    for name, expected in form.items():
        if name not in logged_form:
            problems.append(f"no field {name!r}")
        elif not field_matches(logged_form[name], expected, mode):
            problems.append(f"{name}={logged_form[name]!r}")
    if not status_matches(request.get("status"), status):
        problems.append(f"status {request.get('status')!r}")
    return problems


def _entry(entry: RequestEntry, context: EvalContext, mode: str) -> Verdict:
    """The entry, or else the first of its alternatives a logged request matches."""
    verdict = _one_route(entry, context, mode)
    for alternative in entry.alternatives:
        if verdict.passed:
            break
        other = _one_route(alternative, context, mode)
        if other.passed:
            return ok(other.rule, f"{other.explanation} (an alternative route)")
    return verdict


def _one_route(entry: RequestEntry, context: EvalContext, mode: str) -> Verdict:
    method = entry.method.upper()
    raw_url = entry.url
    url = expand(raw_url, context)
    site = site_of_url(raw_url, context)
    form = {str(k): _resolve_self(v, site, context) for k, v in (entry.form or {}).items()}
    status = entry.status
    wanted = f"{method} {url}" + (f" {show(form)}" if form else "")
    log = list(context.requests or [])
    if not log:
        return fail("request:no-match", f"no request was logged; expected {wanted}")
    best: tuple[int, int, list[str]] | None = None
    for index, request in enumerate(log):
        problems = _problems(request, method, url, form, status, mode, context)
        if not problems:
            return ok("request:matched", f"{wanted} matched logged request #{index}")
        if best is None or len(problems) < len(best[2]):
            best = (len(problems), index, problems)
    assert best is not None
    return fail(
        "request:no-match",
        f"no logged request matches {wanted}; closest #{best[1]} differs in {', '.join(best[2])}",
    )
