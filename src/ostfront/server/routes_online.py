"""The routes of online play (:mod:`.online`): the time controls, a game's clock, its chat,
where a seat is told of its turn, and a live socket for the clock and the chat::

    GET  /api/time-controls        the time controls a game may be made with
    GET  /api/games/<id>/clock     the game's clocks (anyone who may watch it)
    GET  /api/games/<id>/chat      ?after=n: the players' chat (a seat of the game)
    POST /api/games/<id>/chat      {"text"}: say something (a seat of the game)
    GET  /api/games/<id>/notify    where this seat is told of its turn (never the secret)
    PUT  /api/games/<id>/notify    {"webhook", "email", "on"}: set them (a new webhook's
                                   secret is answered once; "on": false pauses them)
    GET  /api/account/notify       where the signed-in account is told, in all its games
    PUT  /api/account/notify       set them (used before a seat's own settings)
    WS   /ws/games/<id>/online     {"clock": ...} when the clock changes; to a seat of the
                                   game, {"chat": [messages]} as they come

**Chat is the players'.** Only a seat of the game reads or writes it, and watchers never
hear of it. A message is plain text, at most :data:`MAX_CHAT` characters, control
characters taken out; it is stored and sent as written, and every client shows it as text
(the game page sets ``textContent``; never markup).
"""

from __future__ import annotations

import asyncio
import unicodedata
from typing import Any

from fastapi import APIRouter, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.concurrency import run_in_threadpool

from ..core.errors import OstfrontError
from . import accounts, clocks, seats
from .deps import ManagerDep, session_for
from .errors import BadRequest, NotFound
from .limits import RateLimit, too_many
from .models import ChatIn, ChatLog, ChatMessage, ClockInfo, NotifyIn, NotifySettings, TimeControl
from .online import Online, account_holder
from .routes_live import loop_notifier
from .seats import Forbidden
from .session import Session
from .sessions import Manager
from .store import Conflict

router = APIRouter()

#: The longest chat message (characters, after trimming).
MAX_CHAT = 500
#: The most messages a game's chat keeps (then it is full).
MAX_CHAT_MESSAGES = 2000
#: Messages a seat may send in a burst, and how fast it refills (a second).
CHAT_BURST = 10
CHAT_PER_SECOND = 0.5
#: Seconds between checks of a live socket for news it may have missed.
SOCKET_POLL = 5.0


def online_of(manager: Manager) -> Online:
    if manager.online is None:  # pragma: no cover - create_app always gives one
        raise BadRequest("this server has no clocks, chat or notices")
    return manager.online


def clean_chat(text: str) -> str:
    """A message as kept: trimmed, control characters (but line breaks) taken out."""
    kept = "".join(
        c for c in text if c == "\n" or not unicodedata.category(c).startswith("C")
    ).strip()
    if not kept:
        raise BadRequest("an empty message")
    if len(kept) > MAX_CHAT:
        raise BadRequest(f"a chat message is at most {MAX_CHAT} characters")
    return kept


def player_sides(request: Request, session: Session) -> set[str]:
    """The sides the caller holds; :class:`Forbidden` for a watcher."""
    mine = accounts.caller_sides(request, session)
    if not mine:
        raise Forbidden("only the players of this game may read or write its chat")
    return mine


def chat_limit(request: Request) -> RateLimit:
    state = request.app.state
    limit: RateLimit | None = getattr(state, "chat_limit", None)
    if limit is None:
        limit = state.chat_limit = RateLimit(burst=CHAT_BURST, per_second=CHAT_PER_SECOND)
    return limit


@router.get("/api/time-controls", response_model=list[TimeControl])
def time_controls() -> list[dict[str, Any]]:
    """The time controls a game may be made with (``clock`` of a new game; also "none")."""
    return [c.to_json() for c in clocks.CONTROLS.values()]


@router.get("/api/games/{gid}/clock", response_model=ClockInfo)
def clock(gid: str, manager: ManagerDep) -> Any:
    """The game's clocks (404 for a game played without them)."""
    session = session_for(manager, gid)
    shown = online_of(manager).clock_view(session)[0]
    if shown is None:
        raise NotFound(f"game {gid} is played without a clock")
    return shown


@router.get("/api/games/{gid}/chat", response_model=ChatLog)
def read_chat(
    gid: str, request: Request, manager: ManagerDep, after: int = Query(default=0, ge=0)
) -> dict[str, Any]:
    session = session_for(manager, gid)
    player_sides(request, session)
    return {"messages": manager.store.chat(gid, after)}


@router.post("/api/games/{gid}/chat", status_code=201, response_model=ChatMessage)
def write_chat(gid: str, body: ChatIn, request: Request, manager: ManagerDep) -> Any:
    session = session_for(manager, gid)
    mine = player_sides(request, session)
    wait = chat_limit(request).take(f"{gid}:{'+'.join(sorted(mine))}")
    if wait > 0:
        return too_many(wait, "chat messages")
    online = online_of(manager)
    text = clean_chat(body.text)
    try:
        msg = manager.store.add_chat(
            gid, "+".join(sorted(mine)), text, online.now(), MAX_CHAT_MESSAGES
        )
    except Conflict as exc:
        raise BadRequest(str(exc)) from None
    online.changed(gid)
    return msg


