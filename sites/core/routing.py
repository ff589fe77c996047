"""URL building, memoised: a site's routes never change once its app is set up.

Pages link to the same few URL shapes over and over (a project's navigation alone is
some forty ``url_for`` calls), and werkzeug builds each from the rule every time
(~10-20 us). What a build returns depends only on the rules, the endpoint, the values
(after the app's URL defaults are applied), the options and the adapter's server,
script name, subdomain, scheme and default method, so :class:`MemoMap` keeps the
results. Values that are not hashable are built as before, and so is anything that
fails to build (a :class:`~werkzeug.routing.BuildError` is never kept).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from werkzeug.datastructures import ImmutableDict, MultiDict
from werkzeug.routing import IntegerConverter, Map, MapAdapter, Rule, RuleFactory

from .db import INTEGER_RANGE

__all__ = ["MemoAdapter", "MemoMap"]

MAX_BUILT = 4096
"""URLs kept per map (under 2 MB); the memo starts again when full."""


class StoredInt(IntegerConverter):
    """``<int:...>`` up to what SQLite stores: a larger id in a URL is a 404, not an
    ``OverflowError`` (a 500) when the view binds it into a query."""

    def __init__(self, map: Map, *args: Any, **kwargs: Any) -> None:
        super().__init__(map, *args, **kwargs)
        self.max = INTEGER_RANGE[-1] if self.max is None else self.max
        self.min = INTEGER_RANGE[0] if self.min is None and self.signed else self.min


class MemoMap(Map):
    """A :class:`~werkzeug.routing.Map` whose adapters remember the URLs they built, and
    whose ``int`` converter is :class:`StoredInt`."""

    default_converters = ImmutableDict({**Map.default_converters, "int": StoredInt})

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.built: dict[tuple[Any, ...], str] = {}  # before the rules are added
        super().__init__(*args, **kwargs)

    def add(self, rulefactory: RuleFactory | Rule) -> None:
        self.built.clear()
        super().add(rulefactory)

    def bind(self, *args: Any, **kwargs: Any) -> MapAdapter:
        return MemoAdapter.of(super().bind(*args, **kwargs))

    def bind_to_environ(self, *args: Any, **kwargs: Any) -> MapAdapter:
        return MemoAdapter.of(super().bind_to_environ(*args, **kwargs))


class MemoAdapter(MapAdapter):
    """A :class:`~werkzeug.routing.MapAdapter` that looks a build up before doing it."""

    map: MemoMap

    @classmethod
    def of(cls, adapter: MapAdapter) -> MemoAdapter:
        """The same adapter, memoising."""
        return cls(
            adapter.map,
            adapter.server_name,
            adapter.script_name,
            adapter.subdomain,
            adapter.url_scheme,
            adapter.path_info,
            adapter.default_method,
            adapter.query_args,
        )

    def build(
        self,
        endpoint: str,
        values: Mapping[str, Any] | None = None,
        method: str | None = None,
        force_external: bool = False,
        append_unknown: bool = True,
        url_scheme: str | None = None,
    ) -> str:
        if isinstance(values, MultiDict):  # several values a key: built as before
            return super().build(
                endpoint, values, method, force_external, append_unknown, url_scheme
            )
        try:
            # In the given order (werkzeug appends query arguments in that order), and with
            # each value's type: True == 1, but they build different URLs.
            items = tuple((k, v.__class__, v) for k, v in values.items()) if values else ()
            key = (
                endpoint,
                items,
                method,
                force_external,
                append_unknown,
                url_scheme,
                self.server_name,
                self.script_name,
                self.subdomain,
                self.url_scheme,
                self.default_method,
            )
            url = self.map.built.get(key)
        except TypeError:  # an unhashable value: no memo
            return super().build(
                endpoint, values, method, force_external, append_unknown, url_scheme
            )
        if url is None:
            url = super().build(
                endpoint, values, method, force_external, append_unknown, url_scheme
            )
            built = self.map.built
            if len(built) >= MAX_BUILT:
                built.clear()
            built[key] = url
        return url
