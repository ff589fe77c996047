"""``webenv study``: measuring how often the validators are wrong.

Three studies, each printing a Markdown table and writing CSV and JSON (the first two
also a PNG chart):

- ``perturb``: for every task with a reference answer (``string_match``) or reference
  URL (``url_match``), generate equivalent variants (formatting, order, units, paraphrase
  templates) and wrong variants (near misses), judge them in strict and lenient mode,
  and report false-negative and false-positive rates per validator and answer type.
  The generators are written from templates of how people write answers, independently
  of the lenient normalizers they test.
- ``traces``: over episodes the env recorded (``WebEnv(record_dir=...)``), show where
  strict and lenient disagree; given human labels (CSV ``task_id,episode,correct``),
  report each mode's precision, recall and agreement with 95 % Wilson intervals.

- ``corpus``: over a labelled answer corpus (JSONL lines ``{spec, answer, expected,
  class, ...}``; by default the independent corpus in ``tests/validators/independent``),
  report per phenomenon class how many right answers each mode accepts and how many
  wrong answers it accepts.

Outputs are deterministic: rows are sorted and no timestamps are written.
"""

from __future__ import annotations

import csv
import json
import math
import re
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from datetime import date, timedelta
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

import click

from webenv.sites import SITES
from webenv.tasks import TASK_GROUPS, Task, select_tasks
from webenv.validators import EvalSpec, check_answer, check_url

MODES = ("lenient", "strict")

# --- variant generators -------------------------------------------------------

_SMALL = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
          "eighteen", "nineteen", "twenty"]
_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December"]
_WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


@dataclass(frozen=True)
class Variant:
    """One generated answer (or final URL) and whether it means the same as the reference."""

    text: str
    equivalent: bool
    template: str


def _decimal(text: str) -> Decimal | None:
    cleaned = re.sub(r"[^\d.\-]", "", str(text))
    try:
        return Decimal(cleaned) if cleaned else None
    except InvalidOperation:
        return None


def _money(value: Decimal) -> str:
    return f"{value.quantize(Decimal('0.01')):.2f}"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def currency_variants(ref: str) -> list[Variant]:
    """"$X" -> "X USD", "X dollars", "$X0", "D dollars and C cents"...; wrong: ±1 cent,
    ×10, ÷10, cents dropped, two candidates, negation, another currency."""
    value = _decimal(ref)
    if value is None:
        return []
    x = _money(value)
    dollars, cents = x.split(".")
    good = [(f"${x}", "symbol"), (x, "bare"), (f"{x} USD", "code after"),
            (f"USD {x}", "code before"), (f"{x} dollars", "word"), (f"${x}0", "extra zero"),
            (f"$ {x}", "spaced symbol"), (f"The total is ${x}.", "sentence"),
            (f"{dollars} dollars and {cents} cents", "dollars and cents")]
    if value >= 1000:
        good.append((f"${int(value):,}.{cents}", "thousands separator"))
    if cents == "00":
        good.append((f"${dollars}", "whole dollars"))
    bad = [(f"${_money(value + Decimal('0.01'))}", "one cent more"),
           (f"${_money(value * 10)}", "times ten"),
           (f"${x} or ${_money(value + 1)}", "two candidates"),
           (f"not ${x}", "negated"), (f"€{x}", "another currency")]
    if value >= Decimal("0.01"):
        bad.append((f"${_money(value - Decimal('0.01'))}", "one cent less"))
        bad.append((f"${_money(value / 10)}", "divided by ten"))
    if cents != "00":
        bad.append((f"${dollars}", "cents dropped"))
    if len(set(dollars[-2:])) == 2 and len(dollars) >= 2:
        swapped = dollars[:-2] + dollars[-1] + dollars[-2]
        bad.append((f"${swapped}.{cents}", "digits swapped"))
    return _pack(good, bad, reference=_money(value), key=lambda t: t)


