"""SNO 10.1 Juggernaut Units: forming them at the end of the OMP (the ``form`` phase, 10.1.7-
10.1.8), breaking them down at any time of the owner's player-turn (10.1.9-10.1.10, 10.1.11 to
absorb losses, 10.1.13 to advance), reverting to the stronger side at the start of the OMP
(10.1.5), and the winter flips of 1941/42 (10.1.6, 6.5.4).

The ``form`` phase (after the OMP, before the stacking limits are enforced, 10.1.7): ``form
JUGG A+B+C`` combines the phasing player's German infantry corps / Soviet infantry armies in
one hex not in enemy ZOC into juggernaut JUGG, placed weaker-side up; ``end`` ends the phase.
Any time of his own player-turn while he decides (sequence.py), ``break JUGG`` opens a choice
of the components (``into A+B``, or ``cancel``): the decision in progress, if any, resumes
after it.

Readings (in the coverage notes too):

- A juggernaut may be formed from a counter that is off the map and not "lost" (the "pool" or
  the "dead" box: one eliminated other than by 10.1.2 may be formed again), whose earliest
  date (11.7) has come. The components offered are the sets with no unit to spare (a unit
  more only returns to the box); they go to the "dead" box, as disbanded units do (8.1.2), and
  may be taken again as replacements or components. The juggernaut is dispersed if any of
  them was, fortified only if all of them were.
- 10.1.9-10.1.10: the components are chosen among the corps / armies that could enter as
  replacements now (off the map in the "pool" or "dead" box, their date come, 11.7; Guards
  11.7c), RFs aside, their total combat factor no more than the weaker side's; one counter of
  each kind is offered (identical counters are interchangeable). They take the juggernaut's
  place, moved status, dispersal, fortification and Blitz marker; not its HAB (10.2.1: only
  juggernauts and shock armies have it). A juggernaut in an attack or overrun declared and not
  yet resolved, marked to disband, or selected to move, does not break down until that is
  done; one that has attacked passes the attack on to its components (they attack no more,
  7.1.7), and during its attack's losses or advance they join the attacking group (10.1.11,
  10.1.13: results.py and losses.py).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from ...core.protocol import Action, Prompt
from .rules import (
    BOX_SET,
    Rules,
    State,
    counter_ids,
    hex_of,
    hex_title,
    kept,
    on_map,
    phasing_side,
    set_unit,
    side_units,
    unit_title,
    units_at,
    year,
)

#: Verbs performed by :func:`perform_anytime` in any phase of the owner's player-turn.
ANYTIME_VERBS: tuple[str, ...] = ("break",)
PENDING_KINDS = ("breakdown",)
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


def _kind(R: Rules, uid: str) -> tuple[Any, ...]:
    u = R.unit(uid)
    return (u.nationality, u.type, u.front, u.back, u.back_is, u.stacking, u.markings)


# ------------------------------------------------------------------ 10.1.5 and 10.1.6
# SNO 10.1.5
def revert(R: Rules, state: State, side: str) -> None:
    """SNO 10.1.5: at the beginning of his OMP, the phasing player's juggernauts on the board
    revert to their stronger side if they are in supply and not dispersed."""
    from . import supply

    for uid in juggernauts(R, side):
        rec = state["units"].get(uid)
        if rec is None or not rec.get("flipped") or rec["at"] in BOX_SET:
            continue
        if not rec.get("dispersed") and supply.in_supply(R, state, uid):
            set_unit(state, uid, flipped=False)


def begin_omp(R: Rules, state: State) -> None:
    """The beginning of the phasing player's OMP: juggernauts revert (10.1.5), then the HAB
    markers go on the eligible units (10.2.2). The movement module calls this."""
    from . import hab

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
    from . import weather

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
    from . import weather

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
        rec is not None and rec["at"] in ("pool", "dead") and R.unit(uid).available <= state["turn"]
    )


def _one_of_each_kind(R: Rules, uids: list[str]) -> list[str]:
    seen: set[tuple[Any, ...]] = set()
    out = []
    for u in sorted(uids):
        k = _kind(R, u)
        if k not in seen:
            seen.add(k)
            out.append(u)
    return out


# SNO 10.1.7
# SNO 10.1.8
def form_options(R: Rules, state: State) -> list[tuple[str, list[str]]]:
    """SNO 10.1.7-10.1.8: (juggernaut, components) the phasing player may form now - his
    eligible units in one hex not in enemy ZOC, whose combat factors total at least the
    juggernaut's weaker factor, with no unit to spare."""
    from .combat.losses import at_least_sets
    from .zoc import in_enemy_zoc

    side = phasing_side(state)
    counters = _one_of_each_kind(R, [j for j in juggernauts(R, side) if formable(R, state, j)])
    if not counters:
        return []
    by_hex: dict[str, list[str]] = {}
    for u in side_units(R, state, side):
        if component_type(R, u, side):
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
    p = state.get("pending")
    if p and p["kind"] == "breakdown":
        return breakdown_actions(R, state)
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
            )
        )
    acts.append(Action("end", (), "End forming juggernauts", "SNO 10.1.7", side))
    return acts


