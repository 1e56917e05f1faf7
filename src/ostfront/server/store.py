"""The web app's game database: one SQLite file holding every game's record.

A game is its record — the header (game, scenario, options, seed, position, set-up hash) and
the list of actions with the hash of the state after each — plus who plays each side. The
state itself is never stored: it is rebuilt by replaying the record, so the database can only
hold what the engine accepted, and a restart loses nothing that was committed.

Tables::

    games   id, game, header (JSON), players (JSON: side -> "human" | AI level), created,
            updated, steps (how many actions), status ("playing" | "finished"),
            summary (JSON: turn, phase title, result — for the home page without a replay)
    steps   game_id, n (1-based), action (text), hash
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    header TEXT NOT NULL,
    players TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    steps INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT 'playing',
    summary TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS steps (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    action TEXT NOT NULL,
    hash TEXT,
    PRIMARY KEY (game_id, n)
);
"""


def default_db_path() -> Path:
    """``$OSTFRONT_DB``, else ``$XDG_DATA_HOME/ostfront/games.sqlite`` (XDG's default data
    home is ``~/.local/share``)."""
    env = os.environ.get("OSTFRONT_DB")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "ostfront" / "games.sqlite"


@dataclass
class StoredGame:
    id: str
    game: str
    header: dict[str, Any]
    players: dict[str, str]
    created: float
    updated: float
    steps: int
    status: str
    summary: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "scenario": self.header.get("scenario"),
            "options": self.header.get("options", {}),
            "seed": self.header.get("seed"),
            "players": self.players,
            "created": self.created,
            "updated": self.updated,
            "steps": self.steps,
            "status": self.status,
            "summary": self.summary,
        }


class Store:
    """The database. Safe to share between threads (one connection behind a lock)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        if str(self.path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.RLock()
        self._db = sqlite3.connect(str(self.path), check_same_thread=False, isolation_level=None)
        self._db.row_factory = sqlite3.Row
        with self._lock:
            self._db.execute("PRAGMA foreign_keys = ON")
            if str(self.path) != ":memory:":
                self._db.execute("PRAGMA journal_mode = WAL")
            self._db.executescript(SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    # -- games ---------------------------------------------------------------
    def create(
        self,
        game: str,
        header: dict[str, Any],
        players: dict[str, str],
        steps: list[dict[str, Any]] | None = None,
        summary: dict[str, Any] | None = None,
        status: str = "playing",
    ) -> str:
        """A new game (with the steps of an imported record, if any); returns its id."""
        gid = uuid.uuid4().hex[:12]
        now = time.time()
        steps = steps or []
        with self._tx() as db:
            db.execute(
                "INSERT INTO games (id, game, header, players, created, updated, steps, status,"
                " summary) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    gid,
                    game,
                    json.dumps(header),
                    json.dumps(players),
                    now,
                    now,
                    len(steps),
                    status,
                    json.dumps(summary or {}),
                ),
            )
            db.executemany(
                "INSERT INTO steps (game_id, n, action, hash) VALUES (?, ?, ?, ?)",
                [(gid, i, s["action"], s.get("hash")) for i, s in enumerate(steps, start=1)],
            )
        return gid

    def get(self, gid: str) -> StoredGame | None:
        with self._lock:
            row = self._db.execute("SELECT * FROM games WHERE id = ?", (gid,)).fetchone()
        return None if row is None else _stored(row)

    def all(self) -> list[StoredGame]:
        with self._lock:
            rows = self._db.execute("SELECT * FROM games ORDER BY updated DESC").fetchall()
        return [_stored(r) for r in rows]

    def steps(self, gid: str) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute(
                "SELECT action, hash FROM steps WHERE game_id = ? ORDER BY n", (gid,)
            ).fetchall()
        return [{"action": r["action"], "hash": r["hash"]} for r in rows]

    def append(
        self,
        gid: str,
        n: int,
        action: str,
        digest: str,
        summary: dict[str, Any],
        status: str,
    ) -> None:
        """Add step ``n``; fails (and changes nothing) unless the game has exactly n-1 steps."""
        with self._tx() as db:
            row = db.execute("SELECT steps FROM games WHERE id = ?", (gid,)).fetchone()
            if row is None or row["steps"] != n - 1:
                raise RuntimeError(f"game {gid}: step {n} does not follow the stored record")
            db.execute(
                "INSERT INTO steps (game_id, n, action, hash) VALUES (?, ?, ?, ?)",
                (gid, n, action, digest),
            )
            db.execute(
                "UPDATE games SET steps = ?, updated = ?, status = ?, summary = ? WHERE id = ?",
                (n, time.time(), status, json.dumps(summary), gid),
            )

    def set_players(self, gid: str, players: dict[str, str]) -> None:
        with self._tx() as db:
            db.execute("UPDATE games SET players = ? WHERE id = ?", (json.dumps(players), gid))

    def set_summary(self, gid: str, summary: dict[str, Any], status: str) -> None:
        with self._tx() as db:
            db.execute(
                "UPDATE games SET summary = ?, status = ? WHERE id = ?",
                (json.dumps(summary), status, gid),
            )

    def delete(self, gid: str) -> bool:
        with self._tx() as db:
            cur = db.execute("DELETE FROM games WHERE id = ?", (gid,))
            return cur.rowcount > 0


def _stored(row: sqlite3.Row) -> StoredGame:
    return StoredGame(
        id=row["id"],
        game=row["game"],
        header=json.loads(row["header"]),
        players=json.loads(row["players"]),
        created=row["created"],
        updated=row["updated"],
        steps=row["steps"],
        status=row["status"],
        summary=json.loads(row["summary"]),
    )
