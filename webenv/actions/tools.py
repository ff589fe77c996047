"""Tool actions: named, documented shortcuts for a site's repeated activities.

Each site declares its tools in ``webenv/data/tools/<site>.json``::

    {"site": "forum", "tools": [
      {"name": "open_forum",
       "description": "Open a forum's page with its submissions.",
       "parameters": {"name": {"type": "string", "description": "The forum's name"}},
       "open": "__FORUM__/f/{name}"},
      {"name": "upvote_submission", ...,
       "api": {"method": "POST", "url": "__FORUM__/api/submissions/{id}/vote",
               "body": {"choice": 1}}}]}

A parameter has a ``type`` (``string`` or ``integer``), a ``description``, and
optionally ``enum`` (the accepted values) and ``default`` (which makes it optional).
A tool does one of two things: ``open`` a URL (a page load, as ``goto``) or call the
site's JSON ``api`` (as the ``api`` action; a ``body`` string that is exactly
``"{param}"`` becomes the parameter's value with its type). ``{param}`` in a URL is
replaced by the percent-encoded value. Tool names are unique over all sites.

``tool [name] [{"param": "value"}]`` runs one (:func:`expand` turns it into the
``goto`` or ``api`` action the browser carries out); :func:`check_call` validates the
parameters with one-line errors.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any
from urllib.parse import quote

from webenv.actions.model import Action, ActionKind
from webenv.errors import ActionError
from webenv.sites import SITES

_NAME = re.compile(r"[a-z][a-z0-9_]{0,40}\Z")
_SLOT = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
_TYPES = {"string": str, "integer": int}
MAX_PARAM_CHARS = 500
"""Longest string value of a tool parameter."""


@dataclass(frozen=True)
class ToolParam:
    """One declared parameter of a tool."""

    name: str
    type: str
    description: str
    enum: tuple[str | int, ...] = ()
    default: str | int | None = None

    @property
    def required(self) -> bool:
        """A parameter without a default must be given."""
        return self.default is None

    def schema(self) -> dict[str, Any]:
        """The parameter as a JSON Schema property (OpenAI function-calling format)."""
        out: dict[str, Any] = {"type": self.type, "description": self.description}
        if self.enum:
            out["enum"] = list(self.enum)
        if self.default is not None:
            out["default"] = self.default
        return out


@dataclass(frozen=True)
class Tool:
    """One site tool: what it is called, what it does, and its template.

    Attributes:
        name: Unique over all sites.
        site: The site it works on.
        description: One line for prompts.
        params: Its parameters, in declaration order.
        open: A URL template to load, or None.
        api: ``{"method", "url", "body"?}`` of a JSON API call, or None.
    """

    name: str
    site: str
    description: str
    params: tuple[ToolParam, ...]
    open: str | None = None
    api: Mapping[str, Any] | None = None

    @property
    def uses_api(self) -> bool:
        """Whether running the tool calls a site API (counts as API use for modalities)."""
        return self.api is not None

    def schema(self) -> dict[str, Any]:
        """The tool's parameters as a JSON Schema object."""
        return {
            "type": "object",
            "properties": {param.name: param.schema() for param in self.params},
            "required": [param.name for param in self.params if param.required],
            "additionalProperties": False,
        }

    def signature(self) -> str:
        """``name(param: type, param: type = default)`` for prompts."""
        parts = []
        for param in self.params:
            kind = "|".join(map(str, param.enum)) if param.enum else param.type
            default = "" if param.required else f" = {param.default!r}"
            parts.append(f"{param.name}: {kind}{default}")
        return f"{self.name}({', '.join(parts)})"

    def expand(self, args: Mapping[str, Any]) -> Action:
        """The ``goto`` or ``api`` action this tool runs with checked ``args``."""
        if self.open is not None:
            return Action(ActionKind.GOTO, text=_fill_url(self.open, args, self.name))
        assert self.api is not None
        body = self.api.get("body")
        return Action(
            ActionKind.API,
            text=_fill_url(self.api["url"], args, self.name),
            method=self.api["method"],
            body=None if body is None else json.dumps(_fill_body(body, args), ensure_ascii=False),
        )


def _fill_url(template: str, args: Mapping[str, Any], tool: str) -> str:
    """``template`` with its slots filled: ``/`` kept in the path (``namespace/project``),
    everything reserved encoded in the query."""
    path, mark, query = template.partition("?")

    def fill(part: str, safe: str) -> str:
        return _SLOT.sub(lambda m: quote(_value(m.group(1), safe), safe=safe), part)

    def _value(name: str, safe: str) -> str:
        text = str(args[name])
        # A kept "/" must not let a value climb out of its place: "../../admin" in
        # /f/{name} would open /admin (browsers resolve %2E%2E as ".." too).
        if safe and any(part in ("", ".", "..") for part in text.split("/")):
            raise ActionError(
                f"tool {tool}: {name}={text[:60]!r} is not accepted: a name in the URL's "
                "path, with no empty, '.' or '..' parts between its '/'"
            )
        return text

    return fill(path, "/") + mark + fill(query, "")


def _fill_body(template: Any, args: Mapping[str, Any]) -> Any:
    if isinstance(template, str):
        whole = _SLOT.fullmatch(template)
        if whole:
            return args[whole.group(1)]
        return _SLOT.sub(lambda m: str(args[m.group(1)]), template)
    if isinstance(template, dict):
        return {key: _fill_body(value, args) for key, value in template.items()}
    if isinstance(template, list):
        return [_fill_body(value, args) for value in template]
    return template


