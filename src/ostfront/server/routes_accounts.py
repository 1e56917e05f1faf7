"""Accounts: sign up, sign in, sign out, who is signed in, "My games", keeping this
browser's seats with the account, changing the password, deleting the account, and the
players' ratings (:mod:`.accounts`).

Signing in and up is limited per name and per client address (429 with ``Retry-After``);
a wrong name and a wrong password get the same answer (401). Changing the password and
deleting the account need the current password, and take their attempts from the same
limits as signing in.
"""

from __future__ import annotations

import contextlib
from typing import Any

from fastapi import APIRouter, Query, Request, Response
from fastapi.responses import JSONResponse

from .. import games
from ..core.errors import UnknownGame
from . import accounts
from .deps import GAME_ID, ManagerDep
from .errors import NotFound, error
from .limits import too_many
from .models import (
    AccountDeleted,
    AccountInfo,
    Credentials,
    Linked,
    MyGame,
    PasswordChange,
    PasswordChanged,
    PasswordIn,
    PlayerPage,
    PlayerRow,
    SeatsIn,
    SignedOut,
)
from .seats import held
from .session import HUMAN
from .store import Account, BaseStore, Rating, StoredGame

router = APIRouter(prefix="/api")


def _client(request: Request) -> str:
    return request.client.host if request.client else ""


def _ratings(store: BaseStore, account: Account) -> dict[str, Any]:
    return {game: _rating(r) for game, r in store.ratings(account.id).items()}


def _rating(r: Rating) -> dict[str, Any]:
    return {
        "rating": r.rating,
        "played": r.played,
        "won": r.won,
        "lost": r.lost,
        "drawn": r.drawn,
    }


def _signed_in(request: Request, account: Account, status: int) -> JSONResponse:
    store: BaseStore = request.app.state.manager.store
    token = accounts.new_login(store, account)
    answer = JSONResponse(
        {"signed_in": True, "name": account.name, "ratings": _ratings(store, account)},
        status_code=status,
    )
    accounts.set_login_cookie(answer, token, request)
    return answer


@router.get("/account", response_model=AccountInfo, response_model_exclude_unset=True)
def me(request: Request, manager: ManagerDep) -> dict[str, Any]:
    account = accounts.current_account(request)
    if account is None:
        return {"signed_in": False}
    return {"signed_in": True, "name": account.name, "ratings": _ratings(manager.store, account)}


@router.post(
    "/account/signup",
    status_code=201,
    response_model=AccountInfo,
    response_model_exclude_unset=True,
)
def sign_up(body: Credentials, request: Request, manager: ManagerDep) -> Any:
    """A new account, signed in at once (a name someone has, in any case, is 409)."""
    wait = accounts.limits_of(request).sign_ups.take(_client(request))
    if wait > 0:
        return too_many(wait, "new accounts")
    account = accounts.sign_up(manager.store, body.name, body.password)
    return _signed_in(request, account, 201)


def _attempt(request: Request, name: str) -> float:
    """Take one password attempt at ``name`` from the client: the seconds to wait first
    (0: go on). Signing in, changing the password and deleting the account all take
    from the same buckets (the name's and the address's)."""
    limits = accounts.limits_of(request)
    return max(
        limits.per_address.take(_client(request)),
        limits.per_name.take(name.casefold()[:64]),
    )


@router.post("/account/signin", response_model=AccountInfo, response_model_exclude_unset=True)
def sign_in(body: Credentials, request: Request, manager: ManagerDep) -> Any:
    wait = _attempt(request, body.name)
    if wait > 0:
        return too_many(wait, "sign-in attempts for this name or")
    account = accounts.sign_in(manager.store, body.name, body.password)
    if account is None:
        return error(401, "wrong name or password")
    return _signed_in(request, account, 200)


@router.post("/account/signout", response_model=SignedOut)
def sign_out(request: Request, response: Response, manager: ManagerDep) -> dict[str, Any]:
    accounts.sign_out(manager.store, accounts.login_token(request))
    accounts.clear_login_cookie(response, request)
    return {"signed_in": False}


def _confirmed(request: Request, manager: Any, password: str) -> Account | JSONResponse:
    """The signed-in account if ``password`` is its password; else the answer to give (a
    429 once out of attempts, a 403 for a wrong password)."""
    account = accounts.require_account(request)
    wait = _attempt(request, account.name)
    if wait > 0:
        return too_many(wait, "password attempts for this name or")
    if accounts.sign_in(manager.store, account.name, password) is None:
        return error(403, "wrong password")
    return account


