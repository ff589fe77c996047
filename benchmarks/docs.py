"""The effect of the sites' help pages on an agent: the same agent with and without
``--site-docs``, on the same tasks, through ``webenv run``.

Usage: ``python benchmarks/docs.py [--agent lexical] [--tasks all --tasks gen:test]
[--gen-worlds 10000-10004] [--workers 2] [--out benchmarks/results/docs]``.

Generated selections (``gen:test``...) are played on ``--gen-worlds`` (held-out worlds by
default: one instance per family and world); curated ones on their world 0.

For each task selection it plays the agent twice, in ``OUT/<selection>/without`` and
``OUT/<selection>/with`` (``webenv run`` folders: ``webenv report`` compares them), prints
both success rates with their 95 % Wilson intervals and the paired counts (episodes only
one of the two solved), and writes it all to ``OUT/docs.json``. The default agent is
``lexical`` (:mod:`webenv.agents.lexical`), which needs no model; any agent ``webenv run``
takes works (an LLM through ``--agent llm --agent-option base_url=... --agent-option
model=...``).
"""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path
from typing import Any

from webenv.run import RunConfig, run
from webenv.run.cli import parse_agent_options, parse_world_seeds
from webenv.run.summary import markdown_table

MODES = ("without", "with")


def compare(
    agent: str,
    selection: str,
    out: Path,
    workers: int,
    options: dict[str, Any],
    world_seeds: tuple[int, ...] | None = None,
) -> dict[str, Any]:
    """Play ``agent`` on ``selection`` without and with site docs; the two summaries and
    the paired counts."""
    records: dict[str, dict[str, bool]] = {}
    result: dict[str, Any] = {
        "tasks": selection,
        "world_seeds": list(world_seeds) if world_seeds else None,
    }
    for mode in MODES:
        folder = out / selection.replace(":", "-") / mode
        if folder.exists():
            shutil.rmtree(folder)
        played = run(
            RunConfig(
                agent,
                selection,
                folder,
                agent_options=dict(options),
                workers=workers,
                world_seeds=world_seeds,
                site_docs=mode == "with",
            ),
            progress=False,
        )
        result[mode] = played.summary
        records[mode] = {r["key"]: bool(r["lenient"]) for r in played.records}
        print(f"\n{agent} on {selection}, {mode} site docs:")
        print(markdown_table(played.summary, groupings=("site",)))
    keys = records["without"].keys() & records["with"].keys()
    result["paired"] = {
        "episodes": len(keys),
        "only_with_docs": sum(records["with"][k] and not records["without"][k] for k in keys),
        "only_without_docs": sum(records["without"][k] and not records["with"][k] for k in keys),
        "both": sum(records["with"][k] and records["without"][k] for k in keys),
    }
    print(f"paired (lenient): {result['paired']}")
    return result


def main() -> None:
    """Run the comparison and write ``OUT/docs.json``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", default="lexical")
    parser.add_argument("--agent-option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--tasks", action="append", metavar="SEL")
    parser.add_argument("--gen-worlds", default="10000-10004", metavar="A-B|N,...")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/docs"))
    args = parser.parse_args()
    selections = args.tasks or ["all", "gen:test"]
    options = parse_agent_options(args.agent_option)
    worlds = parse_world_seeds(args.gen_worlds)
    results = [
        compare(
            args.agent,
            selection,
            args.out,
            args.workers,
            options,
            worlds if "gen" in selection.split(":") else None,
        )
        for selection in selections
    ]
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "docs.json").write_text(
        json.dumps({"agent": args.agent, "results": results}, indent=2) + "\n", "utf-8"
    )
    print(f"\nwrote {args.out / 'docs.json'}")


if __name__ == "__main__":
    main()
