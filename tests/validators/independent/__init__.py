"""Independent labelled answer corpus for ``check_answer`` (see README.md here).

The cases were written from the answer-checking contract and the task references
only; this module reads the data and never imports the validators.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA_FILES = ("generated.jsonl", "hand.jsonl")
FIELDS = ("id", "spec", "answer", "expected", "class", "note", "source")


def load_cases() -> list[dict]:
    """Load every labelled case of the corpus.

    Returns:
        One dict per case with the keys ``id``, ``spec`` (the ``eval`` object the
        answer is judged against), ``answer``, ``expected`` (whether a careful human
        grader accepts the answer in lenient mode), ``class`` (the phenomenon),
        ``note`` and ``source`` (the reference it builds on), in file order.

    Raises:
        ValueError: a line is not a JSON object with exactly these fields, or an id
            repeats.
    """
    cases: list[dict] = []
    seen: set[str] = set()
    for name in DATA_FILES:
        with open(HERE / name, encoding="utf-8") as fh:
            for lineno, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                try:
                    case = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise ValueError(f"{name}:{lineno}: not JSON ({exc.msg})") from None
                if not isinstance(case, dict) or set(case) != set(FIELDS):
                    raise ValueError(f"{name}:{lineno}: a case needs exactly the fields {FIELDS}")
                if not isinstance(case["expected"], bool) or not isinstance(case["answer"], str):
                    raise ValueError(f"{name}:{lineno}: expected must be a bool, answer a string")
                if case["id"] in seen:
                    raise ValueError(f"{name}:{lineno}: duplicate id {case['id']!r}")
                seen.add(case["id"])
                cases.append(case)
    return cases
