"""Playing a game through the web API in tests: start one, act, wait for the computer.

The seat tokens of every game started here are kept in :data:`TOKENS` and sent with each
request (:func:`seat`), as the browser's common.js does."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient
from pydantic import BaseModel

#: game id -> side -> seat token, for every game started or imported through these helpers.
TOKENS: dict[str, dict[str, str]] = {}


def seat(gid: str, side: str | None = None) -> dict[str, str]:
    """The header that names a seat of the game (the first side's, unless ``side``)."""
    tokens = TOKENS.get(gid, {})
    token = tokens.get(side) if side else next(iter(tokens.values()), None)
    return {"X-Ostfront-Seat": token} if token else {}


def keep(answer: dict[str, Any]) -> str:
    """Remember the seats of a game just created or imported; its id."""
    gid: str = answer["id"]
    TOKENS[gid] = dict(answer["seats"])
    return gid


def new_game(client: TestClient, **body: Any) -> str:
    body.setdefault("seed", 11)
    body.setdefault("players", {"axis": "human", "soviet": "human"})
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return keep(r.json())


def view(client: TestClient, gid: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}", headers=seat(gid))
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def act(client: TestClient, gid: str, *texts: str) -> dict[str, Any]:
    v = view(client, gid)
    for text in texts:
        r = client.post(
            f"/api/games/{gid}/actions",
            json={"action": text, "seq": v["seq"]},
            headers=seat(gid, v["active"]),
        )
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


def same_as_sent(model: type[BaseModel], sent: Any) -> None:
    """``sent`` validates against ``model`` and is exactly what the model gives back."""
    checked = model.model_validate(sent)
    assert checked.model_dump(mode="json", exclude_unset=True) == sent
