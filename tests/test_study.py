"""``webenv study``: perturbation study and recorded-trace study."""

from __future__ import annotations

import csv
import json

import pytest
from click.testing import CliRunner

from webenv.cli import main
from webenv.env import WebEnv
from webenv.tasks import select_tasks
from webenv.tools.study.statistics import (
    read_episodes,
    summarize_perturb,
    summarize_traces,
    wilson,
)
from webenv.tools.study.variants import (
    Variant,
    currency_variants,
    date_variants,
    list_variants,
    month_variants,
    number_variants,
    run_perturb,
    string_variants,
    url_variants,
)


def texts(variants: list[Variant], equivalent: bool) -> set[str]:
    return {v.text for v in variants if v.equivalent is equivalent}


def test_generators_produce_equivalent_and_wrong_variants():
    money = currency_variants("$44.99")
    assert {"44.99 USD", "44 dollars and 99 cents", "$44.990"} <= texts(money, True)
    assert {"$45.00", "$44.98", "$449.90", "$44"} <= texts(money, False)
    assert "$0.00" not in texts(currency_variants("0"), False)  # x10 of 0 is not wrong
    assert {"twelve", "12.0"} <= texts(number_variants("12"), True)
    assert {"13", "11", "120"} <= texts(number_variants("12"), False)
    dates = date_variants("2022-07-03")
    assert {"July 3, 2022", "07/03/2022", "Sunday, July 3, 2022"} <= texts(dates, True)
    assert {"July 4, 2022", "2022-03-07"} <= texts(dates, False)
    assert "2022-07-13" not in texts(date_variants("2022-07-13"), False)
    assert {"Dec 2023", "2023-12"} <= texts(month_variants("December 2023"), True)
    assert {"January 2024", "November 2023"} <= texts(month_variants("December 2023"), False)
    listed = list_variants(["A", "B", "C"], ["D"])
    assert {"C, B, A", "A, B and C", "- A\n- B\n- C"} <= texts(listed, True)
    assert {"A, B", "A, B, C, D", "A, B, D"} <= texts(listed, False)
    words = string_variants("Blue Mug", ["Red Mug", "Blue Mug"])
    assert {"not Blue Mug", "Red Mug", "Blue Mug or Red Mug"} <= texts(words, False)
    urls = url_variants("__SHOP__/search?q=wok&page=2")
    assert "http://shop.test/search?page=2&q=wok" in texts(urls, True)
    assert "http://forum.test/search?q=wok&page=2" in texts(urls, False)


def test_perturb_on_the_shop_tasks():
    rows = run_perturb(select_tasks("shop"))
    assert len(rows) > 300
    summary = summarize_perturb(rows)
    total = {r["mode"]: r for r in summary if r["validator"] == "all"}
    assert total["lenient"]["false_positives"] == 0
    assert total["lenient"]["fn_rate"] <= 0.02
    assert total["strict"]["false_negatives"] > total["lenient"]["false_negatives"]
    kinds = {r["answer_type"] for r in summary}
    assert {
        "currency",
        "number",
        "string",
        "list",
        "date",
        "month",
        "boolean",
        "infeasible",
        "url",
    } <= kinds


def test_perturb_on_generated_tasks_of_worlds_never_pinned():
    """Every family's answers on new worlds, perturbed: lenient judges each variant as its
    label says (the pool mixes answers of all families, so a name meets order numbers)."""
    from webenv.families.registry import families, generate

    tasks = [
        task
        for world in (777, 31337)
        for family_id in families()
        if (task := generate(family_id, world, 0)) is not None
    ]
    rows = run_perturb(tasks)
    assert len(rows) > 800
    wrong = [(r.task_id, r.template, r.text) for r in rows if r.lenient != r.equivalent]
    assert wrong == []


