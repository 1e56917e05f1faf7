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
from ostfront.games.sno.rules import set_unit
from ostfront.render.svg import render_counter


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


def test_a_unit_cut_off_carries_an_out_of_supply_marker() -> None:
    """SNO 9.0: a German corps set down far behind the Soviet lines traces no supply line; its
    counter carries the marker (drawn as "OoS") and its card says so with the rule."""
    game = games.get("sno")
    state = game.setup(None, {}, 1, position=game.shipped_position("kiev-1941-08"))
    uid = next(c.id for c in game.counters(state) if c.side == "axis" and c.factors)
    assert "out of supply" not in next(c for c in game.counters(state) if c.id == uid).markers
    set_unit(state, uid, at="3007")
    c = next(c for c in game.counters(state) if c.id == uid)
    assert c.markers[-1:] == ("out of supply",) and c.marker_codes[-1:] == ("OoS",)
    card = game.unit_card(state, uid)
    assert card is not None
    assert {"label": "Supply", "value": "out of supply", "rule": "SNO 9.0"} in card["lines"]
    assert any(s["name"] == "out of supply" and s["rule"] == "SNO 9.0" for s in card["status"])
    svg = render_counter(c, 24.0)
    assert 'data-marker="out of supply"' in svg and ">OoS</text>" in svg
