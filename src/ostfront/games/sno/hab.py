"""SNO 10.2 Heavy Artillery Bonus (HAB): the markers placed at the start of the OMP on the
eligible juggernauts and Soviet shock armies (10.2.1-10.2.2), taken off a unit as it moves and
all removed at the end of the Combat Phase; the bonus they give an attack (10.2.3-10.2.4,
10.2.7 and 6.5.5) and lose first as loss padding (10.2.6, 7.3.3: :mod:`combat.losses`).

State key owned here::

    hab     [unit ids] the units carrying a HAB marker (10.2.2), sorted; replaced, never
            changed in place

Readings: "at either of their combat strengths" (10.2.1) - a juggernaut's weaker side keeps
its HAB. The bonus counts only in the owner's own Combat Phase (10.2.3-10.2.4), for a unit
attacking units next to it (every attack is, 7.1.1). 10.2.7 / 6.5.5 are read where the unit
stands when it attacks: no Axis unit on or north of the month's Arctic Weather Line in a Snow
month of the winter of 1941/42 gets the bonus (nor is marked at the start of the OMP).
"""

from __future__ import annotations

from . import supply, weather
from .rules import (
    Rules,
    State,
    counter_ids,
    hex_of,
    is_dispersed,
    is_fortified,
    on_map,
    phasing_side,
)


# SNO 10.2 Heavy Artillery Bonus
def carries_hab_kind(R: Rules, uid: str) -> str | None:
    """SNO 10.2.1: which bonus a unit may have - "juggernaut", "shock" (Soviet shock armies),
    or None for every other unit."""
    unit = R.unit(uid)
    if unit.juggernaut:
        return "juggernaut"
    if unit.type == "shock" and unit.side == "soviet":
        return "shock"
    return None


def markers(state: State) -> list[str]:
    return list(state.get("hab") or ())


def has_hab(state: State, uid: str) -> bool:
    return uid in (state.get("hab") or ())


# SNO 10.2.7
# SNO 6.5.5
def winter_barred(R: Rules, state: State, uid: str) -> bool:
    """SNO 10.2.7 / 6.5.5: an Axis unit on or north of the Arctic Weather Line in a Snow month
    of the winter of 1941/42 may not use the HAB."""
    if R.unit(uid).side != "axis" or not weather.winter_1941(state):
        return False
    h = hex_of(state, uid)
    return h is not None and weather.awl(R, state, h)


# SNO 10.2.1
def eligible(R: Rules, state: State, uid: str) -> bool:
    """SNO 10.2.1: a juggernaut or Soviet shock army on the map, undispersed, unfortified and
    in supply (at the beginning of its own OMP: the caller's to check)."""
    if carries_hab_kind(R, uid) is None or not on_map(state, uid):
        return False
    if is_dispersed(state, uid) or is_fortified(state, uid):
        return False
    if winter_barred(R, state, uid):  # SNO 10.2.7
        return False
    return supply.in_supply(R, state, uid)


# SNO 10.2.2
def place(R: Rules, state: State, side: str) -> None:
    """SNO 10.2.2: at the beginning of ``side``'s OMP, HAB markers on all its eligible units
    (any markers left over are replaced)."""
    ids = counter_ids(R, "hab-kind", lambda u: u.juggernaut or u.type == "shock")
    state["hab"] = sorted(
        u for u in ids if u in state["units"] and R.unit(u).side == side and eligible(R, state, u)
    )


def moved(state: State, uid: str) -> None:
    """SNO 10.2.1-10.2.2: a unit that moves during the OMP loses its HAB marker (the movement
    module calls this for every unit it moves)."""
    if has_hab(state, uid):
        state["hab"] = [u for u in state["hab"] if u != uid]


def lose(state: State, uid: str) -> None:
    """SNO 10.2.6: the bonus given up as loss padding (the unit may use the HAB again in later
    turns: only this marker goes)."""
    moved(state, uid)


def clear(state: State) -> None:
    """SNO 10.2.2: all remaining HAB markers are removed at the end of the Combat Phase."""
    state["hab"] = []


# SNO 10.2.3
# SNO 10.2.4
def bonus(R: Rules, state: State, uid: str) -> int:
    """SNO 10.2.3: the combat factors the HAB adds to ``uid`` attacking in its own Combat
    Phase - one for a Soviet shock army, two for a juggernaut (R.tables combat.hab); 0 for a
    unit without the marker, a defender (10.2.4), or an Axis unit barred by 10.2.7."""
    kind = carries_hab_kind(R, uid)
    if kind is None or not has_hab(state, uid) or not on_map(state, uid):
        return 0
    if R.unit(uid).side != phasing_side(state) or not state["phase"].endswith("_combat"):
        return 0  # SNO 10.2.4: never defensively; only in its own Combat Phase
    if winter_barred(R, state, uid):  # SNO 10.2.7, 6.5.5
        return 0
    return int(R.tables.spec.combat.hab[kind])  # type: ignore[index]


__all__ = ["bonus", "clear", "eligible", "has_hab", "lose", "markers", "moved", "place"]
