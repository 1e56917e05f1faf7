"""Playing a game through the web API in tests: start one, act, wait for the computer."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient


def new_game(client: TestClient, **body: Any) -> str:
    body.setdefault("seed", 11)
    body.setdefault("players", {"axis": "human", "soviet": "human"})
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    gid: str = r.json()["id"]
    return gid


def view(client: TestClient, gid: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}")
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def act(client: TestClient, gid: str, *texts: str) -> dict[str, Any]:
    v = view(client, gid)
    for text in texts:
        r = client.post(f"/api/games/{gid}/actions", json={"action": text, "seq": v["seq"]})
        assert r.status_code == 200, (text, r.text)
        v = r.json()
    return v


#: From a fresh DR game to the Axis Combat Phase of Turn 1, both sides historical.
TO_AXIS_COMBAT = ("historical", "done", "historical", "done", "done", "done")


def wait_for(client: TestClient, gid: str, ok: Any, timeout: float = 60) -> dict[str, Any]:
    """Poll the game until ``ok(view)`` (the computer plays in the background)."""
    end = time.monotonic() + timeout
    while True:
        v = view(client, gid)
        if ok(v):
            return v
        if time.monotonic() > end:
            raise AssertionError(f"timed out; last view: {v['prompt']} thinking={v['thinking']}")
        time.sleep(0.1)
