"""Fuzz ``step()`` with hostile arguments for every action kind of both grammars.

``step()`` must never raise: every malformed or impossible action is a no-op step whose
``last_action_error`` is one line. This module holds the one set of Hypothesis
strategies for hostile actions (used by ``tests/test_fuzz.py`` for a short run) and a
driver for the long run::

    python benchmarks/fuzz.py                          # 20,000 steps per env id, in-process
    python benchmarks/fuzz.py --backend chromium --steps 2000 --env-id WebShop-v0

Each walk resets the env to a drawn task and plays a few actions; most use ids and
option names read from the current observation (so walks reach forms, listings and
stored content), and every argument may be hostile. Choices come from a :class:`Draw`:
Hypothesis in the tests (so failures shrink), a seeded RNG here. At the end it
prints the steps, errors by action kind, and every exception with the action that
raised it; it exits 1 if any step raised or broke the contract.
"""

from __future__ import annotations

import argparse
import random
import re
import string
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

import gymnasium as gym
from hypothesis import strategies as st

import webenv
from webenv.actions import ActionError, ActionKind, parse_action

T = TypeVar("T")

# -- hostile pieces ----------------------------------------------------------------------

SCHEMES = [
    "http",
    "https",
    "HTTP",
    "hTtPs",
    "javascript",
    "data",
    "file",
    "ftp",
    "about",
    "mailto",
    "chrome",
    "view-source",
    "blob",
    "ws",
    "ht!tp",
    "1http",
    "",
]
USERINFO = ["", "user@", "user:pass@", "@", ":@", "a@b@", "%40@", "u ser@"]
HOSTS = [
    "shop.test",
    "SHOP.TEST",
    "forum.test",
    "git.test",
    "Shop.Test.",
    "shop.test..",
    "[::1]",
    "[",
    "[x",
    "]",
    "[::1",
    "[::1]]",
    "[fe80::1%25eth0]",
    "[v1.x]",
    "xn--",
    "xn--nxasmq6b",
    "bücher.test",
    "例え.テスト",
    "ｓｈｏｐ.ｔｅｓｔ",
    "127.0.0.1",
    "0x7f.1",
    "2130706433",
    "localhost",
    "",
    "%00",
    "a..b",
    "evil.example",
    "shop.test%2f",
    "shop.test\\@evil",
    "shop.test#@evil",
    "\u202eshop.test",
    "-shop-.test",
    "a" * 300 + ".test",
]
PORTS = [
    "",
    ":",
    ":80",
    ":443",
    ":abc",
    ":-1",
    ":99999",
    ":0",
    ":65535",
    ":65536",
    ":8080",
    ": 80",
    ":0x50",
    ":٨٠",
    ":" + "9" * 30,
]
PATHS = [
    "",
    "/",
    "//",
    "/..",
    "/../..",
    "/./",
    "/%",
    "/%zz",
    "/%00",
    "\\",
    "/\\evil",
    "/\t/",
    "/cart",
    "/search?q=[mug]",
    "/f/Cooking",
    "/northwind/falcon-proxy",
    "/login?next=/%09/evil.example/",
    "/login?next=/%0A/x",
    "/é☃𝄞",
    "/" + "a" * 3000,
    "/#frag",
    "?",
    "#",
    "/a b",
    "/<script>",
    "/'\"",
    "/[",
    "/]",
]
PLACEHOLDERS = ["", "__SHOP__", "__FORUM__", "__GIT__", "__NOPE__"]
KEY_NAMES = [
    "Enter",
    "Return",
    "Tab",
    "Escape",
    "Backspace",
    "Delete",
    "ArrowDown",
    "ArrowUp",
    "PageDown",
    "Home",
    "End",
    "Space",
    " ",
    "a",
    "A",
    "é",
    "Control+a",
    "Control+A",
    "Shift+Tab",
    "Meta+Alt+Delete",
    "Control++",
    "+",
    "++",
    "Shift+",
    "+Enter",
    "F1",
    "F13",
    "F99",
    "Dead",
    "Unidentified",
    "Control+Shift+Alt+Meta+x",
    "enter",
    "ENTER",
    "Key",
    "Digit1",
    "NumpadEnter",
    "a" * 150,
    "\u200b",
    "[",
    "]",
]
TEXTS = [
    "",
    " ",
    "blue mug",
    "a [b] c",
    "x] [y",
    "]",
    "[",
    "] [0",
    "] [1]",
    "'",
    '"',
    "\\",
    "\\n",
    "\n",
    "\r\n",
    "\t",
    "é☃𝄞",
    "\u202eevil",
    "\ufeff",
    "\u200b",
    "<script>alert(1)</script>",
    "'; DROP TABLE users; --",
    "%s%n",
    "{{7*7}}",
    "${x}",
    "a" * 4999,
    "a" * 5001,
    "🙂" * 100,
    "null",
    "None",
    "0",
    "-1",
]
OPTIONS = [
    "Price",
    "price",
    "",
    " ",
    "Relevance",
    "Newest",
    "Cooking",
    "cooking",
    "Price: low to high",
    "Best",
    "[",
    "]",
    "No such option",
    "é",
]
IDS = [
    "0",
    "1",
    "-1",
    "",
    " ",
    " 12 ",
    "12a",
    "1e3",
    "0x10",
    "٣",
    "１２",
    "999999",
    "9" * 12,
    "9" * 13,
    "9" * 40,
    "1.5",
    "[1]",
    "None",
]
TAB_INDEXES = ["0", "1", "2", "-1", "99", "9" * 12, "9" * 13, "", "a", " 1 ", "1.0"]
SCROLLS = ["down", "up", "Down", "UP", "left", "", " down ", "0", "downn"]
BG_NUMBERS = [
    "0",
    "1",
    "-1",
    "400",
    "-400",
    "0.0",
    "1.5",
    "1e308",
    "-1e308",
    "10**9",
    "True",
    "None",
    "float('nan')",
    "1_000",
]


