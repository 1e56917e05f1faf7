"""No one foresees a game's dice (issue 31, items 1 and 2), in both games.

1. A watcher cannot export a game in play; a seat holder's export, imported again while the
   game is played, never becomes a second game with the same dice: refused once dice were
   rolled (the copy would show what the real game rolls next), given a fresh seed of its
   own before any die.
2. An import for invited players never starts from a seed the importer chose, as a new
   game for invited players never does.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import keep, seat, view

from ostfront.core.record import Record, append, new_record
from ostfront.games import get
from ostfront.server import seats
from ostfront.server.sessions import Manager

GAMES = ("dr", "sno")
#: A seed of its own for each test and game: two games in play here with one seed (of
#: either game) draw the same stream.
SEEDS = {"watcher": 424_201, "refused": 424_301, "copied": 424_401, "invite": 424_501}


def manager(client: TestClient) -> Manager:
    found: Manager = client.app.app.state.manager  # type: ignore[attr-defined]
    return found


def played(name: str, seed: int) -> tuple[Record, Record]:
    """Random play (fixed seed) from the start: (the record up to the first step that rolls
    a die, the same record with that step; the game still in play)."""
    game = get(name)
    position = game.shipped_position("kiev-1941-08") if name == "sno" else None
    state = game.setup(None, {}, seed, position=position)
    record = new_record(game, state, position=position)
    pick = random.Random(seed)
    assert seats.dice_drawn(state) == 0
    for _ in range(5000):
        assert game.active_side(state) is not None, "the game ended before any die"
        acts = [a for a in game.legal_actions(state) if a.verb != "undo"]
        quiet = len(record.steps)
        state = append(record, game, state, pick.choice(acts))
        if seats.dice_drawn(state):
            assert game.active_side(state) is not None
            before = Record(header=dict(record.header), steps=record.steps[:quiet])
            return before, record
    raise AssertionError("no die rolled in 5000 random steps")


@pytest.fixture(scope="module")
def records() -> Any:
    """``records(name, test)``: :func:`played` with the test's seed (worked out once)."""
    done: dict[tuple[str, str], tuple[Record, Record]] = {}

    def get_records(name: str, test: str) -> tuple[Record, Record]:
        if (name, test) not in done:
            done[name, test] = played(name, SEEDS[test] + GAMES.index(name))
        return done[name, test]

    return get_records


def in_play(client: TestClient, record: Record) -> str:
    """The record imported as a game in play here (hotseat: the test holds every seat)."""
    r = client.post("/api/import", json=record.to_json())
    assert r.status_code == 201, r.text
    return keep(r.json())


def exported(client: TestClient, gid: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}/record", headers=seat(gid))
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    assert data["header"]["seed"] is None and data["header"]["sealed_seed"]
    return data


# ------------------------------------------------------------------ 1. forks of a live game
@pytest.mark.parametrize("name", GAMES)
def test_a_watcher_cannot_export_a_game_in_play(
    client: TestClient, records: Any, name: str
) -> None:
    gid = in_play(client, records(name, "watcher")[0])
    r = client.get(f"/api/games/{gid}/record")
    assert r.status_code == 403
    assert "exported only to its players" in r.json()["error"]
    r = client.get(f"/api/games/{gid}/record", headers={seats.HEADER: "not-a-seat"})
    assert r.status_code == 403
    exported(client, gid)  # a player exports it, sealed


@pytest.mark.parametrize("name", GAMES)
def test_a_copy_of_a_game_in_play_that_rolled_dice_is_refused(
    client: TestClient, records: Any, name: str
) -> None:
    """The attack: export the game, import it again (both seats), play the planned attack
    in the copy first and see what the real game will roll. Refused while it is played."""
    gid = in_play(client, records(name, "refused")[1])
    data = exported(client, gid)
    before = len(client.get("/api/games").json())
    r = client.post("/api/import", json=data)
    assert r.status_code == 409
    assert f"copy of game {gid}, still in play here" in r.json()["error"]
    r = client.post("/api/import", json={"record": data, "players": {}})
    assert r.status_code == 409
    # invited players never get a game whose seed its importer may know
    r = client.post("/api/import", json={"record": data, "seats": "invite"})
    assert r.status_code == 400 and seats.CHOSEN_SEED in r.json()["error"]
    assert len(client.get("/api/games").json()) == before
    # once the original is no longer played here, the server reads its export back
    assert client.delete(f"/api/games/{gid}", headers=seat(gid)).status_code == 200
    r = client.post("/api/import", json=data)
    assert r.status_code == 201, r.text
    assert r.json()["verified"]
    keep(r.json())


@pytest.mark.parametrize("name", GAMES)
def test_a_copy_before_any_die_rolls_dice_of_its_own(
    client: TestClient,
    records: Any,
    name: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A record of a game in play in which no die was rolled yet imports as a copy with a
    fresh seed: the same position, but the roll the real game makes next comes out of
    another stream."""
    quiet, rolled = records(name, "copied")
    gid = in_play(client, quiet)
    data = exported(client, gid)
    monkeypatch.setattr(seats, "fresh_seed", lambda: 777_000_001)
    r = client.post("/api/import", json=data)
    assert r.status_code == 201, r.text
    assert r.json()["verified"] and r.json()["steps"] == len(quiet.steps)
    copy = keep(r.json())
    store = manager(client).store
    original_seed = store.get(gid).header["seed"]  # type: ignore[union-attr]
    copy_seed = store.get(copy).header["seed"]  # type: ignore[union-attr]
    assert original_seed == quiet.header["seed"] and copy_seed == 777_000_001
    assert view(client, copy)["counters"] == view(client, gid)["counters"]
    # the step that rolls the first dice (a battle, the weather), played in both
    text = rolled.steps[len(quiet.steps)]["action"]
    rolls = {}
    for g in (gid, copy):
        v = view(client, g)
        r = client.post(
            f"/api/games/{g}/actions",
            json={"action": text, "seq": v["seq"]},
            headers=seat(g, v["active"]),
        )
        assert r.status_code == 200, r.text
        rolls[g] = [e.get("rolls") for e in r.json()["log"]["entries"] if e.get("rolls")]
    assert rolls[gid] and rolls[copy] and rolls[gid] != rolls[copy]
    # the copy's record is its own: exported (sealed) it replays on this server
    again = exported(client, copy)
    assert again["header"]["initial_hash"] != data["header"]["initial_hash"]


# ------------------------------------------------------------------ 2. an invite import's seed
@pytest.mark.parametrize("name", GAMES)
def test_an_invite_import_refuses_a_chosen_seed(
    client: TestClient, records: Any, name: str
) -> None:
    record = records(name, "invite")[0].to_json()
    record["header"]["seed"] = 7
    record["header"].pop("initial_hash", None)
    record["steps"] = []
    assert "sealed_seed" not in record["header"]
    created = client.post("/api/games", json={"game": name, "seats": "invite", "seed": 7})
    r = client.post("/api/import", json={"record": record, "seats": "invite"})
    assert r.status_code == created.status_code == 400
    assert created.json()["error"] in r.json()["error"]
    assert "header.seed" in r.json()["error"]
    # the same record for a hotseat game: the importer plays both sides, as before
    r = client.post("/api/import", json={"record": record, "seats": "hotseat"})
    assert r.status_code == 201, r.text
    keep(r.json())
