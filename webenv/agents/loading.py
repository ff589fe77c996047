"""Agents by name: the built-ins and ``module:Class``, made from a picklable spec so each
worker (a process or a Ray actor) builds its own."""

from __future__ import annotations

import importlib
import inspect
from dataclasses import dataclass, field
from typing import Any

from webenv.agents.protocol import Agent
from webenv.errors import OptionError

BUILTIN_AGENTS = ("random", "oracle", "lexical", "llm")
"""The agents named without a module."""


@dataclass(frozen=True)
class AgentSpec:
    """How to build an agent in a worker.

    Attributes:
        name: ``random``, ``oracle``, ``lexical``, ``llm`` or ``module:Class`` (a class, or any
            callable returning an agent, importable in the worker).
        options: Keyword arguments for the constructor (the LLM agent's endpoint, model,
            prompt style...; a ``module:Class`` agent gets them too).
    """

    name: str
    options: dict[str, Any] = field(default_factory=dict)


def _reason(exc: BaseException) -> str:
    """``Type: message`` on one line, for an agent's module or constructor that failed."""
    try:
        message = " ".join(str(exc).split())
    except Exception:  # an exception whose __str__ itself raises
        message = ""
    return f"{type(exc).__name__}: {message}"[:500] if message else type(exc).__name__


def _import(name: str) -> Any:
    module_name, _, attribute = name.partition(":")
    if not module_name or not attribute:
        raise OptionError(
            f"agent {name!r} is not accepted; use one of {', '.join(BUILTIN_AGENTS)} "
            "or module:Class"
        )
    try:
        module = importlib.import_module(module_name)
    except (Exception, SystemExit) as exc:  # ImportError, or the module's own code failing
        raise OptionError(
            f"agent {name!r}: cannot import {module_name!r}: {_reason(exc)}"
        ) from None
    target: Any = module
    for part in attribute.split("."):
        if not hasattr(target, part):
            raise OptionError(f"agent {name!r}: {module_name!r} has no {attribute!r}")
        target = getattr(target, part)
    if not callable(target):
        raise OptionError(f"agent {name!r}: {attribute!r} is not a class or callable")
    return target


def make_agent(spec: AgentSpec) -> Agent:
    """Build the agent ``spec`` names.

    Raises:
        OptionError: an unknown name, a module or class that cannot be imported, options
            the constructor rejects, a constructor that raises, or an object without
            ``reset`` and ``act``.
    """
    factory: Any
    if spec.name == "random":
        from webenv.agents.baselines import RandomAgent

        factory = RandomAgent
    elif spec.name == "oracle":
        from webenv.agents.baselines import OracleAgent

        factory = OracleAgent
    elif spec.name == "lexical":
        from webenv.agents.lexical import LexicalAgent

        factory = LexicalAgent
    elif spec.name == "llm":
        from webenv.agents.llm import LLMAgent

        factory = LLMAgent
    else:
        factory = _import(spec.name)
    try:
        inspect.signature(factory).bind(**spec.options)
    except TypeError as exc:
        raise OptionError(f"agent {spec.name!r}: options {sorted(spec.options)}: {exc}") from None
    except ValueError:
        pass  # no signature to check (a builtin): the call itself will say
    try:
        agent = factory(**spec.options)
    except OptionError:
        raise
    except (Exception, SystemExit) as exc:
        raise OptionError(f"agent {spec.name!r}: building it failed: {_reason(exc)}") from None
    if not all(callable(getattr(agent, method, None)) for method in ("reset", "act")):
        raise OptionError(
            f"agent {spec.name!r} built a {type(agent).__name__}, which lacks reset(task_info) "
            "and act(obs, info) (see webenv.agents.Agent)"
        )
    return agent
