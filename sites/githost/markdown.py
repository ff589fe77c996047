"""A tiny, safe Markdown subset for READMEs, descriptions and comments.

Supported: ATX headings (``#`` to ``######``), paragraphs, ``-``/``*`` and ``1.``
lists, fenced code blocks, inline ``code`` and ``**bold**``. Everything else is
shown as text. All text is escaped before any markup is added, so user content can
never inject HTML.
"""

from __future__ import annotations

import re

from markupsafe import Markup, escape

HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
BULLET = re.compile(r"^\s*[-*+]\s+(.*)$")
NUMBERED = re.compile(r"^\s*\d{1,9}[.)]\s+(.*)$")
INLINE = re.compile(r"`([^`]+)`|\*\*([^*]+)\*\*")


def _inline(text: str) -> str:
    parts: list[str] = []
    position = 0
    for match in INLINE.finditer(text):
        parts.append(str(escape(text[position : match.start()])))
        if match.group(1) is not None:
            parts.append(f"<code>{escape(match.group(1))}</code>")
        else:
            parts.append(f"<strong>{escape(match.group(2))}</strong>")
        position = match.end()
    parts.append(str(escape(text[position:])))
    return "".join(parts)


def render(source: str, heading_offset: int = 1) -> Markup:
    """Render Markdown ``source`` to safe HTML.

    Args:
        source: The Markdown text.
        heading_offset: Added to every heading level (capped at 6), so a README's
            ``#`` does not compete with the page's own ``<h1>``.
    """
    out: list[str] = []
    lines = source.replace("\r\n", "\n").split("\n")
    paragraph: list[str] = []
    list_kind = ""
    list_items: list[str] = []

    def flush_paragraph() -> None:
        if paragraph:
            out.append("<p>" + " ".join(_inline(line.strip()) for line in paragraph) + "</p>")
            paragraph.clear()

    def flush_list() -> None:
        nonlocal list_kind
        if list_items:
            items = "".join(f"<li>{item}</li>" for item in list_items)
            out.append(f"<{list_kind}>{items}</{list_kind}>")
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
            code = escape("\n".join(block))
            out.append(f'<pre class="code-block"><code>{code}</code></pre>')
            index += 1
            continue
        heading = HEADING.match(line)
        bullet = BULLET.match(line)
        numbered = NUMBERED.match(line)
        if heading:
            flush_paragraph()
            flush_list()
            level = min(6, len(heading.group(1)) + heading_offset)
            out.append(f"<h{level}>{_inline(heading.group(2))}</h{level}>")
        elif bullet or numbered:
            flush_paragraph()
            kind = "ul" if bullet else "ol"
            if list_kind and list_kind != kind:
                flush_list()
            list_kind = kind
            list_items.append(_inline((bullet or numbered).group(1)))  # type: ignore[union-attr]
        elif not line.strip():
            flush_paragraph()
            flush_list()
        else:
            flush_list()
            paragraph.append(line)
        index += 1
    flush_paragraph()
    flush_list()
    return Markup("\n".join(out))
