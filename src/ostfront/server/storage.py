"""Which game database a ``--db`` names: :func:`open_store`."""

from __future__ import annotations

from pathlib import Path

from .store import BaseStore, Store, is_postgres


def open_store(db: str | Path, *, exclusive: bool = False) -> BaseStore:
    """The store ``db`` names: a PostgreSQL database for a ``postgresql://`` URL (several
    servers may share it; ``exclusive`` does not apply), else an SQLite file."""
    if is_postgres(db):
        from .store_pg import PgStore  # only a server on PostgreSQL loads its driver

        return PgStore(str(db))
    return Store(db, exclusive=exclusive)
