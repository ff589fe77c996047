"""Answer variants for the ``perturb`` study: equivalent rewrites and near misses of a
reference, judged in both modes.

The generators are written from templates of how people write answers, independently
of the lenient normalizers they test.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal, InvalidOperation

from webenv.sites import SITES
from webenv.tasks import Task
from webenv.validators import MODES, EvalSpec, check_answer, check_url

# --- variant generators -------------------------------------------------------

_SMALL = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
]
_MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
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
    """ "$X" -> "X USD", "X dollars", "$X0", "D dollars and C cents"...; wrong: ±1 cent,
    ×10, ÷10, cents dropped, two candidates, another offered in a note, negation, another
    currency."""
    value = _decimal(ref)
    if value is None:
        return []
    x = _money(value)
    dollars, cents = x.split(".")
    good = [
        (f"${x}", "symbol"),
        (x, "bare"),
        (f"{x} USD", "code after"),
        (f"USD {x}", "code before"),
        (f"{x} dollars", "word"),
        (f"${x}0", "extra zero"),
        (f"$ {x}", "spaced symbol"),
        (f"The total is ${x}.", "sentence"),
        (f"{dollars} dollars and {cents} cents", "dollars and cents"),
    ]
    if value >= 1000:
        good.append((f"${int(value):,}.{cents}", "thousands separator"))
    if cents == "00":
        good.append((f"${dollars}", "whole dollars"))
    bad = [
        (f"${_money(value + Decimal('0.01'))}", "one cent more"),
        (f"${_money(value * 10)}", "times ten"),
        (f"${x} or ${_money(value + 1)}", "two candidates"),
        (f"${x}\n\nNote: maybe ${_money(value + 1)}", "tentative note"),
        (f"not ${x}", "negated"),
        (f"€{x}", "another currency"),
    ]
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
    """ "N" -> words, "N.0", "Answer: N", "N in total"; wrong: N±1, ×10, two candidates,
    a bound, negation, a failure to find it, another value offered in a note."""
    value = _decimal(ref)
    if value is None:
        return []
    n = format(value.normalize(), "f")
    good = [
        (n, "bare"),
        (f"Answer: {n}", "label"),
        (f"The answer is {n}.", "sentence"),
        (f"{n} in total", "trailing words"),
        (f"{n}\n\nNote: I counted them on the page.", "trailing note"),
    ]
    if value == value.to_integral_value():
        good.append((f"{n}.0", "decimal zero"))
        if 0 <= value <= 20:
            good.append((_SMALL[int(value)], "word"))
        if value >= 1000:
            good.append((f"{int(value):,}", "thousands separator"))
    bad = [
        (format((value + 1).normalize(), "f"), "plus one"),
        (f"{n} or {format((value + 1).normalize(), 'f')}", "two candidates"),
        (f"{n}\n\nNote: maybe {format((value + 1).normalize(), 'f')}", "tentative note"),
        (f"more than {n}", "a bound"),
        (f"not {n}", "negated"),
        (f"I could not find {n}", "not found"),
    ]
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

    good = [
        (day.isoformat(), "ISO"),
        (written(day), "month day, year"),
        (f"{month[:3]} {day.day}, {day.year}", "abbreviated month"),
        (f"{day.day} {month} {day.year}", "day month year"),
        (f"{day.month:02d}/{day.day:02d}/{day.year}", "US numeric"),
        (f"{day.month}/{day.day}/{day.year}", "US numeric, no zeros"),
        (f"{month} {_ordinal(day.day)}, {day.year}", "ordinal day"),
        (f"{_WEEKDAYS[day.weekday()]}, {written(day)}", "weekday"),
        (f"It was on {written(day)}.", "sentence"),
    ]
    bad = [
        (written(day + timedelta(days=1)), "next day"),
        (written(day - timedelta(days=1)), "previous day"),
        (f"{month} {day.year}", "day missing"),
    ]
    with contextlib.suppress(ValueError):
        bad.append((written(day.replace(year=day.year - 1)), "previous year"))
    if day.day <= 12 and day.day != day.month:
        bad.append((date(day.year, day.day, day.month).isoformat(), "month and day swapped"))
    return _pack(good, bad, reference=day.isoformat(), key=lambda t: t)


def month_variants(ref: str) -> list[Variant]:
    """ "December 2023" -> "Dec 2023", "2023-12", "12/2023"...; wrong: ±1 month, another
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
    good = [
        (written(month, year), "month year"),
        (f"{name[:3]} {year}", "abbreviated"),
        (f"{year}-{month:02d}", "ISO"),
        (f"{month:02d}/{year}", "numeric"),
        (f"in {name} {year}", "preposition"),
        (f"{name}, {year}", "comma"),
    ]
    bad = [
        (written(*following), "next month"),
        (written(*previous), "previous month"),
        (written(month, year - 1), "previous year"),
        (f"{written(month, year)} or {written(*following)}", "two candidates"),
    ]
    return _pack(good, bad, reference=written(month, year), key=str.lower)


