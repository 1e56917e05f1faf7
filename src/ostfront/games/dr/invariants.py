"""What must hold after every action of a Defiant Russia game (checked by ``ostfront
simulate`` and the random-play tests). Each broken invariant is a bug in the engine."""

from __future__ import annotations

from .rules import BOXES, Rules, State, occupancy
from .supply import closed
from .zoc import country


def broken(R: Rules, state: State) -> list[str]:
    out: list[str] = []
    for uid, d in state["units"].items():
        at = d["at"]
        if at not in BOXES and not R.map.grid.contains(at):
            out.append(f"{uid} stands on {at!r}, which is neither a hex nor a box")
    for h, uids in occupancy(state).items():
        sides = {R.unit(u).side for u in uids if R.unit(u).is_ground}
        if len(sides) > 1:
            out.append(f"hex {h} holds ground units of both sides: {', '.join(uids)}")  # DR 6.0
        terrain = R.map.terrain_of(h)
        for u in uids:
            unit = R.unit(u)
            if terrain == "sea" and unit.type != "fleet":
                out.append(f"{u} ({unit.type}) is at sea in {h}")
        if closed(R, state, h):  # DR 9.4
            out.append(f"units in closed {country(R, h)} at {h}: {', '.join(uids)}")
    if state.get("pending") and state["pending"].get("side") not in ("axis", "soviet"):
        out.append(f"a pending decision belongs to no side: {state['pending']}")
    for side, pool in state.get("pools", {}).items():
        for k, v in pool.items():
            if v < 0:
                out.append(f"{side} has {v} {k} points")
    return out
