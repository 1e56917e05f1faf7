"""SNO 5.1, 5.5, 4.6: what a unit may enter, what a step costs, and its movement allowance.

These are the pieces operational movement (:mod:`movement`) and tactical movement - retreat and
advance after combat, which obey 5.1, 5.2 and 5.5 as well (7.7.2) - share:

- :func:`allowance`: the printed movement factor of the face in use with the weather (6.3.1-
  6.3.2, 6.5.1-6.5.2), or the larger one flipping gives (5.1.8, 10.1.4, 10.3.3a); the OMP's
  :func:`omp_allowance` adds the fuel penalty (5.3.4) and the bonuses (5.3.2-5.3.3);
- :func:`may_enter`: whether the unit may stand in a hex at all (enemy units - save those being
  overrun, 5.4.2 - sea and unfrozen lake hexes, Finland, Hungary, the Romanian, Hungarian and
  Bulgarian borders, 4.6);
- :func:`step_cost`: the movement points of one step (terrain and hex side), or None where the
  step is forbidden;
- :func:`path_cost`: a whole path's cost, river crossings counted only when it ends in enemy
  ZOC (5.5.4).

Dates the rules name (5.5.9's September 1941 - June 1944, 5.5.11's April 1942) are rule text
and live here; every hex, country and cost comes from the map and the charts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Any, cast

from ...core.memo import facts_of
from . import weather
from .options import stalin_line
from .overruns import overrun_units
from .rules import (
    Rules,
    State,
    enemy_at,
    movement_factor,
    other,
    remember,
    remembered,
    units_at,
)
from .tables import move_cost
from .zoc import freezing, in_enemy_zoc

#: SNO 5.5.9: the months the Finnish-occupied area is closed to Soviet units (inclusive).
FINLAND_FROM, FINLAND_TO = "1941-09", "1944-06"
FINLAND_AREA = "SNO 5.5.9 Finnish-occupied area"
#: SNO 5.5.11: Hungary becomes active in the Axis player-turn of April 1942 at the latest.
HUNGARY_FROM = "1942-04"
HUNGARY, ROMANIA, BULGARIA = "Hungary", "Romania", "Bulgaria"
#: SNO 5.5.12: the countries a nationality may never enter.
BARRED = {"romanian": (HUNGARY, BULGARIA), "hungarian": (ROMANIA,)}
#: SNO 4.6: the nationalities that never share a hex nor pass through each other's hexes.
APART = {"hungarian": "romanian", "romanian": "hungarian"}


# ------------------------------------------------------------------ regions
def _region(R: Rules, name: str) -> frozenset[str]:
    region = R.map.regions.get(name)
    return region.hexes if region is not None else frozenset()


def finland_closed(state: State) -> bool:
    """SNO 5.5.9: September 1941 to June 1944 inclusive."""
    return bool(FINLAND_FROM <= state["turn"] <= FINLAND_TO)


def finnish_area(R: Rules) -> frozenset[str]:
    """SNO 5.5.9: the hexes north-west of the line, 'considered occupied by Finnish forces'."""
    return _region(R, FINLAND_AREA)


def in_finland(R: Rules, state: State, hex_id: str) -> bool:
    """A hex no Soviet unit may enter this month (5.5.9)."""
    return finland_closed(state) and hex_id in finnish_area(R)


def hungary_active(state: State) -> bool:
    """SNO 5.5.11: active once a Soviet unit moved or attacked into Hungary (the flag), or
    from the Axis player-turn of April 1942."""
    return bool(state.get("hungary_active")) or state["turn"] >= HUNGARY_FROM


def in_hungary(R: Rules, hex_id: str) -> bool:
    return hex_id in _region(R, HUNGARY)


# ------------------------------------------------------------------ allowance
#: SNO 5.3.3: the Guderian and Manstein bonus, one movement point in the Good Weather turns of
#: 1941, for the "G" units within two hexes of another "G" unit and for the "M" unit.
LEADER_BONUS, LEADER_YEAR, GUDERIAN_RANGE = 1, "1941", 2
GUDERIAN, MANSTEIN = "G", "M"


def higher_factor(R: Rules, state: State, uid: str) -> int | None:
    """SNO 5.1.8: the larger movement factor a juggernaut or an armor unit may use by flipping
    to its weaker side (None when it has none): a juggernaut on its stronger side moves with
    its weaker side's factor (10.1.4); a refitted armor unit with the white factor on its
    refitted side (10.3.3a). An unrefitted armor unit is held to its unrefitted side's factor
    (10.3.4), a juggernaut on its weaker side to that side's."""
    unit = R.unit(uid)
    if state["units"][uid].get("flipped") or unit.back is None:
        return None
    if unit.juggernaut:  # SNO 10.1.4
        return unit.back.mf
    if unit.is_armor_type:  # SNO 10.3.3a: the factor printed in white
        return unit.white_move
    return None


