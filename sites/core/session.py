"""Signed cookie sessions without timestamps.

Flask's default session signer stamps every cookie with the wall-clock time, so
the same requests would give different ``Set-Cookie`` headers on every run.
The sites never read the wall clock: this interface signs the same session data
without a timestamp, so cookies are as deterministic as the pages.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from itsdangerous import BadSignature, URLSafeSerializer

MAX_DECODED = 256
"""Session cookies whose decoded data an interface keeps (it starts again when full)."""

_SCALARS = (str, int, float, bool, type(None))


class DeterministicSessionInterface(SecureCookieSessionInterface):
    """Flask's secure cookie sessions, signed without a timestamp.

    Every request would build a serializer and check the cookie's signature again (a few
    hundred microseconds, more than some pages take to render); both depend only on the
    keys and the cookie's bytes, so the interface keeps the serializer per key set and the
    data of the cookies it has read. A cookie is kept only when it verified and all its
    values are immutable, so a view that changes its session changes its own copy.
    """

    def __init__(self) -> None:
        self._serializers: dict[tuple[Any, ...], URLSafeSerializer] = {}
        self._decoded: dict[tuple[int, str], dict[str, Any]] = {}

    def get_signing_serializer(self, app: Flask) -> URLSafeSerializer | None:  # type: ignore[override]
        """Return an untimed serializer keyed like Flask's own."""
        if not app.secret_key:
            return None
        keys: list[str | bytes] = list(app.config.get("SECRET_KEY_FALLBACKS") or [])
        keys.append(app.secret_key)
        memo = (tuple(keys), self.salt, self.key_derivation, self.digest_method)
        serializer = self._serializers.get(memo)
        if serializer is None:
            serializer = self._serializers[memo] = self._serializer(keys)
        return serializer

    def _serializer(self, keys: list[str | bytes]) -> URLSafeSerializer:
        return URLSafeSerializer(
            keys,  # type: ignore[arg-type]
            salt=self.salt,
            serializer=self.serializer,
            signer_kwargs={
                "key_derivation": self.key_derivation,
                "digest_method": self.digest_method,
            },
        )

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        """Flask's own, reading each verified cookie once (see the class)."""
        serializer = self.get_signing_serializer(app)
        if serializer is None:
            return None
        value = request.cookies.get(self.get_cookie_name(app))
        if not value:
            return self.session_class()
        memo = (id(serializer), value)  # a serializer lives as long as its interface
        data = self._decoded.get(memo)
        if data is None:
            try:
                data = serializer.loads(value)
            except BadSignature:
                return self.session_class()
            if isinstance(data, dict) and all(isinstance(v, _SCALARS) for v in data.values()):
                if len(self._decoded) >= MAX_DECODED:
                    self._decoded.clear()
                self._decoded[memo] = data
            else:
                return self.session_class(data)
        return self.session_class(data)


def init_app(app: Flask) -> None:
    """Install the deterministic session interface on ``app``."""
    app.session_interface = DeterministicSessionInterface()
