"""Product photos: a small library of SVG silhouettes, one per product type, in the
product's colour, seen from several views.

A product's photos are ``product_images`` rows written at world generation (see
:func:`photo_rows`); :func:`render` draws one row. Shapes are drawn on a 200 × 200
canvas and scaled to the 400 × 400 picture.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from ..core import images
from ..core.images import shade
from ..core.rng import Rng

SIZE = 400
VIEWS = ("front", "side", "back", "detail", "top")
"""View names in gallery order; every product has the front view first."""

_OUTLINE = "#2b2b2b"


def _stroke(colour: str) -> str:
    return f' fill="{colour}" stroke="{shade(colour, 0.6)}" stroke-width="2"'


def _mug(c: str) -> list[str]:
    return [
        f'<path d="M130 80 q40 0 40 40 q0 40 -40 40" fill="none" stroke="{shade(c, 0.7)}"'
        ' stroke-width="12"/>',
        f'<rect x="50" y="60" width="90" height="110" rx="10"{_stroke(c)}/>',
        f'<ellipse cx="95" cy="60" rx="45" ry="10" fill="{shade(c, 0.75)}"/>',
    ]


def _teapot(c: str) -> list[str]:
    return [
        f'<path d="M150 110 l35 -30 l4 6 l-30 40 z"{_stroke(c)}/>',
        f'<path d="M50 100 q-25 10 -5 40" fill="none" stroke="{shade(c, 0.7)}" stroke-width="10"/>',
        f'<ellipse cx="100" cy="120" rx="55" ry="50"{_stroke(c)}/>',
        f'<ellipse cx="100" cy="72" rx="25" ry="8" fill="{shade(c, 0.7)}"/>',
        f'<circle cx="100" cy="62" r="7" fill="{shade(c, 0.6)}"/>',
    ]


def _bowl(c: str) -> list[str]:
    return [
        f'<ellipse cx="100" cy="150" rx="40" ry="8" fill="{shade(c, 0.6)}"/>',
        f'<path d="M25 95 q75 110 150 0 z"{_stroke(c)}/>',
        f'<ellipse cx="100" cy="95" rx="75" ry="16" fill="{shade(c, 1.4)}"'
        f' stroke="{shade(c, 0.6)}" stroke-width="2"/>',
    ]


def _pan(c: str) -> list[str]:
    return [
        f'<rect x="128" y="104" width="70" height="12" rx="6" fill="{_OUTLINE}"/>',
        f'<ellipse cx="80" cy="110" rx="62" ry="30"{_stroke(c)}/>',
        f'<ellipse cx="80" cy="104" rx="50" ry="20" fill="{shade(c, 0.55)}"/>',
    ]


def _pot(c: str) -> list[str]:
    return [
        f'<rect x="20" y="85" width="25" height="10" rx="4" fill="{_OUTLINE}"/>',
        f'<rect x="155" y="85" width="25" height="10" rx="4" fill="{_OUTLINE}"/>',
        f'<rect x="40" y="70" width="120" height="90" rx="12"{_stroke(c)}/>',
        f'<rect x="34" y="60" width="132" height="14" rx="6" fill="{shade(c, 0.7)}"/>',
        f'<rect x="90" y="48" width="20" height="12" rx="4" fill="{_OUTLINE}"/>',
    ]


def _knife(c: str) -> list[str]:
    return [
        '<path d="M20 110 L130 92 L130 118 Q70 124 20 110 z" fill="#d7dade" stroke="#888"'
        ' stroke-width="2"/>',
        f'<rect x="130" y="90" width="55" height="30" rx="8"{_stroke(c)}/>',
        f'<circle cx="148" cy="105" r="3" fill="{shade(c, 1.6)}"/>',
        f'<circle cx="168" cy="105" r="3" fill="{shade(c, 1.6)}"/>',
    ]


def _top(c: str) -> list[str]:
    return [
        f'<path d="M70 40 L30 60 L15 100 L45 110 L55 85 L55 170 L145 170 L145 85 L155 110'
        f' L185 100 L170 60 L130 40 Q100 62 70 40 z"{_stroke(c)}/>',
        f'<path d="M70 40 Q100 62 130 40" fill="none" stroke="{shade(c, 0.6)}" stroke-width="4"/>',
    ]


def _trousers(c: str) -> list[str]:
    return [
        f'<path d="M55 30 L145 30 L160 180 L112 180 L100 80 L88 180 L40 180 z"{_stroke(c)}/>',
        f'<rect x="55" y="30" width="90" height="14" fill="{shade(c, 0.7)}"/>',
        f'<line x1="100" y1="44" x2="100" y2="80" stroke="{shade(c, 0.55)}" stroke-width="2"/>',
    ]


def _jacket(c: str) -> list[str]:
    return [
        f'<path d="M70 30 L30 55 L18 170 L48 172 L55 90 L55 180 L145 180 L145 90 L152 172'
        f' L182 170 L170 55 L130 30 L100 55 z"{_stroke(c)}/>',
        f'<path d="M70 30 L100 55 L130 30 L120 20 L80 20 z" fill="{shade(c, 0.7)}"/>',
        f'<line x1="100" y1="55" x2="100" y2="180" stroke="{shade(c, 0.5)}" stroke-width="3"/>',
        *(f'<circle cx="108" cy="{y}" r="3" fill="{shade(c, 0.5)}"/>' for y in (80, 110, 140)),
    ]


def _shoe(c: str) -> list[str]:
    return [
        f'<path d="M25 130 L30 85 Q60 90 80 70 L110 72 Q130 110 175 118 Q190 125 185 140'
        f' L25 140 z"{_stroke(c)}/>',
        '<rect x="22" y="138" width="166" height="12" rx="5" fill="#f2f2f2" stroke="#999"/>',
        *(
            f'<line x1="{x}" y1="{y}" x2="{x + 14}" y2="{y + 8}" stroke="#fff" stroke-width="3"/>'
            for x, y in ((84, 82), (92, 94), (100, 106))
        ),
    ]


def _boot(c: str) -> list[str]:
    return [
        f'<path d="M60 30 L110 30 L112 110 Q150 112 178 128 L178 150 L55 150 z"{_stroke(c)}/>',
        '<rect x="52" y="148" width="130" height="14" rx="4" fill="#3a2a1a"/>',
        f'<rect x="60" y="30" width="50" height="12" fill="{shade(c, 0.7)}"/>',
    ]


def _sandal(c: str) -> list[str]:
    return [
        '<ellipse cx="100" cy="135" rx="80" ry="22" fill="#caa47a" stroke="#8a6a4a"'
        ' stroke-width="2"/>',
        f'<path d="M60 135 Q80 85 110 135" fill="none" stroke="{c}" stroke-width="14"/>',
        f'<path d="M105 135 Q130 95 150 135" fill="none" stroke="{c}" stroke-width="14"/>',
    ]


def _headphones(c: str) -> list[str]:
    return [
        f'<path d="M40 120 Q40 30 100 30 Q160 30 160 120" fill="none" stroke="{c}"'
        ' stroke-width="14"/>',
        f'<rect x="25" y="105" width="36" height="60" rx="14"{_stroke(c)}/>',
        f'<rect x="139" y="105" width="36" height="60" rx="14"{_stroke(c)}/>',
        f'<rect x="33" y="115" width="20" height="40" rx="8" fill="{shade(c, 0.55)}"/>',
    ]


def _speaker(c: str) -> list[str]:
    return [
        f'<rect x="50" y="30" width="100" height="145" rx="14"{_stroke(c)}/>',
        f'<circle cx="100" cy="70" r="22" fill="{shade(c, 0.5)}"/>',
        f'<circle cx="100" cy="130" r="32" fill="{shade(c, 0.5)}"/>',
        f'<circle cx="100" cy="130" r="12" fill="{shade(c, 1.3)}"/>',
    ]


def _charger(c: str) -> list[str]:
    return [
        f'<path d="M100 120 Q100 175 160 175" fill="none" stroke="{c}" stroke-width="8"/>',
        f'<rect x="60" y="40" width="80" height="85" rx="12"{_stroke(c)}/>',
        '<rect x="80" y="22" width="10" height="20" fill="#aaa"/>',
        '<rect x="110" y="22" width="10" height="20" fill="#aaa"/>',
        '<path d="M104 60 L88 88 L100 88 L94 110 L114 80 L102 80 z" fill="#f2d03b"/>',
    ]


def _keyboard(c: str) -> list[str]:
    keys = [
        f'<rect x="{30 + 14 * col}" y="{82 + 14 * row}" width="11" height="11" rx="2"'
        f' fill="{shade(c, 1.45)}"/>'
        for row in range(3)
        for col in range(10)
    ]
    return [
        f'<rect x="20" y="72" width="160" height="64" rx="8"{_stroke(c)}/>',
        *keys,
        f'<rect x="60" y="124" width="80" height="8" rx="2" fill="{shade(c, 1.45)}"/>',
    ]


def _gadget(c: str) -> list[str]:
    return [
        f'<rect x="45" y="45" width="110" height="110" rx="24"{_stroke(c)}/>',
        f'<circle cx="100" cy="100" r="32" fill="{shade(c, 0.55)}"/>',
        f'<circle cx="100" cy="100" r="14" fill="{shade(c, 1.5)}"/>',
        '<circle cx="140" cy="60" r="5" fill="#5fd35f"/>',
    ]


def _bulb(c: str) -> list[str]:
    return [
        f'<circle cx="100" cy="80" r="50"{_stroke(c)}/>',
        '<rect x="80" y="125" width="40" height="35" rx="4" fill="#b0b4ba"/>',
        *(f'<line x1="80" y1="{y}" x2="120" y2="{y}" stroke="#777"/>' for y in (135, 145, 155)),
        f'<path d="M85 90 Q100 60 115 90" fill="none" stroke="{shade(c, 0.6)}" stroke-width="3"/>',
    ]


def _pillow(c: str) -> list[str]:
    return [
        f'<path d="M25 55 Q100 40 175 55 Q165 100 175 145 Q100 160 25 145 Q35 100 25 55 z"'
        f"{_stroke(c)}/>",
        f'<path d="M40 70 Q100 60 160 70" fill="none" stroke="{shade(c, 1.3)}" stroke-width="3"/>',
        f'<path d="M40 130 Q100 140 160 130" fill="none" stroke="{shade(c, 0.7)}"'
        ' stroke-width="3"/>',
    ]


def _vase(c: str) -> list[str]:
    return [
        f'<path d="M80 30 L120 30 L115 55 Q165 100 130 170 L70 170 Q35 100 85 55 z"{_stroke(c)}/>',
        f'<ellipse cx="100" cy="30" rx="22" ry="6" fill="{shade(c, 0.6)}"/>',
        f'<path d="M70 110 Q100 125 130 110" fill="none" stroke="{shade(c, 1.4)}"'
        ' stroke-width="4"/>',
    ]


def _candle(c: str) -> list[str]:
    return [
        '<path d="M100 30 Q85 50 100 62 Q115 50 100 30 z" fill="#f5a623"/>',
        '<line x1="100" y1="62" x2="100" y2="72" stroke="#333" stroke-width="2"/>',
        f'<rect x="65" y="72" width="70" height="100" rx="6"{_stroke(c)}/>',
        f'<ellipse cx="100" cy="72" rx="35" ry="7" fill="{shade(c, 1.3)}"/>',
    ]


def _frame(c: str) -> list[str]:
    return [
        f'<rect x="35" y="35" width="130" height="130"{_stroke(c)}/>',
        '<rect x="52" y="52" width="96" height="96" fill="#cfe3f2"/>',
        '<polygon points="52,148 90,95 118,130 132,112 148,148" fill="#6a9a55"/>',
        '<circle cx="125" cy="75" r="9" fill="#f4d35e"/>',
    ]


def _clock(c: str) -> list[str]:
    ticks = [
        f'<rect x="98" y="42" width="4" height="10" fill="#333"'
        f' transform="rotate({angle} 100 100)"/>'
        for angle in range(0, 360, 30)
    ]
    return [
        f'<circle cx="100" cy="100" r="68"{_stroke(c)}/>',
        '<circle cx="100" cy="100" r="56" fill="#fafafa"/>',
        *ticks,
        '<line x1="100" y1="100" x2="100" y2="62" stroke="#222" stroke-width="4"/>',
        '<line x1="100" y1="100" x2="128" y2="112" stroke="#222" stroke-width="3"/>',
    ]


def _lamp(c: str) -> list[str]:
    return [
        f'<path d="M60 40 L140 40 L160 100 L40 100 z"{_stroke(c)}/>',
        '<rect x="96" y="100" width="8" height="60" fill="#888"/>',
        f'<ellipse cx="100" cy="165" rx="40" ry="10" fill="{shade(c, 0.6)}"/>',
    ]


def _tent(c: str) -> list[str]:
    return [
        f'<polygon points="100,35 180,165 20,165"{_stroke(c)}/>',
        f'<polygon points="100,35 125,165 75,165" fill="{shade(c, 0.55)}"/>',
        '<line x1="10" y1="166" x2="190" y2="166" stroke="#5d8f4a" stroke-width="5"/>',
    ]


def _backpack(c: str) -> list[str]:
    return [
        f'<path d="M75 45 Q100 15 125 45" fill="none" stroke="{shade(c, 0.6)}" stroke-width="8"/>',
        f'<rect x="50" y="45" width="100" height="130" rx="30"{_stroke(c)}/>',
        f'<rect x="68" y="110" width="64" height="48" rx="10" fill="{shade(c, 0.75)}"/>',
        f'<line x1="68" y1="122" x2="132" y2="122" stroke="{shade(c, 0.5)}" stroke-width="2"/>',
    ]


def _mat(c: str) -> list[str]:
    return [
        f'<rect x="30" y="120" width="120" height="40" rx="6"{_stroke(c)}/>',
        f'<circle cx="150" cy="110" r="40"{_stroke(c)}/>',
        f'<circle cx="150" cy="110" r="28" fill="{shade(c, 0.7)}"/>',
        f'<circle cx="150" cy="110" r="14" fill="{shade(c, 0.5)}"/>',
    ]


def _weights(c: str) -> list[str]:
    return [
        '<rect x="40" y="94" width="120" height="12" fill="#777"/>',
        f'<rect x="25" y="62" width="30" height="76" rx="6"{_stroke(c)}/>',
        f'<rect x="145" y="62" width="30" height="76" rx="6"{_stroke(c)}/>',
        f'<rect x="15" y="72" width="12" height="56" rx="4" fill="{shade(c, 0.6)}"/>',
        f'<rect x="173" y="72" width="12" height="56" rx="4" fill="{shade(c, 0.6)}"/>',
    ]


def _helmet(c: str) -> list[str]:
    return [
        f'<path d="M25 130 Q25 45 100 45 Q175 45 178 130 z"{_stroke(c)}/>',
        *(
            f'<path d="M{x} 60 Q{x + 8} 90 {x + 4} 125" fill="none" stroke="{shade(c, 0.5)}"'
            ' stroke-width="5"/>'
            for x in (60, 95, 130)
        ),
        '<rect x="25" y="128" width="153" height="10" rx="4" fill="#333"/>',
    ]


def _bottle(c: str) -> list[str]:
    return [
        '<rect x="88" y="22" width="24" height="22" rx="3" fill="#333"/>',
        f'<path d="M80 44 L120 44 L130 65 L130 170 Q100 178 70 170 L70 65 z"{_stroke(c)}/>',
        '<rect x="76" y="95" width="48" height="50" rx="4" fill="#fbfbf7"/>',
        f'<rect x="82" y="108" width="36" height="6" fill="{shade(c, 0.7)}"/>',
        f'<rect x="82" y="122" width="26" height="4" fill="{shade(c, 0.7)}"/>',
    ]


def _jar(c: str) -> list[str]:
    return [
        f'<rect x="58" y="40" width="84" height="24" rx="5" fill="{shade(c, 0.65)}"/>',
        '<rect x="52" y="62" width="96" height="110" rx="18" fill="#e9e4d8" stroke="#999"'
        ' stroke-width="2"/>',
        f'<rect x="52" y="90" width="96" height="48" fill="{c}"/>',
    ]


def _pack(c: str) -> list[str]:
    return [
        f'<path d="M50 40 L150 40 L158 175 L42 175 z"{_stroke(c)}/>',
        f'<rect x="50" y="30" width="100" height="14" fill="{shade(c, 0.7)}"/>',
        '<ellipse cx="100" cy="110" rx="32" ry="24" fill="#fbfbf7"/>',
        f'<rect x="80" y="104" width="40" height="10" fill="{shade(c, 0.7)}"/>',
    ]


def _box(c: str) -> list[str]:
    return [
        f'<polygon points="40,70 130,70 160,45 70,45" fill="{shade(c, 1.3)}"'
        f' stroke="{shade(c, 0.6)}" stroke-width="2"/>',
        f'<polygon points="130,70 160,45 160,145 130,170" fill="{shade(c, 0.7)}"'
        f' stroke="{shade(c, 0.6)}" stroke-width="2"/>',
        f'<rect x="40" y="70" width="90" height="100"{_stroke(c)}/>',
        '<circle cx="85" cy="120" r="22" fill="#fbfbf7"/>',
    ]


def _book(c: str) -> list[str]:
    return [
        '<rect x="56" y="34" width="100" height="140" fill="#f0ead8" stroke="#999"/>',
        f'<rect x="48" y="30" width="100" height="140" rx="3"{_stroke(c)}/>',
        f'<rect x="48" y="30" width="12" height="140" fill="{shade(c, 0.6)}"/>',
        f'<rect x="72" y="60" width="60" height="8" fill="{shade(c, 1.6)}"/>',
        f'<rect x="72" y="76" width="44" height="6" fill="{shade(c, 1.6)}"/>',
    ]


def _pen(c: str) -> list[str]:
    return [
        f'<rect x="30" y="92" width="130" height="16" rx="6"{_stroke(c)}/>',
        '<polygon points="160,92 185,100 160,108" fill="#c9c9c9" stroke="#777"/>',
        f'<rect x="45" y="86" width="40" height="5" rx="2" fill="{shade(c, 0.6)}"/>',
    ]


def _chair(c: str) -> list[str]:
    return [
        f'<rect x="60" y="25" width="80" height="75" rx="14"{_stroke(c)}/>',
        f'<rect x="50" y="105" width="100" height="22" rx="8"{_stroke(c)}/>',
        '<rect x="96" y="127" width="8" height="35" fill="#555"/>',
        '<path d="M60 175 L100 160 L140 175" fill="none" stroke="#555" stroke-width="6"/>',
    ]


def _desk(c: str) -> list[str]:
    return [
        f'<rect x="20" y="70" width="160" height="14" rx="3"{_stroke(c)}/>',
        '<rect x="35" y="84" width="8" height="90" fill="#555"/>',
        '<rect x="157" y="84" width="8" height="90" fill="#555"/>',
        f'<rect x="110" y="84" width="45" height="50" fill="{shade(c, 0.75)}"/>',
    ]


def _cabinet(c: str) -> list[str]:
    return [
        f'<rect x="50" y="25" width="100" height="155" rx="4"{_stroke(c)}/>',
        *(
            f'<rect x="58" y="{y}" width="84" height="42" fill="{shade(c, 0.8)}"/>'
            f'<rect x="88" y="{y + 16}" width="24" height="6" rx="2" fill="#ddd"/>'
            for y in (33, 82, 131)
        ),
    ]


SHAPES: dict[str, Callable[[str], list[str]]] = {
    "mug": _mug,
    "teapot": _teapot,
    "bowl": _bowl,
    "pan": _pan,
    "pot": _pot,
    "knife": _knife,
    "top": _top,
    "trousers": _trousers,
    "jacket": _jacket,
    "shoe": _shoe,
    "boot": _boot,
    "sandal": _sandal,
    "headphones": _headphones,
    "speaker": _speaker,
    "charger": _charger,
    "keyboard": _keyboard,
    "gadget": _gadget,
    "bulb": _bulb,
    "pillow": _pillow,
    "vase": _vase,
    "candle": _candle,
    "frame": _frame,
    "clock": _clock,
    "lamp": _lamp,
    "tent": _tent,
    "backpack": _backpack,
    "mat": _mat,
    "weights": _weights,
    "helmet": _helmet,
    "bottle": _bottle,
    "jar": _jar,
    "pack": _pack,
    "box": _box,
    "book": _book,
    "pen": _pen,
    "chair": _chair,
    "desk": _desk,
    "cabinet": _cabinet,
}
"""Silhouette of each product type, drawn in a colour."""

_KIND_BY_WORD = (
    # (whole word or words in the lower-case noun, kind); the first match wins.
    ("cable box", "box"),
    ("soap", "box"),
    ("clipper", "knife"),
    ("raincoat", "jacket"),
    ("speakers", "speaker"),
    ("mug", "mug"),
    ("tumbler", "mug"),
    ("teapot", "teapot"),
    ("bowl", "bowl"),
    ("plate", "bowl"),
    ("platter", "bowl"),
    ("measuring", "bowl"),
    ("frying", "pan"),
    ("grill", "pan"),
    ("wok", "pan"),
    ("saucepan", "pot"),
    ("oven", "pot"),
    ("stockpot", "pot"),
    ("stove", "pot"),
    ("knife", "knife"),
    ("peeler", "knife"),
    ("whisk", "knife"),
    ("razor", "knife"),
    ("comb", "knife"),
    ("cutting board", "desk"),
    ("jacket", "jacket"),
    ("coat", "jacket"),
    ("parka", "jacket"),
    ("trousers", "trousers"),
    ("jeans", "trousers"),
    ("chinos", "trousers"),
    ("joggers", "trousers"),
    ("dungarees", "trousers"),
    ("pyjama", "trousers"),
    ("boots", "boot"),
    ("sandals", "sandal"),
    ("slides", "sandal"),
    ("slippers", "sandal"),
    ("flip-flops", "sandal"),
    ("shoes", "shoe"),
    ("runners", "shoe"),
    ("flats", "shoe"),
    ("trainers", "shoe"),
    ("sneakers", "shoe"),
    ("high-tops", "shoe"),
    ("slip-ons", "shoe"),
    ("clogs", "shoe"),
    ("shirt", "top"),
    ("henley", "top"),
    ("blouse", "top"),
    ("tank top", "top"),
    ("cardigan", "top"),
    ("tunic", "top"),
    ("sweater", "top"),
    ("hoodie", "top"),
    ("gloves", "top"),
    ("headphones", "headphones"),
    ("headset", "headphones"),
    ("earbuds", "headphones"),
    ("earphones", "headphones"),
    ("speaker", "speaker"),
    ("soundbar", "speaker"),
    ("charger", "charger"),
    ("charging", "charger"),
    ("cable", "charger"),
    ("power bank", "charger"),
    ("adapter", "charger"),
    ("shaver", "charger"),
    ("trimmer", "charger"),
    ("dryer", "charger"),
    ("keyboard", "keyboard"),
    ("bulb", "bulb"),
    ("light", "bulb"),
    ("pillow", "pillow"),
    ("cushion", "pillow"),
    ("duvet", "pillow"),
    ("sheet", "pillow"),
    ("blanket", "pillow"),
    ("quilt", "pillow"),
    ("towel", "pillow"),
    ("sleeping bag", "pillow"),
    ("vase", "vase"),
    ("candle", "candle"),
    ("picture frame", "frame"),
    ("clock", "clock"),
    ("lamp", "lamp"),
    ("tent", "tent"),
    ("kite", "tent"),
    ("backpack", "backpack"),
    ("bag", "backpack"),
    ("mat", "mat"),
    ("roller", "mat"),
    ("dumbbell", "weights"),
    ("kettlebell", "weights"),
    ("helmet", "helmet"),
    ("oil", "bottle"),
    ("syrup", "bottle"),
    ("shampoo", "bottle"),
    ("conditioner", "bottle"),
    ("wash", "bottle"),
    ("lotion", "bottle"),
    ("cleanser", "bottle"),
    ("serum", "bottle"),
    ("sunscreen", "bottle"),
    ("concentrate", "bottle"),
    ("water blaster", "bottle"),
    ("cream", "jar"),
    ("moisturiser", "jar"),
    ("butter", "jar"),
    ("jam", "jar"),
    ("sauce", "jar"),
    ("salts", "jar"),
    ("mask", "jar"),
    ("pen", "pen"),
    ("pencil", "pen"),
    ("highlighter", "pen"),
    ("fineliner", "pen"),
    ("poles", "pen"),
    ("chair", "chair"),
    ("footrest", "chair"),
    ("desk", "desk"),
    ("riser", "desk"),
    ("laptop stand", "desk"),
    ("bookshelf", "cabinet"),
    ("cabinet", "cabinet"),
    ("drawer", "cabinet"),
)

_KIND_BY_CATEGORY = {
    "Books": "book",
    "Grocery": "pack",
    "Toys & Games": "box",
    "Beauty & Personal Care": "bottle",
    "Clothing": "top",
    "Shoes": "shoe",
}
"""The type of a product whose noun names no shape, by top-level category."""

_BOOKISH = ("folder", "notebook", "planner", "sketchbook", "journal", "sticky notes")

CONTAINERS = {"bottle": "bottle", "jar": "jar", "pack": "pack", "box": "box"}
"""Kinds whose colour is the packaging's, named in the alt text."""


