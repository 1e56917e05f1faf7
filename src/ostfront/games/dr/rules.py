"""The Defiant Russia engine's shared vocabulary: the components, and small queries on a state.

Every rules module takes ``(R, state)``: ``R`` is the :class:`Rules` bundle of components
(map, charts, counters, set-up cards), ``state`` the plain-data game state. The state holds
only what changes during play; a unit's printed values are looked up in the counters.

The state layout (everything the DR modules read and write) is declared in :mod:`.state`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from ...core import units as units_table
from ...core.mapmodel import GameMap
from ...core.memo import as_set as as_set  # the memos are core's, used through here
from ...core.memo import by_positions as by_positions
from ...core.memo import facts_of
from ...core.memo import kept as kept
from ...core.memo import kept_for_table as kept_for_table
from ...core.memo import reading as reading
from ...core.memo import remember as remember
from ...core.memo import remembered as remembered
from ...core.paths import HexIndex, grid_index
from ...core.units import Components
from .board import board
from .chart_tables import Charts
from .charts import load_charts
from .counters import CounterMix, Unit, load_counters
from .state import DRState

State = DRState
SIDES = ("axis", "soviet")
BOXES = ("unplaced", "reserve", "dead", "lost", "removed", "out")


def other(side: str) -> str:
    return "soviet" if side == "axis" else "axis"


@dataclass(frozen=True)
class Rules(Components[Unit]):
    """The components a game is played with."""

    map: GameMap
    charts: Charts
    counters: CounterMix


@cache
def standard_rules() -> Rules:
    """The game's own map, charts card and counter mix."""
    return Rules(board(), load_charts(), load_counters())


def rules_with_map(gmap: GameMap) -> Rules:
    """The standard charts and counters on another map (custom positions)."""
    r = standard_rules()
    return r if gmap is r.map else Rules(gmap, r.charts, r.counters)


# ------------------------------------------------------------------ units on the map
def set_unit(state: State, uid: str, **changes: Any) -> None:
    """Change a unit's record (replaced whole, never changed in place: core's ``set_unit``).
    A unit that leaves the hex where it was set up in a stack of three under Axis Preparation
    takes the stack out of the record (DR 12.1: the usual limits hold for them from then on,
    stacking.py)."""
    units_table.set_unit(state, uid, **changes)
    stacks = state.get("start_stacks")
    if stacks and "at" in changes:
        left = {h: us for h, us in stacks.items() if uid not in us or changes["at"] == h}
        if len(left) < len(stacks):  # DR 12.1
            if left:
                state["start_stacks"] = left
            else:
                del state["start_stacks"]


def hex_title(R: Rules, hex_id: str) -> str:
    """A hex as players read it in labels: the place's name first, if it has one."""
    return R.map.hex_title(hex_id)


def on_map(state: State, uid: str) -> bool:
    return state["units"][uid]["at"] not in BOXES


def hex_of(state: State, uid: str) -> str | None:
    at = state["units"][uid]["at"]
    return None if at in BOXES else at


def units_at(state: State, hex_id: str) -> list[str]:
    """Unit ids in a hex, in a stable order."""
    return list(occupancy(state).get(hex_id, ()))


BOX_SET = frozenset(BOXES)


def occupancy(state: State) -> dict[str, list[str]]:
    """Hex -> unit ids (sorted), for every occupied hex. Not to be changed: it is shared."""
    return units_table.occupancy(state, BOX_SET)


def ground_hexes(R: Rules, state: State, side: str) -> frozenset[str]:
    """Hexes holding at least one ground unit of ``side`` (leaders and fleets are not)."""
    return kept(R, state, ("ground",), lambda: _ground_hexes(R, state))[side]  # type: ignore[no-any-return]


def _ground_hexes(R: Rules, state: State) -> dict[str, frozenset[str]]:
    facts = facts_of(R.counters)  # unit id -> side, for the ground units: read once a mix
    sides: dict[str, str] | None = facts.get("ground_sides")
    if sides is None:
        units = R.counters.units
        sides = facts["ground_sides"] = {u: c.side for u, c in units.items() if c.is_ground}
    return units_table.hexes_by_side(state, BOX_SET, SIDES, sides.get)


# ------------------------------------------------------------------ the map by hex numbers
def hex_index(R: Rules) -> HexIndex:
    """The map's hexes numbered for the searches over hex numbers (kept with its grid)."""
    return grid_index(R.map.grid)


