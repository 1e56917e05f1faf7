"""``ostfront serve`` as a real process: Ctrl-C while the computer plays stops it cleanly —
exit status 0, no traceback, no worker process left behind (issue 25)."""

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
    not Path("/proc/self/task").is_dir() or not hasattr(os, "killpg"),
    reason="needs Linux's /proc to find the server's child processes",
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def descendants(pid: int) -> set[int]:
    """Every process started by ``pid``, and by those, from /proc."""
    found: set[int] = set()
    todo = [pid]
    while todo:
        p = todo.pop()
        for task in Path(f"/proc/{p}/task").glob("*"):
            try:
                kids = (task / "children").read_text().split()
            except OSError:
                continue
            for k in map(int, kids):
                if k not in found:
                    found.add(k)
                    todo.append(k)
    return found


def running(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def request(url: str, body: dict[str, object] | None = None) -> dict[str, object]:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        out: dict[str, object] = json.loads(r.read())
        return out


def test_ctrl_c_during_a_computer_game_stops_everything(tmp_path: Path) -> None:
    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "ostfront",
            "serve",
            "--port",
            str(port),
            "--db",
            str(tmp_path / "g.sqlite"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal's foreground job
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert "Ostfront web app at" in line, line + (proc.stderr.read() if proc.stderr else "")
        base = f"http://127.0.0.1:{port}"
        for _ in range(300):  # the address is printed just before uvicorn listens
            try:
                request(base + "/api/meta")
                break
            except OSError:
                time.sleep(0.1)
        game = request(base + "/api/games", {"players": {"axis": "random", "soviet": "random"}})
        end = time.monotonic() + 120
        while True:  # the computer plays: its worker processes are up
            v = request(f"{base}/api/games/{game['id']}")
            if int(str(v["seq"])) > 3:
                break
            assert time.monotonic() < end, "the computer never moved"
            time.sleep(0.2)
        workers = descendants(proc.pid)
        assert workers, "the computer players run in worker processes"
        os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C: the whole foreground group
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    deadline = time.monotonic() + 10
    while any(running(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [w for w in workers if running(w)], "worker processes were left behind"
