"""Custom Defiant Russia positions (``ostfront new dr --position FILE``): units placed by hand,
and every fact of the game's history the rules read.

Fields used from the position file (see ``ostfront.core.position``): ``turn`` (default 1),
``phase`` (default ``axis_move``), ``weather`` (default: the historical weather of the turn),
``units`` (``id``, ``hex``, ``status``: any of ``reduced`` — for a unit with a reduced side,
or a fleet (11.5.6A) —, ``oos``, or a box — ``reserve``, ``dead``, ``lost``, ``removed`` —
instead of a hex), ``pools`` (per side: ``air``, the Air
Points left this turn, 11.7B; ``replacements``, the replacement points left, in an
Organization Phase only, 10.1). Units the file does not list are out of play. A position in
a scenario with its own card (``scenario = "defiant-poland"``) starts from the card's control
and plays by the card's rules.

The game's history, in ``[extra]`` (each optional; the default is a game in which it has
not happened)::

    control = {"1810" = "axis"}      # hex -> side, over the control of DR 6.4
    fortresses_lost = ["1810"]       # 9.1.8E: fortresses an Axis unit has occupied (one an
                                     #   Axis ground unit stands in is lost without saying)
    stalin = "dead"                  # 13.0D: "alive" or "dead" (his counter is then lost;
                                     #   Stalin placed in the dead or lost box is dead)
    start_stacks = {"1407" = ["ger-i-inf", "ger-xli-pz", "ger-lvi-pz"]}
                                     # 12.1: stacks of three Germans set up under Axis
                                     #   Preparation none of whose units has moved since
    snow_turns = 2                   # 8.3.4: Snow turns begun so far, this one included
                                     #   (default: 1 in Snow, else 0)
    turkey_at_war = true             # 12.5: Turkey has joined the Axis (defiant-turkey)
    turkey_invaded = true            # 12.5A: a Soviet unit has entered Turkey
    moved = ["ger-i-inf"]            # units that have moved (movement) or attacked or been
                                     #   attacked (combat) in this phase (6.0, 7.1C)
    rail_moved = ["ger-i-inf"]       # 6.5A: units moved by rail in this movement phase
    attacked_hexes = ["1811"]        # 7.1C: hexes attacked in this combat phase
    zhukov_hexes = ["1811"]          # 11.6.4: hexes Zhukov has helped in this combat phase
    fleet_air = {"sov-baltic-fleet" = 2}   # 11.5.4: Air Points spent on a fleet this phase
    airborne_drops = [{unit = "sov-airborne", turn = 7, phase = "soviet_move"}]
                                     # 11.3.1F, 11.3.2F: drops made (once a game)
    airborne_moved = {"sov-airborne" = 7}  # 11.3.1E: the turn it last moved otherwise
    weakened = ["sov-4-tank"]        # 12.3B: units flipped at an Early Start set-up
    armor_replaced = 1               # 10.1.3C, 10.1.4E-F: Armor units given replacements
                                     #   in this Organization Phase
    rebuilt = ["sov-10-army"]        # 10.1.1C: units rebuilt or restored in this phase
    entered_at = ["3111"]            # 10.2D: hexes Soviet reinforcements entered at

Every fact is checked against the rest of the position, and each problem is reported with the
field it is in (``extra.fortresses_lost: 1234 is not a fortress hex ...``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any, cast

from pydantic import BaseModel, Field

from ...core.errors import DataError
from ...core.position import EXTRA, MAX_EXTRA_ENTRIES, placements, typed_extra
from .charts import armor_replacement_limit, rail_capacity, weather_for
from .control import initial_control
from .organization import enter
from .rules import BOXES, PHASES, Rules, State, ground_units_at, phase_side
from .scenario import SCENARIOS, load_scenario
from .setting_up import play_state, scenario_card
from .stacking import AXIS_PREPARATION_LIMIT, stacking_problems
from .state import Drop, UnitRecord

#: The ``[extra]`` keys a position may state (anything else is a mistake, named as such).
EXTRA_KEYS = (
    "control",
    "fortresses_lost",
    "stalin",
    "start_stacks",
    "snow_turns",
    "turkey_at_war",
    "turkey_invaded",
    "moved",
    "rail_moved",
    "attacked_hexes",
    "zhukov_hexes",
    "fleet_air",
    "airborne_drops",
    "airborne_moved",
    "weakened",
    "armor_replaced",
    "rebuilt",
    "entered_at",
)
WEATHERS = ("clear", "light_mud", "mud", "snow")

_Names = Annotated[list[str], Field(max_length=MAX_EXTRA_ENTRIES)]
_Count = Annotated[int, Field(ge=0, le=MAX_EXTRA_ENTRIES)]


class Extra(BaseModel):
    """The types and bounds of ``[extra]``'s fields (what they mean is checked below)."""

    model_config = EXTRA
    control: Annotated[dict[str, str], Field(max_length=MAX_EXTRA_ENTRIES)] | None = None
    fortresses_lost: _Names | str | None = None
    stalin: str | None = None
    start_stacks: Annotated[dict[str, _Names], Field(max_length=MAX_EXTRA_ENTRIES)] | None = None
    snow_turns: _Count | None = None
    turkey_at_war: bool | None = None
    turkey_invaded: bool | None = None
    moved: _Names | None = None
    rail_moved: _Names | None = None
    attacked_hexes: _Names | None = None
    zhukov_hexes: _Names | None = None
    fleet_air: Annotated[dict[str, _Count], Field(max_length=MAX_EXTRA_ENTRIES)] | None = None
    airborne_drops: (
        Annotated[list[dict[str, str | int]], Field(max_length=MAX_EXTRA_ENTRIES)] | None
    ) = None
    airborne_moved: Annotated[dict[str, _Count], Field(max_length=MAX_EXTRA_ENTRIES)] | None = None
    weakened: _Names | None = None
    armor_replaced: _Count | None = None
    rebuilt: _Names | None = None
    entered_at: _Names | None = None


