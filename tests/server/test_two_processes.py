"""Two ``ostfront serve`` processes on one PostgreSQL database serve one set of games
(issue 36): a Defiant Russia game played by an HTTP client alternating between them, a
WebSocket page on one hearing the moves made on the other (LISTEN/NOTIFY), two posts racing
at the same step (exactly one wins), and one process killed with SIGKILL while the other
plays on with every acknowledged action kept. Skipped only when no PostgreSQL server answers.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from test_serve_process import free_port
from web_helpers import TO_AXIS_COMBAT

websockets_sync = pytest.importorskip("websockets.sync.client")


def call(
    base: str, path: str, body: dict[str, Any] | None = None, token: str | None = None
) -> tuple[int, dict[str, Any]]:
    """One request: (status, JSON answer), errors included."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-Ostfront-Seat"] = token
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


@contextlib.contextmanager
def serve_processes(
    args: list[str], n: int = 2, env: dict[str, str] | None = None
) -> Iterator[list[tuple[subprocess.Popen[str], str]]]:
    """``n`` ``ostfront serve`` processes, each on a free port with ``args``, answering
    before this yields (process, base URL) pairs; each killed (its group) afterwards."""
    started = []
    for _ in range(n):
        port = free_port()
        proc = subprocess.Popen(
            [sys.executable, "-m", "ostfront", "serve", "--port", str(port), *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
            env=env,
        )
        started.append((proc, f"http://127.0.0.1:{port}"))
    try:
        for proc, base in started:
            end = time.monotonic() + 60
            while True:
                try:
                    call(base, "/api/meta")
                    break
                except OSError:
                    if proc.poll() is not None or time.monotonic() > end:
                        raise AssertionError(
                            f"the server did not start: {proc.communicate()[1]}"
                        ) from None
                    time.sleep(0.1)
        yield started
    finally:
        for proc, _ in started:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate(timeout=30)


@pytest.fixture
def servers(pg_url: str) -> Iterator[list[tuple[subprocess.Popen[str], str]]]:
    with serve_processes(["--db", pg_url]) as started:
        yield started


def test_two_servers_play_one_game(servers: list[tuple[subprocess.Popen[str], str]]) -> None:
    (proc_a, a), (_, b) = servers
    status, made = call(
        a, "/api/games", {"game": "dr", "seed": 11, "players": {"axis": "human", "soviet": "human"}}
    )
    assert status == 201, made
    gid, token = made["id"], made["seats"]["soviet"]  # hotseat: one token holds both sides
    with websockets_sync.connect(
        f"ws://127.0.0.1:{a.rsplit(':', 1)[1]}/ws/games/{gid}", subprotocols=["ostfront"]
    ) as ws:
        assert json.loads(ws.recv(timeout=10))["seq"] == 0
        heard: list[dict[str, Any]] = []
        listener = threading.Thread(target=_listen, args=(ws, heard), daemon=True)
        listener.start()
        _play(proc_a, a, b, gid, token, heard)


def _listen(ws: Any, heard: list[dict[str, Any]]) -> None:
    """Every message the page hears, until the socket closes."""
    try:
        while True:
            heard.append(json.loads(ws.recv(timeout=20)))
    except Exception:
        return


def _play(
    proc_a: subprocess.Popen[str],
    a: str,
    b: str,
    gid: str,
    token: str,
    heard: list[dict[str, Any]],
) -> None:
    # Alternate between the servers: each sees the other's steps before it acts.
    acknowledged: list[str] = []
    for i, text in enumerate(TO_AXIS_COMBAT[:4]):
        base = (a, b)[i % 2]
        status, v = call(base, f"/api/games/{gid}/actions", {"action": text, "seq": i}, token)
        assert status == 200, (base, text, v)
        assert v["seq"] == i + 1
        acknowledged.append(text)
    end = time.monotonic() + 10  # the page on A heard B's moves (steps 2 and 4) too
    while not any(m.get("seq") == 4 for m in heard) and time.monotonic() < end:
        time.sleep(0.05)
    assert any(m.get("seq") == 4 for m in heard), heard
    assert {m["seq"] for m in heard} >= {2, 4}

    # A race: the same step posted to both servers at once; exactly one wins.
    seq = len(acknowledged)
    results: dict[str, tuple[int, dict[str, Any]]] = {}
    gate = threading.Barrier(2)

    def post(base: str) -> None:
        gate.wait()
        results[base] = call(
            base, f"/api/games/{gid}/actions", {"action": TO_AXIS_COMBAT[seq], "seq": seq}, token
        )

    racers = [threading.Thread(target=post, args=(base,)) for base in (a, b)]
    for t in racers:
        t.start()
    for t in racers:
        t.join()
    codes = sorted(code for code, _ in results.values())
    assert codes == [200, 409], results
    acknowledged.append(TO_AXIS_COMBAT[seq])

    # Kill A outright; B has every acknowledged step and plays on.
    os.killpg(proc_a.pid, signal.SIGKILL)
    proc_a.wait(timeout=10)
    status, v = call(b, f"/api/games/{gid}", token=token)
    assert status == 200 and v["seq"] == len(acknowledged)
    status, record = call(b, f"/api/games/{gid}/record", token=token)
    assert status == 200
    assert [s["action"] for s in record["steps"]] == acknowledged
    status, v = call(
        b,
        f"/api/games/{gid}/actions",
        {"action": TO_AXIS_COMBAT[len(acknowledged)], "seq": len(acknowledged)},
        token,
    )
    assert status == 200 and v["seq"] == len(acknowledged) + 1
