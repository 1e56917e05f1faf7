"""SNO 5.4 Overrun: overrun attacks declared in the OMP, and the Blitz markers.

At any time of his OMP the phasing player may declare an overrun attack (5.4.1): ``overrun
HEX`` opens one against the enemy combat units of a hex (not yet overrun) with every unit of
his that may join it; ``overrun_with`` / ``overrun_without UNIT`` choose the attackers,
``overrun_target`` / ``overrun_untarget UNIT`` the defenders (5.4.6: some of the units in a
hex may be overrun and not others; several hexes together as in 7.1.9); ``overrun_declare``
declares it once :func:`problems` finds nothing against it; ``overrun_cancel`` gives it up.
The movement handler (movement.py) offers :func:`actions` among its own and sends the verbs
of :data:`VERBS` to :func:`perform`.

State keys owned here::

    overruns        [{"id", "attackers", "defenders", "where": {defender: hex}}] the overrun
                    attacks declared this player-turn (5.4.1), resolved first in the Combat
                    Phase (5.4.5, combat/__init__.py) and cleared at its end
    blitz           [uid] units with a Blitz marker (5.4.1b): every overrun attacker, and every
                    unit whose move was possible only because of an overrun (movement.py calls
                    :func:`mark_blitz`); cleared at the end of the Combat Phase
    overrun_draft   the overrun being put together: {"attackers", "defenders"} or None

Readings (written in the coverage notes too):

- 5.4.1 / 5.4.4: the odds are those of the attacker's Overrun/Blitz CRT after every step-five
  modifier but weather (5.4.1d): at least 5:1 on CRT A (Axis), 6:1 on CRT B (Soviet) - the
  CRT data's ``overrun_from``.
- 3.1.4: only the units being overrun lose their ZOC (:func:`zoc.overrun_units`), from the
  declaration until the end of the Combat Phase or the resolution of their overrun.
- 5.4.3-5.4.4: the overrunning units attack from where they stand when it is declared: they
  move no further in that OMP (the defenders must still be in their ZOC in the Combat Phase,
  7.1.7), and join no other attack.
- 5.4.8: what can be known in the OMP is checked at the declaration - 7.4.1 (a garrison or
  factory with fortified units is overrun only with the largest of them), 7.4.2-7.4.4 among
  the overruns declared, and 7.4.2's greater defence: the units of the hex left out of the
  overruns must be able to total more than an overrun on unfortified units when fortified
  ones are among them. The rest is checked on the whole plan in the Combat Phase (limits.py).
"""

from __future__ import annotations

from typing import Any

from ...core.protocol import Action, Prompt
from .combat import limits
from .combat import odds as odds_mod
from .combat import plan as plan_mod
from .crt import odds_value
from .overruns import mark_blitz, overrun_units, overrunning_units, overruns
from .rules import (
    Rules,
    State,
    hex_of,
    hex_title,
    is_fortified,
    phase_kind,
    phasing_side,
    side_units,
    unit_title,
    units_at,
)

VERBS = (
    "overrun",
    "overrun_with",
    "overrun_without",
    "overrun_target",
    "overrun_untarget",
    "overrun_declare",
    "overrun_cancel",
)


# ------------------------------------------------------------------ who may overrun whom
def eligible(R: Rules, state: State, uid: str) -> bool:
    """SNO 5.4.3: a phasing unit able to attack (7.1.1, 10.5.3, 10.7.4, 5.5.11) that is not
    in an overrun already."""
    return uid not in overrunning_units(state) and plan_mod.may_attack(R, state, uid)


def _free_attackers(R: Rules, state: State) -> list[str]:
    return [
        u
        for u in side_units(R, state, phasing_side(state))
        if plan_mod.enemies_in_zoc(R, state, u) and eligible(R, state, u)
    ]


def _targets(R: Rules, state: State, hex_id: str) -> list[str]:
    """The enemy combat units of a hex that are not overrun yet."""
    side = phasing_side(state)
    taken = overrun_units(state)
    return [
        u
        for u in units_at(state, hex_id)
        if R.unit(u).side != side and plan_mod.attackable(R, u) and u not in taken
    ]


# SNO 5.4.4: 5-1 on CRT A, 6-1 on CRT B
def threshold(R: Rules, side: str) -> str:
    """SNO 5.4.4: the lowest overrun odds of the side's Overrun/Blitz CRT (5:1 A, 6:1 B)."""
    table = R.crts.for_side(side, "overrun_blitz")
    assert table.overrun_from is not None
    return table.overrun_from


