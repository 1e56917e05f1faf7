"""DR 11.7 Air Power in attacks, 11.5.4 Axis air attacks on the Soviet Fleets, and the Fleets'
own part in combat (11.5.3, 11.5.6).

Air Points (11.7C-F): up to three a battle, one extra attacking die each; an Axis point needs
a German unit in the attack; none in an Exploitation Combat Phase. Against a Fleet (11.5.4):
in the Axis Combat Phase only, with an Axis ground unit within four hexes of the Fleet, up to
three points a Fleet a turn, each one die reducing the Fleet on a 5-6.
"""

from __future__ import annotations

from typing import Any

from ...core.protocol import Action, roll
from .losses import reduce
from .rules import BOXES, Rules, State, counter_ids, ground_hexes, hex_of, phasing_side

STRIKE_FACES = (5, 6)  # DR 11.5.4B


def exploitation(state: State) -> bool:
    phase: str = state["phase"]
    return phase.endswith("exploit_combat")


def max_air(R: Rules, state: State, attackers: list[str]) -> int:
    """Air Points this attack may add. # DR 11.7C # DR 11.7E # DR 11.7F"""
    if not attackers:
        return 0
    side = R.unit(attackers[0]).side
    ap = R.charts.air_points
    if exploitation(state) and not ap.in_exploitation_combat:
        return 0  # DR 11.7F
    if (
        side == "axis"
        and ap.axis_needs_german_unit
        and not any(R.unit(u).nationality == "german" and R.unit(u).is_ground for u in attackers)
    ):
        return 0  # DR 11.7E
    pool = int(state.get("pools", {}).get(side, {}).get("air", 0))
    return max(0, min(ap.max_per_attack, pool))  # DR 11.7C


def spend(state: State, side: str, n: int) -> None:
    if n:
        state["pools"][side]["air"] -= n  # DR 11.7B: points not used this turn are lost


# ------------------------------------------------------------------ fleets in combat
def fleet_strength(R: Rules, state: State, uid: str) -> int:  # DR 11.5
    """A Fleet's combat factor: printed, the reduced side if reduced; a reduced Baltic Fleet
    has none (11.5.6A). # DR 11.5.3"""
    unit = R.unit(uid)
    if not state["units"][uid]["reduced"]:
        return unit.full.strength if unit.full else 0
    return unit.reduced.strength if unit.reduced else 0  # DR 11.5.6A


def is_fleet(R: Rules, uid: str) -> bool:
    return R.unit(uid).type == "fleet"


# ------------------------------------------------------------------ the phase's combat book
def phase_book(state: State, *, write: bool = False) -> dict[str, Any]:
    """``state["combat"]``: what the combat rules remember within one combat phase (Air Points
    sent against each Fleet, Zhukov's two hexes, the last battle). A book left from an
    earlier phase reads as empty; with ``write`` a fresh one is put in the state."""
    book: dict[str, Any] = state.get("combat") or {}
    if book.get("turn") != state.get("turn") or book.get("phase") != state.get("phase"):
        book = {"turn": state.get("turn"), "phase": state.get("phase")}
        if write:
            state["combat"] = book
    return book


# ------------------------------------------------------------------ air attacks on fleets
def _book(state: State) -> dict[str, int]:
    used: dict[str, int] = phase_book(state).get("fleet_air", {})
    return used


def strike_options(R: Rules, state: State) -> list[tuple[str, int]]:
    """(fleet, most Air Points that may still strike it). # DR 11.5.4A # DR 11.5.4C"""
    if phasing_side(state) != "axis" or exploitation(state) or state.get("pending"):
        return []
    pool = int(state.get("pools", {}).get("axis", {}).get("air", 0))
    if pool <= 0:
        return []
    axis_hexes = ground_hexes(R, state, "axis")
    used = _book(state)
    out = []
    units = state["units"]
    for uid in counter_ids(R, "soviet fleets", lambda u: u.type == "fleet" and u.side == "soviet"):
        d = units.get(uid)
        if d is None or d["at"] in BOXES:
            continue
        if not any(R.map.grid.distance(d["at"], h) <= 4 for h in axis_hexes):
            continue  # DR 11.5.4A: an Axis unit within four hexes
        room = R.charts.air_points.max_per_fleet_attack - used.get(uid, 0)
        if min(room, pool) > 0:
            out.append((uid, min(room, pool)))
    return out


def strike_actions(R: Rules, state: State) -> list[Action]:
    out = []
    for fleet, most in strike_options(R, state):
        for n in range(1, most + 1):
            out.append(
                Action(
                    "airstrike",
                    (fleet, n),
                    f"Air attack on the {R.unit(fleet).title} with {n} Air Point"
                    + ("s" if n > 1 else ""),
                    "DR 11.5.4",
                    "axis",
                    role="roll",
                    units=(fleet,),
                    group="Air strike",
                )
            )
    return out


def strike(R: Rules, state: State, fleet: str, n: int) -> None:
    """Roll one die per Air Point; each 5-6 reduces the Fleet (or eliminates it if reduced).
    # DR 11.5.4B"""
    spend(state, "axis", n)
    book = phase_book(state, write=True)
    used = dict(book.get("fleet_air", {}))
    used[fleet] = used.get(fleet, 0) + n
    book["fleet_air"] = used
    for die in roll(state, n, f"air attack on the {R.unit(fleet).name} (DR 11.5.4)"):
        if die in STRIKE_FACES and hex_of(state, fleet) is not None:
            reduce(R, state, fleet)
