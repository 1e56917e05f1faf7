"""DR 6.1, 9.x, 8.3 and the movement limits of 6.7B, 9.4, 11.4, 12.3E, 12.5: what a unit may
enter, what it costs and how many MPs it has; and the movement phase's record (who is
selected, who went by rail, control as the phase began). Used by :mod:`movement` (reach,
the handler), :mod:`movement_leaders`, :mod:`rail`, :mod:`navy` and :mod:`airborne`.

Costs (6.1): the hex entered (TEC by unit type, 9.1; Snow terrain, 8.3.4) plus the hexside
(river +1 Armor 9.1.7; strait +3 Armor/+2 others 9.3.1B; the Bosporus as a river 9.3.5; the
Sivash strait by rail only 9.3.4A; the whole allowance for an Axis unit crossing a strait near
a full-strength fleet 9.3.3). Sea, unfrozen lakes and sea or lake hexsides are impassable.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Collection, Sequence
from functools import cache
from typing import Any, cast

from ...core.memo import facts_of, known
from ...core.paths import CostSteps, cost_steps
from .charts import exploitation_mp, hexside_move_cost, terrain_in_weather, terrain_move_cost
from .control import pass_through, turkey_invaded
from .rules import Rules, State, as_set, ground_hexes, hex_index, on_map, other, printed
from .supply import neutral_countries

WHOLE = -1  # a hexside that costs the whole allowance (9.3.3A)
TURKISH_RESERVES = ("Turkish First Army", "Turkish Second Army")  # DR 12.5A


def kind(state: State) -> str:
    """The phase's kind: "move" (initial movement phase) or "exploit"."""
    return "exploit" if state["phase"].endswith("exploit") else "move"


def turn_one(state: State) -> int:
    """The turn of the Turn One special rules: June, or May under Early Start (12.3A)."""
    return 0 if state["options"].get("early-start") else 1


def row_of(R: Rules, h: str) -> int:
    """The RR of an RRCC hex id: rows grow southwards (8.3.4, 11.4.2)."""
    return R.map.grid.parse(h)[1]


# ------------------------------------------------------------------ what a unit may enter
def country_of(R: Rules, h: str) -> str | None:
    """The country of a hex."""
    return R.map.region_of_kind(h, "country")


def may_enter(
    R: Rules,
    state: State,
    uid: str,
    h: str,
    carrying: Sequence[str] = (),
    occ: dict[str, list[str]] | None = None,
) -> bool:
    """Hex-level limits on a unit entering ``h`` (not terrain costs, not ZOC)."""
    return entry_rule(R, state, uid, carrying, occ)(h)


def entry_rule(
    R: Rules,
    state: State,
    uid: str,
    carrying: Sequence[str] = (),
    occ: dict[str, list[str]] | None = None,
) -> Callable[[str], bool]:
    """:func:`may_enter` for one unit (carrying these leaders), as a test of the hex: what
    depends only on the unit and the state is worked out once."""
    unit = R.unit(uid)
    nat = unit.nationality
    card = state.get("card")
    card_closed = as_set(card["closed_hexes"]) if card else frozenset()  # a scenario card's
    barred = set(neutral_countries(state))  # DR 9.4, 12.5
    if state["turn"] == turn_one(state):
        barred.add("Hungary")  # DR 6.7B, 12.3A
    barred |= {"romanian": {"Hungary"}, "hungarian": {"Romania"}}.get(nat, set())  # DR 11.4.3A
    only = []  # countries the unit may not leave
    if unit.home_defense:
        only.append("Romania")  # DR 11.4.4
    if unit.setup in TURKISH_RESERVES:
        only.append("Turkey")  # DR 12.5A
    if state["turn"] == 0 and state["options"].get("early-start"):  # DR 12.3E
        home = {"romanian": "Romania", "finnish": "Finland"}.get(nat)
        if home is not None:
            only.append(home)
    if any(R.unit(lid).name == "Mannerheim" for lid in carrying):
        only.append("Finland")  # DR 11.6.2A: Mannerheim never leaves Finland
    # DR 11.4.2: Finns stay north of row 05xx until Leningrad is Axis-controlled
    leningrad = R.map.place_named("Leningrad").hex if nat == "finnish" else ""
    row_limit = nat == "finnish" and state["control"].get(leningrad) != "axis"
    if occ is None:  # DR 6.0: never into a hex with an enemy ground unit
        enemies = ground_hexes(R, state, other(unit.side))
    else:
        enemies = frozenset(
            h
            for h, uids in occ.items()
            if any(R.unit(u).is_ground and R.unit(u).side != unit.side for u in uids)
        )

    by_place = _where_allowed(R, frozenset(barred), tuple(only), row_limit)

    def ok(h: str) -> bool:
        if h in enemies or h in card_closed:
            return False
        allowed = by_place.get(h)
        return _allowed_at(R, h, barred, only, row_limit) if allowed is None else allowed

    return ok


