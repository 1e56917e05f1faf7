"""SQLite commits without a disk sync per step (``synchronous = NORMAL`` in WAL mode): a
step acknowledged survives the server process being killed (``kill -9``); FULL is there for
whoever wants each commit synced (docs in store.SYNCHRONOUS)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from ostfront.server.store import SYNC_VARIABLE, DatabaseError, Store

CHILD = textwrap.dedent(
    """
    import sys, time
    from ostfront.server.store import Store
    store = Store(sys.argv[1])
    gid = store.create("dr", {"game": "dr", "seed": 1}, {"axis": "human"}, summary={})
    for n in range(1, 31):
        store.append(gid, n, f"step {n}", f"h{n}", {}, "playing")
    print(gid, flush=True)  # 30 steps acknowledged
    time.sleep(600)
    """
)


def test_the_default_is_normal_and_durable_is_full(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(SYNC_VARIABLE, raising=False)
    assert Store(tmp_path / "a.sqlite").synchronous() == 1
    assert Store(tmp_path / "b.sqlite", durable=True).synchronous() == 2
    monkeypatch.setenv(SYNC_VARIABLE, "full")
    assert Store(tmp_path / "c.sqlite").synchronous() == 2
    assert Store(tmp_path / "d.sqlite", durable=False).synchronous() == 1
    monkeypatch.setenv(SYNC_VARIABLE, "OFF")
    with pytest.raises(DatabaseError, match="NORMAL, FULL or EXTRA"):
        Store(tmp_path / "e.sqlite")


def test_steps_acknowledged_survive_kill_9(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SYNC_VARIABLE, raising=False)
    db = tmp_path / "g.sqlite"
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(db)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout is not None
        gid = proc.stdout.readline().strip()
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    assert proc.returncode == -signal.SIGKILL
    store = Store(db)
    head = store.head(gid)
    assert head is not None and head[0] == 30
    assert [r["action"] for r in store.steps_with_meta(gid, after=28)] == ["step 29", "step 30"]
