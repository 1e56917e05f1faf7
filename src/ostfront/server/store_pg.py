"""The game database on PostgreSQL (``ostfront serve --db postgresql://...``): the same tables
and queries as SQLite (:class:`~.store.BaseStore`), shared by several server processes.

* **One writer a game at a time.** :meth:`~.store.BaseStore.append` locks the game's row
  (``SELECT ... FOR UPDATE``) and adds step n only if n-1 are stored: of two processes
  racing with the same step, one commits and the other is refused (:class:`~.store.Conflict`),
  and ``steps``' key (game, n) would refuse a second step n anyway.
* **News of every change.** A transaction that adds a step, changes the players or deletes a
  game sends ``NOTIFY`` on the channel ``ostfront.<schema>`` (delivered only if it commits);
  each process listens on its own connection (:meth:`PgStore.listen`) and tells its open game
  pages, whichever process took the step.
* **Where the tables are.** In the connection's schema: the URL may choose it, e.g.
  ``postgresql://user@host/db?options=-csearch_path%3Dostfront`` (the schema must exist). The
  tables are made on first use, under an advisory lock so servers starting together agree.

A few connections a process (:data:`POOL_SIZE`), each used by one thread at a time (a
thread's nested queries use the connection it holds), so one game's transaction does not
make another game's queries wait; a connection that broke (the database restarted) is made
again at its next use. A database that cannot be reached is a
:class:`~.store.DatabaseError` (answered 503), naming host and database, never a password.
"""

from __future__ import annotations

import contextlib
import secrets
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict
from psycopg.rows import dict_row

from .store import ADDED_COLUMNS, SCHEMA, BaseStore, ChangeListener, DatabaseError, Db

#: The SQLite schema (store.SCHEMA), its times as 8-byte floats: PostgreSQL's REAL has 4 bytes.
SCHEMA_PG = SCHEMA.replace(" REAL ", " DOUBLE PRECISION ")

#: The most connections one process uses at once (its threads beyond wait for one).
POOL_SIZE = 4

#: The advisory lock taken while the tables are made (any number, the same in every server).
SCHEMA_LOCK = 0x05F7F20


def describe(url: str) -> str:
    """``postgresql://user@host:port/db`` for messages: never the password."""
    try:
        parts = conninfo_to_dict(url)
    except psycopg.Error:
        return "postgresql://(a URL that does not parse)"
    user = f"{parts['user']}@" if parts.get("user") else ""
    port = f":{parts['port']}" if parts.get("port") else ""
    return f"postgresql://{user}{parts.get('host', '')}{port}/{parts.get('dbname', '')}"


class _PgDb:
    """A psycopg connection seen as a :class:`~.store.Db`: ``?`` placeholders become
    ``%s`` (no query of the store has a ``?`` or ``%`` of its own)."""

    def __init__(self, conn: psycopg.Connection[Any]) -> None:
        self.conn = conn

    def execute(self, query: str, params: Any = (), /) -> Any:
        return self.conn.execute(query.replace("?", "%s"), params)

    def executemany(self, query: str, rows: Any, /) -> None:
        rows = list(rows)
        if rows:
            with self.conn.cursor() as cur:
                cur.executemany(query.replace("?", "%s"), rows)