def overrun_odds(R: Rules, state: State, attackers: list[str], defenders: list[str]) -> Any:
    """SNO 5.4.1, 5.4.1d: the odds on the attacker's Overrun/Blitz CRT, no weather shift, as
    the attack will be made in the Combat Phase (7.1.2): with the HAB of units that still have
    the marker (10.2.3; an overrunning unit moves no more, so it keeps it)."""
    return odds_mod.assess(R, combat_view(state), attackers, defenders, crt="overrun_blitz")


def combat_view(state: State) -> State:
    """The state read as in the coming Combat Phase, where the overrun is made (7.1.2)."""
    if state["phase"].endswith("_omp"):
        return {**state, "phase": state["phase"][: -len("omp")] + "combat"}
    return state


# SNO 5.4.1: at least 5-1 after all necessary modification, on the attacker's Overrun/Blitz CRT
# SNO 5.4.1d: no weather shift
def strong_enough(R: Rules, state: State, attackers: list[str], defenders: list[str]) -> bool:
    """SNO 5.4.1, 5.4.4: at least 5:1 on CRT A (Axis) or 6:1 on CRT B (Soviet)."""
    if not attackers or not defenders:
        return False
    o = overrun_odds(R, state, attackers, defenders)
    side = R.unit(attackers[0]).side
    return o.column is not None and odds_value(o.column) >= odds_value(threshold(R, side))


# SNO 5.4.8: the 7.4 conditions must be possible in the Combat Phase
def problems(R: Rules, state: State, attackers: list[str], defenders: list[str]) -> list[str]:
    """What forbids declaring this overrun (empty: it may be declared)."""
    out: list[str] = []
    if not attackers:
        out.append("choose at least one overrunning unit")
    if not defenders:
        out.append("choose at least one unit to overrun")
    if out:
        return out
    for u in attackers:
        if not eligible(R, state, u):
            out.append(f"{unit_title(R, u)} may not overrun (SNO 5.4.3)")
            continue
        reach = set(plan_mod.enemies_in_zoc(R, state, u))
        missing = [d for d in defenders if d not in reach]
        if missing:  # SNO 7.1.7
            out.append(
                f"{unit_title(R, u)} may attack only units in its ZOC, not "
                + ", ".join(unit_title(R, d) for d in missing)
                + " (SNO 7.1.7)"
            )
    taken = overrun_units(state)
    for d in defenders:
        if d in taken:
            out.append(f"{unit_title(R, d)} is already being overrun (SNO 5.4.3)")
    if out:
        return out
    out += limits.garrison_problems(R, state, defenders)  # SNO 7.4.1, 10.4.6, 10.5.4
    if not strong_enough(R, state, attackers, defenders):
        side = R.unit(attackers[0]).side
        o = overrun_odds(R, state, attackers, defenders)
        out.append(
            f"odds {o.text}: an overrun needs {threshold(R, side)} or more on the "
            f"{o.table} table (SNO 5.4.1, 5.4.4)"
        )
        return out
    out += _left_out_problems(R, state, defenders)
    plan = [_as_attack(o) for o in overruns(state)]
    plan.append({"id": 0, "attackers": attackers, "defenders": defenders, "kind": "overrun"})
    out += [p for p in limits.plan_problems(R, combat_view(state), plan) if "7.4.7" not in p]
    return out


def _as_attack(o: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": o["id"],
        "attackers": o["attackers"],
        "defenders": o["defenders"],
        "kind": "overrun",
    }


# SNO 5.4.6: some units of a hex may be overrun, the others keep their ZOC (overrun_units)
def _left_out_problems(R: Rules, state: State, defenders: list[str]) -> list[str]:
    """SNO 5.4.8 with 7.4.2: an overrun on unfortified units only, in a hex whose fortified
    units are left out of it, leaves them to an attack against a greater defence - the units
    of the hex not overrun must be able to total more."""
    out: list[str] = []
    if any(is_fortified(state, d) for d in defenders):
        return out
    taken = overrun_units(state) | set(defenders)
    for h in sorted({h for d in defenders if (h := hex_of(state, d)) is not None}):
        rest = [u for u in _targets(R, state, h) if u not in taken]
        if not any(is_fortified(state, u) for u in rest):
            continue
        here = sum(odds_mod.defence_factor(R, state, d) for d in defenders if hex_of(state, d) == h)
        left = sum(odds_mod.defence_factor(R, state, u) for u in rest)
        if left <= here:
            out.append(
                f"the fortified units left in {hex_title(R, h)} could not be attacked against "
                f"a greater defence than this overrun's {here} (SNO 5.4.8, 7.4.2)"
            )
    return out