def number_variants(ref: str) -> list[Variant]:
    """"N" -> words, "N.0", "Answer: N", "N in total"; wrong: N±1, ×10, two candidates,
    a bound, negation."""
    value = _decimal(ref)
    if value is None:
        return []
    n = format(value.normalize(), "f")
    good = [(n, "bare"), (f"Answer: {n}", "label"), (f"The answer is {n}.", "sentence"),
            (f"{n} in total", "trailing words")]
    if value == value.to_integral_value():
        good.append((f"{n}.0", "decimal zero"))
        if 0 <= value <= 20:
            good.append((_SMALL[int(value)], "word"))
        if value >= 1000:
            good.append((f"{int(value):,}", "thousands separator"))
    bad = [(format((value + 1).normalize(), "f"), "plus one"),
           (f"{n} or {format((value + 1).normalize(), 'f')}", "two candidates"),
           (f"more than {n}", "a bound"), (f"not {n}", "negated")]
    if value != 0:
        bad.append((format((value * 10).normalize(), "f"), "times ten"))
    if value >= 1:
        bad.append((format((value - 1).normalize(), "f"), "minus one"))
    return _pack(good, bad, reference=n, key=lambda t: t)


def date_variants(ref: str) -> list[Variant]:
    """ISO date -> "March 5, 2024", "5 March 2024", "03/05/2024", weekday...; wrong:
    ±1 day, another year, month and day swapped (when distinct), no day."""
    try:
        day = date.fromisoformat(str(ref).strip())
    except ValueError:
        return []
    month = _MONTHS[day.month - 1]

    def written(d: date) -> str:
        return f"{_MONTHS[d.month - 1]} {d.day}, {d.year}"

    good = [(day.isoformat(), "ISO"), (written(day), "month day, year"),
            (f"{month[:3]} {day.day}, {day.year}", "abbreviated month"),
            (f"{day.day} {month} {day.year}", "day month year"),
            (f"{day.month:02d}/{day.day:02d}/{day.year}", "US numeric"),
            (f"{day.month}/{day.day}/{day.year}", "US numeric, no zeros"),
            (f"{month} {_ordinal(day.day)}, {day.year}", "ordinal day"),
            (f"{_WEEKDAYS[day.weekday()]}, {written(day)}", "weekday"),
            (f"It was on {written(day)}.", "sentence")]
    bad = [(written(day + timedelta(days=1)), "next day"),
           (written(day - timedelta(days=1)), "previous day"),
           (f"{month} {day.year}", "day missing")]
    try:
        bad.append((written(day.replace(year=day.year - 1)), "previous year"))
    except ValueError:
        pass
    if day.day <= 12 and day.day != day.month:
        bad.append((date(day.year, day.day, day.month).isoformat(), "month and day swapped"))
    return _pack(good, bad, reference=day.isoformat(), key=lambda t: t)


def month_variants(ref: str) -> list[Variant]:
    """"December 2023" -> "Dec 2023", "2023-12", "12/2023"...; wrong: ±1 month, another
    year, two candidates."""
    match = re.fullmatch(r"\s*([A-Za-z]+)\s+(\d{4})\s*", str(ref))
    names = [m.lower() for m in _MONTHS]
    if not match or match.group(1).lower() not in names:
        return []
    month, year = names.index(match.group(1).lower()) + 1, int(match.group(2))

    def written(m: int, y: int) -> str:
        return f"{_MONTHS[m - 1]} {y}"

    name = _MONTHS[month - 1]
    following = (month % 12 + 1, year + (month == 12))
    previous = ((month - 2) % 12 + 1, year - (month == 1))
    good = [(written(month, year), "month year"), (f"{name[:3]} {year}", "abbreviated"),
            (f"{year}-{month:02d}", "ISO"), (f"{month:02d}/{year}", "numeric"),
            (f"in {name} {year}", "preposition"), (f"{name}, {year}", "comma")]
    bad = [(written(*following), "next month"), (written(*previous), "previous month"),
           (written(month, year - 1), "previous year"),
           (f"{written(month, year)} or {written(*following)}", "two candidates")]
    return _pack(good, bad, reference=written(month, year), key=str.lower)


def boolean_variants(ref: str) -> list[Variant]:
    """yes/no -> "Yes.", "True", "Yes, that's right"; wrong: the opposite, a hedge."""
    yes = str(ref).strip().lower() in ("yes", "true")
    word, other = ("Yes", "No") if yes else ("No", "Yes")
    good = [(word, "word"), (word.lower() + ".", "lower case"), (str(yes), "true/false"),
            (f"{word}, that's right." if yes else "No, it is not.", "sentence")]
    bad = [(other, "opposite"), (str(not yes), "opposite true/false"),
           ("I'm not sure", "hedge")]
    return _pack(good, bad, reference=word, key=str.lower)