def _quote(text: str, style: int) -> str:
    """``text`` as a Python string literal in one of several quoting styles (some broken)."""
    if style == 0:
        return repr(text)
    if style == 1:
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if style == 2:
        return "'''" + text + "'''"
    if style == 3:
        return '"' + text + '"'  # unescaped: may be unbalanced
    if style == 4:
        return "r'" + text + "'"
    return "f'" + text + "'"


class Draw(Protocol):
    """Where a walk's choices come from: Hypothesis (tests) or a seeded RNG (the long run)."""

    def choice(self, items: Sequence[T]) -> T: ...

    def integer(self, low: int, high: int) -> int: ...

    def text(self, max_size: int) -> str: ...


class HypothesisDraw:
    """Choices drawn from Hypothesis's ``st.data()``, so failures shrink."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def choice(self, items: Sequence[T]) -> T:
        return self.data.draw(st.sampled_from(items))

    def integer(self, low: int, high: int) -> int:
        return self.data.draw(st.integers(low, high))

    def text(self, max_size: int) -> str:
        return self.data.draw(st.text(max_size=max_size))


class RandomDraw:
    """Choices from a seeded :class:`random.Random`; text mixes ASCII, controls and Unicode."""

    _ALPHABETS = (
        string.printable,
        "[]()\"'`,\\ \t",
        "\x00\x01\x1f\x7f\u2028\ufffe",
        "éß☃𝄞\u202e\u200b例え",
        "0123456789",
    )

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choice(self, items: Sequence[T]) -> T:
        return self.rng.choice(items)

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def text(self, max_size: int) -> str:
        size = self.rng.randint(0, max_size)
        if self.rng.random() < 0.1:
            return "".join(chr(self.rng.randint(0, 0x10FFFF)) for _ in range(size))
        alphabet = self.rng.choice(self._ALPHABETS)
        return "".join(self.rng.choice(alphabet) for _ in range(size))


def _part(draw: Draw, usual: Sequence[str], hostile: Sequence[str]) -> str:
    return draw.choice(usual) if draw.integer(0, 2) == 0 else draw.choice(hostile)


def url(draw: Draw) -> str:
    """A hostile URL: mostly ``scheme://userinfo host port path`` with odd parts."""
    how = draw.integer(0, 9)
    if how <= 6:
        return "".join(
            [
                _part(draw, ["http", "https"], SCHEMES),
                _part(draw, ["://"], ["://", ":", ":/", ":///", "//", "", ":\\\\"]),
                _part(draw, [""], USERINFO),
                _part(draw, ["shop.test", "forum.test", "git.test"], HOSTS),
                _part(draw, [""], PORTS),
                _part(draw, ["/"], PATHS),
            ]
        )
    if how == 7:
        return draw.choice(PLACEHOLDERS) + draw.choice(PATHS)
    if how == 8:
        return draw.choice(PATHS)
    return draw.text(40)


