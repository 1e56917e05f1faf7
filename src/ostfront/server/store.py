"""The web app's game database: every game's record, in SQLite (the embedded default: one
file) or PostgreSQL (``--db postgresql://...``: several server processes share it).

A game is its record — the header (game, scenario, options, seed, position, set-up hash) and
the list of actions with the hash of the state after each — plus who plays each side. The
state itself is never stored: it is rebuilt by replaying the record, so the database can only
hold what the engine accepted, and a restart loses nothing that was committed.

Tables::

    games     id, game, header (JSON), players (JSON: side -> "human" | AI level), created,
              updated, steps (how many actions), status ("playing" | "finished"),
              summary (JSON: turn, phase title, result — for the home page without a replay),
              seats (JSON: side -> SHA-256 of the seat's secret token; NULL for games from
              before seats, which the first local client may claim)
    steps     game_id, n (1-based), action (text), hash, meta (JSON: the log's notes on it)
    snapshots game_id, n, state (JSON): the state after step n, every SNAPSHOT_EVERY steps,
              so loading a long game replays at most that many steps
    settings  key, value: the server's own secrets (the key that seals exported seeds)
    accounts  id, name, name_key (the name casefolded: unique), password (argon2 hash), created;
              a deleted account keeps its id for the finished games it played, named
              DELETED_NAME, its name_key "deleted:<id>", no password
    logins    token_hash (SHA-256 of a login cookie), account_id, created, expires
    account_seats  game_id, side, account_id: the sides kept with an account (one each)
    game_terms  game_id, rated, public (listed for everyone), rematch_of, rematch (the new
              game's id), settled (its ratings counted), rating_change (JSON), settled_at,
              not_counted (why a rated game changed no rating), ended (the side that
              resigned: its player's account was deleted)
    ratings   account_id, game (a game's name, or "*": all games), rating (Elo), played,
              won, lost, drawn
    challenges  the lobby: id, account_id, game, scenario, options (JSON), side (the
              author's, or "random"), clock (JSON), rated, public, created, game_id (once
              accepted: the game), accepted_by
    chat      game_id, n (1-based), side (who wrote), body, at: the players' chat
    clocks    game_id, control (a time control's name), left_s (JSON: side -> seconds left at
              ``since``), running (the side whose clock runs, or NULL), deadline (when it
              falls), version (bumped by every change), flagged (the side lost on time)
    notify_to holder ("seat:<game>:<side>", or an account's), webhook, secret, email, off
              (1: told nowhere for now, the settings kept): where a player is told of
              their turn
    notices   key (what the notice is about: one row an event or digest), kind (webhook |
              email), target, body (JSON lines), due, status (pending | sending | sent |
              failed), tries, claimed, sent, error: the notifications' outbox

The state is still defined by the record: a snapshot is a cache this server wrote, checked
against the step's hash when it is read.

:class:`BaseStore` is the one interface; its queries are written once and run on both
backends: :class:`Store` (SQLite, here) and :class:`~.store_pg.PgStore` (PostgreSQL);
:func:`~.storage.open_store` picks one from the ``--db`` given. A step is added only if the game has
exactly the steps before it, checked in the transaction that adds it (SQLite: the database's
write lock; PostgreSQL: the game's row, locked), so of two racing posts exactly one wins,
whichever process each reached.

:class:`Store` with ``exclusive=True`` (what ``ostfront serve`` uses on SQLite) holds a lock
file beside the database, so a second server on the same file refuses to start instead of
serving stale games. The lock is taken beside the file the name leads to (symbolic links
followed), so another name for it is refused too. PostgreSQL has no such lock: several
servers on one database is what it is for (:meth:`BaseStore.listen` tells each of the
others' steps).
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from ..core.errors import OstfrontError


class DatabaseError(OstfrontError):
    """The game database cannot be used: damaged, not SQLite, unreachable, or held by another
    server."""


class Conflict(OstfrontError):
    """The stored game changed under this server (another process wrote to it)."""


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
    summary TEXT NOT NULL DEFAULT '{}',
    seats TEXT
);
CREATE TABLE IF NOT EXISTS steps (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    action TEXT NOT NULL,
    hash TEXT,
    meta TEXT,
    PRIMARY KEY (game_id, n)
);
CREATE TABLE IF NOT EXISTS snapshots (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    state TEXT NOT NULL,
    PRIMARY KEY (game_id, n)
);
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS accounts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS logins (
    token_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    created REAL NOT NULL,
    expires REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS account_seats (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    side TEXT NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    PRIMARY KEY (game_id, side)
);
CREATE INDEX IF NOT EXISTS account_seats_by_account ON account_seats (account_id);
CREATE TABLE IF NOT EXISTS game_terms (
    game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    rated INTEGER NOT NULL DEFAULT 0,
    public INTEGER NOT NULL DEFAULT 0,
    rematch_of TEXT,
    rematch TEXT,
    settled INTEGER NOT NULL DEFAULT 0,
    rating_change TEXT,
    settled_at REAL DEFAULT NULL,
    not_counted TEXT,
    ended TEXT
);
CREATE TABLE IF NOT EXISTS ratings (
    account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    game TEXT NOT NULL,
    rating REAL NOT NULL,
    played INTEGER NOT NULL DEFAULT 0,
    won INTEGER NOT NULL DEFAULT 0,
    lost INTEGER NOT NULL DEFAULT 0,
    drawn INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (account_id, game)
);
CREATE TABLE IF NOT EXISTS challenges (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    game TEXT NOT NULL,
    scenario TEXT,
    options TEXT NOT NULL,
    side TEXT NOT NULL,
    clock TEXT,
    rated INTEGER NOT NULL DEFAULT 0,
    public INTEGER NOT NULL DEFAULT 1,
    created REAL NOT NULL,
    game_id TEXT,
    accepted_by TEXT
);
CREATE TABLE IF NOT EXISTS chat (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    side TEXT NOT NULL,
    body TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, n)
);
CREATE TABLE IF NOT EXISTS clocks (
    game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    control TEXT NOT NULL,
    left_s TEXT NOT NULL,
    running TEXT,
    since REAL NOT NULL,
    deadline REAL DEFAULT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    flagged TEXT
);
CREATE TABLE IF NOT EXISTS notify_to (
    holder TEXT PRIMARY KEY,
    webhook TEXT,
    secret TEXT,
    email TEXT,
    off INTEGER
);
CREATE TABLE IF NOT EXISTS notices (
    key TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    target TEXT NOT NULL,
    secret TEXT,
    body TEXT NOT NULL,
    due REAL NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending',
    tries INTEGER NOT NULL DEFAULT 0,
    claimed REAL DEFAULT NULL,
    sent REAL DEFAULT NULL,
    error TEXT
);
CREATE INDEX IF NOT EXISTS notices_due ON notices (status, due);
CREATE INDEX IF NOT EXISTS clocks_deadline ON clocks (deadline);
"""

#: Columns added since the first schema: (table, column, type), added to older databases.
ADDED_COLUMNS = (
    ("games", "seats", "TEXT"),
    ("steps", "meta", "TEXT"),
    ("game_terms", "settled_at", "REAL"),
    ("game_terms", "not_counted", "TEXT"),
    ("game_terms", "ended", "TEXT"),
    ("notify_to", "off", "INTEGER"),
)