def _names(refs: Iterable[str], reference: str) -> list[str]:
    return sorted({r for r in refs if r.strip().lower() != reference.strip().lower()
                   and reference.strip().lower() not in r.strip().lower()})


def string_variants(ref: str, others: list[str]) -> list[Variant]:
    """Case, punctuation, quotes, ™, articles, paraphrase templates; wrong: negation,
    another name from the same task set, a superset "A or B", a truncated name."""
    good = [(ref.lower(), "lower case"), (ref.upper(), "upper case"), (f"{ref}.", "full stop"),
            (f'"{ref}"', "quoted"), (f"{ref}™", "trademark"), (f"The answer is {ref}.",
                                                                "paraphrase"),
            (f"Answer: {ref}", "label"), (f"  {ref}  ", "whitespace")]
    if "-" in ref:
        good.append((ref.replace("-", " "), "hyphen as space"))
    if not ref.lower().startswith("the "):
        good.append((f"the {ref}", "article"))
    bad = [(f"not {ref}", "negated")]
    names = _names(others, ref)
    if names:
        bad.append((names[0], "another name from the task set"))
        bad.append((f"{ref} or {names[-1]}", "superset: two candidates"))
        bad.append((", ".join([ref, *names[:3]]), "superset: every option"))
    words = ref.split()
    if len(words) >= 3:
        bad.append((" ".join(words[:-1]), "truncated name"))
    return _pack(good, bad, reference=ref, key=lambda t: " ".join(t.lower().split()))


def list_variants(items: list[str], others: list[str]) -> list[Variant]:
    """Reorder, "and"-join, bullets, numbering, lines, semicolons; wrong: an item dropped,
    an item added, an item replaced."""
    if len(items) < 2:
        return []
    rev = list(reversed(items))
    good = [(", ".join(items), "comma"), (", ".join(rev), "reversed"),
            (", ".join(items[:-1]) + " and " + items[-1], "and-joined"),
            ("\n".join(f"- {i}" for i in items), "bullets"),
            ("\n".join(f"{n}. {i}" for n, i in enumerate(items, 1)), "numbered"),
            ("\n".join(items), "lines"), ("; ".join(rev), "semicolons"),
            (", ".join(i.lower() for i in items), "lower case")]
    extra = next((o for o in sorted(others) if o not in items), "Extra Item")
    bad = [(", ".join(items[:-1]), "item dropped"), (", ".join([*items, extra]), "item added"),
           (", ".join([*items[:-1], extra]), "item replaced")]
    return _pack(good, bad, reference=", ".join(items), key=lambda t: t)


def url_variants(ref: str) -> list[Variant]:
    """Placeholder -> host, trailing slash, https, fragment, upper-case host, query order;
    wrong: a longer path, the parent page, another site, a changed query value."""
    hosts = {spec.placeholder: spec.host for spec in SITES.values()}
    match = re.match(r"(__[A-Z]+__)(.*)$", ref.strip())
    if not match or match.group(1) not in hosts:
        return []
    host, rest = hosts[match.group(1)], match.group(2) or "/"
    path, _, query = rest.partition("?")
    full = f"http://{host}{rest}"
    good = [(full, "expanded"), (f"https://{host}{rest}", "https"),
            (f"http://{host.upper()}{rest}", "upper-case host"), (f"{full}#top", "fragment")]
    if not query:
        good.append((full.rstrip("/") + "/", "trailing slash"))
    else:
        pairs = query.split("&")
        if len(pairs) > 1:
            good.append((f"http://{host}{path}?{'&'.join(reversed(pairs))}", "query order"))
    other = "forum.test" if host != "forum.test" else "shop.test"
    bad = [(f"http://{other}{rest}", "another site")]
    if path.strip("/"):
        bad.append((f"http://{host}{path.rstrip('/')}-2" + (f"?{query}" if query else ""),
                    "longer path"))
        parent = path.rstrip("/").rsplit("/", 1)[0] or "/"
        bad.append((f"http://{host}{parent}", "parent page"))
    if query:
        key, _, value = query.split("&")[0].partition("=")
        bad.append((f"http://{host}{path}?{key}={value}x", "changed query value"))
    return _pack(good, bad, reference=full, key=lambda t: t)


