"""Issue 31, items 4 and 8: a burst of imports cannot stall the other games, and the
one-server-a-database lock holds whatever name the database is given."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ostfront.ai.players import make_player
from ostfront.core.record import append, new_record
from ostfront.games import get
from ostfront.server.app import create_app
from ostfront.server.gate import Gate
from ostfront.server.store import DatabaseError, Store

#: Imports sent at once in the burst, and the steps of the record each carries.
BURST, STEPS = 16, 800
#: The longest another game's view or /api/meta may take during the burst (seconds); they
#: answer in some 10 ms unloaded, and waited a minute before imports were bounded.
PROMPT = 2.0


def long_record(game_name: str, steps: int, seed: int = 5) -> dict[str, Any]:
    """The record of a game the random player plays for ``steps`` steps."""
    game = get(game_name)
    state = game.setup(None, {}, seed)
    record = new_record(game, state)
    player = make_player("random", seed=seed)
    while game.active_side(state) is not None and len(record.steps) < steps:
        state = append(record, game, state, player.choose(game, state))
    assert len(record.steps) == steps
    return record.to_json()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """``ostfront serve`` as a real process on a free loopback port: its address."""
    port = free_port()
    db, log = tmp_path / "g.sqlite", (tmp_path / "serve.log").open("w")
    command = [sys.executable, "-m", "ostfront", "serve", "--port", str(port), "--db", str(db)]
    proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                call(base, "/api/meta")
                break
            except OSError:
                assert proc.poll() is None, (tmp_path / "serve.log").read_text()
                time.sleep(0.1)
        yield base
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        log.close()


def call(
    base: str, path: str, body: Any = None, timeout: float = 60
) -> tuple[int, dict[str, Any], float, str | None]:
    """Status, answer, seconds taken and Retry-After of one request."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data, {"Content-Type": "application/json"})
    start = time.monotonic()
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            status, raw, retry = r.status, r.read(), r.headers.get("Retry-After")
    except urllib.error.HTTPError as exc:
        status, raw, retry = exc.code, exc.read(), exc.headers.get("Retry-After")
    return status, json.loads(raw), time.monotonic() - start, retry


# ------------------------------------------------------------------ 4. a burst of imports
def test_a_burst_of_imports_leaves_other_games_answering(server: str) -> None:
    record = long_record("dr", STEPS)
    status, other, _, _ = call(server, "/api/games", {"game": "sno"})
    assert status == 201
    answers: list[tuple[int, dict[str, Any], float, str | None]] = []
    start = threading.Barrier(BURST + 1)

    def importer() -> None:
        start.wait()
        answers.append(call(server, "/api/import", record))

    threads = [threading.Thread(target=importer) for _ in range(BURST)]
    for t in threads:
        t.start()
    start.wait()
    waits: list[float] = []
    deadline = time.monotonic() + 120
    while any(t.is_alive() for t in threads) and time.monotonic() < deadline:
        for path in (f"/api/games/{other['id']}", "/api/meta"):
            status, _, took, _ = call(server, path)
            assert status == 200
            waits.append(took)
    for t in threads:
        t.join(timeout=60)
    assert len(answers) == BURST and waits
    assert max(waits) < PROMPT, f"another game waited {max(waits):.1f} s during the burst"
    done = [a for a in answers if a[0] == 201]
    refused = [a for a in answers if a[0] != 201]
    assert done and all(a[1]["steps"] == STEPS for a in done)
    assert refused, "every import of the burst was taken on at once"
    for status, body, _, retry in refused:
        assert status == 503 and "busy importing" in body["error"], body
        assert retry is not None and int(retry) > 0
    status, again, _, _ = call(server, "/api/import", record)  # once the burst is over
    assert status == 201 and again["steps"] == STEPS


def test_an_import_past_the_bound_is_refused_with_retry_after(tmp_path: Path) -> None:
    app = create_app(tmp_path / "g.sqlite", move_delay=0, max_imports=1)
    gate: Gate = app.app.state.imports
    record = long_record("sno", 3)
    with TestClient(app, base_url="http://127.0.0.1") as client:
        with gate.place():  # another import under way
            r = client.post("/api/import", json=record)
            assert r.status_code == 503 and r.headers["Retry-After"] == str(gate.retry_after)
            assert "busy importing other records" in r.json()["error"]
            assert client.get("/api/meta").status_code == 200  # the rest still answers
        assert gate.running == 0
        r = client.post("/api/import", json=record)
        assert r.status_code == 201 and gate.running == 0


# ------------------------------------------------------------------ 8. the database lock
def test_a_second_server_through_a_symlink_is_refused(tmp_path: Path) -> None:
    real = tmp_path / "a.sqlite"
    first = Store(real, exclusive=True)
    (tmp_path / "b.sqlite").symlink_to(real)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "c.sqlite").symlink_to("../a.sqlite")
    for other in (tmp_path / "b.sqlite", tmp_path / "sub" / "c.sqlite"):
        with pytest.raises(DatabaseError, match=r"another Ostfront server .*that is, .*a\.sqlite"):
            Store(other, exclusive=True)
    first.close()
    again = Store(tmp_path / "b.sqlite", exclusive=True)  # free once the first stops
    with pytest.raises(DatabaseError, match="another Ostfront server"):
        Store(real, exclusive=True)
    again.close()