#: How a ``--db`` naming a PostgreSQL database begins.
POSTGRES_PREFIXES = ("postgresql://", "postgres://")


def is_postgres(db: str | Path) -> bool:
    """Whether ``db`` names a PostgreSQL database (a URL) rather than an SQLite file."""
    return isinstance(db, str) and db.startswith(POSTGRES_PREFIXES)


def default_db() -> str:
    """``$OSTFRONT_DB`` as given (a file or a ``postgresql://`` URL), else the SQLite file of
    :func:`default_db_path`."""
    return os.environ.get("OSTFRONT_DB") or str(default_db_path())


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
    seats: dict[str, str] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "scenario": self.header.get("scenario"),
            "options": self.header.get("options", {}),
            "seed": self.header.get("seed") if self.status == "finished" else None,
            "players": self.players,
            "created": self.created,
            "updated": self.updated,
            "steps": self.steps,
            "status": self.status,
            "summary": self.summary,
        }


#: The name a deleted account is shown by, in the finished games it played.
DELETED_NAME = "deleted player"


class NameTaken(OstfrontError):
    """An account of that name exists already."""


def name_key(name: str) -> str:
    """What two account names are compared by: the same name in another case is taken."""
    return name.casefold()


@dataclass(frozen=True)
class Account:
    """A player's account: a random id, the name shown, when it was made."""

    id: str
    name: str
    created: float

    @property
    def deleted(self) -> bool:
        """Whether the account was deleted (its row kept for the games it finished)."""
        return self.name == DELETED_NAME


@dataclass(frozen=True)
class Rating:
    """An account's Elo rating in one game (or all games) and its rated results."""

    rating: float
    played: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0


#: Where every account's rating starts.
START_RATING = 1500.0


@dataclass(frozen=True)
class PairLimit:
    """At most ``games`` rated games between the same two accounts count for their ratings
    within any ``seconds``; a game past that is settled with ``note`` and no change."""

    games: int
    seconds: float
    note: str


@dataclass(frozen=True)
class GameTerms:
    """What a game was started as: rated, listed for everyone, the rematch of another."""

    rated: bool = False
    public: bool = False
    rematch_of: str | None = None
    rematch: str | None = None
    settled: bool = False
    rating_change: dict[str, dict[str, Any]] | None = None
    #: When its ratings were settled (the time source of the manager).
    settled_at: float | None = None
    #: Why a rated game changed no rating (e.g. too many between the same two players).
    not_counted: str | None = None
    #: The side that resigned: its player's account was deleted during the game.
    ended: str | None = None


@dataclass
class Challenge:
    """An open challenge in the lobby: a game its author starts with whoever accepts."""

    id: str
    account_id: str
    game: str
    scenario: str | None
    options: dict[str, Any]
    side: str
    clock: Any = None
    rated: bool = False
    public: bool = True
    created: float = 0.0
    game_id: str | None = None
    accepted_by: str | None = None
    account_name: str = ""
    accepted_name: str | None = None


#: A listener for other processes' changes: called with a game's id (None: anything may
#: have changed, e.g. the connection that listens was lost and made again).
ChangeListener = Callable[[str | None], None]


class Cursor(Protocol):
    """What a query gives back, alike on both backends: rows read by column name."""

    rowcount: int

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...


class Db(Protocol):
    """One backend's connection inside a transaction: queries written with ``?`` placeholders
    (the backend translates them)."""

    def execute(self, sql: str, params: Any = ..., /) -> Cursor: ...

    def executemany(self, sql: str, rows: Any, /) -> Any: ...


