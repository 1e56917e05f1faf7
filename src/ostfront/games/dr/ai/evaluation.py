"""What the computer players know of Defiant Russia: a static evaluation of a position and the
worth of a hex for one unit (used to plan moves). Moves are scored in :mod:`moves`,
attacks valued in :mod:`attacks`, and the Axis's attack plan is :mod:`plan`.

The evaluation follows 13.0: victory cities first, then the armies that hold or take them
(strength on the map; units lost count against the casualty point), territory (hexes under
control, which rail movement and replacements need), and supply. The worth of a hex is
different for each side: the Axis drives on the nearest Soviet-held victory city and keeps
its supply; the Soviets hold a line a hex or two in front of the enemy, on good defensive
ground, garrison their victory cities and keep their supply.

Everything is read through the DR rules modules, never by changing a state.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from ....core.memo import known
from ....core.paths import distances
from ....core.protocol import Game
from .. import supply
from ..charts import casualty_weight, victory_cities
from ..results import advance_actions, cleared
from ..rules import BOXES, Rules, State, ground_hexes, occupancy, other, printed
from ..victory import casualties, casualty_point, stalin_point
from ..zoc import zoc_of

WIN = 1000.0
#: weights of the evaluation (one point of strength on the map = 1)
CITY_POINT = 12.0
#: the share of a victory city left with none of its holder's ground units, next to an enemy
#: ground unit, that counts as the enemy's: it walks in at its next move (6.4C)
EXPOSED = 0.5
HEX_CONTROLLED = 0.04
LAST_STRENGTH = 0.01  # a strength point, where only 13.0's points count (final_score)
CASUALTY = 1.5
OUT_OF_SUPPLY = 0.5  # per strength point
#: weights of a hex's worth for a unit
ADVANCE = 0.6  # Axis: per hex nearer the nearest objective
NEARER_A_POINT = 3  # an objective's hexes less, for each victory point beyond the first
UNSUPPLIED = 4.0
GARRISON = 1.5  # per victory point of a friendly-held victory city the unit stands in
GOOD_GROUND = 0.4
TAKE = 6.0  # Axis: per victory point of an enemy-held victory city entered (13.0B)
ARMOR_CONTACT = 0.3  # Axis armor next to the enemy
MASS = 0.3  # Axis teamwork: per odds ratio massed against the best enemy hex touched (to 3)
WEAK_CONTACT = 1.0  # Axis teamwork: per point of odds below GOOD_ODDS against the worst one
GOOD_ODDS = 1.0  # strength massed per enemy strength point (plus one) that makes contact good
FRONT = {1: 0.6, 2: 0.9, 3: 0.6}  # Soviets: by distance to the nearest Axis unit
DEFENSIVE = ("forest", "swamp", "mountain")


def rules_of(game: Game, state: State) -> Rules:
    r: Rules = game.rules_for(state)  # type: ignore[attr-defined]
    return r


def evaluate(game: Game, state: State, side: str) -> float:
    """How good the position is for ``side`` (positive: better than the other side)."""
    res = game.result(state)
    if res is not None:
        return WIN if res.winner == side else -WIN if res.winner else 0.0
    R = rules_of(game, state)
    entering = about_to_enter(R, state)
    cities = city_hexes(R)
    pts = city_worths(state, cities, entering)
    for h_side in state["control"].values():
        if h_side in pts:
            pts[h_side] += HEX_CONTROLLED
    for uid, d in state["units"].items():
        unit = R.unit(uid)
        if not unit.is_ground or unit.side not in pts:
            continue
        if d["at"] in ("dead", "lost"):
            pts[unit.side] -= CASUALTY * _weight(R, unit)
        elif d["at"] not in BOXES:
            strength = printed(R, state, uid)[0]
            pts[unit.side] += strength * (1 - OUT_OF_SUPPLY if d.get("oos") else 1)
    held = {s: ground_hexes(R, state, s) for s in pts}
    open_cities = {h: v for h, v in cities.items() if h not in entering}
    return pts[side] - pts[other(side)] + exposure(R, side, open_cities, state["control"].get, held)


def final_score(game: Game, state: State, side: str) -> float:
    """How good the position is for ``side`` when nothing the enemy does comes after it (the
    game's last player-turn, 4.12): 13.0's points alone - the victory cities held when the
    game ends (those about to be entered counted as taken), Stalin and the casualty point -
    ``CITY_POINT`` each, and the strength on the map only to break ties (``LAST_STRENGTH``
    a point): a unit lost in the last player-turn costs nothing more unless it turns the
    casualty point (13.0E)."""
    res = game.result(state)
    if res is not None:
        return WIN if res.winner == side else -WIN if res.winner else 0.0
    R = rules_of(game, state)
    pts = city_worths(state, city_hexes(R), about_to_enter(R, state))
    pts[stalin_point(state)] += CITY_POINT
    pts[casualty_point(casualties(R, state))] += CITY_POINT
    for uid, d in state["units"].items():
        unit = R.unit(uid)
        if unit.is_ground and unit.side in pts and d["at"] not in BOXES:
            pts[unit.side] += LAST_STRENGTH * printed(R, state, uid)[0]
    return pts[side] - pts[other(side)]


def city_hexes(R: Rules) -> dict[str, int]:
    """Hex -> victory points of each victory city (13.0B-C), in the order of their names."""
    return {R.map.place_named(n).hex: v for n, v in sorted(victory_cities(R.charts).items())}


def city_worths(
    state: State, cities: Mapping[str, int], entering: Mapping[str, str]
) -> dict[str, float]:
    """Side -> ``CITY_POINT`` for each victory point of the cities (hex -> points) it holds,
    a city about to be entered (:func:`about_to_enter`) counted as its attacker's."""
    pts = {"axis": 0.0, "soviet": 0.0}
    for h, value in cities.items():
        holder = entering.get(h) or state["control"].get(h)
        if holder in pts:
            pts[holder] += CITY_POINT * value
    return pts


def about_to_enter(R: Rules, state: State) -> dict[str, str]:
    """Hex -> side, for the hexes an attacker has cleared and may now advance into (7.3A):
    a defender's retreat out of a city gives the city up, though its control changes only
    with the advance, one decision later."""
    p = state.get("pending")
    if not p or p.get("kind") != "advance":
        return {}
    battle = p["battle"]
    acts = advance_actions(R, state, battle)
    hexes = cleared(R, state, battle)
    into = {str(a.args[1]) if len(a.args) > 1 else hexes[0] for a in acts if a.verb == "advance"}
    return dict.fromkeys(sorted(into), str(battle["side"]))


def exposed(R: Rules, h: str, holder: str, held: Mapping[str, Collection[str]]) -> bool:
    """Is the victory city ``h`` open to the enemy: none of ``holder``'s ground units in it,
    one of the enemy's next to it over land (``held``: side -> hexes holding its ground
    units)? The enemy takes it by walking in at its next move (6.4C). A garrison that
    retreats out of its city after attacking (7.2.2) leaves it so: the city still counts as
    held, though the enemy next door takes it for nothing (issue 34: Kharkov's garrison
    took its second hit as a retreat, and a panzer corps walked in)."""
    if h in held[holder]:
        return False
    enemy = held[other(holder)]
    sea = sea_sides(R)
    return any(n in enemy and (h, n) not in sea for n in R.map.grid.neighbours(h))


def exposure(
    R: Rules,
    side: str,
    cities: Mapping[str, int],
    holder: Callable[[str], str | None],
    held: Mapping[str, Collection[str]],
) -> float:
    """The part of :func:`evaluate` (for ``side``) that :func:`exposed` victory cities take:
    each one's ``EXPOSED`` share counted for its enemy rather than its holder. ``cities``:
    hex -> victory points, ``holder``: who controls a hex."""
    out = 0.0
    for h, points in cities.items():
        who = holder(h)
        if who is not None and who in held and exposed(R, h, who, held):
            out += (-1 if who == side else 1) * 2 * EXPOSED * CITY_POINT * points
    return out


def _weight(R: Rules, unit: Any) -> int:
    """13.0E's casualty weight (1 for units the chart does not weigh, e.g. Defiant Poland's)."""
    try:
        return casualty_weight(R.charts, unit.nationality, unit.type)
    except ValueError:
        return 1


@dataclass
class Terrain:
    """A phase's view of the map for one side: distances and supply, worked out once."""

    side: str
    objective: dict[str, int]  # hex -> hexes to the nearest objective (Axis; Moscow nearer)
    enemy: dict[str, int]  # hex -> hexes to the nearest enemy ground unit
    supplied: dict[str, int]  # hex -> hexes of its supply path (5.0), where one is traced
    cities: dict[str, int]  # hex -> victory points of friendly-held victory cities
    enemy_at: dict[str, int] = field(default_factory=dict)  # hex -> enemy strength there
    path: int = 3  # hexes a supply path may have (5.0, 5.2)
    enemy_cities: dict[str, int] = field(default_factory=dict)  # the enemy's victory cities
    planned: set[str] = field(default_factory=set)  # enemy hexes the attack plan will attack


#: The last view worked out: one entry, found by the state's facts and the components (map,
#: charts, counters: kept, so alive, and compared by identity - it cannot answer for others).
_TERRAIN: dict[str, Any] = {"parts": (None, None, None), "key": None, "value": None}


def terrain_view(R: Rules, state: State, side: str) -> Terrain:
    """The side's :class:`Terrain` for this phase (remembered while the enemy's units, the
    victory cities' control and the weather stay as they are)."""
    occ = occupancy(state)
    enemy_at: dict[str, int] = {}
    for h, uids in occ.items():
        for u in uids:
            unit = R.unit(u)
            if unit.is_ground and unit.side != side:
                enemy_at[h] = enemy_at.get(h, 0) + printed(R, state, u)[0]
    cities = city_hexes(R)
    held = tuple(sorted((h, state["control"].get(h) or "") for h in cities))
    key = (side, state["turn"], state["phase"], state["weather"], held,
           tuple(sorted(enemy_at.items())))  # fmt: skip
    parts = (R.map, R.charts, R.counters)
    same = all(a is b for a, b in zip(_TERRAIN["parts"], parts, strict=True))
    if same and _TERRAIN["key"] == key:
        cached: Terrain = _TERRAIN["value"]
        return cached
    land = _land(R, state)
    targets = {h: v for h, v in cities.items() if state["control"].get(h) != side}
    objective = objective_distances(R, state, targets)
    enemy = distances(list(enemy_at), R.map.grid.neighbours, land, limit=6)
    kind = "axis" if side == "axis" else "soviet"
    view = Terrain(
        side=side,
        objective=objective,
        enemy=enemy,
        supplied=supply_reach(R, state, side, kind),
        cities={h: v for h, v in cities.items() if state["control"].get(h) == side},
        enemy_at=enemy_at,
        path=supply.path_length(R, state, side, kind),
        enemy_cities={h: v for h, v in cities.items() if state["control"].get(h) == other(side)},
    )
    _TERRAIN.update(parts=parts, key=key, value=view)
    return view


def objective_distances(R: Rules, state: State, targets: dict[str, int]) -> dict[str, int]:
    """Hex -> hexes to the nearest objective (victory city -> points), a city worth more
    counting as ``NEARER_A_POINT`` hexes nearer for each point beyond the first (13.0B:
    Moscow is worth two)."""
    out: dict[str, int] = {}
    for t, points in sorted(targets.items()):
        bonus = NEARER_A_POINT * (points - 1)
        for h, d in distances_from(R, state, t).items():
            if d - bonus < out.get(h, 1 << 30):
                out[h] = d - bonus
    return out


def distances_from(R: Rules, state: State, source: str) -> dict[str, int]:
    """Hex -> hexes over land from ``source`` (:func:`_land`), worked out once for each
    source and the facts the land depends on (the weather, the neutral countries, the
    scenario card: :func:`supply.impassable_hexes`), and kept with the map."""
    key = ("objective distances", source, supply.impassable_hexes(R, state))
    found: dict[str, int] = known(
        R.map, key, lambda: distances([source], R.map.grid.neighbours, _land(R, state))
    )
    return found


def sea_sides(R: Rules) -> set[tuple[str, str]]:
    """Every (hex, neighbour) pair across a sea hexside (worked out once a map)."""
    found: set[tuple[str, str]] = known(
        R.map,
        "sea hexsides",
        lambda: {
            (a, b)
            for a in R.map.terrain
            for b in R.map.grid.neighbours(a)
            if "sea" in R.map.side_kinds(a, b)
        },
    )
    return found


def _land(R: Rules, state: State) -> Any:
    """Steps a path over land may take: into a hex a supply path may cross (5.0, 9.4), not
    across a sea hexside (worked out once a map and set of closed hexes)."""
    closed = supply.impassable_hexes(R, state)
    sea = sea_sides(R)

    def passable(a: str, b: str) -> bool:
        return b not in closed and (a, b) not in sea

    return passable


def supply_reach(R: Rules, state: State, side: str, kind: str) -> dict[str, int]:
    """Hex -> length of the shortest supply path from it to a rail line that leads to a
    source (5.0), for every hex that traces one now."""
    blocked = supply.blocked_hexes(R, state, side)
    network = supply.rail_network(R, state, side, kind, blocked)

    def step(a: str, b: str) -> bool:
        return b not in blocked and supply.passable(R, state, b) and not _water(R, state, a, b)

    limit = supply.path_length(R, state, side, kind)
    return distances(list(network), R.map.grid.neighbours, step, limit=limit)


def _water(R: Rules, state: State, a: str, b: str) -> bool:
    kinds = R.map.side_kinds(a, b)
    return "sea" in kinds or ("lake" in kinds and state.get("weather") != "snow")


def supplied_there(R: Rules, view: Terrain, h: str) -> bool:
    """Would a unit in ``h`` trace supply? Its own presence opens the hex to the path
    (5.0: an enemy ZOC does not block where a friendly unit stands), so a hex next to one
    at most two hexes from the rail line counts too."""
    if h in view.supplied:
        return True
    return any(view.supplied.get(n, 99) < view.path for n in R.map.grid.neighbours(h))


def hex_worth(R: Rules, state: State, view: Terrain, uid: str, h: str) -> float:
    """How much ``uid`` would like to end its move in ``h`` this phase."""
    unit = R.unit(uid)
    worth = 0.0
    if not supplied_there(R, view, h) and unit.nationality != "finnish":
        worth -= UNSUPPLIED
    near = view.enemy.get(h, 7)
    if view.side == "axis":
        worth -= ADVANCE * view.objective.get(h, 40)
        worth += GARRISON * view.cities.get(h, 0)  # hold what was taken
        worth += TAKE * view.enemy_cities.get(h, 0)  # an empty enemy city: take it (6.4C)
        if near == 1 and unit.type == "armor":
            worth += ARMOR_CONTACT
        return worth
    worth += FRONT.get(near, 0.2 - 0.05 * max(0, near - 3))
    worth += GARRISON * view.cities.get(h, 0)
    terrain = R.map.terrain_of(h) or "clear"
    place = R.map.place(h)
    if terrain in DEFENSIVE or (place is not None and place.is_("city")):
        worth += GOOD_GROUND
    if place is not None and (place.is_("major_city") or place.is_("fortress")):
        worth += GOOD_GROUND
    adjacent_enemy = sum(1 for n in R.map.grid.neighbours(h) if n in view.enemy_at)
    if adjacent_enemy >= 2:
        worth -= 0.4 * (adjacent_enemy - 1)
    return worth


def support(R: Rules, state: State, view: Terrain, uid: str, h: str) -> float:
    """What ``uid`` in ``h`` adds to the side's other units (the normal player's teamwork):
    for the Axis, strength massed against one enemy hex (attacks are compulsory, 7.0, so
    weak contact is a cost); for the Soviets, front hexes its zone of control closes."""
    if view.side == "axis":
        mine = printed(R, state, uid)[0]
        best, worst = 0.0, 0.0
        for n in R.map.grid.neighbours(h):
            enemy = view.enemy_at.get(n)
            if enemy is None:
                continue
            massed = mine + sum(
                printed(R, state, u)[0]
                for m in R.map.grid.neighbours(n)
                for u in occupancy(state).get(m, ())
                if u != uid and R.unit(u).side == "axis" and R.unit(u).is_ground
            )
            ratio = massed / (enemy + 1)
            best = max(best, min(ratio, 3.0))
            if n not in view.planned:
                worst = min(worst, ratio - GOOD_ODDS)
        return MASS * best + WEAK_CONTACT * worst
    covered = zoc_of(R, state, view.side)
    gaps = sum(
        1 for n in (h, *R.map.grid.neighbours(h)) if view.enemy.get(n, 9) <= 2 and n not in covered
    )
    return 0.25 * gaps
