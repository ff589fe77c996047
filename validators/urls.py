"""URL normalization and the ``url_match`` check."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, parse_qsl, unquote, urlsplit

from .context import EvalContext, expand
from .spec import EvalSpec
from .verdict import Verdict, error, fail, ok, parsed_spec, show

_OR = re.compile(r"\s*\|OR\|\s*")
URL_IN_TEXT = re.compile(
    r"""(?:(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*://|__[A-Z]+__|(?<![\w.-])\b[\w-]+(?:\.[\w-]+)*\.(?:test|com|org|net|io|local)\b)"""
    r"""[^\s<>"'`]*"""
    r"""|(?<![\w/])/[\w\-./?=&%+#~:]*""",
    re.IGNORECASE,
)
"""A URL in free text, with any scheme; a scheme or a scheme-less host starts only where
no label, dot or dash comes before it (so a long run of "1-1-1..." or "0.0.0..." is read
once, not from every label)."""
_TRAILING = ".,;:!?)]}'\""
_DEFAULT_PORTS = {"http": 80, "https": 443}
_TRACKING = re.compile(r"utm_\w+|gclid|fbclid|msclkid|mc_cid|mc_eid", re.IGNORECASE)
"""Query parameters that tag where a visitor came from (campaign tags, ad click ids); no
site reads them, so the page is the same with or without them."""
_FULL_SHA = re.compile(r"[0-9a-f]{40}")
_SHORT_SHA = re.compile(r"[0-9a-f]{7,40}")
"""A commit's full SHA-1 in a path, and the abbreviations Git hosts accept for it (seven
hex digits or more, as ``git log --oneline`` prints them)."""
_WEB_SCHEMES = frozenset({"http", "https", ""})
"""Schemes of one page: http and https. Another scheme is another address: an SSH clone
URL is not the HTTPS one, whatever its host and path."""


@dataclass(frozen=True)
class NormalUrl:
    """A URL reduced to what identifies a page: host, path and query multiset."""

    host: str
    path: str
    query: tuple[tuple[str, str], ...]
    protocol: str = "web"  # "web" for http and https; otherwise the scheme ("ssh", "ftp")

    def __str__(self) -> str:
        query = "&".join(f"{k}={v}" for k, v in self.query)
        return f"{self.host}{self.path}" + (f"?{query}" if query else "")


def reference_urls(value: object) -> list[str]:
    """Split a ``reference_url`` on ``|OR|`` into its alternatives."""
    return [u for u in _OR.split(str(value or "").strip()) if u.strip()]


def normalize_url(url: str, context: EvalContext | None = None, *, base: str = "") -> NormalUrl:
    """Lenient normal form of a URL.

    Placeholders are expanded; scheme and host are case-folded (http and https are the
    same page; any other scheme, such as ssh, is kept apart); default ports, the
    fragment, a trailing slash, percent-encoding in the path, repeated slashes, dot
    segments ("/./search"), blank query values, spaces around a value, ``page=1`` (a
    listing's first page is the listing without a page number), tracking parameters
    (``utm_*``, ``gclid``, ``fbclid``...) and a parameter repeated with the same value
    are ignored; query parameters become a sorted set of pairs. A scheme-less
    ``host.test/path`` gets ``http://``; a bare ``/path`` is resolved against ``base``.
    """
    url = expand(str(url).strip(), context)
    if url.startswith("/") and not url.startswith("//") and base:
        url = expand(base, context).rstrip("/") + url
    elif "://" not in url and not url.startswith("/"):
        url = "http://" + url
    try:
        parts = urlsplit(url)
        host = (parts.hostname or "").lower()
    except ValueError:  # e.g. an unbalanced "[" in the host: only equal to itself
        return NormalUrl("", url, ())
    try:
        port = parts.port
    except ValueError:
        port = None
    scheme = parts.scheme.lower()
    if port is not None and port != _DEFAULT_PORTS.get(scheme):
        host = f"{host}:{port}"
    path = re.sub(r"/{2,}", "/", unquote(parts.path))
    if "/." in path:  # dot segments, resolved as a browser does ("/./search", "/a/../b")
        path = posixpath.normpath(path)
    path = path.rstrip("/") or "/"
    query = tuple(
        sorted(
            {
                (k, v.strip())
                for k, v in parse_qsl(parts.query, keep_blank_values=True)
                if v.strip()
                and not _TRACKING.fullmatch(k)
                and not (k == "page" and v.strip() == "1")
            }
        )
    )
    protocol = "web" if scheme in _WEB_SCHEMES else "ssh" if scheme == "git+ssh" else scheme
    return NormalUrl(host, path, query, protocol)


def strict_parts(url: str) -> tuple[str, dict[str, list[str]]]:
    """WebArena's URL parsing: (netloc + path after stripping a trailing "/", query dict)."""
    try:
        parts = urlsplit(str(url).rstrip("/"))
    except ValueError:  # unparsable: the whole string is the "base path"
        return str(url).rstrip("/"), {}
    return parts.netloc + parts.path, parse_qs(parts.query)


def urls_in_text(text: str) -> list[str]:
    """URLs (absolute, placeholder, scheme-less ``*.test`` or ``/path``) found in text."""
    found = []
    for match in URL_IN_TEXT.finditer(str(text)):
        url = match.group(0).rstrip(_TRAILING)
        if url and url != "/" and url not in found:
            found.append(url)
    return found


def compare_lenient(pred: NormalUrl, ref: NormalUrl, *, subset: bool) -> tuple[str, str]:
    """Compare two normal URLs; returns (outcome, detail) with outcome in
    ``equal``, ``query-subset``, ``host-mismatch``, ``path-mismatch``, ``query-mismatch``.

    Under ``subset`` ("GOLD in PRED") the prediction may add parameters, not values: a
    parameter the reference names must carry the reference's values and no others
    (``q=pan&q=wok`` is a search for "pan", whatever else it repeats)."""
    if pred.protocol != ref.protocol:
        return "host-mismatch", f"protocol {pred.protocol!r} != {ref.protocol!r}"
    if pred.host != ref.host:
        return "host-mismatch", f"host {pred.host!r} != {ref.host!r}"
    if not same_path(pred.path, ref.path):
        return "path-mismatch", f"path {pred.path!r} != {ref.path!r}"
    pq, rq = set(pred.query), set(ref.query)  # normal queries hold each pair once
    if pq == rq:
        return "equal", f"{pred} == {ref}"
    named = {key for key, _ in ref.query}
    if subset and {p for p in pq if p[0] in named} == rq:
        return "query-subset", f"query of {ref} is contained in {pred}"
    missing = sorted(rq - pq)
    extra = sorted(pq - rq)
    detail = f"query differs (missing {missing}, extra {extra})" if missing or extra else ""
    return "query-mismatch", detail or f"query {pred.query} != {ref.query}"


def same_path(pred: str, ref: str) -> bool:
    """Whether two normalized paths name one page: equal, or equal but for a full commit
    SHA in the reference written abbreviated (``/-/commit/c98c638`` for
    ``/-/commit/c98c63863cafad61d6c155e66e2712965a6027d3``)."""
    if pred == ref:
        return True
    pred_parts, ref_parts = pred.split("/"), ref.split("/")
    return len(pred_parts) == len(ref_parts) and all(
        p == r or (_FULL_SHA.fullmatch(r) and _SHORT_SHA.fullmatch(p) and r.startswith(p))
        for p, r in zip(pred_parts, ref_parts, strict=True)
    )


def check_url(
    url: str,
    spec: EvalSpec | Mapping[str, Any],
    *,
    mode: str = "lenient",
    context: EvalContext | None = None,
) -> Verdict:
    """``url_match``: is ``url`` (the final page) the reference URL?

    Strict follows WebArena: after stripping a trailing "/", the reference's
    ``netloc+path`` must equal the prediction's (be a substring of it under the note
    ``"GOLD in PRED"``) and every reference query parameter must have one of its values
    in the prediction. Lenient compares normalized URLs: same host and path, the same
    query multiset (a sub-multiset under ``"GOLD in PRED"``), fragment ignored.

    Args:
        url: The URL to check (usually ``context.url``).
        spec: The task's ``eval`` spec (``reference_url``, optional ``url_note``); a
            dict is parsed (a bad one gives ``error:bad-spec``).
        mode: ``"lenient"`` or ``"strict"``.
        context: Supplies the placeholder map.

    Returns:
        The verdict; never raises.
    """
    try:
        return _check_url(url, spec, mode, context)
    except Exception as exc:  # a check must never raise
        return error("exception", f"url_match crashed: {type(exc).__name__}: {exc}")


def _check_url(
    url: str, spec: EvalSpec | Mapping[str, Any], mode: str, context: EvalContext | None
) -> Verdict:
    if mode not in ("lenient", "strict"):
        return error("bad-mode", f"unknown mode {mode!r}; accepted: lenient, strict")
    parsed = parsed_spec(spec)
    if isinstance(parsed, Verdict):
        return parsed
    refs = reference_urls(parsed.reference_url)
    if not refs:
        return error("bad-spec", "url_match needs a non-empty reference_url")
    pred = str(url or "")
    if not pred.strip():
        return fail("url:missing", "there is no final URL to compare")
    gold_in_pred = parsed.url_gold_in_pred
    if mode == "strict":
        return _strict(expand(pred, context), [expand(r, context) for r in refs], gold_in_pred)
    normal = normalize_url(pred, context)
    results = []
    for ref in refs:
        outcome, detail = compare_lenient(normal, normalize_url(ref, context), subset=gold_in_pred)
        if outcome in ("equal", "query-subset"):
            return ok(f"url:{outcome}", f"{detail}")
        results.append((outcome, detail))
    order = ["query-mismatch", "path-mismatch", "host-mismatch"]
    outcome, detail = min(results, key=lambda r: order.index(r[0]))
    alts = f" (none of {len(refs)} alternatives)" if len(refs) > 1 else ""
    return fail(f"url:{outcome}", f"{show(pred)}: {detail}{alts}")


def _strict(pred: str, refs: list[str], gold_in_pred: bool) -> Verdict:
    pred_base, pred_query = strict_parts(pred)
    reasons = []
    for ref in refs:
        ref_base, ref_query = strict_parts(ref)
        base_ok = ref_base in pred_base if gold_in_pred else ref_base == pred_base
        if not base_ok:
            relation = "not in" if gold_in_pred else "!="
            reasons.append(("url:base-mismatch", f"{ref_base!r} {relation} {pred_base!r}"))
            continue
        missing = [
            k
            for k, values in ref_query.items()
            if not any(v in pred_query.get(k, []) for v in values)
        ]
        if missing:
            reasons.append(("url:query-mismatch", f"query parameters {missing} differ"))
            continue
        how = "in" if gold_in_pred else "=="
        return ok("url:match", f"reference {ref_base!r} {how} {pred_base!r}, query matches")
    rule, detail = next((r for r in reasons if r[0] == "url:query-mismatch"), reasons[0])
    return fail(rule, f"{show(pred)}: {detail}")
