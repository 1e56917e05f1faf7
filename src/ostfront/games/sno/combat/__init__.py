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

Exact outcomes for the odds preview and the AI: :func:`distribution`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ....core.protocol import Action, Prompt, roll, roll_result
from ....core.rng import Distribution
from .. import disband
from ..rules import (
    Rules,
    State,
    hex_of,
    hex_title,
    is_fortified,
    on_map,
    other,
    phasing_side,
    unit_title,
    units_at,
)
from . import limits, losses, results, tactical
from . import odds as odds_mod
from . import plan as plan_mod
from .plan import combat_of, ensure

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


def _on_overrun_crt(attack: dict[str, Any], action: Action) -> bool:
    """SNO 5.4.9: overrun and blitz attacks, and attacks the player rolls there by choice
    (``roll N ob``), are resolved on the Overrun/Blitz CRT."""
    return attack.get("kind") in (plan_mod.OVERRUN, plan_mod.BLITZ) or "ob" in action.args[1:]


roll_distribution = distribution


def _attack(state: State, n: int) -> dict[str, Any] | None:
    for a in combat_of(state)["plan"]:
        if a["id"] == n:
            return a  # type: ignore[no-any-return]
    return None


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


def perform(R: Rules, state: State, action: Action) -> None:
    p = state.get("pending")
    if p:
        if p["kind"] == "losses":
            losses.perform_loss(R, state, action)
        elif p["kind"] == "retreat":
            tactical.perform_retreat(R, state, action)
        else:
            tactical.perform_advance(R, state, action)
        return
    c = ensure(state)
    verb = action.verb
    if verb == "end":
        finish_phase(R, state)
    elif c["committed"]:
        perform_resolution(R, state, action)
    elif c["draft"] is not None:
        perform_draft(R, state, action)
    else:
        perform_plan(R, state, action)


def finish_phase(R: Rules, state: State) -> None:
    """The end of the Combat Phase: No Retreat orders removed (7.5.3), HAB markers removed
    (10.2.2), Axis juggernauts flipped in the 1941/42 winter (10.1.6, 6.5.4), the overruns and
    Blitz markers gone (5.4.1); then the phase ends."""
    from .. import hab, juggernauts, overrun
    from ..sequence import end_phase

    state["no_retreat"] = {"soviet": False, "axis": []}  # SNO 7.5.3: orders removed
    hab.clear(state)  # SNO 10.2.2
    juggernauts.winter_flip_after_combat(R, state)  # SNO 10.1.6, 6.5.4
    overrun.clear(state)  # SNO 5.4.1, 5.4.1b
    end_phase(R, state)


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
        bad = limits.attack_problems(R, state, d["attackers"], d["defenders"], c["plan"])
        text = _describe(R, state, d["attackers"], d["defenders"])
        return Prompt(side, text + ("; " + bad[0] if bad else ""), "SNO 7.1.9")
    bad = plan_problems(R, state)
    if bad:
        return Prompt(side, "Declare the attacks: " + bad[0], "SNO 7.1.11")
    return Prompt(side, "Declare the attacks, then commit the plan", "SNO 7.1.11")


# ------------------------------------------------------------------ declaring the plan
def available(R: Rules, state: State) -> list[str]:
    """Phasing units that may still join an attack: able to attack, not yet in the plan."""
    attacking, _ = plan_mod.planned(state)
    side = phasing_side(state)
    from ..rules import side_units

    return [
        u
        for u in side_units(R, state, side)
        if u not in attacking
        and plan_mod.may_attack(R, state, u)
        and plan_mod.enemies_in_zoc(R, state, u)
    ]


def plan_problems(R: Rules, state: State) -> list[str]:
    plan = combat_of(state)["plan"]
    return plan_mod.problems(R, state, plan) + limits.plan_problems(R, state, plan)


def _enemy_hexes(R: Rules, state: State, units: list[str]) -> list[str]:
    found = {hex_of(state, e) for u in units for e in plan_mod.enemies_in_zoc(R, state, u)}
    return sorted(h for h in found if h is not None)


