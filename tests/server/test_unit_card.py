"""The unit card (issue 35, item 5) through the web API: ``Game.unit_card`` served at
``/api/games/<id>/units/<uid>``, now or at a step of the replay. SNO's card names the
type, the factors in force, where the unit is, its supply and whether it stands in an
enemy ZOC, each marker with what it does and its rule, and the rules of its kind; a game
without a card of its own (DR) gets its counter's factors and markers; an unknown unit is
refused."""

from __future__ import annotations

from fastapi.testclient import TestClient
from web_helpers import act, new_game, view

from ostfront import games


def test_sno_card_of_a_unit_on_the_map_and_in_a_box(client: TestClient) -> None:
    gid = new_game(client, game="sno", position="kiev-1941-08")
    v = view(client, gid)
    game = games.get("sno")
    c = next(c for c in v["counters"] if c["side"] == "axis" and c["factors"])
    card = client.get(f"/api/games/{gid}/units/{c['id']}").json()
    assert card["id"] == c["id"] and c["label"] in card["title"]
    lines = {line["label"]: line for line in card["lines"]}
    assert lines["Where"]["value"] == f"hex {c['hex']}"
    cf, mf = c["factors"].split("-")
    assert lines["Combat factor"]["value"] == cf and lines["Movement factor"]["value"] == mf
    assert lines["Supply"]["value"] in ("in supply", "out of supply")
    assert lines["Supply"]["rule"] == "SNO 9.0" and lines["Enemy ZOC"]["rule"] == "SNO 3.1"
    assert [s["name"] for s in card["status"]] == c["markers"]
    assert all(s["rule"] and s["note"] for s in card["status"])
    # a unit off the map: where it waits, no supply nor ZOC
    gid = new_game(client, game="sno", scenario="1941")
    v = view(client, gid)
    boxed = next(u for b in v["boxes"] for u in b["units"])
    card = client.get(f"/api/games/{gid}/units/{boxed['id']}").json()
    lines = {line["label"]: line for line in card["lines"]}
    box = next(b for b in v["boxes"] if boxed in b["units"])
    assert lines["Where"]["value"] == box["title"]
    assert "Supply" not in lines and "Enemy ZOC" not in lines
    assert game.unit_card(game.setup("1941", {}, 1), "no-such-unit") is None


def test_a_fortified_unit_says_what_fortified_does(client: TestClient) -> None:
    gid = new_game(client, game="sno", position="kiev-1941-08")
    v = view(client, gid)
    c = next((c for c in v["counters"] if "fortified" in c["markers"]), None)
    if c is None:  # fortify one in the Replacement Phase
        a = next(a for a in v["actions"] if a["verb"] == "fortify")
        c = next(x for x in act(client, gid, a["text"])["counters"] if x["id"] == a["unit"])
    card = client.get(f"/api/games/{gid}/units/{c['id']}").json()
    fort = next(s for s in card["status"] if s["name"] == "fortified")
    assert fort["code"] == "Fort" and fort["rule"] == "SNO 10.7"


def test_default_card_and_unknown_unit(client: TestClient) -> None:
    gid = new_game(client, game="dr")
    v = act(client, gid, "historical")
    c = v["counters"][0]
    card = client.get(f"/api/games/{gid}/units/{c['id']}").json()
    assert {"label": "Factors", "value": c["factors"], "rule": None} in card["lines"]
    assert {"label": "Where", "value": f"hex {c['hex']}", "rule": None} in card["lines"]
    r = client.get(f"/api/games/{gid}/units/no-such-unit")
    assert r.status_code == 400 and "no-such-unit" in r.json()["error"]
