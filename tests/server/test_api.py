"""The web app's API: every endpoint, and the bad input each must refuse without changing
anything (stale sequence numbers, illegal or tampered actions, records that do not replay)."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from web_helpers import TO_AXIS_COMBAT, act, keep, new_game, seat, view, wait_for

from ostfront.core.errors import OstfrontError
from ostfront.server import serve
from ostfront.server.app import create_app
from ostfront.server.store import default_db_path

JSON = {"Content-Type": "application/json"}


# ------------------------------------------------------------------ reference
def test_meta_lists_games_options_and_levels(client: TestClient) -> None:
    meta = client.get("/api/meta").json()
    dr = next(g for g in meta["games"] if g["name"] == "dr")
    assert dr["playable"] and {s["id"] for s in dr["scenarios"]} >= {"1941", "defiant-poland"}
    assert all(o["rule"] and o["summary"] for o in dr["options"])
    assert "random" in meta["levels"]


def test_board_hex_and_pages(client: TestClient) -> None:
    board = client.get("/api/board/dr").json()
    assert board["svg"].startswith("<svg") and "1408" in board["centres"]
    assert "3012" in {n["hex"] for n in client.get("/api/hex/dr/3111").json()["neighbours"]}
    assert client.get("/api/hex/dr/9999").status_code == 404
    assert client.get("/api/board/chess").status_code == 404
    for path in ("/", "/new", "/static/game.js", "/static/style.css", "/favicon.ico"):
        assert client.get(path).status_code == 200, path
    assert "r-7.1" in client.get("/rules/dr").text
    assert client.get("/rules/chess").status_code == 404
    assert client.get("/game/nosuchgame").status_code == 404


# ------------------------------------------------------------------ new games
def mine(gid: str) -> dict[str, str]:
    """The header the home page lists its own games with (others' are unlisted)."""
    return {"X-Ostfront-Seats": seat(gid)["X-Ostfront-Seat"]}


def test_create_and_list(client: TestClient) -> None:
    gid = new_game(client, weather="random", options={"timoshenko": True})
    v = view(client, gid)
    assert v["options"]["random-weather"] is True and v["options"]["timoshenko"] is True
    assert v["seq"] == 0 and v["active"] == "soviet" and v["actions"]
    assert v["prompt"]["rule"] == "DR 3.0"
    assert any(c["id"] for c in v["counters"]) or v["counters"] == []
    listed = {g["id"]: g for g in client.get("/api/games", headers=mine(gid)).json()}
    assert listed[gid]["status"] == "playing" and listed[gid]["summary"]["active"] == "soviet"
    assert client.get(f"/game/{gid}").status_code == 200


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"game": "chess"}, 400, "no game 'chess'"),
        ({"game": "sno", "scenario": "1942b", "options": {"end": "1942-12"}}, 400, "SNO 15.7"),
        ({"scenario": "1812"}, 400, "no scenario '1812'"),
        ({"options": {"flying-tanks": True}}, 400, "no option 'flying-tanks'"),
        ({"options": {"timoshenko": "maybe"}}, 400, "cannot be 'maybe'"),
        ({"weather": "sunny"}, 400, "historical or random"),
        ({"players": {"axis": "grandmaster"}}, 400, "no player level 'grandmaster'"),
        ({"players": {"finns": "human"}}, 400, "no side 'finns'"),
        ({"seed": -1}, 422, ""),
        ({"seed": "abc"}, 422, ""),
    ],
)
def test_create_refuses_bad_input(client: TestClient, body: dict, status: int, words: str) -> None:
    before = len(client.get("/api/games").json())
    r = client.post("/api/games", json=body)
    assert r.status_code == status, r.text
    if words:
        assert words in r.json()["error"]
    assert len(client.get("/api/games").json()) == before


