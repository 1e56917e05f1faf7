"""The short way of an action's post (``POST /api/games/<id>/actions``), the page's one
request a move (issue 36: the server's CPU per action).

Through FastAPI a post passes its middleware (errors, exceptions, telemetry, the body
limit, gzip), the router's match over every route, the dependencies solved, the body
validated by :class:`~.models.ActionIn` and the query by the route's signature: about as
much of the event loop's CPU as the step itself takes (benchmarks/README.md, "DR post, fifth
round"). :class:`ActPath` sits between :class:`~.guard.Guard` and the app and answers the
ordinary post itself: the body read as JSON, exactly ``{"action": text, "seq": n}`` of the
model's types and bounds, the query only ``log_from``, ``log_step`` and ``have`` once
each, in a plain form; then :func:`.routes_games.act_answer` (what the route runs) in the
thread pool, an error of the system answered by the same handler
(:func:`.errors.handled`), and gzip as the app's :class:`GZipMiddleware` would apply it (the
same zlib stream). Anything else - a body the model would refuse or coerce, a query
FastAPI would parse its own way - is handed to the app unchanged, so every answer is the
route's own (``tests/server/test_act_path.py`` posts each kind both ways and compares the
answers byte for byte). The route stays the API's contract (``/docs``).
"""

from __future__ import annotations

import json
import re
import zlib
from typing import Any
from urllib.parse import parse_qsl

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

from .errors import handled
from .guard import ASGIApp, Receive, Scope, Send, replay
from .models import ActionIn
from .routes_games import act_answer

#: The path of an action's post (the id as :data:`.deps.GAME_ID` takes it).
ACT_PATH = re.compile(r"/api/games/([0-9a-f]{6,32})/actions")
#: A query value FastAPI reads as an int the same way (no sign, spaces, zeros in front).
PLAIN_INT = re.compile(r"0|-?[1-9][0-9]{0,17}")
#: The body's bounds, read off the model (the action's text: 1-200 characters).
_ACTION = ActionIn.model_fields["action"].metadata
ACTION_MIN = next(m.min_length for m in _ACTION if hasattr(m, "min_length"))
ACTION_MAX = next(m.max_length for m in _ACTION if hasattr(m, "max_length"))


def plain_post(body: bytes, query: bytes) -> tuple[str, int, dict[str, Any]] | None:
    """The action, sequence number and query arguments of an ordinary post; None for
    anything the route should see itself."""
    try:
        data = json.loads(body)
        pairs = parse_qsl(query.decode("latin-1"), keep_blank_values=True)
    except ValueError:  # not JSON, not text (UnicodeDecodeError is a ValueError)
        return None
    if not isinstance(data, dict) or data.keys() != {"action", "seq"}:
        return None
    action, seq = data["action"], data["seq"]
    if type(action) is not str or not ACTION_MIN <= len(action) <= ACTION_MAX:
        return None
    if type(seq) is not int:  # a bool, a float or a string FastAPI would coerce (or refuse)
        return None
    args: dict[str, Any] = {}
    for key, value in pairs:
        if key in args or not value:
            return None
        if key in ("log_from", "log_step"):
            if not PLAIN_INT.fullmatch(value):
                return None
            args[key] = int(value)
        elif key == "have":
            args[key] = value
        else:
            return None
    return action, seq, args


def gzipped(response: Response, accepts: bool, minimum: int, level: int) -> Response:
    """``response`` as Starlette's ``GZipMiddleware(minimum_size=minimum,
    compresslevel=level)`` sends it: an answer of ``minimum`` bytes or more says it varies
    with Accept-Encoding and, to a client that ``accepts`` gzip, goes compressed (the same
    zlib stream, so the same bytes)."""
    body = bytes(response.body)
    if len(body) < minimum:
        return response
    headers = response.headers  # MutableHeaders over response.raw_headers
    headers.add_vary_header("Accept-Encoding")
    if accepts:
        packer = zlib.compressobj(level, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
        packed = packer.compress(body) + packer.flush()
        if packed != body:
            headers["Content-Encoding"] = "gzip"
            headers["Content-Length"] = str(len(packed))
            response.body = packed
    return response


class ActPath:
    """Action posts answered without FastAPI's layers; every other request to ``app``."""

    def __init__(self, app: Any, gzip_minimum: int, gzip_level: int) -> None:
        self.app: ASGIApp = app
        self.owner = app  # what a Request of the app's own routes names as its app
        self.state = app.state  # the app's: its manager
        self.gzip_minimum, self.gzip_level = gzip_minimum, gzip_level

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = (
            ACT_PATH.fullmatch(scope["path"])
            if scope["type"] == "http" and scope["method"] == "POST"
            else None
        )
        if found is None:
            await self.app(scope, receive, send)
            return
        body = b""  # the Guard read it whole (one message), with its bounds on size and time
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body", False):
                break
        post = plain_post(body, scope.get("query_string", b""))
        if post is None:
            await self.app(scope, replay(body, receive), send)
            return
        action, seq, args = post
        accepts = False
        for name, value in scope["headers"]:
            if name == b"accept-encoding":
                accepts = b"gzip" in value
                break
        response = await run_in_threadpool(
            self.answer, scope, found.group(1), action, seq, args, accepts
        )
        try:
            await response(scope, receive, send)
        finally:
            if isinstance(response, Failed):
                raise response.error

    def answer(
        self, scope: Scope, gid: str, action: str, seq: int, args: dict[str, Any], accepts: bool
    ) -> Response:
        """In the thread pool: the route's answer, or its error's, compressed."""
        scope["app"] = self.owner
        request = Request(scope)
        try:
            response = act_answer(self.state.manager, request, gid, action, seq, **args)
        except Exception as exc:
            response = handled(exc) or Failed(exc)
        return gzipped(response, accepts, self.gzip_minimum, self.gzip_level)


class Failed(PlainTextResponse):
    """An error no handler answers: 500 as Starlette's ``ServerErrorMiddleware`` sends it,
    and the error raised after it (for the server's log, as there)."""

    def __init__(self, error: Exception) -> None:
        super().__init__("Internal Server Error", status_code=500)
        self.error = error
