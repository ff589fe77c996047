"""Importing WebArena-format task configs (samples written for these tests)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from webenv.cli import main
from webenv.tasks import load_task_file
from webenv.tools.webarena import (
    Untranslatable,
    convert_config,
    infer_answer_type,
    translate_locator,
)
from webenv.validators import EvalContext, check_answer, check_program_html, check_url


def raw(task_id: int, sites: list[str], eval_: dict, **extra) -> dict:
    """A task object shaped like WebArena's config entries."""
    site = sites[0]
    placeholder = {
        "shopping": "__SHOPPING__",
        "reddit": "__REDDIT__",
        "gitlab": "__GITLAB__",
        "map": "__MAP__",
        "shopping_admin": "__SHOPPING_ADMIN__",
        "wikipedia": "__WIKIPEDIA__",
    }.get(site, "__SHOPPING__")
    base = {
        "sites": sites,
        "task_id": task_id,
        "require_login": True,
        "storage_state": f"./.auth/{site}_state.json",
        "start_url": placeholder,
        "geolocation": None,
        "intent_template": "Tell me about {{thing}}",
        "instantiation_dict": {"thing": "the order"},
        "intent": "Tell me about the order",
        "require_reset": False,
        "intent_template_id": 7,
        "eval": {
            "eval_types": ["string_match"],
            "reference_answers": None,
            "reference_url": "",
            "program_html": [],
            "string_note": "",
            "reference_answer_raw_annotation": "",
            **eval_,
        },
    }
    base.update(extra)
    return base


SAMPLE = [
    raw(0, ["shopping"], {"reference_answers": {"exact_match": "Quest Lumaflex™ Band"}}),
    raw(
        1,
        ["shopping"],
        {"reference_answers": {"must_include": ["Impulse Duffle", "Overnight Duffle"]}},
    ),
    raw(
        2,
        ["shopping"],
        {"reference_answers": {"fuzzy_match": "N/A"}, "string_note": "the product does not exist"},
    ),
    raw(3, ["shopping"], {"reference_answers": {"exact_match": "0"}}),
    raw(4, ["shopping"], {"reference_answers": {"must_include": ["Pittsburgh |OR| PGH"]}}),
    raw(
        5,
        ["reddit"],
        {
            "eval_types": ["url_match", "program_html"],
            "reference_url": "__REDDIT__/f/books |OR| __REDDIT__/f/Books",
            "url_note": "GOLD in PRED",
            "program_html": [
                {
                    "url": "func:reddit_get_post_url('__last_url__')",
                    "locator": "document.querySelector('.submission__inner').outerText",
                    "required_contents": {"must_include": ["machine learning"]},
                }
            ],
        },
    ),
    raw(
        6,
        ["reddit"],
        {
            "eval_types": ["url_match", "program_html"],
            "reference_url": "__REDDIT__/f/books/59421/friendly-reminder",
            "url_note": "GOLD in PRED",
            "program_html": [
                {
                    "url": "last",
                    "locator": "document.querySelector('.comment__body').outerText",
                    "required_contents": {"exact_match": "I am a big fan"},
                }
            ],
        },
    ),
    raw(
        7,
        ["gitlab"],
        {
            "eval_types": ["program_html"],
            "program_html": [
                {
                    "url": "__GITLAB__/byteblaze/dotfiles/-/project_members",
                    "locator": "",
                    "required_contents": {"must_include": ["Abishek | Developer"]},
                }
            ],
        },
    ),
    raw(
        8,
        ["gitlab"],
        {
            "eval_types": ["program_html"],
            "program_html": [
                {
                    "url": "__GITLAB__/byteblaze/a11y-syntax-highlighting/-/issues",
                    "locator": 'document.querySelectorAll("li.issue .title")[1].innerText',
                    "required_contents": {"exact_match": "Dark theme"},
                }
            ],
        },
    ),
    raw(
        9,
        ["gitlab"],
        {
            "eval_types": ["program_html"],
            "program_html": [
                {
                    "url": "func:gitlab_get_project_memeber_role(__page__, 'byteblaze')",
                    "locator": "",
                    "required_contents": {"must_include": ["Developer"]},
                }
            ],
        },
    ),
    raw(
        10,
        ["gitlab"],
        {
            "eval_types": ["program_html"],
            "program_html": [
                {
                    "url": "last",
                    "locator": "[...document.querySelectorAll('.badge')].map(e => e.outerText).join(',')",
                    "required_contents": {"must_include": ["bug"]},
                }
            ],
        },
    ),
    raw(
        11,
        ["shopping"],
        {
            "eval_types": ["url_match", "program_html"],
            "reference_url": "__SHOPPING__/contact/",
            "url_note": "EXACT",
            "program_html": [
                {
                    "url": "last",
                    "locator": "document.querySelector('[title=\"What’s on your mind?\"').value",
                    "required_contents": {"must_include": ["refund"]},
                }
            ],
        },
    ),
    raw(12, ["map"], {"reference_answers": {"exact_match": "Pittsburgh"}}),
    raw(13, ["shopping_admin"], {"reference_answers": {"exact_match": "Sprite"}}),
    raw(14, ["wikipedia", "map"], {"reference_answers": {"exact_match": "1857"}}),
    raw(
        15,
        ["gitlab", "reddit"],
        {"eval_types": ["url_match"], "reference_url": "__REDDIT__/f/gitlab"},
        start_url="__GITLAB__/byteblaze |AND| __REDDIT__",
    ),
    raw(
        16,
        ["shopping"],
        {"eval_types": ["url_match"], "reference_url": "__WIKIPEDIA__/wiki/Pittsburgh"},
    ),
    raw(
        17,
        ["reddit"],
        {
            "eval_types": ["program_html"],
            "program_html": [
                {
                    "url": "__REDDIT__/user/MarvelsGrantMan136",
                    "locator": "document.getElementById('bio').textContent",
                    "required_contents": {"must_include": ["Pro Python Developer"]},
                }
            ],
        },
    ),
    raw(
        18,
        ["shopping"],
        {"reference_answers": {"exact_match": "yes"}},
        intent="Something else entirely",
    ),
    "not a task",
    raw(19, ["shopping"], {"eval_types": ["fancy_match"]}),
]


