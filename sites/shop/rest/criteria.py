"""Magento's ``searchCriteria``: filtering, sorting and paging a list endpoint.

A list endpoint (``GET /rest/V1/products``, ``/orders``, ``/customers/search``) reads::

    searchCriteria[filterGroups][0][filters][0][field]=name
    searchCriteria[filterGroups][0][filters][0][value]=%mug%
    searchCriteria[filterGroups][0][filters][0][conditionType]=like
    searchCriteria[sortOrders][0][field]=price
    searchCriteria[sortOrders][0][direction]=DESC
    searchCriteria[pageSize]=20
    searchCriteria[currentPage]=1

(the snake-case spellings ``filter_groups``, ``condition_type``, ``sort_orders``,
``page_size`` and ``current_page`` too). As in Magento, the filters of one group are
alternatives (OR) and the groups all apply (AND); the condition types are ``eq``
(the default), ``neq``, ``like``, ``nlike`` (``%`` and ``_`` are wildcards; text
comparisons ignore letter case, as MySQL's default collation does), ``in``, ``nin``
(comma-separated values), ``gt``, ``gteq``, ``lt``, ``lteq``, ``from``, ``to``,
``null`` and ``notnull``. The page size defaults to 20 and may be at most 300
(Magento 2.4.7's defaults); a page past the last one is empty. Anything malformed is
a 400 naming what is accepted, never a 500.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any, Literal

from flask import abort
from werkzeug.datastructures import MultiDict

DEFAULT_PAGE_SIZE = 20
MAX_PAGE_SIZE = 300
MAX_INDEX = 50
"""The highest filter-group, filter and sort-order index accepted."""
MAX_VALUE_LENGTH = 200

Kind = Literal["text", "number", "money", "date"]


@dataclass(frozen=True)
class Field:
    """A field a list endpoint can filter and sort on.

    Attributes:
        sql: The SQL expression of the field.
        kind: How a filter value is read: ``text``, ``number``, ``money``
            (dollars, compared in cents) or ``date`` (``YYYY-MM-DD[ HH:MM:SS]``).
    """

    sql: str
    kind: Kind = "text"


@dataclass(frozen=True)
class Filter:
    """One ``filters[j]`` entry: ``field``, ``value`` and ``condition_type``."""

    field: str
    value: str
    condition_type: str = "eq"


@dataclass(frozen=True)
class SortOrder:
    """One ``sortOrders[k]`` entry."""

    field: str
    direction: str = "ASC"


@dataclass(frozen=True)
class SearchCriteria:
    """A parsed ``searchCriteria``."""

    filter_groups: tuple[tuple[Filter, ...], ...] = ()
    sort_orders: tuple[SortOrder, ...] = ()
    page_size: int = DEFAULT_PAGE_SIZE
    current_page: int = 1

    def as_json(self) -> dict[str, Any]:
        """The ``search_criteria`` a list response echoes, as Magento's does."""
        echo: dict[str, Any] = {
            "filter_groups": [
                {
                    "filters": [
                        {"field": f.field, "value": f.value, "condition_type": f.condition_type}
                        for f in group
                    ]
                }
                for group in self.filter_groups
            ]
        }
        if self.sort_orders:
            echo["sort_orders"] = [
                {"field": order.field, "direction": order.direction} for order in self.sort_orders
            ]
        echo["page_size"] = self.page_size
        echo["current_page"] = self.current_page
        return echo


_KEY = re.compile(r"^searchCriteria((?:\[[^\[\]]*\])+)$")
_PART = re.compile(r"\[([^\[\]]*)\]")
_GROUPS = {"filterGroups", "filter_groups"}
_SORTS = {"sortOrders", "sort_orders"}
_FILTER_KEYS = {"field": "field", "value": "value", "conditionType": "condition_type"}
_FILTER_KEYS["condition_type"] = "condition_type"
_CONDITIONS: dict[str, str] = {
    "eq": "=",
    "neq": "!=",
    "gt": ">",
    "gteq": ">=",
    "lt": "<",
    "lteq": "<=",
    "from": ">=",
    "to": "<=",
    "like": "LIKE",
    "nlike": "NOT LIKE",
    "in": "IN",
    "nin": "NOT IN",
    "null": "IS NULL",
    "notnull": "IS NOT NULL",
}
ACCEPTED_KEYS = (
    "searchCriteria[filterGroups][i][filters][j][field|value|conditionType],"
    " searchCriteria[sortOrders][k][field|direction], searchCriteria[pageSize],"
    " searchCriteria[currentPage]"
)


