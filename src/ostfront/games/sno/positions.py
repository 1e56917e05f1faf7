"""Custom Sturm Nach Osten positions (``ostfront new sno --position FILE``): units placed by
hand, at any month and phase.

Fields used from the position file (see ``ostfront.core.position``)::

    turn = "1941-07"            # the month (required)
    phase = "axis_omp"          # a phase of sequence.PHASES (default: the first side's RRP);
                                # the phase is entered as it begins (its automatic parts
                                # happen: the RRP's replacement factors, say)
    weather = "good"            # default: the month's fixed weather (6.1.2) or the plan's

    [pools.axis]
    rf = 3                      # replacement factors accumulated (11.3)

    [[units]]
    id = "sov-5-army"
    hex = "1321"
    status = ["dispersed"]      # any of dispersed, fortified, flipped (the back face up: a
                                # juggernaut's weaker side, armor unrefitted, a factory
                                # entrained, Zhukov's AD side); or a box instead of a hex:
                                # pool, reserve, dead, lost (see rules.BOXES)

    [extra]
    control = { "1306" = "soviet", "1816" = "none" }  # over 3.2.2's start
    seas = { "Black Sea" = "axis" }                   # who last controlled each (3.3)
    hungary_active = true                             # 5.5.11 (always, from 1942-04)
    no_retreat = { soviet = true, axis = ["1220"] }   # orders in force now (7.5.2)
    weather_plan = { "1942-03" = "mud" }              # months fixed by 6.1.3 rolls
    first = "soviet"                                  # the month's player-turn order (12.11)
    last_turn = "1942-12"                             # 15.7: end at this VDT
    entered = { "1816" = "axis" }                     # who last entered a city (3.2.3a;
                                                      # default: who controls it at the start)
    factories_lost = 0                                # 15.5 (at most the factories
                                                      # the position leaves out of play)

Units the file does not list are out of the game. Every ``[extra]`` field is typed and
bounded (:class:`Extra`) before its meaning is checked, whichever door the position came in
by (a position file, a record, an import).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, cast

from pydantic import BaseModel, Field

from ...core.errors import DataError
from ...core.position import EXTRA, MAX_EXTRA_ENTRIES, placements, typed_extra
from . import control, factories
from .movement_rules import HUNGARY_FROM, hungary_active, in_hungary
from .rules import BOXES, PHASES, SIDES, Rules, State, month_name, turn_title
from .stacking_limits import stacking_problems
from .units import NEVER_FORTIFY

STATUSES = ("dispersed", "fortified", "flipped")
EXTRA_KEYS = (
    "control", "seas", "hungary_active", "no_retreat", "weather_plan", "first", "last_turn",
    "entered", "factories_lost",
)  # fmt: skip
WEATHERS = ("good", "mud", "snow")

_Table = Annotated[dict[str, str], Field(max_length=MAX_EXTRA_ENTRIES)]


class Extra(BaseModel):
    """The types and bounds of ``[extra]``'s fields (what they mean is checked below)."""

    model_config = EXTRA
    control: _Table | None = None
    seas: _Table | None = None
    hungary_active: bool | None = None
    no_retreat: (
        dict[str, bool | Annotated[list[str], Field(max_length=MAX_EXTRA_ENTRIES)]] | None
    ) = None
    weather_plan: _Table | None = None
    first: str | None = None
    last_turn: str | None = None
    entered: _Table | None = None
    factories_lost: Annotated[int, Field(ge=0, le=MAX_EXTRA_ENTRIES)] | None = None


