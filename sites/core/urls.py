"""The one URL parser: every URL that enters webenv goes through :func:`parse_url`.

Agents type URLs, sites store them, pages link to them and task files start at them.
All of these are parsed here, the way a browser parses them (after the WHATWG URL
standard, for the parts that matter offline), and parsing never raises: text that is
not a URL gives ``None``.

What a browser does and so does this module:

- leading and trailing spaces and C0 control characters are stripped; tabs, CR and
  LF anywhere are removed;
- for ``http`` and ``https``, backslashes are slashes;
- the scheme and host are lower-cased, an internationalised host becomes punycode,
  an IPv6 host must be a valid address in brackets, and the default port is dropped;
- a port must be a decimal number from 0 to 65535 (``:abc``, ``:-1`` and ``:99999``
  are not URLs);
- ``.`` and ``..`` path segments are resolved and spaces and non-ASCII characters in
  the path, query and fragment are percent-encoded (and ``'`` in an http(s) query), so
  that every character Chromium encodes is encoded here too: the canonical form of
  Chromium's URL and of the typed one are the same.

The result is a :class:`URL` whose ``str()`` is the canonical form observations report.
This module imports nothing from webenv outside ``sites/core``, so the sites, the
browsers, the env and the validators can all use it.
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import quote, urljoin, urlsplit

MAX_URL_CHARS = 8_192
"""Longer text is not parsed as a URL (a bound, not a browser rule)."""

SPECIAL_PORTS = {"http": 80, "https": 443}
"""Schemes with a host and a path, and their default ports."""

_STRIP = "".join(chr(c) for c in range(0x21))
_TAB_OR_NEWLINE = re.compile(r"[\t\n\r]")
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")
_FORBIDDEN_HOST = re.compile(r"[\x00-\x20#%/:<>?@\[\\\]^|\x7f]")
_SAFE_PATH = "/:@!$&'()*+,;=-._~%"
_SAFE_QUERY = _SAFE_PATH + "?"
_SAFE_SPECIAL_QUERY = _SAFE_QUERY.replace("'", "")  # WHATWG: http(s) queries encode '


@dataclass(frozen=True)
class URL:
    """A parsed, canonical URL.

    Attributes:
        scheme: Lower-case scheme, e.g. ``"http"`` or ``"about"``.
        host: Lower-case host (punycode; an IPv6 address keeps its brackets), or ``""``
            for schemes without one (``about:blank``, ``mailto:``).
        port: The port, or None for the scheme's default.
        path: The path (``"/"`` at least for http and https), percent-encoded.
        query: The query without ``?`` (``None`` when there is no ``?``).
        fragment: The fragment without ``#`` (``None`` when there is no ``#``).
        userinfo: ``user[:password]`` before the host, or ``""``.
    """

    scheme: str
    host: str
    port: int | None
    path: str
    query: str | None = None
    fragment: str | None = None
    userinfo: str = ""

    @property
    def is_special(self) -> bool:
        """True for http and https, the schemes with a host and a path."""
        return self.scheme in SPECIAL_PORTS

    @property
    def netloc(self) -> str:
        """``host[:port]`` as written in the canonical URL (no userinfo)."""
        return self.host if self.port is None else f"{self.host}:{self.port}"

    @property
    def origin(self) -> str:
        """``scheme://host[:port]`` for http and https, ``""`` otherwise."""
        return f"{self.scheme}://{self.netloc}" if self.is_special else ""

    @property
    def path_and_query(self) -> str:
        """The path with its query, as a request line carries it."""
        return self.path if self.query is None else f"{self.path}?{self.query}"

    def without_fragment(self) -> URL:
        """The same URL without its ``#fragment``."""
        return URL(self.scheme, self.host, self.port, self.path, self.query, None, self.userinfo)

    def __str__(self) -> str:
        if not self.is_special:
            text = f"{self.scheme}:{self.path}"
        else:
            user = f"{self.userinfo}@" if self.userinfo else ""
            text = f"{self.scheme}://{user}{self.netloc}{self.path}"
        if self.query is not None:
            text += f"?{self.query}"
        if self.fragment is not None:
            text += f"#{self.fragment}"
        return text


def parse_url(text: object, base: str | URL | None = None) -> URL | None:
    """Parse ``text`` as a browser would, relative to ``base``; never raises.

    Args:
        text: The URL as typed, stored or linked. Anything but a string gives None.
        base: The URL ``text`` is relative to (the current page), or None when only an
            absolute URL is acceptable.

    Returns:
        The canonical :class:`URL`, or None when ``text`` is not a valid URL (an
        unparseable host, IPv6 literal or port, a relative reference without a usable
        base, over-long text).
    """
    if not isinstance(text, str) or len(text) > MAX_URL_CHARS:
        return None
    if base is not None and not isinstance(base, str | URL):
        base = None
    return _parse(text, base)


