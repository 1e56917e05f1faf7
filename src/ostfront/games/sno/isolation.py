"""SNO 9.4.2.2 and 9.5: the owner's choice of which units a besieged city supplies, and the
effects of isolation at the end of the phasing player's Combat Phase (after his disbandments
and break-outs, 8.0.2). Who is in supply is supply.py's to say; this module decides what
happens to those who are not.

Readings (docs/rules/sturm-nach-osten.md): until the owner has chosen which units a besieged
city supplies, it supplies the units in the city first, then the others, each in the order of
their ids (siege.supplied) - the owner is asked (pending kind "siege") before isolation is
applied. Of an isolated group in a Major or Victory city, half the stacking points rounded
up go; where no set of units makes exactly that, the smallest total above it (pending kind
"isolation").
"""

from __future__ import annotations

import math

from ...core.phases import DONE, Outcome
from ...core.protocol import Action, Prompt
from . import siege
from .control import controlled_cities
from .rules import BOX_SET, Rules, State, phasing_side, unit_title
from .siege import siege_cost
from .supply import facts, status
from .units import eliminate as remove

PENDING_KINDS = ("siege", "isolation")


# ------------------------------------------------------------------ 9.4.2.2 the owner's choice
def siege_choice_needed(R: Rules, state: State, side: str) -> str | None:
    """A besieged city of ``side`` with more units trying to draw on it than it can supply
    whose owner has not chosen among exactly these units yet (9.4.2.2), or None."""
    for city, drawing in facts(R, state, side).siege.items():
        if siege.room(R, state, city, drawing) >= 0:
            continue  # SNO 9.4.2.1, 13.0: room for all of them
        stored = (state.get("siege") or {}).get(city)
        if stored is None or any(u not in drawing for u in stored):
            return city
    return None


# ------------------------------------------------------------------ 9.5 isolation
def isolation(R: Rules, state: State) -> bool:
    """SNO 9.5, at the end of the phasing player's Combat Phase (after his break-outs): his
    isolated units not in a Major or Victory city are eliminated (9.5.1); of each group of
    isolated units in such a city, half the stacking points, rounded up, are eliminated, the
    owner choosing which (9.5.2). Returns True if it opened a decision (the sequence calls it
    again once it is answered)."""
    side = phasing_side(state)
    city = siege_choice_needed(R, state, side)
    if city is not None:  # SNO 9.4.2.2: the owner chooses first
        state["siege"] = {**(state.get("siege") or {}), city: []}
        state["pending"] = {"kind": "siege", "side": side, "city": city}
        return True
    record = state.get("isolation") or {}
    done = list(record.get("done", ()))
    isolated = record.get("isolated")
    if isolated is None:  # SNO 9.5: determined once, at the end of the Combat Phase
        isolated = [u for u, ok in status(R, state, side).items() if not ok]
    isolated = [u for u in isolated if state["units"][u]["at"] not in BOX_SET]
    cities = set(controlled_cities(R))
    groups: dict[str, list[str]] = {}
    for uid in isolated:
        at = state["units"][uid]["at"]
        if at in cities:
            groups.setdefault(at, []).append(uid)
    # SNO 9.5.1: every isolated unit outside a Major or Victory city, all at one instant
    eliminate(R, state, [u for u in isolated if state["units"][u]["at"] not in cities])
    for city, group in sorted(groups.items()):
        if city in done:
            continue
        done.append(city)
        total = sum(R.unit(u).stacking for u in group)
        target = _nearest_total([R.unit(u).stacking for u in group], math.ceil(total / 2))
        if target == 0:  # SNO 9.5.2: half of the points, rounded up (none of nothing)
            continue
        if target == total:  # every unit goes: nothing to choose
            eliminate(R, state, group)
            continue
        state["isolation"] = {
            "done": done,
            "isolated": sorted(u for g in groups.values() for u in g),
        }
        state["pending"] = {
            "kind": "isolation",
            "side": side,
            "city": city,
            "target": target,
            "group": sorted(group),
        }
        return True
    state["isolation"] = None
    return False


