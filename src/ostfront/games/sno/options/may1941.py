"""SNO 14.5 and 14.6: the Axis invades in May 1941 - "conservative" (14.5, with the Balkans)
or "daring" (14.6, at full strength).

- SNO 14.52, 14.62: the Campaign Scenario begins in May 1941 (:func:`start`); the May
  replacements (Axis 1, Soviet 3) and 14.62's reduced Axis rates are replacements.py's
  (tables.toml ``first_turn``, ``axis_daring_base``).
- SNO 14.53, 14.63: the Soviet 21st and 22nd Armies begin dispersed.
- SNO 14.54: the German 1st Panzer Army begins refitted but dispersed, in or next to Lodz
  (0924): it starts in Lodz, and :func:`setup_area` is the set-up's restriction on it.
- SNO 14.55, 14.65: one die decides May's weather, 1-3 Good, 4-6 Mud (:func:`roll_weather`,
  at the beginning of the May game-turn, as 6.1.1 decides a month's weather).
- SNO 14.64: the Axis sets up the units of June 1941: no change of forces. The units whose
  counters say they are available from June 1941 are available from the start
  (:func:`available`).
"""

from __future__ import annotations

from ....core.protocol import roll, roll_result
from ..counters import Unit
from ..rules import Rules, State, set_unit
from ..setup import OptionSpec, starting_weather_roll
from .common import chosen, spec, value

OPTIONS = ("may-conservative", "may-daring")  # SNO 14.5, 14.6
WEATHER_RULE = {"may-conservative": "14.55", "may-daring": "14.65"}
ROLL = "roll-14.55"  # the weather plan's mark on May 1941: rolled as the month begins


def option(state: State) -> OptionSpec | None:  # SNO 14.5; # SNO 14.6
    """The May 1941 option the game uses, if any: the one the Axis player declared after the
    Soviet set-up (SNO 14.13: options/choice.py) in a game started from the scenario; in a
    state made by hand without that step, the one in its options."""
    if "may_permitted" in state:
        declared = state.get("may_declared")
        return spec(declared) if declared in OPTIONS else None
    for o in OPTIONS:
        if chosen(state, o):
            return spec(o)
    return None


def in_use(state: State, option_id: str) -> bool:
    """Whether the game uses this May option (:func:`option`)."""
    opt = option(state)
    return opt is not None and opt.id == option_id


def first_month(state: State) -> str | None:
    """SNO 14.52, 14.62: the month the campaign begins in with a May option (None: without)."""
    opt = option(state)
    return None if opt is None else str(value(opt.id, "start"))


def start(R: Rules, state: State) -> None:
    """The campaign's start moved to May 1941 (called once the June 1941 start is laid out)."""
    opt = option(state)
    if opt is None:
        return
    month = str(value(opt.id, "start"))
    state["turn"] = month  # SNO 14.52; # SNO 14.62 (the month)
    state["start_turn"] = month
    state["weather"] = None
    state["weather_plan"] = {**(state.get("weather_plan") or {}), month: ROLL}  # SNO 14.55
    for uid in opt.dispersed:  # SNO 14.53; # SNO 14.63
        if state["units"][uid]["at"] not in ("pool", "dead", "lost", "out", "reserve"):
            set_unit(state, uid, dispersed=True)
    if opt.relocate and opt.relocate_to:  # SNO 14.54: refitted, dispersed, in Lodz
        set_unit(state, opt.relocate, at=opt.relocate_to, flipped=False, dispersed=True)


def setup_area(R: Rules, state: State, uid: str) -> frozenset[str] | None:
    """SNO 14.54: the hexes a unit the option places may be set up in (Lodz and the hexes
    next to it), or None if the option does not restrict it - for the deployment's set-up."""
    opt = option(state)
    if opt is None or opt.relocate != uid or not opt.relocate_to:
        return None
    return frozenset({opt.relocate_to, *R.map.grid.neighbours(opt.relocate_to)})


def roll_weather(R: Rules, state: State) -> None:  # SNO 14.55; # SNO 14.65
    """SNO 14.55, 14.65: one die for May 1941's weather."""
    opt = option(state)
    assert opt is not None
    die = roll(state, 1, f"SNO {WEATHER_RULE[opt.id]} May 1941 weather")[0]
    weather = starting_weather_roll(opt)[die]
    state["weather"] = weather
    roll_result(state, weather)


def available(state: State, unit: Unit) -> bool:  # SNO 14.64
    """SNO 11.7, 12.11(2) and 14.64: a unit may be taken by now - in the May 1941 month of a
    May option, the units of the June 1941 campaign are."""
    month = state["turn"]
    if month == first_month(state):
        month = max(month, AVAILABLE_WITH_JUNE)
    return unit.available <= month


AVAILABLE_WITH_JUNE = "1941-06"  # SNO 14.64: the units normally available in June 1941


__all__ = ["available", "first_month", "in_use", "option", "roll_weather", "setup_area", "start"]