def test_perturb_cli_writes_table_csv_json_and_png(tmp_path):
    out = tmp_path / "perturb"
    result = CliRunner().invoke(main, ["study", "perturb", "--site", "shop", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("| validator | answer_type | mode |")
    with (out / "perturb.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert {r["mode"] for r in rows} == {"lenient", "strict"}
    data = json.loads((out / "perturb.json").read_text())
    assert data["summary"] and data["variants"]
    assert (out / "perturb.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    first = (out / "perturb.json").read_bytes()
    again = CliRunner().invoke(
        main, ["study", "perturb", "--site", "shop", "--out", str(out), "--no-chart"]
    )
    assert again.exit_code == 0 and (out / "perturb.json").read_bytes() == first


def test_wilson_interval():
    low, high = wilson(8, 10)
    assert 0.49 < low < 0.5 and 0.94 < high < 0.95
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == pytest.approx(1.0)


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    folder = tmp_path_factory.mktemp("episodes")
    env = WebEnv(tasks=["shop/order-total/0", "shop/order-status/1"], record_dir=str(folder))
    try:
        for task_id, answer in [
            ("shop/order-total/0", "50.94 dollars"),
            ("shop/order-total/0", "$50.94"),
            ("shop/order-total/0", "$50.49"),
            ("shop/order-status/1", "It has been shipped."),
        ]:
            env.reset(options={"task_id": task_id})
            env.step(f"stop [{answer}]")
        env.reset(options={"task_id": "shop/order-status/1"})  # left unfinished
    finally:
        env.close()
    return folder


def test_traces_summary_from_recorded_episodes(recorded):
    episodes = read_episodes(recorded)
    assert len(episodes) == 4
    assert all("answer" in e and "lenient" in e and "strict" in e for e in episodes)
    result = summarize_traces(episodes, None)
    assert result["lenient_passed"] == 3 and result["strict_passed"] == 1
    assert {d["answer"] for d in result["disagreements"]} == {
        "50.94 dollars",
        "It has been shipped.",
    }
    labels = {(e["task_id"], e["episode"]): e["answer"] != "$50.49" for e in episodes}
    quality = {m["mode"]: m for m in summarize_traces(episodes, labels)["modes"]}
    assert quality["lenient"]["precision"] == 1.0 and quality["lenient"]["recall"] == 1.0
    assert quality["strict"]["recall"] == pytest.approx(1 / 3, abs=1e-4)
    assert quality["strict"]["agreement"] == 0.5
    low, high = quality["strict"]["agreement_ci"]
    assert low < 0.5 < high


def test_traces_cli_with_labels(recorded, tmp_path):
    episodes = read_episodes(recorded)
    labels = tmp_path / "labels.csv"
    with labels.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["task_id", "episode", "correct"])
        for e in episodes:
            writer.writerow([e["task_id"], e["episode"], "0" if e["answer"] == "$50.49" else "1"])
    out = tmp_path / "traces"
    result = CliRunner().invoke(
        main, ["study", "traces", str(recorded), "--labels", str(labels), "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "2 disagreements" in result.output and "| mode | tp |" in result.output
    assert (out / "traces.png").exists() and (out / "traces.csv").exists()
    assert json.loads((out / "traces.json").read_text())["labelled"] == 4


def test_traces_cli_rejects_bad_labels(recorded, tmp_path):
    labels = tmp_path / "labels.csv"
    labels.write_text("task_id,episode,correct\nshop/x,1,maybe\n")
    result = CliRunner().invoke(
        main,
        [
            "study",
            "traces",
            str(recorded),
            "--labels",
            str(labels),
            "--out",
            str(tmp_path / "o"),
            "--no-chart",
        ],
    )
    assert result.exit_code != 0 and "maybe" in result.output


CORPUS_LINES = [
    {
        "spec": {"answer_type": "number", "reference_answers": {"exact_match": "6"}},
        "answer": "six",
        "expected": True,
        "class": "number-words",
    },
    {
        "spec": {"answer_type": "number", "reference_answers": {"exact_match": "6"}},
        "answer": "6 or 7",
        "expected": False,
        "class": "hedge",
    },
    {
        "spec": {"reference_answers": {"must_include": ["Blue Mug"]}},
        "answer": "Blue Mug or Red Mug",
        "expected": False,
        "class": "hedge",
    },
    {
        "spec": {"reference_answers": {"must_include": ["Blue Mug"]}},
        "answer": "blue mug",
        "expected": True,
        "class": "case",
    },
]


UNREADABLE_LINES = ("[" * 100_000 + "]" * 100_000, '{"spec": ' + "9" * 5_000 + "}", "{oops")
"""JSON lines the decoder refuses: too deep, a number past Python's digit limit, broken."""


def test_unreadable_trace_lines_are_skipped(tmp_path):
    (tmp_path / "episodes.jsonl").write_text("\n".join(UNREADABLE_LINES) + "\n", "utf-8")
    assert read_episodes(tmp_path) == []


@pytest.mark.parametrize("line", UNREADABLE_LINES, ids=["deep", "digits", "broken"])
def test_an_unreadable_corpus_line_is_a_one_line_error(tmp_path, line):
    corpus = tmp_path / "cases.jsonl"
    corpus.write_text(json.dumps(CORPUS_LINES[0]) + "\n" + line + "\n", "utf-8")
    result = CliRunner().invoke(main, ["study", "corpus", str(corpus)])
    assert result.exit_code == 1 and f"{corpus}:2: not JSON" in result.output


def test_study_corpus_prints_rates_per_class(tmp_path):
    corpus = tmp_path / "cases.jsonl"
    corpus.write_text("".join(json.dumps(c) + "\n" for c in CORPUS_LINES), "utf-8")
    result = CliRunner().invoke(
        main, ["study", "corpus", str(corpus), "--out", str(tmp_path / "out")]
    )
    assert result.exit_code == 0, result.output
    rows = {r["class"]: r for r in json.loads((tmp_path / "out" / "corpus.json").read_text())}
    assert rows["all"]["right"] == 2 and rows["all"]["wrong"] == 2
    assert rows["hedge"]["lenient_wrong_accepted"] == 0.0
    assert rows["hedge"]["strict_wrong_accepted"] == 0.5  # must_include is a substring test
    assert rows["number-words"]["lenient_right_accepted"] == 1.0
    assert rows["number-words"]["strict_right_accepted"] == 0.0
    assert "| hedge | 0 |" in result.output


@pytest.mark.parametrize("text", ["", "\n  \n"], ids=["empty", "blank"])
def test_an_empty_corpus_is_a_one_line_error(tmp_path, text):
    corpus = tmp_path / "cases.jsonl"
    corpus.write_text(text, "utf-8")
    result = CliRunner().invoke(
        main, ["study", "corpus", str(corpus), "--out", str(tmp_path / "out")]
    )
    assert result.exit_code == 1 and "the corpus has no cases" in result.output
    assert not isinstance(result.exception, IndexError)


def test_study_corpus_reports_bad_lines(tmp_path):
    corpus = tmp_path / "cases.jsonl"
    corpus.write_text('{"answer": "x"}\n', "utf-8")
    result = CliRunner().invoke(main, ["study", "corpus", str(corpus)])
    assert result.exit_code != 0 and "cases.jsonl:1" in result.output