def text(draw: Draw) -> str:
    """Typed text and answers: tricky catalog entries or arbitrary Unicode."""
    return draw.choice(TEXTS) if draw.integer(0, 1) else draw.text(60)


@dataclass(frozen=True)
class Page:
    """What a walk can read from the current observation."""

    ids: tuple[str, ...]
    options: tuple[str, ...]
    links: tuple[str, ...]


_NODE = re.compile(r"^\t*\[(\d+)\] (\w+) '((?:[^'\\]|\\.)*)'", re.MULTILINE)


def read_page(axtree: str) -> Page:
    """Element ids, option labels and link ids in ``axtree`` text."""
    ids, options, links = [], [], []
    for node_id, role, name in _NODE.findall(axtree):
        ids.append(node_id)
        if role == "option":
            options.append(name)
        elif role == "link":
            links.append(node_id)
    return Page(tuple(ids), tuple(options), tuple(links))


def _element_id(draw: Draw, page: Page) -> str:
    if page.ids and draw.integer(0, 3):
        pool = page.links if page.links and draw.integer(0, 1) else page.ids
        return draw.choice(pool)
    return draw.choice(IDS) if draw.integer(0, 2) else draw.text(8)


def _option(draw: Draw, page: Page) -> str:
    if page.options and draw.integer(0, 1):
        return draw.choice(page.options)
    return draw.choice(OPTIONS) if draw.integer(0, 2) else draw.text(20)


def _key(draw: Draw) -> str:
    return draw.choice(KEY_NAMES) if draw.integer(0, 3) else draw.text(12)


KINDS = tuple(ActionKind)


GRAMMARS = ("webarena", "browsergym", "garbled")


def draw_action(
    draw: Draw,
    page: Page,
    *,
    allow_stop: bool = False,
    kind: ActionKind | None = None,
    grammar: str | None = None,
) -> str:
    """One action string with hostile arguments, of a drawn (or the given) kind and grammar.

    ``grammar`` is ``webarena``, ``browsergym`` or ``garbled`` (broken syntax).
    """
    if kind is None:
        kind = draw.choice([k for k in KINDS if allow_stop or k != ActionKind.STOP])
    if grammar is None:
        grammar = draw.choice(["webarena"] * 3 + ["browsergym"] * 3 + ["garbled"])
    if grammar == "webarena":
        return _webarena(draw, page, kind)
    if grammar == "browsergym":
        return _browsergym(draw, page, kind)
    how = draw.integer(0, 2)
    if how == 0:
        return draw.text(80)
    if how == 1:
        verb = draw.choice([str(kind), str(kind).upper(), f"```\n{kind}", f"{kind}(", f"{kind} ["])
        return verb + draw.text(30)
    return draw.choice(
        [
            f"{kind} [1] [2] [3] [4]",
            f"{kind}[",
            f"{kind} ]",
            f"{kind} [[]]",
            f"{kind}((1))",
            f"{kind}(*[1])",
            f"{kind}(**{{}})",
            f"{kind}(__import__('os'))",
            f"{kind}(x=1)",
            f"{kind} " + "[" * 500,
            f"{kind}(" + "(" * 200 + ")" * 200 + ")",
            "x" * 10_001,
            f"```python\n{kind}\n```",
            f"  {kind}  ",
            f"{kind}\n{kind}",
        ]
    )


