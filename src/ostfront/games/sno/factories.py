"""SNO 10.4 Factory Units: what a factory is, what it produces, and its evacuation east.

A factory is a Soviet unit record of type ``factory`` on its own city (10.4.1), in the
"east" box once evacuated (10.4.8), or in "dead"/"lost" once eliminated (never replaced,
10.4.5; each counts half a victory point for the Axis, 15.5). Its record's ``"flipped"`` is
the entrained side (10.4.8); ``"evac"`` {"began": month of step one, "east": month of step
two} follows the evacuation under way, and ``"activation"`` replaces the printed activation
date once it is postponed (10.4.11).

- SNO 10.4.2: defends with a factor of 1 (:data:`DEFENCE`, :func:`defence_factor`), never
  modified, never attacks; no ZOC (3.1.3's reading); SNO 10.4.4: stacking value 0 (data), no
  supply (9.0.1), never retreats, never moves but by evacuation.
- SNO 10.4.7, 11.10a: one RF a month from its activation date while a rail line runs to its
  city in the RRP, or while it produces in the east (:func:`producing`).
- SNO 10.4.8-10.4.12: evacuation in the Soviet RRP, three steps a turn apart, offered by
  :func:`actions` (the RRP lists them): ``entrain`` (step one; never on the first turn of the
  campaign, 10.4.12), ``evacuate`` (step two, only while a rail line can be traced to the
  city), ``produce`` (step three, flipped back in the east). Any number at once; steps two
  and three may wait (10.4.9); once entrained, no production until evacuated (10.4.9-10.4.10).
- SNO 13.0: :func:`active` - a factory in production order on the map (Leningrad's siege).

Readings (docs/rules/sturm-nach-osten.md): the RRP's RFs are counted when it begins, so a
factory entrained in it gives back the RF it was counted for (10.4.10), and may entrain only
while that RF is unspent; "however long the evacuation took": the months from step one to step
three, counting both (three for an evacuation without delay).
"""

from __future__ import annotations

from typing import Any

from ...core.protocol import Action
from .control import can_trace_rail_line
from .options import may1941
from .rules import Rules, State, counter_ids, hex_title, next_month, set_unit, unit_title
from .setup import load_scenarios

# SNO 10.0: the special units - factories here (10.4), Zhukov in zhukov.py (10.6)
DEFENCE = 1  # SNO 10.4.2: a combat factor of "1" for defence only, not printed
EAST = "east"  # SNO 10.4.8: off board to the East (a box)
# SNO 10.4.4: no supply (supply.py traces combat units), no movement factor: no move and no
# retreat (a DR becomes a DD, and a factory, never disbanding, is eliminated)
# SNO 10.4.5: an eliminated factory is never replaced (counters.replacement_cost is None)
ELIMINATED = ("dead", "lost")
POSTPONE = 3  # SNO 10.4.11: three months (or however long the evacuation took)
CAMPAIGN = "1941"  # SNO 10.4.12: the Campaign Scenario (12.A)
#: Verbs of :func:`actions`, performed by :func:`perform` (the RRP lists and sends them).
VERBS = ("entrain", "evacuate", "produce")


def factory_ids(R: Rules) -> tuple[str, ...]:
    return counter_ids(R, "factory", lambda u: u.type == "factory")


def is_factory(R: Rules, uid: str) -> bool:
    return R.unit(uid).type == "factory"


def defence_factor(R: Rules, uid: str) -> int:
    """SNO 10.4.2: 1, for defence only, entrained or not, never modified (0 for any other unit:
    the caller reads the counter)."""
    return DEFENCE if is_factory(R, uid) else 0


# ------------------------------------------------------------------ production
def activation(R: Rules, state: State, uid: str) -> str:
    """SNO 10.4.7: the activation date printed on the counter - or as postponed (10.4.11)."""
    rec = state["units"][uid]
    return str(rec.get("activation") or R.unit(uid).activation)


def active(R: Rules, state: State, uid: str) -> bool:
    """SNO 13.0: an active factory - on the map, past its activation date, not entrained (a
    rail line is not asked: "even if Leningrad cannot trace a rail line")."""
    if not is_factory(R, uid):
        return False
    rec = state["units"][uid]
    return (
        rec["at"] not in (EAST, *ELIMINATED, "pool", "reserve", "out")
        and not rec.get("flipped")
        and activation(R, state, uid) <= state["turn"]
    )


def in_production(R: Rules, state: State, uid: str) -> bool:
    """SNO 10.4.7, 11.10a: the factory produces an RF this month: past its activation date,
    not entrained (10.4.10), and on its city with a rail line to it, or evacuated east."""
    rec = state["units"][uid]
    # SNO 10.4.7: from the activation date; SNO 10.4.10: not while entrained
    if rec.get("flipped") or activation(R, state, uid) > state["turn"]:
        return False
    if rec["at"] == EAST:
        return True  # SNO 11.10a: evacuated to the east
    return active(R, state, uid) and can_trace_rail_line(R, state, "soviet", rec["at"])


def producing(R: Rules, state: State) -> list[str]:
    """SNO 11.10a: the Soviet factories producing this month."""
    return [u for u in factory_ids(R) if u in state["units"] and in_production(R, state, u)]


def eliminated(R: Rules, state: State) -> int:
    """SNO 15.5: the factories eliminated in play (evacuated ones are in the east box)."""
    return sum(  # SNO 15.5
        1 for u in factory_ids(R) if u in state["units"] and state["units"][u]["at"] in ELIMINATED
    )


