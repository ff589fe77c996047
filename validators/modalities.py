"""The modality check: did the episode use (or avoid) what the task says?"""

from __future__ import annotations

from collections.abc import Collection

from .verdict import Verdict, fail, ok

_NAMES = {"api": "a site API (an api action or an API-backed tool)", "ui": "the web pages"}


def check_modalities(
    require: Collection[str], forbid: Collection[str], used: Collection[str]
) -> Verdict:
    """Pass when every required modality was used and no forbidden one was.

    Args:
        require: Modalities the episode must use (``"api"``, ``"ui"``).
        forbid: Modalities it must not use.
        used: Modalities of the actions the episode carried out.
    """
    missing = sorted(set(require) - set(used))
    if missing:
        return fail(
            "modality-required",
            f"the task requires using {_NAMES.get(missing[0], missing[0])}; the episode did not",
        )
    broken = sorted(set(forbid) & set(used))
    if broken:
        return fail(
            "modality-forbidden",
            f"the task forbids using {_NAMES.get(broken[0], broken[0])}; the episode did",
        )
    shown = ", ".join(sorted(used)) or "nothing"
    return ok("modalities", f"used {shown}, as the task allows")