# ------------------------------------------------------------------ acting
def test_actions_checked_against_sequence_and_legality(client: TestClient) -> None:
    gid = new_game(client)
    v = act(client, gid, "historical")
    assert v["seq"] == 1
    # a stale client: refused, nothing changes
    r = client.post(
        f"/api/games/{gid}/actions", json={"action": "done", "seq": 0}, headers=seat(gid)
    )
    assert r.status_code == 409 and r.json()["seq"] == 1
    # not legal now / tampered: refused with the reason, nothing changes
    for text in ("move ger-xlvi-pz 9999", "done; drop table games", "place 0101"):
        r = client.post(
            f"/api/games/{gid}/actions", json={"action": text, "seq": 1}, headers=seat(gid)
        )
        assert r.status_code == 422 and "not a legal action" in r.json()["error"], text
    for bad in (
        {"action": "", "seq": 1},
        {"seq": 1},
        {"action": "done"},
        {"action": "done", "seq": "x"},
    ):
        assert (
            client.post(f"/api/games/{gid}/actions", json=bad, headers=seat(gid)).status_code == 422
        )
    assert (
        client.post("/api/games/nope/actions", json={"action": "done", "seq": 0}).status_code == 404
    )
    after = view(client, gid)
    assert after["seq"] == 1 and after["step"] == 1
    assert [e["action"] for e in after["log"]["entries"]] == ["historical"]


def test_log_is_grouped_with_rules_and_dice(client: TestClient) -> None:
    gid = new_game(client)
    v = act(client, gid, *TO_AXIS_COMBAT)
    entries = v["log"]["entries"]
    assert [e["action"] for e in entries][:2] == ["historical", "done"]
    assert entries[0]["rule"] == "DR 3.0" and entries[0]["title"] == "Turn 1, Soviet set-up"
    assert entries[-1]["title"] == "Turn 1, Axis Movement Phase"
    # incremental log: only what is new since the client's last entry
    last = entries[-1]
    r = client.get(f"/api/games/{gid}?log_from={len(entries)}&log_step={last['step']}").json()
    assert r["log"]["start"] == len(entries) and r["log"]["entries"] == []
    r = client.get(f"/api/games/{gid}?log_from={len(entries)}&log_step=999").json()
    assert r["log"]["start"] == 0  # a log the client does not share: sent whole


def test_movement_highlights_come_from_legal_actions_and_undo(client: TestClient) -> None:
    gid = new_game(client)
    v = act(client, gid, "historical", "done", "historical", "done", "done")
    assert v["info"]["phase"] == "axis_move"
    sel = next(a for a in v["actions"] if a["verb"] == "select")
    assert sel["unit"] and sel["kind"] is None
    v = act(client, gid, sel["text"])
    assert v["selected"] == sel["unit"]
    moves = [a for a in v["actions"] if a["verb"] == "to"]
    assert moves and all(a["kind"] == "move" and a["hex"] and a["cost"] >= 0 for a in moves)
    rails = [a for a in v["actions"] if a["verb"] == "rail"]
    assert all(a["kind"] == "rail" for a in rails)
    before = next(c["hex"] for c in v["counters"] if c["id"] == sel["unit"])
    v = act(client, gid, moves[0]["text"])
    assert next(c["hex"] for c in v["counters"] if c["id"] == sel["unit"]) == moves[0]["hex"]
    v = act(client, gid, "undo")
    assert next(c["hex"] for c in v["counters"] if c["id"] == sel["unit"]) == before
    assert v["selected"] == sel["unit"]