def boolean_variants(ref: str) -> list[Variant]:
    """yes/no -> "Yes.", "True", "Yes, that's right"; wrong: the opposite, a hedge."""
    yes = str(ref).strip().lower() in ("yes", "true")
    word, other = ("Yes", "No") if yes else ("No", "Yes")
    good = [
        (word, "word"),
        (word.lower() + ".", "lower case"),
        (str(yes), "true/false"),
        (f"{word}, that's right." if yes else "No, it is not.", "sentence"),
    ]
    bad = [(other, "opposite"), (str(not yes), "opposite true/false"), ("I'm not sure", "hedge")]
    return _pack(good, bad, reference=word, key=str.lower)


def _names(refs: Iterable[str], reference: str) -> list[str]:
    return sorted(
        {
            r
            for r in refs
            if r.strip().lower() != reference.strip().lower()
            and reference.strip().lower() not in r.strip().lower()
        }
    )


def string_variants(ref: str, others: list[str]) -> list[Variant]:
    """Case, punctuation, quotes, ™, articles, paraphrase templates, a source remark;
    wrong: negation, another name from the same task set, a superset "A or B", the
    reference retracted or excluded beside another name, another name offered in a note,
    a truncated name."""
    good = [
        (ref.lower(), "lower case"),
        (ref.upper(), "upper case"),
        (f"{ref}.", "full stop"),
        (f'"{ref}"', "quoted"),
        (f"{ref}™", "trademark"),
        (f"The answer is {ref}.", "paraphrase"),
        (f"Answer: {ref}", "label"),
        (f"  {ref}  ", "whitespace"),
        (f"{ref}, based on what the page shows.", "source remark"),
    ]
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
        bad.append((f"{names[0]}. (Earlier I thought {ref}.)", "retracted"))
        bad.append((f"{names[0]} (not {ref})", "excluded"))
        bad.append((f"{ref}\n\nNote: maybe {names[-1]}", "tentative note"))
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
    good = [
        (", ".join(items), "comma"),
        (", ".join(rev), "reversed"),
        (", ".join(items[:-1]) + " and " + items[-1], "and-joined"),
        ("\n".join(f"- {i}" for i in items), "bullets"),
        ("\n".join(f"{n}. {i}" for n, i in enumerate(items, 1)), "numbered"),
        ("\n".join(items), "lines"),
        ("; ".join(rev), "semicolons"),
        (", ".join(i.lower() for i in items), "lower case"),
    ]
    extra = next((o for o in sorted(others) if o not in items), "Extra Item")
    bad = [
        (", ".join(items[:-1]), "item dropped"),
        (", ".join([*items, extra]), "item added"),
        (", ".join([*items[:-1], extra]), "item replaced"),
    ]
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
    good = [
        (full, "expanded"),
        (f"https://{host}{rest}", "https"),
        (f"http://{host.upper()}{rest}", "upper-case host"),
        (f"{full}#top", "fragment"),
    ]
    if not query:
        good.append((full.rstrip("/") + "/", "trailing slash"))
    else:
        pairs = query.split("&")
        if len(pairs) > 1:
            good.append((f"http://{host}{path}?{'&'.join(reversed(pairs))}", "query order"))
    other = "forum.test" if host != "forum.test" else "shop.test"
    bad = [(f"http://{other}{rest}", "another site")]
    if path.strip("/"):
        bad.append(
            (f"http://{host}{path.rstrip('/')}-2" + (f"?{query}" if query else ""), "longer path")
        )
        parent = path.rstrip("/").rsplit("/", 1)[0] or "/"
        bad.append((f"http://{host}{parent}", "parent page"))
    if query:
        key, _, value = query.split("&")[0].partition("=")
        bad.append((f"http://{host}{path}?{key}={value}x", "changed query value"))
    return _pack(good, bad, reference=full, key=lambda t: t)


def infeasible_variants(others: list[str]) -> list[Variant]:
    """ "N/A", "Not possible", report_infeasible(...); wrong: a made-up answer."""
    good = [
        ("N/A", "N/A"),
        ("n/a", "lower case"),
        ("Not possible", "phrase"),
        ("This cannot be done.", "sentence"),
        ('report_infeasible("not available")', "action text"),
        ("I could not find it: it does not exist.", "explanation"),
    ]
    bad = [("Done", "claims success"), ("42", "made-up number")]
    bad += [(o, "an answer from another task") for o in sorted(others)[:2]]
    return _pack(good, bad, reference="N/A", key=lambda t: t)


def _pack(
    good: list[tuple[str, str]],
    bad: list[tuple[str, str]],
    *,
    reference: str,
    key: Callable[[str], str],
) -> list[Variant]:
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
            kind = task.eval.answer_type or "string" if validator == "string_match" else "url"
            rows.append(
                Judged(
                    task.task_id,
                    validator,
                    kind,
                    variant.template,
                    variant.text,
                    variant.equivalent,
                    verdicts["lenient"].passed,
                    verdicts["strict"].passed,
                    verdicts["lenient"].rule,
                    verdicts["strict"].rule,
                )
            )
    return rows
