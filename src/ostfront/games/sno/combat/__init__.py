"""SNO 7.0 Combat: the handler of the Combat Phase.

The phasing player first declares his whole attack plan (7.1.11): ``attack HEX`` opens an
attack on the enemy units of a hex with every unit that may join it; ``with``/``without UNIT``
choose the attackers, ``target``/``untarget UNIT`` the defenders (several hexes together,
7.1.9), ``declare`` adds it to the plan, ``cancel`` gives it up; ``drop N`` takes a declared
attack out again; ``disband``/``keep UNIT`` marks a unit to disband or break out instead of
attacking (7.1.12, carried out by the disband phase). ``commit`` fixes the plan once it keeps
the obligations (7.1.4-7.1.10, :mod:`plan`) and the limits (7.4, :mod:`limits`); attacks below
1:6 that are unavoidable are then automatic AEs (7.4.7). Then each attack is resolved in the
player's order: ``roll N`` (``roll N ec`` declaring Exchange Conversion, 7.5.1), or, if its
defenders are gone, ``skip N`` (7.1.11a) or ``retarget N HEX`` (7.1.11b). Losses, retreats and
advances are decisions of the side concerned (:mod:`losses`, :mod:`tactical`). ``end`` ends the
phase once every attack is resolved; No Retreat orders end with it (7.5.3).

Declaring the plan is :mod:`declare`'s, resolving it :mod:`resolve`'s; this module hands each
action to them or to the decision in progress. Exact outcomes for the odds preview and the AI:
:func:`distribution`.
"""

from __future__ import annotations

from fractions import Fraction

from ....core.phases import DONE, Outcome
from ....core.protocol import Action, Prompt
from ....core.rng import Distribution
from .. import hab, juggernauts, overruns
from ..rules import Rules, State, hex_of, is_fortified, on_map, phasing_side
from . import losses, results, tactical
from . import odds as odds_mod
from . import plan as plan_mod
from .declare import (  # SNO 7.1: declaring the plan
    available,
    describe,
    draft_actions,
    draft_problems,
    perform_draft,
    perform_plan,
    plan_actions,
    plan_problems,
)
from .plan import combat_of, ensure
from .resolve import (  # SNO 7.2.1, 5.4.5, 5.4.9: resolving it
    _attack,
    _on_overrun_crt,
    overruns_left,
    perform_resolution,
    resolution_actions,
)

PENDING_KINDS = ("losses", "retreat", "advance")


# SNO 7.0: the Combat Phase
# SNO 7.1.2: the overrun attacks declared in the OMP are in the plan from the start, fixed
# (5.4.4), and resolved before any other attack (5.4.5, 7.1.11)
def begin(R: Rules, state: State) -> None:
    c = plan_mod.fresh()
    kept_overruns = []
    for o in state.get("overruns") or ():
        attackers = [u for u in o["attackers"] if on_map(state, u)]
        defenders = [d for d in o["defenders"] if hex_of(state, d) == o["where"][d]]
        if not attackers or not defenders:
            continue  # its units lost meanwhile (4.4 at the end of the OMP): not made
        kept_overruns.append(o)
        c["plan"].append(
            {
                "id": c["next_id"],
                "attackers": attackers,
                "defenders": defenders,
                "where": {d: o["where"][d] for d in defenders},
                "done": False,
                "result": None,
                "kind": plan_mod.OVERRUN,
                "overrun": o["id"],
            }
        )
        c["next_id"] += 1
    state["overruns"] = kept_overruns
    state["combat"] = c


def distribution(R: Rules, state: State, action: Action) -> Distribution | None:
    """The exact result distribution of ``roll N`` / ``roll N ec``: {result: p} (None for any
    other action)."""
    if action.verb != "roll" or state.get("pending"):
        return None
    attack = _attack(state, int(action.args[0]))
    if attack is None:
        return None
    attackers = [u for u in attack["attackers"] if on_map(state, u)]
    defenders = results.remaining(state, attack)
    if not attackers or not defenders:
        return None
    if _on_overrun_crt(attack, action):
        o = odds_mod.assess(R, state, attackers, defenders, "overrun_blitz")
        out: Distribution = {}
        for die in range(1, 7):
            r = R.crts.result(o.table, o.column, die)  # SNO 5.4.1d, 7.5: never converted
            out[r] = out.get(r, Fraction(0)) + Fraction(1, 6)
        return out
    return results.distribution(R, state, attackers, defenders, "ec" in action.args[1:])