def test_attack_odds_before_the_roll(client: TestClient) -> None:
    gid = new_game(client)
    v = act(client, gid, *TO_AXIS_COMBAT)
    assert v["info"]["phase"] == "axis_combat"
    strikes = [a for a in v["actions"] if a["verb"] == "airstrike"]
    assert strikes and all(a["unit"] for a in strikes)  # the fleet is the target
    assert set(v["odds_more"]) == {a["text"] for a in strikes}
    one = v["odds_more"][strikes[0]["text"]]
    assert one["marginals"][0]["name"] == "Hits on the fleet"
    attack = next(a for a in v["actions"] if a["verb"] == "attack")
    assert attack["kind"] == "attack" and attack["hex"]
    v = act(client, gid, attack["text"])
    assert v["pending"]["kind"] == "attack" and v["pending"]["targets"] == [attack["hex"]]
    odds = v["odds"]
    assert odds and odds["action"] == "roll"
    assert abs(sum(o["p"] for o in odds["outcomes"]) - 1) < 1e-9
    assert [m["name"] for m in odds["marginals"]] == [
        "Hits on the defender",
        "Hits on the attacker",
    ]
    same = client.get(f"/api/games/{gid}/odds", params={"action": "roll"}).json()
    assert same == odds
    assert client.get(f"/api/games/{gid}/odds", params={"action": "cancel"}).status_code == 400
    assert client.get(f"/api/games/{gid}/odds", params={"action": "fly"}).status_code == 422
    v = act(client, gid, "roll")
    rolled = [e for e in v["log"]["entries"] if e.get("rolls")]
    assert rolled and rolled[-1]["rule"] == "DR 7.1.1"


def test_overlays(client: TestClient) -> None:
    gid = new_game(client)
    act(client, gid, *TO_AXIS_COMBAT)
    control = client.get(f"/api/games/{gid}/overlay/control").json()
    assert set(control["hexes"].values()) == {"axis", "soviet"}
    zoc = client.get(f"/api/games/{gid}/overlay/zoc").json()
    assert zoc["side"] == "soviet" and zoc["hexes"]  # the enemy of the side to move
    supply = client.get(f"/api/games/{gid}/overlay/supply", params={"side": "soviet"}).json()
    assert supply["hexes"] and supply["units"] and all(supply["units"].values())
    old = client.get(f"/api/games/{gid}/overlay/control", params={"step": 0}).json()
    assert old["hexes"]
    assert client.get(f"/api/games/{gid}/overlay/weather").status_code == 400
    assert client.get(f"/api/games/{gid}/overlay/zoc", params={"side": "italy"}).status_code == 400
    assert client.get(f"/api/games/{gid}/overlay/zoc", params={"step": 99}).status_code == 400


def test_replay_timeline_and_positions(client: TestClient) -> None:
    gid = new_game(client)
    v = act(client, gid, *TO_AXIS_COMBAT)
    t = client.get(f"/api/games/{gid}/timeline").json()
    assert t["seq"] == len(TO_AXIS_COMBAT)
    assert [m["title"] for m in t["marks"]][:2] == ["Turn 1, Soviet set-up", "Turn 1, Axis set-up"]
    at0 = client.get(f"/api/games/{gid}/at/0").json()
    assert at0["step"] == 0 and at0["actions"] == [] and at0["live"] is False
    assert at0["counters"] == [] or len(at0["counters"]) < len(v["counters"])
    at2 = client.get(f"/api/games/{gid}/at/2").json()
    assert at2["info"]["phase"] == "axis_setup" and len(at2["log"]["entries"]) == 2
    assert client.get(f"/api/games/{gid}/at/99").status_code == 400
    assert client.get(f"/api/games/{gid}/at/-1").status_code == 400


# ------------------------------------------------------------------ records
def test_export_import_round_trip(client: TestClient) -> None:
    gid = new_game(client)
    act(client, gid, *TO_AXIS_COMBAT)
    r = client.get(f"/api/games/{gid}/record", headers=seat(gid))
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    record = r.json()
    assert record["format"] == "ostfront-record" and len(record["steps"]) == len(TO_AXIS_COMBAT)
    r = client.post("/api/import", content=json.dumps(record), headers=JSON)
    assert r.status_code == 201, r.text
    copy = keep(r.json())
    a, b = view(client, gid), view(client, copy)
    assert a["counters"] == b["counters"] and a["info"] == b["info"]
    wrapped = {"record": record, "players": {"soviet": "random"}}
    r = client.post("/api/import", json=wrapped)
    assert r.status_code == 201
    assert view(client, keep(r.json()))["players"] == {"axis": "human", "soviet": "random"}


