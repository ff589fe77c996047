"""Signed cookie sessions without timestamps.

Flask's default session signer stamps every cookie with the wall-clock time, so
the same requests would give different ``Set-Cookie`` headers on every run.
The sites never read the wall clock: this interface signs the same session data
without a timestamp, so cookies are as deterministic as the pages.
"""

from __future__ import annotations

from flask import Flask
from flask.sessions import SecureCookieSessionInterface
from itsdangerous import URLSafeSerializer


class DeterministicSessionInterface(SecureCookieSessionInterface):
    """Flask's secure cookie sessions, signed without a timestamp."""

    def get_signing_serializer(self, app: Flask) -> URLSafeSerializer | None:  # type: ignore[override]
        """Return an untimed serializer keyed like Flask's own."""
        if not app.secret_key:
            return None
        keys: list[str | bytes] = list(app.config.get("SECRET_KEY_FALLBACKS") or [])
        keys.append(app.secret_key)
        return URLSafeSerializer(
            keys,  # type: ignore[arg-type]
            salt=self.salt,
            serializer=self.serializer,
            signer_kwargs={
                "key_derivation": self.key_derivation,
                "digest_method": self.digest_method,
            },
        )


def init_app(app: Flask) -> None:
    """Install the deterministic session interface on ``app``."""
    app.session_interface = DeterministicSessionInterface()