def infeasible_variants(others: list[str]) -> list[Variant]:
    """"N/A", "Not possible", report_infeasible(...); wrong: a made-up answer."""
    good = [("N/A", "N/A"), ("n/a", "lower case"), ("Not possible", "phrase"),
            ("This cannot be done.", "sentence"), ('report_infeasible("not available")',
                                                   "action text"),
            ("I could not find it: it does not exist.", "explanation")]
    bad = [("Done", "claims success"), ("42", "made-up number")]
    bad += [(o, "an answer from another task") for o in sorted(others)[:2]]
    return _pack(good, bad, reference="N/A", key=lambda t: t)


def _pack(good: list[tuple[str, str]], bad: list[tuple[str, str]], *, reference: str,
          key: Callable[[str], str]) -> list[Variant]:
    """Variants without duplicates; a wrong variant that equals the reference is dropped."""
    seen: set[str] = set()
    result: list[Variant] = []
    for items, equivalent in ((good, True), (bad, False)):
        for text, template in items:
            if text in seen or (not equivalent and key(text) == key(reference)):
                continue
            seen.add(text)
            result.append(Variant(text, equivalent, template))
    return result


def _reference_text(spec: EvalSpec) -> str | list[str] | None:
    refs = dict(spec.reference_answers.approaches()) if spec.reference_answers else {}
    value = refs.get("exact_match")
    if value is None and refs.get("must_include"):
        value = refs["must_include"]
        if spec.answer_type != "list":
            value = " ".join(map(str, value))
    if value is None and refs.get("fuzzy_match") not in (None, "N/A", ["N/A"]):
        value = refs["fuzzy_match"]
        value = value[0] if isinstance(value, list) and value else value
    if isinstance(value, list):
        return [str(v).split("|OR|")[0].strip() for v in value]
    return None if value is None else str(value).split("|OR|")[0].strip()


def task_variants(task: Task, pool: dict[str, list[str]]) -> list[tuple[str, Variant]]:
    """``(validator, variant)`` pairs for one task (empty if it has no reference)."""
    spec = task.eval
    found: list[tuple[str, Variant]] = []
    if "string_match" in spec.eval_types:
        kind = spec.answer_type or "string"
        ref = _reference_text(spec)
        others = pool.get(kind, [])
        if kind == "infeasible":
            variants = infeasible_variants(pool.get("string", []))
        elif isinstance(ref, list):
            variants = list_variants(ref, [o for o in pool.get("string", [])])
        elif ref is None:
            variants = []
        elif kind == "currency":
            variants = currency_variants(ref)
        elif kind == "number":
            variants = number_variants(ref)
        elif kind == "date":
            variants = date_variants(ref)
        elif kind == "month":
            variants = month_variants(ref)
        elif kind == "boolean":
            variants = boolean_variants(ref)
        elif kind == "url":
            variants = url_variants(ref)
        else:
            variants = string_variants(ref, others)
        found += [("string_match", v) for v in variants]
    if "url_match" in spec.eval_types and spec.reference_url:
        ref_url = spec.reference_url.split("|OR|")[0].strip()
        found += [("url_match", v) for v in url_variants(ref_url)]
    return found


def _pool(tasks: list[Task]) -> dict[str, list[str]]:
    pool: dict[str, set[str]] = {}
    for task in tasks:
        if "string_match" not in task.eval.eval_types:
            continue
        ref = _reference_text(task.eval)
        kind = task.eval.answer_type or "string"
        values = ref if isinstance(ref, list) else [ref] if ref else []
        target = "string" if kind == "list" else kind
        pool.setdefault(target, set()).update(values)
    return {k: sorted(v) for k, v in pool.items()}


@dataclass(frozen=True)
class Judged:
    """One variant judged in both modes."""

    task_id: str
    validator: str
    answer_type: str
    template: str
    text: str
    equivalent: bool
    lenient: bool
    strict: bool
    lenient_rule: str
    strict_rule: str


def run_perturb(tasks: list[Task]) -> list[Judged]:
    """Generate and judge every variant for ``tasks``; rows sorted by task and variant."""
    pool = _pool(tasks)
    rows: list[Judged] = []
    for task in sorted(tasks, key=lambda t: t.task_id):
        for validator, variant in task_variants(task, pool):
            verdicts = {}
            for mode in MODES:
                if validator == "url_match":
                    verdicts[mode] = check_url(variant.text, task.eval, mode=mode)
                else:
                    verdicts[mode] = check_answer(variant.text, task.eval, mode=mode)
            kind = (task.eval.answer_type or "string" if validator == "string_match"
                    else "url")
            rows.append(Judged(task.task_id, validator, kind, variant.template, variant.text,
                               variant.equivalent, verdicts["lenient"].passed,
                               verdicts["strict"].passed, verdicts["lenient"].rule,
                               verdicts["strict"].rule))
    return rows


