"""Taking losses (DR 7.2): flip a unit to its reduced side, or eliminate it.

Shared by combat, stacking eliminations (6.2), partisans (11.2), airborne drops (11.3) and air
attacks on fleets (11.5.4). An eliminated unit goes to the dead box, from which replacements
may bring it back (10.1), unless it was out of supply, when it is lost for good (5.1E,
10.1.2B). Leaders stacked with an eliminated unit must roll to survive (11.6C-D): each
elimination queues a check in ``state["leader_checks"]`` naming the hex and the leaders that
stood there, and :func:`ostfront.games.dr.leaders.settle` rolls for them (combat does so at the
end of each side's losses; other callers should call it after eliminating).

Fleets (11.5.6A): the Baltic Fleet has no reduced side but can still be reduced — it then has
no combat factor — so every fleet absorbs two hits.
"""

from __future__ import annotations

from .rules import Rules, State, hex_of, set_unit, units_at


def reduce(R: Rules, state: State, uid: str) -> None:
    """One hit: flip to the reduced side, or eliminate if already reduced or one-step. # DR 7.2"""
    if steps_left(R, state, uid) >= 2:
        set_unit(state, uid, reduced=True)  # DR 7.2, 11.5.6A (a fleet may be reduced)
    else:
        eliminate(R, state, uid)


def eliminate(R: Rules, state: State, uid: str) -> None:
    """Remove a unit from the map. # DR 5.1E: out of supply means gone for good."""
    where = hex_of(state, uid)
    gone = "lost" if state["units"][uid].get("oos") else "dead"
    set_unit(state, uid, at=gone, reduced=False, oos=False)
    state.setdefault("eliminated_at", {})[uid] = where
    if where is not None and R.unit(uid).full is not None:
        leaders = [
            u
            for u in units_at(state, where)
            if R.unit(u).is_leader and R.unit(u).side == R.unit(uid).side
        ]
        if leaders:  # DR 11.6C-D: the leaders there roll (leaders.settle)
            state.setdefault("leader_checks", []).append(
                {"hex": where, "unit": uid, "leaders": leaders}
            )


def steps_left(R: Rules, state: State, uid: str) -> int:
    """Hits a unit can still absorb: 2 at full strength with a reduced side, else 1 (leaders 0).
    A full-strength fleet absorbs 2 even without a printed reduced side (DR 11.5.6A)."""
    unit = R.unit(uid)
    if unit.full is None:
        return 0
    two_sided = unit.reduced is not None or unit.type == "fleet"
    if two_sided and not state["units"][uid]["reduced"]:
        return 2
    return 1


def total_steps(R: Rules, state: State, uids: list[str]) -> int:
    """Hits a group of units can absorb by reductions and eliminations (DR 7.2.4)."""
    return sum(steps_left(R, state, u) for u in uids)