def allowance(R: Rules, state: State, uid: str, higher: bool = False) -> int:
    """SNO 5.1.4, 6.3.1-6.3.2: the printed movement factor of the face in use (``higher``:
    the one flipping gives, :func:`higher_factor`) modified for the weather (0 for units that
    print none: garrisons, 5.1.9). SNO 6.5.1: Soviet shock armies keep their whole factor in
    the Snow months of the winter of 1941/42. No bonus nor fuel penalty: those are the OMP's,
    :func:`omp_allowance`."""
    unit = R.unit(uid)
    mf = (higher and higher_factor(R, state, uid)) or movement_factor(R, uid, state)
    if unit.type == "shock" and weather.winter_1941(state):  # SNO 6.5.1
        return mf
    # SNO 5.1.4 the printed factor modified for the weather: # SNO 6.3.1 Mud, # SNO 6.3.2 Snow
    return weather.allowance(R, state, unit.side, mf)


def fuel_short(state: State, uid: str) -> bool:
    """SNO 5.3.4: the unit could trace no fuel line at the start of this OMP (the list is
    made by :func:`armor.begin_omp` and cleared at the OMP's end)."""
    return uid in (state.get("fuel_short") or ())


def leader_bonus(R: Rules, state: State, uid: str) -> int:
    """SNO 5.3.3: one movement point in a Good Weather turn of 1941 for the Manstein unit, and
    for a Guderian unit found within two hexes of another at the start of the OMP (the list
    the OMP's record keeps, :func:`guderian_units`)."""
    if state["weather"] != "good" or not state["turn"].startswith(LEADER_YEAR):
        return 0
    marks = R.unit(uid).markings
    if MANSTEIN in marks:
        return LEADER_BONUS
    omp = state.get("omp") or {}
    if GUDERIAN in marks and uid in omp.get("guderian", ()):
        return LEADER_BONUS
    return 0


def guderian_units(R: Rules, state: State) -> list[str]:
    """SNO 5.3.3: the Guderian units on the map within two hexes of another Guderian unit
    (dispersed or not), read at the start of the OMP."""
    where = {
        u: h
        for u, d in sorted(state["units"].items())
        if GUDERIAN in R.unit(u).markings and (h := d["at"]) in R.map.terrain
    }
    grid = R.map.grid
    return [
        u
        for u, h in where.items()
        if any(v != u and grid.distance(h, g) <= GUDERIAN_RANGE for v, g in where.items())
    ]


def omp_allowance(
    R: Rules, state: State, uid: str, higher: bool = False, strategic: bool = False
) -> int:
    """SNO 5.1.4, 5.3: a unit's movement allowance in the OMP - :func:`allowance`, reduced to
    4 (Axis) or 3 (Soviet) when it is short of fuel (5.3.4; the same for both faces of an
    armor unit, 10.3.4), then the bonuses, which a unit short of fuel receives as well
    (5.3.1): Guderian and Manstein's (5.3.3) and, with ``strategic``, the strategic movement
    bonus (5.3.2, unaffected by weather) - never more than 3 in all in Mud (6.3.1, the reading
    in weather.allowance)."""
    unit = R.unit(uid)
    moved = allowance(R, state, uid, higher)
    if fuel_short(state, uid):  # SNO 5.3.4
        short = cast(Mapping[str, int], R.tables.spec.movement.fuel_shortage_allowance)
        moved = min(moved, short[unit.side])
    # SNO 5.3.1 the bonuses are cumulative, and given even with the fuel shortage penalty
    extra = leader_bonus(R, state, uid)  # SNO 5.3.3
    if strategic:
        extra += weather.bonus(R, unit.side)  # SNO 5.3.2
    total = moved + extra
    if state["weather"] == "mud":  # SNO 6.3.1: 'also applied to the Strategic Movement Bonus'
        total = min(total, R.tables.spec.movement.mud_maximum)
    return total


