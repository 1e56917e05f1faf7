"""DR 7.2.3 Retreat Procedure: where retreating (and advancing) units may go.

Readings (recorded in docs/rules/defiant-russia.md):

* "toward a friendly map edge" (7.2.3A): each hex entered must not be farther from the
  nearest hex of that edge (east for the Soviets, west for the Axis) than the hex left; if
  no such hex exists, each hex entered must not be farther from the nearest friendly-
  controlled city; "away from the original hex": each hex entered is farther from the hex
  the units retreat from (for attackers, also from the hexes they attacked).
* A retreat may not end over the stacking limit (7.2.3B); a step into a full hex is allowed
  only if the stack can go on to a legal hex with the hits left. A stack that cannot end a
  retreat legally as a whole may retreat "the minimum number of units" - one unit, one hex,
  one hit - to a hex where it fits; the hits left are then losses (results.py, ``split``).
* Retreats and advances obey the limits on where units may go: water, neutral countries
  (9.4, 6.7B), the Sivash hex (9.3.4A), Romanian Home Defense (11.4.4), the Finnish zone
  (11.4.2), Romanians and Hungarians (11.4.3A), May under Early Start (12.3E), the Turkish
  First and Second Armies (12.5A), Mannerheim in Finland (11.6.2A).
* Fleets never retreat with land units; an Axis unit entering a Fleet's hex displaces it
  (11.5.2: an adjacent sea or coastal Black Sea hex across water, 11.5.6C; the Baltic Fleet,
  which may not leave Leningrad, 11.5.1A, is destroyed).
"""

from __future__ import annotations

from ...core.mapmodel import GameMap
from ...core.memo import facts_of, known
from . import leaders
from .attack import HOME, may_month
from .control import pass_through, turkey_invaded
from .rules import (
    Rules,
    State,
    enemy_ground_at,
    ground_units_at,
    hex_of,
    other,
    set_unit,
    units_at,
)
from .stacking import stack_problems
from .supply import closed
from .zoc import country, zoc_of

BLACK_SEA = ("Black Sea", "Sea of Azov")  # DR 11.5.1C


def _edge_distance(gmap: GameMap, edge: str) -> dict[str, int]:
    facts = facts_of(gmap)
    table: dict[str, int] | None = facts.get(("edge_distance", edge))
    if table is None:
        hexes = gmap.edges.get(edge, ())
        table = facts["edge_distance", edge] = {
            h: min((gmap.grid.distance(h, e) for e in hexes), default=0) for h in gmap.grid.hexes()
        }
    return table


def edge_distance(R: Rules, side: str, h: str) -> int:
    """Hexes to the side's own map edge: east for the Soviets, west for the Axis. # DR 7.2.3A"""
    return _edge_distance(R.map, "east" if side == "soviet" else "west")[h]


def city_distance(R: Rules, state: State, side: str, h: str) -> int | None:
    """Hexes to the side's nearest city, major city or fortress (7.2.3A), None if it holds none."""
    cities = [c for c in _cities(R.map) if state["control"].get(c) == side]
    if not cities:
        return None
    return min(R.map.grid.distance(h, c) for c in cities)


def _cities(m: GameMap) -> tuple[str, ...]:
    """The hexes of the map's cities, major cities and fortresses, in the map's order."""
    kinds = ("city", "major_city", "fortress")
    found: tuple[str, ...] = known(
        m,
        "retreat cities",
        lambda: tuple(p.hex for p in m.places.values() if any(p.is_(k) for k in kinds)),
    )
    return found


def unit_may_enter(R: Rules, state: State, uid: str, dst: str) -> bool:
    """Limits on where one unit may go that hold for retreats and advances too."""
    unit = R.unit(uid)
    land = country(R, dst)
    if unit.home_defense and land != "Romania":
        return False  # DR 11.4.4
    if (
        unit.nationality == "finnish"
        and R.map.grid.parse(dst)[1] > 5
        and state["control"].get(R.map.place_named("Leningrad").hex) != "axis"
    ):
        return False  # DR 11.4.2
    if (unit.nationality, land) in (("romanian", "Hungary"), ("hungarian", "Romania")):
        return False  # DR 11.4.3A
    home = HOME.get(unit.nationality)
    if home and may_month(state) and land != home:
        return False  # DR 12.3E
    # DR 12.5A: the Turkish First and Second Armies stay in Turkey, and still until invaded
    return not (
        unit.setup in ("Turkish First Army", "Turkish Second Army")
        and (land != "Turkey" or not turkey_invaded(R, state))
    )