def _load_site(site: str, data: Mapping[str, Any]) -> tuple[Tool, ...]:
    where = f"webenv/data/tools/{site}.json"
    if data.get("site") != site:
        raise ValueError(f"{where}: site must be {site!r}")
    tools = []
    for index, raw in enumerate(data.get("tools", [])):
        at = f"{where}: tools[{index}]"
        name = raw.get("name", "")
        if not _NAME.match(name):
            raise ValueError(f"{at}.name: {name!r} is not a lower-case identifier")
        params = []
        for pname, spec in raw.get("parameters", {}).items():
            if spec.get("type") not in _TYPES or not _NAME.match(pname):
                raise ValueError(f"{at}.parameters.{pname}: type must be string or integer")
            params.append(
                ToolParam(
                    pname,
                    spec["type"],
                    spec.get("description", ""),
                    tuple(spec.get("enum", ())),
                    spec.get("default"),
                )
            )
        if ("open" in raw) == ("api" in raw):
            raise ValueError(f"{at}: give exactly one of 'open' (a URL) or 'api' (a call)")
        template = raw.get("open") or raw["api"]["url"]
        slots = set(_SLOT.findall(template)) | set(_SLOT.findall(json.dumps(raw.get("api", {}))))
        unknown = slots - {p.name for p in params}
        if unknown:
            raise ValueError(f"{at}: the template uses undeclared parameters {sorted(unknown)}")
        tools.append(
            Tool(
                name,
                site,
                raw.get("description", ""),
                tuple(params),
                raw.get("open"),
                raw.get("api"),
            )
        )
    return tuple(tools)


@cache
def all_tools() -> dict[str, Tool]:
    """Every site's tools by name (read once from the package data)."""
    found: dict[str, Tool] = {}
    folder = resources.files("webenv") / "data" / "tools"
    for site in SITES:
        path = folder / f"{site}.json"
        if not path.is_file():
            continue
        for tool in _load_site(site, json.loads(path.read_text(encoding="utf-8"))):
            if tool.name in found:
                raise ValueError(f"tool {tool.name!r} is declared twice")
            found[tool.name] = tool
    return found


def site_tools(sites: Iterable[str]) -> tuple[Tool, ...]:
    """The tools of ``sites``, site by site in the order given."""
    wanted = list(sites)
    tools = all_tools().values()
    return tuple(tool for site in wanted for tool in tools if tool.site == site)


def find_tool(name: str) -> Tool:
    """The tool called ``name``.

    Raises:
        ActionError: there is no such tool (the message lists them).
    """
    tool = all_tools().get(name)
    if tool is None:
        names = ", ".join(all_tools())
        raise ActionError(f"unknown tool {name[:40]!r}; tools: {names}")
    return tool


def check_call(name: str, params: Mapping[str, Any]) -> tuple[Tool, dict[str, Any]]:
    """The tool and its arguments (defaults filled in), checked against its declaration.

    Raises:
        ActionError: unknown tool or parameter, a missing required one, a wrong type, a
            value outside ``enum``, or an over-long string.
    """
    tool = find_tool(name)
    declared = {param.name: param for param in tool.params}
    extra = [key for key in params if key not in declared]
    if extra:
        accepted = ", ".join(declared) or "none"
        raise ActionError(
            f"tool {tool.name} has no parameter {extra[0][:40]!r}; parameters: {accepted} "
            f"({tool.signature()})"
        )
    args: dict[str, Any] = {}
    for param in tool.params:
        if param.name not in params:
            if param.required:
                raise ActionError(
                    f"tool {tool.name} needs the parameter {param.name!r}: {tool.signature()}"
                )
            args[param.name] = param.default
            continue
        value = params[param.name]
        if param.type == "integer" and isinstance(value, str) and value.strip().isdigit():
            value = int(value.strip())
        if param.type == "string" and isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, _TYPES[param.type]) or isinstance(value, bool):
            raise ActionError(
                f"tool {tool.name}: {param.name} must be a{'n' if param.type[0] == 'i' else ''} "
                f"{param.type}, got {json.dumps(value)[:40]}"
            )
        if isinstance(value, str) and len(value) > MAX_PARAM_CHARS:
            raise ActionError(
                f"tool {tool.name}: {param.name} is too long ({len(value)} characters; "
                f"the limit is {MAX_PARAM_CHARS})"
            )
        if param.enum and value not in param.enum:
            raise ActionError(
                f"tool {tool.name}: {param.name} must be one of "
                f"{', '.join(map(str, param.enum))}, got {str(value)[:40]!r}"
            )
        args[param.name] = value
    tool.expand(args)  # a value its URL cannot hold (a path part '..') is refused here too
    return tool, args


def uses_api(action: Action) -> bool:
    """Whether ``action`` calls a site API: an ``api`` action or an API-backed tool."""
    if action.kind == ActionKind.API:
        return True
    if action.kind == ActionKind.TOOL and action.text:
        tool = all_tools().get(action.text)
        return tool is not None and tool.uses_api
    return False


def describe_tools(sites: Iterable[str]) -> list[str]:
    """Prompt lines for the tools of ``sites``: signature, then what each does."""
    lines = []
    for tool in site_tools(sites):
        how = "opens a page" if tool.open is not None else "calls the site's API"
        lines.append(f"{tool.signature()} [{tool.site}; {how}]")
        lines.append(f"    {tool.description}")
    return lines