def rail_steps(R: Rules) -> tuple[tuple[int, ...], ...]:
    """The map's rail lines by :func:`hex_index`'s numbers: hex number -> the numbers of the
    hexes a rail line runs to from it (worked out once for the map)."""
    facts = facts_of(R.map)
    found: tuple[tuple[int, ...], ...] | None = facts.get("rail_steps")
    if found is None:
        index = hex_index(R)
        table = {h: R.map.rail_neighbours(h) for h in index.ids}
        found = facts["rail_steps"] = index.steps(table)
    return found


def counter_ids(R: Rules, key: str, test: Callable[[Unit], bool]) -> tuple[str, ...]:
    """The ids of the counters passing ``test``, sorted: worked out once for the counter mix
    (``key`` names the test). Whether a unit is in this game, and where, is the state's.

    >>> R = standard_rules()
    >>> leaders = counter_ids(R, "leaders", lambda u: u.is_leader)
    >>> all(R.unit(u).is_leader for u in leaders), list(leaders) == sorted(leaders)
    (True, True)
    """
    return units_table.counter_ids(R.counters, key, test)


def side_units(R: Rules, state: State, side: str) -> list[str]:
    """Ids of a side's units on the map (sorted): kept for the arrangement of the units."""

    def work_out() -> tuple[str, ...]:
        units = state["units"]
        return tuple(
            u for u in sorted(units) if units[u]["at"] not in BOX_SET and R.unit(u).side == side
        )

    return list(kept(R, state, ("side_units", side), work_out))


def ground_units_at(R: Rules, state: State, hex_id: str, side: str | None = None) -> list[str]:
    """Ground units in a hex (leaders and fleets are not ground units, 6.0)."""
    return [
        u
        for u in units_at(state, hex_id)
        if R.unit(u).is_ground and (side is None or R.unit(u).side == side)
    ]


def enemy_ground_at(R: Rules, state: State, hex_id: str, side: str) -> bool:
    """True if a ground unit of the other side stands in the hex."""
    return bool(ground_units_at(R, state, hex_id, other(side)))


def printed(R: Rules, state: State, uid: str) -> tuple[int, int]:
    """(strength, movement) of the side of the counter face up."""
    unit = R.unit(uid)
    face = unit.reduced if state["units"][uid]["reduced"] and unit.reduced else unit.full
    if face is None:
        return 0, 0
    return face.strength, face.movement or 0


def is_combat_unit(R: Rules, uid: str) -> bool:
    """Combat units exert ZOC (6.3): ground units; leaders and fleets do not."""
    return R.unit(uid).is_ground


def controller(state: State, hex_id: str) -> str | None:
    side: str | None = state["control"].get(hex_id)
    return side


def phasing_side(state: State) -> str:
    return "axis" if state["phase"].startswith("axis") else "soviet"


# DR 11.5: the two fleets, told apart by the Black Sea Fleet's reduced side
def is_black_sea_fleet(R: Rules, uid: str) -> bool:
    """The Black Sea Fleet has a reduced side, the Baltic Fleet none (11.5.6A)."""
    unit = R.unit(uid)
    return unit.type == "fleet" and unit.reduced is not None


def black_sea_fleet_in_play(R: Rules, state: State) -> bool:
    """The Black Sea Fleet is on the map (10.2F, 11.5.5E)."""
    fleets = counter_ids(R, "black_sea_fleet", lambda u: is_black_sea_fleet(R, u.id))
    units = state["units"]
    return any(u in units and on_map(state, u) for u in fleets)


#: The phases in the order they come: the set-up, the Soviets first (DR 3.0A, 3.0C), then
#: those of a turn (DR 4.1-4.12). sequence.py's table says what happens in each.
PHASES = ("soviet_setup", "axis_setup", "weather",
          "axis_org", "axis_move", "axis_combat", "axis_exploit", "axis_exploit_combat",
          "soviet_org", "soviet_move", "soviet_combat", "soviet_exploit",
          "soviet_exploit_combat", "end")  # fmt: skip


def phase_side(phase: str) -> str | None:
    """The phasing side of a phase (None for the weather and end-of-turn steps)."""
    if phase.startswith("axis"):
        return "axis"
    if phase.startswith("soviet"):
        return "soviet"
    return None


def phase_kind(phase: str) -> str:
    """setup, org, move, combat, exploit, exploit_combat, weather or end."""
    side = phase_side(phase)
    return phase[len(side) + 1 :] if side else phase
