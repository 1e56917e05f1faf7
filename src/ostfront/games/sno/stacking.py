"""SNO 4.0 Stacking: the rule as a pure function of the units in one hex, and the check at the
end of the phasing player's Operational Movement and Combat phases (SNO 4.3-4.4).

:func:`stacking_problems` (the limits themselves, in ``stacking_limits.py`` so that the
scenario data's checks in ``setup.py`` can read them without the rules of play) checks
scenario set-ups and the engine's stacks;
:func:`check` (called by the sequence) opens an "overstack" decision in which the owner
eliminates units of an illegal stack until it is legal.
"""

from __future__ import annotations

from ...core.phases import DONE, Outcome
from ...core.protocol import Action, Prompt
from .rules import (
    Rules,
    State,
    hex_title,
    other,
    phasing_side,
    side_hexes,
    unit_title,
    units_of_side_at,
)
from .stacking_limits import PURE_ARMOR_LIMIT, STACK_LIMIT, stacking_points, stacking_problems
from .units import eliminate

# SNO 4.0 Stacking: the limits are stacking_limits.py's; here they are applied in play
# ------------------------------------------------------------------ in play (SNO 4.3-4.4)
PENDING_KINDS = ("overstack",)


def _counted(R: Rules, state: State, hex_id: str, side: str) -> list[str]:
    """The side's units in the hex that stacking looks at (Zhukov's own rule is 10.6.2)."""
    return [u for u in units_of_side_at(R, state, hex_id, side) if R.unit(u).type != "zhukov"]


def _overrun_there(R: Rules, state: State, hex_id: str, side: str) -> list[str]:
    """SNO 4.4, 5.4.2: the enemy units sharing the hex - units being overrun, the only enemy
    units a unit may move in with - which count toward ``side``'s limit there."""
    return _counted(R, state, hex_id, other(side))


def hex_problems(R: Rules, state: State, hex_id: str, side: str) -> list[str]:
    """SNO 4.2, 4.6: what is illegal about ``side``'s units in the hex (empty if legal); in a
    hex shared with units being overrun, all units of both sides count (4.4, 5.4.2)."""
    own = [R.unit(u) for u in _counted(R, state, hex_id, side)]
    enemy = [R.unit(u) for u in _overrun_there(R, state, hex_id, side)]
    if not enemy:
        return stacking_problems(own)
    found = stacking_problems(own + enemy, overrun=True)  # SNO 5.4.2
    return [p for p in found if not p.startswith(f"{other(side)}:")]


def overstacked(R: Rules, state: State, side: str) -> list[str]:
    """The hexes where ``side``'s units break the stacking limits, in hex order."""
    return [h for h in sorted(side_hexes(R, state, side)) if hex_problems(R, state, h, side)]


def check(R: Rules, state: State) -> bool:
    """SNO 4.3: at the end of the phasing player's OMP and Combat Phase, his units only (never
    the non-phasing player's) are held to the limits. SNO 4.4: where a hex breaks them, its
    owner chooses units to eliminate until it is legal - a decision of kind "overstack".
    Returns True if one is now pending."""
    side = phasing_side(state)  # SNO 4.3: never the non-phasing player's units
    bad = overstacked(R, state, side)
    if not bad:
        return False
    state["pending"] = {"kind": "overstack", "side": side, "hex": bad[0]}  # SNO 4.4: the owner
    return True


def candidates(R: Rules, state: State, hex_id: str, side: str) -> list[str]:
    """The units whose elimination can help make the hex legal: any unit with stacking points
    over six points (4.2; dispersed units count in full, 4.5; with the units being overrun
    there, 5.4.2 - the owner's own units only are eliminated, 4.3), pure armor over two (4.2),
    the Hungarian and Romanian units sharing it (4.6)."""
    uids = _counted(R, state, hex_id, side)
    units = {u: R.unit(u) for u in uids}
    out: set[str] = set()
    overrun = stacking_points(R.unit(u) for u in _overrun_there(R, state, hex_id, side))
    if stacking_points(units.values()) + overrun > STACK_LIMIT:  # SNO 4.4, 5.4.2
        out |= {u for u, unit in units.items() if unit.stacking > 0}
    armor = [u for u, unit in units.items() if unit.type == "armor"]
    if stacking_points(units[u] for u in armor) > PURE_ARMOR_LIMIT:
        out |= set(armor)
    nats = {unit.nationality for unit in units.values()}
    if {"hungarian", "romanian"} <= nats:
        out |= {u for u, unit in units.items() if unit.nationality in nats & APART}
    return sorted(out)


APART = frozenset({"hungarian", "romanian"})  # SNO 4.6


def actions(R: Rules, state: State) -> list[Action]:
    p = state["pending"]
    h, side = p["hex"], p["side"]
    return [
        Action(
            "eliminate",
            (u,),
            f"Eliminate {unit_title(R, u)} in {hex_title(R, h)}: over the stacking limit",
            "SNO 4.4",
            side,
            units=(u,),
            hexes=(h,),
            group="Eliminate",
        )
        for u in candidates(R, state, h, side)
    ]


def perform(R: Rules, state: State, action: Action) -> Outcome:
    """The owner eliminates one unit (4.4); the next overstacked hex, or the phase goes on."""
    eliminate(R, state, [str(action.args[0])])
    state["pending"] = None
    if check(R, state):
        return None
    return DONE  # the end-of-phase checks again (now passing), then the next phase


def prompt(R: Rules, state: State) -> Prompt:
    p = state["pending"]
    problems = "; ".join(hex_problems(R, state, p["hex"], p["side"]))
    return Prompt(
        p["side"],
        f"{hex_title(R, p['hex'])} is over the stacking limit ({problems}): choose a unit to "
        "eliminate",
        "SNO 4.4",
    )