def describe(qualifier: str, noun: str) -> str:
    """What a product is, lower case for alt text: ``stoneware coffee mug``, ``USB-C cable``."""
    words = f"{qualifier} {noun}".split()
    return " ".join(word if not any(c.islower() for c in word) else word.lower() for word in words)


def _has_word(text: str, word: str) -> bool:
    return re.search(rf"\b{re.escape(word)}\b", text) is not None


@functools.cache
def kind_for(noun: str, category: str) -> str:
    """The silhouette that depicts a product ``noun`` of the top-level ``category``."""
    lower = noun.lower()
    if any(_has_word(lower, word) for word in _BOOKISH):
        return "book"
    for word, kind in _KIND_BY_WORD:
        if _has_word(lower, word):
            return kind
    return _KIND_BY_CATEGORY.get(category, "gadget")


def alt_text(item: str, kind: str, colour: str, view: str) -> str:
    """The alt text of a photo: ``Blue stoneware coffee mug, front view``.

    Args:
        item: What the product is, lower case (``stoneware coffee mug``).
        kind: Its silhouette (:data:`SHAPES`).
        colour: The colour the photo shows (:data:`~webenv.sites.core.images.PALETTE`).
        view: One of :data:`VIEWS`.
    """
    if kind in CONTAINERS:
        article = "an" if colour[:1] in "AEIOU" else "a"
        subject = f"{item[:1].upper()}{item[1:]} in {article} {colour.lower()} {CONTAINERS[kind]}"
    elif kind == "book":
        subject = f"{item[:1].upper()}{item[1:]} with a {colour.lower()} cover"
    else:
        subject = f"{colour} {item}"
    return f"{subject}, {view} view"


