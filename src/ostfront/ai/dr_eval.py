"""What the computer players know of Defiant Russia: a static evaluation of a position and the
worth of a hex for one unit (used to plan moves). Attacks are valued in :mod:`dr_attacks`,
the Axis's attack plan is :mod:`dr_plan`.

The evaluation follows 13.0: victory cities first, then the armies that hold or take them
(strength on the map; units lost count against the casualty point), territory (hexes under
control, which rail movement and replacements need), and supply. The worth of a hex is
different for each side: the Axis drives on the nearest Soviet-held victory city and keeps
its supply; the Soviets hold a line a hex or two in front of the enemy, on good defensive
ground, garrison their victory cities and keep their supply.

Everything is read through the DR rules modules, never by changing a state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.paths import distances
from ..core.protocol import Game, State
from ..games.dr import supply
from ..games.dr.charts import casualty_weight, victory_cities
from ..games.dr.rules import BOXES, Rules, hex_of, occupancy, other, printed
from ..games.dr.stacking import stack_problems

WIN = 1000.0
#: weights of the evaluation (one point of strength on the map = 1)
CITY_POINT = 12.0
HEX_CONTROLLED = 0.04
CASUALTY = 1.5
OUT_OF_SUPPLY = 0.5  # per strength point
#: weights of a hex's worth for a unit
ADVANCE = 0.6  # Axis: per hex nearer the nearest objective
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
    pts = {"axis": 0.0, "soviet": 0.0}
    entering = about_to_enter(R, state)
    for name, value in victory_cities(R.charts).items():
        h = R.map.place_named(name).hex
        holder = entering.get(h) or state["control"].get(h)
        if holder in pts:
            pts[holder] += CITY_POINT * value
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
    return pts[side] - pts[other(side)]


def about_to_enter(R: Rules, state: State) -> dict[str, str]:
    """Hex -> side, for the hexes an attacker has cleared and may now advance into (7.3A):
    a defender's retreat out of a city gives the city up, though its control changes only
    with the advance, one decision later."""
    from ..games.dr.results import advance_actions, cleared

    p = state.get("pending")
    if not p or p.get("kind") != "advance":
        return {}
    battle = p["battle"]
    acts = advance_actions(R, state, battle)
    hexes = cleared(R, state, battle)
    into = {str(a.args[1]) if len(a.args) > 1 else hexes[0] for a in acts if a.verb == "advance"}
    return dict.fromkeys(sorted(into), str(battle["side"]))


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
    objective: dict[str, int]  # hex -> hexes to the nearest objective (Axis)
    enemy: dict[str, int]  # hex -> hexes to the nearest enemy ground unit
    supplied: dict[str, int]  # hex -> hexes of its supply path (5.0), where one is traced
    cities: dict[str, int]  # hex -> victory points of friendly-held victory cities
    enemy_at: dict[str, int] = field(default_factory=dict)  # hex -> enemy strength there
    path: int = 3  # hexes a supply path may have (5.0, 5.2)
    enemy_cities: dict[str, int] = field(default_factory=dict)  # the enemy's victory cities
    planned: set[str] = field(default_factory=set)  # enemy hexes the attack plan will attack


_TERRAIN: dict[str, Any] = {"key": None, "value": None}


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
    cities = {R.map.place_named(n).hex: v for n, v in sorted(victory_cities(R.charts).items())}
    held = tuple(sorted((h, state["control"].get(h) or "") for h in cities))
    key = (id(R), side, state["turn"], state["phase"], state["weather"], held,
           tuple(sorted(enemy_at.items())))  # fmt: skip
    if _TERRAIN["key"] == key:
        cached: Terrain = _TERRAIN["value"]
        return cached
    land = _land(R, state)
    targets = [h for h in cities if state["control"].get(h) != side]
    objective = distances(targets, R.map.grid.neighbours, land) if targets else {}
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
    _TERRAIN.update(key=key, value=view)
    return view


def _land(R: Rules, state: State) -> Any:
    def passable(a: str, b: str) -> bool:
        return supply.passable(R, state, b) and "sea" not in R.map.side_kinds(a, b)

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
    from ..games.dr.zoc import zoc_of

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


# ------------------------------------------------------------------ moves by their worth
OVERSTACKED = 20.0
PLANNED = 3.0  # a move the attack plan asks for (dr_plan)
PLANNING: tuple[str, ...] = ("move", "exploit")  # the phases planned


def move_gain(
    R: Rules,
    state: State,
    view: Terrain,
    uid: str,
    dest: str,
    teamwork: bool = False,
    verb: str = "to",
) -> float:
    """What moving ``uid`` to ``dest`` gains: for the normal player (``teamwork``) by the
    worth of the hexes and the support it gives; for greedy by the static evaluation one
    step ahead (:func:`static_gain`). An over-stacked destination costs a unit at the end of
    the phase (6.2)."""

    here = hex_of(state, uid)
    if here is None:
        return 0.0
    if teamwork:
        gain = hex_worth(R, state, view, uid, dest) - hex_worth(R, state, view, uid, here)
        gain += support(R, state, view, uid, dest) - support(R, state, view, uid, here)
    else:
        gain = static_gain(R, state, view, uid, dest, verb)
    there = [u for u in occupancy(state).get(dest, ()) if u != uid]
    if stack_problems(R, state, [*there, uid]):
        gain -= OVERSTACKED
    return gain


def static_gain(
    R: Rules, state: State, view: Terrain, uid: str, dest: str, verb: str = "to"
) -> float:
    """The greedy player's value of a move: what it changes in :func:`evaluate` - every hex
    the unit passes comes under its side's control (6.4C), a victory city among them with
    its points (13.0B) - and, for the Axis, how much nearer it brings the unit to the
    nearest Soviet-held victory city (``ADVANCE`` a hex: the Axis must go and take them;
    the Soviets hold them all at the start). That is all greedy knows of where to go: no
    line, ground, supply or teamwork, which are the normal player's (:func:`hex_worth`,
    :func:`support`)."""
    from ..core.paths import path_to
    from ..games.dr import movement

    side = R.unit(uid).side
    found = movement.reach_of(R, state, uid) if verb == "to" else {}
    path = path_to(found, dest)[1:] if dest in found else [dest]  # by rail: the end only
    cities = _city_points(R)
    gain = 0.0
    for h in set(path):
        holder = state["control"].get(h)
        if holder == side:
            continue
        counts = 2 if holder == other(side) else 1  # the enemy's loss is the side's gain
        gain += counts * (HEX_CONTROLLED + CITY_POINT * cities.get(h, 0))
    here = hex_of(state, uid)
    if side == "axis" and here is not None:  # 13.0: the Axis must go and take them
        gain += ADVANCE * (view.objective.get(here, 40) - view.objective.get(dest, 40))
    return gain


_CITIES: dict[int, dict[str, int]] = {}


def _city_points(R: Rules) -> dict[str, int]:
    """Hex -> victory points of each victory city (13.0B, C)."""
    if id(R) not in _CITIES:
        named = victory_cities(R.charts).items()
        _CITIES[id(R)] = {R.map.place_named(n).hex: v for n, v in named}
    return _CITIES[id(R)]


def destinations(R: Rules, state: State, uid: str) -> dict[str, str]:
    """Hex -> verb ("to" or "rail") for every move the unit may make now."""
    from ..games.dr import movement

    out = dict.fromkeys(movement.reachable(R, state, uid), "to")
    for h in movement.rail_destinations(R, state, uid):
        out.setdefault(h, "rail")
    return out


def best_move(
    R: Rules, state: State, view: Terrain, uid: str, teamwork: bool = False
) -> tuple[float, str, str]:
    """(gain, verb, hex) of the unit's best move; gain 0 and no hex if staying is best."""
    best = (0.0, "", "")
    for h, verb in sorted(destinations(R, state, uid).items()):
        g = move_gain(R, state, view, uid, h, teamwork, verb)
        if g > best[0] + 1e-9:
            best = (g, verb, h)
    return best


