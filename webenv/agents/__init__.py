"""Agents for ``webenv run``: the :class:`Agent` protocol and the built-ins.

- ``random``: :class:`RandomAgent`, uniform over the page's executable actions;
- ``oracle``: :class:`OracleAgent`, the task's reference solution;
- ``lexical``: :class:`LexicalAgent`, word overlap of the candidates with the goal (and
  with the help passages retrieved for it, when the env gives site docs);
- ``llm``: :class:`LLMAgent`, any OpenAI-compatible chat-completions endpoint;
- ``module:Class``: your own class with ``reset(task_info)`` and ``act(obs, info)``.
"""

from webenv.agents.baselines import OracleAgent, RandomAgent
from webenv.agents.lexical import LexicalAgent
from webenv.agents.loading import BUILTIN_AGENTS, AgentSpec, make_agent
from webenv.agents.protocol import Agent, AgentStep, TaskInfo

__all__ = [
    "BUILTIN_AGENTS",
    "Agent",
    "AgentSpec",
    "AgentStep",
    "LexicalAgent",
    "OracleAgent",
    "RandomAgent",
    "TaskInfo",
    "make_agent",
]