@router.post("/account/password", response_model=PasswordChanged)
def change_password(body: PasswordChange, request: Request, manager: ManagerDep) -> Any:
    """A new password, given the current one; every other browser signed in to the account
    is signed out (this one stays signed in)."""
    accounts.require_account(request)
    accounts.check_password(body.new_password)
    account = _confirmed(request, manager, body.password)
    if isinstance(account, JSONResponse):
        return account
    gone = accounts.change_password(
        manager.store, account, body.new_password, accounts.login_token(request)
    )
    return {"changed": True, "signed_out": gone}


@router.post("/account/delete", response_model=AccountDeleted)
def delete_account(body: PasswordIn, request: Request, manager: ManagerDep) -> Any:
    """Delete the signed-in account, given its password: every login signed out, its name
    shown as "deleted player" in the finished games it played, where it was told of its
    turn forgotten, its ratings and open challenges gone; in its games in play it resigns
    where a human opponent then wins, else its seats are released."""
    account = _confirmed(request, manager, body.password)
    if isinstance(account, JSONResponse):
        return account
    resigned, released = manager.delete_account(account.id)
    answer = JSONResponse(
        {"deleted": True, "signed_in": False, "resigned": resigned, "released": released}
    )
    accounts.clear_login_cookie(answer, request)
    return answer


@router.post("/account/seats", response_model=Linked)
def keep_seats(body: SeatsIn, request: Request, manager: ManagerDep) -> dict[str, Any]:
    """Keep the seats this browser holds (game id -> token) with the account: the sides
    each token holds, unless another account keeps them already."""
    account = accounts.require_account(request)
    out: dict[str, list[str]] = {}
    for gid, token in body.seats.items():
        if not GAME_ID.fullmatch(gid) or not 0 < len(token) <= 64:
            continue
        stored = manager.store.get(gid)
        sides = held(stored.seats if stored else None, token)
        if sides:
            out[gid] = accounts.link_seats(manager.store, gid, sides, account)
    return {"linked": out}


@router.get("/account/games", response_model=list[MyGame], response_model_exclude_unset=True)
def my_games(request: Request, manager: ManagerDep) -> list[dict[str, Any]]:
    """Every game the signed-in account plays, most recently moved first: whose turn it
    is, the result and rating change once over, its rematch."""
    account = accounts.require_account(request)
    out = []
    for g, sides in manager.store.account_games(account.id):
        if g.status == "finished":
            manager.settle(g.id)  # a rated game finished elsewhere (on time, say)
        row = my_game(manager.store, g, sides)
        left = None if manager.online is None else manager.online.time_left(g.id)
        if left is not None:
            row["time_left"] = left
        out.append(row)
    return out


def my_game(store: BaseStore, g: StoredGame, sides: list[str]) -> dict[str, Any]:
    """One game of My games, for the account playing ``sides``."""
    terms = store.terms(g.id)
    active = g.summary.get("active")
    d: dict[str, Any] = {
        "id": g.id,
        "game": g.game,
        "scenario": g.header.get("scenario"),
        "status": g.status,
        "sides": sides,
        "players": g.players,
        "accounts": {s: a.name for s, a in store.seat_accounts(g.id).items()},
        "active": active,
        "your_turn": active in sides and g.players.get(active) == HUMAN,
        "title": g.summary.get("title"),
        "turn": g.summary.get("turn"),
        "result": g.summary.get("result"),
        "rated": terms.rated,
        "rematch": terms.rematch,
        "rematch_of": terms.rematch_of,
        "updated": g.updated,
        "steps": g.steps,
    }
    if terms.rating_change:
        d["rating_change"] = terms.rating_change
    if terms.not_counted:
        d["not_counted"] = terms.not_counted
    with contextlib.suppress(UnknownGame):
        d["game_title"] = games.get(g.game).title
    return d


@router.get("/players", response_model=list[PlayerRow], response_model_exclude_unset=True)
def players(
    manager: ManagerDep,
    game: str = Query(default="*", max_length=32, description='a game, or "*": all games'),
    limit: int = Query(default=200, ge=1, le=1000),
) -> list[dict[str, Any]]:
    """The players by rating (those not yet rated after, by name)."""
    out = []
    for account, rating in manager.store.players(game, limit):
        row: dict[str, Any] = {"name": account.name}
        if rating is not None:
            row.update(_rating(rating))
        out.append(row)
    return out


@router.get("/players/{name}", response_model=PlayerPage, response_model_exclude_unset=True)
def player(name: str, manager: ManagerDep) -> dict[str, Any]:
    found = manager.store.account_by_name(name[:64])
    if found is None:
        raise NotFound(f"no player {name[:40]!r}")
    account = found[0]
    return {
        "name": account.name,
        "created": account.created,
        "ratings": _ratings(manager.store, account),
    }
