"""Ostfront's web side: :func:`serve` is what ``ostfront serve`` starts."""

from __future__ import annotations


def serve(host: str = "127.0.0.1", port: int = 8141, db: str | None = None) -> None:
    """Serve until interrupted, printing the URL. ``db``: the game database's path.
    (For now the read-only viewer, which keeps no database.)"""
    from .viewer import serve as serve_viewer

    serve_viewer(host, port)
