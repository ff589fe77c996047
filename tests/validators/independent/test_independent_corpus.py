"""Shape of the independent answer corpus (never runs the validators)."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ANSWER_TYPES = {"string", "number", "currency", "date", "month", "duration", "list", "boolean",
                "url", "infeasible", "distance"}


def _corpus():
    spec = importlib.util.spec_from_file_location("independent_corpus", HERE / "__init__.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def cases() -> list[dict]:
    return _corpus().load_cases()


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


def test_loader_rejects_a_malformed_line(tmp_path, monkeypatch):
    corpus = _corpus()
    (tmp_path / "generated.jsonl").write_text('{"id": "x", "answer": "1"}\n')
    (tmp_path / "hand.jsonl").write_text("")
    monkeypatch.setattr(corpus, "HERE", tmp_path)
    with pytest.raises(ValueError, match="generated.jsonl:1"):
        corpus.load_cases()