def perform(R: Rules, state: State, action: Action) -> None:
    p = state.get("pending")
    if p and p["kind"] == "breakdown":
        perform_breakdown(R, state, action)
        return
    if action.verb == "form":
        jugg, combo = str(action.args[0]), str(action.args[1]).split(SEP)
        if (jugg, combo) not in form_options(R, state):
            raise ValueError(f"{unit_title(R, jugg)} may not be formed from {combo}")
        form(R, state, jugg, combo)
        return
    if action.verb != "end":
        raise ValueError(f"not an action of the form phase: {action.text}")
    from . import sequence

    sequence.end_phase(R, state)


def prompt(R: Rules, state: State) -> Prompt:
    p = state.get("pending")
    if p and p["kind"] == "breakdown":
        return Prompt(
            p["side"],
            f"Break down {unit_title(R, p['uid'])}: choose its component units",
            "SNO 10.1.9",
        )
    return Prompt(
        phasing_side(state),
        "Form juggernauts from infantry in one hex (not in enemy ZOC), or end",
        "SNO 10.1.7",
    )


# ------------------------------------------------------------------ 10.1.9 breaking down
def available_component(R: Rules, state: State, uid: str, side: str) -> bool:
    """SNO 10.1.10: a corps / army 'available for replacement' (11.7), RFs aside."""
    from .replacements import GUARDS, GUARDS_FROM

    rec = state["units"].get(uid)
    if rec is None or rec["at"] not in ("pool", "dead") or not component_type(R, uid, side):
        return False
    unit = R.unit(uid)
    if unit.replacement_cost is None or unit.available > state["turn"]:
        return False
    if unit.reinforcement and rec["at"] != "dead":
        return False  # SNO 11.7a: not before it has arrived as a reinforcement
    return not (GUARDS in unit.markings and year(state["turn"]) < GUARDS_FROM)  # SNO 11.7c


def component_pool(R: Rules, state: State, side: str) -> list[list[str]]:
    """SNO 10.1.10: the components available now, grouped by kind (identical counters), each
    group sorted, the groups in order of their first id."""
    found: list[list[str]] = kept(
        R, state, ("components", side, state["turn"]), lambda: _component_pool(R, state, side)
    )
    return found


def _component_pool(R: Rules, state: State, side: str) -> list[list[str]]:
    pool: dict[tuple[Any, ...], list[str]] = {}
    ids = counter_ids(R, f"components-{side}", lambda x: component_type(R, x.id, side))
    for u in ids:
        if available_component(R, state, u, side):
            pool.setdefault(_kind(R, u), []).append(u)
    return sorted(pool.values(), key=lambda group: group[0])


# SNO 10.1.9
# SNO 10.1.10
def breakdown_options(
    R: Rules, state: State, uid: str, kinds: list[list[str]] | None = None
) -> list[list[str]]:
    """SNO 10.1.9-10.1.10: the sets of components a juggernaut may break down into - total
    combat factor no more than its weaker side's; one counter of each kind offered."""
    if kinds is None:
        kinds = component_pool(R, state, R.unit(uid).side)
    limit = weaker_cf(R, uid)
    room = _room_after_checks(R, state, uid)
    cheapest = min((printed_cf(R, ids[0]) for ids in kinds), default=0)
    most = limit // cheapest if cheapest else 0
    out: list[list[str]] = []
    for n in range(1, most + 1):
        for combo in combinations_with_replacement(range(len(kinds)), n):
            if sum(printed_cf(R, kinds[k][0]) for k in combo) > limit:
                continue
            if any(combo.count(k) > len(kinds[k]) for k in set(combo)):
                continue
            ids: list[str] = []
            for k in sorted(set(combo)):
                ids += kinds[k][: combo.count(k)]
            if room is not None and sum(R.unit(u).stacking for u in ids) > room:
                continue
            out.append(sorted(ids))
    return out


