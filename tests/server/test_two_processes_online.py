"""Two ``ostfront serve`` processes on one PostgreSQL database (issue 37): a turn notice
and a clock's expiry each fire exactly once, though both processes check the clocks and
the notices' outbox every second. The servers' time comes from a file the test writes
(``OSTFRONT_TEST_TIME``), so the clock runs out without waiting a day. Skipped only when
no PostgreSQL server answers."""

from __future__ import annotations

import json
import os
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from online_helpers import Hooks, SmtpSink
from test_two_processes import call, serve_processes
from web_helpers import TO_AXIS_COMBAT

from ostfront.server.clocks import TEST_TIME_ENV

#: The servers' mail digest window (seconds).
WINDOW = 600.0


@pytest.fixture
def sink() -> Iterator[SmtpSink]:
    with SmtpSink() as s:
        yield s


@pytest.fixture
def timed_servers(pg_url: str, tmp_path: Path, sink: SmtpSink) -> Iterator[tuple[Path, list[str]]]:
    now_file = tmp_path / "now"
    now_file.write_text(str(WINDOW * 3_000_000))  # a window begins
    env = {**os.environ, TEST_TIME_ENV: str(now_file)}
    args = ["--db", pg_url, "--smtp", f"127.0.0.1:{sink.port}", "--mail-every", str(WINDOW)]
    with serve_processes(args, env=env) as started:
        yield now_file, [base for _, base in started]


def _put(base: str, path: str, body: dict[str, Any], token: str) -> tuple[int, Any]:
    req = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "X-Ostfront-Seat": token},
        method="PUT",
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        return r.status, json.loads(r.read())


def _wait(what: str, ok: Any, timeout: float = 20) -> None:
    end = time.monotonic() + timeout
    while not ok():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)


def test_a_notice_and_a_clock_expiry_fire_once_across_two_servers(
    timed_servers: tuple[Path, list[str]], pg_url: str, sink: SmtpSink
) -> None:
    now_file, (a, b) = timed_servers
    status, made = call(
        a,
        "/api/games",
        {"game": "dr", "seats": "invite", "clock": "live", "players": {"soviet": "human"}},
    )
    assert status == 201, made
    gid, seats = made["id"], made["seats"]
    with Hooks() as hooks:
        status, settings = _put(
            a,
            f"/api/games/{gid}/notify",
            {"webhook": hooks.url, "email": "axis@example.org"},
            seats["axis"],
        )
        assert status == 200 and settings["secret"], settings
        # the Soviets' two steps, one on each server: then it is the Axis' decision
        v: dict[str, Any] = {"seq": 0, "active": "soviet"}
        for i, text in enumerate(TO_AXIS_COMBAT[:2]):
            status, v = call(
                (a, b)[i % 2],
                f"/api/games/{gid}/actions",
                {"action": text, "seq": v["seq"]},
                seats[v["active"]],
            )
            assert status == 200, v
        assert v["active"] == "axis"
        _wait("the turn notice", lambda: len(hooks.got) >= 1)
        time.sleep(2.5)  # both servers have checked the outbox twice since
        assert [e["event"] for e in hooks.bodies()[0]["events"]] == ["your-turn"]
        assert len(hooks.got) == 1
        assert sink.mails == []  # gathered until the window closes

        with psycopg.connect(pg_url) as db:
            before = db.execute(
                "SELECT version, deadline FROM clocks WHERE game_id = %s", (gid,)
            ).fetchone()
        assert before is not None
        now_file.write_text(str(before[1] + 1))  # a second past the Axis' deadline
        _wait("the loss on time", lambda: call(b, f"/api/games/{gid}")[1].get("result"))
        _wait("the first mail", lambda: len(sink.mails) >= 1)  # its window closed meanwhile
        now_file.write_text(str(before[1] + 1 + WINDOW))  # and the second's
        _wait("the second mail", lambda: len(sink.mails) >= 2)
        time.sleep(2.5)
        assert len(hooks.got) == 2
        events = [e for body in hooks.bodies() for e in body["events"]]
        assert [(e["event"], e["text"].split(": ", 1)[1]) for e in events] == [
            ("your-turn", "axis to decide (Defiant Russia)"),
            ("game-over", "axis lost on time: soviet wins"),
        ]
    with psycopg.connect(pg_url) as db:
        after = db.execute(
            "SELECT version, flagged FROM clocks WHERE game_id = %s", (gid,)
        ).fetchone()
        sent = db.execute("SELECT kind, status, tries FROM notices ORDER BY due, kind").fetchall()
    assert after == (before[0] + 1, "axis")  # flagged by one update of one process
    assert sent == [
        ("webhook", "sent", 1),
        ("email", "sent", 1),
        ("webhook", "sent", 1),
        ("email", "sent", 1),
    ]
    assert len(sink.mails) == 2
    assert "axis to decide" in str(sink.mails[0].get_payload())
    assert "axis lost on time" in str(sink.mails[1].get_payload())
    for base in (a, b):
        status, v = call(base, f"/api/games/{gid}", token=seats["axis"])
        assert v["result"]["reason"] == "axis lost on time" and v["actions"] == []
