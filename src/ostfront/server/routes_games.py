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

from fastapi import APIRouter, Query, Request, Response
from fastapi.responses import JSONResponse
from pydantic import TypeAdapter

from .. import games
from ..core.errors import UnknownGame
from ..core.protocol import NotPlayable
from . import accounts, clocks, describe
from .deps import ManagerDep, check_id, seat_token, session_for
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
    RematchAnswer,
    SeatAnswer,
    Terms,
    UnitCard,
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
#: The game view's model, read by :func:`view_answer`.
GAME_VIEW = TypeAdapter(GameView)


def view_answer(view: dict[str, Any]) -> Response:
    """A game view answered as the JSON FastAPI makes of a route's return value with
    ``response_model=GameView, response_model_exclude_unset=True`` (validated by the model,
    fields not set left out: the same bytes), made here, in the thread the route runs in.
    FastAPI validates a sync route's return value in a second turn of the thread pool - a
    hand-over to a thread and back for every post and view (issue 36: about 0.45 M
    instructions an SNO post, and the threads' wake-ups); a Response returned is sent as it
    is."""
    value = GAME_VIEW.validate_python(view, from_attributes=True)
    body = GAME_VIEW.dump_json(value, by_alias=True, exclude_unset=True)
    return Response(content=body, media_type="application/json")


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
    """The most recently moved games a caller may see: its own (naming one of its seats in
    ``X-Ostfront-Seats``, or kept with its account), those started as public, and on this
    machine those from before seats (to claim). Any other game is unlisted: its id is
    known only to whoever was given it."""
    mine = _caller_seats(request)
    account = accounts.current_account(request)
    held = set() if account is None else manager.store.held_games(account.id)
    public = manager.store.public_games()
    client = request.client.host if request.client else ""
    local = is_loopback(client)
    out = []
    for g in manager.store.all():
        own = g.id in held or bool(mine & set((g.seats or {}).values()))
        if not (own or g.id in public or (g.seats is None and local)):
            continue
        d = g.to_json()
        d["claimable"] = g.seats is None
        d["mine"] = own
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
    account = accounts.current_account(request)
    if body.rated:
        if account is None:
            raise accounts.NotSignedIn("sign in to start a rated game")
        if body.seats != "invite" or any(p != "human" for p in body.players.values()):
            raise BadRequest("a rated game is between two humans: invite seats, no computer")
    try:
        answer = start_game(manager, body)
    except UnknownGame as exc:  # a bad scenario or option is a bad request, not a 404
        raise BadRequest(str(exc)) from None
    gid = answer["id"]
    if body.rated or body.public:
        manager.store.set_terms(gid, rated=body.rated, public=body.public)
    if account is not None and body.seats != "invite":  # every side is this browser's
        accounts.link_seats(manager.store, gid, answer["seats"], account)
    return answer


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
) -> Response:
    session = session_for(manager, gid)
    mine = accounts.caller_sides(request, session)
    view = game_view(
        manager,
        session,
        session.state,
        log_from=log_from,
        log_step=log_step,
        mine=mine,
        have=have,
    )
    return view_answer(view)


@router.delete("/{gid}", response_model=Deleted, response_model_exclude_unset=True)
def delete_game(gid: str, request: Request, manager: ManagerDep) -> Any:
    session_for(manager, gid)
    waiting = manager.delete(gid, seat_token(request), _account_id(request))
    if waiting:
        return JSONResponse({"deleted": None, "waiting_for": waiting}, status_code=202)
    return {"deleted": gid}


@router.post("/{gid}/claim", response_model=SeatAnswer, response_model_exclude_unset=True)
def claim(gid: str, request: Request, manager: ManagerDep) -> dict[str, Any]:
    session = session_for(manager, gid)
    client = request.client.host if request.client else ""
    if not is_loopback(client):
        raise Forbidden("a game from before seats may only be claimed on this machine")
    tokens = manager.claim(gid)
    account = accounts.current_account(request)
    if account is not None:  # claimed while signed in: kept with the account
        accounts.link_seats(manager.store, gid, tokens, account)
    return seat_answer(session, tokens)


@router.post("/{gid}/seat", response_model=SeatAnswer, response_model_exclude_unset=True)
def take_seat(gid: str, request: Request, manager: ManagerDep) -> dict[str, Any]:
    """An invite link's token exchanged for a fresh one only its opener holds (and, when
    signed in, the seat kept with the account)."""
    session = session_for(manager, gid)
    tokens = manager.take_seat(gid, seat_token(request))
    account = accounts.current_account(request)
    if account is not None:
        accounts.link_seats(manager.store, gid, tokens, account)
    return seat_answer(session, tokens)


