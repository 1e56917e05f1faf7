"""SNO 7.3 losses: which units a side loses to an exchange or an attacker-loss result, chosen by
their owner (7.3.5) among the legal sets, and units eliminated.

- "as near as possible" (HX, DX, 7.3.2's DX in reverse): the sets whose total modified
  strength (7.3.8) does not exceed the limit and comes nearest to it; none at all if no single
  unit fits ('he removes nothing');
- "at least" (EX, 2X, 3X, 4X, AL): the sets whose total reaches the amount and that hold no
  unit they could do without (a superset only loses more); all the units if their total is
  short of it.

Reading: the owner chooses among these sets only; losing more than the rule asks is not
offered. 7.3.3 (padding with the HAB and juggernaut/armor steps) is part 2: no such unit plays
in part 1.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from typing import Any

from ....core.protocol import Action, Prompt
from ..rules import Rules, State, on_map, set_unit, unit_title

#: Units that never come back once eliminated: SNO 10.1.2, 10.4.5, 10.5.5 (their counters
#: have no replacement cost).
SEP = "+"


def eliminate(R: Rules, state: State, uids: list[str]) -> None:
    """Remove units from the map: to "dead" (may return as replacements), or "lost" for
    those that never can (garrisons, factories, juggernauts, the Polish 1st Army)."""
    for u in uids:
        if not on_map(state, u):
            continue
        box = "dead" if R.unit(u).replacement_cost is not None else "lost"
        set_unit(state, u, at=box, dispersed=False, fortified=False)


def nearest_sets(factors: dict[str, int], limit: Fraction | int) -> list[list[str]]:
    """SNO 7.3.1 HX/DX, 7.3.2: the sets with the greatest total not above ``limit``
    (an empty list if not even one unit fits)."""
    uids = sorted(factors)
    best = 0
    found: list[list[str]] = []
    for k in range(1, len(uids) + 1):
        for combo in combinations(uids, k):
            total = sum(factors[u] for u in combo)
            if total > limit or total < best:
                continue
            if total > best:
                best, found = total, []
            found.append(list(combo))
    return found if best > 0 else []


def at_least_sets(factors: dict[str, int], need: Fraction | int) -> list[list[str]]:
    """SNO 7.3.1 EX-4X and AL: the sets reaching ``need`` with no unit to spare; every unit if
    even all of them fall short."""
    uids = sorted(factors)
    if sum(factors.values()) < need:
        return [uids]
    if need <= 0:
        return [[]]
    found: list[list[str]] = []
    for k in range(1, len(uids) + 1):
        for combo in combinations(uids, k):
            total = sum(factors[u] for u in combo)
            if total < need:
                continue
            if all(total - factors[u] < need for u in combo):
                found.append(list(combo))
    return found


# SNO 7.3.5: where there is a choice, the owner of the units chooses
def choose(R: Rules, state: State, owner: str, sets: list[list[str]], rule: str, why: str) -> bool:
    """Eliminate the only legal set at once, or ask the owner (7.3.5). True if a decision is
    now pending."""
    if len(sets) <= 1:
        eliminate(R, state, sets[0] if sets else [])
        return False
    state["pending"] = {
        "kind": "losses",
        "side": owner,
        "sets": sets,
        "rule": rule,
        "why": why,
    }
    return True


def loss_actions(R: Rules, state: State) -> list[Action]:
    p = state["pending"]
    acts = []
    for s in p["sets"]:
        names = ", ".join(unit_title(R, u) for u in s) or "nothing"
        acts.append(
            Action("lose", (SEP.join(s) or "none",), f"Eliminate {names}", p["rule"], p["side"])
        )
    return acts


def perform_loss(R: Rules, state: State, action: Action) -> None:
    chosen = [] if action.args[0] == "none" else str(action.args[0]).split(SEP)
    state["pending"] = None
    eliminate(R, state, chosen)
    from .results import settle

    settle(R, state)


def prompt(R: Rules, state: State) -> Prompt:
    p: dict[str, Any] = state["pending"]
    return Prompt(p["side"], f"Choose the units lost: {p['why']}", p["rule"])
