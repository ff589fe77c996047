"""The type of every path a ``webenv`` command takes: :class:`click.Path` that refuses
an empty string.

``pathlib.Path("")`` is ``Path(".")``, so an empty argument (a shell variable that was
never set: ``--out "$RUN"``) silently meant the current folder: a run, a report or the
served databases were written into wherever the command happened to start, and
``tasks check --file ""`` checked every bundled task instead of the file. The shell's own
tools refuse an empty name (``mkdir ""``: No such file or directory); so does webenv.
"""

from __future__ import annotations

import os
from typing import Any

import click


class PathArgument(click.Path):
    """A :class:`click.Path` whose value may not be empty (``.`` names the current folder)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str | bytes | os.PathLike) and not os.fspath(value):
            hint = "; write '.' for the current folder" if self.dir_okay else ""
            self.fail(f"the {self.name} name is empty{hint}", param, ctx)
        return super().convert(value, param, ctx)