class BaseStore:
    """The game database's one interface; a backend gives :meth:`_tx` (a transaction),
    :meth:`_read` (a read outside one) and what differs in its SQL. Safe to share between
    threads."""

    #: Locks the rows a transaction reads for the rest of it (PostgreSQL; SQLite's
    #: transactions hold the whole database already).
    FOR_UPDATE = ""
    #: What the database is, for messages (never a password).
    name = ""

    def close(self) -> None:
        raise NotImplementedError

    @contextmanager
    def _tx(self) -> Iterator[Db]:
        raise NotImplementedError
        yield  # pragma: no cover

    @contextmanager
    def _read(self) -> Iterator[Db]:
        raise NotImplementedError
        yield  # pragma: no cover

    def _changed(self, db: Db, gid: str) -> None:
        """Tell the other processes, once this transaction commits, that game ``gid``
        changed (nothing on SQLite: one server a file)."""

    def listen(self, callback: ChangeListener) -> None:
        """Call ``callback`` (from another thread) whenever another process changes a game;
        nothing on SQLite."""

    @property
    def shared(self) -> bool:
        """Whether other server processes may write to this database."""
        return False

    # -- the server's secret -------------------------------------------------
    def secret(self) -> bytes:
        """This database's 32-byte key (made on first use; of servers racing to make it,
        the first one's is kept): it seals exported seeds."""
        with self._tx() as db:
            db.execute(
                "INSERT INTO settings (key, value) VALUES ('seal-key', ?) "
                "ON CONFLICT (key) DO NOTHING",
                (secrets.token_hex(32),),
            )
            row = db.execute("SELECT value FROM settings WHERE key = 'seal-key'").fetchone()
        return bytes.fromhex(row["value"])

    # -- games ---------------------------------------------------------------
    def create(
        self,
        game: str,
        header: dict[str, Any],
        players: dict[str, str],
        steps: list[dict[str, Any]] | None = None,
        summary: dict[str, Any] | None = None,
        status: str = "playing",
        *,
        seats: dict[str, str] | None = None,
        meta: list[dict[str, Any]] | None = None,
        snapshots: dict[int, Any] | None = None,
    ) -> str:
        """A new game (with the steps of an imported record, their log notes and state
        snapshots, if any); returns its id (96 random bits)."""
        gid = secrets.token_hex(12)
        now = time.time()
        steps = steps or []
        notes = meta or []
        with self._tx() as db:
            db.execute(
                "INSERT INTO games (id, game, header, players, created, updated, steps, status,"
                " summary, seats) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
                    None if seats is None else json.dumps(seats),
                ),
            )
            db.executemany(
                "INSERT INTO steps (game_id, n, action, hash, meta) VALUES (?, ?, ?, ?, ?)",
                [
                    (
                        gid,
                        i,
                        s["action"],
                        s.get("hash"),
                        json.dumps(notes[i - 1]) if i <= len(notes) else None,
                    )
                    for i, s in enumerate(steps, start=1)
                ],
            )
            db.executemany(
                "INSERT INTO snapshots (game_id, n, state) VALUES (?, ?, ?)",
                [(gid, n, json.dumps(st)) for n, st in sorted((snapshots or {}).items())],
            )
        return gid

    def head(self, gid: str) -> tuple[int, dict[str, str], dict[str, str] | None] | None:
        """What another process may have changed in a game: (its number of steps, who plays
        each side, its seats); None once it is deleted. One row read by its key."""
        with self._read() as db:
            row = db.execute(
                "SELECT steps, players, seats FROM games WHERE id = ?", (gid,)
            ).fetchone()
        if row is None:
            return None
        seats = row["seats"]
        return (
            int(row["steps"]),
            json.loads(row["players"]),
            None if seats is None else json.loads(seats),
        )

    def get(self, gid: str) -> StoredGame | None:
        with self._read() as db:
            row = db.execute("SELECT * FROM games WHERE id = ?", (gid,)).fetchone()
        return None if row is None else _stored(row)

    def all(self) -> list[StoredGame]:
        with self._read() as db:
            rows = db.execute("SELECT * FROM games ORDER BY updated DESC").fetchall()
        return [_stored(r) for r in rows]

    def steps(self, gid: str) -> list[dict[str, Any]]:
        return [{"action": s["action"], "hash": s["hash"]} for s in self.steps_with_meta(gid)]

    def steps_with_meta(self, gid: str, after: int = 0) -> list[dict[str, Any]]:
        """The steps after the first ``after`` with their log notes (``meta`` None where
        none were stored)."""
        with self._read() as db:
            rows = db.execute(
                "SELECT action, hash, meta FROM steps WHERE game_id = ? AND n > ? ORDER BY n",
                (gid, after),
            ).fetchall()
        return [
            {
                "action": r["action"],
                "hash": r["hash"],
                "meta": None if r["meta"] is None else json.loads(r["meta"]),
            }
            for r in rows
        ]

    def snapshot(self, gid: str, at_most: int) -> tuple[int, Any] | None:
        """The latest stored state at or before step ``at_most``: (step, state)."""
        with self._read() as db:
            row = db.execute(
                "SELECT n, state FROM snapshots WHERE game_id = ? AND n <= ? ORDER BY n DESC"
                " LIMIT 1",
                (gid, at_most),
            ).fetchone()
        if row is None:
            return None
        return int(row["n"]), json.loads(row["state"])

    def add_snapshots(
        self, gid: str, snapshots: dict[int, Any], meta: list[dict[str, Any]] | None = None
    ) -> None:
        """Store snapshots (and the steps' log notes) worked out by a replay."""
        with self._tx() as db:
            db.executemany(
                "INSERT INTO snapshots (game_id, n, state) VALUES (?, ?, ?) "
                "ON CONFLICT (game_id, n) DO UPDATE SET state = excluded.state",
                [(gid, n, json.dumps(st)) for n, st in sorted(snapshots.items())],
            )
            if meta is not None:
                db.executemany(
                    "UPDATE steps SET meta = ? WHERE game_id = ? AND n = ?",
                    [(json.dumps(m), gid, i) for i, m in enumerate(meta, start=1)],
                )

    def append(
        self,
        gid: str,
        n: int,
        action: str,
        digest: str,
        summary: dict[str, Any],
        status: str,
        *,
        meta: dict[str, Any] | None = None,
        snapshot: Any = None,
    ) -> None:
        """Add step ``n``; raises :class:`Conflict` (and changes nothing) unless the game
        has exactly n-1 steps."""
        with self._tx() as db:
            row = db.execute(
                "SELECT steps FROM games WHERE id = ?" + self.FOR_UPDATE, (gid,)
            ).fetchone()
            if row is None or row["steps"] != n - 1:
                have = None if row is None else row["steps"]
                raise Conflict(
                    f"game {gid}: step {n} does not follow the stored record "
                    f"({'deleted' if have is None else f'{have} steps stored'})"
                )
            db.execute(
                "INSERT INTO steps (game_id, n, action, hash, meta) VALUES (?, ?, ?, ?, ?)",
                (gid, n, action, digest, None if meta is None else json.dumps(meta)),
            )
            if snapshot is not None:
                db.execute(
                    "INSERT INTO snapshots (game_id, n, state) VALUES (?, ?, ?) "
                    "ON CONFLICT (game_id, n) DO UPDATE SET state = excluded.state",
                    (gid, n, json.dumps(snapshot)),
                )
            db.execute(
                "UPDATE games SET steps = ?, updated = ?, status = ?, summary = ? WHERE id = ?",
                (n, time.time(), status, json.dumps(summary), gid),
            )
            self._changed(db, gid)

    def set_players(self, gid: str, players: dict[str, str]) -> None:
        with self._tx() as db:
            db.execute("UPDATE games SET players = ? WHERE id = ?", (json.dumps(players), gid))
            self._changed(db, gid)

    def set_seats(self, gid: str, seats: dict[str, str], *, only_if_unset: bool = False) -> bool:
        """Store the seats' token hashes; with ``only_if_unset``, only for a game that has
        none yet (returns whether it stored them)."""
        with self._tx() as db:
            sql = "UPDATE games SET seats = ? WHERE id = ?"
            if only_if_unset:
                sql += " AND seats IS NULL"
            cur = db.execute(sql, (json.dumps(seats), gid))
            return cur.rowcount > 0

    def replace_seat(self, gid: str, old_hash: str, new_hash: str) -> list[str]:
        """Give every side whose token hash is ``old_hash`` the hash ``new_hash`` instead, in
        one transaction (of two callers with the same old token one wins); the sides."""
        with self._tx() as db:
            row = db.execute(
                "SELECT seats FROM games WHERE id = ?" + self.FOR_UPDATE, (gid,)
            ).fetchone()
            held = json.loads(row["seats"]) if row is not None and row["seats"] else {}
            sides = [side for side, h in held.items() if hmac.compare_digest(h, old_hash)]
            if sides:
                held.update(dict.fromkeys(sides, new_hash))
                db.execute("UPDATE games SET seats = ? WHERE id = ?", (json.dumps(held), gid))
            return sides

    def set_seat_hashes(self, gid: str, hashes: dict[str, str]) -> dict[str, str]:
        """Give the named sides these token hashes (the others keep theirs); all seats."""
        with self._tx() as db:
            row = db.execute(
                "SELECT seats FROM games WHERE id = ?" + self.FOR_UPDATE, (gid,)
            ).fetchone()
            held = json.loads(row["seats"]) if row is not None and row["seats"] else {}
            held.update(hashes)
            db.execute("UPDATE games SET seats = ? WHERE id = ?", (json.dumps(held), gid))
            self._changed(db, gid)
        return dict(held)

    def set_summary(self, gid: str, summary: dict[str, Any], status: str) -> None:
        with self._tx() as db:
            db.execute(
                "UPDATE games SET summary = ?, status = ? WHERE id = ?",
                (json.dumps(summary), status, gid),
            )

    def delete(self, gid: str) -> bool:
        with self._tx() as db:
            cur = db.execute("DELETE FROM games WHERE id = ?", (gid,))
            if cur.rowcount > 0:
                seat = f"seat:{gid}:"  # where its seats were told of their turn
                db.execute(
                    "DELETE FROM notify_to WHERE substr(holder, 1, ?) = ?", (len(seat), seat)
                )
                self._changed(db, gid)
            return cur.rowcount > 0

    # -- accounts (server/accounts.py: hashing, cookies and limits) ------------------
    def create_account(self, name: str, password_hash: str) -> Account:
        """A new account; :class:`NameTaken` if the name (any case) is someone's already."""
        account = Account(id=secrets.token_hex(8), name=name, created=time.time())
        with self._tx() as db:
            cur = db.execute(
                "INSERT INTO accounts (id, name, name_key, password, created) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (name_key) DO NOTHING",
                (account.id, name, name_key(name), password_hash, account.created),
            )
            if cur.rowcount == 0:
                raise NameTaken(f"the name {name!r} is taken")
        return account

    def account_by_name(self, name: str) -> tuple[Account, str] | None:
        """The account of that name (any case) and its password hash."""
        if ":" in name:  # a deleted account's key: no name
            return None
        with self._read() as db:
            row = db.execute(
                "SELECT id, name, created, password FROM accounts WHERE name_key = ?",
                (name_key(name),),
            ).fetchone()
        return None if row is None else (_account(row), str(row["password"]))

    def account(self, account_id: str) -> Account | None:
        with self._read() as db:
            row = db.execute(
                "SELECT id, name, created FROM accounts WHERE id = ?", (account_id,)
            ).fetchone()
        return None if row is None else _account(row)

    def set_password(self, account_id: str, password_hash: str) -> None:
        """A new hash of the same password (argon2's parameters changed) or a new password."""
        with self._tx() as db:
            db.execute("UPDATE accounts SET password = ? WHERE id = ?", (password_hash, account_id))

    def add_login(self, account_id: str, token_hash: str, expires: float) -> None:
        """A signed-in browser: the SHA-256 of its cookie's token, valid until ``expires``."""
        now = time.time()
        with self._tx() as db:
            db.execute("DELETE FROM logins WHERE expires < ?", (now,))
            db.execute(
                "INSERT INTO logins (token_hash, account_id, created, expires) VALUES (?, ?, ?, ?)",
                (token_hash, account_id, now, expires),
            )

    def login_account(self, token_hash: str) -> Account | None:
        """The account a login cookie (its token's SHA-256) is signed in to, unless expired."""
        with self._read() as db:
            row = db.execute(
                "SELECT a.id, a.name, a.created FROM logins l JOIN accounts a "
                "ON a.id = l.account_id WHERE l.token_hash = ? AND l.expires > ?",
                (token_hash, time.time()),
            ).fetchone()
        return None if row is None else _account(row)

    def drop_login(self, token_hash: str) -> None:
        with self._tx() as db:
            db.execute("DELETE FROM logins WHERE token_hash = ?", (token_hash,))

    def drop_logins(self, account_id: str, keep: str | None = None) -> int:
        """Sign the account out everywhere (but the login whose hash is ``keep``); how many
        logins went."""
        with self._tx() as db:
            cur = db.execute(
                "DELETE FROM logins WHERE account_id = ? AND token_hash <> ?",
                (account_id, keep or ""),
            )
            return int(cur.rowcount)

    def delete_account(self, account_id: str) -> bool:
        """Forget an account's personal data, in one transaction: its logins, its name
        (now :data:`DELETED_NAME`) and password, where it is told of its turn (its own
        settings and those of the seats it keeps, and the notices to those addresses
        still in the outbox), its ratings, its open challenges, and the
        sides it keeps in games not finished. The sides it kept in finished games stay,
        so they show the deleted player. Returns whether there was such an account."""
        with self._tx() as db:
            cur = db.execute(
                "UPDATE accounts SET name = ?, name_key = ?, password = '' "
                "WHERE id = ? AND substr(name_key, 1, 8) <> 'deleted:'",
                (DELETED_NAME, f"deleted:{account_id}", account_id),
            )
            if cur.rowcount == 0:
                return False
            db.execute("DELETE FROM logins WHERE account_id = ?", (account_id,))
            seats = db.execute(
                "SELECT game_id, side FROM account_seats WHERE account_id = ?", (account_id,)
            ).fetchall()
            holders = [f"account:{account_id}"]
            holders += [f"seat:{r['game_id']}:{r['side']}" for r in seats]
            targets = set()
            for holder in holders:
                row = db.execute(
                    "SELECT webhook, email FROM notify_to WHERE holder = ?", (holder,)
                ).fetchone()
                if row is not None:
                    targets |= {str(t) for t in (row["webhook"], row["email"]) if t}
            db.executemany("DELETE FROM notify_to WHERE holder = ?", [(h,) for h in holders])
            # the outbox's notices to those addresses, sent or not
            db.executemany("DELETE FROM notices WHERE target = ?", [(t,) for t in targets])
            db.execute("DELETE FROM ratings WHERE account_id = ?", (account_id,))
            db.execute(
                "DELETE FROM challenges WHERE account_id = ? AND game_id IS NULL", (account_id,)
            )
            db.execute(
                "DELETE FROM account_seats WHERE account_id = ? AND game_id IN "
                "(SELECT id FROM games WHERE status <> 'finished')",
                (account_id,),
            )
        return True

    # -- seats kept with accounts ------------------------------------------------
    def link_seats(self, gid: str, sides: list[str], account_id: str) -> list[str]:
        """Keep ``sides`` of game ``gid`` with the account; a side kept with another account
        stays with it. Returns the sides now kept with this account (of those asked)."""
        with self._tx() as db:
            db.executemany(
                "INSERT INTO account_seats (game_id, side, account_id) VALUES (?, ?, ?) "
                "ON CONFLICT (game_id, side) DO NOTHING",
                [(gid, side, account_id) for side in sides],
            )
            rows = db.execute(
                "SELECT side FROM account_seats WHERE game_id = ? AND account_id = ?",
                (gid, account_id),
            ).fetchall()
        return sorted(str(r["side"]) for r in rows if r["side"] in sides)

    def account_sides(self, gid: str, account_id: str) -> set[str]:
        """The sides of game ``gid`` kept with the account."""
        with self._read() as db:
            rows = db.execute(
                "SELECT side FROM account_seats WHERE game_id = ? AND account_id = ?",
                (gid, account_id),
            ).fetchall()
        return {str(r["side"]) for r in rows}

    def seat_accounts(self, gid: str) -> dict[str, Account]:
        """Side -> the account it is kept with, for the sides kept with one."""
        with self._read() as db:
            rows = db.execute(
                "SELECT s.side, a.id, a.name, a.created FROM account_seats s JOIN accounts a "
                "ON a.id = s.account_id WHERE s.game_id = ?",
                (gid,),
            ).fetchall()
        return {str(r["side"]): _account(r) for r in rows}

    def account_games(self, account_id: str) -> list[tuple[StoredGame, list[str]]]:
        """Every game the account plays, most recently moved first, with its sides."""
        with self._read() as db:
            rows = db.execute(
                "SELECT g.*, s.side AS my_side FROM games g JOIN account_seats s "
                "ON s.game_id = g.id WHERE s.account_id = ? ORDER BY g.updated DESC, g.id, s.side",
                (account_id,),
            ).fetchall()
        out: dict[str, tuple[StoredGame, list[str]]] = {}
        for r in rows:
            if r["id"] not in out:
                out[r["id"]] = (_stored(r), [])
            out[r["id"]][1].append(str(r["my_side"]))
        return list(out.values())

    def held_games(self, account_id: str) -> set[str]:
        """The ids of the games the account plays."""
        with self._read() as db:
            rows = db.execute(
                "SELECT DISTINCT game_id FROM account_seats WHERE account_id = ?", (account_id,)
            ).fetchall()
        return {str(r["game_id"]) for r in rows}

    # -- a game's terms: rated, public, rematches ------------------------------------
    def set_terms(
        self, gid: str, *, rated: bool = False, public: bool = False, rematch_of: str | None = None
    ) -> None:
        with self._tx() as db:
            db.execute(
                "INSERT INTO game_terms (game_id, rated, public, rematch_of) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (game_id) DO UPDATE SET rated = excluded.rated, "
                "public = excluded.public, rematch_of = excluded.rematch_of",
                (gid, int(rated), int(public), rematch_of),
            )

    def terms(self, gid: str) -> GameTerms:
        """A game's terms (the defaults for a game stored without any: unrated, unlisted)."""
        with self._read() as db:
            row = db.execute("SELECT * FROM game_terms WHERE game_id = ?", (gid,)).fetchone()
        return GameTerms() if row is None else _terms(row)

    def public_games(self) -> set[str]:
        with self._read() as db:
            rows = db.execute("SELECT game_id FROM game_terms WHERE public = 1").fetchall()
        return {str(r["game_id"]) for r in rows}

    def set_rematch(self, gid: str, new_gid: str) -> str:
        """Record ``new_gid`` as the rematch of ``gid`` unless it has one already; returns
        the rematch that stands (of two players asking at once, the first one's)."""
        with self._tx() as db:
            db.execute(
                "INSERT INTO game_terms (game_id) VALUES (?) ON CONFLICT (game_id) DO NOTHING",
                (gid,),
            )
            db.execute(
                "UPDATE game_terms SET rematch = ? WHERE game_id = ? AND rematch IS NULL",
                (new_gid, gid),
            )
            row = db.execute("SELECT rematch FROM game_terms WHERE game_id = ?", (gid,)).fetchone()
        return str(row["rematch"])

    # -- ratings ------------------------------------------------------------------
    def settle(
        self,
        gid: str,
        rate: Callable[[dict[str, tuple[str, float]]], dict[str, dict[str, Any]]] | None,
        *,
        now: float | None = None,
        pair_limit: PairLimit | None = None,
    ) -> dict[str, dict[str, Any]] | None:
        """Rate a finished rated game, exactly once (of processes racing, one does it):
        ``rate`` is given side -> (account id, its rating) and answers side -> {"before",
        "after", "score"}; it is asked once with the ratings in this game, once with those
        over all games (``"*"``), both are updated and the change is kept with the game.
        ``rate`` None: the game counts for no rating (it is only marked settled).
        ``pair_limit``: the game counts for no rating either if the same accounts had that
        many rated games counted within the window before ``now`` (the accounts' rows
        locked while counting, so two games settled at once count one after the other);
        its note is kept as ``not_counted``. Returns the change, None if settled already,
        not rated or not counted."""
        at = time.time() if now is None else now
        note = None
        with self._tx() as db:
            row = db.execute(
                "SELECT rated, settled FROM game_terms WHERE game_id = ?" + self.FOR_UPDATE,
                (gid,),
            ).fetchone()
            if row is None or not row["rated"] or row["settled"]:
                return None
            game_row = db.execute("SELECT game FROM games WHERE id = ?", (gid,)).fetchone()
            seats = db.execute(
                "SELECT side, account_id FROM account_seats WHERE game_id = ?", (gid,)
            ).fetchall()
            change: dict[str, dict[str, Any]] = {}
            who = {str(s["side"]): str(s["account_id"]) for s in seats}
            pair = sorted(set(who.values()))
            if (
                rate is not None
                and pair_limit is not None
                and len(pair) == 2
                and self._pair_counted(db, pair, at - pair_limit.seconds) >= pair_limit.games
            ):
                rate, note = None, pair_limit.note
            if rate is not None and game_row is not None and seats:
                game = str(game_row["game"])
                mine = rate({side: (a, _rating(db, a, game)) for side, a in who.items()})
                overall = rate({side: (a, _rating(db, a, "*")) for side, a in who.items()})
                for side, account_id in who.items():
                    c, o = mine[side], overall[side]
                    _add_result(db, account_id, game, float(c["after"]), float(c["score"]))
                    _add_result(db, account_id, "*", float(o["after"]), float(o["score"]))
                    change[side] = {
                        **c,
                        "all_before": o["before"],
                        "all_after": o["after"],
                    }
            db.execute(
                "UPDATE game_terms SET settled = 1, rating_change = ?, settled_at = ?,"
                " not_counted = ? WHERE game_id = ?",
                (json.dumps(change) if change else None, at, note, gid),
            )
        return change or None

    def _pair_counted(self, db: Db, pair: list[str], since: float) -> int:
        """The rated games between the two accounts ``pair`` whose ratings were counted
        after ``since`` (their rows locked for the transaction)."""
        db.execute(
            "SELECT id FROM accounts WHERE id IN (?, ?) ORDER BY id" + self.FOR_UPDATE, pair
        ).fetchall()
        row = db.execute(
            "SELECT COUNT(*) AS n FROM game_terms t "
            "JOIN account_seats a ON a.game_id = t.game_id AND a.account_id = ? "
            "JOIN account_seats b ON b.game_id = t.game_id AND b.account_id = ? "
            "WHERE t.rating_change IS NOT NULL AND t.settled_at > ?",
            (pair[0], pair[1], since),
        ).fetchone()
        return int(row["n"])

    def end_game(self, gid: str, side: str, summary: dict[str, Any], at: float) -> bool:
        """``side`` resigned (its player's account was deleted): finish the game with
        ``summary``, stop its clock, in one transaction; only a game still played. Returns
        whether this call ended it."""
        with self._tx() as db:
            cur = db.execute(
                "UPDATE games SET status = 'finished', summary = ?, updated = ? "
                "WHERE id = ? AND status <> 'finished'",
                (json.dumps(summary), at, gid),
            )
            if cur.rowcount == 0:
                return False
            db.execute(
                "INSERT INTO game_terms (game_id, ended) VALUES (?, ?) "
                "ON CONFLICT (game_id) DO UPDATE SET ended = excluded.ended",
                (gid, side),
            )
            db.execute(
                "UPDATE clocks SET running = NULL, deadline = NULL, since = ?,"
                " version = version + 1 WHERE game_id = ? AND flagged IS NULL",
                (at, gid),
            )
            self._changed(db, gid)
            return True

    def ratings(self, account_id: str) -> dict[str, Rating]:
        """The account's ratings: game name (or ``"*"``, all games) -> its rating."""
        with self._read() as db:
            rows = db.execute(
                "SELECT * FROM ratings WHERE account_id = ?", (account_id,)
            ).fetchall()
        return {str(r["game"]): _rating_row(r) for r in rows}

    def players(self, game: str = "*", limit: int = 200) -> list[tuple[Account, Rating | None]]:
        """Accounts by their rating in ``game`` (``"*"``: all games), the rated first, then
        the others by name."""
        with self._read() as db:
            rows = db.execute(
                "SELECT a.id, a.name, a.created, r.rating, r.played, r.won, r.lost, r.drawn, "
                "r.game FROM accounts a LEFT JOIN ratings r ON r.account_id = a.id "
                "AND r.game = ? WHERE substr(a.name_key, 1, 8) <> 'deleted:' "
                "ORDER BY (r.rating IS NULL), r.rating DESC, a.name_key LIMIT ?",
                (game, limit),
            ).fetchall()
        return [(_account(r), None if r["rating"] is None else _rating_row(r)) for r in rows]

    # -- the lobby ----------------------------------------------------------------
    def add_challenge(self, challenge: Challenge) -> None:
        with self._tx() as db:
            db.execute(
                "INSERT INTO challenges (id, account_id, game, scenario, options, side, clock,"
                " rated, public, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    challenge.id,
                    challenge.account_id,
                    challenge.game,
                    challenge.scenario,
                    json.dumps(challenge.options),
                    challenge.side,
                    None if challenge.clock is None else json.dumps(challenge.clock),
                    int(challenge.rated),
                    int(challenge.public),
                    challenge.created,
                ),
            )

    def challenges(self, *, open_only: bool = True, limit: int = 200) -> list[Challenge]:
        """The challenges, newest first (only those still open, unless asked)."""
        sql = (
            "SELECT c.*, a.name AS account_name, b.name AS accepted_name FROM challenges c "
            "JOIN accounts a ON a.id = c.account_id "
            "LEFT JOIN accounts b ON b.id = c.accepted_by"
        )
        if open_only:
            sql += " WHERE c.game_id IS NULL"
        with self._read() as db:
            rows = db.execute(sql + " ORDER BY c.created DESC, c.id LIMIT ?", (limit,)).fetchall()
        return [_challenge(r) for r in rows]

    def account_challenges(self, account_id: str) -> list[Challenge]:
        """The account's own challenges, open or accepted, newest first."""
        with self._read() as db:
            rows = db.execute(
                "SELECT c.*, a.name AS account_name, b.name AS accepted_name FROM challenges c "
                "JOIN accounts a ON a.id = c.account_id "
                "LEFT JOIN accounts b ON b.id = c.accepted_by "
                "WHERE c.account_id = ? ORDER BY c.created DESC, c.id",
                (account_id,),
            ).fetchall()
        return [_challenge(r) for r in rows]

    def challenge(self, cid: str) -> Challenge | None:
        with self._read() as db:
            row = db.execute(
                "SELECT c.*, a.name AS account_name, b.name AS accepted_name FROM challenges c "
                "JOIN accounts a ON a.id = c.account_id "
                "LEFT JOIN accounts b ON b.id = c.accepted_by WHERE c.id = ?",
                (cid,),
            ).fetchone()
        return None if row is None else _challenge(row)

    def take_challenge(self, cid: str, account_id: str) -> bool:
        """Mark an open challenge accepted by the account (exactly one acceptor wins)."""
        with self._tx() as db:
            cur = db.execute(
                "UPDATE challenges SET accepted_by = ?, game_id = '' "
                "WHERE id = ? AND game_id IS NULL AND account_id <> ?",
                (account_id, cid, account_id),
            )
            return cur.rowcount > 0

    def challenge_game(self, cid: str, gid: str | None) -> None:
        """The game an accepted challenge became (None: its game could not be made, and the
        challenge is open again)."""
        with self._tx() as db:
            if gid is None:
                db.execute(
                    "UPDATE challenges SET game_id = NULL, accepted_by = NULL WHERE id = ?",
                    (cid,),
                )
            else:
                db.execute("UPDATE challenges SET game_id = ? WHERE id = ?", (gid, cid))

    def drop_challenge(self, cid: str, account_id: str) -> bool:
        """Withdraw the account's open challenge."""
        with self._tx() as db:
            cur = db.execute(
                "DELETE FROM challenges WHERE id = ? AND account_id = ? AND game_id IS NULL",
                (cid, account_id),
            )
            return cur.rowcount > 0

    # -- chat (server.chat) ------------------------------------------------------
    def add_chat(self, gid: str, side: str, body: str, at: float, most: int) -> dict[str, Any]:
        """Add a message to a game's chat (numbered in the transaction that adds it, the
        game's row locked); :class:`Conflict` once the game has ``most`` messages or is
        gone. Tells the other processes (as a change of the game)."""
        with self._tx() as db:
            if (
                db.execute("SELECT id FROM games WHERE id = ?" + self.FOR_UPDATE, (gid,)).fetchone()
                is None
            ):
                raise Conflict(f"game {gid} is gone")
            row = db.execute(
                "SELECT COALESCE(MAX(n), 0) AS n FROM chat WHERE game_id = ?", (gid,)
            ).fetchone()
            n = int(row["n"]) + 1
            if n > most:
                raise Conflict(f"this game's chat is full ({most} messages)")
            db.execute(
                "INSERT INTO chat (game_id, n, side, body, at) VALUES (?, ?, ?, ?, ?)",
                (gid, n, side, body, at),
            )
            self._changed(db, gid)
        return {"n": n, "side": side, "text": body, "at": at}

    def chat(self, gid: str, after: int = 0, most: int = 500) -> list[dict[str, Any]]:
        """A game's chat messages after the first ``after`` (at most ``most``), oldest
        first."""
        with self._read() as db:
            rows = db.execute(
                "SELECT n, side, body, at FROM chat WHERE game_id = ? AND n > ? ORDER BY n LIMIT ?",
                (gid, after, most),
            ).fetchall()
        return [{"n": r["n"], "side": r["side"], "text": r["body"], "at": r["at"]} for r in rows]

    # -- clocks (server.clocks) --------------------------------------------------
    def clock(self, gid: str) -> dict[str, Any] | None:
        """A game's clock row (None for a game without a clock)."""
        with self._read() as db:
            row = db.execute("SELECT * FROM clocks WHERE game_id = ?", (gid,)).fetchone()
        return None if row is None else _clock_row(row)

    def set_clock(self, gid: str, clock: dict[str, Any], version: int | None = None) -> bool:
        """Store a game's clock: a new one (``version`` None), or a change of the one at
        ``version`` (bumped), only if it is still at that version and no side has lost
        on time. Returns whether it stored it: of two processes changing the same clock
        exactly one does."""
        values = (
            json.dumps(clock["left"]),
            clock.get("running"),
            clock["since"],
            clock.get("deadline"),
        )
        with self._tx() as db:
            if version is None:
                cur = db.execute(
                    "INSERT INTO clocks (game_id, control, left_s, running, since, deadline)"
                    " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO NOTHING",
                    (gid, clock["control"], *values),
                )
            else:
                cur = db.execute(
                    "UPDATE clocks SET left_s = ?, running = ?, since = ?, deadline = ?,"
                    " version = version + 1 WHERE game_id = ? AND version = ?"
                    " AND flagged IS NULL",
                    (*values, gid, version),
                )
            return cur.rowcount > 0

    def flag(self, gid: str, side: str, version: int, summary: dict[str, Any], at: float) -> bool:
        """``side`` lost on time: mark its clock (only if still at ``version``, unflagged)
        and finish the game with ``summary``, in one transaction. Returns whether this
        call did it (exactly one of any number of racing callers, in any process)."""
        with self._tx() as db:
            cur = db.execute(
                "UPDATE clocks SET flagged = ?, running = NULL, deadline = NULL, since = ?,"
                " version = version + 1 WHERE game_id = ? AND version = ? AND flagged IS NULL",
                (side, at, gid, version),
            )
            if cur.rowcount == 0:
                return False
            db.execute(
                "UPDATE games SET status = 'finished', summary = ?, updated = ? WHERE id = ?",
                (json.dumps(summary), at, gid),
            )
            self._changed(db, gid)
            return True

    def due_clocks(self, now: float, most: int = 100) -> list[dict[str, Any]]:
        """The running clocks that have fallen by ``now`` and are not flagged yet."""
        with self._read() as db:
            rows = db.execute(
                "SELECT * FROM clocks WHERE flagged IS NULL AND deadline IS NOT NULL"
                " AND deadline <= ? ORDER BY deadline LIMIT ?",
                (now, most),
            ).fetchall()
        return [_clock_row(r) for r in rows]

    # -- where a player is told of their turn (server.notices) ------------------
    def notify_to(self, holder: str) -> dict[str, Any] | None:
        """Where ``holder`` (a seat, "seat:<game>:<side>", or an account) is told, and
        whether that is ``off`` for now."""
        with self._read() as db:
            row = db.execute(
                "SELECT webhook, secret, email, off FROM notify_to WHERE holder = ?", (holder,)
            ).fetchone()
        if row is None:
            return None
        return {**{k: row[k] for k in ("webhook", "secret", "email")}, "off": bool(row["off"])}

    def set_notify_to(self, holder: str, values: dict[str, Any]) -> None:
        """Set some of a holder's webhook, secret, email and off (the others as they
        were)."""
        keys = ("webhook", "secret", "email", "off")
        with self._tx() as db:
            row = db.execute(
                "SELECT webhook, secret, email, off FROM notify_to WHERE holder = ?"
                + self.FOR_UPDATE,
                (holder,),
            ).fetchone()
            old = {} if row is None else {k: row[k] for k in keys}
            new = {k: values.get(k, old.get(k)) for k in keys}
            db.execute(
                "INSERT INTO notify_to (holder, webhook, secret, email, off) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (holder) DO UPDATE SET webhook = excluded.webhook,"
                " secret = excluded.secret, email = excluded.email, off = excluded.off",
                (holder, new["webhook"], new["secret"], new["email"], int(bool(new["off"]))),
            )

    # -- the notifications' outbox (server.notices) ------------------------------
    def queue_notice(
        self,
        key: str,
        kind: str,
        target: str,
        line: dict[str, Any],
        due: float,
        *,
        secret: str | None = None,
        digest: bool = False,
    ) -> bool:
        """Queue a notice under ``key``, once: a second queueing of the same key (another
        process, the same event) adds nothing, unless ``digest``, when its line joins the
        notice (a digest still pending; one already claimed for sending - a process whose
        clock is behind the others' - gets a notice of its own for the line, sent at once).
        Returns whether a new notice was made."""
        text = json.dumps(line) + "\n"
        add = (
            "INSERT INTO notices (key, kind, target, secret, body, due) VALUES"
            " (?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING"
        )
        with self._tx() as db:
            cur = db.execute(add, (key, kind, target, secret, text, due))
            made = cur.rowcount > 0
            if not made and digest:
                cur = db.execute(
                    "UPDATE notices SET body = body || ? WHERE key = ? AND status = 'pending'",
                    (text, key),
                )
                if cur.rowcount == 0:  # that digest is on its way: this line goes after it
                    late = f"{key}:late:{hashlib.sha256(text.encode()).hexdigest()[:16]}"
                    cur = db.execute(add, (late, kind, target, secret, text, line.get("at", due)))
                    made = cur.rowcount > 0
            return made

    def claim_notices(self, now: float, stale: float, most: int = 20) -> list[dict[str, Any]]:
        """The notices due by ``now`` that this call claims for delivery (each claimed by
        exactly one caller, in any process; one claimed longer than ``stale`` seconds ago
        by a process that never finished is claimed again)."""
        when = "(status = 'pending' AND due <= ?) OR (status = 'sending' AND claimed < ?)"
        with self._read() as db:
            rows = db.execute(
                f"SELECT key FROM notices WHERE {when} ORDER BY due LIMIT ?",
                (now, now - stale, most),
            ).fetchall()
        won = []
        for r in rows:
            with self._tx() as db:
                cur = db.execute(
                    "UPDATE notices SET status = 'sending', claimed = ? WHERE key = ?"
                    f" AND ({when})",
                    (now, r["key"], now, now - stale),
                )
                if cur.rowcount > 0:
                    row = db.execute("SELECT * FROM notices WHERE key = ?", (r["key"],)).fetchone()
                    won.append(dict(row))
        return won

    def finish_notice(
        self, key: str, now: float, error: str | None = None, retry_at: float | None = None
    ) -> None:
        """Record a delivery: sent (no ``error``), to be tried again at ``retry_at``, or
        failed for good."""
        with self._tx() as db:
            if error is None:
                db.execute(
                    "UPDATE notices SET status = 'sent', sent = ?, tries = tries + 1,"
                    " error = NULL WHERE key = ?",
                    (now, key),
                )
            else:
                db.execute(
                    "UPDATE notices SET status = ?, due = ?, tries = tries + 1, error = ?"
                    " WHERE key = ?",
                    ("failed" if retry_at is None else "pending", retry_at or now, error, key),
                )

    def notices(self, like: str = "") -> list[dict[str, Any]]:
        """The notices whose key begins with ``like`` (for tests and the operator)."""
        with self._read() as db:
            rows = db.execute(
                "SELECT * FROM notices WHERE substr(key, 1, ?) = ? ORDER BY due, key",
                (len(like), like),
            ).fetchall()
        return [dict(r) for r in rows]


