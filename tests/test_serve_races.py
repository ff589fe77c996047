"""Double-submitted forms against ``webenv serve --db``: no 5xx, and the final state a
person clicking the button that many times in a row would get.

``webenv serve --db`` answers every request in its own thread with its own connection
to the site's database file, so identical POSTs really run at once. Each case logs a
user in with a plain HTTP client, fires :data:`CLICKS` identical POSTs from threads
released together, then reads the database.
"""

from __future__ import annotations

import http.client
import re
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from urllib.parse import urlencode, urlsplit

import pytest

from webenv.serve import Hub
from webenv.sites.core.auth import DEMO_PASSWORD

CLICKS = 8
TIMEOUT = 30
TOKEN = re.compile(r'name="csrf_token" value="([0-9a-f]+)"')


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    db_dir = tmp_path_factory.mktemp("races")
    with Hub(
        "127.0.0.1",
        0,
        db_dir=db_dir,
        record_dir=db_dir,
        quiet=True,
        sites=["shop", "forum", "githost"],
    ) as served:
        served.start()
        yield served


@dataclass
class Browser:
    """One person's cookies on one served site, over raw HTTP (no redirects followed)."""

    base_url: str
    cookies: dict[str, str] = field(default_factory=dict)

    def request(
        self, method: str, path: str, form: dict[str, str] | None = None
    ) -> tuple[int, str]:
        parts = urlsplit(self.base_url)
        conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=TIMEOUT)
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            text = response.read().decode()
            for header in response.headers.get_all("Set-Cookie") or []:
                for name, morsel in SimpleCookie(header).items():
                    if morsel.value:
                        self.cookies[name] = morsel.value
                    else:
                        self.cookies.pop(name, None)
            return response.status, text
        finally:
            conn.close()

    def token(self, path: str) -> str:
        status, text = self.request("GET", path)
        match = TOKEN.search(text)
        assert status == 200 and match, f"no CSRF token on {path} ({status})"
        return match.group(1)

    def log_in(self, login_path: str, username: str) -> None:
        status, _ = self.request(
            "POST",
            login_path,
            {"csrf_token": self.token(login_path), "username": username, "password": DEMO_PASSWORD},
        )
        assert status in (302, 303), f"login as {username} failed ({status})"


LOGINS = {
    "shop": ("/account/login", "emma.lopez"),
    "forum": ("/login", "mark.wilson"),
    "githost": ("/users/sign_in", "alex.chen"),
}


