"""URL slugs made from titles and names, the one way every site makes them."""

from __future__ import annotations

import re


def slugify(
    text: str,
    *,
    max_words: int | None = None,
    keep: str = "",
    drop_apostrophes: bool = True,
    default: str = "",
) -> str:
    """Return a URL slug of ``text``: its lower-case words joined by hyphens.

    A word is a run of ``a-z``, ``0-9`` and the ``keep`` characters; anything else
    separates words. ``"Don't panic!"`` gives ``"dont-panic"``.

    Args:
        text: The title or name.
        max_words: Keep only the first words (all when None).
        keep: Extra characters that stay inside words (Git hosting paths keep ``._-``);
            they are trimmed from both ends like hyphens.
        drop_apostrophes: Remove apostrophes first, so ``don't`` is one word.
        default: The slug of text without any word.
    """
    lowered = text.lower().replace("'", "") if drop_apostrophes else text.lower()
    chars = f"a-z0-9{re.escape(keep)}"
    if max_words is None:
        return re.sub(f"[^{chars}]+", "-", lowered).strip("-" + keep) or default
    return "-".join(re.findall(f"[{chars}]+", lowered)[:max_words]) or default