#: SQLite's ``synchronous`` setting for a file database (in WAL mode). NORMAL: a commit
#: is written to the write-ahead log and the operating system before it returns, and
#: synced to the disk at each checkpoint, not at each commit. So a step acknowledged is
#: never lost when the server process dies (a crash, ``kill -9``); only when the machine
#: itself stops at once (power lost, the kernel failing) may the last steps committed
#: since the last checkpoint be lost, and the database is never corrupted. FULL syncs every
#: commit (each step waits about 4 ms on this project's machine, its game's lock held):
#: ``Store(durable=True)``, or ``OSTFRONT_SQLITE_SYNC=FULL`` for ``ostfront serve``.
SYNCHRONOUS = "NORMAL"
#: The environment variable that names another ``synchronous`` setting (FULL, EXTRA).
SYNC_VARIABLE = "OSTFRONT_SQLITE_SYNC"


def sync_setting(durable: bool | None) -> str:
    """The ``synchronous`` setting: FULL when ``durable``, NORMAL when not, else
    ``$OSTFRONT_SQLITE_SYNC`` (NORMAL, FULL or EXTRA) or :data:`SYNCHRONOUS`."""
    if durable is not None:
        return "FULL" if durable else "NORMAL"
    named = os.environ.get(SYNC_VARIABLE, "").strip().upper()
    if named and named not in ("NORMAL", "FULL", "EXTRA"):
        raise DatabaseError(f"${SYNC_VARIABLE} must be NORMAL, FULL or EXTRA, not {named!r}")
    return named or SYNCHRONOUS


