"""SNO 5.1, 5.5, 4.6: what a unit may enter, what a step costs, and its movement allowance.

These are the pieces operational movement (:mod:`movement`) and tactical movement - retreat and
advance after combat, which obey 5.1, 5.2 and 5.5 as well (7.7.2) - share:

- :func:`allowance`: the printed movement factor with the weather (6.3.1-6.3.2, 6.5.2), no
  strategic bonus (that is the OMP's, :func:`strategic_allowance`);
- :func:`may_enter`: whether the unit may stand in a hex at all (enemy units, sea and unfrozen
  lake hexes, Finland, Hungary, the Romanian, Hungarian and Bulgarian borders, 4.6);
- :func:`step_cost`: the movement points of one step (terrain and hex side), or None where the
  step is forbidden;
- :func:`path_cost`: a whole path's cost, river crossings counted only when it ends in enemy
  ZOC (5.5.4).

Dates the rules name (5.5.9's September 1941 - June 1944, 5.5.11's April 1942) are rule text
and live here; every hex, country and cost comes from the map and the charts.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from . import weather
from .rules import Rules, State, enemy_at, month_name, movement_factor, units_at
from .tables import move_cost
from .zoc import in_enemy_zoc

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
def allowance(R: Rules, state: State, uid: str) -> int:
    """SNO 5.1.4, 6.3.1-6.3.2: the printed movement factor modified for the weather (0 for
    units that print none: garrisons, 5.1.9). No strategic bonus: see
    :func:`strategic_allowance`."""
    unit = R.unit(uid)
    # SNO 5.1.4 the printed factor modified for the weather: # SNO 6.3.1 Mud, # SNO 6.3.2 Snow
    return weather.allowance(R, state, unit.side, movement_factor(R, uid))


def strategic_allowance(R: Rules, state: State, uid: str) -> int:
    """SNO 5.3.2: the allowance with the strategic movement bonus (two Axis, three Soviet),
    for a unit that neither begins nor ends its OMP in enemy ZOC; 6.3.1 caps it at 3 in Mud
    (the reading in weather.allowance)."""
    unit = R.unit(uid)
    # SNO 5.3.1 (part 1 has no fuel penalty nor Guderian bonus: armor is part 2)
    # SNO 5.3.2 the bonus unaffected by weather; # SNO 6.3.1 but the Mud maximum applies to it
    return weather.allowance(
        R, state, unit.side, movement_factor(R, uid), weather.bonus(R, unit.side)
    )


# ------------------------------------------------------------------ entering a hex
def may_enter(R: Rules, state: State, uid: str, hex_id: str, finland: bool = True) -> bool:
    """May the unit enter (or stand in) the hex at all, whatever the path and its cost?

    - SNO 5.1.2, 5.1.6: never a hex holding an enemy unit (overrun is part 2);
    - SNO 5.1.6, 5.5.3: never a sea hex or an unfrozen lake hex (6.3.4: nor an all-lake hex
      in a Thaw turn, when no lake is frozen);
    - SNO 5.5.9: no Soviet unit into the Finnish-occupied area, September 1941 - June 1944;
    - SNO 5.5.11: while Hungary is inactive the Hungarian unit may not leave it nor other
      Axis units enter it;
    - SNO 5.5.12: Romanian units never into Hungary or Bulgaria, the Hungarian unit never
      into Romania;
    - SNO 4.6: a Hungarian unit never into a hex holding a Romanian one, nor the reverse.

    ``finland=False`` leaves 5.5.9 out (a Soviet unit crossing the area on its way out).
    """
    unit = R.unit(uid)
    side = unit.side
    if enemy_at(R, state, hex_id, side):  # SNO 5.1.2 (and 5.1.6)
        return False
    t = weather.terrain(R, state, hex_id)
    # SNO 5.1.6 no sea or unfrozen lake hex; # SNO 6.3.4 none entered in a Thaw
    if t is None or t in ("sea", "lake"):
        return False
    if side == "soviet":
        return not (finland and in_finland(R, state, hex_id))  # SNO 5.5.9
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
    R: Rules, state: State, uid: str, frm: str, to: str, ends_in_zoc: bool | None = None
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
    """
    if not may_enter(R, state, uid, to) or not side_passable(R, state, frm, to):
        return None
    if weather.strait(R, frm, to):  # SNO 5.5.5
        return float(allowance(R, state, uid))
    cost = terrain_cost(R, state, uid, to)
    if cost is None:
        return None
    if ends_in_zoc is None:
        ends_in_zoc = in_enemy_zoc(R, state, to, R.unit(uid).side)
    # SNO 5.5.4; # SNO 5.5.8 the canal is a river side (weather.river)
    if ends_in_zoc and river_side(R, state, frm, to):
        cost += 1
    return float(cost)


def path_cost(R: Rules, state: State, uid: str, path: Sequence[str]) -> float | None:
    """The movement points of a whole path (start hex first), or None if a step of it is
    forbidden. River sides cost one more each only if the path ends in enemy ZOC (5.5.4);
    a strait may only be the first and only step (5.5.5)."""
    if len(path) < 2:
        return 0.0
    ends = in_enemy_zoc(R, state, path[-1], R.unit(uid).side)
    total = 0.0
    for i, (a, b) in enumerate(pairwise(path)):
        if weather.strait(R, a, b) and (i > 0 or len(path) > 2):
            return None  # SNO 5.5.5: the whole allowance 'to move the one hex'
        cost = step_cost(R, state, uid, a, b, ends_in_zoc=ends)
        if cost is None:
            return None
        total += cost
    return total


# ------------------------------------------------------------------ the map's steps, read once
#: A step's terrain cost (of the hex entered), whether it crosses an unfrozen river (or the
#: canal, or a thawing lake's side) and whether it crosses a strait.
StepInfo = tuple[int, bool, bool]
Steps = dict[str, dict[str, StepInfo]]
_STEPS: dict[tuple[int, str, str, str], tuple[Rules, Steps]] = {}


def step_table(R: Rules, state: State, uid: str) -> Steps:
    """Every step the map allows a unit of this one's movement class this month: hex ->
    {neighbour: (terrain cost, river, strait)}. What the units stand on (enemies, borders,
    Finland, 4.6) is :func:`may_enter`'s; this is the terrain, read once per movement class,
    weather and month (all that freezing depends on, 6.2)."""
    cls = R.tables.tec.unit_class.get(R.unit(uid).type)
    if cls is None:
        return {}  # SNO 5.1.9, 10.4.4: garrisons and factories never move
    key = (id(R), cls, state["weather"], month_name(state["turn"]))
    known = _STEPS.get(key)
    if known is not None and known[0] is R:
        return known[1]
    table: Steps = {}
    for a in R.map.terrain:
        row: dict[str, StepInfo] = {}
        for b in R.map.grid.neighbours(a):
            t = weather.terrain(R, state, b)
            if t is None or t in ("sea", "lake") or not side_passable(R, state, a, b):
                continue
            cost = R.tables.hex_row(t).move[cls]  # SNO 5.1.3
            if isinstance(cost, int):
                row[b] = (cost, river_side(R, state, a, b), weather.strait(R, a, b))
        table[a] = row
    if len(_STEPS) >= 24:
        _STEPS.clear()
    _STEPS[key] = (R, table)
    return table
