"""Games in play: each stored record loaded into a live state, actions checked and saved,
computer players run in the background.

The record in the database is the truth. A :class:`Session` is its replay: the current
state, the per-step notes the log shows (phase, rule) and checkpoints for replay viewing.
Every action goes through :meth:`Manager.act`: the caller must hold the seat of the side to
move (:mod:`ostfront.server.seats`, else :class:`~ostfront.server.seats.Forbidden`), the
client's sequence number must be the number of steps taken (else :class:`Stale`), the action
must be legal (else :class:`~ostfront.core.errors.IllegalAction`), and only then is it
applied and saved — the step row and the new state together, so bad input never changes a
game.

**One game never holds another.** The engine memoises while it works, so one engine call
runs at a time in this process (:class:`FairLock`, first come first served); but a replay
takes the lock one step at a time, so a long import or a cold load interleaves with other
games' moves instead of stalling them. Every :data:`SNAPSHOT_EVERY` steps the state is
stored, so loading a game replays at most that many steps; reading and decoding happen
outside the lock. Games nobody touched for :data:`IDLE_SECONDS` are dropped from memory
(the database keeps them), and at most :data:`MAX_SESSIONS` are kept.

Computer players choose in a separate process (:mod:`ostfront.server.ai_worker`), so a slow
AI never holds the server; a worker that dies is replaced, one that takes longer than
``ai_timeout`` seconds is killed and replaced, and the game says so. Their choices come back
through the same :meth:`Manager.act` as a human's.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from .. import games
from ..ai.players import levels_for
from ..core.errors import IllegalAction, OstfrontError, RecordError, UnknownGame
from ..core.position import position_from_dict
from ..core.protocol import Game, State
from ..core.record import Record, new_record, state_hash
from . import ai_worker, seats
from .describe import phase_info, step_meta
from .seats import Forbidden
from .store import Conflict, Store

#: Steps between the states kept for replay viewing (in memory).
CHECKPOINT_EVERY = 50
#: Steps between the states stored in the database (a load replays fewer than this).
SNAPSHOT_EVERY = 100
#: The most steps an imported record may have (a whole campaign is some 2,300).
MAX_IMPORT_STEPS = 10_000
#: Seconds after which a game nobody looked at leaves memory (the database keeps it).
IDLE_SECONDS = 1800.0
#: The most games kept in memory at once.
MAX_SESSIONS = 64
#: Seconds a computer player may think about one decision.
AI_TIMEOUT = 120.0
#: How deep the JSON of an imported record may nest (a record with an inline map: about 6).
MAX_DEPTH = 32
#: Sanity limits on an imported custom position (the game checks the rest).
MAX_POSITION_TURN = 200
MIN_POSITION_MONTH, MAX_POSITION_MONTH = "1900-01", "1999-12"
MAX_POOL_POINTS = 30

HUMAN = "human"


class NotFound(OstfrontError):
    """No game with that id."""


class Stale(OstfrontError):
    """The client acted on an older position than the current one."""

    def __init__(self, message: str, seq: int) -> None:
        super().__init__(message)
        self.seq = seq


class NotYourTurn(OstfrontError):
    """A human tried to act for a side the computer plays."""


class BadRequest(OstfrontError):
    """Input that names nothing sensible (an unknown side, level, option...)."""


class FairLock:
    """A re-entrant lock handed to waiting threads in the order they asked for it, so a
    thread that takes it step after step (a replay) cannot starve the others."""

    def __init__(self) -> None:
        self._cv = threading.Condition(threading.Lock())
        self._next = 0
        self._serving = 0
        self._owner: int | None = None
        self._depth = 0

    def acquire(self) -> bool:
        me = threading.get_ident()
        with self._cv:
            if self._owner == me:
                self._depth += 1
                return True
            ticket = self._next
            self._next += 1
            while self._owner is not None or self._serving != ticket:
                self._cv.wait()
            self._owner = me
            self._depth = 1
        return True

    def release(self) -> None:
        with self._cv:
            if self._owner != threading.get_ident():
                raise RuntimeError("release of a FairLock this thread does not hold")
            self._depth -= 1
            if self._depth == 0:
                self._owner = None
                self._serving += 1
                self._cv.notify_all()

    def __enter__(self) -> FairLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


@dataclass
class Session:
    id: str
    game: Game
    header: dict[str, Any]
    players: dict[str, str]
    record: Record
    state: State
    meta: list[dict[str, Any]] = field(default_factory=list)
    checkpoints: dict[int, State] = field(default_factory=dict)
    thinking: bool = False
    ai_error: str | None = None
    runner: threading.Thread | None = None
    seats: dict[str, str] | None = None
    last_used: float = field(default_factory=time.monotonic)

    @property
    def seq(self) -> int:
        return len(self.record.steps)

    @property
    def finished(self) -> bool:
        return self.game.active_side(self.state) is None

    def summary(self) -> dict[str, Any]:
        return summarize(self.game, self.state)

    def status(self) -> str:
        return game_status(self.game, self.state)

    def computer_to_move(self) -> str | None:
        """The AI level that must decide now, if a computer plays the side to move."""
        side = self.game.active_side(self.state)
        if side is None:
            return None
        level = self.players.get(side, HUMAN)
        return None if level == HUMAN else level

    def held(self, token: str | None) -> set[str]:
        """The sides ``token`` holds in this game."""
        return seats.held(self.seats, token)


def summarize(game: Game, state: State) -> dict[str, Any]:
    """What the home page shows of a game: where it stands and, once over, the result."""
    info = phase_info(game, state)
    res = game.result(state)
    return {
        "title": info["title"],
        "turn": info["turn"],
        "active": game.active_side(state),
        "result": None if res is None else res.to_json(),
    }


def game_status(game: Game, state: State) -> str:
    return "finished" if game.active_side(state) is None else "playing"


@dataclass
class Replayed:
    """What a replay worked out: the final state, each step's notes, states to keep."""

    state: State
    meta: list[dict[str, Any]]
    checkpoints: dict[int, State]
    snapshots: dict[int, State]
    hashes_checked: int


