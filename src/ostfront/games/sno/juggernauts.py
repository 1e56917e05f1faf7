"""SNO 10.1 Juggernaut Units: forming them at the end of the OMP (the ``form`` phase, 10.1.7-
10.1.8), reverting to the stronger side at the start of the OMP (10.1.5), and the winter flips
of 1941/42 (10.1.6, 6.5.4). Breaking them down (10.1.9-10.1.13) is :mod:`breakdown`'s; its
any-time action and decision are offered through this module, which the sequence knows.

The ``form`` phase (after the OMP, before the stacking limits are enforced, 10.1.7): ``form
JUGG A+B+C`` combines the phasing player's German infantry corps / Soviet infantry armies in
one hex not in enemy ZOC into juggernaut JUGG, placed weaker-side up; ``end`` ends the phase.

Readings (in the coverage notes too):

- A juggernaut may be formed from a counter that is off the map and not "lost" (the "pool" or
  the "dead" box: one eliminated other than by 10.1.2 may be formed again), whose earliest
  date (11.7) has come. The components offered are the sets with no unit to spare (a unit
  more only returns to the box); they go to the "dead" box, as disbanded units do (8.1.2), and
  may be taken again as replacements or components. The juggernaut is dispersed if any of
  them was, fortified only if all of them were.
"""

from __future__ import annotations

from typing import Any

from ...core.phases import DONE, Outcome
from ...core.protocol import Action, Prompt
from . import hab, supply, weather
from .crt import at_least_sets
from .options import may1941
from .overruns import overrunning_units
from .rules import (
    BOX_SET,
    Rules,
    State,
    counter_ids,
    hex_of,
    hex_title,
    on_map,
    phasing_side,
    set_unit,
    side_units,
    unit_title,
)
from .zoc import in_enemy_zoc

PENDING_KINDS: tuple[str, ...] = ()
SEP = "+"


# ------------------------------------------------------------------ what may combine
# SNO 10.1 Juggernaut Units
# SNO 10.1.1
def juggernauts(R: Rules, side: str) -> tuple[str, ...]:
    """SNO 10.1.1: a side's juggernaut counters (German infantry armies, Soviet fronts: the
    counters' ``juggernaut`` flag)."""
    return counter_ids(R, f"juggernauts-{side}", lambda u: u.juggernaut and u.side == side)


# SNO 10.1.8
# SNO 10.1.10
def component_type(R: Rules, uid: str, side: str) -> bool:
    """SNO 10.1.8, 10.1.10: German infantry corps (Axis) or Soviet infantry armies (Soviet) -
    never mountain, shock or armored infantry, nor another juggernaut or an ally's army."""
    unit = R.unit(uid)
    nationality = "german" if side == "axis" else "soviet"
    return (
        unit.side == side
        and unit.nationality == nationality
        and unit.type == "infantry"
        and not unit.juggernaut
    )


def weaker_cf(R: Rules, uid: str) -> int:
    """The combat factor on a juggernaut's weaker side (10.1.7, 10.1.9)."""
    unit = R.unit(uid)
    sides = [f.cf for f in (unit.front, unit.back) if f is not None]
    return min(sides)


def printed_cf(R: Rules, uid: str) -> int:
    front = R.unit(uid).front
    return front.cf if front else 0


def counter_kind(R: Rules, uid: str) -> tuple[Any, ...]:
    u = R.unit(uid)
    return (u.nationality, u.type, u.front, u.back, u.back_is, u.stacking, u.markings)


def juggernauts_on_map(R: Rules, state: State, side: str) -> list[str]:
    return [u for u in juggernauts(R, side) if u in state["units"] and on_map(state, u)]


# ------------------------------------------------------------------ 10.1.5 and 10.1.6
# SNO 10.1.5
def revert(R: Rules, state: State, side: str) -> None:
    """SNO 10.1.5: at the beginning of his OMP, the phasing player's juggernauts on the board
    revert to their stronger side if they are in supply and not dispersed."""
    for uid in juggernauts(R, side):
        rec = state["units"].get(uid)
        if rec is None or not rec.get("flipped") or rec["at"] in BOX_SET:
            continue
        if not rec.get("dispersed") and supply.in_supply(R, state, uid):
            set_unit(state, uid, flipped=False)


def begin_omp(R: Rules, state: State) -> None:
    """The beginning of the phasing player's OMP: juggernauts revert (10.1.5), then the HAB
    markers go on the eligible units (10.2.2). The movement module calls this."""
    side = phasing_side(state)
    revert(R, state, side)  # SNO 10.1.5
    hab.place(R, state, side)  # SNO 10.2.2


def in_city_or_town(R: Rules, hex_id: str) -> bool:
    place = R.map.place(hex_id)
    return place is not None and bool(set(place.kinds) & {"city", "town"})


# SNO 10.1.6
# SNO 6.5.4
def winter_flip_after_omp(R: Rules, state: State) -> None:
    """SNO 10.1.6 / 6.5.4, first sentence: at the end of the Axis OMP in a Snow month of the
    winter of 1941/42, Axis juggernauts on or north of the Arctic Weather Line and outside
    any city or town flip to their weaker side."""
    if phasing_side(state) != "axis" or not weather.winter_1941(state):
        return
    for uid in juggernauts(R, "axis"):
        h = hex_of(state, uid) if uid in state["units"] else None
        if h is None or state["units"][uid].get("flipped"):
            continue
        if weather.awl(R, state, h) and not in_city_or_town(R, h):
            set_unit(state, uid, flipped=True)


