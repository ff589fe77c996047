"""The shared SVG drawing helpers (sites/core/images.py)."""

from __future__ import annotations

from jinja2 import Environment
from lxml import etree

from webenv.sites.core import images

SVG = "{http://www.w3.org/2000/svg}"


def parse(data: bytes) -> etree._Element:
    root = etree.fromstring(data)
    assert root.tag == f"{SVG}svg"
    return root


def test_initials_of_user_names_and_project_names() -> None:
    assert images.initials("jane_doe") == "JD"
    assert images.initials("Gitlab Runner") == "GR"
    assert images.initials("emma.lopez") == "EL"
    assert images.initials("alice") == "A"
    assert images.initials("--") == "?"


def test_avatar_shows_initials_on_the_named_colour() -> None:
    root = parse(images.avatar("jane_doe", "Teal"))
    assert root.get("viewBox") == "0 0 96 96"
    assert [t.text for t in root.iter(f"{SVG}text")] == ["JD"]
    assert root.find(f"{SVG}circle").get("fill") == images.PALETTE["Teal"]
    assert images.avatar("jane_doe", "Teal") != images.avatar("jane_doe", "Red")


def test_text_is_escaped() -> None:
    root = parse(images.banner("Pots & <Pans>", "Blue", "Teal"))
    assert [t.text for t in root.iter(f"{SVG}text")] == ["Pots & <Pans>"]


def test_letter_tile_shows_the_first_letter() -> None:
    root = parse(images.letter_tile("Gitlab Runner", "Purple"))
    assert [t.text for t in root.iter(f"{SVG}text")] == ["G"]


def test_every_scene_draws_and_variants_differ() -> None:
    for motif in images.SCENES:
        first, second = images.scene(motif, "Blue", 1), images.scene(motif, "Blue", 2)
        assert len(parse(first)) > 2
        assert first != second
        assert first != images.scene(motif, "Red", 1)


def test_shade_and_stable_choice() -> None:
    assert images.shade("#808080", 0.5) == "#404040"
    assert images.shade("#000000", 2.0) == "#ffffff"
    assert images.stable_choice("jane_doe", images.AVATAR_COLOURS) == images.stable_choice(
        "jane_doe", images.AVATAR_COLOURS
    )
    picked = {images.stable_choice(f"user{i}", images.AVATAR_COLOURS) for i in range(50)}
    assert len(picked) > 3
    assert images.fill("No such colour") == images.PALETTE["Grey"]


def test_svg_response_is_cacheable_svg() -> None:
    response = images.svg_response(images.avatar("a", "Blue"))
    assert response.mimetype == "image/svg+xml"
    assert "max-age=31536000" in response.headers["Cache-Control"]
    assert response.headers["ETag"]


def test_picture_tag_is_the_markup_the_picture_macro_always_gave() -> None:
    # The markup of the picture macro before it called picture_tag, escaped by Jinja.
    old_macro = Environment(autoescape=True).from_string(
        "{% macro picture(src, alt, size, class='', height=none) -%}\n"
        '<img src="{{ src }}" alt="{{ alt }}" width="{{ size }}" height="{{ height or size }}"'
        '{% if class %} class="{{ class }}"{% endif %}>\n'
        "{%- endmacro %}"
        "{{ picture(src, alt, size, class, height) }}"
    )
    cases = [
        ("/media/a.svg", "Avatar of ann", 32, "avatar", None),
        ("/p?x=1&y=<2>", 'Picture of a "red" mug & co\'s', 96, "post-picture", 64),
        ("/q.png", "", 480, "", 0),
    ]
    for src, alt, size, class_, height in cases:
        expected = old_macro.render(src=src, alt=alt, size=size, height=height, **{"class": class_})
        assert images.picture_tag(src, alt, size, class_, height) == expected