def strategic_allowance(R: Rules, state: State, uid: str, higher: bool = False) -> int:
    """SNO 5.3.2: the OMP allowance with the strategic movement bonus (two Axis, three
    Soviet), for a unit that neither begins nor ends its OMP in enemy ZOC; 6.3.1 caps it at 3
    in Mud (the reading in weather.allowance)."""
    return omp_allowance(R, state, uid, higher, strategic=True)


# ------------------------------------------------------------------ overrun (5.4.2)
def overrun_hexes(R: Rules, state: State, side: str) -> frozenset[str]:
    """SNO 5.4.2: the hexes held solely by enemy units being overrun - ``side``'s units may
    move into and through them, at double the terrain cost."""
    if not state.get("overruns"):
        return frozenset()
    known = remembered(state, f"overrun-hexes-{side}")
    if known is not None:
        return known  # type: ignore[no-any-return]
    overrun_now = overrun_units(state)
    enemy = other(side)
    held: dict[str, bool] = {}
    for u, d in state["units"].items():
        h = d["at"]
        if h in R.map.terrain and R.unit(u).side == enemy:
            held[h] = held.get(h, True) and u in overrun_now
    found = frozenset(h for h, solely in held.items() if solely)
    return remember(state, f"overrun-hexes-{side}", found)  # type: ignore[no-any-return]


#: The Terrain Effects Chart's row for a hex held only by overrun enemy units (5.4.2).
OVERRUN_ROW = "overrun_hex"


def overrun_cost(R: Rules, uid: str, cost: float) -> float:
    """SNO 5.4.2: what entering a hex held solely by units being overrun costs the unit - the
    TEC's row says "double" the normal terrain cost."""
    cls = R.tables.tec.unit_class.get(R.unit(uid).type)
    how = R.tables.hex_row(OVERRUN_ROW).move[cls] if cls else "double"
    return cost * 2 if how == "double" else float(how)


# ------------------------------------------------------------------ entering a hex
def may_enter(
    R: Rules, state: State, uid: str, hex_id: str, finland: bool = True, borders: bool = True
) -> bool:
    """May the unit enter (or stand in) the hex at all, whatever the path and its cost?

    - SNO 5.1.2, 5.1.6: never a hex holding an enemy unit, except one held solely by enemy
      units being overrun (5.4.2, :func:`overrun_hexes`);
    - SNO 5.1.6, 5.5.3: never a sea hex or an unfrozen lake hex (6.3.4: nor an all-lake hex
      in a Thaw turn, when no lake is frozen);
    - SNO 5.5.9: no Soviet unit into the Finnish-occupied area, September 1941 - June 1944;
    - SNO 5.5.11: while Hungary is inactive the Hungarian unit may not leave it nor other
      Axis units enter it;
    - SNO 5.5.12: Romanian units never into Hungary or Bulgaria, the Hungarian unit never
      into Romania;
    - SNO 4.6: a Hungarian unit never into a hex holding a Romanian one, nor the reverse.

    ``finland=False`` leaves 5.5.9 out (a Soviet unit crossing the area on its way out);
    ``borders=False`` leaves out 5.5.11, 5.5.12 and 4.6, the rules that eliminate a unit
    forced to break them (:func:`forced_across`).
    """
    unit = R.unit(uid)
    side = unit.side
    # SNO 5.1.2 (and 5.1.6); # SNO 5.4.2 save a hex held solely by units being overrun
    if enemy_at(R, state, hex_id, side) and hex_id not in overrun_hexes(R, state, side):
        return False
    t = weather.terrain(R, state, hex_id)
    # SNO 5.1.6 no sea or unfrozen lake hex; # SNO 6.3.4 none entered in a Thaw
    if t is None or t in ("sea", "lake"):
        return False
    if side == "soviet":
        return not (finland and in_finland(R, state, hex_id))  # SNO 5.5.9
    if not borders:
        return True
    nat = unit.nationality
    if not hungary_active(state):  # SNO 5.5.11
        inside = in_hungary(R, hex_id)
        if (nat == "hungarian") != inside:
            return False
    for country in BARRED.get(nat, ()):  # SNO 5.5.12
        if hex_id in _region(R, country):
            return False
    apart = APART.get(nat)
    if apart is not None:  # SNO 4.6: not even through the other's hex
        for u in units_at(state, hex_id):
            if R.unit(u).nationality == apart:
                return False
    return True