_PLAIN_COLOURS = ("Red", "Blue", "Green", "Teal", "Orange", "Purple", "Navy", "Yellow", "Silver")
_BACKDROPS = ("Beige", "Grey", "Blue", "Teal", "Pink", "Mustard", "Silver", "Green")


def photo_rows(
    rng: Rng, item: str, kind: str, colours: list[str]
) -> list[tuple[int, str, str, str, str, str]]:
    """The photos of one product: (position, view, kind, colour, backdrop, alt) rows.

    The front view comes first; two to four views in all. A product sold in several
    colours shows them in turn (the second view in its second colour, ...); any other
    product is one colour throughout.
    """
    count = rng.randint(2, 4)
    views = ["front", *rng.sample(VIEWS[1:], count - 1)]
    views.sort(key=VIEWS.index)
    plain = rng.choice(_PLAIN_COLOURS)
    backdrop = rng.choice(_BACKDROPS)
    rows = []
    for index, view in enumerate(views):
        colour = colours[index % len(colours)] if colours else plain
        rows.append((index + 1, view, kind, colour, backdrop, alt_text(item, kind, colour, view)))
    return rows


_VIEW_TRANSFORMS = {
    "front": "",
    "side": "translate(100 0) scale(0.62 1) translate(-100 0)",
    "back": "translate(200 0) scale(-1 1)",
    "detail": "translate(-100 -100) scale(2)",
    "top": "translate(0 45) scale(1 0.55)",
}


@functools.lru_cache(maxsize=8192)
def render(kind: str, colour: str, backdrop: str, view: str) -> bytes:
    """Draw one product photo (memoised: a photo is a function of these four values)."""
    main = images.fill(colour)
    if view == "back":
        main = shade(main, 0.85)
    shapes = SHAPES.get(kind, _gadget)(main)
    back = shade(images.fill(backdrop), 1.8)
    scale = SIZE / 200
    transform = _VIEW_TRANSFORMS.get(view, "")
    body = [
        f'<rect width="{SIZE}" height="{SIZE}" fill="{back}"/>',
        f'<ellipse cx="{SIZE / 2:g}" cy="{SIZE * 0.9:g}" rx="{SIZE * 0.36:g}" ry="{SIZE * 0.04:g}"'
        ' fill="#000" opacity="0.12"/>',
        f'<g transform="scale({scale:g}){" " + transform if transform else ""}">',
        *shapes,
        "</g>",
    ]
    if view == "side":
        body.append(
            f'<rect x="{SIZE * 0.5:g}" width="{SIZE * 0.5:g}" height="{SIZE}" fill="#000"'
            ' opacity="0.06"/>'
        )
    return images.document(SIZE, SIZE, body)