def _may_break(R: Rules, state: State, uid: str, kinds: list[list[str]] | None) -> bool:
    """Whether some component fits (10.1.9; the stacking room of :func:`_room_after_checks`)."""
    if kinds is None:
        kinds = component_pool(R, state, R.unit(uid).side)
    limit = weaker_cf(R, uid)
    fits = [ids[0] for ids in kinds if printed_cf(R, ids[0]) <= limit]
    room = _room_after_checks(R, state, uid)
    return any(room is None or R.unit(u).stacking <= room for u in fits)


def _room_after_checks(R: Rules, state: State, uid: str) -> int | None:
    """Stacking points the components may fill where no stacking check follows in this
    player-turn (the orders step, after the end-of-combat check, 4.3): the limit less the
    other friendly units in the hex. None where a check follows."""
    from .sequence import phase_kind
    from .stacking import STACK_LIMIT

    if phase_kind(state["phase"]) != "orders":
        return None
    h = hex_of(state, uid)
    side = R.unit(uid).side
    others = [u for u in units_at(state, h or "") if u != uid and R.unit(u).side == side]
    return STACK_LIMIT - sum(R.unit(u).stacking for u in others)


def held(R: Rules, state: State, uid: str, kinds: list[list[str]] | None = None) -> str | None:
    """Why a juggernaut may not break down now (None if it may)."""
    if not on_map(state, uid) or R.unit(uid).side != phasing_side(state):
        return "not the phasing player's unit on the map"
    for o in state.get("overruns") or ():
        if uid in o["attackers"] or uid in o["defenders"]:
            return "it is in a declared overrun"
    draft = state.get("overrun_draft")
    if draft and uid in draft.get("attackers", ()):
        return "it is in the overrun being declared"
    omp = state.get("omp") or {}
    if omp.get("phase") == state["phase"] and omp.get("selected") == uid:
        return "it is selected to move"
    c = state.get("combat")
    if c and state["phase"].endswith("_combat"):
        cur = c.get("current") or {}
        for a in c.get("plan", ()):
            if uid in a["attackers"] and not a.get("done") and a["id"] != cur.get("id"):
                return "it is in a declared attack"
        draft = c.get("draft")
        if draft and uid in draft["attackers"]:
            return "it is in the attack being declared"
        if uid in c.get("disbanding", ()):
            return "it is marked to disband"
    if not _may_break(R, state, uid, kinds):
        return "no component units are available (SNO 10.1.10)"
    return None


def anytime_actions(R: Rules, state: State) -> list[Action]:
    """SNO 10.1.9: ``break JUGG`` for each of the phasing player's juggernauts that may break
    down now."""
    p = state.get("pending")
    if p and p["kind"] == "breakdown":
        return []
    side = phasing_side(state)
    acts: list[Action] = []
    on_board = juggernauts_on_map(R, state, side)
    if not on_board:
        return acts
    kinds = component_pool(R, state, side)
    for uid in on_board:
        if held(R, state, uid, kinds) is None:
            acts.append(
                Action(
                    "break",
                    (uid,),
                    f"Break down {unit_title(R, uid)} into its component units",
                    "SNO 10.1.9",
                    side,
                )
            )
    return acts


def perform_anytime(R: Rules, state: State, action: Action) -> None:
    if action.verb != "break":
        raise ValueError(f"not an any-time action: {action.verb}")
    uid = str(action.args[0])
    why = held(R, state, uid)
    if why is not None:
        raise ValueError(f"{unit_title(R, uid)} may not break down: {why}")
    state["pending"] = {
        "kind": "breakdown",
        "side": R.unit(uid).side,
        "uid": uid,
        "resume": state.get("pending"),
    }


