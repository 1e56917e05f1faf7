"""DR 6.3 Zones of Control: which hexes each side's combat units control.

A combat unit's ZOC is the six hexes around it (6.3). Leaders and fleets have none. ZOCs do
not extend across a narrow strait (9.3.1A). Reading of the rulebook: nor across an all-sea or
all-lake hexside, which no unit can cross either (recorded in docs/rules/defiant-russia.md).
On Turn One, in the Axis Movement Phase, Soviet ZOCs do not extend across the border (6.7A).
"""

from __future__ import annotations

from typing import cast

from ...core.memo import facts_of
from .rules import Rules, State, ground_hexes, kept, remember, remembered

_BLOCKING_SIDES = ("strait", "sea", "lake")


def extends(R: Rules, state: State, src: str, dst: str, side: str) -> bool:
    """Does a ZOC of ``side`` reach from ``src`` into the adjacent ``dst``?"""
    if not _by_map(R, state, src, dst):
        return False
    # DR 6.7A: Turn One, Axis Movement Phase: no Soviet ZOC across the border
    return border_open(state, side) or not crosses_border(R, src, dst)


def _by_map(R: Rules, state: State, src: str, dst: str) -> bool:
    kinds = R.map.side_kinds(src, dst)
    if "strait" in kinds:  # DR 9.3.1A
        return False
    if ("sea" in kinds or "lake" in kinds) and not frozen(R, state, kinds):
        return False
    return R.map.terrain_of(dst) != "sea"


def frozen(R: Rules, state: State, kinds: dict[str, str]) -> bool:
    """DR 8.3.4: in Snow all lakes are frozen (and count as clear)."""
    return state.get("weather") == "snow" and "lake" in kinds and "sea" not in kinds


def crosses_border(R: Rules, a: str, b: str) -> bool:
    """True if a and b lie in different countries (the 1941 borders of the map)."""
    return country(R, a) != country(R, b)


def country(R: Rules, h: str) -> str | None:
    """The 1941 country of a hex (the map's regions of kind "country")."""
    return R.map.region_of_kind(h, "country")


def zoc_of(R: Rules, state: State, side: str) -> set[str]:  # DR 6.3
    """Every hex in the ZOC of ``side``'s combat units (a set of the caller's own)."""
    return set(zoc_hexes(R, state, side))


def zoc_hexes(R: Rules, state: State, side: str) -> frozenset[str]:
    """:func:`zoc_of`, read-only (remembered while the state is being read)."""
    known = remembered(state, f"zoc-{side}")
    if known is not None:
        return known  # type: ignore[no-any-return]
    snow = state.get("weather") == "snow"
    border_rule = not border_open(state, side)
    found = kept(
        R, state, ("zoc", side, snow, border_rule), lambda: _zoc(R, state, side, snow, border_rule)
    )
    return remember(state, f"zoc-{side}", found)  # type: ignore[no-any-return]


#: how many ZOCs are kept with a map, by the hexes the side's ground units hold
ZOCS_KEPT = 64


def _zoc(R: Rules, state: State, side: str, snow: bool, border_rule: bool) -> frozenset[str]:
    """The ZOC of ``side``'s ground units: the same set (the very object) for the same hexes
    held, weather and border rule, whatever the other side's units do - kept with the map,
    so that a side's ZOC (and what is kept by it: the movement search's flags) is not worked
    out again after each move of the other side's units."""
    held = ground_hexes(R, state, side)  # combat units: ground units (6.3)
    known: dict[tuple[frozenset[str], bool, bool], frozenset[str]] = facts_of(R.map).setdefault(
        "zoc_by_hexes", {}
    )
    key = (held, snow, border_rule)
    found = known.get(key)
    if found is None:
        if len(known) >= ZOCS_KEPT:
            del known[next(iter(known))]  # the oldest
        found = known[key] = _zoc_of(R, held, snow, border_rule)
    return found


def _zoc_of(R: Rules, held: frozenset[str], snow: bool, border_rule: bool) -> frozenset[str]:
    out: set[str] = set()
    reach = _reach_table(R, snow)
    for h in held:
        if border_rule:  # DR 6.7A
            out.update(n for n in reach[h] if not crosses_border(R, h, n))
        else:
            out.update(reach[h])
    return frozenset(out)


def border_open(state: State, side: str) -> bool:
    """Do ``side``'s ZOCs cross the border? Not the Soviets' in the Axis Movement Phase of
    Turn One (6.7A)."""
    first = 0 if state["options"].get("early-start") else 1  # DR 12.3A: May under Early Start
    if state.get("card") and not state["card"]["turn_one_border_rule"]:
        return True  # a scenario card without the Turn One rules (Defiant Poland)
    return not (side == "soviet" and state["turn"] == first and state["phase"] == "axis_move")


def _reach_table(R: Rules, snow: bool) -> dict[str, tuple[str, ...]]:
    """Hex -> the neighbours a ZOC from it reaches, by the map alone (straits, sea and lake
    sides, sea hexes; lakes frozen in Snow). Worked out once per map and weather."""
    facts = facts_of(R.map)
    cached: dict[str, tuple[str, ...]] | None = facts.get(("zoc_reach", snow))
    if cached is not None:
        return cached
    weather = cast(State, {"weather": "snow" if snow else "clear"})  # all _by_map reads
    table = {
        h: tuple(n for n in R.map.grid.neighbours(h) if _by_map(R, weather, h, n))
        for h in R.map.grid.hexes()
    }
    facts["zoc_reach", snow] = table
    return table