roll_distribution = distribution


# ------------------------------------------------------------------ the handler
def actions(R: Rules, state: State) -> list[Action]:
    p = state.get("pending")
    if p:
        if p["kind"] == "losses":
            return losses.loss_actions(R, state)
        if p["kind"] == "retreat":
            return tactical.retreat_actions(R, state)
        return tactical.advance_actions(R, state)
    c = combat_of(state)
    if c["committed"]:
        return resolution_actions(R, state)
    if c["draft"] is not None:
        return draft_actions(R, state)
    return plan_actions(R, state)


def perform(R: Rules, state: State, action: Action) -> Outcome:
    p = state.get("pending")
    if p:
        if p["kind"] == "losses":
            step = losses.perform_loss(R, state, action)
        elif p["kind"] == "retreat":
            step = tactical.perform_retreat(R, state, action)
        else:
            step = tactical.perform_advance(R, state, action)
        if step == DONE:  # the decision is closed: the attack's next steps
            results.settle(R, state)
        return None
    c = ensure(state)
    verb = action.verb
    if verb == "end":
        return finish_phase(R, state)
    if c["committed"]:
        perform_resolution(R, state, action)
    elif c["draft"] is not None:
        perform_draft(R, state, action)
    else:
        perform_plan(R, state, action)
    return None


def finish_phase(R: Rules, state: State) -> Outcome:
    """The end of the Combat Phase: No Retreat orders removed (7.5.3), HAB markers removed
    (10.2.2), Axis juggernauts flipped in the 1941/42 winter (10.1.6, 6.5.4), the overruns and
    Blitz markers gone (5.4.1); then the phase ends."""
    state["no_retreat"] = {"soviet": False, "axis": []}  # SNO 7.5.3: orders removed
    hab.clear(state)  # SNO 10.2.2
    juggernauts.winter_flip_after_combat(R, state)  # SNO 10.1.6, 6.5.4
    overruns.clear(state)  # SNO 5.4.1, 5.4.1b
    return DONE


def prompt(R: Rules, state: State) -> Prompt:
    p = state.get("pending")
    if p:
        if p["kind"] == "losses":
            return losses.prompt(R, state)
        return tactical.prompt(R, state)
    side = phasing_side(state)
    c = combat_of(state)
    if c["committed"]:
        left = [a["id"] for a in c["plan"] if not a["done"]]
        first = [a["id"] for a in overruns_left(state)]
        if first:
            return Prompt(
                side,
                "Resolve the overrun attacks first: " + ", ".join(map(str, first)),
                "SNO 5.4.5",
            )
        if left:
            return Prompt(
                side, "Resolve the attacks in any order: " + ", ".join(map(str, left)), "SNO 7.1.11"
            )
        return Prompt(side, "Every attack is resolved: end the Combat Phase", "SNO 7.0")
    if c["draft"] is not None:
        d = c["draft"]
        bad = draft_problems(R, state, d["attackers"], d["defenders"])
        text = describe(R, state, d["attackers"], d["defenders"])
        return Prompt(side, text + ("; " + bad[0] if bad else ""), "SNO 7.1.9")
    bad = plan_problems(R, state)
    if bad:
        return Prompt(side, "Declare the attacks: " + bad[0], "SNO 7.1.11")
    return Prompt(side, "Declare the attacks, then commit the plan", "SNO 7.1.11")


__all__ = [
    "PENDING_KINDS",
    "actions",
    "available",
    "begin",
    "distribution",
    "is_fortified",
    "perform",
    "prompt",
]
