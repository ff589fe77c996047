"""``program_html``: checking the content of elements on a page."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import lxml.etree
import lxml.html
from cssselect import SelectorError

from webenv.axtree.rules import hidden_by_itself, is_hidden

from .answers import check_page_text
from .context import EvalContext, expand
from .spec import EvalSpec, ProgramHtmlEntry
from .text import find_phrase, strict_clean, tokens
from .verdict import Verdict, check_entries, combine, error, fail, ok, one_line, parsed_spec, show

_BLOCK_TAGS = frozenset(
    {
        "address",
        "article",
        "aside",
        "blockquote",
        "br",
        "button",
        "caption",
        "dd",
        "div",
        "dl",
        "dt",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "hr",
        "label",
        "legend",
        "li",
        "main",
        "nav",
        "ol",
        "option",
        "p",
        "pre",
        "section",
        "select",
        "summary",
        "table",
        "tbody",
        "td",
        "tfoot",
        "th",
        "thead",
        "tr",
        "ul",
        "textarea",
        "input",
        "img",
    }
)


def check_program_html(
    spec: EvalSpec | Mapping[str, Any], context: EvalContext, *, mode: str = "lenient"
) -> Verdict:
    """``program_html``: do the located elements contain the required contents?

    For each entry of ``spec["program_html"]``: fetch ``url`` (``"last"`` is the current
    page), select elements with ``locator`` (``css:...``, ``xpath:...``; empty = the
    whole body; an integer ``nth`` keeps only that match, counting from 0, as
    ``querySelector``/``querySelectorAll(...)[n]`` do), take their whitespace-collapsed
    text (the value for form controls) and
    check ``required_contents`` (``exact_match``, ``must_include``, ``fuzzy_match``,
    ``must_exclude``) with string semantics in the given mode. All entries must pass.

    Args:
        spec: The task's ``eval`` spec (a dict is parsed; a bad one gives ``error:bad-spec``).
        context: Supplies ``fetch_page`` and the placeholder map.
        mode: ``"lenient"`` or ``"strict"``.

    Returns:
        The verdict; never raises.
    """
    parsed = parsed_spec(spec)
    if isinstance(parsed, Verdict):
        return parsed
    return check_entries(
        parsed.program_html,
        check="program_html",
        needs="entries",
        label="program_html",
        entry=lambda item: _entry(item, context, mode),
        mode=mode,
    )


def element_text(element: Any) -> str:
    """Visible text of an element, whitespace-collapsed; a form control's value.

    What the accessibility tree's rules hide is not shown: script, style, template and
    the like, and elements hidden by ``hidden``, ``aria-hidden="true"``, an inline
    ``display: none`` / ``visibility: hidden`` or ``type="hidden"``, themselves or
    through an ancestor (the same rules in both backends, ``webenv.axtree.rules``).
    """
    if isinstance(element, str):
        return " ".join(element.split())
    if not isinstance(element, lxml.etree._Element):
        return " ".join(str(element).split())
    if isinstance(element.tag, str) and is_hidden(element):
        return ""
    tag = element.tag if isinstance(element.tag, str) else ""
    tag = tag.lower()
    if tag == "input":
        return " ".join((element.get("value") or "").split())
    if tag == "select":
        chosen = element.xpath(".//option[@selected]") or element.xpath(".//option")[:1]
        return " ".join(" ".join(o.text_content().split()) for o in chosen)
    parts: list[str] = []
    _walk(element, parts)
    return " ".join("".join(parts).split())


def _walk(element: Any, parts: list[str]) -> None:
    tag = element.tag.lower() if isinstance(element.tag, str) else ""
    if not tag or hidden_by_itself(element):
        return
    block = tag in _BLOCK_TAGS
    if block:
        parts.append(" ")
    if tag == "input":
        parts.append(element.get("value") or "")
    parts.append(element.text or "")
    for child in element:
        _walk(child, parts)
        parts.append(child.tail or "")
    if block:
        parts.append(" ")


def _select(page: Any, locator: str) -> list[Any]:
    locator = locator.strip()
    if not locator:
        bodies = page.xpath("//body") if hasattr(page, "xpath") else []
        return bodies[:1] or [page]
    if locator.startswith("css:"):
        return list(page.cssselect(locator[4:].strip()))
    if locator.startswith("xpath:"):
        found = page.xpath(locator[6:].strip())
    elif locator.startswith(("/", "(", "./")):
        found = page.xpath(locator)
    else:
        return list(page.cssselect(locator))
    if isinstance(found, list):
        return found
    return [found]  # a string, number or boolean XPath result


def _load(target: str, context: EvalContext) -> Any:
    page = context.fetch_page(target)
    if isinstance(page, bytes | str):
        page = lxml.html.fromstring(page)
    if hasattr(page, "getroot"):
        page = page.getroot()
    return page


def _entry(entry: ProgramHtmlEntry, context: EvalContext, mode: str) -> Verdict:
    url = entry.url.strip() or "last"
    locator = entry.locator
    required = entry.required_contents
    if (
        url.startswith("func:")
        or "document." in locator
        or "func:" in locator
        or entry.prep_actions
    ):
        return error(
            "bad-spec",
            "JavaScript/func: locators, URLs and prep_actions are not "
            "supported; use css: or xpath:",
        )
    target = "last" if url == "last" else expand(url, context)
    try:
        page = _load(target, context)
    except Exception as exc:  # any fetch failure is reported, not raised
        return error("fetch", f"cannot fetch {show(target)}: {type(exc).__name__}: {exc}")
    try:
        elements = _select(page, locator)
    except (SelectorError, lxml.etree.XPathError, ValueError) as exc:
        return error("locator", f"bad locator {show(locator)}: {exc}")
    nth = entry.nth
    if nth is not None:
        elements = elements[nth : nth + 1]
        locator = f"{locator} [{nth}]"
    where = f"{target} {locator or 'body'}"
    text = " ".join(t for t in (element_text(e) for e in elements) if t)
    verdicts = []
    for approach, value in required.items():
        if approach == "must_exclude":
            verdicts.append(_exclude(text, value, mode))
            continue
        verdicts.append(check_page_text(text, approach, value, mode))
    verdict = combine(verdicts, label="program_html")
    if not elements:
        return Verdict(
            False, 0.0, "program_html:no-element", one_line(f"{where}: no element matched")
        )
    if not text and not verdict.passed:
        return Verdict(
            False,
            0.0,
            "program_html:empty",
            one_line(f"{where}: the element is empty; {verdict.explanation}"),
        )
    return Verdict(
        verdict.passed, verdict.score, verdict.rule, one_line(f"{where}: {verdict.explanation}")
    )


def _exclude(text: str, value: Any, mode: str) -> Verdict:
    items = [str(v) for v in value] if isinstance(value, list) else [str(value)]
    if mode == "strict":
        present = [i for i in items if strict_clean(i) in strict_clean(text)]
    else:
        toks = tokens(text)
        present = [i for i in items if find_phrase(toks, tokens(i))]
    if present:
        return fail("must_exclude:present", f"{show(present)} found in {show(text)}")
    return ok("must_exclude:absent", f"none of {show(items)} in {show(text)}")
