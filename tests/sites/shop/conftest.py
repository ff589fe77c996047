"""Shop-only fixtures (the CLI runner, staff logins to the back office); the shared ones
are in ``tests/sites/conftest.py``."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from webenv.sites.core.auth import DEMO_PASSWORD

TOKEN = re.compile(r'name="csrf_token" value="([0-9a-f]+)"')


@pytest.fixture
def runner(app: Flask) -> CliRunner:
    """A CLI runner for the shop's commands."""
    return app.test_cli_runner()


def admin_token(client: FlaskClient, page: str = "/admin") -> str:
    """The CSRF token of the client's session, read from a back-office page."""
    response = client.get(page)
    if response.status_code != 200:
        response = client.get("/admin/account")
    match = TOKEN.search(response.get_data(as_text=True))
    assert match, f"no csrf_token on {page}"
    return match.group(1)


class StaffActions:
    """Sign staff in and out of the back office through its forms."""

    def __init__(self, client: FlaskClient) -> None:
        self._client = client

    def login(
        self, username: str = "admin", password: str = DEMO_PASSWORD, next: str = ""
    ) -> TestResponse:
        """Submit the back office's sign-in form."""
        data = {"username": username, "password": password, "csrf_token": admin_token(self._client)}
        if next:
            data["next"] = next
        return self._client.post("/admin", data=data)

    def logout(self) -> TestResponse:
        """Submit the header's Sign Out form."""
        token = admin_token(self._client, "/admin/account")
        return self._client.post("/admin/logout", data={"csrf_token": token})


@pytest.fixture
def staff(client: FlaskClient) -> StaffActions:
    """Staff sign-in helper for ``client``."""
    return StaffActions(client)


@pytest.fixture
def admin_post(client: FlaskClient) -> Callable[..., TestResponse]:
    """``admin_post(url, data)``: a POST with the session's CSRF token added."""

    def submit(url: str, data: dict | None = None, **kwargs: object) -> TestResponse:
        form = dict(data or {})
        form.setdefault("csrf_token", admin_token(client, "/admin/account"))
        return client.post(url, data=form, **kwargs)

    return submit
