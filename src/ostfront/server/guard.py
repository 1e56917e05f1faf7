"""What every request to the web app must pass before a route sees it (an ASGI middleware).

- **Host.** The ``Host`` header must name this server: an IP address, ``localhost``, this
  machine's name, or a name given with ``ostfront serve --allow-host``. A page on a foreign
  name that resolves to this machine (DNS rebinding) is refused.
- **Origin.** A request that changes something (any method but GET, HEAD, OPTIONS) and every
  WebSocket must come from a page of this server: an ``Origin`` header, when there is one,
  must be this very host, and a browser's ``Sec-Fetch-Site`` must not be ``cross-site`` or
  ``same-site``. Programs that send neither (curl, the tests) are not browsers and carry no
  one's cookies or seats.
- **Content type.** A body sent to the API must be ``application/json``: a form or a
  ``text/plain`` post (what another site may send without asking) is refused.
- **Size.** A body is at most :data:`MAX_BODY` bytes (:data:`MAX_IMPORT_BODY` for a record
  import).
- **Time.** A body must arrive whole within :data:`BODY_SECONDS` (else 408 and the
  connection is closed), so a client cannot hold connections open with half-sent bodies.
- **Headers.** Every response says: a Content-Security-Policy allowing only this server's
  scripts, styles, images and sockets (no inline script), no framing, no sniffing, no
  referrer.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import socket
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: The largest request body, in bytes, but for an import.
MAX_BODY = 64 * 1024
#: The largest record file an import accepts, in bytes.
MAX_IMPORT_BODY = 4 * 1024 * 1024
#: Seconds a request body may take to arrive whole.
BODY_SECONDS = 20.0

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}


def is_loopback(host: str) -> bool:
    """Whether binding to ``host`` keeps the server to this machine."""
    if host.strip("[]").lower() in ("localhost", "localhost.localdomain"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def host_name(value: str) -> str:
    """The name in a Host header, without the port (an IPv6 address keeps no brackets)."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1 : value.find("]")] if "]" in value else value
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def default_hosts(extra: Iterable[str] = ()) -> set[str]:
    names = {"localhost", "localhost.localdomain"}
    try:
        me = socket.gethostname().lower()
    except OSError:  # pragma: no cover
        me = ""
    if me:
        names |= {me, me.split(".")[0], me.split(".")[0] + ".local"}
    return names | {e.strip().lower() for e in extra if e.strip()}


def host_allowed(name: str, allowed: set[str]) -> bool:
    if not name:
        return False
    if "*" in allowed or name in allowed or name.endswith(".localhost"):
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True  # an address is its own origin: no name to rebind


def _headers(scope: Scope) -> dict[str, str]:
    out: dict[str, str] = {}
    for k, v in scope.get("headers", []):
        out[k.decode("latin-1").lower()] = v.decode("latin-1")
    return out


class Guard:
    """The checks above, around the app."""

    def __init__(
        self, app: ASGIApp, allowed_hosts: Iterable[str] = (), body_seconds: float = BODY_SECONDS
    ) -> None:
        self.app = app
        self.allowed = default_hosts(allowed_hosts)
        self.body_seconds = body_seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        problem = self.problem(scope, headers)
        if problem is not None:
            status, message = problem
            if kind == "websocket":
                await send({"type": "websocket.close", "code": 4403, "reason": message[:120]})
            else:
                await _refuse(send, status, message)
            return
        if kind == "websocket":
            await self.app(scope, receive, send)
            return
        body_limit = MAX_IMPORT_BODY if scope.get("path") == "/api/import" else MAX_BODY
        if scope["method"] not in SAFE_METHODS:
            declared = headers.get("content-length", "0")
            too_big = not declared.isdigit() or int(declared) > body_limit
            body = b""
            if not too_big:
                try:
                    # a deadline on this task (wait_for would run the read as a task of its own)
                    async with asyncio.timeout(self.body_seconds):
                        body, too_big = await _read_body(receive, body_limit)
                except TimeoutError:
                    await _refuse(
                        send,
                        408,
                        f"the request body did not arrive within {self.body_seconds:g} s",
                        close=True,
                    )
                    return
            if too_big:
                await _refuse(send, 413, f"the request body is larger than {body_limit} bytes")
                return
            if body and scope.get("path", "").startswith("/api/"):
                ctype = headers.get("content-type", "").split(";")[0].strip().lower()
                if ctype != "application/json":
                    await _refuse(
                        send, 415, "send the request body as application/json, not " + repr(ctype)
                    )
                    return
            receive = replay(body, receive)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = list(message.get("headers", [])) + SECURITY_HEADERS
            await send(message)

        await self.app(scope, receive, send_with_headers)

    def problem(self, scope: Scope, headers: dict[str, str]) -> tuple[int, str] | None:
        host = headers.get("host", "")
        if not host_allowed(host_name(host), self.allowed):
            return 400, (
                f"this server does not answer to the host name {host_name(host)!r} "
                "(start it with --allow-host NAME to serve a name)"
            )
        if scope["type"] == "http" and scope["method"] in SAFE_METHODS:
            return None
        origin = headers.get("origin")
        if origin is not None:
            scheme, _, rest = origin.partition("://")
            if scheme not in ("http", "https") or rest.lower() != host.strip().lower():
                return 403, f"cross-origin request refused (from {origin!r})"
        if headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
            return 403, "cross-site request refused"
        return None


async def _refuse(send: Send, status: int, message: str, *, close: bool = False) -> None:
    body = json.dumps({"error": message}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        *SECURITY_HEADERS,
    ]
    if close:  # the rest of the request never came: the connection cannot be reused
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def _read_body(receive: Receive, limit: int) -> tuple[bytes, bool]:
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return b"", True
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks), False


def replay(body: bytes, then: Receive) -> Receive:
    """The body already read, then whatever the connection says next."""
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await then()

    return receive