# ------------------------------------------------------------------ the actions
def _open(state: State) -> bool:
    """Whether an overrun may be declared now: the phasing player's OMP, no decision pending,
    no unit in the middle of a move."""
    if phase_kind(state["phase"]) != "omp" or state.get("pending"):
        return False
    rec = state.get("omp") or {}
    return not (
        rec.get("selected")
        and rec.get("turn") == state["turn"]
        and rec.get("phase") == state["phase"]
    )


def actions(R: Rules, state: State) -> list[Action]:
    """The overrun actions on offer in the OMP (5.4.1)."""
    if not _open(state):
        return []
    draft = state.get("overrun_draft")
    if draft:
        return draft_actions(R, state, draft)
    side = phasing_side(state)
    free = _free_attackers(R, state)
    reach = {u: frozenset(plan_mod.enemies_in_zoc(R, state, u)) for u in free}
    hexes = sorted({h for u in free for e in reach[u] if (h := hex_of(state, e))})
    acts: list[Action] = []
    for h in hexes:
        targets = _targets(R, state, h)
        if not targets:
            continue
        near = [u for u in free if reach[u].intersection(targets)]
        if not _could_reach(R, state, near, targets):
            continue
        names = ", ".join(unit_title(R, u) for u in targets)
        acts.append(
            Action(
                "overrun",
                (h,),
                f"Overrun {hex_title(R, h)}: {names}",
                "SNO 5.4.1",
                side,
                role="attack",
                units=tuple(targets),
                hexes=(h,),
                group="Overrun",
                highlight="attack",
            )
        )
    return acts


def _could_reach(R: Rules, state: State, near: list[str], targets: list[str]) -> bool:
    """Could the nearby units overrun at least one of the targets, all together? The totals
    of steps one and two are looked at first: step five's shifts move an Axis attack only to
    the left (5.6.4, 10.6.6), a Soviet one at most one column to the right (10.6.7)."""
    view = combat_view(state)
    side = phasing_side(state)
    table = R.crts.for_side(side, "overrun_blitz")
    lowest = table.columns.index(threshold(R, side)) - (1 if side == "soviet" else 0)
    need = odds_value(table.columns[max(lowest, 0)])
    for d in targets:
        h = hex_of(state, d)
        able = [u for u in near if d in plan_mod.enemies_in_zoc(R, state, u)]
        if not able or h is None:
            continue
        attack = sum(odds_mod.attack_factor(R, view, u, [h]) for u in able)
        if attack < need * odds_mod.defence_factor(R, state, d):
            continue  # not even before the shifts
        if strong_enough(R, state, able, [d]):
            return True
    return False


def draft_actions(R: Rules, state: State, draft: dict[str, Any]) -> list[Action]:
    side = phasing_side(state)
    att, dfd = draft["attackers"], draft["defenders"]
    acts: list[Action] = []
    for u in _free_attackers(R, state):
        if u not in att and set(dfd) <= set(plan_mod.enemies_in_zoc(R, state, u)):
            acts.append(
                Action(
                    "overrun_with",
                    (u,),
                    f"Add {unit_title(R, u)}",
                    "SNO 5.4.3",
                    side,
                    role="attack",
                    units=(u,),
                    group="Add to the overrun",
                )
            )
    for u in att:
        acts.append(
            Action(
                "overrun_without",
                (u,),
                f"Leave {unit_title(R, u)} out",
                "SNO 5.4.3",
                side,
                role="back",
                units=(u,),
                group="Leave out of the overrun",
            )
        )
    if att:
        reach = set.intersection(*(set(plan_mod.enemies_in_zoc(R, state, u)) for u in att))
        taken = overrun_units(state)
        for e in sorted(reach - set(dfd) - taken):
            where = hex_title(R, hex_of(state, e) or "")
            acts.append(
                Action(
                    "overrun_target",
                    (e,),
                    f"Overrun {unit_title(R, e)} in {where} too",
                    "SNO 5.4.6",
                    side,
                    role="attack",
                    units=(e,),
                    group="Overrun also",
                )
            )
    if len(dfd) > 1:
        for e in dfd:
            acts.append(
                Action(
                    "overrun_untarget",
                    (e,),
                    f"Do not overrun {unit_title(R, e)}",
                    "SNO 5.4.6",
                    side,
                    role="back",
                    units=(e,),
                    group="Leave out of the overrun",
                )
            )
    if not problems(R, state, att, dfd):
        acts.append(
            Action(
                "overrun_declare",
                (),
                "Declare the overrun: " + describe(R, state, att, dfd),
                "SNO 5.4.1",
                side,
                group="Declare the overrun",
            )
        )
    acts.append(
        Action(
            "overrun_cancel",
            (),
            "Give up this overrun",
            "SNO 5.4.1",
            side,
            role="back",
            group="Cancel",
        )
    )
    return acts


