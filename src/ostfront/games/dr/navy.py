"""DR 11.5 Red Navy: fleet movement (11.5.1), displacement (11.5.2) and sea movement (11.5.5).

The Baltic Fleet never leaves Leningrad (11.5.1A). The Black Sea Fleet (the fleet with a
reduced side, 11.5.6A) moves any number of hexes in the initial movement phase (11.5.1B),
through the Black Sea's sea hexes and the coastal hexes beside them, never onto other land or
out of the Black Sea (11.5.1C). Like any unit it never enters a hex with an enemy ground unit
(6.0); Axis ZOCs reach coastal hexes only (not the sea, 6.3), and stop it there as they stop
any non-Armor unit (6.3.1). When an Axis unit ends a move in its hex while it is alone, the
Soviet player moves it to an adjacent water-side hex free of Axis units, or it is destroyed
(11.5.2). From a Black Sea port it carries one Soviet unit that began the phase there to
another Soviet-controlled port, using the unit's whole allowance (11.5.5); the fleet sails with
it. Fleet combat and air attacks (11.5.3-11.5.4) belong to combat.
"""

from __future__ import annotations

import math

from ...core.memo import facts_of
from ...core.paths import Step, reach
from ...core.protocol import Action, Prompt
from .losses import eliminate
from .movement_leaders import may_end
from .movement_rules import country_of, kind, may_enter
from .rules import (
    Rules,
    State,
    hex_of,
    is_black_sea_fleet,
    occupancy,
    on_map,
    phasing_side,
    set_unit,
)
from .supply import neutral_countries
from .zoc import zoc_of

SEA_AREA = "Black Sea"  # DR 11.5.1C


def domain(R: Rules) -> frozenset[str]:
    """Black Sea hexes and the coastal hexes beside them (11.5.1C)."""
    facts = facts_of(R.map)
    found: frozenset[str] | None = facts.get("black_sea_domain")
    if found is None:
        sea = R.map.regions[SEA_AREA].hexes if SEA_AREA in R.map.regions else frozenset()
        coast = {
            n
            for h in sea
            for n in R.map.grid.neighbours(h)
            if R.map.terrain_of(n) not in ("sea", "lake", None)
        }
        found = facts["black_sea_domain"] = frozenset(sea) | frozenset(coast)
    return found


def water_step(R: Rules, a: str, b: str) -> bool:
    """A fleet may step from a to b: both in the Black Sea domain, across water."""
    dom = domain(R)
    if a not in dom or b not in dom:
        return False
    return "sea" in (R.map.terrain_of(a), R.map.terrain_of(b)) or R.map.has_side(a, b, "sea")


def may_sail(R: Rules, state: State, uid: str) -> bool:
    """DR 11.5.1A-B: the Black Sea Fleet, in the initial movement phase, once."""
    return (
        kind(state) == "move"
        and is_black_sea_fleet(R, uid)
        and on_map(state, uid)
        and uid not in state["done"]
        and R.unit(uid).side == phasing_side(state)
    )


def fleet_reach(R: Rules, state: State, uid: str) -> dict[str, Step]:
    """Every hex the fleet can sail to now (start included), with paths. # DR 11.5.1"""
    if not may_sail(R, state, uid):
        return {}
    start = hex_of(state, uid)
    assert start is not None
    zoc = zoc_of(R, state, "axis")
    occ = occupancy(state)
    neutral = neutral_countries(state)

    def friendly(h: str) -> bool:
        return any(R.unit(u).is_ground and R.unit(u).side == "soviet" for u in occ.get(h, ()))

    def enter(a: str, b: str, spent: float) -> float | None:
        if not water_step(R, a, b) or country_of(R, b) in neutral:  # DR 11.5.1C, 9.4
            return None
        if any(R.unit(u).is_ground and R.unit(u).side == "axis" for u in occ.get(b, ())):
            return None  # DR 6.0
        if a in zoc and b in zoc and not (friendly(a) and friendly(b)):  # DR 6.3.1B
            return None
        return 1

    return reach(
        start, math.inf, R.map.grid.neighbours, enter, lambda h: h in zoc and not friendly(h)
    )  # DR 6.3.1A


