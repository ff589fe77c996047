"""``webenv serve``: the sites on local ports, the portal, validation of people's answers,
episode records, persistence (including SIGKILL) and the Docker files."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from http.cookiejar import CookieJar
from pathlib import Path
from urllib.error import HTTPError
from urllib.parse import urlencode, urljoin
from urllib.request import HTTPCookieProcessor, Request, build_opener

import pytest
from click.testing import CliRunner
from lxml import html

from tests.hubs import started_hub
from webenv.env import WebEnv
from webenv.requestlog import RequestLog
from webenv.serve import Hub, ServeError, plan_ports, serve
from webenv.serve.hosted import LOGIN_PATH
from webenv.serve.portal import DEMO_PASSWORD

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 30


@dataclass
class Page:
    status: int
    url: str
    text: str

    @property
    def doc(self) -> html.HtmlElement:
        return html.document_fromstring(self.text)

    def csrf(self) -> str:
        return self.doc.xpath("//input[@name='csrf_token']/@value")[0]


class Visitor:
    """A cookie-keeping HTTP client, like one person's browser (cookies ignore ports)."""

    def __init__(self) -> None:
        self.jar = CookieJar()
        self.opener = build_opener(HTTPCookieProcessor(self.jar))

    def open(self, url: str, data: dict[str, str] | None = None) -> Page:
        body = urlencode(data).encode() if data is not None else None
        try:
            with self.opener.open(url, body, timeout=TIMEOUT) as response:
                return Page(response.status, response.url, response.read().decode())
        except HTTPError as error:
            with error:
                return Page(error.code, error.url, error.read().decode())

    def get(self, url: str) -> Page:
        return self.open(url)

    def post(self, url: str, data: dict[str, str]) -> Page:
        return self.open(url, data)


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    with started_hub(tmp_path_factory) as served:
        yield served


def start_task(visitor: Visitor, hub: Hub, task_id: str, **extra: str) -> Page:
    index = visitor.get(hub.portal_url)
    assert index.status == 200
    return visitor.post(
        urljoin(hub.portal_url, "/start"), {"csrf_token": index.csrf(), "task_id": task_id, **extra}
    )


def open_start_page(visitor: Visitor, bar: Page) -> Page:
    link = bar.doc.get_element_by_id("start-link").get("href")
    return visitor.get(link)


def submit(
    visitor: Visitor,
    hub: Hub,
    bar: Page,
    task_id: str,
    answer: str = "",
    kind: str = "answer",
    final_url: str = "",
) -> Page:
    return visitor.post(
        urljoin(hub.portal_url, "/submit"),
        {
            "csrf_token": bar.csrf(),
            "task_id": task_id,
            "answer": answer,
            "kind": kind,
            "final_url": final_url,
        },
    )


def verdicts(page: Page) -> tuple[str, str]:
    doc = page.doc
    return (
        doc.get_element_by_id("lenient-verdict").text_content(),
        doc.get_element_by_id("strict-verdict").text_content(),
    )


def record_line(page: Page) -> dict:
    return json.loads(page.doc.get_element_by_id("record-line").text_content())


# -- layout and portal --------------------------------------------------------------------


def test_ports_follow_the_portal_port_in_site_order() -> None:
    assert plan_ports(8000, 3) == [8000, 8001, 8002, 8003]
    assert plan_ports(0, 3) == [0, 0, 0, 0]
    with pytest.raises(ServeError, match="no room"):
        plan_ports(65534, 3)


def test_unknown_site_is_refused() -> None:
    with pytest.raises(ServeError, match="unknown site 'nope'"):
        Hub("127.0.0.1", 0, sites=["nope"], quiet=True)