def describe(R: Rules, state: State, attackers: list[str], defenders: list[str]) -> str:
    if not attackers or not defenders:
        return "choose the overrunning units and the units overrun"
    o = overrun_odds(R, state, attackers, defenders)
    shifts = f" ({', '.join(o.shifts)})" if o.shifts else ""
    return (
        ", ".join(unit_title(R, u) for u in attackers)
        + " overrun "
        + ", ".join(unit_title(R, u) for u in defenders)
        + f": {o.text}{shifts}"
    )


def opening(R: Rules, state: State, hex_id: str) -> tuple[list[str], list[str]]:
    """The overrun ``overrun HEX`` opens (5.4.1): every phasing unit free to overrun with
    every enemy combat unit of the hex not yet overrun in its ZOC, against those units."""
    targets = _targets(R, state, hex_id)
    att = [
        u
        for u in _free_attackers(R, state)
        if set(targets) <= set(plan_mod.enemies_in_zoc(R, state, u))
    ]
    return att, targets


def perform(R: Rules, state: State, action: Action) -> None:
    verb = action.verb
    arg = str(action.args[0]) if action.args else ""
    draft = state.get("overrun_draft")
    if verb == "overrun":
        att, targets = opening(R, state, arg)
        state["overrun_draft"] = {"attackers": att, "defenders": targets}
        return
    if not draft:
        raise ValueError(f"no overrun is being declared: {action.text}")
    if verb == "overrun_with":
        state["overrun_draft"] = {**draft, "attackers": sorted({*draft["attackers"], arg})}
    elif verb == "overrun_without":
        state["overrun_draft"] = {
            **draft,
            "attackers": [u for u in draft["attackers"] if u != arg],
        }
    elif verb == "overrun_target":
        state["overrun_draft"] = {**draft, "defenders": sorted({*draft["defenders"], arg})}
    elif verb == "overrun_untarget":
        state["overrun_draft"] = {
            **draft,
            "defenders": [u for u in draft["defenders"] if u != arg],
        }
    elif verb == "overrun_cancel":
        state["overrun_draft"] = None
    elif verb == "overrun_declare":
        declare(R, state, draft["attackers"], draft["defenders"])
    else:
        raise ValueError(f"not an overrun action: {action.text}")


def declare(R: Rules, state: State, attackers: list[str], defenders: list[str]) -> dict[str, Any]:
    """SNO 5.4.1: the overrun is declared - its defenders lose their ZOC (3.1.4), its attackers
    take a Blitz marker (5.4.1b) and move no further this OMP (5.4.3-5.4.4 reading: movement's
    ``held`` asks :func:`movement_rules.overrunning_units`)."""
    bad = problems(R, state, attackers, defenders)
    if bad:
        raise ValueError(bad[0])
    known = overruns(state)
    n = max((o["id"] for o in known), default=0) + 1
    record = {
        "id": n,
        "attackers": sorted(attackers),
        "defenders": sorted(defenders),
        "where": {d: hex_of(state, d) for d in sorted(defenders)},
    }
    state["overruns"] = [*known, record]
    state["overrun_draft"] = None
    for u in attackers:
        mark_blitz(state, u)  # SNO 5.4.1b
    return record


def prompt(R: Rules, state: State) -> Prompt | None:
    """The prompt while an overrun is being put together (None otherwise)."""
    draft = state.get("overrun_draft")
    if not draft or not _open(state):
        return None
    text = describe(R, state, draft["attackers"], draft["defenders"])
    bad = problems(R, state, draft["attackers"], draft["defenders"])
    return Prompt(phasing_side(state), text + ("; " + bad[0] if bad else ""), "SNO 5.4.1")


__all__ = [
    "VERBS",
    "actions",
    "declare",
    "opening",
    "perform",
    "problems",
    "prompt",
]
