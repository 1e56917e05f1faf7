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
    assert [t["id"] for t in tables] == ["terrain", "hexsides", "places"]
    terrain = tables[0]
    assert terrain["columns"] == ["Terrain", "Foot", "Mountain", "Armor", "Cavalry", "Combat"]
    swamp = _row(terrain, "Swamp")
    assert swamp["cells"][1:5] == ["2", "2", "3", "1"] and swamp["rule"].startswith("SNO 5.1.3")
    assert swamp["reconstructed"].startswith("reconstructed (move.foot")
    assert _row(terrain, "Clear")["reconstructed"] == ""
    assert "+1 MP" in _row(tables[1], "River")["cells"][1]
    assert _row(tables[2], "Victory city")["cells"][2] == "6"


def test_chart_of_no_game(client: TestClient) -> None:
    r = client.get("/api/chart/chess")
    assert r.status_code == 404 and "chess" in r.json()["error"]


def test_rules_page_without_the_rulebook(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(rulespage, "rulebook_dirs", lambda: [tmp_path])
    page = client.get("/rules/dr").text
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
