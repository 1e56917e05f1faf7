"""DR 6.3 Zones of Control: which hexes each side's combat units control.

A combat unit's ZOC is the six hexes around it (6.3). Leaders and fleets have none. ZOCs do
not extend across a narrow strait (9.3.1A). Reading of the rulebook: nor across an all-sea or
all-lake hexside, which no unit can cross either (recorded in docs/rules/defiant-russia.md).
On Turn One, in the Axis Movement Phase, Soviet ZOCs do not extend across the border (6.7A).
"""

from __future__ import annotations

from .rules import Rules, State, occupancy, remember, remembered

_BLOCKING_SIDES = ("strait", "sea", "lake")


def extends(R: Rules, state: State, src: str, dst: str, side: str) -> bool:
    """Does a ZOC of ``side`` reach from ``src`` into the adjacent ``dst``?"""
    kinds = R.map.side_kinds(src, dst)
    if "strait" in kinds:  # DR 9.3.1A
        return False
    if ("sea" in kinds or "lake" in kinds) and not frozen(R, state, kinds):
        return False
    if R.map.terrain_of(dst) == "sea":
        return False
    # DR 6.7A: Turn One, Axis Movement Phase: no Soviet ZOC across the border
    first = 0 if state["options"].get("early-start") else 1  # DR 12.3A: May under Early Start
    if state.get("card") and not state["card"]["turn_one_border_rule"]:
        return True  # a scenario card without the Turn One rules (Defiant Poland)
    return not (
        side == "soviet"
        and state["turn"] == first
        and state["phase"] == "axis_move"
        and crosses_border(R, src, dst)
    )


def frozen(R: Rules, state: State, kinds: dict[str, str]) -> bool:
    """DR 8.3.4: in Snow all lakes are frozen (and count as clear)."""
    return state.get("weather") == "snow" and "lake" in kinds and "sea" not in kinds


def crosses_border(R: Rules, a: str, b: str) -> bool:
    """True if a and b lie in different countries (the 1941 borders of the map)."""
    return country(R, a) != country(R, b)


def country(R: Rules, h: str) -> str | None:
    for name in R.map.regions_at(h):
        if R.map.regions[name].kind == "country":
            return name
    return None


def zoc_of(R: Rules, state: State, side: str) -> set[str]:  # DR 6.3
    """Every hex in the ZOC of ``side``'s combat units."""
    known = remembered(state, f"zoc-{side}")
    if known is not None:
        return set(known)
    out: set[str] = set()
    for h, uids in occupancy(state).items():
        if any(R.unit(u).side == side and R.unit(u).is_ground for u in uids):
            for n in R.map.grid.neighbours(h):
                if extends(R, state, h, n, side):
                    out.add(n)
    remember(state, f"zoc-{side}", frozenset(out))
    return out