def _allowed_at(
    R: Rules, h: str, barred: Collection[str], only: Sequence[str], row_limit: bool
) -> bool:
    """The limits of :func:`entry_rule` that depend on where the hex is: the countries the
    unit may not enter (``barred``) or not leave (``only``), and the Finns' row limit."""
    where = country_of(R, h)
    if where in barred or any(where != c for c in only):
        return False
    return not (row_limit and row_of(R, h) > 5)


def _where_allowed(
    R: Rules, barred: frozenset[str], only: tuple[str, ...], row_limit: bool
) -> dict[str, bool]:
    """:func:`_allowed_at` for every hex of the map: worked out once for the map and the
    limits (a few sets of them in a game)."""
    facts = facts_of(R.map)
    key = ("entry_places", barred, only, row_limit)
    found: dict[str, bool] | None = facts.get(key)
    if found is None:
        found = facts[key] = {h: _allowed_at(R, h, barred, only, row_limit) for h in R.map.terrain}
    return found


def terrain_cost(R: Rules, state: State, uid: str, h: str) -> int | None:
    """MPs to enter the hex by its terrain (DR 6.1.2, 9.1.x; Snow 8.3.4); None if it may not."""
    table = terrain_costs(R, state["weather"], R.unit(uid).type)
    return table[h] if h in table else hex_terrain_cost(R, state["weather"], R.unit(uid).type, h)


def hex_terrain_cost(R: Rules, weather: str, unit_type: str, h: str) -> int | None:
    t = R.map.terrain_of(h)
    if t is None:
        return None
    t = terrain_in_weather(R.charts, t, weather, row_of(R, h))  # DR 8.3.4
    # DR 6.1: the cost of the hex entered; # DR 6.1.2: by unit type (charts card TEC):
    # DR 9.1.1 clear 1; # DR 9.1.2 mountain; # DR 9.1.3 forest; # DR 9.1.4 swamp; a city hex
    # costs its own terrain (# DR 9.1.5, # DR 9.1.6, 9.1.8B: no effect on movement)
    return terrain_move_cost(R.charts, t, unit_type)


def terrain_costs(R: Rules, weather: str, unit_type: str) -> dict[str, int | None]:
    """Hex -> :func:`terrain_cost` for every hex of the map, for a unit type in a weather:
    the charts read once per map, weather and unit type."""
    table: dict[str, int | None] = known(
        R.map,
        ("terrain_costs", weather, unit_type),
        lambda: {h: hex_terrain_cost(R, weather, unit_type, h) for h in R.map.terrain},
        also=R.charts,
    )
    return table


class _Steps(dict[str, dict[str, int | None]]):
    """The step costs out of each hex, worked out the first time the hex is left."""

    def __init__(self, R: Rules, weather: str, unit_type: str, side: str) -> None:
        super().__init__()
        # kept with the map (move_steps): the map is held weakly, not to keep itself alive
        self.map, self.charts, self.counters = weakref.ref(R.map), R.charts, R.counters
        self.weather, self.unit_type, self.side = weather, unit_type, side
        self.costs = terrain_costs(R, weather, unit_type)

    def __missing__(self, a: str) -> dict[str, int | None]:
        R = Rules(self.map(), self.charts, self.counters)  # type: ignore[arg-type]
        weather = cast(State, {"weather": self.weather})  # all _side_cost reads
        steps: dict[str, int | None] = {}
        for b in R.map.grid.neighbours(a):
            hc = self.costs.get(b)
            if hc is None:
                continue
            far = _side_cost(R, weather, self.unit_type, self.side, a, b, fleet_near=False)
            near = _side_cost(R, weather, self.unit_type, self.side, a, b, fleet_near=True)
            if far != near:
                steps[b] = None  # DR 9.3.3A: it depends on the fleets
            elif far is not None:
                steps[b] = hc + far
        self[a] = steps
        return steps


