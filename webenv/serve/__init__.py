"""``webenv serve``: the bundled sites and a task portal for people, on local ports.

- :class:`~webenv.serve.hub.Hub` loads a :class:`~webenv.world.World` (in-memory, or
  persistent with ``--db DIR``: WAL files) and serves each site on its own port
  (threaded WSGI servers) plus the portal.
- :class:`~webenv.serve.served.ServedWorld` maps canonical and local URLs;
  :class:`~webenv.serve.hosted.HostedSite` wraps one site for HTTP (request log, login
  links).
- :func:`~webenv.serve.portal.create_portal` is the portal: sites, demo accounts, tasks,
  a task bar to answer, and both verdicts from the env's own validators.
- :mod:`~webenv.serve.security`: allowed hosts, security headers, the server banner.
- :func:`~webenv.serve.command.serve` is the click command.

Imports run one way: security, hosted <- served <- portal <- hub <- command.
"""

from webenv.errors import ServeError
from webenv.requestlog import RequestLog
from webenv.serve.command import serve
from webenv.serve.hosted import HostedSite
from webenv.serve.hub import Hub, plan_ports
from webenv.serve.portal import create_portal

__all__ = ["HostedSite", "Hub", "RequestLog", "ServeError", "create_portal", "plan_ports", "serve"]