def from_position(R: Rules, state: State, position: Mapping[str, Any]) -> None:
    """Fill ``state`` from a validated position (``core.position``), or raise DataError
    naming every problem. Play then begins at its phase (``sequence.begin``)."""
    problems: list[str] = []
    units = _units(R, position, problems)
    typed = typed_extra(position.get("extra") or {}, Extra, problems)
    if typed is None:
        raise DataError("position", problems)
    extra = typed
    unknown = sorted(set(extra) - set(EXTRA_KEYS))
    if unknown:
        problems.append(f"extra: unknown {', '.join(unknown)} (known: {', '.join(EXTRA_KEYS)})")
    turn = position.get("turn")
    if not isinstance(turn, str):
        problems.append('turn: give the month, e.g. turn = "1941-07" (SNO 1.0: monthly turns)')
        turn = "1941-06"
    first = extra.get("first", "axis")
    if first not in SIDES:
        problems.append(f"extra.first: {first!r} is not axis or soviet")
        first = "axis"
    phase = position.get("phase") or f"{first}_rrp"
    if phase not in PHASES:
        problems.append(f"phase: {phase!r} is not one of {', '.join(PHASES)}")
    plan = _weather_plan(extra.get("weather_plan") or {}, problems)
    weather = position.get("weather") or _fixed_weather(R, turn, plan)
    if weather is None and phase != "weather":
        problems.append(f"weather: {month_name(turn)} has no fixed weather (SNO 6.1.2): give it")
    elif weather is not None and weather not in WEATHERS:
        problems.append(f"weather: {weather!r} is not one of {', '.join(WEATHERS)}")
    last_turn = extra.get("last_turn") or state["options"].get("end") or "1945-05"
    vdts = [row.turn for row in R.tables.spec.victory.rows]
    if last_turn not in vdts:
        problems.append(
            f"extra.last_turn: {last_turn!r} is not a Victory Determination Turn "
            f"({', '.join(vdts)}; SNO 15.7)"
        )
    elif isinstance(turn, str) and last_turn < turn:
        problems.append(f"extra.last_turn: {last_turn} is before the position's turn {turn}")
    held = _control(R, extra.get("control") or {}, problems)
    seas = _sides_of(extra.get("seas") or {}, "extra.seas", set(control.sea_areas(R)), problems)
    entered = _sides_of(extra.get("entered") or {}, "extra.entered", set(held), problems)
    # SNO 3.2.2 'already control': the side holding a city at the start last entered it
    entered = {h: s for h, s in held.items() if s != "none"} | entered
    # SNO 5.5.11: the flag zoc, combat, control and supply read - set from April 1942 on
    hungary = hungary_active(
        cast(State, {"turn": turn, "hungary_active": extra.get("hungary_active")})  # all it reads
    )
    if hungary and extra.get("hungary_active") is False:
        problems.append(
            f"extra.hungary_active: Hungary is active from {turn_title(HUNGARY_FROM)} "
            "(SNO 5.5.11, 11.19)"
        )
    # SNO 5.5.11: a Soviet unit in Hungary moved (or retreated) into it, which activated it
    inside = sorted(
        u for u, d in units.items() if R.unit(u).side == "soviet" and in_hungary(R, d["at"])
    )
    if inside and extra.get("hungary_active") is False:
        problems.append(
            f"extra.hungary_active: {', '.join(inside)} in Hungary activated it (SNO 5.5.11)"
        )
    hungary = hungary or bool(inside)
    no_retreat = _no_retreat(R, extra.get("no_retreat"), problems)
    lost = extra.get("factories_lost") or 0
    out = [u for u in factories.factory_ids(R) if units[u]["at"] == "out"]
    if lost > len(out):
        problems.append(
            f"extra.factories_lost: {lost} factories lost, but the position leaves "
            f"{len(out)} of {len(factories.factory_ids(R))} out of play (SNO 15.5)"
        )
    _stacks(R, units, problems)
    if problems:
        raise DataError("position", problems)
    pools = position.get("pools") or {}
    state.update(
        play_state(
            turn=turn,
            phase=phase,
            first=first,
            last_turn=last_turn,
            weather=weather,
            weather_plan=plan,
            units=units,
            control={h: s for h, s in held.items() if s != "none"},
            entered=entered,
            seas=seas,
            rf={s: int((pools.get(s) or {}).get("rf", 0)) for s in SIDES},
            no_retreat=no_retreat,
            hungary_active=hungary,
            factories_lost=lost,
            leningrad_rule=bool(state["options"].get("leningrad")),
        )
    )
    control.update(R, state)  # SNO 3.2.3-3.2.4, 3.3: what the position's units imply


def play_state(
    *,
    turn: str,
    phase: str,
    first: str,
    last_turn: str,
    weather: str | None,
    units: dict[str, Any],
    weather_plan: Mapping[str, str] | None = None,
    control: Mapping[str, str] | None = None,
    entered: Mapping[str, str] | None = None,
    seas: Mapping[str, Any] | None = None,
    rf: Mapping[str, int] | None = None,
    no_retreat: Mapping[str, Any] | None = None,
    hungary_active: bool = False,
    factories_lost: int = 0,
    leningrad_rule: bool = False,
) -> State:
    """The game-specific keys of a state about to be played (the layout: state.py), for a
    custom position and for a scenario's start (deployment.py) alike."""
    return {  # type: ignore[typeddict-item]  # the game's keys only: the core's are set
        "turn": turn,
        "start_turn": turn,
        "phase": phase,
        "first": first,
        "last_turn": last_turn,
        "weather": weather,
        "weather_plan": dict(weather_plan or {}),
        "units": units,
        "control": dict(control or {}),
        "entered": dict(entered or {}),
        "seas": dict(seas or {}),
        "rf": dict(rf or {s: 0 for s in SIDES}),  # SNO 12.13: none accumulated at a start
        "no_retreat": dict(no_retreat or {"soviet": False, "axis": []}),
        "orders": None,
        "hungary_active": hungary_active,
        "siege": {},
        "omp": None,
        "combat": None,
        "entered_rrp": {},
        "pending": None,
        "factories_lost": factories_lost,
        "leningrad_rule": leningrad_rule,  # SNO 13.0: the option, read by siege.py
        "winner": None,
    }


