"""Hand-written SVG pictures every bundled site draws from its own rows.

The sites ship no image files and fetch nothing: each picture is a few SVG shapes
computed from database values (a colour name, a user name, a motif), so it is small,
crisp at any zoom in Chromium screenshots and byte-stable across library versions.
Drawing functions are pure and memoised per process; :func:`svg_response` serves
the bytes with long cache headers.

Colours are named (:data:`PALETTE`) so alt text and tasks can say "a teal mug" and
mean the colour the picture shows.
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Iterable
from urllib.parse import quote
from xml.sax.saxutils import escape, quoteattr

from flask import Response, abort, request
from markupsafe import Markup
from markupsafe import escape as escape_html

from .db import get_db

PALETTE: dict[str, str] = {
    "Black": "#222428",
    "White": "#f4f4f2",
    "Navy": "#1f2f5c",
    "Grey": "#8a8d93",
    "Red": "#c8323c",
    "Green": "#2f8a4c",
    "Blue": "#2f6fc8",
    "Beige": "#d9c7a3",
    "Brown": "#7a4f2e",
    "Olive": "#6b7232",
    "Burgundy": "#7a1f3a",
    "Pink": "#e58fb0",
    "Teal": "#1f8a8a",
    "Charcoal": "#3d4148",
    "Mustard": "#d0a024",
    "Orange": "#e27a2a",
    "Yellow": "#f0d040",
    "Purple": "#6f43a8",
    "Silver": "#b9bec6",
}
"""Colour names the pictures use, with their fill."""

AVATAR_COLOURS = ("Blue", "Teal", "Green", "Olive", "Orange", "Red", "Burgundy", "Purple", "Navy")
"""Backgrounds of initials avatars and letter tiles (white text reads on each)."""

CACHE_SECONDS = 365 * 24 * 3600
"""``max-age`` of picture responses: a picture's URL names everything it depends on."""

FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"


def stable_choice(text: str, options: tuple[str, ...]) -> str:
    """Pick one of ``options`` from ``text`` the same way in every process and version.

    For rows created after world generation (a user who registers), which have no
    stored colour: Python's ``hash`` of a string changes from process to process.
    """
    digest = hashlib.sha256(text.encode()).digest()
    return options[int.from_bytes(digest[:4], "big") % len(options)]


def shade(colour: str, factor: float) -> str:
    """A hex colour darkened (``factor`` < 1) or lightened towards white (``factor`` > 1)."""
    channels = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    if factor <= 1:
        mixed = [round(c * factor) for c in channels]
    else:
        mixed = [round(c + (255 - c) * min(factor - 1, 1)) for c in channels]
    return "#" + "".join(f"{c:02x}" for c in mixed)


def fill(name: str) -> str:
    """The hex fill of a :data:`PALETTE` colour name (grey for an unknown name)."""
    return PALETTE.get(name, PALETTE["Grey"])


def document(width: int, height: int, body: Iterable[str]) -> bytes:
    """A complete SVG document of ``width`` × ``height`` user units around ``body``."""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"'
        f' viewBox="0 0 {width} {height}">',
        *body,
        "</svg>\n",
    ]
    return "".join(parts).encode()


def text(x: float, y: float, content: str, *, size: int, colour: str, weight: str = "bold") -> str:
    """A centred line of text (escaped)."""
    return (
        f'<text x="{x:g}" y="{y:g}" font-family={quoteattr(FONT)} font-size="{size}"'
        f' font-weight="{weight}" fill="{colour}" text-anchor="middle"'
        f' dominant-baseline="central">{escape(content)}</text>'
    )


def initials(name: str) -> str:
    """One or two capital letters of a name: ``jane_doe`` -> ``JD``, ``Gitlab Runner`` -> ``GR``."""
    words = re.findall(r"[^\W_]+", name)
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:1].upper()
    return (words[0][:1] + words[1][:1]).upper()


@functools.lru_cache(maxsize=4096)
def avatar(name: str, background: str, *, size: int = 96) -> bytes:
    """A round avatar with the initials of ``name`` on the ``background`` colour name."""
    colour = fill(background)
    half = size / 2
    return document(
        size,
        size,
        [
            f'<circle cx="{half:g}" cy="{half:g}" r="{half:g}" fill="{colour}"/>',
            f'<circle cx="{half:g}" cy="{half:g}" r="{half * 0.86:g}" fill="none"'
            f' stroke="{shade(colour, 1.25)}" stroke-width="{size / 32:g}"/>',
            text(half, half, initials(name), size=round(size * 0.4), colour="#ffffff"),
        ],
    )