def plan_actions(R: Rules, state: State) -> list[Action]:
    side = phasing_side(state)
    c = combat_of(state)
    acts: list[Action] = []
    free = available(R, state)
    enemy = other(side)
    for h in _enemy_hexes(R, state, free):
        there = ", ".join(unit_title(R, u) for u in units_at(state, h) if R.unit(u).side == enemy)
        label = f"Declare an attack on {hex_title(R, h)}: {there}"
        acts.append(Action("attack", (h,), label, "SNO 7.1.11", side))
    for a in c["plan"]:
        if a.get("kind") == plan_mod.OVERRUN:
            continue  # SNO 5.4.4: declared in the OMP, it stays
        acts.append(
            Action(
                "drop",
                (a["id"],),
                f"Take attack {a['id']} out of the plan",
                "SNO 7.1.11",
                side,
            )
        )
    for u in free:
        if not plan_mod.obliged(R, state, u) or not disband.can_leave(R, state, u):
            continue  # SNO 7.1.12: 8.0 must be met (never garrisons, 10.5.5); a unit not
            # obliged to attack may disband in its phase anyway
        acts.append(
            Action(
                "disband",
                (u,),
                f"{unit_title(R, u)} disbands or breaks out instead of attacking",
                "SNO 7.1.12",
                side,
            )
        )
    for u in c["disbanding"]:
        acts.append(
            Action("keep", (u,), f"{unit_title(R, u)} does not disband", "SNO 7.1.12", side)
        )
    if not plan_problems(R, state):
        if c["plan"]:
            acts.append(
                Action(
                    "commit",
                    (),
                    f"Commit the plan of {len(c['plan'])} attack(s)",
                    "SNO 7.1.11",
                    side,
                )
            )
        else:
            acts.append(Action("end", (), "Make no attack: end the Combat Phase", "SNO 7.0", side))
    return acts


def perform_plan(R: Rules, state: State, action: Action) -> None:
    c = state["combat"]
    verb = action.verb
    if verb == "attack":
        h = str(action.args[0])
        defenders = [
            u
            for u in units_at(state, h)
            if R.unit(u).side != phasing_side(state) and plan_mod.attackable(R, u)
        ]
        attackers = [
            u
            for u in available(R, state)
            if set(defenders) <= set(plan_mod.enemies_in_zoc(R, state, u))
        ]
        c["draft"] = {"attackers": attackers, "defenders": defenders}
    elif verb == "drop":
        n = int(action.args[0])
        c["plan"] = [
            a for a in c["plan"] if a["id"] != n or a.get("kind") == plan_mod.OVERRUN
        ]  # SNO 5.4.4: an overrun is never dropped
    elif verb == "disband":  # SNO 7.1.12
        c["disbanding"] = sorted({*c["disbanding"], str(action.args[0])})
    elif verb == "keep":
        c["disbanding"] = [u for u in c["disbanding"] if u != str(action.args[0])]
    elif verb == "commit":
        commit(R, state)


# SNO 7.4.7: unavoidable attacks below 1:6 are AEs first
def commit(R: Rules, state: State) -> None:
    """SNO 7.1.11: the plan is final. SNO 7.4.7: unavoidable attacks below 1:6 are AEs at
    once, before any other attack."""
    c = state["combat"]
    c["committed"] = True
    for a in c["plan"]:
        if a.get("kind") == plan_mod.OVERRUN:
            continue  # SNO 5.4.5: resolved first, on the Overrun/Blitz CRT
        crt = plan_mod.crt_of(a)
        o = odds_mod.assess(R, state, a["attackers"], a["defenders"], crt)
        if o.column is None and not a["done"]:
            if crt == "assault":
                results.automatic_ae(R, state, a)
            else:  # SNO 5.4.1c: an unavoidable Blitz attack below its minimum is an AE
                a.update(result="AE", die=None, odds=o.text, options=[])
                results.start(R, state, a, "AE", o)


def _describe(
    R: Rules, state: State, attackers: list[str], defenders: list[str], crt: str | None = None
) -> str:
    if not attackers or not defenders:
        return "Choose attackers and defenders"
    if crt is None:
        blitz = plan_mod.kind_of(state, attackers) == plan_mod.BLITZ
        crt = "overrun_blitz" if blitz else "assault"
    o = odds_mod.assess(R, state, attackers, defenders, crt)
    shifts = f" ({', '.join(o.shifts)})" if o.shifts else ""
    where = " on the Overrun/Blitz CRT" if crt == "overrun_blitz" else ""
    return (
        ", ".join(unit_title(R, u) for u in attackers)
        + " against "
        + ", ".join(unit_title(R, u) for u in defenders)
        + f": {o.text}{shifts}{where}"
    )


