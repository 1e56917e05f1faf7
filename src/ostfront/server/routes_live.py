"""The live socket: each open game page hears ``{"seq", "thinking", "progress", "active",
"ai_error"}`` whenever its game moves, and reloads what changed (``progress``: while the
computer plays, the steps it has taken and for how long, see ``Session.progress``), and
``"over": true`` when the game ended with no step to show it (a player resigned).

Watching needs only the game's id; a seat token, offered as the subprotocol
``seat.<token>``, must be one of the game's (docs/security.md); a signed-in player's login
cookie names the seats kept with the account.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from fastapi.concurrency import run_in_threadpool

from ..core.errors import OstfrontError
from . import accounts, seats
from .deps import session_for
from .sessions import Manager

router = APIRouter()


def loop_notifier(
    loop: asyncio.AbstractEventLoop, queue: asyncio.Queue[dict[str, Any]]
) -> Callable[[dict[str, Any]], None]:
    """A listener that hands messages from any thread to an asyncio queue."""

    def push(msg: dict[str, Any]) -> None:
        loop.call_soon_threadsafe(queue.put_nowait, msg)

    return push


@router.websocket("/ws/games/{gid}")
async def live(websocket: WebSocket, gid: str) -> None:
    manager: Manager = websocket.app.state.manager
    offered = [p for p in websocket.scope.get("subprotocols", []) if p]
    prefix = seats.PROTOCOL_PREFIX
    token = next((p[len(prefix) :] for p in offered if p.startswith(prefix)), None)
    try:
        session = await run_in_threadpool(session_for, manager, gid)
    except OstfrontError as exc:
        await websocket.accept(subprotocol="ostfront" if "ostfront" in offered else None)
        await websocket.send_json({"error": str(exc)})
        await websocket.close(code=4404)
        return
    mine = session.held(token)
    if token is not None and not mine:
        await websocket.close(code=4403, reason="not a seat of this game")
        return
    login = websocket.cookies.get(accounts.COOKIE)
    if login:  # a signed-in player's seats, kept with the account
        account = await run_in_threadpool(accounts.account_for_token, manager.store, login)
        mine |= await run_in_threadpool(accounts.account_sides, manager.store, gid, account)
    await websocket.accept(subprotocol="ostfront" if "ostfront" in offered else None)
    queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    callback = loop_notifier(asyncio.get_running_loop(), queue)
    manager.subscribe(gid, callback)
    try:
        await websocket.send_json(
            {
                "seq": session.seq,
                "thinking": session.thinking,
                "progress": session.progress(),
                "active": None,
                "ai_error": session.ai_error,
                "seats": sorted(mine),
            }
        )
        reader = asyncio.create_task(websocket.receive_text())
        while True:
            getter = asyncio.create_task(queue.get())
            done, _ = await asyncio.wait({reader, getter}, return_when=asyncio.FIRST_COMPLETED)
            if reader in done:
                getter.cancel()
                reader.result()  # raises WebSocketDisconnect when the page closes
                reader = asyncio.create_task(websocket.receive_text())
                continue
            msg = getter.result()
            while not queue.empty():  # only the latest news matters
                msg = queue.get_nowait()
            await websocket.send_json(msg)
    except (WebSocketDisconnect, RuntimeError, OSError):
        pass  # the page went away
    finally:
        manager.unsubscribe(gid, callback)