# ------------------------------------------------------------------ evacuation
def _first_turn(state: State) -> bool:
    """SNO 10.4.12: the first turn of the campaign scenario - the campaign's own first month
    (its start in the scenario data), not the month a custom position of it begins in."""
    if state.get("scenario") != CAMPAIGN:
        return False
    first = may1941.first_month(state) or load_scenarios().scenario(CAMPAIGN).start  # 14.52
    return bool(state["turn"] == first)  # SNO 10.4.12


def _evac(state: State, uid: str) -> dict[str, Any]:
    return dict(state["units"][uid].get("evac") or {})


def may_entrain(R: Rules, state: State, uid: str) -> bool:
    """SNO 10.4.8 step one: a factory on its city, not yet entrained - never on the campaign's
    first turn (10.4.12), and (10.4.10) only while the RF it was counted for is unspent."""
    rec = state["units"][uid]
    if rec["at"] in (EAST, *ELIMINATED, "pool", "reserve", "out") or rec.get("flipped"):
        return False
    if _first_turn(state):
        return False  # SNO 10.4.12
    return _refund(state, uid) <= int((state.get("rf") or {}).get("soviet", 0))


def _refund(state: State, uid: str) -> int:
    """SNO 10.4.10: the RF a factory entrained now was counted for at the start of the RRP."""
    counted = (state.get("rrp") or {}).get("producing", ())
    return 1 if uid in counted else 0


def may_evacuate(R: Rules, state: State, uid: str) -> bool:
    """SNO 10.4.8 step two: entrained in an earlier RRP, and a rail line runs to the city now."""
    rec = state["units"][uid]
    began = _evac(state, uid).get("began")  # SNO 10.4.9: it may wait for the rail line
    return (
        bool(rec.get("flipped"))
        and rec["at"] not in (EAST, *ELIMINATED)
        and began is not None
        and began < state["turn"]
        and can_trace_rail_line(R, state, "soviet", rec["at"])
    )


def may_produce(R: Rules, state: State, uid: str) -> bool:
    """SNO 10.4.8 step three: in the east since an earlier RRP, still entrained."""
    rec = state["units"][uid]
    east = _evac(state, uid).get("east")
    return (
        rec["at"] == EAST and bool(rec.get("flipped")) and east is not None and east < state["turn"]
    )


def actions(R: Rules, state: State) -> list[Action]:
    """SNO 10.4.8-10.4.12: the evacuation steps open in this Soviet RRP."""
    if state["phase"] != "soviet_rrp":
        return []
    out: list[Action] = []
    steps = (
        ("entrain", may_entrain, "Entrain {name} at {where} (evacuation step one)"),
        ("evacuate", may_evacuate, "Evacuate {name} from {where} to the east (step two)"),
        ("produce", may_produce, "Return {name} to production in the east (step three)"),
    )
    for uid in factory_ids(R):
        if uid not in state["units"]:
            continue
        at = state["units"][uid]["at"]
        where = hex_title(R, at) if at in R.map.terrain else at
        for verb, may, text in steps:
            if may(R, state, uid):
                label = text.format(name=unit_title(R, uid), where=where)
                out.append(
                    Action(
                        verb,
                        (uid,),
                        label,
                        "SNO 10.4.8",
                        "soviet",
                        units=(uid,),
                        group=verb.capitalize(),
                    )
                )
                break
    return out


def perform(R: Rules, state: State, action: Action) -> None:
    uid = str(action.args[0])
    if action not in actions(R, state):
        raise ValueError(f"SNO 10.4.8: not an evacuation step open now: {action.text!r}")
    turn = state["turn"]
    evac = _evac(state, uid)
    if action.verb == "entrain":  # SNO 10.4.8 step one
        refund = _refund(state, uid)
        if refund:  # SNO 10.4.10: no production in a turn it is flipped
            state["rf"] = {**state["rf"], "soviet": state["rf"]["soviet"] - refund}
            rrp = state.get("rrp") or {}
            state["rrp"] = {**rrp, "producing": [u for u in rrp.get("producing", ()) if u != uid]}
        evac = {"began": turn, "before_activation": turn <= activation(R, state, uid)}
        set_unit(state, uid, flipped=True, evac=evac)
    elif action.verb == "evacuate":  # SNO 10.4.8 step two
        set_unit(state, uid, at=EAST, evac={**evac, "east": turn})
    else:  # SNO 10.4.8 step three
        changes: dict[str, Any] = {"flipped": False, "evac": None}
        if evac.get("before_activation"):  # SNO 10.4.11
            took = months(str(evac["began"]), turn) + 1
            changes["activation"] = add_months(activation(R, state, uid), max(POSTPONE, took))
        set_unit(state, uid, **changes)


def months(a: str, b: str) -> int:
    """Months from ``a`` to ``b`` ("1941-07" to "1941-09": 2)."""
    return (int(b[:4]) - int(a[:4])) * 12 + int(b[5:]) - int(a[5:])


def add_months(turn: str, n: int) -> str:
    for _ in range(n):
        turn = next_month(turn)
    return turn


__all__ = [
    "DEFENCE",
    "VERBS",
    "actions",
    "active",
    "defence_factor",
    "eliminated",
    "in_production",
    "perform",
    "producing",
]