POOL_KEYS = ("air", "replacements")


def from_position(R: Rules, state: State, position: Mapping[str, Any]) -> None:
    problems: list[str] = []
    units: dict[str, UnitRecord] = {
        u: {"at": "out", "reduced": False, "oos": False} for u in R.counters.units
    }
    placed = placements(
        position, R.counters.units, BOXES, R.map.grid.contains, "Defiant Russia", problems
    )
    for where, uid, at, status in placed:
        unknown = [s for s in status if s not in (*BOXES, "reduced", "oos")]
        if unknown:
            problems.append(f"{where}: status: unknown {', '.join(unknown)}")
        unit = R.unit(uid)
        # DR 7.2: only a unit with a reduced side is reduced; DR 11.5.6A: and a fleet, the
        # Baltic Fleet having none (reduced, it has no combat factor)
        if "reduced" in status and unit.reduced is None and unit.type != "fleet":
            problems.append(
                f"{where}: status: reduced, but {unit.name} has no reduced side "
                f"({'a leader' if unit.is_leader else 'one step'}, DR 7.2)"
            )
        units[uid] = {"at": at, "reduced": "reduced" in status, "oos": "oos" in status}
    turn = 1 if position.get("turn") is None else int(position["turn"])
    phase = position.get("phase") or "axis_move"
    if phase not in PHASES:
        problems.append(f"phase: {phase!r} is not one of {', '.join(PHASES)}")
    weather = position.get("weather") or weather_for(R.charts, turn)
    if weather not in WEATHERS:
        problems.append(f"weather: {weather!r} is not one of {', '.join(WEATHERS)}")
    typed = typed_extra(position.get("extra") or {}, Extra, problems)
    if typed is None:
        raise DataError("position", problems)
    extra = typed
    for key in sorted(set(extra) - set(EXTRA_KEYS)):
        problems.append(
            f"extra.{key}: not a Defiant Russia position field ({', '.join(EXTRA_KEYS)})"
        )
    scenario = state["scenario"]
    if scenario in SCENARIOS:  # a scenario with its own card (Defiant Poland): its control
        control = dict(sorted(load_scenario(scenario).control.items()))
    else:
        control = initial_control(R)  # DR 6.4A-B
    for h, side in (extra.get("control") or {}).items():
        if side not in ("axis", "soviet") or not R.map.grid.contains(h):
            problems.append(f"extra.control: {h} = {side!r} is not a hex and a side")
        else:
            control[h] = side
    pools = {s: {"air": 0, "replacements": 0, "rail": 0} for s in ("axis", "soviet")}
    for side, values in (position.get("pools") or {}).items():
        if side not in pools:
            problems.append(f"pools.{side}: not a side (axis, soviet)")
            continue
        for key, n in values.items():
            if key == "rail":
                problems.append(
                    f"pools.{side}.rail: state the units moved by rail this phase as "
                    "extra.rail_moved (6.5A)"
                )
            elif key not in POOL_KEYS:
                problems.append(f"pools.{side}.{key}: not a pool ({', '.join(POOL_KEYS)})")
            elif n < 0:
                problems.append(f"pools.{side}.{key}: {n} is below zero")
            elif key == "replacements" and n and phase != f"{side}_org":
                problems.append(
                    f"pools.{side}.replacements: replacement points are spent in the "
                    f"{side} Organization Phase (10.1), not in {phase}"
                )
            else:
                pools[side][key] = n
    if problems:
        raise DataError("position", problems)
    state.update(play_state(units, control, turn=turn, phase=phase, weather=weather, pools=pools))
    if scenario in SCENARIOS:
        state["card"] = scenario_card(scenario)
    problems += history(R, state, extra)
    if problems:
        raise DataError("position", problems)
    if phase.endswith("_org"):
        enter(R, state)
        side = phase_side(phase)
        if side is not None and (position.get("pools") or {}).get(side, {}).get("replacements"):
            state["org"]["points"] = pools[side]["replacements"]
            state["org"]["step"] = "replacements"
    problems += organization_history(R, state, extra)
    if problems:
        raise DataError("position", problems)