# ------------------------------------------------------------------ sea movement (11.5.5)
def ports(R: Rules) -> list[str]:
    """The Black Sea ports (11.5.5A: Odessa, Sevastopol, Novorossiysk)."""
    return sorted(p.hex for p in R.map.places.values() if p.is_("port") and p.hex in domain(R))


def fleet_in(R: Rules, state: State, h: str) -> str | None:
    for uid in occupancy(state).get(h, ()):
        if is_black_sea_fleet(R, uid):
            return uid
    return None


def sea_destinations(R: Rules, state: State, uid: str) -> list[str]:
    """Soviet-controlled ports the unit may be carried to now. # DR 11.5.5
    # DR 4.3: Axis units may not move by sea; # DR 4.8: Soviet sea movement"""
    unit = R.unit(uid)
    h = hex_of(state, uid)
    if (
        kind(state) != "move"
        or unit.side != "soviet"
        or phasing_side(state) != "soviet"
        or not unit.is_ground
        or uid in state["done"]
        or h not in ports(R)
    ):
        return []
    fleet = fleet_in(R, state, h)  # DR 11.5.5B: the fleet began the phase there too
    if fleet is None or fleet in state["done"]:
        return []
    if state["units"][fleet]["reduced"] and not state["units"][uid]["reduced"]:
        return []  # DR 11.5.5D
    sail = fleet_reach(R, state, fleet)
    return [
        p
        for p in ports(R)
        if p != h
        and p in sail
        and state["control"].get(p) == "soviet"
        and may_enter(R, state, uid, p)
        and may_end(R, state, uid, p, occupancy(state))
    ]


# ------------------------------------------------------------------ displacement (11.5.2)
def displacement_hexes(R: Rules, state: State, fleet: str) -> list[str]:
    """DR 11.5.2B: adjacent hexes across water with no Axis unit."""
    h = hex_of(state, fleet)
    if h is None:
        return []
    occ = occupancy(state)
    neutral = neutral_countries(state)
    return sorted(
        n
        for n in R.map.grid.neighbours(h)
        if water_step(R, h, n)
        and country_of(R, n) not in neutral
        and not any(R.unit(u).side == "axis" for u in occ.get(n, ()))
    )


def check_displacement(R: Rules, state: State, h: str) -> None:
    """An Axis unit has entered ``h``: displace a fleet alone there (11.5.2A-C). The Baltic
    Fleet may never move (11.5.1A), so it cannot withdraw and is destroyed (11.5.2C)."""
    occ = occupancy(state).get(h, ())
    fleets = [u for u in occ if R.unit(u).type == "fleet" and R.unit(u).side == "soviet"]
    if any(R.unit(u).is_ground and R.unit(u).side == "soviet" for u in occ):
        return
    for fleet in fleets:
        if is_black_sea_fleet(R, fleet) and displacement_hexes(R, state, fleet):
            state["pending"] = {
                "kind": "fleet_displacement",
                "side": "soviet",
                "unit": fleet,
                "hex": h,
            }  # DR 11.5.2B
        else:
            eliminate(R, state, fleet)  # DR 11.5.2C


def displacement_actions(R: Rules, state: State) -> list[Action]:
    fleet = state["pending"]["unit"]
    return [
        Action(
            "displace",
            (n,),
            f"{R.unit(fleet).name} withdraws to {n}",
            "DR 11.5.2B",
            "soviet",
            role="move",
            units=(fleet,),
            hexes=(n,),
            group="Displace",
        )
        for n in displacement_hexes(R, state, fleet)
    ]


def displace(R: Rules, state: State, dest: str) -> None:
    fleet = state["pending"]["unit"]
    set_unit(state, fleet, at=dest)
    state["pending"] = None


def displacement_prompt(R: Rules, state: State) -> Prompt:
    p = state["pending"]
    return Prompt(
        "soviet",
        f"An Axis unit entered {p['hex']}: move the {R.unit(p['unit']).title} to an adjacent hex",
        "DR 11.5.2",
    )


__all__ = ["check_displacement", "fleet_reach", "sea_destinations"]