@functools.lru_cache(maxsize=4096)
def letter_tile(name: str, background: str, *, size: int = 96) -> bytes:
    """A rounded square with the first letter of ``name``, as GitLab shows projects."""
    colour = fill(background)
    letter = (initials(name) or "?")[:1]
    return document(
        size,
        size,
        [
            f'<rect width="{size}" height="{size}" rx="{size / 8:g}" fill="{shade(colour, 1.7)}"/>',
            f'<rect x="{size / 16:g}" y="{size / 16:g}" width="{size * 7 / 8:g}"'
            f' height="{size * 7 / 8:g}" rx="{size / 10:g}" fill="{colour}"/>',
            text(size / 2, size / 2, letter, size=round(size * 0.5), colour="#ffffff"),
        ],
    )


@functools.lru_cache(maxsize=512)
def banner(
    title: str, background: str, accent: str, *, width: int = 960, height: int = 180
) -> bytes:
    """A wide banner: diagonal bands of ``accent`` over ``background`` and the title."""
    base, second = fill(background), fill(accent)
    bands = [
        f'<polygon points="{x},{height} {x + 160},0 {x + 230},0 {x + 70},{height}"'
        f' fill="{shade(second, 1.0 + 0.15 * index)}" opacity="0.55"/>'
        for index, x in enumerate(range(width // 2, width + 80, 120))
    ]
    return document(
        width,
        height,
        [
            f'<rect width="{width}" height="{height}" fill="{base}"/>',
            f'<circle cx="{width * 0.12:g}" cy="{height * 0.2:g}" r="{height * 0.9:g}"'
            f' fill="{shade(base, 1.25)}" opacity="0.5"/>',
            *bands,
            text(width * 0.3, height / 2, title, size=round(height * 0.26), colour="#ffffff"),
        ],
    )


SCENES = ("landscape", "city skyline", "bar chart", "still life", "seascape")
"""Motifs of generated illustrations (forum image posts)."""


@functools.lru_cache(maxsize=2048)
def scene(motif: str, colour: str, variant: int, *, width: int = 480, height: int = 320) -> bytes:
    """An illustration of one of :data:`SCENES`, dominated by ``colour``.

    ``variant`` (any int) moves the shapes so two pictures of a motif differ.
    """
    main = fill(colour)
    sky = shade(main, 1.75)
    step = variant % 7
    body = [f'<rect width="{width}" height="{height}" fill="{sky}"/>']
    ground = height * 0.72
    if motif == "landscape":
        body += [
            f'<circle cx="{80 + 40 * step}" cy="70" r="34" fill="#f5d76e"/>',
            f'<polygon points="0,{ground} {120 + 10 * step},90 260,{ground}" fill="{main}"/>',
            f'<polygon points="180,{ground} {330 - 8 * step},110 {width},{ground}"'
            f' fill="{shade(main, 0.7)}"/>',
            f'<rect y="{ground}" width="{width}" height="{height - ground}" fill="#5d8f4a"/>',
        ]
    elif motif == "city skyline":
        x = 10
        index = 0
        while x < width - 20:
            tall = 80 + ((index * 37 + step * 23) % 140)
            wide = 40 + ((index * 13 + step * 7) % 30)
            body.append(
                f'<rect x="{x}" y="{ground - tall:g}" width="{wide}" height="{tall}"'
                f' fill="{shade(main, 0.6 + 0.08 * (index % 4))}"/>'
            )
            body += [
                f'<rect x="{x + 8 + 14 * col}" y="{ground - tall + 12 + 22 * row:g}" width="8"'
                f' height="10" fill="#f7e9a0"/>'
                for row in range(min(3, tall // 40))
                for col in range(max(1, (wide - 8) // 14))
            ]
            x += wide + 8
            index += 1
        body.append(
            f'<rect y="{ground}" width="{width}" height="{height - ground}" fill="#4a4d55"/>'
        )
    elif motif == "bar chart":
        body.append(f'<rect width="{width}" height="{height}" fill="#ffffff"/>')
        body.append(f'<path d="M40 20 V{height - 40} H{width - 20}" stroke="#333" fill="none"/>')
        for index in range(6):
            tall = 40 + ((index * 53 + step * 31) % 200)
            body.append(
                f'<rect x="{60 + 68 * index}" y="{height - 40 - tall}" width="48" height="{tall}"'
                f' fill="{shade(main, 0.8 + 0.1 * (index % 3))}"/>'
            )
    elif motif == "still life":
        body += [
            f'<rect y="{ground}" width="{width}" height="{height - ground}" fill="#8a6a4a"/>',
            f'<ellipse cx="{180 + 6 * step}" cy="{ground - 60}" rx="70" ry="80" fill="{main}"/>',
            f'<rect x="{166 + 6 * step}" y="{ground - 160}" width="28" height="30"'
            f' fill="{shade(main, 0.7)}"/>',
            f'<circle cx="330" cy="{ground - 30}" r="34" fill="#d8453b"/>',
            f'<circle cx="392" cy="{ground - 26}" r="28" fill="#e8b63a"/>',
        ]
    else:  # seascape
        body += [
            f'<circle cx="{width - 90 - 20 * step}" cy="80" r="40" fill="#f9c85a"/>',
            f'<rect y="{height * 0.55:g}" width="{width}" height="{height * 0.45:g}"'
            f' fill="{main}"/>',
            *(
                f'<path d="M0 {height * 0.55 + 22 * row:g} q 30 -12 60 0 t 60 0 t 60 0 t 60 0'
                f' t 60 0 t 60 0 t 60 0 t 60 0" stroke="{shade(main, 1.4)}" fill="none"'
                f' stroke-width="3"/>'
                for row in range(1, 6)
            ),
            f'<polygon points="{150 + 15 * step},{height * 0.55 - 4:g} {200 + 15 * step},'
            f"{height * 0.55 - 4:g} {190 + 15 * step},{height * 0.55 + 10:g}"
            f' {160 + 15 * step},{height * 0.55 + 10:g}" fill="#5a3b24"/>',
            f'<polygon points="{175 + 15 * step},{height * 0.55 - 70:g} {175 + 15 * step},'
            f'{height * 0.55 - 8:g} {215 + 15 * step},{height * 0.55 - 8:g}" fill="#ffffff"/>',
        ]
    return document(width, height, body)


def svg_response(data: bytes) -> Response:
    """Serve SVG bytes as ``image/svg+xml`` that browsers may cache for a year."""
    return image_response(data, "image/svg+xml")


def image_response(data: bytes, content_type: str) -> Response:
    """Serve picture bytes of ``content_type`` that browsers may cache for a year."""
    response = Response(data, content_type=content_type)
    response.headers["Cache-Control"] = f"public, max-age={CACHE_SECONDS}, immutable"
    response.set_etag(hashlib.sha256(data).hexdigest()[:32])
    return response


def picture_tag(
    src: str, alt: str, size: int, class_: str = "", height: int | None = None
) -> Markup:
    """The ``<img>`` of a picture a site draws; width and height reserve its box.

    The ``picture`` macro of ``core/_macros.html`` and the sites' hot loops both use it.

    Args:
        src: The picture's URL.
        alt: Its alt text (escaped here).
        size: Its width in CSS pixels, and its height unless ``height`` is given.
        class_: Its ``class`` attribute, left out when empty.
        height: Its height in CSS pixels, when it is not square.

    Returns:
        Markup safe to place in a template.
    """
    classes = f' class="{escape_html(class_)}"' if class_ else ""
    return Markup(
        f'<img src="{escape_html(src)}" alt="{escape_html(alt)}" width="{escape_html(size)}"'
        f' height="{escape_html(height or size)}"{classes}>'
    )


def avatar_url(username: str) -> str:
    """The URL of a user's avatar (``/media/avatars/<username>.svg`` on the current site)."""
    return f"{request.script_root}/media/avatars/{quote(username)}.svg"


def user_avatar(username: str, label: str) -> Response:
    """A user's avatar: the initials of ``users.<label>`` on the colour stored at generation
    in ``avatars`` (a user made later gets one from the name); 404 for an unknown user.

    Args:
        username: The user's login name.
        label: The ``users`` column whose initials are drawn (``"username"`` or ``"name"``).
    """
    if label not in ("username", "name"):
        raise ValueError(f"label must be 'username' or 'name', not {label!r}")
    row = (
        get_db()
        .execute(
            f"SELECT u.{label} AS label, a.background FROM users u"
            " LEFT JOIN avatars a ON a.user_id = u.id WHERE u.username = ?",
            (username,),
        )
        .fetchone()
    )
    if row is None:
        abort(404, f"There is no user '{username}'.")
    background = row["background"] or stable_choice(username, AVATAR_COLOURS)
    return svg_response(avatar(row["label"], background))
