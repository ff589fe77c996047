"""The portal: pick a task, work on it in the sites, answer it, see both verdicts.

A plain Flask app (server-rendered forms, no JavaScript). Starting a task restores its
sites to the pristine world (asking first when the worlds live in database files),
remembers where the request log stood in the person's portal session, and shows the
task bar: the intent, a link that logs the task's user in and opens the start page in
another tab, and a form to answer or report the task infeasible. The answer and the
final state are judged by the same :func:`webenv.validators.evaluate` the env uses, and
the episode is appended to ``episodes-<pid>.jsonl`` in the agents' format.
"""

from __future__ import annotations

import json
import secrets
import threading
from typing import Any

from flask import Flask, abort, redirect, render_template, request, session, url_for
from werkzeug.exceptions import BadRequest, HTTPException
from werkzeug.wrappers import Response

from webenv.actions import Action, ActionKind
from webenv.errors import WorldError, echo
from webenv.recording import EpisodeRecorder
from webenv.serve.security import SECURITY_HEADERS, host_allowed
from webenv.serve.served import ServedWorld
from webenv.sites import BACK_OFFICES, expand_placeholders, login_site, logins_on
from webenv.sites.core.auth import DEMO_PASSWORD
from webenv.sites.core.csrf import tokens_match
from webenv.sites.core.urls import parse_url
from webenv.tasks import Task, bundled_tasks
from webenv.validators import evaluate

MAX_ANSWER_CHARS = 10_000
MAX_URL_CHARS = 4_096
SUBMIT_KINDS = ("answer", "infeasible")
"""The portal's two submit buttons (``kind``): an answer, or a report of infeasibility."""
MAX_RECORDED_STEPS = 2_000
CSRF_FIELD = "csrf_token"


class PortalCSRFError(BadRequest):
    """A portal POST arrived without the session's CSRF token."""

    description = (
        "The form's security token is missing or does not match your session. "
        "Go back, reload the page and submit the form again."
    )


def _csrf_token() -> str:
    token = session.get("csrf")
    if not isinstance(token, str) or len(token) < 32:
        token = secrets.token_urlsafe(32)
        session["csrf"] = token
    return token


def _check_csrf() -> None:
    if request.method != "POST":
        return
    sent = request.form.get(CSRF_FIELD, "")
    expected = session.get("csrf")
    if not isinstance(expected, str) or not tokens_match(sent, expected):
        raise PortalCSRFError()


class Portal:
    """The state behind the portal's views: served tasks, the recorder and its lock."""

    def __init__(self, hub: ServedWorld) -> None:
        self.hub = hub
        self.tasks: dict[str, Task] = {
            task.task_id: task
            for task in bundled_tasks()
            if all(site in hub.sites for site in task.sites)
        }
        self.recorder: EpisodeRecorder | None = None  # created with the first episode
        self._record_lock = threading.Lock()

    def demo_users(self) -> dict[str, list[str]]:
        """Site -> the users the served tasks log in as (all share the demo password)."""
        users: dict[str, set[str]] = {name: set() for name in self.hub.sites}
        for task in self.tasks.values():
            for site, user in task.login.items():
                users.setdefault(site, set()).add(user)
        for site, names in users.items():
            if not names:  # no task logs in here yet: offer a few generated users
                rows = self.hub.query(site, "SELECT username FROM users ORDER BY id LIMIT 3")
                names.update(str(row[0]) for row in rows)
        return {site: sorted(names) for site, names in users.items()}

    def task(self, task_id: str) -> Task:
        task = self.tasks.get(task_id)
        if task is None:
            abort(404, f"No served task has the id {echo(task_id)}.")
        return task

    def start_link(self, task: Task) -> str:
        """The start page, through a login link when the start site has a task user."""
        start = self.hub.localize(task.start_url)
        site = self.hub.site_for_url(start)
        parsed = parse_url(start)
        accounts = logins_on(task.login, site.name) if site is not None else {}
        if site is not None and parsed is not None and accounts:
            return site.login_link(accounts, parsed.path_and_query)
        return start

    def login_links(self, task: Task) -> list[tuple[str, str, str]]:
        """``(login key, user, link)`` logging each of the task's accounts in (a back
        office's link opens the back office)."""
        return [
            (
                key,
                user,
                self.hub.sites[login_site(key)].login_link(
                    {key: user}, BACK_OFFICES[key].path if key in BACK_OFFICES else "/"
                ),
            )
            for key, user in task.login.items()
        ]

    def judge(
        self, task: Task, start_seq: int, answer: str, infeasible: bool, final_url: str
    ) -> dict[str, Any]:
        """Validate an answer and the sites' state; append the episode; return the record."""
        hub = self.hub
        entries = hub.log.since(start_seq, task.sites)
        canonical_start = expand_placeholders(task.start_url)
        if final_url.strip():
            url = hub.to_canonical(final_url)
            url_source = "given"
        else:
            last = hub.log.last_page(start_seq, task.sites)
            url = last or canonical_start
            url_source = "logged" if last else "start"
        judged = hub.canonicalize_text(answer)  # a pasted local URL reads as the canonical one

        def fetch_page(target: str) -> Any:
            wanted = url if target == "last" else expand_placeholders(target)
            site = hub.site_for_url(wanted)
            if site is None:
                raise WorldError(f"{wanted[:80]!r} is not on a served site")
            return hub.world.fetch(hub.to_canonical(wanted), task.login)[1]

        context = hub.world.eval_context(
            answer=judged,
            infeasible_reported=infeasible,
            url=url,
            fetch_page=fetch_page,
            users=task.login,
            requests=[entry.as_log_entry() for entry in entries],
            intent=task.intent,
        )
        evaluation = evaluate(task.eval, context)
        # Human episodes use the agents' format; a step is one request the sites answered.
        final = Action(kind=ActionKind.STOP, text=judged, infeasible=infeasible).to_str()
        with self._record_lock:
            if self.recorder is None:
                self.recorder = EpisodeRecorder(self.hub.record_dir, backend="human")
            recorder = self.recorder
            recorder.start(task.task_id, None, canonical_start)
            for entry in entries[-MAX_RECORDED_STEPS:]:
                error = f"HTTP {entry.status}" if entry.status >= 400 else ""
                recorder.step(f"{entry.method} {entry.url}", entry.url, error)
            recorder.step(final, url, "")
            reward = evaluation.score("lenient")
            recorder.finish(judged, infeasible, evaluation, reward)
            line = _last_line(recorder.path)
        return {
            "validation": evaluation.to_dict(),
            "url": url,
            "url_source": url_source,
            "requests": len(entries),
            "line": line,
            "path": str(recorder.path.resolve()),
        }


