"""The charts the game page shows (GET /api/chart/<game>: the terrain effects chart worded
from the game's data) and the rules page the prompts link to (each rule by number and title
with Ostfront's own note; the rulebook's prose is never shipped)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ostfront.games.dr.charts import combat_effects, load_charts, terrain_move_cost
from ostfront.server import rulespage


def _row(table: dict[str, Any], name: str) -> dict[str, Any]:
    return next(r for r in table["rows"] if r["cells"][0] == name)


def test_dr_chart_is_read_from_the_charts_card(client: TestClient) -> None:
    got = client.get("/api/chart/dr").json()
    assert got["game"] == "dr" and [t["id"] for t in got["tables"]] == ["terrain", "hexsides"]
    terrain, hexsides = got["tables"]
    assert terrain["columns"] == [
        "Terrain", "Infantry", "Cavalry", "Armor", "Mountain", "Combat", "Snow",
    ]  # fmt: skip
    charts = load_charts()
    # every hex terrain of the card, in its order, with its movement costs by column
    assert [r["cells"][0] for r in terrain["rows"]] == [
        "Clear", "Forest", "Swamp", "Mountain", "City", "Major city", "Fortress", "Lake", "Sea",
    ]  # fmt: skip
    swamp = _row(terrain, "Swamp")
    kinds = ("infantry", "cavalry", "armor", "mountain")
    assert swamp["cells"][1:5] == [str(terrain_move_cost(charts, "swamp", k)) for k in kinds]
    assert swamp["cells"][1:5] == ["2", "2", "3", "2"]
    assert swamp["cells"][5] == "+1 to the defenders’ total; attacking armor halved (round up)"
    assert swamp["cells"][6] == "counts as forest in Snow in hex rows up to 15xx"
    assert swamp["rule"] == "DR 9.1.4, 8.3.4" and swamp["reconstructed"] == ""
    fortress = _row(terrain, "Fortress")
    assert combat_effects(charts, "fortress").defender_hits_on == 5
    assert "defenders hit on 5-6" in fortress["cells"][5]
    assert "−1 to each attacking unit" in fortress["cells"][5]
    assert _row(terrain, "City")["cells"][1:6] == ["no effect"] * 4 + [
        "−1 to each attacking armor unit"
    ]
    # a reconstructed value says so, with the card's reason
    forest = _row(terrain, "Forest")
    assert forest["reconstructed"].startswith("reconstructed (move.infantry, move.cavalry")
    river = _row(hexsides, "River")
    assert river["cells"] == [
        "River", "+0", "+0", "+1", "+0", "−1 to each unit attacking across", "yes",
    ]  # fmt: skip
    strait = _row(hexsides, "Strait")
    assert strait["cells"][-1] == "no" and "if attacked from no other hex" in strait["cells"][5]
    assert _row(hexsides, "No-attack hexside")["cells"][5] == "no attack across"


def test_sno_chart_is_read_from_its_tables(client: TestClient) -> None:
    """SNO's Terrain Effects Chart from data/tables.toml: a cost per movement class, the
    rules each row comes from, the reconstructed cells with their reason."""
    tables = client.get("/api/chart/sno").json()["tables"]
    assert [t["id"] for t in tables][:3] == ["terrain", "hexsides", "places"]
    terrain = tables[0]
    assert terrain["columns"] == ["Terrain", "Foot", "Mountain", "Armor", "Cavalry", "Combat"]
    swamp = _row(terrain, "Swamp")
    assert swamp["cells"][1:5] == ["2", "2", "3", "1"] and swamp["rule"].startswith("SNO 5.1.3")
    assert swamp["reconstructed"].startswith("reconstructed (move.foot")
    assert _row(terrain, "Clear")["reconstructed"] == ""
    assert "+1 MP" in _row(tables[1], "River")["cells"][1]
    assert _row(tables[2], "Victory city")["cells"][2] == "6"


def test_sno_chart_holds_combat_weather_and_replacements(client: TestClient) -> None:
    """Issue 35: the chart holds the result codes, the ways to resolve a battle, the four CRTs
    and their Combat Options, the weather and the replacement tables, each row with a rule."""
    tables = {t["id"]: t for t in client.get("/api/chart/sno").json()["tables"]}
    assert {"results", "choices", "crt-axis-assault", "options-axis-assault",
            "crt-soviet-assault", "options-soviet-assault", "crt-overrun-blitz-a",
            "crt-overrun-blitz-b", "weather", "replacements"} <= set(tables)  # fmt: skip
    assert all(r["rule"].startswith("SNO ") for t in tables.values() for r in t["rows"])
    assert _row(tables["results"], "HX")["cells"][1] == "Half exchange"
    assert _row(tables["results"], "HX")["rule"] == "SNO 7.3.1"
    crt = tables["crt-overrun-blitz-b"]
    assert crt["columns"][:2] == ["Die", "3:1"] and len(crt["rows"]) == 6
    assert "Overrun from 6:1" in crt["note"]
    assert _row(tables["options-axis-assault"], "AL")["cells"] == ["AL", "2X", "AL", "3X"]
    assert _row(tables["weather"], "October roll")["cells"][1] == "3-6"
    assert _row(tables["replacements"], "Axis")["cells"][2].startswith("1941: 2")


def test_sno_odds_say_what_each_result_does(client: TestClient) -> None:
    """The odds of an SNO roll carry each result's meaning (Game.outcome_meanings)."""
    from ostfront.games.sno.game import GAME
    from ostfront.server import describe

    st = GAME.setup(seed=3, position=GAME.shipped_position("leningrad-1941-09"))
    for text in ("end", "end", "attack 0309", "declare", "attack 0408", "declare",
                 "attack 0608", "declare", "commit"):  # fmt: skip
        st = GAME.apply(st, text)
    roll = next(a for a in GAME.legal_actions(st) if a.text == "roll 1")
    odds = describe.odds(GAME, st, roll)
    assert odds is not None
    values = {v["value"]: v["meaning"] for v in odds["marginals"][0]["values"]}
    assert set(values) == {"DR", "TX", "(DR)", "-", "AL"}
    assert values["TX"].startswith("Total exchange: Every unit on both sides")
    assert values["TX"].endswith("(SNO 7.3.1)")
    # the way each roll resolves the battle, and which the rules prefer (SNO 5.4.9, 7.5.1)
    assert odds["note"].startswith("Assault CRT: ") and "The rules' default" in odds["note"]
    ec = next(a for a in GAME.legal_actions(st) if a.text == "roll 1 ec")
    note = (describe.odds(GAME, st, ec) or {})["note"]
    assert note.startswith("Exchange Conversion: ") and note.endswith("(SNO 7.5.1)")


def test_chart_of_no_game(client: TestClient) -> None:
    r = client.get("/api/chart/chess")
    assert r.status_code == 404 and "chess" in r.json()["error"]


def test_rules_page_without_the_rulebook(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(rulespage, "rulebook_dirs", lambda: [tmp_path])
    page = client.get("/rules/dr/dev").text
    assert "is not on this machine" not in page
    assert "not copied here" in page and "Chart" in page
    # a rule with a note: number, title, Ostfront's note, status and where its code is
    i = page.index("<section id='r-5.0'>")
    section = page[i : page.index("</section>", i)]
    assert "<h2>DR 5.0 Supply</h2>" in section
    assert "<b>Ostfront:</b> Reading: the rail line need not be friendly-controlled" in section
    assert "Status: implemented · code: games/dr/supply.py; 2 tests" in section
    assert "class='text'" not in page  # no rulebook prose at all
    assert "<section id='r-7.2.2'><h2>DR 7.2.2 Retreating Attackers</h2>" in page
