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

# Shapes inside ``<svg viewBox="0 0 24 24">``, one element a string; stroked, unfilled unless
# an element says otherwise.
ICONS: dict[str, tuple[str, ...]] = {
    "search": (
        '<circle cx="11" cy="11" r="6.5"></circle>',
        '<path d="m16 16 5 5"></path>',
    ),
    "cart": (
        '<path d="M2.5 4h2.5l2.3 10.2a1 1 0 0 0 1 .8h9.4a1 1 0 0 0 1-.8L20.5 7.5H6"></path>',
        '<circle cx="9" cy="19.5" r="1.4"></circle>',
        '<circle cx="17.5" cy="19.5" r="1.4"></circle>',
    ),
    "user": (
        '<circle cx="12" cy="8" r="4"></circle>',
        '<path d="M4 21c0-4.2 3.6-7 8-7s8 2.8 8 7"></path>',
    ),
    "users": (
        '<circle cx="9" cy="8" r="3.5"></circle>',
        '<path d="M2.5 20c0-3.8 2.9-6.3 6.5-6.3s6.5 2.5 6.5 6.3"></path>',
        '<path d="M15.5 4.7a3.5 3.5 0 0 1 0 6.6M18 14c2.2.7 3.5 2.9 3.5 6"></path>',
    ),
    "star": (
        '<path fill="currentColor" d="m12 3 2.7 5.6 6.1.8-4.5 4.3 1.1 6.1L12 16.9l-5.4 2.9'
        ' 1.1-6.1-4.5-4.3 6.1-.8z"></path>',
    ),
    "heart": (
        '<path d="M12 20s-7.5-4.6-7.5-10.2A4.1 4.1 0 0 1 12 7.4a4.1 4.1 0 0 1 7.5 2.4'
        'C19.5 15.4 12 20 12 20z"></path>',
    ),
    "comment": ('<path d="M4 5h16v11H10l-5 4v-4H4z"></path>',),
    "mail": (
        '<rect x="3" y="5.5" width="18" height="13" rx="1.5"></rect>',
        '<path d="m3.5 6.5 8.5 7 8.5-7"></path>',
    ),
    "home": (
        '<path d="M3.5 11 12 4l8.5 7"></path>',
        '<path d="M6 9.5V20h12V9.5"></path>',
        '<path d="M10 20v-5h4v5"></path>',
    ),
    "plus": ('<path d="M12 5v14M5 12h14"></path>',),
    "pencil": (
        '<path d="M4 20h4L19.5 8.5l-4-4L4 16z"></path>',
        '<path d="m13.5 6.5 4 4"></path>',
    ),
    "lock": (
        '<rect x="5" y="11" width="14" height="10" rx="2"></rect>',
        '<path d="M8 11V7.5a4 4 0 0 1 8 0V11"></path>',
    ),
    "issue": (
        '<circle cx="12" cy="12" r="8.5"></circle>',
        '<circle cx="12" cy="12" r="1.6" fill="currentColor"></circle>',
    ),
    "merge-request": (
        '<circle cx="6" cy="5.5" r="2.2"></circle>',
        '<circle cx="6" cy="18.5" r="2.2"></circle>',
        '<circle cx="18" cy="18.5" r="2.2"></circle>',
        '<path d="M6 7.7v8.6"></path>',
        '<path d="M18 16.3V9.5a3 3 0 0 0-3-3h-4.5"></path>',
        '<path d="m12.5 4.3-2.2 2.2 2.2 2.2"></path>',
    ),
    "branch": (
        '<circle cx="6" cy="5" r="2.2"></circle>',
        '<circle cx="6" cy="19" r="2.2"></circle>',
        '<circle cx="18" cy="7" r="2.2"></circle>',
        '<path d="M6 7.2v9.6"></path>',
        '<path d="M18 9.2c0 4.3-5 4.6-10.5 7.9"></path>',
    ),
    "commit": (
        '<circle cx="12" cy="12" r="3.5"></circle>',
        '<path d="M2.5 12h6M15.5 12h6"></path>',
    ),
    "tag": (
        '<path d="M3.5 12.5V4h8.5l8.5 8.5-8 8z"></path>',
        '<circle cx="8" cy="8.5" r="1.5"></circle>',
    ),
    "milestone": (
        '<path d="M12 3v18"></path>',
        '<path d="M5 6h11l3 3-3 3H5z"></path>',
    ),
    "file": (
        '<path d="M6 3h8l4.5 4.5V21H6z"></path>',
        '<path d="M14 3v4.5h4.5"></path>',
    ),
    "folder": ('<path d="M3 6.5h6.5l2 2H21V19H3z"></path>',),
    "code": ('<path d="m8.5 7-5 5 5 5M15.5 7l5 5-5 5"></path>',),
    "settings": (
        '<path d="M4 7h16M4 17h16"></path>',
        '<circle cx="9" cy="7" r="2.3" fill="currentColor"></circle>',
        '<circle cx="15" cy="17" r="2.3" fill="currentColor"></circle>',
    ),
    "todo": (
        '<rect x="4" y="4" width="16" height="16" rx="2"></rect>',
        '<path d="m8 12 3 3 5-6"></path>',
    ),
    "chart": ('<path d="M4 20V11M10 20V4M16 20v-6M3 20.5h18"></path>',),
    "dashboard": (
        '<rect x="3.5" y="3.5" width="7" height="7" rx="1"></rect>',
        '<rect x="13.5" y="3.5" width="7" height="7" rx="1"></rect>',
        '<rect x="3.5" y="13.5" width="7" height="7" rx="1"></rect>',
        '<rect x="13.5" y="13.5" width="7" height="7" rx="1"></rect>',
    ),
    "box": (
        '<path d="m3.5 7.5 8.5-4 8.5 4v9l-8.5 4-8.5-4z"></path>',
        '<path d="m3.5 7.5 8.5 4 8.5-4M12 11.5v9"></path>',
    ),
    "globe": (
        '<circle cx="12" cy="12" r="8.5"></circle>',
        '<path d="M3.5 12h17"></path>',
        '<path d="M12 3.5c-4.2 4.6-4.2 12.4 0 17M12 3.5c4.2 4.6 4.2 12.4 0 17"></path>',
    ),
    "list": (
        '<path d="M9 6h11M9 12h11M9 18h11"></path>',
        '<circle cx="4.5" cy="6" r="1"></circle>',
        '<circle cx="4.5" cy="12" r="1"></circle>',
        '<circle cx="4.5" cy="18" r="1"></circle>',
    ),
    "compare": ('<path d="M4 8h14l-3-3M20 16H6l3 3"></path>',),
    "help": (
        '<circle cx="12" cy="12" r="8.5"></circle>',
        '<path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7"></path>',
        '<circle cx="12" cy="16.8" r=".6" fill="currentColor"></circle>',
    ),
}
"""Icon shapes by name."""


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
    shapes = "".join(ICONS[name])
    return Markup(
        f'<svg class="icon icon-{name}" width="{size}" height="{size}" viewBox="0 0 24 24" '
        'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" '
        f'stroke-linejoin="round" aria-hidden="true" focusable="false">{shapes}</svg>'
    )