@router.get(
    "/api/games/{gid}/notify", response_model=NotifySettings, response_model_exclude_unset=True
)
def get_notify(gid: str, request: Request, manager: ManagerDep) -> dict[str, Any]:
    session = session_for(manager, gid)
    mine = accounts.caller_sides(request, session)
    if not mine:
        raise Forbidden("only a player of this game may see where they are told of it")
    return online_of(manager).notify_settings(gid, mine)


@router.put(
    "/api/games/{gid}/notify", response_model=NotifySettings, response_model_exclude_unset=True
)
def put_notify(gid: str, body: NotifyIn, request: Request, manager: ManagerDep) -> dict[str, Any]:
    session = session_for(manager, gid)
    mine = accounts.caller_sides(request, session)
    if not mine:
        raise Forbidden("only a player of this game may say where they are told of it")
    return online_of(manager).set_notify(gid, mine, body.webhook, body.email, body.on)


@router.get("/api/account/notify", response_model=NotifySettings, response_model_exclude_unset=True)
def get_account_notify(request: Request, manager: ManagerDep) -> dict[str, Any]:
    """Where the signed-in account is told of its turn in every game it plays."""
    account = accounts.require_account(request)
    return online_of(manager).notify_settings_of(account_holder(account.id))


@router.put("/api/account/notify", response_model=NotifySettings, response_model_exclude_unset=True)
def put_account_notify(body: NotifyIn, request: Request, manager: ManagerDep) -> dict[str, Any]:
    """Set where the account is told (its settings come before a seat's own)."""
    account = accounts.require_account(request)
    return online_of(manager).set_notify_of(
        [account_holder(account.id)], body.webhook, body.email, body.on
    )


@router.websocket("/ws/games/{gid}/online")
async def live_online(websocket: WebSocket, gid: str) -> None:
    manager: Manager = websocket.app.state.manager
    online = online_of(manager)
    offered = [p for p in websocket.scope.get("subprotocols", []) if p]
    prefix = seats.PROTOCOL_PREFIX
    token = next((p[len(prefix) :] for p in offered if p.startswith(prefix)), None)
    subprotocol = "ostfront" if "ostfront" in offered else None
    try:
        session = await run_in_threadpool(session_for, manager, gid)
    except OstfrontError as exc:
        await websocket.accept(subprotocol=subprotocol)
        await websocket.send_json({"error": str(exc)})
        await websocket.close(code=4404)
        return
    mine = session.held(token)
    if token is not None and not mine:
        await websocket.close(code=4403, reason="not a seat of this game")
        return
    await websocket.accept(subprotocol=subprotocol)
    queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    push = loop_notifier(asyncio.get_running_loop(), queue)

    def wake(changed: str) -> None:
        if changed == gid:
            push({})

    online.on_change.append(wake)
    manager.subscribe(gid, push)  # another process's chat or clock comes as a change

    def news(sent_clock: Any, seen: int) -> tuple[dict[str, Any], Any, int]:
        out: dict[str, Any] = {}
        now_clock = online.clock_view(session)[0]
        if now_clock is not None and (
            sent_clock is None
            or {k: now_clock[k] for k in ("running", "flagged", "control")}
            != {k: sent_clock[k] for k in ("running", "flagged", "control")}
            or (now_clock["left"] != sent_clock["left"] and now_clock["running"] is None)
        ):
            out["clock"] = now_clock
            sent_clock = now_clock
        if mine:
            fresh = manager.store.chat(gid, seen)
            if fresh:
                out["chat"] = fresh
                seen = int(fresh[-1]["n"])
        return out, sent_clock, seen

    try:
        first, sent_clock, seen = await run_in_threadpool(news, None, 0)
        await websocket.send_json({"seats": sorted(mine), **first})
        reader = asyncio.create_task(websocket.receive_text())
        while True:
            getter = asyncio.create_task(queue.get())
            done, _ = await asyncio.wait(
                {reader, getter}, timeout=SOCKET_POLL, return_when=asyncio.FIRST_COMPLETED
            )
            if reader in done:
                getter.cancel()
                reader.result()  # raises WebSocketDisconnect when the page closes
                reader = asyncio.create_task(websocket.receive_text())
                continue
            if getter not in done:
                getter.cancel()
            while not queue.empty():
                queue.get_nowait()
            out, sent_clock, seen = await run_in_threadpool(news, sent_clock, seen)
            if out:
                await websocket.send_json(out)
    except (WebSocketDisconnect, RuntimeError, OSError, OstfrontError):
        pass  # the page went away (or the game did)
    finally:
        manager.unsubscribe(gid, push)
        if wake in online.on_change:
            online.on_change.remove(wake)
