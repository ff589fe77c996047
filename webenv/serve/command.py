"""The ``webenv serve`` command."""

from __future__ import annotations

import signal
import sys
import threading
from types import FrameType

import click

from webenv.clipaths import PathArgument
from webenv.errors import ServeError
from webenv.serve.hub import Hub
from webenv.sites import SITES


@click.command()
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Interface to listen on (0.0.0.0 in a container).",
)
@click.option(
    "--port",
    default=8000,
    show_default=True,
    type=click.IntRange(0, 65535),
    help="The portal's port; sites take the next ports (shop +1, forum +2, "
    "githost +3). 0 picks free ports.",
)
@click.option(
    "--db",
    "db_dir",
    type=PathArgument(file_okay=False),
    help="Keep each site's database in DIR/<site>.sqlite3 across restarts "
    "(default: in-memory worlds, pristine at every task start).",
)
@click.option(
    "--record",
    "record_dir",
    type=PathArgument(file_okay=False),
    help="Append people's episodes to DIR/episodes-<pid>.jsonl "
    "[default: the --db directory, else ./webenv-episodes].",
)
@click.option(
    "--public-host",
    help="Host name used in links between the sites; requests "
    "naming another host than it or localhost, 127.0.0.1 "
    "or [::1] get 400 [default: --host, or localhost for "
    "0.0.0.0].",
)
@click.option(
    "--site",
    "sites",
    multiple=True,
    type=click.Choice(list(SITES)),
    help="Serve only this site (repeatable) [default: every bundled site].",
)
@click.option("--quiet", is_flag=True, help="Do not log every request to stderr.")
def serve(
    host: str,
    port: int,
    db_dir: str | None,
    record_dir: str | None,
    public_host: str | None,
    sites: tuple[str, ...],
    quiet: bool,
) -> None:
    """Serve the bundled sites and a task portal for people, on local ports.

    Open the portal, pick a task, do it in the sites, answer in the task bar: the
    answer and the sites' final state are judged like an agent's, and the episode is
    appended in the agents' JSONL format (backend "human").
    """
    try:
        hub = Hub(
            host,
            port,
            db_dir=db_dir,
            record_dir=record_dir,
            public_host=public_host,
            sites=sites or None,
            quiet=quiet,
        )
    except (ServeError, OSError) as exc:
        raise click.ClickException(str(exc)) from None
    stop = threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        stop.set()

    previous = signal.signal(signal.SIGTERM, on_signal)
    try:
        hub.start()
        click.echo("webenv serve: the sites and the task portal are up")
        for line in hub.describe():
            click.echo(f"  {line}")
        click.echo("Press Ctrl+C to stop.")
        sys.stdout.flush()
        while not stop.wait(1.0):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        hub.close()
        click.echo("webenv serve: stopped")
