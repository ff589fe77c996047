"""Generate the independent labelled answer corpus (``generated.jsonl``).

Written from the answer-checking contract and the references only, never from the
validator code. Every transform below encodes one judgement a careful human grader
would make; each is applied only where that judgement holds (see the guards).

The cases are built in memory by :func:`build` (``load_cases()`` does so from
WebArena-Verified's wheel, which ``make webarena`` downloads); nothing generated is
committed. To write them as JSONL (for ``webenv study corpus``), from the repository root::

    python tests/validators/independent/build.py --out build/corpus
"""

from __future__ import annotations

import argparse
import copy
import datetime as dt
import json
import re
import zipfile
from collections import Counter, defaultdict
from pathlib import Path

try:  # imported as tests.validators.independent.build, or run as a script
    from .hand import HAND
except ImportError:
    from hand import HAND  # type: ignore[no-redef]

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
DEFAULT_WHEEL = ROOT / ".venv" / "webarena" / "webarena_verified-1.2.3-py3-none-any.whl"
"""Where ``make webarena`` puts WebArena-Verified's wheel (it carries ``test.raw.json``)."""
WHEEL_MEMBER = "webarena_verified/assets/dataset/test.raw.json"

MONTHS = [
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
WORDS = [
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

# WebArena templates whose must_include items are members of a set (answer = the set).
LIST_TEMPLATES = {279, 285, 222, 276, 17, 67, 245, 1356, 666, 324, 204, 234, 289, 368, 1001}
# ...of which the order of the members carries no meaning (no ranking, no route).
UNORDERED_TEMPLATES = {222, 276, 67, 245, 1356, 666, 289, 1001}
# Free-text opinion summaries: another instance's text may overlap in meaning, so a
# sibling's text is not used as a "different value" for these.
FREE_TEXT_TEMPLATES = {250, 249, 136, 193, 79, 65}


def norm(text: str) -> str:
    """Lower-case, drop punctuation and collapse spaces (only to compare references)."""
    return " ".join(re.sub(r"[^\w\s]", " ", text.lower()).split())


def items_of(ref: dict) -> tuple[str, list[str]]:
    """Return (eval path, reference items) of a ``reference_answers`` object."""
    for path in ("exact_match", "must_include", "fuzzy_match"):
        if path in ref:
            val = ref[path]
            if isinstance(val, list):
                return path, [str(v) for v in val]
            return path, [str(val)]
    raise ValueError(ref)


def render(items: list[str], join: str = ", ") -> str:
    return join.join(items)


def is_na(items: list[str]) -> bool:
    return items == ["N/A"]


NUM_RE = re.compile(r"\d+(?:\.\d+)?")


def change_number(text: str) -> str | None:
    """Change the last number in ``text`` so the value is different."""
    matches = list(NUM_RE.finditer(text))
    if not matches:
        return None
    m = matches[-1]
    s = m.group(0)
    if "." in s:
        head, tail = s.split(".")
        last = int(tail[-1])
        tail = tail[:-1] + str((last + 3) % 10 if last != 7 else 1)
        new = head + "." + tail
    else:
        new = str(int(s) + 1) if int(s) < 9 or len(s) < 2 else s[:-1] + str((int(s[-1]) + 5) % 10)
        if len(s) > 1 and s.startswith("0"):
            new = s[:-1] + str((int(s[-1]) + 5) % 10)
    return text[: m.start()] + new + text[m.end() :]


DATE_FORMATS = ["%m/%d/%y", "%m/%d/%Y", "%B %d %Y", "%B %d, %Y", "%Y-%m-%d", "%b %d %Y"]


def parse_date(text: str) -> dt.date | None:
    t = re.sub(r"(\d)(st|nd|rd|th)\b", r"\1", text.strip())
    for f in DATE_FORMATS:
        try:
            return dt.datetime.strptime(t, f).date()
        except ValueError:
            pass
    return None


def date_variants(d: dt.date) -> list[str]:
    return [
        f"{MONTHS[d.month - 1]} {d.day}, {d.year}",
        d.isoformat(),
        f"{d.day} {MONTHS[d.month - 1]} {d.year}",
        f"{d.month}/{d.day}/{d.year}",
        f"{MONTHS[d.month - 1][:3]} {d.day}, {d.year}",
    ]


DIST_RE = re.compile(r"^(\d+(?:\.\d+)?)\s*(km|m)$")
DUR_RE = re.compile(r"^(?:(\d+)\s*h)?\s*(?:(\d+)\s*min(?:utes)?)?\.?$")


def dur_minutes(text: str) -> int | None:
    m = DUR_RE.match(text.strip())
    if not m or not (m.group(1) or m.group(2)):
        return None
    return int(m.group(1) or 0) * 60 + int(m.group(2) or 0)


def fmt_minutes(mins: int) -> list[str]:
    h, m = divmod(mins, 60)
    if h == 0:
        return [f"{m} minutes", f"{m} mins", f"{m} min"]
    hours = "hour" if h == 1 else "hours"
    return [
        f"{h} {hours} {m} minutes",
        f"{h} {hours} and {m} minutes",
        f"{h}h{m:02d}m",
        f"{mins} minutes",
    ]


def is_count(intent: str) -> bool:
    """Whether the question asks for a count (not an identifier such as an order number)."""
    return bool(re.search(r"how many|count|number of", intent)) and not re.search(
        r"order number|order id|phone|zip|port\b", intent
    )


def infer_type(task: dict, path: str, items: list[str]) -> str | None:
    """Answer type a careful reader would give this WebArena reference (or None)."""
    intent = task["intent"].lower()
    tid = task["intent_template_id"]
    if is_na(items):
        return "infeasible"
    if len(items) == 1:
        x = items[0]
        if x in ("Yes", "No"):
            return "boolean"
        if x.startswith("http"):
            return "url"
        if DIST_RE.match(x):
            return "distance"
        if dur_minutes(x) is not None:
            return "duration"
        if parse_date(x):
            return "date"
        if re.fullmatch(r"\d+", x) and is_count(intent):
            return "number"
        if re.fullmatch(r"\d+(\.\d+)?", x) and re.search(
            r"spen|refund|total|cost|payment|grand total|price", intent
        ):
            return "currency"
        if path == "exact_match" and not re.search(r"\d", x):
            return "string"
        return None
    if tid in LIST_TEMPLATES and path == "must_include" and not any("|OR|" in i for i in items):
        return "list"
    return None


class Out:
    """Collects cases with unique ids."""

    def __init__(self) -> None:
        self.cases: list[dict] = []
        self.seen: set[tuple[str, str]] = set()
        # How many ids start with "<p>-", for every such p: the next id's number.
        self.numbered: Counter[str] = Counter()

    def add(
        self, prefix: str, spec: dict, answer: str, expected: bool, cls: str, note: str, source: str
    ) -> None:
        key = (prefix, json.dumps(spec, sort_keys=True), answer)
        if key in self.seen:
            return
        self.seen.add(key)
        cid = f"{prefix}-{self.numbered[prefix]:03d}"
        self.numbered.update(cid[:i] for i, char in enumerate(cid) if char == "-")
        self.cases.append(
            {
                "id": cid,
                "spec": spec,
                "answer": answer,
                "expected": expected,
                "class": cls,
                "note": note,
                "source": source,
            }
        )


def value_cases(  # noqa: C901 - one judgement per answer type, kept together for review
    out: Out,
    prefix: str,
    spec: dict,
    source: str,
    atype: str | None,
    intent: str,
    siblings: list[list[str]],
    tid: int | None,
) -> None:
    """Cases derived from one spec (WebArena published/typed or webenv)."""
    path, items = items_of(spec["reference_answers"])
    if any("|OR|" in i for i in items):
        return  # hand-written (see hand.jsonl)
    add = lambda a, e, c, n: out.add(prefix, spec, a, e, c, n, source)  # noqa: E731
    base = render(items)
    islist = len(items) > 1
    if is_na(items):
        add("N/A", True, "infeasible", "the reference itself")
        add(
            "This task is not feasible: the requested information does not exist on the site.",
            True,
            "infeasible",
            "infeasible stated in a sentence",
        )
        add(
            "I cannot complete this task because what it asks for does not exist.",
            True,
            "infeasible",
            "explains infeasibility",
        )
        add(
            "**N/A** — after checking every relevant page, there is nothing that matches.",
            True,
            "infeasible",
            "markdown N/A with explanation",
        )
        vals = [sib for sib in siblings if not is_na(sib)]
        if vals:
            add(
                f"N/A or {render(vals[0])}",
                False,
                "hedge",
                "hedge between infeasible and a sibling's value",
            )
        for sib in vals[:2]:
            if True:
                add(
                    render(sib),
                    False,
                    "infeasible",
                    "a value was given where the task is infeasible",
                )
                add(
                    f"The answer is {render(sib)}.",
                    False,
                    "infeasible",
                    "a value in a sentence where the task is infeasible",
                )
        return
    # -- right answers -------------------------------------------------------
    add(base, True, "verbatim", "the reference as written")
    if path == "fuzzy_match" and tid in FREE_TEXT_TEMPLATES:
        add(f"Based on what I found: {base}", True, "sentence", "reference after a preamble")
    else:
        add(f"The answer is {base}.", True, "sentence", "reference embedded in a sentence")
        add(
            f"Based on the information on the page, the answer is: {base}",
            True,
            "sentence",
            "agent-style preamble",
        )
    if not islist:
        add(f"**{base}**", True, "markdown", "bold markdown around the reference")
        add(
            f"{base}\n\nI found this on the details page after checking the listing.",
            True,
            "trailing-explanation",
            "reference followed by an explanation",
        )
    else:
        add("\n".join(f"- {i}" for i in items), True, "list-joins", "markdown bullet list")
        add(", ".join(items[:-1]) + " and " + items[-1], True, "list-joins", "comma and 'and' join")
    safe_case = not re.search(r"http|ssh://|@|[A-Z].*\d.*[a-z]|_", base)
    if safe_case and base.lower() != base:
        add(base.lower(), True, "case", "lower-cased")
    if safe_case and base.upper() != base and len(base) < 60:
        add(base.upper(), True, "case", "upper-cased")
    if "™" in base or "®" in base:
        add(base.replace("™", "").replace("®", ""), True, "trademark", "without ™/®")
    # -- wrong answers -------------------------------------------------------
    # hedge partners: a sibling answer with at least one item the reference lacks
    partners: list[list[str]] = []
    # different values: a sibling answer that leaves out some reference item and shares none
    distinct: list[list[str]] = []
    for sib in siblings:
        sn = norm(render(sib))
        if is_na(sib) or sn == norm(base):
            continue
        superset = all(norm(i) in sn for i in items)
        # "A or A-plus-more" is a hedge only where the answer is a set of candidates
        set_answer = tid in LIST_TEMPLATES or (tid is None and islist)
        if (
            any(all(norm(i) not in norm(x) for x in items) for i in sib)
            and (set_answer or not superset)
            and sn not in [norm(render(d)) for d in partners]
        ):
            partners.append(sib)
        if any(norm(i) in sn for i in items) or any(norm(i) in norm(base) for i in sib):
            continue
        if sn not in [norm(render(d)) for d in distinct]:
            distinct.append(sib)
    if partners:
        alt = render(partners[0])
        add(f"{base} or {alt}", False, "hedge", "hedge between two sibling answers")
        add(f"It is either {alt} or {base}.", False, "hedge", "hedge, reference second")
        if len(partners) > 1:
            add(f"Maybe {base}, maybe {render(partners[1])}.", False, "hedge", "maybe/maybe hedge")
    if distinct and tid not in FREE_TEXT_TEMPLATES:
        alt = render(distinct[0])
        add(alt, False, "changed-value", "a sibling task's answer")
        add(
            f"The answer is {alt}.", False, "changed-value", "a sibling task's answer in a sentence"
        )
    if not islist and tid not in FREE_TEXT_TEMPLATES and len(base) < 80:
        add(f"It is not {base}.", False, "negation", "negates the reference")
    if not base.lower().startswith("there is no"):
        add(
            "N/A: the site does not provide this information.",
            False,
            "infeasible",
            "claims infeasible where a value was expected",
        )
    changed = change_number(base)
    if changed and changed != base and not re.search(r"http|ssh://|@", base):
        add(changed, False, "changed-value", "one number changed")
        add(
            f"The answer is {changed}.", False, "changed-value", "one number changed, in a sentence"
        )
    if islist:
        first, rest = items[0], items[1:]
        if tid == 66:  # name + address + walking distance: leave out the distance
            first, rest = items[-1], items[:-1]
        if tid != 39 and norm(first) not in norm(render(rest)):
            add(render(rest), False, "missing-item", f"omits {first!r}")
        if tid is None or tid in LIST_TEMPLATES:
            pool = [
                i
                for sib in siblings
                for i in sib
                if not is_na(sib)
                and all(norm(i) not in norm(x) and norm(x) not in norm(i) for x in items)
            ]
            if pool:
                add(render([*items, pool[0]]), False, "extra-item", f"adds {pool[0]!r}")
        if tid is None or tid in UNORDERED_TEMPLATES:
            add(
                " and ".join(reversed(items)),
                True,
                "list-order",
                "reversed order; order carries no meaning here",
            )
    # -- typed phenomena -----------------------------------------------------
    if atype in ("number",) or (atype is None and re.fullmatch(r"\d+", base) and is_count(intent)):
        if not re.fullmatch(r"\d+", base):
            if re.fullmatch(r"\d+\.\d+", base):
                add(base + "0", True, "format", "trailing zero")
                add(f"{base} out of 5", True, "sentence", "rating scale stated")
                add(f"between {base} and {change_number(base)}", False, "hedge", "a range")
            return
        n = int(base)
        if n <= 20:
            add(f"The count is {WORDS[n]}.", True, "number-words", f"{WORDS[n]} = {n}")
            add(WORDS[n].capitalize(), True, "number-words", "number word alone")
        if is_count(intent):
            add(f"{n} in total", True, "format", "count with a trailing phrase")
        add(f"more than {n}", False, "bound", "a bound, not the value")
        add(f"At least {n}", False, "bound", "a lower bound, not the value")
        if n > 0:
            add(f"either {n} or {n + 1}", False, "hedge", "hedge between neighbouring counts")
            add(f"{n - 1}", False, "changed-value", "off by one")
        add(
            f"There are {n}, but I may have missed some; it could also be {n + 2}.",
            False,
            "hedge",
            "second candidate in a trailing sentence",
        )
        if n >= 1000 and "port" not in intent:
            add(f"{n:,}", True, "locale-number", "thousands separator")
    if atype == "currency" or (
        atype is None
        and re.fullmatch(r"\d+\.\d\d", base)
        and re.search(r"spen|refund|cost|payment|total", intent)
    ):
        v = float(base.replace("$", "").replace(",", ""))
        add(f"${v:,.2f}", True, "currency-format", "dollar sign and cents")
        add(f"{v:.2f} USD", True, "currency-format", "ISO code")
        d, c = divmod(round(v * 100), 100)
        add(f"{d} dollars and {c} cents", True, "currency-words", "dollars and cents")
        add(f"${v + 1:,.2f}", False, "changed-value", "one dollar more")
        if v:
            add(f"${v / 10:,.2f}", False, "changed-value", "decimal point moved")
        add(f"over ${v:,.2f}", False, "bound", "a bound, not the value")
    dm = DIST_RE.match(base)
    if dm and not islist:
        val, unit = float(dm.group(1)), dm.group(2)
        metres = val * (1000 if unit == "km" else 1)
        add(
            f"{dm.group(1)} {'kilometers' if unit == 'km' else 'meters'}",
            True,
            "units",
            "unit written out",
        )
        add(f"{dm.group(1)} {unit}", True, "format", "space before the unit")
        if unit == "km":
            add(f"{metres:.0f} m", True, "units", "same distance in metres")
            add(f"{dm.group(1)} m", False, "wrong-unit", "metres instead of kilometres")
            add(f"{val * 0.621371:.2f} miles", True, "units", "same distance in miles")
        else:
            add(f"{metres / 1000:g} km", True, "units", "same distance in km")
            add(f"{dm.group(1)} km", False, "wrong-unit", "kilometres instead of metres")
        add(
            f"about {dm.group(1)}{unit} or {change_number(dm.group(1))}{unit}",
            False,
            "hedge",
            "two distances",
        )
    mins = dur_minutes(base) if not islist else None
    if mins is not None:
        for v in fmt_minutes(mins):
            add(v, True, "units", "same duration written differently")
        add(fmt_minutes(mins + 10)[0], False, "changed-value", "ten minutes more")
        add(
            f"{mins} hours" if mins > 1 else "1 hour",
            False,
            "wrong-unit",
            "hours instead of minutes",
        )
        add(f"less than {fmt_minutes(mins + 1)[0]}", False, "bound", "a bound")
    d0 = parse_date(base) if not islist else None
    if d0:
        for v in date_variants(d0):
            add(v, True, "date-format", "same date, other format")
        add(date_variants(d0 + dt.timedelta(days=1))[0], False, "changed-value", "next day")
        add(
            date_variants(d0.replace(year=d0.year - 1))[0],
            False,
            "changed-value",
            "one year earlier",
        )
        add(
            f"{MONTHS[d0.month - 1]} {d0.year}",
            False,
            "incomplete",
            "month only where a day was asked",
        )
    if atype == "month" and not islist:
        mo = dt.datetime.strptime(base, "%B %Y").date()
        for v in (
            f"{MONTHS[mo.month - 1][:3]} {mo.year}",
            f"{mo.year}-{mo.month:02d}",
            f"{mo.month}/{mo.year}",
            f"{MONTHS[mo.month - 1].lower()} {mo.year}",
        ):
            add(v, True, "date-format", "same month, other format")
        prev = mo.replace(day=1) - dt.timedelta(days=1)
        add(f"{MONTHS[prev.month - 1]} {prev.year}", False, "changed-value", "previous month")
        add(f"{MONTHS[mo.month - 1]} {mo.year - 1}", False, "changed-value", "previous year")
        add(
            f"{MONTHS[mo.month - 1]} {mo.year} or {MONTHS[prev.month - 1]} {prev.year}",
            False,
            "hedge",
            "two months",
        )
    if base in ("Yes", "No"):
        other = "No" if base == "Yes" else "Yes"
        add(f"{base.lower()}.", True, "polarity", "same polarity")
        add(other, False, "polarity", "opposite polarity")
        add(f"{base} or {other}", False, "hedge", "both polarities")


def webarena(out: Out, data: list[dict]) -> None:
    sm = [t for t in data if t["eval"]["eval_types"] == ["string_match"]]
    by_tpl: dict[int, list[dict]] = defaultdict(list)
    for t in sm:
        by_tpl[t["intent_template_id"]].append(t)
    for t in sm:
        spec = copy.deepcopy(t["eval"])
        rpath, items = items_of(spec["reference_answers"])
        sibs = [
            items_of(s["eval"]["reference_answers"])[1]
            for s in by_tpl[t["intent_template_id"]]
            if s is not t
        ]
        src = f"webarena:{t['task_id']}"
        tid = t["intent_template_id"]
        # both eval paths at once (must_include + fuzzy_match): only the verbatim and hedge
        if len(spec["reference_answers"]) > 1:
            mi = spec["reference_answers"]["must_include"]
            fz = spec["reference_answers"]["fuzzy_match"]
            out.add(
                f"wa{t['task_id']}",
                spec,
                f"{render(mi)}; {render(fz)}",
                True,
                "verbatim",
                "all parts of both references",
                src,
            )
            out.add(
                f"wa{t['task_id']}",
                spec,
                f"{render(mi)}, about {change_number(fz[0])}",
                False,
                "changed-value",
                "travel time changed",
                src,
            )
            out.add(
                f"wa{t['task_id']}",
                spec,
                render(fz),
                False,
                "missing-item",
                "the place is missing",
                src,
            )
            for s in by_tpl[tid]:
                sr = s["eval"]["reference_answers"]
                if s is not t and "fuzzy_match" in sr and sr.get("fuzzy_match") != fz:
                    out.add(
                        f"wa{t['task_id']}",
                        spec,
                        f"{render(mi)}; {render(fz)} or {render(sr['fuzzy_match'])}",
                        False,
                        "hedge",
                        "two travel times",
                        src,
                    )
                    break
            continue
        value_cases(out, f"wa{t['task_id']}", spec, src, None, t["intent"].lower(), sibs, tid)
        atype = infer_type(t, rpath, items)
        if atype:
            typed = dict(spec, answer_type=atype)
            value_cases(
                out, f"wa{t['task_id']}t", typed, src, atype, t["intent"].lower(), sibs, tid
            )


def webenv(out: Out) -> None:
    groups: dict[str, list[dict]] = defaultdict(list)
    for f in sorted((ROOT / "tasks").rglob("*.json")):
        data = json.loads(f.read_text())
        for t in data if isinstance(data, list) else [data]:
            if t.get("eval", {}).get("eval_types") == ["string_match"]:
                groups[t["task_id"].rsplit("/", 1)[0]].append(t)
    by_type: dict[str, list[list[str]]] = defaultdict(list)
    for ts in groups.values():
        for t in ts:
            by_type[t["eval"].get("answer_type")].append(
                items_of(t["eval"]["reference_answers"])[1]
            )
    for ts in groups.values():
        for t in ts:
            spec = copy.deepcopy(t["eval"])
            items = items_of(spec["reference_answers"])[1]
            sibs = [items_of(s["eval"]["reference_answers"])[1] for s in ts if s is not t]
            # same-type answers of other tasks make sibling-like wrong values
            sibs += [x for x in by_type[spec["answer_type"]] if x != items][:3]
            value_cases(
                out,
                "we-" + t["task_id"].replace("/", "-"),
                spec,
                f"webenv:{t['task_id']}",
                spec["answer_type"],
                t["intent"].lower(),
                sibs,
                None,
            )


def webenv_specs() -> dict[str, dict]:
    """Every shipped webenv task's ``eval`` object by task id."""
    specs = {}
    for f in sorted((ROOT / "tasks").rglob("*.json")):
        data = json.loads(f.read_text())
        for t in data if isinstance(data, list) else [data]:
            specs[t["task_id"]] = t["eval"]
    return specs


def hand(data: list[dict]) -> list[dict]:
    """Turn the hand-written rows of ``hand.py`` into cases."""
    wa = {t["task_id"]: t["eval"] for t in data}
    we = webenv_specs()
    cases = []
    for n, (source, atype, answer, expected, cls, note) in enumerate(HAND):
        kind, _, ref = source.partition(":")
        if kind == "webarena":
            spec = copy.deepcopy(wa[int(ref)])
        elif kind == "webenv":
            spec = copy.deepcopy(we[ref])
        else:  # contract:<type>:<path>:<reference>
            _, path_, value = ref.split(":", 2)
            spec = {"eval_types": ["string_match"], "reference_answers": {path_: value}}
        if atype:
            spec["answer_type"] = atype
        cases.append(
            {
                "id": f"hand-{n:03d}",
                "spec": spec,
                "answer": answer,
                "expected": expected,
                "class": cls,
                "note": note,
                "source": source,
            }
        )
    return cases


def read_webarena(path: Path) -> list[dict]:
    """WebArena's ``test.raw.json``: the file itself, or read from the webarena-verified wheel."""
    if path.suffix == ".whl":
        with zipfile.ZipFile(path) as archive:
            return json.loads(archive.read(WHEEL_MEMBER))
    return json.loads(path.read_text())


def build(data: list[dict]) -> tuple[list[dict], list[dict]]:
    """``(generated cases, hand-written cases)`` from WebArena's configs and our tasks,
    each with the intent of the task it comes from (as the env judges an answer)."""
    out = Out()
    webarena(out, data)
    webenv(out)
    generated, written = out.cases, hand(data)
    intents = {f"webarena:{t['task_id']}": t["intent"] for t in data}
    for f in sorted((ROOT / "tasks").rglob("*.json")):
        tasks = json.loads(f.read_text())
        for t in tasks if isinstance(tasks, list) else [tasks]:
            intents[f"webenv:{t['task_id']}"] = t.get("intent", "")
    for case in [*generated, *written]:
        if intent := intents.get(case["source"]):
            case["intent"] = intent
    return generated, written


def write(directory: Path, name: str, cases: list[dict]) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    with open(directory / name, "w") as fh:
        for c in cases:
            fh.write(json.dumps(c, ensure_ascii=False) + "\n")
    print(name, len(cases), "cases,", sum(c["expected"] for c in cases), "expected true")


def stats(cases: list[dict]) -> str:
    """Markdown tables of case counts per class, answer type and eval path (for the README)."""

    def table(title: str, key) -> str:
        rows: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for c in cases:
            for k in key(c):
                rows[k][0 if c["expected"] else 1] += 1
        lines = [
            f"| {title} | right (expected true) | wrong (expected false) | total |",
            "|---|---:|---:|---:|",
        ]
        for k, (r, w) in sorted(rows.items(), key=lambda kv: -sum(kv[1])):
            lines.append(f"| {k} | {r} | {w} | {r + w} |")
        return "\n".join(lines)

    right = sum(c["expected"] for c in cases)
    return "\n\n".join(
        [
            f"{len(cases)} cases: {right} right, {len(cases) - right} wrong; "
            f"{len({c['source'] for c in cases if c['source'].startswith('webarena:')})} WebArena "
            f"tasks, {len({c['source'] for c in cases if c['source'].startswith('webenv:')})} "
            "webenv tasks.",
            table("class", lambda c: [c["class"]]),
            table(
                "answer_type", lambda c: [c["spec"].get("answer_type") or "(none: as published)"]
            ),
            table("eval path", lambda c: sorted(c["spec"]["reference_answers"])),
        ]
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument(
        "--webarena",
        type=Path,
        default=DEFAULT_WHEEL,
        help="test.raw.json, or the webarena-verified wheel (make webarena)",
    )
    ap.add_argument(
        "--out",
        type=Path,
        default=ROOT / "build" / "corpus",
        help="folder for generated.jsonl and hand.jsonl",
    )
    ap.add_argument("--stats", action="store_true", help="print the README count tables")
    args = ap.parse_args()
    generated, hand_cases = build(read_webarena(args.webarena))
    write(args.out, "generated.jsonl", generated)
    write(args.out, "hand.jsonl", hand_cases)
    if args.stats:
        print(stats(generated + hand_cases))


if __name__ == "__main__":
    main()