def replay_steps(
    game: Game,
    state: State,
    steps: list[dict[str, Any]],
    lock: Any,
    *,
    first: int = 1,
) -> Replayed:
    """Replay ``steps`` (numbered from ``first``) on ``state``, checking each step's
    legality and recorded hash and filling in missing hashes. The engine lock is taken one
    step at a time. A step that fails raises :class:`RecordError` naming it."""
    meta: list[dict[str, Any]] = []
    checkpoints: dict[int, State] = {}
    snapshots: dict[int, State] = {}
    checked = 0
    for i, step in enumerate(steps, start=first):
        text = str(step.get("action", ""))
        with lock:
            try:
                act = game.find_action(state, text)
                note = step_meta(game, state, act)
                state = game.apply(state, act)
            except (IllegalAction, ValueError) as exc:
                raise RecordError(f"step {i} ('{text}') is not legal: {exc}") from None
            h = state_hash(state)
        if step.get("hash"):
            if step["hash"] != h:
                raise RecordError(
                    f"step {i} ('{text}') leads to a different position than recorded "
                    f"(hash {h} != {step['hash']})"
                )
            checked += 1
        step["hash"] = h
        meta.append(note)
        if i % CHECKPOINT_EVERY == 0:
            checkpoints[i] = state
        if i % SNAPSHOT_EVERY == 0:
            snapshots[i] = state
    return Replayed(state, meta, checkpoints, snapshots, checked)


def replay_record(
    game: Game, record: Record, lock: Any = None
) -> tuple[State, list[dict[str, Any]], dict[int, State]]:
    """Replay a whole record, checking each step's legality and hash.

    Returns the final state, the per-step notes and the replay checkpoints; a record that
    does not replay raises :class:`RecordError` naming the first step that fails."""
    r = _replay_whole(game, record, lock if lock is not None else contextlib.nullcontext())
    return r.state, r.meta, r.checkpoints


def _replay_whole(game: Game, record: Record, lock: Any) -> Replayed:
    h = record.header
    try:
        with lock:
            state = game.setup(h["scenario"], h["options"], h["seed"], position=h.get("position"))
            got = state_hash(state)
    except OstfrontError as exc:
        raise RecordError(f"the set-up fails: {exc}") from None
    except (TypeError, ValueError, KeyError, AttributeError) as exc:  # a forged position
        raise RecordError(f"the set-up fails: the starting position is not valid ({exc})") from None
    expected = h.get("initial_hash")
    if expected and expected != got:
        raise RecordError(f"the set-up does not match the record (hash {got} != {expected})")
    r = replay_steps(game, state, record.steps, lock)
    r.checkpoints[0] = state
    r.snapshots[0] = state
    return r