def organization_history(R: Rules, state: State, extra: Mapping[str, Any]) -> list[str]:
    """What has happened so far in the Organization Phase the position is in (10.1, 10.2)."""
    keys = [k for k in ("armor_replaced", "rebuilt", "entered_at") if extra.get(k)]
    phase = state["phase"]
    side = phase_side(phase)
    if not keys:
        return []
    if not phase.endswith("_org") or side is None:
        return [f"extra.{k}: only in an Organization Phase, not {phase}" for k in keys]
    problems: list[str] = []
    org = state["org"]
    # DR 10.1.3C, 10.1.4E-F: a turn's limit of Armor units receiving replacements
    n = extra.get("armor_replaced", 0)
    limit = armor_replacement_limit(R.charts, side, state["turn"])
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= limit:
        problems.append(
            f"extra.armor_replaced: {n!r} is not a number from 0 to the {side} limit of "
            f"{limit} on turn {state['turn']}"
        )
    else:
        org["armor"] = n
    rebuilt = extra.get("rebuilt", [])
    for uid in rebuilt:
        if uid not in R.counters.units or R.unit(uid).side != side:
            problems.append(f"extra.rebuilt: {uid!r} is not a {side} unit")
    if not problems:
        org["rebuilt"] = list(rebuilt)  # DR 10.1.1C
    for h in extra.get("entered_at", []):
        if side != "soviet":
            problems.append("extra.entered_at: only Soviet reinforcements enter by cities (10.2D)")
            break
        place = R.map.place(h) if isinstance(h, str) else None
        if place is None:
            problems.append(f"extra.entered_at: {h!r} is not a city hex")
        else:
            org.setdefault("entered_at", []).append(h)  # DR 10.2D: one per major city
    return problems


