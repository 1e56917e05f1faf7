"""DR 11.3 Airborne: the Soviet (11.3.1) and German (11.3.2) parachute drops.

A drop is made at the start of a movement or exploitation phase (11.3.1C, 11.3.1E, 11.3.2C,
11.3.2E) by an airborne unit standing in a city or major city: it is placed anywhere within
four hexes, an enemy ZOC included but not a hex holding an enemy unit, and a die is rolled
(11.3.1D, 11.3.2D). It then may not otherwise move that turn, and drops once a game
(11.3.1E-F, 11.3.2E-F). The Soviet unit drops on Turn Seven or any Snow turn (11.3.1B, 4.8,
8.3.4); the German one on a Clear turn (11.3.2C), and exists only under Early Start (11.3.2A,
12.3F: the counter is optional). Outside a drop the airborne units move as infantry
(11.3.2B) and never exploit (the charts card's exploitation exclusions).
"""

from __future__ import annotations

from ...core.protocol import roll
from .losses import eliminate, reduce
from .movement_rules import entry_rule, take_control, terrain_cost
from .rules import Rules, State, hex_of, occupancy, on_map, phasing_side, set_unit

DROP_RANGE = 4  # DR 11.3.1C, 11.3.2C
#: Die faces -> result; faces not listed have no effect (11.3.1D, 11.3.2D).
RESULTS = {
    "soviet": {1: "destroyed", 2: "reduced", 3: "reduced"},  # DR 11.3.1D
    "axis": {1: "destroyed", 2: "reduced"},  # DR 11.3.2D
}


def rule(R: Rules, uid: str) -> str:
    return "DR 11.3.1" if R.unit(uid).side == "soviet" else "DR 11.3.2"


def can_drop(R: Rules, state: State, uid: str) -> bool:
    """May this unit drop now?"""
    unit = R.unit(uid)
    if unit.type != "airborne" or unit.side != phasing_side(state) or not on_map(state, uid):
        return False
    if uid in state["done"] or state["done"]:  # DR 11.3.1C: at the start of the phase
        return False
    if any(d["unit"] == uid for d in state.get("airborne_drops", [])):
        return False  # DR 11.3.1F, 11.3.2F: once a game
    if state.get("airborne_moved", {}).get(uid) == state["turn"]:  # DR 11.3.1E, 11.3.2E
        return False
    place = R.map.place(hex_of(state, uid) or "")
    if place is None or not (place.is_("city") or place.is_("major_city")):
        return False  # DR 11.3.1C, 11.3.2C
    if unit.side == "soviet":  # DR 11.3.1B, 4.8, 8.3.4
        return bool(state["turn"] >= 7 or state["weather"] == "snow")
    return bool(state["weather"] == "clear")  # DR 11.3.2C


def drop_hexes(R: Rules, state: State, uid: str) -> list[str]:
    """Hexes within four of the unit, not holding an enemy unit (11.3.1C, 11.3.2C)."""
    if not can_drop(R, state, uid):
        return []
    start = hex_of(state, uid)
    assert start is not None
    side = R.unit(uid).side
    occ = occupancy(state)
    enterable = entry_rule(R, state, uid, (), occ)
    out = []
    for h in R.map.grid.within(start, DROP_RANGE):
        if h == start or any(R.unit(u).side != side for u in occ.get(h, ())):
            continue
        if terrain_cost(R, state, uid, h) is None or not enterable(h):
            continue  # land a unit may be in: not sea, not neutral (9.4), not Hungary (6.7B)
        out.append(h)
    return sorted(out)


def drop(R: Rules, state: State, uid: str, h: str) -> str:
    """Place the unit and roll for it; returns "destroyed", "reduced" or "no effect"."""
    side = R.unit(uid).side
    die = roll(state, 1, f"airborne drop ({rule(R, uid)}D)")[0]
    set_unit(state, uid, at=h)
    state["done"].append(uid)
    drops = state.setdefault("airborne_drops", [])
    drops.append({"unit": uid, "turn": state["turn"], "phase": state["phase"]})
    result = RESULTS[side].get(die, "no effect")
    if result == "destroyed":
        eliminate(R, state, uid)
    elif result == "reduced":
        reduce(R, state, uid)
    if on_map(state, uid):
        take_control(R, state, side, [h])  # DR 6.4C, 12.5A
        place = R.map.place(h)
        if (
            side == "axis"
            and place is not None
            and place.is_("fortress")
            and h not in state["fortress_lost"]
        ):
            state["fortress_lost"].append(h)  # DR 9.1.8E
    return result


__all__ = ["can_drop", "drop", "drop_hexes"]
