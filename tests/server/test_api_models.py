"""The API's declared shapes: every /api route names its answer's model in the OpenAPI
document, and real answers of both games (and the protocol's toy game) are what their
models say: each validates, and the model gives back exactly the JSON that was sent."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import BaseModel
from web_helpers import TO_AXIS_COMBAT, act, keep, new_game, same_as_sent, seat, view

from ostfront.server import models, view_models

SUCCESS = ("200", "201")


def same_list(model: type[BaseModel], sent: list[Any]) -> None:
    assert isinstance(sent, list)
    for item in sent:
        same_as_sent(model, item)


def test_every_api_route_declares_its_answer(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    api = {p: ops for p, ops in doc["paths"].items() if p.startswith("/api/")}
    assert len(api) >= 14
    for path, ops in api.items():
        for method, op in ops.items():
            answers = {k: v for k, v in op["responses"].items() if k in SUCCESS}
            assert answers, (method, path)
            for answer in answers.values():
                schema = answer["content"]["application/json"]["schema"]
                assert schema and ("$ref" in schema or "items" in schema), (method, path, schema)
    shapes = doc["components"]["schemas"]
    assert {"GameView", "ActionInfo", "Meta", "Odds", "Overlay", "Imported"} <= set(shapes)
    action = shapes["ActionInfo"]["properties"]
    assert {"role", "units", "hexes", "path", "cost", "group", "verb", "args", "text"} <= set(
        action
    )
    assert action["role"]["default"] == "choose"


def test_the_reference_answers_match_their_models(client: TestClient) -> None:
    same_as_sent(models.Meta, client.get("/api/meta").json())
    for game, hexes in (("dr", ("3111", "1408")), ("sno", ("1816", "0101")), ("toy", ("0404",))):
        same_as_sent(models.Board, client.get(f"/api/board/{game}").json())
        same_as_sent(models.Chart, client.get(f"/api/chart/{game}").json())
        for h in hexes:
            same_as_sent(models.HexInfo, client.get(f"/api/hex/{game}/{h}").json())


def check_game(client: TestClient, gid: str) -> None:
    """Every answer about one game, against its model."""
    same_as_sent(view_models.GameView, view(client, gid))
    same_as_sent(view_models.GameView, client.get(f"/api/games/{gid}").json())  # a watcher's
    for kind in ("supply", "zoc", "control"):
        same_as_sent(models.Overlay, client.get(f"/api/games/{gid}/overlay/{kind}").json())
    timeline = client.get(f"/api/games/{gid}/timeline").json()
    same_as_sent(models.Timeline, timeline)
    for step in range(timeline["seq"] + 1):
        same_as_sent(view_models.GameView, client.get(f"/api/games/{gid}/at/{step}").json())
    record = client.get(f"/api/games/{gid}/record", headers=seat(gid)).json()
    same_as_sent(models.RecordFile, record)
    # a game in play that rolled dice is not copied while it is played (test_trust_seeds)
    assert client.delete(f"/api/games/{gid}", headers=seat(gid)).status_code == 200
    imported = client.post("/api/import", json=record)
    assert imported.status_code == 201
    same_as_sent(models.Imported, imported.json())
    keep(imported.json())


def test_a_dr_game_answers_match_their_models(client: TestClient) -> None:
    r = client.post("/api/games", json={"game": "dr", "seed": 11})
    same_as_sent(models.SeatAnswer, r.json())
    gid = keep(r.json())
    v = act(client, gid, *TO_AXIS_COMBAT)
    same_as_sent(view_models.GameView, v)
    assert v["odds_more"]  # the airstrikes' odds
    attack = next(a for a in v["actions"] if a["verb"] == "attack")
    v = act(client, gid, attack["text"])
    assert v["odds"] and v["pending"]
    same_as_sent(view_models.GameView, v)
    same_as_sent(
        models.Odds, client.get(f"/api/games/{gid}/odds", params={"action": "roll"}).json()
    )
    v = act(client, gid, "roll")
    assert any(e.get("rolls") for e in v["log"]["entries"])
    same_as_sent(view_models.GameView, v)
    check_game(client, gid)


def test_an_sno_game_answers_match_their_models(client: TestClient) -> None:
    gid = new_game(client, game="sno", position="kiev-1941-08", seed=3)
    v = act(client, gid, "end")
    unit = next(a for a in v["actions"] if a["verb"] == "select")
    v = act(client, gid, unit["text"])
    moves = [a for a in v["actions"] if a["verb"] == "to"]
    assert moves and moves[0]["path"] and moves[0]["cost"] is not None
    same_as_sent(view_models.GameView, v)
    act(client, gid, moves[0]["text"])
    supply = client.get(f"/api/games/{gid}/overlay/supply", params={"side": "axis"}).json()
    assert "lines" in supply
    same_as_sent(models.Overlay, supply)
    check_game(client, gid)


def test_the_games_list_and_the_small_answers_match_their_models(client: TestClient) -> None:
    gid = new_game(client, game="toy", players={"red": "human", "blue": "human"}, seed=4)
    r = client.put(f"/api/games/{gid}/players", json={"players": {}}, headers=seat(gid))
    same_as_sent(models.Players, r.json())
    same_list(models.GameListed, client.get("/api/games").json())
    r = client.delete(f"/api/games/{gid}", headers=seat(gid))
    same_as_sent(models.Deleted, r.json())


@pytest.mark.parametrize(
    ("model", "field"),
    [(view_models.GameView, "boxes"), (view_models.ActionInfo, "units")],
)
def test_a_server_shape_takes_no_unknown_field(model: type[BaseModel], field: str) -> None:
    """The server's own shapes are closed, so an answer that grew a field fails the tests
    above until its model says what the field is."""
    assert model.model_config.get("extra") == "forbid"
    assert field in model.model_fields
