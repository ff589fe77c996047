"""``webenv serve``: the bundled sites and a task portal for people, on local ports.

- :class:`~webenv.serve.hosting.Hub` serves every bundled site on its own port (threaded
  WSGI servers), with in-memory or persistent (``--db DIR``, WAL) databases and a request
  log shaped like the env's.
- :func:`~webenv.serve.portal.create_portal` is the portal: sites, demo accounts, tasks,
  a task bar to answer, and both verdicts from the env's own validators.
- :func:`~webenv.serve.command.serve` is the click command.
"""

from webenv.serve.command import serve
from webenv.serve.hosting import HostedSite, Hub, RequestLog, ServeError, plan_ports
from webenv.serve.portal import create_portal

__all__ = ["HostedSite", "Hub", "RequestLog", "ServeError", "create_portal", "plan_ports",
           "serve"]