@router.get("/{gid}/terms", response_model=Terms, response_model_exclude_unset=True)
def terms(gid: str, request: Request, manager: ManagerDep) -> dict[str, Any]:
    """Rated or not, listed or not, its rematch, who plays each side by account, whether it
    is over, and the sides the caller holds."""
    session = session_for(manager, gid)
    t = manager.store.terms(gid)
    out: dict[str, Any] = {
        "rated": t.rated,
        "public": t.public,
        "rematch_of": t.rematch_of,
        "rematch": t.rematch,
        "accounts": {s: a.name for s, a in manager.store.seat_accounts(gid).items()},
        "finished": manager.over(session),
        "yours": sorted(accounts.caller_sides(request, session)),
    }
    if t.rating_change:
        out["rating_change"] = t.rating_change
    if t.not_counted:
        out["not_counted"] = t.not_counted
    return out


@router.post(
    "/{gid}/rematch",
    status_code=201,
    response_model=RematchAnswer,
    response_model_exclude_unset=True,
)
def rematch(gid: str, request: Request, manager: ManagerDep) -> dict[str, Any]:
    """A finished game's rematch, sides swapped: made by the first player to ask, joined by
    the other (players only)."""
    session_for(manager, gid)
    new, tokens = manager.rematch(gid, seat_token(request), _account_id(request))
    token = next(iter(tokens.values()), None)
    url = f"/game/{new.id}" + (f"#seat={token}" if token else "")
    return {"id": new.id, "url": url, "seats": tokens}


def _account_id(request: Request) -> str | None:
    account = accounts.current_account(request)
    return None if account is None else account.id


@router.put("/{gid}/players", response_model=Players, response_model_exclude_unset=True)
def put_players(gid: str, body: PlayersIn, request: Request, manager: ManagerDep) -> dict[str, Any]:
    session_for(manager, gid)
    session = manager.set_players(gid, body.players, seat_token(request), _account_id(request))
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
) -> Response:
    """Act (``{"action": text, "seq": n}``): the new position. Its posts are mostly served
    by :mod:`.act_path` (the same :func:`act_answer`, without FastAPI's layers); this route
    serves the requests that path hands on, and is the one ``/docs`` lists."""
    return act_answer(manager, request, gid, body.action, body.seq, log_from, log_step, have)


def act_answer(
    manager: Manager,
    request: Request,
    gid: str,
    action: str,
    seq: int,
    log_from: int = 0,
    log_step: int | None = None,
    have: str | None = None,
) -> Response:
    """The answer to an action posted: the game view after it (:func:`view_answer`). The
    game is looked up once, by :meth:`.Manager.act` (a game not there is NotFound there,
    with :func:`.deps.session_for`'s words)."""
    check_id(gid)
    token = seat_token(request)
    account = _account_id(request)
    # the game's lock across the step and the view of it, so the answer shows this step;
    # the view's turn of the engine lock resumes the step's (no second wait in the queue)
    with manager.game_lock(gid):
        session = manager.act(gid, action, seq, token=token, account=account)
        view = game_view(
            manager,
            session,
            session.state,
            log_from=log_from,
            log_step=log_step,
            mine=accounts.caller_sides(request, session),
            have=have,
            resume=True,
        )
    return view_answer(view)


@router.get("/{gid}/odds", response_model=Odds, response_model_exclude_unset=True)
def odds(gid: str, action: str, manager: ManagerDep) -> dict[str, Any]:
    session = session_for(manager, gid)
    with manager.engine:
        found = session.game.find_action(session.state, action)
        out = describe.odds(session.game, session.state, found)
    if out is None:
        raise BadRequest(f"'{found.text}' rolls no dice")
    return out


@router.get("/{gid}/units/{uid}", response_model=UnitCard, response_model_exclude_unset=True)
def unit_card(gid: str, uid: str, manager: ManagerDep, step: int | None = None) -> dict[str, Any]:
    """The unit card of one unit (``Game.unit_card``): now, or at a step of the replay."""
    session = session_for(manager, gid)
    state = session.state if step is None else manager.state_at(gid, step)
    with manager.engine:
        card = session.game.unit_card(state, uid)
    if card is None:
        raise BadRequest(f"no unit {uid!r} in this game")
    return card


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
