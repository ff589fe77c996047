"""``webenv report``: one static HTML file per run (or comparison of runs).

The file carries its data (the runs' summaries and episodes, each distinct AX tree once)
as JSON and its script and style inline: no external asset, no server, so it opens
offline by double-click. Screenshots the Chromium backend recorded are embedded as
``data:`` URLs.
"""

from __future__ import annotations

import base64
import html
import json
from importlib import resources
from pathlib import Path
from typing import Any

from webenv.actions import ActionError, parse_action
from webenv.errors import OptionError
from webenv.files import read_file_bytes
from webenv.run.outputs import SUMMARY_FILE, read_records, read_run, read_summary
from webenv.run.summary import GROUPINGS, summarize

REPORT_FILE = "report.html"


def _target(action: str) -> int | None:
    """The element id an action acts on (None for page-level actions or bad ones)."""
    try:
        parsed = parse_action(action)
    except ActionError:
        return None
    return parsed.target if isinstance(parsed.target, int) else None


def _screenshot(directory: Path, picture: object) -> str | None:
    """A step's screenshot as a ``data:`` URL: only a regular file inside the run folder
    (a record naming ``/etc/passwd`` or ``../x`` is not read into the page)."""
    if not isinstance(picture, str) or not picture:
        return None
    try:
        path = (directory / picture).resolve()
        if not path.is_relative_to(directory.resolve()):
            return None
        encoded = base64.b64encode(read_file_bytes(path)).decode()
    except (OSError, ValueError):  # missing, not a regular file, or a NUL in the name
        return None
    return f"data:image/png;base64,{encoded}"


def _load_run(directory: Path, trees: dict[str, int], tree_list: list[str]) -> dict[str, Any]:
    config = read_run(directory)
    if config is None:
        raise OptionError(f"{directory}: no run.json here; is it a `webenv run --out` folder?")
    records = read_records(directory)
    summary_path = directory / SUMMARY_FILE
    summary = read_summary(summary_path) if summary_path.is_file() else summarize(records)
    episodes = []
    for record in records:
        steps = []
        for step in record["steps"]:
            observation = step.get("observation")
            if not isinstance(observation, dict):
                observation = {}
            tree = str(observation.get("axtree", ""))
            if tree not in trees:
                trees[tree] = len(tree_list)
                tree_list.append(tree)
            shown = {
                key: step.get(key)
                for key in (
                    "index",
                    "action",
                    "error",
                    "reward",
                    "agent_seconds",
                    "env_seconds",
                    "prompt_tokens",
                    "completion_tokens",
                    "latency",
                    "attempts",
                    "reply",
                    "note",
                )
            }
            shown["url"] = observation.get("url", "")
            shown["tabs"] = observation.get("tabs", "")
            shown["seen_error"] = observation.get("last_action_error", "")
            shown["tree"] = trees[tree]
            shown["target"] = _target(str(step.get("action", "")))
            picture = _screenshot(directory, step.get("screenshot"))
            if picture is not None:
                shown["screenshot"] = picture
            steps.append(shown)
        episodes.append({**{k: v for k, v in record.items() if k != "steps"}, "steps": steps})
    return {
        "name": directory.name or str(directory),
        "path": str(directory),
        "config": config,
        "summary": summary,
        "episodes": episodes,
    }


def report_data(directories: list[Path]) -> dict[str, Any]:
    """The JSON the report page renders: every run, and the distinct AX trees."""
    trees: dict[str, int] = {}
    tree_list: list[str] = []
    runs = [_load_run(Path(d), trees, tree_list) for d in directories]
    names = [run["name"] for run in runs]
    if len(set(names)) < len(names):  # runs/a/out vs runs/b/out: tell them apart by path
        for run in runs:
            run["name"] = run["path"]
    return {"runs": runs, "trees": tree_list, "groupings": list(GROUPINGS)}


def render_report(directories: list[Path]) -> str:
    """The report's HTML for one run or several (compared side by side)."""
    data = report_data(directories)
    package = resources.files("webenv.run")
    template = (package / "report.html").read_text("utf-8")
    # JSON inside <script>: "</" would end the element and "<!--" can hide its end tag;
    # no "<" at all (\u003c is the same JSON string).
    payload = json.dumps(data, ensure_ascii=False, allow_nan=False).replace("<", "\\u003c")
    title = "webenv report: " + " vs ".join(run["name"] for run in data["runs"])
    return (
        template.replace("{{title}}", html.escape(title))
        .replace("{{style}}", (package / "report.css").read_text("utf-8"))
        .replace("{{script}}", (package / "report.js").read_text("utf-8"))
        .replace("{{data}}", payload)
    )


def write_report(directories: list[Path], out: Path | None = None) -> Path:
    """Write the report; by default to ``report.html`` in the first run folder.

    Raises:
        OptionError: a folder that is not a run folder, no folder, or the report cannot
            be written.
    """
    if not directories:
        raise OptionError("name at least one run folder")
    for directory in directories:
        if not Path(directory).is_dir():
            raise OptionError(f"{directory}: not a folder")
    path = out if out is not None else Path(directories[0]) / REPORT_FILE
    page = render_report(directories)
    try:
        path.write_text(page, "utf-8")
    except OSError as exc:  # a full disk, a folder that cannot be written to
        raise OptionError(f"{path}: cannot write the report: {exc.strerror}") from None
    return path
