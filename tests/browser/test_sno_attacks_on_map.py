"""Attacks built on the map in Sturm Nach Osten (issue 35, item 3), in a real browser, in the
June 1941 Combat Phase (seed 1): a click on a friendly unit while an attack is being put
together adds it or leaves it out (never a lone other action such as breaking it down: that
is offered in a menu); the planned attacks are numbered on the map as the list numbers them;
a second defender's hex, lit, joins the attack at a click; and the near dead end of the issue
(Lvov with its default attackers, the 26th Army in 1523 left to no one) is completed both
ways, by clicks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sno_play import Counted, click_unit, end_phases_until, look_at, start_game, until
from test_play_in_browser import CHROMIUM, view

playwright = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no system Chromium (apt-get install chromium); browser tests need it",
)


def draft(page: Any) -> tuple[list[str], list[str]]:
    p = page.evaluate("() => V.pending")
    return sorted(p["attackers"]), sorted(p["targets"])


def badges(page: Any) -> dict[str, str]:
    """The numbered attacks on the map: number -> the hexes attacked."""
    found: dict[str, str] = page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('g.plan-attack')]"
        ".map(g => [g.dataset.n, g.dataset.targets]))"
    )
    return found


def after(page: Any, seq: int, what: str) -> dict[str, Any]:
    return until(page, "s => V.seq > s && quiet()", seq)


def test_attacks_built_by_clicks_numbered_on_the_map(
    page: Any, base_url: str, artifacts: Path
) -> None:
    start_game(page, base_url)
    end_phases_until(page, "axis_combat")
    look_at(page, ["0718", "1523"], 640)
    g = Counted(page)

    # -- 0718: every unit that may join, then one left out and added again by clicks
    seq = view(page)["seq"]
    g.click_hex("0718")
    after(page, seq, "the attack on 0718 opened")
    everyone = ["ger-39-pz", "ger-5-corps", "ger-57-pz", "ger-6-corps"]
    assert draft(page) == (everyone, ["0718"])
    g.click_hex("0719")  # the four attackers' stack spreads out
    page.wait_for_selector('g.fan-layer .counter-slot[data-uid="ger-6-corps"]')
    seq = view(page)["seq"]
    click_unit(g, "ger-6-corps")
    after(page, seq, "the corps left out")
    assert draft(page)[0] == ["ger-39-pz", "ger-5-corps", "ger-57-pz"]
    seq = view(page)["seq"]
    click_unit(g, "ger-6-corps")
    after(page, seq, "the corps added again")
    assert draft(page)[0] == everyone
    # a unit whose only action is to break down: a click offers it, never takes it
    lone = "ger-9-army"  # alone in 0821, not next to 0718
    acts = page.evaluate("u => V.actions.filter(a => a.unit === u && !a.kind)", lone)
    assert [a["role"] for a in acts] == ["choose"]
    seq = view(page)["seq"]
    page.mouse.move(5, 5)
    page.keyboard.press("Escape")  # the stack folded again
    click_unit(g, lone)
    page.wait_for_selector("#menu.shown")
    assert view(page)["seq"] == seq
    page.keyboard.press("Escape")
    seq = view(page)["seq"]
    g.click('#actions button.action[data-text="declare"]')
    after(page, seq, "the attack on 0718 declared")
    assert badges(page) == {"1": "0718"}
    assert "Take attack 1 out of the plan" in page.inner_text("#actions")

    # -- Lvov with its defaults: not declarable, 1523 lit; a click on it joins it
    seq = view(page)["seq"]
    g.click_hex("1422")
    after(page, seq, "the attack on Lvov opened")
    assert draft(page) == (["ger-1-pzarmy", "ger-17-army", "ger-49-mtn"], ["1422"])
    assert not page.locator('#actions button.action[data-text="declare"]').count()
    assert "1523 must be attacked too" in page.inner_text("#prompt")
    assert page.locator('polygon.hl-attack[data-hex="1523"]').count() == 1
    page.screenshot(path=str(artifacts / "sno-attack-second-hex.png"))
    seq = view(page)["seq"]
    g.click_hex("1523")  # SNO 7.1.9: a multi-hex attack; 7.1.7: those not next to it leave
    after(page, seq, "1523 added")
    assert draft(page) == (["ger-49-mtn"], ["1422", "1523"])
    seq = view(page)["seq"]
    g.click('#actions button.action[data-text="declare"]')
    after(page, seq, "the two-hex attack declared")
    assert badges(page) == {"1": "0718", "2": "1422 1523"}

    # -- the other way out: back to Lvov's defaults, the corps left out, then 1523 with it
    for _ in range(2):
        seq = view(page)["seq"]
        page.keyboard.press("u")
        after(page, seq, "undone")
    assert draft(page) == (["ger-1-pzarmy", "ger-17-army", "ger-49-mtn"], ["1422"])
    seq = view(page)["seq"]
    g.click_hex("1423")  # the corps alone in its hex: left out
    after(page, seq, "the corps left out")
    assert draft(page)[0] == ["ger-1-pzarmy", "ger-17-army"]
    seq = view(page)["seq"]
    g.click('#actions button.action[data-text="declare"]')
    after(page, seq, "Lvov declared")
    seq = view(page)["seq"]
    g.click_hex("1523")
    after(page, seq, "the attack on 1523 opened")
    assert draft(page) == (["ger-49-mtn"], ["1523"])
    seq = view(page)["seq"]
    g.click('#actions button.action[data-text="declare"]')
    after(page, seq, "1523 declared")
    assert badges(page) == {"1": "0718", "2": "1422", "3": "1523"}
    assert "1523" not in page.inner_text("#prompt")
    page.screenshot(path=str(artifacts / "sno-attacks-numbered.png"))
    assert g.n == 13  # 6 for 0718 (one opening a menu), 3 for Lvov and 1523, 4 the other way
    assert page.errors == []
