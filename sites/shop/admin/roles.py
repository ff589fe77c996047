"""Staff roles and the back-office areas each may open (the one table of admin rights).

Modelled on Magento's role resources: a role grants whole areas of the menu. A staff
user opening a page of an area the role lacks gets 403, whatever the URL.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Area:
    """One top-level section of the back office.

    Attributes:
        key: The name views and roles use (``sales``).
        label: The menu label (``Sales``).
        endpoint: The area's first page.
    """

    key: str
    label: str
    endpoint: str


AREAS: dict[str, Area] = {
    area.key: area
    for area in (
        Area("dashboard", "Dashboard", "admin.dashboard"),
        Area("sales", "Sales", "admin.sales.orders_grid"),
        Area("catalog", "Catalog", "admin.catalog.products_grid"),
        Area("customers", "Customers", "admin.customers.customers_grid"),
        Area("reviews", "Reviews", "admin.reviews.all_reviews"),
        Area("marketing", "Marketing", "admin.marketing.price_rules"),
        Area("content", "Content", "admin.marketing.pages"),
        Area("reports", "Reports", "admin.reports.sales"),
    )
}
"""The back office's areas in menu order."""

ADMINISTRATORS = "Administrators"
CATALOG_MANAGERS = "Catalog Managers"

ROLES: dict[str, frozenset[str]] = {
    ADMINISTRATORS: frozenset(AREAS),
    CATALOG_MANAGERS: frozenset({"catalog", "reviews"}),
}
"""Role name -> the areas it may open."""


def allowed(role: str, area: str) -> bool:
    """Whether staff with ``role`` may open pages of ``area`` (unknown roles: nothing)."""
    return area in ROLES.get(role, frozenset())


def refusal(role: str, area: str) -> str | None:
    """Why staff with ``role`` may not open ``area`` (the 403 message), or None if they may."""
    if allowed(role, area):
        return None
    return (
        f"Your role ({role}) does not have access to {AREAS[area].label}."
        " Ask an administrator for access."
    )


def menu(role: str) -> list[Area]:
    """The areas ``role`` may open, in menu order."""
    return [area for area in AREAS.values() if allowed(role, area.key)]
