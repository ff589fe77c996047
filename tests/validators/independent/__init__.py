"""Independent labelled answer corpus for ``check_answer`` (see README.md here).

The cases were written from the answer-checking contract and the task references
only; this package builds them (``build.py`` from WebArena's published configs and our
task files, ``hand.py`` by hand) and never imports the validators.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

from .build import DEFAULT_WHEEL, build, read_webarena

FIELDS = ("id", "spec", "answer", "expected", "class", "note", "source")
OPTIONAL = ("intent",)
"""The task's question, where the case comes from a task (the env judges with it)."""


def webarena_wheel() -> Path:
    """The webarena-verified wheel (``make webarena``), or ``$WEBENV_WEBARENA_WHEEL``."""
    return Path(os.environ.get("WEBENV_WEBARENA_WHEEL") or DEFAULT_WHEEL)


@functools.cache
def _cases(wheel: Path) -> tuple[dict, ...]:
    generated, hand = build(read_webarena(wheel))
    cases: list[dict] = []
    seen: set[str] = set()
    for case in (*generated, *hand):
        if not set(FIELDS) <= set(case) <= {*FIELDS, *OPTIONAL}:
            raise ValueError(
                f"case {case.get('id')!r}: needs the fields {FIELDS} and may have {OPTIONAL}"
            )
        if not isinstance(case["expected"], bool) or not isinstance(case["answer"], str):
            raise ValueError(f"case {case['id']!r}: expected must be a bool, answer a string")
        if case["id"] in seen:
            raise ValueError(f"duplicate case id {case['id']!r}")
        seen.add(case["id"])
        cases.append(case)
    return tuple(cases)


def load_cases(wheel: Path | None = None) -> list[dict]:
    """Every labelled case of the corpus, built from WebArena's configs and our tasks.

    Args:
        wheel: WebArena-Verified's wheel or a ``test.raw.json``; default
            :func:`webarena_wheel`.

    Returns:
        One dict per case with the keys ``id``, ``spec`` (the ``eval`` object the
        answer is judged against), ``answer``, ``expected`` (whether a careful human
        grader accepts the answer in lenient mode), ``class`` (the phenomenon),
        ``note`` and ``source`` (the reference it builds on).

    Raises:
        FileNotFoundError: the WebArena configs are not there (run ``make webarena``).
        ValueError: a malformed case or a repeated id.
    """
    path = wheel or webarena_wheel()
    if not path.is_file():
        raise FileNotFoundError(
            f"{path}: WebArena's configs are missing; run `make webarena` "
            "(or set WEBENV_WEBARENA_WHEEL)"
        )
    return [dict(case) for case in _cases(path)]
