"""The project's error family: every error webenv raises on purpose is a :class:`WebEnvError`.

Each also derives from the built-in error a caller would expect (``ValueError`` for bad
input, ``RuntimeError`` for an operation that cannot run, ``ImportError`` for a missing
optional dependency), so ``except ValueError`` keeps working. Env lifecycle misuse
uses Gymnasium's own error types where they exist.
"""

from __future__ import annotations

import errno

JSON_ERRORS: tuple[type[Exception], ...] = (ValueError, RecursionError)
"""What ``json.loads`` raises on text from outside: malformed JSON (``JSONDecodeError``),
bytes that are not UTF-8, an integer over Python's digit limit (``ValueError``), and
nesting deeper than the interpreter's recursion limit (``RecursionError``, e.g. 2,000
``[``). Catch these, not only ``JSONDecodeError``, wherever such text is parsed."""


ECHO_CHARS = 60
"""The most characters of a value from outside that an error message repeats."""


def echo(value: object, limit: int = ECHO_CHARS) -> str:
    """A short ``repr`` of a value from outside (an action, an option) for an error
    message: a 100,000-character task id is shown by its first ``limit`` characters."""
    if isinstance(value, str):
        return repr(value[:limit]) + ("..." if len(value) > limit else "")
    shown = repr(value)
    return shown if len(shown) <= limit else shown[:limit] + "..."


class WebEnvError(Exception):
    """Base class of every error webenv raises on purpose."""


class ActionError(WebEnvError, ValueError):
    """An action cannot be parsed or carried out; a one-line message: what is wrong and
    what is accepted."""

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(message.split()))


class TaskError(WebEnvError, ValueError):
    """A task file or task selection is malformed; the message names where and what."""


class WorldError(WebEnvError, RuntimeError):
    """A site is unknown or a world operation is not allowed."""


class SolutionError(WebEnvError, ValueError):
    """A solution step cannot be resolved against the current observation."""


class ServeError(WebEnvError, RuntimeError):
    """The human-facing server cannot start or a hosted site is unknown."""


class OptionError(WebEnvError, ValueError):
    """A constructor argument or ``reset`` option is not accepted; says what is."""


class BrowserStackMissing(WebEnvError, ImportError):
    """The Chromium backend's Python packages are not installed."""

    def __init__(self, missing: str) -> None:
        super().__init__(
            f"backend='chromium' needs the {missing!r} package, which is not installed: "
            "pip install 'webenv[chromium]' (and Debian's chromium package, or set "
            "WEBENV_CHROMIUM to a Chromium binary)"
        )


class ShadowedPackage(WebEnvError, ImportError):
    """A folder named ``webenv`` (without ``__init__.py``) hides the installed package."""

    def __init__(self, folders: list[str], installed: str) -> None:
        shown = ", ".join(folders) or "a folder named webenv"
        super().__init__(
            f"'import webenv' found {shown}, a folder without __init__.py, instead of the "
            f"installed webenv package ({installed}), so webenv's env ids are not registered "
            "and gym.make('WebShop-v0') says the env does not exist; rename or move that "
            "folder, or run Python from another directory"
        )


class NotARegularFile(WebEnvError, OSError):
    """A path named as a file to read is a FIFO, a device, a socket or a folder: reading
    it would wait for a writer or never end (``/dev/zero``)."""

    def __init__(self, path: object) -> None:
        super().__init__(
            errno.EINVAL, "not a regular file (a FIFO, a device or a folder); name a file", path
        )

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


class WrongThread(WebEnvError, RuntimeError):
    """An env is called from a thread that cannot drive its browser (the Chromium backend
    runs on the thread that started it); nothing was changed."""
