"""Issue 35, item 1: a whole Sturm Nach Osten player-turn in at most 75 gestures (clicks,
drags, keys), counted by playing it in a real browser: the Axis turn of June 1941 (seed 1,
the Soviet side played by the computer) with 25 moves, 8 attacks declared and committed
(one of them on two hexes, the second defender joined by a click), their dice, the Axis
losses and the advances after combat.

The moves and the plan are a script found with the engine (each unit one hex forward next
to the enemy, stacking kept, every front hex still attackable; the plan is one the engine
lets commit); the decisions after each roll are taken as a player would: the roll button,
the first loss offered, the units next to a vacated hex dragged into it as a stack, then
E to stop advancing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sno_play import (
    AT,
    AXIS_AGAIN,
    Counted,
    drag_unit,
    glance,
    hex_of,
    look_at,
    send,
    start_game,
    wait_for,
)
from test_play_in_browser import CHROMIUM, view

playwright = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no system Chromium (apt-get install chromium); browser tests need it",
)

#: The Operational Movement Phase, 25 moves: a stack dragged whole (from, to), or the stack
#: spread out and some of its units dragged one by one (from, to, units).
MOVES: list[tuple[str, str, list[str] | None]] = [
    ("1121", "1020", ["ger-1-cav"]),
    ("1322", "1323", None),
    ("1021", "0921", ["ger-12-corps", "ger-43-corps"]),
    ("1221", "1121", None),
    ("0619", "0618", ["ger-16-army"]),
    ("1323", "1322", None),
    ("0519", "0618", ["ger-18-army"]),
    ("0922", "0921", ["ger-2-army"]),
    ("0619", "0519", None),
    ("1121", "1221", None),
    ("0719", "0819", None),
    ("1021", "1020", None),
    ("1020", "0921", ["ger-46-pz"]),
    ("1020", "1121", None),
    ("0821", "0820", None),
    ("1623", "1524", None),
    ("1922", "1921", ["rom-3-army"]),
    ("2122", "2021", None),
    ("2022", "2021", None),
]
#: The Combat Phase's plan, 8 attacks: each on the hexes clicked (a second hex clicked while
#: the attack is put together joins its defenders to it) with every unit that may join, but
#: for those left out.
PLAN: list[tuple[list[str], list[str]]] = [
    (["1523"], []), (["1321"], []), (["0919", "0920"], []), (["1120"], []), (["1422"], []),
    (["0518"], ["ger-16-army"]), (["2020"], []), (["0718"], []),
]  # fmt: skip
LIMIT = 75


def axis_to_move(v: dict[str, Any]) -> bool:
    return v["active"] == "axis" and not v["thinking"] and bool(v["actions"])


def settled(page: Any, seq: int) -> int:
    """The step(s) taken, the computer done, nothing on its way: the Axis to decide again
    (or the Combat Phase over); the step now."""
    return int(wait_for(page, f"s => ({AXIS_AGAIN})(s) && V.seq", seq))


def test_a_june_1941_axis_turn_in_at_most_75_gestures(
    page: Any, base_url: str, artifacts: Path
) -> None:
    start_game(page, base_url, soviet="greedy")
    wait_for(page, "() => V.info.phase === 'axis_setup' && V.active === 'axis' && !V.thinking")
    send(page, "end")  # the Axis set-up as the scenario places it
    wait_for(page, "() => V.info.phase === 'axis_rrp' && quiet()")
    look_at(page, ["0618", "2021"], 900)
    g = Counted(page)

    # -- the replacement phase: nothing to move, E ends it at once
    g.key("e")
    seq = int(wait_for(page, "() => V.info.phase === 'axis_omp' && quiet() && V.seq"))

    # -- 25 moves
    for start, end, units in MOVES:
        if units is None:
            n = page.evaluate(
                "h => V.counters.filter(c => c.hex === h && V.actions.some(a =>"
                " a.role === 'select' && a.units[0] === c.id)).length",
                start,
            )
            g.drag(start, end)
        else:
            g.click_hex(start)  # spread out
            page.wait_for_selector(
                f'g.fan-layer .counter-slot[data-uid="{units[0]}"]', timeout=30_000
            )
            for uid in units:
                drag_unit(g, uid, end)
                wait_for(page, AT, [uid, end])
            n = len(units)
        seq = int(wait_for(page, "([s, k]) => V.seq >= s + 2 * k && quiet() && V.seq", [seq, n]))
    moved = [e for e in view(page)["log"] if e["action"].startswith("to ")]
    assert len(moved) == 25
    g.key("e")  # units could still move: asked first
    page.wait_for_selector("#confirm-end.shown", timeout=30_000)
    g.key("Enter")
    seq = int(
        wait_for(
            page,
            "() => V.info.phase === 'axis_combat' && V.actions.length > 0 && quiet() && V.seq",
        )
    )

    # -- the plan: 8 attacks, declared and committed
    for hexes, out in PLAN:
        for hex_id in hexes:  # the attack, then any other defender joined to it
            g.click_hex(hex_id)
            seq = settled(page, seq)
        for uid in out:
            g.click(f'#actions button.action[data-text="without {uid}"]')
            seq = settled(page, seq)
        g.click('#actions button.action[data-text="declare"]')
        seq = settled(page, seq)
    planned = page.evaluate(
        "() => [...document.querySelectorAll('g.plan-attack')].map(g =>"
        " g.dataset.targets.split(' ').sort().join(' '))"
    )
    assert sorted(planned) == sorted(" ".join(sorted(h)) for h, _ in PLAN)
    page.screenshot(path=str(artifacts / "sno-plan-of-eight.png"))
    g.click('#actions button.action[data-text="commit"]')
    settled(page, seq)
    v = glance(page)

    # -- resolved: rolls, losses, advances, until the phase ends
    for _ in range(60):
        if v["phase"] != "axis_combat":
            break
        seq = v["seq"]
        roles = {a["role"] for a in v["actions"]}
        if "roll" in roles:
            g.click("#roll-btn")
        elif "move" in roles:  # advance: the stack by the vacated hex dragged into it
            moves = [a for a in v["actions"] if a["role"] == "move"]
            goal = next(
                (t for t in v["targets"] if any(a["hex"] == t for a in moves)), moves[0]["hex"]
            )
            into = [a["units"][0] for a in moves if a["hex"] == goal]
            froms = [hex_of(v, u) for u in into]
            start = max(set(froms), key=froms.count)
            first = into[froms.index(start)]
            g.drag(start, goal)
            wait_for(page, AT, [first, goal])
            settled(page, seq)
            v = glance(page)
            if (
                v["phase"] == "axis_combat"
                and axis_to_move(v)
                and any(a["role"] == "move" for a in v["actions"])
            ):
                seq = v["seq"]
                g.key("e")  # no more advances
            else:
                continue
        elif "end" in roles:
            g.key("e")
        else:  # losses: the first offered
            first = next(a for a in v["actions"] if a["verb"] != "undo")
            g.click(f'#actions button.action[data-text="{first["text"]}"]')
        settled(page, seq)
        v = glance(page)
    v = view(page)
    assert v["phase"] != "axis_combat"
    rolled = [e for e in v["log"] if e["action"].startswith("roll ")]
    assert len(rolled) == 8
    print(f"gestures: {g.n} (map pans: {g.pans})")
    page.screenshot(path=str(artifacts / "sno-turn-done.png"))
    assert g.n <= LIMIT
    assert page.errors == []
