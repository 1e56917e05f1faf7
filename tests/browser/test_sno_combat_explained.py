"""Combat explained, in a real browser (the system Chromium through Playwright), on a Sturm
Nach Osten position (issue 35, items 2, 4 and 8): the odds box names what each result code
does with its rule, from the game's data (crt.toml ``[[results]]``, through the game-neutral
``meaning`` of each odds value); the chart holds the result codes, the ways a battle may be
resolved, both kinds of CRT with their Combat Options, the weather and the replacement
tables, each row with its rule; the action list names no internal verb; and replay's PgUp /
PgDn move a page of steps, not one."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from test_play_in_browser import CHROMIUM, view, wait_until

playwright = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no system Chromium (apt-get install chromium); browser tests need it",
)

#: The order a player works through the Combat Phase in: declare what is being set up, commit
#: the plan, end a phase, begin an attack (the first offered).
PREFERRED = ("declare", "commit", "end", "attack", "disband")
#: An internal name: a word joined by an underscore (``overrun_without``, ``axis_omp``).
INTERNAL = re.compile(r"\b[A-Za-z]+_[a-z_]+\b")


def step_shown(page: Any, prefix: str, negate: bool = False) -> None:
    """Wait until the replay bar's step text does (not) begin with ``prefix``."""
    test = f"document.getElementById('rp-step').textContent.startsWith('{prefix}')"
    page.wait_for_function(f"() => {'!' if negate else ''}{test}")


def do(page: Any, text: str) -> dict[str, Any]:
    """Take the action ``text`` from the side panel's list (filtered down to it)."""
    seq = view(page)["seq"]
    page.fill("#actions .filter", text)
    page.locator(f'#actions button.action[data-text="{text}"]').click()
    if page.locator("#confirm-end.shown").count():  # ending with units still to move: asked
        page.click("#confirm-yes")
    wait_until(page, lambda v: v["seq"] > seq, text)
    # the filter cleared once the new view is drawn (a list drawn meanwhile keeps its text)
    page.wait_for_function("() => quiet()")
    page.fill("#actions .filter", "")
    page.evaluate("() => document.activeElement && document.activeElement.blur()")  # keys again
    return view(page)


