"""Modalities: whether an episode used the site APIs or the pages, and what a task allows.

A task may say ``"modalities": {"require": ["api"]}`` (the agent must call a site API at
least once: an ``api`` action or an API-backed tool) or ``{"forbid": ["api"]}`` (it must
not), and likewise ``"ui"`` — acting on pages: ``click``, ``type``, ``select``,
``check``, ``uncheck``, ``hover``, ``press``, ``scroll``, ``goto``, ``go_back``,
``go_forward`` and page-opening tools. Tab actions and the answer count as neither.
The env records the modalities of the actions that executed without error; the verdict
(:func:`webenv.validators.modalities.check_modalities`) is one more check in both
modes of ``info["validation"]``, so a violated modality fails the task with its rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from webenv.actions import Action, ActionKind
from webenv.actions.tools import uses_api

MODALITIES: tuple[str, ...] = ("api", "ui")
"""The modalities a task can require or forbid."""

_UI_KINDS = frozenset(
    {
        ActionKind.CLICK,
        ActionKind.TYPE,
        ActionKind.SELECT,
        ActionKind.CHECK,
        ActionKind.UNCHECK,
        ActionKind.HOVER,
        ActionKind.PRESS,
        ActionKind.SCROLL,
        ActionKind.GOTO,
        ActionKind.GO_BACK,
        ActionKind.GO_FORWARD,
        ActionKind.TOOL,
    }
)


@dataclass(frozen=True)
class Modalities:
    """A task's ``modalities``: what the agent must and must not use."""

    require: frozenset[str] = frozenset()
    forbid: frozenset[str] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.require or self.forbid)

    def to_dict(self) -> dict[str, list[str]]:
        """The JSON form, sorted (empty lists left out)."""
        out = {}
        if self.require:
            out["require"] = sorted(self.require)
        if self.forbid:
            out["forbid"] = sorted(self.forbid)
        return out


def action_modality(action: Action) -> str | None:
    """``"api"``, ``"ui"`` or None (tab actions, ``stop``) for one executed action."""
    if uses_api(action):
        return "api"
    if action.kind in _UI_KINDS:
        return "ui"
    return None
