"""A game's history: where each turn and phase begins (replay's jump points), the position
after any step, the record file exported, and a record file imported as a new game."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import Response

from . import accounts, seats
from .deps import ManagerDep, session_for
from .errors import error
from .gate import Gate
from .models import Imported, RecordFile, Timeline
from .payloads import export_record, game_view, seat_answer, timeline
from .view_models import GameView

router = APIRouter(prefix="/api")


@router.get("/games/{gid}/timeline", response_model=Timeline, response_model_exclude_unset=True)
def get_timeline(gid: str, manager: ManagerDep) -> dict[str, Any]:
    session = session_for(manager, gid)
    return {"seq": session.seq, "marks": timeline(session)}


@router.get("/games/{gid}/at/{step}", response_model=GameView, response_model_exclude_unset=True)
def at(gid: str, step: int, manager: ManagerDep) -> dict[str, Any]:
    session = session_for(manager, gid)
    state = manager.state_at(gid, step)
    return game_view(manager, session, state, live=False)


@router.get("/games/{gid}/record", response_model=RecordFile)
def record(gid: str, request: Request, manager: ManagerDep) -> Response:
    """The record file, as a download (sent as it is: the model documents it). A game in
    play is exported only to its players: a watcher's copy could be imported as a game of
    its own with the same dice."""
    session = session_for(manager, gid)
    if not session.finished and not accounts.caller_sides(request, session):
        raise seats.Forbidden(
            "a game in play is exported only to its players (no seat token of this game "
            "given); anyone may export it once it is finished"
        )
    data = export_record(manager, session)
    name = f"ostfront-{session.game.name}-{gid}.json"
    return Response(
        json.dumps(data, indent=1, ensure_ascii=False) + "\n",
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@router.post("/import", status_code=201, response_model=Imported, response_model_exclude_unset=True)
async def import_record(request: Request, manager: ManagerDep) -> Any:
    """A record file, or ``{"record", "players", "seats"}``: the game it records, replayed
    and checked step by step. At most a few imports run at once (:mod:`.gate`): another is
    refused with 503 and ``Retry-After`` before its body is even parsed."""
    raw = await request.body()
    gate: Gate = request.app.state.imports
    gate.check()
    try:
        data = json.loads(raw or b"null")
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        return error(422, f"the imported file is not JSON: {exc}")
    except RecursionError:
        return error(422, "the imported file nests too deeply to be a game record")
    except ValueError as exc:  # an integer of thousands of digits (int_max_str_digits)
        return error(422, f"the imported file is not JSON a game record can hold: {exc}")
    players: dict[str, Any] = {}
    mode = seats.HOTSEAT
    if isinstance(data, dict) and "record" in data and "format" not in data:
        players = data.get("players") or {}
        if not isinstance(players, dict):
            return error(422, "players must be an object: side -> human | level")
        mode = data.get("seats") or seats.HOTSEAT
        if not isinstance(mode, str):
            return error(422, "seats must be hotseat or invite")
        data = data["record"]
    with gate.place():
        session, tokens, checked = await run_in_threadpool(
            manager.import_record, data, players, mode
        )
    if mode == seats.HOTSEAT:  # every side is the importer's: kept with a signed-in account
        account = await run_in_threadpool(accounts.current_account, request)
        if account is not None:
            await run_in_threadpool(accounts.link_seats, manager.store, session.id, tokens, account)
    unchecked = session.seq - checked
    header = data.get("header") if isinstance(data, dict) else None
    # with no step, only the set-up's hash (checked by the import when given) says anything
    nothing = session.seq == 0 and not (isinstance(header, dict) and header.get("initial_hash"))
    note = (
        "the record has no steps and no set-up hash: there was nothing to verify"
        if nothing
        else f"{checked} of {session.seq} steps matched their recorded hashes"
        if not unchecked
        else f"{unchecked} of {session.seq} steps carried no hash: they were checked "
        "for legality only"
    )
    return {
        **seat_answer(session, tokens),
        "steps": session.seq,
        "hashes_checked": checked,
        "verified": unchecked == 0 and not nothing,
        "note": note,
    }
