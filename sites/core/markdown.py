"""A tiny, safe Markdown subset for READMEs, descriptions, comments and help pages.

Supported: ATX headings (``#`` to ``######``), paragraphs, ``-``/``*`` and ``1.``
lists, fenced code blocks, inline ``code`` and ``**bold**``, and — only where the caller
asks for them (the sites' own help pages, never user content) — links to a path on the
same site, ``[text](/path)``. Everything else is shown as text. All text is escaped
before any markup is added, so user content can never inject HTML.

One parser (:func:`parse`) feeds both the HTML (:func:`render`) and the text a reader
sees on the page (:func:`plain_text`), so the two always say the same.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from markupsafe import Markup, escape

HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
BULLET = re.compile(r"^\s*[-*+]\s+(.*)$")
NUMBERED = re.compile(r"^\s*\d{1,9}[.)]\s+(.*)$")
INLINE = re.compile(r"`([^`]+)`|\*\*([^*]+)\*\*")
LINK = re.compile(r"\[([^\]\n]+)\]\((/(?!/)[^)\s]*)\)")
"""A same-site link, ``[text](/path)``: the target must be a path (``/x``, not ``//host``
or ``javascript:``)."""
INLINE_WITH_LINKS = re.compile(rf"{INLINE.pattern}|{LINK.pattern}")
"""The inline markup with same-site links."""


@dataclass(frozen=True)
class Block:
    """One block of a Markdown document.

    Attributes:
        kind: ``heading``, ``paragraph``, ``ul``, ``ol`` or ``code``.
        lines: The heading's text; a paragraph's lines; a list's items; a code block's lines.
        level: A heading's level (1-6), else 0.
    """

    kind: str
    lines: tuple[str, ...]
    level: int = 0


def parse(source: str) -> list[Block]:
    """The blocks of Markdown ``source``, in order (inline markup left in the text)."""
    blocks: list[Block] = []
    lines = source.replace("\r\n", "\n").split("\n")
    paragraph: list[str] = []
    list_kind = ""
    list_items: list[str] = []

    def flush_paragraph() -> None:
        if paragraph:
            blocks.append(Block("paragraph", tuple(line.strip() for line in paragraph)))
            paragraph.clear()

    def flush_list() -> None:
        nonlocal list_kind
        if list_items:
            blocks.append(Block(list_kind, tuple(list_items)))
            list_items.clear()
        list_kind = ""

    index = 0
    while index < len(lines):
        line = lines[index]
        if line.strip().startswith("```"):
            flush_paragraph()
            flush_list()
            block: list[str] = []
            index += 1
            while index < len(lines) and not lines[index].strip().startswith("```"):
                block.append(lines[index])
                index += 1
            blocks.append(Block("code", tuple(block)))
            index += 1
            continue
        heading = HEADING.match(line)
        bullet = BULLET.match(line)
        numbered = NUMBERED.match(line)
        if heading:
            flush_paragraph()
            flush_list()
            blocks.append(Block("heading", (heading.group(2),), len(heading.group(1))))
        elif bullet or numbered:
            flush_paragraph()
            kind = "ul" if bullet else "ol"
            if list_kind and list_kind != kind:
                flush_list()
            list_kind = kind
            list_items.append((bullet or numbered).group(1))  # type: ignore[union-attr]
        elif not line.strip():
            flush_paragraph()
            flush_list()
        else:
            flush_list()
            paragraph.append(line)
        index += 1
    flush_paragraph()
    flush_list()
    return blocks


def _inline(text: str, links: bool) -> str:
    parts: list[str] = []
    position = 0
    for match in (INLINE_WITH_LINKS if links else INLINE).finditer(text):
        parts.append(str(escape(text[position : match.start()])))
        if match.group(1) is not None:
            parts.append(f"<code>{escape(match.group(1))}</code>")
        elif match.group(2) is not None:
            parts.append(f"<strong>{escape(match.group(2))}</strong>")
        else:
            parts.append(f'<a href="{escape(match.group(4))}">{escape(match.group(3))}</a>')
        position = match.end()
    parts.append(str(escape(text[position:])))
    return "".join(parts)


def _inline_text(text: str, links: bool) -> str:
    pattern = INLINE_WITH_LINKS if links else INLINE
    return pattern.sub(lambda match: match.group(1) or match.group(2) or match.group(3), text)


def render(source: str, heading_offset: int = 1, *, links: bool = False) -> Markup:
    """Render Markdown ``source`` to safe HTML.

    Args:
        source: The Markdown text.
        heading_offset: Added to every heading level (capped at 6), so a README's
            ``#`` does not compete with the page's own ``<h1>``.
        links: Render ``[text](/path)`` as a link to that path on the site (for the
            sites' own pages; user content keeps it as text).
    """
    out: list[str] = []
    for block in parse(source):
        if block.kind == "code":
            code = escape("\n".join(block.lines))
            out.append(f'<pre class="code-block"><code>{code}</code></pre>')
        elif block.kind == "heading":
            level = min(6, block.level + heading_offset)
            out.append(f"<h{level}>{_inline(block.lines[0], links)}</h{level}>")
        elif block.kind == "paragraph":
            out.append("<p>" + " ".join(_inline(line, links) for line in block.lines) + "</p>")
        else:
            items = "".join(f"<li>{_inline(item, links)}</li>" for item in block.lines)
            out.append(f"<{block.kind}>{items}</{block.kind}>")
    return Markup("\n".join(out))


def plain_text(source: str, *, links: bool = False) -> list[str]:
    """The text a reader sees on the page :func:`render` makes of ``source``: one string
    per heading, paragraph, list item and code block, inline markup removed."""
    out: list[str] = []
    for block in parse(source):
        if block.kind == "code":
            out.append("\n".join(block.lines))
        elif block.kind == "paragraph":
            out.append(" ".join(_inline_text(line, links) for line in block.lines))
        else:
            out.extend(_inline_text(line, links) for line in block.lines)
    return out
