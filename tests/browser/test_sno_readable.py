"""Sturm Nach Osten lists a person can scan and a map a person can read, in a real browser
(the system Chromium through Playwright; issue 35, items 4 and 5). Each game is a 1941
campaign played by the random player (seed 5) up to a moment and imported as a hot-seat
game: the July 1941 Soviet Replacement Phase (244 actions, 230 of them replacements), the
June 1941 Axis movement phase (8 break-downs, 29 units to move) and its Combat Phase (a
battle to roll two ways).

Rows in the action list (``#actions .list button``, measured by ``uv run python
tools/sno_screenshots.py --rows``, the same records), before (commit 2a6cf2b: groups of
more than 10 cut to 6 rows and a "more" button, smaller groups whole) and after:

=========================  =======  ======  =====
phase (1941 campaign)      actions  before  after
=========================  =======  ======  =====
June, Axis replacements         41      19      6
June, Axis movement             42      20      7
June, Soviet replacements       64      15      3
July, Axis replacements        486      15      3
July, Soviet replacements      244      21      9
=========================  =======  ======  ====="""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest
from test_play_in_browser import CHROMIUM, view, wait_until

from ostfront import games
from ostfront.ai.players import make_player
from ostfront.core.record import new_record, state_hash

playwright = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no system Chromium (apt-get install chromium); browser tests need it",
)

#: An internal name: a word joined by an underscore (``overrun_without``, ``axis_omp``).
INTERNAL = re.compile(r"\b[A-Za-z]+_[a-z_]+\b")


def record_until(stop: Any, seed: int = 5) -> dict[str, Any]:
    """A 1941 campaign record played by the random player up to the first position
    ``stop(game, state)`` accepts."""
    game = games.get("sno")
    state = game.setup("1941", {}, seed)
    record = new_record(game, state)
    player = make_player("random", seed=seed)
    for _ in range(2000):
        if stop(game, state):
            return record.to_json()
        action = player.choose(game, state)
        state = game.apply(state, action)
        record.steps.append({"action": action.text, "hash": state_hash(state)})
    raise AssertionError("never got there")


def at_phase(turn: str, phase: str) -> Any:
    return lambda g, s: g.turn(s) == turn and g.phase(s) == phase


def two_ways_to_roll(g: Any, s: Any) -> bool:
    rolls = [a for a in g.legal_actions(s) if a.role == "roll"]
    return len(rolls) > 1 and any(not a.units for a in rolls)


