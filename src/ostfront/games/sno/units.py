"""SNO 10.5 Garrison Units and 10.7 Fortification: what a garrison or a fortified unit may do,
as queries the movement, combat, disbandment and replacement modules ask.

Garrisons never move (10.5.2), never attack and are never helped by terrain (10.5.3), never
fortify, disband or break out, and are never replaced (10.5.5). A fortified unit never moves
(10.7.3) nor attacks (10.7.4); fortifying and defortifying happen in the owner's
Replacement/Reinforcement Phase (10.7.1, 10.7.8: ``replacements.py`` offers them).

:func:`eliminate` removes units from the map, whatever eliminates them (combat, stacking,
isolation, disbandment), to the "dead" box or, for those that can never return, "lost" (10.1.2).
"""

from __future__ import annotations

from . import supply
from .rules import Rules, State, is_dispersed, is_fortified, on_map, set_unit

#: Unit types that are never fortified (SNO 10.7.2) - and have no fortified side to show it.
NEVER_FORTIFY = frozenset({"garrison", "factory", "zhukov"})


def is_garrison(R: Rules, uid: str) -> bool:
    return R.unit(uid).type == "garrison"


def may_move(R: Rules, state: State, uid: str) -> bool:
    """Whether a unit may move at all in its own player-turn (operationally or tactically):
    never a garrison (SNO 10.5.2), never a fortified unit (SNO 10.7.3)."""
    if is_garrison(R, uid):  # SNO 10.5.2
        return False
    return not is_fortified(state, uid)  # SNO 10.7.3


def may_attack(R: Rules, uid: str, state: State | None = None) -> bool:
    """Whether a unit may attack: a garrison's factor is for defence only (SNO 10.5.3); with a
    ``state``, a fortified unit only defends (SNO 10.7.4)."""
    if is_garrison(R, uid):  # SNO 10.5.3
        return False
    return state is None or not is_fortified(state, uid)  # SNO 10.7.4


def terrain_modifies(R: Rules, uid: str) -> bool:
    """Whether terrain modifies the unit's combat factor: never a garrison's (SNO 10.5.3)."""
    return not is_garrison(R, uid)  # SNO 10.5.3


def may_disband(R: Rules, uid: str) -> bool:
    """Whether a unit may disband or break out: never a garrison (SNO 10.5.5)."""
    return R.unit(uid).is_combat and not is_garrison(R, uid)  # SNO 10.5.5


def may_fortify(R: Rules, state: State, uid: str) -> bool:
    """SNO 10.7.1-10.7.2: an undispersed combat unit on the map, not a garrison or factory, not
    yet fortified (the owner's RRP is the caller's to check). A replacement entering this RRP
    is dispersed, so it may not fortify (SNO 11.6)."""
    unit = R.unit(uid)
    if not unit.is_combat or unit.type in NEVER_FORTIFY:  # SNO 10.7.2, 10.5.5
        return False
    return on_map(state, uid) and not is_dispersed(state, uid) and not is_fortified(state, uid)


def may_defortify(state: State, uid: str) -> bool:
    """SNO 10.7.8: a fortified unit may be flipped back in its owner's RRP."""
    return on_map(state, uid) and is_fortified(state, uid)


def fortify(state: State, uid: str) -> None:  # SNO 10.7.1
    set_unit(state, uid, fortified=True)


def defortify(state: State, uid: str) -> None:
    """SNO 10.7.8 (in the RRP) and 10.7.3 (a fortified unit that retreats loses the status)."""
    set_unit(state, uid, fortified=False)  # SNO 10.7.8


__all__ = [
    "defortify",
    "fortify",
    "is_garrison",
    "may_attack",
    "may_defortify",
    "may_disband",
    "may_fortify",
    "may_move",
    "terrain_modifies",
]


#: SNO 10.1.2: how a juggernaut's elimination makes it permanent (besides being out of supply)
PERMANENT_WAYS = frozenset({"DE", "overrun"})


# SNO 10.1.2
def lost_for_good(R: Rules, state: State, uid: str, how: str = "") -> bool:
    """Whether an eliminated unit goes to the "lost" box: SNO 10.1.2 a juggernaut or the Polish
    1st Army eliminated by an overrun (a), a DE (b) or out of supply (c); SNO 10.4.5, 10.5.5
    every other unit that can never be replaced (garrisons, factories)."""
    unit = R.unit(uid)
    if unit.juggernaut or "10.1.2" in unit.rules:
        if how in PERMANENT_WAYS:
            return True

        return not supply.in_supply(R, state, uid)  # SNO 10.1.2 c
    return unit.replacement_cost is None


def eliminate(R: Rules, state: State, uids: list[str], how: str = "") -> None:
    """Remove units from the map: to "dead" (may return as replacements, or be formed again as
    a juggernaut), or "lost" for those that never can (:func:`lost_for_good`; ``how``: "DE" or
    "overrun" when that is what eliminates them, 10.1.2)."""
    doomed = [u for u in uids if on_map(state, u)]
    lost = {u: lost_for_good(R, state, u, how) for u in doomed}  # before any of them goes
    for u in doomed:
        box = "lost" if lost[u] else "dead"
        set_unit(state, u, at=box, dispersed=False, fortified=False, flipped=False)
