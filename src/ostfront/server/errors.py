"""The server's own errors and the HTTP status each error of the system answers with.

Every error a route lets through becomes ``{"error": "..."}`` with a 4xx or 5xx status
(:func:`add_error_handlers`): a stale sequence number, a move for the computer's side and a
copy of a game still in play and a taken account name are 409, a missing seat 403, a request
that needs an account and has none 401, an unknown game 404, an illegal
action or a record that does not replay 422, a database that fails 503, a server too busy for
more of that work 503 with ``Retry-After``, any other bad input 400.
"""

from __future__ import annotations

import sqlite3
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from ..core.errors import IllegalAction, OstfrontError, RecordError, UnknownGame
from ..core.hexgrid import HexIdError
from .seats import Forbidden
from .store import DatabaseError, NameTaken


class NotFound(OstfrontError):
    """No game with that id."""


class Stale(OstfrontError):
    """The client acted on an older position than the current one."""

    def __init__(self, message: str, seq: int) -> None:
        super().__init__(message)
        self.seq = seq


class NotYourTurn(OstfrontError):
    """A human tried to act for a side the computer plays."""


class Busy(OstfrontError):
    """The server already runs as much of this work as it takes on at once (:mod:`.gate`)."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class InPlay(OstfrontError):
    """A request that would fork a game still in play (its dice would be foreseen)."""


class NotSignedIn(Forbidden):
    """The request needs a signed-in account (answered 401)."""


class BadRequest(OstfrontError):
    """Input that names nothing sensible (an unknown side, level, option...)."""


def error(status: int, message: str, **extra: Any) -> JSONResponse:
    """The answer to a request that failed: ``{"error": message, ...}``."""
    return JSONResponse({"error": message, **extra}, status_code=status)


def ostfront_error(exc: OstfrontError) -> JSONResponse:
    """An error of the system, answered with the status that says what went wrong."""
    if isinstance(exc, Stale):
        return error(409, str(exc), seq=exc.seq)
    if isinstance(exc, NotSignedIn):
        return error(401, str(exc))
    if isinstance(exc, NotYourTurn | InPlay | NameTaken):
        return error(409, str(exc))
    if isinstance(exc, Forbidden):
        return error(403, str(exc))
    if isinstance(exc, NotFound | UnknownGame):
        return error(404, str(exc))
    if isinstance(exc, IllegalAction | RecordError):
        return error(422, str(exc))
    if isinstance(exc, DatabaseError):
        return error(503, str(exc))
    if isinstance(exc, Busy):
        busy = error(503, str(exc))
        busy.headers["Retry-After"] = str(exc.retry_after)
        return busy
    return error(400, str(exc))


def handled(exc: Exception) -> JSONResponse | None:
    """The answer :func:`add_error_handlers` gives ``exc`` (None: none of them takes it).
    Starlette picks the handler of the first class in the error's MRO that has one; these
    three classes share no subclass, so the order here is theirs."""
    if isinstance(exc, OstfrontError):
        return ostfront_error(exc)
    if isinstance(exc, sqlite3.Error):
        return error(503, f"the game database failed: {exc}")
    if isinstance(exc, HexIdError):
        return error(404, str(exc))
    return None


def add_error_handlers(app: FastAPI) -> None:
    """Answer the system's errors, the database's and a hex id that names no hex
    (:func:`handled`)."""

    @app.exception_handler(OstfrontError)
    @app.exception_handler(sqlite3.Error)
    @app.exception_handler(HexIdError)
    async def on_error(request: Request, exc: Exception) -> JSONResponse:
        answer = handled(exc)
        if answer is None:  # pragma: no cover - registered for these three classes only
            raise exc
        return answer
