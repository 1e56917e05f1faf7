"""The JSON bodies the API answers with that take more than a line to build: a game's view
of one position (what the game page draws), the answer that hands out seat tokens, the
replay timeline and the exported record.

They only read: a session, a state, and the game through its protocol hooks (via
:mod:`.describe`).
"""

from __future__ import annotations

from typing import Any

from ..ai.players import levels_for
from ..core.protocol import State
from . import clocks, describe, seats
from .deltas import action_key, actions_slot, base_hash, delta, diff, held_by_client
from .session import Session
from .sessions import Manager


# ------------------------------------------------------------------ seats
def seat_links(gid: str, tokens: dict[str, str]) -> dict[str, str]:
    """Each side's invite link (the token rides in the fragment, never sent to a server)."""
    return {side: f"/game/{gid}#seat={t}" for side, t in tokens.items()}


def seat_answer(session: Session, tokens: dict[str, str]) -> dict[str, Any]:
    links = seat_links(session.id, tokens)
    mine = next(iter(links.values()))
    return {"id": session.id, "url": mine, "seats": tokens, "links": links}


# ------------------------------------------------------------------ the view of a position
def game_view(
    manager: Manager,
    session: Session,
    state: State,
    *,
    live: bool = True,
    log_from: int = 0,
    log_step: int | None = None,
    mine: set[str] | None = None,
    have: str | None = None,
    resume: bool = False,
) -> dict[str, Any]:
    """Everything the game page draws for one position (callers hold no lock, or only the
    game's: ``resume``, the view of a step just taken, resumes its turn of the engine
    lock, :meth:`.FairLock.resuming`). Legal
    actions are listed only to the holder of the seat to move (``mine``). ``have``: the
    hashes of the live positions the client holds, the one it shows first; the counters,
    boxes and actions are then sent as the changes from them when this process still has
    their lists (:mod:`.deltas`)."""
    held = mine or set()
    online = manager.online if live else None
    clock, lost = (None, None) if online is None else online.clock_view(session)
    with manager.engine.resuming() if resume else manager.engine:
        game = session.game
        active = None if lost else game.active_side(state)
        human_to_move = (
            live and active is not None and session.computer_to_move() is None and active in held
        )
        legal = game.legal_actions(state) if human_to_move else []
        actions = describe.annotate(game, state, legal)
        current = live and state is session.state
        digest = session.head_hash() if current else None
        parts = session.parts.get(digest)
        if parts is None:
            parts = {
                "counters": describe.counters_json(game, state),
                "boxes": describe.boxes(game, state),
            }
            if digest is not None:
                session.parts.put(digest, parts)
        slot = actions_slot(held)
        # what the client holds, read before this view's actions are kept (the same
        # position may list other actions once the players change)
        base, actions_base = held_by_client(session, have if current else None, slot, actions)
        parts[slot] = actions
        odds = None
        # the odds panel: a battle's roll (one naming no single unit); the other dice
        # actions (a strike on a unit) are previewed when pointed at
        rolls = [a for a in legal if a.role == "roll"]
        roll = next((a for a in rolls if not a.units), None)
        if roll is not None:
            odds = describe.odds(game, state, roll)
        more = {a.text: describe.odds(game, state, a) for a in rolls if a is not roll}
        result = game.result(state)
        result_json = lost if lost else None if result is None else result.to_json()
        view = {
            "id": session.id,
            "game": game.name,
            "game_title": game.title,
            "scenario": session.header.get("scenario"),
            "position": _position_note(session.header.get("position")),
            "options": session.header.get("options", {}),
            # the seed decides every die: secret until the game is over (docs/security.md)
            "seed": session.header.get("seed") if session.finished else "secret until the end",
            "sides": list(game.sides),
            "players": session.players,
            "seats": sorted(held),
            "claimable": session.seats is None,
            "levels": levels_for(game),
            "seq": session.seq,
            "step": state.get("step", 0),
            "live": live,
            "active": active,
            # a game lost on time (or resigned) asks nothing more: it says so
            "prompt": clocks.over_prompt(lost) if lost else game.prompt(state).to_json(),
            "result": result_json,
            "info": describe.phase_info(game, state),
            "odds": odds,
            "odds_more": {k: v for k, v in more.items() if v is not None},
            "pending": describe.pending_json(game, state),
            "selected": describe.selected_unit(game, state),
            "thinking": session.thinking and live,
            "progress": session.progress() if live else None,
            "ai_error": session.ai_error,
            "log": _log(session, state, log_from, log_step),
        }
        if digest is not None:
            view["hash"] = digest
        if clock is not None:
            view["clock"] = clock
        changes = {} if base is None else delta(base, parts)
        if actions_base is not None:
            kept, since = actions_base
            change = diff(kept, actions, action_key)
            if change is not None:
                changes["actions"] = {"base": since, **change}
        if base is not None:
            view["delta"] = {"base": base_hash(have), **changes}
        for name, items in (("counters", parts["counters"]), ("boxes", parts["boxes"])):
            if name not in changes:
                view[name] = items
        if "actions" not in changes:
            view["actions"] = actions
    return view


def _position_note(position: Any) -> str | None:
    """What a game started from a custom position says of it (its note), for the title."""
    if not isinstance(position, dict):
        return None
    note = position.get("note")
    return str(note)[:200] if note else "a custom position"


def _log(session: Session, state: State, log_from: int, log_step: int | None) -> dict[str, Any]:
    log = state.get("log", [])
    start = 0
    if 0 < log_from <= len(log) and log[log_from - 1].get("step") == log_step:
        start = log_from
    elif (
        log
        and log_step is not None
        and len(log) < log_from
        and isinstance(last := log[-1].get("step"), int)
        and last < log_step
    ):
        # steps undone since the client's last entry: entries go only from the end, and
        # come back with later steps, so ours all stand in the client's log; it cuts back
        start = len(log)
    entries = []
    for e in log[start:]:
        n = int(e.get("step", 0))
        meta = session.meta[n - 1] if 0 < n <= len(session.meta) else {}
        entry = {**e, **{k: meta.get(k) for k in describe.LOG_NOTES}}
        if e.get("rolls"):
            entry["hits"] = session.game.roll_hits(e)
        entries.append(entry)
    return {"start": start, "total": len(log), "entries": entries}


def timeline(session: Session) -> list[dict[str, Any]]:
    """The step at which each (turn, phase) begins: replay's jump points."""
    marks: list[dict[str, Any]] = []
    last = None
    for i, m in enumerate(session.meta):
        key = (m.get("turn"), m.get("phase"))
        if key != last:
            marks.append({"step": i, "turn": m.get("turn"), "title": m.get("title")})
            last = key
    return marks


def export_record(manager: Manager, session: Session) -> dict[str, Any]:
    """The record file of a game; in play, its seed sealed (only this server reads it)."""
    data = session.record.to_json()
    if not session.finished:
        header = dict(data["header"])
        header["sealed_seed"] = seats.seal(int(header["seed"]), manager.key())
        header["seed"] = None
        data["header"] = header
    return data
