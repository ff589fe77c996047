"""URL building, memoised: a site's routes never change once its app is set up.

Pages link to the same few URL shapes over and over (a project's navigation alone is
some forty ``url_for`` calls), and werkzeug builds each from the rule every time
(~10-20 us). What a build returns depends only on the rules, the endpoint, the values
(after the app's URL defaults are applied), the options and the adapter's server,
script name, subdomain, scheme and default method, so :class:`MemoMap` keeps the
results. Values that are not hashable are built as before, and so is anything that
fails to build (a :class:`~werkzeug.routing.BuildError` is never kept).

Every app of a site compiles the same rules, and werkzeug writes and compiles a Python
builder function for each (two per rule, ~2 ms: most of an app's set-up), so
:class:`SiteRule` keeps the compiled builders for the process and binds them to each new
rule: the function werkzeug writes depends only on what :meth:`SiteRule.builder_key`
holds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from werkzeug.datastructures import ImmutableDict, MultiDict
from werkzeug.routing import IntegerConverter, Map, MapAdapter, Rule, RuleFactory

from .db import INTEGER_RANGE

__all__ = ["MemoAdapter", "MemoMap", "SiteRule"]

MAX_BUILT = 4096
"""URLs kept per map (under 2 MB); the memo starts again when full."""

_BUILDERS: dict[tuple[Any, ...], Callable[..., tuple[str, str]]] = {}
"""Compiled URL builders by :meth:`SiteRule.builder_key` (a few hundred: one per rule
shape of the bundled sites, twice)."""


class SiteRule(Rule):
    """A :class:`~werkzeug.routing.Rule` whose builder functions are compiled once per
    process and shared by every rule of the same shape."""

    def builder_key(self, append_unknown: bool) -> tuple[Any, ...]:
        """What werkzeug's ``_compile_builder`` reads: the rule (the function's name), its
        parsed parts, its defaults in order, and each default a part takes, as its
        converter writes it."""
        defaults = self.defaults or {}
        written = tuple(
            (name, self._converters[name].to_url(defaults[name]))
            for dynamic, name in self._trace
            if dynamic and name in defaults
        )
        return (append_unknown, self.rule, tuple(self._trace), tuple(defaults), written)

    def _compile_builder(self, append_unknown: bool = True) -> Callable[..., tuple[str, str]]:
        key = self.builder_key(append_unknown)
        builder = _BUILDERS.get(key)
        if builder is None:
            builder = _BUILDERS[key] = super()._compile_builder(append_unknown)
        return builder


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
