"""A run's folder: ``run.json`` (what was asked), ``episodes.jsonl`` (one line per
episode) and ``summary.json``."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from webenv.errors import JSON_ERRORS, OptionError
from webenv.files import json_text, read_file_bytes, read_file_text

RUN_FILE = "run.json"
EPISODES_FILE = "episodes.jsonl"
SUMMARY_FILE = "summary.json"


def _read_json(text: str | bytes) -> Any:
    """JSON read back from a run folder. ``NaN`` and ``Infinity`` (which ``json.dumps``
    writes for such floats but JSON cannot hold) are read as None, so what is passed on
    (the report's page data) is JSON a browser parses."""
    return json.loads(text, parse_constant=lambda _constant: None)


def read_records(directory: Path) -> list[dict[str, Any]]:
    """The episode records in ``directory/episodes.jsonl`` (none if it is missing).

    A line that is not a JSON object with a ``key`` (a write cut short by a crash) is
    skipped, so that episode is played again on ``--resume``. A later line for the same
    key replaces an earlier one. A record changed by hand is read in the shape the
    readers expect (:func:`_in_shape`); ``NaN`` and ``Infinity`` are read as None.
    """
    path = directory / EPISODES_FILE
    if not path.is_file():
        return []
    records: dict[str, dict[str, Any]] = {}
    for line in read_file_bytes(path).splitlines():
        try:
            record = _read_json(line)  # a line that is not UTF-8 is a ValueError too
        except JSON_ERRORS:
            continue
        if isinstance(record, dict) and isinstance(record.get("key"), str):
            records[record["key"]] = _in_shape(record)
    return list(records.values())


_FIELD_TYPES: dict[str, type | tuple[type, ...]] = {
    "steps": list,
    "eval_types": list,
    "prompt_tokens": int,
    "completion_tokens": int,
    "seconds": (int, float),
}
"""The type of each record field the summary and the report compute with."""


def _in_shape(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` without the fields of :data:`_FIELD_TYPES` that have another type (as if
    they were missing) and with only the steps that are JSON objects: a record changed by
    hand (``"steps": "x"``, ``"prompt_tokens": "many"``) is still summarized and shown."""
    shaped: dict[str, Any] = {
        key: value
        for key, value in record.items()
        if value is None or isinstance(value, _FIELD_TYPES.get(key, object))
    }
    steps = shaped.get("steps") or []
    shaped["steps"] = [step for step in steps if isinstance(step, dict)]
    return shaped


def read_run(directory: Path) -> dict[str, Any] | None:
    """``run.json``'s content, or None if the folder holds no run."""
    path = directory / RUN_FILE
    if not path.is_file():
        return None
    return _read_object(path, "a webenv run description")


def read_summary(path: Path) -> dict[str, Any]:
    """A run's ``summary.json`` (:data:`SUMMARY_FILE`)."""
    return _read_object(path, "a webenv run summary")


def _read_object(path: Path, what: str) -> dict[str, Any]:
    try:
        data = _read_json(read_file_text(path))
    except JSON_ERRORS as exc:
        raise OptionError(
            f"{path}: not JSON ({str(exc)[:200]}); is this a webenv run folder?"
        ) from None
    if not isinstance(data, dict):
        raise OptionError(f"{path}: not {what}")
    return data


def write_json(path: Path, data: Any) -> None:
    """Write ``data`` as indented JSON, atomically (a temporary file, then a rename)."""
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json_text(data, indent=2) + "\n", "utf-8")
    os.replace(temporary, path)


class EpisodeLog:
    """Appends each finished episode to ``episodes.jsonl`` at once (flushed), so a run
    that is killed keeps every episode it finished."""

    def __init__(self, directory: Path) -> None:
        self.path = directory / EPISODES_FILE
        self._file = self.path.open("a", encoding="utf-8")

    def append(self, record: dict[str, Any]) -> None:
        """Write one record as one line."""
        self._file.write(json_text(record) + "\n")
        self._file.flush()

    def close(self) -> None:
        """Close the file."""
        self._file.close()


def rewrite_records(directory: Path, records: Iterable[dict[str, Any]]) -> None:
    """Replace ``episodes.jsonl`` with ``records`` in the given order, atomically."""
    path = directory / EPISODES_FILE
    temporary = path.with_name(path.name + ".tmp")
    with temporary.open("w", encoding="utf-8") as out:
        for record in records:
            out.write(json_text(record) + "\n")
    os.replace(temporary, path)
