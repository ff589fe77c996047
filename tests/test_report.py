"""``webenv report``: the offline HTML report, checked as text and clicked through in a
real Chromium."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from webenv.cli import main
from webenv.run import RunConfig, run
from webenv.run.outputs import SUMMARY_FILE
from webenv.run.report import report_data

TASKS = ("shop/order-total/0", "shop/add-address/0")


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("runs")
    oracle, random = root / "oracle", root / "random"
    run(RunConfig("oracle", TASKS, oracle, workers=0), progress=False)
    run(RunConfig("random", TASKS, random, workers=0, max_steps=4), progress=False)
    # Hostile page text must stay text in the report.
    lines = (random / "episodes.jsonl").read_text().splitlines()
    record = json.loads(lines[0])
    record["steps"][0]["observation"]["axtree"] += (
        "\n[999] StaticText '</script><img src=x onerror=alert(1)>'"
    )
    lines[0] = json.dumps(record)
    (random / "episodes.jsonl").write_text("\n".join(lines) + "\n")
    return oracle, random


def test_the_report_is_one_self_contained_file(runs):
    oracle, _ = runs
    result = CliRunner().invoke(main, ["report", str(oracle)])
    assert result.exit_code == 0, result.output
    page = (oracle / "report.html").read_text()
    assert '<script type="application/json" id="report-data">' in page
    # No external assets: nothing is fetched from anywhere.
    assert not re.search(r"""(src|href)\s*=\s*["'](?!data:)""", page)
    assert "http://shop.test/" in page  # observations are in it
    data = report_data([oracle])
    (first, second) = data["runs"][0]["episodes"]
    assert first["lenient"] and second["lenient"]
    click = next(s for s in second["steps"] if s["action"].startswith("click"))
    assert click["target"] == int(click["action"].split("[")[1].rstrip("]"))
    assert data["trees"][click["tree"]].count(f"[{click['target']}] ") >= 1


def test_bad_report_folders_are_one_line_errors(tmp_path):
    result = CliRunner().invoke(main, ["report", str(tmp_path)])
    assert result.exit_code == 1 and "no run.json here" in result.output
    result = CliRunner().invoke(main, ["report", str(tmp_path / "missing")])
    assert result.exit_code == 1 and "not a folder" in result.output


@pytest.mark.parametrize("summary", ["[" * 100_000, "9" * 5_000, "{oops"])
def test_an_unreadable_summary_is_a_one_line_error(runs, tmp_path, summary):
    folder = tmp_path / "run"
    shutil.copytree(runs[0], folder)
    (folder / SUMMARY_FILE).write_text(summary, "utf-8")
    result = CliRunner().invoke(main, ["report", str(folder)])
    assert result.exit_code == 1 and "summary.json: not JSON" in result.output


@pytest.mark.chromium
def test_a_browser_opens_the_report_and_a_trace(runs, tmp_path):
    from webenv.browser.chromium import chromium_executable, playwright_driver

    executable = chromium_executable()
    if executable is None:
        reason = "Chromium is not installed (apt-get install chromium or set WEBENV_CHROMIUM)"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(f"!!! SKIPPED: {reason}")
    oracle, random = runs
    out = tmp_path / "compare.html"
    result = CliRunner().invoke(main, ["report", str(oracle), str(random), "--out", str(out)])
    assert result.exit_code == 0, result.output
    args = ["--disable-gpu", "--no-first-run"] + (["--no-sandbox"] if os.geteuid() == 0 else [])
    browser = playwright_driver().chromium.launch(
        executable_path=executable, headless=True, args=args
    )
    problems: list[str] = []
    requests: list[str] = []
    try:
        page = browser.new_page()
        page.set_default_timeout(15_000)
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.on("dialog", lambda d: (problems.append("dialog: " + d.message), d.dismiss()))
        page.on("request", lambda r: requests.append(r.url))
        page.goto(out.as_uri())
        # The results table: the overall row, one column group per run.
        overall = page.locator("#results table").first.locator("tbody tr").first
        assert overall.locator("th").inner_text() == "all"
        cells = overall.locator("td").all_inner_texts()
        assert cells[1] == "2" and cells[2].startswith("100.0 %")  # the oracle run
        assert cells[4] == "2" and cells[5].startswith("0.0 %")  # the random run
        assert page.locator("#compare-section").is_visible()
        # Open the oracle's add-address trace and walk to a click.
        page.locator("tr.episode", has_text="shop/add-address/0#0").first.click()
        assert page.locator("#trace").is_visible()
        steps = page.locator("#steps li")
        assert steps.count() == 11
        texts = steps.all_inner_texts()
        index = next(i for i, text in enumerate(texts) if text.startswith("click ["))
        steps.nth(index).click()
        target = texts[index].split("[")[1].rstrip("]")
        highlighted = page.locator("pre.axtree .acted")
        assert highlighted.count() == 1
        assert highlighted.inner_text().strip().startswith(f"[{target}]")
        assert "passed" in page.locator("#verdicts").inner_text()
        # The hostile text in the random run is shown, not run.
        page.locator("tr.episode", has_text="shop/order-total/0#0").nth(1).click()
        assert "onerror=alert(1)" in page.locator("pre.axtree").inner_text()
        page.fill("#filter", "add-address")
        assert page.locator("tr.episode:visible").count() == 2
    finally:
        browser.close()
    assert problems == []
    assert all(url.startswith(("file:", "data:")) for url in requests), requests


@pytest.mark.chromium
def test_screenshots_the_chromium_backend_recorded_are_in_the_report(tmp_path):
    from webenv.browser.chromium import chromium_executable

    if chromium_executable() is None:
        if os.environ.get("CI"):
            pytest.fail("Chromium is not installed")
        pytest.skip("!!! SKIPPED: Chromium is not installed")
    out = tmp_path / "shots"
    config = RunConfig(
        "oracle", ("shop/order-total/0",), out, workers=0, backend="chromium", screenshots=True
    )
    (record,) = run(config, progress=False).records
    assert record["lenient"]
    names = [step["screenshot"] for step in record["steps"]]
    assert len(names) == len(record["steps"]) == len(set(names))
    assert (out / names[0]).read_bytes().startswith(b"\x89PNG")
    data = report_data([out])
    steps = data["runs"][0]["episodes"][0]["steps"]
    assert all(step["screenshot"].startswith("data:image/png;base64,") for step in steps)


def test_runs_with_the_same_folder_name_are_told_apart(runs, tmp_path):
    import shutil

    oracle, _ = runs
    for parent in ("a", "b"):
        shutil.copytree(oracle, tmp_path / parent / "out")
    data = report_data([tmp_path / "a" / "out", tmp_path / "b" / "out"])
    assert [run["name"] for run in data["runs"]] == [
        str(tmp_path / "a" / "out"),
        str(tmp_path / "b" / "out"),
    ]