def test_portal_lists_sites_accounts_and_tasks(hub: Hub) -> None:
    page = Visitor().get(hub.portal_url)
    assert page.status == 200
    shop = hub.sites["shop"]
    assert f'href="{shop.base_url}/"' in page.text
    assert "emma.lopez" in page.text and DEMO_PASSWORD in page.text
    assert "shop/order-total/0" in page.text
    assert "What was the grand total of my order #100642?" in page.text
    # Links between sites point at the real local ports.
    assert shop.app.config["SITE_URLS"]["shop"] == shop.base_url
    assert shop.base_url == f"http://127.0.0.1:{shop.port}"


def test_sites_serve_pages_and_log_requests_canonically(hub: Hub) -> None:
    visitor = Visitor()
    before = hub.log.seq
    page = visitor.get(hub.sites["shop"].base_url + "/search?q=wok")
    assert page.status == 200 and "wok" in page.text.lower()
    entries = hub.log.since(before, ["shop"])
    assert entries[-1].as_log_entry() == {
        "method": "GET",
        "url": "http://shop.test/search?q=wok",
        "form": {},
        "status": 200,
    }
    assert hub.log.last_page(before, ["shop"]) == "http://shop.test/search?q=wok"


def test_api_writes_are_logged_with_their_json_fields(hub: Hub) -> None:
    visitor = Visitor()
    base = hub.sites["shop"].base_url + "/rest/V1"

    def call(method: str, path: str, body: dict, token: str = "") -> object:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        request = Request(base + path, json.dumps(body).encode(), headers, method=method)
        with visitor.opener.open(request, timeout=TIMEOUT) as response:
            return json.loads(response.read())

    before = hub.log.seq
    token = call(
        "POST", "/integration/customer/token", {"username": "emma.lopez", "password": DEMO_PASSWORD}
    )
    assert isinstance(token, str)
    sku = hub.query("shop", "SELECT sku FROM products WHERE sizes = '' AND colours = '' LIMIT 1")[
        0
    ][0]
    item = call("POST", "/carts/mine/items", {"cartItem": {"sku": sku, "qty": 2}}, token)
    assert isinstance(item, dict)
    call("PUT", f"/carts/mine/items/{item['item_id']}", {"cartItem": {"qty": 3}}, token)
    logged = [entry.as_log_entry() for entry in hub.log.since(before, ["shop"])]
    assert logged[1:] == [
        {
            "method": "POST",
            "url": "http://shop.test/rest/V1/carts/mine/items",
            "form": {"cartItem[sku]": sku, "cartItem[qty]": "2"},
            "status": 200,
        },
        {
            "method": "PUT",
            "url": f"http://shop.test/rest/V1/carts/mine/items/{item['item_id']}",
            "form": {"cartItem[qty]": "3"},
            "status": 200,
        },
    ]
    assert hub.query(
        "shop", "SELECT quantity FROM cart_items WHERE id = ?", (item["item_id"],)
    ) == [(3,)]


def test_portal_forms_need_the_csrf_token(hub: Hub) -> None:
    visitor = Visitor()
    visitor.get(hub.portal_url)
    url = urljoin(hub.portal_url, "/start")
    assert visitor.post(url, {"task_id": "shop/order-total/0"}).status == 400
    page = visitor.post(url, {"task_id": "shop/order-total/0", "csrf_token": "x" * 43})
    assert page.status == 400 and "security token" in page.text


def test_unknown_task_is_404(hub: Hub) -> None:
    page = start_task(Visitor(), hub, "shop/no-such-task/0")
    assert page.status == 404 and "no-such-task" in page.text


def test_submitting_a_task_that_was_not_started_is_refused(hub: Hub) -> None:
    visitor = Visitor()
    index = visitor.get(hub.portal_url)
    page = submit(visitor, hub, index, "shop/order-total/0", "50.94")
    assert page.status == 409 and "Start the task first" in page.text


def test_a_tampered_login_link_logs_nobody_in(hub: Hub) -> None:
    page = Visitor().get(hub.sites["shop"].base_url + LOGIN_PATH + "?token=forged")
    assert page.status == 400


