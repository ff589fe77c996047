"""``webenv run`` and ``webenv report``: score any agent over a task selection.

- :mod:`~webenv.run.plan`: which episodes, in a fixed order, with their seeds;
- :mod:`~webenv.run.episode`: one episode with one agent, into its record;
- :mod:`~webenv.run.pools`: this process, local processes, or Ray actors;
- :mod:`~webenv.run.runner`: the run's folder, resuming, the progress bar;
- :mod:`~webenv.run.summary`: success rates with 95 % Wilson intervals;
- :mod:`~webenv.run.report`: the offline HTML report with a trace viewer.
"""

from webenv.run.plan import EpisodeSpec, plan_episodes
from webenv.run.runner import RunConfig, RunResult, run
from webenv.run.summary import markdown_table, summarize

__all__ = [
    "EpisodeSpec",
    "RunConfig",
    "RunResult",
    "markdown_table",
    "plan_episodes",
    "run",
    "summarize",
]
