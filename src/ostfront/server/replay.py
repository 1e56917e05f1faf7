"""Replaying a record: every step checked for legality and against its recorded hash, and
a stored game read back into a :class:`~.session.Session` from its latest snapshot.

The record in the database is the truth; a session is its replay. The engine lock is taken
one step at a time, so a long import or a cold load interleaves with other games' moves
instead of stalling them. Every :data:`SNAPSHOT_EVERY` steps the state is stored, so loading
a game replays at most that many steps; reading and decoding happen outside the lock.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any

from .. import games
from ..core.errors import IllegalAction, OstfrontError, RecordError
from ..core.protocol import Game, State
from ..core.record import Record, state_hash
from .describe import note_is_current, step_meta
from .errors import NotFound
from .session import Session
from .store import BaseStore

#: Steps between the states kept for replay viewing (in memory).
CHECKPOINT_EVERY = 50
#: Steps between the states stored in the database (a load replays fewer than this).
SNAPSHOT_EVERY = 100


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
    r = replay_whole(game, record, lock if lock is not None else contextlib.nullcontext())
    return r.state, r.meta, r.checkpoints


def replay_whole(game: Game, record: Record, lock: Any) -> Replayed:
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


def load_session(store: BaseStore, gid: str, lock: Any) -> Session:
    """Read a game from the database: the latest snapshot, then the steps after it
    (decoding outside the engine lock, replaying a step at a time under it)."""
    stored = store.get(gid)
    if stored is None:
        raise NotFound(f"no game {gid!r}")
    game = games.get(stored.game)
    rows = store.steps_with_meta(gid)
    steps = [{"action": r["action"], "hash": r["hash"]} for r in rows]
    record = Record(header=stored.header, steps=steps)
    snap = store.snapshot(gid, len(steps))
    base = None
    if snap is not None:
        n, state = snap
        expected = steps[n - 1]["hash"] if n else stored.header.get("initial_hash")
        notes = [r["meta"] for r in rows[:n]]
        if state_hash(state) == expected and all(note_is_current(m) for m in notes):
            base = (n, state, notes)
    if base is None:  # an old database, or a snapshot that does not fit: replay it all
        r = replay_whole(game, record, lock)
        store.add_snapshots(gid, r.snapshots, r.meta)
        state, meta, checkpoints = r.state, r.meta, r.checkpoints
    else:
        n, start, notes = base
        r = replay_steps(game, start, steps[n:], lock, first=n + 1)
        state, meta = r.state, notes + r.meta
        checkpoints = {n: start, **r.checkpoints}
        if r.snapshots:
            store.add_snapshots(gid, r.snapshots)
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