# -- answering tasks ------------------------------------------------------------------------


def test_answer_task_end_to_end(hub: Hub, tmp_path: Path) -> None:
    visitor = Visitor()
    bar = start_task(visitor, hub, "shop/order-total/0")
    assert bar.status == 200 and bar.url.endswith("/task/shop/order-total/0")
    assert "What was the grand total of my order #100642?" in bar.text
    start = open_start_page(visitor, bar)
    assert start.status == 200 and "Log out" in start.text  # the task's user is logged in
    order = visitor.get(hub.sites["shop"].base_url + "/account/orders/100642")
    assert order.status == 200 and "50.94" in order.text
    bar = visitor.get(bar.url)
    assert "/account/orders/100642" in bar.text  # the last page the sites served
    result = submit(visitor, hub, bar, "shop/order-total/0", "$50.94")
    assert result.status == 200
    assert verdicts(result) == ("PASS", "PASS")
    record = record_line(result)
    assert record["backend"] == "human" and record["task_id"] == "shop/order-total/0"
    assert record["answer"] == "$50.94" and record["lenient"] is True and record["reward"] == 1.0
    assert record["start_url"] == "http://shop.test/"
    actions = [step["action"] for step in record["steps"]]
    assert "GET http://shop.test/account/orders/100642" in actions
    assert actions[-1] == "stop [$50.94]"
    lines = Path(hub.record_dir, f"episodes-{os.getpid()}.jsonl").read_text().splitlines()
    assert json.loads(lines[-1]) == record
    # The same record shape as an agent's episode.
    env = WebEnv(tasks=["shop/order-total/0"], record_dir=str(tmp_path))
    try:
        env.reset(options={"task_id": "shop/order-total/0"})
        env.step("stop [50.94]")
    finally:
        env.close()
    agent = json.loads(next(tmp_path.glob("episodes-*.jsonl")).read_text().splitlines()[-1])
    assert set(agent) == set(record)
    assert set(agent["validation"]) == set(record["validation"])
    # The task has ended: a second answer needs a new start.
    assert submit(visitor, hub, bar, "shop/order-total/0", "$50.94").status == 409


def test_a_wrong_answer_fails_in_both_modes(hub: Hub) -> None:
    visitor = Visitor()
    bar = start_task(visitor, hub, "shop/order-total/0")
    result = submit(visitor, hub, bar, "shop/order-total/0", "$99.99")
    assert verdicts(result) == ("FAIL", "FAIL")
    assert record_line(result)["reward"] == 0.0


def test_an_unknown_submission_kind_is_refused_and_the_task_keeps_running(hub: Hub) -> None:
    visitor = Visitor()
    bar = start_task(visitor, hub, "shop/order-total/0")
    refused = submit(visitor, hub, bar, "shop/order-total/0", "$50.94", kind="giveup")
    assert refused.status == 400 and "giveup" in refused.text
    assert "still running" in refused.text
    result = submit(visitor, hub, bar, "shop/order-total/0", "$50.94")
    assert result.status == 200 and verdicts(result) == ("PASS", "PASS")


def test_an_unknown_task_id_is_a_404_that_echoes_it_briefly(hub: Hub) -> None:
    page = start_task(Visitor(), hub, "x" * 100_000)
    assert page.status == 404
    assert "No served task" in page.text and len(page.text) < 5_000