def summarize_perturb(rows: list[Judged]) -> list[dict[str, Any]]:
    """Per validator, answer type and mode (plus an ``all`` row per mode): counts of
    equivalent and wrong variants, false negatives and false positives, and their rates."""
    groups: dict[tuple[str, str], list[Judged]] = {}
    for row in rows:
        groups.setdefault((row.validator, row.answer_type), []).append(row)
        groups.setdefault(("all", "all"), []).append(row)
    table = []
    for (validator, kind), members in sorted(groups.items(),
                                             key=lambda g: (g[0] == ("all", "all"), g[0])):
        for mode in MODES:
            good = [r for r in members if r.equivalent]
            bad = [r for r in members if not r.equivalent]
            fn = sum(not getattr(r, mode) for r in good)
            fp = sum(getattr(r, mode) for r in bad)
            table.append({
                "validator": validator, "answer_type": kind, "mode": mode,
                "tasks": len({r.task_id for r in members}),
                "equivalent": len(good), "false_negatives": fn,
                "fn_rate": round(fn / len(good), 4) if good else None,
                "wrong": len(bad), "false_positives": fp,
                "fp_rate": round(fp / len(bad), 4) if bad else None,
            })
    return table


# --- traces -------------------------------------------------------------------

def wilson(successes: int, total: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval (95 % by default) for a proportion; (0, 1) when empty."""
    if total <= 0:
        return 0.0, 1.0
    p = successes / total
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def read_episodes(directory: str | Path) -> list[dict[str, Any]]:
    """Answered episodes from every ``*.jsonl`` file under ``directory``, sorted by
    (task_id, episode). Malformed lines are skipped."""
    episodes = []
    for path in sorted(Path(directory).rglob("*.jsonl")):
        for line in path.read_text("utf-8").splitlines():
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(record, dict) and record.get("ended") == "answered":
                episodes.append(record)
    return sorted(episodes, key=lambda e: (str(e.get("task_id")), str(e.get("episode"))))


def read_labels(path: str | Path) -> dict[tuple[str, str], bool]:
    """Human labels from a CSV with columns ``task_id, episode, correct`` (1/0, yes/no,
    true/false).

    Raises:
        click.ClickException: the file lacks a column or has an unreadable label.
    """
    labels: dict[tuple[str, str], bool] = {}
    with Path(path).open(newline="", encoding="utf-8") as handle:
        reader = csv.DictReader(handle)
        missing = {"task_id", "episode", "correct"} - set(reader.fieldnames or [])
        if missing:
            raise click.ClickException(f"{path}: missing column(s) {', '.join(sorted(missing))}")
        for number, row in enumerate(reader, start=2):
            value = str(row["correct"]).strip().lower()
            if value not in ("1", "0", "yes", "no", "true", "false", "y", "n"):
                raise click.ClickException(f"{path}:{number}: correct={row['correct']!r} is "
                                           "not 1/0, yes/no or true/false")
            labels[(row["task_id"].strip(), row["episode"].strip())] = value in (
                "1", "yes", "true", "y")
    return labels


def summarize_traces(episodes: list[dict[str, Any]],
                     labels: dict[tuple[str, str], bool] | None) -> dict[str, Any]:
    """Disagreements between the modes and, with labels, each mode's quality."""
    disagreements = [
        {"task_id": e.get("task_id"), "episode": e.get("episode"), "answer": e.get("answer"),
         "lenient": bool(e.get("lenient")), "strict": bool(e.get("strict"))}
        for e in episodes if bool(e.get("lenient")) != bool(e.get("strict"))
    ]
    result: dict[str, Any] = {
        "episodes": len(episodes),
        "lenient_passed": sum(bool(e.get("lenient")) for e in episodes),
        "strict_passed": sum(bool(e.get("strict")) for e in episodes),
        "disagreements": disagreements,
        "modes": [],
    }
    if labels is None:
        return result
    labelled = [(e, labels[(str(e.get("task_id")), str(e.get("episode")))]) for e in episodes
                if (str(e.get("task_id")), str(e.get("episode"))) in labels]
    result["labelled"] = len(labelled)
    for mode in MODES:
        tp = sum(bool(e.get(mode)) and truth for e, truth in labelled)
        fp = sum(bool(e.get(mode)) and not truth for e, truth in labelled)
        fn = sum(not e.get(mode) and truth for e, truth in labelled)
        tn = sum(not e.get(mode) and not truth for e, truth in labelled)
        row: dict[str, Any] = {"mode": mode, "tp": tp, "fp": fp, "fn": fn, "tn": tn}
        for name, hits, total in (("precision", tp, tp + fp), ("recall", tp, tp + fn),
                                  ("agreement", tp + tn, len(labelled))):
            low, high = wilson(hits, total)
            row[name] = round(hits / total, 4) if total else None
            row[f"{name}_ci"] = [round(low, 4), round(high, 4)]
        result["modes"].append(row)
    return result


# --- labelled corpus ----------------------------------------------------------

DEFAULT_CORPUS = Path("build") / "corpus"
"""Where ``python tests/validators/independent/build.py`` writes the independent corpus."""
CORPUS_COLUMNS = ["class", "right", "lenient_right_accepted", "lenient_wrong_accepted",
                  "wrong", "strict_right_accepted", "strict_wrong_accepted"]


def read_corpus(path: str | Path) -> list[dict[str, Any]]:
    """Labelled cases from a JSONL file, or from every ``*.jsonl`` file in a folder.

    Raises:
        click.ClickException: no file, a line that is not a JSON object, or a case without
            ``spec``, ``answer`` and a boolean ``expected``; the message names the line.
    """
    path = Path(path)
    files = sorted(path.glob("*.jsonl")) if path.is_dir() else [path]
    if not files or not all(f.is_file() for f in files):
        raise click.ClickException(f"{path}: no JSONL corpus there")
    cases = []
    for file in files:
        for lineno, line in enumerate(file.read_text("utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                case = json.loads(line)
            except json.JSONDecodeError as exc:
                raise click.ClickException(f"{file}:{lineno}: not JSON ({exc.msg})") from None
            if (not isinstance(case, dict) or not isinstance(case.get("spec"), dict)
                    or not isinstance(case.get("expected"), bool) or "answer" not in case):
                raise click.ClickException(f"{file}:{lineno}: a case needs spec (object), "
                                           f"answer and expected (bool)")
            cases.append(case)
    return cases


def summarize_corpus(cases: list[dict[str, Any]],
                     check: Callable[..., Any] = check_answer) -> list[dict[str, Any]]:
    """Accept rates per class (and ``all``) in both modes.

    Args:
        cases: Labelled cases (``spec``, ``answer``, ``expected``, optional ``class``).
        check: The answer checker (``check_answer``; another version to compare).

    Returns:
        One row per class, ``all`` first: counts of right and wrong cases and, per mode,
        the share of right answers accepted and of wrong answers accepted (None without
        cases of that label).
    """
    counts: dict[str, dict[str, int]] = {}
    for case in cases:
        for cls in ("all", str(case.get("class") or "unclassified")):
            row = counts.setdefault(cls, {})
            label = "right" if case["expected"] else "wrong"
            row[label] = row.get(label, 0) + 1
            for mode in MODES:
                passed = check(case["answer"], case["spec"], mode=mode).passed
                key = f"{mode}_{label}_accepted"
                row[key] = row.get(key, 0) + int(passed)
    rows = []
    for cls in sorted(counts, key=lambda c: (c != "all", c)):
        row = counts[cls]
        out: dict[str, Any] = {"class": cls, "right": row.get("right", 0),
                               "wrong": row.get("wrong", 0)}
        for mode in MODES:
            for label in ("right", "wrong"):
                total = row.get(label, 0)
                key = f"{mode}_{label}_accepted"
                out[key] = row.get(key, 0) / total if total else None
                out[f"{key}_count"] = row.get(key, 0)
        rows.append(out)
    return rows


# --- output -------------------------------------------------------------------

def _fmt(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{100 * value:.1f} %"
    return str(value)


def markdown_table(rows: list[dict[str, Any]], columns: list[str]) -> str:
    """A GitHub-flavoured Markdown table of ``rows`` restricted to ``columns``."""
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    for row in rows:
        lines.append("| " + " | ".join(_fmt(row.get(c)) for c in columns) + " |")
    return "\n".join(lines)


def write_csv(path: Path, rows: list[dict[str, Any]], columns: list[str]) -> None:
    """Write ``rows`` as CSV with ``columns`` (lists are joined with ';')."""
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(columns)
        for row in rows:
            writer.writerow([";".join(map(str, v)) if isinstance(v, list) else
                             "" if v is None else v for v in (row.get(c) for c in columns)])


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise click.ClickException("the PNG chart needs matplotlib: pip install "
                                   "'webenv[study]' (or pass --no-chart)") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def bar_chart(path: Path, labels: list[str], series: dict[str, list[float]], title: str,
              ylabel: str) -> None:
    """A grouped bar chart saved as PNG (no timestamp metadata)."""
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(max(6.0, 0.9 * len(labels) + 2), 4.0), dpi=100)
    width = 0.8 / max(1, len(series))
    for i, (name, values) in enumerate(series.items()):
        xs = [x + (i - (len(series) - 1) / 2) * width for x in range(len(labels))]
        axes.bar(xs, [100 * v for v in values], width=width, label=name)
    axes.set_xticks(range(len(labels)))
    axes.set_xticklabels(labels, rotation=30, ha="right")
    axes.set_ylabel(ylabel)
    axes.set_ylim(0, 100)
    axes.set_title(title)
    axes.legend(loc="upper left", fontsize="small")
    figure.tight_layout()
    figure.savefig(path, format="png", metadata={"Software": None})
    plt.close(figure)


PERTURB_COLUMNS = ["validator", "answer_type", "mode", "tasks", "equivalent", "false_negatives",
                   "fn_rate", "wrong", "false_positives", "fp_rate"]


def write_perturb(rows: list[Judged], out: Path, chart: bool = True) -> list[dict[str, Any]]:
    """Write ``perturb.csv``, ``perturb.json`` (summary and every variant) and
    ``perturb.png``; return the summary."""
    out.mkdir(parents=True, exist_ok=True)
    summary = summarize_perturb(rows)
    write_csv(out / "perturb.csv", summary, PERTURB_COLUMNS)
    payload = {"summary": summary, "variants": [asdict(r) for r in rows]}
    (out / "perturb.json").write_text(json.dumps(payload, indent=1, ensure_ascii=False) + "\n",
                                      "utf-8")
    if chart:
        kinds = [r for r in summary if r["mode"] == "lenient"]
        labels = [f"{r['validator']}/{r['answer_type']}" if r["validator"] != "all" else "all"
                  for r in kinds]
        series = {}
        for mode in MODES:
            by_label = {(r["validator"], r["answer_type"]): r for r in summary
                        if r["mode"] == mode}
            key = [(r["validator"], r["answer_type"]) for r in kinds]
            series[f"{mode} false negatives"] = [by_label[k]["fn_rate"] or 0.0 for k in key]
            series[f"{mode} false positives"] = [by_label[k]["fp_rate"] or 0.0 for k in key]
        bar_chart(out / "perturb.png", labels, series,
                  "Validator errors on perturbed reference answers", "% of variants")
    return summary


TRACE_COLUMNS = ["mode", "tp", "fp", "fn", "tn", "precision", "precision_ci", "recall",
                 "recall_ci", "agreement", "agreement_ci"]


def write_traces(result: dict[str, Any], out: Path, chart: bool = True) -> None:
    """Write ``traces.csv`` (per-mode quality, or the disagreements without labels),
    ``traces.json`` and ``traces.png``."""
    out.mkdir(parents=True, exist_ok=True)
    if result["modes"]:
        write_csv(out / "traces.csv", result["modes"], TRACE_COLUMNS)
    else:
        write_csv(out / "traces.csv", result["disagreements"],
                  ["task_id", "episode", "answer", "lenient", "strict"])
    (out / "traces.json").write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n",
                                     "utf-8")
    if not chart:
        return
    if result["modes"]:
        labels = ["precision", "recall", "agreement"]
        series = {r["mode"]: [r[m] or 0.0 for m in labels] for r in result["modes"]}
        title = f"Validators against {result.get('labelled', 0)} human labels"
    else:
        total = max(1, result["episodes"])
        labels = ["passed", "disagree"]
        series = {
            "lenient": [result["lenient_passed"] / total, len(result["disagreements"]) / total],
            "strict": [result["strict_passed"] / total, len(result["disagreements"]) / total],
        }
        title = f"Verdicts on {result['episodes']} recorded episodes"
    bar_chart(out / "traces.png", labels, series, title, "%")


# --- CLI ----------------------------------------------------------------------

@click.group()
def study() -> None:
    """Measure how often the validators are wrong (perturbations, recorded traces)."""


@study.command("perturb")
@click.option("--site", type=click.Choice(TASK_GROUPS), help="Only this site's tasks.")
@click.option("--out", "out_dir", default="study-perturb", show_default=True,
              type=click.Path(file_okay=False), help="Folder for CSV, JSON and PNG.")
@click.option("--no-chart", is_flag=True, help="Skip the PNG chart (no matplotlib needed).")
def perturb_command(site: str | None, out_dir: str, no_chart: bool) -> None:
    """Judge equivalent and near-miss variants of every reference answer in both modes."""
    try:
        tasks = select_tasks(site or "all")
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    rows = run_perturb(tasks)
    if not rows:
        raise click.ClickException("no task in the selection has a reference answer or URL")
    summary = write_perturb(rows, Path(out_dir), chart=not no_chart)
    click.echo(markdown_table(summary, PERTURB_COLUMNS))
    click.echo(f"\n{len(rows)} variants of {len({r.task_id for r in rows})} tasks; "
               f"wrote {out_dir}/perturb.csv, perturb.json"
               + ("" if no_chart else ", perturb.png"))


@study.command("corpus")
@click.argument("path", required=False, type=click.Path(exists=True))
@click.option("--out", "out_dir", default="study-corpus", show_default=True,
              type=click.Path(file_okay=False), help="Folder for CSV and JSON.")
def corpus_command(path: str | None, out_dir: str) -> None:
    """Accept rates per class on a labelled answer corpus (default: the independent one,
    written to build/corpus by tests/validators/independent/build.py)."""
    if path is None and not DEFAULT_CORPUS.is_dir():
        raise click.ClickException(
            f"no corpus given and {DEFAULT_CORPUS} does not exist: in a source checkout, run "
            "`make webarena` and `python tests/validators/independent/build.py` first")
    cases = read_corpus(path or DEFAULT_CORPUS)
    rows = summarize_corpus(cases)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    write_csv(out / "corpus.csv", rows, list(rows[0]))
    (out / "corpus.json").write_text(json.dumps(rows, indent=2) + "\n", "utf-8")
    click.echo(markdown_table(rows, CORPUS_COLUMNS))
    click.echo(f"\n{len(cases)} cases; wrote {out_dir}/corpus.csv, corpus.json")


@study.command("traces")
@click.argument("directory", type=click.Path(exists=True, file_okay=False))
@click.option("--labels", "labels_path", type=click.Path(exists=True, dir_okay=False),
              help="CSV of human labels: task_id, episode, correct.")
@click.option("--out", "out_dir", default="study-traces", show_default=True,
              type=click.Path(file_okay=False), help="Folder for CSV, JSON and PNG.")
@click.option("--no-chart", is_flag=True, help="Skip the PNG chart (no matplotlib needed).")
def traces_command(directory: str, labels_path: str | None, out_dir: str,
                   no_chart: bool) -> None:
    """Compare strict and lenient verdicts on recorded episodes (and with human labels)."""
    episodes = read_episodes(directory)
    labels = read_labels(labels_path) if labels_path else None
    result = summarize_traces(episodes, labels)
    write_traces(result, Path(out_dir), chart=not no_chart)
    click.echo(f"{result['episodes']} answered episodes: lenient passed "
               f"{result['lenient_passed']}, strict passed {result['strict_passed']}, "
               f"{len(result['disagreements'])} disagreements")
    if result["disagreements"]:
        click.echo("")
        click.echo(markdown_table(result["disagreements"],
                                  ["task_id", "episode", "answer", "lenient", "strict"]))
    if labels is not None:
        click.echo(f"\n{result['labelled']} episodes have a human label")
        rows = [{**r, **{f"{m}_ci": "–" if r[m] is None else
                         f"{100 * r[f'{m}_ci'][0]:.1f}–{100 * r[f'{m}_ci'][1]:.1f} %"
                         for m in ("precision", "recall", "agreement")}}
                for r in result["modes"]]
        click.echo(markdown_table(rows, TRACE_COLUMNS))
    click.echo(f"\nwrote {out_dir}/traces.csv, traces.json" + ("" if no_chart else
                                                                 ", traces.png"))