def test_import_refuses_records_that_do_not_replay(client: TestClient) -> None:
    gid = new_game(client)
    act(client, gid, *TO_AXIS_COMBAT)
    record = client.get(f"/api/games/{gid}/record", headers=seat(gid)).json()
    before = len(client.get("/api/games").json())

    tampered = json.loads(json.dumps(record))
    tampered["steps"][2]["hash"] = "0" * 16
    r = client.post("/api/import", json=tampered)
    assert r.status_code == 422 and "step 3" in r.json()["error"]

    illegal = json.loads(json.dumps(record))
    illegal["steps"][3]["action"] = "attack 1408"
    r = client.post("/api/import", json=illegal)
    assert r.status_code == 422 and "step 4 ('attack 1408') is not legal" in r.json()["error"]

    chess = json.loads(json.dumps(record))
    chess["header"]["game"] = "chess"
    r = client.post("/api/import", json=chess)
    assert r.status_code == 422 and "no game 'chess'" in r.json()["error"]

    other_seed = json.loads(json.dumps(record))
    other_seed["header"]["seed"] = 12
    r = client.post("/api/import", json=other_seed)
    assert r.status_code == 422 and "set-up" in r.json()["error"]

    for bad in (
        b"not json",
        b"[]",
        b'{"format": "chess-pgn"}',
        json.dumps({**record, "format_version": 9}).encode(),
    ):
        r = client.post("/api/import", content=bad, headers=JSON)
        assert r.status_code == 422, bad
    r = client.post("/api/import", json={"record": record, "players": {"axis": "deep-blue"}})
    assert r.status_code == 400
    assert len(client.get("/api/games").json()) == before


def test_restart_loses_nothing(db_path: Path, client: TestClient) -> None:
    gid = new_game(client)
    v = act(client, gid, *TO_AXIS_COMBAT)
    with TestClient(create_app(db_path, move_delay=0), base_url="http://127.0.0.1") as fresh:
        again = view(fresh, gid)
        assert again["seq"] == v["seq"] and again["counters"] == v["counters"]
        assert again["prompt"] == v["prompt"] and [a["text"] for a in again["actions"]] == [
            a["text"] for a in v["actions"]
        ]
        assert len(again["log"]["entries"]) == len(v["log"]["entries"])


def test_players_and_delete(client: TestClient) -> None:
    gid = new_game(client)
    r = client.put(
        f"/api/games/{gid}/players",
        json={"players": {"axis": "human", "soviet": "human"}},
        headers=seat(gid),
    )
    assert r.status_code == 200
    r = client.put(
        f"/api/games/{gid}/players", json={"players": {"axis": "oracle"}}, headers=seat(gid)
    )
    assert r.status_code == 400
    assert client.delete(f"/api/games/{gid}", headers=seat(gid)).status_code == 200
    assert client.get(f"/api/games/{gid}").status_code == 404
    assert client.delete(f"/api/games/{gid}", headers=seat(gid)).status_code == 404


# ------------------------------------------------------------------ the computer
def test_computer_plays_its_side(client: TestClient) -> None:
    gid = new_game(client, players={"axis": "human", "soviet": "random"})
    v = wait_for(client, gid, lambda v: v["active"] == "axis" and not v["thinking"])
    assert v["seq"] > 0 and all(e["side"] == "soviet" for e in v["log"]["entries"])
    assert v["actions"]  # now it is the human's turn


def test_taking_over_from_the_computer(client: TestClient) -> None:
    gid = new_game(client, players={"axis": "random", "soviet": "random"})
    r = client.put(
        f"/api/games/{gid}/players",
        json={"players": {"axis": "human", "soviet": "human"}},
        headers=seat(gid),
    )
    assert r.status_code == 200
    v = wait_for(client, gid, lambda v: not v["thinking"])
    assert v["actions"] and v["players"] == {"axis": "human", "soviet": "human"}
    settled = v["seq"]
    assert view(client, gid)["seq"] == settled  # the computer has stopped