class DefiantRussiaEvaluator:
    """The :class:`~ostfront.ai.evaluation.Evaluator` of Defiant Russia.

    A unit's best move is remembered for the rest of the phase and worked out again only
    when it is the best candidate (moves of other units rarely change it: lazy greedy)."""

    def __init__(self, teamwork: bool = False) -> None:
        self.teamwork = teamwork  # the normal player's coordination terms (see support)
        self.phase: tuple[Any, ...] = ()
        self.gains: dict[str, float] = {}
        self.plan_key: tuple[Any, ...] = ()
        self.plan: dict[str, str] = {}  # unit -> hex, the Axis attack plan (dr_plan)
        self.targets: set[str] = set()  # the enemy hexes it attacks
        self.next = ""  # the planned unit to move next
        self.selected: dict[str, int] = {}  # unit -> times selected this phase
        self.selected_phase: tuple[Any, ...] = ()
        self.last_selected: str | None = None

    def unit_gains(
        self, R: Rules, state: State, view: Terrain, uids: list[str]
    ) -> dict[str, float]:
        key = (state.get("seed"), state["turn"], state["phase"], view.side)
        if key != self.phase:
            self.phase, self.gains = key, {}
        fresh: set[str] = set()
        for uid in uids:
            if uid not in self.gains:
                self.gains[uid] = best_move(R, state, view, uid, self.teamwork)[0]
                fresh.add(uid)
        while True:  # work out again every remembered gain that might be the best
            stale = [u for u in uids if u not in fresh]
            if not stale:
                break
            top = max(stale, key=lambda u: (self.gains[u], u))
            best_fresh = max((self.gains[u] for u in fresh), default=0.0)
            if self.gains[top] <= 0 or self.gains[top] < best_fresh:
                break
            self.gains[top] = best_move(R, state, view, top, self.teamwork)[0]
            fresh.add(top)
        return {u: self.gains[u] for u in uids}

    def planned_moves(
        self, R: Rules, state: State, view: Terrain, sel: str | None
    ) -> dict[str, str]:
        """The Axis attack plan's moves still to make this phase (:mod:`dr_plan`); a unit
        whose planned hex is no longer open to it when its turn comes leaves the plan."""
        from ..games.dr import movement
        from .dr_plan import make_plan

        if not self.teamwork or view.side != "axis" or not state["phase"].endswith(PLANNING):
            return {}
        key = (state.get("seed"), state["turn"], state["phase"])
        if self.plan_key != key:
            movers = [u for u in movement.selectable(R, state) if R.unit(u).is_ground]
            plan = make_plan(R, state, view, movers)
            self.plan_key, self.plan, self.targets = key, plan.moves, set(plan.targets)
        view.planned = self.targets
        if sel is None:  # the next unit to move: the first whose hex is still open to it
            for uid in sorted(self.plan):
                h = self.plan[uid]
                if uid in state["done"] or h == hex_of(state, uid):
                    continue
                there = [u for u in occupancy(state).get(h, ()) if u != uid]
                if h in movement.reachable(R, state, uid) and not stack_problems(
                    R, state, [*there, uid]
                ):
                    self.next = uid
                    break
                del self.plan[uid]
        return {u: h for u, h in self.plan.items() if u not in state["done"]}

    def evaluate(self, game: Game, state: State, side: str) -> float:
        return evaluate(game, state, side)

    def quick_values(self, game: Game, state: State, side: str, actions: Any) -> dict[str, float]:
        """Movement decisions by the worth of the destination, attacks by their exact odds;
        the rest is played out."""
        from ..games.dr.rules import reading
        from .dr_attacks import combat_values

        R = rules_of(game, state)
        with reading(state):
            if state["phase"].endswith("combat"):
                return combat_values(R, state, actions, self.teamwork)
            if not state["phase"].endswith(("move", "exploit")) or state.get("pending"):
                return {}
            return self.move_values(R, state, side, actions)

    def move_values(self, R: Rules, state: State, side: str, actions: Any) -> dict[str, float]:
        from ..games.dr.movement import stranded_marshals
        from ..games.dr.movement_rules import kind, record

        view = terrain_view(R, state, side)
        out: dict[str, float] = {}
        sel = record(state)["selected"] if kind(state) in ("move", "exploit") else None
        movers = [str(a.args[0]) for a in actions if a.verb == "select"]
        phase = (state.get("seed"), state["turn"], state["phase"])
        if self.selected_phase != phase:
            self.selected_phase, self.selected = phase, {}
        if sel is not None and self.last_selected != sel:
            self.selected[sel] = self.selected.get(sel, 0) + 1
        self.last_selected = sel
        planned = self.planned_moves(R, state, view, sel)
        stranded = stranded_marshals(R, state) if side == "soviet" else []
        ground = [u for u in movers if R.unit(u).is_ground and u not in planned]
        gains = self.unit_gains(R, state, view, ground)
        for a in actions:
            if a.verb == "done":
                out[a.text] = 0.0
            elif a.verb == "deselect":
                out[a.text] = -0.01
            elif a.verb == "select":
                uid = str(a.args[0])
                if uid in stranded:  # DR 11.6.4D, 12.7C: the phase ends once he rejoins one
                    out[a.text] = 1.0
                elif self.selected.get(uid, 0) > 3:  # a guard against selecting it forever
                    out[a.text] = -1.0
                elif uid in planned:  # the next to its planned hex; the others wait or stay
                    out[a.text] = PLANNED if uid == self.next else -0.5
                else:
                    out[a.text] = gains.get(uid, -1.0) - 0.001  # "done" wins a tie
            elif a.verb in ("to", "rail") and sel is not None and R.unit(sel).is_ground:
                dest = str(a.args[0])
                there = [u for u in occupancy(state).get(dest, ()) if u != sel]
                if planned.get(sel) == dest and not stack_problems(R, state, [*there, sel]):
                    out[a.text] = PLANNED
                else:
                    out[a.text] = move_gain(R, state, view, sel, dest, self.teamwork, a.verb)
            elif a.verb == "to" and sel in stranded:  # to a hex with a Soviet ground unit
                there = occupancy(state).get(str(a.args[0]), [])
                joins = any(R.unit(u).is_ground and R.unit(u).side == side for u in there)
                out[a.text] = 1.0 if joins else -0.5
            elif a.verb in ("take", "leave"):
                out[a.text] = -0.02
        return out