def _last_line(path: Any) -> str:
    with open(path, "rb") as handle:
        handle.seek(0, 2)
        size = handle.tell()
        chunk = 1 << 16
        while True:
            start = max(0, size - chunk)
            handle.seek(start)
            lines = handle.read().splitlines()
            if start == 0 or len(lines) > 1:
                return lines[-1].decode("utf-8") if lines else ""
            chunk *= 4


def _submission_kind() -> str:
    """The submit button a task's answer form was sent with (Enter in the answer box sends
    the first, an answer); another value is a 400 that leaves the task running."""
    kind = request.form.get("kind", "answer")
    if kind not in SUBMIT_KINDS:
        abort(
            400,
            description=f"A submission is {' or '.join(map(repr, SUBMIT_KINDS))}, not "
            f"{echo(kind)}. The task is still running: go back and submit again.",
        )
    return kind


def create_portal(hub: ServedWorld) -> Flask:
    """Create the portal app for a served world (a :class:`~webenv.serve.hub.Hub`).

    Requests whose ``Host`` is not the served world's (a loopback name or the public
    host) get 400 before anything runs; every response carries
    :data:`~webenv.serve.security.SECURITY_HEADERS`.
    """
    app = Flask(__name__)
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    app.config.update(
        SECRET_KEY=f"{hub.secret}:portal",
        SESSION_COOKIE_NAME="webenv_portal_session",
        SESSION_COOKIE_SAMESITE="Lax",
        MAX_CONTENT_LENGTH=256 * 1024,
    )
    portal = Portal(hub)
    app.extensions["webenv_portal"] = portal

    @app.before_request
    def check_host() -> None:
        if not host_allowed(request.host, hub.allowed_hosts):
            abort(
                400,
                "The portal answers only to its own host names (a loopback name or --public-host).",
            )

    @app.after_request
    def harden(response: Response) -> Response:
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
        return response

    app.before_request(_check_csrf)
    app.add_template_global(_csrf_token, "csrf_token")

    @app.context_processor
    def layout() -> dict[str, Any]:
        return {"hub": hub, "persistent": hub.db_dir is not None}

    @app.get("/")
    def index() -> str:
        by_site: dict[str, list[Task]] = {}
        for task in portal.tasks.values():
            by_site.setdefault(task.group, []).append(task)
        return render_template(
            "portal/index.html",
            tasks_by_group=by_site,
            users=portal.demo_users(),
            password=DEMO_PASSWORD,
            active=session.get("active"),
        )

    @app.post("/start")
    def start() -> Response | str:
        task = portal.task(request.form.get("task_id", ""))
        choice = request.form.get("reset", "")
        if hub.db_dir is not None and choice not in ("yes", "no"):
            return render_template(
                "portal/confirm.html", task=task, files=[hub.sites[s].db_path for s in task.sites]
            )
        if choice != "no":
            hub.world.reset(task.sites, clear_log=False)
        session["active"] = {"task_id": task.task_id, "seq": hub.log.seq, "reset": choice != "no"}
        return redirect(url_for("task_bar", task_id=task.task_id), 303)

    @app.get("/task/<path:task_id>")
    def task_bar(task_id: str) -> str:
        task = portal.task(task_id)
        active = session.get("active") or {}
        started = active.get("task_id") == task.task_id
        last = hub.log.last_page(int(active["seq"]), task.sites) if started else None
        return render_template(
            "portal/task.html",
            task=task,
            started=started,
            reset=active.get("reset", True),
            start_link=portal.start_link(task),
            login_links=portal.login_links(task),
            last_page=hub.to_local(last) if last else "",
        )

    @app.post("/submit")
    def submit() -> tuple[str, int] | str:
        task = portal.task(request.form.get("task_id", ""))
        active = session.get("active") or {}
        if active.get("task_id") != task.task_id:
            return render_template(
                "portal/error.html",
                title="Start the task first",
                message="This task is not running in your portal session "
                "(it was never started here, or it was already answered). "
                "Start it again from the task list.",
            ), 409
        infeasible = _submission_kind() == "infeasible"
        answer = request.form.get("answer", "")[:MAX_ANSWER_CHARS]
        final_url = request.form.get("final_url", "")[:MAX_URL_CHARS]
        result = portal.judge(task, int(active["seq"]), answer, infeasible, final_url)
        session.pop("active", None)
        pretty = json.dumps(json.loads(result["line"]), indent=2, ensure_ascii=False)
        return render_template(
            "portal/result.html",
            task=task,
            answer=answer,
            infeasible=infeasible,
            pretty=pretty,
            **result,
        )

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> tuple[str, int]:
        return render_template(
            "portal/error.html", title=f"{error.code} {error.name}", message=error.description
        ), error.code or 500

    return app
