"""Taking losses (DR 7.2): flip a unit to its reduced side, or eliminate it.

Shared by combat, stacking eliminations (6.2), partisans (11.2) and airborne drops (11.3).
An eliminated unit goes to the dead box, from which replacements may bring it back (10.1),
unless it was out of supply, when it is lost for good (5.1E, 10.1.2B). Leaders stacked with
an eliminated unit roll to survive (11.6C-D): the roll is made by :mod:`leaders`.
"""

from __future__ import annotations

from .rules import Rules, State, hex_of


def reduce(R: Rules, state: State, uid: str) -> None:
    """One hit: flip to the reduced side, or eliminate if already reduced or one-step. # DR 7.2"""
    unit = R.unit(uid)
    if state["units"][uid]["reduced"] or unit.reduced is None:
        eliminate(R, state, uid)
    else:
        state["units"][uid]["reduced"] = True


def eliminate(R: Rules, state: State, uid: str) -> None:
    """Remove a unit from the map. # DR 5.1E: out of supply means gone for good."""
    data = state["units"][uid]
    where = hex_of(state, uid)
    data["at"] = "lost" if data.get("oos") else "dead"
    data["reduced"] = False
    data["oos"] = False
    state.setdefault("eliminated_at", {})[uid] = where
    if where is not None:
        state.setdefault("leader_checks", []).append(where)


def steps_left(R: Rules, state: State, uid: str) -> int:
    """Hits a unit can still absorb: 2 at full strength with a reduced side, else 1."""
    unit = R.unit(uid)
    if unit.full is None:
        return 0
    if unit.reduced is not None and not state["units"][uid]["reduced"]:
        return 2
    return 1