# ------------------------------------------------------------------ the facts of history
def history(R: Rules, state: State, extra: Mapping[str, Any]) -> list[str]:
    """Write the position's facts of history into ``state``; the problems found, if any."""
    problems: list[str] = []
    phase, turn = state["phase"], state["turn"]
    side = phase_side(phase)

    def ids(key: str, test: Callable[[str], str | None] = lambda u: None) -> list[str]:
        """A list of unit ids under ``extra.key``; ``test`` names what is wrong with one."""
        value = extra.get(key, [])
        if not isinstance(value, list):
            problems.append(f"extra.{key}: give a list of unit ids")
            return []
        out = []
        for uid in value:
            if uid not in R.counters.units:
                problems.append(f"extra.{key}: {uid!r} is no Defiant Russia unit")
                continue
            wrong = test(uid)
            if wrong:
                problems.append(f"extra.{key}: {uid} {wrong}")
                continue
            out.append(uid)
        return out

    def on_map(uid: str) -> str | None:
        at = state["units"][uid]["at"]
        return None if at not in BOXES else f"is not on the map (units: it is {at})"

    def phasing(uid: str) -> str | None:
        if R.unit(uid).side != side:
            return f"is not a unit of the phasing side ({side or 'none'} in {phase})"
        return on_map(uid)

    # DR 9.1.8E: a fortress once occupied by an Axis unit has lost its benefits for good
    fortresses = sorted(h for h, p in R.map.places.items() if p.is_("fortress"))
    lost = extra.get("fortresses_lost", [])
    for h in lost if isinstance(lost, list) else [lost]:
        if h not in fortresses:
            problems.append(
                f"extra.fortresses_lost: {h!r} is not a fortress hex (fortresses: "
                + ", ".join(f"{R.map.places[f].name} {f}" for f in fortresses)
                + ")"
            )
        elif h not in state["fortress_lost"]:
            state["fortress_lost"].append(h)
    for h in fortresses:  # an Axis ground unit in it now has occupied it: lost, said or not
        if h not in state["fortress_lost"] and ground_units_at(R, state, h, "axis"):
            state["fortress_lost"].append(h)  # DR 9.1.8E
    state["fortress_lost"].sort()

    # DR 13.0D: Stalin's fate
    stalin_id = next((u for u, c in R.counters.units.items() if c.name == "Stalin"), None)
    stalin_at = "out" if stalin_id is None else state["units"][stalin_id]["at"]
    stalin = extra.get("stalin", "dead" if stalin_at in ("dead", "lost") else "alive")
    if stalin not in ("alive", "dead"):
        problems.append(f"extra.stalin: {stalin!r} is not 'alive' or 'dead'")
    elif stalin == "dead":
        if stalin_id is None:
            problems.append("extra.stalin: Stalin is not in this scenario")
        elif stalin_at not in BOXES:
            problems.append(f"extra.stalin: Stalin is dead, but units place him in {stalin_at}")
        else:
            state["units"][stalin_id] = {**state["units"][stalin_id], "at": "lost"}  # as kill
            state["stalin"] = "dead"
    elif stalin_at in ("dead", "lost"):  # DR 11.6C: a leader eliminated is killed
        problems.append(
            f"extra.stalin: Stalin is alive, but units place him in the {stalin_at} box "
            "(13.0D: a leader eliminated is dead, 11.6C)"
        )

    # DR 12.1: stacks of three set up under Axis Preparation, unmoved since
    problems += start_stacks(R, state, extra.get("start_stacks") or {})

    # DR 8.3.4: the first Snow turn (Soviet attacks hit on 5-6) is told by the count
    if "snow_turns" in extra:
        n = extra["snow_turns"]
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            problems.append(f"extra.snow_turns: {n!r} is not a number of turns")
        elif state["weather"] == "snow" and n < 1:
            problems.append("extra.snow_turns: this turn is a Snow turn, so at least 1 has begun")
        elif n > turn + (1 if state["weather"] == "snow" else 0):  # turns 0 (May) to this
            problems.append(f"extra.snow_turns: {n} Snow turns cannot have begun by turn {turn}")
        else:
            state["snow_turns"] = n

    # DR 12.5: Turkey
    for key in ("turkey_at_war", "turkey_invaded"):
        if key not in extra:
            continue
        if not isinstance(extra[key], bool):
            problems.append(f"extra.{key}: {extra[key]!r} is not true or false")
        elif extra[key] and not state["options"].get("defiant-turkey"):
            problems.append(f"extra.{key}: Turkey takes part only with the defiant-turkey option")
        elif extra[key]:
            state[key] = True

    # what has happened in this phase: units moved (# DR 6.0) or in a battle (# DR 7.1C),
    # and units moved by rail (# DR 6.5A)
    moving = phase.endswith(("_move", "_exploit"))
    fighting = phase.endswith("_combat")
    moved = ids("moved", phasing if moving else on_map)
    if moved and not (moving or fighting):
        problems.append(
            f"extra.moved: units move or fight in a movement or combat phase, not {phase}"
        )
    rail_moved = ids("rail_moved", phasing)
    if rail_moved:
        if not phase.endswith("_move"):
            problems.append(
                f"extra.rail_moved: rail moves are made in a movement phase (6.5B), not {phase}"
            )
        elif side is not None and len(rail_moved) > rail_capacity(R.charts, side, state["weather"]):
            limit = rail_capacity(R.charts, side, state["weather"])
            problems.append(
                f"extra.rail_moved: {len(rail_moved)} units, but the {side} may move {limit} "
                f"by rail in {state['weather']} (6.5A, 8.3.4)"
            )
        else:
            state["movement"] = {
                "phase": f"{turn}:{phase}",
                "selected": None,
                "leave": [],
                "rail": rail_moved,
                "control_before": {},
            }
    state["done"] = sorted({*moved, *rail_moved})
    attacked = extra.get("attacked_hexes", [])
    zhukov = extra.get("zhukov_hexes", [])
    fleet_air = extra.get("fleet_air", {})
    for key, hexes in (("attacked_hexes", attacked), ("zhukov_hexes", zhukov)):
        if not hexes:
            continue
        if not fighting:
            problems.append(f"extra.{key}: hexes are attacked in a combat phase, not {phase}")
        for h in hexes:
            if not isinstance(h, str) or not R.map.grid.contains(h):
                problems.append(f"extra.{key}: {h!r} is not a hex on the map")
    if attacked and fighting:
        state["hexes_attacked"] = sorted(set(attacked))
    book: dict[str, Any] = {"turn": turn, "phase": phase}
    if zhukov and fighting:
        book["zhukov_hexes"] = sorted(set(zhukov))
    if fleet_air:
        if not fighting:
            problems.append(f"extra.fleet_air: fleets are attacked in a combat phase, not {phase}")
        for fleet, n in fleet_air.items():
            if fleet not in R.counters.units or R.unit(fleet).type != "fleet":
                problems.append(f"extra.fleet_air: {fleet!r} is not a fleet")
            elif not isinstance(n, int) or n < 0:
                problems.append(f"extra.fleet_air: {fleet} = {n!r} is not a number of Air Points")
        book["fleet_air"] = dict(fleet_air)
    if len(book) > 2:
        state["combat"] = book

    # DR 11.3: airborne drops (once a game) and airborne units that moved otherwise
    drops = extra.get("airborne_drops", [])
    for i, d in enumerate(drops if isinstance(drops, list) else [drops], start=1):
        where = f"extra.airborne_drops[{i}]"
        if not isinstance(d, Mapping) or set(d) != {"unit", "turn", "phase"}:
            problems.append(f"{where}: give unit, turn and phase")
        elif d["unit"] not in R.counters.units or R.unit(d["unit"]).type != "airborne":
            problems.append(f"{where}: {d['unit']!r} is not an airborne unit")
        elif not isinstance(d["turn"], int) or not 0 <= d["turn"] <= turn:
            problems.append(f"{where}: turn {d['turn']!r} is not a turn up to this one ({turn})")
        elif d["phase"] not in PHASES or not str(d["phase"]).endswith(("_move", "_exploit")):
            problems.append(f"{where}: {d['phase']!r} is not a movement phase")
        else:
            state.setdefault("airborne_drops", []).append(cast(Drop, dict(d)))  # checked
    moved_air = extra.get("airborne_moved", {})
    for uid, t in moved_air.items() if isinstance(moved_air, Mapping) else []:
        if uid not in R.counters.units or R.unit(uid).type != "airborne":
            problems.append(f"extra.airborne_moved: {uid!r} is not an airborne unit")
        elif not isinstance(t, int) or not 0 <= t <= turn:
            problems.append(f"extra.airborne_moved: {uid} = {t!r} is not a turn up to {turn}")
        else:
            state.setdefault("airborne_moved", {})[uid] = t

    # DR 12.3B: an Early Start set-up flips up to three Soviet units
    weakened = ids("weakened", lambda u: None if R.unit(u).side == "soviet" else "is not Soviet")
    if weakened:
        if len(weakened) > 3:
            problems.append(f"extra.weakened: {len(weakened)} units; Early Start flips three")
        elif not state["options"].get("early-start"):
            problems.append("extra.weakened: units are flipped only with the early-start option")
        else:
            state["weakened"] = weakened
    return problems