def test_a_stalled_request_is_closed_and_others_are_served(
    hub: Hub, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A client that promises a body and stalls is cut off after the handler's timeout."""
    import socket
    from urllib.parse import urlsplit

    from webenv.serve.security import RequestHandler

    assert RequestHandler.timeout is not None and 0 < RequestHandler.timeout <= 60
    monkeypatch.setattr(RequestHandler, "timeout", 1)
    address = urlsplit(hub.portal_url)
    with socket.create_connection((address.hostname, address.port), timeout=10) as stalled:
        stalled.sendall(
            b"POST /submit HTTP/1.1\r\nHost: " + address.netloc.encode() + b"\r\n"
            b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n"
            b"\r\ntask_id=x"
        )
        assert Visitor().get(hub.portal_url).status == 200  # served meanwhile
        started = time.monotonic()
        while stalled.recv(65536):  # a response (if any), then the close
            pass
        assert time.monotonic() - started < 8


def test_state_and_request_checks_see_what_the_person_did(hub: Hub) -> None:
    task_id = "shop/subscribe-newsletter/0"
    sql = "SELECT newsletter FROM users WHERE username = 'emma.lopez'"
    pristine = hub.query("shop", sql)
    visitor = Visitor()
    bar = start_task(visitor, hub, task_id)
    open_start_page(visitor, bar)
    assert verdicts(submit(visitor, hub, bar, task_id)) == ("FAIL", "FAIL")

    bar = start_task(visitor, hub, task_id)
    open_start_page(visitor, bar)
    form = visitor.get(hub.sites["shop"].base_url + "/account/newsletter")
    done = visitor.post(
        hub.sites["shop"].base_url + "/account/newsletter",
        {"csrf_token": form.csrf(), "newsletter": "1"},
    )
    assert done.status == 200 and "You are now subscribed" in done.text
    assert hub.query("shop", sql) == [(1,)]
    result = submit(visitor, hub, bar, task_id)
    assert verdicts(result) == ("PASS", "PASS")
    posted = [s for s in record_line(result)["steps"] if s["action"].startswith("POST")]
    assert posted[0]["url"] == "http://shop.test/account/newsletter"

    # Starting again restores the pristine world.
    start_task(visitor, hub, task_id)
    assert hub.query("shop", sql) == pristine != [(1,)]


def test_url_checks_use_the_last_page_or_the_address_given(hub: Hub) -> None:
    task_id = "shop/open-wishlist/0"
    visitor = Visitor()
    bar = start_task(visitor, hub, task_id)
    open_start_page(visitor, bar)
    visitor.get(hub.sites["shop"].base_url + "/account/wishlist")
    assert verdicts(submit(visitor, hub, bar, task_id))[0] == "PASS"

    bar = start_task(visitor, hub, task_id)
    open_start_page(visitor, bar)
    result = submit(
        visitor, hub, bar, task_id, final_url=hub.sites["shop"].base_url + "/account/wishlist"
    )
    assert verdicts(result)[0] == "PASS"
    assert "the address you gave" in result.text

    bar = start_task(visitor, hub, task_id)
    open_start_page(visitor, bar)
    assert verdicts(submit(visitor, hub, bar, task_id))[0] == "FAIL"


def test_program_html_checks_fetch_pages_as_the_task_user(hub: Hub) -> None:
    task_id = "shop/add-to-cart-options/0"
    shop = hub.sites["shop"].base_url
    visitor = Visitor()
    bar = start_task(visitor, hub, task_id)
    open_start_page(visitor, bar)
    product = visitor.get(shop + "/product/harbor-organic-sweatshirt")
    assert product.status == 200
    product_id = product.doc.xpath("//input[@name='product_id']/@value")[0]
    added = visitor.post(
        shop + "/cart/add",
        {
            "csrf_token": product.csrf(),
            "product_id": product_id,
            "size": "M",
            "colour": "Grey",
            "quantity": "2",
        },
    )
    assert added.status == 200
    result = submit(visitor, hub, bar, task_id)
    lenient = record_line(result)["validation"]["lenient"]
    checks = {check["type"]: check["passed"] for check in lenient["checks"]}
    assert checks == {"state_match": True, "request_match": True, "program_html": True}


def test_reporting_infeasible(hub: Hub) -> None:
    task_id = "shop/infeasible-loyalty-points/0"
    visitor = Visitor()
    bar = start_task(visitor, hub, task_id)
    result = submit(
        visitor, hub, bar, task_id, "The shop has no loyalty points.", kind="infeasible"
    )
    assert verdicts(result)[0] == "PASS"
    record = record_line(result)
    assert record["infeasible"] is True
    assert record["steps"][-1]["action"].startswith("report_infeasible(")


def test_request_log_is_bounded() -> None:
    log = RequestLog(limit=3)
    for i in range(5):
        log.record("GET", f"http://shop.test/{i}", {}, 200, "text/html")
    assert [e.url for e in log.since(0)] == [f"http://shop.test/{i}" for i in (2, 3, 4)]
    assert [e.site for e in log.since(0)] == ["shop"] * 3
    assert log.seq == 5 and log.last_page(5, ["shop"]) is None
    assert log.last_page(0, ["shop"]) == "http://shop.test/4"
    assert len(log) == 3 and log[-1]["url"] == "http://shop.test/4"
    log.clear()
    assert len(log) == 0 and log.seq == 5


# -- hardening -------------------------------------------------------------------------------


def raw_request(
    port: int,
    method: str,
    path: str,
    host: str,
    body: dict[str, str] | None = None,
    cookie: str = "",
) -> tuple[int, dict[str, str], str]:
    """One request with a chosen ``Host`` header (as a DNS-rebinding page would send)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
    try:
        headers = {"Host": host}
        data = urlencode(body).encode() if body is not None else None
        if data is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if cookie:
            headers["Cookie"] = cookie
        conn.request(method, path, data, headers)
        response = conn.getresponse()
        return (
            response.status,
            {k.lower(): v for k, v in response.getheaders()},
            response.read().decode(),
        )
    finally:
        conn.close()


@pytest.mark.parametrize(
    "host",
    [
        "evil.example",
        "evil.example:8000",
        "127.0.0.1.nip.io",
        "localhost.evil.example",
        "[::2]",
        "",
        "a b",
    ],
)
def test_the_portal_refuses_foreign_host_headers(hub: Hub, host: str) -> None:
    status, headers, _ = raw_request(hub.port, "GET", "/", host)
    assert status == 400
    assert headers["x-frame-options"] == "DENY"


@pytest.mark.parametrize("host", ["localhost", "127.0.0.1", "[::1]", "LOCALHOST:80"])
def test_the_portal_answers_loopback_names_and_the_public_host(hub: Hub, host: str) -> None:
    status, _, _ = raw_request(hub.port, "GET", "/", host.replace("80", str(hub.port)))
    assert status == 200


def test_a_rebinding_page_cannot_press_start_with_reset(hub: Hub) -> None:
    visitor = Visitor()
    page = visitor.get(hub.portal_url)
    cookie = "; ".join(f"{c.name}={c.value}" for c in visitor.jar)
    sql = "SELECT count(*) FROM reviews"
    with hub.world.lock:
        conn = hub.world.database("shop").connection
        assert conn is not None
        conn.execute("DELETE FROM reviews")
        conn.commit()
    status, _, _ = raw_request(
        hub.port,
        "POST",
        "/start",
        f"evil.example:{hub.port}",
        {"task_id": "shop/order-total/0", "reset": "yes", "csrf_token": page.csrf()},
        cookie,
    )
    assert status == 400
    assert hub.query("shop", sql) == [(0,)]  # not reset
    hub.world.reset(["shop"])


def test_portal_responses_carry_security_headers_and_no_versions(hub: Hub) -> None:
    status, headers, _ = raw_request(hub.port, "GET", "/", "127.0.0.1")
    assert status == 200
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-frame-options"] == "DENY"
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert headers["referrer-policy"] == "same-origin"
    assert "samesite=lax" in headers["set-cookie"].lower()
    assert "httponly" in headers["set-cookie"].lower()
    for port in (hub.port, hub.sites["shop"].port):
        _, headers, _ = raw_request(port, "GET", "/", "127.0.0.1")
        assert headers["server"] == "webenv"


def test_the_sites_are_told_which_host_names_to_answer(tmp_path: Path) -> None:
    with Hub(
        "127.0.0.1",
        0,
        sites=["shop"],
        public_host="webenv.example",
        record_dir=tmp_path,
        quiet=True,
    ) as served:
        allowed = served.sites["shop"].app.config["ALLOWED_HOSTS"]
        assert set(allowed) == {"localhost", "127.0.0.1", "[::1]", "webenv.example", "shop.test"}
        assert served.sites["shop"].base_url.startswith("http://webenv.example:")
        client = served.portal.test_client()
        assert client.get("/", headers={"Host": "webenv.example"}).status_code == 200
        assert client.get("/", headers={"Host": "other.example"}).status_code == 400


def test_the_csrf_token_belongs_to_one_session(hub: Hub) -> None:
    first, second = Visitor(), Visitor()
    token = first.get(hub.portal_url).csrf()
    second.get(hub.portal_url)
    page = second.post(
        hub.portal_url + "start", {"task_id": "shop/order-total/0", "csrf_token": token}
    )
    assert page.status == 400
    assert first.get(hub.portal_url).csrf() == token


# -- persistence ----------------------------------------------------------------------------


def test_db_mode_confirms_before_overwriting_the_files(tmp_path: Path) -> None:
    sql = "SELECT newsletter FROM users WHERE username = 'emma.lopez'"
    with Hub("127.0.0.1", 0, sites=["shop"], db_dir=tmp_path, quiet=True) as served:
        served.start()
        path = tmp_path / "shop.sqlite3"
        with sqlite3.connect(path) as conn:
            assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        pristine = served.query("shop", sql)
        visitor = Visitor()
        task_id = "shop/subscribe-newsletter/0"
        confirm = start_task(visitor, served, task_id)
        assert confirm.status == 200 and str(path) in confirm.text and "overwrites" in confirm.text
        bar = visitor.post(
            urljoin(served.portal_url, "/start"),
            {"csrf_token": confirm.csrf(), "task_id": task_id, "reset": "yes"},
        )
        open_start_page(visitor, bar)
        form = visitor.get(served.sites["shop"].base_url + "/account/newsletter")
        visitor.post(
            served.sites["shop"].base_url + "/account/newsletter",
            {"csrf_token": form.csrf(), "newsletter": "1"},
        )
        assert served.query("shop", sql) == [(1,)]
        # Declining the reset keeps the change (and says the verdict may be wrong) ...
        bar = start_task(visitor, served, task_id, reset="no")
        assert "were not reset" in bar.text and served.query("shop", sql) == [(1,)]
        # ... accepting it restores the file to the pristine world.
        start_task(visitor, served, task_id, reset="yes")
        assert served.query("shop", sql) == pristine
        assert list(tmp_path.glob("episodes-*.jsonl")) == []  # the --db dir records episodes


def _launch(db: Path, log: Path) -> tuple[subprocess.Popen[bytes], dict[str, str]]:
    """Start ``webenv serve --db`` in a subprocess; return it and the URLs it printed."""
    out = open(log, "wb")  # noqa: SIM115 - closed below, the child keeps its own copy
    try:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "webenv.serve",
                "--port",
                "0",
                "--db",
                str(db),
                "--site",
                "shop",
                "--quiet",
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=db,
        )
    finally:
        out.close()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        text = log.read_text()
        if "Press Ctrl+C" in text:
            urls = dict(re.findall(r"^\s+(portal|shop)\s+(http://\S+?)/?\s", text, re.M))
            return proc, urls
        if proc.poll() is not None:
            break
        time.sleep(0.1)
    proc.kill()
    proc.wait()
    raise AssertionError(f"webenv serve did not start:\n{log.read_text()}")


def _cart_quantity(db_file: Path) -> int:
    conn = sqlite3.connect(f"{db_file.as_uri()}?mode=ro", uri=True)
    try:
        return conn.execute(
            "SELECT COALESCE(SUM(quantity), 0) FROM cart_items WHERE product_id = 32 AND user_id ="
            " (SELECT id FROM users WHERE username = 'emma.lopez')"
        ).fetchone()[0]
    finally:
        conn.close()


@pytest.mark.slow
def test_acknowledged_writes_survive_sigkill_and_restart(tmp_path: Path) -> None:
    db = tmp_path / "data"
    db.mkdir()
    proc, urls = _launch(db, tmp_path / "first.log")
    try:
        shop = urls["shop"]
        assert _cart_quantity(db / "shop.sqlite3") == 0
        visitor = Visitor()
        login = visitor.get(shop + "/account/login")
        dashboard = visitor.post(
            shop + "/account/login",
            {"csrf_token": login.csrf(), "username": "emma.lopez", "password": DEMO_PASSWORD},
        )
        assert dashboard.status == 200 and "Welcome back" in dashboard.text
        for quantity in (1, 2, 3):  # three acknowledged writes, the last just before the kill
            product = visitor.get(shop + "/product/voltix-dual-port-charger")
            added = visitor.post(
                shop + "/cart/add",
                {"csrf_token": product.csrf(), "product_id": "32", "quantity": str(quantity)},
            )
            assert added.status == 200 and "to your cart" in added.text
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=TIMEOUT)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == -signal.SIGKILL
    assert _cart_quantity(db / "shop.sqlite3") == 6  # read straight from the file

    proc, urls = _launch(db, tmp_path / "second.log")
    try:
        # The session survives too: the signing secret is kept in the --db directory.
        cart = visitor.get(urls["shop"] + "/cart")
        assert cart.status == 200 and "Voltix Dual-Port Charger" in cart.text
        assert 'value="6"' in cart.text
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=TIMEOUT) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert "webenv serve: stopped" in (tmp_path / "second.log").read_text()
    assert _cart_quantity(db / "shop.sqlite3") == 6


# -- command and Docker files -------------------------------------------------------------


def test_serve_is_a_webenv_command() -> None:
    from webenv.cli import main

    assert main.commands["serve"] is serve
    result = CliRunner().invoke(serve, ["--help"])
    assert result.exit_code == 0 and "--db DIRECTORY" in result.output


def test_serve_reports_a_busy_port_cleanly(hub: Hub) -> None:
    result = CliRunner().invoke(serve, ["--port", str(hub.port), "--site", "shop", "--quiet"])
    assert result.exit_code == 1 and f"cannot listen on 127.0.0.1:{hub.port}" in result.output


def test_docker_files_are_complete() -> None:
    serve_file = (ROOT / "docker" / "Dockerfile.serve").read_text()
    agent_file = (ROOT / "docker" / "Dockerfile.agent").read_text()
    for text in (serve_file, agent_file):
        assert text.startswith("# syntax") or text.lstrip().startswith(("#", "FROM"))
        assert "FROM python:3.11-slim-bookworm" in text
        assert "chromium" in text
        assert "WEBENV_CHROMIUM=/usr/bin/chromium" in text
    assert re.search(r"^EXPOSE 8000-8003$", serve_file, re.M)
    assert '"--host", "0.0.0.0"' in serve_file and '"--db", "/data"' in serve_file
    assert "make" in agent_file
    assert "no Docker engine" in (ROOT / "docker" / "README.md").read_text()


def test_compose_file_parses() -> None:
    yaml = pytest.importorskip("yaml", reason="PyYAML is not installed in this environment")
    compose = yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text())
    service = compose["services"]["serve"]
    assert service["build"]["dockerfile"] == "docker/Dockerfile.serve"
    assert any(str(v).endswith(":/data") for v in service["volumes"])
    assert "webenv-data" in compose["volumes"]