def _index(text: str, what: str) -> int:
    if not (text.isascii() and text.isdigit()) or int(text) > MAX_INDEX:
        abort(400, f"searchCriteria: the {what} index {text[:20]!r} must be 0 to {MAX_INDEX}.")
    return int(text)


def _positive(text: str, name: str, highest: int) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 9) or not 1 <= int(text) <= highest:
        abort(400, f"searchCriteria[{name}] must be a whole number from 1 to {highest}.")
    return int(text)


def parse(args: MultiDict[str, str]) -> SearchCriteria:
    """Read ``searchCriteria`` from a query string (other parameters are ignored).

    Raises:
        BadRequest: a ``searchCriteria`` parameter is malformed or unknown.
    """
    groups: dict[int, dict[int, dict[str, str]]] = {}
    sorts: dict[int, dict[str, str]] = {}
    page_size, current_page = DEFAULT_PAGE_SIZE, 1
    for key, value in args.items(multi=False):
        if not key.startswith("searchCriteria"):
            continue
        match = _KEY.match(key)
        parts = _PART.findall(match.group(1)) if match else []
        value = value.strip()
        if parts in (["pageSize"], ["page_size"]):
            page_size = _positive(value, "pageSize", MAX_PAGE_SIZE)
        elif parts in (["currentPage"], ["current_page"]):
            current_page = _positive(value, "currentPage", 10**6)
        elif len(parts) == 5 and parts[0] in _GROUPS and parts[2] == "filters":
            if parts[4] not in _FILTER_KEYS:
                abort(
                    400,
                    "searchCriteria: a filter has a field, value and conditionType;"
                    f" not {parts[4][:30]!r}.",
                )
            group = groups.setdefault(_index(parts[1], "filter group"), {})
            entry = group.setdefault(_index(parts[3], "filter"), {})
            entry[_FILTER_KEYS[parts[4]]] = value[:MAX_VALUE_LENGTH]
        elif len(parts) == 3 and parts[0] in _SORTS and parts[2] in ("field", "direction"):
            sorts.setdefault(_index(parts[1], "sort order"), {})[parts[2]] = value[:100]
        else:
            abort(400, f"Unknown query parameter {key[:80]!r}; accepted: {ACCEPTED_KEYS}.")
    filter_groups = []
    for _, group in sorted(groups.items()):
        filters = []
        for _, entry in sorted(group.items()):
            condition = entry.get("condition_type", "eq").lower() or "eq"
            if condition not in _CONDITIONS:
                abort(
                    400,
                    f"searchCriteria: unknown conditionType {condition[:30]!r}; accepted:"
                    f" {', '.join(_CONDITIONS)}.",
                )
            if not entry.get("field"):
                abort(400, "searchCriteria: every filter needs a field.")
            filters.append(Filter(entry["field"], entry.get("value", ""), condition))
        filter_groups.append(tuple(filters))
    sort_orders = []
    for _, entry in sorted(sorts.items()):
        direction = entry.get("direction", "ASC").upper() or "ASC"
        if direction not in ("ASC", "DESC") or not entry.get("field"):
            abort(400, "searchCriteria: a sort order needs a field and direction ASC or DESC.")
        sort_orders.append(SortOrder(entry["field"], direction))
    return SearchCriteria(tuple(filter_groups), tuple(sort_orders), page_size, current_page)