# SNO 10.1.6
# SNO 6.5.4
def winter_flip_after_combat(R: Rules, state: State) -> None:
    """SNO 10.1.6 / 6.5.4, second sentence: at the end of the Axis Combat Phase in a Snow month
    of the winter of 1941/42, every Axis juggernaut on or north of the Arctic Weather Line still
    stronger-side up flips to its weaker side, city or town or not (the combat module calls
    this at the end of its phase)."""
    if phasing_side(state) != "axis" or not weather.winter_1941(state):
        return
    for uid in juggernauts(R, "axis"):
        h = hex_of(state, uid) if uid in state["units"] else None
        if h is not None and weather.awl(R, state, h) and not state["units"][uid].get("flipped"):
            set_unit(state, uid, flipped=True)


# ------------------------------------------------------------------ 10.1.7 forming
# SNO 10.1.2
def formable(R: Rules, state: State, uid: str) -> bool:
    """A juggernaut counter that may be formed now: off the map and not lost (the "pool" or
    "dead" box, 10.1.2), its earliest date come (11.7)."""
    rec = state["units"].get(uid)
    return (
        rec is not None and rec["at"] in ("pool", "dead") and may1941.available(state, R.unit(uid))
    )


def _one_of_each_kind(R: Rules, uids: list[str]) -> list[str]:
    seen: set[tuple[Any, ...]] = set()
    out = []
    for u in sorted(uids):
        k = counter_kind(R, u)
        if k not in seen:
            seen.add(k)
            out.append(u)
    return out


# SNO 10.1.7
# SNO 10.1.8
def form_options(R: Rules, state: State) -> list[tuple[str, list[str]]]:
    """SNO 10.1.7-10.1.8: (juggernaut, components) the phasing player may form now - his
    eligible units in one hex not in enemy ZOC, whose combat factors total at least the
    juggernaut's weaker factor, with no unit to spare. Units that declared an overrun are
    not combined: the attack they are committed to is resolved in the Combat Phase as
    declared (5.4.3-5.4.4)."""
    side = phasing_side(state)
    counters = _one_of_each_kind(R, [j for j in juggernauts(R, side) if formable(R, state, j)])
    if not counters:
        return []
    overrunning = overrunning_units(state)  # SNO 5.4.3: committed to their overrun attack
    by_hex: dict[str, list[str]] = {}
    for u in side_units(R, state, side):
        if component_type(R, u, side) and u not in overrunning:
            by_hex.setdefault(hex_of(state, u) or "", []).append(u)
    out: list[tuple[str, list[str]]] = []
    for h, group in sorted(by_hex.items()):
        if in_enemy_zoc(R, state, h, side):  # SNO 10.1.7: not in enemy ZOC
            continue
        factors = {u: printed_cf(R, u) for u in group}
        for j in counters:
            need = weaker_cf(R, j)
            if sum(factors.values()) < need:
                continue
            for combo in at_least_sets(factors, need):
                out.append((j, combo))
    return out


def form(R: Rules, state: State, jugg: str, components: list[str]) -> None:
    """SNO 10.1.7: the components leave the board; the juggernaut is placed on their hex,
    weaker side up."""
    h = hex_of(state, components[0])
    recs = [state["units"][u] for u in components]
    for u in components:
        set_unit(state, u, at="dead", dispersed=False, fortified=False, flipped=False)
    set_unit(
        state,
        jugg,
        at=h,
        flipped=True,
        dispersed=any(r.get("dispersed") for r in recs),
        fortified=all(r.get("fortified") for r in recs),
    )


# ------------------------------------------------------------------ the form phase
def begin(R: Rules, state: State) -> None:
    """The end of the OMP (the form phase opens): the winter flip of 10.1.6 first."""
    winter_flip_after_omp(R, state)


def skip(R: Rules, state: State) -> bool:
    return not form_options(R, state)


def actions(R: Rules, state: State) -> list[Action]:
    side = phasing_side(state)
    acts = []
    for j, combo in form_options(R, state):
        names = ", ".join(unit_title(R, u) for u in combo)
        where = hex_title(R, hex_of(state, combo[0]) or "")
        acts.append(
            Action(
                "form",
                (j, SEP.join(combo)),
                f"Form {unit_title(R, j)} in {where} from {names}",
                "SNO 10.1.7",
                side,
                units=(j,),
                group="Form",
            )
        )
    acts.append(
        Action(
            "end",
            (),
            "End forming juggernauts",
            "SNO 10.1.7",
            side,
            role="end",
            group="End the phase",
        )
    )
    return acts


def perform(R: Rules, state: State, action: Action) -> Outcome:
    if action.verb == "form":
        jugg, combo = str(action.args[0]), str(action.args[1]).split(SEP)
        if (jugg, combo) not in form_options(R, state):
            raise ValueError(f"{unit_title(R, jugg)} may not be formed from {combo}")
        form(R, state, jugg, combo)
        return None
    if action.verb != "end":
        raise ValueError(f"not an action of the form phase: {action.text}")
    return DONE


def prompt(R: Rules, state: State) -> Prompt:
    return Prompt(
        phasing_side(state),
        "Form juggernauts from infantry in one hex (not in enemy ZOC), or end",
        "SNO 10.1.7",
    )


__all__ = [
    "PENDING_KINDS",
    "actions",
    "begin",
    "begin_omp",
    "form",
    "form_options",
    "perform",
    "prompt",
    "revert",
    "skip",
    "winter_flip_after_combat",
    "winter_flip_after_omp",
]
