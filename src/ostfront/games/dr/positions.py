"""Custom Defiant Russia positions (``ostfront new dr --position FILE``): units placed by hand.

Fields used from the position file (see ``ostfront.core.position``): ``turn`` (default 1),
``phase`` (default ``axis_move``), ``weather`` (default: the historical weather of the turn),
``units`` (``id``, ``hex``, ``status``: any of ``reduced``, ``oos``, or a box — ``reserve``,
``dead``, ``lost``, ``removed`` — instead of a hex), ``pools`` (``air``, ``replacements``,
``rail`` per side) and ``extra.control`` (hex -> side, over the control of DR 6.4). Units the
file does not list are out of play.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.errors import DataError
from .charts import weather_for
from .control import initial_control
from .rules import BOXES, Rules, State
from .sequence import PHASES
from .setting_up import play_state


def from_position(R: Rules, state: State, position: Mapping[str, Any]) -> None:
    problems: list[str] = []
    units: dict[str, dict[str, Any]] = {
        u: {"at": "out", "reduced": False, "oos": False} for u in R.counters.units
    }
    for i, placed in enumerate(position.get("units", []), start=1):
        uid = placed["id"]
        where = f"units[{i}: {uid}]"
        if uid not in R.counters.units:
            problems.append(f"{where}: id: no such Defiant Russia unit")
            continue
        status = list(placed.get("status", []))
        boxes = [s for s in status if s in BOXES]
        at = boxes[0] if boxes else placed.get("hex")
        if at is None:
            problems.append(f"{where}: hex: give a hex or a box ({', '.join(BOXES)})")
            continue
        if at not in BOXES and not R.map.grid.contains(at):
            problems.append(f"{where}: hex: {at} is not on the map")
            continue
        unknown = [s for s in status if s not in (*BOXES, "reduced", "oos")]
        if unknown:
            problems.append(f"{where}: status: unknown {', '.join(unknown)}")
        units[uid] = {
            "at": at,
            "reduced": "reduced" in status and R.unit(uid).reduced is not None,
            "oos": "oos" in status,
        }
    turn = 1 if position.get("turn") is None else int(position["turn"])
    phase = position.get("phase") or "axis_move"
    if phase not in PHASES:
        problems.append(f"phase: {phase!r} is not one of {', '.join(PHASES)}")
    control = initial_control(R)
    for h, side in (position.get("extra", {}).get("control", {}) or {}).items():
        if side not in ("axis", "soviet") or not R.map.grid.contains(h):
            problems.append(f"extra.control: {h} = {side!r} is not a hex and a side")
        else:
            control[h] = side
    if problems:
        raise DataError("position", problems)
    weather = position.get("weather") or weather_for(R.charts, turn)
    pools = {s: {"air": 0, "replacements": 0, "rail": 0} for s in ("axis", "soviet")}
    for side, values in (position.get("pools") or {}).items():
        pools.setdefault(side, {}).update(values)
    state.update(play_state(units, control, turn=turn, phase=phase, weather=weather, pools=pools))
    if phase.endswith("_org"):
        from .organization import enter

        enter(R, state)