def open_imported(page: Any, base_url: str, record: dict[str, Any]) -> dict[str, Any]:
    body = json.dumps({"record": record, "players": {"axis": "human", "soviet": "human"}})
    req = urllib.request.Request(
        base_url + "/api/import",
        data=body.encode(),
        headers={"Content-Type": "application/json", "Origin": base_url},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        url = json.loads(r.read())["url"]
    page.goto(base_url + url)
    page.wait_for_selector("g.counters .counter-slot")
    page.wait_for_function("() => window.V && V.actions.length > 0")
    return view(page)


def rows(page: Any) -> int:
    n: int = page.locator("#actions .list button").count()
    return n


def listed_text(page: Any) -> str:
    titles = page.eval_on_selector_all("#actions [title]", "bs => bs.map(b => b.title)")
    return str(page.inner_text("#actions")) + " ".join(titles)


def test_replacements_chosen_by_unit_then_hex(page: Any, base_url: str) -> None:
    v = open_imported(page, base_url, record_until(at_phase("1941-07", "soviet_rrp")))
    replace = [a for a in v["actions"] if a["group"] == "Replacements"]
    assert len(v["actions"]) > 200 and len(replace) > 200
    assert rows(page) <= 10  # one row for the replacements, one per action of small groups
    assert not INTERNAL.findall(listed_text(page))
    # the group opens as one row per unit
    page.locator('#actions button.group-row[data-group="Replacements"]').click()
    units = sorted({a["unit"] for a in replace})
    shown = page.eval_on_selector_all(
        '#actions .group[data-group="Replacements"] button.unit-row',
        "bs => bs.map(b => b.dataset.uid)",
    )
    assert sorted(shown) == units
    # choosing a unit: its card, and only its entry hexes lit
    uid = shown[0]
    page.locator(f'#actions button.unit-row[data-uid="{uid}"]').click()
    page.wait_for_selector("#unitcard:not([hidden]) table.facts")
    card = page.inner_text("#unitcard")
    assert "Not yet in play" in card or "Eliminated" in card
    own = sorted({a["hex"] for a in replace if a["unit"] == uid})
    lit = page.eval_on_selector_all("polygon.hl", "ps => ps.map(p => p.dataset.hex)")
    assert sorted(set(lit)) == own
    buttons = page.eval_on_selector_all(
        "#unitcard button.card-action", "bs => bs.map(b => b.dataset.text)"
    )
    assert sorted(buttons) == sorted(a["text"] for a in replace if a["unit"] == uid)
    # a lit hex takes that unit's replacement at once (no menu of every unit entering there)
    goal = own[0]
    page.evaluate(
        "h => { const c = BOARD.centres[h]; vb = [c[0] - 300, c[1] - 190, 600, 380]; putVb(); }",
        goal,
    )
    seq = v["seq"]
    box = page.locator(f"#hex-{goal}").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    v = wait_until(page, lambda v: v["seq"] > seq, "the replacement")
    assert {"id": uid, "hex": goal} in v["counters"]
    assert not page.locator("#menu.shown").count()
    assert page.errors == []


def test_movement_phase_lists_and_reads(page: Any, base_url: str) -> None:
    v = open_imported(page, base_url, record_until(at_phase("1941-06", "axis_omp")))
    breaks = [a for a in v["actions"] if a["group"] == "Break"]
    assert len(breaks) == 8
    assert rows(page) <= 8
    assert page.locator('#actions button.group-row[data-group="Break"]').count() == 1
    assert not page.locator('#actions button.action[data-text^="break"]').count()
    assert not INTERNAL.findall(listed_text(page))

    # -- at the zoom the game opens on, names and marker codes are 10 CSS px or more
    sizes = page.evaluate(
        """() => {
          const box = document.getElementById("board").getBoundingClientRect();
          const out = {label: [], marker: []};
          for (const [cls, key] of [["counter-label", "label"], ["marker-label", "marker"]]) {
            for (const t of document.querySelectorAll(`g.counters text.${cls}`)) {
              const r = t.getBoundingClientRect();
              if (r.right < box.left || r.left > box.right) continue;
              if (r.bottom < box.top || r.top > box.bottom) continue;
              out[key].push(parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a);
            }
          }
          return out;
        }"""
    )
    assert len(sizes["label"]) > 10 and min(sizes["label"]) >= 10, sizes
    assert sizes["marker"] and min(sizes["marker"]) >= 10, sizes

    # -- rivers: thinner than the movement highlight's edge, and pale beside its blue
    pick = next(a for a in v["actions"] if a["role"] == "select")
    seq = v["seq"]
    page.locator('#actions button.group-row[data-group="Move a unit"]').click()
    page.locator(f'#actions button.action[data-text="{pick["text"]}"]').click()
    wait_until(page, lambda v: v["seq"] > seq and v["selected"], "the pick")
    river, move = page.evaluate(
        """() => [document.querySelector('.hexside[data-kind="river"]'),
                  document.querySelector("polygon.hl-move")].map(e => {
          const s = getComputedStyle(e);
          return {stroke: s.stroke, width: parseFloat(s.strokeWidth) * e.getScreenCTM().a};
        })"""
    )

    def lightness(rgb: str) -> float:
        r, g, b = (int(x) / 255 for x in re.findall(r"\d+", rgb)[:3])
        return (max(r, g, b) + min(r, g, b)) / 2

    assert river["width"] < move["width"], (river, move)
    assert lightness(river["stroke"]) > lightness(move["stroke"]) + 0.25, (river, move)

    # -- the unit card on a click: factors, supply, ZOC, the markers and rules
    hab = page.evaluate(
        """() => V.counters.find(c => c.markers.includes("HAB") &&
             V.counters.filter(x => x.hex === c.hex).length === 1)"""
    )
    page.evaluate(
        "h => { const c = BOARD.centres[h]; vb = [c[0] - 300, c[1] - 190, 600, 380]; putVb(); }",
        hab["hex"],
    )
    box = page.locator(f'g.counters .counter-slot[data-uid="{hab["id"]}"]').bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_selector("#unitcard:not([hidden]) table.facts")
    card = page.inner_text("#unitcard")
    for part in (
        "Combat factor",
        "Movement factor",
        "Supply",
        "in supply",
        "Enemy ZOC",
        hab["label"],
    ):
        assert part in card, card
    assert not INTERNAL.findall(card), card
    assert page.locator('#unitcard li[data-status="HAB"] a').count() == 1  # with its rule
    assert "SNO 10.2" in page.inner_html('#unitcard li[data-status="HAB"]')
    assert page.locator("#unitcard ul.rules li").count() >= 1
    assert page.errors == []


def test_odds_in_view_hex_box_and_no_jump(page: Any, base_url: str) -> None:
    v = open_imported(page, base_url, record_until(two_ways_to_roll))
    previewed = page.evaluate("() => Object.keys(V.odds_more)")
    other = next(a for a in v["actions"] if a["text"] in previewed)
    # -- the odds preview stays in view with the panel scrolled to the bottom
    page.fill("#actions .filter", other["text"])
    page.evaluate(
        "() => { const p = document.getElementById('panel'); p.scrollTop = p.scrollHeight; }"
    )
    page.hover(f'#actions button.action[data-text="{other["text"]}"]')
    page.wait_for_selector("#odds.preview")
    odds, panel = page.evaluate(
        """() => [document.getElementById("odds").getBoundingClientRect(),
                  document.getElementById("panel").getBoundingClientRect()]
                 .map(r => ({top: r.top, bottom: r.bottom}))"""
    )
    assert page.evaluate("() => document.getElementById('panel').scrollTop") > 0
    assert odds["top"] >= panel["top"] - 1 and odds["top"] < panel["bottom"] - 40, (odds, panel)
    page.mouse.move(5, 500)
    page.fill("#actions .filter", "")

    # -- a hex box opened in one phase closes when the phase changes
    empty = page.evaluate(
        """() => { const held = new Set(V.counters.map(c => c.hex));
             const lit = new Set(V.actions.map(a => a.hex));
             const r = document.getElementById("board").getBoundingClientRect();
             const ids = [...document.querySelectorAll("polygon.hex")].map(p => p.id.slice(4));
             return ids.find(h => {
               if (held.has(h) || lit.has(h)) return false;
               const b = document.getElementById("hex-" + h).getBoundingClientRect();
               return b.left > r.left + 60 && b.right < r.right - 60 &&
                 b.top > r.top + 60 && b.bottom < r.bottom - 250;
             }); }"""
    )
    box = page.locator(f"#hex-{empty}").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_selector("#hexinfo:not([hidden])")
    assert f"HEX {empty}" in page.inner_text("#hexinfo").upper()

    # -- rolling leaves the map where it is when the next battle is on the screen already
    # (else the least pan that shows it)
    before = page.evaluate("() => vb.slice()")
    roll = next(a for a in v["actions"] if a["role"] == "roll")
    v = do(page, roll["text"])
    target = page.evaluate("() => (V.pending && V.pending.targets || [])[0] || null")
    if target:
        x, y = page.evaluate("t => BOARD.centres[t]", target)
        r = page.evaluate("() => BOARD.size")
        inside = before[0] + r <= x <= before[0] + before[2] - r
        inside = inside and before[1] + r <= y <= before[1] + before[3] - r
        after = page.evaluate("() => vb.slice()")
        assert (after == before) == inside, (target, before, after)
        if not inside:  # panned, not re-centred: the hex is near the edge it came from
            assert (
                min(abs(y - after[1]), abs(after[1] + after[3] - y)) < 3 * r
                or min(abs(x - after[0]), abs(after[0] + after[2] - x)) < 3 * r
            )

    # -- the phase's end closes the hex box
    phase = v["phase"]
    for _ in range(40):
        if v["phase"] != phase:
            break
        step = next(
            a
            for r in ("roll", "end", "choose", "move", "attack", "select")
            for a in v["actions"]
            if a["role"] == r and a["verb"] != "undo"
        )
        v = do(page, step["text"])
    assert v["phase"] != phase
    assert page.locator("#hexinfo").is_hidden()
    assert page.errors == []


def do(page: Any, text: str) -> dict[str, Any]:
    """Take the action ``text`` from the side panel's list (filtered down to it)."""
    seq = view(page)["seq"]
    page.fill("#actions .filter", text)
    page.locator(f'#actions button.action[data-text="{text}"]').first.click()
    return wait_until(page, lambda v: v["seq"] > seq, text)
