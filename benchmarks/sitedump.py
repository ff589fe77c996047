"""Every response of a fixed set of site requests, recorded to compare two trees' site HTML.

Records status, headers and body of each request the bundled sites answer in this
process (Flask's ``request_finished`` signal, so the env's own requests count too):

- seeded random walks straight into each site app (links, GET forms filled with a word
  from the page, back, the shop's "Add to Compare") on worlds 0, 1 and 10007, logged out
  and logged in;
- every curated task's reference solution played through the env
  (:func:`webenv.tools.solution.play_solution`), page cache off so every page renders;
- hostile query strings on each site's pages.

Run it with each tree's own Python and compare the two dumps::

    .venv/bin/python benchmarks/sitedump.py record /tmp/branch.dump
    /work/main/.venv/bin/python benchmarks/sitedump.py record /tmp/main.dump
    .venv/bin/python benchmarks/sitedump.py compare /tmp/main.dump /tmp/branch.dump
"""

from __future__ import annotations

import argparse
import difflib
import html
import pickle
import random
import re
import sys
import zlib
from typing import Any

from flask import Flask, request, request_finished
from werkzeug.test import Client
from werkzeug.wrappers import Response

import webenv  # noqa: F401  (registers the env ids)
from webenv.browser import pagecache
from webenv.env import WebEnv
from webenv.families import DEFAULT_LOGINS
from webenv.tools.solution import play_solution
from webenv.world import SITES, World

WORLDS = (0, 1, 10007)
HOSTED = ("shop", "forum", "githost")
WALK_STEPS = 300
HREF = re.compile(rb'<a [^>]*href="([^"#]*)')
GET_FORM = re.compile(rb'<form [^>]*action="([^"]*)" method="get"[^>]*>(.*?)</form>', re.S)
COMPARE_FORM = re.compile(
    rb'<form action="([^"]*)" method="post" class="compare-form">\n'
    rb'  <input type="hidden" name="csrf_token" value="([^"]*)">\n'
    rb'  <input type="hidden" name="next" value="([^"]*)">.*?name="product_id" value="(\d+)"',
    re.S,
)
"""A shop page's "Add to Compare" form: action, token, next and its first product."""
TEXT_INPUT = re.compile(rb'<input type="(?:text|search)"[^>]*name="([^"]+)"')
WORD = re.compile(r"[A-Za-z]{4,}")
HOSTILE = (
    "page=-1",
    "page=0",
    "page=99999999999999999999999",
    "page=abc",
    "page=2&page=3",
    "sort=%3Cscript%3E",
    "sort=price_desc&dir=sideways",
    "q=%3Cb%3Ex%3C%2Fb%3E%22%27",
    "q=%00%01",
    "q=" + "a" * 500,
    "q=%E2%80%AE%F0%9F%98%80",
    "q=%FF%FE",
    "q=&page=2",
    "tab=../../etc",
    "next=http://evil.test/",
    "%zz=1",
    "min_price=abc&max_price=-3",
    "min_price=90&max_price=10&min_rating=4&sort=name",
    "min_rating=9&sort=rating&page=2",
)

Record = tuple[str, str, str, int, tuple[tuple[str, str], ...], bytes]
"""(label, method, URL, status, headers, zlib-compressed body)."""


class Recorder:
    """Collects each finished site response, under the current label."""

    def __init__(self) -> None:
        self.label = ""
        self.records: list[Record] = []

    def __call__(self, sender: Flask, response: Response, **_: Any) -> None:
        body = b"<passthrough>" if response.direct_passthrough else response.get_data()
        self.records.append(
            (
                self.label,
                request.method,
                request.url,
                response.status_code,
                tuple(response.headers.items()),
                zlib.compress(body),
            )
        )


def _links(body: bytes) -> list[str]:
    return [href.decode() for href in HREF.findall(body) if href.startswith(b"/")]


def _forms(body: bytes, rng: random.Random) -> list[str]:
    """A URL for each GET form with a text box: the box filled with a word of the page."""
    words = WORD.findall(body.decode(errors="replace"))
    urls = []
    for action, inner in GET_FORM.findall(body):
        names = TEXT_INPUT.findall(inner)
        if names and words and action.startswith(b"/"):
            urls.append(f"{action.decode()}?{names[0].decode()}={rng.choice(words)}")
    return urls


