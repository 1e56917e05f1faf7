"""Moving by gestures in Sturm Nach Osten (issue 35, item 1), in a real browser: a unit
dragged to its destination moves there in one gesture (picked and moved along the way the
engine offers); a stack dragged moves every unit of it that can go there; after one unit of
a stack moved by clicks, one button moves the rest of the stack there too; ending a phase
asks first only while units could still move (read from the actions' roles), and not in a
phase where nothing is left to move."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sno_play import AT, Counted, click_unit, end_phases_until, hex_of, look_at, start_game, until
from test_play_in_browser import CHROMIUM, view

from ostfront.games import get

playwright = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no system Chromium (apt-get install chromium); browser tests need it",
)


def common_destinations(units: list[str]) -> set[str]:
    """Where every one of these units may move at the start of the June 1941 Axis OMP
    (seed 1), as the engine offers it."""
    g = get("sno")
    s = g.setup("1941", {}, 1)
    while g.phase(s) != "axis_omp":
        s = g.apply(s, next(a for a in g.legal_actions(s) if a.role == "end"))
    found: set[str] | None = None
    for u in units:
        t = g.apply(s, "select " + u)
        here = {a.hexes[0] for a in g.legal_actions(t) if a.role == "move"}
        found = here if found is None else found & here
    return found or set()


def test_drag_a_unit_a_stack_and_the_rest_of_a_stack(
    page: Any, base_url: str, artifacts: Path
) -> None:
    start_game(page, base_url)
    end_phases_until(page, "axis_rrp")
    # -- no unit could move in the replacement phase: E ends it at once
    seq = view(page)["seq"]
    page.keyboard.press("e")
    v = until(page, "s => V.seq > s && quiet()", seq)
    assert v["phase"] == "axis_omp" and not page.locator("#confirm-end.shown").count()
    g = Counted(page)

    # -- a lone unit dragged: picked and moved in one gesture
    assert "0921" in common_destinations(["ger-9-army"])
    look_at(page, ["0821", "1922"], 700)
    # a text selection left across the page (as an earlier press may leave one) is not
    # dragged instead of the unit (that would cancel the unit's drag)
    page.evaluate("() => document.getSelection().selectAllChildren(document.body)")
    seq = v["seq"]
    g.drag("0821", "0921")
    v = until(page, "s => V.seq >= s + 2 && quiet()", seq)
    assert hex_of(v, "ger-9-army") == "0921" and v["selected"] is None
    assert [e["action"] for e in v["log"][-2:]] == ["select ger-9-army", "to 0921"]

    # -- a stack dragged: each of its units moves there
    assert "1918" in common_destinations(["rom-3-army", "rom-mtn"])
    seq = v["seq"]
    g.drag("1922", "1918")
    v = until(page, "s => V.seq >= s + 4 && quiet()", seq)
    assert (hex_of(v, "rom-3-army"), hex_of(v, "rom-mtn")) == ("1918", "1918")
    assert g.n == 2

    # -- one unit of a stack moved by clicks; the button moves the rest of it there too
    dest = sorted(common_destinations(["ger-2-army", "ger-53-corps"]) & {"1022", "1122"})[0]
    g.click_hex("0922")  # the stack spreads out (two units may move)
    page.wait_for_selector('g.fan-layer .counter-slot[data-uid="ger-2-army"]')
    seq = view(page)["seq"]
    click_unit(g, "ger-2-army")
    until(page, "() => V.selected === 'ger-2-army' && quiet()")
    g.click_hex(dest)
    page.wait_for_selector("#rest-btn")
    assert f"from 0922 to {dest}" in page.inner_text("#rest-btn")
    page.screenshot(path=str(artifacts / "sno-rest-of-stack.png"))
    g.click("#rest-btn")
    v = until(page, AT, ["ger-53-corps", dest])
    assert hex_of(v, "ger-2-army") == dest and v["seq"] == seq + 4
    page.wait_for_selector("#rest-btn", state="detached")
    assert g.n == 6

    # -- E with units still able to move: asked first; Escape keeps the phase
    page.keyboard.press("e")
    page.wait_for_selector("#confirm-end.shown")
    assert "could still move" in page.inner_text("#confirm-end")
    page.screenshot(path=str(artifacts / "sno-confirm-end.png"))
    page.keyboard.press("Escape")
    page.wait_for_selector("#confirm-end.shown", state="detached")
    assert view(page)["phase"] == "axis_omp"
    seq = view(page)["seq"]
    page.keyboard.press("e")
    page.wait_for_selector("#confirm-end.shown")
    page.keyboard.press("Enter")
    v = until(page, "s => V.seq > s && quiet()", seq)
    assert v["phase"] == "axis_combat"
    assert page.errors == []