class Store(BaseStore):
    """The SQLite database. Safe to share between threads (one connection behind a lock).

    Any problem opening it (not SQLite, damaged, unwritable, or ``exclusive`` and held by
    another server) is a :class:`DatabaseError` naming the file. ``durable``: sync every
    commit to the disk (``synchronous = FULL``; default :data:`SYNCHRONOUS`, or
    ``$OSTFRONT_SQLITE_SYNC``)."""

    def __init__(
        self, path: str | Path, *, exclusive: bool = False, durable: bool | None = None
    ) -> None:
        sync = sync_setting(durable)
        self.path = Path(path)
        self.name = str(self.path)
        self._lock = threading.RLock()
        self._lockfile: Any = None
        memory = str(self.path) == ":memory:"
        try:
            if not memory:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                if exclusive:
                    self._hold_lock_file()
            self._db = sqlite3.connect(
                str(self.path if memory else self.real_path()),
                check_same_thread=False,
                isolation_level=None,
            )
            self._db.row_factory = sqlite3.Row
            with self._lock:
                self._db.execute("PRAGMA foreign_keys = ON")
                if not memory:
                    self._db.execute("PRAGMA journal_mode = WAL")
                    self._db.execute(f"PRAGMA synchronous = {sync}")
                self._db.executescript(SCHEMA)
                for table, column, kind in ADDED_COLUMNS:
                    have = {r["name"] for r in self._db.execute(f"PRAGMA table_info({table})")}
                    if column not in have:
                        self._db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
                self._db.execute("SELECT count(*) FROM games").fetchone()
                self._db.execute("SELECT count(*) FROM steps").fetchone()
        except sqlite3.Error as exc:
            self._release_lock_file()
            raise DatabaseError(
                f"the game database {self.path} cannot be used ({exc}); it may be damaged or "
                "not an Ostfront database: move it away or give another with --db"
            ) from None
        except OSError as exc:
            self._release_lock_file()
            raise DatabaseError(
                f"the game database {self.path} cannot be opened: {exc.strerror or exc}"
            ) from None

    def synchronous(self) -> int:
        """SQLite's ``synchronous`` setting in force (1: NORMAL, 2: FULL, 3: EXTRA)."""
        with self._lock:
            return int(self._db.execute("PRAGMA synchronous").fetchone()[0])

    def real_path(self) -> Path:
        """The file the database's name leads to, every symbolic link followed: a link
        is another name for the same database, so it shares the lock and the journal."""
        return Path(os.path.realpath(self.path))

    def _hold_lock_file(self) -> None:
        """Take ``<db>.lock`` beside the real file for as long as this store is open (one
        server a database, whatever name each is given)."""
        real = self.real_path()
        lock_path = real.with_name(real.name + ".lock")
        fh = open(lock_path, "a+")  # noqa: SIM115 - held open while the store lives
        try:
            import fcntl
        except ImportError:  # pragma: no cover - not POSIX: no lock, as before
            fh.close()
            return
        try:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            fh.seek(0)
            holder = fh.read().strip() or "unknown"
            fh.close()
            named = (
                f"{self.path}" if real == self.path.absolute() else f"{self.path} (that is, {real})"
            )
            raise DatabaseError(
                f"another Ostfront server (pid {holder}) is using the game database "
                f"{named}; stop it, or give this one another database with --db"
            ) from None
        fh.seek(0)
        fh.truncate()
        fh.write(str(os.getpid()))
        fh.flush()
        self._lockfile = fh

    def _release_lock_file(self) -> None:
        if self._lockfile is not None:
            with contextlib.suppress(OSError):
                self._lockfile.close()
            self._lockfile = None

    def close(self) -> None:
        with self._lock:
            self._db.close()
        self._release_lock_file()

    @contextmanager
    def _tx(self) -> Iterator[Db]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db  # type: ignore[misc]  # sqlite3 takes a narrower params type
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    @contextmanager
    def _read(self) -> Iterator[Db]:
        with self._lock:
            yield self._db  # type: ignore[misc]


