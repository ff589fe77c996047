"""Shape of the independent answer corpus (never runs the validators)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from tests.validators import independent as corpus
from tests.validators.independent import load_cases

pytestmark = pytest.mark.slow  # building the corpus in memory takes seconds

HERE = Path(__file__).resolve().parent
ANSWER_TYPES = {
    "string",
    "number",
    "currency",
    "date",
    "month",
    "duration",
    "list",
    "boolean",
    "url",
    "infeasible",
    "distance",
}


@pytest.fixture(scope="module")
def cases(webarena_tasks: list[dict]) -> list[dict]:
    return load_cases()


def test_size_and_balance(cases):
    right = sum(c["expected"] for c in cases)
    assert len(cases) >= 2000
    assert 0.35 <= right / len(cases) <= 0.65


def test_every_answer_type_and_eval_path_has_right_and_wrong_cases(cases):
    seen = Counter((c["spec"].get("answer_type"), c["expected"]) for c in cases)
    for atype in ANSWER_TYPES | {None}:
        assert seen[(atype, True)] and seen[(atype, False)], atype
    paths = Counter((p, c["expected"]) for c in cases for p in c["spec"]["reference_answers"])
    for path in ("exact_match", "must_include", "fuzzy_match"):
        assert paths[(path, True)] and paths[(path, False)], path


def test_cases_are_well_formed(cases):
    for c in cases:
        assert c["spec"]["eval_types"] == ["string_match"], c["id"]
        assert c["spec"].get("answer_type") in ANSWER_TYPES | {None}, c["id"]
        assert c["class"] and c["note"], c["id"]
        kind = c["source"].split(":", 1)[0]
        assert kind in {"webarena", "webenv", "contract"}, c["id"]


def test_no_answer_is_labelled_both_ways(cases):
    labels: dict[tuple[str, str], bool] = {}
    for c in cases:
        key = (json.dumps(c["spec"], sort_keys=True), c["answer"])
        assert labels.setdefault(key, c["expected"]) == c["expected"], c["id"]


@pytest.mark.parametrize(
    "bad",
    [
        {"id": "x", "answer": "1"},  # fields missing
        {
            "id": "x",
            "spec": {},
            "answer": 1,
            "expected": True,
            "class": "c",
            "note": "n",
            "source": "contract:x",
        },  # answer not a string
    ],
)
def test_loader_rejects_a_malformed_case(monkeypatch, tmp_path, bad):
    monkeypatch.setattr(corpus, "build", lambda data: ([bad], []))
    monkeypatch.setattr(corpus, "read_webarena", lambda path: [])
    wheel = tmp_path / "w.whl"
    wheel.write_bytes(b"")
    with pytest.raises(ValueError, match="case 'x'"):
        corpus.load_cases(wheel)