def enterable(R: Rules, state: State, units: list[str], src: str, dst: str) -> bool:
    """Can these units (with their leaders) step from ``src`` into ``dst``?"""
    snow = state.get("weather") == "snow"
    terrain = R.map.terrain_of(dst)
    if terrain in (None, "sea") or (terrain == "lake" and not snow):
        return False
    kinds = R.map.side_kinds(src, dst)
    if "sea" in kinds or ("lake" in kinds and not snow):
        return False
    land = country(R, dst)
    if closed(R, state, dst):
        return False  # DR 9.4
    june = 0 if state.get("options", {}).get("early-start") else 1
    if land == "Hungary" and state.get("turn") == june:
        return False  # DR 6.7B (12.3A: in May under Early Start)
    if "sivash_rail" in R.map.hex_tags(dst):
        return False  # DR 9.3.4A: rail movement only
    side = R.unit(units[0]).side
    if (
        land != "Finland"
        and any(
            leaders.name_of(R, u) == "Mannerheim" for u in leaders.leaders_at(R, state, src, side)
        )
        and any(R.unit(u).nationality == "finnish" for u in units)
    ):
        return False  # DR 11.6.2A-B: he never leaves Finland and goes with the Finns
    return all(unit_may_enter(R, state, u, dst) for u in units)


def steps(R: Rules, state: State, units: list[str], cur: str, away: list[str]) -> list[str]:
    """Hexes the units may retreat into from ``cur``, before the edge/city preference."""
    side = R.unit(units[0]).side
    zoc = zoc_of(R, state, other(side))
    grid = R.map.grid
    out = []
    for n in grid.neighbours(cur):
        if any(grid.distance(n, a) <= grid.distance(cur, a) for a in away):
            continue  # DR 7.2.3A: away from the original hex
        if not enterable(R, state, units, cur, n) or enemy_ground_at(R, state, n, side):
            continue
        friends = [u for u in ground_units_at(R, state, n, side) if u not in units]
        if n in zoc and not friends:
            continue  # DR 6.3.3, 7.2.3C
        out.append(n)
    return out


def preferred(R: Rules, state: State, side: str, cur: str, cands: list[str]) -> list[list[str]]:
    """DR 7.2.3A: toward the friendly edge if possible, else toward a friendly city."""
    edge = [n for n in cands if edge_distance(R, side, n) <= edge_distance(R, side, cur)]
    here = city_distance(R, state, side, cur)
    city = (
        []
        if here is None
        else [n for n in cands if (d := city_distance(R, state, side, n)) is not None and d <= here]
    )
    return [edge, city]


def stack_fits(R: Rules, state: State, moving: list[str], src: str, h: str) -> bool:
    """DR 7.2.3B: the stacking limits hold where the retreat ends."""
    side = R.unit(moving[0]).side
    carried = moving + leaders.leaders_at(R, state, src, side)
    there = [u for u in units_at(state, h) if u not in carried]
    return not stack_problems(R, state, there + carried)


def retreat_options(
    R: Rules,
    state: State,
    moving: list[str],
    origin: str,
    cur: str,
    hits_left: int,
    away: list[str],
) -> list[str]:
    """Next hexes a retreating group may enter, able to end legally within ``hits_left``."""
    side = R.unit(moving[0]).side

    def can_end(h: str, k: int, came: str) -> bool:
        if stack_fits(R, state, moving, came, h):
            return True
        if k <= 0:
            return False
        return any(
            can_end(n, k - 1, h)
            for tier in preferred(R, state, side, h, steps(R, state, moving, h, away))
            for n in tier
        )

    for tier in preferred(R, state, side, cur, steps(R, state, moving, cur, away)):
        ok = [n for n in tier if can_end(n, hits_left - 1, cur)]
        if ok:
            return ok
    return []


def move_group(
    R: Rules, state: State, moving: list[str], src: str, dst: str, retreat: bool
) -> list[str]:
    """Move units one hex (retreat or advance): control (6.4C), fortresses (9.1.8E), leaders
    going along (11.6). Returns the Soviet Fleets in a hex the Axis entered, which must be
    displaced (11.5.2A)."""
    side = R.unit(moving[0]).side
    leaders.follow(R, state, src, dst, moving, retreat)
    for u in moving:
        set_unit(state, u, at=dst)
    pass_through(R, state, side, [dst])  # DR 6.4C, 12.5A
    if side == "axis":
        place = R.map.place(dst)
        if place and place.is_("fortress") and dst not in state["fortress_lost"]:
            state["fortress_lost"].append(dst)  # DR 9.1.8E
        return [u for u in units_at(state, dst) if R.unit(u).type == "fleet"]  # DR 11.5.2A
    return []


def displacement_options(R: Rules, state: State, fleet: str) -> list[str]:
    """DR 11.5.2B, 11.5.6C: an adjacent sea or coastal hex of the Black Sea without Axis units,
    across water. The Baltic Fleet may never leave Leningrad (11.5.1A)."""
    h = hex_of(state, fleet)
    if h is None or R.unit(fleet).reduced is None:
        return []
    out = []
    for n in R.map.grid.neighbours(h):
        if enemy_ground_at(R, state, n, "soviet"):
            continue
        water = "sea" in (R.map.terrain_of(h), R.map.terrain_of(n)) or "sea" in R.map.side_kinds(
            h, n
        )
        if water and (
            _black_sea(R, n)
            or (
                "coast" in R.map.hex_tags(n)
                and any(_black_sea(R, x) for x in R.map.grid.neighbours(n))
            )
        ):
            out.append(n)
    return out


def _black_sea(R: Rules, h: str) -> bool:
    return R.map.terrain_of(h) == "sea" and any(r in BLACK_SEA for r in R.map.regions_at(h))
