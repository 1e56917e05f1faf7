"""The server knows no game: the protocol's toy game (tests/toygame.py, a game with none of
the view hooks) is played through every route — listed, drawn, started, shown, acted in,
undone, replayed, its dice previewed, exported, imported, watched, played by the computer,
deleted — and every answer has its declared shape. What the toy game does not say, the
protocol's defaults say."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import act, keep, same_as_sent, seat, view, wait_for

from ostfront import games
from ostfront.core.record import new_record
from ostfront.server import models, view_models
from ostfront.server.app import create_app

HUMANS = {"red": "human", "blue": "human"}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """An app of its own, whose computer players' worker processes load the toy game too
    (as any game from outside the package: ``$OSTFRONT_PLUGINS``)."""
    tests = str(Path(__file__).resolve().parents[1])
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("OSTFRONT_PLUGINS", "toygame:GAME")
        mp.setattr(sys, "path", [tests, *sys.path])
        app = create_app(tmp_path_factory.mktemp("toy") / "games.sqlite", move_delay=0)
        with TestClient(app, base_url="http://127.0.0.1") as c:
            yield c


def new_toy(client: TestClient, **body: Any) -> str:
    body = {"game": "toy", "seed": 7, "players": HUMANS, **body}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    same_as_sent(models.SeatAnswer, r.json())
    return keep(r.json())


def shown(v: dict[str, Any]) -> dict[str, Any]:
    """A view, checked against its model."""
    same_as_sent(view_models.GameView, v)
    return v


def where(v: dict[str, Any], unit: str) -> str | None:
    return next((c["hex"] for c in v["counters"] if c["id"] == unit), None)


def test_the_toy_game_is_listed_drawn_and_described(client: TestClient) -> None:
    meta = client.get("/api/meta").json()
    same_as_sent(models.Meta, meta)
    toy = next(g for g in meta["games"] if g["name"] == "toy")
    assert [s["id"] for s in toy["scenarios"]] == ["basic", "lone"]
    assert [o["id"] for o in toy["options"]] == ["long"] and toy["positions"] == []
    assert toy["levels"] == ["random"]  # only the level that needs no evaluator
    board = client.get("/api/board/toy").json()
    assert board["svg"].startswith("<svg") and len(board["centres"]) == 64
    crossroads = client.get("/api/hex/toy/0404").json()
    assert crossroads["place"]["name"] == "Crossroads"
    assert client.get("/api/hex/toy/0909").status_code == 404
    assert client.get("/api/chart/toy").json()["tables"] == []  # no charts: the default
    assert client.get("/rules/toy").status_code == 200


def test_a_toy_game_is_played_undone_and_replayed(client: TestClient) -> None:
    gid = new_toy(client, scenario="lone", options={"long": True})
    v = shown(view(client, gid))
    assert v["game"] == "toy" and v["scenario"] == "lone" and v["options"] == {"long": True}
    assert v["active"] == "red" and v["prompt"]["rule"] == "toy 1"
    assert [a["text"] for a in v["actions"]] == ["select r1", "end"]
    assert {c["id"] for c in v["counters"]} == {"r1", "b1"}
    assert v["info"]["title"] == "Turn 1, move"  # the protocol's describe_phase
    assert v["boxes"] == [] and v["pending"] is None and v["odds"] is None
    v = shown(act(client, gid, "select r1"))
    moves = [a for a in v["actions"] if a["verb"] == "move"]
    assert moves and all(a["hex"] for a in moves)  # the hex each names, to click
    v = shown(act(client, gid, moves[0]["text"]))
    assert where(v, "r1") == moves[0]["hex"]
    assert v["log"]["entries"][-1]["rule"] == "toy 1"
    v = shown(act(client, gid, "undo"))
    assert where(v, "r1") == "0203" and v["seq"] == 3
    v = shown(act(client, gid, "stay", "end", "end"))
    assert v["active"] == "blue" and v["info"]["phase"] == "move"
    timeline = client.get(f"/api/games/{gid}/timeline").json()
    same_as_sent(models.Timeline, timeline)
    assert timeline["seq"] == v["seq"] and timeline["marks"][0]["step"] == 0
    at0 = shown(client.get(f"/api/games/{gid}/at/0").json())
    assert at0["live"] is False and at0["actions"] == [] and at0["step"] == 0
    assert shown(client.get(f"/api/games/{gid}/at/2").json())["step"] == 2
    assert client.get(f"/api/games/{gid}/at/99").status_code == 400
    for kind in ("supply", "zoc", "control"):  # a game without overlays: empty ones
        overlay = client.get(f"/api/games/{gid}/overlay/{kind}").json()
        same_as_sent(models.Overlay, overlay)
        assert overlay["hexes"] == {} and overlay["units"] == {}


def face_to_face(client: TestClient) -> str:
    """A toy game imported from a custom position: r1 and b1 side by side, red to move."""
    game = games.get("toy")
    position = {
        "game": "toy",
        "turn": 1,
        "active": "red",
        "units": [
            {"id": "r1", "hex": "0202", "status": []},
            {"id": "b1", "hex": "0203", "status": []},
        ],
    }
    state = game.setup(None, {}, 5, position=position)
    record = new_record(game, state, position=position).to_json()
    r = client.post("/api/import", json={"record": record, "players": HUMANS})
    assert r.status_code == 201, r.text
    same_as_sent(models.Imported, r.json())
    return keep(r.json())


def test_a_toy_attack_shows_its_odds_and_its_dice(client: TestClient) -> None:
    gid = face_to_face(client)
    v = shown(act(client, gid, "end"))
    assert [a["text"] for a in v["actions"]] == ["attack r1 b1", "end", "undo"]
    r = client.get(f"/api/games/{gid}/odds", params={"action": "attack r1 b1"})
    odds = r.json()
    same_as_sent(models.Odds, odds)
    hits = odds["marginals"][0]
    assert hits["name"] == "Outcome 1"  # the protocol's outcome_names
    assert [x["value"] for x in hits["values"]] == [0, 1, 2]
    assert hits["expected"] == pytest.approx(2 / 3)
    assert client.get(f"/api/games/{gid}/odds", params={"action": "end"}).status_code == 400
    v = shown(act(client, gid, "attack r1 b1"))
    rolled = v["log"]["entries"][-1]
    assert rolled["rolls"] and rolled["hits"] is None  # no roll_hits hook: None
    if v["active"] == "blue":  # hits to take: the toy game's pending decision
        assert v["pending"] == {"hits": v["pending"]["hits"]} and v["pending"]["hits"] >= 1
        assert "lose b1" in {a["text"] for a in v["actions"]}


def test_a_toy_game_is_exported_imported_and_deleted(client: TestClient) -> None:
    gid = new_toy(client)
    act(client, gid, "select r2", "stay")
    r = client.get(f"/api/games/{gid}/record", headers=seat(gid))
    assert r.status_code == 200 and "ostfront-toy-" in r.headers["content-disposition"]
    record = r.json()
    same_as_sent(models.RecordFile, record)
    assert record["header"]["seed"] is None and record["header"]["sealed_seed"]
    r = client.post("/api/import", json=record)
    assert r.status_code == 201 and r.json()["verified"] and r.json()["steps"] == 2
    copy = keep(r.json())
    assert view(client, copy)["counters"] == view(client, gid)["counters"]
    mine = {"X-Ostfront-Seats": seat(gid)["X-Ostfront-Seat"]}  # unlisted to others
    listed = {g["id"]: g for g in client.get("/api/games", headers=mine).json()}
    assert listed[gid]["game_title"] == "Skirmish (protocol test game)"
    assert listed[gid]["summary"]["active"] == "red"
    assert client.delete(f"/api/games/{gid}").status_code == 403  # no seat
    r = client.delete(f"/api/games/{gid}", headers=seat(gid))
    assert r.json() == {"deleted": gid}
    assert client.get(f"/api/games/{gid}").status_code == 404
    assert client.get(f"/game/{gid}").status_code == 404


def test_a_toy_game_is_watched_and_its_socket_hears_the_moves(client: TestClient) -> None:
    gid = new_toy(client)
    assert client.get(f"/game/{gid}").status_code == 200
    watched = shown(client.get(f"/api/games/{gid}").json())
    assert watched["seats"] == [] and watched["actions"] == []
    r = client.post(f"/api/games/{gid}/actions", json={"action": "end", "seq": 0})
    assert r.status_code == 403
    token = seat(gid)["X-Ostfront-Seat"]
    with client.websocket_connect(
        f"ws://127.0.0.1/ws/games/{gid}", subprotocols=["ostfront", "seat." + token]
    ) as ws:
        hello = ws.receive_json()
        assert hello["seq"] == 0 and hello["seats"] == ["blue", "red"]
        act(client, gid, "end")
        msg = ws.receive_json()
        assert msg["seq"] == 1 and msg["active"] == "red"


def test_the_computer_plays_a_toy_side(client: TestClient) -> None:
    gid = new_toy(client)
    r = client.put(
        f"/api/games/{gid}/players", json={"players": {"blue": "random"}}, headers=seat(gid)
    )
    same_as_sent(models.Players, r.json())
    assert r.json()["players"] == {"red": "human", "blue": "random"}
    act(client, gid, "end", "end")  # red's move and combat: blue, the computer, is to move
    v = wait_for(client, gid, lambda v: v["active"] == "red" and not v["thinking"])
    assert v["ai_error"] is None and v["seq"] > 2
    assert v["info"]["turn"] == 2


def test_an_invited_toy_player_acts_only_for_its_side(client: TestClient) -> None:
    r = client.post("/api/games", json={"game": "toy", "players": HUMANS, "seats": "invite"})
    assert r.status_code == 201
    answer = r.json()
    gid, tokens = answer["id"], answer["seats"]
    assert tokens["red"] != tokens["blue"] and set(answer["links"]) == {"red", "blue"}
    blue = {"X-Ostfront-Seat": tokens["blue"]}
    r = client.post(f"/api/games/{gid}/actions", json={"action": "end", "seq": 0}, headers=blue)
    assert r.status_code == 403  # red is to move
    assert client.get(f"/api/games/{gid}", headers=blue).json()["actions"] == []
    red = {"X-Ostfront-Seat": tokens["red"]}
    r = client.post(f"/api/games/{gid}/actions", json={"action": "end", "seq": 0}, headers=red)
    assert r.status_code == 200 and r.json()["seq"] == 1
    r = client.post(f"/api/games/{gid}/actions", json={"action": "end", "seq": 0}, headers=red)
    assert r.status_code == 409 and r.json()["seq"] == 1  # stale
