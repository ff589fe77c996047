"""The small set of hand-drawn inline SVG icons every bundled site places beside its links.

Each icon is a few strokes on a 24-unit grid, drawn in the text colour (``currentColor``) so it
follows the link or button it decorates. Icons are decorative: every ``<svg>`` carries
``aria-hidden="true"`` and ``focusable="false"``, so neither the in-process accessibility tree
nor Chromium's shows them and the AX text of a page is the same with or without them.

Templates call the ``icon`` global: ``{{ icon('cart') }}``.
"""

from __future__ import annotations

import functools

from markupsafe import Markup

# Path data on the ``viewBox="0 0 24 24"`` grid: what is stroked, and what is filled (the
# dots and solid shapes). One or two ``<path>`` elements per icon keep pages small.
ICONS: dict[str, tuple[str, str]] = {
    "search": (
        "M4.5 11a6.5 6.5 0 1 0 13 0a6.5 6.5 0 1 0 -13 0 M16 16l5 5",
        "",
    ),
    "cart": (
        (
            "M2.5 4h2.5l2.3 10.2a1 1 0 0 0 1 .8h9.4a1 1 0 0 0 1-.8L20.5 7.5H6 M7.6 19.5a1.4 1.4 0 "
            "1 0 2.8 0a1.4 1.4 0 1 0 -2.8 0 M16.1 19.5a1.4 1.4 0 1 0 2.8 0a1.4 1.4 0 1 0 -2.8 0"
        ),
        "",
    ),
    "user": (
        "M8 8a4 4 0 1 0 8 0a4 4 0 1 0 -8 0 M4 21c0-4.2 3.6-7 8-7s8 2.8 8 7",
        "",
    ),
    "users": (
        (
            "M5.5 8a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0 -7 0 M2.5 20c0-3.8 2.9-6.3 6.5-6.3s6.5 2.5 "
            "6.5 6.3 M15.5 4.7a3.5 3.5 0 0 1 0 6.6M18 14c2.2.7 3.5 2.9 3.5 6"
        ),
        "",
    ),
    "star": (
        "",
        "M12 3l2.7 5.6 6.1.8-4.5 4.3 1.1 6.1L12 16.9l-5.4 2.9 1.1-6.1-4.5-4.3 6.1-.8z",
    ),
    "heart": (
        (
            "M12 20s-7.5-4.6-7.5-10.2A4.1 4.1 0 0 1 12 7.4a4.1 4.1 0 0 1 7.5 2.4C19.5 15.4 12 20 "
            "12 20z"
        ),
        "",
    ),
    "comment": (
        "M4 5h16v11H10l-5 4v-4H4z",
        "",
    ),
    "mail": (
        (
            "M4.5 5.5h15a1.5 1.5 0 0 1 1.5 1.5v10a1.5 1.5 0 0 1 -1.5 1.5h-15a1.5 1.5 0 0 1 -1.5 "
            "-1.5v-10a1.5 1.5 0 0 1 1.5 -1.5z M3.5 6.5l8.5 7 8.5-7"
        ),
        "",
    ),
    "home": (
        "M3.5 11 12 4l8.5 7 M6 9.5V20h12V9.5 M10 20v-5h4v5",
        "",
    ),
    "plus": (
        "M12 5v14M5 12h14",
        "",
    ),
    "pencil": (
        "M4 20h4L19.5 8.5l-4-4L4 16z M13.5 6.5l4 4",
        "",
    ),
    "lock": (
        (
            "M7 11h10a2 2 0 0 1 2 2v6a2 2 0 0 1 -2 2h-10a2 2 0 0 1 -2 -2v-6a2 2 0 0 1 2 -2z M8 "
            "11V7.5a4 4 0 0 1 8 0V11"
        ),
        "",
    ),
    "issue": (
        "M3.5 12a8.5 8.5 0 1 0 17 0a8.5 8.5 0 1 0 -17 0",
        "M10.4 12a1.6 1.6 0 1 0 3.2 0a1.6 1.6 0 1 0 -3.2 0",
    ),
    "merge-request": (
        (
            "M3.8 5.5a2.2 2.2 0 1 0 4.4 0a2.2 2.2 0 1 0 -4.4 0 M3.8 18.5a2.2 2.2 0 1 0 4.4 0a2.2 "
            "2.2 0 1 0 -4.4 0 M15.8 18.5a2.2 2.2 0 1 0 4.4 0a2.2 2.2 0 1 0 -4.4 0 M6 7.7v8.6 M18 "
            "16.3V9.5a3 3 0 0 0-3-3h-4.5 M12.5 4.3l-2.2 2.2 2.2 2.2"
        ),
        "",
    ),
    "branch": (
        (
            "M3.8 5a2.2 2.2 0 1 0 4.4 0a2.2 2.2 0 1 0 -4.4 0 M3.8 19a2.2 2.2 0 1 0 4.4 0a2.2 2.2 "
            "0 1 0 -4.4 0 M15.8 7a2.2 2.2 0 1 0 4.4 0a2.2 2.2 0 1 0 -4.4 0 M6 7.2v9.6 M18 9.2c0 "
            "4.3-5 4.6-10.5 7.9"
        ),
        "",
    ),
    "commit": (
        "M8.5 12a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0 -7 0 M2.5 12h6M15.5 12h6",
        "",
    ),
    "tag": (
        "M3.5 12.5V4h8.5l8.5 8.5-8 8z M6.5 8.5a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0 -3 0",
        "",
    ),
    "milestone": (
        "M12 3v18 M5 6h11l3 3-3 3H5z",
        "",
    ),
    "file": (
        "M6 3h8l4.5 4.5V21H6z M14 3v4.5h4.5",
        "",
    ),
    "folder": (
        "M3 6.5h6.5l2 2H21V19H3z",
        "",
    ),
    "code": (
        "M8.5 7l-5 5 5 5M15.5 7l5 5-5 5",
        "",
    ),
    "settings": (
        "M4 7h16M4 17h16",
        (
            "M6.7 7a2.3 2.3 0 1 0 4.6 0a2.3 2.3 0 1 0 -4.6 0 M12.7 17a2.3 2.3 0 1 0 4.6 0a2.3 2.3 "
            "0 1 0 -4.6 0"
        ),
    ),
    "todo": (
        (
            "M6 4h12a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2v-12a2 2 0 0 1 2 -2z M8 "
            "12l3 3 5-6"
        ),
        "",
    ),
    "chart": (
        "M4 20V11M10 20V4M16 20v-6M3 20.5h18",
        "",
    ),
    "dashboard": (
        (
            "M4.5 3.5h5a1 1 0 0 1 1 1v5a1 1 0 0 1 -1 1h-5a1 1 0 0 1 -1 -1v-5a1 1 0 0 1 1 -1z "
            "M14.5 3.5h5a1 1 0 0 1 1 1v5a1 1 0 0 1 -1 1h-5a1 1 0 0 1 -1 -1v-5a1 1 0 0 1 1 -1z "
            "M4.5 13.5h5a1 1 0 0 1 1 1v5a1 1 0 0 1 -1 1h-5a1 1 0 0 1 -1 -1v-5a1 1 0 0 1 1 -1z "
            "M14.5 13.5h5a1 1 0 0 1 1 1v5a1 1 0 0 1 -1 1h-5a1 1 0 0 1 -1 -1v-5a1 1 0 0 1 1 -1z"
        ),
        "",
    ),
    "box": (
        "M3.5 7.5l8.5-4 8.5 4v9l-8.5 4-8.5-4z M3.5 7.5l8.5 4 8.5-4M12 11.5v9",
        "",
    ),
    "globe": (
        (
            "M3.5 12a8.5 8.5 0 1 0 17 0a8.5 8.5 0 1 0 -17 0 M3.5 12h17 M12 3.5c-4.2 4.6-4.2 12.4 "
            "0 17M12 3.5c4.2 4.6 4.2 12.4 0 17"
        ),
        "",
    ),
    "list": (
        (
            "M9 6h11M9 12h11M9 18h11 M3.5 6a1 1 0 1 0 2 0a1 1 0 1 0 -2 0 M3.5 12a1 1 0 1 0 2 0a1 "
            "1 0 1 0 -2 0 M3.5 18a1 1 0 1 0 2 0a1 1 0 1 0 -2 0"
        ),
        "",
    ),
    "compare": (
        "M4 8h14l-3-3M20 16H6l3 3",
        "",
    ),
    "help": (
        (
            "M3.5 12a8.5 8.5 0 1 0 17 0a8.5 8.5 0 1 0 -17 0 M9.5 9.5a2.5 2.5 0 1 1 3.5 "
            "2.3c-.7.3-1 .9-1 1.7"
        ),
        "M11.4 16.8a0.6 0.6 0 1 0 1.2 0a0.6 0.6 0 1 0 -1.2 0",
    ),
}
"""Icon shapes by name: (stroked path data, filled path data)."""


@functools.cache
def icon(name: str, size: int = 16) -> Markup:
    """The inline ``<svg>`` of icon ``name``, ``size`` CSS pixels square, hidden from AT.

    Args:
        name: A key of :data:`ICONS`.
        size: Width and height in CSS pixels.

    Returns:
        Markup safe to place in a template.

    Raises:
        KeyError: ``name`` is not an icon (a template typo fails loudly, in tests).
    """
    stroked, filled = ICONS[name]
    shapes = f'<path d="{stroked}"></path>' if stroked else ""
    if filled:
        shapes += f'<path fill="currentColor" d="{filled}"></path>'
    return Markup(
        f'<svg class="icon icon-{name}" width="{size}" height="{size}" viewBox="0 0 24 24" '
        'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" '
        f'stroke-linejoin="round" aria-hidden="true" focusable="false">{shapes}</svg>'
    )