@pytest.fixture(scope="module")
def report():
    return convert_config(SAMPLE)


def by_tag(report, webarena_id: int) -> dict:
    tag = f"webarena-id-{webarena_id}"
    return next(t for t in report.tasks if tag in t["tags"])


def skipped(report) -> dict[str, str]:
    return dict(report.skipped)


def test_sites_and_placeholders_are_mapped(report):
    task = by_tag(report, 0)
    assert task["task_id"] == "shop/webarena-0" and task["sites"] == ["shop"]
    assert task["start_url"] == "__SHOP__" and task["login"] == {"shop": "emma.lopez"}
    assert by_tag(report, 5)["eval"]["reference_url"] == "__FORUM__/f/books |OR| __FORUM__/f/Books"
    assert (
        by_tag(report, 7)["eval"]["program_html"][0]["url"]
        == "__GIT__/byteblaze/dotfiles/-/project_members"
    )
    cross = by_tag(report, 15)
    assert cross["task_id"].startswith("cross/") and cross["sites"] == ["forum", "githost"]
    assert cross["start_url"] == "__GIT__/byteblaze"


def test_reference_answers_and_notes_are_kept(report):
    task = by_tag(report, 1)["eval"]
    assert task["answer_type"] == "list"
    assert task["reference_answers"] == {"must_include": ["Impulse Duffle", "Overnight Duffle"]}
    na = by_tag(report, 2)["eval"]
    assert na["answer_type"] == "infeasible" and na["string_note"] == "the product does not exist"
    assert by_tag(report, 3)["eval"]["answer_type"] == "number"
    assert by_tag(report, 6)["eval"]["url_note"] == "GOLD in PRED"


def test_locators_are_translated_to_css(report):
    entry = by_tag(report, 6)["eval"]["program_html"][0]
    assert entry == {
        "url": "last",
        "locator": "css:.comment__body",
        "nth": 0,
        "required_contents": {"exact_match": "I am a big fan"},
    }
    assert by_tag(report, 8)["eval"]["program_html"][0]["locator"] == "css:li.issue .title"
    assert by_tag(report, 8)["eval"]["program_html"][0]["nth"] == 1
    assert by_tag(report, 17)["eval"]["program_html"][0]["locator"] == "css:#bio"
    assert by_tag(report, 7)["eval"]["program_html"][0]["locator"] == ""


def test_post_url_helper_is_approximated_with_a_warning(report):
    assert by_tag(report, 5)["eval"]["program_html"][0]["url"] == "last"
    assert any(i == "5" and "approximated" in note for i, note in report.warnings)
    assert any(i == "15" and "start tabs" in note for i, note in report.warnings)


def test_untranslatable_and_unknown_sites_are_reported_not_crashed_on(report):
    reasons = skipped(report)
    assert reasons["9"].startswith("untranslatable program_html url")
    assert reasons["10"].startswith("untranslatable program_html locator")
    assert reasons["11"].startswith("untranslatable program_html locator")  # broken CSS
    assert reasons["12"] == "site not shipped: map"
    assert reasons["13"] == "site not shipped: shopping_admin"
    assert reasons["14"] == "site not shipped: map, wikipedia"
    assert reasons["16"].startswith("site not shipped: reference_url uses __WIKIPEDIA__")
    assert reasons["19"].startswith("unsupported eval_types")
    assert any(reason.startswith("malformed task") for reason in reasons.values())
    assert report.reasons()["site not shipped"] == 4


def test_intent_that_does_not_match_its_template_keeps_the_intent(report):
    task = by_tag(report, 18)
    assert task["intent"] == "Something else entirely" and "intent_template" not in task
    assert task["eval"]["answer_type"] == "boolean"