def draft_actions(R: Rules, state: State) -> list[Action]:
    side = phasing_side(state)
    d = combat_of(state)["draft"]
    att, dfd = d["attackers"], d["defenders"]
    acts: list[Action] = []
    for u in available(R, state):
        if u in att:
            continue
        if set(dfd) <= set(plan_mod.enemies_in_zoc(R, state, u)):
            acts.append(Action("with", (u,), f"Add {unit_title(R, u)}", "SNO 7.1.9", side))
    for u in att:
        acts.append(Action("without", (u,), f"Leave {unit_title(R, u)} out", "SNO 7.1.9", side))
    if att:
        reach = set.intersection(*(set(plan_mod.enemies_in_zoc(R, state, u)) for u in att))
    else:
        reach = set()
        for u in available(R, state):
            mine = set(plan_mod.enemies_in_zoc(R, state, u))
            if set(dfd) <= mine:
                reach |= mine
    for e in sorted(reach - set(dfd)):
        acts.append(
            Action(
                "target",
                (e,),
                f"Attack {unit_title(R, e)} in {hex_title(R, hex_of(state, e) or '')} too",
                "SNO 7.1.9",
                side,
            )
        )
    if len(dfd) > 1:
        for e in dfd:
            acts.append(
                Action("untarget", (e,), f"Do not attack {unit_title(R, e)}", "SNO 7.1.9", side)
            )
    if not limits.attack_problems(R, state, att, dfd, combat_of(state)["plan"]):
        acts.append(
            Action(
                "declare",
                (),
                "Declare: " + _describe(R, state, att, dfd),
                "SNO 7.1.11",
                side,
            )
        )
    acts.append(Action("cancel", (), "Give up this attack", "SNO 7.1.11", side))
    return acts


def perform_draft(R: Rules, state: State, action: Action) -> None:
    c = state["combat"]
    d = c["draft"]
    verb = action.verb
    arg = str(action.args[0]) if action.args else ""
    if verb == "with":
        d["attackers"] = sorted({*d["attackers"], arg})
    elif verb == "without":
        d["attackers"] = [u for u in d["attackers"] if u != arg]
    elif verb == "target":
        d["defenders"] = sorted({*d["defenders"], arg})
    elif verb == "untarget":
        d["defenders"] = [u for u in d["defenders"] if u != arg]
    elif verb == "cancel":
        c["draft"] = None
    elif verb == "declare":
        n = c["next_id"]
        c["next_id"] = n + 1
        c["plan"].append(
            {
                "id": n,
                "attackers": sorted(d["attackers"]),
                "defenders": sorted(d["defenders"]),
                "where": {u: hex_of(state, u) for u in d["defenders"]},
                "done": False,
                "result": None,
                "kind": plan_mod.kind_of(state, d["attackers"]),  # SNO 5.4.1a
            }
        )
        c["draft"] = None


# ------------------------------------------------------------------ resolving the plan
def overruns_left(state: State) -> list[dict[str, Any]]:
    """SNO 5.4.5, 7.1.11: the overrun attacks not yet resolved - resolved before any other."""
    return [
        a for a in combat_of(state)["plan"] if a.get("kind") == plan_mod.OVERRUN and not a["done"]
    ]


def resolution_actions(R: Rules, state: State) -> list[Action]:
    side = phasing_side(state)
    c = combat_of(state)
    acts: list[Action] = []
    first = overruns_left(state)
    for a in first or c["plan"]:  # SNO 5.4.5: the overrun attacks first
        if a["done"]:
            continue
        n = a["id"]
        attackers = [u for u in a["attackers"] if on_map(state, u)]
        defenders = results.remaining(state, a)
        if not attackers:  # every attacker gone meanwhile: the attack is not made
            acts.append(Action("skip", (n,), f"Attack {n} is not made", "SNO 7.1.11a", side))
            continue
        if defenders and a.get("kind") in (plan_mod.OVERRUN, plan_mod.BLITZ):
            text = _describe(R, state, attackers, defenders, "overrun_blitz")
            what = "the overrun" if a["kind"] == plan_mod.OVERRUN else "Blitz attack"
            acts.append(Action("roll", (n,), f"Resolve {what} {n}: {text}", "SNO 5.4.1", side))
            continue
        if defenders:
            text = _describe(R, state, attackers, defenders)
            must = results.exchange_mandatory(R, state, attackers, defenders)
            if not must and not c.get("assault_rolled") and attackers:
                # SNO 5.4.9: the Overrun/Blitz CRT by choice, before any Assault attack
                ob = odds_mod.assess(R, state, attackers, defenders, "overrun_blitz")
                if ob.column is not None:
                    acts.append(
                        Action(
                            "roll",
                            (n, "ob"),
                            f"Resolve attack {n} on the Overrun/Blitz CRT: "
                            + _describe(R, state, attackers, defenders, "overrun_blitz"),
                            "SNO 5.4.9",
                            side,
                        )
                    )
            if must:
                acts.append(
                    Action(
                        "roll",
                        (n,),
                        f"Resolve attack {n} with Exchange Conversion, as {must}: {text}",
                        "SNO 7.5.1a",
                        side,
                    )
                )
            else:
                acts.append(Action("roll", (n,), f"Resolve attack {n}: {text}", "SNO 7.2.1", side))
                acts.append(
                    Action(
                        "roll",
                        (n, "ec"),
                        f"Resolve attack {n} with Exchange Conversion: {text}",
                        "SNO 7.5.1",
                        side,
                    )
                )
            continue
        # SNO 7.1.11: the defenders are already gone
        acts.append(Action("skip", (n,), f"Attack {n} is not made", "SNO 7.1.11a", side))
        if a.get("kind") == plan_mod.OVERRUN:
            continue  # SNO 5.4.4: an overrun's defenders are fixed
        for h in sorted(set(a["where"].values())):
            others = [
                u
                for u in units_at(state, h)
                if R.unit(u).side != side and plan_mod.attackable(R, u)
            ]
            if others and not limits.attack_problems(R, state, attackers, others):
                acts.append(
                    Action(
                        "retarget",
                        (n, h),
                        f"Attack {n} turns on the other units in {h}: "
                        + _describe(R, state, attackers, others),
                        "SNO 7.1.11b",
                        side,
                    )
                )
    if all(a["done"] for a in c["plan"]):
        acts.append(Action("end", (), "End the Combat Phase", "SNO 7.0", side))
    return acts


