"""The games routes: list and start games, show one, act in it, change who plays it,
delete it, and the previews the game page asks for (dice odds, map overlays).

Acting, changing players and deleting need the seat token of a side (docs/security.md);
showing a game needs only its id, and lists legal actions only to the seat to move.
"""

from __future__ import annotations

import contextlib
from typing import Any

from fastapi import APIRouter, Request

from .. import games
from ..core.errors import UnknownGame
from ..core.protocol import NotPlayable
from . import describe
from .deps import ManagerDep, seat_token, session_for
from .errors import BadRequest
from .guard import is_loopback
from .models import (
    ActionIn,
    Deleted,
    GameListed,
    NewGame,
    Odds,
    Overlay,
    Players,
    PlayersIn,
    SeatAnswer,
)
from .payloads import game_view, seat_answer
from .seats import Forbidden
from .sessions import Manager
from .view_models import GameView

router = APIRouter(prefix="/api/games")


@router.get("", response_model=list[GameListed], response_model_exclude_unset=True)
def list_games(manager: ManagerDep) -> list[dict[str, Any]]:
    out = []
    for g in manager.store.all():
        d = g.to_json()
        d["claimable"] = g.seats is None
        with contextlib.suppress(UnknownGame):
            d["game_title"] = games.get(g.game).title
        out.append(d)
    return out


@router.post("", status_code=201, response_model=SeatAnswer, response_model_exclude_unset=True)
def create(body: NewGame, manager: ManagerDep) -> dict[str, Any]:
    try:
        return start_game(manager, body)
    except UnknownGame as exc:  # a bad scenario or option is a bad request, not a 404
        raise BadRequest(str(exc)) from None


def start_game(manager: Manager, body: NewGame) -> dict[str, Any]:
    game = games.get(body.game)
    options = dict(body.options)
    if body.weather is not None:
        if body.weather not in ("historical", "random"):
            raise BadRequest(f"weather must be historical or random, not {body.weather!r}")
        if "random-weather" in {o.id for o in game.options()}:
            options["random-weather"] = body.weather == "random"
        elif body.weather == "random":
            raise BadRequest(f"{game.title} has no random weather option")
    if not game.playable:
        raise NotPlayable(f"{game.title}: the rules engine is not written yet")
    session, tokens = manager.create(
        game.name,
        body.scenario,
        options,
        body.seed,
        body.players,
        body.seats,
        position=None if body.position is None else game.shipped_position(body.position),
    )
    return seat_answer(session, tokens)


@router.get("/{gid}", response_model=GameView, response_model_exclude_unset=True)
def get_game(
    gid: str,
    request: Request,
    manager: ManagerDep,
    log_from: int = 0,
    log_step: int | None = None,
) -> dict[str, Any]:
    session = session_for(manager, gid)
    mine = session.held(seat_token(request))
    return game_view(
        manager, session, session.state, log_from=log_from, log_step=log_step, mine=mine
    )


@router.delete("/{gid}", response_model=Deleted, response_model_exclude_unset=True)
def delete_game(gid: str, request: Request, manager: ManagerDep) -> dict[str, Any]:
    session_for(manager, gid)
    manager.delete(gid, seat_token(request))
    return {"deleted": gid}


@router.post("/{gid}/claim", response_model=SeatAnswer, response_model_exclude_unset=True)
def claim(gid: str, request: Request, manager: ManagerDep) -> dict[str, Any]:
    session = session_for(manager, gid)
    client = request.client.host if request.client else ""
    if not is_loopback(client):
        raise Forbidden("a game from before seats may only be claimed on this machine")
    return seat_answer(session, manager.claim(gid))


@router.put("/{gid}/players", response_model=Players, response_model_exclude_unset=True)
def put_players(gid: str, body: PlayersIn, request: Request, manager: ManagerDep) -> dict[str, Any]:
    session_for(manager, gid)
    session = manager.set_players(gid, body.players, seat_token(request))
    return {"players": session.players}


@router.post("/{gid}/actions", response_model=GameView, response_model_exclude_unset=True)
def act(
    gid: str,
    body: ActionIn,
    request: Request,
    manager: ManagerDep,
    log_from: int = 0,
    log_step: int | None = None,
) -> dict[str, Any]:
    session_for(manager, gid)
    token = seat_token(request)
    session = manager.act(gid, body.action, body.seq, token=token)
    return game_view(
        manager,
        session,
        session.state,
        log_from=log_from,
        log_step=log_step,
        mine=session.held(token),
    )


@router.get("/{gid}/odds", response_model=Odds, response_model_exclude_unset=True)
def odds(gid: str, action: str, manager: ManagerDep) -> dict[str, Any]:
    session = session_for(manager, gid)
    with manager.engine:
        found = session.game.find_action(session.state, action)
        out = describe.odds(session.game, session.state, found)
    if out is None:
        raise BadRequest(f"'{found.text}' rolls no dice")
    return out


@router.get("/{gid}/overlay/{kind}", response_model=Overlay, response_model_exclude_unset=True)
def overlay(
    gid: str, kind: str, manager: ManagerDep, side: str | None = None, step: int | None = None
) -> dict[str, Any]:
    session = session_for(manager, gid)
    state = session.state if step is None else manager.state_at(gid, step)
    try:
        with manager.engine:
            return describe.overlay(session.game, state, kind, side)
    except ValueError as exc:
        raise BadRequest(str(exc)) from None
