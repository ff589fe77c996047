"""How varied generated text is: distinct/total ratios of a world's texts.

One definition, read by the tests (targets) and ``benchmarks/worlds.py`` (reported
figures): each measure is a site and a query of the texts it counts, on a world's
pristine database.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from webenv.sitedb import pristine_snapshot


@dataclass(frozen=True)
class TextMeasure:
    """One kind of generated text: where it lives and the SQL that lists it."""

    name: str
    site: str
    sql: str


MEASURES: tuple[TextMeasure, ...] = (
    TextMeasure("issue titles", "githost", "SELECT title FROM issues"),
    TextMeasure("merge-request titles", "githost", "SELECT title FROM merge_requests"),
    TextMeasure("review bodies", "shop", "SELECT body FROM reviews"),
    TextMeasure("comment bodies", "forum", "SELECT body FROM comments"),
    TextMeasure("submission bodies", "forum", "SELECT body FROM submissions WHERE body != ''"),
)
"""The texts whose variety is measured (targets: >= 0.95 distinct for the first four
but merge-request titles, which must be unique within each project)."""

TARGET = 0.95
"""The distinct/total ratio generated issue titles, review bodies and comment bodies reach."""


@dataclass(frozen=True)
class Variety:
    """Distinct and total counts of one measure on one world."""

    measure: str
    distinct: int
    total: int

    @property
    def ratio(self) -> float:
        """distinct / total (1.0 for no texts)."""
        return self.distinct / self.total if self.total else 1.0


def texts(conn: sqlite3.Connection, measure: TextMeasure) -> list[str]:
    """The texts ``measure`` counts in a site's database."""
    return [row[0] for row in conn.execute(measure.sql)]


def variety(seed: int = 0, scale: int = 1) -> list[Variety]:
    """Each measure's distinct/total counts on world ``seed`` at ``scale``."""
    connections: dict[str, sqlite3.Connection] = {}
    try:
        results = []
        for measure in MEASURES:
            conn = connections.get(measure.site)
            if conn is None:
                conn = connections[measure.site] = sqlite3.connect(":memory:")
                conn.deserialize(pristine_snapshot(measure.site, seed, scale))
            found = texts(conn, measure)
            results.append(Variety(measure.name, len(set(found)), len(found)))
        return results
    finally:
        for conn in connections.values():
            conn.close()
