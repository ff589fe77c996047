"""Backend parity: sampled pages of every bundled site read the same in both backends."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from tests.chromium import require_chromium
from webenv.cli import main
from webenv.tools.parity import available_sites, compare_lines, compare_pages, default_user

pytestmark = pytest.mark.chromium


def test_compare_lines_counts_identical_lines_in_order():
    lines, same, diff = compare_lines(["a", "b", "c"], ["a", "x", "c", "d"])
    assert (lines, same) == (4, 2)
    assert "-b" in diff and "+x" in diff and "+d" in diff


def test_default_user_comes_from_the_bundled_tasks():
    assert default_user("shop") == "emma.lopez"
    assert default_user("shop_admin") == "admin"  # the back office's staff user
    assert available_sites()[:2] == ["shop", "shop_admin"]


@pytest.mark.parametrize("site", available_sites())
def test_sampled_pages_are_at_least_98_percent_identical(site):
    require_chromium("the parity tests")
    result = compare_pages(site, pages=6)
    assert len(result.pages) >= 3
    assert result.percent >= 98.0, "\n".join(
        line for page in result.pages for line in [page.url, *page.diff[:20]]
    )


@pytest.mark.parametrize("site", ["forum", "githost"])
def test_sixty_sampled_pages_are_identical(site):
    """Sixty pages reach a message (reading it marks it read: the sampling pass must not
    run on a compared world) and the access-token form's date field (a textbox in both)."""
    require_chromium("the parity tests")
    result = compare_pages(site, pages=60)
    assert result.percent == 100.0, "\n".join(
        line for page in result.pages for line in [page.url, *page.diff[:20]] if page.diff
    )


def test_parity_command_reports_json():
    require_chromium("the parity tests")
    result = CliRunner().invoke(main, ["parity", "--pages", "2", "--site", "shop", "--json"])
    assert result.exit_code == 0, result.output
    (report,) = json.loads(result.output)
    assert report["site"] == "shop" and report["percent"] >= 98.0
    assert {"url", "lines", "identical", "diff"} <= set(report["pages"][0])