def _units(R: Rules, position: Mapping[str, Any], problems: list[str]) -> dict[str, Any]:
    units: dict[str, dict[str, Any]] = {
        u: {"at": "out", "dispersed": False, "fortified": False} for u in R.counters.units
    }
    placed = placements(
        position, R.counters.units, BOXES, R.map.grid.contains, "Sturm Nach Osten", problems
    )
    for where, uid, at, status in placed:
        unit = R.unit(uid)
        if at not in BOXES and R.map.terrain_of(at) in ("sea", "lake"):
            problems.append(f"{where}: hex: {at} is {R.map.terrain_of(at)}, not land")
        unknown = [s for s in status if s not in (*BOXES, *STATUSES)]
        if unknown:
            problems.append(f"{where}: status: unknown {', '.join(unknown)}")
        fortified = "fortified" in status
        if fortified and unit.type in NEVER_FORTIFY:
            problems.append(f"{where}: status: a {unit.type} unit may never fortify (SNO 10.7)")
        if fortified and "dispersed" in status:
            problems.append(f"{where}: status: dispersed units may not fortify (SNO 10.7.1)")
        record = {"at": at, "dispersed": "dispersed" in status, "fortified": fortified}
        if "flipped" in status:
            if unit.back_is in (None, "fortified"):
                problems.append(
                    f"{where}: status: flipped is the back face of a juggernaut, armor unit, "
                    "factory or Zhukov (SNO 10.1, 10.3, 10.4.8, 10.6.7); this unit has none"
                )
            record["flipped"] = True
        units[uid] = record
    return units


def _fixed_weather(R: Rules, turn: Any, plan: Mapping[str, str]) -> str | None:
    if not isinstance(turn, str):
        return "good"
    fixed_months = cast(Mapping[str, str], R.tables.spec.weather.fixed)
    fixed = fixed_months.get(month_name(turn))
    return fixed or plan.get(turn)


def _weather_plan(raw: Mapping[str, Any], problems: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for month, weather in raw.items():
        ok = isinstance(month, str) and len(month) == 7 and month[4] == "-"
        if not ok or weather not in (*WEATHERS, "roll"):
            problems.append(f"extra.weather_plan: {month} = {weather!r} is not a month and weather")
        else:
            out[month] = weather
    return out


def initial_control(R: Rules) -> dict[str, str]:
    """SNO 3.2.2: each player controls the Major and Victory cities on his own side of the
    1941 border (a position states any other control in ``extra.control``)."""
    return {
        h: ("soviet" if control.soviet_side_of_1941(R, h) else "axis")
        for h in control.controlled_cities(R)
    }


def _control(R: Rules, raw: Mapping[str, Any], problems: list[str]) -> dict[str, str]:
    control = initial_control(R)
    for h, side in raw.items():
        if h not in control:
            problems.append(f"extra.control: {h} is not a Major or Victory city (SNO 3.2)")
        elif side not in (*SIDES, "none"):
            problems.append(f"extra.control: {h} = {side!r} is not axis, soviet or none")
        else:
            control[h] = side
    return control


def _sides_of(
    raw: Mapping[str, Any], where: str, known: set[str], problems: list[str]
) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, side in raw.items():
        if key not in known:
            problems.append(f"{where}: {key!r} is not one of {', '.join(sorted(known))}")
        elif side not in SIDES:
            problems.append(f"{where}: {key} = {side!r} is not axis or soviet")
        else:
            out[key] = side
    return out


def _no_retreat(R: Rules, raw: Any, problems: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {"soviet": False, "axis": []}
    if raw is None:
        return out
    if not isinstance(raw, Mapping) or set(raw) - {"soviet", "axis"}:
        problems.append('extra.no_retreat: give { soviet = true|false, axis = ["hex", ...] }')
        return out
    out["soviet"] = bool(raw.get("soviet", False))
    hexes = raw.get("axis", [])
    if not isinstance(hexes, list) or not all(
        isinstance(h, str) and R.map.grid.contains(h) for h in hexes
    ):
        problems.append("extra.no_retreat.axis: a list of hexes on the map")
    else:
        out["axis"] = sorted(hexes)
    return out


def _stacks(R: Rules, units: Mapping[str, Any], problems: list[str]) -> None:
    """A position may be overstacked (the end-of-phase check deals with it, 4.3), but never
    holds units of both sides in one hex (4.4) nor Hungarians with Romanians (4.6)."""
    by_hex: dict[str, list[Any]] = {}
    for uid, d in units.items():
        if d["at"] not in BOXES:
            by_hex.setdefault(d["at"], []).append(R.unit(uid))
    for h, here in sorted(by_hex.items()):
        for p in stacking_problems(here):
            if "SNO 4.4" in p or "SNO 4.6" in p:
                problems.append(f"units in {h}: {p}")
