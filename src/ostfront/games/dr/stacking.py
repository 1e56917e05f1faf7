"""DR 6.2 Stacking: two units a hex, one Soviet army a hex, no Hungarians with Romanians.

Limits hold at the end of every phase; units over the limit are eliminated, the opposing
player choosing which (6.2). Leaders do not count (11.6A); nor do fleets, which are not ground
units (6.0). Any two Soviet units may stack with Stalin (11.6.3D). With Axis Preparation
(12.1) three German units may stack in a hex at set-up.
"""

from __future__ import annotations

from ...core.protocol import Action, Prompt
from .losses import eliminate
from .rules import Rules, State, occupancy, other

PENDING_KINDS = ("overstack",)
LIMIT = 2  # DR 6.2


def stack_problems(R: Rules, state: State, uids: list[str], *, setup: bool = False) -> list[str]:
    """What is wrong with these units sharing one hex (empty if nothing)."""
    units = [R.unit(u) for u in uids]
    ground = [u for u in units if u.is_ground]
    problems = []
    limit = LIMIT
    if (
        setup
        and state["options"].get("axis-preparation")
        and ground
        and all(u.nationality == "german" for u in ground)
    ):
        limit = 3  # DR 12.1
    if len(ground) > limit:
        problems.append(f"{len(ground)} units in one hex (limit {limit}, DR 6.2)")
    with_stalin = any(u.type == "leader" and u.id.endswith("stalin") for u in units)
    armies = [u for u in ground if u.side == "soviet" and u.echelon == "army"]
    if len(armies) > 1 and not with_stalin:  # DR 6.2.1, 11.6.3D
        problems.append("two Soviet armies in one hex (DR 6.2.1)")
    nations = {u.nationality for u in ground}
    if {"hungarian", "romanian"} <= nations:  # DR 6.2.2, 11.4.3B
        problems.append("Hungarians and Romanians stacked together (DR 6.2.2)")
    return problems


def overstacked(R: Rules, state: State) -> list[str]:
    """Hexes whose stacks break the limits."""
    return [h for h, uids in occupancy(state).items() if stack_problems(R, state, uids)]


def start_end_of_phase_check(R: Rules, state: State) -> bool:
    """DR 6.2: at the end of a phase, set up the opposing player's eliminations. Returns True
    if a decision is now pending (the phase ends once it is settled)."""
    bad = overstacked(R, state)
    if not bad:
        return False
    h = bad[0]
    owner = R.unit(next(u for u in occupancy(state)[h] if R.unit(u).is_ground)).side
    state["pending"] = {"kind": "overstack", "side": other(owner), "hex": h}
    return True


def actions(R: Rules, state: State) -> list[Action]:
    p = state["pending"]
    h = p["hex"]
    return [
        Action(
            "eliminate",
            (u,),
            f"Eliminate {R.unit(u).name} (over the stacking limit)",
            "DR 6.2",
            p["side"],
        )
        for u in occupancy(state)[h]
        if R.unit(u).is_ground
    ]


def perform(R: Rules, state: State, action: Action) -> None:
    from .sequence import end_phase

    eliminate(R, state, str(action.args[0]))
    state["pending"] = None
    end_phase(R, state)  # recheck; ends the phase once every stack is legal


def prompt(R: Rules, state: State) -> Prompt:
    p = state["pending"]
    return Prompt(
        p["side"],
        f"Hex {p['hex']} is over the stacking limit: choose a unit of your opponent's to eliminate",
        "DR 6.2",
    )
