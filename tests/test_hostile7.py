"""Hostile inputs, round 7: held-out cases written from the contract (a bad input gets a
clear error and loses nothing), before reading the code they exercise.

Found by crawling each site logged in and posting every form with each field replaced
by hostile values, by driving the env's Python API the ways a search or RL library
does, and by passing the CLI the arguments a shell script with an unset variable does.
"""

from __future__ import annotations

import copy
import pickle
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import click
import httpx
import pytest
from click.testing import CliRunner

from tests.hubs import hub_digest, started_hub
from tests.sites.conftest import SITES, canonical_world
from webenv.cli import main
from webenv.clipaths import PathArgument
from webenv.env import WebEnv
from webenv.serve import Hub
from webenv.templatecode import template_code
from webenv.wrappers import DiscreteActions

TASK = "shop/order-total/0"
ORDERS = Path(__file__).parent.parent / "tasks" / "shop" / "orders.json"  # holds TASK

# -- CSRF tokens that are not ASCII --------------------------------------------------------

NOT_ASCII_TOKENS = [
    pytest.param("\u0663", id="arabic-indic-digit"),
    pytest.param("\u00e9" * 64, id="latin-1-letters"),
    pytest.param("\u202e" + "0" * 63, id="rtl-override"),
    pytest.param("\ufffd", id="replacement-character"),
]


def _site_client(name: str) -> tuple[object, sqlite3.Connection]:
    connection = sqlite3.connect(":memory:", check_same_thread=False)
    connection.deserialize(canonical_world(name))
    app = SITES[name].create_app({"DATABASE": connection, "TESTING": True})
    app.jinja_env.bytecode_cache = template_code
    return app.test_client(), connection


@pytest.mark.parametrize("name", ["shop", "forum", "githost"])
@pytest.mark.parametrize("token", NOT_ASCII_TOKENS)
def test_a_csrf_token_that_is_not_ascii_is_a_400_that_writes_nothing(name, token):
    """hmac.compare_digest raises TypeError on a str with non-ASCII characters: every POST
    form of every site was a 500 (an exception under TESTING) for such a token."""
    client, connection = _site_client(name)
    before = connection.serialize()
    site = SITES[name]
    form = {"username": site.user, "password": "x", "csrf_token": token}
    response = client.post(site.login_url, data=form)
    assert response.status_code == 400
    assert "security token" in response.get_data(as_text=True)
    assert connection.serialize() == before


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    with started_hub(tmp_path_factory) as served:
        yield served


@pytest.mark.parametrize("token", NOT_ASCII_TOKENS)
def test_a_portal_csrf_token_that_is_not_ascii_is_a_400(hub, token):
    """The portal's own token check had the same TypeError: a 500 from ``webenv serve``."""
    before = hub_digest(hub)
    with httpx.Client(timeout=30) as client:
        client.get(hub.portal_url)
        response = client.post(
            f"{hub.portal_url}/start", data={"task_id": TASK, "csrf_token": token}
        )
    assert response.status_code == 400
    assert "security token" in response.text
    assert hub_digest(hub) == before


# -- copying an env ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def env() -> Iterator[WebEnv]:
    made = WebEnv(tasks="shop")
    made.reset(options={"task_id": TASK})
    yield made
    made.close()


@pytest.mark.parametrize(
    "clone",
    [
        pytest.param(copy.copy, id="copy"),
        pytest.param(copy.deepcopy, id="deepcopy"),
        pytest.param(pickle.dumps, id="pickle"),
        pytest.param(lambda made: copy.deepcopy(DiscreteActions(made)), id="wrapped"),
    ],
)
def test_copying_an_env_is_refused_with_the_way_to_clone_an_episode(env, clone):
    """A shallow copy shared the world and browser: closing the copy broke the original
    (step raised IndexError, reset KeyError). deepcopy and pickle raised "cannot pickle
    '_thread.lock' object", which says nothing of what to do."""
    env.reset(options={"task_id": TASK})
    with pytest.raises(TypeError, match="save_state"):
        clone(env)
    obs = env.step("goto [http://shop.test/cart]")[0]
    assert obs["last_action_error"] == "" and obs["url"] == "http://shop.test/cart"


# -- empty paths on the command line ---------------------------------------------------


def _path_parameters(command: click.Command, name: str = "webenv") -> Iterator[tuple[str, object]]:
    for param in command.params:
        if isinstance(param.type, click.Path):
            yield f"{name} {param.name}", param.type
    if isinstance(command, click.Group):
        for sub_name, sub in command.commands.items():
            yield from _path_parameters(sub, f"{name} {sub_name}")


def test_every_path_the_cli_takes_refuses_an_empty_string():
    """The class, for commands this file does not run: each path is a PathArgument."""
    found = dict(_path_parameters(main))
    assert len(found) >= 10, found
    assert {name for name, kind in found.items() if not isinstance(kind, PathArgument)} == set()


@pytest.mark.parametrize(
    ("args", "option"),
    [
        pytest.param(
            ["run", "--agent", "random", "--tasks", TASK, "--max-steps", "1", "--out", ""],
            "--out",
            id="run",
        ),
        pytest.param(["report", ""], "DIRECTORIES", id="report"),
        pytest.param(["demos", "--tasks", TASK, "--count", "1", "--out", ""], "--out", id="demos"),
        pytest.param(["tasks", "check", "--file", ""], "--file", id="tasks-check"),
        pytest.param(["serve", "--port", "0", "--db", ""], "--db", id="serve-db"),
        pytest.param(["serve", "--port", "0", "--record", ""], "--record", id="serve-record"),
    ],
)
def test_an_empty_path_on_the_command_line_is_refused_and_writes_nothing(
    tmp_path, monkeypatch, args, option
):
    """Path("") is Path("."): ``run --out ""`` wrote its run into the current folder,
    ``report ""`` read and wrote there, ``serve --db ""`` put three databases and the
    secret key there, ``tasks check --file ""`` checked all bundled tasks and said they
    passed, and ``demos --out ""`` blamed '.'."""

    def no_serving(*args: object, **kwargs: object) -> None:
        raise AssertionError("serve started")

    monkeypatch.setattr(Hub, "__init__", no_serving)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert option in result.output and "name is empty" in result.output
    assert "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == []


def test_an_empty_world_seeds_is_refused_by_run_as_by_demos(tmp_path, monkeypatch):
    """``run --world-seeds ""`` played the default worlds; demos and tasks check refused."""
    monkeypatch.chdir(tmp_path)
    for args in (
        ["run", "--agent", "random", "--tasks", TASK, "--out", "never", "--world-seeds", ""],
        ["demos", "--count", "1", "--out", "never.jsonl", "--world-seeds", ""],
    ):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2, result.output
        assert "--world-seeds" in result.output and "got ''" in result.output
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("in_file", [False, True], ids=["bundled", "file"])
def test_tasks_check_names_a_task_id_it_does_not_know(in_file):
    """``tasks check --task typo --task good`` skipped the typo and said "1/1 tasks
    solved"; ``--task typo`` alone said only "no tasks selected"."""
    args = ["tasks", "check", "--task", "shop/order-totl/0", "--task", TASK]
    if in_file:
        args += ["--file", str(ORDERS)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1, result.output
    assert "unknown task_id 'shop/order-totl/0'" in result.output
    assert "solved" not in result.output
    if in_file:
        assert f"in {ORDERS}" in result.output