def _stored(row: Any) -> StoredGame:
    seats = row["seats"]
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
        seats=None if seats is None else json.loads(seats),
    )


def _account(row: Any) -> Account:
    return Account(id=str(row["id"]), name=str(row["name"]), created=float(row["created"]))


def _terms(row: Any) -> GameTerms:
    change = row["rating_change"]
    return GameTerms(
        rated=bool(row["rated"]),
        public=bool(row["public"]),
        rematch_of=row["rematch_of"],
        rematch=row["rematch"],
        settled=bool(row["settled"]),
        rating_change=None if change is None else json.loads(change),
        settled_at=None if row["settled_at"] is None else float(row["settled_at"]),
        not_counted=row["not_counted"],
        ended=row["ended"],
    )


def _rating_row(row: Any) -> Rating:
    return Rating(
        rating=float(row["rating"]),
        played=int(row["played"]),
        won=int(row["won"]),
        lost=int(row["lost"]),
        drawn=int(row["drawn"]),
    )


def _rating(db: Db, account_id: str, game: str) -> float:
    row = db.execute(
        "SELECT rating FROM ratings WHERE account_id = ? AND game = ?", (account_id, game)
    ).fetchone()
    return START_RATING if row is None else float(row["rating"])


def _add_result(db: Db, account_id: str, game: str, rating: float, score: float) -> None:
    """One more rated result (score 1 won, 0 lost, 0.5 drawn) and the rating after it."""
    won, lost, drawn = int(score == 1.0), int(score == 0.0), int(score == 0.5)
    db.execute(
        "INSERT INTO ratings (account_id, game, rating, played, won, lost, drawn) "
        "VALUES (?, ?, ?, 1, ?, ?, ?) ON CONFLICT (account_id, game) DO UPDATE SET "
        "rating = excluded.rating, played = ratings.played + 1, won = ratings.won + "
        "excluded.won, lost = ratings.lost + excluded.lost, drawn = ratings.drawn + "
        "excluded.drawn",
        (account_id, game, rating, won, lost, drawn),
    )


def _challenge(row: Any) -> Challenge:
    clock = row["clock"]
    gid = row["game_id"]
    return Challenge(
        id=str(row["id"]),
        account_id=str(row["account_id"]),
        game=str(row["game"]),
        scenario=row["scenario"],
        options=json.loads(row["options"]),
        side=str(row["side"]),
        clock=None if clock is None else json.loads(clock),
        rated=bool(row["rated"]),
        public=bool(row["public"]),
        created=float(row["created"]),
        game_id=gid or None,
        accepted_by=row["accepted_by"],
        account_name=str(row["account_name"]),
        accepted_name=row["accepted_name"],
    )


def _clock_row(row: Any) -> dict[str, Any]:
    return {
        "game_id": row["game_id"],
        "control": row["control"],
        "left": json.loads(row["left_s"]),
        "running": row["running"],
        "since": row["since"],
        "deadline": row["deadline"],
        "version": row["version"],
        "flagged": row["flagged"],
    }