def json_depth(data: Any) -> int:
    """How deep JSON data nests (worked out without recursion)."""
    deepest = 0
    todo: list[tuple[Any, int]] = [(data, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict):
            deepest = max(deepest, depth)
            todo.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            deepest = max(deepest, depth)
            todo.extend((v, depth + 1) for v in item)
    return deepest


def check_position(game: Game, raw: Any) -> dict[str, Any]:
    """An imported record's starting position, checked: its shape and types (the core's
    position schema), its game, and sanity limits on the turn and the point pools (the
    game's set-up checks units, hexes and phases)."""
    try:
        pos = position_from_dict(raw, "header.position")
    except OstfrontError as exc:
        raise RecordError(str(exc)) from None
    problems = []
    if pos["game"] != game.name:
        problems.append(f"game: the position is for {pos['game']!r}, not {game.name!r}")
    turn = pos.get("turn")
    if isinstance(turn, int) and not 1 <= turn <= MAX_POSITION_TURN:
        problems.append(f"turn: {turn} is not between 1 and {MAX_POSITION_TURN}")
    if isinstance(turn, str) and not MIN_POSITION_MONTH <= turn <= MAX_POSITION_MONTH:
        # a month (the schema checked "YYYY-MM"): a game of monthly turns, SNO
        problems.append(
            f"turn: {turn} is not a month from {MIN_POSITION_MONTH} to {MAX_POSITION_MONTH}"
        )
    if pos.get("active") is not None and pos["active"] not in game.sides:
        problems.append(f"active: {pos['active']!r} is not a side ({', '.join(game.sides)})")
    for side, pool in pos.get("pools", {}).items():
        if side not in game.sides:
            problems.append(f"pools.{side}: not a side ({', '.join(game.sides)})")
        for k, v in pool.items():
            if not 0 <= v <= MAX_POOL_POINTS:
                problems.append(f"pools.{side}.{k}: {v} is not between 0 and {MAX_POOL_POINTS}")
    if problems:
        raise RecordError("header.position: " + "; ".join(problems))
    return pos


def check_header(game: Game, header: dict[str, Any]) -> dict[str, Any]:
    """An imported record's header, every field checked against the game: the scenario
    exists, the options are the game's with values it accepts, the seed is in range, the
    position is valid. Returns the header as the server will store it."""
    out = dict(header)
    scenario = header.get("scenario")
    if scenario is not None and not isinstance(scenario, str):
        raise RecordError("header.scenario: not a scenario name")
    try:
        if header.get("position") is None:
            game.resolve_scenario(scenario)
        game.resolve_options(header.get("options") or {}, game.resolve_scenario(scenario))
    except OstfrontError as exc:
        raise RecordError(f"header: {exc}") from None
    for k, v in (header.get("options") or {}).items():
        if not isinstance(v, bool | int | str) or (isinstance(v, str) and len(v) > 64):
            raise RecordError(f"header.options.{k}: {v!r} is not an option value")
    seed = header.get("seed")
    if seed is not None and not 0 <= seed < 2**seats.SEED_BITS:
        raise RecordError(f"header.seed: {seed} is not between 0 and 2^{seats.SEED_BITS} - 1")
    if header.get("position") is not None:
        out["position"] = check_position(game, header["position"])
    return out


class Manager:
    """Every live game, the database behind them and the computer players."""

    def __init__(
        self,
        store: Store,
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
        self._executor = ai_executor
        self._own_executor = ai_executor is None
        self._executor_lock = threading.Lock()
        self._listeners: dict[str, set[Callable[[dict[str, Any]], None]]] = {}
        self._closed = False
        self._key: bytes | None = None

    # -- lifecycle -------------------------------------------------------------
    def executor(self) -> Executor:
        with self._executor_lock:
            if self._executor is None:
                ctx = multiprocessing.get_context("spawn")
                self._executor = ProcessPoolExecutor(
                    max_workers=2, mp_context=ctx, initializer=ai_worker.quiet
                )
            return self._executor

    def _drop_executor(self, broken: Executor) -> bool:
        """Kill and forget our worker pool (dead or stuck); False if it is not ours."""
        if not self._own_executor:
            return False
        with self._executor_lock:
            if self._executor is broken:
                self._executor = None
        _kill_pool(broken)
        return True

    def close(self) -> None:
        """Stop the computer players and their worker processes (none is left behind)."""
        self._closed = True
        if self._executor is not None and self._own_executor:
            _kill_pool(self._executor)
            self._executor = None
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

    def notify(self, session: Session) -> None:
        msg = {
            "seq": session.seq,
            "thinking": session.thinking,
            "active": session.game.active_side(session.state),
            "ai_error": session.ai_error,
        }
        for cb in list(self._listeners.get(session.id, ())):
            with contextlib.suppress(Exception):
                cb(msg)

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
            raise BadRequest(
                "a game with invited players draws its own seed: whoever chose it could "
                "foresee the dice"
            )
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
        if header.get("seed") is None:
            if sealed is None:
                raise RecordError("header.seed: the record has no seed")
            header["seed"] = seats.unseal(str(sealed), self.key())
        record = Record(header=header, steps=record.steps)
        replayed = _replay_whole(game, record, self.engine)
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
        session.last_used = time.monotonic()
        self._evict()
        return session

    def _load(self, gid: str) -> Session:
        """Read a game from the database: the latest snapshot, then the steps after it
        (decoding outside the engine lock, replaying a step at a time under it)."""
        stored = self.store.get(gid)
        if stored is None:
            raise NotFound(f"no game {gid!r}")
        game = games.get(stored.game)
        rows = self.store.steps_with_meta(gid)
        steps = [{"action": r["action"], "hash": r["hash"]} for r in rows]
        record = Record(header=stored.header, steps=steps)
        snap = self.store.snapshot(gid, len(steps))
        base = None
        if snap is not None:
            n, state = snap
            expected = steps[n - 1]["hash"] if n else stored.header.get("initial_hash")
            notes = [r["meta"] for r in rows[:n]]
            if state_hash(state) == expected and all(m is not None for m in notes):
                base = (n, state, notes)
        if base is None:  # an old database, or a snapshot that does not fit: replay it all
            r = _replay_whole(game, record, self.engine)
            self.store.add_snapshots(gid, r.snapshots, r.meta)
            state, meta, checkpoints = r.state, r.meta, r.checkpoints
        else:
            n, start, notes = base
            r = replay_steps(game, start, steps[n:], self.engine, first=n + 1)
            state, meta = r.state, notes + r.meta
            checkpoints = {n: start, **r.checkpoints}
            if r.snapshots:
                self.store.add_snapshots(gid, r.snapshots)
        return Session(
            gid,
            game,
            stored.header,
            stored.players,
            record,
            state,
            meta,
            checkpoints,
            seats=stored.seats,
        )

    def forget(self, gid: str) -> None:
        """Drop a game from memory (it is read again from the database when next asked)."""
        self._sessions.pop(gid, None)

    def delete(self, gid: str, token: str | None) -> None:
        session = self.get(gid)
        if not session.held(token):
            raise Forbidden("only a player of this game may delete it (no seat token given)")
        if not self.store.delete(gid):
            raise NotFound(f"no game {gid!r}")
        self._sessions.pop(gid, None)

    def claim(self, gid: str) -> dict[str, str]:
        """Seats for a game stored before games had seats (once; hotseat)."""
        session = self.get(gid)
        tokens, hashes = seats.new_seats(session.game.sides, seats.HOTSEAT)
        if session.seats is not None or not self.store.set_seats(gid, hashes, only_if_unset=True):
            raise Forbidden("this game's seats are already taken")
        session.seats = hashes
        return tokens

    def set_players(self, gid: str, players: dict[str, Any], token: str | None) -> Session:
        """Change who plays each side; only the sides the token holds may change."""
        session = self.get(gid)
        who = self.check_players(session.game, players)
        changed = {s for s in who if who[s] != session.players.get(s)}
        mine = session.held(token)
        foreign = sorted(changed - mine)
        if foreign:
            raise Forbidden(
                f"you do not hold the {foreign[0]} seat, so you cannot change who plays it"
            )
        self.store.set_players(gid, who)
        session.players = who
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
    ) -> Session:
        """Apply one action for whoever is to move, after checking the caller holds that
        side's seat and the action is current and legal."""
        session = self.get(gid)
        with self.engine:
            side = session.game.active_side(session.state)
            if not by_computer and side is not None and side not in session.held(token):
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
            state = session.state
            act = session.game.find_action(state, text)  # IllegalAction: nothing changes
            note = step_meta(session.game, state, act)
            new = session.game.apply(state, act)
            digest = state_hash(new)
            n = session.seq + 1
            game = session.game
            try:
                self.store.append(
                    gid,
                    n,
                    act.text,
                    digest,
                    summarize(game, new),
                    game_status(game, new),
                    meta=note,
                    snapshot=new if n % SNAPSHOT_EVERY == 0 else None,
                )
            except Conflict as exc:  # another process wrote this game: read it again
                self.forget(gid)
                raise Stale(
                    f"this game was changed elsewhere ({exc}); reload to see it", session.seq
                ) from None
            session.record.steps.append({"action": act.text, "hash": digest})
            session.meta.append(note)
            session.state = new
            if n % CHECKPOINT_EVERY == 0:
                session.checkpoints[n] = new
        self.notify(session)
        if not by_computer:
            self.kick(session)
        return session

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
        session.ai_error = None
        t = threading.Thread(
            target=self._run_computer, args=(session,), name=f"ai-{session.id}", daemon=True
        )
        session.runner = t
        t.start()
        self.notify(session)

    def _choose(self, session: Session, side: str, level: str, state: State) -> str | None:
        """The computer's choice, from a worker process: a dead worker pool is replaced
        and asked again once; one that thinks too long is killed (TimeoutError)."""
        seed = int(session.header.get("seed") or 0) + session.game.sides.index(side) + 1
        for attempt in (1, 2):
            ex = self.executor()
            try:
                fut = ex.submit(
                    ai_worker.choose,
                    session.game.name,
                    f"{session.id}:{side}:{level}",
                    level,
                    seed,
                    self.ai_budget,
                    state,
                )
                return self._wait(fut, ex)
            except BrokenProcessPool:
                if self._closed or not self._drop_executor(ex) or attempt == 2:
                    raise
            except RuntimeError:  # submit after shutdown: the pool was replaced meanwhile
                if self._closed or attempt == 2:
                    raise
        return None  # pragma: no cover

    def _wait(self, fut: Future[str], ex: Executor) -> str | None:
        end = time.monotonic() + self.ai_timeout
        while True:
            if self._closed:
                fut.cancel()
                return None
            try:
                return fut.result(timeout=min(0.25, max(0.0, end - time.monotonic())))
            except FutureTimeout:
                if time.monotonic() >= end:
                    fut.cancel()
                    self._drop_executor(ex)
                    raise TimeoutError(
                        f"it took longer than {self.ai_timeout:g} s over one decision"
                    ) from None

    def _run_computer(self, session: Session) -> None:
        try:
            while not self._closed and session.id in self._sessions:
                with self.engine:
                    level = session.computer_to_move()
                    if level is None:
                        break
                    side = session.game.active_side(session.state)
                    seq = session.seq
                    state = session.state
                assert side is not None
                text = self._choose(session, side, level, state)
                if text is None:
                    break
                try:
                    self.act(session.id, text, seq, by_computer=True)
                except Stale:
                    continue  # someone else moved first: think again about the new position
                if self.move_delay:
                    time.sleep(self.move_delay)
        except Exception as exc:  # the AI failed: say so, never take the server down
            session.ai_error = f"the computer player failed: {exc or type(exc).__name__}"
        finally:
            session.thinking = False
            session.runner = None
            if not self._closed:
                self.notify(session)


def _kill_pool(ex: Executor) -> None:
    """Stop a process pool now: its workers are terminated, not waited for."""
    procs = list((getattr(ex, "_processes", None) or {}).values())
    for p in procs:
        with contextlib.suppress(Exception):
            p.terminate()
    with contextlib.suppress(Exception):
        ex.shutdown(wait=False, cancel_futures=True)
    for p in procs:
        with contextlib.suppress(Exception):
            p.join(timeout=5)
            if p.is_alive():
                p.kill()
                p.join(timeout=5)


def loop_notifier(
    loop: asyncio.AbstractEventLoop, queue: asyncio.Queue[dict[str, Any]]
) -> Callable[[dict[str, Any]], None]:
    """A listener that hands messages from any thread to an asyncio queue."""

    def push(msg: dict[str, Any]) -> None:
        loop.call_soon_threadsafe(queue.put_nowait, msg)

    return push