def start_stacks(R: Rules, state: State, stacks: Mapping[str, list[str]]) -> list[str]:
    """DR 12.1: the stacks of three German units set up under Axis Preparation none of whose
    units has left its hex since (they keep the set-up's limit of three), written into
    ``state``; the problems found, if any."""
    if not stacks:
        return []
    if not state["options"].get("axis-preparation"):
        return ["extra.start_stacks: stacks of three set up only with the axis-preparation option"]
    problems: list[str] = []
    kept: dict[str, list[str]] = {}
    for h, uids in sorted(stacks.items()):
        where = f"extra.start_stacks.{h}"
        wrong = [u for u in uids if u not in R.counters.units]
        if wrong:
            problems.append(f"{where}: {', '.join(map(repr, wrong))} is no Defiant Russia unit")
            continue
        away = [u for u in uids if state["units"][u]["at"] != h]
        if away:
            problems.append(f"{where}: {', '.join(away)} do not stand in {h} (units)")
        elif sorted(uids) != ground_units_at(R, state, h) or len(uids) != AXIS_PREPARATION_LIMIT:
            problems.append(
                f"{where}: give the {AXIS_PREPARATION_LIMIT} ground units that stand in {h}"
            )
        elif stacking_problems((R.unit(u) for u in uids), axis_preparation=True):
            problems.append(f"{where}: Axis Preparation stacks three German units only")
        else:
            kept[h] = sorted(uids)
    if kept and not problems:
        state["start_stacks"] = kept
    return problems
