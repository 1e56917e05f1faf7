"""The Sturm Nach Osten 1941 campaign in a real browser (the system Chromium through
Playwright), from the New game page to the last turn chosen, the computer playing both sides
after the set-up. Its own module, beside test_sno_in_browser.py, so the two long SNO games
run on both cores (each test file runs whole on one worker)."""

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


def test_the_1941_campaign_from_the_new_game_page(
    page: Any, base_url: str, artifacts: Path
) -> None:
    """SNO 12.A: offered first; one start option at a time (14.13); the set-up steps
    (12.12), a unit set up elsewhere by clicking it and a lit hex; then the computer plays
    the campaign to the last turn chosen (15.7) and the result is shown."""
    page.goto(base_url + "/new")
    page.wait_for_selector("input[name=game][value=sno]")
    page.check("input[name=game][value=sno]")
    page.wait_for_selector("input[name=scenario][value='1941']:checked")
    page.check("input[name=option][value=modernization]")
    page.check("input[name=option][value=stalin-line]")  # SNO 14.13: one start option
    assert not page.is_checked("input[name=option][value=modernization]")  # the other cleared
    page.uncheck("input[name=option][value=stalin-line]")
    page.select_option("select[data-id=end]", label="1941-12")
    page.select_option("#side-soviet", "human")
    page.fill("#seed", "5")
    page.click("#start")
    page.wait_for_url("**/game/*")
    page.wait_for_selector("g.counters .counter-slot")
    assert "June 1941, Soviet set-up" in page.inner_text("#status")
    assert page.evaluate("() => V.options.end") == "1941-12"
    assert "Reinforcements to come" in page.inner_text("#boxes")

    seq = view(page)["seq"]
    page.keyboard.press("e")  # the Soviet player ends his set-up; the Axis sets up (12.12)
    v = wait_until(page, lambda v: v["seq"] > seq, "the Soviet set-up to end")
    assert v["phase"] == "axis_setup"
    pick = next(
        a
        for a in v["actions"]
        if a["verb"] == "pick"
        and page.evaluate(
            "u => V.counters.filter(c => c.hex === V.counters.find(x => x.id === u).hex)"
            ".length === 1",
            a["unit"],
        )
    )
    here = next(c["hex"] for c in v["counters"] if c["id"] == pick["unit"])
    page.evaluate(
        "h => { const c = BOARD.centres[h]; vb = [c[0] - 300, c[1] - 190, 600, 380]; putVb(); }",
        here,
    )
    # the unit has several actions (set up elsewhere, fortify, ...): a right click offers
    # them all in a menu; a click picks it (issue 35: picking is what a click on a unit does)
    page.mouse.click(*screen_point(page, here), button="right")
    page.locator(f'#menu.shown button[data-text="{pick["text"]}"]').wait_for()
    assert page.locator("#menu.shown button[data-text]").count() > 1
    page.keyboard.press("Escape")
    page.mouse.click(*screen_point(page, here))
    v = wait_until(page, lambda v: v["selected"] == pick["unit"], "the unit to be picked")
    assert not page.locator("#menu.shown").count()
    lit = page.eval_on_selector_all("polygon.hl-place", "ps => ps.map(p => p.dataset.hex)")
    places = sorted(a["hex"] for a in v["actions"] if a["verb"] == "place")
    assert places and sorted(lit) == places
    goal = places[0]
    page.evaluate(
        "h => { const c = BOARD.centres[h]; vb = [c[0] - 300, c[1] - 190, 600, 380]; putVb(); }",
        goal,
    )
    page.mouse.click(*screen_point(page, goal))
    v = wait_until(page, lambda v: v["selected"] is None, "the unit to be set up")
    assert next(c["hex"] for c in v["counters"] if c["id"] == pick["unit"]) == goal
    page.screenshot(path=str(artifacts / "sno-1941-setup.png"))

    for side in ("axis", "soviet"):
        hand_over(page, side, "random")
    played_to_the_end(page, timeout=400)
    result = page.evaluate("() => V.result")
    assert "December 1941" in result["reason"] and result["reason"] in page.inner_text("#result")
    page.screenshot(path=str(artifacts / "sno-1941-end.png"))

    # the log, drawn a turn at a time as the computer played: newest first, December open
    turns = page.locator("#log-body > details.turn")
    assert turns.count() >= 6 and "December 1941" in turns.first.locator("summary").inner_text()
    assert page.locator("#log-body > details.turn[open]").count() == 1
    assert turns.first.get_attribute("open") is not None
    steps = [int(n) for n in page.locator("#log-body .n").all_inner_texts() if n]
    assert steps == sorted(steps, reverse=True)
    log_html = page.inner_html("#log-body")
    page.reload()  # the log drawn whole on loading is the one the steps drew
    page.wait_for_function(
        "html => document.getElementById('log-body').innerHTML === html", arg=log_html
    )
    assert page.errors == []
