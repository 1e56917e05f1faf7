"""Receivers for the notices tests: a local SMTP server (the few commands smtplib sends,
over asyncio) and a local webhook endpoint, each in a thread of the test, on loopback."""

from __future__ import annotations

import asyncio
import email
import json
import threading
from email.message import Message
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class SmtpSink:
    """An SMTP server on 127.0.0.1 that keeps every message it is given (``.mails``)."""

    def __init__(self) -> None:
        self.mails: list[Message] = []
        self.port = 0
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> SmtpSink:
        self._thread.start()
        self._ready.wait(10)
        return self

    def __exit__(self, *exc: Any) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        server = self._loop.run_until_complete(asyncio.start_server(self._session, "127.0.0.1", 0))
        self.port = server.sockets[0].getsockname()[1]
        self._ready.set()
        self._loop.run_forever()
        server.close()

    async def _session(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        def say(line: str) -> None:
            writer.write((line + "\r\n").encode())

        say("220 sink ready")
        while True:
            raw = await reader.readline()
            if not raw:
                break
            verb = raw.decode(errors="replace").strip().split(" ", 1)[0].upper()
            if verb in ("EHLO", "HELO"):
                say("250 sink")
            elif verb in ("MAIL", "RCPT", "RSET", "NOOP"):
                say("250 ok")
            elif verb == "DATA":
                say("354 go on")
                await writer.drain()
                lines = []
                while True:
                    line = await reader.readline()
                    if line in (b".\r\n", b".\n", b""):
                        break
                    lines.append(line[1:] if line.startswith(b"..") else line)
                self.mails.append(email.message_from_bytes(b"".join(lines)))
                say("250 kept")
            elif verb == "QUIT":
                say("221 bye")
                await writer.drain()
                break
            else:
                say("502 not here")
            await writer.drain()
        writer.close()


class Hooks:
    """A webhook endpoint on 127.0.0.1: keeps each delivery (headers, JSON body); answers
    the statuses in ``.answers`` first (then 200)."""

    def __init__(self, answers: list[int] | None = None) -> None:
        self.got: list[tuple[dict[str, str], bytes]] = []
        self.answers = list(answers or [])
        hooks = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                hooks.got.append(({k.lower(): v for k, v in self.headers.items()}, body))
                status = hooks.answers.pop(0) if hooks.answers else 200
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> Hooks:
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()

    def bodies(self) -> list[dict[str, Any]]:
        return [json.loads(b) for _, b in self.got]
