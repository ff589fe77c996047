"""README.md's code blocks run: every Python block is executed and its claims checked.

A ``print(...)`` line with a trailing ``# expected`` comment is a claim: what that line
prints must equal the comment (or start with it, when the comment ends in ``...``).
Shell blocks are checked where that is cheap: every ``webenv`` command and option they
show exists, and every ``make`` target they run is defined.
"""

from __future__ import annotations

import inspect
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text("utf-8")
FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
CLAIM = re.compile(r"^\s*print\(.*\)\s*#\s*(.+?)\s*$")

BLOCKS = [
    (lang, body, README[: match.start()].count("\n") + 1)
    for match in FENCE.finditer(README)
    for lang, body in [match.groups()]
]
PYTHON = [(body, line) for lang, body, line in BLOCKS if lang == "python"]
SHELL = [(body, line) for lang, body, line in BLOCKS if lang in ("sh", "bash", "console")]


def test_readme_has_the_blocks_this_test_reads():
    assert len(PYTHON) >= 2 and len(SHELL) >= 3


def _run(source: str, name: str) -> dict[int, list[str]]:
    """Execute ``source``; return what each source line printed."""
    printed: dict[int, list[str]] = {}

    def record(*args: object, sep: str = " ", end: str = "\n", **_: object) -> None:
        frame = inspect.currentframe()
        assert frame is not None and frame.f_back is not None
        caller = frame.f_back
        while caller.f_code.co_filename != name and caller.f_back is not None:
            caller = caller.f_back
        printed.setdefault(caller.f_lineno, []).append(sep.join(map(str, args)) + end)

    exec(compile(source, name, "exec"), {"__name__": "__readme__", "print": record})
    return printed


@pytest.mark.parametrize(("source", "line"), PYTHON, ids=[f"line{line}" for _, line in PYTHON])
def test_python_block_runs_and_its_printed_claims_hold(source, line):
    printed = _run(source, f"README.md:{line}")
    claims = 0
    for number, text in enumerate(source.splitlines(), start=1):
        claim = CLAIM.match(text)
        if not claim:
            continue
        claims += 1
        expected = claim.group(1)
        output = "".join(printed.get(number, [])).rstrip("\n")
        where = f"README.md line {line + number}: {text.strip()}"
        if expected.endswith("..."):
            assert output.startswith(expected[:-3].rstrip()), f"{where}\nprinted: {output[:200]}"
        else:
            assert output == expected, f"{where}\nprinted: {output}"
    assert claims, "a README Python block should show what it prints"


def _commands(body: str) -> list[list[str]]:
    commands = []
    for raw in body.splitlines():
        text = raw.split("#", 1)[0].strip()
        if text:
            commands.append(shlex.split(text))
    return commands


def _webenv_commands() -> list[list[str]]:
    return [words for body, _ in SHELL for words in _commands(body) if words[0] == "webenv"]


@pytest.mark.parametrize("words", _webenv_commands(), ids=" ".join)
def test_shell_blocks_show_real_webenv_commands_and_options(words):
    from webenv.cli import main

    path = [w for w in words[1:] if re.fullmatch(r"[a-z]+", w)]
    # The subcommand is the longest prefix of plain words that the CLI knows.
    command = main
    used: list[str] = []
    for word in path:
        sub = getattr(command, "commands", {}).get(word)
        if sub is None:
            break
        command, used = sub, [*used, word]
    assert used, f"not a webenv command: {' '.join(words)}"
    result = CliRunner().invoke(main, [*used, "--help"])
    assert result.exit_code == 0, result.output
    for option in (w.strip("[]").split("=")[0] for w in words if w.strip("[").startswith("--")):
        assert option in result.output, (
            f"{' '.join(words)}: {option} is not an option of webenv {' '.join(used)}"
        )


def test_shell_blocks_run_only_defined_make_targets():
    makefile = (ROOT / "Makefile").read_text("utf-8")
    targets = set(re.findall(r"^([A-Za-z][\w-]*)\s*:", makefile, re.MULTILINE))
    used = {words[1] for body, _ in SHELL for words in _commands(body) if words[0] == "make"}
    assert used and used <= targets, used - targets
