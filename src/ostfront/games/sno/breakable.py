"""SNO 10.1.9-10.1.10: whether a juggernaut may break down now, and into which components.

The questions breakdown.py (the break-down itself), the losses (10.1.11, combat/losses.py) and
the advance after combat (10.1.13, combat/results.py) ask; the readings are breakdown.py's.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from .juggernauts import (  # the shared queries of 10.1
    component_type,
    counter_kind,
    printed_cf,
    weaker_cf,
)
from .options import may1941
from .replacements import GUARDS, GUARDS_FROM
from .rules import (
    Rules,
    State,
    counter_ids,
    hex_of,
    kept,
    on_map,
    phase_kind,
    phasing_side,
    units_at,
    year,
)
from .stacking_limits import STACK_LIMIT


def available_component(R: Rules, state: State, uid: str, side: str) -> bool:
    """SNO 10.1.10: a corps / army 'available for replacement' (11.7), RFs aside."""
    rec = state["units"].get(uid)
    if rec is None or rec["at"] not in ("pool", "dead") or not component_type(R, uid, side):
        return False
    unit = R.unit(uid)
    if unit.replacement_cost is None or not may1941.available(state, unit):  # SNO 14.64
        return False
    if unit.reinforcement and rec["at"] != "dead":
        return False  # SNO 11.7a: not before it has arrived as a reinforcement
    return not (GUARDS in unit.markings and year(state["turn"]) < GUARDS_FROM)  # SNO 11.7c


def component_pool(R: Rules, state: State, side: str) -> list[list[str]]:
    """SNO 10.1.10: the components available now, grouped by kind (identical counters), each
    group sorted, the groups in order of their first id."""
    found: list[list[str]] = kept(
        R, state, ("components", side, state["turn"]), lambda: _component_pool(R, state, side)
    )
    return found


def _component_pool(R: Rules, state: State, side: str) -> list[list[str]]:
    pool: dict[tuple[Any, ...], list[str]] = {}
    ids = counter_ids(R, f"components-{side}", lambda x: component_type(R, x.id, side))
    for u in ids:
        if available_component(R, state, u, side):
            pool.setdefault(counter_kind(R, u), []).append(u)
    return sorted(pool.values(), key=lambda group: group[0])


# SNO 10.1.9
# SNO 10.1.10
def breakdown_options(
    R: Rules, state: State, uid: str, kinds: list[list[str]] | None = None
) -> list[list[str]]:
    """SNO 10.1.9-10.1.10: the sets of components a juggernaut may break down into - total
    combat factor no more than its weaker side's; one counter of each kind offered."""
    if kinds is None:
        kinds = component_pool(R, state, R.unit(uid).side)
    limit = weaker_cf(R, uid)
    room = _room_after_checks(R, state, uid)
    cheapest = min((printed_cf(R, ids[0]) for ids in kinds), default=0)
    most = limit // cheapest if cheapest else 0
    out: list[list[str]] = []
    for n in range(1, most + 1):
        for combo in combinations_with_replacement(range(len(kinds)), n):
            if sum(printed_cf(R, kinds[k][0]) for k in combo) > limit:
                continue
            if any(combo.count(k) > len(kinds[k]) for k in set(combo)):
                continue
            ids: list[str] = []
            for k in sorted(set(combo)):
                ids += kinds[k][: combo.count(k)]
            if room is not None and sum(R.unit(u).stacking for u in ids) > room:
                continue
            out.append(sorted(ids))
    return out


def _may_break(R: Rules, state: State, uid: str, kinds: list[list[str]] | None) -> bool:
    """Whether some component fits (10.1.9; the stacking room of :func:`_room_after_checks`)."""
    if kinds is None:
        kinds = component_pool(R, state, R.unit(uid).side)
    limit = weaker_cf(R, uid)
    fits = [ids[0] for ids in kinds if printed_cf(R, ids[0]) <= limit]
    room = _room_after_checks(R, state, uid)
    return any(room is None or R.unit(u).stacking <= room for u in fits)


def _room_after_checks(R: Rules, state: State, uid: str) -> int | None:
    """Stacking points the components may fill where no stacking check follows in this
    player-turn (the orders step, after the end-of-combat check, 4.3): the limit less the
    other friendly units in the hex. None where a check follows."""
    if phase_kind(state["phase"]) != "orders":
        return None
    h = hex_of(state, uid)
    side = R.unit(uid).side
    others = [u for u in units_at(state, h or "") if u != uid and R.unit(u).side == side]
    return STACK_LIMIT - sum(R.unit(u).stacking for u in others)


def held(R: Rules, state: State, uid: str, kinds: list[list[str]] | None = None) -> str | None:
    """Why a juggernaut may not break down now (None if it may)."""
    if not on_map(state, uid) or R.unit(uid).side != phasing_side(state):
        return "not the phasing player's unit on the map"
    for o in state.get("overruns") or ():
        if uid in o["attackers"] or uid in o["defenders"]:
            return "it is in a declared overrun"
    draft = state.get("overrun_draft")
    if draft and uid in draft.get("attackers", ()):
        return "it is in the overrun being declared"
    omp = state.get("omp") or {}
    if omp.get("phase") == state["phase"] and omp.get("selected") == uid:
        return "it is selected to move"
    c = state.get("combat")
    if c and state["phase"].endswith("_combat"):
        cur = c.get("current") or {}
        for a in c.get("plan", ()):
            if uid in a["attackers"] and not a.get("done") and a["id"] != cur.get("id"):
                return "it is in a declared attack"
        draft = c.get("draft")
        if draft and uid in draft["attackers"]:
            return "it is in the attack being declared"
        if uid in c.get("disbanding", ()):
            return "it is marked to disband"
    if not _may_break(R, state, uid, kinds):
        return "no component units are available (SNO 10.1.10)"
    return None
