"""SNO 11.0 with part 2's counters: armor bought at its refitted factor and entering refitted
(11.4), no Soviet tank army before 1942 with Guards tank armies counted as tank armies
(11.7b), no German SS unit before 1943 (11.7d), the entry surcharges of mechanized units
(11.9)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ostfront.games.sno import control, entry
from ostfront.games.sno import replacements as rp
from ostfront.games.sno.counters import CounterMix
from ostfront.games.sno.rules import Rules, State, face

MOSCOW, BERLIN, KONIGSBERG = "1306", "0327", "0520"


def rrp_state(make_state: Any, R: Rules, units: dict[str, Any], side: str, turn: str,
              **extra: Any) -> State:  # fmt: skip
    s = make_state(units, turn=turn, phase=f"{side}_rrp", **extra)
    control.initial(R, s)
    rp.begin(R, s)
    return s


def early(R: Rules, *uids: str) -> Rules:
    """The same components with ``uids`` available from June 1941: the 11.7 rules must keep
    them out by themselves, whatever dates the counters print (12.11(2))."""
    units = dict(R.counters.units)
    for u in uids:
        units[u] = replace(units[u], available="1941-06")
    return Rules(R.map, CounterMix(units, R.counters.sources, R.counters.title), R.crts, R.tables)


def test_11_4_armor_costs_its_refitted_factor_and_enters_refitted(R, make_state):
    ki = "sov-ki"  # 6-4 refitted, 3-4 unrefitted
    s = rrp_state(make_state, R, {ki: {"at": "dead", "flipped": True}}, "soviet", "1941-08",
                  rf={"axis": 0, "soviet": 2})  # fmt: skip
    s["rf"] = {**s["rf"], "soviet": 6}
    assert rp.cost(R, s, ki) == 6 == R.unit(ki).front.cf
    act = next(a for a in rp.actions(R, s) if a.verb == "replace" and a.args == (ki, MOSCOW))
    rp.perform(R, s, act)
    assert s["units"][ki]["at"] == MOSCOW and s["units"][ki]["dispersed"] is True
    assert not s["units"][ki].get("flipped")  # SNO 11.4: refitted side up
    assert face(R, s, ki) == R.unit(ki).front
    assert s["rf"]["soviet"] == 0
    s["rf"] = {**s["rf"], "soviet": 5}  # one short of the refitted factor: not offered
    s["units"] = {**s["units"], "sov-ms": {"at": "dead", "dispersed": False, "fortified": False}}
    assert rp.cost(R, s, "sov-ms") == 5
    s["rf"] = {**s["rf"], "soviet": 4}
    assert "sov-ms" not in rp.replacements(R, s, "soviet")


def test_11_7_b_no_soviet_tank_army_before_1942_guards_tank_armies_too(R, make_state):
    ta, gta = "sov-3-ta", "sov-5-gta"
    R2 = early(R, ta, gta)
    s = rrp_state(make_state, R2, {ta: "pool", gta: "pool"}, "soviet", "1941-12")
    s["rf"] = {**s["rf"], "soviet": 20}
    assert not rp.replaceable(R2, s, ta) and not rp.replaceable(R2, s, gta)  # 11.7b
    s["turn"] = "1942-01"
    assert rp.replaceable(R2, s, ta)
    # SNO 11.7b: a Guards tank army is a tank army, not a Guards army (11.7c: 1943)
    assert "Gd" in R2.unit(gta).markings
    assert rp.replaceable(R2, s, gta)
    guards = "sov-1-gds"  # a Guards army that is no tank army still waits for 1943 (11.7c)
    assert "Gd" in R.unit(guards).markings and not R.unit(guards).tank_army
    R3 = early(R, guards)
    g = rrp_state(make_state, R3, {guards: "pool"}, "soviet", "1942-06")
    assert not rp.replaceable(R3, g, guards)


def test_11_7_d_no_german_ss_unit_before_1943(R, make_state):
    ss = "ger-3-sspz"
    R2 = early(R, ss)
    s = rrp_state(make_state, R2, {ss: "pool", "ger-gd": "pool"}, "axis", "1942-12")
    s["rf"] = {**s["rf"], "axis": 20}
    assert not rp.replaceable(R2, s, ss)
    s["turn"] = "1943-01"
    assert rp.replaceable(R2, s, ss)
    assert rp.replaceable(R2, s, "ger-gd")  # Grossdeutschland: no SS marking


def test_11_9_armor_entry_surcharges_cumulative(R):
    """An armor unit: +2 as mechanized wherever it enters, +2 more on the opponent's side of
    the 1941 border."""
    pz = "ger-41-pz"
    points = R.unit(pz).stacking
    assert entry.stacking_cost(R, pz, KONIGSBERG) == points + 2  # in Germany: mechanized only
    assert entry.stacking_cost(R, "sov-ki", MOSCOW) == R.unit("sov-ki").stacking + 2
    assert entry.stacking_cost(R, pz, "1816") == points + 4  # Kiev: both
