"""The lobby: open challenges (game, scenario, options, side, clock, rated) that signed-in
players post, and another signed-in player accepts.

Accepting starts the game with invite seats whose tokens no one is given: each side is kept
with its account (:mod:`.accounts`), so each player acts by being signed in. Of two players
accepting at once exactly one gets the game (the challenge is taken in one transaction).
A challenge marked private starts an unlisted game; the challenge itself is listed, since
it is an invitation to anyone signed in.
"""

from __future__ import annotations

import contextlib
import secrets
import time
from typing import Any

from fastapi import APIRouter, Request

from .. import games
from ..core.errors import OstfrontError, UnknownGame
from ..core.protocol import NotPlayable
from . import accounts, clocks, seats
from .deps import ManagerDep
from .errors import BadRequest, NotFound
from .models import Accepted, ChallengeIn, ChallengeInfo, Lobby
from .seats import Forbidden
from .session import HUMAN
from .store import Challenge

router = APIRouter(prefix="/api/lobby")

#: The most open challenges one account may have at once.
MAX_OPEN = 20
#: A side the author leaves to chance.
RANDOM = "random"


def _info(c: Challenge) -> dict[str, Any]:
    d: dict[str, Any] = {
        "id": c.id,
        "by": c.account_name,
        "game": c.game,
        "scenario": c.scenario,
        "options": c.options,
        "side": c.side,
        "clock": c.clock,
        "rated": c.rated,
        "public": c.public,
        "created": c.created,
        "game_id": c.game_id,
        "accepted_by": c.accepted_name,
    }
    with contextlib.suppress(UnknownGame):
        d["game_title"] = games.get(c.game).title
    return d


@router.get("", response_model=Lobby, response_model_exclude_unset=True)
def lobby(request: Request, manager: ManagerDep) -> dict[str, Any]:
    """The open challenges, and the signed-in player's own (open or accepted)."""
    account = accounts.current_account(request)
    mine = [] if account is None else manager.store.account_challenges(account.id)
    return {
        "open": [_info(c) for c in manager.store.challenges()],
        "mine": [_info(c) for c in mine],
    }


@router.post("", status_code=201, response_model=ChallengeInfo, response_model_exclude_unset=True)
def post_challenge(body: ChallengeIn, request: Request, manager: ManagerDep) -> dict[str, Any]:
    account = accounts.require_account(request)
    try:
        game = games.get(body.game)
    except UnknownGame as exc:
        raise BadRequest(str(exc)) from None
    if not game.playable:
        raise NotPlayable(f"{game.title}: the rules engine is not written yet")
    scenarios = [s.id for s in game.scenarios()]
    if body.scenario is not None and body.scenario not in scenarios:
        raise BadRequest(f"{game.title} has no scenario {body.scenario!r}")
    known = {o.id: o for o in game.options()}
    for key, value in body.options.items():
        option = known.get(key)
        if option is None:
            raise BadRequest(f"{game.title} has no option {key!r}")
        scalar = value is None or isinstance(value, bool | int | float | str)
        if not scalar or (option.choices and value not in option.choices):
            raise BadRequest(f"{game.title}'s option {key!r} cannot be {value!r}"[:200])
    if body.side != RANDOM and body.side not in game.sides:
        raise BadRequest(f"side must be one of {', '.join(game.sides)} or {RANDOM}")
    try:
        clocks.control(body.clock)  # a bad time control refused when posted
    except ValueError as exc:
        raise BadRequest(str(exc)) from None
    mine = manager.store.account_challenges(account.id)
    if sum(1 for c in mine if c.game_id is None) >= MAX_OPEN:
        raise BadRequest(f"you have {MAX_OPEN} open challenges already: withdraw one first")
    challenge = Challenge(
        id=secrets.token_hex(8),
        account_id=account.id,
        game=game.name,
        scenario=body.scenario,
        options=dict(body.options),
        side=body.side,
        clock=body.clock,
        rated=body.rated,
        public=body.public,
        created=time.time(),
        account_name=account.name,
    )
    manager.store.add_challenge(challenge)
    return _info(challenge)


@router.delete("/{cid}", response_model=ChallengeInfo, response_model_exclude_unset=True)
def withdraw(cid: str, request: Request, manager: ManagerDep) -> dict[str, Any]:
    """Withdraw your own challenge while it is open."""
    account = accounts.require_account(request)
    c = manager.store.challenge(cid[:32])
    if c is None:
        raise NotFound(f"no challenge {cid[:32]!r}")
    if c.account_id != account.id:
        raise Forbidden("only its author may withdraw a challenge")
    if not manager.store.drop_challenge(c.id, account.id):
        raise BadRequest("this challenge has been accepted already")
    return _info(c)


@router.post(
    "/{cid}/accept", status_code=201, response_model=Accepted, response_model_exclude_unset=True
)
def accept(cid: str, request: Request, manager: ManagerDep) -> dict[str, Any]:
    """Accept a challenge: the game starts, each side kept with its player's account."""
    account = accounts.require_account(request)
    c = manager.store.challenge(cid[:32])
    if c is None:
        raise NotFound(f"no challenge {cid[:32]!r}")
    if c.account_id == account.id:
        raise BadRequest("you cannot accept your own challenge")
    if not manager.store.take_challenge(c.id, account.id):
        raise BadRequest("this challenge has been accepted already or withdrawn")
    try:
        game = games.get(c.game)
        author = c.side if c.side != RANDOM else game.sides[secrets.randbelow(len(game.sides))]
        session, _ = manager.create(
            game.name,
            c.scenario,
            c.options,
            None,
            dict.fromkeys(game.sides, HUMAN),
            seats.INVITE,
        )
    except OstfrontError:
        manager.store.challenge_game(c.id, None)  # open again: its game could not start
        raise
    other = [s for s in game.sides if s != author]
    manager.store.link_seats(session.id, [author], c.account_id)
    manager.store.link_seats(session.id, other, account.id)
    manager.store.set_terms(session.id, rated=c.rated, public=c.public)
    if manager.online is not None and c.clock:
        manager.online.start_clock(session, c.clock)
    manager.store.challenge_game(c.id, session.id)
    return {"id": session.id, "url": f"/game/{session.id}"}