def test_odds_chart_action_names_and_replay_pages(
    page: Any, base_url: str, artifacts: Path
) -> None:
    page.goto(base_url + "/new")
    page.wait_for_selector("input[name=game][value=sno]")
    page.check("input[name=game][value=sno]")
    page.check("input[name=scenario][value='position:leningrad-1941-09']")
    page.select_option("#side-soviet", "human")
    page.fill("#seed", "3")
    page.click("#start")
    page.wait_for_url("**/game/*")
    page.wait_for_selector("g.counters .counter-slot")

    # -- to the first attack to resolve, checking the action list for internal names
    v = view(page)
    for _ in range(40):
        listed = page.inner_text("#actions") + " ".join(
            page.eval_on_selector_all("#actions [title]", "bs => bs.map(b => b.title)")
        )  # what a person reads, tooltips too: labels, never the action's internal text
        assert not INTERNAL.findall(listed), listed
        if any(a["verb"] == "roll" for a in v["actions"]):
            break
        verbs = {a["verb"]: a for a in reversed(v["actions"])}
        pick = next(verbs[w] for w in PREFERRED if w in verbs)
        v = do(page, pick["text"])
    page.wait_for_selector("#odds:not([hidden]) #roll-btn")

    # -- the odds box: each result it may give, named, with what it does and its rule
    odds = page.evaluate("() => V.odds")
    results = [x["value"] for x in odds["marginals"][0]["values"]]
    assert results and all(x["meaning"] for x in odds["marginals"][0]["values"])
    shown = page.eval_on_selector_all(
        "#odds .meanings li", "ls => ls.map(l => [l.dataset.result, l.innerText])"
    )
    assert [r for r, _ in shown] == results
    for code, text in shown:
        assert text.startswith(code) and "(SNO 7.3" in text, text
    if "TX" in results:
        assert "Every unit on both sides" in dict(shown)["TX"]
    if "AL" in results:
        assert "attacker removes units worth at least" in dict(shown)["AL"]
    assert page.inner_text("#odds .way").startswith("Assault CRT: ")  # the way, preferred
    assert "The rules' default" in page.inner_text("#odds .way")
    page.screenshot(path=str(artifacts / "sno-odds-meanings.png"))
    page.hover('#actions button.action[data-text="roll 1 ec"]')  # the other way, previewed
    page.wait_for_function(
        "() => (document.querySelector('#odds .way') || {}).textContent"
        "?.startsWith('Exchange Conversion: ')"
    )
    assert page.locator("#odds .meanings li").count() > 0
    page.mouse.move(5, 5)

    # -- the chart (T): results, the ways to resolve a battle, CRTs, options, weather, RFs
    page.keyboard.press("t")
    page.wait_for_selector('#chart.shown table[data-table="replacements"]')
    ids = page.eval_on_selector_all(
        "#chart table[data-table]", "ts => ts.map(t => t.dataset.table)"
    )
    for want in ("results", "choices", "crt-axis-assault", "options-axis-assault",
                 "crt-soviet-assault", "crt-overrun-blitz-a", "crt-overrun-blitz-b",
                 "weather", "replacements", "terrain"):  # fmt: skip
        assert want in ids, ids
    for table in ids:  # every row names its rule, as a link to the rulebook
        rows = page.locator(f'#chart table[data-table="{table}"] tr:not(:first-child)')
        assert rows.count() > 0, table
        links = page.locator(f'#chart table[data-table="{table}"] tr td:last-child a')
        assert links.count() == rows.count(), table
    dx = page.inner_text('#chart table[data-table="results"]')
    assert "Defender exchanged" in dx and "Half exchange" in dx
    ways = page.inner_text('#chart table[data-table="choices"]')
    assert "Exchange Conversion" in ways and "The rules' default" in ways
    crt = page.locator('#chart table[data-table="crt-axis-assault"] tr').nth(1).inner_text()
    assert crt.split("\t")[:3] == ["1", "AL", "(DR)/AL"]  # die 1 at 1:6 and 1:5 (crt.toml)
    page.click('#chart .chart-contents a[href="#chart-crt-axis-assault"]')  # the contents
    page.wait_for_function(
        "() => { const r = document.getElementById('chart-crt-axis-assault')"
        ".getBoundingClientRect(); return r.top >= 0 && r.top < 200; }"
    )
    page.screenshot(path=str(artifacts / "sno-chart-crts.png"))
    page.keyboard.press("t")
    page.wait_for_selector("#chart:not(.shown)", state="attached")

    # -- more steps on record: resolve the attacks on offer
    for _ in range(6):
        roll = next((a for a in v["actions"] if a["verb"] == "roll"), None)
        if roll is None:
            break
        v = do(page, roll["text"])
    seq = view(page)["seq"]
    assert seq > 10

    # -- replay: PgUp / PgDn move ten steps, [ and ] to a phase start
    page.keyboard.press("r")
    page.wait_for_selector("#replaybar.shown")
    step_shown(page, f"step {seq} / {seq}")
    page.keyboard.press("PageUp")
    step = seq - 10
    step_shown(page, f"step {step} /")
    assert page.evaluate("() => document.getElementById('rp-slider').value") == str(step)
    wait_until(page, lambda v: not v["live"], "replay a page back")
    page.keyboard.press("PageDown")
    step_shown(page, f"step {seq} /")
    page.keyboard.press("Home")
    page.keyboard.press("]")  # the next phase start after the set-up
    step_shown(page, "step 0 /", negate=True)
    page.keyboard.press("Escape")
    page.wait_for_selector("#replaybar:not(.shown)", state="attached")
    assert not page.errors
