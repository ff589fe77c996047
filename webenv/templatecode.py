"""Compiled site templates, shared by every site app of the process and kept on disk.

Every env builds its own Flask apps (one per hosted site), and each app's Jinja
environment would lex, parse and compile each template again on its first use: tens of
milliseconds per template, paid by every env and every worker process on the first visit
of each kind of page. :data:`template_code` is a Jinja bytecode cache that the world's
apps share: a template is compiled once per process, and its code is also written next
to the world store (:func:`webenv.worldstore.store_dir`, folder ``templates``), so later
processes load it instead of compiling it.

A compiled template is found by its name, its file, the Jinja and Python versions and
the environment settings that change generated code, and it is used only if the
checksum of the template's source matches (Jinja's own check), so an edited template is
compiled again. As with the world store, an unusable folder or a damaged file only means
compiling as before: nothing here raises.
"""

from __future__ import annotations

import contextlib
import hashlib
import sys
import threading
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path

from jinja2 import Environment
from jinja2.bccache import Bucket, BytecodeCache

from webenv.worldstore import store_dir, write_atomically

__all__ = ["TemplateCode", "store_folder", "template_code"]

_RUNTIME = f"jinja2 {version('jinja2')} python {sys.version_info[:2]}"


def _settings(environment: Environment, name: str) -> str:
    """The environment's settings that the compiled code of template ``name`` depends on."""
    autoescape = environment.autoescape
    escaping = autoescape(name) if callable(autoescape) else autoescape
    return repr(
        (
            environment.block_start_string,
            environment.block_end_string,
            environment.variable_start_string,
            environment.variable_end_string,
            environment.comment_start_string,
            environment.comment_end_string,
            environment.line_statement_prefix,
            environment.line_comment_prefix,
            environment.trim_blocks,
            environment.lstrip_blocks,
            environment.newline_sequence,
            environment.keep_trailing_newline,
            sorted(environment.extensions),
            environment.optimized,
            bool(escaping),
        )
    )


class TemplateCode(BytecodeCache):
    """A Jinja bytecode cache in memory, backed by a folder when one is usable.

    Args:
        folder: Returns, at each use, where compiled templates are kept across
            processes, or ``None`` for memory only (default: the world store's
            ``templates`` folder). The folder is created when first written to.
    """

    def __init__(self, folder: Callable[[], Path | None] | None = None) -> None:
        self.folder = folder or store_folder
        self._code: dict[str, bytes] = {}
        self._lock = threading.Lock()

    def get_bucket(
        self, environment: Environment, name: str, filename: str | None, source: str
    ) -> Bucket:
        key = hashlib.sha256(
            f"{_RUNTIME}\0{_settings(environment, name)}\0{name}\0{filename}".encode()
        ).hexdigest()[:32]
        bucket = Bucket(environment, key, self.get_source_checksum(source))
        self.load_bytecode(bucket)
        return bucket

    def load_bytecode(self, bucket: Bucket) -> None:
        data = self._code.get(bucket.key)
        folder = self.folder()
        if data is None and folder is not None:
            with contextlib.suppress(OSError):
                data = (folder / f"{bucket.key}.jinja").read_bytes()
        if data is None:
            return
        try:
            bucket.bytecode_from_string(data)
        except Exception:  # a damaged file: compile again (and overwrite it)
            bucket.reset()
        if bucket.code is not None:
            with self._lock:
                self._code[bucket.key] = data

    def dump_bytecode(self, bucket: Bucket) -> None:
        data = bucket.bytecode_to_string()
        with self._lock:
            self._code[bucket.key] = data
        folder = self.folder()
        if folder is None:
            return
        try:
            write_atomically(folder / f"{bucket.key}.jinja", data)
        except OSError:
            return

    def clear(self) -> None:
        """Forget the compiled templates held in memory (files stay)."""
        with self._lock:
            self._code.clear()


def store_folder() -> Path | None:
    """The world store's ``templates`` folder, or ``None`` when the store is off."""
    worlds = store_dir()
    return None if worlds is None else worlds / "templates"


template_code = TemplateCode()
"""The process's compiled templates, used by every app a :class:`~webenv.world.World`
builds."""