def thawing_lake(R: Rules, state: State, hex_id: str) -> bool:
    """SNO 6.3.4: an all-lake hex not frozen this month (a unit on one may leave it)."""
    return R.map.terrain.get(hex_id) == "lake" and weather.terrain(R, state, hex_id) == "lake"


def side_passable(R: Rules, state: State, frm: str, to: str) -> bool:
    """SNO 5.1.6, 5.5.3: not across a sea side or an unfrozen lake side. SNO 6.3.4: a unit
    standing on an unfrozen all-lake hex may leave it, its lake sides crossed as rivers."""
    # SNO 5.1.6 (sides) and # SNO 5.5.3 what a lake or sea side is (the map's sides)
    if not weather.blocked(R, state, frm, to):
        return True
    if "sea" in R.map.side_kinds(frm, to) or not thawing_lake(R, state, frm):  # SNO 6.3.4
        return False
    return weather.terrain(R, state, to) not in ("sea", "lake")


# SNO 5.5.6: the Stalin Line's sides (map kind fortified_line) are read only by option 14.3;
# without it they are clear - neither here nor in combat (odds.river_effect) do they count.
def river_side(R: Rules, state: State, frm: str, to: str) -> bool:
    """An unfrozen river or the canal (5.5.4, 5.5.8), or a lake side left in a Thaw
    (6.3.4): one more movement point if the unit ends its move in enemy ZOC."""
    return weather.river(R, state, frm, to) or thawing_lake(R, state, frm)


def terrain_cost(R: Rules, state: State, uid: str, hex_id: str) -> int | None:
    """SNO 5.1.3, 5.5.1: the TEC's cost for this unit to enter the hex (frozen swamp and lake
    are clear, 6.2.3); None where impassable."""
    t = weather.terrain(R, state, hex_id)
    if t is None:
        return None
    unit_type = R.unit(uid).type
    if unit_type not in R.tables.tec.unit_class:
        return None  # SNO 5.1.9, 10.4.4: garrisons and factories never move
    # SNO 5.1.3 and # SNO 5.5.1 the TEC; # SNO 5.5.2 partial land hexes cost as full ones
    cost = move_cost(R.tables, t, unit_type)
    return cost if isinstance(cost, int) else None


def step_cost(
    R: Rules,
    state: State,
    uid: str,
    frm: str,
    to: str,
    ends_in_zoc: bool | None = None,
    borders: bool = True,
) -> float | None:
    """The movement points for ``uid`` to step from ``frm`` into the adjacent ``to``, or None
    where the step is forbidden (:func:`may_enter`, a sea or unfrozen lake side, impassable
    terrain).

    - SNO 5.5.4 (5.5.8 the canal): an unfrozen river side costs one more only if the unit is
      to end its move in enemy ZOC: ``ends_in_zoc`` says whether it will (None: whether
      ``to`` is in enemy ZOC - right for a move's last step; a path's earlier river sides
      count too, see :func:`path_cost`).
    - SNO 5.5.5: a Kerch Straits side (and the five sides treated the same way) costs the
      unit's whole allowance: only a move's first step may cross one, and it ends there.
    - SNO 5.4.2: a hex held solely by enemy units being overrun costs double its terrain.

    ``borders=False``: as if 5.5.11, 5.5.12 and 4.6 did not bar the hex (:func:`may_enter`).
    """
    if not may_enter(R, state, uid, to, borders=borders) or not side_passable(R, state, frm, to):
        return None
    if weather.strait(R, frm, to):  # SNO 5.5.5
        return float(allowance(R, state, uid))
    cost = terrain_cost(R, state, uid, to)
    if cost is None:
        return None
    if to in overrun_hexes(R, state, R.unit(uid).side):  # SNO 5.4.2: double the terrain cost
        cost = int(overrun_cost(R, uid, cost))
    if ends_in_zoc is None:
        ends_in_zoc = in_enemy_zoc(R, state, to, R.unit(uid).side)
    # SNO 5.5.4; # SNO 5.5.8 the canal is a river side (weather.river)
    if ends_in_zoc and river_side(R, state, frm, to):
        cost += 1
    if ends_in_zoc and (frm, to) in stalin_line.steps(R, state, R.unit(uid).side):
        cost += 1  # SNO 14.33, 14.34: the Stalin Line as a river, cumulative with one
    return float(cost)


