"""The games routes: list and start games, show one, act in it, change who plays it,
delete it, and the previews the game page asks for (dice odds, map overlays).

Acting, changing players and deleting need the seat token of a side (docs/security.md);
showing a game needs only its id, and lists legal actions only to the seat to move. The
listing shows an invite game only to its players; one address may start only so many games
(:mod:`.limits`); an opened invite link takes its seat (a fresh token, :mod:`.seats`).
"""

from __future__ import annotations

import contextlib
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse

from .. import games
from ..core.errors import UnknownGame
from ..core.protocol import NotPlayable
from . import clocks, describe
from .deps import ManagerDep, seat_token, session_for
from .errors import BadRequest
from .guard import is_loopback
from .limits import RateLimit, too_many
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
from .seats import Forbidden, token_hash
from .sessions import Manager
from .view_models import GameView

router = APIRouter(prefix="/api/games")


#: The most games one listing shows (the most recently moved first).
LIST_LIMIT = 200
#: The request header the home page names its seats in (tokens, comma-separated).
SEATS_HEADER = "x-ostfront-seats"
#: The most seat tokens one listing request may name.
MAX_LISTED_SEATS = 500


def _caller_seats(request: Request) -> set[str]:
    """The hashes of the seat tokens a listing request names."""
    raw = request.headers.get(SEATS_HEADER, "")
    tokens = [t.strip() for t in raw.split(",")[:MAX_LISTED_SEATS]]
    return {token_hash(t) for t in tokens if 0 < len(t) <= 64}


def is_invite(seat_hashes: dict[str, str] | None) -> bool:
    """Whether a game's seats are held apart (an invite game), not all by one token."""
    return bool(seat_hashes) and len(set((seat_hashes or {}).values())) > 1


@router.get("", response_model=list[GameListed], response_model_exclude_unset=True)
def list_games(
    request: Request,
    manager: ManagerDep,
    limit: int = Query(default=LIST_LIMIT, ge=1, le=1000),
) -> list[dict[str, Any]]:
    """The most recently moved games, for watching. An invite game is private to its
    players: listed only to a caller naming one of its seats (``X-Ostfront-Seats``)."""
    mine = _caller_seats(request)
    out = []
    for g in manager.store.all():
        if is_invite(g.seats) and not mine & set((g.seats or {}).values()):
            continue
        d = g.to_json()
        d["claimable"] = g.seats is None
        with contextlib.suppress(UnknownGame):
            d["game_title"] = games.get(g.game).title
        out.append(d)
        if len(out) >= limit:
            break
    return out


def create_limit(request: Request) -> RateLimit:
    """The app's limit on starting games (made when first needed; tests may set their own)."""
    state = request.app.state
    limit: RateLimit | None = getattr(state, "create_limit", None)
    if limit is None:
        limit = state.create_limit = RateLimit()
    return limit


@router.post("", status_code=201, response_model=SeatAnswer, response_model_exclude_unset=True)
def create(body: NewGame, request: Request, manager: ManagerDep) -> Any:
    wait = create_limit(request).take(request.client.host if request.client else "")
    if wait > 0:
        return too_many(wait, "new games")
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
    try:
        clocks.control(body.clock)  # a bad time control refused before the game is made
    except ValueError as exc:
        raise BadRequest(str(exc)) from None
    session, tokens = manager.create(
        game.name,
        body.scenario,
        options,
        body.seed,
        body.players,
        body.seats,
        position=None if body.position is None else game.shipped_position(body.position),
    )
    if manager.online is not None:
        manager.online.start_clock(session, body.clock)
    return seat_answer(session, tokens)


@router.get("/{gid}", response_model=GameView, response_model_exclude_unset=True)
def get_game(
    gid: str,
    request: Request,
    manager: ManagerDep,
    log_from: int = 0,
    log_step: int | None = None,
    have: str | None = None,
) -> dict[str, Any]:
    session = session_for(manager, gid)
    mine = session.held(seat_token(request))
    return game_view(
        manager,
        session,
        session.state,
        log_from=log_from,
        log_step=log_step,
        mine=mine,
        have=have,
    )


@router.delete("/{gid}", response_model=Deleted, response_model_exclude_unset=True)
def delete_game(gid: str, request: Request, manager: ManagerDep) -> Any:
    session_for(manager, gid)
    waiting = manager.delete(gid, seat_token(request))
    if waiting:
        return JSONResponse({"deleted": None, "waiting_for": waiting}, status_code=202)
    return {"deleted": gid}


@router.post("/{gid}/claim", response_model=SeatAnswer, response_model_exclude_unset=True)
def claim(gid: str, request: Request, manager: ManagerDep) -> dict[str, Any]:
    session = session_for(manager, gid)
    client = request.client.host if request.client else ""
    if not is_loopback(client):
        raise Forbidden("a game from before seats may only be claimed on this machine")
    return seat_answer(session, manager.claim(gid))


@router.post("/{gid}/seat", response_model=SeatAnswer, response_model_exclude_unset=True)
def take_seat(gid: str, request: Request, manager: ManagerDep) -> dict[str, Any]:
    """An invite link's token exchanged for a fresh one only its opener holds."""
    session = session_for(manager, gid)
    return seat_answer(session, manager.take_seat(gid, seat_token(request)))


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
    have: str | None = None,
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
        have=have,
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
