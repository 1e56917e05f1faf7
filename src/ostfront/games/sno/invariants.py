"""What must hold after every action of a Sturm Nach Osten game (checked by ``ostfront
simulate`` and the random-play tests). Each broken invariant is a bug in the engine."""

from __future__ import annotations

from .overruns import overrun_units
from .rules import BOXES, PHASES, SIDES, Rules, State, occupancy, phasing_side
from .units import NEVER_FORTIFY


def broken(R: Rules, state: State) -> list[str]:
    out: list[str] = []
    if state["phase"] not in PHASES:
        out.append(f"the phase {state['phase']!r} is not a phase of SNO 1.0")
    for uid, d in state["units"].items():
        at = d["at"]
        unit = R.unit(uid)
        if at not in BOXES:
            if not R.map.grid.contains(at):
                out.append(f"{uid} stands on {at!r}, which is neither a hex nor a box")
            elif R.map.terrain_of(at) == "sea":
                out.append(f"{uid} is at sea in {at}")  # SNO 5.1.6
        if d.get("fortified") and unit.type in NEVER_FORTIFY:  # SNO 10.7.2, 10.5.5
            out.append(f"{uid} ({unit.type}) is fortified, which it may never be (SNO 10.7)")
    overrun, phasing = overrun_units(state), phasing_side(state)
    for h, uids in occupancy(state).items():
        sides = {R.unit(u).side for u in uids}
        # SNO 5.4.2: phasing units may enter a hex held solely by overrun enemy units
        if len(sides) > 1 and any(R.unit(u).side != phasing and u not in overrun for u in uids):
            out.append(f"hex {h} holds units of both sides: {', '.join(uids)}")  # SNO 4.4
        nations = {R.unit(u).nationality for u in uids}
        if {"hungarian", "romanian"} <= nations:
            out.append(f"hex {h} holds Hungarian and Romanian units together (SNO 4.6)")
    pending = state.get("pending")
    if pending and pending.get("side") not in SIDES:
        out.append(f"a pending decision belongs to no side: {pending}")
    for side in SIDES:
        if state["rf"].get(side, 0) < 0:
            out.append(f"{side} has {state['rf'][side]} replacement factors")
    for h, side in state["control"].items():
        if side not in SIDES:
            out.append(f"city {h} is controlled by {side!r}")
    return out