def test_written_files_load_with_our_loader(tmp_path):
    sample = tmp_path / "test.raw.json"
    sample.write_text(json.dumps(SAMPLE), "utf-8")
    result = CliRunner().invoke(
        main,
        ["tasks", "import", "--format", "webarena", str(sample), "--out", str(tmp_path / "out")],
    )
    assert result.exit_code == 0, result.output
    assert "21 tasks read" in result.output
    assert "12 converted, 9 skipped" in result.output
    assert "site not shipped" in result.output and "unsolvable" in result.output
    assert "answer types inferred: " in result.output and "infeasible 1" in result.output
    loaded = [t for f in sorted((tmp_path / "out").glob("*.json")) for t in load_task_file(f)]
    assert len(loaded) == 12
    assert all(not t.solution for t in loaded)


def test_imported_checks_run_in_both_modes(report):
    spec = by_tag(report, 0)["eval"]
    assert check_answer("Quest Lumaflex Band", spec, mode="lenient").passed
    assert not check_answer("Quest Lumaflex Band", spec, mode="strict").passed
    url_spec = by_tag(report, 5)["eval"]
    assert check_url("http://forum.test/f/books/12/new-post", url_spec, mode="strict").passed
    page = (
        "<html><body><div class='comment__body'>I am a big fan</div>"
        "<div class='comment__body'>Another comment</div></body></html>"
    )
    context = EvalContext(fetch_page=lambda url: page)
    html_spec = by_tag(report, 6)["eval"]
    for mode in ("lenient", "strict"):
        assert check_program_html(html_spec, context, mode=mode).passed


def test_cli_reports_unreadable_files(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{nope", "utf-8")
    result = CliRunner().invoke(main, ["tasks", "import", str(bad), "--out", str(tmp_path)])
    assert result.exit_code != 0 and "cannot read a JSON config" in result.output


@pytest.mark.parametrize(
    ("locator", "expected"),
    [
        ('document.querySelector("#sidebar > .title").innerText', ("css:#sidebar > .title", 0)),
        ("document.querySelector('.x')", ("css:.x", 0)),
        ("document.body.innerText", ("", None)),
        ("  ", ("", None)),
        ("css:.already", ("css:.already", None)),
        ("document.getElementsByClassName('a b')[2].outerText", ("css:.a.b", 2)),
    ],
)
def test_translate_locator(locator, expected):
    assert translate_locator(locator) == expected


@pytest.mark.parametrize(
    "locator",
    [
        "document.querySelector('.x').getAttribute('href')",
        "document.querySelector('.x').outerHTML",
        "func:get_query_text(__page__, '.x')",
        "document.querySelector('[a=').value",
    ],
)
def test_untranslatable_locators(locator):
    with pytest.raises(Untranslatable):
        translate_locator(locator)


@pytest.mark.parametrize(
    ("refs", "kind"),
    [
        ({"exact_match": "12"}, "number"),
        ({"exact_match": "$3.50"}, "currency"),
        ({"exact_match": "2023-01-05"}, "date"),
        ({"exact_match": "No"}, "boolean"),
        ({"fuzzy_match": ["N/A"]}, "infeasible"),
        ({"must_include": ["12"]}, "number"),
        ({"exact_match": "1 |OR| 2"}, "number"),
        ({"exact_match": "1 |OR| one"}, "string"),
        ({"exact_match": "Blue |OR| 2"}, "string"),
        (None, "string"),
        ({"must_include": ["Yes"]}, "boolean"),
        ({"fuzzy_match": ["7 min"]}, "duration"),
        ({"fuzzy_match": ["Time: 3h 30min"]}, "duration"),
        ({"must_include": ["2.0km"]}, "distance"),
        ({"fuzzy_match": ["457 miles"]}, "distance"),
        ({"fuzzy_match": ["May 23 2023"]}, "date"),
        ({"fuzzy_match": ["3/2/22"]}, "date"),
        ({"must_include": ["A", "B"]}, "list"),
        ({"exact_match": ["A", "B"]}, "list"),
        ({"fuzzy_match": ["a: 2min", "b: 3min"]}, "string"),
        ({"must_include": ["A"], "fuzzy_match": ["3 min"]}, "string"),
        ({"must_include": ["4125785000"]}, "string"),
        ({"exact_match": "Quest Band"}, "string"),
    ],
)
def test_infer_answer_type_from_references(refs, kind):
    assert infer_answer_type(refs) == kind


@pytest.mark.parametrize(
    ("value", "intent", "kind"),
    [
        ("36.39", "Tell me the grand total of invoice 000000001.", "currency"),
        ("182.4", "Get the total payment amount of the last 2 completed orders", "currency"),
        ("0", "How much I spent on food shopping in Jan 2023", "currency"),
        ("9", "What's the total number of items sold in the most recent 2 orders?", "number"),
        ("5", "What is the total count of Pending reviews?", "number"),
        ("351", "How many reviews our shop received by far?", "number"),
        ("15213", "What is the zip code of Carnegie Mellon?", "string"),
        ("170", "What is the order number of my latest order?", "string"),
        ("4125785000", "What is the phone number of the airport authority?", "string"),
    ],
)
def test_infer_answer_type_reads_the_intent(value, intent, kind):
    assert infer_answer_type({"must_include": [value]}, intent) == kind
