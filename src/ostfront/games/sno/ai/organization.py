"""How the Sturm Nach Osten computer players score the organization of their forces: the
factories' evacuation in the Replacement Phase (10.4.8, 15.5) and the units eliminated from an
over-stacked hex (4.4). :class:`.moves.SturmNachOstenEvaluator` reads these.

- a Soviet factory is entrained once an Axis combat unit comes within
  :data:`EVACUATE_WITHIN` hexes of its city, and carried through steps two and three as soon
  as they open: each one eliminated is half a victory city to the Axis (15.5);
- an over-stacked hex gives up the units of the cheapest legal choice (:func:`cheapest_removal`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from ....core.protocol import Action
from ..rules import Rules, State, combat_factor, hex_of, side_units, units_of_side_at
from ..stacking_limits import stacking_problems
from .evaluation import NEVER

#: SNO 10.4.8: a factory is entrained once an Axis combat unit is within this many hexes of
#: its city - one player-turn of Axis armor movement (8 hexes, 5.1). Measured over 40
#: normal-against-normal games to December 1941 (docs/ai.md, round 15): 12 entrained four
#: factories in July and cost the Soviets those months' replacements; 8 cut the games ending
#: with a factory lost from 13 to 3
EVACUATE_WITHIN = 8
EVACUATION = ("evacuate", "produce")  # SNO 10.4.8 steps two and three: taken when open


def factory_threatened(R: Rules, state: State, uid: str) -> bool:
    """SNO 10.4.8, 15.5: whether a factory should begin its evacuation - an Axis combat
    unit stands within :data:`EVACUATE_WITHIN` hexes of its city. Entrained, it produces
    nothing for three months (10.4.10) and its activation is postponed (10.4.11); taken,
    it is half a victory city to the Axis for good."""
    at = hex_of(state, uid)
    if at is None:
        return False
    grid = R.map.grid
    return any(
        R.unit(u).is_combat and grid.distance(at, state["units"][u]["at"]) <= EVACUATE_WITHIN
        for u in side_units(R, state, "axis")  # on the map
    )


def cheapest_removal(R: Rules, state: State, uids: list[str]) -> frozenset[str]:
    """SNO 4.2-4.4: the units to eliminate from a stack so that the rest keeps the limits,
    losing the fewest combat factors (then the fewest units); empty if none will do."""
    best: tuple[float, int] | None = None
    chosen: frozenset[str] = frozenset()
    for n in range(1, len(uids) + 1):
        for gone in combinations(uids, n):
            rest = [R.unit(u) for u in uids if u not in gone]
            if stacking_problems(rest):
                continue
            cost = (sum(combat_factor(R, state, u) for u in gone), n)
            if best is None or cost < best:
                best, chosen = cost, frozenset(gone)
    return chosen


def overstack_values(
    R: Rules, state: State, pending: dict[str, Any], actions: Sequence[Action]
) -> dict[str, float]:
    """SNO 4.4: the owner eliminates units of an over-stacked hex until it is legal -
    the fewest combat factors that make it so (then the fewest units), found among every
    choice of the hex's units; a unit of that choice is worth eliminating, any other
    not. One at a time, the cheapest first, could take three units where two would do
    (seed 11, October 1941: two armies, then the armor unit whose going alone met the
    armor limit)."""
    here = units_of_side_at(R, state, pending["hex"], pending["side"])
    best = cheapest_removal(R, state, here)
    out: dict[str, float] = {}
    for a in actions:
        if a.verb == "eliminate":
            out[a.text] = 1.0 if str(a.args[0]) in best else -1.0
        else:
            out[a.text] = NEVER
    return out
