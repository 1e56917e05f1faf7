"""Ostfront's web side: :func:`serve` is what ``ostfront serve`` starts.

The app itself is :func:`ostfront.server.app.create_app` (FastAPI); games live in an SQLite
database (:mod:`ostfront.server.store`) and are replayed into live sessions
(:mod:`ostfront.server.sessions`). The older standard-library board viewer is
:mod:`ostfront.server.viewer`.
"""

from __future__ import annotations

import socket


def serve(host: str = "127.0.0.1", port: int = 8141, db: str | None = None) -> None:
    """Serve until interrupted, printing the URL. ``db``: the game database's path (default:
    ``$XDG_DATA_HOME/ostfront/games.sqlite``, i.e. ``~/.local/share/ostfront/games.sqlite``)."""
    import uvicorn

    from ..core.errors import OstfrontError
    from ..core.heap import settle
    from ..games import names
    from .app import create_app
    from .store import default_db_path

    path = db if db is not None else str(default_db_path())
    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as exc:
        raise OstfrontError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    app = create_app(path)
    settle(names())  # the components loaded once, kept out of the collector's way
    shown = f"[{host}]" if ":" in host else host
    print(
        f"Ostfront web app at http://{shown}:{port}/  (games in {path}; Ctrl-C to stop)", flush=True
    )
    uvicorn.run(app, host=host, port=port, log_level="warning")