def breakdown_actions(R: Rules, state: State) -> list[Action]:
    p = state["pending"]
    uid, side = p["uid"], p["side"]
    acts = []
    for combo in breakdown_options(R, state, uid):
        names = ", ".join(unit_title(R, u) for u in combo)
        label = f"Break {unit_title(R, uid)} into {names}"
        acts.append(Action("into", (SEP.join(combo),), label, "SNO 10.1.9", side))
    acts.append(Action("cancel", (), f"Keep {unit_title(R, uid)} whole", "SNO 10.1.9", side))
    return acts


def perform_breakdown(R: Rules, state: State, action: Action) -> None:
    p = state["pending"]
    state["pending"] = p["resume"]
    if action.verb == "cancel":
        return
    combo = str(action.args[0]).split(SEP)
    if combo not in breakdown_options(R, state, p["uid"]):
        state["pending"] = p
        raise ValueError(f"{unit_title(R, p['uid'])} may not break down into {combo}")
    break_down(R, state, p["uid"], combo)


# SNO 10.1.9
# SNO 10.1.11
# SNO 10.1.13
def break_down(R: Rules, state: State, uid: str, components: list[str]) -> None:
    """SNO 10.1.9: the juggernaut leaves the board ("dead": it may be formed again), the
    components take its place and its status; an attack it made passes to them (10.1.11,
    10.1.13)."""
    from . import hab

    rec = state["units"][uid]
    h = rec["at"]
    credit = _padding_left(R, state, uid)  # SNO 10.1.11: before the components are touched
    for u in components:
        set_unit(
            state, u, at=h, dispersed=bool(rec.get("dispersed")),
            fortified=bool(rec.get("fortified")), flipped=False,
        )  # fmt: skip
    hab.moved(state, uid)
    set_unit(state, uid, at="dead", dispersed=False, fortified=False, flipped=False)
    omp = state.get("omp")
    if omp and uid in omp.get("moved", ()):
        state["omp"] = {**omp, "moved": [*omp["moved"], *components]}  # SNO 5.1.2: moved
    if omp and any(uid in group for group in (omp.get("anchors") or {}).values()):
        anchors = {
            h: [*group, *components] if uid in group else group
            for h, group in omp["anchors"].items()
        }  # SNO 5.2.3b: the components stay where the juggernaut had to
        state["omp"] = {**state["omp"], "anchors": anchors}
    if uid in (state.get("blitz") or ()):
        state["blitz"] = sorted({*state["blitz"], *components})
    _pass_attack(R, state, uid, components, credit)


def _padding_left(R: Rules, state: State, uid: str) -> int:
    from .combat import losses

    h, s = losses.padding(R, state, uid)
    return h + s


def _pass_attack(R: Rules, state: State, uid: str, components: list[str], credit: int) -> None:
    """The components take over the juggernaut's part in an attack: in the plan (they have
    attacked, 7.1.7), and in the attack being resolved - its losses (10.1.11) and its advance
    (10.1.13)."""
    from .combat import losses, tactical
    from .combat.odds import attack_factor

    c = state.get("combat")
    if not c or not state["phase"].endswith("_combat"):
        return
    for a in c.get("plan", ()):
        if uid in a["attackers"]:
            a["attackers"] = [*a["attackers"], *components]
    cur = c.get("current")
    if not cur or uid not in cur["attackers"]:
        return
    hexes = cur["hexes"]
    factors = {u: attack_factor(R, state, u, hexes) for u in components}
    cur["attackers"] = [*cur["attackers"], *components]
    cur["factors"] = {**cur["factors"], **factors}
    p = state.get("pending")
    if not p:
        return
    if p["kind"] == "losses" and p.get("plan"):
        losses.broken_down(R, state, uid, components, factors, credit)  # SNO 10.1.11
    elif p["kind"] == "advance":  # SNO 10.1.13
        more = [u for u in components if tactical.advance_destinations(R, state, u, p["vacated"])]
        p["units"] = [*p["units"], *more]


def juggernauts_on_map(R: Rules, state: State, side: str) -> list[str]:
    return [u for u in juggernauts(R, side) if u in state["units"] and on_map(state, u)]


__all__ = [
    "ANYTIME_VERBS",
    "PENDING_KINDS",
    "actions",
    "anytime_actions",
    "begin",
    "begin_omp",
    "break_down",
    "breakdown_options",
    "form",
    "form_options",
    "perform",
    "perform_anytime",
    "prompt",
    "revert",
    "skip",
    "units_at",
    "winter_flip_after_combat",
    "winter_flip_after_omp",
]
