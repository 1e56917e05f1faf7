"""Ostfront's web side: :func:`serve` is what ``ostfront serve`` starts.

The app itself is :func:`ostfront.server.app.create_app` (FastAPI); games live in an SQLite
or PostgreSQL database (:mod:`ostfront.server.store`; several servers may share a PostgreSQL
one, docs/deployment.md) and are replayed into live sessions
(:mod:`ostfront.server.sessions`). The older standard-library board viewer is
:mod:`ostfront.server.viewer`.
"""

from __future__ import annotations

import socket
import sys
from collections.abc import Iterable
from typing import Any

from ..core.errors import OstfrontError
from ..games import names, settle
from .guard import is_loopback
from .store import default_db, is_postgres

#: Seconds an idle kept-alive connection stays open after its last answer.
KEEP_ALIVE_SECONDS = 5
#: Connections and requests served at once; beyond them a request is answered 503 at once.
MAX_CONCURRENT = 1000


def server_options() -> dict[str, Any]:
    """What uvicorn is told beyond the app and address: bounded connections and idle time
    (the guard bounds how long a body may take, :data:`.guard.BODY_SECONDS`; the protocol
    how long a request head may, :mod:`.http_timeouts`). No access log: at the level
    logged it writes nothing, but its line's parts were made for every answer."""
    from .http_timeouts import HeadTimedHttp

    return {
        "http": HeadTimedHttp,
        "log_level": "warning",
        "access_log": False,
        "timeout_keep_alive": KEEP_ALIVE_SECONDS,
        "limit_concurrency": MAX_CONCURRENT,
    }


def serve(
    host: str = "127.0.0.1",
    port: int = 8141,
    db: str | None = None,
    allow_hosts: Iterable[str] = (),
    *,
    smtp: str | None = None,
    mail_window: float | None = None,
    mail_from: str | None = None,
) -> None:
    """Serve until interrupted, printing the URL. ``db``: the game database, an SQLite file or
    a ``postgresql://`` URL (default: ``$OSTFRONT_DB``, else
    ``$XDG_DATA_HOME/ostfront/games.sqlite``, i.e. ``~/.local/share/ostfront/games.sqlite``).
    ``allow_hosts``: host names to answer to besides addresses, localhost and this machine's
    name. ``smtp``: ``host:port`` of a mail server for turn notices (none: no mail), sent
    from ``mail_from``, a digest of each ``mail_window`` seconds.
    Ctrl-C stops the server, its computer players and their worker processes."""
    # Here, not at the top: the worker processes import this package (server.ai_worker) and
    # need neither the web framework nor the app.
    import uvicorn

    from .app import create_app

    if not 1 <= port <= 65535:
        raise OstfrontError(f"--port must be between 1 and 65535, not {port}")
    path = db if db is not None else default_db()
    from .notices import smtp_address

    try:
        mail = None if smtp is None else smtp_address(smtp)
    except ValueError as exc:
        raise OstfrontError(str(exc)) from None
    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except (OSError, OverflowError) as exc:
        reason = getattr(exc, "strerror", None) or exc
        raise OstfrontError(f"cannot listen on {host}:{port}: {reason}") from None
    app = create_app(
        path,
        allowed_hosts=tuple(allow_hosts),
        exclusive=True,
        smtp=mail,
        mail_window=mail_window,
        mail_from=mail_from,
        private_webhooks=is_loopback(host),
    )
    manager = app.app.state.manager
    where = manager.store.name if is_postgres(path) else path
    settle(names())  # the components loaded once, kept out of the collector's way
    shown = f"[{host}]" if ":" in host else host
    if not is_loopback(host):
        print(
            f"WARNING: listening on {host}, not on this machine only: anyone who can reach "
            f"port {port} can open the games, watch them and start new ones. Players act only "
            "through their seat tokens (invite links) or signed-in accounts, but this is plain "
            "HTTP: on an untrusted network the links, passwords and login cookies can be read "
            "off the wire. See docs/security.md.",
            file=sys.stderr,
            flush=True,
        )
    print(
        f"Ostfront web app at http://{shown}:{port}/  (games in {where}; Ctrl-C to stop)",
        flush=True,
    )
    try:
        uvicorn.run(app, host=host, port=port, **server_options())
    except KeyboardInterrupt:  # uvicorn has shut down cleanly and passes the signal on
        pass
    finally:
        manager.close()  # no worker process outlives the server
        manager.store.close()
