"""SNO 12.0 The Scenarios: a scenario's start (12.A with Appendix II, 12.B-E, 12.4-12.13) and
the set-up steps before its first month (12.11-12.12), the handler of the "setup" phases.

:func:`start` fills a new game's state from ``data/scenarios.toml``: every unit the scenario
places on its hex (Appendix II's Soviets, factories, garrisons and Zhukov; the reconstructed
Axis placement of 12.A(3), docs/data/sno-setup.md), the reinforcements in the "reserve" box
(11.15), every other counter in the "pool" (11.7; juggernauts there may be formed, 10.1.7),
juggernauts weaker side up (12.6), the armor of the player setting up first unrefitted and of
the player moving first refitted (12.7), factories not entrained (12.9), Zhukov on his D side
(10.6.1), no replacement factors (12.13: the first month's come in its RRP, 12.A(6)a), control
by the front line (3.2.2, 12.11(5)) and the seas by the scenario's data (3.3).

Then each player sets up, the one moving second first (12.12: "soviet_setup", then
"axis_setup" in June 1941), with these actions:

- ``pick UNIT`` then ``place HEX`` (or ``back``): a unit whose hex the scenario does not fix
  goes to any other hex of its set-up area (12.A(3): the Hungarian in Hungary, the Romanians
  in Romania, German infantry or mountain infantry in Germany or - three stacking points at
  most - Romania, every other unit in Germany, none in Memel) within the stacking limits
  (4.2, 4.6; 12.12: enemy ZOC does not matter);
- ``fortify UNIT`` / ``defortify UNIT``: 12.8, not for a side the scenario forbids it
  (12.A(6)b: no Soviet unit);
- ``order ...`` / ``cancel HEX``: 12.10, the No Retreat orders of the player setting up first
  (the non-phasing player of the first player-turn: 7.5.2b all or none for the Soviets),
  declared as at the end of a player-turn (combat/orders.py) and in force in the first one;
- ``end``: offered once the side's set-up holds (forces.problems: 12.B-E's totals, minimums,
  allies and 12.D(3)'s concentrations; the prompt names each shortfall's rule).

In a later scenario (12.B-E) the units a side may take toward its total wait in the "pool"
(forces.py): ``pick UNIT`` takes one and ``place HEX`` sets it up on the side's side of the
scenario's front line, less the hexes it bars (12.11(3)), with the face 12.6-12.7 give it;
``unplace`` sends a taken unit back; ``historical`` takes the side's historical forces and
set-up in one action (historical.py).

With a Soviet start option (14.21, 14.32, 14.42: :func:`free_setup`) the Soviet combat units
set up anywhere within the 1941 Russian borders (factories, garrisons and Zhukov as App. II):
``historical`` puts them back on App. II (14.2, 14.3); under 14.4 they are chosen from the
pool toward 14.42's total (forces.option_need), every border hex to be covered
(forces.uncovered), and ``auto`` takes a ready-made legal set-up (:func:`ready_made`). Once
both have set up (:func:`finish`): control by
12.11(5), the reinforcements not taken, and 12.D(6)c's refit roll.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from typing import Any, cast

from ...core.memo import per_components
from ...core.phases import DONE, Outcome
from ...core.protocol import Action, NotPlayable, Prompt, roll, roll_result
from . import control, forces, historical
from .combat import orders
from .counters import Unit
from .movement_rules import hungary_active, may_enter
from .options import choice, may1941
from .positions import play_state
from .rules import (
    BOX_SET,
    Rules,
    State,
    hex_of,
    hex_title,
    kept,
    occupancy,
    set_unit,
    side_units,
    unit_title,
)
from .setup import (
    OptionSpec,
    ScenarioSpec,
    campaign_area_problem,
    load_scenarios,
    romania_limit,
    romania_points,
    side_at_start,
    starting_seas,
    starting_weather,
    starting_weather_plan,
)
from .stacking_limits import stacking_problems
from .units import defortify, fortify, may_defortify, may_fortify
from .victory import end_choices

PENDING_KINDS = ("setup_pick",)
LAST_VDT = "1945-05"  # SNO 12.2: to May 1945 unless the players agree otherwise (15.7)


# ------------------------------------------------------------------ the start (12.A, 12.4-12.13)
def scenario(state: State) -> ScenarioSpec:
    return load_scenarios().scenario(str(state["scenario"]))


def flipped_at_start(unit: Unit, first: str) -> bool:
    """The face a unit begins with: juggernauts weaker side up (SNO 12.6); the armor of the
    player moving first refitted, of the player setting up first unrefitted (SNO 12.7 - read
    over 10.3.2's "always refitted", as the rule for scenario starts: 10.3.2 keeps the
    refitted factor as the replacement cost); factories not entrained (SNO 12.9); Zhukov on
    his D side (SNO 10.6.1)."""
    if unit.juggernaut:
        return True  # SNO 12.6
    if unit.is_armor_type:
        return unit.side != first  # SNO 12.7
    return False  # SNO 12.9, 10.6.1


def starting_units(R: Rules, scen: ScenarioSpec) -> dict[str, dict[str, Any]]:
    """The units table at the scenario's start (see the module's docstring)."""
    placed = {p.unit: p.hex for p in scen.placement.units}
    units: dict[str, dict[str, Any]] = {}
    for uid, unit in sorted(R.counters.units.items()):
        at = placed.get(uid) or starting_box(scen, unit)
        rec: dict[str, Any] = {"at": at, "dispersed": False, "fortified": False}
        if uid in placed and flipped_at_start(unit, scen.first):
            rec["flipped"] = True
        units[uid] = rec
    return units


#: SNO 11.18: the Italian 8th Army leaves the game in October 1943, never to come back.
ITALIANS_WITHDRAWN = "1943-10"


def starting_box(scen: ScenarioSpec, unit: Unit) -> str:
    """Where a unit the scenario does not place waits:

    - "lost": eliminated before the start (12.x(4)) or permanently (12.D(2), 12.E(2): the
      excluded armies; 11.18: the Italian 8th Army from October 1943);
    - "east": a factory evacuated and producing there (12.B-E(4), 10.4.8);
    - "reserve": a reinforcement yet to arrive (11.15; in 12.B-E one of the start month or
      before may be taken instead);
    - "out": a factory, garrison or Zhukov the scenario leaves out (12.x(4)-(5));
    - "dead": an Axis ally the scenario's forces leave out (12.D(2), 12.E(2): eliminated
      before the start, so 11's April unit may bring it back);
    - else the "pool" (11.7; juggernauts there may be formed, 10.1.7; in 12.B-E the units a
      player may take toward his total, 12.11(2)).

    SNO Appendix II, 12.4 and 12.A(3)-(5) place the rest: the scenario's placements
    (``data/scenarios.toml``)."""
    # SNO Appendix II: the hexes are data; # SNO 12.4: Berlin's garrison, Zhukov in Moscow
    if unit.id in scen.factories.eliminated:
        return "lost"
    if unit.id in scen.factories.evacuated:
        return "east"  # SNO 12.B(4): evacuated to the east and in production
    f = scen.forces.get(unit.side)  # type: ignore[call-overload]
    if f is not None and unit.id in f.exclude:
        return "lost"  # SNO 12.D(2), 12.E(2): permanently eliminated
    if unit.reinforcement and (
        f is None or f.kind == "underlined" or unit.reinforcement > scen.start
    ):
        return "reserve"  # SNO 11.15
    if unit.type in ("factory", "garrison", "zhukov"):
        return "out"
    if (
        f is not None
        and f.german_only
        and unit.nationality != "german"
        and unit.available <= scen.start
        and unit.id not in f.plus
        and unit.nationality not in f.plus_nationalities
    ):
        if unit.nationality == "italian" and scen.start >= ITALIANS_WITHDRAWN:
            return "lost"  # SNO 11.18
        return "dead"  # SNO 12.D(2), 12.E(2): not among the scenario's forces
    return "pool"


def start(R: Rules, state: State) -> None:
    """A new game of ``state["scenario"]`` with ``state["options"]``, at its first set-up
    step. Raises NotPlayable for an end month the scenario cannot have (15.7)."""
    # SNO 12.0, 12.11: the scenario's start, forces, set-up, factories and rules are data
    # SNO 12.0: every scenario from its data; # SNO 12.11: (1)-(5) laid down there
    scen = scenario(state)
    units = starting_units(R, scen)
    state.update(
        play_state(
            turn=scen.start,
            phase=f"{scen.sets_up_first}_setup",  # SNO 12.12
            first=scen.first,  # SNO 12.11(1)
            last_turn=last_turn(R, state, scen),
            weather=starting_weather(scen),
            # SNO 12.B(6), 12.C(6)a, 12.D(6)a: the first month's weather is the scenario's
            weather_plan={**starting_weather_plan(scen), scen.start: starting_weather(scen)},
            units=units,
            rf={"axis": 0, "soviet": 0},  # SNO 12.13: the first month's come in its RRP
            hungary_active=hungary_active(cast(State, {"turn": scen.start})),  # all it reads
            leningrad_rule=bool(state["options"].get("leningrad")),  # SNO 13.0
        )
    )
    initial_control(R, state, scen)


def initial_control(R: Rules, state: State, scen: ScenarioSpec) -> None:
    """SNO 12.11(5), 12.3, 3.2.2: each side controls the Major and Victory cities on its side
    of the scenario's front line (June 1941: the Russian border) it can trace a rail line to;
    the seas as the scenario says (3.3). Worked out at the start and again once both sides
    have set up (the rail lines depend on where the units stand)."""
    axis_side = None if scen.id == "1941" else control.scenario_axis_side(R, scen.id)
    control.initial(R, state, axis_side)  # SNO 12.11(5)
    state["seas"] = {s: side for s, side in starting_seas(scen).items() if side}  # SNO 3.3
    control.update(R, state)


def last_turn(R: Rules, state: State, scen: ScenarioSpec) -> str:
    """SNO 12.2, 15.7: May 1945, or the December VDT the players agreed on (option "end")."""
    chosen = str(state["options"].get("end") or LAST_VDT)
    allowed = end_choices(R, scen.start)
    if chosen not in allowed:
        raise NotPlayable(
            f"Sturm Nach Osten: {scen.name} may end in {', '.join(allowed)}, not {chosen} "
            "(SNO 15.7)"
        )
    return chosen


# ------------------------------------------------------------------ the set-up steps (12.12)
def side_of(state: State) -> str:
    pending = state.get("pending")
    if pending:
        return str(pending["side"])
    return str(state["phase"]).split("_")[0]


def begin(R: Rules, state: State) -> None:
    """Nothing happens on entering a set-up step (the orders declared in an earlier one are
    kept for the first player-turn, 12.10)."""
    return None


def fixed(scen: ScenarioSpec, uid: str, side: str, free: bool = False) -> bool:
    """Whether the scenario fixes the unit's hex: every unit of a side that sets up as listed
    (12.A(3): the Soviets, Appendix II), and every placement the rulebook states (12.4: the
    Berlin garrison). ``free``: a Soviet start option frees the unit (:func:`free_unit`)."""
    if free:
        return False
    return side in scen.fixed or uid in _stated(scen.id)


#: SNO 14.21, 14.32, 14.42: what stays as Appendix II lists it under a free Soviet set-up
STILL_LISTED = ("factory", "garrison", "zhukov")


def free_setup(state: State) -> OptionSpec | None:  # SNO 14.21; # SNO 14.32; # SNO 14.42
    """SNO 14.21, 14.32, 14.42: the Soviet start option (14.2, 14.3 or 14.4) that lets the
    Soviet combat units of the Campaign Scenario set up freely within the 1941 Russian borders
    (its data's ``soviet_setup``), or None."""
    if str(state.get("scenario")) != "1941":
        return None
    for o in choice.strategic_options(state):
        if o.kind == "start" and o.declared_by == "soviet" and getattr(o, "soviet_setup", None):
            return o
    return None


def setup_rule(option: OptionSpec) -> str:
    """The rule of the option's Soviet set-up (data: ``setup_rule``, 14.21, 14.32, 14.42)."""
    return str(getattr(option, "setup_rule", option.rule))


def free_unit(R: Rules, state: State, uid: str) -> bool:
    """SNO 14.21, 14.32, 14.42: a Soviet combat unit a free Soviet set-up lets the player set
    up as he wishes (factories, garrisons and Zhukov stay as Appendix II lists them)."""
    unit = R.unit(uid)
    return unit.side == "soviet" and unit.type not in STILL_LISTED and free_setup(state) is not None


def _fixed(R: Rules, state: State, scen: ScenarioSpec, uid: str, side: str) -> bool:
    return fixed(scen, uid, side, free_unit(R, state, uid))


@cache
def _stated(scen_id: str) -> frozenset[str]:
    """The units whose hex the rulebook states (``basis = "rulebook"``)."""
    scen = load_scenarios().scenario(scen_id)
    return frozenset(p.unit for p in scen.placement.units if p.basis == "rulebook")


@per_components()
def _area_of(R: Rules, scen_id: str, uid: str) -> tuple[str, ...]:
    """The land hexes of the unit's set-up area - the same for the whole set-up, so worked
    out once. June 1941 (12.A(3)): its side's set-up regions (scenarios.toml ``areas``:
    ``<side>_region_*``) where :func:`setup.campaign_area_problem` finds nothing. 12.B-E
    (12.11(3), 12.3): its side of the scenario's front line, less the hexes the scenario bars
    (``<side>_forbidden``: 12.B(3) Sevastopol, Leningrad, Kronstadt)."""
    scen = load_scenarios().scenario(scen_id)
    unit = R.unit(uid)
    if scen.id != "1941" or unit.side == "soviet":
        # SNO 14.21, 14.32, 14.42: a free Soviet unit, anywhere within the 1941 borders
        return _front_area(R, scen_id, unit.side)
    found: set[str] = set()
    for key, region in scen.areas.items():
        if key.startswith(f"{unit.side}_region_") and region in R.map.regions:
            found |= R.map.regions[region].hexes
    return tuple(
        h
        for h in sorted(found)
        if R.map.terrain_of(h) not in ("sea", "lake")
        and campaign_area_problem(R.map, scen, unit, h) is None
    )


@per_components()
def _front_area(R: Rules, scen_id: str, side: str) -> tuple[str, ...]:
    """SNO 12.11(3), 12.3: the land hexes on the side's side of the scenario's front line
    (map region "SNO 12.3 <scenario> Axis side"), less the hexes the scenario bars."""
    # SNO 12.3: the scenario's front line; # SNO 12.11(3): its exceptions (forbidden hexes)
    scen = load_scenarios().scenario(scen_id)
    barred = set(scen.areas.get(f"{side}_forbidden", "").split())
    return tuple(
        h
        for h in R.map.grid.hexes()
        if R.map.terrain_of(h) not in (None, "sea", "lake")
        and h not in barred
        and side_at_start(R.map, scen_id, h) == side
    )


def _romania_room(R: Rules, state: State, scen: ScenarioSpec, uid: str) -> int:
    """SNO 12.A(3): the German stacking points Romania may still take besides the unit's."""
    used: int = kept(R, state, ("setup-romania", scen.id), lambda: _in_romania(R, state, scen))
    here = hex_of(state, uid)
    own = romania_points(R.map, scen, [(here, R.unit(uid))]) if here is not None else 0
    return romania_limit(scen) - used + own


def _in_romania(R: Rules, state: State, scen: ScenarioSpec) -> int:
    placed = [(hex_of(state, u), R.unit(u)) for u in side_units(R, state, "axis")]
    return romania_points(R.map, scen, ((h, u) for h, u in placed if h is not None))


def destinations(R: Rules, state: State, uid: str) -> list[str]:
    """SNO 12.A(3), 12.11(3), 4.2, 4.6: the other hexes a unit may be set up in now."""
    return list(_destinations(R, state, uid))


def _destinations(R: Rules, state: State, uid: str) -> Iterator[str]:
    """The hexes of :func:`destinations`: while a concentration 12.D(3) asks for falls short,
    a unit goes into it if it can (forces.short_areas) - the set-up ends only once they are
    met, and the player who fills them first can always finish."""
    scen = scenario(state)
    unit = R.unit(uid)
    first = forces.short_areas(R, state, scen, unit.side) if unit.force_cf else frozenset()
    if not first and unit.force_cf and forces.modernized(state, unit.side):
        first = forces.covering(R, state)  # SNO 14.42: the border hexes first while bare
    if first and hex_of(state, uid) not in first:
        found = False
        for h in _any_destination(R, state, uid):
            if h in first:
                found = True
                yield h
        if found:
            return
    yield from _any_destination(R, state, uid)


def _any_destination(R: Rules, state: State, uid: str) -> Iterator[str]:
    scen = scenario(state)
    unit = R.unit(uid)
    here = hex_of(state, uid)
    occ = occupancy(state)
    german = unit.nationality == "german" and scen.id == "1941"
    room = _romania_room(R, state, scen, uid) if german else 0
    lodz = may1941.setup_area(R, state, uid)  # SNO 14.54: in or next to Lodz
    for h in _area_of(R, scen.id, uid):
        if h == here or (lodz is not None and h not in lodz):
            continue
        if german and romania_points(R.map, scen, [(h, unit)]) > room:
            continue  # SNO 12.A(3): three German stacking points in Romania at most
        here_now = occ.get(h, ())
        if here_now and stacking_problems([*(R.unit(u) for u in here_now), unit]):
            continue  # SNO 4.2, 4.6 (4.4: an enemy unit there is may_enter's)
        if may_enter(R, state, uid, h):  # no enemy unit, 5.5.11-5.5.12
            yield h


def movable(R: Rules, state: State, side: str) -> list[str]:
    """The side's units on the map that may be set up elsewhere (12.B-E: the whole of the
    side of the front line is open to them; a pick may always be taken back)."""
    scen = scenario(state)
    return [
        u
        for u in side_units(R, state, side)
        if not _fixed(R, state, scen, u, side) and _has_room(R, state, scen, u)
    ]


def _has_room(R: Rules, state: State, scen: ScenarioSpec, uid: str) -> bool:
    """Whether the unit has a hex to go to: looked for in June 1941's small areas only (a
    pick with nowhere to go may always be taken back, ``back``)."""
    return scen.id != "1941" or next(_destinations(R, state, uid), None) is not None


def takeable(R: Rules, state: State, side: str) -> list[str]:
    """SNO 12.11(2): the side's units in the pool it may take now (12.B-E): those keeping its
    total reachable (forces.may_take), and the units taken besides the total."""
    scen = scenario(state)
    n = forces.need_of(R, state, scen, side)
    if n is None:
        return []
    units = state["units"]
    out = sorted(forces.may_take(R, state, n))
    out += [u for u in n.plus if units[u]["at"] == "pool"]
    return out


def returnable(R: Rules, state: State, uid: str) -> bool:
    """SNO 12.11(2): a unit taken toward the total may be sent back to the pool (not one the
    scenario names, 12.x(3))."""
    scen = scenario(state)
    unit = R.unit(uid)
    n = forces.need_of(R, state, scen, unit.side)
    if n is None or hex_of(state, uid) is None:
        return False
    return uid in n.pool and uid not in n.include and not _fixed(R, state, scen, uid, unit.side)


def historical_setup(state: State, side: str) -> list[tuple[str, str]] | None:
    """The side's historical forces and set-up for the scenario (historical.py, from
    ``data/historical/<scenario>.toml``: docs/data/sno-historical.md), or None where there is
    none (12.A: Appendix II and the reconstructed Axis placement are the start)."""
    scen = scenario(state)
    if side == "soviet" and free_setup(state) is not None:
        return listed_setup(state)  # SNO 14.21, 14.32: Appendix II in one action
    if not forces.chooses(scen, side) or not (historical.DATA / f"{scen.id}.toml").exists():
        return None
    try:
        return historical.historical_placement(scen.id, side)
    except KeyError:
        return None


def listed_setup(state: State) -> list[tuple[str, str]]:
    """SNO 14.21, 14.32: the Soviet combat units still in the set-up, on their Appendix II
    hexes (the units 14.32 removed wait in the pool)."""
    scen = scenario(state)
    units = state["units"]
    return [
        (p.unit, p.hex)
        for p in scen.placement.units
        if p.unit.startswith("sov-") and units[p.unit]["at"] not in BOX_SET
    ]


def set_up_historically(R: Rules, state: State, side: str) -> None:
    """SNO 12.11(2)-(3): the side's units as the historical set-up has them - every unit it
    lists on its hex (taken from the pool if need be), every other unit of the total back in
    the pool (its fortifications and No Retreat orders are the player's to add)."""
    scen = scenario(state)
    wanted = dict(historical_setup(state, side) or [])
    if not forces.chooses(scen, side):  # SNO 14.21, 14.32: back to Appendix II
        for uid, hex_id in wanted.items():
            if hex_of(state, uid) != hex_id:
                set_unit(state, uid, at=hex_id)
        return
    n = forces.need(R, scen.id, side)
    for uid in (*n.pool, *n.plus):
        if (
            uid not in wanted
            and hex_of(state, uid) is not None
            and not _fixed(R, state, scen, uid, side)
        ):
            unplace(state, uid)
    for uid, hex_id in wanted.items():
        if hex_of(state, uid) != hex_id:
            place(R, state, uid, hex_id)


def ready_made(R: Rules, state: State, side: str) -> None:
    """SNO 14.42: a set-up meeting the rule in one action, so that a game starts in a few
    clicks and random set-ups always have a way to end: every taken unit back to the pool,
    then the armor and armored cavalry smallest first to the armor minimum, the rest of the
    total in the smallest other units (the most units, the most border covered), each set
    up where it covers the most border hexes still bare (the first such hex by id)."""
    scen = scenario(state)
    n = forces.need_of(R, state, scen, side)
    assert n is not None
    for uid in n.pool:
        if hex_of(state, uid) is not None:
            unplace(state, uid)
    units = sorted((R.unit(u) for u in n.pool), key=lambda u: (u.force_cf, u.id))
    armor, plain = [], []
    got = 0
    for u in units:
        if u.type in n.armor_types:
            if got < n.armor_min:
                armor.append(u)
                got += u.force_cf
        else:
            plain.append(u)
    reach: dict[int, list[Unit]] = {0: []}  # the rest of the total: a subset sum
    rest = n.total - got
    for u in plain:
        for total, taken_ in list(reach.items()):
            if total + u.force_cf <= rest and total + u.force_cf not in reach:
                reach[total + u.force_cf] = [*taken_, u]
    border = forces.border_hexes(R)
    for u in [*armor, *reach.get(rest, [])]:
        bare = frozenset(forces.uncovered(R, state))
        scores = {h: _cover_score(R, border, bare, h) for h in destinations(R, state, u.id)}
        best = max(scores, key=scores.__getitem__)
        place(R, state, u.id, best)


def _cover_score(
    R: Rules, border: frozenset[str], bare: frozenset[str], h: str
) -> tuple[int, int, int]:
    """SNO 14.42: a hex for the ready-made set-up - the bare border hexes a unit there would
    cover, then the border hexes, then the lower id."""
    near = {h, *R.map.grid.neighbours(h)}
    return (len(bare & near), len(border & near), -int(h))


def fortifiable(R: Rules, state: State, side: str) -> list[str]:
    """SNO 12.8: any units may begin fortified - none of a side the scenario forbids it
    (12.A(6)b: no Soviet unit), nor near a hex the scenario names (12.D(6)b: Kursk)."""
    scen = scenario(state)
    if side in scen.no_fortify:
        return []
    return [
        u
        for u in side_units(R, state, side)
        if may_fortify(R, state, u)
        and forces.near_no_fortify(R, scen, side, hex_of(state, u) or "") is None
    ]


def declares_orders(state: State, side: str) -> bool:
    """SNO 12.10: the non-phasing player of the first player-turn declares No Retreat orders
    for it - the player setting up first."""
    return side != scenario(state).first


def actions(R: Rules, state: State) -> list[Action]:
    pending = state.get("pending")
    if pending and pending["kind"] == "setup_pick":
        return place_actions(R, state, pending)
    side = side_of(state)
    scen = scenario(state)
    if side == "axis" and (permitted := choice.may_undecided(state)):
        return declare_actions(side, permitted)  # SNO 14.13: first, the May decision
    area = f"SNO {scen.rule}(3)"
    acts = [
        Action(
            "pick",
            (u,),
            f"Set up {unit_title(R, u)} elsewhere (now in {hex_title(R, hex_of(state, u) or '')})",
            area,
            side,
            role="select",
            units=(u,),
            group="Set up a unit",
        )
        for u in movable(R, state, side)
    ]
    acts += [
        Action(
            "pick",
            (u,),
            f"Take {unit_title(R, u)} ({R.unit(u).force_cf} factors by 12.5) and set it up",
            f"SNO {scen.rule}(2); 12.5",
            side,
            role="select",
            units=(u,),
            group="Take a unit",
        )
        for u in takeable(R, state, side)
    ]
    free = free_setup(state) if side == "soviet" else None
    if forces.modernized(state, side):
        acts.append(
            Action(
                "auto",
                (),
                "Take a ready-made set-up meeting 14.42 (85 factors, at least 20 of armor or "
                "armored cavalry, every border hex covered)",
                "SNO 14.42",
                side,
                group="Historical forces",
            )
        )
    elif free is not None and not forces.chooses(scen, side):
        acts.append(
            Action(
                "historical",
                (),
                "Set the Soviet units up as Appendix II lists them",
                f"SNO {setup_rule(free)}; App. II",
                side,
                group="Historical forces",
            )
        )
    elif historical_setup(state, side) is not None:
        acts.append(
            Action(
                "historical",
                (),
                f"Take the historical forces of {scen.start} and set them up as they stood",
                f"SNO {scen.rule}(2)-(3)",
                side,
                group="Historical forces",
            )
        )
    acts += [
        Action(
            "fortify",
            (u,),
            f"Begin with {unit_title(R, u)} fortified",
            "SNO 12.8",
            side,
            units=(u,),
            group="Fortify",
        )
        for u in fortifiable(R, state, side)
    ]
    acts += [
        Action(
            "defortify",
            (u,),
            f"Begin with {unit_title(R, u)} unfortified",
            "SNO 12.8",
            side,
            units=(u,),
            group="Defortify",
        )
        for u in side_units(R, state, side)
        if may_defortify(state, u)
    ]
    if declares_orders(state, side):  # SNO 12.10
        acts += [
            replace(a, rule=f"SNO 12.10; {a.rule}", side=side)
            for a in orders.actions(R, state)
            if a.verb != "end"
        ]
    if not forces.problems(R, state, scen, side):  # SNO 12.11(2)-(3): the set-up holds
        acts.append(
            Action(
                "end", (), "End the set-up", "SNO 12.12", side, role="end", group="End the phase"
            )
        )
    return acts


def area_rule(R: Rules, state: State, uid: str) -> str:
    """The rule of the unit's set-up area: the scenario's (12.x(3)), or the free Soviet
    set-up's (14.21, 14.32, 14.42)."""
    free = free_setup(state) if free_unit(R, state, uid) else None
    return f"SNO {setup_rule(free)}" if free else f"SNO {scenario(state).rule}(3)"


def declare_actions(side: str, permitted: list[str]) -> list[Action]:
    """SNO 14.13: the Axis player declares one of the permitted May options, or neither,
    once the Soviet player has set up."""
    acts = []
    for o in permitted:
        spec = load_scenarios().option(o)
        acts.append(
            Action(
                "declare",
                (o,),
                f"Use option {spec.rule}: invade in May 1941 ({o})",
                f"SNO 14.13; {spec.rule}",
                side,
                group="May 1941",
            )
        )
    acts.append(
        Action(
            "declare",
            ("none",),
            "Use neither May option: invade in June 1941",
            "SNO 14.13",
            side,
            group="May 1941",
        )
    )
    return acts


def place_actions(R: Rules, state: State, pending: dict[str, Any]) -> list[Action]:
    uid, side = pending["unit"], pending["side"]
    rule = area_rule(R, state, uid)
    acts = [
        Action(
            "place",
            (h,),
            f"Set up {unit_title(R, uid)} in {hex_title(R, h)}",
            rule,
            side,
            role="move",
            units=(uid,),
            hexes=(h,),
            group="Set up in",
            highlight="place",
        )
        for h in destinations(R, state, uid)
    ]
    if returnable(R, state, uid):
        acts.append(
            Action(
                "unplace",
                (),
                f"Send {unit_title(R, uid)} back to the pool (not taken)",
                f"SNO {scenario(state).rule}(2)",
                side,
                role="back",
                units=(uid,),
                group="Back",
            )
        )
    acts.append(
        Action(
            "back",
            (),
            f"Leave {unit_title(R, uid)} where it is",
            rule,
            side,
            role="back",
            group="Back",
        )
    )
    return acts


def place(R: Rules, state: State, uid: str, hex_id: str) -> None:
    """Set a unit up in a hex: one taken from the pool with the face 12.6-12.7 give it; one
    in a hex 12.D(6)b bars from fortifying loses its fortification."""
    scen = scenario(state)
    unit = R.unit(uid)
    if hex_of(state, uid) is None and flipped_at_start(unit, scen.first):
        set_unit(state, uid, flipped=True)  # SNO 12.6, 12.7
    set_unit(state, uid, at=hex_id)
    may = may1941.option(state)
    if may is not None and uid in may.dispersed:
        set_unit(state, uid, dispersed=True)  # SNO 14.53, 14.63: taken under 14.42 too
    if state["units"][uid].get("fortified") and forces.near_no_fortify(R, scen, unit.side, hex_id):
        defortify(state, uid)  # SNO 12.D(6)b


def unplace(state: State, uid: str) -> None:
    """SNO 12.11(2): a unit sent back to the pool, as it waits there (refitted, unfortified)."""
    set_unit(state, uid, at="pool", flipped=False, fortified=False)


def finish(R: Rules, state: State) -> None:
    """Both sides have set up (SNO 12.12): control by the front line and the rail lines the
    set-up gives (12.11(5)); the reinforcements not taken: of the start month, they arrive in
    its RRP (11.15); of earlier months, they have come and gone (11.7a: they may come back as
    replacements); 12.D(6)c's refit roll."""
    scen = scenario(state)
    for uid, rec in list(state["units"].items()):
        unit = R.unit(uid)
        if rec["at"] == "pool" and unit.reinforcement and unit.reinforcement <= scen.start:
            late = unit.reinforcement == scen.start
            set_unit(state, uid, at="reserve" if late else "dead")  # SNO 11.15, 11.7a
    initial_control(R, state, scen)
    rr = scen.refit_roll
    if rr is None:
        return
    for uid in side_units(R, state, rr.side):  # SNO 12.D(6)c
        if not R.unit(uid).is_armor_type:
            continue
        die = roll(state, 1, f"SNO {rr.rule} refit roll for {unit_title(R, uid)}")[0]
        refitted = die in rr.refitted
        set_unit(state, uid, flipped=not refitted)
        roll_result(state, "refitted" if refitted else "unrefitted")


def perform(R: Rules, state: State, action: Action) -> Outcome:
    verb = action.verb
    arg = str(action.args[0]) if action.args else ""
    if verb == "pick":
        state["pending"] = {"kind": "setup_pick", "side": side_of(state), "unit": arg}
    elif verb == "place":
        place(R, state, state["pending"]["unit"], arg)
        state["pending"] = None
    elif verb == "unplace":
        unplace(state, state["pending"]["unit"])
        state["pending"] = None
    elif verb == "back":
        state["pending"] = None
    elif verb == "historical":
        set_up_historically(R, state, side_of(state))
    elif verb == "declare":
        choice.declare_may(R, state, arg)  # SNO 14.13
    elif verb == "auto":
        ready_made(R, state, side_of(state))
    elif verb == "fortify":
        fortify(state, arg)  # SNO 12.8
    elif verb == "defortify":
        defortify(state, arg)
    elif verb in ("order", "cancel"):
        orders.perform(R, state, action)  # SNO 12.10
    elif verb == "end":
        if side_of(state) == scenario(state).first:
            finish(R, state)
        return DONE  # SNO 12.12: the other player sets up, or the first month begins
    else:
        raise ValueError(f"not a set-up action: {action.text}")
    return None


def prompt(R: Rules, state: State) -> Prompt:
    pending = state.get("pending")
    scen = scenario(state)
    if pending and pending["kind"] == "setup_pick":
        uid, side = pending["unit"], pending["side"]
        area = scen.areas.get(side, "")
        short = forces.short_areas(R, state, scen, side) if R.unit(uid).force_cf else ()
        first = f"; first into {', '.join(sorted(short))} while short (12.D(3))" if short else ""
        rule = area_rule(R, state, uid)
        if free_unit(R, state, uid):
            area = "anywhere within the 1941 Russian borders"
            if forces.modernized(state, side) and forces.uncovered(R, state):
                first = "; first where it covers a border hex still bare (14.42)"
        return Prompt(
            side,
            f"Where does {unit_title(R, uid)} set up? {rule}: {area}, within the "
            f"stacking limits (4.2, 4.6){first}",
            rule,
        )
    side = side_of(state)
    permitted = choice.may_undecided(state) if side == "axis" else []
    if permitted:
        return Prompt(
            side,
            "Axis: the Soviet player has set up; declare "
            + " or ".join(permitted)
            + " (May 1941), or neither (SNO 14.13)",
            "SNO 14.13",
        )
    what = []
    n = forces.need_of(R, state, scen, side)
    if n is not None:
        have, armor = forces.counts(forces.taken(R, state, n), n)
        what.append(
            f"take units to {n.total} combat factors ({have} so far"
            + (f"; armor {armor}, {n.armor_min} needed" if n.armor_min else "")
            + f"; SNO {n.rule}) and set them up"
        )
    elif side not in scen.fixed:
        what.append("set units up within their areas")
    elif side == "soviet" and (free := free_setup(state)) is not None:
        what.append(
            f"set the combat units up anywhere within the 1941 Russian borders (SNO "
            f"{setup_rule(free)}; factories, garrisons and Zhukov as App. II)"
        )
    if side not in scen.no_fortify:
        what.append("fortify any (12.8)")
    if declares_orders(state, side):
        what.append("declare No Retreat orders for the first player-turn (12.10)")
    doing = ", ".join(what) or "nothing to choose: the set-up is as listed"
    missing = forces.problems(R, state, scen, side)
    then = "then end" if not missing else "the set-up may end once " + "; ".join(missing)
    return Prompt(side, f"{side.title()} set-up for {scen.name}: {doing}; {then}", "SNO 12.12")


__all__ = ["actions", "begin", "destinations", "perform", "prompt", "start", "starting_units"]