def _webarena(draw: Draw, page: Page, kind: ActionKind) -> str:
    K = ActionKind
    if kind in (K.CLICK, K.CHECK, K.UNCHECK, K.HOVER):
        return f"{kind} [{_element_id(draw, page)}]"
    if kind == K.TYPE:
        flag = draw.choice(["", " [1]", " [0]", " [2]", " []", " [yes]"])
        return f"type [{_element_id(draw, page)}] [{text(draw)}]{flag}"
    if kind == K.SELECT:
        return f"select [{_element_id(draw, page)}] [{_option(draw, page)}]"
    if kind == K.PRESS:
        return f"press [{_key(draw)}]"
    if kind == K.SCROLL:
        return f"scroll [{draw.choice(SCROLLS)}]"
    if kind == K.GOTO:
        return f"goto [{url(draw)}]"
    if kind == K.TAB_FOCUS:
        return f"tab_focus [{draw.choice(TAB_INDEXES)}]"
    if kind == K.STOP:
        return f"stop [{text(draw)}]"
    return f"{kind}{draw.choice(['', '', ' [1]', ' x', '()'])}"


_BG_VERB = {
    ActionKind.TYPE: ["fill"],
    ActionKind.SELECT: ["select_option"],
    ActionKind.PRESS: ["press", "keyboard_press"],
    ActionKind.CLOSE_TAB: ["tab_close"],
    ActionKind.STOP: ["send_msg_to_user", "report_infeasible"],
}


def _browsergym(draw: Draw, page: Page, kind: ActionKind) -> str:
    K = ActionKind
    verb = draw.choice(_BG_VERB.get(kind, [str(kind)]))
    style = draw.integer(0, 9) % 6  # mostly well-quoted, sometimes broken

    def q(value: str) -> str:
        return _quote(value, style)

    def bid() -> str:
        raw = _element_id(draw, page)
        return draw.choice([q(raw), raw or "0", f"bid={q(raw)}"])

    if kind in (K.CLICK, K.CHECK, K.UNCHECK, K.HOVER):
        extra = draw.choice(["", ", 'left'", ", button=1", ", 1, 2"])
        return f"{verb}({bid()}{extra})"
    if kind == K.TYPE:
        return f"fill({bid()}, {q(text(draw))})"
    if kind == K.SELECT:
        option = q(_option(draw, page))
        value = draw.choice([option, f"[{option}]", f"[{option}, 'x']", "[]", "1"])
        return f"select_option({bid()}, {value})"
    if kind == K.PRESS:
        key = q(_key(draw))
        return f"press({bid()}, {key})" if verb == "press" else f"keyboard_press({key})"
    if kind == K.SCROLL:
        return f"scroll({draw.choice(BG_NUMBERS)}, {draw.choice(BG_NUMBERS)})"
    if kind == K.GOTO:
        return f"goto({q(url(draw))})"
    if kind == K.TAB_FOCUS:
        index = draw.choice(TAB_INDEXES)
        return f"tab_focus({draw.choice([index or '0', q(index)])})"
    if kind == K.STOP:
        return f"{verb}({q(text(draw))})"
    return f"{verb}({draw.choice(['', '', '1', 'x=1', q('a')])})"


# -- the contract and the driver ------------------------------------------------------------


@dataclass
class Tally:
    """What a fuzz run saw."""

    steps: int = 0
    episodes: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    """Steps per action kind (``unparsed`` for actions that do not parse)."""
    errors: Counter[str] = field(default_factory=Counter)
    """Steps whose ``last_action_error`` was set, per action kind."""
    exceptions: list[tuple[str, str, str]] = field(default_factory=list)
    """(action, exception one-liner, traceback) per step that raised or broke the contract."""

    def report(self, title: str) -> str:
        lines = [
            f"{title}: {self.steps} steps in {self.episodes} episodes, "
            f"{sum(self.errors.values())} action errors, "
            f"{len(self.exceptions)} exceptions"
        ]
        for kind, count in sorted(self.kinds.items()):
            lines.append(f"  {kind:>10}: {count:6} steps, {self.errors[kind]:6} errors")
        for action, message, _ in self.exceptions[:50]:
            lines.append(f"  EXCEPTION {message}  <- {action[:120]!r}")
        return "\n".join(lines)


