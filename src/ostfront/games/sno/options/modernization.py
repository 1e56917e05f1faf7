"""SNO 14.4 Modernization of the Red Army.

- SNO 14.41-14.42: the Soviet player picks 85 combat factors (20 of them armor or armored
  cavalry, no Shock Army) and sets them up within the 1941 borders, every hex next to the border
  covered by a unit or its ZOC: the Soviet combat units of Appendix II begin in the pool
  (:func:`to_the_pool`); the choice and its checks are the set-up's (forces.py, deployment.py).
- SNO 14.43: every Soviet combat unit may be taken as a replacement at once - no waiting for its
  date, for 1942's tank armies (11.7b) or 1943's Guards (11.7c) - except the five Shock Armies,
  which arrive as usual and may not be replacements before (:func:`immediately_available`).
  Reading: "except the Shock Armies" names the reinforcements; the Polish 1st Army, the other
  Soviet reinforcement, also keeps 11.7a.
"""

from __future__ import annotations

from ..rules import BOX_SET, Rules, State, set_unit
from .common import chosen

OPTION = "modernization"


def immediately_available(R: Rules, state: State, uid: str) -> bool:  # SNO 14.4; # SNO 14.43
    """SNO 14.43: with the option, a Soviet combat unit in the pool or dead box that may be
    replaced at all may be taken now, whatever its date (not a reinforcement: 11.7a)."""
    if not chosen(state, OPTION):
        return False
    unit = R.unit(uid)
    return (
        unit.side == "soviet"
        and unit.is_combat
        and unit.replacement_cost is not None
        and not unit.reinforcement
        and state["units"][uid]["at"] in ("pool", "dead")
    )


def to_the_pool(R: Rules, state: State) -> None:  # SNO 14.42
    """SNO 14.42: with the option, the Soviet combat units Appendix II places (not factories,
    garrisons or Zhukov) wait in the pool: the Soviet player selects his forces."""
    if not chosen(state, OPTION):
        return
    for uid, rec in list(state["units"].items()):
        unit = R.unit(uid)
        if (
            unit.side == "soviet"
            and unit.is_combat
            and unit.type != "garrison"
            and rec["at"] not in BOX_SET
        ):
            set_unit(state, uid, at="pool", flipped=False, dispersed=False, fortified=False)


__all__ = ["immediately_available", "to_the_pool"]
