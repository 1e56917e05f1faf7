"""SNO 4.1-4.2, 4.4-4.6: the stacking limits as a pure function of the units in one hex.

Kept apart from :mod:`stacking` (the check at the end of a phase, which eliminates units and
so reaches the rules of play) so that the scenario data's checks (``setup.py``) read the
limits without importing the rules that read the scenario data.
"""

from __future__ import annotations

from collections.abc import Iterable

from .counters import Unit

# SNO 4.0 Stacking
# SNO 4.1: friendly units of any nationality may share a hex, within these limits
STACK_LIMIT = 6  # SNO 4.2: six stacking points of friendly units a hex
PURE_ARMOR_LIMIT = 2  # SNO 4.2: of which no more than two points of "pure" armor


def stacking_points(units: Iterable[Unit]) -> int:
    """SNO 4.2, 4.5: the printed points (factories and Zhukov count zero)."""
    return sum(u.stacking for u in units)  # SNO 4.5: dispersed or not, the printed points


def stacking_problems(units: Iterable[Unit], overrun: bool = False) -> list[str]:
    """What is illegal about these units sharing a hex (empty if legal).

    ``overrun``: SNO 4.4 / 5.4.2 — opposing units may share a hex only temporarily during an
    overrun, and then all of them count toward the limit."""
    units = list(units)
    out: list[str] = []
    sides = {u.side for u in units}
    if len(sides) > 1 and not overrun:
        out.append("units of opposing sides never stack together (SNO 4.4)")
    for side in sorted(sides):
        own = [u for u in units if u.side == side]
        counted = units if overrun else own
        total = stacking_points(counted)
        if total > STACK_LIMIT:
            out.append(f"{side}: {total} stacking points, more than {STACK_LIMIT} (SNO 4.2)")
        armor = stacking_points(u for u in own if u.type == "armor")
        if armor > PURE_ARMOR_LIMIT:
            out.append(
                f"{side}: {armor} stacking points of pure armor, more than "
                f"{PURE_ARMOR_LIMIT} (SNO 4.2)"
            )
    nats = {u.nationality for u in units}
    if {"hungarian", "romanian"} <= nats:
        out.append("Hungarian and Romanian units may never stack together (SNO 4.6)")
    zhukov = [u for u in units if u.type == "zhukov"]
    if zhukov and not [u for u in units if u.side == "soviet" and u.type != "zhukov"]:
        out.append("Zhukov can never be alone in a hex (SNO 10.6.2)")
    return out