def move_steps(
    R: Rules, weather: str, unit_type: str, side: str
) -> dict[str, dict[str, int | None]]:
    """Hex -> {neighbour: MPs to step into it}: the hex's terrain cost plus the hexside's
    (see :func:`terrain_cost`, :func:`side_cost`), for every step the map allows a unit of
    this type and side in this weather. A step across a strait whose cost depends on where
    the fleets are (9.3.3A) carries None: :func:`side_cost` says it as the unit moves."""
    facts, key = facts_of(R.map), ("move_steps", weather, unit_type, side)
    cached: _Steps | None = facts.get(key)
    if cached is None or cached.charts is not R.charts:
        cached = facts[key] = _Steps(R, weather, unit_type, side)
    return cached


def numbered_steps(R: Rules, weather: str, unit_type: str, side: str) -> CostSteps:
    """:func:`move_steps` over :func:`hex_index`'s numbers, every hex's row worked out once
    (``core.paths.reach_numbered``'s terrain)."""
    steps = move_steps(R, weather, unit_type, side)
    facts, key = facts_of(R.map), ("numbered_steps", weather, unit_type, side)
    cached: tuple[object, CostSteps] | None = facts.get(key)
    if cached is None or cached[0] is not steps:
        cached = facts[key] = (steps, cost_steps(hex_index(R), steps))
    return cached[1]


def is_sivash(R: Rules, a: str, b: str) -> bool:
    """The strait the rail line crosses at the Sivash (9.3.4), tagged on the map."""
    return R.map.has_side(a, b, "strait") and bool(
        {"sivash_rail"} & (R.map.hex_tags(a) | R.map.hex_tags(b))
    )


def full_fleet_near(R: Rules, state: State, hexes: list[str], distance: int = 2) -> bool:
    """A full-strength Fleet within ``distance`` hexes of any of these (9.3.3A, 9.3.4A)."""
    for uid, d in state["units"].items():
        unit = R.unit(uid)
        if unit.type != "fleet" or not on_map(state, uid) or d["reduced"]:
            continue
        if any(R.map.grid.distance(d["at"], h) <= distance for h in hexes):
            return True
    return False


def side_cost(R: Rules, state: State, uid: str, a: str, b: str) -> int | None:
    """Extra MPs to cross the hexside a/b (WHOLE: the whole allowance); None if it may not."""
    unit = R.unit(uid)
    return _side_cost(R, state, unit.type, unit.side, a, b, fleet_near=None)


def _side_cost(
    R: Rules, state: State, utype: str, side: str, a: str, b: str, fleet_near: bool | None
) -> int | None:
    """:func:`side_cost` for a unit type and side (``fleet_near``: whether a full-strength
    fleet is near the strait, None to look)."""
    kinds = R.map.side_kinds(a, b)
    if "sea" in kinds:
        return None
    if "lake" in kinds and state["weather"] != "snow":  # DR 8.3.4: frozen in Snow
        return None
    extra = 0
    if "strait" in kinds:
        if kinds["strait"] == "Bosporus":  # DR 9.3.5: treated as a river
            extra += 0 if "river" in kinds else hexside_move_cost(R.charts, "river", utype)
        elif is_sivash(R, a, b):  # DR 9.3.4A: by rail only
            return None
        elif side == "axis" and (
            full_fleet_near(R, state, [a, b]) if fleet_near is None else fleet_near
        ):
            return WHOLE  # DR 9.3.3A
        else:
            extra += hexside_move_cost(R.charts, "strait", utype)  # DR 9.3.1B
    if "river" in kinds:
        extra += hexside_move_cost(R.charts, "river", utype)  # DR 9.1.7A-B
    return extra


# ------------------------------------------------------------------ allowances
def immobile(R: Rules, state: State, uid: str) -> bool:
    """Units that may not move at all now."""
    return immobility(R, state)(uid)


def immobility(R: Rules, state: State) -> Callable[[str], bool]:
    """:func:`immobile` as a test of a unit, for asking about many units at once."""
    turn = state["turn"]
    dropped = {  # DR 11.3.1E, 11.3.2E: no other movement in the turn of a drop
        d["unit"] for d in state.get("airborne_drops", ()) if d["turn"] == turn
    }

    @cache  # worked out when first asked, once
    def turkish_reserves_held() -> bool:  # DR 12.5A: until a Soviet unit enters Turkey
        return not turkey_invaded(R, state)

    def test(uid: str) -> bool:
        if R.unit(uid).setup in TURKISH_RESERVES:
            return turkish_reserves_held()
        return uid in dropped

    return test