def double_submit(
    hub: Hub, site: str, page: str, action: str, form: dict[str, str], *, anonymous: bool = False
) -> list[int]:
    """POST ``form`` to ``action`` :data:`CLICKS` times at once; return the statuses."""
    browser = Browser(hub.sites[site].base_url)
    if not anonymous:
        browser.log_in(*LOGINS[site])
    data = {"csrf_token": browser.token(page), **form}
    start = threading.Barrier(CLICKS)
    statuses: list[int] = []
    errors: list[BaseException] = []

    def click() -> None:
        try:
            start.wait(TIMEOUT)
            statuses.append(
                Browser(browser.base_url, dict(browser.cookies)).request("POST", action, data)[0]
            )
        except BaseException as exc:  # reported below, not lost in the thread
            errors.append(exc)

    threads = [threading.Thread(target=click) for _ in range(CLICKS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(TIMEOUT)
    assert not errors, errors
    assert len(statuses) == CLICKS
    assert all(status < 500 for status in statuses), statuses
    return statuses


def one(hub: Hub, site: str, sql: str, params: tuple = ()) -> object:
    return hub.query(site, sql, params)[0][0]


@dataclass(frozen=True)
class Race:
    """One double-submitted form and what the database must hold afterwards."""

    site: str
    page: str
    action: str
    form: dict[str, str]
    check: Callable[[Hub, dict[str, object]], None]
    before: dict[str, str] = field(default_factory=dict)
    anonymous: bool = False


def _eq(site: str, sql: str, expected: object) -> Callable[[Hub, dict[str, object]], None]:
    def check(hub: Hub, before: dict[str, object]) -> None:
        assert one(hub, site, sql) == (expected(before) if callable(expected) else expected)

    return check


RACES = {
    "shop-cart-add": Race(
        "shop",
        "/product/kestrel-compact-usb-c-cable",
        "/cart/add",
        {"product_id": "26", "quantity": "1"},
        _eq(
            "shop",
            "SELECT COUNT(*) || ' ' || SUM(quantity) FROM cart_items"
            " WHERE user_id = 1 AND product_id = 26",
            f"1 {CLICKS}",
        ),
    ),
    "shop-wishlist-add": Race(
        "shop",
        "/product/nimbus-braided-car-charger",
        "/account/wishlist/add",
        {"product_id": "27"},
        _eq("shop", "SELECT COUNT(*) FROM wishlist_items WHERE user_id = 1 AND product_id = 27", 1),
    ),
    "shop-review": Race(
        "shop",
        "/product/kestrel-compact-usb-c-cable",
        "/product/kestrel-compact-usb-c-cable/reviews",
        {"rating": "4", "nickname": "Emma L.", "title": "Solid", "body": "Works as described."},
        _eq(  # one review awaiting moderation; the published ones unchanged
            "shop",
            "SELECT (SELECT COUNT(*) FROM review_queue WHERE product_id = 26 AND user_id = 1"
            " AND status = 'Pending') || ' ' || review_count FROM products WHERE id = 26",
            lambda before: f"1 {before['reviews']}",
        ),
        before={"reviews": "SELECT review_count FROM products WHERE id = 26"},
    ),
    "shop-register": Race(
        "shop",
        "/account/register",
        "/account/register",
        {
            "username": "racer",
            "first_name": "Race",
            "last_name": "Car",
            "email": "racer@example.com",
            "password": "password123",
            "confirm_password": "password123",
        },
        _eq("shop", "SELECT COUNT(*) FROM users WHERE username = 'racer'", 1),
        anonymous=True,
    ),
    "forum-vote": Race(
        "forum",
        "/f/denver",
        "/vote/submission/1?next=/f/denver",
        {"direction": "up"},
        _eq(
            "forum",
            "SELECT (SELECT COUNT(*) FROM submission_votes WHERE submission_id = 1"
            " AND user_id = 1) || ' ' || score || ' ' || upvotes FROM submissions"
            " WHERE id = 1",
            lambda before: f"1 {int(before['score']) + 1} {int(before['up']) + 1}",
        ),
        before={
            "score": "SELECT score FROM submissions WHERE id = 1",
            "up": "SELECT upvotes FROM submissions WHERE id = 1",
        },
    ),
    "forum-subscribe": Race(
        "forum",
        "/f/gardening",
        "/f/gardening/subscribe",
        {},
        _eq(
            "forum",
            "SELECT (SELECT COUNT(*) FROM subscriptions s WHERE s.forum_id = f.id"
            " AND s.user_id = 1) || ' ' || subscriber_count FROM forums f"
            " WHERE name = 'gardening'",
            lambda before: f"1 {int(before['subs']) + 1}",
        ),
        before={"subs": "SELECT subscriber_count FROM forums WHERE name = 'gardening'"},
    ),
    "forum-create-forum": Race(
        "forum",
        "/create_forum",
        "/create_forum",
        {"name": "racing", "title": "Racing", "description": "Fast things."},
        _eq(
            "forum",
            "SELECT COUNT(*) || ' ' || (SELECT COUNT(*) FROM moderators m"
            " JOIN forums f ON f.id = m.forum_id WHERE f.name = 'racing')"
            " FROM forums WHERE name = 'racing'",
            "1 1",
        ),
    ),
    "forum-register": Race(
        "forum",
        "/register",
        "/register",
        {
            "username": "racer",
            "email": "racer@example.com",
            "password": "password123",
            "confirm_password": "password123",
        },
        _eq("forum", "SELECT COUNT(*) FROM users WHERE username = 'racer'", 1),
        anonymous=True,
    ),
    "githost-star": Race(  # a toggle: an even number of clicks leaves it unstarred
        "githost",
        "/alex.chen/lantern-worker",
        "/alex.chen/lantern-worker/-/star",
        {},
        _eq(
            "githost",
            "SELECT (SELECT COUNT(*) FROM stars WHERE project_id = 57) || ' ' ||"
            " star_count FROM projects WHERE id = 57",
            "0 0",
        ),
    ),
    "githost-label": Race(
        "githost",
        "/alex.chen/quartz-lint/-/labels/new",
        "/alex.chen/quartz-lint/-/labels/new",
        {"name": "racing", "color": "#123456", "description": ""},
        _eq("githost", "SELECT COUNT(*) FROM labels WHERE project_id = 56 AND name = 'racing'", 1),
    ),
    "githost-milestone": Race(
        "githost",
        "/alex.chen/quartz-lint/-/milestones/new",
        "/alex.chen/quartz-lint/-/milestones/new",
        {"title": "Race day", "description": "", "start_date": "", "due_date": ""},
        _eq(
            "githost",
            "SELECT COUNT(*) FROM milestones WHERE project_id = 56 AND title = 'Race day'",
            1,
        ),
    ),
    "githost-issue": Race(  # every click is a new issue, each with its own number
        "githost",
        "/alex.chen/quartz-lint/-/issues/new",
        "/alex.chen/quartz-lint/-/issues/new",
        {"title": "Racing issue", "description": ""},
        _eq(
            "githost",
            "SELECT COUNT(*) || ' ' || COUNT(DISTINCT iid) FROM issues"
            " WHERE project_id = 56 AND title = 'Racing issue'",
            f"{CLICKS} {CLICKS}",
        ),
    ),
    "githost-approve": Race(
        "githost",
        "/northwind/falcon-proxy/-/merge_requests/7",
        "/northwind/falcon-proxy/-/merge_requests/7/approve",
        {},
        _eq(
            "githost",
            "SELECT COUNT(*) FROM mr_approvals a JOIN merge_requests m"
            " ON m.id = a.mr_id WHERE m.project_id = 1 AND m.iid = 7"
            " AND a.user_id = 1",
            1,
        ),
    ),
    "githost-member": Race(
        "githost",
        "/alex.chen/quartz-lint/-/project_members",
        "/alex.chen/quartz-lint/-/project_members",
        {"username": "aaron.almeida", "role": "Developer"},
        _eq(
            "githost",
            "SELECT COUNT(*) FROM members m JOIN users u ON u.id = m.user_id"
            " WHERE m.project_id = 56 AND u.username = 'aaron.almeida'",
            1,
        ),
    ),
    "githost-new-project": Race(
        "githost",
        "/projects/new",
        "/projects/new",
        {
            "name": "Race car",
            "path": "race-car",
            "namespace_id": "{namespace}",
            "visibility": "private",
            "description": "",
        },
        _eq("githost", "SELECT COUNT(*) FROM projects WHERE path = 'race-car'", 1),
    ),
}


@pytest.mark.parametrize("name", list(RACES))
def test_double_submitted_forms_are_atomic(hub: Hub, name: str) -> None:
    race = RACES[name]
    before = {key: one(hub, race.site, sql) for key, sql in race.before.items()}
    namespace = one(hub, "githost", "SELECT id FROM namespaces WHERE path = 'alex.chen'")
    form = {key: value.format(namespace=namespace) for key, value in race.form.items()}
    double_submit(hub, race.site, race.page, race.action, form, anonymous=race.anonymous)
    race.check(hub, before)
