"""Games in play: the :class:`Manager` keeps each stored game live as a
:class:`~.session.Session`, checks and saves every action, and runs computer players in the
background.

Every action goes through :meth:`Manager.act`: the caller must hold the seat of the side to
move (:mod:`ostfront.server.seats`, else :class:`~ostfront.server.seats.Forbidden`), the
client's sequence number must be the number of steps taken (else :class:`~.errors.Stale`),
the action must be legal (else :class:`~ostfront.core.errors.IllegalAction`), and only then
is it applied and saved — the step row and the new state together, so bad input never
changes a game.

**One game never holds another.** The engine memoises while it works, so one engine call
runs at a time in this process (:class:`~.fairlock.FairLock`, first come first served); a
replay (:mod:`.replay`) takes the lock one step at a time. Each game's steps are taken in
order under the game's own lock (:meth:`Manager.game_lock`), and the engine lock is held
only for the engine's work: the database storing a step, the clock and the notices run
without it, so another game's engine work goes on while one game waits for its database.
A game's lock is taken before the engine lock, never while holding it. Games nobody touched for
:data:`IDLE_SECONDS` are dropped from memory (the database keeps them), and at most
:data:`MAX_SESSIONS` are kept.

**Several processes, one set of games.** On PostgreSQL several server processes share the
games (:mod:`.store_pg`). The database is the truth: before a game is served, its session is
checked against the game's row (steps, players, seats; one read by key) and brought up to
date — the steps another process took replayed, checked against their hashes — and a step is
saved only if the game still has exactly the steps it was worked out on, so of two racing
posts exactly one wins (the other is :class:`~.errors.Stale`). Each process hears the others'
steps (``LISTEN``/``NOTIFY``) and tells the game pages open on it. A computer to move is
started by whichever process serves the game (so a game never waits on a process that
stopped); two may think about one decision, and the first to save it wins.

Computer players choose in separate processes (:mod:`.ai_pool`), so a slow AI never holds
the server; a worker that dies is replaced, one that takes longer than ``ai_timeout``
seconds is killed and replaced, and the game says so. Their choices come back through the
same :meth:`Manager.act` as a human's.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from typing import Any

from .. import games
from ..ai.players import levels_for
from ..core.errors import RecordError, UnknownGame
from ..core.protocol import Action, Game, State
from ..core.record import Record, new_record, state_hash
from . import accounts, seats
from .ai_pool import AiPool
from .clocks import pending_side
from .describe import step_meta
from .errors import BadRequest, InPlay, NotFound, NotYourTurn, Stale
from .fairlock import FairLock
from .online import Online
from .record_checks import MAX_DEPTH, MAX_IMPORT_STEPS, check_header, json_depth
from .replay import (
    CHECKPOINT_EVERY,
    SNAPSHOT_EVERY,
    Replayed,
    load_session,
    replay_steps,
    replay_whole,
)
from .seats import Forbidden
from .session import HUMAN, Session, game_status, summarize
from .store import BaseStore, Conflict
from .undo_chain import UndoChain

log = logging.getLogger(__name__)

__all__ = [
    "AI_TIMEOUT",
    "CHECKPOINT_EVERY",
    "IDLE_SECONDS",
    "MAX_IMPORT_STEPS",
    "MAX_SESSIONS",
    "SNAPSHOT_EVERY",
    "BadRequest",
    "Manager",
    "NotFound",
    "NotYourTurn",
    "Session",
    "Stale",
]

#: Seconds after which a game nobody looked at leaves memory (the database keeps it).
IDLE_SECONDS = 1800.0
#: The most games kept in memory at once. A live game costs well under 1 MB
#: (benchmarks/load_test.py); a game dropped is replayed from the database when next asked,
#: which costs a post far more than the game's memory, so the limit is well above the games
#: one process is meant to serve at once (issue 36: 100).
MAX_SESSIONS = 256
#: Seconds a computer player may think about one decision.
AI_TIMEOUT = 120.0
#: Seconds the runner waits before asking the computer again after its worker pool failed
#: (one wait a try; after the last, the game says so and waits for a player to restart it).
AI_RETRY_DELAYS = (1.0, 4.0, 15.0)


def _undo_points(session: Session, old: State, new: State, undone: bool) -> UndoChain | None:
    """The undo chain of ``new``, from that of ``old``: one more state kept after a step that
    may be undone, one fewer after an undo, none once the chain is cleared (a die rolled,
    the turn handed over); None when not known."""
    game = session.game
    depth = game.undo_depth(new)
    if not new.get("undo"):
        return UndoChain()
    points = UndoChain() if not old.get("undo") else session.undo_points
    if points is None:
        return None
    if undone:
        if len(points) != depth + 1:
            return None
        points.drop()
        return points
    if len(points) != game.undo_depth(old):
        return None
    points.push(old, new)
    return points


class Manager:
    """Every live game, the database behind them and the computer players."""

    def __init__(
        self,
        store: BaseStore,
        *,
        move_delay: float = 0.06,
        ai_budget: float | None = None,
        ai_executor: Executor | None = None,
        ai_timeout: float = AI_TIMEOUT,
        idle_seconds: float = IDLE_SECONDS,
        max_sessions: int = MAX_SESSIONS,
    ) -> None:
        self.store = store
        self.move_delay = move_delay
        self.ai_budget = ai_budget
        self.ai_timeout = ai_timeout
        self.idle_seconds = idle_seconds
        self.max_sessions = max_sessions
        #: The DR engine memoises while it works; one engine call at a time in this process.
        self.engine = FairLock()
        self._sessions: dict[str, Session] = {}
        self._loading: dict[str, threading.Lock] = {}
        self._loading_guard = threading.Lock()
        #: Each game's lock (its steps in order) and how many threads hold or want it.
        self._game_locks: dict[str, tuple[FairLock, list[int]]] = {}
        self._game_locks_guard = threading.Lock()
        #: The worker processes computer players think in.
        self.ai_pool = AiPool(ai_executor)
        self._listeners: dict[str, set[Callable[[dict[str, Any]], None]]] = {}
        #: games whose end outside their rules (resigned) this process's pages were told
        self._told_over: set[str] = set()
        self._closed = False
        self._key: bytes | None = None
        #: Invite games some seats asked to delete: game id -> the sides that agreed.
        self._delete_agreed: dict[str, set[str]] = {}
        self._delete_guard = threading.Lock()
        #: Waits between tries when the computer's worker pool fails (see AI_RETRY_DELAYS).
        self.ai_retry_delays: tuple[float, ...] = AI_RETRY_DELAYS
        #: Clocks, chat and notices (:mod:`.online`), when the app has them.
        self.online: Online | None = None
        store.listen(self._changed_elsewhere)

    # -- lifecycle -------------------------------------------------------------
    def close(self) -> None:
        """Stop the computer players and their worker processes (none is left behind)."""
        self._closed = True
        self.ai_pool.close()
        for s in list(self._sessions.values()):
            runner = s.runner
            if runner is not None:
                runner.join(timeout=5)

    def key(self) -> bytes:
        if self._key is None:
            self._key = self.store.secret()
        return self._key

    # -- listeners (the WebSocket side) ------------------------------------------
    def subscribe(self, gid: str, callback: Callable[[dict[str, Any]], None]) -> None:
        self._listeners.setdefault(gid, set()).add(callback)

    def unsubscribe(self, gid: str, callback: Callable[[dict[str, Any]], None]) -> None:
        self._listeners.get(gid, set()).discard(callback)
        if not self._listeners.get(gid, True):
            self._listeners.pop(gid, None)

    def notify(self, session: Session, *, over: bool = False) -> None:
        """Tell this process's open pages of the game that it changed (``over``: it just
        ended outside its rules, e.g. resigned, with no step to show it)."""
        msg: dict[str, Any] = {
            "seq": session.seq,
            "thinking": session.thinking,
            "progress": session.progress(),
            "active": session.game.active_side(session.state),
            "ai_error": session.ai_error,
        }
        if over:
            msg["over"] = True
        for cb in list(self._listeners.get(session.id, ())):
            with contextlib.suppress(Exception):
                cb(msg)

    def _changed_elsewhere(self, gid: str | None) -> None:
        """Another process changed game ``gid`` (None: maybe any): bring the open games up
        to date and tell their pages."""
        for g in [gid] if gid is not None else list(self._listeners):
            session = self._sessions.get(g)
            if session is None or not self._listeners.get(g):
                continue
            with contextlib.suppress(NotFound):  # deleted: the pages hear it when they ask
                self._sync(session)
            self.notify(session, over=self._ended_elsewhere(g))

    def _ended_elsewhere(self, gid: str) -> bool:
        """Whether another process ended game ``gid`` outside its rules (a player resigned)
        and this process's pages have not been told yet: told once, as the process that
        ended it tells its own (:meth:`delete_account`)."""
        if gid in self._told_over or not self.store.terms(gid).ended:
            return False
        self._told_over.add(gid)
        return True

    # -- each game in turn -----------------------------------------------------------
    @contextlib.contextmanager
    def game_lock(self, gid: str) -> Iterator[None]:
        """Game ``gid``'s steps one at a time in this process (re-entrant), in the order the
        posts asked (a :class:`FairLock`): whoever checks, stores and keeps a step, or
        brings the game up to the database, holds it, and other games are not held. Never
        taken while holding the engine lock (the engine lock is taken under it), so the two
        cannot wait for each other."""
        if self.engine.held():
            raise RuntimeError("a game's lock is taken before the engine lock, not under it")
        with self._game_locks_guard:
            entry = self._game_locks.get(gid)
            if entry is None:
                entry = self._game_locks[gid] = (FairLock(), [0])
            entry[1][0] += 1
        try:
            with entry[0]:
                yield
        finally:
            with self._game_locks_guard:
                entry[1][0] -= 1
                if entry[1][0] == 0:
                    del self._game_locks[gid]

    # -- keeping up with the database ----------------------------------------------
    def _sync(self, session: Session) -> None:
        """Bring ``session`` up to the stored game: the players and seats as stored, the
        steps another process took replayed (checked against their hashes). A game that is
        gone is :class:`NotFound`; one whose record no longer extends this one is read
        again. (One read of the game's row by its key: cheap on SQLite too, where a second
        process on the file is not expected but would not be served stale.)"""
        head = self.store.head(session.id)
        if head is not None and head[0] == session.seq:
            session.players, session.seats = head[1], head[2]
            return
        with self.game_lock(session.id):  # an act of this process may be saving a step
            head = self.store.head(session.id)
            if head is None:
                self.forget(session.id)
                raise NotFound(f"no game {session.id!r}")
            steps, session.players, session.seats = head
            if steps == session.seq:
                return
            rows = self.store.steps_with_meta(session.id, after=session.seq)
            if steps < session.seq or len(rows) != steps - session.seq:
                self._reload(session)
                return
            base = session.seq
            r = replay_steps(session.game, session.state, rows, self.engine, first=base + 1)
            with self.engine:  # the game's views see the steps kept all at once
                for row in rows:
                    session.record.steps.append({"action": row["action"], "hash": row["hash"]})
                session.meta.extend(r.meta)
                session.checkpoints.update(r.checkpoints)
                session.state = r.state
                session.undo_points = None

    def _reload(self, session: Session) -> None:
        """Read a game again whole into the same session object (its listeners keep it)."""
        fresh = self._load(session.id)
        with self.engine:
            session.header, session.players = fresh.header, fresh.players
            session.seats = fresh.seats
            session.record, session.state = fresh.record, fresh.state
            session.meta, session.checkpoints = fresh.meta, fresh.checkpoints
            session.undo_points = None

    # -- games -------------------------------------------------------------------
    def check_players(self, game: Game, players: dict[str, Any]) -> dict[str, str]:
        out = {}
        offered = levels_for(game)  # only the computer players that know the game
        for side in game.sides:
            who = str(players.get(side, HUMAN) or HUMAN)
            if who != HUMAN and who not in offered:
                raise BadRequest(
                    f"no player level {who!r} for {side} in {game.title} "
                    f"(human, {', '.join(offered)})"
                )
            out[side] = who
        extra = set(players) - set(game.sides)
        if extra:
            raise BadRequest(
                f"{game.title} has no side {sorted(extra)[0]!r} (sides: {', '.join(game.sides)})"
            )
        return out

    def create(
        self,
        game_name: str,
        scenario: str | None,
        options: dict[str, Any],
        seed: int | None,
        players: dict[str, Any],
        mode: str = seats.HOTSEAT,
        position: dict[str, Any] | None = None,
    ) -> tuple[Session, dict[str, str]]:
        """A new game (from ``position``, a custom position, when given); returns it and its
        seat tokens (side -> token)."""
        game = games.get(game_name)
        who = self.check_players(game, players)
        if mode not in seats.MODES:
            raise BadRequest(f"seats must be {' or '.join(seats.MODES)}, not {mode!r}")
        if mode == seats.INVITE and seed is not None:
            raise BadRequest(seats.CHOSEN_SEED)
        with self.engine:
            state = game.setup(
                scenario,
                options,
                seats.fresh_seed() if seed is None else seed,
                position=position,
            )
            record = new_record(game, state, position=position)
        tokens, hashes = seats.new_seats(game.sides, mode)
        gid = self.store.create(
            game.name, record.header, who, summary={}, seats=hashes, snapshots={0: state}
        )
        session = Session(gid, game, record.header, who, record, state, seats=hashes)
        session.checkpoints[0] = state
        with self.engine:
            self._write_summary(session)
        self._remember(session)
        self.kick(session)
        return session, tokens

    def import_record(
        self, data: Any, players: dict[str, Any], mode: str = seats.HOTSEAT
    ) -> tuple[Session, dict[str, str], int]:
        """A game from a record file; returns it, its seat tokens and how many steps carried
        a hash that was checked (the others could only be checked for legality)."""
        if json_depth(data) > MAX_DEPTH:
            raise RecordError(f"the imported record nests deeper than {MAX_DEPTH} levels")
        record = Record.from_json(data, source="the imported record")
        if len(record.steps) > MAX_IMPORT_STEPS:
            raise RecordError(
                f"the imported record has {len(record.steps)} steps; at most "
                f"{MAX_IMPORT_STEPS} are accepted"
            )
        try:
            game = games.get(record.header["game"])
        except UnknownGame as exc:
            raise RecordError(f"the imported record is for another game: {exc}") from None
        who = self.check_players(game, players)
        if mode not in seats.MODES:
            raise BadRequest(f"seats must be {' or '.join(seats.MODES)}, not {mode!r}")
        with self.engine:
            header = check_header(game, record.header)
        sealed = header.pop("sealed_seed", None)
        if header.get("seed") is not None:
            if mode == seats.INVITE:  # the importer chose (or knows) the seed
                raise BadRequest(f"{seats.CHOSEN_SEED} (the record's header.seed is in the clear)")
            sealed = None
        elif sealed is None:
            raise RecordError("header.seed: the record has no seed")
        else:
            header["seed"] = seats.unseal(str(sealed), self.key())
        record = Record(header=header, steps=record.steps)
        replayed = replay_whole(game, record, self.engine)
        if sealed is not None:  # a game in play here, exported: never a second one like it
            record, replayed = self._fork(game, record, replayed, mode)
        if not game.playable:
            raise RecordError(f"{game.title}: the rules engine is not written yet")
        tokens, hashes = seats.new_seats(game.sides, mode)
        gid = self.store.create(
            game.name,
            record.header,
            who,
            record.steps,
            seats=hashes,
            meta=replayed.meta,
            snapshots={**replayed.snapshots, len(record.steps): replayed.state},
        )
        session = Session(
            gid,
            game,
            record.header,
            who,
            record,
            replayed.state,
            replayed.meta,
            replayed.checkpoints,
            seats=hashes,
        )
        with self.engine:
            self._write_summary(session)
        self._remember(session)
        self.kick(session)
        return session, tokens, replayed.hashes_checked

    def _fork(
        self, game: Game, record: Record, replayed: Replayed, mode: str
    ) -> tuple[Record, Replayed]:
        """The copy of a game exported in play (its seed sealed): with no die rolled yet, the
        same steps on a fresh seed of its own; with dice rolled, refused while a game with
        that seed is in play here (the copy would show its coming dice), and never for
        invited players (whoever exported it may since have seen the seed)."""
        seed = record.header["seed"]
        if seats.dice_drawn(replayed.state) == 0:
            header = {**record.header, "seed": seats.fresh_seed()}
            steps = [{"action": s["action"]} for s in record.steps]
            header.pop("initial_hash", None)
            again = replay_whole(game, Record(header=header, steps=steps), self.engine)
            if seats.dice_drawn(again.state) != 0:  # never: the same steps, no die
                raise RecordError("the record rolls dice on a fresh seed; it cannot be copied")
            header["initial_hash"] = state_hash(again.snapshots[0])
            again.hashes_checked = replayed.hashes_checked
            return Record(header=header, steps=steps), again
        if mode == seats.INVITE:
            raise BadRequest(
                f"{seats.CHOSEN_SEED}: this record of a game in play has rolled dice, and "
                "whoever exported it may know its seed by now (import it as a hotseat game)"
            )
        live = [
            g.id
            for g in self.store.all()
            if g.status != "finished" and seats.same_dice(g.header.get("seed"), seed)
        ]
        if live:
            raise InPlay(
                f"this record is a copy of game {live[0]}, still in play here, and dice have "
                "been rolled in it: a second game with the same seed would show what that "
                "game will roll next. Import it once that game is finished (or deleted), or "
                "export the finished game"
            )
        return record, replayed

    def _write_summary(self, session: Session) -> None:
        self.store.set_summary(session.id, session.summary(), session.status())

    def _remember(self, session: Session) -> None:
        self._sessions[session.id] = session
        self._evict()

    def _evict(self) -> None:
        """Drop games idle too long, and the least recently used beyond the limit."""
        now = time.monotonic()
        idle = [
            s
            for s in list(self._sessions.values())
            if not s.thinking and not self._listeners.get(s.id)
        ]
        idle.sort(key=lambda s: s.last_used)
        excess = len(self._sessions) - self.max_sessions
        for s in idle:
            if now - s.last_used > self.idle_seconds or excess > 0:
                self._sessions.pop(s.id, None)
                excess -= 1

    def loaded(self, gid: str) -> bool:
        """Whether the game is in memory now (for tests of eviction)."""
        return gid in self._sessions

    def get(self, gid: str) -> Session:
        session = self._sessions.get(gid)
        if session is None:
            with self._loading_guard:
                lock = self._loading.setdefault(gid, threading.Lock())
            with lock:
                session = self._sessions.get(gid)
                if session is None:
                    session = self._load(gid)
                    self._remember(session)
            with self._loading_guard:
                self._loading.pop(gid, None)
            self.kick(session)
        else:
            self._sync(session)
            if self.store.shared and session.ai_error is None:
                # the process whose computer was thinking may have stopped: think here
                self.kick(session)
        session.last_used = time.monotonic()
        self._evict()
        return session

    def _load(self, gid: str) -> Session:
        return load_session(self.store, gid, self.engine)

    def forget(self, gid: str) -> None:
        """Drop a game from memory (it is read again from the database when next asked)."""
        self._sessions.pop(gid, None)

    def sides(self, session: Session, token: str | None, account: str | None = None) -> set[str]:
        """The sides a caller holds: those of its seat token, and those kept with its
        account (:mod:`.accounts`)."""
        mine = session.held(token)
        if account is not None:
            mine |= self.store.account_sides(session.id, account)
        return mine

    def delete(self, gid: str, token: str | None, account: str | None = None) -> list[str]:
        """Delete a game for the holder of a seat; returns the sides still to agree (then the
        game stays). A token that holds every side (a hotseat game) deletes at once; so does
        one seat of an invite game before its first step. Once an invite game has begun it
        is both players' record, finished or not: it goes only when every seat has asked
        (the agreements are kept in memory until the game goes or the server stops)."""
        session = self.get(gid)
        mine = self.sides(session, token, account)
        if not mine:
            raise Forbidden("only a player of this game may delete it (no seat token given)")
        sides = set(session.game.sides)
        if mine != sides and session.seq > 0:
            with self._delete_guard:
                agreed = self._delete_agreed.setdefault(gid, set())
                agreed |= mine
                waiting = sorted(sides - agreed)
            if waiting:
                return waiting
        if not self.store.delete(gid):
            raise NotFound(f"no game {gid!r}")
        self._sessions.pop(gid, None)
        with self._delete_guard:
            self._delete_agreed.pop(gid, None)
        return []

    def claim(self, gid: str) -> dict[str, str]:
        """Seats for a game stored before games had seats (once; hotseat)."""
        session = self.get(gid)
        tokens, hashes = seats.new_seats(session.game.sides, seats.HOTSEAT)
        if session.seats is not None or not self.store.set_seats(gid, hashes, only_if_unset=True):
            raise Forbidden("this game's seats are already taken")
        session.seats = hashes
        return tokens

    def take_seat(self, gid: str, token: str | None) -> dict[str, str]:
        """An invite link opened: a fresh token for the sides ``token`` holds, which stops
        working (so whoever passed the link on, or read it on the way, cannot act with it).
        A token that holds every side (a hotseat game) stays as it is."""
        session = self.get(gid)
        mine = session.held(token)
        if not mine or token is None:
            raise Forbidden(
                "this invite link's seat has been taken already (its link was opened "
                "elsewhere) or is not one of this game's"
            )
        if mine == set(session.game.sides):
            return dict.fromkeys(session.game.sides, token)
        fresh = seats.new_token()
        taken = self.store.replace_seat(gid, seats.token_hash(token), seats.token_hash(fresh))
        if not taken:
            raise Forbidden("this invite link's seat has just been taken elsewhere")
        session.seats = {**(session.seats or {}), **dict.fromkeys(taken, seats.token_hash(fresh))}
        return dict.fromkeys(taken, fresh)

    def set_players(
        self, gid: str, players: dict[str, Any], token: str | None, account: str | None = None
    ) -> Session:
        """Change who plays each side; only the sides the caller holds may change, and a
        rated game stays between humans."""
        session = self.get(gid)
        who = self.check_players(session.game, players)
        changed = {s for s in who if who[s] != session.players.get(s)}
        mine = self.sides(session, token, account)
        if any(who[s] != HUMAN for s in changed) and self.store.terms(gid).rated:
            raise BadRequest("a rated game is played by humans only: no side goes to the computer")
        foreign = sorted(changed - mine)
        if foreign:
            raise Forbidden(
                f"you do not hold the {foreign[0]} seat, so you cannot change who plays it"
            )
        before = pending_side(session)
        self.store.set_players(gid, who)
        session.players = who
        self._moved(session, before)
        self.notify(session)
        self.kick(session)
        return session

    # -- acting --------------------------------------------------------------------
    def act(
        self,
        gid: str,
        text: str,
        seq: int | None,
        *,
        by_computer: bool = False,
        token: str | None = None,
        account: str | None = None,
    ) -> Session:
        """Apply one action for whoever is to move, after checking the caller holds that
        side's seat and the action is current and legal.

        The game's lock is held throughout (its steps in order: of two posts on the same
        step, the second is :class:`~.errors.Stale`); the engine lock only while the engine
        works out the step and while the session keeps it, not while the database stores
        it nor while the clock and the notices are seen to."""
        with self.game_lock(gid):
            session = self.get(gid)
            self._step(session, text, seq, by_computer, token, account)
        if not by_computer:
            self.kick(session)
        return session

    def _step(
        self,
        session: Session,
        text: str,
        seq: int | None,
        by_computer: bool,
        token: str | None,
        account: str | None,
    ) -> None:
        """:meth:`act`'s work, the game's lock held."""
        gid = session.id
        game = session.game
        state = session.state
        side = game.active_side(state)  # a read of the state (no memo): no engine lock
        if not by_computer and side is not None and side not in self.sides(session, token, account):
            raise Forbidden(
                f"{side} is to move and you do not hold the {side} seat "
                "(open the game from your invite link)"
            )
        if seq is None or seq != session.seq:
            raise Stale(
                f"this game has moved on: you acted on step {seq}, it is at step "
                f"{session.seq}; reload to see the current position",
                session.seq,
            )
        if by_computer and session.computer_to_move() is None:
            raise Stale("a human plays this side now", session.seq)
        if not by_computer and session.computer_to_move() is not None:
            raise NotYourTurn(f"the computer plays {side} and is to move now")
        if self.online is not None:
            self.online.before_act(session)  # TimeUp once a side lost on time
        before = pending_side(session)
        with self.engine:
            act = game.find_action(state, text)  # IllegalAction: nothing changes
            note = step_meta(game, state, act)
            new = self._apply(session, state, act)
            digest = state_hash(new)
            summary = summarize(game, new)
            status = game_status(game, new)
        n = session.seq + 1
        try:  # the database's round trips without the engine lock: other games go on
            self.store.append(
                gid,
                n,
                act.text,
                digest,
                summary,
                status,
                meta=note,
                snapshot=new if n % SNAPSHOT_EVERY == 0 else None,
            )
        except Conflict as exc:  # another process wrote it: caught up when next asked
            raise Stale(
                f"this game was changed elsewhere ({exc}); reload to see it", session.seq
            ) from None
        points = _undo_points(session, state, new, act.verb == "undo")
        with self.engine.resuming():  # the game's views see the step kept all at once
            session.record.steps.append({"action": act.text, "hash": digest})
            session.meta.append(note)
            session.state = new
            session.undo_points = points
            if n % CHECKPOINT_EVERY == 0:
                session.checkpoints[n] = new
        self._moved(session, before)
        self.notify(session)
        if session.finished:
            self.settle(gid)

    # -- ratings and rematches -------------------------------------------------------
    def settle(self, gid: str) -> dict[str, dict[str, Any]] | None:
        """Count a finished rated game for its players' Elo ratings, once (whichever
        process asks first). It counts only between two accounts, one a side, both
        human, and only while the two have had fewer than :data:`.accounts.PAIR_LIMIT`
        games counted lately; else it is settled with no change. Returns the change, if
        made now."""
        terms = self.store.terms(gid)
        stored = self.store.get(gid) if terms.rated and not terms.settled else None
        if stored is None or stored.status != "finished":
            return None
        winner = (stored.summary.get("result") or {}).get("winner")
        who = self.store.seat_accounts(gid)
        two = (
            len(stored.players) == 2
            and set(who) == set(stored.players)
            and len({a.id for a in who.values()}) == 2
            and all(p == HUMAN for p in stored.players.values())
        )
        return self.store.settle(
            gid,
            (lambda r: accounts.elo(r, winner)) if two else None,
            now=self.online.now() if self.online is not None else time.time(),
            pair_limit=accounts.PAIR_LIMIT,
        )

    def rematch(
        self, gid: str, token: str | None, account: str | None = None
    ) -> tuple[Session, dict[str, str]]:
        """The rematch of a finished game, sides swapped: made by the first player to ask
        (the same game, scenario, options and seats; a fresh seed; who played each side,
        human or computer, and each account, plays the other), joined by the others.
        Returns it and fresh seat tokens for the sides the caller's token held, swapped
        (a player by account needs none)."""
        session = self.get(gid)
        mine = self.sides(session, token, account)
        if not mine:
            raise Forbidden("only a player of this game may ask for a rematch")
        if not self.over(session):
            raise BadRequest("a rematch follows a finished game: this one is still played")
        sides = list(session.game.sides)
        if len(sides) != 2:
            raise BadRequest("a rematch swaps two sides")
        if any(a.deleted for a in self.store.seat_accounts(gid).values()):
            raise BadRequest("no rematch: a player of this game has deleted their account")
        swap = {sides[0]: sides[1], sides[1]: sides[0]}
        by_token = session.held(token)
        terms = self.store.terms(gid)
        tokens: dict[str, str] = {}
        new_id = terms.rematch
        if new_id is None:
            mode = seats.INVITE if len(set((session.seats or {}).values())) > 1 else seats.HOTSEAT
            fresh, made = self.create(
                session.game.name,
                session.header.get("scenario"),
                dict(session.header.get("options") or {}),
                None,
                {swap[s]: who for s, who in session.players.items()},
                mode,
                position=session.header.get("position"),
            )
            new_id = self.store.set_rematch(gid, fresh.id)
            if new_id != fresh.id:  # another player's rematch was made first
                self.store.delete(fresh.id)
                self._sessions.pop(fresh.id, None)
            else:
                self.store.set_terms(new_id, rated=terms.rated, public=terms.public, rematch_of=gid)
                for side, acc in self.store.seat_accounts(gid).items():
                    self.store.link_seats(new_id, [swap[side]], acc.id)
                clock = self.store.clock(gid)
                if self.online is not None and clock is not None:
                    self.online.start_clock(fresh, clock["control"])
                tokens = {swap[s]: made[swap[s]] for s in by_token}
        new = self.get(new_id)
        if by_token and not tokens:  # joining a rematch made: fresh tokens for the swap
            tokens = self.reseat(new, sorted(swap[s] for s in by_token))
        if account is not None and by_token:
            self.store.link_seats(new_id, sorted(swap[s] for s in by_token), account)
        return new, tokens

    def delete_account(self, account_id: str) -> tuple[list[str], list[str]]:
        """Delete an account (:meth:`.store.BaseStore.delete_account`), after its games in
        play: where it plays one side of two against a human (by account or by seat
        token), that side resigns and the opponent wins (a rated game is counted); in any
        other game in play (hotseat, against the computer) its seats are only released,
        so a seat token still plays them. Returns (resigned, released) game ids."""
        resigned: list[str] = []
        released: list[str] = []
        for stored, sides in self.store.account_games(account_id):
            if stored.status == "finished":
                continue
            try:
                session = self.get(stored.id)
            except NotFound:
                continue
            if self.over(session):
                continue
            others = [s for s in session.game.sides if s not in sides]
            against_human = (
                len(sides) == 1 and len(others) == 1 and session.players.get(others[0]) == HUMAN
            )
            if (
                against_human
                and self.online is not None
                and self.online.resign(stored.id, sides[0])
            ):
                resigned.append(stored.id)
                self.settle(stored.id)
                self._told_over.add(stored.id)
                self.notify(session, over=True)
            else:
                released.append(stored.id)
        self.store.delete_account(account_id)
        return resigned, released

    def over(self, session: Session) -> bool:
        """Whether the game is over: finished by its rules, lost on time, or resigned."""
        if session.finished:
            return True
        clock = self.store.clock(session.id)
        if clock is not None and clock.get("flagged"):
            return True
        return bool(self.store.terms(session.id).ended)

    def reseat(self, session: Session, sides: list[str]) -> dict[str, str]:
        """A fresh token for ``sides`` (one for them all); an earlier token for them stops
        working."""
        fresh = seats.new_token()
        digest = seats.token_hash(fresh)
        session.seats = self.store.set_seat_hashes(session.id, dict.fromkeys(sides, digest))
        return dict.fromkeys(sides, fresh)

    def _moved(self, session: Session, before: str | None) -> None:
        """The clock passed on and the player told (:meth:`.Online.after_move`); the step
        is saved whatever happens here."""
        if self.online is not None:
            try:
                self.online.after_move(session, before)
            except Exception:
                log.exception("game %s: the clock or notices failed after a step", session.id)

    @staticmethod
    def _apply(session: Session, state: State, act: Action) -> State:
        """The state after ``act``; an undo from the state the session kept, when it kept
        the undo chain's (no replay of the chain), else by the engine."""
        game = session.game
        if act.verb == "undo":  # the engine's own undo (core.protocol)
            k = game.undo_depth(state)
            points = session.undo_points
            if points is not None and len(points) == k and k >= 1:
                before = points.before(state)
                if (before.get("undo") or []) == (state["undo"][:k] if k > 1 else []):
                    return game.undo_from(state, before)
        return game.apply(state, act)

    def state_at(self, gid: str, step: int) -> State:
        """The position after ``step`` actions (0: the set-up), for replay viewing."""
        session = self.get(gid)
        if step < 0 or step > session.seq:
            raise BadRequest(f"step {step} is not in this game (0 to {session.seq})")
        if step == session.seq:
            return session.state
        base = max((k for k in list(session.checkpoints) if k <= step), default=None)
        snap = self.store.snapshot(gid, step)
        if snap is not None and (base is None or snap[0] > base):
            base = snap[0]
            session.checkpoints[base] = snap[1]
        if base is None:
            raise BadRequest(f"step {step} cannot be shown: no stored state before it")
        state = session.checkpoints[base]
        for s in session.record.steps[base:step]:
            with self.engine:
                state = session.game.apply(state, s["action"])
        return state

    # -- the computer ----------------------------------------------------------------
    def kick(self, session: Session) -> None:
        """Start the computer's background runner if a computer is to move."""
        if self._closed or session.computer_to_move() is None:
            return
        if session.runner is not None and session.runner.is_alive():
            return
        session.thinking = True
        session.thinking_from = session.seq
        session.thinking_since = time.time()
        session.ai_error = None
        t = threading.Thread(
            target=self._run_computer, args=(session,), name=f"ai-{session.id}", daemon=True
        )
        session.runner = t
        t.start()
        self.notify(session)

    def _choose(self, session: Session, side: str, level: str, state: State) -> str | None:
        """The computer's choice, from a worker process (None once the server closes)."""
        seed = int(session.header.get("seed") or 0) + session.game.sides.index(side) + 1
        return self.ai_pool.choose(
            session.game.name,
            f"{session.id}:{side}:{level}",
            level,
            seed,
            self.ai_budget,
            state,
            self.ai_timeout,
        )

    def _choose_retrying(self, session: Session, side: str, level: str, state: State) -> str | None:
        """:meth:`_choose`, asked again after each of :attr:`ai_retry_delays` when the worker
        pool fails (a pool that died twice in a row, a machine short of processes); the game
        says it is retrying. A decision that took too long is not asked again."""
        for delay in (*self.ai_retry_delays, None):
            try:
                return self._choose(session, side, level, state)
            except TimeoutError:
                raise
            except Exception as exc:
                if delay is None or self._closed:
                    raise
                session.ai_error = (
                    f"the computer player failed ({exc or type(exc).__name__}); "
                    f"trying again in {delay:g} s"
                )
                self.notify(session)
                end = time.monotonic() + delay
                while not self._closed and time.monotonic() < end:
                    time.sleep(min(0.05, max(0.0, end - time.monotonic())))
                if self._closed:
                    return None
                session.ai_error = None
        return None  # pragma: no cover

    def _run_computer(self, session: Session) -> None:
        try:
            while not self._closed and session.id in self._sessions:
                with self.game_lock(session.id):  # a step is kept whole under it
                    level = session.computer_to_move()
                    if level is None:
                        break
                    side = session.game.active_side(session.state)
                    seq = session.seq
                    state = session.state
                assert side is not None
                text = self._choose_retrying(session, side, level, state)
                if text is None:
                    break
                try:
                    self.act(session.id, text, seq, by_computer=True)
                except Stale:
                    continue  # someone else moved first: think again about the new position
                if self.move_delay:
                    time.sleep(self.move_delay)
        except Exception as exc:  # the AI failed: say so, never take the server down
            session.ai_error = (
                f"the computer player failed: {exc or type(exc).__name__} (set the players "
                "again to restart it)"
            )
        finally:
            session.thinking = False
            session.runner = None
            if not self._closed:
                self.notify(session)
