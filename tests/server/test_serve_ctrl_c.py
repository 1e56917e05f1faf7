"""Ctrl-C on ``ostfront serve`` while the computer players' worker processes start (issue 35,
item 8): the terminal sends SIGINT to the whole process group - the server, the workers being
spawned and multiprocessing's resource tracker. The server stops cleanly, and no process
prints a KeyboardInterrupt traceback or a "leaked semaphore" warning."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(
    not hasattr(os, "killpg") or not Path("/proc").is_dir(),
    reason="process groups and /proc (POSIX, Linux)",
)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _group(pgid: int) -> list[str]:
    """The command lines of the processes in process group ``pgid``."""
    out = []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
            if int(stat.rsplit(")", 1)[1].split()[2]) == pgid:
                out.append((d / "cmdline").read_bytes().replace(b"\0", b" ").decode())
        except (OSError, ValueError, IndexError):
            continue
    return out


def _wait(cond: object, what: str, timeout: float = 60) -> None:
    end = time.monotonic() + timeout
    while not cond():  # type: ignore[operator]
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def test_ctrl_c_while_workers_start_is_quiet(tmp_path: Path) -> None:
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    err = (tmp_path / "stderr.txt").open("w+")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "ostfront",
            "serve",
            "--port",
            str(port),
            "--db",
            str(tmp_path / "games.sqlite"),
        ],
        stdout=subprocess.DEVNULL,
        stderr=err,
        start_new_session=True,  # its own process group, as a terminal's foreground job
    )
    try:

        def up() -> bool:
            try:
                urllib.request.urlopen(base + "/api/meta", timeout=1).close()
                return True
            except OSError:
                return False

        _wait(up, "the server to start")
        body = json.dumps({"game": "dr", "players": {"axis": "greedy", "soviet": "greedy"}})
        req = urllib.request.Request(
            base + "/api/games", body.encode(), {"content-type": "application/json"}
        )
        urllib.request.urlopen(req, timeout=10).close()
        # the first worker is being spawned: Ctrl-C now, to the whole group
        _wait(lambda: any("spawn_main" in c for c in _group(proc.pid)), "a worker to start")
        os.killpg(proc.pid, signal.SIGINT)
        assert proc.wait(timeout=60) == 0
        _wait(lambda: not _group(proc.pid), "every process of the group to end", 30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    err.seek(0)
    text = err.read()
    assert "leaked semaphore" not in text, text
    assert "KeyboardInterrupt" not in text and "Traceback" not in text, text
