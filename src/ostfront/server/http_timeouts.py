"""uvicorn's HTTP protocol with a deadline on each request head.

uvicorn waits for a request's line and headers as long as the client likes, so a client
could hold connections with heads it never finishes. :class:`HeadTimedHttp` closes a
connection whose head (from its first byte, or from the connection's opening) has not
arrived whole within :attr:`HeadTimedHttp.head_seconds`. The body has its own deadline in
:mod:`.guard`; an idle kept-alive connection closes after uvicorn's ``timeout_keep_alive``.
"""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

#: Seconds a request's line and headers may take to arrive.
HEAD_SECONDS = 10.0


class HeadTimedHttp(HttpToolsProtocol):
    """:class:`HttpToolsProtocol`, closing a connection whose request head is too slow."""

    head_seconds = HEAD_SECONDS
    _head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._head_timer = self.loop.call_later(self.head_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _too_slow(self) -> None:
        self._head_timer = None
        if not self.transport.is_closing():
            self.transport.close()
