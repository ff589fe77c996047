"""Compiled templates shared by every app in the process.

Each Flask app has its own Jinja environment, and a new environment parses and compiles
each template it renders again (a site's pages use some forty: most of a new app's first
requests). :data:`COMPILED` keeps each template's compiled code for the process, keyed by
the template, its source (Jinja checks the checksum) and every environment setting the
compiler reads, so an app only reuses code its own environment would have compiled.
"""

from __future__ import annotations

from types import CodeType
from typing import Any

from jinja2 import Environment
from jinja2.bccache import Bucket, BytecodeCache

__all__ = ["COMPILED", "CompiledTemplates", "compiler_settings"]


def compiler_settings(environment: Environment) -> tuple[Any, ...]:
    """What Jinja's lexer, parser and code generator read from ``environment``: the syntax,
    whitespace and escaping options, the extensions, and the names of the filters and
    tests (a template naming an unknown one does not compile)."""
    autoescape = environment.autoescape
    finalize = environment.finalize
    return (
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
        environment.optimized,
        environment.is_async,
        environment.code_generator_class,
        getattr(autoescape, "__func__", autoescape),  # Flask's is a method of the app
        getattr(finalize, "__func__", finalize),
        tuple(sorted(environment.extensions)),
        tuple(sorted(environment.filters)),
        tuple(sorted(environment.tests)),
    )


class CompiledTemplates(BytecodeCache):
    """An in-memory :class:`~jinja2.BytecodeCache` holding code objects (nothing marshalled)."""

    def __init__(self) -> None:
        self.codes: dict[tuple[tuple[Any, ...], str], tuple[str, CodeType]] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        kept = self.codes.get((compiler_settings(bucket.environment), bucket.key))
        if kept is not None and kept[0] == bucket.checksum:
            bucket.code = kept[1]

    def dump_bytecode(self, bucket: Bucket) -> None:
        if bucket.code is not None:
            key = (compiler_settings(bucket.environment), bucket.key)
            self.codes[key] = (bucket.checksum, bucket.code)

    def clear(self) -> None:
        self.codes.clear()


COMPILED = CompiledTemplates()
"""The process's compiled templates (every site app uses it)."""