def path_cost(
    R: Rules, state: State, uid: str, path: Sequence[str], borders: bool = True
) -> float | None:
    """The movement points of a whole path (start hex first), or None if a step of it is
    forbidden. River sides cost one more each only if the path ends in enemy ZOC (5.5.4);
    a strait may only be the first and only step (5.5.5). ``borders``: :func:`step_cost`."""
    if len(path) < 2:
        return 0.0
    ends = in_enemy_zoc(R, state, path[-1], R.unit(uid).side)
    total = 0.0
    for i, (a, b) in enumerate(pairwise(path)):
        if weather.strait(R, a, b) and (i > 0 or len(path) > 2):
            return None  # SNO 5.5.5: the whole allowance 'to move the one hex'
        cost = step_cost(R, state, uid, a, b, ends_in_zoc=ends, borders=borders)
        if cost is None:
            return None
        total += cost
    return total


# ------------------------------------------------------------------ the map's steps, read once
#: A step's terrain cost (of the hex entered), whether it crosses an unfrozen river (or the
#: canal, or a thawing lake's side) and whether it crosses a strait.
StepInfo = tuple[int, bool, bool]
Steps = dict[str, dict[str, StepInfo]]


def step_table(R: Rules, state: State, uid: str) -> Steps:
    """Every step the map allows a unit of this one's movement class this month: hex ->
    {neighbour: (terrain cost, river, strait)}. What the units stand on (enemies, borders,
    Finland, 4.6) is :func:`may_enter`'s; this is the terrain, read once per movement class
    and what freezing depends on (the weather and, in Snow, the month's Arctic Weather Line,
    6.2: zoc.freezing)."""
    cls = R.tables.tec.unit_class.get(R.unit(uid).type)
    if cls is None:
        return {}  # SNO 5.1.9, 10.4.4: garrisons and factories never move
    facts, key = facts_of(R), ("step_table", cls, *freezing(state))
    known: Steps | None = facts.get(key)
    if known is not None:
        return known
    costs: dict[str, Any] = {}  # SNO 5.1.3: the TEC's cost of each terrain for the class
    table: Steps = {}
    for a, sides in _passable_steps(R, state).items():
        row: dict[str, StepInfo] = {}
        for b, t, river, strait in sides:
            cost = costs.get(t)
            if cost is None:
                cost = costs[t] = R.tables.hex_row(t).move[cls]
            if isinstance(cost, int):
                row[b] = (cost, river, strait)
        table[a] = row
    facts[key] = table
    return table


def _passable_steps(R: Rules, state: State) -> dict[str, list[tuple[str, str, bool, bool]]]:
    """Every step the map allows any unit this month, with what a movement class's cost needs:
    the terrain entered (frozen swamp and lake are clear, 6.2.3), whether it crosses an
    unfrozen river (or a thawing lake's side) and whether a strait - read once per freezing
    (zoc.freezing) for all the movement classes (5.1.6, 5.5.3-5.5.5, 6.2, 6.3.4)."""
    facts, key = facts_of(R), ("passable_steps", *freezing(state))
    known: dict[str, list[tuple[str, str, bool, bool]]] | None = facts.get(key)
    if known is not None:
        return known
    # a passable step whatever the unit: (neighbour, its terrain this month, river, strait)
    out: dict[str, list[tuple[str, str, bool, bool]]] = {}
    for a in R.map.terrain:
        sides = []
        for b in R.map.grid.neighbours(a):
            t = weather.terrain(R, state, b)
            if t is None or t in ("sea", "lake") or not side_passable(R, state, a, b):
                continue
            sides.append((b, t, river_side(R, state, a, b), weather.strait(R, a, b)))
        out[a] = sides
    facts[key] = out
    return out
