"""Sturm Nach Osten in a real browser (the system Chromium through Playwright), from the same
game-neutral server and client as Defiant Russia: the New game page offers SNO with its
scenarios, its shipped positions and only the computer level that knows it; the game page
draws the SNO board and counters, names the month and phase, lights the hexes a picked unit
may move to and draws the path the engine will take; a click moves it; the supply overlay
rings the units and draws the moved unit's supply line; then the computer plays both sides
to the end and the result is shown."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sno_play import hand_over, played_to_the_end
from test_new_player import screen_point
from test_play_in_browser import CHROMIUM, view, wait_until

playwright = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no system Chromium (apt-get install chromium); browser tests need it",
)


def lone_unit_move(page: Any) -> dict[str, Any]:
    """A ``select`` action whose unit stands alone in its hex (one click picks it)."""
    found: dict[str, Any] = page.evaluate(
        """() => V.actions.find(a => a.verb === "select" &&
             V.counters.filter(c => c.hex === V.counters.find(x => x.id === a.unit).hex)
               .length === 1)"""
    )
    return found


def test_sno_from_the_new_game_page_to_the_end(page: Any, base_url: str, artifacts: Path) -> None:
    page.goto(base_url + "/new")
    page.wait_for_selector("input[name=game][value=sno]")
    page.check("input[name=game][value=sno]")
    page.wait_for_selector("input[name=scenario][value='position:kiev-1941-08']")
    assert "June 1941: the Campaign Scenario" in page.inner_text("#scenarios")
    assert "SNO 13.0" in page.inner_text("#options")
    levels = page.eval_on_selector_all("#side-soviet option", "os => os.map(o => o.value)")
    # only the computer players that know SNO (its own greedy, normal, hard since issue 34)
    assert levels == ["human", "random", "greedy", "normal", "hard"]
    page.check("input[name=scenario][value='position:kiev-1941-08']")
    page.select_option("#side-soviet", "human")
    page.fill("#seed", "3")
    page.click("#start")
    page.wait_for_url("**/game/*")
    page.wait_for_selector("g.counters .counter-slot")
    assert "August 1941, Axis Replacement/Reinforcement Phase" in page.inner_text("#status")
    slots = page.locator("g.counters .counter-slot").count()
    assert slots == len(view(page)["counters"]) > 20

    # -- the Axis ends its RRP by key; in the OMP a click on a unit picks it
    seq = view(page)["seq"]
    page.keyboard.press("e")
    v = wait_until(page, lambda v: v["seq"] > seq, "the end of the RRP")
    assert v["phase"] == "axis_omp"
    pick = lone_unit_move(page)
    here = next(c["hex"] for c in v["counters"] if c["id"] == pick["unit"])
    page.evaluate(
        "h => { const c = BOARD.centres[h]; vb = [c[0] - 300, c[1] - 190, 600, 380]; putVb(); }",
        here,
    )
    page.mouse.click(*screen_point(page, here))
    v = wait_until(page, lambda v: v["selected"] == pick["unit"], "the unit to be picked")
    moves = [a for a in v["actions"] if a["verb"] == "to"]
    lit = page.eval_on_selector_all("polygon.hl-move", "ps => ps.map(p => p.dataset.hex)")
    assert sorted(lit) == sorted(a["hex"] for a in moves)
    goal = max(moves, key=lambda a: len(a["path"]))
    page.mouse.move(*screen_point(page, goal["hex"]))
    drawn = page.wait_for_selector("g.move-path")
    assert drawn.get_attribute("data-hexes") == " ".join(goal["path"])
    assert "MP" in page.inner_text("#hover")
    page.mouse.click(*screen_point(page, goal["hex"]))
    v = wait_until(page, lambda v: v["selected"] is None, "the move")
    assert next(c["hex"] for c in v["counters"] if c["id"] == pick["unit"]) == goal["hex"]
    assert goal["label"] in page.inner_text("#log-body")

    # -- the supply overlay rings every Axis unit on the map
    page.keyboard.press("s")
    page.wait_for_selector("#legend.shown")
    assert "Axis supply reaches" in page.inner_text("#legend")
    rings = page.locator("circle.sup-in, circle.sup-out").count()
    axis = page.evaluate("() => V.counters.filter(c => c.side === 'axis').length")
    assert rings == axis > 0
    # pointing at the moved unit draws its supply line (games/sno/supply_lines.py)
    page.mouse.move(*screen_point(page, goal["hex"]))
    line = page.locator(f'.supply-line[data-uid="{pick["unit"]}"]')
    line.wait_for()
    assert line.get_attribute("data-path").split()[0] == goal["hex"]
    assert "in supply" in page.inner_text("#hover")
    page.screenshot(path=str(artifacts / "sno-kiev-move.png"))
    page.keyboard.press("s")
    page.keyboard.press("s")

    # -- the computer plays both sides to the end
    for side in ("axis", "soviet"):
        hand_over(page, side, "random")
    played_to_the_end(page, timeout=180)
    result = page.evaluate("() => V.result")
    assert result["reason"].startswith("SNO 15") and result["reason"] in page.inner_text("#result")
    page.screenshot(path=str(artifacts / "sno-kiev-end.png"))
    assert page.errors == []
