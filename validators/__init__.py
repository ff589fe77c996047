"""Deterministic validators for webenv tasks: answers, URLs, pages, database state, requests.

Every check returns a :class:`Verdict` (passed, score, the rule that decided, a one-line
explanation) and never raises. Each runs in ``"strict"`` mode (WebArena's semantics) or
``"lenient"`` mode (typed normalization that still rejects wrong answers);
:func:`evaluate` runs a task's checks in both.
"""

from .answers import check_answer
from .context import DEFAULT_SITE_URLS, EvalContext
from .evaluate import Check, Evaluation, ModeResult, evaluate, with_check
from .modalities import check_modalities
from .program_html import check_program_html
from .request_log import check_requests
from .spec import (
    ANSWER_TYPES,
    EVAL_TYPES,
    MODES,
    EvalSpec,
    ProgramHtmlEntry,
    ReferenceAnswers,
    ReferenceSql,
    RequestEntry,
    StateEntry,
    parse_eval_spec,
)
from .state import check_state
from .urls import check_url
from .verdict import Verdict

__all__ = [
    "ANSWER_TYPES",
    "DEFAULT_SITE_URLS",
    "EVAL_TYPES",
    "MODES",
    "Check",
    "EvalContext",
    "EvalSpec",
    "Evaluation",
    "ModeResult",
    "ProgramHtmlEntry",
    "ReferenceAnswers",
    "ReferenceSql",
    "RequestEntry",
    "StateEntry",
    "Verdict",
    "check_answer",
    "check_modalities",
    "check_program_html",
    "check_requests",
    "check_state",
    "check_url",
    "evaluate",
    "parse_eval_spec",
    "with_check",
]