def _kind(action: str) -> str:
    try:
        return str(parse_action(action).kind)
    except ActionError:
        return "unparsed"


def checked_step(
    env: gym.Env, action: str, before: dict[str, Any], tally: Tally
) -> tuple[dict[str, Any], bool]:
    """Step once and check the contract; return the observation and whether it ended.

    The contract: ``step`` returns; the observation is in the space; an error is one
    line, and the step that reported it left the page (URL and AX tree) as it was.
    """
    tally.steps += 1
    try:
        obs, _, terminated, truncated, _ = env.step(action)
    except Exception as exc:
        tally.exceptions.append(
            (action, f"{type(exc).__name__}: {str(exc)[:200]}", traceback.format_exc())
        )
        return before, True
    problem = ""
    error = obs["last_action_error"]
    if not env.observation_space.contains(obs):
        problem = "observation is not in the observation space"
    elif "\n" in error:
        problem = f"last_action_error is not one line: {error[:200]!r}"
    elif error and (obs["url"], obs["axtree"]) != (before["url"], before["axtree"]):
        problem = f"an action error changed the page: {error[:120]!r}"
    kind = _kind(action)
    tally.kinds[kind] += 1
    if error:
        tally.errors[kind] += 1
    if problem:
        tally.exceptions.append((action, "ContractBroken: " + problem, ""))
    return obs, terminated or truncated


def walk(env: gym.Env, draw: Draw, tally: Tally, max_steps: int) -> None:
    """Reset to a drawn task and play up to ``max_steps`` drawn actions."""
    obs, _ = env.reset(seed=draw.integer(0, 2**16))
    tally.episodes += 1
    for _ in range(draw.integer(1, max_steps)):
        page = read_page(obs["axtree"])
        action = draw_action(draw, page, allow_stop=draw.integer(0, 30) == 0)
        obs, ended = checked_step(env, action, obs, tally)
        if ended:
            return


def fuzz(
    env: gym.Env,
    steps: int,
    *,
    max_walk: int = 12,
    seed: int = 0,
    progress: Callable[[Tally], None] | None = None,
) -> Tally:
    """Run seeded random walks on ``env`` until at least ``steps`` steps were taken."""
    tally = Tally()
    draw = RandomDraw(seed)
    while tally.steps < steps:
        walk(env, draw, tally, max_walk)
        if progress is not None:
            progress(tally)
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=20_000, help="steps per env id")
    parser.add_argument("--backend", choices=("inprocess", "chromium"), default="inprocess")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random walks")
    parser.add_argument(
        "--env-id",
        action="append",
        choices=sorted(webenv.ENV_IDS),
        help="env id to fuzz (repeatable; default: all)",
    )
    args = parser.parse_args(argv)
    total = Tally()
    for env_id in args.env_id or sorted(webenv.ENV_IDS):
        env = gym.make(env_id, backend=args.backend, max_episode_steps=10**6)
        started = time.perf_counter()

        def progress(tally: Tally, env_id: str = env_id, started: float = started) -> None:
            if tally.episodes % 200 == 0:
                print(
                    f"  {env_id}: {tally.steps} steps, {len(tally.exceptions)} exceptions, "
                    f"{time.perf_counter() - started:.0f} s",
                    file=sys.stderr,
                    flush=True,
                )

        try:
            tally = fuzz(env, args.steps, seed=args.seed, progress=progress)
        finally:
            env.close()
        elapsed = time.perf_counter() - started
        print(tally.report(f"{env_id} ({args.backend}, {elapsed:.0f} s)"), flush=True)
        total.steps += tally.steps
        total.episodes += tally.episodes
        total.errors.update(tally.errors)
        total.kinds.update(tally.kinds)
        total.exceptions += tally.exceptions
    print(
        f"TOTAL: {total.steps} steps, {sum(total.errors.values())} action errors, "
        f"{len(total.exceptions)} exceptions"
    )
    for action, message, trace in total.exceptions[:5]:
        if trace:
            print(f"--- {message} <- {action[:200]!r}\n{trace}")
    return 1 if total.exceptions else 0


if __name__ == "__main__":
    sys.exit(main())
