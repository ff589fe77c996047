"""Importing task configs written in WebArena's format.

WebArena's config file is a JSON list of task objects (``sites``, ``task_id``,
``start_url``, ``intent``, ``eval`` with ``eval_types``, ``reference_answers``,
``reference_url``, ``url_note``, ``program_html``, ``string_note`` ...). This module turns
each one into a webenv task object that :func:`webenv.tasks.parse_task` accepts:

- site names and URL placeholders are mapped to ours (``shopping`` -> ``shop``,
  ``__SHOPPING__`` -> ``__SHOP__``, ``reddit``/``__REDDIT__`` -> ``forum``/``__FORUM__``,
  ``gitlab``/``__GITLAB__`` -> ``githost``/``__GIT__``); tasks on sites we do not ship
  (``shopping_admin``, ``map``, ``wikipedia``, anything unknown) are skipped with a reason;
- ``program_html`` locators written as JavaScript (``document.querySelector("…").outerText``
  and similar) are translated to ``css:`` or ``xpath:`` locators where that keeps their
  meaning; the rest are reported and the task skipped;
- an ``answer_type`` is inferred from the reference answers and the intent
  (:func:`webenv.validators.infer.infer_answer_type`: money, counts, yes/no, dates,
  durations, distances, N/A, lists; ``string`` otherwise).

Imported tasks have no ``solution`` and refer to WebArena's data (products, posts,
projects) that our generated sites do not contain: they load and validate, but are not
solvable on our data.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click
from cssselect import GenericTranslator, SelectorError

from webenv.clipaths import PathArgument
from webenv.errors import JSON_ERRORS
from webenv.files import read_file_text
from webenv.sites import SITES
from webenv.tasks import TaskError, parse_task
from webenv.validators.infer import infer_answer_type

SITE_MAP = {"shopping": "shop", "reddit": "forum", "gitlab": "githost"}
"""WebArena site name -> ours."""

PLACEHOLDER_MAP = {
    f"__{theirs.upper()}__": SITES[ours].placeholder for theirs, ours in SITE_MAP.items()
}
"""WebArena URL placeholder -> ours."""

DEFAULT_LOGIN = {"shop": SITES["shop"].task_user}
"""Who is logged in on our sites for an imported task that requires login."""

_KNOWN_WEBARENA_SITES = ("shopping", "shopping_admin", "reddit", "gitlab", "map", "wikipedia")
_PLACEHOLDER = re.compile(r"__[A-Z_]+?__")
_JS_STRING = r"""(?P<q>["'`])(?P<sel>(?:\\.|(?!(?P=q)).)*)(?P=q)"""
_PROPERTY = r"(?:\.(?P<prop>outerText|innerText|textContent|value|innerHTML|outerHTML))?"
_QUERY_ONE = re.compile(
    r"^document\.querySelector\(\s*" + _JS_STRING + r"\s*\)" + _PROPERTY + r"\s*;?$"
)
_QUERY_NTH = re.compile(
    r"^document\.querySelectorAll\(\s*"
    + _JS_STRING
    + r"\s*\)\s*\[\s*(?P<n>\d+)\s*\]"
    + _PROPERTY
    + r"\s*;?$"
)
_BY_ID = re.compile(
    r"^document\.getElementById\(\s*" + _JS_STRING + r"\s*\)" + _PROPERTY + r"\s*;?$"
)
_BY_CLASS = re.compile(
    r"^document\.getElementsByClassName\(\s*"
    + _JS_STRING
    + r"\s*\)\s*\[\s*(?P<n>\d+)\s*\]"
    + _PROPERTY
    + r"\s*;?$"
)
_BODY = re.compile(r"^document\.body" + _PROPERTY + r"\s*;?$")
_POST_URL = re.compile(r"^func:reddit_get_post_url\(\s*['\"]__last_url__['\"]\s*\)$")
_HTML_PROPS = ("innerHTML", "outerHTML")


class Untranslatable(ValueError):
    """A WebArena construct that has no faithful webenv equivalent."""


@dataclass
class ImportReport:
    """The outcome of converting a WebArena config.

    Attributes:
        tasks: Converted task objects (each accepted by :func:`webenv.tasks.parse_task`).
        skipped: ``(webarena task id, reason)`` for every task not converted.
        warnings: ``(webarena task id, note)`` for approximations made while converting.
    """

    tasks: list[dict[str, Any]] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    warnings: list[tuple[str, str]] = field(default_factory=list)

    def reasons(self) -> Counter:
        """How many tasks were skipped for each reason (details after ":" dropped)."""
        return Counter(reason.split(":", 1)[0] for _, reason in self.skipped)


def _unescape_js(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def _css_check(selector: str) -> str:
    try:
        GenericTranslator().css_to_xpath(selector)
    except SelectorError as exc:
        raise Untranslatable(f"CSS selector {selector!r} does not parse: {exc}") from None
    return selector


def translate_locator(locator: str) -> tuple[str, int | None]:
    """Translate a WebArena ``program_html`` locator to a webenv locator and element index.

    ``""`` (the whole page) and ``document.body.innerText`` become ``("", None)``;
    ``document.querySelector("S")`` with ``.outerText``/``.innerText``/``.textContent``/
    ``.value`` (or no property) becomes ``("css:S", 0)`` (the first match, as in the
    browser); ``document.querySelectorAll("S")[n]`` becomes ``("css:S", n)``;
    ``document.getElementById("i")`` becomes ``("css:#i", 0)`` and
    ``document.getElementsByClassName("a b")[n]`` ``("css:.a.b", n)``.

    Raises:
        Untranslatable: anything else (``func:`` helpers, ``map``/spread expressions,
            ``getAttribute``, HTML rather than text, a selector that does not parse).
    """
    text = " ".join(str(locator or "").split())
    if not text:
        return "", None
    if text.startswith(("css:", "xpath:")):
        return text, None
    if match := _BODY.match(text):
        if match.group("prop") in _HTML_PROPS:
            raise Untranslatable(f"locator {text!r} compares HTML, not text")
        return "", None
    for pattern, kind in (
        (_QUERY_ONE, "one"),
        (_QUERY_NTH, "nth"),
        (_BY_ID, "id"),
        (_BY_CLASS, "class"),
    ):
        match = pattern.match(text)
        if not match:
            continue
        if match.group("prop") in _HTML_PROPS:
            raise Untranslatable(f"locator {text!r} compares HTML, not text")
        selector = _unescape_js(match.group("sel")).strip()
        if kind == "id":
            selector = "#" + _css_escape_ident(selector)
        elif kind == "class":
            selector = "".join("." + _css_escape_ident(c) for c in selector.split())
        _css_check(selector)
        nth = int(match.group("n")) if kind in ("nth", "class") else 0
        return f"css:{selector}", nth
    raise Untranslatable(
        f"locator {text!r} is not a single querySelector/getElementById expression"
    )


def _css_escape_ident(ident: str) -> str:
    return re.sub(r"([^\w-])", r"\\\1", ident)


def _map_placeholders(text: str, what: str) -> str:
    """Replace WebArena placeholders with ours; raise for sites we do not ship."""

    def replace(match: re.Match[str]) -> str:
        token = match.group(0)
        if token in PLACEHOLDER_MAP:
            return PLACEHOLDER_MAP[token]
        if token in PLACEHOLDER_MAP.values():
            return token
        raise Untranslatable(f"site not shipped: {what} uses {token}")

    return _PLACEHOLDER.sub(replace, text)


def _translate_url(url: object, what: str) -> tuple[str, str | None]:
    url = str(url or "").strip()
    if not url or url == "last":
        return "last", None
    if _POST_URL.match(url):
        return "last", f"{what} url {url!r} approximated by the last page"
    if url.startswith("func:"):
        raise Untranslatable(f"untranslatable program_html url: {url!r} calls a WebArena helper")
    return _map_placeholders(url, f"{what} url"), None


def convert_task(raw: Any) -> tuple[dict[str, Any], list[str]]:  # noqa: C901 - one branch per WebArena eval field
    """Convert one WebArena task object.

    Returns:
        ``(task, warnings)``: a webenv task object and notes on approximations.

    Raises:
        Untranslatable: the task uses a site we do not ship, or a construct with no
            faithful equivalent; the message says which.
    """
    if not isinstance(raw, dict):
        raise Untranslatable(f"malformed task: not an object ({type(raw).__name__})")
    warnings: list[str] = []
    sites = raw.get("sites")
    if not isinstance(sites, list) or not sites:
        raise Untranslatable("malformed task: no sites")
    unknown = [str(s) for s in sites if s not in SITE_MAP]
    if unknown:
        names = ", ".join(sorted(set(unknown)))
        raise Untranslatable(f"site not shipped: {names}")
    ours = sorted({SITE_MAP[s] for s in sites}, key=list(SITE_MAP.values()).index)
    group = ours[0] if len(ours) == 1 else "cross"
    raw_id = str(raw.get("task_id", "?"))
    task_id = f"{group}/webarena-{re.sub(r'[^a-z0-9_.-]', '-', raw_id.lower())}"
    start = str(raw.get("start_url") or "")
    if " |AND| " in start:
        warnings.append("several start tabs; only the first is opened")
        start = start.split(" |AND| ")[0]
    start = _map_placeholders(start.strip(), "start_url") or PLACEHOLDER_MAP["__SHOPPING__"]
    source = raw.get("eval")
    if not isinstance(source, dict):
        raise Untranslatable("malformed task: no eval object")
    types = source.get("eval_types") or []
    if isinstance(types, str):
        types = [types]
    known = ("string_match", "url_match", "program_html")
    if not types or any(t not in known for t in types):
        raise Untranslatable(f"unsupported eval_types: {types!r}")
    spec: dict[str, Any] = {"eval_types": list(dict.fromkeys(types))}
    refs = source.get("reference_answers")
    if "string_match" in types:
        if not isinstance(refs, dict) or not refs:
            raise Untranslatable("malformed task: string_match without reference_answers")
        spec["answer_type"] = infer_answer_type(refs, str(raw.get("intent") or ""))
        spec["reference_answers"] = {
            k: v for k, v in refs.items() if k in ("exact_match", "must_include", "fuzzy_match")
        }
    if "url_match" in types:
        url = str(source.get("reference_url") or "").strip()
        if not url:
            raise Untranslatable("malformed task: url_match without reference_url")
        spec["reference_url"] = _map_placeholders(url, "reference_url")
    for key in ("url_note", "string_note", "reference_answer_raw_annotation"):
        if isinstance(source.get(key), str) and source[key]:
            spec[key] = source[key]
    if "program_html" in types:
        entries = source.get("program_html") or []
        if not entries:
            raise Untranslatable("malformed task: program_html without entries")
        converted = []
        for i, entry in enumerate(entries):
            if not isinstance(entry, dict) or not isinstance(entry.get("required_contents"), dict):
                raise Untranslatable(f"malformed task: program_html[{i}]")
            url, note = _translate_url(entry.get("url"), f"program_html[{i}]")
            if note:
                warnings.append(note)
            try:
                locator, nth = translate_locator(entry.get("locator", ""))
            except Untranslatable as exc:
                raise Untranslatable(f"untranslatable program_html locator: {exc}") from None
            item: dict[str, Any] = {
                "url": url,
                "locator": locator,
                "required_contents": dict(entry["required_contents"]),
            }
            if nth is not None:
                item["nth"] = nth
            converted.append(item)
        spec["program_html"] = converted
    task: dict[str, Any] = {
        "task_id": task_id,
        "sites": ours,
        "start_url": start,
        "intent": str(raw.get("intent") or ""),
        "eval": spec,
        "tags": ["webarena", f"webarena-id-{raw_id}"],
    }
    if raw.get("intent_template_id") is not None:
        task["tags"].append(f"webarena-template-{raw['intent_template_id']}")
    if raw.get("require_login"):
        login = {site: DEFAULT_LOGIN[site] for site in ours if site in DEFAULT_LOGIN}
        if login:
            task["login"] = login
        if len(login) < len(ours):
            warnings.append(
                "no default user for " + ", ".join(s for s in ours if s not in DEFAULT_LOGIN)
            )
    if isinstance(raw.get("intent_template"), str) and raw["intent_template"]:
        task["intent_template"] = raw["intent_template"]
        if isinstance(raw.get("instantiation_dict"), dict):
            task["instantiation_dict"] = raw["instantiation_dict"]
    return task, warnings


def convert_config(data: Any) -> ImportReport:
    """Convert a whole WebArena config (a list of tasks, or one task); never raises.

    Every converted task is checked with :func:`webenv.tasks.parse_task`; one that fails
    (or collides with an earlier id) is skipped with the schema's message.
    """
    items = data if isinstance(data, list) else [data]
    report = ImportReport()
    seen: set[str] = set()
    for index, raw in enumerate(items):
        raw_id = str(raw.get("task_id", f"[{index}]")) if isinstance(raw, dict) else f"[{index}]"
        try:
            task, notes = convert_task(raw)
        except Untranslatable as exc:
            report.skipped.append((raw_id, str(exc)))
            continue
        except Exception as exc:  # a malformed entry must not stop the import
            report.skipped.append((raw_id, f"malformed task: {type(exc).__name__}: {exc}"))
            continue
        try:
            parse_task(task, f"webarena[{raw_id}]")
        except TaskError as exc:
            if "intent_template" in task and "intent:" in str(exc):
                task.pop("intent_template")
                task.pop("instantiation_dict", None)
                notes.append("intent does not match its template; template dropped")
            try:
                parse_task(task, f"webarena[{raw_id}]")
            except TaskError as again:
                report.skipped.append((raw_id, f"rejected by the task schema: {again}"))
                continue
        if task["task_id"] in seen:
            report.skipped.append((raw_id, f"duplicate task id: {task['task_id']}"))
            continue
        seen.add(task["task_id"])
        report.tasks.append(task)
        report.warnings.extend((raw_id, note) for note in notes)
    return report


def write_tasks(report: ImportReport, out_dir: str | Path) -> list[Path]:
    """Write converted tasks to ``<out_dir>/webarena-<group>.json``, one file per group.

    Returns:
        The files written, sorted.
    """
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    groups: dict[str, list[dict[str, Any]]] = {}
    for task in report.tasks:
        groups.setdefault(task["task_id"].split("/", 1)[0], []).append(task)
    written = []
    for group, tasks in sorted(groups.items()):
        path = out / f"webarena-{group}.json"
        path.write_text(json.dumps(tasks, indent=2, ensure_ascii=False) + "\n", "utf-8")
        written.append(path)
    return written


@click.command("import")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["webarena"]),
    default="webarena",
    show_default=True,
    help="Format of FILE.",
)
@click.argument("file", type=PathArgument(exists=True, dir_okay=False))
@click.option(
    "--out",
    "out_dir",
    required=True,
    type=PathArgument(file_okay=False),
    help="Folder for the converted task files.",
)
@click.option("-v", "--verbose", is_flag=True, help="List every skipped task and warning.")
def import_command(fmt: str, file: str, out_dir: str, verbose: bool) -> None:
    """Convert a task config file in another benchmark's format to webenv task files."""
    try:
        data = json.loads(read_file_text(file))
    except OSError as exc:
        raise click.ClickException(f"{file}: cannot read: {exc.strerror}") from None
    except JSON_ERRORS as exc:
        raise click.ClickException(f"{file}: cannot read a JSON config: {exc}") from None
    report = convert_config(data)
    written = write_tasks(report, out_dir)
    total = len(report.tasks) + len(report.skipped)
    click.echo(f"{total} tasks read from {file}")
    click.echo(f"{len(report.tasks)} converted, {len(report.skipped)} skipped")
    details: dict[str, Counter] = {}
    for _, reason in report.skipped:
        head, _, detail = reason.partition(":")
        if head in ("site not shipped", "unsupported eval_types"):
            details.setdefault(head, Counter())[detail.strip()] += 1
    for reason, count in sorted(report.reasons().items(), key=lambda r: (-r[1], r[0])):
        parts = details.get(reason)
        extra = ""
        if parts:
            extra = (
                " ("
                + "; ".join(
                    f"{d} {n}" for d, n in sorted(parts.items(), key=lambda p: (-p[1], p[0]))
                )
                + ")"
            )
        click.echo(f"  skipped {count:4}  {reason}{extra}")
    kinds = Counter(t["eval"]["answer_type"] for t in report.tasks if "answer_type" in t["eval"])
    if kinds:
        click.echo(
            "answer types inferred: "
            + ", ".join(
                f"{kind} {n}" for kind, n in sorted(kinds.items(), key=lambda k: (-k[1], k[0]))
            )
        )
    if report.warnings:
        click.echo(f"{len(report.warnings)} approximations (-v lists them)")
    if verbose:
        for raw_id, reason in report.skipped:
            click.echo(f"  skip {raw_id}: {reason}")
        for raw_id, note in report.warnings:
            click.echo(f"  note {raw_id}: {note}")
    for path in written:
        click.echo(f"wrote {path}")
    if report.tasks:
        click.echo(
            "Imported tasks load and validate but have no solution, and they refer to "
            "WebArena's data, which our generated sites do not contain: expect them "
            "to be unsolvable here."
        )