def _nearest_total(points: list[int], need: int) -> int:
    """The smallest total of some of ``points`` that is at least ``need`` (0 if need is 0)."""
    sums = {0}
    for p in points:
        sums |= {s + p for s in sums}
    return min((s for s in sums if s >= need), default=sum(points))


def _choosable(R: Rules, group: list[str], target: int) -> list[str]:
    """The units of ``group`` that belong to some choice totalling exactly ``target``."""
    out = []
    for u in sorted(group):
        rest = [R.unit(v).stacking for v in group if v != u]
        left = target - R.unit(u).stacking
        if left < 0:
            continue
        sums = {0}
        for p in rest:
            sums |= {s + p for s in sums}
        if left in sums:
            out.append(u)
    return out


# SNO 10.1.2
def eliminate(R: Rules, state: State, uids: list[str]) -> None:
    """Remove isolated units: back to the pool ("dead"), except the units that can never
    return (juggernauts and the Polish 1st Army eliminated out of supply, 10.1.2c;
    garrisons, 10.5.5: units.eliminate decides, for all of them at once while they
    are still isolated)."""
    remove(R, state, uids)


# ------------------------------------------------------------------ the pending decisions
def actions(R: Rules, state: State) -> list[Action]:
    p = state["pending"]
    side = p["side"]
    if p["kind"] == "siege":
        city = p["city"]
        chosen = (state.get("siege") or {}).get(city, [])
        drawing = facts(R, state, side).siege.get(city, ())
        at = {u: state["units"][u]["at"] for u in drawing}
        room = siege.room(R, state, city, [u for u in chosen if u in at])  # 9.4.2.2, 13.0
        acts = [
            Action(
                "supply",
                (u,),
                label=f"Supply {unit_title(R, u)} from {R.map.places[city].name} "
                f"({siege_cost(R, city, u, at[u])} of {room} factors left)",
                rule="SNO 9.4.2.2",
                side=side,
                units=(u,),
                group="Supply",
            )
            for u in drawing
            if u not in chosen and siege_cost(R, city, u, at[u]) <= room
        ]
        acts.append(
            Action(
                "done",
                (),
                label="The other units are isolated",
                rule="SNO 9.4.2.2",
                side=side,
                role="end",
                group="Done",
            )
        )
        return acts
    group, target = p["group"], p["target"]
    return [
        Action(
            "eliminate",
            (u,),
            label=f"Eliminate isolated {unit_title(R, u)} ({R.unit(u).stacking} stacking points)",
            rule="SNO 9.5.2",
            side=side,
            units=(u,),
            group="Eliminate",
        )
        for u in _choosable(R, group, target)
    ]


def perform(R: Rules, state: State, action: Action) -> Outcome:
    p = state["pending"]
    if p["kind"] == "siege":
        city = p["city"]
        if action.verb == "supply":
            choices = dict(state.get("siege") or {})
            choices[city] = [*choices.get(city, []), str(action.args[0])]
            state["siege"] = choices
            return None
        state["pending"] = None
        return DONE
    uid = str(action.args[0])
    eliminate(R, state, [uid])
    group = [u for u in p["group"] if u != uid]
    target = p["target"] - R.unit(uid).stacking
    if target > 0:
        state["pending"] = {**p, "group": group, "target": target}
        return None
    state["pending"] = None
    return DONE


def prompt(R: Rules, state: State) -> Prompt:
    p = state["pending"]
    name = R.map.places[p["city"]].name
    if p["kind"] == "siege":
        return Prompt(
            p["side"],
            f"More units try to draw siege supply from {name} than its "
            f"{siege.capacity(R, state, p['city'])} stacking factors allow (those in the city "
            "count double): choose which are supplied",
            "SNO 9.4.2.2",
        )
    return Prompt(
        p["side"],
        f"Isolated units in {name}: eliminate {p['target']} more stacking points of them",
        "SNO 9.5.2",
    )
