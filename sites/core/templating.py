"""The sites' Jinja environment: Flask's, with imports of macro templates made cheaper.

A template that imports another's macros (``{% from 'core/_macros.html' import ... %}``)
asks the imported template, on every render, for the globals of the importing context
it lacks (Jinja's ``Template._get_default_module``): ``ctx.globals_keys -
self.globals.keys()``. ``self.globals`` is a :class:`~collections.ChainMap` over the
template's and the environment's globals (the sites register some thirty), and that
difference goes through ``ChainMap.__contains__`` in Python for every key: ~40 us an
import, one to three imports a page. :class:`SiteTemplate` computes the same set with
``set.difference`` over the chain's maps and otherwise does what Jinja does.
"""

from __future__ import annotations

from collections import ChainMap
from typing import Any

from flask.templating import Environment
from jinja2 import Template
from jinja2.runtime import Context

__all__ = ["SiteEnvironment", "SiteTemplate"]


class SiteTemplate(Template):
    """A :class:`~jinja2.Template` whose imports find the missing globals quickly."""

    def _get_default_module(self, ctx: Context | None = None) -> Any:
        if ctx is not None and not self.environment.is_async:
            names = self.globals
            maps = names.maps if isinstance(names, ChainMap) else (names,)
            keys = ctx.globals_keys.difference(*maps)
            if keys:
                return self.make_module({k: ctx.parent[k] for k in keys})
            ctx = None  # no new globals: the module rendered once
        return super()._get_default_module(ctx)


class SiteEnvironment(Environment):
    """Flask's Jinja environment, making :class:`SiteTemplate` templates."""

    template_class = SiteTemplate
