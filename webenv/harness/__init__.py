"""``webenv run`` and ``webenv report``: score any agent over a task selection.

- :mod:`~webenv.harness.plan`: which episodes, in a fixed order, with their seeds;
- :mod:`~webenv.harness.episode`: one episode with one agent, into its record;
- :mod:`~webenv.harness.pools`: this process, local processes, or Ray actors;
- :mod:`~webenv.harness.runner`: the run's folder, resuming, the progress bar;
- :mod:`~webenv.harness.summary`: success rates with 95 % Wilson intervals;
- :mod:`~webenv.harness.report`: the offline HTML report with a trace viewer.
"""

from webenv.harness.plan import EpisodeSpec, plan_episodes
from webenv.harness.runner import RunConfig, RunResult, run
from webenv.harness.summary import markdown_table, summarize

__all__ = [
    "EpisodeSpec",
    "RunConfig",
    "RunResult",
    "markdown_table",
    "plan_episodes",
    "run",
    "summarize",
]
