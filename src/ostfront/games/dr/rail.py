"""DR 6.5 Rail Movement.

In the initial movement phase only (6.5B) a side moves up to its limit of units by rail (6.5A:
Axis three, two in Snow 8.3.4; Soviets six; from the charts card). A unit begins on a rail hex
and moves any distance along connected rail hexes (6.5C) that its side controlled when the
phase began (6.5.1), never into an enemy ZOC unless a friendly unit stands there (6.5.2). It
may not otherwise move that phase (6.5.3A) but may exploit (6.5.3B). Out-of-supply units may
not (5.1D). Reinforcements and rebuilt units count against the limit like any other (6.5.5),
as do Turks (12.5D) and Zhukov or Timoshenko, who may go on three hexes afterwards (11.6.4B,
12.7A). The Sivash strait is crossed by rail only, and not by the Axis while a full-strength
fleet is within two hexes of its rail hexes (9.3.4A).
"""

from __future__ import annotations

from collections.abc import Mapping

from ...core.paths import Step, flood_numbered
from .charts import rail_capacity
from .movement_leaders import MARSHAL_HEXES, RIVAL, carried, end_rule, marshal_sources
from .movement_rules import (
    entry_rule,
    full_fleet_near,
    immobile,
    is_sivash,
    kind,
    record,
    start_control,
)
from .rules import (
    Rules,
    State,
    hex_index,
    hex_of,
    occupancy,
    on_map,
    other,
    phasing_side,
    rail_steps,
)
from .zoc import zoc_hexes


def capacity_left(R: Rules, state: State, side: str) -> int:
    """Units the side may still move by rail this turn. # DR 6.5A (# DR 8.3.4: two for the
    Axis in Snow). # DR 6.5.5: reinforcements and rebuilt units count like any other."""
    limit = rail_capacity(R.charts, side, state["weather"])
    card = state.get("card")
    if card and side in card["rail_limits"]:
        limit = card["rail_limits"][side]  # a scenario card's own limit (Defiant Poland)
    return limit - len(record(state)["rail"])


def may_rail(R: Rules, state: State, uid: str) -> bool:
    """May this unit move by rail now (before looking for destinations)?"""
    unit = R.unit(uid)
    if kind(state) != "move":  # DR 6.5B: the initial movement phase only
        return False
    if unit.side != phasing_side(state) or not on_map(state, uid) or uid in state["done"]:
        return False
    if uid in record(state)["rail"]:
        return False
    if unit.is_leader:
        if unit.name not in RIVAL:  # DR 11.6.4B, 12.7A: only these leaders ride alone
            return False
    elif not unit.is_ground or immobile(R, state, uid) or state["units"][uid].get("oos"):
        return False  # DR 5.1D: not out of supply
    if hex_of(state, uid) not in R.map.rail_hexes:  # DR 6.5C: begin on a rail hex
        return False
    return capacity_left(R, state, unit.side) > 0  # DR 6.5A


def sivash_hexes(R: Rules) -> list[str]:
    """The rail hexes on either side of the Sivash strait (9.3.4A)."""
    out: set[str] = set()
    for h in R.map.rail_hexes:
        if "sivash_rail" in R.map.hex_tags(h):
            out.add(h)
            out |= {n for n in R.map.grid.neighbours(h) if is_sivash(R, h, n)}
    return sorted(out)


def rail_reach(R: Rules, state: State, uid: str) -> Mapping[str, Step]:
    """Every rail hex the unit can reach by rail now, with its path (start included)."""
    if not may_rail(R, state, uid):
        return {}
    start = hex_of(state, uid)
    assert start is not None
    side = R.unit(uid).side
    occ = occupancy(state)
    zoc = zoc_hexes(R, state, other(side))
    carrying = carried(R, state, uid)
    # DR 9.3.4A: not for the Axis while a full-strength fleet is near the Sivash rail hexes
    sivash_closed = side == "axis" and full_fleet_near(R, state, sivash_hexes(R))

    def friendly(h: str) -> bool:
        return any(
            u != uid and R.unit(u).is_ground and R.unit(u).side == side for u in occ.get(h, ())
        )

    enterable = entry_rule(R, state, uid, carrying)
    controller = start_control(state)
    index = hex_index(R)
    ids = index.ids

    def may_use(b: int) -> bool:  # asked once a hex
        h = ids[b]
        return (
            controller(h) == side  # DR 6.5.1
            and enterable(h)
            and not (h in zoc and not friendly(h))  # DR 6.5.2
        )

    def may_cross(a: int, b: int) -> bool:
        return not is_sivash(R, ids[a], ids[b])  # DR 9.3.4A

    # DR 6.5C: along the rail lines only, any distance
    return flood_numbered(
        index, start, rail_steps(R), may_use, may_cross if sivash_closed else None
    )


def rail_destinations(R: Rules, state: State, uid: str) -> list[str]:
    """Hexes the unit may move to by rail now. Zhukov and Timoshenko only where they can
    still end the phase stacked with a Soviet ground unit (11.6.4D, 12.7C)."""
    return rail_options(R, state, uid)[1]


def rail_options(R: Rules, state: State, uid: str) -> tuple[Mapping[str, Step], list[str]]:
    """The unit's :func:`rail_reach` and the destinations it may end in (see
    :func:`rail_destinations`)."""
    found = rail_reach(R, state, uid)
    if len(found) < 2:
        return found, []
    start = hex_of(state, uid)
    dests = sorted(h for h in found if h != start)
    unit = R.unit(uid)
    occ = occupancy(state)
    if not unit.is_leader:  # DR 12.7F: not carrying one marshal to the other
        ends = end_rule(R, state, uid, occ)
        return found, [h for h in dests if ends(h)]
    # DR 11.6.4B, 11.6.4D, 12.7A, 12.7F: where he can still end three hexes on
    sources = marshal_sources(R, state, uid, MARSHAL_HEXES["move"])
    rival = RIVAL[unit.name]
    return found, [
        h
        for h in dests
        if h in sources and not any(R.unit(u).name == rival for u in occ.get(h, ()))
    ]


__all__ = ["capacity_left", "may_rail", "rail_destinations", "rail_options"]