def test_humans_cannot_move_for_the_computer(client: TestClient) -> None:
    gid = new_game(client, players={"axis": "random", "soviet": "random"})
    v = view(client, gid)
    assert v["actions"] == []  # nothing to offer a human
    r = client.post(
        f"/api/games/{gid}/actions",
        json={"action": "historical", "seq": v["seq"]},
        headers=seat(gid),
    )
    assert r.status_code == 409
    assert "computer" in r.json()["error"] or "moved on" in r.json()["error"]
    client.delete(f"/api/games/{gid}", headers=seat(gid))  # and its runner stops


def test_websocket_announces_moves(client: TestClient) -> None:
    gid = new_game(client)
    token = seat(gid)["X-Ostfront-Seat"]
    with client.websocket_connect(
        f"ws://127.0.0.1/ws/games/{gid}", subprotocols=["ostfront", "seat." + token]
    ) as ws:
        hello = ws.receive_json()
        assert hello["seq"] == 0 and hello["seats"] == ["axis", "soviet"]
        act(client, gid, "historical")
        msg = ws.receive_json()
        assert msg["seq"] == 1 and msg["active"] == "soviet"
    with client.websocket_connect("ws://127.0.0.1/ws/games/0123456789ab") as ws:
        assert "no game" in ws.receive_json()["error"]


# ------------------------------------------------------------------ the database and serve
def test_default_database_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("OSTFRONT_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_db_path() == tmp_path / "ostfront" / "games.sqlite"
    monkeypatch.setenv("OSTFRONT_DB", str(tmp_path / "x.sqlite"))
    assert default_db_path() == tmp_path / "x.sqlite"


def test_serve_refuses_a_busy_port(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        with pytest.raises(OstfrontError, match="cannot listen"):
            serve("127.0.0.1", port, str(tmp_path / "g.sqlite"))


def test_serve_help_describes_the_web_app_and_its_database() -> None:
    from click.testing import CliRunner

    from ostfront.cli.main import cli

    out = CliRunner().invoke(cli, ["serve", "--help"]).output
    flat = " ".join(out.split())
    assert "web app" in flat and "an SQLite file" in flat and "$OSTFRONT_DB" in flat
    assert "postgresql://user@host:port/database" in flat and "docs/deployment.md" in flat
    assert "viewer" not in out and "reserved" not in out


def test_a_finished_game_imported_shows_its_result(client: TestClient) -> None:
    from ostfront.ai.players import make_player
    from ostfront.core.record import append, new_record
    from ostfront.games import get

    game = get("dr")
    state = game.setup("defiant-poland", {}, 5)
    record = new_record(game, state)
    player = make_player("random", seed=5)
    while game.active_side(state) is not None:
        state = append(record, game, state, player.choose(game, state))
    r = client.post("/api/import", json=record.to_json())
    assert r.status_code == 201, r.text
    gid = keep(r.json())
    v = view(client, gid)
    assert v["result"] and v["active"] is None and v["actions"] == []
    assert v["prompt"]["text"].startswith("The game is over")
    listed = next(g for g in client.get("/api/games", headers=mine(gid)).json() if g["id"] == gid)
    assert listed["status"] == "finished" and listed["summary"]["result"] == v["result"]
    r = client.post(
        f"/api/games/{gid}/actions", json={"action": "done", "seq": v["seq"]}, headers=seat(gid)
    )
    assert r.status_code == 422 and "the game is over" in r.json()["error"]


def test_units_off_the_map(client: TestClient) -> None:
    gid = new_game(client)
    boxes = {(b["box"], b["side"]): b for b in view(client, gid)["boxes"]}
    assert len(boxes["unplaced", "soviet"]["units"]) > 10
    v = act(client, gid, "historical", "done", "historical", "done")
    boxes = {(b["box"], b["side"]): b for b in v["boxes"]}
    assert ("unplaced", "soviet") not in boxes
    turns = [u["turn"] for u in boxes["reserve", "soviet"]["units"]]
    assert any(turns) and all(t is None or t >= 1 for t in turns)  # None: enters on an event
