"""A task's ``eval`` object, parsed once into frozen dataclasses.

:func:`parse_eval_spec` turns the JSON form (already shape-checked by the task schema when
it comes from a task file) into an :class:`EvalSpec`; it checks every field itself too, so
a hand-written dict gets a :class:`~webenv.errors.TaskError` naming the field rather than a
check that crashes later. :meth:`EvalSpec.to_dict` gives the JSON form back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from webenv.errors import TaskError
from webenv.sites import SITES

EVAL_TYPES = ("string_match", "url_match", "program_html", "state_match", "request_match")
"""The checks a task may name in ``eval_types``."""
ANSWER_TYPES = (
    "string",
    "number",
    "currency",
    "date",
    "month",
    "duration",
    "distance",
    "list",
    "boolean",
    "url",
    "infeasible",
)
"""The accepted ``answer_type`` values."""
APPROACHES = ("exact_match", "must_include", "fuzzy_match")
"""How a reference answer is compared, in the order checks run."""
CONTENT_APPROACHES = (*APPROACHES, "must_exclude")
"""The keys a ``program_html`` entry's ``required_contents`` may hold."""
REQUEST_METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")
MODES = ("lenient", "strict")
"""The two ways every check runs: typed normalization, and WebArena's semantics."""

_TOP_KEYS = (
    "eval_types",
    "answer_type",
    "reference_answers",
    "reference_sql",
    "reference_url",
    "url_note",
    "string_note",
    "reference_answer_raw_annotation",
    "annotation_note",
    "program_html",
    "state",
    "requests",
)
"""The ``eval`` keys, in the order :meth:`EvalSpec.to_dict` writes them."""
_NOTES = ("url_note", "string_note", "reference_answer_raw_annotation", "annotation_note")


def _fail(where: str, problem: str) -> TaskError:
    return TaskError(f"{where}: {problem}")


def _kind(value: Any) -> str:
    return "null" if value is None else type(value).__name__