def perform_resolution(R: Rules, state: State, action: Action) -> None:
    c = state["combat"]
    attack = _attack(state, int(action.args[0]))
    assert attack is not None
    if action.verb == "roll" and _on_overrun_crt(attack, action):
        resolve_on_overrun_crt(R, state, attack)
    elif action.verb == "roll":
        c["assault_rolled"] = True  # SNO 5.4.9: no Overrun/Blitz CRT by choice after this
        results.resolve(R, state, attack, "ec" in action.args[1:])
    elif action.verb == "retarget":  # SNO 7.1.11b: other defenders in the same hex
        h = str(action.args[1])
        side = phasing_side(state)
        others = [
            u for u in units_at(state, h) if R.unit(u).side != side and plan_mod.attackable(R, u)
        ]
        attack["defenders"] = others
        attack["where"] = {u: h for u in others}
    elif action.verb == "skip":  # SNO 7.1.11a; 7.7.3a b: it may advance into a cleared hex
        hexes = sorted(set(attack["where"].values()))
        side = phasing_side(state)
        vacated = [h for h in results.vacated_hexes(R, state, hexes, side) if c["cleared"].get(h)]
        attack["result"] = "not made"
        c["current"] = {
            "id": attack["id"],
            "result": "not made",
            "attackers": list(attack["attackers"]),
            "defenders": [],
            "hexes": hexes,
            "factors": {},
            "attack": 0,
            "defence": 0,
            "todo": [],
        }
        alive = [u for u in attack["attackers"] if on_map(state, u)]
        if vacated and alive:
            tactical.open_advance(R, state, alive, vacated)
        if attack.get("kind") == plan_mod.OVERRUN:
            _overrun_over(state, attack)
        results.settle(R, state)


# SNO 5.4.1, 5.4.1a, 5.4.9: the Overrun/Blitz CRT
def resolve_on_overrun_crt(R: Rules, state: State, attack: dict[str, Any]) -> None:
    """SNO 7.2.1 step six on the attacker's Overrun/Blitz CRT: no weather shift, no Combat
    Option (5.4.1d, 7.5); below its lowest odds an AE (5.4.1c). An overrun's defenders have
    their ZOC back once it is resolved, if any survive (3.1.4: 'temporarily')."""
    attackers = [u for u in attack["attackers"] if on_map(state, u)]
    defenders = results.remaining(state, attack)
    o = odds_mod.assess(R, state, attackers, defenders, "overrun_blitz")
    die = roll(state, 1, f"attack {attack['id']} at {o.column or 'below the lowest odds'}")[0]
    result = R.crts.result(o.table, o.column, die)  # SNO 5.4.1d, 7.5: never converted
    roll_result(state, result)
    attack.update(
        defenders=defenders, result=result, die=die, odds=o.text, options=[], crt="overrun_blitz"
    )
    if attack.get("kind") == plan_mod.OVERRUN:
        _overrun_over(state, attack)
    results.start(R, state, attack, result, o)


def _overrun_over(state: State, attack: dict[str, Any]) -> None:
    """SNO 3.1.4 'temporarily': an overrun resolved (or not made), its defenders that are
    left have their ZOC back."""
    state["overruns"] = [x for x in state.get("overruns") or () if x["id"] != attack.get("overrun")]


__all__ = ["PENDING_KINDS", "actions", "begin", "distribution", "is_fortified", "perform", "prompt"]
