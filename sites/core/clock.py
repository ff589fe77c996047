"""The world's fixed clock and the Jinja filters that show dates against it.

Sites never read the wall clock: "today" is ``app.config["NOW"]`` (an ISO
string, default :data:`WORLD_NOW`), so relative dates and every reference
answer are the same in every run.
"""

from __future__ import annotations

from datetime import date, datetime

from flask import Flask, current_app

WORLD_NOW = datetime(2024, 6, 15, 12, 0, 0)
"""The canonical world's "today"."""

STAMP = "%Y-%m-%d %H:%M:%S"
"""How every site stores a moment in its database (``YYYY-MM-DD HH:MM:SS``)."""

MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def now() -> datetime:
    """Return the current world time of the running app."""
    value = current_app.config.get("NOW")
    if not value:
        return WORLD_NOW
    return value if isinstance(value, datetime) else datetime.fromisoformat(value)


def stamp(moment: datetime) -> str:
    """Format a moment as the databases store it (:data:`STAMP`)."""
    return moment.strftime(STAMP)


def now_text() -> str:
    """Return the world time as stored in the databases (``YYYY-MM-DD HH:MM:SS``)."""
    return stamp(now())


def _parse(value: str | date | datetime) -> datetime:
    if isinstance(value, datetime):
        return value
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day)
    return datetime.fromisoformat(value)


def format_date(value: str | date | datetime | None) -> str:
    """Format a date like ``Jun 3, 2024``."""
    if value is None or value == "":
        return ""
    moment = _parse(value)
    return f"{MONTHS[moment.month - 1]} {moment.day}, {moment.year}"


def format_datetime(value: str | date | datetime | None) -> str:
    """Format a timestamp like ``Jun 3, 2024, 2:05 PM``."""
    if value is None or value == "":
        return ""
    moment = _parse(value)
    hour = moment.hour % 12 or 12
    half = "AM" if moment.hour < 12 else "PM"
    return f"{format_date(moment)}, {hour}:{moment.minute:02d} {half}"


def _plural(count: int, unit: str) -> str:
    return f"{count} {unit}{'' if count == 1 else 's'} ago"


def format_age(value: str | date | datetime | None, reference: datetime | None = None) -> str:
    """Format how long ago a moment was, e.g. ``3 days ago``, against the world clock."""
    if value is None or value == "":
        return ""
    moment = _parse(value)
    seconds = int(((reference or now()) - moment).total_seconds())
    if seconds < 0:
        return "in the future"
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return _plural(seconds // 60, "minute")
    if seconds < 86400:
        return _plural(seconds // 3600, "hour")
    days = seconds // 86400
    if days == 1:
        return "yesterday"
    if days < 30:
        return _plural(days, "day")
    if days < 365:
        return _plural(days // 30, "month")
    return _plural(days // 365, "year")


def init_app(app: Flask) -> None:
    """Register the ``date``, ``datetime`` and ``ago`` template filters."""
    app.config.setdefault("NOW", WORLD_NOW.isoformat())
    app.add_template_filter(format_date, "date")
    app.add_template_filter(format_datetime, "datetime")
    app.add_template_filter(format_age, "ago")