class PgStore(BaseStore):
    """The game database in PostgreSQL at ``url`` (a libpq URL)."""

    FOR_UPDATE = " FOR UPDATE"

    def __init__(self, url: str) -> None:
        self.url = url
        self.name = describe(url)
        #: idle connections, at most POOL_SIZE in use at once; the one each thread holds
        self._idle: list[psycopg.Connection[Any]] = []
        self._idle_lock = threading.Lock()
        self._slots = threading.BoundedSemaphore(POOL_SIZE)
        self._held = threading.local()
        self._closed = False
        #: Who this process is in the notices it sends (so it skips its own).
        self.origin = secrets.token_hex(6)
        self._listener: threading.Thread | None = None
        try:
            with self._tx() as db:
                db.execute(f"SELECT pg_advisory_xact_lock({SCHEMA_LOCK})")
                for stmt in SCHEMA_PG.split(";"):
                    if stmt.strip():
                        db.execute(stmt)
                have = {
                    (r["table_name"], r["column_name"])
                    for r in db.execute(
                        "SELECT table_name, column_name FROM information_schema.columns"
                        " WHERE table_schema = current_schema()"
                    ).fetchall()
                }
                for table, column, kind in ADDED_COLUMNS:  # columns newer than the tables
                    if (table, column) not in have:
                        kind = "DOUBLE PRECISION" if kind == "REAL" else kind
                        db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
                schema = db.execute("SELECT current_schema() AS s").fetchone()["s"]
        except DatabaseError as exc:
            raise DatabaseError(
                f"{exc}; check --db (postgresql://user@host:port/database) and that the "
                "server is running"
            ) from None
        self.channel = f"ostfront.{schema}"

    @property
    def shared(self) -> bool:
        return True

    # -- connections -------------------------------------------------------------
    def _connect(self) -> psycopg.Connection[Any]:
        return psycopg.connect(self.url, autocommit=True, row_factory=dict_row, connect_timeout=10)

    @contextmanager
    def _connection(self) -> Iterator[psycopg.Connection[Any]]:
        """A connection for this thread: the one it holds already (a nested query), else an
        idle one of the pool or a new one (one that broke is closed and made again)."""
        held: psycopg.Connection[Any] | None = getattr(self._held, "conn", None)
        if held is not None:
            yield held
            return
        with self._slots:
            with self._idle_lock:
                conn = self._idle.pop() if self._idle else None
            if conn is None or conn.closed or conn.broken:
                if conn is not None:
                    with contextlib.suppress(psycopg.Error):
                        conn.close()
                conn = self._connect()
            self._held.conn = conn
            try:
                yield conn
            finally:
                self._held.conn = None
                if self._closed or conn.closed or conn.broken:
                    with contextlib.suppress(psycopg.Error):
                        conn.close()
                else:
                    with self._idle_lock:
                        self._idle.append(conn)

    def _failed(self, exc: psycopg.Error) -> DatabaseError:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        return DatabaseError(f"the game database {self.name} failed: {first}")

    @contextmanager
    def _tx(self) -> Iterator[Db]:
        try:
            with self._connection() as conn, conn.transaction():
                yield _PgDb(conn)
        except psycopg.Error as exc:
            raise self._failed(exc) from None

    @contextmanager
    def _read(self) -> Iterator[Db]:
        try:
            with self._connection() as conn:
                yield _PgDb(conn)
        except psycopg.Error as exc:
            raise self._failed(exc) from None

    def close(self) -> None:
        self._closed = True
        with self._idle_lock:
            idle, self._idle = self._idle, []
        for conn in idle:  # those in use are closed when given back
            with contextlib.suppress(psycopg.Error):
                conn.close()
        if self._listener is not None:
            self._listener.join(timeout=5)

    # -- news between processes ----------------------------------------------------
    def _changed(self, db: Db, gid: str) -> None:
        db.execute("SELECT pg_notify(?, ?)", (self.channel, f"{self.origin} {gid}"))

    def listen(self, callback: ChangeListener) -> None:
        """Hear the other processes' notices on a connection of its own (a thread); a lost
        connection is made again, then ``callback(None)``: anything may have changed."""
        if self._listener is not None:
            raise RuntimeError("this store is listened to already")
        self._listener = threading.Thread(
            target=self._listen, args=(callback,), name="pg-listen", daemon=True
        )
        self._listener.start()

    def _listen(self, callback: ChangeListener) -> None:
        lost = False
        while not self._closed:
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=10) as conn:
                    conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self.channel)))
                    if lost:
                        callback(None)
                        lost = False
                    while not self._closed:
                        for note in conn.notifies(timeout=0.5):
                            origin, _, gid = note.payload.partition(" ")
                            if origin != self.origin:
                                with contextlib.suppress(Exception):
                                    callback(gid)
            except psycopg.Error:
                lost = True
                if not self._closed:
                    time.sleep(1.0)