def _field(fields: Mapping[str, Field], name: str, use: str) -> Field:
    spec = fields.get(name)
    if spec is None:
        abort(
            400,
            f"searchCriteria: cannot {use} by {name[:50]!r} here; fields: {', '.join(fields)}.",
        )
    return spec


def _typed(spec: Field, name: str, value: str) -> Any:
    """A filter value as the field's SQL compares it."""
    if spec.kind == "text" or spec.kind == "date":
        return value
    try:
        number = Decimal(value.replace(",", "").lstrip("$"))
    except InvalidOperation:
        number = None
    # adjusted() (the exponent of the leading digit) never overflows, unlike abs().
    if number is None or not number.is_finite() or number.adjusted() > 12:
        abort(400, f"searchCriteria: the value {value[:50]!r} of {name!r} is not a number.")
    if spec.kind == "money":
        return int((number * 100).to_integral_value())
    return int(number) if number == number.to_integral_value() else float(number)


def _condition(spec: Field, item: Filter) -> tuple[str, list[Any]]:
    operator = _CONDITIONS[item.condition_type]
    nocase = " COLLATE NOCASE" if spec.kind == "text" else ""
    if item.condition_type in ("null", "notnull"):
        return f"{spec.sql} {operator}", []
    if item.condition_type in ("like", "nlike"):
        return f"{spec.sql} {operator} ?", [item.value]
    if item.condition_type in ("in", "nin"):
        values = [part.strip() for part in item.value.split(",") if part.strip()][:100]
        if not values:
            abort(400, f"searchCriteria: {item.condition_type} on {item.field!r} needs values.")
        marks = ", ".join("?" * len(values))
        typed = [_typed(spec, item.field, value) for value in values]
        return f"{spec.sql}{nocase} {operator} ({marks})", typed
    return f"{spec.sql}{nocase} {operator} ?", [_typed(spec, item.field, item.value)]


def where(criteria: SearchCriteria, fields: Mapping[str, Field]) -> tuple[list[str], list[Any]]:
    """The SQL conditions and parameters of the criteria's filter groups."""
    conditions: list[str] = []
    params: list[Any] = []
    for group in criteria.filter_groups:
        alternatives = []
        for item in group:
            sql, values = _condition(_field(fields, item.field, "filter"), item)
            alternatives.append(sql)
            params += values
        if alternatives:
            conditions.append("(" + " OR ".join(alternatives) + ")")
    return conditions, params


def order_by(
    criteria: SearchCriteria, fields: Mapping[str, Field], default: str, tiebreak: str
) -> str:
    """The ``ORDER BY`` of the criteria's sort orders (``default`` without any), then
    ``tiebreak`` so pages are stable."""
    terms = [
        f"{_field(fields, order.field, 'sort').sql} {order.direction}"
        for order in criteria.sort_orders
    ]
    return ", ".join([*(terms or [default]), tiebreak])


@dataclass(frozen=True)
class Page:
    """One page of a list and how many rows match in all."""

    rows: list[sqlite3.Row]
    total_count: int


def search(
    db: sqlite3.Connection,
    criteria: SearchCriteria,
    *,
    select: str,
    source: str,
    fields: Mapping[str, Field],
    conditions: Sequence[str] = (),
    params: Sequence[Any] = (),
    default_sort: str,
    tiebreak: str,
) -> Page:
    """Run a list query: ``SELECT select FROM source`` where ``conditions`` (what the
    asker may see) and the criteria's filters hold, sorted and paged by the criteria."""
    extra, extra_params = where(criteria, fields)
    clause = " AND ".join([*conditions, *extra]) or "1"
    values = [*params, *extra_params]
    total = db.execute(f"SELECT COUNT(*) FROM {source} WHERE {clause}", values).fetchone()[0]
    rows = db.execute(
        f"SELECT {select} FROM {source} WHERE {clause}"
        f" ORDER BY {order_by(criteria, fields, default_sort, tiebreak)} LIMIT ? OFFSET ?",
        [*values, criteria.page_size, (criteria.current_page - 1) * criteria.page_size],
    ).fetchall()
    return Page(rows, int(total))
