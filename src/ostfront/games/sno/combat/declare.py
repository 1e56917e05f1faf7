"""SNO 7.1 the attack plan declared in the Combat Phase (7.1.9-7.1.12): ``attack HEX`` opens
an attack with every unit that may join it, ``with``/``without UNIT`` and ``target``/
``untarget UNIT`` shape it, ``declare`` adds it to the plan, ``drop N`` takes it out, and
``disband``/``keep UNIT`` mark units to disband instead (7.1.12); ``commit`` fixes the plan once
it keeps the obligations (:mod:`plan`) and the limits (7.4, :mod:`limits`)."""

from __future__ import annotations

from ....core.protocol import Action
from .. import disband
from ..rules import (
    Rules,
    State,
    hex_of,
    hex_title,
    other,
    phasing_side,
    side_units,
    unit_title,
    units_at,
)
from . import limits, results
from . import odds as odds_mod
from . import plan as plan_mod
from .plan import combat_of


# ------------------------------------------------------------------ declaring the plan
def available(R: Rules, state: State) -> list[str]:
    """Phasing units that may still join an attack: able to attack, not yet in the plan."""
    attacking, _ = plan_mod.planned(state)
    side = phasing_side(state)

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
        defenders = tuple(u for u in units_at(state, h) if R.unit(u).side == enemy)
        there = ", ".join(unit_title(R, u) for u in defenders)
        label = f"Declare an attack on {hex_title(R, h)}: {there}"
        acts.append(
            Action(
                "attack",
                (h,),
                label,
                "SNO 7.1.11",
                side,
                role="attack",
                units=defenders,
                hexes=(h,),
                group="Attack",
                highlight="attack",
            )
        )
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
                role="back",
                group="Drop",
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
                units=(u,),
                group="Disband",
            )
        )
    for u in c["disbanding"]:
        acts.append(
            Action(
                "keep",
                (u,),
                f"{unit_title(R, u)} does not disband",
                "SNO 7.1.12",
                side,
                role="back",  # the mark to disband taken back
                units=(u,),
                group="Keep",
            )
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
                    group="Commit the plan",
                )
            )
        else:
            acts.append(
                Action(
                    "end",
                    (),
                    "Make no attack: end the Combat Phase",
                    "SNO 7.0",
                    side,
                    role="end",
                    group="End the phase",
                )
            )
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


def describe(
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
            acts.append(
                Action(
                    "with",
                    (u,),
                    f"Add {unit_title(R, u)}",
                    "SNO 7.1.9",
                    side,
                    role="attack",
                    units=(u,),
                    group="Add to the attack",
                )
            )
    for u in att:
        acts.append(
            Action(
                "without",
                (u,),
                f"Leave {unit_title(R, u)} out",
                "SNO 7.1.9",
                side,
                role="back",
                units=(u,),
                group="Leave out of the attack",
            )
        )
    # SNO 7.1.9: another enemy unit next to any attacker may join the attack; the attackers
    # it is not next to then leave it (7.1.7: each attacks only units in its ZOC)
    if att:
        reach = {e for u in att for e in plan_mod.enemies_in_zoc(R, state, u)}
    else:
        reach = set()
        for u in available(R, state):
            mine = set(plan_mod.enemies_in_zoc(R, state, u))
            if set(dfd) <= mine:
                reach |= mine
    for e in sorted(reach - set(dfd)):
        where = hex_title(R, hex_of(state, e) or "")
        left = [u for u in att if e not in plan_mod.enemies_in_zoc(R, state, u)]
        out = f" ({', '.join(unit_title(R, u) for u in left)} left out, SNO 7.1.7)" if left else ""
        acts.append(
            Action(
                "target",
                (e,),
                f"Attack {unit_title(R, e)} in {where} too{out}",
                "SNO 7.1.9",
                side,
                role="attack",
                units=(e,),
                hexes=_hex_of(state, e),
                group="Attack also",
                highlight="attack" if hex_of(state, e) else None,
            )
        )
    if len(dfd) > 1:
        for e in dfd:
            acts.append(
                Action(
                    "untarget",
                    (e,),
                    f"Do not attack {unit_title(R, e)}",
                    "SNO 7.1.9",
                    side,
                    role="back",
                    units=(e,),
                    hexes=_hex_of(state, e),
                    group="Leave out of the attack",
                )
            )
    if not draft_problems(R, state, att, dfd):
        acts.append(
            Action(
                "declare",
                (),
                "Declare: " + describe(R, state, att, dfd),
                "SNO 7.1.11",
                side,
                role="attack",  # it adds the attack to the plan
                group="Declare the attack",
            )
        )
    acts.append(
        Action("cancel", (), "Give up this attack", "SNO 7.1.11", side, role="back", group="Cancel")
    )
    return acts


def draft_problems(R: Rules, state: State, attackers: list[str], defenders: list[str]) -> list[str]:
    """What forbids declaring the attack being put together: the limits (7.4, 7.1.7) and an
    enemy unit it would leave no unit to attack (7.1.10, :func:`plan.stranded`)."""
    plan = combat_of(state)["plan"]
    bad = limits.attack_problems(R, state, attackers, defenders, plan)
    return bad or plan_mod.stranded(R, state, attackers, defenders, plan)


def _hex_of(state: State, uid: str) -> tuple[str, ...]:
    """The hex a unit is in, as an action names it (none off the map)."""
    h = hex_of(state, uid)
    return () if h is None else (h,)


def perform_draft(R: Rules, state: State, action: Action) -> None:
    c = state["combat"]
    d = c["draft"]
    verb = action.verb
    arg = str(action.args[0]) if action.args else ""
    if verb == "with":
        d["attackers"] = sorted({*d["attackers"], arg})
    elif verb == "without":
        d["attackers"] = [u for u in d["attackers"] if u != arg]
    elif verb == "target":  # SNO 7.1.7: the attackers not next to it leave the attack
        d["defenders"] = sorted({*d["defenders"], arg})
        d["attackers"] = [u for u in d["attackers"] if arg in plan_mod.enemies_in_zoc(R, state, u)]
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