def allowance(R: Rules, state: State, uid: str, carrying: Sequence[str] = ()) -> int:
    """MPs the unit may spend in this phase (0: it may not move). # DR 6.1.1: never more."""
    # DR 8.1.1: Clear weather changes nothing
    # DR 6.1.3: supply and weather change the allowance (terrain and ZOC act in the reach)
    unit = R.unit(uid)
    if kind(state) == "move":
        mp = printed(R, state, uid)[1]
    else:  # DR 6.6.1 Axis; # DR 6.6.2 Soviets; # DR 6.6.3 Mud, Light Mud (11.6.1E);
        # DR 11.1: shock armies exploit (the charts card's Soviet row)
        guderian = any(R.unit(lid).name == "Guderian" for lid in carrying)
        mp = exploitation_mp(
            R.charts, state["weather"], unit.nationality, unit.type, with_guderian=guderian
        )
    if state["units"][uid].get("oos"):
        mp = math.ceil(mp / 2)  # DR 5.1D
    if state["weather"] == "mud":
        mp = math.ceil(mp / 2)  # DR 8.3.3
    return mp


def allowances_alone(R: Rules, state: State) -> Callable[[str], int]:
    """:func:`allowance` of a unit carrying no leader, as a function of the unit, for asking
    about many units at once: each answer kept for the unit's record, the phase and the
    weather - all it reads then (the record compared by identity: records are replaced
    whole, never changed in place): the list of units that may move asks it of every unit
    after every move."""
    kept: dict[str, tuple[Any, str, Any, int]] = known(R.counters, "allowance", dict, R.charts)
    units, phase, weather = state["units"], state["phase"], state["weather"]

    def of(uid: str) -> int:
        record = units[uid]
        found = kept.get(uid)
        if found is not None and found[0] is record and found[1] == phase and found[2] == weather:
            return found[3]
        mp = allowance(R, state, uid)
        kept[uid] = (record, phase, weather, mp)  # the record kept alive: found by identity
        return mp

    return of


def stops_in_zoc(R: Rules, state: State, uid: str) -> bool:
    """Must this unit stop on entering an enemy ZOC (a hex no other friendly unit occupies)?
    Every unit but Armor (DR 6.3.1A, 6.3.2A); in Mud, Armor too: it may not move through
    ZOCs (DR 8.3.3)."""
    return R.unit(uid).type != "armor" or state["weather"] == "mud"


def armor_zoc_to_zoc(R: Rules, state: State, uid: str, carrying: Sequence[str]) -> bool:
    """May this Armor unit move ZOC to ZOC at +1 MP in this weather? DR 6.3.2C-E, 8.3.3"""
    weather = state["weather"]
    if weather == "mud":  # DR 8.3.3
        return False
    if R.unit(uid).side == "soviet":
        return weather in ("clear", "snow")  # DR 6.3.2E
    guderian = any(R.unit(lid).name == "Guderian" for lid in carrying)
    return weather == "clear" or (weather == "light_mud" and guderian)  # DR 6.3.2D


# ------------------------------------------------------------------ the phase record
def record(state: State) -> dict[str, Any]:
    """This phase's movement record (a fresh one if the stored one is from another phase)."""
    tag = f"{state['turn']}:{state['phase']}"
    rec = state.get("movement")
    if not rec or rec.get("phase") != tag:
        return {"phase": tag, "selected": None, "leave": [], "rail": [], "control_before": {}}
    rec_: dict[str, Any] = rec
    return rec_


def writable(state: State) -> dict[str, Any]:
    rec = record(state)
    state["movement"] = rec
    return rec


def take_control(R: Rules, state: State, side: str, hexes: list[str]) -> None:
    """DR 6.4C: the side's unit passes these hexes; the old control is kept for 6.5.1."""
    before = writable(state)["control_before"]  # DR 6.5.1: remember control at the start
    for h in hexes:
        before.setdefault(h, state["control"].get(h) or "")
    pass_through(R, state, side, hexes)  # DR 6.4C, 12.5A


def control_at_start(state: State, h: str) -> str | None:
    """Who controlled a hex when this phase began (6.5.1)."""
    return start_control(state)(h)


def start_control(state: State) -> Callable[[str], str | None]:
    """:func:`control_at_start` as a test of the hex, for asking about many hexes at once."""
    before = record(state)["control_before"]
    control = state["control"]

    def at_start(h: str) -> str | None:
        if h in before:
            return before[h] or None
        ctl: str | None = control.get(h)
        return ctl

    return at_start