def walk(world: World, site: str, logged_in: bool, seed: int, recorder: Recorder) -> None:
    """``WALK_STEPS`` seeded steps over ``site``'s links, forms and history."""
    spec = SITES[site]
    client = Client(world.apps[site])
    if logged_in:
        name, value = world.login_cookies({site: DEFAULT_LOGINS[site]})[site]
        client.set_cookie(name, value, domain=spec.host)
    rng = random.Random(f"{site} {seed} {logged_in}")
    recorder.label = f"walk {site} world {seed} {'in' if logged_in else 'out'}"
    history = ["/"]
    for _ in range(WALK_STEPS):
        with world.lock:
            response = client.get(history[-1], base_url=spec.base_url)
            body = response.get_data()
        links = [link for link in _links(body) if "logout" not in link and "/static/" not in link]
        forms = _forms(body, rng)
        compare = COMPARE_FORM.search(body)
        roll = rng.random()
        if compare and roll < 0.04:  # the shop's compare list (its sidebar on category pages)
            action, token, back, product = (part.decode() for part in compare.groups())
            form = {"csrf_token": token, "next": html.unescape(back), "product_id": product}
            with world.lock:
                client.post(html.unescape(action), base_url=spec.base_url, data=form).get_data()
        elif roll < 0.15 and len(history) > 1:
            history.pop()
        elif roll < 0.3 and forms:
            history.append(rng.choice(forms))
        elif links:
            history.append(rng.choice(links))
        else:
            history.append("/")
        del history[:-20]


def hostile(world: World, site: str, recorder: Recorder) -> None:
    """Hostile query strings on the pages linked from ``site``'s home page."""
    spec = SITES[site]
    client = Client(world.apps[site])
    recorder.label = f"hostile {site}"
    home = client.get("/", base_url=spec.base_url).get_data()
    paths = ["/", *dict.fromkeys(link.split("?")[0] for link in _links(home))][:40]
    for path in paths:
        for query in HOSTILE:
            with world.lock:
                client.get(f"{path}?{query}", base_url=spec.base_url).get_data()


def solutions(recorder: Recorder) -> None:
    """Every curated task's reference solution, page cache off."""
    pagecache.PAGE_CACHE_PAGES = 0
    pagecache.page_cache.clear()
    env = WebEnv(tasks="all")
    try:
        for task in env.tasks:
            recorder.label = f"solution {task.task_id}"
            play_solution(env, task)
    finally:
        env.close()


def record(path: str) -> None:
    recorder = Recorder()
    request_finished.connect(recorder)
    for seed in WORLDS:
        world = World(HOSTED, seed)
        try:
            for site in HOSTED:
                for logged_in in (False, True):
                    walk(world, site, logged_in, seed, recorder)
                if seed == 0:
                    hostile(world, site, recorder)
        finally:
            world.close()
    solutions(recorder)
    with open(path, "wb") as file:
        pickle.dump(recorder.records, file)
    labels: dict[str, int] = {}
    for label, *_ in recorder.records:
        kind = label.split()[0]
        labels[kind] = labels.get(kind, 0) + 1
    print(f"{len(recorder.records)} responses {labels} -> {path}")


def compare(first: str, second: str) -> int:
    with open(first, "rb") as file:
        a: list[Record] = pickle.load(file)
    with open(second, "rb") as file:
        b: list[Record] = pickle.load(file)
    differ = 0
    for one, two in zip(a, b, strict=False):
        if one == two:
            continue
        differ += 1
        if differ <= 3:
            print(f"differ: {one[0]} {one[1]} {one[2]} / {two[2]} {one[3]}/{two[3]}")
            if one[4] != two[4]:
                print(f"  headers {one[4]} != {two[4]}")
            left = zlib.decompress(one[5]).decode(errors="replace").splitlines()
            right = zlib.decompress(two[5]).decode(errors="replace").splitlines()
            print("\n".join(list(difflib.unified_diff(left, right, lineterm=""))[:40]))
    print(f"{len(a)} vs {len(b)} responses, {differ} differ")
    return 1 if differ or len(a) != len(b) else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("record").add_argument("path")
    both = commands.add_parser("compare")
    both.add_argument("first")
    both.add_argument("second")
    args = parser.parse_args()
    if args.command == "record":
        record(args.path)
        return 0
    return compare(args.first, args.second)


if __name__ == "__main__":
    sys.exit(main())
