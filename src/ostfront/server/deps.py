"""What the routes share: the session manager (kept on ``app.state``, handed to each route
as a dependency), the seat token a request carries, and a game looked up by its id."""

from __future__ import annotations

import re
from typing import Annotated

from fastapi import Depends, Request

from . import seats
from .errors import NotFound
from .session import Session
from .sessions import Manager

#: What a game id looks like (anything else is refused before it reaches a page or query).
GAME_ID = re.compile(r"[0-9a-f]{6,32}")


async def get_manager(request: Request) -> Manager:
    """The app's session manager (``create_app`` puts it on ``app.state``)."""
    manager: Manager = request.app.state.manager
    return manager


#: A route's parameter for the session manager.
ManagerDep = Annotated[Manager, Depends(get_manager)]


def seat_token(request: Request) -> str | None:
    """The seat token the request carries (the browser sends it in a header)."""
    return request.headers.get(seats.HEADER)


def check_id(gid: str) -> None:
    """:class:`~.errors.NotFound` for a malformed game id (as for a game that is not)."""
    if not GAME_ID.fullmatch(gid):
        raise NotFound(f"no game {gid[:40]!r}")


def session_for(manager: Manager, gid: str) -> Session:
    """The game with id ``gid`` (:class:`~.errors.NotFound` for none, or a malformed id)."""
    check_id(gid)
    return manager.get(gid)