def _object(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _fail(where, f"must be an object, got {_kind(value)}")
    return value


def _string(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise _fail(where, f"must be a string, got {_kind(value)}")
    return value


def _strings(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list | tuple):
        raise _fail(where, f"must be a list of strings, got {_kind(value)}")
    for index, item in enumerate(value):
        _string(item, f"{where}[{index}]")
    return tuple(value)


def _entries(value: Any, where: str) -> list[Mapping[str, Any]]:
    if not isinstance(value, list | tuple):
        raise _fail(where, f"must be a list, got {_kind(value)}")
    return [_object(item, f"{where}[{index}]") for index, item in enumerate(value)]


def _no_extra(data: Mapping[str, Any], allowed: tuple[str, ...], where: str) -> None:
    for key in data:
        if key not in allowed:
            raise _fail(f"{where}.{key}", f"unknown field; accepted: {', '.join(allowed)}")


def _site(value: Any, where: str) -> str:
    if value not in SITES:
        raise _fail(where, f"unknown site {value!r}; accepted: {', '.join(SITES)}")
    return value


def _json_form(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


@dataclass(frozen=True)
class ReferenceAnswers:
    """``reference_answers``: each approach's reference, or ``None`` where absent.

    Attributes:
        exact_match: A string, a number or a tuple of them (a list in JSON).
        must_include: Phrases that must all appear.
        fuzzy_match: A string or a tuple of strings (``"N/A"`` marks an infeasible task).
    """

    exact_match: str | int | float | tuple[Any, ...] | None = None
    must_include: tuple[str, ...] | None = None
    fuzzy_match: str | tuple[str, ...] | None = None

    def approaches(self) -> list[tuple[str, Any]]:
        """``(approach, reference)`` for each approach given, in JSON form and check order."""
        return [
            (name, _json_form(getattr(self, name)))
            for name in APPROACHES
            if getattr(self, name) is not None
        ]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: only the approaches given."""
        return dict(self.approaches())


@dataclass(frozen=True)
class ReferenceSql:
    """``reference_sql``: read-only SQL whose result on the pristine world is the answer."""

    site: str
    sql: str

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {"site": self.site, "sql": self.sql}


@dataclass(frozen=True)
class ProgramHtmlEntry:
    """One ``program_html`` entry: a page, an element on it and what its text must hold.

    Attributes:
        url: The page (``"last"`` is the agent's current page; placeholders allowed).
        locator: ``css:``/``xpath:`` selector, or ``""`` for the whole body.
        required_contents: Approach (:data:`CONTENT_APPROACHES`) -> reference, JSON form.
        nth: Keep only the ``nth`` matching element, when given.
        prep_actions: WebArena's JavaScript run before the check; kept so WebArena's
            configs parse, but the check refuses them (no JavaScript here).
    """

    url: str
    locator: str
    required_contents: Mapping[str, Any]
    nth: int | None = None
    prep_actions: tuple[str, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        data: dict[str, Any] = {
            "url": self.url,
            "locator": self.locator,
            "required_contents": dict(self.required_contents),
        }
        if self.nth is not None:
            data["nth"] = self.nth
        if self.prep_actions is not None:
            data["prep_actions"] = list(self.prep_actions)
        return data


@dataclass(frozen=True)
class StateEntry:
    """One ``state`` entry: read-only SQL on one site and the rows it must return."""

    site: str
    sql: str
    expected: Any

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {"site": self.site, "sql": self.sql, "expected": self.expected}


@dataclass(frozen=True)
class RequestEntry:
    """One ``requests`` entry: a request the agent must have sent.

    Attributes:
        method: ``GET`` or ``POST``.
        url: The URL (placeholders allowed).
        form: Form fields that must have been sent, or ``None``.
        status: A status code or class such as ``"2xx"``, or ``None``.
        alternatives: Other requests that do the same write by another route (the
            site's REST API for a form post); any one of them satisfies the entry, so
            the check judges that the write was sent, not which page sent it.
    """

    method: str
    url: str
    form: Mapping[str, Any] | None = None
    status: str | int | None = None
    alternatives: tuple[RequestEntry, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        data: dict[str, Any] = {"method": self.method, "url": self.url}
        if self.form is not None:
            data["form"] = dict(self.form)
        if self.status is not None:
            data["status"] = self.status
        if self.alternatives:
            data["alternatives"] = [alt.to_dict() for alt in self.alternatives]
        return data


@dataclass(frozen=True)
class EvalSpec:
    """A task's ``eval`` object.

    Fields left out of the JSON (or written as ``null``) are ``None``; the lists are
    ``None`` when absent and a possibly empty tuple when present, so :meth:`to_dict`
    gives back what was parsed, without the nulls.

    Attributes:
        eval_types: The checks to run (empty only for a spec written without any).
        answer_type: ``string_match``'s answer type (:data:`ANSWER_TYPES`).
        reference_answers: ``string_match``'s references.
        reference_sql: SQL recomputing the reference answer (tests use it).
        reference_url: ``url_match``'s reference; ``" |OR| "`` separates alternatives.
        url_note: ``"GOLD in PRED"`` makes ``url_match`` accept a URL containing the
            reference (see :attr:`url_gold_in_pred`).
        string_note: Free-text annotation.
        reference_answer_raw_annotation: WebArena's raw annotation.
        annotation_note: WebArena's annotator note.
        program_html: ``program_html``'s entries.
        state: ``state_match``'s entries.
        requests: ``request_match``'s entries.
    """

    eval_types: tuple[str, ...] = ()
    answer_type: str | None = None
    reference_answers: ReferenceAnswers | None = None
    reference_sql: ReferenceSql | None = None
    reference_url: str | None = None
    url_note: str | None = None
    string_note: str | None = None
    reference_answer_raw_annotation: str | None = None
    annotation_note: str | None = None
    program_html: tuple[ProgramHtmlEntry, ...] | None = None
    state: tuple[StateEntry, ...] | None = None
    requests: tuple[RequestEntry, ...] | None = None

    @property
    def url_gold_in_pred(self) -> bool:
        """Whether ``url_match`` accepts a URL that contains the reference."""
        return (self.url_note or "").strip().upper() == "GOLD IN PRED"

    def to_dict(self) -> dict[str, Any]:
        """The JSON form, with the keys in the schema's order."""
        data: dict[str, Any] = {}
        for key in _TOP_KEYS:
            value = getattr(self, key)
            if value is None:
                continue
            if key == "eval_types":
                data[key] = list(value)
            elif isinstance(value, tuple):
                data[key] = [entry.to_dict() for entry in value]
            elif hasattr(value, "to_dict"):
                data[key] = value.to_dict()
            else:
                data[key] = value
        return data


def parse_eval_spec(data: Any, where: str = "eval") -> EvalSpec:  # noqa: C901 - one branch per eval field
    """Parse a task's ``eval`` object.

    Args:
        data: The JSON form (a dict); an :class:`EvalSpec` is returned as it is.
        where: The field path used in error messages.

    Returns:
        The spec.

    Raises:
        TaskError: A field has the wrong type or value; the message names the field,
            e.g. ``eval.state[1].sql: must be a string, got int``.
    """
    if isinstance(data, EvalSpec):
        return data
    _no_extra(_object(data, where), _TOP_KEYS, where)
    data = {key: value for key, value in data.items() if value is not None}  # null = absent
    fields: dict[str, Any] = {}
    if "eval_types" in data:
        types = _strings(data["eval_types"], f"{where}.eval_types")
        for index, name in enumerate(types):
            if name not in EVAL_TYPES:
                raise _fail(
                    f"{where}.eval_types[{index}]",
                    f"unknown eval type {name!r}; accepted: {', '.join(EVAL_TYPES)}",
                )
        if len(set(types)) != len(types):
            raise _fail(f"{where}.eval_types", "names a check twice")
        fields["eval_types"] = types
    if "answer_type" in data:
        answer_type = data["answer_type"]
        if answer_type not in ANSWER_TYPES:
            raise _fail(
                f"{where}.answer_type",
                f"unknown answer type {answer_type!r}; accepted: {', '.join(ANSWER_TYPES)}",
            )
        fields["answer_type"] = answer_type
    if "reference_answers" in data:
        fields["reference_answers"] = _reference_answers(
            data["reference_answers"], f"{where}.reference_answers"
        )
    if "reference_sql" in data:
        sql = _object(data["reference_sql"], f"{where}.reference_sql")
        _no_extra(sql, ("site", "sql"), f"{where}.reference_sql")
        fields["reference_sql"] = ReferenceSql(
            _site(sql.get("site"), f"{where}.reference_sql.site"),
            _string(sql.get("sql"), f"{where}.reference_sql.sql"),
        )
    if "reference_url" in data:
        fields["reference_url"] = _string(data["reference_url"], f"{where}.reference_url")
    for note in _NOTES:
        if note in data:
            fields[note] = _string(data[note], f"{where}.{note}")
    if "program_html" in data:
        fields["program_html"] = tuple(
            _program_html(entry, f"{where}.program_html[{index}]")
            for index, entry in enumerate(_entries(data["program_html"], f"{where}.program_html"))
        )
    if "state" in data:
        fields["state"] = tuple(
            _state(entry, f"{where}.state[{index}]")
            for index, entry in enumerate(_entries(data["state"], f"{where}.state"))
        )
    if "requests" in data:
        fields["requests"] = tuple(
            _request(entry, f"{where}.requests[{index}]")
            for index, entry in enumerate(_entries(data["requests"], f"{where}.requests"))
        )
    return EvalSpec(**fields)


def _reference_answers(value: Any, where: str) -> ReferenceAnswers:
    refs = _object(value, where)
    _no_extra(refs, APPROACHES, where)
    exact = refs.get("exact_match")
    if isinstance(exact, list | tuple):
        for index, item in enumerate(exact):
            if isinstance(item, bool) or not isinstance(item, str | int | float):
                raise _fail(
                    f"{where}.exact_match[{index}]",
                    f"must be a string or a number, got {_kind(item)}",
                )
        exact = tuple(exact)
    elif exact is not None and (
        isinstance(exact, bool) or not isinstance(exact, str | int | float)
    ):
        raise _fail(
            f"{where}.exact_match", f"must be a string, a number or a list, got {_kind(exact)}"
        )
    include = refs.get("must_include")
    if include is not None:
        include = _strings(include, f"{where}.must_include")
    fuzzy = refs.get("fuzzy_match")
    if fuzzy is not None and not isinstance(fuzzy, str):
        fuzzy = _strings(fuzzy, f"{where}.fuzzy_match")
    return ReferenceAnswers(exact, include, fuzzy)


def _program_html(entry: Mapping[str, Any], where: str) -> ProgramHtmlEntry:
    _no_extra(entry, ("url", "locator", "required_contents", "nth", "prep_actions"), where)
    url = _string(entry.get("url"), f"{where}.url")
    locator = _string(entry.get("locator"), f"{where}.locator")
    required = _object(entry.get("required_contents"), f"{where}.required_contents")
    if not required:
        raise _fail(f"{where}.required_contents", "must name at least one approach")
    _no_extra(required, CONTENT_APPROACHES, f"{where}.required_contents")
    nth = entry.get("nth")
    if nth is not None and (isinstance(nth, bool) or not isinstance(nth, int) or nth < 0):
        raise _fail(f"{where}.nth", f"must be a non-negative integer, got {nth!r}")
    prep = entry.get("prep_actions")
    if prep is not None:
        prep = _strings(prep, f"{where}.prep_actions")
    return ProgramHtmlEntry(url, locator, dict(required), nth, prep)


def _state(entry: Mapping[str, Any], where: str) -> StateEntry:
    _no_extra(entry, ("site", "sql", "expected"), where)
    if "expected" not in entry:
        raise _fail(f"{where}.expected", "is missing")
    return StateEntry(
        _site(entry.get("site"), f"{where}.site"),
        _string(entry.get("sql"), f"{where}.sql"),
        entry["expected"],
    )


def _request(entry: Mapping[str, Any], where: str, *, nested: bool = False) -> RequestEntry:
    keys = (
        ("method", "url", "form", "status")
        if nested
        else ("method", "url", "form", "status", "alternatives")
    )
    _no_extra(entry, keys, where)
    method = entry.get("method")
    if not isinstance(method, str) or method.upper() not in REQUEST_METHODS:
        raise _fail(
            f"{where}.method", f"must be one of {', '.join(REQUEST_METHODS)}, got {method!r}"
        )
    url = _string(entry.get("url"), f"{where}.url")
    if not url:
        raise _fail(f"{where}.url", "must not be empty")
    form = entry.get("form")
    if form is not None:
        form = dict(_object(form, f"{where}.form"))
    status = entry.get("status")
    if status is not None and (isinstance(status, bool) or not isinstance(status, str | int)):
        raise _fail(f"{where}.status", f"must be a string or an integer, got {_kind(status)}")
    alternatives = tuple(
        _request(alt, f"{where}.alternatives[{index}]", nested=True)
        for index, alt in enumerate(
            _entries(entry.get("alternatives", []), f"{where}.alternatives")
        )
    )
    return RequestEntry(method, url, form, status, alternatives)
