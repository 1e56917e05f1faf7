"""Games in play: each stored record replayed into a live state, actions checked and saved,
computer players run in the background.

The record in the database is the truth. A :class:`Session` is its replay: the current
state, the per-step notes the log shows (phase, rule) and a few checkpoints for replay
viewing. Every action goes through :meth:`Manager.act`: the client's sequence number must be
the number of steps taken (else :class:`Stale`), the action must be legal (else
:class:`~ostfront.core.errors.IllegalAction`), and only then is it applied and saved — the
step row and the new state together, so bad input never changes a game.

Computer players choose in a separate process (:mod:`ostfront.server.ai_worker`), so a slow
AI never holds the server, and their choices come back through the same :meth:`Manager.act`
as a human's.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from .. import games
from ..ai.players import levels
from ..core.errors import IllegalAction, OstfrontError, RecordError, UnknownGame
from ..core.protocol import Game, State
from ..core.record import Record, initial_state, new_record, state_hash
from . import ai_worker
from .describe import phase_info, step_meta
from .store import Store

#: Steps between the states kept for replay viewing.
CHECKPOINT_EVERY = 50

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

    @property
    def seq(self) -> int:
        return len(self.record.steps)

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


def replay_record(
    game: Game, record: Record
) -> tuple[State, list[dict[str, Any]], dict[int, State]]:
    """Replay a record step by step, checking each step's legality and hash.

    Returns the final state, the per-step notes and the replay checkpoints; a record that
    does not replay raises :class:`RecordError` naming the first step that fails."""
    try:
        state = initial_state(game, record)
    except OstfrontError as exc:
        raise RecordError(f"the set-up fails: {exc}") from None
    expected = record.header.get("initial_hash")
    if expected and expected != state_hash(state):
        raise RecordError(
            f"the set-up does not match the record (hash {state_hash(state)} != {expected})"
        )
    meta: list[dict[str, Any]] = []
    checkpoints: dict[int, State] = {0: state}
    for i, step in enumerate(record.steps, start=1):
        text = str(step.get("action", ""))
        try:
            act = game.find_action(state, text)
            note = step_meta(game, state, act)
            state = game.apply(state, act)
        except (IllegalAction, ValueError) as exc:
            raise RecordError(f"step {i} ('{text}') is not legal: {exc}") from None
        h = state_hash(state)
        if step.get("hash") and step["hash"] != h:
            raise RecordError(
                f"step {i} ('{text}') leads to a different position than recorded "
                f"(hash {h} != {step['hash']})"
            )
        step["hash"] = h
        meta.append(note)
        if i % CHECKPOINT_EVERY == 0:
            checkpoints[i] = state
    return state, meta, checkpoints


class Manager:
    """Every live game, the database behind them and the computer players."""

    def __init__(
        self,
        store: Store,
        *,
        move_delay: float = 0.06,
        ai_budget: float | None = None,
        ai_executor: Executor | None = None,
    ) -> None:
        self.store = store
        self.move_delay = move_delay
        self.ai_budget = ai_budget
        #: The DR engine memoises while it works; one engine call at a time in this process.
        self.engine = threading.RLock()
        self._sessions: dict[str, Session] = {}
        self._loading = threading.Lock()
        self._executor = ai_executor
        self._own_executor = ai_executor is None
        self._listeners: dict[str, set[Callable[[dict[str, Any]], None]]] = {}
        self._closed = False

    # -- lifecycle -------------------------------------------------------------
    def executor(self) -> Executor:
        if self._executor is None:
            ctx = multiprocessing.get_context("spawn")
            self._executor = ProcessPoolExecutor(max_workers=2, mp_context=ctx)
        return self._executor

    def close(self) -> None:
        self._closed = True
        for s in list(self._sessions.values()):
            if s.runner is not None:
                s.runner.join(timeout=5)
        if self._executor is not None and self._own_executor:
            self._executor.shutdown(wait=False, cancel_futures=True)

    # -- listeners (the WebSocket side) ------------------------------------------
    def subscribe(self, gid: str, callback: Callable[[dict[str, Any]], None]) -> None:
        self._listeners.setdefault(gid, set()).add(callback)

    def unsubscribe(self, gid: str, callback: Callable[[dict[str, Any]], None]) -> None:
        self._listeners.get(gid, set()).discard(callback)

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
        known = set(levels())
        for side in game.sides:
            who = str(players.get(side, HUMAN) or HUMAN)
            if who != HUMAN and who not in known:
                raise BadRequest(
                    f"no player level {who!r} for {side} (human, {', '.join(levels())})"
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
    ) -> Session:
        game = games.get(game_name)
        who = self.check_players(game, players)
        with self.engine:
            state = game.setup(scenario, options, seed)
            record = new_record(game, state)
        gid = self.store.create(game.name, record.header, who, summary={})
        session = Session(gid, game, record.header, who, record, state)
        session.checkpoints[0] = state
        with self.engine:
            self._write_summary(session)
        self._sessions[gid] = session
        self.kick(session)
        return session

    def import_record(self, data: Any, players: dict[str, Any]) -> Session:
        record = Record.from_json(data, source="the imported record")
        try:
            game = games.get(record.header["game"])
        except UnknownGame as exc:
            raise RecordError(f"the imported record is for another game: {exc}") from None
        who = self.check_players(game, players)
        with self.engine:
            state, meta, checkpoints = replay_record(game, record)
        gid = self.store.create(game.name, record.header, who, record.steps)
        session = Session(gid, game, record.header, who, record, state, meta, checkpoints)
        with self.engine:
            self._write_summary(session)
        self._sessions[gid] = session
        self.kick(session)
        return session

    def _write_summary(self, session: Session) -> None:
        self.store.set_summary(session.id, session.summary(), session.status())

    def get(self, gid: str) -> Session:
        session = self._sessions.get(gid)
        if session is not None:
            return session
        with self._loading:
            session = self._sessions.get(gid)
            if session is not None:
                return session
            stored = self.store.get(gid)
            if stored is None:
                raise NotFound(f"no game {gid!r}")
            record = Record(header=stored.header, steps=self.store.steps(gid))
            game = games.get(stored.game)
            with self.engine:
                state, meta, checkpoints = replay_record(game, record)
            session = Session(
                gid, game, stored.header, stored.players, record, state, meta, checkpoints
            )
            self._sessions[gid] = session
        self.kick(session)
        return session

    def delete(self, gid: str) -> None:
        if not self.store.delete(gid):
            raise NotFound(f"no game {gid!r}")
        self._sessions.pop(gid, None)

    def set_players(self, gid: str, players: dict[str, Any]) -> Session:
        session = self.get(gid)
        who = self.check_players(session.game, players)
        self.store.set_players(gid, who)
        session.players = who
        self.notify(session)
        self.kick(session)
        return session

    # -- acting --------------------------------------------------------------------
    def act(self, gid: str, text: str, seq: int | None, *, by_computer: bool = False) -> Session:
        """Apply one action for whoever is to move, after checking it is current and legal."""
        session = self.get(gid)
        with self.engine:
            if seq is None or seq != session.seq:
                raise Stale(
                    f"this game has moved on: you acted on step {seq}, it is at step "
                    f"{session.seq}; reload to see the current position",
                    session.seq,
                )
            if by_computer and session.computer_to_move() is None:
                raise Stale("a human plays this side now", session.seq)
            if not by_computer and session.computer_to_move() is not None:
                side = session.game.active_side(session.state)
                raise NotYourTurn(f"the computer plays {side} and is to move now")
            state = session.state
            act = session.game.find_action(state, text)  # IllegalAction: nothing changes
            note = step_meta(session.game, state, act)
            new = session.game.apply(state, act)
            digest = state_hash(new)
            n = session.seq + 1
            game = session.game
            self.store.append(
                gid, n, act.text, digest, summarize(game, new), game_status(game, new)
            )
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
        with self.engine:
            base = max(k for k in session.checkpoints if k <= step)
            state = session.checkpoints[base]
            for s in session.record.steps[base:step]:
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
                seed = int(session.header.get("seed") or 0) + session.game.sides.index(side) + 1
                fut = self.executor().submit(
                    ai_worker.choose,
                    session.game.name,
                    f"{session.id}:{side}:{level}",
                    level,
                    seed,
                    self.ai_budget,
                    state,
                )
                text = fut.result()
                try:
                    self.act(session.id, text, seq, by_computer=True)
                except Stale:
                    continue  # someone else moved first: think again about the new position
                if self.move_delay:
                    time.sleep(self.move_delay)
        except Exception as exc:  # the AI failed: say so, never take the server down
            session.ai_error = f"the computer player failed: {exc}"
        finally:
            session.thinking = False
            session.runner = None
            self.notify(session)


def loop_notifier(
    loop: asyncio.AbstractEventLoop, queue: asyncio.Queue[dict[str, Any]]
) -> Callable[[dict[str, Any]], None]:
    """A listener that hands messages from any thread to an asyncio queue."""

    def push(msg: dict[str, Any]) -> None:
        loop.call_soon_threadsafe(queue.put_nowait, msg)

    return push