@lru_cache(maxsize=4096)
def _parse(text: str, base: str | URL | None) -> URL | None:
    """:func:`parse_url` of a string: pages link to the same URLs over and over, and a
    :class:`URL` is immutable, so parses are shared."""
    text = _TAB_OR_NEWLINE.sub("", text.strip(_STRIP))
    base_url = parse_url(base) if isinstance(base, str) else base
    scheme_match = _SCHEME.match(text)
    if scheme_match:
        scheme = scheme_match.group()[:-1].lower()
        if scheme in SPECIAL_PORTS:
            return _parse_special(text.replace("\\", "/"), scheme)
        if (
            base_url is not None
            and scheme == base_url.scheme
            and not text[len(scheme) + 1 :].startswith("/")
            and base_url.is_special
        ):
            # "http:foo" relative to an http page is a relative reference.
            return _resolve(text[len(scheme) + 1 :], base_url)
        return _opaque(scheme, text[len(scheme) + 1 :])
    if base_url is None:
        return None
    if base_url.is_special:
        return _resolve(text.replace("\\", "/"), base_url)
    return None


def canonical_url(text: object, base: str | URL | None = None) -> str | None:
    """``str(parse_url(text, base))``, or None when ``text`` is not a valid URL."""
    url = parse_url(text, base)
    return None if url is None else str(url)


def _resolve(reference: str, base: URL) -> URL | None:
    try:
        joined = urljoin(str(base.without_fragment()), reference)
    except ValueError:
        return None
    if not joined.lower().startswith(base.scheme + ":"):
        return None
    return _parse_special(joined, base.scheme)


def _parse_special(text: str, scheme: str) -> URL | None:
    rest = text[len(scheme) + 1 :].lstrip("/")
    authority_end = len(rest)
    for stop in "/?#":
        position = rest.find(stop)
        if position != -1:
            authority_end = min(authority_end, position)
    authority, tail = rest[:authority_end], rest[authority_end:]
    userinfo, _, hostport = authority.rpartition("@")
    host, port = _split_port(hostport)
    host = _parse_host(host) if host is not None else None
    if host is None or not host:
        return None
    if port is not None and port == SPECIAL_PORTS[scheme]:
        port = None
    try:
        parts = urlsplit("http://h" + tail)
    except ValueError:
        return None
    path = _remove_dot_segments(_encode(parts.path or "/", _SAFE_PATH))
    query = _encode(parts.query, _SAFE_SPECIAL_QUERY) if "?" in tail.split("#", 1)[0] else None
    fragment = _encode(parts.fragment, _SAFE_QUERY) if "#" in tail else None
    userinfo = _encode(userinfo, "!$&'()*+,;=-._~%:")
    return URL(scheme, host, port, path, query, fragment, userinfo)


def _split_port(hostport: str) -> tuple[str | None, int | None]:
    """``(host, port)``; ``(None, None)`` when the port is not a number in range."""
    if hostport.startswith("["):
        close = hostport.find("]")
        if close == -1:
            return None, None
        host, after = hostport[: close + 1], hostport[close + 1 :]
        if after and not after.startswith(":"):
            return None, None
        port_text = after[1:] if after else ""
    else:
        host, _, port_text = hostport.partition(":")
    if not port_text:
        return host, None
    if not port_text.isascii() or not port_text.isdigit() or int(port_text) > 65535:
        return None, None
    return host, int(port_text)


def _parse_host(host: str) -> str | None:
    if host.startswith("["):
        try:
            address = ipaddress.IPv6Address(host[1:-1])
        except ValueError:
            return None
        return f"[{address.compressed}]"
    if "%" in host:
        return None
    if not host.isascii():
        try:
            host = host.encode("idna").decode("ascii")
        except UnicodeError:
            return None
    host = host.lower()
    if _FORBIDDEN_HOST.search(host) or len(host) > 253:
        return None
    return host


def _encode(text: str, safe: str) -> str:
    return quote(text, safe=safe, encoding="utf-8", errors="surrogatepass")


def _remove_dot_segments(path: str) -> str:
    if "." not in path:
        return path
    output: list[str] = []
    segments = path.split("/")
    for index, segment in enumerate(segments):
        last = index == len(segments) - 1
        if segment in (".", "%2e", "%2E"):
            if last:
                output.append("")
        elif segment.lower() in ("..", ".%2e", "%2e.", "%2e%2e"):
            if len(output) > 1:
                output.pop()
            if last:
                output.append("")
        else:
            output.append(segment)
    result = "/".join(output)
    return result if result.startswith("/") else "/" + result


def _opaque(scheme: str, rest: str) -> URL:
    body, _, fragment = rest.partition("#")
    path, question, query = body.partition("?")
    return URL(
        scheme,
        "",
        None,
        _encode(path, _SAFE_QUERY + "#"),
        _encode(query, _SAFE_QUERY) if question else None,
        _encode(fragment, _SAFE_QUERY) if "#" in rest else None,
    )
