"""SNO 10.1.9-10.1.13 breaking juggernauts down: at any time of the owner's player-turn
(10.1.9-10.1.10), to absorb losses (10.1.11, with :mod:`combat.losses`) and to advance after
combat (10.1.13, with :mod:`combat.results`).

Any time of his own player-turn while he decides (sequence.py, through juggernauts.py),
``break JUGG`` opens a choice of the components (``into A+B``, or ``cancel``): the decision in
progress, if any, resumes after it.

Readings (in the coverage notes too):

- 10.1.9-10.1.10: the components are chosen among the corps / armies that could enter as
  replacements now (off the map in the "pool" or "dead" box, their date come, 11.7; Guards
  11.7c), RFs aside, their total combat factor no more than the weaker side's; one counter of
  each kind is offered (identical counters are interchangeable). They take the juggernaut's
  place, moved status, dispersal, fortification and Blitz marker; not its HAB (10.2.1: only
  juggernauts and shock armies have it). A juggernaut in an attack or overrun declared and not
  yet resolved, marked to disband, or selected to move, does not break down until that is
  done; one that has attacked passes the attack on to its components (they attack no more,
  7.1.7), and during its attack's losses or advance they join the attacking group (10.1.11,
  10.1.13: results.py and losses.py). In the No Retreat orders step, after the player-turn's
  last stacking check (4.3), only into components that keep the hex within the limit.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from ...core.protocol import Action
from .juggernauts import (  # the shared queries of 10.1
    SEP,
    component_type,
    counter_kind,
    juggernauts_on_map,
    printed_cf,
    weaker_cf,
)
from .rules import (
    Rules,
    State,
    counter_ids,
    hex_of,
    kept,
    on_map,
    phasing_side,
    set_unit,
    unit_title,
    units_at,
    year,
)


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
            pool.setdefault(counter_kind(R, u), []).append(u)
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


#: The decisions in progress during which the phasing player may break a juggernaut down
#: (10.1.9 "at any time"): none, his losses (10.1.11), his advance (10.1.13: the components
#: join it), his overstacked hex (4.4: asked again after). Not while a retreat or a siege or
#: isolation choice names units as they stand, nor inside another break-down.
BREAK_DURING = frozenset({"losses", "advance", "overstack"})


def anytime_actions(R: Rules, state: State) -> list[Action]:
    """SNO 10.1.9: ``break JUGG`` for each of the phasing player's juggernauts that may break
    down now."""
    p = state.get("pending")
    if p and p["kind"] not in BREAK_DURING:
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
                    units=(uid,),
                    group="Break",
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
        acts.append(
            Action(
                "into",
                (SEP.join(combo),),
                label,
                "SNO 10.1.9",
                side,
                units=tuple(combo),
                group="Into",
            )
        )
    acts.append(
        Action(
            "cancel",
            (),
            f"Keep {unit_title(R, uid)} whole",
            "SNO 10.1.9",
            side,
            role="back",
            group="Cancel",
        )
    )
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
    resumed = state["pending"]
    if resumed and resumed["kind"] == "overstack":
        _check_stacking_again(R, state)


def _check_stacking_again(R: Rules, state: State) -> None:
    """SNO 4.4: the break-down changed the hex being made legal - the owner's next
    overstacked hex, if any, is asked for; if none is left, the phase ends as it was ending."""
    from .sequence import end_phase
    from .stacking import check

    state["pending"] = None
    if not check(R, state):
        end_phase(R, state)


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


__all__ = [
    "anytime_actions",
    "break_down",
    "breakdown_actions",
    "breakdown_options",
    "component_pool",
    "held",
    "perform_anytime",
    "perform_breakdown",
]
